"""12.1 Cavalry Withdrawal Before Combat (12.2 cavalry attack limits live in combat).

STUB until filled in: the phase passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.state import State


class CavalryWithdrawal(Handler):
    """4.0 A.2 Cavalry Withdrawal Before Combat Phase: the non-phasing player's choice."""

    kind = "cavalry_withdrawal"
    case = "12.1"

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Cavalry Withdrawal Before Combat"
