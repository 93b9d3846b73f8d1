"""What the agents' tests share: states with a choice to make, and short games in which
every decision is checked (legal, never undo, explained)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import greatwar
from greatwar.ai import RandomAgent, decide
from greatwar.ai.base import Agent, explanation
from greatwar.ai.search import usable

#: the systems and options every agent must play
SYSTEMS = [
    ("gwite/teaching", {}),
    ("tannenberg/teaching", {}),
    ("tannenberg/teaching", {"three_players": True}),
]

BusyState = Callable[..., tuple[greatwar.State, str]]
CheckedPlay = Callable[..., dict[str, int]]


def busy_state(
    scenario: str, steps: int, choices: int = 2, seed: int = 9
) -> tuple[greatwar.State, str]:
    """A state some random actions in where a role has at least ``choices`` choices (undo
    aside), and that role."""
    state = greatwar.load(scenario).new_state(seed=seed)
    agent = RandomAgent(seed)
    for n in range(steps + 300):
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        if n >= steps and len(usable(state.legal_actions(role))) >= choices:
            return state, role
        state.apply(role, decide(agent, state, role))
    raise AssertionError("no state with a choice found")


def play_checked(
    state: greatwar.State,
    agents: dict[str, Agent],
    count: Callable[[str, list[dict[str, Any]]], int],
    enough: int,
    steps: int = 600,
) -> dict[str, int]:
    """Play on until every role has ``enough`` decisions that ``count(role, legal)`` counts
    (or the game ends), checking every choice is legal, not undo, and explained; returns
    the counts by role."""
    counted = dict.fromkeys(agents, 0)
    for _ in range(steps):
        if state.is_over() or min(counted.values()) >= enough:
            break
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        legal = state.legal_actions(role)
        action = decide(agents[role], state, role)
        assert action in legal
        assert action.get("type") != "undo"
        assert explanation(agents[role])
        state.apply(role, action)
        counted[role] = count(role, legal)
    return counted


@pytest.fixture(name="busy_state")
def busy_state_fixture() -> BusyState:
    """``busy_state(scenario, steps, choices=2, seed=9)`` -> (state, role)."""
    return busy_state


@pytest.fixture(name="play_checked")
def play_checked_fixture() -> CheckedPlay:
    """``play_checked(state, agents, count, enough)`` -> counts by role."""
    return play_checked
