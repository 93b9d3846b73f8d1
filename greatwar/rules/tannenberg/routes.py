"""The ways a withdrawal may go: each hex of a flight one farther from its start
(9.5.4), the ways that end outside enemy zones and enter the fewest (9.5.6, 9.5.7),
the steps a retreat may take (9.3.2), never into enemy units or garrisons, a lake or
the sea, or across the Vistula but by a standing bridge (9.5.8, 12.3.4); and what a
withdrawing piece does as it steps (a mask carries its units; towns 19.3,
fortifications 12.2.8).

The flight, retreat and withdrawal frames and pursuit (:mod:`flight`, whose readings
these rules follow), the retreat attempt (:mod:`retreat`) and the withdrawal of lone
artillery (11.1.8, :mod:`artillery`) all go by these ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import fortified, masks, movement, railways, victory
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import in_enemy_zone, with_contents
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State


# --- the map ---------------------------------------------------------------------------------


def _scenario(st: State) -> Any:
    return U.static(st).scenario


def hex_closed(st: State, hex_label: str) -> bool:
    """9.5.8 a lake (or the sea): no unit withdraws into it."""
    scenario = _scenario(st)
    entry = scenario.terrain.terrain.get(scenario.board.terrain.get(hex_label, ""))
    return entry is not None and entry.move == "prohibited"


def crossing_closed(st: State, a: str, b: str) -> bool:
    """9.5.8, 4.3.6 a lake along the hexside, or the Vistula away from a standing bridge."""
    scenario = _scenario(st)
    features = scenario.board.features(a, b)
    for f in features:
        entry = scenario.terrain.hexside.get(f)
        if entry is None or entry.move != "prohibited":
            continue
        if f == "great_river" and "bridge" in features and not railways.bridge_destroyed(st, a, b):
            continue
        return True
    return False


def step_open(st: State, side: str, a: str, b: str) -> bool:
    """One step of a withdrawal from ``a`` into ``b``: open terrain and hexside, no enemy
    unit there (9.3.2, 9.5.8), no enemy garrison (12.3.4)."""
    if hex_closed(st, b) or crossing_closed(st, a, b):
        return False
    if U.hex_side(st).get(b) == U.enemy_of(st, side):
        return False
    return not fortified.blocks_entry(st, b, side)


def step_cost(st: State, piece: str, a: str, b: str) -> int | None:
    """4.3 half movement points to step from ``a`` into ``b`` by the terrain (the movement
    module's graph: roads and railways, rivers, bridges, wire), or None where no piece
    may go; enemy zones add nothing (9.3.2 rules them instead)."""
    graph = movement.move_graph(st)
    table = graph.train if U.info(st, piece).type == movement.TRAIN else graph.enter
    cost = table[a].get(b)
    if cost is None or (a, b) in movement.destroyed_bridges(st):
        return None
    return cost


# --- flight paths (9.5.4-9.5.8) and retreat steps (9.3.2) -------------------------------


class _WaysOn:
    """The ways on of a flight from ``origin`` (9.5.4): each hex one farther from the
    origin and open (9.5.8).  What is asked of them (whether a way of so many hexes runs
    on from a hex; the best rank, 9.5.6-9.5.7, of such ways) is worked out once per hex
    and number of hexes, from the hexes next on, rather than by listing every way (they
    multiply with each hex)."""

    def __init__(self, st: State, side: str, origin: str, moving: list[str] | None = None):
        self.st, self.side, self.origin, self.moving = st, side, origin, moving or []
        self.board = _scenario(st).board
        self._steps: dict[str, list[str]] = {}
        self._zone: dict[str, int] = {}
        self._best: dict[tuple[str, int], tuple[int, int] | None] = {}

    def steps(self, at: str) -> list[str]:
        """The hexes a way may enter next from ``at``."""
        found = self._steps.get(at)
        if found is None:
            board, origin = self.board, self.origin
            far = board.distance(origin, at) + 1
            found = self._steps[at] = [
                nxt
                for nxt in board.neighbours[at]
                if board.distance(origin, nxt) == far and step_open(self.st, self.side, at, nxt)
            ]
        return found

    def runs_on(self, here: str, left: int) -> bool:
        """Whether any way of ``left`` hexes runs on from ``here``."""
        return any(self.through(nxt, left) is not None for nxt in self.steps(here))

    def through(self, nxt: str, left: int) -> tuple[int, int] | None:
        """The best rank of the ways of ``left`` hexes whose first hex is ``nxt`` (None:
        no such way): whether a way ends in an enemy zone (9.5.6), then how many enemy
        controlled hexes it enters (9.5.7), the fewer the better."""
        z = self._zone.get(nxt)
        if z is None:
            z = self._zone[nxt] = int(in_enemy_zone(self.st, self.side, nxt, self.moving))
        if left == 1:
            return z, z
        on = self.best(nxt, left - 1)
        return None if on is None else (on[0], on[1] + z)

    def best(self, at: str, left: int) -> tuple[int, int] | None:
        """The best rank of the ways of ``left`` hexes on from ``at`` (None: none)."""
        key = (at, left)
        if key not in self._best:
            ranks = [r for nxt in self.steps(at) if (r := self.through(nxt, left)) is not None]
            self._best[key] = min(ranks, default=None)
        return self._best[key]


def has_way_on(st: State, side: str, origin: str, here: str, left: int) -> bool:
    """Whether a way on of ``left`` hexes runs from ``here``, each hex one farther from
    ``origin`` (9.5.4) and open (9.5.8)."""
    return _WaysOn(st, side, origin).runs_on(here, left)


def flight_steps(
    st: State, side: str, origin: str, here: str, left: int, moving: list[str]
) -> list[str]:
    """The next hexes a fleeing group may enter: first hexes of its best ways on of
    ``left`` hexes (9.5.4-9.5.8; at least one)."""
    ways = _WaysOn(st, side, origin, moving)
    ranked = {n: r for n in ways.steps(here) if (r := ways.through(n, left)) is not None}
    if not ranked:
        return []
    best = min(ranked.values())
    return sorted(n for n, r in ranked.items() if r == best)


def _affordable(st: State, group: list[str], a: str, b: str, mp: int) -> bool:
    costs = [step_cost(st, p, a, b) for p in group]
    return all(c is not None and c <= mp for c in costs)


def retreat_steps(
    st: State, side: str, here: str, mp: int, visited: list[str], group: list[str]
) -> list[str]:
    """9.3.2 the hexes a retreating group (its pieces, ``mp`` the fewest half points among
    them) may step into: open, affordable, not yet visited; into an enemy controlled hex
    only when no other step is open."""
    board = _scenario(st).board
    options = [
        b
        for b in board.neighbours[here]
        if b not in visited and step_open(st, side, here, b) and _affordable(st, group, here, b, mp)
    ]
    moving = with_contents(st, group)
    free = [b for b in options if not in_enemy_zone(st, side, b, moving)]
    return sorted(free or options)


def retreat_allowance(st: State, piece: str) -> int:
    """9.3.2 the movement allowance (15.4.1 less one without supply), less one; in half
    points."""
    reduction = movement.HALF * int(constant("retreat_movement_reduction"))
    return max(0, movement.allowance_now(st, piece) - reduction)


# --- moving pieces ------------------------------------------------------------------------------


def move_piece(st: State, piece: str, hex_label: str) -> None:
    """A piece steps into a hex (a mask carries what it hides)."""
    if masks.is_mask(st, piece):
        masks.place_piece(st, piece, hex_label)
    else:
        U.place(st, piece, hex_label)


def entered(st: State, side: str, hex_label: str) -> None:
    """What entering a hex does besides moving: towns (19.3), fortifications (12.2.8)."""
    victory.passed_through(st, side, [hex_label])
    fortified.entered(st, hex_label, side)


def real_units(st: State, pieces: list[str]) -> list[str]:
    units = st.data["units"]
    return [
        u
        for u in with_contents(st, pieces)
        if not masks.is_mask(st, u) and units[u]["status"] == "on_map"
    ]
