"""9.0 Supply (and 11.2 fortress supply).

A side's supply sources (9.13, 9.15, 9.16) and the lines of supply of all
its units are found in one pass, cached on the revisions of both sides and
the Game-Turn.  Units trace supply by class (R5, :class:`SupplyClass`: a
side's units are one class in the standard rules; a game sorts them by
nationality or ability), each class with its own sources and links:

1. Friendly rail hexes (9.15): rail hexes in a country Friendly to the class
   (``parameters.friendly_countries`` of its side, or of its nationality when
   the scenario gives one), not last occupied by an Enemy unit
   (``state.data["control"]``), joined by consecutive hexes of rail lines,
   all of them such Friendly rail hexes free of Enemy-occupied and
   Enemy-controlled hexes (and of rail the game says is interdicted), to a
   Friendly map edge.
2. Friendly map edges (9.13): the end hexes of rail lines that lie on the
   board edge in a friendly country, and the map's ``supply_source``
   entries of a friendly country; not Enemy-occupied, not last occupied by
   an Enemy unit.
3. Supply depots in supply (9.16): within their own Supply Range of a
   source of their class, or of another supplied depot that serves it
   (chains), by a path free of Enemy-occupied and Enemy-controlled hexes.

Then each unit's line within its own range is searched back from its hex
toward the sources of its class (with the supplied depots that serve it),
counting how many Enemy-controlled hexes the line crosses (TCR 1 units may
cross two, 9.14); :func:`in_supply` is a look-up.  The variation points are
the methods of :class:`SupplyRules`.

What each part reads, and so how long it is kept (issue 18): the hexes each
side holds, until its own units change (:func:`_held`); the rail paths to a
map edge, per game on the edges and the usable rail hexes (:func:`_rail_paths`);
a unit's line, per game on its hex, range and Enemy zones allowed and the
class's sources, blocked hexes and Enemy zones, carried to a new supply
situation while none of the hexes its search read has changed (:func:`_lines_kept`).
A side's table is updated after a change of units of either side (:func:`_updated_table`):
what closes lines read again where the changed units were, are and reach with their
zones; sources, depots and lines found again only where what they read changed.

Choices made where the rules are silent (each is explained where coded):

* The unit's own hex is never counted (9.13) and never blocks: a unit is a
  Friendly unit in its own hex, which negates Enemy control there (7.24).
  The source hex is counted and is traced through like any other hex.
* 7.24 (Friendly units or fortresses negate Enemy control for tracing
  supply) applies to every part of supply: lines of units, rail paths
  (9.15) and depot chains (9.16).
* Undestroyed Enemy fortresses block lines like Enemy-occupied hexes (no
  unit may enter them either, 5.13); hexes holding only Enemy HQs never
  block (9.17, 10.52), not even rail paths or depot chains.
* 9.16 (depots trace "free of Enemy-controlled hexes") is the special rule
  for depots: a TCR 1 depot gets no two-hex allowance of 9.14.  A depot may
  trace to a Friendly map edge as well as to a rail hex or another depot.
* A rail path (9.15) runs through Friendly rail hexes only: a rail hex last
  occupied by the Enemy cuts the line there, as it stops rail movement
  (5.33).
* HQ units always count as in supply: being out of supply has no effect on
  them whatsoever (10.35, 9.24), so they are never marked nor attrited.
* 11.22: when several units stacked in a Friendly fortress lack a line, the
  owner chooses which one feeds off it (an action in the Initial Supply and
  Attrition Segments); a single such unit feeds off it without a choice.  A
  unit that attacks gives up feeding: it is out of supply for that attack
  (attack halved, 9.21, and attrition, 9.23, 11.22).  A depot fed by a
  fortress is no source for others (that would feed more than one unit).
* Units not on the map (pending, off-map rail movement) count as in supply:
  they trace nothing and out of supply has no effect on rail movement (9.21).
* Reinforcements placed after the Initial Supply Segment are not marked:
  supply for movement was determined before they arrived (9.11).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence, Set
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.rules.pieces import Tally

OUT_OF_SUPPLY = "out_of_supply"
#: 9.22 die rolls on which a unit out of supply suffers attrition
ATTRITION_ROLLS = (1, 2, 3)
#: 9.14 Enemy-controlled hexes a TCR 1 unit's line may pass through
TCR1_ENEMY_ZONES = 2
#: state.data key: Friendly fortress hex -> the unit chosen to feed off it (11.22)
FORTRESS_FED = "fortress_fed"
FEED = "feed"

# --- static tables, built once per game ------------------------------------------------


@dataclass(frozen=True)
class SupplyClass:
    """Units that trace supply alike (R5): from the same sources (Friendly rail, map edges,
    the depots that serve them), along the same links, with one search for all of them.

    In the standard rules a side's units are one class, split by nationality only where
    the scenario gives a nationality its own Friendly countries (Serbia/Galicia 5.3).
    A game's rules name their own classes (:meth:`SupplyRules.supply_class`): by
    nationality (Hindenburg 16.0), by what a unit may cross (``name``: Caporetto 9.18's
    ridges).  Range and the Enemy-controlled hexes a line may cross (9.14) stay each
    unit's own, read on the class's one search.
    """

    side: str
    #: whose Friendly countries give the rail and map-edge sources ("": the side's)
    nationality: str = ""
    #: a game's own distinction between classes of one side and nationality
    name: str = ""


@dataclass(frozen=True)
class Network:
    """What supply needs of the map, for one game (static)."""

    #: neighbours a line may enter: no prohibited terrain or hexside (9.12, 5.4)
    links: dict[str, tuple[str, ...]]
    #: consecutive hexes of some rail line (9.15 "contiguous rail hexes")
    rail_links: dict[str, tuple[str, ...]]
    #: a distance longer than any line on this map
    far: int


@dataclass(frozen=True)
class ClassNetwork:
    """What one supply class traces along and from (static, built once per game)."""

    #: neighbours a line of this class may enter (9.12, a game's own links)
    links: dict[str, tuple[str, ...]]
    #: rail hexes in the class's Friendly countries (9.13, 9.15)
    friendly_rail: frozenset[str]
    #: Friendly map-edge hexes: rail exits and the map's supply sources (9.13)
    edges: frozenset[str]


def per_game(st: State, key: object, build: Callable[[], object]) -> Any:
    """A table that never changes during a game (or a Game-Turn, when ``key`` names it),
    built once and shared by its states (kept on the game's static tables)."""
    memo = U.static(st).derived
    value = memo.get(key)
    if value is None:
        value = memo[key] = build()
    return value


def network(st: State) -> Network:
    return per_game(st, "supply-network", lambda: _build_network(st))  # type: ignore[no-any-return]


def _build_network(st: State) -> Network:
    stat = U.static(st)
    board = stat.scenario.board
    rail: dict[str, set[str]] = defaultdict(set)
    for line in board.rails:
        for a, b in pairwise(line.hexes):
            rail[a].add(b)
            rail[b].add(a)
    return Network(
        links={h: tuple(stat.adjacency()[h]) for h in board.hexes},
        rail_links={h: tuple(sorted(n)) for h, n in rail.items()},
        far=len(board.hexes) + 1,
    )


def friendly_rail(st: State, side: str, nationality: str = "") -> frozenset[str]:
    """5.32, 9.15 rail hexes in the countries Friendly to ``side``'s units of ``nationality``
    (the game's :meth:`RailRules.friendly_countries`), whoever last occupied them: the one
    definition rail movement and supply share."""
    key = ("friendly-rail", side, nationality)
    found = st.game.static.derived.get(key)  # (a hot path: no closure once built)
    if found is not None:
        return found  # type: ignore[no-any-return]
    return per_game(st, key, lambda: _friendly_rail(st, side, nationality))  # type: ignore[no-any-return]


def _friendly_rail(st: State, side: str, nationality: str) -> frozenset[str]:
    stat = U.static(st)
    countries = U.rules(st).friendly_countries(st, side, nationality)
    board = stat.scenario.board
    return frozenset(h for h in stat.rail_hexes if board.country.get(h) in countries)


def class_network(st: State, cls: SupplyClass) -> ClassNetwork:
    def build() -> ClassNetwork:
        rules = U.rules(st)
        return ClassNetwork(
            links=rules.supply_links(st, cls),
            friendly_rail=friendly_rail(st, cls.side, cls.nationality),
            edges=rules.supply_edges(st, cls),
        )

    return per_game(st, ("supply-class", cls), build)  # type: ignore[no-any-return]


def supply_range(st: State, uid: str) -> int:
    """The unit's Supply Range in hexes now (9.12, the game's rules)."""
    return _ranges(st)[uid]


def _ranges(st: State) -> dict[str, int]:
    """Every unit's Supply Range this Game-Turn (:meth:`SupplyRules.supply_range`)."""
    turn = st.data["turn"]

    def build() -> dict[str, int]:
        rules = U.rules(st)
        return {uid: rules.supply_range(st, uid) for uid in U.static(st).units}

    return per_game(st, ("supply-ranges", turn), build)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class _Sorted:
    """The units of each side by supply class, and the Enemy zones each may cross (9.14)."""

    #: side -> class -> its units, in counter order
    classes: dict[str, dict[SupplyClass, tuple[str, ...]]]
    #: unit -> its class
    of: dict[str, SupplyClass]
    #: unit -> Enemy-controlled hexes its line may pass through
    zones: dict[str, int]


def _sorted(st: State) -> _Sorted:
    def build() -> _Sorted:
        rules = U.rules(st)
        classes: dict[str, dict[SupplyClass, list[str]]] = defaultdict(dict)
        of: dict[str, SupplyClass] = {}
        for uid, ui in U.static(st).units.items():
            of[uid] = rules.supply_class(st, uid)
            classes[ui.side].setdefault(of[uid], []).append(uid)
        return _Sorted(
            classes={s: {c: tuple(u) for c, u in by.items()} for s, by in classes.items()},
            of=of,
            zones={uid: rules.supply_enemy_zones(st, uid) for uid in U.static(st).units},
        )

    return per_game(st, "supply-sorted", build)  # type: ignore[no-any-return]


# --- the supply situation of a side, found in one pass ------------------------------------


@dataclass(frozen=True)
class ClassSupply:
    """The sources of one supply class now."""

    #: 9.15 Friendly rail hexes that are supply sources
    rail: frozenset[str]
    #: 9.13 Friendly map-edge hexes usable as sources
    edges: frozenset[str]
    #: every hex a line of the class may end in (with the depots that serve it, 9.16)
    sources: frozenset[str]


@dataclass(frozen=True)
class SupplyTable:
    """Supply of one side now (derived, cached on the revisions of both sides and the
    Game-Turn)."""

    #: hexes a line may not enter: Enemy units other than HQs, Enemy fortresses
    blocked: frozenset[str]
    #: Enemy-controlled hexes without a Friendly unit or fortress (7.24)
    enemy_zones: frozenset[str]
    #: 9.15 Friendly rail hexes that are supply sources (of any class)
    rail: frozenset[str]
    #: 9.13 Friendly map-edge hexes usable as sources (of any class)
    edges: frozenset[str]
    #: 9.16 supply depots (unit ids) in supply
    depots: frozenset[str]
    #: every hex a line of supply of some class may end in
    sources: frozenset[str]
    #: unit on the map -> whether it can trace a line of supply (9.12-9.16)
    line: dict[str, bool]
    #: the sources of each supply class with units on the map
    classes: dict[SupplyClass, ClassSupply]
    # what the table was found from, for :func:`_updated_table` (not part of its value):
    #: unit -> the hexes its line's search read (units whose line was searched)
    reads: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)
    #: the hexes the searches of the depots' supply read (9.16)
    depot_reads: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: the hex of every unit on the map (of every side)
    where: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: the Enemy's zones of control, as a tally (:func:`zoc.control_tally`)
    zones: Tally | None = field(default=None, compare=False, repr=False)
    #: who last occupied each hex (``state.data["control"]``, 5.33, 9.15)
    control: dict[str, str] = field(default_factory=dict, compare=False, repr=False)


def supply_cached(st: State, name: str, build: Callable[[State], Any]) -> Any:
    """A table derived from supply: rebuilt when any unit changes or the Game-Turn does
    (ranges and sources may go by Game-Turn, R8; control stamped with it, R5)."""
    key = (name, U.revision(st), st.data["turn"])
    return st.memo(key, lambda: build(st))


def table(st: State, side: str) -> SupplyTable:
    """The supply situation of ``side`` (one pass per change of either side's units)."""
    return supply_cached(st, f"supply:{side}", lambda s: _table_now(s, side))  # type: ignore[no-any-return]


def _table_now(st: State, side: str) -> SupplyTable:
    """The side's table: the last one found, updated (:func:`_updated_table`) when it is
    of this Game-Turn and the units changed since are known; else built afresh."""
    turn = st.data["turn"]

    def since(then: tuple[Any, int], last: SupplyTable) -> SupplyTable | None:
        changed = U.changed_between(st, then[0]) if then[1] == turn else None
        return None if changed is None else _updated_table(st, side, last, changed)

    key = (U.counts(st), turn)
    return st.kept(("supply_last", side), key, _build_table, st, side, update=since)  # type: ignore[no-any-return]


def _updated_table(st: State, side: str, old: SupplyTable, changed: set[str]) -> SupplyTable:
    """``old`` updated by the ``changed`` units of any side (issue 18).

    The hexes that close lines (9.14 Enemy-occupied; Enemy zones, 7.2, but where a
    Friendly unit negates them, 7.24) are read again only where a changed unit stood or
    stands, or its zone of control reached or reaches (:func:`_where_changed`); each
    class's rail and map-edge sources only where those hexes or who last occupied a hex
    changed at a Friendly rail hex or map edge (:func:`_bases_now`); the depots in supply
    (9.16) only when the sources changed, a depot of the side did, or their searches read
    a hex that did.  Every line stands whose search read none of those hexes nor a source
    its class gained or lost (a line reads only its own hex, range and Enemy zones
    allowed, and those hexes): only the changed units' lines and those are traced again
    (:func:`_lines_again`)."""
    units = U.static(st).units
    where = _where_changed(st, side, old, changed)
    moved = where.flipped | where.zoned
    blocked = old.blocked ^ where.flipped if where.flipped else old.blocked
    enemy_zones = old.enemy_zones ^ where.zoned if where.zoned else old.enemy_zones
    control = st.data["control"]
    ruled: frozenset[str] = frozenset()  # (hexes whose last occupier changed, 5.33)
    if control == old.control:
        control = old.control
    else:
        ruled = frozenset(h for h, c in control.items() if old.control.get(h) != c)
        ruled |= old.control.keys() - control.keys()
        control = dict(control)
    base = _bases_now(st, side, old, moved | ruled, blocked, enemy_zones)
    depots, depot_reads, classes = old.depots, old.depot_reads, old.classes
    own_depot = any(units[u].side == side and units[u].type == "supply_depot" for u in changed)
    if base is not None or own_depot or not old.depot_reads.isdisjoint(moved):
        if base is None:
            base = {cls: (kept.rail, kept.edges) for cls, kept in old.classes.items()}
        depots, depot_reads = _supplied_depots(st, side, base, blocked | enemy_zones)
        classes = {
            cls: _class_supply(st, cls, *base[cls], depots, kept)
            for cls, kept in old.classes.items()
        }
    rail, edges, sources = old.rail, old.edges, old.sources
    if classes is not old.classes:
        rail, edges, sources = _every_class(classes)
    closing = _Closing(blocked, enemy_zones, classes, depots)
    line, reads = _lines_again(st, side, old, closing, changed, where)
    return SupplyTable(
        blocked=blocked,
        enemy_zones=enemy_zones,
        rail=rail,
        edges=edges,
        depots=depots,
        sources=sources,
        line=line,
        classes=classes,
        reads=reads,
        depot_reads=depot_reads,
        where=where.hexes,
        zones=where.zones,
        control=control,
    )


@dataclass(frozen=True)
class _Moved:
    """What the units changed since a supply table moved (:func:`_where_changed`)."""

    #: the hex of every unit on the map now (of every side)
    hexes: dict[str, str]
    #: the Enemy's zones of control now, as a tally
    zones: Tally
    #: hexes that block the side's lines now and did not, or the reverse (9.14, 5.13)
    flipped: frozenset[str]
    #: hexes Enemy-controlled for the side's lines now and not before, or the reverse
    zoned: frozenset[str]
    #: whether a unit of the side came onto the map or left it
    joined: bool


def _where_changed(st: State, side: str, old: SupplyTable, changed: set[str]) -> _Moved:
    """The hexes where what closes ``side``'s lines changed since ``old`` was found: read
    again (:func:`_closing_at`) where a changed unit stood or stands, or where the zone
    of an Enemy one reached or reaches (7.1)."""
    stat = U.static(st)
    units = stat.units
    enemy = stat.enemy[side]
    zones = zoc.control_tally(st, enemy)
    assert old.zones is not None
    records = st.data["units"]
    where = dict(old.where)
    touched: set[str] = set()
    joined = False
    for uid in changed:
        was = where.pop(uid, None)
        rec = records[uid]
        now = rec["hex"] if rec["status"] == "on_map" else None
        if was is not None:
            touched.add(was)
        if now is not None:
            where[uid] = now
            touched.add(now)
        if units[uid].side == enemy:
            touched.update(old.zones.of.get(uid, ()))
            touched.update(zones.of.get(uid, ()))
        elif units[uid].side == side and (was is None) != (now is None):
            joined = True
    occupancy = U.occupancy(st)
    count = zones.count
    flipped: set[str] = set()
    zoned: set[str] = set()
    fortresses = stat.fortress_side
    for h in touched:
        ids = occupancy.get(h)
        if ids or h in fortresses:
            blocks, present = _closing_at(st, side, h, ids or ())
        else:
            blocks = present = False  # (an empty hex: as _closing_at reads it)
        if blocks != (h in old.blocked):
            flipped.add(h)
        if (h in count and not present) != (h in old.enemy_zones):
            zoned.add(h)
    return _Moved(where, zones, frozenset(flipped), frozenset(zoned), joined)


class _Closing(NamedTuple):
    """What lines are traced through and toward now (:func:`_lines_again`)."""

    blocked: frozenset[str]
    enemy_zones: frozenset[str]
    classes: dict[SupplyClass, ClassSupply]
    depots: frozenset[str]


def _lines_again(
    st: State, side: str, old: SupplyTable, now: _Closing, changed: set[str], where: _Moved
) -> tuple[dict[str, bool], dict[str, frozenset[str]]]:
    """The lines in the situation ``now`` (:func:`_updated_table`), and what their searches
    read: ``old``'s, but those of the side's units that moved or came onto the map traced
    again, and each line a change may have made or broken (:func:`_may_turn`); each
    depot's read off the depots in supply (9.16).  A unit changed in place keeps its line
    but as the others do: a line reads the unit's hex, range and Enemy zones allowed (by
    Game-Turn and per game), and :meth:`SupplyRules.always_supplied` its identity and hex."""
    units = U.static(st).units
    of = _sorted(st).of
    reads = dict(old.reads)
    again: set[str] = set()
    for uid in changed:  # (a unit changed in place keeps its line: it reads only its hex)
        here = where.hexes.get(uid)
        if units[uid].side == side and (here is None or here != old.where.get(uid)):
            reads.pop(uid, None)
            if here is not None:
                again.add(uid)
    line = old.line
    if now.classes is old.classes:  # (the same turns for every class: no source changed)
        made, broken = _may_turn(old, now, None, where)
        if made or broken:
            again.update(
                uid
                for uid, hexes in reads.items()
                if not hexes.isdisjoint(broken if line[uid] else made)
            )
    else:
        turns = {cls: _may_turn(old, now, cls, where) for cls in old.classes}
        for uid, hexes in reads.items():
            made, broken = turns[of[uid]]
            if not hexes.isdisjoint(broken if line[uid] else made):
                again.add(uid)
    by_class: dict[SupplyClass, list[str]] = defaultdict(list)
    for uid in again:
        by_class[of[uid]].append(uid)
    traced: dict[str, bool] = {}
    for cls, uids in by_class.items():
        sources = now.classes[cls].sources
        blocked, zones = now.blocked, now.enemy_zones
        traced.update(_trace_lines(st, cls, uids, sources, blocked, zones, now.depots, reads, {}))
    if now.depots != old.depots:
        for uid in U.cached_of(st, "supply depots", _depots_on_map, side):
            traced[uid] = uid in now.depots  # 9.16
    if where.joined:  # (in the order a table built afresh lists them)
        members = U.cached_of(st, "supply members", _members, side)
        return {
            uid: traced[uid] if uid in traced else old.line[uid]
            for uids in members.values()
            for uid in uids
        }, reads
    line = dict(old.line)
    line.update(traced)
    return line, reads


def _may_turn(
    old: SupplyTable, now: _Closing, cls: SupplyClass | None, where: _Moved
) -> tuple[frozenset[str], frozenset[str]]:
    """The hexes whose change may make a line of ``cls`` that was not (a hex no longer
    blocked nor Enemy-controlled, a source gained) and those whose change may break one
    that was (blocked or Enemy-controlled now, a source lost): a line's search only finds
    more through the first and less through the second (9.12-9.14), so a line stands
    unless its search read one of them (a line found reads only its own hexes).  ``cls``
    None: the sources stand."""
    made: set[str] = set()
    broken: set[str] = set()
    for h in where.flipped:
        (broken if h in now.blocked else made).add(h)
    for h in where.zoned:
        (broken if h in now.enemy_zones else made).add(h)
    if cls is None:
        return frozenset(made), frozenset(broken)
    before, after = old.classes[cls].sources, now.classes[cls].sources
    if before is not after:
        return frozenset(made | (after - before)), frozenset(broken | (before - after))
    return frozenset(made), frozenset(broken)


def _class_supply(
    st: State,
    cls: SupplyClass,
    rail: frozenset[str],
    edges: frozenset[str],
    depots: frozenset[str],
    kept: ClassSupply | None = None,
) -> ClassSupply:
    """The sources of ``cls``: its rail sources and map edges, and the hexes of the depots
    in supply that serve it (9.13, 9.16); ``kept`` itself when they are its own."""
    rules = U.rules(st)
    served = {U.record(st, d)["hex"] for d in depots if rules.depot_serves(st, d, cls)}
    sources = rail | edges | served
    if kept is not None and (kept.rail, kept.edges, kept.sources) == (rail, edges, sources):
        return kept
    return ClassSupply(rail, edges, sources)


def _closing_at(st: State, side: str, h: str, ids: Sequence[str]) -> tuple[bool, bool]:
    """Whether hex ``h`` (holding the units ``ids``) blocks ``side``'s lines, and whether
    ``side`` is present there to negate Enemy control (7.24): :func:`_occupation` read at
    one hex."""
    blocks, present = _occupants_close(st, side, ids) if ids else (False, False)
    owner = U.static(st).fortress_side.get(h)
    if owner is not None and not zoc.fortress_destroyed(st, h):
        if owner == side:
            present = True  # 7.24 a Friendly fortress negates Enemy control
        else:
            blocks = True  # 5.13 an Enemy fortress blocks
    return blocks, present


def _bases_now(
    st: State,
    side: str,
    old: SupplyTable,
    moved: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
) -> dict[SupplyClass, tuple[frozenset[str], frozenset[str]]] | None:
    """Each class's rail sources (9.15) and map edges (9.13) now, or None when they are
    ``old``'s: known without asking again where the game's rules read no more than the
    hexes closed and who last occupied each (:meth:`RailRules.usable_by_record_alone`, no
    interdiction) and none of the hexes ``moved`` (closed or opened, or whose last
    occupier changed) is a Friendly rail hex or map edge; else found again and compared."""
    rules = U.rules(st)
    if (
        rules.usable_by_record_alone(st)
        and not U.overridden(rules, SupplyRules, "supply_interdicted")
        and _source_hexes(st, side).isdisjoint(moved)
    ):
        return None
    closed = blocked | enemy_zones
    base = {cls: _base(st, side, cls, blocked, closed) for cls in old.classes}
    if all(base[cls] == (kept.rail, kept.edges) for cls, kept in old.classes.items()):
        return None
    return base


def _source_hexes(st: State, side: str) -> frozenset[str]:
    """The Friendly rail hexes and map edges of every class of ``side`` (static): where a
    change of what closes lines may change a rail or map-edge source."""

    def build() -> frozenset[str]:
        found: set[str] = set()
        for cls in _sorted(st).classes.get(side, {}):
            cnet = class_network(st, cls)
            found |= cnet.friendly_rail | cnet.edges
        return frozenset(found)

    return per_game(st, ("supply-source-hexes", side), build)  # type: ignore[no-any-return]


def _build_table(st: State, side: str) -> SupplyTable:
    blocked, present = _occupation(st, side)
    enemy_zones = zoc.enemy_controlled(st, side) - present  # 7.24
    closed = blocked | enemy_zones
    # every class of the side's units has its sources (a side without units on the map
    # still has them: retreats and withdrawals measure toward them); units on the map trace
    members = U.cached_of(st, "supply members", _members, side)
    base = {cls: _base(st, side, cls, blocked, closed) for cls in members}
    depots, depot_reads = _supplied_depots(st, side, base, closed)
    line: dict[str, bool] = {}
    reads: dict[str, frozenset[str]] = {}
    classes: dict[SupplyClass, ClassSupply] = {}
    for cls, uids in members.items():
        classes[cls] = now = _class_supply(st, cls, *base[cls], depots)
        line.update(_trace_lines(st, cls, uids, now.sources, blocked, enemy_zones, depots, reads))
    records = st.data["units"]
    rail, edges, sources = _every_class(classes)
    return SupplyTable(
        blocked=blocked,
        enemy_zones=enemy_zones,
        rail=rail,
        edges=edges,
        depots=depots,
        sources=sources,
        line=line,
        classes=classes,
        reads=reads,
        depot_reads=depot_reads,
        where={uid: records[uid]["hex"] for uid in U.on_map(st)},
        zones=zoc.control_tally(st, U.static(st).enemy[side]),
        control=dict(st.data["control"]),
    )


def _every_class(
    classes: dict[SupplyClass, ClassSupply],
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The rail sources, map edges and sources of every class together (the table's)."""
    every = list(classes.values())
    return (
        frozenset().union(*(c.rail for c in every)),
        frozenset().union(*(c.edges for c in every)),
        frozenset().union(*(c.sources for c in every)),
    )


def _members(st: State, side: str) -> dict[SupplyClass, list[str]]:
    """The units on the map of each supply class of ``side`` (every class, in counter
    order; read, never changed)."""
    units = st.data["units"]
    return {
        cls: [uid for uid in uids if units[uid]["status"] == "on_map"]
        for cls, uids in _sorted(st).classes.get(side, {}).items()
    }


def _occupation(st: State, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """Hexes that block ``side``'s lines, and hexes where ``side`` is present (7.24).

    Each side's part (:func:`_held`) is kept until its own units change; a hex holding
    units of two sides (never in play) is sorted by its first unit, as in one pass."""
    stat = U.static(st)
    held, _, present_held = _held(st, side)
    blocked: set[str] = set()
    others: set[str] = set()
    for other in stat.side_ids:
        if other != side:
            there, stopping, _ = _held(st, other)
            blocked |= stopping  # 9.14 Enemy-occupied; 9.17 Enemy HQs alone do not block
            others |= there
    present: set[str]
    if held & others:
        blocked, present = _sorted_by_first_unit(st, side)
    else:
        present = set(present_held)
    for h, owner in stat.fortress_side.items():
        if not zoc.fortress_destroyed(st, h):
            # 7.24 a Friendly fortress negates Enemy control; an Enemy one blocks (5.13)
            (present if owner == side else blocked).add(h)
    return frozenset(blocked), frozenset(present)


def _held(st: State, side: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The hexes of ``side``'s units on the map: all, those with a unit other than an HQ
    (9.14, 9.17), those with a unit that negates Enemy control (7.24); kept until the
    side's units change."""
    return U.cached_of(st, "supply held", _build_held, side)  # type: ignore[no-any-return]


def _build_held(st: State, side: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    units = U.static(st).units
    negates = U.rules(st).negates_enemy_control
    records = st.data["units"]
    held: set[str] = set()
    stopping: set[str] = set()
    present: set[str] = set()
    for uid in U.on_map(st, side):
        h = records[uid]["hex"]
        held.add(h)
        if not units[uid].hq:
            stopping.add(h)
        if h not in present and negates(st, uid):
            present.add(h)
    return frozenset(held), frozenset(stopping), frozenset(present)


def _sorted_by_first_unit(st: State, side: str) -> tuple[set[str], set[str]]:
    """The occupied hexes that block ``side``'s lines and those where it is present, each
    hex read as the side of its first unit."""
    blocked: set[str] = set()
    present: set[str] = set()
    for h, ids in U.occupancy(st).items():
        blocks, negated = _occupants_close(st, side, ids)
        if blocks:
            blocked.add(h)
        if negated:
            present.add(h)
    return blocked, present


def _occupants_close(st: State, side: str, ids: Sequence[str]) -> tuple[bool, bool]:
    """Whether the units of one hex (``ids``, not empty) block ``side``'s lines (9.14; HQs
    alone do not, 9.17) and whether they make ``side`` present there (7.24), the hex read
    as the side of its first unit."""
    units = U.static(st).units
    if units[ids[0]].side == side:
        negates = U.rules(st).negates_enemy_control
        return False, any(negates(st, uid) for uid in ids)
    return any(not units[uid].hq for uid in ids), False


def _base(
    st: State, side: str, cls: SupplyClass, blocked: frozenset[str], closed: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """The class's rail sources (9.15) and Friendly map edges (9.13) now."""
    cnet = class_network(st, cls)
    rules = U.rules(st)
    cut = rules.supply_interdicted(st, cls)
    rail = _class_rail(st, side, cls, closed, cut)
    # 9.13 map edges: not Enemy-occupied nor last occupied by an Enemy unit (nor a rail
    # hex the game's rules interdict: Caporetto 9.19)
    edges = rules.usable_hexes(st, side, cnet.edges - blocked - cut)
    return rail, edges


def lines_within(
    st: State, side: str, cls: SupplyClass, opened: frozenset[str], closed: frozenset[str]
) -> dict[str, bool]:
    """The lines of ``side``'s units of class ``cls`` (9.12-9.15) were the Enemy zones in
    ``opened`` negated by a Friendly unit and those in ``closed`` no longer (7.24): what a
    unit that stands in a hex or leaves it alone would make of the others' supply (the
    computer players ask).  Depots serve as they do now."""
    now = table(st, side)
    zones = (now.enemy_zones - opened) | (closed & zoc.enemy_controlled(st, side))
    rules = U.rules(st)
    rail = _class_rail(st, side, cls, now.blocked | zones, rules.supply_interdicted(st, cls))
    served = {U.record(st, d)["hex"] for d in now.depots if rules.depot_serves(st, d, cls)}
    sources = rail | now.classes[cls].edges | served
    units = U.cached_of(st, "supply members", _members, side).get(cls, [])
    return _trace_lines(st, cls, units, sources, now.blocked, zones, now.depots)


def _class_rail(
    st: State, side: str, cls: SupplyClass, closed: frozenset[str], cut: frozenset[str]
) -> frozenset[str]:
    """9.15 the class's rail sources were ``closed`` the hexes a line may not pass and
    ``cut`` the rail the game's rules interdict (the table's, and :func:`lines_within`'s)."""
    needs_edge = U.rules(st).rail_source_needs_edge(st, cls)
    return _rail_sources(st, side, class_network(st, cls), closed | cut, needs_edge)


def _rail_sources(
    st: State, side: str, cnet: ClassNetwork, closed: frozenset[str], traced: bool = True
) -> frozenset[str]:
    """9.15 Friendly rail hexes joined by contiguous usable rail hexes to a Friendly map edge
    (every usable one when the game's rules do not ask for the path, ``traced`` False)."""
    usable: frozenset[str] = U.rules(st).usable_rail(st, side, cnet.friendly_rail, closed)
    if not traced:
        return usable
    kept = U.static(st).bounded("supply-rail-paths", RAIL_PATHS_KEPT)
    key = (cnet.edges, usable)
    found: frozenset[str] | None = kept.get(key)
    if found is None:
        found = kept.put(key, _rail_paths(network(st).rail_links, cnet.edges, usable))
    return found


#: how many searches of rail paths a game keeps (:func:`_rail_sources`; the oldest go first)
RAIL_PATHS_KEPT = 64


def _rail_paths(
    rail_links: dict[str, tuple[str, ...]], edges: frozenset[str], usable: frozenset[str]
) -> frozenset[str]:
    """9.15 the ``usable`` rail hexes joined by contiguous ``usable`` rail hexes to one of
    ``edges`` (memoised per game on exactly these, :func:`_rail_sources`)."""
    frontier = [h for h in edges if h in usable]
    reached = set(frontier)
    while frontier:
        following = []
        for h in frontier:
            for n in rail_links.get(h, ()):
                if n in usable and n not in reached:
                    reached.add(n)
                    following.append(n)
        frontier = following
    return frozenset(reached)


def _relax(
    links: dict[str, tuple[str, ...]],
    far: int,
    starts: Iterable[str],
    closed: frozenset[str],
    limit: int,
    dist: dict[str, int],
) -> None:
    """Lower ``dist`` (hexes to the nearest start) by a breadth-first search from ``starts``
    through hexes not ``closed``, up to ``limit`` hexes."""
    frontier = []
    for h in starts:
        if dist.get(h, far) > 0:
            dist[h] = 0
            frontier.append(h)
    d = 0
    while frontier and d < limit:
        d += 1
        following = []
        for h in frontier:
            for n in links[h]:
                if n not in closed and dist.get(n, far) > d:
                    dist[n] = d
                    following.append(n)
        frontier = following


def _supplied_depots(
    st: State,
    side: str,
    base: dict[SupplyClass, tuple[frozenset[str], frozenset[str]]],
    closed: frozenset[str],
) -> tuple[frozenset[str], frozenset[str]]:
    """9.16 depots within their own Supply Range of a source of their class or of a
    supplied depot that serves their class (chains), by a path of hexes not ``closed``;
    and the hexes their searches read (the same depots are found in any situation that
    differs in none of them and in no depot).

    Each depot searches back from its own hex (:func:`_reaches`) for a source of its
    class (not itself closed) or the hex of a supplied depot that serves its class (a
    supplied depot feeds from its hex, whatever holds it), until no depot is added:
    the least set closed under the rule, in any order."""
    depots = U.cached_of(st, "supply depots", _depots_on_map, side)
    if not depots:
        return frozenset(), frozenset()
    rules = U.rules(st)
    of = _sorted(st).of
    reach = _ranges(st)
    hexes = {uid: U.record(st, uid)["hex"] for uid in depots}
    starts: dict[SupplyClass, frozenset[str]] = {}
    backs: dict[SupplyClass, dict[str, tuple[str, ...]]] = {}
    kept: dict[SupplyClass, dict[Any, _Answer]] = {}  # (searches found in this situation)
    supplied = [uid for uid in depots if rules.always_supplied(st, uid)]
    searched: dict[str, int] = {}  # depot -> how many depots fed its class when it searched
    read: list[frozenset[str]] = []  # (the hexes each search read)
    progress = True
    while progress:
        progress = False
        for uid in depots:
            if uid in supplied:
                continue
            cls = of[uid]
            feeding = {hexes[d] for d in supplied if rules.depot_serves(st, d, cls)}
            if searched.get(uid) == len(feeding):
                continue  # (no new depot feeds it: the same search)
            searched[uid] = len(feeding)
            if cls not in starts:
                rail, edges = base[cls]
                starts[cls] = (rail | edges) - closed
                backs[cls] = reverse_links(st, cls)
                kept[cls] = _situation_answers(st, ("supply-depots", cls), (starts[cls], closed))
            key = (hexes[uid], frozenset(feeding), reach[uid])
            found = kept[cls].get(key)
            if found is None:
                found = kept[cls][key] = _depot_search(backs[cls], starts[cls], closed, *key)
            read.append(found[1])
            if found[0]:
                supplied.append(uid)
                progress = True
    return frozenset(supplied), frozenset().union(*read)


def _depots_on_map(st: State, side: str) -> list[str]:
    """The supply depots of ``side`` on the map, in counter order (read, never changed)."""
    units = U.static(st).units
    return [uid for uid in U.on_map(st, side) if units[uid].type == "supply_depot"]


def _depot_search(
    back: dict[str, tuple[str, ...]],
    sources: frozenset[str],
    closed: frozenset[str],
    here: str,
    feeding: frozenset[str],
    limit: int,
) -> _Answer:
    """:func:`_reaches`, and the hexes its search read (looked up in ``sources`` or
    ``closed``): the answer stands in any situation that differs in none of them (the
    depots that feed are the key's, :func:`_situation_answers`)."""
    expanded: list[str] = []
    found = _reaches(back, here, sources, feeding, closed, limit, expanded)
    return found, _read(back, here, expanded)


def _reaches(
    back: dict[str, tuple[str, ...]],
    here: str,
    sources: frozenset[str],
    feeding: Set[str],
    closed: frozenset[str],
    limit: int,
    expanded: list[str] | None = None,
) -> bool:
    """Whether a path of at most ``limit`` hexes runs from one of ``sources`` or ``feeding``
    (the targets) to ``here`` through hexes not ``closed`` (``here`` too, unless it is a
    target; the target hex itself may be closed), searched backward from ``here`` along
    ``back`` (each hex searched from noted in ``expanded``, if given)."""
    if here in sources or here in feeding:
        return True
    if here in closed:
        return False
    seen = {here}
    frontier = [here]
    d = 0
    while frontier and d < limit:
        d += 1
        following = []
        for h in frontier:
            if expanded is not None:
                expanded.append(h)
            for p in back.get(h, ()):
                if p in seen:
                    continue
                if p in sources or p in feeding:
                    return True
                seen.add(p)
                if p not in closed:
                    following.append(p)
        frontier = following
    return False


def class_of(st: State, uid: str) -> SupplyClass:
    """The supply class ``uid`` traces its line as (the game's rules sort the units)."""
    return _sorted(st).of[uid]


def reverse_links(st: State, cls: SupplyClass) -> dict[str, tuple[str, ...]]:
    """The class's links backward: for each hex, the hexes whose links lead into it (a
    line's search from the unit toward the sources; built once per game)."""

    def build() -> dict[str, tuple[str, ...]]:
        links = class_network(st, cls).links
        back: dict[str, list[str]] = {h: [] for h in links}
        for h, ns in links.items():
            for n in ns:
                back.setdefault(n, []).append(h)
        return {h: tuple(ps) for h, ps in back.items()}

    return per_game(st, ("supply-reverse", cls), build)  # type: ignore[no-any-return]


def _trace_lines(
    st: State,
    cls: SupplyClass,
    units: list[str],
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    depots: frozenset[str],
    reads: dict[str, frozenset[str]] | None = None,
    answers: dict[tuple[str, int, int], _Answer] | None = None,
) -> dict[str, bool]:
    """Each unit of one class: a line within its own range crossing no more Enemy-controlled
    hexes than it may (9.12-9.14), or always in supply by the game's rules.

    A unit's line is found by a search back from its hex (:func:`_search_back`): its
    answer is kept (:func:`_lines_kept`, or in ``answers`` if given) while none of the
    hexes it read has changed; those hexes go in ``reads``, if given."""
    stat = U.static(st)
    rules = U.rules(st)
    allowed = _sorted(st).zones
    reach = _ranges(st)
    if answers is None:
        answers = _lines_kept(st, cls, sources, blocked, enemy_zones)
    back = reverse_links(st, cls)
    records = st.data["units"]
    infos = stat.units
    # (the standard rules supply no unit without a line: not asked of each unit then)
    always = rules.always_supplied if U.overridden(rules, SupplyRules, "always_supplied") else None
    line: dict[str, bool] = {}
    for uid in units:
        if infos[uid].type == "supply_depot":
            line[uid] = uid in depots  # 9.16
            continue
        if always is not None and always(st, uid):
            line[uid] = True
            continue
        key = (records[uid]["hex"], allowed[uid], reach[uid])
        found = answers.get(key)
        if found is None:
            found = answers[key] = _search_back(back, sources, blocked, enemy_zones, *key)
        line[uid] = found[0]
        if reads is not None:
            reads[uid] = found[1]
    return line


_Answer = tuple[bool, frozenset[str]]


def _search_back(
    back: dict[str, tuple[str, ...]],
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    here: str,
    crossing: int,
    limit: int,
) -> _Answer:
    """9.12-9.14 whether a line of at most ``limit`` hexes (the unit's hex not counted)
    runs from one of ``sources`` to ``here``, entering no ``blocked`` hex (the source
    itself may be one) and passing through at most ``crossing`` ``enemy_zones`` (every
    hex of the line counted, the source and ``here`` too), and the hexes the search read
    (looked up in ``sources``, ``blocked`` or ``enemy_zones``): a breadth-first search
    back from ``here`` along ``back``, a hex searched again only through fewer Enemy
    zones.  Its answer is the same in any situation that differs from this one in none
    of those hexes; a line found stands, too, in any situation that differs in none of
    the hexes of that line (sources, blocked and Enemy zones elsewhere cannot break it),
    so a line found names only its own hexes as read."""
    c = 1 if here in enemy_zones else 0
    if c > crossing or here in sources or here in blocked:
        return c <= crossing and here in sources, frozenset((here,))
    fewest = {here: c}
    too_many = crossing + 1
    # each entry with the line searched back to it: (hex, the entry it was reached from)
    frontier: list[tuple[str, int, _Back]] = [(here, c, None)]
    expanded = []
    d = 0
    while frontier and d < limit:
        d += 1
        following: list[tuple[str, int, _Back]] = []
        for h, c, came in frontier:
            expanded.append(h)
            step: _Back = (h, came)
            for p in back.get(h, ()):
                crossed = c + 1 if p in enemy_zones else c
                if crossed < fewest.get(p, too_many):
                    if p in sources:
                        return True, _line_hexes(p, step)
                    fewest[p] = crossed
                    if p not in blocked:
                        following.append((p, crossed, step))
        frontier = following
    return False, _read(back, here, expanded)


#: a line searched back to a hex: the hex and the line to the hex it was reached from
_Back = tuple[str, "_Back"] | None


def _line_hexes(source: str, step: _Back) -> frozenset[str]:
    """The hexes of the line a search back found: the source and each hex back to the
    unit's own."""
    hexes = [source]
    while step is not None:
        hexes.append(step[0])
        step = step[1]
    return frozenset(hexes)


def _read(back: dict[str, tuple[str, ...]], here: str, expanded: list[str]) -> frozenset[str]:
    """The hexes a search back from ``here`` read: its own and each searched hex's links."""
    return frozenset((here,)).union(*(back.get(h, ()) for h in expanded))


#: the supply situations whose lines a game keeps for each class (the oldest go first)
LINES_KEPT = 16
#: beyond this many hexes changed, no lines are carried over from another situation
LINES_CHANGED_MOST = 400

_Situation = tuple[frozenset[str], frozenset[str], frozenset[str]]


def _lines_kept(
    st: State,
    cls: SupplyClass,
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
) -> dict[tuple[str, int, int], _Answer]:
    """The lines of ``cls`` found so far in this supply situation (its sources, blocked
    hexes and Enemy zones): (hex, Enemy zones it may cross, range) -> whether a line is
    traced from there and the hexes its search read; kept per game for the latest
    situations (:func:`_situation_answers`)."""
    return _situation_answers(st, ("supply-lines", cls), (sources, blocked, enemy_zones))


def _situation_answers(
    st: State, name: object, now: tuple[frozenset[str], ...]
) -> dict[Any, _Answer]:
    """The answers kept per game under ``name`` for the situation ``now`` (sets of hexes
    a search reads): those found in it so far, else a new dict holding the answers of the
    latest situation kept whose search read none of the hexes changed since (in or out of
    one of the sets): each would be found the same again."""
    memo = U.static(st).bounded(name, LINES_KEPT)
    found: dict[Any, _Answer] | None = memo.get(now)
    if found is not None:
        return found
    answers: dict[Any, _Answer] = {}
    if memo:
        then, kept = next(reversed(memo.items()))
        changed: frozenset[str] = frozenset().union(
            *(a ^ b for a, b in zip(now, then, strict=True) if a is not b)
        )
        if len(changed) <= LINES_CHANGED_MOST:
            answers = {key: answer for key, answer in kept.items() if answer[1].isdisjoint(changed)}
    return memo.put(now, answers)  # type: ignore[no-any-return]


def hexes_within(
    links: dict[str, tuple[str, ...]],
    starts: Iterable[str],
    most: int,
    closed: frozenset[str] = frozenset(),
) -> dict[str, int]:
    """Hexes at most ``most`` links from one of ``starts`` (any hex) through hexes not
    ``closed`` (a start may be): their distance, nearest first."""
    dist = dict.fromkeys(starts, 0)
    frontier = list(dist)
    d = 0
    while frontier and d < most:
        d += 1
        following = []
        for h in frontier:
            for n in links.get(h, ()):
                if n not in dist and n not in closed:
                    dist[n] = d
                    following.append(n)
        frontier = following
    return dist


# --- the interface ---------------------------------------------------------------------


def has_line(st: State, uid: str) -> bool:
    """Whether a unit on the map can trace a line of supply now (9.12-9.17)."""
    return table(st, U.info(st, uid).side).line.get(uid, False)


def in_supply(st: State, uid: str) -> bool:
    """Whether the unit can trace a line of supply now (9.12-9.17, 11.22).

    HQs always are (10.35: being out of supply has no effect on them), and
    so are units not on the map (nothing to trace; 9.21 no effect on rail
    movement off the map).
    """
    ui = U.info(st, uid)
    if ui.hq or U.record(st, uid)["status"] != "on_map":
        return True
    return has_line(st, uid) or fortress_fed(st, uid)


def movement_halved(st: State, uid: str) -> bool:
    """9.21: out of supply as determined in this Movement Phase's Initial Supply Segment
    (unless the game's rules let the unit move normally: Brusilov 19.42)."""
    return OUT_OF_SUPPLY in st.data["units"][uid]["markers"] and U.rules(st).supply_halves_movement(
        st, uid
    )


def attack_halved(st: State, uid: str) -> bool:
    """9.21: out of supply at the instant of combat (9.11); HQs never (10.35, 10.51).

    A unit that only feeds off a fortress gives that up by attacking (11.22),
    so it is halved too.
    """
    ui = U.info(st, uid)
    if ui.hq or U.record(st, uid)["status"] != "on_map":
        return False
    return not has_line(st, uid)


def check_attacker_attrition(st: State, attackers: list[str]) -> None:
    """9.23 (and 11.22): attackers out of supply at the instant of combat roll for attrition
    as in 9.22, immediately before the odds are computed; HQs are immune (9.24).

    Who is out of supply is settled for all attackers before any die is
    rolled; the rolls go in counter order, whatever the order of ``attackers``.
    """
    chosen = set(attackers)
    due = [
        (uid, fortress_fed(st, uid))
        for uid in U.static(st).units
        if uid in chosen
        and (attack_halved(st, uid) or U.rules(st).attack_attrition_due(st, uid))
        and not U.rules(st).attack_attrition_exempt(st, uid)
    ]
    for uid, fed in due:
        if fed:
            attrition(st, uid, "11.22", "attacks from the fortress it feeds off")
        else:
            why, case = U.rules(st).attack_attrition_reason(st, uid)
            attrition(st, uid, case, why)


def fortress_fed(st: State, uid: str) -> bool:
    """11.22: the unit lacks a line of supply but is in supply by feeding off the Friendly
    fortress it is stacked with (at most one unit per fortress)."""
    ui = U.info(st, uid)
    rec = U.record(st, uid)
    if ui.hq or rec["status"] != "on_map" or has_line(st, uid):
        return False
    here = rec["hex"]
    if not _friendly_fortress(st, here, ui.side):
        return False
    candidates = feeding_candidates(st, here)
    chosen = st.data.get(FORTRESS_FED, {}).get(here)
    if chosen in candidates:
        return chosen == uid  # type: ignore[no-any-return]
    return candidates == [uid]  # the only one: no choice to make


def feeding_candidates(st: State, hex_label: str) -> list[str]:
    """Units in ``hex_label`` (HQs aside) that lack a line of supply (11.22)."""
    units = U.static(st).units
    return [uid for uid in U.units_in(st, hex_label) if not units[uid].hq and not has_line(st, uid)]


def _friendly_fortress(st: State, hex_label: str, side: str) -> bool:
    owner = U.static(st).fortress_side.get(hex_label)
    return owner == side and not zoc.fortress_destroyed(st, hex_label)


def sources(st: State, side: str) -> frozenset[str]:
    """Hexes that are Friendly supply sources of ``side`` now (9.13, 9.15, 9.16)."""
    return table(st, side).sources


def source_distance(st: State, side: str, hex_label: str) -> int | None:
    """Hexes from ``hex_label`` to the nearest Friendly supply source of ``side``
    (8.63 retreat priority, 12.13 withdrawal), or None when none can be reached.

    "Nearest" is measured along the hex grid the way a line of supply or a
    retreat would go: around prohibited terrain and hexsides and Enemy units
    (HQs alone aside, 10.52) and Enemy fortresses, without limit of range.
    Enemy zones of control are ignored here: retreats and withdrawals have
    their own rules for them (8.63 priority 2, 8.64, 12.13).  A plain hex
    count would send retreats toward a source across a lake.
    """
    dist = supply_cached(st, f"supply_distance:{side}", lambda s: _distances(s, side))
    return dist.get(hex_label)  # type: ignore[no-any-return]


def _distances(st: State, side: str) -> dict[str, int]:
    net = network(st)
    tab = table(st, side)
    dist: dict[str, int] = {}
    _relax(net.links, net.far, tab.sources, tab.blocked, net.far, dist)
    return dist


def out_of_supply_units(st: State) -> list[str]:
    """Units on the map, of both sides, out of supply now (for the map's supply overlay)."""
    units = st.data["units"]
    stat = U.static(st)
    fortresses = stat.fortress_side
    out = []
    for side in stat.side_ids:
        # each side's table names every unit of it on the map (HQs are in supply)
        for uid, traced in table(st, side).line.items():
            if traced or stat.units[uid].hq:
                continue
            # 11.22 only a unit in a fortress of its side may feed off it
            if fortresses.get(units[uid]["hex"]) != side or not fortress_fed(st, uid):
                out.append(uid)
    out.sort(key=U.order(st).__getitem__)  # (in counter order)
    return out


class SupplyRules:
    """The variation points of 9.0 (a game's rules class may override them).

    Supply is traced per :class:`SupplyClass` (R5): :meth:`supply_class` sorts the
    units, and each class has its own links (:meth:`supply_links`), map edges
    (:meth:`supply_edges`), Friendly rail (:meth:`RailRules.friendly_countries`),
    interdicted rail (:meth:`supply_interdicted`) and the depots that serve it
    (:meth:`depot_serves`); each unit its own range (:meth:`supply_range`), Enemy
    zones it may cross (:meth:`supply_enemy_zones`), or no need of a line at all
    (:meth:`always_supplied`).  Supply is on the computer players' hot path, so the
    answers are kept: ``supply_class``, ``supply_enemy_zones``, ``supply_links`` and
    ``supply_edges`` once per game (they may depend only on the unit or class and the
    map), ``supply_range`` once per Game-Turn; ``supply_interdicted`` and
    ``depot_serves`` each time supply is found, ``always_supplied`` each time a unit's
    line is (it may read the unit's identity and hex, nothing else: a unit changed in
    place keeps its answer); ``negates_enemy_control`` may read the unit's own record
    only (a table updated by the units changed reads it again only where they stand).
    """

    def attrition_exempt(self, st: State, uid: str) -> bool:
        """Units the exclusive rules spare from attrition (e.g. Caporetto 9.22)."""
        return False

    def attack_attrition_exempt(self, st: State, uid: str) -> bool:
        """Attackers out of supply spared the 9.23 attrition check: those spared attrition
        (:meth:`attrition_exempt`), unless the game's rules make them check when they
        attack (Brusilov 19.42 cavalry living off the land)."""
        return self.attrition_exempt(st, uid)

    def attack_attrition_due(self, st: State, uid: str) -> bool:
        """Attackers that check for attrition as in 9.23 though in supply (Serbia/Galicia
        24.2 foraging cavalry).  None in the standard rules."""
        return False

    def attack_attrition_reason(self, st: State, uid: str) -> tuple[str, str]:
        """Why an attacker out of supply rolls for attrition, and under which case (9.23;
        Brusilov 19.42 names cavalry living off the land)."""
        return "attacks out of supply", "9.23"

    def supply_halves_movement(self, st: State, uid: str) -> bool:
        """9.21 whether being found out of supply in the Initial Supply Segment halves the
        unit's Movement Allowance: always in the standard rules (Brusilov 19.42: cavalry
        living off the land move normally)."""
        return True

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """The phasing ``side``'s supply was just determined (9.11) in the Initial Supply
        (``"initial_supply"``) or the Attrition Segment (``"attrition"``, before the rolls):
        a game marks what it needs (Brusilov 19.4 cavalry living off the land).  Nothing
        in the standard rules."""

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        """The class a unit traces supply with: its side's, by its nationality where the
        scenario gives the nationality Friendly countries of its own (Serbia/Galicia 5.3
        "their own country"); a game sorts by more (Hindenburg 16.0, Caporetto 9.18)."""
        ui = U.info(st, uid)
        own = ui.nationality in P.parameters(st).friendly_countries
        return SupplyClass(ui.side, ui.nationality if own else "")

    def supply_range(self, st: State, uid: str) -> int:
        """9.12 the unit's Supply Range in hexes: the scenario's, by nationality or side and
        by Game-Turn (R8)."""
        return P.for_unit(st, P.parameters(st).supply_range, uid)

    def supply_enemy_zones(self, st: State, uid: str) -> int:
        """9.14 Enemy-controlled hexes the unit's line may pass through: two for TCR 1."""
        return TCR1_ENEMY_ZONES if U.info(st, uid).tcr == 1 else 0

    def supply_links(self, st: State, cls: SupplyClass) -> dict[str, tuple[str, ...]]:
        """The neighbours a line of the class may enter from each hex (built once per game):
        no prohibited terrain or hexside (9.12, 5.4).  A game removes some (Caporetto 9.18
        ridges, Serbia/Galicia 9.1 major rivers) or adds some (Caporetto 9.12 lagoons)."""
        return network(st).links

    def supply_edges(self, st: State, cls: SupplyClass) -> frozenset[str]:
        """9.13 the class's Friendly map edges (built once per game): where a rail line of a
        Friendly country leaves the map, and the map's supply sources in a Friendly
        country."""
        board = U.static(st).scenario.board
        countries = self.friendly_countries(st, cls.side, cls.nationality)  # type: ignore[attr-defined]
        exits = {
            h
            for line in board.rails
            for h in (line.hexes[0], line.hexes[-1])
            if board.is_edge(h) and board.country.get(h) in countries
        }
        exits.update(s.hex for s in board.supply_sources if s.country in countries)
        return frozenset(exits)

    def rail_source_needs_edge(self, st: State, cls: SupplyClass) -> bool:
        """9.15 whether a Friendly rail hex is a source only when a path of usable rail
        hexes joins it to a Friendly map edge: always in the standard rules (a game may
        read its own rail rules otherwise: Hindenburg 16.22's option)."""
        return True

    def supply_interdicted(self, st: State, cls: SupplyClass) -> frozenset[str]:
        """Friendly rail hexes that are no source of the class now (neither as rail, 9.15,
        nor as a map edge, 9.13) and cut its rail paths (Caporetto 9.19 rail
        interdiction).  None in the standard rules."""
        return frozenset()

    def depot_serves(self, st: State, depot: str, cls: SupplyClass) -> bool:
        """9.13, 9.16 whether a supplied depot is a source for the class: for every class of
        its side (Hindenburg 16.0: its own nationality only)."""
        return U.info(st, depot).side == cls.side  # type: ignore[no-any-return]

    def negates_enemy_control(self, st: State, uid: str) -> bool:
        """7.24 whether the unit, in an Enemy-controlled hex, negates that control for its
        side's lines of supply, rail paths and depot chains: every unit in the standard
        rules (Caporetto 17.32: not the monitor, which does not affect land units)."""
        return True

    def always_supplied(self, st: State, uid: str) -> bool:
        """Units in supply without a line (Serbia/Galicia 9.1 Serbians in Serbia, Caporetto
        9.25 the monitor).  None in the standard rules."""
        return False


def attrition(st: State, uid: str, case: str, why: str) -> int:
    """9.22 roll for attrition: on 1-3 the unit loses half its remaining steps, rounded up.

    Returns the steps lost.
    """
    name = U.info(st, uid).name
    roll = st.roll(f"attrition of {name} ({why})", case)
    if roll not in ATTRITION_ROLLS:
        st.log(f"{name} suffers no attrition.", case=case)
        return 0
    half = -(-U.steps_left(st, uid) // 2)  # 9.22 half the remaining steps, rounded up
    return U.lose_steps(st, uid, half, case, "attrition")


# --- the segments ----------------------------------------------------------------------


def _open_feeding_choice(st: State, frame: Frame) -> tuple[str, list[str]] | None:
    """11.22 the first Friendly fortress where several units lack a line and the owner has
    not yet chosen, in this segment, which one feeds off it."""
    side = frame["side"]
    decided = set(frame["fed"])
    for h in sorted(U.static(st).fortress_side):
        if h in decided or not _friendly_fortress(st, h, side):
            continue
        candidates = feeding_candidates(st, h)
        if len(candidates) > 1:
            return h, candidates
    return None


class _DeterminationSegment(Handler):
    """A segment that determines the phasing player's supply (9.11).

    It is automatic unless units in a Friendly fortress must share it: then
    the phasing player first chooses which one feeds off it (11.22).
    """

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("fed", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if _open_feeding_choice(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        choice = _open_feeding_choice(st, frame)
        if choice is None:
            return []
        h, candidates = choice
        return [{"type": FEED, "unit": uid, "fortress": h} for uid in candidates]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        h, uid = action["fortress"], action["unit"]
        st.data.setdefault(FORTRESS_FED, {})[h] = uid
        frame["fed"].append(h)
        others = len(feeding_candidates(st, h)) - 1
        st.log(
            f"{U.info(st, uid).name} feeds off {_fortress_name(st, h)} and is in supply;"
            f" {others} other unit{'s' if others > 1 else ''} there cannot.",
            case="11.22",
        )

    def run(self, st: State, frame: Frame) -> None:
        self._log_sole_feeders(st, frame)
        self.determine(st, frame)
        st.pop()

    def determine(self, st: State, frame: Frame) -> None:
        raise NotImplementedError

    def _log_sole_feeders(self, st: State, frame: Frame) -> None:
        """11.22 a single unit without a line in a Friendly fortress feeds off it (no choice)."""
        side = frame["side"]
        for h in sorted(U.static(st).fortress_side):
            if h not in frame["fed"] and _friendly_fortress(st, h, side):
                candidates = feeding_candidates(st, h)
                if len(candidates) == 1:
                    st.log(
                        f"{U.info(st, candidates[0]).name} feeds off {_fortress_name(st, h)}"
                        " and is in supply.",
                        case="11.22",
                    )

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        choice = _open_feeding_choice(st, frame)
        if choice is None:
            return ""
        return (
            f"{len(choice[1])} units in {_fortress_name(st, choice[0])} have no line of supply:"
            " choose the one that feeds off the fortress (11.22)."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused while a fortress's feeder is chosen."""
        choice = _open_feeding_choice(st, frame)
        if action.get("type") != FEED or choice is None:
            return "the only choice now is which unit feeds off a fortress", "11.22"
        h, candidates = choice
        if action.get("fortress") != h:
            return f"choose first which unit feeds off {_fortress_name(st, h)}", "11.22"
        uid = action.get("unit")
        return (
            f"{uid!r} is not one of the units in {h} without a line of supply"
            f" ({', '.join(candidates)}): only one of them may feed off the fortress",
            "11.22",
        )


def _fortress_name(st: State, hex_label: str) -> str:
    f = U.static(st).scenario.board.fortresses.get(hex_label)
    return f"{f.name} ({hex_label})" if f else hex_label


def _unit_list(st: State, ids: list[str], detail: dict[str, str] | None = None) -> str:
    names = []
    for uid in ids:
        extra = f" {detail[uid]}" if detail and uid in detail else ""
        names.append(f"{U.info(st, uid).name}{extra}")
    return ", ".join(names)


class InitialSupplySegment(_DeterminationSegment):
    """4.0 A.a Initial Supply Determination Segment (9.11).

    Each phasing unit out of supply now gets the ``out_of_supply`` marker,
    which halves its Movement Allowance for this Movement Phase (9.21,
    :meth:`MovementRules.allowance`); units in supply lose it.  Reinforcements
    placed later in this phase were not on the map now and are not marked.
    """

    kind = "initial_supply"
    case = "9.11"

    def determine(self, st: State, frame: Frame) -> None:
        side = frame["side"]
        units = U.on_map(st, side)
        out = [uid for uid in units if not in_supply(st, uid)]
        for uid in units:
            if uid in out:
                U.add_marker(st, uid, OUT_OF_SUPPLY)
            else:
                U.remove_marker(st, uid, OUT_OF_SUPPLY)
        U.rules(st).supply_determined(st, side, self.kind)
        if not out:
            st.log(
                f"Initial Supply Determination: every {side_name(st, side)} unit is in supply.",
                case="9.11",
            )
            return
        out = [uid for uid in out if movement_halved(st, uid)]  # (the game may spare some)
        if not out:
            return
        rules = U.rules(st)
        halved = {
            uid: f"(MA {U.movement_allowance(st, uid)}→{rules.allowance(st, uid)})" for uid in out
        }
        st.log(
            f"Initial Supply Determination: {len(out)} {side_name(st, side)} unit"
            f"{'s are' if len(out) > 1 else ' is'} out of supply, Movement Allowance halved"
            f" this Movement Phase (9.21): {_unit_list(st, out, halved)}.",
            case="9.11",
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Initial Supply Determination Segment"


class AttritionSegment(_DeterminationSegment):
    """4.0 A.e Attrition Segment (9.11, 9.22).

    Supply is determined anew now for every phasing unit, before any die is
    rolled; each unit out of supply (HQs never, 9.24) rolls, in counter
    order.  The ``out_of_supply`` markers of the Initial Supply Segment have
    served their Movement Phase and are removed at the end of this segment.
    """

    kind = "attrition"
    case = "9.22"

    def determine(self, st: State, frame: Frame) -> None:
        side = frame["side"]
        U.rules(st).supply_determined(st, side, self.kind)
        due = [
            uid
            for uid in U.on_map(st, side)
            if not in_supply(st, uid) and not U.rules(st).attrition_exempt(st, uid)
        ]
        if due:
            st.log(
                f"Attrition Segment: {len(due)} {side_name(st, side)} unit"
                f"{'s' if len(due) > 1 else ''} out of supply roll for attrition:"
                f" {_unit_list(st, due)}.",
                case="9.22",
            )
        else:
            st.log(
                f"Attrition Segment: no {side_name(st, side)} unit is out of supply.", case="9.22"
            )
        for uid in due:
            attrition(st, uid, "9.22", "out of supply")
        U.clear_marker(st, OUT_OF_SUPPLY, side)

    def title(self, st: State, frame: Frame) -> str:
        return "Attrition Segment"
