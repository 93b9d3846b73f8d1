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

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.reach import Reach as BaseReach
from greatwar.rules.tannenberg import (
    command,
    fog,
    fortifications,
    fortified,
    masking,
    masks,
    rail,
    railways,
    reinforcements,
    reserve,
    seats,
    special,
    stacking,
    supply,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.sequence import moving_side
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.board import Board
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Characteristic, TerrainCharacteristics

#: costs are kept in half movement points (4.3.2)
HALF = 2
STEPS = ("commanded", "independent", "hq", "train", "rail")
OVER = "over"
HQ, TRAIN, MASK = "hq", "supply_train", "mask"
#: 8.2.3: types that enter an enemy zone only beside friendly infantry or cavalry; they
#: may leave one in their own movement phase (11.1.7, 13.1.2, 15.3.2)
SUPPORT_TYPES = rail.LEAVE_ZONE_TYPES
ESCORT_TYPES = frozenset({"infantry", "cavalry"})
#: hexside features a road or railway line crosses at no extra cost (reading of 4.3.3)
WATER_SIDES = frozenset({"minor_river", "major_river", "strait"})
VISTULA, BRIDGE = "great_river", "bridge"
MOVED = "moved_stage"


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
    sides: dict[str, Characteristic] = {f: table.hexside[f] for f in features if f in table.hexside}  # type: ignore[index]
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
    """Vistula bridge steps that may no longer be taken (6.0)."""
    return frozenset(
        (a, b) for a, b in move_graph(st).bridges if railways.bridge_destroyed(st, a, b)
    )


# --- pieces and allowances ----------------------------------------------------------------


def is_support(st: State, uid: str) -> bool:
    """Artillery, HQs and supply trains (8.2.3; they may leave enemy zones)."""
    return U.info(st, uid).type in SUPPORT_TYPES  # type: ignore[no-any-return]


def may_capture_trains(st: State, uid: str) -> bool:
    """15.3.6 (reading): any piece but an HQ or a supply train overruns lone enemy trains."""
    return U.info(st, uid).type not in (HQ, TRAIN)  # type: ignore[no-any-return]


def printed_allowance(st: State, uid: str) -> int:
    """The piece's movement points before supply: 6 for HQs (13.1.3), a mask's (16.2.6,
    with its own supply reading), else the counter's on its current level."""
    ui = U.info(st, uid)
    if ui.type == MASK:
        return int(masking.movement_allowance(st, uid))
    if ui.hq:
        return command.hq_movement()
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
    return max(0, whole - frame["spent"].get(uid, 0) - rail_spent)


def least_remaining(st: State, frame: Frame, uid: str) -> int:
    """A lower bound of :func:`remaining` that asks nothing of supply: a piece whose
    allowance is not yet fixed is taken to be without supply (15.4.1).  (Finding supply
    is dear; most questions are settled by the bound.)"""
    if uid in frame["allowance"] or U.info(st, uid).type == MASK:
        return remaining(st, frame, uid)
    mp = printed_allowance(st, uid)
    if U.info(st, uid).level_count:
        mp -= int(constant("unsupplied_movement_reduction"))
    whole = HALF * max(0, mp)
    rail_spent = HALF * railways.mp_spent(st, uid, whole // HALF)
    return max(0, whole - frame["spent"].get(uid, 0) - rail_spent)


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


def _lone_train_hexes(st: State, side: str) -> frozenset[str]:
    units = U.static(st).units
    hexes = set()
    for h, ids in U.occupancy(st).items():
        if units[ids[0]].side != side:
            continue
        if all(units[u].type == TRAIN and not masks.is_masked(st, u) for u in ids):
            hexes.add(h)
    return frozenset(hexes)


def _escorted(st: State, side: str) -> frozenset[str]:
    """8.2.3 hexes where friendly infantry or cavalry stand."""
    units = U.static(st).units
    return frozenset(
        U.record(st, u)["hex"] for u in U.on_map(st, side) if units[u].type in ESCORT_TYPES
    )


def _build_ground(st: State, side: str, support: bool, captures: bool) -> Ground:
    enemy = U.enemy_of(st, side)
    sides = U.hex_side(st)
    enemy_hexes = {h for h, s in sides.items() if s == enemy}
    if captures:
        enemy_hexes -= _lone_train_hexes(st, enemy)  # 15.3.6
    enemy_hexes.update(fortified.garrison_hexes(st, enemy))  # 12.3.4
    if support:
        enemy_hexes.update(zoc.controlled_by(st, enemy) - _escorted(st, side))  # 8.2.3
    units = U.static(st).units
    trains = frozenset(U.record(st, u)["hex"] for u in U.on_map(st, side) if units[u].type == TRAIN)
    return Ground(
        blocked=frozenset(enemy_hexes),
        stop=zoc.enemy_controlled(st, side),
        trains=trains,
        cut=destroyed_bridges(st),
        zone_cost=HALF * int(constant("enemy_zoc_entry_cost")),
        train_cost=HALF * int(constant("supply_train_hex_entry_cost")),
    )


def ground(st: State, uid: str) -> Ground:
    """The ground the piece meets now (memoised by side and kind of piece)."""
    side = U.info(st, uid).side
    support = is_support(st, uid)
    captures = may_capture_trains(st, uid)
    key = ("tb_ground", side, support, captures, U.revision(st), st.version)
    return st.memo(key, lambda: _build_ground(st, side, support, captures))  # type: ignore[no-any-return]


def step_cost(st: State, uid: str, here: str, there: str) -> int | None:
    """Half points to step from ``here`` into the adjacent ``there`` now, or None when the
    piece may not (prohibited terrain or hexside, enemy units, 8.2.3)."""
    g = ground(st, uid)
    graph = move_graph(st)
    table = graph.train if U.info(st, uid).type == TRAIN else graph.enter
    cost = table[here].get(there)
    if cost is None or there in g.blocked or (here, there) in g.cut:
        return None
    return cost + _extra(there, g)


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
    while heap:
        spent, prov, here = heapq.heappop(heap)
        if (spent, prov) > best[here] or (here in g.stop and here != start):
            continue
        for there, cost in table[here].items():
            if there in g.blocked or (here, there) in g.cut:
                continue
            total = spent + cost + _extra(there, g)
            if total > budget:
                continue
            key = (total, prov or (here, there) in provisional)
            if there not in best or key < best[there]:
                best[there] = key
                reach.prev[there] = here
                heapq.heappush(heap, (*key, there))
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


def pieces_of(st: State, role: str) -> list[str]:
    """Pieces ``role`` moves: its units not hidden under a mask, and its masks on the map."""
    side = seats.side_of_role(role)
    return [
        uid
        for uid in U.on_map(st, side)
        if seats.role_of_unit(st, uid) == role and not masks.is_masked(st, uid)
    ]


def step_of(st: State, uid: str) -> tuple[str, ...]:
    """The steps of 4.1 in which the piece moves."""
    ui = U.info(st, uid)
    if ui.type == MASK:
        return ("commanded", "independent")  # 16.2.6: what a mask hides is not told
    if ui.hq:
        return ("hq",)
    if ui.type == TRAIN:
        return ("train",)
    if U.has_marker(st, uid, command.INDEPENDENT):
        return ("independent",)
    return ("commanded",)


def is_commanded(st: State, uid: str) -> bool:
    """13.4.1 (a mask: when all it hides are, :func:`command.commanded`)."""
    return command.commanded(st, uid)


def locked_in_zone(st: State, frame: Frame, uid: str) -> bool:
    """8.2.5 a piece that stands in an enemy zone before it moves may not leave it (but
    artillery, HQs and supply trains may: 11.1.7, 13.1.2, 15.3.2)."""
    return not is_support(st, uid) and not moved_in_phase(frame, uid) and zoc.in_enemy_zoc(st, uid)


def why_not_move(st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
    """Why the piece may not move now (reason, case), or None."""
    name = U.info(st, uid).name
    if uid in frame["done"]:
        return f"{name} has finished moving this phase", _case("4.2.6")
    if frame["step"] not in step_of(st, uid):
        steps = " or ".join(step_of(st, uid))
        return (
            f"{name} moves in the {steps} step of the phase, not the {frame['step']} step",
            _case("4.1"),
        )
    if not moved_in_phase(frame, uid):
        why = _why_not_start(st, frame, uid)
        if why is not None:
            return why
    if not has_a_move(st, frame, uid):
        return (
            f"{name} cannot enter any adjacent hex with {mp_text(remaining(st, frame, uid))} MP",
            _case("4.2.2"),
        )
    return None


def _why_not_start(st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
    """What may keep a piece from beginning to move (once it moves, command and zones
    are not asked again: it is the same move)."""
    name = U.info(st, uid).name
    held = special.why_held_piece(st, uid)
    if held is not None:
        return held
    if reserve.is_reserve(st, uid):
        return f"{name} holds a RESERVE counter: it does not move this stage", _case("4.5.7")
    if not railways.may_move_normally(st, uid):
        return f"{name} is on rail transport or used its movement on the railway", _case("5.1.3")
    if not is_commanded(st, uid):
        if masks.is_mask(st, uid):
            return f"{name} hides an uncommanded unit", _case("13.4.1")
        return command.why_uncommanded(st, uid)
    if locked_in_zone(st, frame, uid):
        return f"{name} stands in an enemy control zone: it may not leave it", _case("8.2.5")
    return None


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


def has_a_move(st: State, frame: Frame, uid: str) -> bool:
    """Whether the piece can take at least one step now."""
    cheapest = cheapest_step(st, uid)
    if cheapest is not None and (
        cheapest <= least_remaining(st, frame, uid) or cheapest <= remaining(st, frame, uid)
    ):
        return True
    return bool(may_cross_vistula(st, frame, uid) and _vistula_options(st, uid))


def _vistula_options(st: State, uid: str) -> list[str]:
    here = U.record(st, uid)["hex"]
    r = Reach()
    _vistula_crossings(st, uid, here, 0, ground(st, uid), r)
    return sorted(r.vistula)


def may_cross_vistula(st: State, frame: Frame, uid: str) -> bool:
    """4.3.7 a piece of the commanded step that has spent nothing this phase; not one
    that gained independence (it is not within a command range)."""
    return (
        frame["step"] == "commanded"
        and "commanded" in step_of(st, uid)
        and not U.has_marker(st, uid, command.INDEPENDENT)
        and uid not in frame["spent"]
        and remaining(st, frame, uid) == allowance(st, frame, uid)
        and remaining(st, frame, uid) > 0
    )


def reach_of(st: State, frame: Frame, uid: str) -> Reach:
    """Where the piece may go now (memoised on the position and what it has spent)."""
    key = ("tb_reach", uid, U.revision(st), st.version, remaining(st, frame, uid), frame["step"])
    return st.memo(  # type: ignore[no-any-return]
        key,
        lambda: reachable(
            st,
            uid,
            U.record(st, uid)["hex"],
            remaining(st, frame, uid),
            may_cross_vistula(st, frame, uid),
        ),
    )


# --- entering a hex -------------------------------------------------------------------------


def note_moved(st: State, uid: str) -> None:
    """The piece (and what it hides) moved this stage (2.3.8, 2.3.9, 12.1.2, 13.2.9)."""
    stage = st.data["stage"]
    hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else []
    for u in (uid, *hidden):
        if U.record(st, u).get(MOVED) != stage:
            U.set_note(st, u, MOVED, stage)


def entered(st: State, uid: str, hex_label: str, own_phase: bool = True) -> None:
    """What entering a hex does, in a movement phase: supply trains overrun (15.3.6),
    fortifications destroyed (12.2.8), control of the hex (19.3), lone artillery
    displaced (11.1.8: the artillery module asks it for reserve moves too), and in the
    piece's own movement phase empty masks removed and masks revealed (16.2.7-16.2.8);
    lone HQs next to an enemy displace in any phase (13.1.5, last: it may push a frame)."""
    from greatwar.rules.tannenberg import artillery, victory

    side = U.info(st, uid).side
    supply.train_overrun(st, hex_label, side)
    fortified.entered(st, hex_label, side)
    victory.passed_through(st, side, [hex_label])
    if own_phase:
        masking.enemy_entered_zone(st, hex_label, side)
    if _infantry_or_cavalry(st, uid):
        artillery.check_lone_artillery(st, hex_label, side)
    command.check_lone_hqs(st)


def _infantry_or_cavalry(st: State, uid: str) -> bool:
    """11.1.8 the piece is infantry or cavalry (a mask: hides some)."""
    hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else [uid]
    return any(U.info(st, u).type in ESCORT_TYPES for u in hidden)


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
        if frame["kind"] == MovementPhase.kind and frame.get("moving"):
            frame["moving"]["path"] = []
            frame["moving"]["halted"] = [case, why]
            return


# --- the phase --------------------------------------------------------------------------------


class MovementPhase(Handler):
    """3.1 phases 5 and 6: ``frame["order"]`` 1 is the initiative holder's, 2 the other's.

    Locals: ``side``; ``step`` (4.1, or ``over``); ``current`` role -> the piece selected;
    ``spent`` / ``allowance`` piece -> half points; ``done`` pieces released (4.2.6);
    ``ended`` roles done with the step, ``quit`` roles done with the phase; ``moving``
    the move under way (piece, role, path left) while it is carried out hex by hex;
    ``window`` the hex just entered, whose reserve reactions are still to be offered.
    """

    kind = "movement_phase"
    case = "tannenberg 4.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("side", moving_side(st, frame))
        frame.setdefault("step", STEPS[0])
        for key in ("current", "spent", "allowance"):
            frame.setdefault(key, {})
        for key in ("done", "ended", "quit"):
            frame.setdefault(key, [])
        frame.setdefault("moving", None)
        if not frame.get("started"):
            frame["started"] = True
            special.movement_phase_started(st, frame["side"])  # 18.1.1 the release roll

    # --- who acts ---------------------------------------------------------------------

    def roles(self, st: State, frame: Frame) -> list[str]:
        return seats.roles_of_side(st.game, frame["side"])

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame["moving"] is not None or frame["step"] == OVER:
            return []
        return [
            r
            for r in self.roles(st, frame)
            if r not in frame["ended"] and self._has_work(st, frame, r)
        ]

    def _has_work(self, st: State, frame: Frame, role: str) -> bool:
        """Something to do in this step: a piece to move, a reinforcement to bring on, or
        in the rail step a rail action (rail actions offered in the other steps stay
        open in the later ones, so they do not hold a step up)."""
        if frame["current"].get(role) is not None or self.movable(st, frame, role):
            return True
        if reinforcements.actions(st, frame, role):
            return True
        return frame["step"] == "rail" and bool(self._hook_actions(st, frame, role))

    def movable(self, st: State, frame: Frame, role: str) -> list[str]:
        """Pieces ``role`` may select now (memoised on the position and the frame)."""
        key = ("tb_movable", role, U.revision(st), st.version, repr(sorted(frame.items())))
        return st.memo(  # type: ignore[no-any-return]
            key,
            lambda: [uid for uid in pieces_of(st, role) if why_not_move(st, frame, uid) is None],
        )

    def _hook_actions(self, st: State, frame: Frame, role: str) -> list[Action]:
        key = ("tb_hooks", role, U.revision(st), st.version, repr(sorted(frame.items())))
        return st.memo(key, lambda: self._build_hook_actions(st, frame, role))  # type: ignore[no-any-return]

    def _build_hook_actions(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions = list(rail.actions(st, frame, role, lambda uid: rail_mp(st, frame, uid)))
        actions.extend(reinforcements.actions(st, frame, role))
        return actions

    # --- what may be done ---------------------------------------------------------------

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        current = frame["current"].get(role)
        if current is not None:
            actions.extend(self._moves(st, frame, current))
            trench = fortifications.destroy_trench_action(st, current, U.record(st, current)["hex"])
            if trench is not None:
                actions.append(trench)
            actions.append({"type": "finish", "unit": current})
        for uid in self.movable(st, frame, role):
            if uid != current:
                actions.append({"type": "select", "unit": uid})
        actions.extend(self._hook_actions(st, frame, role))
        actions.append({"type": "end_step", "step": frame["step"]})
        if frame["step"] != STEPS[-1]:
            actions.append({"type": "end_phase"})
        return actions

    def _moves(self, st: State, frame: Frame, uid: str) -> list[Action]:
        if why_not_move(st, frame, uid) is not None:
            return []
        reach = reach_of(st, frame, uid)
        moves = []
        for to in sorted(reach.cost):
            action: Action = {
                "type": "move",
                "unit": uid,
                "to": to,
                "path": reach.path(to),
                "cost": mp_text(reach.cost[to]),
            }
            if to in reach.vistula:
                action["case"] = _case("4.3.7")
            if to in reach.provisional:
                action["provisional"] = True
            moves.append(action)
        return moves

    # --- doing it -------------------------------------------------------------------------

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "select":
            self._release(st, frame, role)
            frame["current"][role] = action["unit"]
        elif kind == "move":
            self._start_move(st, frame, role, action)
        elif kind == "finish":
            self._release(st, frame, role)
        elif kind == "destroy_trench":
            fortifications.destroy_trench(st, action["hex"], action["unit"])
        elif kind in rail.ACTION_TYPES:
            rail.apply(st, frame, action, role)
            self._release_if_stuck(st, frame, role)
        elif kind in reinforcements.ACTION_TYPES:
            reinforcements.apply(st, frame, action, role)
        elif kind == "end_step":
            self._release(st, frame, role)
            frame["ended"].append(role)
        elif kind == "end_phase":
            self._release(st, frame, role)
            frame["ended"].append(role)
            frame["quit"].append(role)

    def _release(self, st: State, frame: Frame, role: str) -> None:
        """4.2.6 a piece that has moved is done once the hand leaves it."""
        current = frame["current"].pop(role, None)
        if current is not None and moved_in_phase(frame, current):
            self._done(st, frame, current)

    def _done(self, st: State, frame: Frame, uid: str) -> None:
        if uid not in frame["done"]:
            frame["done"].append(uid)
            if U.info(st, uid).hq and U.record(st, uid)["status"] == "on_map":
                command.hq_moved(st, uid)  # 13.2.9

    def _release_if_stuck(self, st: State, frame: Frame, role: str) -> None:
        current = frame["current"].get(role)
        if current is not None and why_not_move(st, frame, current) is not None:
            self._release(st, frame, role)

    def _start_move(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid = action["unit"]
        frame["allowance"][uid] = allowance(st, frame, uid)
        reach = reach_of(st, frame, uid)
        to = action["to"]
        path = reach.path(to)
        start = U.record(st, uid)["hex"]
        crossing = to in reach.vistula
        note = " (a provisional terrain cost decides it)" if to in reach.provisional else ""
        how = ", spending its whole allowance to cross the Vistula" if crossing else ""
        fog.log_piece(
            st,
            uid,
            "{piece}"
            + f" moves {start}→{'→'.join(path)}: {mp_text(reach.cost[to])} MP{how}{note}.",
            _case("4.3.7" if crossing else "4.3"),
            provisional=True if note else None,
        )
        frame["moving"] = {"unit": uid, "role": role, "path": path, "vistula": crossing}

    # --- the move carried out hex by hex ------------------------------------------------------

    def run(self, st: State, frame: Frame) -> None:
        if frame.get("window") is not None:
            where = frame.pop("window")
            moving = frame["moving"]
            if moving is not None and U.record(st, moving["unit"])["hex"] == where:
                reserve.open_window(st, moving["unit"], where)  # 4.5.4
            return
        if frame["moving"] is not None:
            self._advance(st, frame)
        elif frame["step"] != OVER:
            self._next_step(st, frame)
        else:
            self._close(st, frame)

    def _advance(self, st: State, frame: Frame) -> None:
        moving = frame["moving"]
        uid = moving["unit"]
        if not moving["path"] or U.record(st, uid)["status"] != "on_map":
            self._end_leg(st, frame)
            return
        here = U.record(st, uid)["hex"]
        there = moving["path"][0]
        cost = self._cost_now(st, frame, moving, here, there)
        if cost is None:
            moving["path"] = []
            moving["blocked"] = there
            return
        moving["path"].pop(0)
        self._enter(st, frame, uid, there, cost)
        if in_stopping_zone(st, uid):
            moving["path"] = []  # 8.2.1
            moving["stopped"] = True
        frame["window"] = there

    def _cost_now(
        self, st: State, frame: Frame, moving: dict[str, Any], here: str, there: str
    ) -> int | None:
        uid = moving["unit"]
        if moving["vistula"]:
            g = ground(st, uid)
            return None if there in g.blocked else remaining(st, frame, uid)
        cost = step_cost(st, uid, here, there)
        if cost is None or cost > remaining(st, frame, uid):
            return None
        return cost

    def _enter(self, st: State, frame: Frame, uid: str, there: str, cost: int) -> None:
        first = not moved_in_phase(frame, uid)
        frame["spent"][uid] = frame["spent"].get(uid, 0) + cost
        masks.place_piece(st, uid, there)
        note_moved(st, uid)
        if first:
            self._unsupplied_march(st, uid)
        entered(st, uid, there)

    def _unsupplied_march(self, st: State, uid: str) -> None:
        """15.4.2 an unsupplied unit that moves loses one endurance point (never a level,
        2.3.7); a mask's unsupplied units each lose theirs."""
        hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else [uid]
        loss = int(constant("unsupplied_move_endurance"))
        for u in hidden:
            if unsupplied_mover(st, u):
                U.lose_endurance(
                    st, u, loss, _case("15.4.2"), "moving without supply", may_lower_level=False
                )

    def _end_leg(self, st: State, frame: Frame) -> None:
        moving = frame["moving"]
        frame["moving"] = None
        uid, role = moving["unit"], moving["role"]
        gone = U.record(st, uid)["status"] != "on_map"
        here = U.record(st, uid)["hex"]
        if moving.get("halted") and not gone:
            case, why = moving["halted"]
            fog.log_piece(st, uid, "{piece}" + f" stops in {here}: {why}.", case)
        if moving.get("blocked") and not gone:
            fog.log_piece(
                st,
                uid,
                "{piece}" + f" stops in {here}: the way into {moving['blocked']} is no longer"
                " open.",
                _case("4.2.2"),
            )
        if moving.get("stopped") and not gone and in_stopping_zone(st, uid):
            fog.log_piece(
                st,
                uid,
                "{piece}" + f" entered an enemy control zone in {here}: it stops.",
                _case("8.2.1"),
            )
        finished = (
            gone
            or moving["vistula"]
            or moving.get("halted")
            or (moving.get("stopped") and in_stopping_zone(st, uid))
            or why_not_move(st, frame, uid) is not None
        )
        if finished:
            if frame["current"].get(role) == uid:
                frame["current"].pop(role)
            self._done(st, frame, uid)

    # --- steps and the end of the phase ------------------------------------------------------

    def _next_step(self, st: State, frame: Frame) -> None:
        """4.1 the next step (a step nobody has anything to do in passes at once)."""
        for role in list(frame["current"]):
            self._release(st, frame, role)
        index = STEPS.index(frame["step"])
        frame["step"] = STEPS[index + 1] if index + 1 < len(STEPS) else OVER
        frame["ended"] = list(frame["quit"])
        if frame["step"] == "independent":
            self._independence(st, frame)

    def _independence(self, st: State, frame: Frame) -> None:
        """13.3.2 every uncommanded unit that may try rolls now (rolling never hurts)."""
        for uid in command.independence_candidates(st, frame["side"]):
            command.independent_command(st, uid)

    def _close(self, st: State, frame: Frame) -> None:
        """The end of the movement phase: 7.1.2 stacking, 13.2.9 army HQs, 17.2.8 blocked
        reinforcements, then 12.1.2 trench building (each may push a frame)."""
        side = frame["side"]
        closing = frame.get("closing")
        if closing is None:
            frame["closing"] = "stacking"
            st.log(f"The {_side_name(st, side)} end their movement phase.", case=_case("4.1"))
            stacking.check(st)
            return
        if closing == "stacking":
            frame["closing"] = "trenches"
            command.end_movement_phase(st, side)
            reinforcements.end_movement_phase(st, side)
            fortifications.begin_trench_building(st, side)
            return
        st.pop()
        st.checkpoint("end_of_phase")

    # --- words -------------------------------------------------------------------------------

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        current = frame["current"].get(role)
        step = frame["step"]
        warn = stacking.warning(st, role)
        if current is None:
            return f"Movement ({step} step, 4.1): select a piece to move, or end the step.{warn}"
        left = mp_text(remaining(st, frame, current))
        return (
            f"Move {public_name(st, current)} ({left} MP left): choose a hex, finish it, or"
            f" select another piece.{warn}"
        )

    def title(self, st: State, frame: Frame) -> str:
        return f"Movement phase ({_side_name(st, frame.get('side', '?'))})"

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the movement phase, with the case that forbids it."""
        kind = action.get("type")
        if seats.side_of_role(role) != frame["side"]:
            return "only reserve movement is made in the enemy's movement phase", _case("4.1")
        if kind in rail.ACTION_TYPES:
            return rail.explain(st, frame, role, action)
        if kind in reinforcements.ACTION_TYPES:
            return reinforcements.explain(st, frame, role, action)
        if kind in ("end_step", "end_phase"):
            return f"{kind} takes no other fields (the step is {frame['step']})", _case("4.1")
        if kind not in ("select", "move", "finish", "destroy_trench"):
            return (
                f"{kind!r} is not an action of the movement phase"
                " (select, move, finish, end_step, end_phase, rail and reinforcement actions)",
                _case("4.1"),
            )
        return _why_not_unit_action(st, frame, role, action)


def _side_name(st: State, side: str) -> str:
    return next((s.name for s in st.game.scenario.sides if s.id == side), side)


def _why_not_unit_action(
    st: State, frame: Frame, role: str, action: Action
) -> tuple[str, str | None]:
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", _case("4.1")
    ui = U.info(st, uid)
    if ui.side != frame["side"] or seats.role_of_unit(st, uid) != role:
        return f"{public_name(st, uid)} is not yours to move", _case("4.1")
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", _case("4.1")
    if masks.is_masked(st, uid):
        return f"{ui.name} is hidden under a mask: move the mask", _case("16.2.6")
    kind = action["type"]
    current = frame["current"].get(role)
    if kind in ("move", "finish", "destroy_trench") and uid != current:
        return f"select {ui.name} first", _case("4.2.6")
    if kind == "finish":
        return "finish takes only the unit being moved", _case("4.2.6")
    if kind == "destroy_trench":
        return f"there are no trenches in {U.record(st, uid)['hex']} to destroy", _case("12.1.4")
    why = why_not_move(st, frame, uid)
    if why is not None:
        return why
    if kind == "select":
        return f"{ui.name} is already selected", _case("4.1")
    return _why_not_reachable(st, frame, uid, action)


def _why_not_reachable(st: State, frame: Frame, uid: str, action: Action) -> tuple[str, str]:
    to = action.get("to")
    board = st.game.scenario.board
    name = U.info(st, uid).name
    if not isinstance(to, str) or not board.on_map(to):
        return f"{to!r} is not a hex of the map", _case("4.1")
    reach = reach_of(st, frame, uid)
    if to in reach.cost:
        return (
            f"the move to {to} goes {'→'.join(reach.path(to))} for"
            f" {mp_text(reach.cost[to])} MP; the action gives another path or cost",
            _case("4.1"),
        )
    g = ground(st, uid)
    if U.hex_side(st).get(to) == U.enemy_of(st, U.info(st, uid).side) and to in g.blocked:
        return f"{to} holds enemy units", _case("4.2.1")
    if is_support(st, uid) and to in g.blocked:
        return f"{name} may enter an enemy zone only beside friendly infantry or cavalry", _case(
            "8.2.3"
        )
    here = U.record(st, uid)["hex"]
    if to in board.neighbours[here] and VISTULA in board.features(here, to):
        return (
            "the Vistula is crossed only by a bridge, or by a commanded unit with its whole"
            " allowance before it moves",
            _case("4.3.6"),
        )
    anyhow = reachable(st, uid, here, 10**6)
    if to not in anyhow.cost:
        return (
            f"{name} cannot reach {to}: prohibited terrain, enemy units or an enemy control"
            " zone (where a move stops, 8.2.1) lie in the way",
            _case("4.3"),
        )
    return (
        f"{name} cannot reach {to}: it costs {mp_text(anyhow.cost[to])} MP and"
        f" {mp_text(remaining(st, frame, uid))} are left",
        _case("4.2.2"),
    )


def extra_handlers() -> list[Handler]:
    return [*stacking.handlers()]


def moved_this_stage(st: State, uid: str) -> bool:
    """Whether the unit moved in phase 5 or 6 of this stage (2.3.8, 2.3.9, 12.1.2)."""
    return st.data["units"][uid].get(MOVED) == st.data["stage"]


def movement_frame(st: State) -> Frame | None:
    """The movement phase under way, if any (under a reaction window or a check)."""
    return next((f for f in reversed(st.data["stack"]) if f["kind"] == MovementPhase.kind), None)


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
