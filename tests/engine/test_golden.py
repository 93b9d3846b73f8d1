"""A fixed set of teaching games replays to the same digests: refactoring changes no
result.  The records and digests are written by tests/fixtures/golden/make_golden.py,
which is run again only when a change is meant to change how games go (say so in the
commit)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import greatwar

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "golden"
MANIFEST = json.loads((GOLDEN / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["record"] for e in MANIFEST])
def test_the_golden_record_replays_to_its_digests(entry: dict[str, Any]) -> None:
    with gzip.open(GOLDEN / entry["record"], "rt", encoding="utf-8") as f:
        record = json.load(f)
    assert len(record["actions"]) == entry["actions"]
    game = greatwar.load(record["scenario"], record["options"])
    state = game.new_state(record["seed"])
    for n, (role, action) in enumerate(record["actions"], start=1):
        state.apply(role, action)
        expected = entry["checkpoints"].get(str(n))
        if expected is not None:
            assert state.digest() == expected, f"the state after action {n} differs"
    assert state.digest() == entry["digest"]
    assert state.is_over()


RANDOM_GAMES = [e for e in MANIFEST if "-random-" in e["record"]]


@pytest.mark.parametrize("entry", RANDOM_GAMES, ids=[e["record"] for e in RANDOM_GAMES])
def test_random_agents_choose_the_golden_games_again(entry: dict[str, Any]) -> None:
    """The random agent picks among the legal actions in the order the rules list them: the
    same agents with the same seeds play the golden game again, action for action, so an
    optimisation keeps not only each ruling but the list and order of legal actions."""
    from greatwar.ai import RandomAgent
    from greatwar.sim.play import play_game

    with gzip.open(GOLDEN / entry["record"], "rt", encoding="utf-8") as f:
        record = json.load(f)
    game = greatwar.load(record["scenario"], record["options"])
    seed = record["seed"]
    agents = {r: RandomAgent(seed=seed * 10 + n) for n, r in enumerate(game.roles())}
    played = play_game(game, seed, agents)
    assert played.state.record()["actions"] == record["actions"]
    assert played.state.digest() == entry["digest"]
