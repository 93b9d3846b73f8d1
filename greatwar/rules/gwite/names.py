"""How sides and units are called in prompts and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def side_name(st: State, side: str) -> str:
    for s in st.game.scenario.sides:
        if s.id == side:
            return s.name
    return side
