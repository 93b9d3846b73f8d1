"""The Brusilov Offensive, 23.5 restrictions on reduced Austro-Hungarian units (the whole
game): who is subject to them and which die rolls eliminate (23.52, 23.53)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State

AUSTRIA_HUNGARY = "austria-hungary"
RUSSIA = "russia"

#: 23.52 die rolls that eliminate: on the surprise turn (Game-Turn 1, or 5), and after
SURPRISE_ROLLS = (1, 2)
LATER_ROLLS = (1,)


def russian_side(st: State) -> str:
    """The Russian Player's side: the side whose nationalities hold Russia."""
    for side in U.static(st).scenario.sides:
        if RUSSIA in side.nationalities:
            return str(side.id)
    return "allied"


def subject(st: State, uid: str) -> bool:
    """23.5 an Austro-Hungarian unit that has lost a step (HQs are not: their flip is no
    step of troops, our reading)."""
    ui = U.info(st, uid)
    return ui.nationality == AUSTRIA_HUNGARY and not ui.hq and U.record(st, uid)["lost"] >= 1


def eliminating_rolls(st: State) -> tuple[int, ...]:
    """23.52 a die roll of 1 or 2 eliminates on the surprise turn, 1 on later turns."""
    return SURPRISE_ROLLS if D.surprise_turn(st) else LATER_ROLLS


def rolls_text(rolls: tuple[int, ...]) -> str:
    return "-".join(str(r) for r in (rolls[0], rolls[-1])) if len(rolls) > 1 else str(rolls[0])
