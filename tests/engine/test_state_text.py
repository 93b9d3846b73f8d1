"""A state's JSON text (what its digest hashes) is the standard library's canonical text
of its data, byte for byte, though the append-only lists are written incrementally: along
played games, after undo, in clones, and for states read back from JSON."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import greatwar
from greatwar.engine.state import State, _canonical, _canonical_bytes

UNDO = {"type": "undo"}


def standard(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def undo_or_play(state: State, rng: random.Random) -> None:
    """One step of a random game: an undo one time in ten when allowed, else an action."""
    role = state.active_roles()[0]
    actions = state.legal_actions(role)
    if UNDO in actions and rng.random() < 0.1:
        state.undo(role)
    else:
        state.apply(role, rng.choice([a for a in actions if a != UNDO]))


@pytest.mark.parametrize(
    "scenario", ["gwite/teaching", "tannenberg/teaching", "gwite/hindenburg-teaching"]
)
def test_the_text_is_the_canonical_text_along_a_game_with_undo_and_clones(scenario: str) -> None:
    state = greatwar.load(scenario).new_state(7)
    rng = random.Random(7)
    for step in range(250):
        if state.is_over():
            break
        undo_or_play(state, rng)
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


# --- the canonical text written by orjson where it is the standard library's -----------------

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | st.sampled_from(["\x7f", "Łódź", "a\u2028b", "1.5", ":1e5", "[2.0]", "\x00", "17.2.5", "-3e"])
    | st.sampled_from(['"\\/', "R-2-3G", "x:-1.5", ",0e1"])
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=600, deadline=None)
@given(value=JSON_VALUES)
def test_the_canonical_text_of_any_json_value_is_the_standard_library_s(value: Any) -> None:
    assert _canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(
    "value",
    [
        {"a": 1e-05, "b": [1e16, -0.0, 0.1]},
        {"exponents": [1e20, -2e300, 5e-324, [1e22]]},
        {1: "integer keys", 2: [3]},
        {"big": 2**80, "small": -(2**64)},
        {"del": "\x7f", "name": "Przemyśl"},
        [True, None, (1, 2)],
    ],
)
def test_values_orjson_writes_otherwise_go_to_the_standard_library(value: Any) -> None:
    assert _canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


def test_the_fuzzer_refuses_a_game_whose_text_is_not_the_standard_library_s() -> None:
    """A non-finite float is not JSON; orjson would write it null: the fuzzer's end-of-game
    check names it."""
    from greatwar.ai.random_agent import RandomAgent
    from greatwar.sim.play import GameFailure, play_game

    game = greatwar.load("gwite/teaching")
    agents = {role: RandomAgent(seed=1) for role in game.roles()}

    def spoil(state: State, role: str, action: dict[str, Any]) -> None:
        state.data["units"][next(iter(state.data["units"]))]["spoiled"] = float("nan")

    with pytest.raises(GameFailure, match=r"not json\.dumps's"):
        play_game(game, 1, agents, check_invariants=True, on_step=spoil)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(JSON_VALUES, max_size=6))
def test_the_canonical_texts_of_values_written_together_are_each_the_standard_library_s(
    values: list[Any],
) -> None:
    expected = [json.dumps(v, sort_keys=True, separators=(",", ":")).encode() for v in values]
    assert _canonical_bytes(values) == expected


def test_a_clone_and_its_parent_each_keep_their_own_text_as_both_grow() -> None:
    """Clones share their parent's list texts until one grows (then each keeps its own),
    past the point where a text's chunks are joined."""
    state = greatwar.load("tannenberg/teaching").new_state(4)
    rng = random.Random(4)

    def step(one: State) -> None:
        role = one.active_roles()[0]
        one.apply(role, rng.choice([a for a in one.legal_actions(role) if a != UNDO]))

    for _ in range(5):
        step(state)
    family = [state, state.clone()]
    for round_ in range(60):  # beyond _CHUNKS_JOINED chunks
        for one in family:
            if not one.is_over():
                step(one)
        if round_ % 20 == 0:
            family.append(family[-1].clone())
        for one in family:
            assert one.to_json() == standard(one.data)
            assert one.text_and_digest() == (one.to_json(), one.digest())


def test_the_digest_is_the_sha256_of_the_text_as_the_actions_grow_in_clones() -> None:
    """The digest hashes the actions' text as it is written (each entry once) and the
    rest afresh: it is the SHA-256 of the whole text along a game, after undo, in clones
    that grow apart past the joining of chunks, and in a state read back from its text."""
    state = greatwar.load("gwite/teaching").new_state(5)
    rng = random.Random(5)
    family = [state]
    for round_ in range(90):
        for one in family:
            if one.is_over():
                continue
            undo_or_play(one, rng)
            if round_ % 3:  # the text not always written after each action
                text = one.text_bytes()
                assert one.digest() == hashlib.sha256(text).hexdigest()
                assert one.text_and_digest()[1] == hashlib.sha256(text).hexdigest()
        if round_ % 30 == 0:
            family.append(family[-1].clone())
    for one in family:
        again = State(one.game, json.loads(one.to_json()))
        assert (
            one.digest()
            == again.digest()
            == hashlib.sha256(standard(one.data).encode()).hexdigest()
        )
