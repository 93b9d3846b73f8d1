"""The agent protocol: what an agent is shown, and the worlds a searching agent may sample."""

from __future__ import annotations

import random

import pytest

import greatwar
from greatwar.ai.base import LeanView, World, decide


class _Recorder:
    name = "recorder"

    def __init__(self, needs_full_view: bool = False) -> None:
        self.needs_full_view = needs_full_view
        self.seen: list[dict] = []

    def choose(self, view: dict) -> dict:
        self.seen.append(view)
        return view["legal_actions"][0]


class _Searcher:
    name = "searcher"

    def __init__(self) -> None:
        self.worlds: list[World] = []

    def choose_in(self, view: dict, world: World) -> dict:
        self.worlds.append(world)
        return view["legal_actions"][0]


def test_decide_shows_a_plain_agent_only_the_legal_actions() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=3)
    role = state.active_roles()[0]
    agent = _Recorder()
    action = decide(agent, state, role)
    assert agent.seen == [{"role": role, "legal_actions": state.legal_actions(role)}]
    assert action in state.legal_actions(role)


def test_decide_shows_the_redacted_view_to_an_agent_that_asks_for_it() -> None:
    state = greatwar.load("tannenberg/teaching").new_state(seed=3)
    role = state.active_roles()[0]
    agent = _Recorder(needs_full_view=True)
    decide(agent, state, role)
    assert agent.seen == [state.view(role)]
    assert "seed" not in str(agent.seen[0]["legal_actions"])


def test_world_samples_differ_from_the_true_state_only_in_what_is_hidden() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=3)
    role = state.active_roles()[0]
    searcher = _Searcher()
    decide(searcher, state, role)
    (world,) = searcher.worlds
    sample = world.sample(random.Random(1))
    assert sample is not state
    assert sample.view(role) == state.view(role)
    assert sample.data["dice"]["seed"] != state.data["dice"]["seed"]
    # playing on in the sample leaves the true state untouched
    before = state.digest()
    sample.apply(role, sample.legal_actions(role)[0])
    assert state.digest() == before


def test_a_searching_agents_view_labels_as_the_lean_view_when_read() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=3)
    role = state.active_roles()[0]
    view = LeanView(state, role)
    lean = state.lean_view(role)
    assert {k: view[k] for k in ("role", "version", "legal_actions")} == {
        k: lean[k] for k in ("role", "version", "legal_actions")
    }
    assert "labels" in view
    assert view.get("labels") == lean["labels"]
    assert view["labels"] == lean["labels"]


def test_a_searching_agents_view_labels_no_other_position() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=3)
    role = state.active_roles()[0]
    view = LeanView(state, role)
    state.apply(role, view["legal_actions"][0])
    with pytest.raises(RuntimeError):
        view.get("labels")
