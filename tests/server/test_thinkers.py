"""The computer's workers keep the last state they thought on, one a game, and bring it
up to the next position with the actions since (greatwar.server.thinkers): the same
decisions as thinking on the position's JSON afresh, and a kept state that is not the
position's (an undo, another worker, a state changed meanwhile) is never used."""

from __future__ import annotations

import copy
import random

import pytest

import greatwar
from greatwar.ai import make_agent
from greatwar.engine.state import State
from greatwar.server import thinkers
from greatwar.server.games import state_text
from greatwar.server.thinkers import Position, think, think_afresh


@pytest.fixture(autouse=True)
def no_kept_states() -> None:
    thinkers._warm_states.clear()


def position(game_id: str, state: State, since: int) -> Position:
    return Position.of(game_id, state, *state_text(state), since)


@pytest.mark.parametrize("scenario", ["gwite/teaching", "tannenberg/teaching"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_kept_state_brought_up_decides_as_the_json_afresh(scenario: str, seed: int) -> None:
    game = greatwar.load(scenario)
    state = game.new_state(seed)
    agents = {role: make_agent("heuristic", seed) for role in game.roles()}
    rng = random.Random(seed)
    since, warm_uses = 0, 0
    for _ in range(150):
        if state.is_over():
            break
        role = state.active_roles()[0]
        if rng.random() < 0.5:  # the computer's seat: it thinks on the position
            sent = position("g", state, since)
            since = len(state.data["actions"])
            kept = thinkers._warm_states.get("g")
            afresh = think_afresh(scenario, {}, sent, copy.deepcopy(agents[role]), role)
            thought = think(scenario, {}, sent, agents[role], role)
            warm_uses += thinkers._warm_states["g"] is kept and kept is not None
            assert thought.action == afresh.action
            assert thought.reason == afresh.reason
            agents[role] = thought.agent
            action = thought.action
        else:  # a human's seat: an action the worker is told of next time
            action = rng.choice(state.legal_actions(role))
        state.apply(role, action)
    assert warm_uses > 10  # the kept state was brought up, not read afresh, most times


def test_after_an_undo_the_kept_state_is_not_used() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(3)
    role = state.active_roles()[0]
    for _ in range(3):
        state.apply(role, state.legal_actions(role)[0])
    think("gwite/teaching", {}, position("g", state, 0), make_agent("heuristic", 1), role)
    kept = thinkers._warm_states["g"]
    since = len(state.data["actions"])
    state.undo(role)
    undone = position("g", state, since)
    assert undone.since == len(state.data["actions"]) and undone.newer == ()
    think("gwite/teaching", {}, undone, make_agent("heuristic", 1), role)
    assert thinkers._warm_states["g"] is not kept
    assert thinkers._warm_states["g"].digest() == state.digest()


def test_a_kept_state_changed_meanwhile_is_not_used() -> None:
    game = greatwar.load("tannenberg/teaching")
    state = game.new_state(4)
    role = state.active_roles()[0]
    think("tannenberg/teaching", {}, position("g", state, 0), make_agent("heuristic", 1), role)
    kept = thinkers._warm_states["g"]
    kept.data["log"].append({"text": "an agent wrote here"})  # (it changed what it read)
    assert len(kept.data["actions"]) == len(state.data["actions"])
    think("tannenberg/teaching", {}, position("g", state, 0), make_agent("heuristic", 1), role)
    assert thinkers._warm_states["g"] is not kept
    assert thinkers._warm_states["g"].digest() == state.digest()


def test_a_worker_keeps_the_last_states_only() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(5)
    role = state.active_roles()[0]
    for n in range(thinkers.WARM_STATES + 3):
        think("gwite/teaching", {}, position(f"g{n}", state, 0), make_agent("random", 1), role)
    assert len(thinkers._warm_states) == thinkers.WARM_STATES
    assert (
        "g0" not in thinkers._warm_states
        and f"g{thinkers.WARM_STATES + 2}" in thinkers._warm_states
    )
