"""What every game's pre-game deployment shares (a game's :meth:`pregame_steps`): the
hexes a unit may be set up in, and whether it fits there now (6.0: the Stacking Limit;
no hex holding enemy units).  Caporetto 25.2-25.33 and Serbia/Galicia 26.2-26.31 use
them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State


def land(st: State, hexes: Iterable[str]) -> list[str]:
    """The hexes of ``hexes`` a unit may stand in (no prohibited terrain), sorted."""
    scenario = U.static(st).scenario
    board, table = scenario.board, scenario.terrain
    out = []
    for h in hexes:
        terrain = table.terrain.get(board.terrain.get(h, ""))
        if terrain is not None and terrain.move != "prohibited":
            out.append(h)
    return sorted(out)


def region_hexes(st: State, name: str) -> list[str]:
    """The land hexes of the map's region ``name`` (none when it has no such region)."""
    return land(st, U.static(st).scenario.board.regions.get(name, frozenset()))


def fits(st: State, uid: str, hex_label: str) -> str | None:
    """Why ``uid`` may not be set up in ``hex_label`` now, or None (6.0; no hex holding
    an enemy unit)."""
    side = U.info(st, uid).side
    occupant = U.hex_side(st).get(hex_label)
    if occupant is not None and occupant != side:
        return f"{hex_label} holds enemy units"
    here = U.record(st, uid)["hex"] == hex_label
    points = stacking_points(st, hex_label) - (U.info(st, uid).stacking if here else 0)
    limit = U.rules(st).stacking_limit(st, hex_label)
    if points + U.info(st, uid).stacking > limit:
        return (
            f"{hex_label} holds {points} Stacking Points and {U.info(st, uid).name} has"
            f" {U.info(st, uid).stacking}: the limit is {limit}"
        )
    if here:
        return f"{U.info(st, uid).name} is already in {hex_label}"
    return None
