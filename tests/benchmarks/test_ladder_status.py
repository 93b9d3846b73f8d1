"""benchmarks/ladder_status.py reads where a ladder stands from its journal: each
pairing's games played of those planned, the record by side, the ratings so far marked
partial until every pairing is played; a file that is no journal is refused by name."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ladder_status  # benchmarks/ is a folder of scripts, not a package

from greatwar.sim import ladder as round_robin
from greatwar.sim.backends import make_backend


def _stopped_ladder(tmp_path: Path, played: int) -> Path:
    """A three-agent ladder of 2 games a pairing on gwite/teaching, stopped after its
    first ``played`` games (in this process); its journal's path."""
    plan = round_robin.LadderPlan(
        scenario="gwite/teaching", agents=("random", "heuristic", "random"), games=2, seed=5
    )
    journal = round_robin.Journal(round_robin.journal_path(tmp_path / "l.json"))
    journal.start(plan, "c0de")
    jobs = round_robin.plan_ladder(plan)[:played]
    round_robin.play_ladder(plan, make_backend(0), jobs=jobs, journal=journal)
    return journal.path


def test_a_stopped_ladder_shows_each_pairing_s_games_and_is_marked_partial(
    tmp_path: Path,
) -> None:
    path = _stopped_ladder(tmp_path, 3)
    found = ladder_status.status(path, games=2)
    assert found["code"] == "c0de"
    played = {tuple(p["agents"]): p["played"] for p in found["pairings"]}
    assert sum(played.values()) == 3
    assert sorted(played.values()) == [0, 1, 2]
    assert all(p["planned"] == 2 for p in found["pairings"])
    assert not found["complete"]
    assert found["counts"]["games"] == 3
    sides = list(found["matrix"])
    assert len(sides) == 2
    games_by_side = sum(
        cell["games"]
        for rows in found["matrix"].values()
        for cells in rows.values()
        for cell in cells.values()
    )
    assert games_by_side == 2 * found["counts"]["finished"]  # each game once for each side


def test_a_ladder_played_to_its_plan_is_complete_and_rated(tmp_path: Path) -> None:
    path = _stopped_ladder(tmp_path, 6)
    found = ladder_status.status(path)
    assert all(p["played"] == p["planned"] == 2 for p in found["pairings"])
    assert found["complete"]
    assert found["fit_error"] is None
    assert sorted(r["label"] for r in found["ratings"]) == sorted(found["plan"]["labels"])
    assert len(found["ratings"]) == 3


def test_a_file_that_is_no_journal_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad-games.jsonl"
    bad.write_text('{"not": "a journal"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape("bad-games.jsonl: not a ladder's journal")):
        ladder_status.status(bad)


def test_the_games_planned_are_those_given_else_the_most_any_pairing_has(tmp_path: Path) -> None:
    path = _stopped_ladder(tmp_path, 1)
    assert {p["planned"] for p in ladder_status.status(path, games=2)["pairings"]} == {2}
    assert {p["planned"] for p in ladder_status.status(path)["pairings"]} == {1}


def test_one_pairing_is_read_alone_and_complete_once_it_has_played_its_games(
    tmp_path: Path,
) -> None:
    path = _stopped_ladder(tmp_path, 3)  # the first pairing's 2 games, the next one's 1
    whole = ladder_status.status(path, games=2)
    done = next(tuple(p["agents"]) for p in whole["pairings"] if p["played"] == 2)
    begun = next(tuple(p["agents"]) for p in whole["pairings"] if p["played"] == 1)
    alone = ladder_status.status(path, games=2, pairing=done)
    assert alone["complete"] and alone["counts"]["games"] == 2
    assert [p["agents"] for p in alone["pairings"]] == [list(done)]
    assert sorted(r["label"] for r in alone["ratings"]) == sorted(done)
    short = ladder_status.status(path, games=2, pairing=begun)
    assert not short["complete"] and short["counts"]["games"] == 1
    with pytest.raises(ValueError, match="no pairing heuristic v rollout"):
        ladder_status.status(path, games=2, pairing=("heuristic", "rollout"))
