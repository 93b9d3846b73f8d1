"""The fuzzer finds failures, and the records it writes reproduce them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.rules.gwite.system import GwiteSystem
from greatwar.sim.fuzz import fuzz

runner = CliRunner()


def test_a_clean_run_reports_no_failures(tmp_path: Path) -> None:
    report = fuzz("gwite/teaching", 2, seed=9, out_dir=tmp_path)
    assert report.games == 2 and report.failures == [] and report.actions > 0
    assert list(tmp_path.iterdir()) == []


def test_a_broken_invariant_is_found_recorded_and_reproduced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = GwiteSystem.invariants

    def broken(self, st, moment):  # type: ignore[no-untyped-def]
        found = original(self, st, moment)
        if st.data["turn"] >= 2:
            found.append("planted failure")
        return found

    monkeypatch.setattr(GwiteSystem, "invariants", broken)
    report = fuzz("gwite/teaching", 1, seed=2, out_dir=tmp_path)
    assert len(report.failures) == 1
    failure = report.failures[0]
    assert failure.kind == "broken invariant" and "planted failure" in failure.message
    record = json.loads(failure.record.read_text(encoding="utf-8"))
    assert record["failure"]["kind"] == "broken invariant"
    result = runner.invoke(app, ["replay", str(failure.record)])
    assert result.exit_code == 1
    assert "planted failure" in result.output


def test_a_crash_is_recorded_with_the_action_that_caused_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from greatwar.rules.gwite.movement import MovementRules

    def crash(self, st, uid, path):  # type: ignore[no-untyped-def]
        raise KeyError("planted crash")

    monkeypatch.setattr(MovementRules, "entered_hexes", crash)
    report = fuzz("gwite/teaching", 1, seed=4, out_dir=tmp_path)
    assert len(report.failures) == 1 and report.failures[0].kind == "exception"
    record = json.loads(report.failures[0].record.read_text(encoding="utf-8"))
    assert record["actions"][-1][1]["type"] == "move"  # the failing action is the last one
    result = runner.invoke(app, ["replay", str(report.failures[0].record)])
    assert result.exit_code == 1
    assert "planted crash" in result.output


def test_17_3_a_special_reinforcement_with_no_entry_on_the_map_does_not_crash_the_game(
    tmp_path: Path,
) -> None:
    # the historical Tannenberg scenario's map lacks its rail lines: a special
    # reinforcement scheduled "at its own rail exits" has none; the game says so and goes
    # on (this game once crashed at the end of the movement phase, 17.2.8)
    from greatwar.ai.random_agent import RandomAgent
    from greatwar.api import load
    from greatwar.sim.fuzz import game_seed
    from greatwar.sim.play import play_game

    game = load("tannenberg/historical")
    seed = game_seed(1, 0)
    agents = {role: RandomAgent(seed + n) for n, role in enumerate(game.roles())}
    played = play_game(game, seed, agents, check_invariants=True)
    assert played.state.is_over()
    said = [e["text"] for e in played.state.data["log"] if "has no hex to enter" in e["text"]]
    assert said and all(t.endswith("it cannot arrive.") for t in said)
