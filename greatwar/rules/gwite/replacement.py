"""13.0 Replacement of Lost Steps.

STUB until filled in: the phase passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.state import State


class StepReplacement(Handler):
    """13.0 Step Replacement Phase (placed at the end of each Player-Turn)."""

    kind = "step_replacement"
    case = "13.0"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Step Replacement"
