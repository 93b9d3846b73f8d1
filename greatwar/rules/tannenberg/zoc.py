"""8.0 Control zones.

A unit controls the six hexes around it (8.1.1) at all times (8.1.2), except
artillery, HQs and supply trains (8.1.2), units covered by a rail transport
counter (5.3.1); masking counters have zones (16.2.5), and garrisoned
fortifications in their forefield (12.3.2, :mod:`fortifications`).  Zones of several
units, friendly or enemy, may overlap without consequence (8.1.3).  A zone
does not reach lake or sea hexes, nor across a lake drawn along a hexside
(8.1.6: ``lake_shore``).

Two readings of "in a control zone" are used, and every caller says which:

- the **raw** zone of a side (:func:`controlled_by`): what a unit standing
  in a hex is "in" (4.5.2 reserve, 8.2.5 leaving a zone, 9.1.2 combat,
  2.3.8 rest).  A unit's own presence never frees its hex, or 8.2.5 would
  mean nothing.
- the zone a moving unit must **respect** (:func:`enemy_controlled`): the
  raw enemy zone less the hexes a friendly unit stands in (8.1.4, which
  13.2.3 and 15.2.4 repeat for command and supply lines).  Reading: any
  friendly unit but an HQ neutralises (HQs are "not combat units", 13.1.1);
  a masking counter itself does not (the units it hides, in its hex, do; an
  empty one hides none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.tannenberg import fortified, railways
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

#: hexside features no control zone crosses (8.1.6)
ZONE_BLOCKING_SIDES = frozenset({"lake_shore"})
MASK = "mask"


def _build_reach(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """8.1.1, 8.1.6: the hexes a unit in each hex controls (no lake or sea hexes, nothing
    across a lake along a hexside)."""
    board = scenario.board
    terrain = scenario.terrain.terrain
    open_water = {name for name, t in terrain.items() if t.move == "prohibited"}
    reach = {}
    for a in board.hexes:
        reach[a] = tuple(
            b
            for b in board.neighbours[a]
            if board.terrain.get(b) not in open_water
            and not (board.features(a, b) & ZONE_BLOCKING_SIDES)
        )
    return reach


def zone_reach(st: State, hex_label: str) -> tuple[str, ...]:
    """The hexes the zone of a unit standing in ``hex_label`` covers (8.1.1, 8.1.6)."""
    table = derived_table(U.static(st), "zoc_reach", _build_reach)
    return table[hex_label]  # type: ignore[no-any-return]


def has_zone(st: State, uid: str) -> bool:
    """8.1.2 the unit has a control zone now: by type (not artillery, HQs or supply
    trains), and not while covered by a rail transport counter (5.3.1)."""
    if not st.game.static.units[uid].has_zoc:
        return False
    return not railways.entrained(st, uid)


def _controlled_by(st: State, side: str) -> frozenset[str]:
    units = st.data["units"]
    hexes: set[str] = set(fortified.garrison_zoc(st, side))  # 12.3.2
    for uid in U.on_map(st, side):
        if has_zone(st, uid):
            hexes.update(zone_reach(st, units[uid]["hex"]))
    return frozenset(hexes)


def controlled_by(st: State, side: str) -> frozenset[str]:
    """Hexes in the control zone of ``side`` (8.1; masks have zones too, 16.2.5; garrisons
    in their forefield, 12.3.2): memoised on what it reads, the side's own units and
    the destroyed fortifications (the enemy's moves leave it standing)."""
    key = ("tb_zoc", side, U.revision(st, side), fortified.destroyed_key(st))
    return st.memo(key, lambda: _controlled_by(st, side))  # type: ignore[no-any-return]


def controls(st: State, side: str, hex_label: str) -> bool:
    """Whether ``hex_label`` is in the control zone of ``side`` (``hex_label in
    controlled_by(st, side)``), found from the hex's neighbours alone: the side's
    garrisons, or one of its units next to it whose zone reaches it (a zone covers
    neighbours only, 8.1.1).  The whole zone is memoised on the side's units; this asks
    nothing that a move of one of them makes stale."""
    zone = st.recall(("tb_zoc", side, U.revision(st, side), fortified.destroyed_key(st)))
    if zone is not None:
        return hex_label in zone
    if hex_label in fortified.garrison_zoc(st, side):
        return True
    reach = derived_table(U.static(st), "zoc_reach", _build_reach)
    units = st.game.static.units
    occupancy = U.occupancy(st)  # (once, not once a neighbour)
    for n in st.game.static.scenario.board.neighbours[hex_label]:
        for uid in occupancy.get(n, ()):
            if units[uid].side == side and has_zone(st, uid) and hex_label in reach[n]:
                return True
    return False


def neutralising(st: State, uid: str) -> bool:
    """8.1.4 whether this piece frees its hex from enemy zones: any unit but an HQ; not
    a masking counter itself (the units it hides stand in its hex and do)."""
    ui = st.game.static.units[uid]
    return not ui.hq and ui.type != MASK


def _held_by(st: State, side: str) -> frozenset[str]:
    units = st.data["units"]
    return frozenset(units[uid]["hex"] for uid in U.on_map(st, side) if neutralising(st, uid))


def held_by(st: State, side: str) -> frozenset[str]:
    """Hexes where a unit of ``side`` neutralises enemy zones (8.1.4)."""
    return U.cached(st, "tb_held", lambda s: _held_by(s, side), side)  # type: ignore[no-any-return]


def _enemy_controlled(st: State, side: str) -> frozenset[str]:
    return controlled_by(st, U.enemy_of(st, side)) - held_by(st, side)


def enemy_controlled(st: State, side: str) -> frozenset[str]:
    """Hexes in an enemy control zone for ``side``, not neutralised (8.1.4)."""
    return U.cached(st, f"tb_enemy_zoc_{side}", lambda s: _enemy_controlled(s, side))  # type: ignore[no-any-return]


def in_enemy_zoc(st: State, uid: str) -> bool:
    """Whether the unit stands in an enemy control zone (the raw zone: its own presence
    does not free its hex; see the module docstring)."""
    u = U.record(st, uid)
    if u["status"] != "on_map":
        return False
    return u["hex"] in controlled_by(st, U.enemy_of(st, U.info(st, uid).side))
