"""9.0 Supply (and 11.2 fortress supply).

STUB: the interface other modules use.  Every unit counts as in supply until
this module is filled in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

OUT_OF_SUPPLY = "out_of_supply"


def in_supply(st: State, uid: str) -> bool:
    """Whether the unit can trace a line of supply now (9.12-9.17, 11.22)."""
    return True


def movement_halved(st: State, uid: str) -> bool:
    """9.21: out of supply as determined in this Movement Phase's Initial Supply Segment."""
    return U.has_marker(st, uid, OUT_OF_SUPPLY)


def source_distance(st: State, side: str, hex_label: str) -> int | None:
    """Hexes from ``hex_label`` to the nearest Friendly supply source of ``side``
    (8.63 retreat priority, 12.13 withdrawal), or None when none can be reached."""
    return 0


class InitialSupplySegment(Handler):
    """4.0 A.a Initial Supply Determination Segment (9.11)."""

    kind = "initial_supply"
    case = "9.11"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Initial Supply Determination Segment"


class AttritionSegment(Handler):
    """4.0 A.e Attrition Segment (9.22)."""

    kind = "attrition"
    case = "9.22"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Attrition Segment"
