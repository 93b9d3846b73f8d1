"""15.0 Supply.  STUB: every unit is supplied."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def supplied(st: State, uid: str) -> bool:
    """15.2.8 the unit can draw a supply line now."""
    return True


def isolated(st: State, uid: str) -> bool:
    """15.5.1 no supply line at all can be drawn."""
    return False
