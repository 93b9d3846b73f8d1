"""Fortified places (12.0) as the other sections see them: the map's permanent
fortifications and their state (12.2), their garrisons (12.3), the trenches on the map
(12.1) and what all of them do to a clash; the rules, the building of trenches and the
readings are :mod:`fortifications`' (whose names these are too).

State (plain data):

* ``data["trenches"]``: hex -> ``{"facing": d, "edges": [d-1, d, d+1], "side": s}``,
  the TRENCHES counters on the map; ``d`` are axial directions 0-5 (N, NE, SE,
  S, SW, NW of the flat map), ``side`` the side that built them (both sides
  may use them, 12.1.3).
* ``data["fortifications"]``: hex -> ``{"lost": n}`` the levels a permanent
  fortification has lost (1 damaged, 2 destroyed, 12.2.7), and
  ``"captured_by"`` the side whose unit first entered it (12.2.8; 19.3 scores
  garrisoned forts captured).

The map lists the permanent fortifications (``fortification``: hex, country,
own garrison ``strength``) and their effective edges (``fortified_edge``
hexsides).  A fortification belongs to the side of its country; its effects
help only that side's units (an enemy unit entering it destroys it, 12.2.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Fortification

TRENCHES = "trenches"
FORTIFICATIONS = "fortifications"
#: unit note: the stage in which the unit built trenches (2.3.8)
TRENCH_NOTE = "trench_stage"
DESTROYED = 2


# --- the map's fortifications (static) -------------------------------------------------


def _board(st: State) -> Any:
    return U.static(st).scenario.board


def printed(st: State, hex_label: str) -> Fortification | None:
    """The map's permanent fortification in a hex, if any (12.2.1)."""
    return _board(st).fortifications.get(hex_label)  # type: ignore[no-any-return]


def fortification_side(st: State, hex_label: str) -> str | None:
    """The side whose country the fortification stands in."""
    f = printed(st, hex_label)
    if f is None:
        return None
    return U.static(st).scenario.side_of_nationality(f.country)  # type: ignore[no-any-return]


def _build_fortified_edges(scenario: Scenario) -> dict[str, frozenset[int]]:
    board = scenario.board
    edges: dict[str, frozenset[int]] = {}
    for hex_label in board.fortifications:
        here = board.coord[hex_label]
        found = set()
        for d in range(6):
            side_key = hexgrid.hexside(here, d)
            if "fortified_edge" in board.side_features.get(side_key, frozenset()):
                found.add(d)
        edges[hex_label] = frozenset(found)
    return edges


def fortified_edges(st: State, hex_label: str) -> frozenset[int]:
    """12.2.4 the directions of a fortification's effective (fortified) edges."""
    table = derived_table(U.static(st), "fortified_edges", _build_fortified_edges)
    return table.get(hex_label, frozenset())  # type: ignore[no-any-return]


def _forts(st: State) -> dict[str, dict[str, Any]]:
    return st.data.setdefault(FORTIFICATIONS, {})  # type: ignore[no-any-return]


def levels_lost(st: State, hex_label: str) -> int:
    """12.2.7: 0 intact, 1 damaged, 2 destroyed."""
    entry = st.data.get(FORTIFICATIONS, {}).get(hex_label)
    return 0 if entry is None else int(entry.get("lost", 0))


def destroyed(st: State, hex_label: str) -> bool:
    return levels_lost(st, hex_label) >= DESTROYED


def damaged(st: State, hex_label: str) -> bool:
    return levels_lost(st, hex_label) == 1


def active(st: State, hex_label: str) -> bool:
    """A fortification stands in the hex and is not destroyed (12.2.7)."""
    return printed(st, hex_label) is not None and not destroyed(st, hex_label)


def captures(st: State) -> dict[str, str]:
    """Fortification hexes an enemy unit has entered, and by which side (12.2.8, 19.3)."""
    return {
        h: e["captured_by"]
        for h, e in sorted(st.data.get(FORTIFICATIONS, {}).items())
        if "captured_by" in e
    }


def _bump(st: State, hex_label: str) -> None:
    """Zones of control and supply depend on garrisons: bump both sides' revisions."""
    for side in U.static(st).side_ids:
        st.data["rev"][side] += 1


def lose_levels(st: State, hex_label: str, levels: int, case: str, why: str = "") -> int:
    """The fortification loses combat-effectiveness levels (12.2.7, 12.2.9, 12.3.5);
    returns the levels lost."""
    f = printed(st, hex_label)
    if f is None or levels <= 0 or destroyed(st, hex_label):
        return 0
    before = levels_lost(st, hex_label)
    after = min(DESTROYED, before + levels)
    _forts(st).setdefault(hex_label, {})["lost"] = after
    _bump(st, hex_label)
    state = "destroyed" if after >= DESTROYED else "damaged"
    st.log(f"{f.name} ({hex_label}) is {state}{': ' + why if why else ''}.", case=case)
    return after - before


def entered(st: State, hex_label: str, side: str) -> None:
    """12.2.8 a fortification an enemy unit enters is destroyed (12.3.5: a garrisoned one
    by pursuit after its defenders fled, or after combat destroyed it, 12.3.4)."""
    f = printed(st, hex_label)
    if f is None or fortification_side(st, hex_label) == side:
        return
    entry = _forts(st).setdefault(hex_label, {})
    if "captured_by" not in entry:
        entry["captured_by"] = side
    lose_levels(st, hex_label, DESTROYED, "tannenberg 12.2.8", "an enemy unit entered it")


# --- garrisons (12.3) -------------------------------------------------------------------


def garrison_printed(st: State, hex_label: str) -> int:
    f = printed(st, hex_label)
    return 0 if f is None else f.strength


def garrisoned(st: State, hex_label: str) -> bool:
    """12.3.1 a fortification with its own strength, not destroyed."""
    return garrison_printed(st, hex_label) > 0 and not destroyed(st, hex_label)


def destroyed_key(st: State) -> tuple[str, ...]:
    """The destroyed fortifications (what decides which garrisons stand): the key of the
    tables derived from the garrisons, read from the state itself."""
    forts = st.data.get(FORTIFICATIONS)
    if not forts:
        return ()
    return tuple(sorted(h for h, e in forts.items() if e.get("lost", 0) >= DESTROYED))


def _garrison_hexes(st: State, side: str) -> tuple[str, ...]:
    return tuple(
        h
        for h in _board(st).fortifications
        if garrisoned(st, h) and fortification_side(st, h) == side
    )


def garrison_hexes(st: State, side: str) -> list[str]:
    """Hexes of ``side``'s garrisoned fortifications (12.3.3: they defend like units),
    memoised on the destroyed fortifications (all they depend on but the map)."""
    key = ("tb_garrison_hexes", side, destroyed_key(st))
    return list(st.memo(key, lambda: _garrison_hexes(st, side)))


def garrisoned_hexes(st: State, side: str) -> frozenset[str]:
    """:func:`garrison_hexes` as a set, to ask whether a hex is one (memoised alike)."""
    key = ("tb_garrison_set", side, destroyed_key(st))
    return st.memo(key, lambda: frozenset(garrison_hexes(st, side)))  # type: ignore[no-any-return]


def _ceil_div(value: int, divisor: int) -> int:
    return -(-value // divisor)


def garrison_strength(st: State, hex_label: str, through_fortified_edge: bool = True) -> int:
    """12.3.7 the garrison's own strength (added, never doubled); 12.3.5 halved, rounded
    up, when damaged; 12.3.8 half of it, rounded up, through a free edge."""
    if not garrisoned(st, hex_label):
        return 0
    value = garrison_printed(st, hex_label)
    divisor = int(constant("garrison_damaged_divisor"))
    if damaged(st, hex_label):
        value = _ceil_div(value, divisor)
    if not through_fortified_edge:
        value = _ceil_div(value, divisor)
    return value


def _build_garrison_zoc(st: State, side: str) -> frozenset[str]:
    board = _board(st)
    hexes: set[str] = set()
    for h in garrison_hexes(st, side):
        here = board.coord[h]
        for d in fortified_edges(st, h):
            other = board.label_at.get(hexgrid.neighbour(here, d))
            if other is not None:
                hexes.add(other)
    return frozenset(hexes)


def garrison_zoc(st: State, side: str) -> frozenset[str]:
    """12.3.2 hexes in the control zone of ``side``'s garrisons: the forefield, the hexes
    across each fortified edge.  The zoc module adds them to the side's zone (a friendly
    unit in the hex neutralises them as any zone, 8.1.4)."""
    key = ("tannenberg-garrison-zoc", side, destroyed_key(st))
    return st.memo(key, lambda: _build_garrison_zoc(st, side))  # type: ignore[no-any-return]


def blocks_entry(st: State, hex_label: str, side: str, pursuit: bool = False) -> bool:
    """12.3.4 a unit of ``side`` may not enter an enemy garrisoned fortification until it
    is destroyed, except in pursuit after its defenders fled (12.3.5)."""
    if pursuit or not garrisoned(st, hex_label):
        return False
    return fortification_side(st, hex_label) != side


# --- trenches (12.1) ----------------------------------------------------------------------


def trench(st: State, hex_label: str) -> dict[str, Any] | None:
    return st.data.get(TRENCHES, {}).get(hex_label)  # type: ignore[no-any-return]


def trench_edges(st: State, hex_label: str) -> frozenset[int]:
    """12.1.8 the three effective edges of the TRENCHES counter in a hex (none: empty)."""
    t = trench(st, hex_label)
    return frozenset(t["edges"]) if t else frozenset()


def facing_edges(facing: int) -> list[int]:
    """12.1.8 (our reading): the three adjacent edges centred on ``facing``."""
    return sorted({(facing - 1) % 6, facing % 6, (facing + 1) % 6})


def built_trench_this_stage(st: State, uid: str) -> bool:
    """2.3.8 the unit built trenches this stage (it may not rest)."""
    return U.record(st, uid).get(TRENCH_NOTE) == st.data["stage"]  # type: ignore[no-any-return]


# --- effects on a clash ---------------------------------------------------------------


def attack_direction(st: State, defender_hex: str, attacker_hex: str) -> int:
    """The edge of ``defender_hex`` an attack from ``attacker_hex`` comes through: the
    shared hexside, or for fire from further away the edge its line crosses (our
    reading)."""
    board = _board(st)
    here, there = board.coord[defender_hex], board.coord[attacker_hex]
    step = hexgrid.line(here, there)[1]
    return hexgrid.direction(here, step)


def _edges_attacked(st: State, defender_hex: str, attacker_hexes: list[str]) -> set[int]:
    return {attack_direction(st, defender_hex, a) for a in attacker_hexes if a != defender_hex}


def hex_defence(
    st: State, defender_hex: str, attacker_hexes: list[str], defending_side: str, defence: bool
) -> dict[str, Any]:
    """The effects of trenches (12.1), a permanent fortification (12.2) and its garrison
    (12.3) on the defence of one hex attacked from ``attacker_hexes`` (the hexes of the
    attacking units in contact, or of independently firing artillery).

    ``defence`` is true when the defender laid down the DEFENCE card (12.1.7, 12.2.3).
    Returns ``{"modifiers": [...], "double": bool, "garrison": n, "through": bool}``:
    ratio modifiers, whether the units in the hex defend doubled (12.2.4), the
    garrison's strength to add (12.3.7, 12.3.8) and whether every attack comes through
    fortified edges."""
    result: dict[str, Any] = {"modifiers": [], "double": False, "garrison": 0, "through": False}
    if not defence or not attacker_hexes:
        return result
    edges = _edges_attacked(st, defender_hex, attacker_hexes)
    effective = trench_edges(st, defender_hex)
    if effective and edges <= effective:
        result["modifiers"].append(
            {
                "why": f"trenches in {defender_hex}, attacked through their effective edges",
                "value": int(constant("trench_modifier")),
                "case": "tannenberg 12.1.9",
            }
        )
    if active(st, defender_hex) and fortification_side(st, defender_hex) == defending_side:
        f = printed(st, defender_hex)
        assert f is not None
        through = edges <= fortified_edges(st, defender_hex)
        result["modifiers"].append(
            {
                "why": f"fortification {f.name} ({defender_hex})",
                "value": int(constant("fortification_modifier")),
                "case": "tannenberg 12.2.4" if through else "tannenberg 12.2.5",
            }
        )
        result["through"] = through
        result["double"] = through and not damaged(st, defender_hex)
        result["garrison"] = garrison_strength(st, defender_hex, through)
    return result


def clash_losses(st: State, defender_hexes: list[str], defender_loss: int) -> None:
    """12.2.9 the defenders stayed in place at the cost of losses: each fortification they
    held loses half the defender's result, rounded down, in levels (12.3.5 garrisons too)."""
    levels = defender_loss // int(constant("fortification_loss_divisor"))
    for h in sorted(set(defender_hexes)):
        if active(st, h):
            lose_levels(
                st, h, levels, "tannenberg 12.2.9", f"{defender_loss} points of losses held"
            )
