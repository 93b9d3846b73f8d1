"""A recorded action a later version words otherwise is still the same action.

An option's ``text`` (a combat result's choices, 8.7) is the only part of an action that
only words it for the player (``WORDING_FIELDS``).  A game record, a stored game or a
state's own record written by an earlier version keeps the words of then; replaying it
(``State.replay``: ``greatwar.replay``, the server's stored games, undo) takes such an
action as the one legal action it differs from only in its words.  A live submission
(``State.apply``) must match exactly, as before.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import greatwar
from greatwar.engine.errors import IllegalAction
from greatwar.engine.state import WORDING_FIELDS, State


def worded_otherwise(action: dict[str, Any]) -> dict[str, Any]:
    return {**action, "text": "the words of an earlier version"}


def _played_to_an_option(first_seed: int) -> tuple[State, int]:
    """The first random gwite/brusilov-teaching game from ``first_seed`` on that offers an
    option with words (a combat result's choice: not every game does), just after one was
    chosen, and the index of that action in the record."""
    game = greatwar.load("gwite/brusilov-teaching")
    for seed in range(first_seed, first_seed + 50):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            role = state.active_roles()[0]
            legal = state.legal_actions(role)
            worded = [a for a in legal if WORDING_FIELDS.intersection(a)]
            state.apply(role, rng.choice(worded or legal))
            if worded:
                return state, len(state.data["actions"]) - 1
    raise AssertionError("no option with words in 50 games")


def _reworded_record(state: State, index: int) -> dict[str, Any]:
    record = copy.deepcopy(state.record())
    role, action = record["actions"][index]
    record["actions"][index] = [role, worded_otherwise(action)]
    return record


@pytest.mark.parametrize("seed", [1, 100, 200])
def test_8_7_a_recorded_option_worded_otherwise_replays_as_the_option_worded_now(
    seed: int,
) -> None:
    state, index = _played_to_an_option(seed)
    record = _reworded_record(state, index)
    assert record["actions"][index] != state.record()["actions"][index]
    again = greatwar.replay(record)
    assert again.digest() == state.digest()  # the same game, the option recorded as worded now
    assert again.data["actions"][index] == state.data["actions"][index]


def test_8_7_a_live_submission_worded_otherwise_is_refused() -> None:
    state, index = _played_to_an_option(1)
    before = state.digest()
    fresh = greatwar.load("gwite/brusilov-teaching").new_state(state.data["dice"]["seed"])
    for role, action in state.data["actions"][:index]:
        fresh.apply(role, action)
    role, action = state.data["actions"][index]
    with pytest.raises(IllegalAction):
        fresh.apply(role, worded_otherwise(action))  # a submission matches exactly
    assert state.digest() == before


def test_an_action_differing_in_more_than_its_words_is_refused_by_replay() -> None:
    state, index = _played_to_an_option(100)
    fresh = greatwar.load("gwite/brusilov-teaching").new_state(state.data["dice"]["seed"])
    for role, action in state.data["actions"][:index]:
        fresh.replay(role, action)
    role, action = state.data["actions"][index]
    wrong = {**worded_otherwise(action), "index": 99}
    before = fresh.digest()
    with pytest.raises(IllegalAction):
        fresh.replay(role, wrong)
    assert fresh.digest() == before  # refused, nothing changed
    fresh.replay(role, worded_otherwise(action))
    assert fresh.digest() == state.digest()


def test_8_7_an_option_whose_words_another_option_now_carries_is_refused_by_replay() -> None:
    """Options reordered between versions, not reworded: the recorded number now names
    another option while the recorded words name a third; which was meant is not known."""
    state, index = _played_to_an_option(1)
    fresh = greatwar.load("gwite/brusilov-teaching").new_state(state.data["dice"]["seed"])
    for role, action in state.data["actions"][:index]:
        fresh.replay(role, action)
    role, chosen = state.data["actions"][index]
    others = [
        a for a in fresh.legal_actions(role) if a.get("type") == chosen["type"] and a != chosen
    ]
    assert others, "an option choice offers more than one option"
    moved = {**chosen, "text": others[0]["text"]}  # the number of one, the words of another
    before = fresh.digest()
    with pytest.raises(IllegalAction):
        fresh.replay(role, moved)
    assert fresh.digest() == before


def test_undo_replays_a_record_an_earlier_version_worded() -> None:
    """A state read back from a snapshot an earlier version wrote keeps that version's
    words in its own record; an undo replays that record."""
    for seed in range(1, 400, 40):
        state, index = _played_to_an_option(seed)
        rng = random.Random(seed)
        for _ in range(40):  # on to an action that may be undone
            if state.is_over():
                break
            role = state.active_roles()[0]
            state.apply(role, rng.choice(state.legal_actions(role)))
            if state.can_undo(role):
                break
        else:
            continue
        if state.is_over() or not state.can_undo(role):
            continue
        data = json.loads(state.to_json())
        kept_role, kept = data["actions"][index]
        data["actions"][index] = [kept_role, worded_otherwise(kept)]
        old = State.from_json(json.dumps(data))
        expected = state.clone()
        expected.undo(role)
        old.undo(role)
        assert old.digest() == expected.digest()
        return
    pytest.fail("no game with an undo after an option")
