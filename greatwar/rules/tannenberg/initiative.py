"""10.0 Initiative.  STUB: the first side of the scenario holds it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.state import State


class InitiativePhase(Handler):
    """3.1 phase 2."""

    kind = "initiative_phase"
    case = "tannenberg 10.1.1"

    def run(self, st: State, frame: Frame) -> None:
        st.data["initiative"] = st.data["initiative"] or st.game.scenario.info.first_side
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Initiative phase"


def holder(st: State) -> str:
    """The side holding the initiative this stage."""
    return st.data["initiative"] or st.game.scenario.info.first_side  # type: ignore[no-any-return]
