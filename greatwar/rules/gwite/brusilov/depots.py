"""The Brusilov Offensive, 20.2 supply depots as reinforcements, by schedule.

The scenario's ``[special] depots`` rows say how many depots each side receives on each
Game-Turn (20.21; 26.23 in "Attack On Schedule"; rows that apply only when an option is
on, 26.33), ``depot_caps`` how many each side may have on the map (20.23).

Choices made where the rules are silent (docs/readings.md, The Brusilov Offensive):

* The depots a side receives are its supply-depot counters not in play (never yet
  placed, eliminated, or burned for Massed Artillery Fire, 19.21): the counter mix
  limits them, as on the table, and a depot burned or eliminated comes back as a later
  depot.  A side with no such counter left receives none (the depot is lost, 20.22).
* With a depot schedule given, supply depots never arrive by a printed turn of arrival.
* A depot the player does not take in his Reinforcement Segment is lost (20.22): one
  that cannot be placed (the cap of 20.23 reached, no counter left, every Friendly
  entry hex blocked, 14.21) is lost too, and the log says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.data import data, option

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the counter type of supply depots
DEPOT = "supply_depot"
IN_PLAY = ("on_map", "off_map")


def is_depot(st: State, uid: str) -> bool:
    return U.info(st, uid).type == DEPOT  # type: ignore[no-any-return]


def scheduled(st: State) -> bool:
    """Whether the scenario gives the depot schedule of 20.21 (depots then come by it)."""
    return bool(data(st).depots)


def due_count(st: State, side: str) -> int:
    """20.21, 20.22 depots ``side`` receives this Game-Turn (the last row that covers it)."""
    turn = st.data["turn"]
    count = 0
    for row in data(st).depots:
        if row.side != side or not row.covers(turn):
            continue
        if row.option is None or option(st, row.option) is True:
            count = row.count
    return count


def cap(st: State, side: str) -> int | None:
    """20.23 the most depots ``side`` may have on the map (None: the scenario gives none)."""
    return data(st).depot_caps.get(side)


def in_play(st: State, side: str) -> list[str]:
    """``side``'s supply depots on the map (or entrained off it, 5.37)."""
    units = st.data["units"]
    return [
        uid
        for uid, ui in U.static(st).units.items()
        if ui.side == side and ui.type == DEPOT and units[uid]["status"] in IN_PLAY
    ]


def pool(st: State, side: str) -> list[str]:
    """``side``'s supply-depot counters not in play: those it may receive (counter order)."""
    units = st.data["units"]
    return [
        uid
        for uid, ui in U.static(st).units.items()
        if ui.side == side and ui.type == DEPOT and units[uid]["status"] not in IN_PLAY
    ]


def choices(st: State, side: str) -> list[str]:
    """One depot counter of each nationality in the pool: the player chooses which kind of
    depot he receives, the counter of a kind is the first."""
    out: dict[str, str] = {}
    for uid in pool(st, side):
        out.setdefault(U.info(st, uid).nationality, uid)
    return list(out.values())


def why_none(st: State, side: str) -> tuple[str, str] | None:
    """Why ``side`` cannot receive a depot now (the cap, the counter mix), or None."""
    most = cap(st, side)
    have = len(in_play(st, side))
    if most is not None and have >= most:
        return f"it has {have} supply depots on the map, the most it may have", "brusilov 20.23"
    if not pool(st, side):
        return "every one of its supply-depot counters is in play", "brusilov 20.2"
    return None
