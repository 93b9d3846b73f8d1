"""7.0 Zones of control.

A unit controls the six hexes around it (7.11), at all times (7.12), but not
across prohibited hexsides (7.11).  HQ units and supply depots exert none
(7.26).  Undestroyed fortresses control like units (7.0).  Both sides may
control the same hex (7.25); one controlling unit is as good as many.

Which units exert a zone now is the rules' ``exerts_zoc`` (a game's depots may,
Brusilov 19.3), and where it reaches from a hex is the move table of the unit's
movement class (``zoc_reach``: the standard rules' is the same for every class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from collections.abc import Iterable

    from greatwar.engine.state import State
    from greatwar.rules.pieces import Tally


def zones_of(st: State, uids: Iterable[str]) -> set[str]:
    """Hexes the zones of control of these units (on the map) cover now (7.11)."""
    hexes: set[str] = set()
    for uid in uids:
        hexes.update(_zone_of(st, uid))
    return hexes


def fortress_zones(st: State, side: str) -> set[str]:
    """7.0 hexes the undestroyed fortresses of ``side`` control, as units do."""
    stat = U.static(st)
    hexes: set[str] = set()
    for hex_label, owner in stat.fortress_side.items():
        if owner == side and not fortress_destroyed(st, hex_label):
            hexes.update(stat.zoc_reach[hex_label])
    return hexes


def _controlled_by(st: State, side: str) -> frozenset[str]:
    """:func:`controlled_by` worked out afresh, or from the side's zones found last by the
    units changed since (each unit's zone reads only its own record: the rules'
    ``exerts_zoc``; fortresses lost make them afresh): :func:`pieces.tally`."""
    return control_tally(st, side).hexes


def control_tally(st: State, side: str) -> Tally:
    """The zones of ``side``'s units and fortresses as a tally: how many cover each hex
    (``count``) and the hexes each unit's zone covers (``of``), updated by the units
    changed (:func:`pieces.tally`): a table updated by the same changes reads here where
    the zones moved."""
    units = st.data["units"]

    def cover(uid: str) -> tuple[str, ...]:  # (a unit off the map covers nothing)
        return _zone_of(st, uid) if units[uid]["status"] == "on_map" else ()

    return U.tally(st, "zoc_tally", side, cover, lambda: fortress_zones(st, side))


def _zone_of(st: State, uid: str) -> tuple[str, ...]:
    """The hexes the unit's zone covers from its hex (none if it exerts none, 7.26)."""
    rules = U.static(st).rules
    if not rules.exerts_zoc(st, uid):
        return ()
    return rules.movement_table(st, uid).zoc_reach[st.data["units"][uid]["hex"]]  # type: ignore[no-any-return]


def controlled_by(st: State, side: str) -> frozenset[str]:
    """Hexes in the zone of control of ``side`` (7.1)."""
    return U.cached_of(st, "zoc", _controlled_by, side)  # type: ignore[no-any-return]


def enemy_controlled(st: State, side: str) -> frozenset[str]:
    """Hexes ``side`` must treat as Enemy-controlled (7.2)."""
    return controlled_by(st, st.game.static.enemy[side])


def fortress_destroyed(st: State, hex_label: str) -> bool:
    """11.15 a fortress that has lost all its steps no longer counts."""
    from greatwar.rules.gwite import fortress

    return fortress.destroyed(st, hex_label)
