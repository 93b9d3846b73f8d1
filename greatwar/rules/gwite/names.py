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


def unit_name(st: State, uid: object) -> str:
    """A unit a refusal speaks of, asked for by id: its name, or the id as it was given
    when no unit has it (a forged or stale request)."""
    if isinstance(uid, str) and uid in st.game.static.units:
        return str(st.game.static.units[uid].name)
    return repr(uid)
