"""4.0 Movement, with 8.2 control zones, the 4.5 reserve reactions it opens and 7.1
stacking at the end of the phase.

The movement phase (3.1 phases 5 and 6) is stepwise: the player selects a
piece (a unit, or a masking counter with the units it hides, 16.2.6), moves it
to any hex it can reach (the path and its cost come with the action),
possibly in several legs, and finishes it or selects the next; a piece once
released is done for the phase (4.2.6).  A move is carried out hex by hex: in
each hex it enters the enemy may react with a RESERVE unit (4.5.4,
:mod:`reserve`), which stops it (4.5.6); otherwise it goes on along its path.

Costs (4.3; numbers in ``terrain.toml`` and ``constants.toml``) are kept in
half movement points, since a supply train pays 1/2 a point a hex along a
road (4.3.2, 15.3.4).  The cost of every step between adjacent hexes is built
once per game (:func:`move_graph`); what changes during play is added as the
step is taken: +1 to enter an enemy control zone (8.2.2), which stops the
piece (8.2.1); +1 to enter a hex holding a friendly supply train (4.4.3).

The order of 4.1 is enforced as five steps (``frame["step"]``): commanded
units; units that gain independence (13.3.2: every candidate rolls when the
step begins, rolling never hurts); HQs; supply trains; railways.  A step the
player has nothing to do in is passed automatically; ``end_step`` passes to
the next, ``end_phase`` skips the rest.  Rail operations (:mod:`rail`: loading
"at the start of the movement phase" 5.1.3, cutting track "while moving"
5.4.1, rail movement "advisable" after the others 5.1.1) and reinforcements
("at any moment", 17.2.2) are offered in every step; the rail module may look
at ``frame["step"]``.

This module is what the other sections ask of movement: costs (:func:`move_graph`),
allowances, the ground a piece meets and what it may reach, who moved this stage
(:func:`moved_this_stage`), and the phase's part of the view.  The phase itself (who
may move what, in which step, the moves carried out hex by hex) is
:mod:`movement_phase`; what entering a hex sets off is :mod:`entering`.

Readings where the rules are silent (each also where it is coded):

* A piece's allowance is fixed when it first moves: printed (HQs 6, 13.1.3;
  masks 4, 16.2.6), less 1 when it is then without supply (15.4.1); HQs and
  supply trains are not reduced (they have no levels, 2.3.2).  An unsupplied
  unit loses its endurance point (15.4.2) on entering its first hex.
* There is no minimum move: a unit whose allowance cannot pay for any
  adjacent hex does not move (4.2.2).
* Along a road or railway line (4.3.3) a step costs 1 (a supply train 1/2
  along a road, 1 along a railway) whatever the terrain, and a river, strait
  or bridge the line crosses costs nothing extra: the line bridges it (6.0
  speaks of bridges over the smaller rivers).  Wire (12.4.3) is paid even
  along a line.  Entering a line from the side pays the hex's terrain (4.3.4).
* The Vistula (``great_river``) is crossed only by a bridge that stands
  (4.3.6, 6.0), or by a piece of the "commanded" step that has not moved this
  phase, spending its whole allowance to cross to the adjacent hex (4.3.7);
  units that gained independence (13.3.2) are not within a command range and
  may not (4.3.7).
* 8.2.5: a piece that begins its move standing in an enemy zone may not
  leave it, except artillery, HQs and supply trains (11.1.7, 13.1.2,
  15.3.2); a piece that passes through a hex of an enemy zone neutralised by
  a friendly unit (8.1.4) goes on.  8.2.3: artillery, HQs and supply trains
  never enter an enemy zone except a hex where friendly infantry or cavalry
  already stand; masks are not held back (they hide what they carry).
* 15.3.6: a hex holding only enemy supply trains (not masked) may be entered
  by any piece but an HQ or a supply train; the trains are eliminated.
* 12.1.4: a piece being moved may destroy the trenches of the hex it stands
  in (to destroy those of a hex on its way, move there in a leg).
* Units each move individually; a stack is moved piece by piece.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.rules.reach import Reach as BaseReach
from greatwar.rules.tannenberg import fortified, masks, railways, seats, supply, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.board import Board
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Characteristic, TerrainCharacteristics

#: costs are kept in half movement points (4.3.2)
HALF = 2
STEPS = ("commanded", "independent", "hq", "train", "rail")
OVER = "over"
HQ, TRAIN, MASK = "hq", "supply_train", "mask"
#: unit types that may leave an enemy control zone in their own movement phase
#: (11.1.7 artillery, 13.1.2 HQs, 15.3.2 supply trains)
LEAVE_ZONE_TYPES = frozenset({"artillery", "hq", "supply_train"})
#: 8.2.3: types that enter an enemy zone only beside friendly infantry or cavalry (the same)
SUPPORT_TYPES = LEAVE_ZONE_TYPES
ESCORT_TYPES = frozenset({"infantry", "cavalry"})
#: hexside features a road or railway line crosses at no extra cost (reading of 4.3.3)
WATER_SIDES = frozenset({"minor_river", "major_river", "strait"})
VISTULA, BRIDGE = "great_river", "bridge"
MOVED = "moved_stage"
#: the kind of the movement phase's frame (:class:`movement_phase.MovementPhase`)
PHASE = "movement_phase"


def _case(n: str) -> str:
    return f"tannenberg {n}"


def mp_text(half: int) -> str:
    """Half points as movement points for people ("2", "1.5")."""
    return str(half // HALF) if half % HALF == 0 else f"{half / HALF:g}"


# --- the static graph of costs (4.3) ----------------------------------------------------


@dataclass(frozen=True)
class MoveGraph:
    """Cost of each step between adjacent hexes, in half points (built once a game)."""

    #: a -> b -> cost for every piece but supply trains (4.3.1-4.3.5, 12.4.3)
    enter: dict[str, dict[str, int]]
    #: the same for supply trains (4.3.2: 1/2 along a road)
    train: dict[str, dict[str, int]]
    #: steps whose cost a provisional table value decided (for each of the two tables)
    provisional: frozenset[tuple[str, str]]
    train_provisional: frozenset[tuple[str, str]]
    #: a -> hexes across the Vistula with no bridge (4.3.6; 4.3.7 whole allowance)
    vistula: dict[str, tuple[str, ...]]
    #: (a, b) steps over a Vistula bridge, both ways (6.0 may destroy it)
    bridges: frozenset[tuple[str, str]]


def _provisional_move(source: str) -> bool:
    """Whether a terrain table entry's movement value is the project's (see terrain.toml)."""
    if source.strip() == "provisional":
        return True
    _, sep, ours = source.partition("provisional:")
    return bool(sep) and "move" in ours


@dataclass(frozen=True)
class _Edge:
    off: int  # across country: terrain + hexsides
    off_prov: bool
    common: int  # what a road or railway does not bridge (wire)
    common_prov: bool
    line: str | None  # "road", "rail" or None


def _edge(board: Board, table: TerrainCharacteristics, a: str, b: str) -> _Edge | str | None:
    """The step a -> b: None when no piece may take it, VISTULA across an unbridged
    great river, else its costs."""
    terrain = table.terrain.get(board.terrain.get(b, ""))
    if terrain is None or terrain.move == "prohibited":
        return None
    features = board.features(a, b)
    bridged = BRIDGE in features
    if VISTULA in features and not bridged:
        return VISTULA
    sides: dict[str, Characteristic] = {f: table.hexside[f] for f in features if f in table.hexside}
    if any(s.move == "prohibited" for f, s in sides.items() if f != VISTULA):
        return None
    off, off_prov = HALF * int(terrain.move), _provisional_move(terrain.source)
    common, common_prov = 0, False
    for name, s in sides.items():
        extra = HALF * int(s.move) if s.move != "prohibited" else 0
        if name in WATER_SIDES or name == VISTULA:
            if not bridged:
                off += extra
                off_prov |= _provisional_move(s.source)
        else:
            common += extra
            common_prov |= bool(extra or name == BRIDGE) and _provisional_move(s.source)
    key = board.side_key(a, b)
    line = "road" if key in board.road_sides else "rail" if key in board.rail_sides else None
    return _Edge(off + common, off_prov or common_prov, common, common_prov, line)


def _cheapest(options: list[tuple[int, bool]]) -> tuple[int, bool]:
    """The cheapest way; among equal costs, one the printed table decides."""
    return min(options)


def _build_graph(scenario: Scenario) -> MoveGraph:
    board = scenario.board
    table: TerrainCharacteristics = scenario.terrain  # type: ignore[assignment]
    road = HALF * int(constant("road_move_cost"))
    train_road = road // int(constant("supply_train_road_hexes_per_mp"))
    enter: dict[str, dict[str, int]] = {}
    train: dict[str, dict[str, int]] = {}
    prov: set[tuple[str, str]] = set()
    train_prov: set[tuple[str, str]] = set()
    vistula: dict[str, tuple[str, ...]] = {}
    bridges: set[tuple[str, str]] = set()
    for a in board.hexes:
        enter[a], train[a] = {}, {}
        across = []
        for b in board.neighbours[a]:
            edge = _edge(board, table, a, b)
            if edge is None:
                continue
            if isinstance(edge, str):
                across.append(b)
                continue
            if VISTULA in board.features(a, b):
                bridges.add((a, b))
            ways = [(edge.off, edge.off_prov)]
            train_ways = list(ways)
            if edge.line is not None:
                ways.append((road + edge.common, edge.common_prov))  # 4.3.3
                per_hex = train_road if edge.line == "road" else road  # 4.3.2
                train_ways.append((per_hex + edge.common, edge.common_prov))
            for costs, provs, options in ((enter, prov, ways), (train, train_prov, train_ways)):
                cost, provisional = _cheapest(options)
                costs[a][b] = cost
                if provisional:
                    provs.add((a, b))
        vistula[a] = tuple(across)
    return MoveGraph(
        enter=enter,
        train=train,
        provisional=frozenset(prov),
        train_provisional=frozenset(train_prov),
        vistula=vistula,
        bridges=frozenset(bridges),
    )


def move_graph(st: State) -> MoveGraph:
    return derived_table(U.static(st), "movement", _build_graph)  # type: ignore[no-any-return]


def destroyed_bridges(st: State) -> frozenset[tuple[str, str]]:
    """Vistula bridge steps that may no longer be taken (6.0), memoised on the bridges
    destroyed."""
    key = ("tb_destroyed_bridges", tuple(railways.peek(st)["bridges_destroyed"]))
    return st.memo(key, _destroyed_bridges, st)  # type: ignore[no-any-return]


def _destroyed_bridges(st: State) -> frozenset[tuple[str, str]]:
    return frozenset(
        (a, b) for a, b in move_graph(st).bridges if railways.bridge_destroyed(st, a, b)
    )


# --- pieces and allowances ----------------------------------------------------------------


def is_support(st: State, uid: str) -> bool:
    """Artillery, HQs and supply trains (8.2.3; they may leave enemy zones)."""
    return U.info(st, uid).type in SUPPORT_TYPES


def may_capture_trains(st: State, uid: str) -> bool:
    """15.3.6 (reading): any piece but an HQ or a supply train overruns lone enemy trains."""
    return U.info(st, uid).type not in (HQ, TRAIN)


def hq_movement() -> int:
    """13.1.3 every HQ has 6 movement points (not printed on the counters)."""
    return int(constant("hq_movement"))


def mask_allowance(st: State, mask: str) -> int:
    """16.2.6 four movement points; three when a unit it hides is unsupplied (15.4.1).
    An empty mask hides no unsupplied unit: four (reading)."""
    printed = U.values(st, mask).movement or 0
    if any(not supply.supplied(st, uid) for uid in masks.contents(st, mask)):
        return printed - int(constant("unsupplied_movement_reduction"))
    return printed


def printed_allowance(st: State, uid: str) -> int:
    """The piece's movement points before supply: 6 for HQs (13.1.3), a mask's (16.2.6,
    with its own supply reading), else the counter's on its current level."""
    ui = U.info(st, uid)
    if ui.type == MASK:
        return int(mask_allowance(st, uid))
    if ui.hq:
        return hq_movement()
    printed = U.values(st, uid).movement
    if printed is None:
        printed = U.static(st).scenario.counters[uid].movement
    return int(printed or 0)


def unsupplied_mover(st: State, uid: str) -> bool:
    """15.4.1 a unit with levels (not an HQ, train or mask) without supply now."""
    ui = U.info(st, uid)
    return bool(ui.level_count) and ui.type != MASK and not supply.supplied(st, uid)


def allowance_now(st: State, uid: str) -> int:
    """The allowance, in half points, the piece would have if it began moving now."""
    mp = printed_allowance(st, uid)
    if unsupplied_mover(st, uid):
        mp -= int(constant("unsupplied_movement_reduction"))  # 15.4.1
    return HALF * max(0, mp)


def allowance(st: State, frame: Frame, uid: str) -> int:
    """The piece's allowance this phase in half points (fixed when it first moves)."""
    fixed = frame["allowance"].get(uid)
    if fixed is not None:
        return int(fixed)
    key = ("tb_allowance", uid, U.revision(st))
    return st.memo(key, lambda: allowance_now(st, uid))  # type: ignore[no-any-return]


def remaining(st: State, frame: Frame, uid: str) -> int:
    """Half points left: the allowance less what moving and rail actions spent (5.4.1)."""
    whole = allowance(st, frame, uid)
    rail_spent = HALF * railways.mp_spent(st, uid, whole // HALF)
    return max(0, whole - frame["spent"].get(uid, 0) - rail_spent)  # type: ignore[no-any-return]


def least_remaining(st: State, frame: Frame, uid: str) -> int:
    """A lower bound of :func:`remaining` that asks nothing of supply: a piece whose
    allowance is not yet fixed is taken to be without supply (15.4.1).  (Finding supply
    is dear; most questions are settled by the bound.)  A mask is taken to hide an
    unsupplied unit (16.2.6)."""
    if uid in frame["allowance"]:
        return remaining(st, frame, uid)
    ui = U.info(st, uid)
    reduction = int(constant("unsupplied_movement_reduction"))
    if ui.type == MASK:
        mp = (U.values(st, uid).movement or 0) - reduction
    else:
        mp = printed_allowance(st, uid)
        if ui.level_count:
            mp -= reduction
    whole = HALF * max(0, mp)
    rail_spent = HALF * railways.mp_spent(st, uid, whole // HALF)
    return max(0, whole - frame["spent"].get(uid, 0) - rail_spent)  # type: ignore[no-any-return]


def rail_mp(st: State, frame: Frame, uid: str) -> tuple[int, int]:
    """(movement points left, allowance) for the rail module (5.4.1 cutting track costs
    half the allowance).  A piece that has not moved has its whole allowance left, so
    the printed allowance answers for it without asking supply."""
    if uid in frame["done"]:
        return 0, allowance(st, frame, uid) // HALF
    if uid not in frame["allowance"]:
        printed = printed_allowance(st, uid)
        return printed, printed
    return remaining(st, frame, uid) // HALF, allowance(st, frame, uid) // HALF


def moved_in_phase(frame: Frame, uid: str) -> bool:
    return uid in frame["spent"]


# --- the ground a piece moves over ---------------------------------------------------------


@dataclass(frozen=True)
class Ground:
    """What one kind of piece of one side meets now (derived from the position)."""

    blocked: frozenset[str]  # 4.2.1, 12.3.4, 8.2.3
    stop: frozenset[str]  # 8.2.1 enemy zones, not neutralised (8.1.4)
    trains: frozenset[str]  # 4.4.3 hexes holding a friendly supply train
    cut: frozenset[tuple[str, str]]  # 6.0 destroyed Vistula bridges
    zone_cost: int  # 8.2.2, half points
    train_cost: int  # 4.4.3, half points


def _escorted(st: State, side: str) -> frozenset[str]:
    """8.2.3 hexes where friendly infantry or cavalry stand."""
    units = U.static(st).units
    return frozenset(
        U.record(st, u)["hex"] for u in U.on_map(st, side) if units[u].type in ESCORT_TYPES
    )


def enemy_held(st: State, side: str, captures: bool) -> frozenset[str]:
    """The hexes ``side``'s pieces may not enter for the enemy's units and garrisons:
    his units' hexes (4.2.1; not his lone supply trains for a piece that captures them,
    15.3.6) and his garrisoned fortifications (12.3.4).  Memoised on his units and the
    destroyed fortifications: ``side``'s own moves leave it standing."""
    enemy = U.enemy_of(st, side)
    key = ("tb_enemy_held", side, captures, U.revision(st, enemy), fortified.destroyed_key(st))
    return st.memo(key, _build_enemy_held, st, enemy, captures)  # type: ignore[no-any-return]


def _build_enemy_held(st: State, enemy: str, captures: bool) -> frozenset[str]:
    """:func:`enemy_held`, read from the enemy's units alone (a hex is his for each unit
    of his in it, whoever else stands there)."""
    units = U.static(st).units
    records = st.data["units"]
    hexes: dict[str, bool] = {}  # hex -> only unmasked supply trains of his there so far
    for uid in U.on_map(st, enemy):
        h = records[uid]["hex"]
        lone_train = units[uid].type == TRAIN and not masks.is_masked(st, uid)
        hexes[h] = hexes.get(h, True) and lone_train
    held = {h for h, lone_train in hexes.items() if not (captures and lone_train)}  # 15.3.6
    held.update(fortified.garrison_hexes(st, enemy))  # 12.3.4
    return frozenset(held)


def _train_hexes(st: State, side: str) -> frozenset[str]:
    """4.4.3 hexes holding a supply train of ``side``."""
    units = U.static(st).units
    return frozenset(U.record(st, u)["hex"] for u in U.on_map(st, side) if units[u].type == TRAIN)


def _build_ground(st: State, side: str, support: bool, captures: bool) -> Ground:
    """The ground of one kind of piece, from the parts kept per side (the enemy's hexes
    by his units, the own trains and escorts by one's own)."""
    blocked = enemy_held(st, side, captures)
    trains = U.cached_of(st, "tb_train_hexes", _train_hexes, side)
    if support:  # 8.2.3
        zone = zoc.controlled_by(st, U.enemy_of(st, side))
        blocked = blocked | (zone - U.cached_of(st, "tb_escorted", _escorted, side))
    return Ground(
        blocked=blocked,
        stop=zoc.enemy_controlled(st, side),
        trains=trains,
        cut=destroyed_bridges(st),
        zone_cost=HALF * int(constant("enemy_zoc_entry_cost")),
        train_cost=HALF * int(constant("supply_train_hex_entry_cost")),
    )


def ground_key(st: State, uid: str) -> tuple[Any, ...]:
    """What the ground a piece meets depends on: its side and kind, the units, the
    destroyed fortifications and bridges."""
    what = (
        U.revision(st),
        fortified.destroyed_key(st),
        tuple(railways.peek(st)["bridges_destroyed"]),
    )
    side = U.info(st, uid).side
    return ("tb_ground", side, is_support(st, uid), may_capture_trains(st, uid), what)


def ground(st: State, uid: str) -> Ground:
    """The ground the piece meets now (memoised on :func:`ground_key`)."""
    key = ground_key(st, uid)
    _, side, support, captures, _ = key
    return st.memo(key, lambda: _build_ground(st, side, support, captures))  # type: ignore[no-any-return]


def step_cost(st: State, uid: str, here: str, there: str) -> int | None:
    """Half points to step from ``here`` into the adjacent ``there`` now, or None when the
    piece may not (prohibited terrain or hexside, enemy units, 8.2.3).  The ground the
    piece meets when it is memoised; else what it says of ``there`` found from that hex
    alone (:class:`_GroundAt`), so that a piece moved hex by hex does not rebuild the
    ground after each hex."""
    graph = move_graph(st)
    table = graph.train if U.info(st, uid).type == TRAIN else graph.enter
    cost = table[here].get(there)
    if cost is None:
        return None
    key = ground_key(st, uid)
    g = st.recall(key)
    if g is None:
        _, side, support, captures, _ = key
        at = _GroundAt(st, side, support, captures, there)
        if at.blocked() or (here, there) in destroyed_bridges(st):
            return None
        return cost + at.extra()
    if there in g.blocked or (here, there) in g.cut:
        return None
    return cost + _extra(there, g)


class _GroundAt:
    """What :func:`_build_ground` says of one hex, found from the units in it and the
    zones reaching it: ``there in ground.blocked`` and ``_extra(there, ground)``."""

    def __init__(self, st: State, side: str, support: bool, captures: bool, there: str) -> None:
        self.st, self.side, self.support, self.captures = st, side, support, captures
        self.there = there
        self.enemy = U.enemy_of(st, side)
        self.units = U.static(st).units
        self.ids = U.units_in(st, there)

    def blocked(self) -> bool:
        st, there, enemy, units, ids = self.st, self.there, self.enemy, self.units, self.ids
        theirs = [u for u in ids if units[u].side == enemy]
        if theirs:  # 4.2.1 (as _build_enemy_held)
            lone_train = all(units[u].type == TRAIN and not masks.is_masked(st, u) for u in theirs)
            if not (self.captures and lone_train):  # 15.3.6
                return True
        if there in fortified.garrisoned_hexes(st, enemy):  # 12.3.4
            return True
        if self.support and zoc.controls(st, enemy, there):  # 8.2.3
            side = self.side
            return not any(units[u].side == side and units[u].type in ESCORT_TYPES for u in ids)
        return False

    def extra(self) -> int:
        st, there, side, units, ids = self.st, self.there, self.side, self.units, self.ids
        extra = 0
        if zoc.controls(st, self.enemy, there) and not any(
            units[u].side == side and zoc.neutralising(st, u) for u in ids
        ):  # 8.2.2, 8.1.4
            extra += HALF * int(constant("enemy_zoc_entry_cost"))
        if any(units[u].side == side and units[u].type == TRAIN for u in ids):  # 4.4.3
            extra += HALF * int(constant("supply_train_hex_entry_cost"))
        return extra


def _extra(there: str, g: Ground) -> int:
    """What the position adds to a step's cost: an enemy zone (8.2.2), a friendly supply
    train in the hex (4.4.3)."""
    return (g.zone_cost if there in g.stop else 0) + (g.train_cost if there in g.trains else 0)


class Reach(BaseReach):
    """Hexes a piece can reach now (:class:`greatwar.rules.reach.Reach`), with the 4.3.7
    Vistula crossings."""

    __slots__ = ("vistula",)

    def __init__(self) -> None:
        super().__init__()
        self.vistula: set[str] = set()


def reachable(st: State, uid: str, start: str, budget: int, vistula: bool = False) -> Reach:
    """Dijkstra over the step costs (half points) within ``budget``; entering an enemy
    zone ends a path (8.2.1).  ``vistula``: the piece may cross the Vistula with its
    whole allowance (4.3.7)."""
    graph = move_graph(st)
    is_train = U.info(st, uid).type == TRAIN
    table = graph.train if is_train else graph.enter
    provisional = graph.train_provisional if is_train else graph.provisional
    g = ground(st, uid)
    reach = Reach()
    best: dict[str, tuple[int, bool]] = {start: (0, False)}
    heap: list[tuple[int, bool, str]] = [(0, False, start)]
    blocked, cut, stop, trains = g.blocked, g.cut, g.stop, g.trains
    zone_cost, train_cost = g.zone_cost, g.train_cost
    prev, pop, push = reach.prev, heapq.heappop, heapq.heappush
    while heap:
        spent, prov, here = pop(heap)
        if (spent, prov) > best[here] or (here in stop and here != start):
            continue
        for there, cost in table[here].items():
            if there in blocked or (here, there) in cut:
                continue
            # _extra(there, g), inlined
            total = spent + cost
            if there in stop:
                total += zone_cost
            if there in trains:
                total += train_cost
            if total > budget:
                continue
            key = (total, prov or (here, there) in provisional)
            if there not in best or key < best[there]:
                best[there] = key
                prev[there] = here
                push(heap, (*key, there))
    del best[start]
    reach.cost = {h: c for h, (c, _) in best.items()}
    reach.provisional = {h for h, (_, p) in best.items() if p}
    if vistula:
        _vistula_crossings(st, uid, start, budget, g, reach)
    return reach


def _vistula_crossings(st: State, uid: str, start: str, budget: int, g: Ground, r: Reach) -> None:
    """4.3.7 the hexes across the Vistula from ``start`` with no bridge standing, for the
    whole allowance (the piece ends its move there)."""
    graph = move_graph(st)
    across = set(graph.vistula[start]) | {b for a, b in g.cut if a == start}
    for there in sorted(across):
        if there in g.blocked or there in r.cost:
            continue
        r.cost[there] = budget
        r.prev[there] = start
        r.vistula.add(there)


# --- the pieces of the phase --------------------------------------------------------------


def cheapest_step(st: State, uid: str) -> int | None:
    """The cost of the cheapest step the piece may take from its hex now (None: none)."""
    here = U.record(st, uid)["hex"]
    g = ground(st, uid)
    graph = move_graph(st)
    table = graph.train if U.info(st, uid).type == TRAIN else graph.enter
    costs = [
        cost + _extra(there, g)
        for there, cost in table[here].items()
        if there not in g.blocked and (here, there) not in g.cut
    ]
    return min(costs) if costs else None


def vistula_options(st: State, uid: str) -> list[str]:
    here = U.record(st, uid)["hex"]
    r = Reach()
    _vistula_crossings(st, uid, here, 0, ground(st, uid), r)
    return sorted(r.vistula)


# --- what moved, where it stands ------------------------------------------------------------


def note_moved(st: State, uid: str) -> None:
    """The piece (and what it hides) moved this stage (2.3.8, 2.3.9, 12.1.2, 13.2.9)."""
    stage = st.data["stage"]
    hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else []
    for u in (uid, *hidden):
        if U.record(st, u).get(MOVED) != stage:
            U.set_note(st, u, MOVED, stage)


def in_stopping_zone(st: State, uid: str) -> bool:
    """8.2.1 the piece stands in an enemy zone that no other friendly unit neutralises."""
    u = U.record(st, uid)
    if u["status"] != "on_map":
        return False
    side = U.info(st, uid).side
    if u["hex"] not in zoc.controlled_by(st, U.enemy_of(st, side)):
        return False
    others = (o for o in U.units_in(st, u["hex"]) if o != uid and not _carried_by(st, o, uid))
    return not any(zoc.neutralising(st, o) for o in others)


def _carried_by(st: State, other: str, mask: str) -> bool:
    return masks.is_mask(st, mask) and masks.mask_of(st, other) == mask


def public_name(st: State, uid: str) -> str:
    """How a log read by both sides names a piece (masks anonymously, 16.2.1)."""
    return str(masks.public_name(st, uid))


def halt(st: State, case: str, why: str) -> None:
    """Stop the piece being moved where it stands (4.5.6 reserve movement)."""
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == PHASE and frame.get("moving"):
            frame["moving"]["path"] = []
            frame["moving"]["halted"] = [case, why]
            return


# --- the phase --------------------------------------------------------------------------------


def moved_this_stage(st: State, uid: str) -> bool:
    """Whether the unit moved in phase 5 or 6 of this stage (2.3.8, 2.3.9, 12.1.2)."""
    return st.data["units"][uid].get(MOVED) == st.data["stage"]  # type: ignore[no-any-return]


def movement_frame(st: State) -> Frame | None:
    """The movement phase under way, if any (under a reaction window or a check)."""
    return next((f for f in reversed(st.data["stack"]) if f["kind"] == PHASE), None)


def view(st: State, role: str) -> dict[str, Any]:
    """The movement phase as ``role`` sees it: whose phase and which step of 4.1; to the
    moving side also the piece it has selected, its movement points, and the pieces it
    has finished moving (4.2.6)."""
    frame = movement_frame(st)
    if frame is None:
        return {}
    out: dict[str, Any] = {"side": frame["side"], "step": frame["step"], "steps": list(STEPS)}
    if seats.side_of_role(role) != frame["side"]:
        return out
    current = frame["current"].get(role)
    out["done"] = [uid for uid in frame["done"] if seats.role_of_unit(st, uid) == role]
    if current is not None:
        out["current"] = current
        out["mp_left"] = mp_text(remaining(st, frame, current))
        out["allowance"] = mp_text(allowance(st, frame, current))
    return out
