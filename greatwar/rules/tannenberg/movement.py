"""4.0 Movement (with 8.2 control zones and 7.1 stacking at the end of the phase).  STUB."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.tannenberg.sequence import moving_side

if TYPE_CHECKING:
    from greatwar.engine.state import State


class MovementPhase(Handler):
    """3.1 phases 5 and 6: ``frame["order"]`` 1 is the initiative holder's, 2 the other's."""

    kind = "movement_phase"
    case = "tannenberg 4.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("side", moving_side(st, frame))

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return f"Movement phase ({frame.get('side', '?')})"


def extra_handlers() -> list[Handler]:
    return []


def moved_this_stage(st: State, uid: str) -> bool:
    """Whether the unit moved in phase 5 or 6 of this stage (2.3.8, 2.3.9, 12.1.2)."""
    return st.data["units"][uid].get("moved_stage") == st.data["stage"]
