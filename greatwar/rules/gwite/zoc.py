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


def zones_of(st: State, uids: Iterable[str]) -> set[str]:
    """Hexes the zones of control of these units (on the map) cover now (7.11)."""
    rules = U.static(st).rules
    units = st.data["units"]
    hexes: set[str] = set()
    for uid in uids:
        if rules.exerts_zoc(st, uid):
            hexes.update(rules.movement_table(st, uid).zoc_reach[units[uid]["hex"]])
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
    """:func:`controlled_by` worked out afresh, or from the side's zones found last where
    the units changed since are known (each unit's zone reads only its own record: the
    rules' ``exerts_zoc``): the changed units' zones taken out and put back as they are
    now, each hex counting the zones over it (:class:`_Zones`)."""
    rev = st.data["rev"][side]

    def since(then: int, last: _Zones) -> _Zones | None:
        changed = U.changed_since(st, side, then)
        return None if changed is None else last.updated(st, changed)

    slot = ("zoc_last", side)
    return st.kept(slot, rev, _Zones.build, st, side, update=since).hexes  # type: ignore[no-any-return]


class _Zones:
    """A side's zones of control: the hexes, how many zones lie over each (fortresses
    count as one), and the hexes each unit's zone covers."""

    __slots__ = ("count", "hexes", "of")

    def __init__(
        self, hexes: frozenset[str], count: dict[str, int], of: dict[str, tuple[str, ...]]
    ) -> None:
        self.hexes = hexes
        self.count = count
        self.of = of

    @classmethod
    def build(cls, st: State, side: str) -> _Zones:
        of = {uid: _zone_of(st, uid) for uid in U.on_map(st, side)}
        count: dict[str, int] = {}
        for h in fortress_zones(st, side):
            count[h] = 1
        for covered in of.values():
            for h in covered:
                count[h] = count.get(h, 0) + 1
        return cls(frozenset(count), count, of)

    def updated(self, st: State, changed: set[str]) -> _Zones:
        """The zones with the ``changed`` units' made again (a new object: the old one may
        be another state's)."""
        count = dict(self.count)
        of = dict(self.of)
        hexes = set(self.hexes)
        for uid in changed:
            for h in of.pop(uid, ()):
                n = count[h] - 1
                if n:
                    count[h] = n
                else:
                    del count[h]
                    hexes.discard(h)
            if st.data["units"][uid]["status"] != "on_map":
                continue
            covered = of[uid] = _zone_of(st, uid)
            for h in covered:
                count[h] = count.get(h, 0) + 1
            hexes.update(covered)
        return _Zones(frozenset(hexes), count, of)


def _zone_of(st: State, uid: str) -> tuple[str, ...]:
    """The hexes the zone of a unit on the map covers (none if it exerts none, 7.26)."""
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
