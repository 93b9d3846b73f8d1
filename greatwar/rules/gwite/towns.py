"""Towns in supply: whether a town or city a side controls is in supply (Brusilov 25.12;
Serbia/Galicia 25.12: "and the town or city is in supply (see rules Section 9.0)"),
shared by the games whose towns score only while in supply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State


def reaches(
    st: State, start: str, steps: int, closed: set[str] | frozenset[str], ends: Any
) -> bool:
    """Whether a line of at most ``steps`` hexes from ``start`` (not counted), through
    hexes not ``closed``, reaches one of ``ends`` (the supply network's links)."""
    links = supply.network(st).links
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        following = []
        for h in frontier:
            for n in links[h]:
                if n in seen or n in closed:
                    continue
                if n in ends:
                    return True
                seen.add(n)
                following.append(n)
        frontier = following
    return False


def town_in_supply(st: State, side: str, hex_label: str) -> bool:
    """25.12 the town is in supply for ``side``: a unit of the side standing in it could
    trace a line of supply (9.12-9.15: its Supply Range, free of Enemy units and of Enemy
    zones of control not negated by Friendly units, 7.24)."""
    tab = supply.table(st, side)
    if hex_label in tab.blocked:
        return False
    if hex_label in tab.sources:
        return True
    closed = tab.blocked | tab.enemy_zones
    return reaches(st, hex_label, side_range(st, side), closed, tab.sources)


def side_range(st: State, side: str) -> int:
    """9.12 the Supply Range of ``side``'s units (the longest of its nationalities')."""
    params = U.static(st).scenario.file.parameters.supply_range
    nationalities = next(s.nationalities for s in st.game.scenario.sides if s.id == side)
    return max(P.for_key(st, params, key) for key in (*nationalities, side))
