"""The ladder: the Bradley–Terry fit (on synthetic results with known strengths), the
round robin's plan, rating the games played, and the ``greatwar ladder`` command.
No assertion here is about how strong a real agent is."""

from __future__ import annotations

import json
import math
import os
import signal
import time
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from greatwar.ai import AGENTS, Budget, RandomAgent
from greatwar.cli import _stoppable, app
from greatwar.sim import ladder as ladder_module
from greatwar.sim import simulate as simulate_module
from greatwar.sim.backends import PoolBackend, SerialBackend
from greatwar.sim.bradley_terry import ELO_PER_LOGIT, FitError, Game, fit
from greatwar.sim.ladder import (
    Journal,
    LadderPlan,
    journal_path,
    plan_ladder,
    play_ladder,
    rated_games,
    still_to_play,
    summarize_ladder,
    win_matrix,
)
from greatwar.sim.simulate import PlanError, run_job
from greatwar.sim.stats import Z95
from tests.sim.agents_kit import BrokenAgent

runner = CliRunner()

# --- synthetic results ------------------------------------------------------------------


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _games(first: int, second: int, won: int, drawn: int, lost: int) -> list[Game]:
    """``won``, ``drawn`` and ``lost`` games of ``first`` on the first side v ``second``."""
    return (
        [Game(first, second, 1.0)] * won
        + [Game(first, second, 0.5)] * drawn
        + [Game(first, second, 0.0)] * lost
    )


def _simulated(
    strengths: list[float], side: float, games_each_way: int, draw_share: float, seed: int
) -> list[Game]:
    """Games drawn from the model: every pairing plays ``games_each_way`` games each way
    round; a game is drawn with probability ``draw_share * 2 min(p, 1 - p)`` and won
    otherwise with the probability that keeps the expected score at ``p``."""
    rng = np.random.default_rng(seed)
    games: list[Game] = []
    for a, b in combinations(range(len(strengths)), 2):
        for first, second in ((a, b), (b, a)):
            p = _logistic(strengths[first] - strengths[second] + side)
            draw = draw_share * 2 * min(p, 1 - p)
            win = p - draw / 2
            won, drawn, lost = rng.multinomial(games_each_way, [win, draw, 1 - win - draw])
            games += _games(first, second, int(won), int(drawn), int(lost))
    return games


# --- the fit ---------------------------------------------------------------------------


def test_two_players_without_a_side_term_give_the_closed_form() -> None:
    """One pairing: the difference is the logit of the score share, its standard error
    ``1 / sqrt(n p (1 - p))``; the strengths are centred."""
    games = _games(0, 1, 30, 0, 10) + _games(1, 0, 10, 0, 30)  # player 0 scores 60 of 80
    result = fit(games, 2, side_term=False)
    assert result.strengths[0] == pytest.approx(-result.strengths[1])
    assert result.strengths[0] - result.strengths[1] == pytest.approx(math.log(60 / 20))
    low, high = result.difference_interval(0, 1)
    assert (high - low) / 2 == pytest.approx(Z95 / math.sqrt(80 * 0.75 * 0.25))
    assert result.side_advantage == 0


def test_the_side_term_is_the_mean_of_the_two_ways_rounds_logits() -> None:
    """Player 0 scores 70% on the first side and 40% on the second: with ``l1``, ``l2``
    those shares' logits (``l1 = r0 - r1 + h``, ``l2 = r0 - r1 - h``), ``r0 - r1 = (l1 + l2) / 2``
    and ``h = (l1 - l2) / 2``."""
    games = _games(0, 1, 70, 0, 30) + _games(1, 0, 60, 0, 40)
    result = fit(games, 2)
    l1, l2 = math.log(0.7 / 0.3), math.log(0.4 / 0.6)
    assert result.strengths[0] - result.strengths[1] == pytest.approx((l1 + l2) / 2)
    assert result.side_advantage == pytest.approx((l1 - l2) / 2)
    assert result.expected_score(0, 1) == pytest.approx(0.7)
    assert result.expected_score(1, 0) == pytest.approx(0.6)


def test_the_side_term_keeps_an_uneven_schedule_from_favouring_the_first_sides_player() -> None:
    """Equal players, the first side scoring 75% whoever plays it, but player 0 on the
    first side four times as often: without the side term player 0 looks stronger."""
    games = _games(0, 1, 60, 0, 20) + _games(1, 0, 15, 0, 5)
    with_side = fit(games, 2)
    assert with_side.strengths[0] == pytest.approx(0, abs=1e-9)
    assert with_side.side_advantage == pytest.approx(math.log(3))
    assert with_side.side_interval()[0] > 0
    without = fit(games, 2, side_term=False)
    # player 0 scored 65 of 100 games, and that is all a fit without sides can see
    assert without.strengths[0] - without.strengths[1] == pytest.approx(math.log(65 / 35))


def test_a_draw_counts_as_half_a_win() -> None:
    """A win and a loss weigh the same as two draws; all draws rate everyone equal."""
    wins_and_losses = _games(0, 1, 5, 0, 5) + _games(1, 0, 3, 0, 1) + _games(0, 2, 2, 0, 2)
    wins_and_losses += _games(2, 0, 1, 0, 1) + _games(1, 2, 3, 0, 1) + _games(2, 1, 1, 0, 1)
    as_draws = [g for g in wins_and_losses if g.first != 0 or g.second != 1]
    as_draws += _games(0, 1, 0, 10, 0)
    a, b = fit(wins_and_losses, 3), fit(as_draws, 3)
    assert a.strengths == pytest.approx(b.strengths)
    assert a.side_advantage == pytest.approx(b.side_advantage)
    assert np.allclose(a.covariance, b.covariance)
    drawn = fit(_games(0, 1, 0, 4, 0) + _games(1, 0, 0, 4, 0), 2)
    assert drawn.strengths == pytest.approx((0, 0)) and drawn.side_advantage == pytest.approx(0)


def test_a_clean_sweep_has_no_finite_maximum_unless_virtual_draws_are_added() -> None:
    games = _games(0, 1, 10, 0, 0) + _games(1, 0, 0, 0, 10)
    with pytest.raises(FitError, match=r"no finite maximum.*prior_draws"):
        fit(games, 2)
    with_prior = fit(games, 2, prior_draws=1)
    # 20.5 of 21 (with the half virtual draw each way round): a finite, large lead
    assert with_prior.strengths[0] - with_prior.strengths[1] == pytest.approx(
        math.log(20.5 / 0.5), rel=1e-6
    )


@pytest.mark.parametrize(
    ("games", "players", "message"),
    [
        (_games(0, 1, 2, 0, 2) + _games(1, 0, 2, 0, 2), 3, "do not link players 2"),
        (_games(0, 1, 3, 0, 3), 2, "no player has played both sides"),
        ([Game(0, 0, 1.0)], 2, "cannot play itself"),
        ([Game(0, 1, 0.7)], 2, "a score is 1"),
        ([Game(0, 3, 1.0)], 2, "numbered 0 to 1"),
        ([], 2, "no games"),
    ],
)
def test_results_that_allow_no_fit_are_refused_with_the_reason(
    games: list[Game], players: int, message: str
) -> None:
    with pytest.raises(FitError, match=message):
        fit(games, players)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    gaps=st.lists(st.floats(0.6, 1.0), min_size=3, max_size=3),
    side=st.floats(-1.0, 1.0),
    draw_share=st.floats(0.0, 0.5),
    seed=st.integers(0, 2**32 - 1),
)
def test_an_agent_stronger_by_construction_ranks_higher(
    players: int, gaps: list[float], side: float, draw_share: float, seed: int
) -> None:
    """Strengths at least 0.6 logit apart (a 65% expected score), 1,000 games a pairing:
    the fit ranks the players as constructed (the gap is > 6 standard errors) and finds
    the side's advantage's sign when it is clear."""
    truth = [0.0]
    for gap in gaps[: players - 1]:
        truth.append(truth[-1] + gap)
    games = _simulated(truth, side, 500, draw_share, seed)
    result = fit(games, players, prior_draws=1)
    assert sorted(range(players), key=lambda n: result.strengths[n]) == list(range(players))
    if abs(side) > 0.3:
        assert math.copysign(1, result.side_advantage) == math.copysign(1, side)


def test_the_95_intervals_contain_the_truth_about_95_times_in_100() -> None:
    """Two players 0.5 logit apart, the first side 0.3 ahead, 200 games each way round,
    400 simulated ladders: the Fisher intervals of the difference and of the side's
    advantage each contain the truth in 92.5–97.5% of them."""
    difference, side, runs = 0.5, 0.3, 400
    covered = {"difference": 0, "side": 0}
    for seed in range(runs):
        result = fit(_simulated([difference, 0.0], side, 200, 0.2, seed), 2)
        low, high = result.difference_interval(0, 1)
        covered["difference"] += low <= difference <= high
        low, high = result.side_interval()
        covered["side"] += low <= side <= high
    for name, count in covered.items():
        assert 0.925 <= count / runs <= 0.975, f"{name}: {count} of {runs}"


def test_centred_strengths_sum_to_zero_with_their_intervals_about_them() -> None:
    result = fit(_simulated([1.0, 0.0, -0.5], 0.2, 100, 0.1, seed=5), 3)
    assert sum(result.strengths) == pytest.approx(0, abs=1e-9)
    for n, value in enumerate(result.strengths):
        low, high = result.strength_interval(n)
        assert low < value < high
        assert (high - low) / 2 == pytest.approx(Z95 * math.sqrt(result.covariance[n][n]))
    assert pytest.approx(400 / math.log(10)) == ELO_PER_LOGIT


# --- the round robin -------------------------------------------------------------------


def test_every_pairing_plays_its_games_half_on_each_side() -> None:
    plan = LadderPlan("gwite/teaching", ("random", "random", "heuristic"), games=4, seed=2)
    jobs = plan_ladder(plan)
    assert len(jobs) == 3 * 4 and [j.index for j in jobs] == list(range(12))
    by_pairing: dict[frozenset[str], list[str]] = {}
    for job in jobs:
        first = {s.side: s.label for s in job.seats}
        by_pairing.setdefault(frozenset(first.values()), []).append(first["allied"])
    assert set(by_pairing) == {
        frozenset({"random#1", "random#2"}),
        frozenset({"random#1", "heuristic#3"}),
        frozenset({"random#2", "heuristic#3"}),
    }
    for pairing, allied in by_pairing.items():
        assert sorted(allied) == sorted(list(pairing) * 2)  # each label twice on each side
    assert len({j.seed for j in jobs}) == 12  # every game its own seed


def test_an_agent_added_leaves_the_other_pairings_games_as_they_were() -> None:
    two = plan_ladder(LadderPlan("gwite/teaching", ("random", "heuristic"), 4, seed=9))
    three = plan_ladder(LadderPlan("gwite/teaching", ("random", "heuristic", "search"), 4, seed=9))
    same = [
        (j.seed, j.seats) for j in three if {s.agent for s in j.seats} == {"random", "heuristic"}
    ]
    assert same == [(j.seed, j.seats) for j in two]
    other = plan_ladder(LadderPlan("gwite/teaching", ("random", "heuristic"), 4, seed=10))
    assert {j.seed for j in other}.isdisjoint({j.seed for j in two})


def test_three_seats_the_second_agent_plays_both_russian_seats() -> None:
    plan = LadderPlan(
        "tannenberg/teaching", ("random", "heuristic"), 2, options={"three_players": True}
    )
    first, swapped = plan_ladder(plan)
    assert [s.agent for s in first.seats] == ["random", "heuristic", "heuristic"]
    assert [s.agent for s in swapped.seats] == ["heuristic", "random", "random"]


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (LadderPlan("gwite/teaching", ("random",), 2), "at least two agents"),
        (LadderPlan("gwite/teaching", ("random", "heuristic"), 3), "must be even"),
        (LadderPlan("gwite/teaching", ("random", "heuristic"), 0), "must be even"),
        (LadderPlan("gwite/teaching", ("random", "nobody"), 2), "no agent 'nobody'"),
        (LadderPlan("gwite/teaching", ("random", "heuristic"), 2, prior_draws=-1), "0 or more"),
        (
            LadderPlan("gwite/teaching", ("random", "heuristic"), 2, agent_iterations={"x": 4}),
            "--iterations names 'x', which is not among the agents",
        ),
        (
            LadderPlan("gwite/teaching", ("random", "heuristic"), 2, agent_think={"random": 0}),
            "--think for random must be positive",
        ),
    ],
)
def test_a_ladder_that_cannot_be_planned_is_refused(plan: LadderPlan, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        plan_ladder(plan)


def test_an_agent_given_its_own_budget_thinks_with_it_on_either_side() -> None:
    """``--iterations 8,planner=40``: the planner's seats get 40 whichever side they
    play, by name or (where a name repeats) by label; the others the budget for all."""
    plan = LadderPlan(
        "gwite/teaching",
        ("heuristic", "heuristic", "planner"),
        games=2,
        iterations=8,
        agent_iterations={"planner": 40, "heuristic#2": 3},
        agent_think={"heuristic#1": 1.5},
    )
    jobs = plan_ladder(plan)
    own = {(s.label, s.iterations, s.think) for job in jobs for s in job.seats}
    assert own == {("heuristic#1", None, 1.5), ("heuristic#2", 3, None), ("planner#3", 40, None)}
    planner_sides = {s.side for job in jobs for s in job.seats if s.agent == "planner"}
    assert planner_sides == {"allied", "central"}
    assert {(job.iterations, job.think) for job in jobs} == {(8, None)}


def test_each_seats_agent_is_made_with_its_own_budget_in_the_game_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The budget reaches the agent that plays (not only the plan): each seat's agent is
    made with its own iterations, the job's where it has none, and the outcome says so."""
    made: dict[str, Budget | None] = {}

    def recording(name: str, seed: int = 0, budget: Budget | None = None) -> Any:
        made[name] = budget
        return RandomAgent(seed)

    monkeypatch.setattr(simulate_module, "make_agent", recording)
    plan = LadderPlan(
        "gwite/teaching",
        ("heuristic", "rollout"),
        games=2,
        think=9.0,
        agent_iterations={"rollout": 16},
        max_actions=20,
    )
    outcome = run_job(plan_ladder(plan)[0])
    assert outcome["status"] == "unfinished"
    assert made == {
        "heuristic": Budget(seconds=9.0, iterations=None),
        "rollout": Budget(seconds=9.0, iterations=16),
    }
    budgets = {s["agent"]: (s.get("think"), s.get("iterations")) for s in outcome["seats"].values()}
    assert budgets == {"heuristic": (9.0, None), "rollout": (9.0, 16)}


# --- rating the games played -----------------------------------------------------------


def _outcome(allied: str, central: str, status: str, winner: str | None) -> dict[str, Any]:
    seats = {
        "allied": {"side": "allied", "label": allied},
        "central": {"side": "central", "label": central},
    }
    return {"seats": seats, "status": status, "winner": winner}


def test_games_are_rated_from_the_first_sides_view_draws_half_unfinished_and_failed_not() -> None:
    outcomes = [
        _outcome("a", "b", "finished", "allied"),
        _outcome("b", "a", "finished", None),
        _outcome("b", "a", "finished", "allied"),
        _outcome("a", "b", "unfinished", None),
        _outcome("a", "b", "failed", None),
    ]
    games = rated_games(outcomes, ["a", "b"], ["allied", "central"])
    assert games == [Game(0, 1, 1.0), Game(1, 0, 0.5), Game(1, 0, 1.0)]
    matrix = win_matrix(outcomes, ["a", "b"], ["allied", "central"])
    assert matrix["allied"]["a"]["b"] == {"games": 1, "won": 1, "drawn": 0, "lost": 0, "score": 1}
    assert matrix["allied"]["b"]["a"] == {
        "games": 2,
        "won": 1,
        "drawn": 1,
        "lost": 0,
        "score": 1.5,
    }
    assert matrix["central"]["a"]["b"] == {
        "games": 2,
        "won": 0,
        "drawn": 1,
        "lost": 1,
        "score": 0.5,
    }
    assert matrix["central"]["b"]["a"]["lost"] == 1


def _machine_free(results: dict[str, Any]) -> dict[str, Any]:
    """The results without what the machine decides: times and the backend."""
    kept = {k: v for k, v in results.items() if k not in ("wall_seconds", "backend")}
    kept["games"] = [{k: v for k, v in g.items() if k != "seconds"} for g in results["games"]]
    kept["thinking"] = {
        label: {k: v for k, v in t.items() if k != "seconds_per_game"}
        for label, t in results["thinking"].items()
    }
    return kept


def test_the_same_seed_gives_the_same_ladder_in_this_process_and_in_a_pool() -> None:
    plan = LadderPlan("gwite/teaching", ("random", "random", "random"), 2, seed=4, max_actions=400)
    serial, _ = play_ladder(plan, SerialBackend())
    pooled, _ = play_ladder(plan, PoolBackend(2))
    assert [o["digest"] for o in serial] == [o["digest"] for o in pooled]
    assert len({o["digest"] for o in serial}) == 6  # no game played twice
    a, b = summarize_ladder(plan, serial), summarize_ladder(plan, pooled)
    assert _machine_free(a) == _machine_free(b)


def test_a_failed_game_is_kept_apart_with_its_record_and_the_rest_are_rated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "broken", BrokenAgent)
    plan = LadderPlan("gwite/teaching", ("random", "random", "broken"), 2, seed=3)
    outcomes, _ = play_ladder(plan, SerialBackend(), failures=tmp_path / "failed")
    results = summarize_ladder(plan, outcomes)
    assert results["counts"]["failed"] == 4 and results["counts"]["finished"] == 2
    failed = [g for g in results["games"] if g["status"] == "failed"]
    assert all(g["failure"]["kind"] == "agent error" for g in failed)
    for game in failed:
        record = json.loads(Path(game["record"]).read_text(encoding="utf-8"))
        assert record["failure"]["kind"] == "agent error"
    # only random#1 v random#2 was played out: no scale links "broken" to them
    assert results["ratings"] == [] and "do not link" in results["fit_error"]


# --- the journal -----------------------------------------------------------------------


def test_a_ladder_stopped_part_way_and_resumed_plays_the_rest_to_the_same_results(
    tmp_path: Path,
) -> None:
    """Four of the six games played and kept as they end; the ladder resumed plays only the
    two others, and rates all six as one unbroken run does."""
    plan = LadderPlan("gwite/teaching", ("random", "random", "heuristic"), 2, seed=6)
    jobs = plan_ladder(plan)
    journal = Journal(tmp_path / "l-games.jsonl")
    journal.start(plan, "abc")
    play_ladder(plan, SerialBackend(), jobs=jobs[:4], journal=journal)
    todo, kept = still_to_play(jobs, journal.played(plan, "abc"))
    assert [j.index for j in todo] == [4, 5] and sorted(o["index"] for o in kept) == [0, 1, 2, 3]
    rest, _ = play_ladder(plan, SerialBackend(), jobs=todo, journal=journal)
    resumed = sorted(kept + rest, key=lambda o: o["index"])
    unbroken, _ = play_ladder(plan, SerialBackend())
    assert [o["digest"] for o in resumed] == [o["digest"] for o in unbroken]
    a = summarize_ladder(plan, resumed, resumed=4)
    b = summarize_ladder(plan, unbroken)
    assert a["resumed"] == 4 and _machine_free(a) | {"resumed": 0} == _machine_free(b)
    assert len(journal.played(plan, "abc")) == 6


def test_more_games_a_pairing_resumed_keep_the_games_played_under_their_new_numbers(
    tmp_path: Path,
) -> None:
    two = LadderPlan("gwite/teaching", ("random", "heuristic"), 2, seed=6, max_actions=300)
    journal = Journal(tmp_path / "l-games.jsonl")
    journal.start(two, None)
    play_ladder(two, SerialBackend(), journal=journal)
    four = LadderPlan("gwite/teaching", ("random", "heuristic"), 4, seed=6, max_actions=300)
    todo, kept = still_to_play(plan_ladder(four), journal.played(four, None))
    assert [(j.pair, j.swapped) for j in todo] == [(1, False), (1, True)]
    assert [(o["pair"], o["swapped"]) for o in kept] == [(0, False), (0, True)]


@pytest.mark.parametrize(
    ("other", "code", "message"),
    [
        (LadderPlan("gwite/teaching", ("random", "heuristic"), 2, seed=7), "abc", "seed"),
        (
            LadderPlan(
                "gwite/teaching", ("random", "heuristic"), 2, agent_iterations={"heuristic": 2}
            ),
            "abc",
            "agent_iterations",
        ),
        (LadderPlan("gwite/teaching", ("random", "heuristic"), 2), "def", "played by code abc"),
    ],
)
def test_a_journal_of_another_ladder_or_code_is_refused(
    tmp_path: Path, other: LadderPlan, code: str, message: str
) -> None:
    journal = Journal(tmp_path / "l-games.jsonl")
    journal.start(LadderPlan("gwite/teaching", ("random", "heuristic"), 2), "abc")
    with pytest.raises(PlanError, match=message):
        journal.played(other, code)


@pytest.mark.parametrize("text", ['{"not": "a journal"}\n', "not json at all\n", ""])
def test_a_file_that_is_no_journal_is_refused_by_name(tmp_path: Path, text: str) -> None:
    path = tmp_path / "other-games.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PlanError, match=r"other-games\.jsonl: not a ladder's journal"):
        Journal(path).played(LadderPlan("gwite/teaching", ("random", "heuristic"), 2), None)


def test_a_failed_game_is_not_kept_in_the_journal_and_is_played_again_when_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "broken", BrokenAgent)
    plan = LadderPlan("gwite/teaching", ("random", "broken"), 2, seed=3)
    journal = Journal(tmp_path / "l-games.jsonl")
    journal.start(plan, None)
    outcomes, _ = play_ladder(plan, SerialBackend(), journal=journal)
    assert {o["status"] for o in outcomes} == {"failed"}
    todo, kept = still_to_play(plan_ladder(plan), journal.played(plan, None))
    assert len(todo) == 2 and kept == []


# --- the command -----------------------------------------------------------------------


def _ladder_cli(tmp_path: Path, *extra: str) -> Any:
    args = ["ladder", "gwite/teaching", "--agents", "random,random,heuristic", "--games", "2"]
    return runner.invoke(app, [*args, "--workers", "0", "--seed", "5", *extra])


def test_cli_ladder_writes_results_with_its_command_and_a_plot(tmp_path: Path) -> None:
    out, plot = tmp_path / "ladder" / "results.json", tmp_path / "ladder.png"
    result = _ladder_cli(tmp_path, "--out", str(out), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "Bradley–Terry" in result.output and "as allied" in result.output
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["command"] == (
        "greatwar ladder gwite/teaching --agents random,random,heuristic --games 2 "
        f"--workers 0 --seed 5 --out {out} --plot {plot} --prior-draws 1.0"
    )
    assert results["labels"] == ["random#1", "random#2", "heuristic#3"]
    assert results["games_per_pairing"] == 2 and results["sides"] == ["allied", "central"]
    assert results["counts"]["games"] == len(results["games"]) == 6
    assert sorted(row["label"] for row in results["ratings"]) == sorted(results["labels"])
    assert [row["rank"] for row in results["ratings"]] == [1, 2, 3]
    elos = [row["elo"] for row in results["ratings"]]
    assert elos == sorted(elos, reverse=True) and sum(elos) == pytest.approx(0, abs=1e-6)
    for row in results["ratings"]:
        low, high = row["elo_ci95"]
        assert low < row["elo"] < high
    assert set(results["side_advantage"]) >= {"side", "elo", "elo_ci95"}
    for side in ("allied", "central"):
        cells = [c for row in results["matrix"][side].values() for c in row.values()]
        assert sum(c["games"] for c in cells) == 6  # every game, from each side's view
    # the file holds what it takes to rate the games again
    number = {label: n for n, label in enumerate(results["labels"])}
    again = fit(
        [
            Game(
                number[g["sides"]["allied"]],
                number[g["sides"]["central"]],
                0.5 if g["winner"] is None else float(g["winner"] == "allied"),
            )
            for g in results["games"]
        ],
        3,
        prior_draws=results["prior_draws"],
    )
    best = results["ratings"][0]
    assert again.strengths[number[best["label"]]] == pytest.approx(best["logit"])
    assert plot.read_bytes().startswith(b"\x89PNG") and plot.stat().st_size > 10_000


def test_cli_ladder_refuses_an_existing_results_file_and_bad_counts(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    out.write_text("{}", encoding="utf-8")
    existing = _ladder_cli(tmp_path, "--out", str(out))
    assert existing.exit_code == 1 and "exists" in existing.output
    assert out.read_text(encoding="utf-8") == "{}"
    assert "--replace" in existing.output
    odd = _ladder_cli(tmp_path, "--out", str(tmp_path / "other.json"), "--games", "3")
    assert odd.exit_code == 1 and "must be even" in odd.output
    assert not (tmp_path / "other.json").exists()


def test_cli_ladder_budgets_for_every_agent_and_an_agents_own(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = _ladder_cli(tmp_path, "--out", str(out), "--iterations", "2,heuristic=3")
    assert result.exit_code == 0, result.output
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["iterations"] == 2 and results["agent_iterations"] == {"heuristic": 3}
    thought = results["thinking"]
    assert {label: (t["iterations"], t["think"]) for label, t in thought.items()} == {
        "random#1": (2, None),
        "random#2": (2, None),
        "heuristic#3": (3, None),
    }
    for label, mind in thought.items():  # the mean of its games' seconds
        spent = [g["seconds"][label] for g in results["games"] if label in g["seconds"]]
        assert len(spent) == 4 and mind["seconds_per_game"] == pytest.approx(sum(spent) / 4)
    assert "3 it" in result.output and "2 it" in result.output and "s/game" in result.output
    for bad, message in [
        ("planner=40", "names 'planner', which is not among the agents"),
        ("many", "expected a number, or AGENT=number"),
        ("3,4", "one value for every agent, not two"),
        ("0", "must be positive"),
        ("heuristic=-2", "for heuristic must be positive"),
    ]:
        other = tmp_path / "other.json"
        refused = _ladder_cli(tmp_path, "--out", str(other), "--iterations", bad)
        assert refused.exit_code == 1 and message in refused.output, (bad, refused.output)
        assert not other.exists()


def test_cli_ladder_resumed_plays_only_the_games_not_in_its_journal(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    first = _ladder_cli(tmp_path, "--out", str(out))
    assert first.exit_code == 0, first.output
    journal = journal_path(out)
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 6
    out.unlink()  # as if stopped before the results were written
    again = _ladder_cli(tmp_path, "--out", str(out))
    assert again.exit_code == 1 and "--resume to play the rest" in again.output
    assert not out.exists()
    more = _ladder_cli(tmp_path, "--out", str(out), "--resume", "--games", "4")
    assert more.exit_code == 0, more.output
    assert "resumed: 6 games kept" in more.output
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["resumed"] == 6 and results["counts"]["games"] == 12
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 12
    fresh = tmp_path / "fresh.json"
    unbroken = _ladder_cli(tmp_path, "--out", str(fresh), "--games", "4")
    assert unbroken.exit_code == 0, unbroken.output
    expected = json.loads(fresh.read_text(encoding="utf-8"))
    assert [g["digest"] for g in results["games"]] == [g["digest"] for g in expected["games"]]
    assert results["ratings"] == expected["ratings"]
    other = _ladder_cli(tmp_path, "--out", str(out), "--resume", "--seed", "6")
    assert other.exit_code == 1 and "holds the games of another ladder" in other.output


def test_a_kill_stops_a_run_as_ctrl_c_does_and_the_handler_is_put_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt), _stoppable():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(30)
    assert signal.getsignal(signal.SIGTERM) == before


def test_cli_ladder_stopped_says_where_the_games_are_kept_and_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(plan: LadderPlan, backend: Any, **kw: Any) -> Any:
        journal = kw["journal"]
        jobs = kw["jobs"]
        journal.add(run_job(jobs[0]))
        raise KeyboardInterrupt

    monkeypatch.setattr(ladder_module, "play_ladder", stopped)
    out = tmp_path / "results.json"
    result = _ladder_cli(tmp_path, "--out", str(out))
    assert result.exit_code == 130
    assert "games played are kept in" in result.output and "--resume" in result.output
    assert not out.exists()
    assert len(journal_path(out).read_text(encoding="utf-8").splitlines()) == 2


def test_cli_ladder_replace_writes_over_an_existing_results_file(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    out.write_text("{}", encoding="utf-8")
    result = _ladder_cli(tmp_path, "--out", str(out), "--replace")
    assert result.exit_code == 0, result.output
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["counts"]["games"] == 6
    # the command recorded is one that runs again: the flag by its name alone
    assert f"--out {out} --replace --prior-draws 1.0" in results["command"]


def test_a_plan_read_back_from_its_results_file_is_the_same_plan() -> None:
    plan = ladder_module.LadderPlan(
        scenario="tannenberg/teaching",
        agents=("rollout", "planner"),
        games=94,
        seed=3,
        options={"three_players": True},
        agent_iterations={"planner": 40, "rollout": 4},
        prior_draws=0.5,
    )
    written = json.loads(json.dumps(plan.as_dict()))  # (as a results file holds it)
    assert ladder_module.LadderPlan.from_dict(written) == plan
    more = ladder_module.LadderPlan.from_dict(written, games=100)
    assert more.games == 100 and more.as_dict() | {"games_per_pairing": 94} == plan.as_dict()
