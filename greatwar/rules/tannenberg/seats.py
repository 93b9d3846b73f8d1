"""Seats: who plays which units (tannenberg 1.0: two players, or three — two Russian
players, one for each army, and one German).

With the game option ``three_players`` the Russian side has two roles,
``russian-1`` and ``russian-2``, each playing the units of its army (the
counter's ``army``, the first two Russian armies in order); otherwise each
side is one role named after it.  Units of no army (or of a third army)
belong to the first Russian player, the *senior* role of the side.

Who decides what (three seats):

* every decision about a unit is made by :func:`role_of_unit` — moving it,
  masking it (16.1), its cavalry's reconnaissance (16.3), designating it for
  reserve movement (4.5), its artillery's support, its flight, its losses;
* a masking counter belongs to the role that placed it (its record's
  ``role``); it hides only that role's units;
* where the Russian side decides as a whole for a group of units — the
  combat card a clash gets (9.3), its flight, retreat or pursuit —
  :func:`deciding_role` names the role: the player whose units are involved
  when they are all his, the senior role (the 1st Army's player) when both
  armies' units are in it (reading: a single voice must lay one card, and
  the 1st Army is named first in the order of battle);
* which clashes to form and in what order while the Russians hold the
  initiative (9.1.7, 10.2.2) is decided by the senior role (:func:`senior_role`):
  the designation weighs the whole front at once, before any clash's units
  are known;
* side-wide limits (the Russian rail capacity 5.2.2, the shared pool of
  masking counters 16.1.1) are shared first come, first served;
* partners see each other's units as friendly: a Russian role's view shows
  every Russian unit, masked or not, and log entries addressed to the
  Russian side reach both Russian roles.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

GERMAN = "german"
RUSSIAN = "russian"


def three_players(game: Game) -> bool:
    return bool(game.options.get("three_players"))


def russian_armies(game: Game) -> list[str]:
    """The Russian armies of the scenario, in order (the first two are seats with three
    players)."""
    armies = sorted(
        {c.army for c in game.scenario.counters.values() if c.side == RUSSIAN and c.army},
        key=_army_order,
    )
    return armies or ["1"]


def _army_order(army: str) -> tuple[int, str]:
    """Numbered armies in numeric order ("2" before "10"), then the rest by name."""
    return (int(army), "") if army.isdigit() else (10**9, army)


def roles(game: Game) -> list[str]:
    """The game's roles (worked out once per game: its scenario and options are fixed)."""
    found = _ROLES.get(game)
    if found is None:
        found = _ROLES[game] = tuple(_roles(game))
    return list(found)


def _roles(game: Game) -> list[str]:
    if not three_players(game):
        return [s.id for s in game.scenario.sides]
    return [GERMAN, *[f"{RUSSIAN}-{a}" for a in russian_armies(game)[:2]]]


#: game -> its roles (:func:`roles`)
_ROLES: weakref.WeakKeyDictionary[Game, tuple[str, ...]] = weakref.WeakKeyDictionary()


def side_of_role(role: str) -> str:
    return RUSSIAN if role.startswith(RUSSIAN) else role


def roles_of_side(game: Game, side: str) -> list[str]:
    found = _SIDE_ROLES.get(game)
    if found is None:
        found = _SIDE_ROLES[game] = {}
    mine = found.get(side)
    if mine is None:
        mine = found[side] = tuple(r for r in roles(game) if side_of_role(r) == side)
    return list(mine)


#: game -> side -> its roles (:func:`roles_of_side`)
_SIDE_ROLES: weakref.WeakKeyDictionary[Game, dict[str, tuple[str, ...]]] = (
    weakref.WeakKeyDictionary()
)


def senior_role(game: Game, side: str) -> str:
    """The role that speaks for ``side`` as a whole: the side's only role, or with three
    seats the 1st Army's player for the Russians."""
    return roles_of_side(game, side)[0]


def partners(game: Game, role: str) -> list[str]:
    """Every role of ``role``'s side, itself included (they see each other's units)."""
    return roles_of_side(game, side_of_role(role))


def role_of_unit(st: State, uid: str) -> str:
    """The role that decides for this unit (or masking counter)."""
    info = st.game.static.units[uid]
    if info.side != RUSSIAN or not st.game.options.get("three_players"):  # three_players
        return info.side  # type: ignore[no-any-return]
    placed_by = st.data["units"][uid].get("role")  # a masking counter's placer
    if placed_by:
        return placed_by  # type: ignore[no-any-return]
    armies = russian_armies(st.game)[:2]
    army = info.army if info.army in armies else armies[0]
    return f"{RUSSIAN}-{army}"


def deciding_role(st: State, side: str, uids: Iterable[str]) -> str:
    """The role deciding for a group of ``side``'s units as a whole (which clash they form,
    9.1.7; the clash's combat card, 9.3): the role of all of them, or the senior role when
    they belong to different players (or the group is empty)."""
    owners = {role_of_unit(st, uid) for uid in uids if st.game.static.units[uid].side == side}
    if len(owners) == 1:
        return owners.pop()
    return senior_role(st.game, side)


def role_name(game: Game, role: str) -> str:
    side = side_of_role(role)
    name = next((s.name for s in game.scenario.sides if s.id == side), side)
    if role != side:
        return f"{name} ({_ordinal(role.split('-', 1)[1])} Army)"
    return name


def _ordinal(army: str) -> str:
    """ "1" -> "1st", "2" -> "2nd", "12" -> "12th"; a named army as it is."""
    if not army.isdigit():
        return army
    n = int(army)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
