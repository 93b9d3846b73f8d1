"""The cheap views: each role's log view built incrementally, and the lean view agents are
handed, equal to what the full view computed from scratch shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.rules.gwite import supply

SCENARIOS = [
    "gwite/teaching",
    "gwite/hindenburg-teaching",
    "gwite/caporetto-teaching",
    "gwite/serbia-galicia-teaching",
    "tannenberg/teaching",
]


def _log_from_scratch(state: State, role: str) -> list[dict[str, Any]]:
    """The log view as it was built before it was made incremental: every entry, every call."""
    system = state.game.system
    entries: list[dict[str, Any]] = []
    for entry in state.data["log"]:
        if not system.log_visible(entry, role):
            continue
        shown = {**entry, "n": len(entries) + 1}
        case = entry.get("case")
        summary = system.case_summary(case) if case else None
        if summary is not None:
            shown.update(rule=summary, rule_title=system.case_title(case))
        entries.append(shown)
    return entries


def _random_states(ref: str, steps: int, seed: int = 5) -> list[State]:
    """A random game's states, one after each of its first ``steps`` actions (clones)."""
    state = greatwar.load(ref).new_state(seed=seed)
    rng = random.Random(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, rng.choice(state.legal_actions(role)))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("ref", SCENARIOS)
def test_the_lean_view_equals_the_same_parts_of_the_full_view(ref: str) -> None:
    state = greatwar.load(ref).new_state(seed=5)
    rng = random.Random(5)
    for _ in range(120):
        if state.is_over():
            break
        for role in state.game.roles():
            lean = state.lean_view(role)
            full = state.view(role)
            assert set(lean) == {"role", "version", "legal_actions", "labels"}
            assert lean == {key: full[key] for key in lean}
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, rng.choice(state.legal_actions(role)))


@pytest.mark.parametrize("ref", ["gwite/hindenburg-teaching", "tannenberg/teaching"])
def test_the_incremental_log_view_equals_one_built_from_scratch(ref: str) -> None:
    state = greatwar.load(ref).new_state(seed=9)
    rng = random.Random(9)
    for step in range(150):
        if state.is_over():
            break
        if step % 3 == 0:  # views at some versions only: several entries added at once
            for role in state.game.roles():
                assert state.view(role)["log"] == _log_from_scratch(state, role)
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, rng.choice(state.legal_actions(role)))


def test_the_log_view_follows_undo_and_a_replaced_log() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=2)
    role = state.active_roles()[0]
    state.view(role)
    state.apply(role, state.legal_actions(role)[0])
    longer = state.view(role)["log"]
    while not state.can_undo(role):  # play on to an action that may be taken back
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, state.legal_actions(role)[0])
    state.view(role)
    state.undo(role)  # a new data dict, with a shorter log
    assert state.view(role)["log"] == _log_from_scratch(state, role)
    state.data["log"] = state.data["log"][:1]  # a log replaced by a shorter one
    assert state.view(role)["log"] == _log_from_scratch(state, role)
    assert len(longer) > 1


def test_a_view_s_log_is_a_new_list_each_time() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=2)
    role = state.active_roles()[0]
    first = state.view(role)["log"]
    first.append({"n": 0, "text": "scribbled by a caller"})
    assert state.view(role)["log"] == _log_from_scratch(state, role)


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/serbia-galicia-teaching"])
def test_the_supply_overlay_lists_the_units_on_the_map_not_in_supply(ref: str) -> None:
    for st in _random_states(ref, 150)[::10]:
        expected = [
            uid
            for uid in st.game.static.units
            if st.data["units"][uid]["status"] == "on_map" and not supply.in_supply(st, uid)
        ]
        assert supply.out_of_supply_units(st) == expected
