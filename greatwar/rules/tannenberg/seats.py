"""Seats: who plays which units (Tannenberg 1.0: two players, or three — two Russian
players, one for each army, and one German).

With the game option ``three_players`` the Russian side has two roles,
``russian-1`` and ``russian-2``, each playing the units of its army (the
counter's ``army``); otherwise each side is one role named after it.
Units of no army belong to the first Russian player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

GERMAN = "german"
RUSSIAN = "russian"


def three_players(game: Game) -> bool:
    return bool(game.options.get("three_players"))


def russian_armies(game: Game) -> list[str]:
    """The Russian armies of the scenario, in order (each a seat with three players)."""
    armies = sorted(
        {c.army for c in game.scenario.counters.values() if c.side == RUSSIAN and c.army}
    )
    return armies or ["1"]


def roles(game: Game) -> list[str]:
    if not three_players(game):
        return [s.id for s in game.scenario.sides]
    return [GERMAN, *[f"{RUSSIAN}-{a}" for a in russian_armies(game)[:2]]]


def side_of_role(role: str) -> str:
    return RUSSIAN if role.startswith(RUSSIAN) else role


def roles_of_side(game: Game, side: str) -> list[str]:
    return [r for r in roles(game) if side_of_role(r) == side]


def role_of_unit(st: State, uid: str) -> str:
    """The role that decides for this unit."""
    info = st.game.static.units[uid]
    if info.side != RUSSIAN or not three_players(st.game):
        return info.side  # type: ignore[no-any-return]
    armies = russian_armies(st.game)[:2]
    army = info.army if info.army in armies else armies[0]
    return f"{RUSSIAN}-{army}"


def role_name(game: Game, role: str) -> str:
    side = side_of_role(role)
    name = next((s.name for s in game.scenario.sides if s.id == side), side)
    if role != side:
        return f"{name} ({role.split('-', 1)[1]} Army)"
    return name
