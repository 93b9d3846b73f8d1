"""Victory: control of cities and the victory point index.

Cities and towns are controlled by the side whose unit last occupied or
moved through them (Brusilov 25.12).  Eliminated units earn points per
stacking point and per HQ when the scenario's schedule says so (Brusilov
25.2).  The total is read against the scenario's levels of victory (25.3).
Each game's exclusive rules add to this through the scenario data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State


def passed_through(st: State, uid: str, path: list[str]) -> None:
    """A unit entered these hexes: its side is now the last to occupy them.

    That decides control of cities and towns (Brusilov 25.12) and whether a
    rail hex was "last occupied by an Enemy unit" (5.33, 9.15).
    """
    board = U.static(st).scenario.board
    cities = board.cities
    rail_hexes = U.static(st).rail_hexes
    side = U.info(st, uid).side
    control = st.data["control"]
    for h in path:
        if (h in cities or h in rail_hexes) and control.get(h) != side:
            control[h] = side
            if h in cities:
                st.log(
                    f"{side_name(st, side)} takes control of {cities[h].name} ({h}).",
                    case="brusilov 25.12",
                )


def unit_eliminated(st: State, uid: str, case: str) -> None:
    """Score an eliminated unit on the victory point index (Brusilov 25.2 pattern)."""
    victory = st.game.scenario.file.victory
    if victory is None:
        return
    ui = U.info(st, uid)
    points = (
        victory.per_hq_eliminated if ui.hq else victory.per_stacking_point_eliminated * ui.stacking
    )
    if not points:
        return
    signed = points if ui.side != victory.index_side else -points
    st.data["vp"] += signed
    st.log(f"Victory points {signed:+d} for the elimination of {ui.name}.", case="brusilov 25.2")


def city_points(st: State) -> int:
    victory = st.game.scenario.file.victory
    if victory is None:
        return 0
    cities = U.static(st).scenario.board.cities
    total = 0
    for h, city in cities.items():
        owner = st.data["control"].get(h)
        if owner == victory.index_side:
            total += city.vp
        elif owner is not None and victory.cities == "net":
            total -= city.vp
    return total


def result(st: State) -> dict[str, Any]:
    victory = st.game.scenario.file.victory
    if victory is None:
        return {
            "winner": None,
            "vp": None,
            "level": "no victory conditions",
            "summary": "no result",
        }
    total = st.data["vp"] + city_points(st)
    level = next(
        (
            lv
            for lv in victory.levels
            if (lv.min is None or total >= lv.min) and (lv.max is None or total <= lv.max)
        ),
        None,
    )
    name = level.result if level else "no level of victory matches"
    winner = level.winner if level else None
    return {
        "winner": winner,
        "vp": total,
        "index_side": victory.index_side,
        "level": name,
        "summary": f"{name} ({side_name(st, victory.index_side)} victory points {total})",
        "source": victory.source,
    }
