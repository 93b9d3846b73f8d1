"""Batch simulation: planning seats and seeds, playing, saving records, failures, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import greatwar
from greatwar.ai import AGENTS
from greatwar.cli import app
from greatwar.sim.backends import SerialBackend, make_backend
from greatwar.sim.plot import plot_summary
from greatwar.sim.simulate import (
    GAMES,
    RESULTS,
    Plan,
    PlanError,
    lost_game,
    plan_jobs,
    read_results,
    simulate,
)
from tests.sim.agents_kit import BrokenAgent

runner = CliRunner()


def _seats(plan: Plan, index: int = 0) -> dict[str, tuple[str, str]]:
    job = plan_jobs(plan)[index]
    return {s.role: (s.agent, s.label) for s in job.seats}


def test_agents_are_given_per_side_in_the_scenarios_order() -> None:
    plan = Plan("gwite/teaching", 1, ("random", "random"))
    assert _seats(plan) == {"allied": ("random", "random#1"), "central": ("random", "random#2")}


def test_one_agent_plays_every_side_under_its_own_label_per_side() -> None:
    plan = Plan("tannenberg/teaching", 1, ("random",))
    assert _seats(plan) == {"german": ("random", "random#1"), "russian": ("random", "random#2")}


def test_three_seats_the_second_agent_plays_both_russian_seats_or_one_agent_a_seat() -> None:
    three = {"three_players": True}
    by_side = Plan("tannenberg/teaching", 1, ("random", "random"), options=three)
    assert [label for _, label in _seats(by_side).values()] == ["random#1", "random#2", "random#2"]
    job = plan_jobs(by_side)[0]
    assert [s.side for s in job.seats] == ["german", "russian", "russian"]
    by_seat = Plan("tannenberg/teaching", 1, ("random",) * 3, options=three)
    assert [label for _, label in _seats(by_seat).values()] == ["random#1", "random#2", "random#3"]


def test_swap_sides_plays_each_seed_twice_with_the_agents_reversed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(AGENTS, "other", AGENTS["random"])
    plan = Plan("gwite/teaching", 2, ("random", "other"), swap_sides=True)
    jobs = plan_jobs(plan)
    assert [(j.pair, j.swapped) for j in jobs] == [(0, False), (0, True), (1, False), (1, True)]
    assert jobs[0].seed == jobs[1].seed != jobs[2].seed == jobs[3].seed
    assert _seats(plan, 0) == {"allied": ("random", "random"), "central": ("other", "other")}
    assert _seats(plan, 1) == {"allied": ("other", "other"), "central": ("random", "random")}


def test_a_games_seed_depends_on_the_master_seed_and_its_index_only() -> None:
    few = plan_jobs(Plan("gwite/teaching", 3, ("random",), seed=5))
    many = plan_jobs(Plan("gwite/teaching", 6, ("random",), seed=5))
    other = plan_jobs(Plan("gwite/teaching", 3, ("random",), seed=6))
    assert [j.seed for j in few] == [j.seed for j in many[:3]]
    assert len({j.seed for j in many}) == 6
    assert [j.seed for j in few] != [j.seed for j in other]


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (Plan("gwite/teaching", 1, ("random", "nobody")), "no agent 'nobody'"),
        (Plan("gwite/teaching", 1, ("random",) * 3), "one agent per side"),
        (Plan("gwite/teaching", 0, ("random",)), "at least one game"),
        (Plan("gwite/teaching", 1, ("random", "random"), swap_sides=True), "swap-sides"),
    ],
)
def test_a_simulation_that_cannot_be_planned_is_refused(plan: Plan, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        plan_jobs(plan)


def test_every_game_is_saved_replayable_with_its_outcome(tmp_path: Path) -> None:
    plan = Plan("gwite/teaching", 2, ("random",), seed=3)
    run = simulate(plan, SerialBackend(), tmp_path)
    assert [o["index"] for o in run.outcomes] == [0, 1]
    assert run.summary["finished"] == 2 and run.summary["failed"] == 0
    results = list(read_results(tmp_path / RESULTS))
    assert results == run.outcomes
    for outcome in results:
        record = json.loads((tmp_path / outcome["record"]).read_text(encoding="utf-8"))
        state = greatwar.replay(record)
        assert state.is_over() and state.digest() == outcome["digest"]
        assert state.version == outcome["actions"]
        assert state.result()["winner"] == outcome["winner"]
        assert 1 <= outcome["turns"] <= 6
        decided = sum(seat["decisions"] for seat in outcome["seats"].values())
        assert decided == outcome["actions"]
    saved = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert saved == run.summary
    sides = run.summary["sides"]
    assert sides["allied"]["wins"] + sides["central"]["wins"] + run.summary["draws"] == 2


def test_a_game_cut_at_max_actions_is_unfinished_not_failed(tmp_path: Path) -> None:
    plan = Plan("tannenberg/teaching", 1, ("random",), max_actions=40)
    run = simulate(plan, SerialBackend(), tmp_path)
    (outcome,) = run.outcomes
    assert outcome["status"] == "unfinished" and outcome["actions"] == 40
    assert run.summary["unfinished"] == 1 and run.summary["finished"] == 0
    state = greatwar.replay(tmp_path / outcome["record"])
    assert not state.is_over() and state.digest() == outcome["digest"]


def test_a_failed_game_is_recorded_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from greatwar.rules.gwite.movement import MovementRules

    real = MovementRules.entered_hexes
    calls = {"n": 0}

    def crash_once(self, st, uid, path):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyError("planted crash")
        return real(self, st, uid, path)

    monkeypatch.setattr(MovementRules, "entered_hexes", crash_once)
    run = simulate(Plan("gwite/teaching", 2, ("random",), seed=2), SerialBackend(), tmp_path)
    failed, played = run.outcomes
    assert failed["status"] == "failed" and played["status"] == "finished"
    assert failed["failure"]["kind"] == "exception"
    assert "planted crash" in failed["failure"]["message"]
    assert run.summary["failed"] == 1 and run.summary["failures"][0]["game"] == 0
    record = json.loads((tmp_path / failed["record"]).read_text(encoding="utf-8"))
    assert record["failure"]["kind"] == "exception" and record["actions"][-1][1]["type"] == "move"
    monkeypatch.setattr(MovementRules, "entered_hexes", real)
    replayed = runner.invoke(app, ["replay", str(tmp_path / failed["record"])])
    assert replayed.exit_code == 1 and "did not reproduce" in replayed.output


def test_an_agent_that_fails_fails_its_game_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "broken", BrokenAgent)
    plan = Plan("gwite/teaching", 1, ("random", "broken"), swap_sides=True)
    run = simulate(plan, SerialBackend(), tmp_path)
    assert [o["status"] for o in run.outcomes] == ["failed", "failed"]
    failure = run.outcomes[0]["failure"]
    assert failure["kind"] == "agent error" and "the agent gave up" in failure["message"]
    state = greatwar.replay(tmp_path / run.outcomes[0]["record"])
    assert state.version == run.outcomes[0]["actions"]


def test_plot_draws_points_and_win_rates(tmp_path: Path) -> None:
    run = simulate(Plan("gwite/teaching", 2, ("random",), seed=8), SerialBackend(), tmp_path)
    path = plot_summary(run.outcomes, run.summary, tmp_path / "plots" / "vp.png")
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000


def test_make_backend_follows_the_command_line() -> None:
    assert make_backend(0).describe() == "serial"
    assert make_backend(2).describe() == "process pool, 2 workers"
    assert make_backend(2, "auto").describe() == "ray (auto)"


def _simulate_cli(tmp_path: Path, *extra: str) -> object:
    out = tmp_path / "run"
    args = ["simulate", "gwite/teaching", "--games", "2", "--seed", "4", "--workers", "0"]
    return runner.invoke(app, [*args, "--out", str(out), *extra])


def test_cli_simulate_prints_the_summary_as_one_json_line_last(tmp_path: Path) -> None:
    plot = tmp_path / "vp.png"
    result = _simulate_cli(tmp_path, "--json", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["matchup"] == ["random", "random"]
    assert set(summary["sides"]) == {"allied", "central"}
    assert "win %" in result.stdout and "95% CI" in result.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
    records = sorted((tmp_path / "run" / GAMES).iterdir())
    assert len(records) == 2
    assert runner.invoke(app, ["replay", str(records[0])]).exit_code == 0


def test_cli_simulate_refuses_a_used_directory_and_bad_numbers_changing_nothing(
    tmp_path: Path,
) -> None:
    first = _simulate_cli(tmp_path, "--max-actions", "30")
    assert first.exit_code == 0, first.output
    before = sorted(p.name for p in (tmp_path / "run").rglob("*"))
    again = _simulate_cli(tmp_path, "--max-actions", "30")
    assert again.exit_code == 1 and "already holds a simulation" in again.output
    assert sorted(p.name for p in (tmp_path / "run").rglob("*")) == before
    bad = runner.invoke(app, ["simulate", "--games", "0", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 1 and "--games must be positive" in bad.output
    wrong = runner.invoke(
        app, ["simulate", "--agents", "random,random,random", "--out", str(tmp_path / "y")]
    )
    assert wrong.exit_code == 1 and "one agent per side" in wrong.output
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_a_lost_game_is_a_failure_whose_record_is_the_games_start() -> None:
    job = plan_jobs(Plan("gwite/teaching", 1, ("random",), seed=5))[0]
    outcome = lost_game(job, RuntimeError("worker lost"))
    assert outcome["status"] == "failed" and outcome["actions"] == 0
    assert outcome["failure"]["message"] == "RuntimeError: worker lost"
    state = greatwar.replay(outcome["record"])
    assert state.version == 0 and state.data["dice"]["seed"] == job.seed


def test_cli_simulate_without_ray_says_how_to_get_it_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from greatwar.sim import backends

    def missing() -> None:
        raise backends.BackendError("Ray is not installed: pip install 'greatwar[cluster]'")

    monkeypatch.setattr(backends, "_import_ray", missing)
    result = _simulate_cli(tmp_path, "--ray", "auto")
    assert result.exit_code == 1 and "greatwar[cluster]" in result.output
    assert not (tmp_path / "run").exists()


def test_three_seats_play_with_two_agents(tmp_path: Path) -> None:
    plan = Plan(
        "tannenberg/teaching",
        1,
        ("random", "random"),
        options={"three_players": True},
        max_actions=120,
    )
    (outcome,) = simulate(plan, SerialBackend(), tmp_path).outcomes
    assert outcome["status"] == "unfinished"
    assert set(outcome["seats"]) == {"german", "russian-1", "russian-2"}
    assert sum(s["decisions"] for s in outcome["seats"].values()) == 120
    record = json.loads((tmp_path / outcome["record"]).read_text(encoding="utf-8"))
    assert record["options"]["three_players"] is True
    assert greatwar.replay(record).digest() == outcome["digest"]


def test_cli_simulate_gives_an_agent_its_own_budget_and_records_it(tmp_path: Path) -> None:
    result = _simulate_cli(
        tmp_path, "--agents", "random,heuristic", "--iterations", "heuristic=3", "--json"
    )
    assert result.exit_code == 0, result.output
    run = json.loads((tmp_path / "run" / "run.json").read_text(encoding="utf-8"))
    assert run["iterations"] is None and run["agent_iterations"] == {"heuristic": 3}
    seats = [s for o in read_results(tmp_path / "run" / RESULTS) for s in o["seats"].values()]
    assert {(s["agent"], s.get("iterations")) for s in seats} == {
        ("random", None),
        ("heuristic", 3),
    }


def test_cli_simulate_stopped_keeps_the_games_played_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import greatwar.sim.simulate as simulate_module

    def stopped(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "simulate", stopped)
    result = _simulate_cli(tmp_path)
    assert result.exit_code == 130
    assert "stopped: the games played are in" in result.output and RESULTS in result.output
