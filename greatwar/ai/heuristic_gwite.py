"""Rules of thumb for The Great War in the East (the heuristic agent's GWitE knowledge).

* Command (10.0): give every unit an HQ, the biggest units first; never release.
* Movement (5.0): one unit at a time, fighting units before HQs; each goes to
  the destination the :class:`~greatwar.ai.heuristic_moves.Front` values most
  and stops when no move improves on where it stands; it takes the train when
  it is far from the fighting.
* Combat (8.0): attack where the expected result on the Combat Results Table
  is good, with every attacker that improves it and every HQ shift there is;
  call an attack off (and never declare it again that segment) when the odds
  stay poor. An attack on a city or town that scores counts its points
  (:func:`objective_bonus`).
* Cities: an own city with an enemy unit within a move and a hex
  (:data:`THREAT_RANGE`) keeps a garrison; on the last Game-Turn ending out of
  supply weighs little (supply is traced at the start of a Movement Phase, 9.21),
  so a garrison holds its city to the end, unless the game's towns score only in
  supply (Brusilov 25.12, Serbia/Galicia 25.12).
* A game's scoring regions (the rules' ``scoring_places``: Caporetto 24.11, 24.21) pull
  the moving units as a city's points do (:func:`goals`); a step whose loss scores for
  the enemy (the rules' ``step_loss_points``: Caporetto 24.13, 24.22) weighs more in an
  attack's expected result and in a forced march's price (:func:`step_weight`).
* Supply depots (9.16) where a game scores towns only in supply (the rules'
  ``towns_scored_in_supply``: Brusilov 25.12, Serbia/Galicia 25.12): a depot is worth
  the towns the side's chain of depots would feed with it in a hex (:class:`DepotChain`),
  and is kept in supply by lines that cross no Enemy zone, negated or not (a depot out
  of supply feeds nothing and is worn down, 9.22); on the last Game-Turn a depot that
  alone feeds a held town is not burned for Massed Artillery Fire (Brusilov 19.21).
* Where towns score every Game-Turn (the rules' ``town_scorings_left``: Serbia/Galicia
  25.13) a town weighs its points for each Game-Turn left (at most :data:`CITY_SCORINGS`),
  and a threatened one wants defenders as strong as the enemy near it
  (:data:`GUARD_SHORT`): lost for one Game-Turn, it costs its points.
* HQs and depots keep out of hexes the enemy may attack with no unit next to them (the
  rules' ``exposed_hexes``: Serbia/Galicia 21.0, the monitor flotilla's river banks).
* While the side would win were the game to end now (the scenario's levels at the
  rules' ``projected_vp``), an attack needs :data:`SAFE_ATTACK`, not :data:`GOOD_ATTACK`.
* Cavalry Withdrawal Before Combat (12.1): the last fighting unit in a town or city with
  points does not try to withdraw (the Phasing Player could move in at once, 12.16).
* Reinforcements (14.0) enter at once.
* Von Hindenburg 21.1: Russian corps are neither broken down nor reconstituted.
* A set-up before Game-Turn 1 (Caporetto 25.21-25.33): each unit that must be set up
  goes to its hex nearest the enemy; units already on the map keep their printed
  hexes (no transfer, no free redeployment).
* Caporetto's forced march (19.0): when the best move the larger allowance opens is
  worth more than the best without it by the strength the expected step loss costs
  (measured in ``benchmarks/forced_march.py``).
* Von Hindenburg's hidden Gruppen (18.0), as the Central Powers: see
  :mod:`greatwar.ai.heuristic_gruppen`.

Everything else (combat-result options, retreats, advances, losses) is left to
the agent's one-ply look-ahead with :func:`greatwar.ai.evaluate.evaluate`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from greatwar.ai import heuristic_gruppen, tables
from greatwar.ai.evaluate import side_of, vp_scale
from greatwar.ai.heuristic_moves import NOT_COMBAT, SUPPLY_SLACK, Front
from greatwar.engine.errors import IllegalAction
from greatwar.rules.gwite import combat, crt, stacking, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import forced_march
from greatwar.rules.gwite.hindenburg import gruppen_moves as gruppen
from greatwar.rules.gwite.towns import side_range
from greatwar.rules.gwite.victory import level_for

if TYPE_CHECKING:
    from greatwar.ai.heuristic import Choice, Turn
    from greatwar.engine.state import State

Action = dict[str, Any]
#: value of a combat result letter for the side that suffers it
RESULT_VALUE = {"-": 0.0, "E": 4.0}
#: an attack is worth making when the expected result is at least this much in one's favour
GOOD_ATTACK = 0.6
#: the expected result an attack needs while the side would win as things stand: a
#: tuning value, measured by ladder runs (docs/strength.md, issue 19: Serbia/Galicia teaching as
#: the Allies, who start a point above the draw)
SAFE_ATTACK = 1.0
#: how far (hexes) from the nearest enemy a unit takes the train rather than marching
RAIL_DISTANCE = 6
#: how far (hexes) supply distances are searched
SUPPLY_SEARCH = 12
#: Caporetto 19.0: a forced march is worth its expected step loss when its best move
#: gains at least this much hex value per point of strength the loss costs (a tuning
#: value: 3.0 since 2026-12-05, 1.0 before; docs/strength.md gives the games)
FORCED_MARCH_PRICE = 3.0
#: how much more a step weighs, per victory point its loss scores for the enemy on the
#: game's scale (its swing), in an attack's expected result: a tuning value, measured in
#: ``benchmarks/strength.py``
LOSS_PRICE = 10.0
#: what a game's scoring regions (:func:`goals`) are worth to a move, per point a step
#: scores there, on the game's scale of victory points (its swing): a tuning value,
#: measured in ``benchmarks/strength.py`` (Caporetto teaching, 25 pairs on seeds 2 and 3:
#: 2.5, 3.5, 5, 10; the larger ones draw the Allies out of supply toward the Tyrol)
GOAL_WORTH = 3.5
#: scoring places of at most this many hexes (a city) pull no unit (:func:`goals`)
SMALL_PLACE = 3


def strength(st: State, uid: str) -> float:
    """A fighting unit's weight on the map: its current attack and defense (printed, so
    kept per game for each unit and steps lost)."""
    key = (uid, st.data["units"][uid]["lost"])
    known = tables.kept(st.game, "ai-strength", None, dict)
    value = known.get(key)
    if value is None:
        value = known[key] = (
            float(U.printed_attack(st, uid) + U.printed_defense(st, uid)) / 2.0 or 0.5
        )
    return value  # type: ignore[no-any-return]


def stack_room(st: State, uid: str, h: str) -> bool:
    """Whether ``uid`` fits in ``h`` without overstacking (6.1)."""
    here = U.record(st, uid)["hex"]
    extra = 0 if here == h else U.info(st, uid).stacking
    return stacking.stacking_points(st, h) + extra <= U.rules(st).stacking_limit(st, h)  # type: ignore[no-any-return]


def _stack_room_in(at: State) -> Callable[[State, str, str], bool]:
    """:func:`stack_room` in ``at``, with the stacking points of each hex counted once,
    when first asked (a unit's destinations each ask; most occupied hexes
    are asked of by none)."""
    occupied = U.occupancy(at)
    points: dict[str, int] = {}
    rules = U.rules(at)
    units: dict[str, tuple[str, int]] = {}  # where each unit asked about stands, its points

    def room(st: State, uid: str, h: str) -> bool:
        unit = units.get(uid)
        if unit is None:
            unit = units[uid] = (U.record(st, uid)["hex"], U.info(st, uid).stacking)
        extra = 0 if unit[0] == h else unit[1]
        there = points.get(h)
        if there is None:
            there = points[h] = stacking.stacking_points(at, h) if h in occupied else 0
        return there + extra <= rules.stacking_limit(st, h)  # type: ignore[no-any-return]

    return room


def _move_risk_in(st: State) -> Callable[[State, str, Action], float]:
    """:func:`move_risk` in ``st`` (its rules and the frame looked up once)."""
    rules = U.rules(st)
    frame = st.top()

    def risk(st: State, uid: str, action: Action) -> float:
        if action["type"] != "move":
            return 0.0
        return float(rules.move_risk(st, frame, uid, action.get("path", [])))

    return risk


def supply_gap(f: Front, uid: str, h: str) -> int:
    """Hexes by which a unit standing in ``h`` would be out of supply (9.12): its distance
    to the nearest source of its side, through hexes free of Enemy units and zones, less
    its Supply Range (negative: hexes to spare); HQs need none (10.35)."""
    line = f.notes.get(("supply-line", uid))
    if line is None:
        line = f.notes[("supply-line", uid)] = _supply_line(f, uid)
    dist, reach, links = line
    if dist is None:
        return -SUPPLY_SLACK
    return _distance_there(f, dist, links, h) - reach


def _distance_there(
    f: Front, dist: dict[str, int], links: dict[str, tuple[str, ...]], h: str
) -> int:
    """The hexes from ``h`` to the nearest source once a unit stands there: an Enemy zone
    the unit itself occupies no longer bars its line (7.24), so an empty hex in one is a
    step beyond its nearest open neighbour (along ``links``, the unit's line's)."""
    d = dist.get(h)
    if d is not None:
        return d
    tab = supply.table(f.state, f.side)
    if h in tab.blocked:
        return SUPPLY_SLACK
    near = [dist[n] for n in links.get(h, ()) if n in dist]
    return 1 + min(near) if near else SUPPLY_SLACK


Links = dict[str, tuple[str, ...]]


def _supply_line(f: Front, uid: str) -> tuple[dict[str, int] | None, int, Links]:
    """The distances to the sources that feed ``uid``, its Supply Range and the links its
    line follows (None: an HQ, which needs no line)."""
    st = f.state
    info = U.info(st, uid)
    if info.hq:
        return None, 0, {}
    if info.type == "supply_depot":
        links = supply.network(st).links
        return depot_distances(st, f.side, uid), supply.supply_range(st, uid), links
    cls = supply.class_of(st, uid)
    name = f"ai-supply-distances:{f.side}:{cls!r}"
    dist = supply.supply_cached(st, name, lambda s: supply_distances(s, f.side, cls))
    return dist, supply.supply_range(st, uid), supply.class_network(st, cls).links


def depot_distances(st: State, side: str, uid: str) -> dict[str, int]:
    """Hexes from every hex to the sources that could feed depot ``uid`` (9.16: a rail
    or map-edge source, or another depot in supply, never itself), along hexes free of
    Enemy units and of every Enemy zone, those a Friendly unit negates now too (7.24):
    that unit may move on, and a depot out of supply is worn down by attrition (9.22)."""
    tab = supply.table(st, side)
    units = st.data["units"]
    others = frozenset(units[d]["hex"] for d in tab.depots if d != uid)
    sources = tab.rail | tab.edges | others
    key = (tab.blocked, zoc.enemy_controlled(st, side), sources)
    return tables.kept(st.game, "ai-supply-distances", key, _distances, st, *key)  # type: ignore[no-any-return]


def supply_distances(st: State, side: str, cls: supply.SupplyClass) -> dict[str, int]:
    """Hexes from every hex to the nearest supply source of ``side``'s units of supply
    class ``cls`` (9.13-9.16: the class's sources, along the links its lines follow, e.g.
    no ridge for Caporetto's TCR 2 units, 9.18) through hexes free of Enemy units and
    Enemy zones (a line may cross no zone, 9.14)."""
    tab = supply.table(st, side)
    own = tab.classes.get(cls)
    sources = own.sources if own is not None else tab.sources
    # kept per game on what the search reads (a unit moving off the line changes nothing)
    key = (tab.blocked, tab.enemy_zones, sources)
    back = supply.reverse_links(st, cls)
    return tables.kept(st.game, "ai-class-distances", (cls, *key), _distances, st, *key, back)  # type: ignore[no-any-return]


def _distances(
    st: State,
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    sources: frozenset[str],
    back: Links | None = None,
) -> dict[str, int]:
    """The hexes from every hex to one of ``sources``, closed to ``blocked`` and
    ``enemy_zones``: searched from the sources along ``back`` (each hex's hexes whose
    links lead into it; by default every hex's neighbours)."""
    links = supply.network(st).links if back is None else back
    return supply.hexes_within(links, sources, SUPPLY_SEARCH, blocked | enemy_zones)


#: the most Game-Turns of a town's points a move weighs where a game scores its towns
#: every Game-Turn (Serbia/Galicia 25.13; the rules' ``town_scorings_left``): a tuning
#: value, measured by ladder runs (docs/strength.md, issue 19)
CITY_SCORINGS = 3
#: a threatened town's worth, per point, to one of defenders weaker than the enemy near
#: it, where towns score every Game-Turn (Serbia/Galicia 25.13: lost for one Game-Turn,
#: a town costs its points): a tuning value, measured by ladder runs (docs/strength.md, issue 19)
GUARD_SHORT = 2.0
#: what keeping a town in supply is worth to a depot, per point the town scores (Brusilov
#: 25.12, Serbia/Galicia 25.12), against an HQ's and a depot's pull to the troops'
#: centre (half a point a hex): a tuning value, measured by ladder runs (docs/strength.md, issue 19)
FEED_WORTH = 3.0
#: what a town not yet taken weighs to a depot, against one held
UNTAKEN_FEED = 0.5


def feeds(f: Front, uid: str, h: str) -> float:
    """A supply depot's worth in ``h`` for the towns the side's depots would keep in
    supply with it there (9.16 depots chained from a rail or map-edge source; the rules'
    ``towns_scored_in_supply``: Brusilov 25.12, Serbia/Galicia 25.12): each town fed
    counts its points (:data:`FEED_WORTH` each; :data:`UNTAKEN_FEED` of that for a town
    the side does not hold), and, with the depot in supply there, each town not fed half
    as much for each hex beyond a line's reach (a pull toward it)."""
    if U.info(f.state, uid).type != "supply_depot":
        return 0.0
    chain = f.notes.get("ai-depot-chain")
    if chain is None:
        chain = f.notes["ai-depot-chain"] = DepotChain(f.state, f.side)
    return chain.worth(uid, h)


class DepotChain:
    """A side's supply depots as 9.16 chains them toward the towns it scores only in
    supply: a depot is in supply within its Supply Range of a rail or map-edge source
    or of another depot in supply; a town is fed within the side's Supply Range of a
    source or of a depot in supply.  Distances run a line's way, free of Enemy units and
    of every Enemy zone (9.14), those a Friendly unit negates now too: it may move on."""

    def __init__(self, st: State, side: str) -> None:
        self.towns: list[tuple[int, bool, dict[str, int]]] = []
        #: each depot of the side's on the map: its hex and its Supply Range
        self.depots: dict[str, tuple[str, int]] = {}
        towns = U.rules(st).towns_scored_in_supply(st, side)
        if not towns:
            return
        tab = supply.table(st, side)
        self._links = supply.network(st).links
        self._closed = tab.blocked | zoc.enemy_controlled(st, side)
        self.reach = side_range(st, side)
        bases = tab.rail | tab.edges
        units = st.data["units"]
        self.depots = {
            d: (units[d]["hex"], supply.supply_range(st, d))
            for d in U.on_map(st, side)
            if U.info(st, d).type == "supply_depot"
        }
        most = max((r for _, r in self.depots.values()), default=self.reach)
        self._from_bases = supply.hexes_within(self._links, bases, most, self._closed)
        self._near: dict[str, dict[str, int]] = {}
        self._most = most
        occupied = U.hex_side(st)
        control = st.data["control"]
        for h, points in sorted(towns.items()):
            if h in tab.blocked:
                continue
            far = self.reach + SUPPLY_SEARCH // 2
            dist = supply.hexes_within(self._links, [h], far, self._closed)
            if any(dist.get(b, self.reach + 1) <= self.reach for b in bases):
                continue  # 9.15 a rail or map-edge source feeds it whatever the depots do
            held = occupied.get(h, control.get(h)) == side
            self.towns.append((points, held, dist))

    def near(self, h: str) -> dict[str, int]:
        """The hexes within the longest depot's Supply Range of ``h``, a line's way."""
        dist = self._near.get(h)
        if dist is None:
            dist = self._near[h] = supply.hexes_within(self._links, [h], self._most, self._closed)
        return dist

    def supplied(self, moved: str | None, at: str | None) -> dict[str, str]:
        """The depots in supply (9.16) with ``moved`` standing in ``at`` (None: gone),
        and their hexes."""
        where = {d: (at if d == moved else h) for d, (h, _) in self.depots.items()}
        waiting = {d: h for d, h in where.items() if h is not None}
        found: dict[str, str] = {}
        for d, h in list(waiting.items()):
            if self._from_bases.get(h, self._most + 1) <= self.depots[d][1]:
                found[d] = waiting.pop(d)
        fresh = list(found.values())
        while fresh and waiting:
            reached = [self.near(h) for h in fresh]
            fresh = []
            for d, h in list(waiting.items()):
                if any(dist.get(h, self._most + 1) <= self.depots[d][1] for dist in reached):
                    found[d] = waiting.pop(d)
                    fresh.append(h)
        return found

    def _fed(self, hexes: list[str], dist: dict[str, int]) -> bool:
        return any(dist.get(h, self.reach + 1) <= self.reach for h in hexes)

    def held_fed(self, moved: str | None, at: str | None) -> int:
        """The points of the held towns fed with ``moved`` in ``at`` (None: gone)."""
        hexes = list(self.supplied(moved, at).values())
        return sum(p for p, held, dist in self.towns if held and self._fed(hexes, dist))

    def feeds_alone(self, uid: str) -> bool:
        """Whether a held town would no longer be fed without depot ``uid``."""
        return bool(self.towns) and self.held_fed(None, None) > self.held_fed(uid, None)

    def worth(self, uid: str, h: str) -> float:
        """:func:`feeds`: depot ``uid`` standing in ``h``."""
        if not self.towns:
            return 0.0
        supplied = self.supplied(uid, h)
        hexes = list(supplied.values())
        value = 0.0
        for points, held, dist in self.towns:
            worth = points * (1.0 if held else UNTAKEN_FEED) * FEED_WORTH
            if self._fed(hexes, dist):
                value += worth
            elif uid in supplied and h in dist:
                value += worth * 0.5 ** max(0, dist[h] - self.reach)
        return value


def carried(st: State, uid: str) -> float | None:
    """Fighting units carry their strength; HQs and supply depots follow the troops."""
    info = U.info(st, uid)
    if info.hq or info.type == "supply_depot":
        return None
    return strength(st, uid)


def move_risk(st: State, uid: str, action: dict[str, Any]) -> float:
    """The chance a move costs the unit (a game's rolls as it moves: Brusilov 23.52)."""
    if action["type"] != "move":
        return 0.0
    return float(U.rules(st).move_risk(st, st.top(), uid, action.get("path", [])))


def goals(st: State, side: str) -> list[tuple[list[str], float]]:
    """The regions where ``side``'s units score at the end of the game (the rules say:
    :meth:`~greatwar.engine.system.RuleSystem.scoring_places`), each worth the points a
    step scores there on the game's scale of victory points, as a city's points are worth.
    A place of a few hexes that scores once for one unit (Caporetto 24.23) is left out: it
    would pull every unit, and an attack on it is the combat's business."""
    scale = GOAL_WORTH / vp_scale(st)
    return [
        (hexes, points * scale)
        for hexes, points in st.game.system.scoring_places(st, side)
        if len(hexes) > SMALL_PLACE
    ]


#: Von Hindenburg 21.1: a Russian corps broken down into divisions, or divisions made
#: a corps again; the agent keeps its corps as they are (a look one action ahead would
#: break down and reconstitute in turn to no end)
CORPS = frozenset({"break_down", "reconstitute"})
#: how far (hexes) an enemy unit may be and still threaten an own city: a move and a
#: hex (most units move 4 to 6, 5.1)
THREAT_RANGE = 5


def front(st: State, side: str) -> Front:
    scorings = U.rules(st).town_scorings_left(st)
    return Front(
        st,
        side,
        strength,
        _stack_room_in(st),
        supply_gap,
        carried=carried,
        risk=_move_risk_in(st),
        goals=goals,
        threat_range=THREAT_RANGE,
        feeds=feeds,
        path_value=_path_value,
        exposed=U.rules(st).exposed_hexes(st, side),
        city_weight=min(CITY_SCORINGS, scorings),
        guard_short=GUARD_SHORT if scorings > 1 else 1.0,
        supply_weight=_supply_weight(st, side),
        supply_weight_in=_denial_supply(st, side),
        out_of_reach=towns_out_of_reach,
        prey=prey,
    )


def prey(st: State, side: str) -> list[tuple[list[str], float]]:
    """The enemy's fighting units whose steps score when lost in combat (the rules'
    ``step_loss_points``: Serbia/Galicia 25.2, Caporetto 24.13), by hex, each worth
    :data:`HUNT_WORTH` times the points one step of each scores (:attr:`Front.prey`)."""
    if not HUNT_WORTH:
        return []
    rules = U.rules(st)
    worth: dict[str, float] = {}
    for uid, rec in st.data["units"].items():
        ui = U.info(st, uid)
        if ui.side == side or rec["status"] != "on_map" or not rec["hex"] or ui.type in NOT_COMBAT:
            continue
        points = rules.step_loss_points(st, uid)
        if points > 0:
            worth[rec["hex"]] = worth.get(rec["hex"], 0.0) + points * HUNT_WORTH
    return [([h], w) for h, w in sorted(worth.items())]


#: what closing in on one enemy step that scores is worth, per point it scores, where no
#: place is left to take (:func:`prey`): a tuning value, measured by ladder runs
HUNT_WORTH = 1.0


def towns_out_of_reach(st: State, side: str) -> frozenset[str]:
    """The towns scored only in supply (Brusilov 25.12, Serbia/Galicia 25.12) that no side
    scoring them could hold in its supply: each beyond its scorer's longest Supply Range
    from every source of that side's supply now, on the map as it is without the other
    side, and that side has no supply depot to carry its supply forward (9.12-9.16).
    Held, such a town scores nothing, and a unit sent to take or guard it withers out of
    supply (9.22)."""
    if not OUT_OF_REACH:
        return frozenset()
    sides = (side, U.enemy_of(st, side))
    scored = {s: U.rules(st).towns_scored_in_supply(st, s) for s in sides}
    if not any(scored.values()):
        return frozenset()
    reached = {s: _supply_reach(st, s) for s in sides if scored[s]}
    towns = set(scored[side]) | set(scored[sides[1]])
    return frozenset(
        h
        for h in towns
        if not any(h in scored[s] and (near is None or h in near) for s, near in reached.items())
    )


def _supply_reach(st: State, side: str) -> dict[str, int] | None:
    """The hexes within the longest Supply Range of ``side``'s units on the map from its
    sources now, the other side's units and zones aside; None (anywhere) while the side
    has a supply depot on the map or to come, which may carry its supply forward (9.16)."""
    units = st.data["units"]
    static = st.game.static.units
    ranges = []
    for uid, rec in units.items():
        ui = static[uid]
        if ui.side != side:
            continue
        if ui.type == "supply_depot" and rec["status"] not in GONE:
            return None
        if rec["status"] == "on_map" and not ui.hq:
            ranges.append(supply.supply_range(st, uid))
    if not ranges:
        return {}
    sources = supply.table(st, side).sources
    return supply.hexes_within(supply.network(st).links, sources, max(ranges))


#: the statuses of a piece out of play for good (eliminated, or taken out of play)
GONE = frozenset({"eliminated", U.REMOVED})


#: the rule of thumb of :func:`towns_out_of_reach` (a switch for measuring it)
OUT_OF_REACH = True


def _path_value(f: Front, uid: str, action: Action) -> float:
    """What a move is worth on its way (:attr:`Front.path_value`): the rail it takes back
    and the rail it holds open."""
    if action.get("type") != "move":
        return 0.0
    return reclaimed_rail(f, uid, action) + held_open(f, uid, action)


def reclaimed_rail(f: Front, uid: str, action: Action) -> float:
    """The side's own rail hexes the enemy last occupied that a move takes back on its way
    (5.33, 9.15: such a hex is no Friendly rail for rail movement nor for supply until a
    Friendly unit enters it again, :func:`~greatwar.rules.gwite.victory.passed_through`),
    :data:`RECLAIM_WORTH` each.  A rail net fed from one edge is cut off whole behind one
    such hex: in Caporetto's losses looked at, an enemy unit that had slipped through
    took the Allies' entry hex or a hex of their one line, and it stayed his to the end."""
    if not RECLAIM_RAIL:
        return 0.0
    lost = f.notes.get(("lost-rail", uid))
    if lost is None:
        lost = f.notes[("lost-rail", uid)] = _lost_rail(f.state, f.side, uid)
    return RECLAIM_WORTH * len(lost.intersection(action.get("path", ()))) if lost else 0.0


def held_open(f: Front, uid: str, action: Action) -> float:
    """A fighting unit's move that ends in a hex of the side's own rail the enemy controls
    holds the line open there (7.24: a Friendly unit negates an Enemy zone for tracing
    supply; 9.15: the rail path to a map edge may not pass an Enemy-controlled hex); one
    that leaves such a hex it holds alone cuts it again.  :data:`RECLAIM_WORTH` either
    way, only where the zone there decides another unit's line of supply."""
    if not HOLD_RAIL_OPEN:
        return 0.0
    st = f.state
    zoned = f.notes.get(("zoned-rail", uid))
    if zoned is None:
        zoned = f.notes[("zoned-rail", uid)] = _zoned_rail(f, uid)
    if not zoned:
        return 0.0
    value = 0.0
    to = action["to"]
    if to in zoned and _decides_lines(f, uid, to, opened=True):
        value += RECLAIM_WORTH
    here = U.record(st, uid)["hex"]
    if here in zoned and _decides_lines(f, uid, here, opened=False):
        value -= RECLAIM_WORTH
    return value


def _zoned_rail(f: Front, uid: str) -> frozenset[str]:
    """The rail hexes of ``uid``'s Friendly countries under an Enemy zone, if it is a
    fighting unit that negates zones (7.24; not Caporetto's monitor, 17.32)."""
    st = f.state
    info = U.info(st, uid)
    if info.hq or info.type == "supply_depot" or not U.rules(st).negates_enemy_control(st, uid):
        return frozenset()
    return supply.friendly_rail(st, f.side, info.nationality) & zoc.enemy_controlled(st, f.side)


def _decides_lines(f: Front, uid: str, h: str, opened: bool) -> bool:
    """Whether a unit of ``uid``'s supply class other than ``uid`` traces a line of supply
    (9.12-9.15) with the Enemy zone in ``h`` negated and none without it: that a unit
    standing there (``opened``) would give, or that ``uid`` leaving would take away."""
    st = f.state
    key = ("rail-decides", uid, h, opened)
    found = f.notes.get(key)
    if found is None:
        table = supply.table(st, f.side)
        negates = U.rules(st).negates_enemy_control
        if opened and h not in table.enemy_zones:
            found = False  # a Friendly unit negates it already
        elif not opened and any(negates(st, o) for o in U.units_in(st, h) if o != uid):
            found = False  # another unit holds it too
        else:  # the table's lines are the other case's: the zone as it is now
            cls = supply.class_of(st, uid)
            one, none = frozenset({h}), frozenset[str]()
            other = supply.lines_within(st, f.side, cls, *((one, none) if opened else (none, one)))
            free, cut = (other, table.line) if opened else (table.line, other)
            found = any(free[u] and not cut[u] for u in other if u != uid)
        f.notes[key] = found
    return bool(found)


#: the rule of thumb of :func:`held_open` (a switch for measuring it, docs/strength.md)
HOLD_RAIL_OPEN = True


def _lost_rail(st: State, side: str, uid: str) -> frozenset[str]:
    """The rail hexes of ``uid``'s Friendly countries (5.32) that the enemy holds by the
    rule of who last occupied them (the game's :meth:`RailRules.rail_owner`)."""
    rules = U.rules(st)
    rail = supply.friendly_rail(st, side, U.info(st, uid).nationality)
    return frozenset(h for h in rail if rules.rail_owner(st, h) not in (None, side))


#: the rule of thumb of :func:`reclaimed_rail` (a switch for measuring it, docs/strength.md)
RECLAIM_RAIL = True
#: what taking back one of the side's own rail hexes is worth to a move
RECLAIM_WORTH = 3.0


def _denial_supply(st: State, side: str) -> dict[str, float]:
    """The last Game-Turn's towns the enemy scores in supply and ``side`` never does
    (Serbia/Galicia 25.11-25.12: each town scores for one side): held only to keep the
    enemy from them, supplied or not, so ending out of supply there weighs as anywhere
    else on the last Game-Turn (:data:`LAST_TURN_SUPPLY`), not in full as by towns the
    side scores (:func:`_supply_weight`)."""
    if not (DENIAL_SUPPLY and last_turn(st) and _towns_need_supply(st, side)):
        return {}
    rules = U.rules(st)
    own = rules.towns_scored_in_supply(st, side)
    theirs = rules.towns_scored_in_supply(st, U.enemy_of(st, side))
    return {h: LAST_TURN_SUPPLY for h in theirs if h not in own}


#: the rule of thumb of :func:`_denial_supply` (a switch for measuring it, docs/strength.md)
DENIAL_SUPPLY = True


def _supply_weight(st: State, side: str) -> float:
    """What ending out of supply weighs for ``side`` now (:attr:`Front.supply_weight`)."""
    return LAST_TURN_SUPPLY if last_turn(st) and not _towns_need_supply(st, side) else 1.0


#: what ending out of supply weighs on the last Game-Turn: supply is traced at the start
#: of a Movement Phase (9.21), so there it costs only the attack halved (9.21, 9.23) and
#: the roll for attrition (9.22); not where towns score only in supply
LAST_TURN_SUPPLY = 0.2


def _towns_need_supply(st: State, side: str) -> bool:
    """Whether ``side`` scores towns only in supply (Brusilov 25.12, Serbia/Galicia 25.12):
    then supply matters to the very end (a Brusilov teaching ladder: 193 of 200 games as
    the Russians with the last Game-Turn's supply weighed at :data:`LAST_TURN_SUPPLY`,
    196 of 200 at full weight)."""
    return bool(U.rules(st).towns_scored_in_supply(st, side))


def last_turn(st: State) -> bool:
    """Whether this is the scenario's last Game-Turn."""
    return int(st.data["turn"]) >= int(st.game.scenario.info.turns)


def choose(turn: Turn) -> Choice | None:
    """The GWitE rules of thumb for this decision, or None to leave it to look-ahead."""
    kinds = turn.kinds
    if "command" in kinds or "end_allocation" in kinds:
        return _command(turn)
    if "enter" in kinds:
        return turn.pick(turn.first("enter"), "brings a reinforcement on")
    if "deploy" in kinds or "end_deployment" in kinds:
        return _deploy(turn)
    if kinds & {"move", "rail_move", "detrain", "entrain"} or (
        "end_segment" in kinds and ("select" in kinds or kinds & (gruppen.ACTIONS | CORPS))
    ):
        return _movement(turn)
    if "declare" in kinds:
        return _declare(turn)
    if "end_defense" in kinds:
        return _defend(turn)
    if kinds & {"add_attacker", "resolve", "barrage", "reduce_barrage"}:
        return _attack(turn)
    if kinds & {"propose_end", "accept_end"}:
        return _agreement(turn)
    if "attempt" in kinds:
        turn.rule_out(lambda a: a["type"] == "attempt" and _last_in_a_town(turn.state, a["unit"]))
    if kinds & {"occupy", "advance"}:
        turn.rule_out(lambda a: _overstacks(turn.state, a))
    if "option" in kinds and KEEP_THE_WIN:
        turn.rule_out(lambda a: a["type"] == "option" and _loses_the_win(turn, a))
    return None


#: the rule of thumb of :func:`_loses_the_win` (a switch for measuring it, docs/strength.md)
KEEP_THE_WIN = True


def _loses_the_win(turn: Turn, action: Action) -> bool:
    """8.9 a combat result's option (half the steps lost, or a retreat) that would take
    away the win the side has were the game to end now (25.3: a step lost in combat
    scores for the enemy, Serbia/Galicia 25.2, Caporetto 24.13), where the side has it:
    not taken if another option keeps it (the rest is left to the look-ahead)."""
    st = turn.state
    side = side_of(st, turn.role)
    if not winning_now(st, side):
        return False
    trial = st.clone()
    try:
        trial.apply(turn.role, action)
    except IllegalAction:  # a sample may refuse what the view allows
        return False
    return not winning_now(trial, side)


def _overstacks(st: State, action: Action) -> bool:
    """A move into a vacated hex (12.16) or an advance after combat that would put the hex
    over the stacking limit: the units over it are eliminated at the end of the phase
    (6.14; 12.16 "subject to all Stacking rules")."""
    if action["type"] not in ("occupy", "advance"):
        return False
    return not stack_room(st, action["unit"], action.get("hex") or action["to"])


def _last_in_a_town(st: State, uid: str) -> bool:
    """12.1 a cavalry unit that is the last fighting unit in a town or city with points:
    a withdrawal would empty it, and the Phasing Player may move in at once (12.16)."""
    here = U.record(st, uid)["hex"]
    city = st.game.scenario.board.cities.get(here)
    if city is None or not city.vp:
        return False
    return all(u == uid or carried(st, u) is None for u in U.occupancy(st)[here])


# --- ending the game by agreement ---------------------------------------------------------


def _agreement(turn: Turn) -> Choice:
    """Caporetto 4.1: never propose to end the game early; accept a proposal only when the
    game ended now would be a win (the result as the sample stands), else play on."""
    accept = turn.first("accept_end")
    if accept is not None:
        if U.rules(turn.state).result(turn.state).get("winner") == turn.role:
            return turn.pick(accept, "accepts to end the game now: it would win")
        return turn.pick(turn.first("decline_end"), "declines to end the game: plays on")
    return turn.pick(turn.first("play_on"), "plays on to the last Game-Turn")


# --- set-up -------------------------------------------------------------------------------


def _deploy(turn: Turn) -> Choice:
    """Set up the units that must be, each nearest the enemy; then end the set-up."""
    st = turn.state
    placing = [a for a in turn.of_type("deploy") if U.record(st, a["unit"])["status"] != "on_map"]
    done = turn.first("end_deployment")
    if not placing:
        if done is not None:
            return turn.pick(done, "keeps the printed set-up")
        placing = turn.of_type("deploy")
    uid = placing[0]["unit"]
    board = U.static(st).scenario.board
    enemies = [U.record(st, e)["hex"] for e in U.on_map(st, U.enemy_of(st, turn.role))]

    def away(action: Action) -> int:
        return min((board.distance(action["hex"], e) for e in enemies), default=0)

    best = min((a for a in placing if a["unit"] == uid), key=away)
    return turn.pick(best, f"sets {U.info(st, uid).name} up in {best['hex']}, near the enemy")


# --- command ------------------------------------------------------------------------------


def _command(turn: Turn) -> Choice:
    st = turn.state
    orders = turn.of_type("command")
    if not orders:
        return turn.pick(turn.first("end_allocation"), "every unit it can command has an HQ")
    best = max(orders, key=lambda a: (U.info(st, a["unit"]).stacking, -orders.index(a)))
    name = U.info(st, best["unit"]).name
    return turn.pick(best, f"puts {name} under {U.info(st, best['hq']).name}")


# --- movement -----------------------------------------------------------------------------


def _movement(turn: Turn) -> Choice:
    st = turn.state
    moving = [a for a in turn.legal if a["type"] in ("move", "rail_move")]
    selected = next(
        (a["unit"] for a in turn.legal if a["type"] in ("move", "rail_move", "finish", "detrain")),
        None,
    )
    if selected is not None:
        return _move_unit(turn, selected, moving)
    hiding = heuristic_gruppen.active(turn)
    if hiding:  # Hindenburg 18.0: its Gruppen move first, as one
        plan = heuristic_gruppen.first(turn, turn.front(front))
        if plan is not None:
            return plan
    selects = [a for a in turn.of_type("select") if not turn.memory_has(("moved", a["unit"]))]
    if not selects:
        plan = heuristic_gruppen.last(turn) if hiding else None  # dummies, then hiding
        if plan is not None:
            return plan
        return turn.pick(turn.first("end_segment"), "has moved every unit it wants to")
    fighting = [a for a in selects if U.info(st, a["unit"]).type not in NOT_COMBAT]
    chosen = (fighting or selects)[0]
    turn.remember(("moved", chosen["unit"]))  # one turn in hand per segment
    return turn.pick(chosen, f"takes {U.info(st, chosen['unit']).name} in hand")


def _move_unit(turn: Turn, uid: str, moving: list[Action]) -> Choice:
    st = turn.state
    f = turn.front(front)
    here = U.record(st, uid)["hex"]
    name = U.info(st, uid).name
    if here is None:
        return _back_on_the_map(turn, f, uid)
    entrain = turn.first("entrain")
    if entrain is not None and _far_from_enemy(f, here):
        return turn.pick(entrain, f"entrains {name}: the fighting is far off")
    best = f.best_move(uid, moving, here)
    march = _forced_march(turn, f, uid, here, best)
    if march is not None:
        return march
    if best is not None:
        return turn.pick(best, f"moves {name} to {best['to']}")
    stop = turn.first("detrain") or turn.first("finish")
    if stop is not None:
        return turn.pick(stop, f"keeps {name} in {here}")
    return turn.pick(turn.first("end_segment") or turn.legal[0], "ends its movement")


def _back_on_the_map(turn: Turn, f: Front, uid: str) -> Choice:
    """5.37-5.38 a unit travelling off the map by rail: back onto the map at the best exit
    hex it may re-enter by now, else it stays off the map (the Movement Points it has paid
    toward the link carry over, 5.38)."""
    name = U.info(turn.state, uid).name
    ways = [a for a in turn.of_type("reenter") if a["unit"] == uid]
    if ways:
        best = max(ways, key=lambda a: f.hex_value(uid, a["hex"]))
        return turn.pick(best, f"brings {name} back onto the map at {best['hex']}")
    stay = turn.first("finish") or turn.first("end_segment") or turn.legal[0]
    return turn.pick(stay, f"keeps {name} travelling off the map")


def _forced_march(turn: Turn, f: Front, uid: str, here: str, best: Action | None) -> Choice | None:
    """Caporetto 19.0: force march when the best move the larger allowance opens is worth
    more than the best without it by the strength its expected step loss costs (19.2)."""
    march = turn.first(forced_march.FORCE_MARCH)
    if march is None:
        return None
    st = turn.state
    trial = st.clone()
    trial.apply(turn.role, march)
    longer = [a for a in trial.legal_actions(turn.role) if a["type"] == "move"]
    farther = f.best_move(uid, longer, here)
    if farther is None:
        return None
    lost = forced_march.expected_steps_lost(st, uid)
    price = FORCED_MARCH_PRICE * lost * strength(st, uid) / max(1, U.steps_left(st, uid))
    price *= step_weight(st, [uid])  # a step whose loss scores for the enemy costs more
    if lost >= 1.0 and U.steps_left(st, uid) <= 1:
        return None  # a sure loss of its last step
    gain = _move_value(f, uid, farther, here) - _move_value(f, uid, best, here)
    if gain <= price:
        return None
    name = U.info(st, uid).name
    return turn.pick(march, f"force marches {name} toward {farther['to']} (caporetto 19.0)")


def _move_value(f: Front, uid: str, move: Action | None, here: str) -> float:
    """The value :meth:`Front.best_move` gives a move (staying put: its hex's)."""
    if move is None:
        return f.hex_value(uid, here, here)
    return f.move_value(uid, move, here)


def _far_from_enemy(f: Front, here: str) -> bool:
    board = f.state.game.scenario.board
    return all(board.distance(here, e) > RAIL_DISTANCE for e in f.enemy)


# --- combat -------------------------------------------------------------------------------


def expected_result(assessment: dict[str, Any], weights: tuple[float, float] = (1.0, 1.0)) -> float:
    """Expected (defender's loss - attacker's loss) on the Combat Results Table (8.8),
    over the six die rolls with the attack's die modifiers; -9 when it may not be made.
    ``weights`` (attacker's, defender's) weigh each side's steps (:func:`loss_weights`)."""
    if not assessment.get("legal"):
        return -9.0
    attacker, defender = weights
    total = 0.0
    for look in _results(assessment):
        total += defender * _letter(look.defender) - attacker * _letter(look.attacker)
    return total / 6.0


def _results(assessment: dict[str, Any]) -> list[crt.Lookup]:
    """The Combat Results Table's result for each of the six die rolls of the attack
    ``assessment`` describes, its die modifiers added (8.8)."""
    table = crt.table()
    mods = sum(int(m.get("value", 0)) for m in assessment.get("die_modifiers", []))
    tcr, column = assessment["tcr"], assessment["column"]
    return [table.lookup(tcr, column, die + mods) for die in range(1, 7)]


def step_weight(st: State, units: list[str]) -> float:
    """What a step lost by a force of ``units`` weighs: 1, more where every step of it
    scores for the enemy when lost (the rules' ``step_loss_points``: Caporetto 24.13,
    24.22); the cheapest unit's price, since the owner gives the cheapest steps first."""
    if not units:
        return 1.0
    rules = U.rules(st)
    price = min(rules.step_loss_points(st, u) for u in units)
    return 1.0 + LOSS_PRICE * price / vp_scale(st) if price else 1.0


def loss_weights(st: State) -> tuple[float, float]:
    """(attacker's, defender's) step weights of the attack being put together."""
    frame = st.top()
    if frame is None or frame.get("kind") != "attack":
        return 1.0, 1.0
    side = U.info(st, frame["attackers"][0]).side if frame.get("attackers") else None
    if side is None:
        return 1.0, 1.0
    enemy = U.enemy_of(st, side)
    defenders = [u for t in frame.get("targets", []) for u in combat.defenders_in(st, t, enemy)]
    return step_weight(st, list(frame["attackers"])), step_weight(st, defenders)


def attack_value(st: State, role: str) -> float:
    """The expected result of the attack being put together, each side's steps weighed
    by what losing them scores for the enemy (:func:`loss_weights`)."""
    return expected_result(_preview(st, role), loss_weights(st))


#: how much a depot burned for massed artillery (Brusilov 19.2) must change the expected
#: result before the agent gives up the depot
WORTH_A_DEPOT = 1.0


def _worth_burning(turn: Turn, current: float, better: bool) -> Choice | None:
    """Massed artillery (Brusilov 19.2) when a depot changes the expected result by at
    least :data:`WORTH_A_DEPOT` (up for the attacker, down for the defender)."""
    st = turn.state
    chain = DepotChain(st, side_of(st, turn.role)) if last_turn(st) else None
    for a in turn.of_type("massed_artillery"):
        if chain is not None and chain.feeds_alone(a["depot"]):
            continue  # its town would score nothing at the end (Brusilov 25.12)
        trial = turn.state.clone()
        trial.apply(turn.role, a)
        gain = expected_result(_preview(trial, turn.role)) - current
        if (gain if better else -gain) >= WORTH_A_DEPOT:
            return turn.pick(a, f"burns depot {U.info(turn.state, a['depot']).name} (19.2)")
    return None


def _defend(turn: Turn) -> Choice:
    """The defender's step before the die: every defensive shift there is (Brusilov
    21.1), a depot burned when it saves much, then done."""
    st = turn.state
    shift = turn.first("defensive_shift")
    if shift is not None:
        return turn.pick(shift, f"adds the defensive shift of {U.info(st, shift['hq']).name}")
    burn = _worth_burning(turn, expected_result(_preview(st, turn.role)), better=False)
    if burn is not None:
        return burn
    barrage = _defensive_barrage(turn)
    if barrage is not None:
        return barrage
    return turn.pick(turn.first("end_defense") or turn.legal[0], "lets the attack be rolled")


def _defensive_barrage(turn: Turn) -> Choice | None:
    """Caporetto 17.21: a supporter's barrage given to the defense when it lowers the
    attacker's expected result (17.26: not when its own Defense Strength is worth more)."""
    current = expected_result(_preview(turn.state, turn.role))
    for a in turn.of_type("defensive_barrage"):
        trial = turn.state.clone()
        trial.apply(turn.role, a)
        if expected_result(_preview(trial, turn.role)) < current:
            name = U.info(turn.state, a["unit"]).name
            return turn.pick(a, f"gives the barrage of {name} to the defense of {a['hex']}")
    return None


def _with_barrage(st: State, role: str, action: Action) -> State:
    """A trial state with ``action`` (a barrage) applied and, where the attack then falls
    below half the barrage (Caporetto 17.15), the barrage reduced to what it allows."""
    trial = st.clone()
    trial.apply(role, action)
    for _ in range(20):
        preview = _preview(trial, role)
        cuts = [a for a in trial.legal_actions(role) if a["type"] == "reduce_barrage"]
        if preview.get("legal") or preview.get("case") != "caporetto 17.15" or not cuts:
            break
        trial.apply(role, min(cuts, key=lambda a: a["points"]))
    return trial


def _letter(result: str) -> float:
    return RESULT_VALUE.get(result, float(result) if result.isdigit() else 0.0)


def _preview(st: State, role: str) -> dict[str, Any]:
    return combat.view(st, role) or {}


def full_attack(st: State, role: str, target: str) -> tuple[float, dict[str, Any]]:
    """The expected result of attacking ``target`` with every eligible attacker and shift."""
    trial = _full_trial(st, role, target)
    return attack_value(trial, role), _preview(trial, role)


def _full_trial(st: State, role: str, target: str) -> State:
    """A trial state with the attack on ``target`` declared and every eligible attacker,
    shift and barrage added (:func:`full_attack`)."""
    trial = st.clone()
    trial.apply(role, {"type": "declare", "target": target})
    for _ in range(20):
        adds = [a for a in trial.legal_actions(role) if a["type"] in ("add_attacker", "add_shift")]
        if not adds:
            break
        trial.apply(role, adds[0])
    for _ in range(10):  # Caporetto 17.11: every barrage there is, within 17.15
        offered = [a for a in trial.legal_actions(role) if a["type"] == "barrage"]
        if not offered:
            break
        trial = _with_barrage(trial, role, offered[0])
    return trial


#: what an attack on a city or town that scores is worth on top of its expected result,
#: per point of the place (it is taken, or kept, by winning there)
OBJECTIVE_ATTACK = 0.15


def objective_bonus(st: State, target: str) -> float:
    """An attack on a hex worth victory points is worth more than its losses say."""
    city = st.game.scenario.board.cities.get(target)
    return OBJECTIVE_ATTACK * abs(city.vp) if city is not None and city.vp else 0.0


#: while a step lost would cost the side its win, attack only where no die roll costs
#: the attacker a step (:func:`narrow_lead`): a tuning switch, measured by ladder runs
#: (docs/strength.md, issue 19)
NARROW_LEAD = True


def good_attack(st: State, role: str) -> float:
    """The expected result an attack needs: :data:`GOOD_ATTACK`, or :data:`SAFE_ATTACK`
    while ``role``'s side would win were the game to end now (a step lost may lose it)."""
    return SAFE_ATTACK if winning_now(st, side_of(st, role)) else GOOD_ATTACK


def winning_now(st: State, side: str) -> bool:
    """Whether the scenario's levels of victory give ``side`` the win at the points it
    would have were the game to end now (the rules' ``projected_vp``)."""
    victory = st.game.scenario.file.victory
    if victory is None or not victory.levels:
        return False
    level = level_for(victory, round(st.game.system.projected_vp(st)))
    return level is not None and level.winner == side


def narrow_lead(st: State, side: str, attackers: list[str]) -> bool:
    """Whether ``side`` wins were the game to end now (:func:`winning_now`) but would not
    once the cheapest of ``attackers`` lost a step the enemy scores (the rules'
    ``step_loss_points``: Serbia/Galicia 25.2, Caporetto 24.13)."""
    victory = st.game.scenario.file.victory
    if not attackers or victory is None or not victory.levels or not winning_now(st, side):
        return False
    rules = U.rules(st)
    price = min(rules.step_loss_points(st, u) for u in attackers)
    if price <= 0:
        return False
    after = st.game.system.projected_vp(st) + (-price if side == victory.index_side else price)
    level = level_for(victory, round(after))
    return level is None or level.winner != side


def attacker_may_lose(assessment: dict[str, Any]) -> bool:
    """Whether some die roll of the attack costs the attacker a step (8.8)."""
    return any(_letter(look.attacker) > 0 for look in _results(assessment))


def _declare(turn: Turn) -> Choice:
    st, role = turn.state, turn.role
    side = side_of(st, role)
    best, best_value, odds = None, good_attack(st, role), ""
    required: tuple[float, Action] | None = None  # the best attack the table resolves
    for a in turn.of_type("declare"):
        if turn.memory_has(("declined", a["target"])):
            continue
        trial = _full_trial(st, role, a["target"])
        value, preview = attack_value(trial, role), _preview(trial, role)
        value += objective_bonus(st, a["target"])
        risked = (  # a step lost would lose the game: not made unless the rules require
            NARROW_LEAD
            and preview.get("legal")
            and narrow_lead(st, side, list((trial.top() or {}).get("attackers", [])))
            and attacker_may_lose(preview)
        )
        if value > best_value and not risked:
            best, best_value, odds = a, value, preview.get("final_odds", "")
        if preview.get("legal") and (required is None or value > required[0]):
            required = (value, a)
    if best is None and turn.first("end_segment") is None:
        # the rules require another attack (Serbia/Galicia 23.0): the least bad one
        fallback = required[1] if required is not None else turn.legal[0]
        return turn.pick(fallback, "attacks because the rules require it")
    if best is None:
        return turn.pick(turn.first("end_segment") or turn.legal[0], "sees no attack worth making")
    turn.remember(("declined", best["target"]))  # one try per target and segment
    return turn.pick(best, f"attacks {best['target']} (up to {odds})")


def _attack_barrage(turn: Turn, current: float) -> Choice | None:
    """Caporetto 17.11, 17.15: cut a barrage the attack is too weak for, then add a
    supporter's barrage when it improves the expected result."""
    st, role = turn.state, turn.role
    cuts = turn.of_type("reduce_barrage")
    if cuts and _preview(st, role).get("case") == "caporetto 17.15":
        cut = min(cuts, key=lambda a: a["points"])
        return turn.pick(cut, f"reduces the barrage of {U.info(st, cut['unit']).name} (17.15)")
    for a in turn.of_type("barrage"):
        if attack_value(_with_barrage(st, role, a), role) > current + 0.05:
            return turn.pick(a, f"adds the barrage of {U.info(st, a['unit']).name}")
    return None


def _attack(turn: Turn) -> Choice:
    st, role = turn.state, turn.role
    shift = turn.first("add_shift")
    if shift is not None:
        return turn.pick(shift, f"adds the shift of {U.info(st, shift['hq']).name}")
    current = attack_value(st, role)
    best, best_value = None, current + 0.05
    for a in turn.of_type("add_attacker"):
        trial = st.clone()
        trial.apply(role, a)
        value = attack_value(trial, role)
        if value > best_value:
            best, best_value = a, value
    if best is not None:
        return turn.pick(best, f"adds {U.info(st, best['unit']).name} to the attack")
    barrage = _attack_barrage(turn, current)
    if barrage is not None:
        return barrage
    burn = _worth_burning(turn, current, better=True)
    if burn is not None:
        return burn
    preview = _preview(st, role)
    resolve = turn.first("resolve")
    if U.rules(st).combat_end_refusal(st, combat.segment(st)):  # Serbia/Galicia 23.0
        required = resolve or turn.first("add_attacker")
        if required is not None:
            return turn.pick(required, "attacks because the rules require it")
    bonus = max((objective_bonus(st, t) for t in preview.get("targets", [])), default=0.0)
    if resolve is not None and current + bonus >= good_attack(st, role):
        targets = ", ".join(preview.get("targets", []))
        return turn.pick(resolve, f"attacks {targets} at {preview.get('final_odds', '?')}")
    return turn.pick(turn.first("cancel") or turn.legal[0], "calls off an attack at poor odds")
