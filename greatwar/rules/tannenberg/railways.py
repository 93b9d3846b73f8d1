"""The railways (5.0-6.0) as the other sections see them: the rail net of the map, the
track cut (5.4) and the Vistula bridges destroyed (6.0), the units on rail transport and
what it does to them in combat (5.3), and the stage's book of rail operations.

The operations themselves — loading, rail movement, leaving and re-entering the map,
cutting and repairing track, destroying bridges — and the readings they rest on are
:mod:`rail`'s (whose names these are too).

Entrained units have no control zone (5.3.1), fight only with the DEFENCE card at
half strength rounded up (5.3.2), entrained artillery takes no part and entrained HQs
give no modifier (5.3.3) and command nothing (5.3.4): :func:`only_defence`,
:func:`clash_strength`, :func:`takes_part`, :func:`gives_hq_modifier`,
:func:`commands` for the other modules.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.board import Board
    from greatwar.model.loader import Scenario

ENTRAINED = "entrained"
#: unit status of a train off the map (5.1.8); its record's ``rail_journey`` says where
OFF_MAP = "off_map"
JOURNEY = "rail_journey"
#: unit record field of a reinforcement arriving by rail: not counted until it unloads (17.2.4)
EXEMPT = "rail_exempt"


# --- the rail net (static, one per game) ----------------------------------------------


@dataclass(frozen=True)
class RailNet:
    """The railway hexes and how they join (5.0), built once per game."""

    #: hex -> the next hexes along every line through it
    next: dict[str, tuple[str, ...]]
    #: hex -> "double" or "single" (5.2.3: double if any double-track line runs through it)
    track: dict[str, str]
    #: rail exit hexes (a line's end on the map edge) in perimeter order
    exits: tuple[str, ...]
    #: Vistula bridges (a bridge on a great river hexside, 6.0) as "a/b" keys
    bridges: tuple[str, ...]


def rail_net(st: State) -> RailNet:
    """The map's rail network, built once per game."""
    return derived_table(U.static(st), "rail_net", build_net)  # type: ignore[no-any-return]


def build_net(scenario: Scenario) -> RailNet:
    board = scenario.board
    following: dict[str, list[str]] = defaultdict(list)
    track: dict[str, str] = {}
    ends: set[str] = set()
    for line in board.rails:
        ends.update((line.hexes[0], line.hexes[-1]))
        for h in line.hexes:
            if track.get(h) != "double":
                track[h] = line.track
        for a, b in pairwise(line.hexes):
            for here, there in ((a, b), (b, a)):
                if there not in following[here]:
                    following[here].append(there)
    exits = [h for h in ends if board.is_edge(h)]
    bridges = set()
    for a in board.hexes:
        for b in board.neighbours[a]:
            if {"bridge", "great_river"} <= board.features(a, b):
                bridges.add(side_key(a, b))
    return RailNet(
        next={h: tuple(sorted(n)) for h, n in following.items()},
        track=track,
        exits=tuple(_perimeter_order(board, exits)),
        bridges=tuple(sorted(bridges)),
    )


def _perimeter_order(board: Board, hexes: list[str]) -> list[str]:
    """Hexes on the map edge in order round the map (by angle about its centre)."""
    points = {h: hexgrid.center(board.coord[h], 1.0) for h in board.hexes}
    cx = sum(x for x, _ in points.values()) / len(points)
    cy = sum(y for _, y in points.values()) / len(points)

    def angle(h: str) -> tuple[float, str]:
        x, y = points[h]
        return math.atan2(y - cy, x - cx), h

    return sorted(hexes, key=angle)


def side_key(a: str, b: str) -> str:
    """A hexside named by its two hexes, in a fixed order ("A4 B22/A5 B21")."""
    return "/".join(sorted((a, b)))


def countries_of(st: State, side: str) -> tuple[str, ...]:
    for s in U.static(st).scenario.sides:
        if s.id == side:
            return tuple(s.nationalities)
    return ()


def own_rail_hex(st: State, side: str, hex_label: str) -> bool:
    """5.2.1 a railway hex of the side's own country (the gauge of its trains)."""
    return hex_label in own_rail(st, side)


def own_rail(st: State, side: str) -> frozenset[str]:
    """5.2.1 the railway hexes of the side's own country (found once per game)."""

    def build(scenario: Scenario) -> frozenset[str]:
        countries, country = countries_of(st, side), scenario.board.country
        return frozenset(h for h in rail_net(st).track if country.get(h) in countries)

    return derived_table(U.static(st), f"own_rail:{side}", build)  # type: ignore[no-any-return]


def rail_step_open(st: State, side: str, a: str, b: str) -> bool:
    """Whether a train of ``side`` may run from ``a`` to the next rail hex ``b``: own
    country's track (5.2.1), no border hexside, no destroyed Vistula bridge (6.0)."""
    board = U.static(st).scenario.board
    features = board.features(a, b)
    if "border" in features or not own_rail_hex(st, side, b):
        return False
    return not ("great_river" in features and bridge_destroyed(st, a, b))


def exits_of(st: State, side: str) -> list[str]:
    """Rail exit hexes of the side's own country, in perimeter order (5.1.8)."""
    own = own_rail(st, side)
    return [h for h in rail_net(st).exits if h in own]


def adjacent_exits(st: State, side: str, exit_hex: str) -> list[str]:
    """5.1.8, 17.2.5 the adjacent track: the nearest rail exits of the side's own country
    on each side of ``exit_hex`` along the map edge (perimeter order, round the corner)."""
    exits = exits_of(st, side)
    others = [h for h in exits if h != exit_hex]
    if not others:
        return []
    if exit_hex not in exits:
        board = U.static(st).scenario.board
        best = min(board.distance(exit_hex, h) for h in others)
        return sorted(h for h in others if board.distance(exit_hex, h) == best)
    i = exits.index(exit_hex)
    return sorted({exits[(i - 1) % len(exits)], exits[(i + 1) % len(exits)]} - {exit_hex})


# --- state: units on rail transport, cut track, bridges ------------------------------------


def entrained(st: State, uid: str) -> bool:
    """5.1.2 the unit is covered by a rail transport counter."""
    return ENTRAINED in st.data["units"][uid]["markers"]


def off_map(st: State, uid: str) -> bool:
    """5.1.8 the unit left the map by rail and has not come back."""
    return st.data["units"][uid]["status"] == OFF_MAP  # type: ignore[no-any-return]


def to_change(st: State) -> dict[str, Any]:
    """The rail part of the state, to change (created on first change)."""
    return st.data.setdefault("rail", {"cut": [], "bridges_destroyed": [], "bridge_tried": {}})  # type: ignore[no-any-return]


#: the rail part of a state that has none yet (read only: never changed)
_NO_RAIL: dict[str, Any] = {"cut": (), "bridges_destroyed": (), "bridge_tried": {}}


def peek(st: State) -> dict[str, Any]:
    """The rail part of the state, read only."""
    return st.data.get("rail") or _NO_RAIL


def track_cut(st: State, hex_label: str) -> bool:
    """5.4 a CUT TRACK counter lies in the hex."""
    return hex_label in peek(st)["cut"]


def cut_hexes(st: State) -> list[str]:
    return list(peek(st)["cut"])


def bridge_destroyed(st: State, a: str, b: str) -> bool:
    """6.0 the Vistula bridge between two hexes has been destroyed."""
    return side_key(a, b) in peek(st)["bridges_destroyed"]


def bridges(st: State) -> list[str]:
    """Every Vistula bridge of the map ("a/b")."""
    return list(rail_net(st).bridges)


# --- the stage's book (5.1.6, 5.2.2-5.2.4, 5.4) ----------------------------------------------


def _empty_book(stage: int) -> dict[str, Any]:
    return {
        "stage": stage,
        "ops": {},
        "points": {},
        "passed": {},
        "counted": {},
        "tried": [],
        "repaired": [],
    }


def book(st: State) -> dict[str, Any]:
    """What rail movement has done this stage (read only): ``ops`` unit -> load, carry,
    unload (5.1.6); ``points`` unit -> rail points used (5.2.4); ``passed`` hex -> side ->
    units (5.2.3); ``counted`` side -> units (5.2.2); ``tried`` units that tried to cut
    track (5.4.1); ``repaired`` units that repaired it (5.4.2)."""
    current = peek(st).get("book")
    stage = st.data["stage"]
    if current is None or current["stage"] != stage:
        return _empty_book(stage)
    return current  # type: ignore[no-any-return]


def book_to_change(st: State) -> dict[str, Any]:
    """The stage's book, to change (a new stage starts an empty one)."""
    rail = to_change(st)
    stage = st.data["stage"]
    if rail.get("book", {}).get("stage") != stage:
        rail["book"] = _empty_book(stage)
    return rail["book"]  # type: ignore[no-any-return]


def ops(st: State, uid: str) -> list[str]:
    return list(book(st)["ops"].get(uid, []))


def points_used(st: State, uid: str) -> int:
    return int(book(st)["points"].get(uid, 0))


def counted(st: State, side: str) -> list[str]:
    """5.2.2 units of ``side`` counted against the stage's rail limit."""
    return list(book(st)["counted"].get(side, []))


def passed(st: State, hex_label: str, side: str) -> list[str]:
    """5.2.3 units of ``side`` that passed through the hex by rail this stage."""
    return list(book(st)["passed"].get(hex_label, {}).get(side, []))


def cut_cost(st: State, uid: str, allowance: int) -> int:
    """5.4.1 half the unit's movement points, rounded down."""
    return allowance // 2


def may_move_normally(st: State, uid: str) -> bool:
    """Whether the unit may still move normally this stage: not while loaded or off the
    map (5.1.2), nor after loading, unloading or repairing track, which take the whole
    allowance (5.1.3, 5.1.5, 5.4.2), nor an army HQ after rail operations (5.2.5)."""
    if entrained(st, uid) or off_map(st, uid) or book(st)["ops"].get(uid):  # ops(st, uid)
        return False
    return uid not in book(st)["repaired"]


def mp_spent(st: State, uid: str, allowance: int) -> int:
    """Movement points the unit spent this stage on rail actions: half its allowance for a
    cut attempt (5.4.1); the whole allowance after loading, unloading or a repair."""
    if not may_move_normally(st, uid):
        return allowance
    return cut_cost(st, uid, allowance) if uid in book(st)["tried"] else 0


# --- combat (5.3) -------------------------------------------------------------------------


def has_zoc(st: State, uid: str) -> bool:
    """5.3.1 an entrained unit has no control zone."""
    return not entrained(st, uid)


def only_defence(st: State, units: list[str]) -> bool:
    """5.3.2 a side whose clash includes an entrained unit may play only DEFENCE."""
    return any(entrained(st, uid) for uid in units)


def clash_strength(st: State, uid: str, strength: int) -> int:
    """5.3.2 an entrained unit's strength in a clash: half, rounded up."""
    if not entrained(st, uid):
        return strength
    divisor = int(constant("rail_transport_strength_divisor"))
    return -(-strength // divisor)


def takes_part(st: State, uid: str) -> bool:
    """5.3.3 entrained artillery takes no part in combat."""
    return not (entrained(st, uid) and U.info(st, uid).type == "artillery")


def gives_hq_modifier(st: State, hq: str) -> bool:
    """5.3.3 an entrained HQ adds no combat modifier."""
    return not entrained(st, hq)


def commands(st: State, hq: str) -> bool:
    """5.3.4 an entrained HQ commands no units."""
    return not entrained(st, hq)
