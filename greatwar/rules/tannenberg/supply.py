"""15.0 Supply: supply bases, supply lines, supply trains, isolation.

The supply of one side is found in one pass, cached on the revisions of both
sides' units and on the other things a line depends on (cut track, destroyed
bridges, fortifications entered by the enemy):

1. The *network*: the side's usable supply bases (15.1.1), extended without
   limit along its own railway lines that are not cut and free of enemy units
   and unneutralised enemy zones (15.2.7), and by the 4 movement points of
   each supply train that has supply itself and stands in no enemy zone
   (15.3.7-15.3.9; the area a train covers is joined to the network, which
   may reach more rail and more trains).
2. A unit has supply (15.2.8) when it can trace two hexes to the network
   on its own (15.2.5), or, for a unit of a corps, four hexes to its corps
   HQ when that HQ has supply itself (the HQ's two hexes and the unit's two,
   15.2.6).
3. Units still without supply may draw on a garrisoned fortification of
   their own side (15.1.2), at most two units a fortification hex.

Every hex of a line but the unit's own must be *open*: no enemy unit in it
(15.2.3), no enemy control zone unless a friendly unit stands there (15.2.4,
8.1.4), no lake, sea or swamp (15.2.2); and no step of a line crosses a
lake along a hexside or the Vistula except by an intact bridge (15.2.2).
The unit's own hex may be a swamp (15.2.2) and its own presence neutralises
an enemy zone there (8.1.4).

A unit is *isolated* (15.5.1) when no chain of open hexes of any length
joins it to any supply base (15.1.1, 15.1.2): only 15.2.2-15.2.4 are
observed.

Readings where the rules are silent (each is explained where coded):

* A corps HQ relays supply only while it has supply itself (its own
  two-hex line, 15.2.5): the line of a unit of its corps is the HQ's line
  plus up to two hexes from the HQ plus the unit's own two (15.2.6 "two
  more").  A supply train likewise extends the network only while it has a
  line of its own to it.
* A supply base or fortification in an unneutralised enemy zone, or held by
  an enemy unit, feeds no line (15.2.3 applies to every hex of the line,
  its first one included).  A garrisoned fortification of one's own side
  counts as a friendly unit in its hex (12.3.3 "treated as units"): it
  neutralises enemy zones there for lines (8.1.4); an enemy one blocks lines
  like an enemy unit.
* Rail (15.2.7) carries supply only through the side's own rail hexes
  (those in its own country: 5.2.1, gauges), not through a cut hex, an
  enemy-held hex or an unneutralised enemy zone, and not across a destroyed
  Vistula bridge.  A railway crosses a swamp on its embankment: 15.2.7 names
  only cuts and enemy units, so rail carries supply through swamp hexes
  (a line on foot may not, 15.2.2).
* A supply train's 4 movement points are counted as a supply train moves:
  half a point a hex along a road or railway line (4.3.2, 4.3.4, 15.3.4,
  15.3.7 "doubled along roads"), otherwise the terrain's cost plus the
  hexside's extra cost (TERRAIN CHARACTERISTICS); control zones add nothing
  (the line may not enter one anyway).
* A garrisoned fortification (15.1.2) feeds at most two units that have no
  other supply and can trace two hexes to it; HQs and supply trains are not
  fed by it (they would relay its supply to more than two units).  When more
  than two units could draw on it, those in the fortification hex come
  first, then the nearest, then the scenario's counter order: the choice a
  player would make almost always, and it needs no decision at every query.
  A fortification is intact until an enemy unit enters it (12.2.8, the
  map's ``control``) or the fortifications module reports it destroyed.
* Units not on the map have supply (they trace nothing; nothing of 15.4
  applies off the map) and are never isolated.
* 15.5.2's isolation rolls are made for units with combat-efficiency levels
  only: HQs and supply trains have no endurance (2.3.2) to lose.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import fog, fortified, railways, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

#: terrains no supply line enters or crosses (15.2.2)
LINE_CLOSED_TERRAIN = frozenset({"lake", "sea"})
#: terrains a supply line may end in (the unit's own hex) but not run through (15.2.2)
LINE_END_ONLY_TERRAIN = frozenset({"swamp"})
#: hexsides no supply line crosses (15.2.2: lakes; the Vistula except by a bridge)
LINE_CLOSED_SIDES = frozenset({"lake_shore"})
VISTULA = "great_river"
BRIDGE = "bridge"
RIVERS = frozenset({"minor_river", "major_river", "great_river"})
SUPPLY_TRAIN = "supply_train"
#: pieces that are never isolated nor fed by a fortification: trains, masking counters
NOT_SUPPLIED_TYPES = frozenset({SUPPLY_TRAIN, "mask", "hq"})

# --- static tables, built once per game ------------------------------------------------


@dataclass(frozen=True)
class Network:
    """What supply needs of the map, for one game (static)."""

    #: neighbours a line may step to across the hexside (15.2.2), before bridges are lost
    sides: dict[str, tuple[str, ...]]
    #: hexes a line never passes through (lake, sea, swamp: 15.2.2)
    closed_terrain: frozenset[str]
    #: hexes a line never reaches at all (lake, sea)
    never: frozenset[str]
    #: Vistula bridges, as pairs of hexes (6.0 may destroy them)
    bridges: tuple[tuple[str, str], ...]
    #: side -> rail hexes of its own country (15.2.7, 5.2.1)
    own_rail: dict[str, frozenset[str]]
    #: consecutive hexes of some rail line
    rail_links: dict[str, tuple[str, ...]]
    #: side -> its supply bases on the map (15.1.1)
    bases: dict[str, tuple[str, ...]]
    #: side -> hexes of its fortifications with their own garrison (15.1.2)
    fortifications: dict[str, tuple[str, ...]]
    #: hex -> neighbour -> a supply train's cost in fractions of a movement point (15.3.7)
    train_costs: dict[str, dict[str, int]]
    #: a supply train's range in those fractions
    train_budget: int
    #: every hex of the map
    all_hexes: frozenset[str]
    #: every hex but those a line never passes through (``all_hexes - closed_terrain``)
    open_terrain: frozenset[str]


def network(st: State) -> Network:
    return derived_table(U.static(st), "tannenberg-supply", _build_network)  # type: ignore[no-any-return]


def countries_of(scenario: Scenario, side: str) -> frozenset[str]:
    """The countries whose rail, bases and fortifications are the side's own (its
    nationalities, as the map's ``countries`` grid names them)."""
    return frozenset(n for s in scenario.sides if s.id == side for n in s.nationalities)


def side_countries(st: State, side: str) -> frozenset[str]:
    return countries_of(st.game.scenario, side)


def _build_network(scenario: Scenario) -> Network:
    board = scenario.board
    line_closed = LINE_CLOSED_TERRAIN | LINE_END_ONLY_TERRAIN
    closed_terrain = frozenset(h for h in board.hexes if board.terrain.get(h) in line_closed)
    never = frozenset(h for h in board.hexes if board.terrain.get(h) in LINE_CLOSED_TERRAIN)
    sides: dict[str, tuple[str, ...]] = {}
    bridges: set[tuple[str, str]] = set()
    for h in board.hexes:
        steps = []
        for n in board.neighbours[h]:
            features = board.features(h, n)
            if features & LINE_CLOSED_SIDES:
                continue
            if VISTULA in features:
                if BRIDGE not in features:
                    continue
                bridges.add((min(h, n), max(h, n)))
            steps.append(n)
        sides[h] = tuple(steps)
    rail: dict[str, set[str]] = {}
    for line in board.rails:
        for a, b in pairwise(line.hexes):
            rail.setdefault(a, set()).add(b)
            rail.setdefault(b, set()).add(a)
    own_rail = {}
    bases = {}
    forts = {}
    for side in scenario.sides:
        countries = countries_of(scenario, side.id)
        own_rail[side.id] = frozenset(h for h in rail if board.country.get(h) in countries)
        bases[side.id] = tuple(s.hex for s in board.supply_sources if s.country in countries)
        forts[side.id] = tuple(
            f.hex for f in board.fortifications.values() if f.country in countries and f.strength
        )
    per_mp = int(constant("supply_train_road_hexes_per_mp"))
    return Network(
        sides=sides,
        closed_terrain=closed_terrain,
        never=never,
        bridges=tuple(sorted(bridges)),
        own_rail=own_rail,
        rail_links={h: tuple(sorted(n)) for h, n in rail.items()},
        bases=bases,
        fortifications=forts,
        train_costs=_train_costs(scenario, sides, per_mp),
        train_budget=int(constant("supply_train_range_mp")) * per_mp,
        all_hexes=frozenset(board.hexes),
        open_terrain=frozenset(board.hexes) - closed_terrain,
    )


def _train_costs(
    scenario: Scenario, sides: dict[str, tuple[str, ...]], per_mp: int
) -> dict[str, dict[str, int]]:
    """15.3.7 what each step costs a supply train, in 1/``per_mp`` of a movement point:
    one along a road or railway line (4.3.2, 4.3.4), else the terrain's cost and the
    hexside's extra cost (a bridge replaces the river's, 4.3.6)."""
    board = scenario.board
    table = scenario.terrain
    costs: dict[str, dict[str, int]] = {}
    for h, steps in sides.items():
        row: dict[str, int] = {}
        for n in steps:
            key = board.side_key(h, n)
            if key in board.road_sides or key in board.rail_sides:
                row[n] = 1
                continue
            enter = _move_cost(table.terrain.get(board.terrain.get(n, "")))
            extra = 0
            features = board.features(h, n)
            if BRIDGE in features:
                features = features - RIVERS
            for kind in features:
                cost = _move_cost(table.sides.get(kind), default=0)
                extra = -1 if cost < 0 or extra < 0 else extra + cost
            if enter >= 0 and extra >= 0:
                row[n] = (enter + extra) * per_mp
        costs[h] = row
    return costs


def _move_cost(entry: Any, default: int = -1) -> int:
    """A movement cost from the terrain table; -1 for prohibited (or unknown terrain)."""
    if entry is None:
        return default
    return -1 if entry.move == "prohibited" else int(entry.move)


# --- the supply situation of a side, found in one pass ------------------------------------


@dataclass(frozen=True)
class SupplyTable:
    """Supply of one side now (derived, cached)."""

    #: hexes a line may pass through (15.2.2-15.2.4)
    open: frozenset[str]
    #: the network: bases, rail and supply trains' areas (15.1.1, 15.2.7, 15.3.7)
    network: frozenset[str]
    #: unit on the map -> whether it has supply (15.2.8), fortification-fed included
    supplied: dict[str, bool]
    #: units fed by a garrisoned fortification (15.1.2) -> its hex
    fortification_fed: dict[str, str]
    #: supply trains extending the network (15.3.7)
    trains: frozenset[str]
    #: units on the map that are isolated (15.5.1)
    isolated: frozenset[str]
    #: unit on the map -> whether it traces a line of its own to the network (15.2.8),
    #: before corps HQs relay (15.2.6) and fortifications feed (15.1.2)
    lined: dict[str, bool]
    #: what the lines were traced on (:class:`_Lines`): closed hexes, lost bridges, cut
    #: track, own garrisoned fortifications (:func:`_updated_table` compares them)
    closed: frozenset[str]
    lost: frozenset[frozenset[str]]
    cut: frozenset[str]
    forts: tuple[str, ...]


def table(st: State, side: str) -> SupplyTable:
    """The supply situation of ``side``, found once per revision of the units: the last
    one found updated (:func:`_updated_table`) when only some of the side's own units
    changed since and the open hexes are as they were, else built afresh.

    Everything else a line depends on bumps the revisions when it changes: cut
    track and destroyed bridges (rail module), fortifications damaged, destroyed
    or entered (fortifications module)."""
    slot = ("tannenberg-supply", side)
    found = st.recall(slot)
    rev = U.counts(st)
    if found is not None and found[0] == rev:  # (asked first: the lines only on a change)
        return found[1]  # type: ignore[no-any-return]
    lines = _Lines(st, side)

    def since(then: tuple[tuple[str, int], ...], last: SupplyTable) -> SupplyTable | None:
        return _updated_table(st, side, then, last, lines)

    return st.kept(slot, rev, _build_table, st, side, lines, update=since)  # type: ignore[no-any-return]


def _steps_without(
    sides: dict[str, tuple[str, ...]], lost: frozenset[frozenset[str]]
) -> dict[str, tuple[str, ...]]:
    """The steps between adjacent hexes but across the ``lost`` bridges (6.0)."""
    return {h: tuple(n for n in ns if frozenset((h, n)) not in lost) for h, ns in sides.items()}


class _Lines:
    """Line tracing over the open hexes of one side (15.2.2-15.2.4)."""

    def __init__(self, st: State, side: str) -> None:
        net = network(st)
        self.st, self.side, self.net = st, side, net
        self.cut = frozenset(railways.cut_hexes(st))
        enemy = U.enemy_of(st, side)
        blocked = {h for h, owner in U.hex_side(st).items() if owner == enemy}
        # 12.3.3 garrisons count as units: an own one neutralises enemy zones (8.1.4), an
        # enemy one blocks lines as an enemy unit does (15.2.3)
        self.forts = tuple(h for h in net.fortifications[side] if fortified.garrisoned(st, h))
        blocked.update(h for h in net.fortifications.get(enemy, ()) if fortified.garrisoned(st, h))
        present = zoc.held_by(st, side) | set(self.forts)
        self.blocked = frozenset(blocked)
        zones = zoc.controlled_by(st, enemy)
        #: hexes of enemy units and unneutralised enemy zones (15.2.3, 15.2.4): every
        #: other hex is free; the searches' memo keys name these few rather than the
        #: many open hexes (the same closed hexes, the same open ones)
        self.closed = frozenset(blocked.union(zones - present))
        #: hexes a line may pass through: free, and no lake, sea or swamp (15.2.2)
        self.open = net.open_terrain - self.closed
        lost = frozenset(
            frozenset(pair) for pair in net.bridges if railways.bridge_destroyed(st, *pair)
        )
        self.lost = lost
        self.steps: dict[str, tuple[str, ...]] = (
            net.sides
            if not lost
            else st.memo(("tb_supply_steps", lost), lambda: _steps_without(net.sides, lost))
        )

    def bases(self) -> list[str]:
        """The side's supply bases a line may reach (15.1.1): those in open hexes."""
        return [h for h in self.net.bases[self.side] if h in self.open]

    def to_bases(self) -> dict[str, int]:
        """15.5.1 the hexes any line at all reaches from a base or an own garrison, with
        their distances (no limit): a unit whose hex it does not reach is isolated."""
        return self.distances(set(self.bases()) | set(self.forts), None)

    def distances(self, starts: Iterable[str], limit: int | None) -> dict[str, int]:
        """Hexes reached from ``starts`` through open hexes, with the number of steps
        (memoised on all the search reads: the starts, the limit, the open hexes (named by
        the closed ones) and the lost bridges; a move that leaves them as they were finds
        the same lines)."""
        first = list(starts)
        key = ("tb_supply_lines", frozenset(first), limit, self.closed, self.lost)
        return self.st.memo(key, lambda: self._search(first, limit))  # type: ignore[no-any-return]

    def _search(self, starts: list[str], limit: int | None) -> dict[str, int]:
        dist: dict[str, int] = {}
        queue: deque[str] = deque()
        for h in starts:
            if h not in dist:
                dist[h] = 0
                queue.append(h)
        while queue:
            h = queue.popleft()
            d = dist[h] + 1
            if limit is not None and d > limit:
                continue
            for n in self.steps[h]:
                if n in self.open and n not in dist:
                    dist[n] = d
                    queue.append(n)
        return dist

    def reaches(self, hex_label: str, dist: dict[str, int], limit: int | None) -> bool:
        """Whether a unit in ``hex_label`` traces a line of at most ``limit`` hexes to a
        start of ``dist``: its own hex needs no opening (15.2.2 swamps, 8.1.4)."""
        if hex_label in dist:
            return limit is None or dist[hex_label] <= limit
        if hex_label in self.net.never:
            return False
        return any(n in dist and (limit is None or dist[n] < limit) for n in self.steps[hex_label])

    def rail_flood(self, network: set[str]) -> None:
        """15.2.7 extend the network along own, uncut rail through open hexes."""
        own = self.net.own_rail[self.side]
        links = self.net.rail_links
        frontier = [h for h in network if h in own and h not in self.cut]
        while frontier:
            h = frontier.pop()
            for n in links.get(h, ()):
                if (
                    n not in network
                    and n in own
                    and n not in self.closed
                    and n not in self.cut
                    and n in self.steps[h]
                ):
                    network.add(n)
                    frontier.append(n)

    def train_area(self, start: str) -> frozenset[str]:
        """15.3.7 open hexes within a supply train's movement points of its hex (memoised
        on all the search reads: the start, the open hexes and the lost bridges)."""
        key = ("tb_train_area", start, self.closed, self.lost)
        return self.st.memo(key, self._train_area, start)  # type: ignore[no-any-return]

    def _train_area(self, start: str) -> frozenset[str]:
        budget = self.net.train_budget
        costs = self.net.train_costs
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            spent, h = heappop(heap)
            if spent > best.get(h, budget + 1):
                continue
            for n, cost in costs[h].items():
                total = spent + cost
                ok = total <= budget and n in self.open and n in self.steps[h]
                if ok and total < best.get(n, budget + 1):
                    best[n] = total
                    heappush(heap, (total, n))
        return frozenset(best)


def _build_table(st: State, side: str, lines: _Lines) -> SupplyTable:
    units = U.on_map(st, side)
    where = {uid: U.record(st, uid)["hex"] for uid in units}
    unit_range = int(constant("supply_line_unit_range"))
    network: set[str] = set(lines.bases())
    lines.rail_flood(network)
    trains = _extend_by_trains(st, lines, network, [u for u in units if _is_train(st, u)], where)
    dist = lines.distances(network, unit_range)
    lined = {uid: lines.reaches(where[uid], dist, unit_range) for uid in units}
    reach = lines.to_bases()
    isolated = frozenset(uid for uid in units if _isolated_at(st, lines, uid, where[uid], reach))
    return _with_relays(st, lines, units, where, lined, dist, network, trains, isolated)


def _isolated_at(st: State, lines: _Lines, uid: str, hex_label: str, reach: dict[str, int]) -> bool:
    """15.5.1 no line at all from the unit's hex to a base or an own garrison (``reach``,
    their distances; HQs, supply trains and masks are never isolated)."""
    return U.info(st, uid).type not in NOT_SUPPLIED_TYPES and not lines.reaches(
        hex_label, reach, None
    )


def _with_relays(
    st: State,
    lines: _Lines,
    units: list[str],
    where: dict[str, str],
    lined: dict[str, bool],
    dist: dict[str, int],
    network: Iterable[str],
    trains: Iterable[str],
    isolated: frozenset[str],
) -> SupplyTable:
    """The table from each unit's own line (``lined``): corps HQs relay (15.2.6), then
    garrisoned fortifications feed (15.1.2), each read from every unit's."""
    supplied = dict(lined)
    _relay_by_corps_hqs(st, lines, units, where, supplied, dist)
    fed = _fortification_fed(st, lines, units, where, supplied)
    for uid in fed:
        supplied[uid] = True
    return SupplyTable(
        open=lines.open,
        network=frozenset(network),
        supplied=supplied,
        fortification_fed=fed,
        trains=frozenset(trains),
        isolated=isolated,
        lined=lined,
        closed=lines.closed,
        lost=lines.lost,
        cut=lines.cut,
        forts=lines.forts,
    )


def _updated_table(
    st: State, side: str, then: tuple[tuple[str, int], ...], old: SupplyTable, lines: _Lines
) -> SupplyTable | None:
    """``old`` with the lines of the units changed since the counts were ``then`` traced
    again, when they are all the side's own and none a supply train, and the hexes
    closed to lines, the lost bridges, the cut track and the own garrisons are as they
    were: the network (bases, rail, the trains' areas: 15.1.1, 15.2.7, 15.3.7) then
    stands, and so does every other unit's own line and isolation, which read only its
    own hex and those.  Relays and fortifications, which read every unit's, are worked
    out again (:func:`_with_relays`).  None: built afresh.  (An enemy unit's change
    may leave the closed hexes as they were yet take its zone off an own train's hex
    that an own unit frees, which decides whether the train extends the network,
    15.3.9: only the side's own changes are taken.)"""
    changed = U.changed_between(st, then)
    if changed is None:
        return None
    infos = U.static(st).units
    if any(infos[u].side != side or infos[u].type == SUPPLY_TRAIN for u in changed):
        return None
    if (lines.closed, lines.lost, lines.cut, lines.forts) != (
        old.closed,
        old.lost,
        old.cut,
        old.forts,
    ):
        return None
    units = U.on_map(st, side)
    where = {uid: U.record(st, uid)["hex"] for uid in units}
    unit_range = int(constant("supply_line_unit_range"))
    dist = lines.distances(old.network, unit_range)
    reach: dict[str, int] | None = None
    lined: dict[str, bool] = {}
    isolated = set()
    for uid in units:
        if uid in changed or uid not in old.lined:
            lined[uid] = lines.reaches(where[uid], dist, unit_range)
            if reach is None:
                reach = lines.to_bases()
            if _isolated_at(st, lines, uid, where[uid], reach):
                isolated.add(uid)
        else:
            lined[uid] = old.lined[uid]
            if uid in old.isolated:
                isolated.add(uid)
    return _with_relays(
        st, lines, units, where, lined, dist, old.network, old.trains, frozenset(isolated)
    )


def has_endurance(st: State, uid: str) -> bool:
    """Units with combat-efficiency levels (2.3.1): not HQs, supply trains (2.3.2) or
    masking counters (16.1)."""
    ui = U.info(st, uid)
    return bool(ui.level_count) and ui.type not in NOT_SUPPLIED_TYPES


def _is_train(st: State, uid: str) -> bool:
    return U.info(st, uid).type == SUPPLY_TRAIN  # type: ignore[no-any-return]


def _extend_by_trains(
    st: State, lines: _Lines, network: set[str], trains: list[str], where: dict[str, str]
) -> list[str]:
    """15.3.7-15.3.9: each supply train with a line of its own to the network and in no
    enemy zone adds its area to it (which may reach rail and other trains)."""
    unit_range = int(constant("supply_line_unit_range"))
    waiting = [t for t in trains if not zoc.in_enemy_zoc(st, t)]  # 15.3.9
    extending: list[str] = []
    progress = True
    while waiting and progress:
        progress = False
        dist = lines.distances(network, unit_range)
        for t in list(waiting):
            if lines.reaches(where[t], dist, unit_range):
                waiting.remove(t)
                extending.append(t)
                network.update(lines.train_area(where[t]))
                progress = True
        if progress:
            lines.rail_flood(network)
    return extending


def _relay_by_corps_hqs(
    st: State,
    lines: _Lines,
    units: list[str],
    where: dict[str, str],
    supplied: dict[str, bool],
    dist: dict[str, int],
) -> None:
    """15.2.6 a corps HQ with supply extends the lines of its corps' units by two hexes."""
    stat = U.static(st)
    reach = int(constant("supply_line_corps_hq_range")) + int(constant("supply_line_unit_range"))
    for hq in units:
        ui = stat.units[hq]
        if ui.hq_level != "corps" or not ui.corps or not supplied[hq]:
            continue
        members = [
            uid
            for uid in units
            if not supplied[uid] and uid != hq and stat.units[uid].corps == ui.corps
        ]
        if not members:
            continue
        from_hq = lines.distances([where[hq]], reach)
        for uid in members:
            if lines.reaches(where[uid], from_hq, reach):
                supplied[uid] = True


def _fortification_fed(
    st: State, lines: _Lines, units: list[str], where: dict[str, str], supplied: dict[str, bool]
) -> dict[str, str]:
    """15.1.2 each garrisoned fortification feeds at most two units without other supply:
    those in its hex first, then the nearest, then in counter order."""
    stat = U.static(st)
    unit_range = int(constant("supply_line_unit_range"))
    most = int(constant("fortification_supply_units"))
    hungry = [uid for uid in units if not supplied[uid] and has_endurance(st, uid)]
    fed: dict[str, str] = {}
    order = {uid: i for i, uid in enumerate(stat.units)}
    for fort in lines.forts:
        if not hungry:
            break
        dist = lines.distances([fort], unit_range)
        near = [uid for uid in hungry if lines.reaches(where[uid], dist, unit_range)]
        near.sort(key=lambda uid: (_steps_from(where[uid], dist, lines), order[uid]))
        for uid in near[:most]:
            fed[uid] = fort
            hungry.remove(uid)
    return fed


def _steps_from(hex_label: str, dist: dict[str, int], lines: _Lines) -> int:
    if hex_label in dist:
        return dist[hex_label]
    return 1 + min((dist[n] for n in lines.steps[hex_label] if n in dist), default=99)


# --- the interface ---------------------------------------------------------------------


def supplied(st: State, uid: str) -> bool:
    """15.2.8 the unit can draw a supply line now (or is fed by a fortification, 15.1.2).

    Units not on the map have supply (they trace nothing)."""
    if U.record(st, uid)["status"] != "on_map":
        return True
    return table(st, U.info(st, uid).side).supplied.get(uid, True)


def isolated(st: State, uid: str) -> bool:
    """15.5.1 no supply line at all can be drawn (observing only 15.2.2-15.2.4)."""
    if U.record(st, uid)["status"] != "on_map":
        return False
    return uid in table(st, U.info(st, uid).side).isolated


def fortification_feeding(st: State, uid: str) -> str | None:
    """15.1.2 the fortification hex that feeds the unit, if that is its only supply."""
    if U.record(st, uid)["status"] != "on_map":
        return None
    return table(st, U.info(st, uid).side).fortification_fed.get(uid)


#: a unit's supply state, as its owner's view shows it (:func:`supply_state`)
IN_SUPPLY = "in_supply"
FORTIFICATION_SUPPLY = "fortification"
OUT_OF_SUPPLY = "out_of_supply"
ISOLATED = "isolated"
SUPPLY_STATES = (IN_SUPPLY, FORTIFICATION_SUPPLY, OUT_OF_SUPPLY, ISOLATED)


def supply_state(st: State, uid: str) -> str | None:
    """The supply state of a piece on the map, by the functions the rules act on:
    isolated (15.5.1, the worst: 15.5.2), else out of supply (15.4), else in supply only
    from a garrisoned fortification (15.1.2), else in supply (15.2.8).

    None for a piece off the map (it traces nothing) and for a masking counter (the
    units it hides have their own state)."""
    if U.record(st, uid)["status"] != "on_map" or U.info(st, uid).type == "mask":
        return None
    return supply_states(st, U.info(st, uid).side)[uid]


def supply_states(st: State, side: str) -> dict[str, str]:
    """:func:`supply_state` of each of the side's pieces on the map (masks aside), found
    once per revision of the units from the side's supply table."""

    def build() -> dict[str, str]:
        t = table(st, side)
        out = {}
        for uid in U.on_map(st, side):
            if U.info(st, uid).type == "mask":
                continue
            if uid in t.isolated:
                out[uid] = ISOLATED
            elif not t.supplied.get(uid, True):
                out[uid] = OUT_OF_SUPPLY
            elif uid in t.fortification_fed:
                out[uid] = FORTIFICATION_SUPPLY
            else:
                out[uid] = IN_SUPPLY
        return out

    return st.memo(("tannenberg-supply-states", side, U.revision(st)), build)  # type: ignore[no-any-return]


def unsupplied(st: State, side: str) -> list[str]:
    """The side's units on the map without supply, in counter order (views, 19.3)."""
    t = table(st, side)
    return [uid for uid in U.on_map(st, side) if not t.supplied.get(uid, True)]


def isolation_rolls(st: State) -> None:
    """15.5.2 at the end of phase 4 each isolated unit rolls: 1-2 nothing, 3-4 two
    endurance points, 5-6 four (it may lose a level or be eliminated).

    Who is isolated is settled for both sides before any die is rolled; the rolls go
    in counter order."""
    losses = constant("isolation_endurance_loss")
    due = [
        uid
        for side in U.static(st).side_ids
        for uid in U.on_map(st, side)
        if has_endurance(st, uid) and isolated(st, uid)
    ]
    for uid in due:
        if U.record(st, uid)["status"] != "on_map":
            continue
        name = U.info(st, uid).name
        readers = fog.readers_of(st, uid)
        whose = name if readers is None else f"a masked {U.info(st, uid).side} unit"
        value = st.roll(f"isolation of {whose}", case="tannenberg 15.5.2")
        lost = int(losses[str(value)])
        if not lost:
            st.log(f"{name} is isolated but loses nothing.", case="tannenberg 15.5.2", to=readers)
            continue
        U.lose_endurance(st, uid, lost, "tannenberg 15.5.2", "isolated")


def train_overrun(st: State, hex_label: str, by_side: str) -> list[str]:
    """15.3.6 supply trains of the other side in a hex an enemy unit of ``by_side`` enters
    are eliminated; returns them."""
    gone = [
        uid
        for uid in U.units_in(st, hex_label)
        if _is_train(st, uid) and U.info(st, uid).side != by_side
    ]
    for uid in gone:
        U.eliminate_unit(st, uid, "tannenberg 15.3.6", "an enemy unit entered its hex")
    return gone
