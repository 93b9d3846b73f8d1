"""The reinforcements track (17.2.1) as the other sections see it: who arrives when,
where and how (by rail or on foot, 17.2.4), and the schedule of the special
reinforcements of 17.3 (:func:`schedule`).  Bringing reinforcements on in the movement
phase, and the readings, are :mod:`reinforcements`' (whose names these are too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.model.board import canonical, entry_known
from greatwar.rules.tannenberg import railways
from greatwar.rules.tannenberg import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: unit record field of a reinforcement whose arrival was moved (17.2.5, 17.2.8, 17.3):
#: {"stage": earliest stage, "entries": [hexes], "rail": bool, "case": "17.2.8"}
ARRIVAL = "arrival"


def entry_hex(st: State, uid: str) -> str | None:
    """17.2.1 the hex printed on the reinforcements track (a lettered entry or a hex); None
    when the scenario's data names none yet (``'?'``, :func:`entry_known`): such a unit
    stays off the map until its entry is entered, as in GWitE (docs/readings.md)."""
    board = U.static(st).scenario.board
    entry = U.info(st, uid).arrive_entry
    if not entry_known(entry):
        return None
    if entry in board.entries:
        return board.entries[entry].hex  # type: ignore[no-any-return]
    return canonical(board, entry)


def on_foot_entries(st: State) -> frozenset[str]:
    """17.2.4 entry hexes where reinforcements march although a railway runs there (the
    scenario's ``special.foot_entry_hexes``)."""
    board = U.static(st).scenario.board
    listed = U.static(st).scenario.file.special.get("foot_entry_hexes", [])
    return frozenset(canonical(board, h) for h in listed)


def by_rail_at(st: State, side: str, hex_label: str) -> bool:
    """17.2.4 reinforcements entering where a railway of their own runs come by rail."""
    return railways.own_rail_hex(st, side, hex_label) and hex_label not in on_foot_entries(st)


def arrival(st: State, uid: str) -> dict[str, Any] | None:
    """When, where and how the unit arrives: ``{"stage", "entries", "rail", "case"}``;
    None for a unit that is no reinforcement (or not scheduled yet, 17.3)."""
    note = U.record(st, uid).get(ARRIVAL)
    if note is not None:
        return note  # type: ignore[no-any-return]
    ui = U.info(st, uid)
    hex_label = entry_hex(st, uid)
    if ui.arrive_turn is None or hex_label is None:
        return None
    return {
        "stage": ui.arrive_turn,
        "entries": [hex_label],
        "rail": by_rail_at(st, ui.side, hex_label),
        "case": "17.2.1",
    }


def due(st: State, side: str) -> list[str]:
    """Reinforcements of ``side`` that may enter this stage (17.2.2), in counter order."""
    units = st.data["units"]
    out = []
    for uid, ui in U.static(st).units.items():
        if ui.side != side or units[uid]["status"] != "pending":
            continue
        when = arrival(st, uid)
        if when is not None and when["stage"] <= st.data["stage"]:
            out.append(uid)
    return out


def schedule(
    st: State,
    units: list[str],
    stage: int,
    by_rail: bool,
    entries: list[str] | None = None,
    edge: str | None = None,
) -> None:
    """17.3 special reinforcements: ``units`` arrive from ``stage`` on, by rail or not, at
    ``entries``; by default the counter's own entry hex, else the rail exits of the side's
    own country on map edge ``edge`` (17.3.2 "from the western edge") or on any edge
    (17.3.3 "any of their own railway lines").  The caller logs why they come."""
    for uid in units:
        side = U.info(st, uid).side
        own = [h for h in [entry_hex(st, uid)] if h]
        hexes = entries or own or rail_exits(st, side, edge)
        if not hexes:
            name = U.info(st, uid).name
            st.log(
                f"{name} has no hex to enter the map by: it cannot arrive.", case="tannenberg 17.3"
            )
        U.set_status(st, uid, "pending")
        U.set_note(
            st,
            uid,
            ARRIVAL,
            {"stage": stage, "entries": sorted(hexes), "rail": by_rail, "case": "17.3"},
        )


def rail_exits(st: State, side: str, edge: str | None = None) -> list[str]:
    """Rail exits of the side's own country, on one map edge (north, south, east, west) or
    all (17.3.2 "any railway line from the western edge")."""
    exits = railways.exits_of(st, side)
    if edge is None:
        return exits
    return [h for h in exits if h in U.static(st).scenario.board.edges.get(edge, ())]
