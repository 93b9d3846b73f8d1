"""Units on the map: the record of each unit and the only functions that change it.

Shared by every rule system.  A system's static tables (``game.static``)
must offer ``units`` (id -> info with a ``side``), ``side_ids`` and
``enemy`` (side -> its enemy); its state data must hold ``units`` (id ->
record with ``hex``, ``status``, ``markers``) and ``rev`` (side -> count).

``status`` is ``on_map`` or anything else the system uses (``pending``,
``eliminated``, ``off_map`` ...); only ``on_map`` units have a hex.  Every
change goes through this module, which bumps the changed side's count in
``data["rev"]``, so that derived tables (occupancy, zones of control) are
recomputed only when the units they depend on have changed.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State


def static(st: State) -> Any:
    return st.game.static


# The accessors below are on every rule's hot path: each reaches the state directly
# (one Python call a look-up, no tuple or lambda built on a cache hit).


def info(st: State, uid: str) -> Any:
    return st.game.static.units[uid]


def record(st: State, uid: str) -> dict[str, Any]:
    return st.data["units"][uid]  # type: ignore[no-any-return]


def revision(st: State, side: str | None = None) -> int | tuple[int, ...]:
    """How many times the units of ``side`` (or of any side, in the order of the state's
    counts: the same for every key of one state's memo) have changed."""
    rev = st.data["rev"]
    if side is not None:
        return rev[side]  # type: ignore[no-any-return]
    return tuple(rev.values())


def _key(st: State, name: str, side: str | None) -> tuple[Any, ...]:
    """The memo key of a table derived from the units of ``side`` (or all)."""
    rev = st.data["rev"]
    if side is not None:
        return (name, side, rev[side])
    return (name, None, tuple(rev.values()))


def cached(st: State, name: str, build: Callable[[State], Any], side: str | None = None) -> Any:
    """A table derived from the units of ``side`` (or all), rebuilt only when they change."""
    rev = st.data["rev"]
    key = (name, side, rev[side]) if side is not None else (name, None, tuple(rev.values()))
    return st.memo(key, build, st)


def cached_of(st: State, name: str, build: Callable[[State, str], Any], side: str) -> Any:
    """:func:`cached` of a table of ``side``, built as ``build(st, side)`` (no closure)."""
    return st.memo((name, side, st.data["rev"][side]), build, st, side)


# Rules never depend on the order of keys in the state's dicts (a state read
# back from JSON may order them differently): units are always visited in the
# scenario's counter order.


def _occupancy(st: State) -> dict[str, list[str]]:
    occ: dict[str, list[str]] = defaultdict(list)
    units = st.data["units"]
    for uid in static(st).units:
        u = units[uid]
        if u["status"] == "on_map":
            occ[u["hex"]].append(uid)
    return dict(occ)


def occupancy(st: State) -> dict[str, list[str]]:
    """Units on the map by hex."""
    return cached(st, "occupancy", _occupancy)  # type: ignore[no-any-return]


def units_in(st: State, hex_label: str) -> list[str]:
    key = ("occupancy", None, tuple(st.data["rev"].values()))  # _key, inlined
    return st.memo(key, _occupancy, st).get(hex_label, [])  # type: ignore[no-any-return]


def _hex_sides(st: State) -> dict[str, str]:
    units = static(st).units
    return {h: units[ids[0]].side for h, ids in occupancy(st).items()}


def hex_side(st: State) -> dict[str, str]:
    """The side occupying each occupied hex."""
    return cached(st, "hex_side", _hex_sides)  # type: ignore[no-any-return]


def _on_map(st: State, side: str | None) -> tuple[str, ...]:
    units = st.data["units"]
    return tuple(
        uid
        for uid, ui in static(st).units.items()
        if units[uid]["status"] == "on_map" and (side is None or ui.side == side)
    )


def on_map(st: State, side: str | None = None) -> list[str]:
    """Ids of units on the map, of one side or all (a fresh list the caller may change)."""
    return list(st.memo(_key(st, "on_map", side), _on_map, st, side))


def enemy_of(st: State, side: str) -> str:
    return static(st).enemy[side]  # type: ignore[no-any-return]


# --- markers --------------------------------------------------------------------


def has_marker(st: State, uid: str, marker: str) -> bool:
    return marker in record(st, uid)["markers"]


def add_marker(st: State, uid: str, marker: str) -> None:
    markers = record(st, uid)["markers"]
    if marker not in markers:
        markers.append(marker)
        markers.sort()
        _touch_in_place(st, uid)


def remove_marker(st: State, uid: str, marker: str) -> None:
    markers = record(st, uid)["markers"]
    if marker in markers:
        markers.remove(marker)
        _touch_in_place(st, uid)


def clear_marker(st: State, marker: str, side: str | None = None) -> None:
    """Remove a marker from every unit (of one side)."""
    for uid in list(static(st).units):
        if side is None or info(st, uid).side == side:
            remove_marker(st, uid, marker)


# --- changes --------------------------------------------------------------------


def _touch(st: State, uid: str) -> None:
    """A unit changed (in any way): bump its side's count (every table of it is rebuilt)."""
    side = st.game.static.units[uid].side
    rev = st.data["rev"]
    rev[side] += 1
    st.remember(("changed", side, rev[side]), uid)


def changed_since(st: State, side: str, count: int) -> set[str] | None:
    """The units of ``side`` changed since its count was ``count`` (each change through
    this module notes its unit under the count it made), or None when that is not known
    (a change bumped the count itself, or the notes were dropped from the memo): a table
    may then update what it derived at ``count`` rather than rebuild it."""
    now = st.data["rev"][side]
    if now < count:
        return None
    changed = set()
    for n in range(count + 1, now + 1):
        uid = st.recall(("changed", side, n))
        if uid is None:
            return None
        changed.add(uid)
    return changed


def counts(st: State) -> tuple[tuple[str, int], ...]:
    """Each side's count of changes now, as (side, count) pairs: the key of a table that
    :func:`changed_between` may later update rather than rebuild."""
    return tuple(st.data["rev"].items())


def changed_between(st: State, then: tuple[tuple[str, int], ...]) -> set[str] | None:
    """The units of every side changed since the counts were ``then`` (:func:`counts`),
    or None when that is not known (:func:`changed_since`; a side's count went back)."""
    changed: set[str] = set()
    rev = st.data["rev"]
    for side, count in then:
        if rev.get(side) != count:
            found = changed_since(st, side, count)
            if found is None:
                return None
            changed |= found
    return changed


class Tally:
    """The hexes the units of one side cover, each hex with how many cover it (a unit may
    cover several, several units one): made once, then updated by the units changed
    (:func:`tally`) rather than made again.  Never changed once made (a state's clones
    may share it)."""

    __slots__ = ("_hexes", "count", "of")

    def __init__(self, count: dict[str, int], of: dict[str, tuple[str, ...]]) -> None:
        self.count = count
        self.of = of
        self._hexes: frozenset[str] | None = None

    @property
    def hexes(self) -> frozenset[str]:
        """The hexes covered (made when first asked: a reader of ``count`` needs none)."""
        if self._hexes is None:
            self._hexes = frozenset(self.count)
        return self._hexes

    @classmethod
    def made(
        cls, uids: Iterable[str], cover: Callable[[str], tuple[str, ...]], fixed: Iterable[str]
    ) -> Tally:
        """The tally of ``uids``, each covering ``cover(uid)``, and the ``fixed`` hexes."""
        return cls(dict.fromkeys(fixed, 1), {}).updated(uids, cover)

    def updated(self, changed: Iterable[str], cover: Callable[[str], tuple[str, ...]]) -> Tally:
        """A new tally with the ``changed`` units' hexes taken out and covered again."""
        count = dict(self.count)
        of = dict(self.of)
        for uid in changed:
            for h in of.pop(uid, ()):
                n = count[h] - 1
                if n:
                    count[h] = n
                else:
                    del count[h]
            covered = cover(uid)
            if covered:
                of[uid] = covered
                for h in covered:
                    count[h] = count.get(h, 0) + 1
        return Tally(count, of)


def tally(
    st: State,
    name: str,
    side: str,
    cover: Callable[[str], tuple[str, ...]],
    fixed: Callable[[], Iterable[str]] = tuple,
) -> Tally:
    """The :class:`Tally` ``name`` of ``side``'s units on the map, each covering
    ``cover(uid)`` (which reads only the unit's own record and the game's static tables;
    a unit off the map covers nothing), and the hexes ``fixed()``: kept while the side's
    units are unchanged, updated by the units changed since where they are known
    (:func:`changed_since`), made afresh otherwise."""

    def made() -> Tally:
        return Tally.made(on_map(st, side), cover, fixed())

    def since(then: int, last: Tally) -> Tally | None:
        changed = changed_since(st, side, then)
        return None if changed is None else last.updated(changed, cover)

    return st.kept((name, side), st.data["rev"][side], made, update=since)  # type: ignore[no-any-return]


def order(st: State) -> dict[str, int]:
    """Each unit's place in the scenario's counter order (the order tables list them in)."""
    return _order(st)


def _touch_in_place(st: State, uid: str) -> None:
    """A unit changed but not where it stands nor its status: bump its side's count, and
    carry the tables of where the units stand (occupancy, hex sides, units on the map) to
    the new count."""
    side = st.game.static.units[uid].side
    kept = _where_tables(st, side)
    rev = st.data["rev"]
    rev[side] += 1
    st.remember(("changed", side, rev[side]), uid)
    _carry(st, side, kept)


def _where_tables(st: State, side: str) -> list[tuple[str, str | None, Any]]:
    """The tables of where the units stand memoised under the current counts: (name, side
    of the table, value)."""
    rev = st.data["rev"]
    every, own = tuple(rev.values()), rev[side]
    found = []
    for name, of in (("occupancy", None), ("hex_side", None), ("on_map", None), ("on_map", side)):
        value = st.recall((name, of, every if of is None else own))
        if value is not None:
            found.append((name, of, value))
    return found


def _carry(st: State, side: str, kept: list[tuple[str, str | None, Any]]) -> None:
    if not kept:
        return
    rev = st.data["rev"]
    every, own = tuple(rev.values()), rev[side]
    for name, of, value in kept:
        st.remember((name, of, every if of is None else own), value)


def _moved(st: State, uid: str, side: str, there: str) -> list[tuple[str, str | None, Any]]:
    """The tables of where the units stand with the unit on the map moved to ``there``
    (worked out from those memoised, before its record changes): the occupancy and hex
    sides of its old and new hexes updated, the units on the map unchanged."""
    kept = _where_tables(st, side)
    occ = next((value for name, _, value in kept if name == "occupancy"), None)
    if occ is None:
        return [(name, of, value) for name, of, value in kept if name == "on_map"]
    here = st.data["units"][uid]["hex"]
    occ = dict(occ)
    left = [u for u in occ[here] if u != uid]
    if left:
        occ[here] = left
    else:
        del occ[here]
    order = _order(st)
    rank = order[uid]
    ids = occ.get(there, [])
    at = next((i for i, u in enumerate(ids) if order[u] > rank), len(ids))
    occ[there] = [*ids[:at], uid, *ids[at:]]
    out: list[tuple[str, str | None, Any]] = [("occupancy", None, occ)]
    for name, of, value in kept:
        if name == "hex_side":
            sides = dict(value)
            units = st.game.static.units
            for h in (here, there):
                if h in occ:
                    sides[h] = units[occ[h][0]].side
                else:
                    sides.pop(h, None)
            out.append((name, of, sides))
        elif name == "on_map":
            out.append((name, of, value))
    return out


def _order(st: State) -> dict[str, int]:
    """Each unit's place in the scenario's counter order (the order tables list them in)."""
    order = _ORDERS.get(st.game)
    if order is None:
        order = _ORDERS[st.game] = {uid: n for n, uid in enumerate(st.game.static.units)}
    return order


#: game -> :func:`_order` (static: built once per game)
_ORDERS: weakref.WeakKeyDictionary[Any, dict[str, int]] = weakref.WeakKeyDictionary()


def place(st: State, uid: str, hex_label: str) -> None:
    """Put a unit on the map (set-up, reinforcement, move)."""
    u = record(st, uid)
    side = st.game.static.units[uid].side
    on_map_before = u["status"] == "on_map"
    kept = _moved(st, uid, side, hex_label) if on_map_before else []
    u["hex"] = hex_label
    u["status"] = "on_map"
    rev = st.data["rev"]
    rev[side] += 1
    st.remember(("changed", side, rev[side]), uid)
    _carry(st, side, kept)


def eliminate(st: State, uid: str) -> None:
    """Remove a unit from play (no scoring; see :func:`eliminate_unit`)."""
    u = record(st, uid)
    u["hex"] = None
    u["status"] = "eliminated"
    u["markers"] = []
    _touch(st, uid)


def set_note(st: State, uid: str, key: str, value: Any) -> None:
    """Set an extra field of a unit's record (None removes it): the journey of a unit off
    the map (5.38), the alternative entry hex of a delayed reinforcement (14.22)."""
    u = record(st, uid)
    if value is None:
        if key not in u:
            return
        del u[key]
    else:
        u[key] = value
    if key in ("hex", "status"):
        _touch(st, uid)
    else:
        _touch_in_place(st, uid)


def set_status(st: State, uid: str, status: str) -> None:
    u = record(st, uid)
    u["status"] = status
    if status != "on_map":
        u["hex"] = None
    _touch(st, uid)
