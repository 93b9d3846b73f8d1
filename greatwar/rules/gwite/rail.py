"""5.3 Railroad movement (and off-map rail movement, 5.37-5.38).

STUB: the hooks the Movement Segment calls.  No rail movement until this
module is filled in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

ENTRAINED = "entrained"
#: action types of the Movement Segment that this module handles
ACTION_TYPES: frozenset[str] = frozenset()


def entrained(st: State, uid: str) -> bool:
    return U.has_marker(st, uid, ENTRAINED)


def can_act(st: State, frame: Frame, uid: str) -> bool:
    """Quick check: has the unit any rail action now (so it may be selected)?"""
    return False


def actions(st: State, frame: Frame, uid: str) -> list[Action]:
    """Rail actions open to the selected unit in the Movement Segment."""
    return []


def apply(st: State, frame: Frame, action: Action) -> None:
    """Carry out a rail action (one of :data:`ACTION_TYPES`)."""
    raise NotImplementedError(action["type"])
