"""Helpers for the Caporetto movement tests: select a unit in the Movement Segment, its
legal moves, apply one, and what it has left (FICTIONAL teaching map)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import mp_left

Action = dict[str, Any]


def at_movement(position: Any, units: dict[str, Any], turn: int = 3, **kw: Any) -> State:
    """A position in the phasing player's Movement Segment (Game-Turn 3 unless given:
    after the Stosstruppen's temporary allowance, caporetto 23.2)."""
    return position(units, turn=turn, phase="movement", segment="movement", **kw)  # type: ignore[no-any-return]


def side_of(st: State, uid: str) -> str:
    return U.info(st, uid).side  # type: ignore[no-any-return]


def moves(st: State, uid: str) -> dict[str, Action]:
    """Select the unit (if it is not selected) and return its legal moves by hex."""
    role = side_of(st, uid)
    if st.top().get("current") != uid:
        st.apply(role, {"type": "select", "unit": uid})
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move"}


def move(st: State, uid: str, to: str) -> Action:
    """Apply the unit's legal move to ``to``; return it."""
    action = moves(st, uid)[to]
    st.apply(side_of(st, uid), action)
    return action


def left(st: State, uid: str) -> int:
    """Movement Points the unit has left this phase (5.14)."""
    return mp_left(st, st.top(), uid)


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def refused(st: State, uid: str, to: str, cost: int = 1) -> IllegalAction:
    """A move the rules refuse: the refusal, the unit not moved."""
    moves(st, uid)
    here = hex_of(st, uid)
    action = {"type": "move", "unit": uid, "to": to, "path": [to], "cost": cost}
    with pytest.raises(IllegalAction) as err:
        st.apply(side_of(st, uid), action)
    assert hex_of(st, uid) == here
    return err.value
