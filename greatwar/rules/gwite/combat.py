"""8.0 Combat (with 11.1 fortresses in combat and 12.2 cavalry combat limits).

STUB until filled in: the Combat Resolution Segment passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.state import State


class CombatResolution(Handler):
    """4.0 A.3.b Combat Resolution Segment."""

    kind = "combat_resolution"
    case = "8.0"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Combat Resolution Segment"
