"""Helpers for the masking, reconnaissance, views and seats tests (FICTIONAL teaching map).

``masked(position, units, masks, phase=...)`` makes a position whose masking counters
are already on the board (placed before the first frame of the phase runs), as
``{mask id: (hex, [hidden unit ids])}``; ``play_to(st, kind)`` takes passive actions
(ending orders, phases, segments) until a frame of ``kind`` is on top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from greatwar.engine.state import State
from greatwar.rules.tannenberg import masking, seats

#: actions that only end or pass something
PASSIVE = (
    "end_orders",
    "end_phase",
    "end_reserve",
    "end_step",
    "end_trenches",
    "let_pass",
    "finish",
)


def masked(
    position: Callable[..., State],
    units: dict[str, Any],
    masks: dict[str, tuple[str, list[str]]],
    **kw: Any,
) -> State:
    """A position with masks already down (each placed by the role of its first unit, or
    the side's senior role for an empty one), then run on to the first decision."""
    st = position(units, paused=True, **kw)
    for mask, (hex_label, hidden) in masks.items():
        side = st.game.static.units[mask].side
        role = seats.role_of_unit(st, hidden[0]) if hidden else seats.senior_role(st.game, side)
        masking.put_mask(st, mask, hex_label, hidden, role)
    st._settle()
    return st


def play_to(st: State, kind: str, limit: int = 200) -> None:
    """Take passive actions until a frame of ``kind`` is on top of the stack."""
    for _ in range(limit):
        top = st.top()
        if top is not None and top["kind"] == kind and st.active_roles():
            return
        roles = st.active_roles()
        if not roles:
            pytest.fail(f"the game stopped before {kind}: {st.data['stack']}")
        role = roles[0]
        actions = st.legal_actions(role)
        chosen = next((a for t in PASSIVE for a in actions if a["type"] == t), actions[0])
        st.apply(role, chosen)
    pytest.fail(f"{kind} was not reached")


def end_orders(st: State) -> None:
    """Every role ends the orders phase (the masks planned go down)."""
    while st.top() is not None and st.top()["kind"] == "orders_phase" and st.active_roles():
        role = st.active_roles()[0]
        st.apply(role, {"type": "end_orders"})


def unit_ids(view: dict[str, Any]) -> set[str]:
    return {u["id"] for u in view["units"]}


def piece(view: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(u for u in view["units"] if u["id"] == pid)
