"""10.0 Command Control.

STUB: the interface other modules use.  Every unit counts as in command
until this module is filled in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

OUT_OF_COMMAND = "out_of_command"


def in_command(st: State, uid: str) -> bool:
    """Whether the unit is in Command Control now (10.31, 10.36); HQs always are."""
    return U.info(st, uid).hq or not U.has_marker(st, uid, OUT_OF_COMMAND)


def may_move(st: State, uid: str) -> bool:
    """10.4 / 5.17: only units in Command Control move in the Movement Segment."""
    return in_command(st, uid)


def hq_only_hexes(st: State, side: str) -> frozenset[str]:
    """Hexes holding units of ``side`` that are all HQs (10.52: enemies may enter them)."""
    return frozenset()


def displace_hqs(st: State, hex_label: str, by_side: str) -> None:
    """10.52: enemy HQs alone in ``hex_label`` displace at once (a unit of ``by_side`` entered)."""


class MovementCommandSegment(Handler):
    """4.0 A.c Command Control Segment of the Movement Phase (10.31-10.41)."""

    kind = "movement_command_control"
    case = "10.31"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Command Control Segment"


class CombatCommandSegment(Handler):
    """4.0 A.3.a Command Control Segment of the Combat Phase (10.36, 10.42)."""

    kind = "combat_command_control"
    case = "10.36"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Command Control Segment (combat)"
