"""benchmarks/ladder_journal.py writes a ladder's journal again from its results file: a
ladder resumed from it keeps those games and plays the rest, and a game left out is
played again to the same end (its digest)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ladder_journal  # benchmarks/ is a folder of scripts, not a package

from greatwar.sim import ladder as round_robin
from greatwar.sim.backends import make_backend


def _ladder(games: int, out: Path) -> dict[str, Any]:
    """A tiny ladder (random against the heuristic, in this process) played to ``games``
    a pairing, resumed from its journal as ``greatwar ladder --resume`` does."""
    plan = round_robin.LadderPlan(
        scenario="gwite/teaching", agents=("random", "heuristic"), games=games, seed=3
    )
    journal = round_robin.Journal(round_robin.journal_path(out))
    played = journal.played(plan, "c0de") if journal.path.exists() else {}
    jobs, kept = round_robin.still_to_play(round_robin.plan_ladder(plan), played)
    if not played:
        journal.start(plan, "c0de")
    outcomes, _ = round_robin.play_ladder(plan, make_backend(0), jobs=jobs, journal=journal)
    results = round_robin.summarize_ladder(
        plan, sorted(kept + outcomes, key=lambda o: o["index"]), code="c0de"
    )
    results["played"] = [o["index"] for o in outcomes]
    return results


def test_a_ladder_resumed_from_a_rebuilt_journal_keeps_its_games_and_plays_the_rest(
    tmp_path: Path,
) -> None:
    first = _ladder(2, tmp_path / "first.json")
    assert first["played"] == [0, 1]
    out = tmp_path / "again.json"
    kept = ladder_journal.rebuild(first, out, games=4, omit={1})
    assert kept == 1
    again = _ladder(4, out)
    assert again["played"] == [1, 2, 3]  # game 0 kept, game 1 left out and played again
    assert [g["digest"] for g in again["games"][:2]] == [g["digest"] for g in first["games"]]
    assert again["games"][0] == first["games"][0]  # kept as the results file had it
    assert again["counts"]["games"] == 4


def test_a_results_file_of_another_plan_is_refused(tmp_path: Path) -> None:
    first = _ladder(2, tmp_path / "first.json")
    forged = json.loads(json.dumps(first))
    forged["games"][0]["seed"] += 1
    with pytest.raises(ValueError, match="not the plan's game"):
        ladder_journal.rebuild(forged, tmp_path / "again.json", games=2, omit=set())
    forged = json.loads(json.dumps(first))
    forged["games"][0]["sides"] = {side: "nobody" for side in forged["games"][0]["sides"]}
    with pytest.raises(ValueError, match="was not"):
        ladder_journal.rebuild(forged, tmp_path / "again.json", games=2, omit=set())


def test_a_results_file_without_seconds_a_game_gives_each_game_the_mean(tmp_path: Path) -> None:
    first = _ladder(2, tmp_path / "first.json")
    older = json.loads(json.dumps(first))
    for line in older["games"]:
        del line["seconds"]
    out = tmp_path / "again.json"
    ladder_journal.rebuild(older, out, games=2, omit=set())
    lines = round_robin.journal_path(out).read_text(encoding="utf-8").splitlines()[1:]
    for line in map(json.loads, lines):
        for seat in line["seats"].values():
            mean = first["thinking"][seat["label"]]["seconds_per_game"]
            assert seat["seconds"] == pytest.approx(mean)
