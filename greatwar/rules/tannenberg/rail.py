"""5.0 Railways and 6.0 destruction of bridges.  STUB: no rail movement yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame

if TYPE_CHECKING:
    from greatwar.engine.state import State

ENTRAINED = "entrained"
#: action types of the movement phase that this module handles
ACTION_TYPES: frozenset[str] = frozenset()


def entrained(st: State, uid: str) -> bool:
    return ENTRAINED in st.data["units"][uid]["markers"]


def actions(st: State, frame: Frame, role: str) -> list[Action]:
    """Rail actions open to ``role`` in the movement phase."""
    return []


def apply(st: State, frame: Frame, action: Action) -> None:
    raise NotImplementedError(action["type"])


def track_cut(st: State, hex_label: str) -> bool:
    """5.4 a CUT TRACK counter lies in the hex."""
    return False


def bridge_destroyed(st: State, a: str, b: str) -> bool:
    """6.0 the Vistula bridge between two hexes has been destroyed."""
    return False
