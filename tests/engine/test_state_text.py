"""A state's JSON text (what its digest hashes) is the standard library's canonical text
of its data, byte for byte, though the append-only lists are written incrementally: along
played games, after undo, in clones, and for states read back from JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State

UNDO = {"type": "undo"}


def standard(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(
    "scenario", ["gwite/teaching", "tannenberg/teaching", "gwite/hindenburg-teaching"]
)
def test_the_text_is_the_canonical_text_along_a_game_with_undo_and_clones(scenario: str) -> None:
    state = greatwar.load(scenario).new_state(7)
    rng = random.Random(7)
    for step in range(250):
        if state.is_over():
            break
        role = state.active_roles()[0]
        actions = state.legal_actions(role)
        if UNDO in actions and rng.random() < 0.1:
            state.undo(role)
        else:
            state.apply(role, rng.choice([a for a in actions if a != UNDO]))
        assert state.to_json() == standard(state.data), step
        if step % 25 == 0:
            twin = state.clone()
            assert twin.to_json() == standard(twin.data)
            role = twin.active_roles()[0]
            twin.apply(role, rng.choice([a for a in twin.legal_actions(role) if a != UNDO]))
            assert twin.to_json() == standard(twin.data)
            assert state.to_json() == standard(state.data)  # the parent is untouched
        if step % 40 == 0:
            again = State(state.game, json.loads(state.to_json()))
            assert again.to_json() == state.to_json() and again.digest() == state.digest()


def test_a_refused_action_leaves_the_text_as_it_was() -> None:
    state = greatwar.load("gwite/teaching").new_state(3)
    before = state.to_json()
    role = state.active_roles()[0]
    with pytest.raises(greatwar.IllegalAction):
        state.apply(role, {"type": "teleport"})
    assert state.to_json() == before == standard(state.data)
