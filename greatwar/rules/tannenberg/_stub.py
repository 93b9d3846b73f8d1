"""A phase whose rules are still to be written: it passes (the frame exists, so the
sequence of play is complete and visible)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler

if TYPE_CHECKING:
    from greatwar.engine.state import State


class PassingPhase(Handler):
    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return self.kind.replace("_", " ").capitalize()
