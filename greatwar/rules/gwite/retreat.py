"""8.6 Retreat after combat: which paths a defending stack may take.

A stack retreats together (8.62), one or two hexes, never into or through
Enemy units (Enemy HQs alone are displaced instead, 10.52) or undestroyed
Enemy fortresses, prohibited terrain or prohibited hexsides (8.61).  Units of
TCR 2-4 never enter Enemy-controlled hexes unless a Friendly unit or
fortress is there (8.64, 7.24); TCR-1 units may, but prefer not to (8.63
priority 2).  The first priority is to retreat toward the nearest Friendly
supply source (8.63).  A stack may overstack on the way but not at the end
(6.15, 8.63).

Readings where the rules are silent:

* a stack holding any unit of TCR 2-4 obeys the stricter rule (8.64): the
  stack retreats together (8.62), so it can go only where all may go;
* a two-hex retreat ends two hexes from where it began (a path that doubles
  back beside its start is no retreat of two hexes);
* "toward the nearest supply source" compares the end hexes' distance to the
  nearest Friendly supply source (:func:`supply.source_distance`); the owner
  chooses among the paths that tie on both priorities;
* priority 2 counts the Enemy-controlled hexes a path enters whose control a
  Friendly unit or fortress there does not negate (7.24 negates control for
  retreats);
* 6.15 / 8.63 stacking: a path whose end hex would be over the stacking
  limit is taken only when every legal path ends so; then the stack retreats
  there and units of the retreating stack, chosen by their owner, are
  eliminated until the hex is within the limit ("if a unit is forced to
  overstack at the end of its retreat, it is eliminated": the unit, not the
  whole stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.gwite import command, fortress, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.stacking import stacking_points

if TYPE_CHECKING:
    from greatwar.engine.state import State

Path = list[str]


def _zoc_negated(st: State, side: str, hex_label: str, retreating: list[str]) -> bool:
    """7.24 a Friendly unit (not one of the retreating stack) or an undestroyed Friendly
    fortress in the hex negates Enemy control there for a retreat."""
    if fortress.owner(st, hex_label) == side:
        return True
    return any(
        U.info(st, u).side == side and u not in retreating for u in U.units_in(st, hex_label)
    )


def _paths(st: State, origin: str, units: list[str], hexes: int, strict: bool) -> list[Path]:
    """Every path of ``hexes`` hexes ending that far from ``origin``, stacking aside."""
    side = U.info(st, units[0]).side
    board = U.static(st).scenario.board
    rules = U.rules(st)
    paths: list[Path] = [[]]
    for _ in range(hexes):
        longer = []
        for path in paths:
            here = path[-1] if path else origin
            for nxt in board.neighbours[here]:
                if nxt == origin or nxt in path:
                    continue
                if rules.retreat_step(st, side, here, nxt, strict, units):
                    longer.append([*path, nxt])
        paths = longer
    return [p for p in paths if board.distance(origin, p[-1]) == hexes]


class RetreatRules:
    """The variation points of 8.6 (a game's rules class may override them): one step of a
    retreat, which stacks obey the stricter rule of 8.64, and where a retreat may end
    (Caporetto 8.61-8.63 and Brusilov 23.24 differ)."""

    def retreat_step(
        self, st: State, side: str, a: str, b: str, strict: bool, retreating: list[str]
    ) -> bool:
        """One step of a retreat from ``a`` into ``b`` (8.61, 8.64, 7.24)."""
        scenario = U.static(st).scenario
        table = scenario.terrain
        terrain = table.terrain.get(scenario.board.terrain.get(b, ""))
        if terrain is None or terrain.move == "prohibited":
            return False  # 8.61 prohibited terrain
        features = scenario.board.features(a, b)
        if any(table.hexside[f].move == "prohibited" for f in features if f in table.hexside):
            return False  # 8.61 prohibited hexsides
        enemy = U.enemy_of(st, side)
        occupant = U.hex_side(st).get(b)
        if occupant == enemy and b not in command.hq_only_hexes(st, enemy):
            return False  # 8.61 never into or through Enemy units (HQs alone displace, 10.52)
        if fortress.owner(st, b) == enemy:
            return False  # 5.13 an undestroyed Enemy fortress is never entered
        if strict and b in zoc.enemy_controlled(st, side):
            return _zoc_negated(st, side, b, retreating)  # 8.64, 7.24
        return True

    def retreat_strict(self, st: State, units: list[str]) -> bool:
        """8.64 units of TCR 2-4 may not retreat into Enemy-controlled hexes (stack-wide)."""
        return any(U.tcr(st, u) >= 2 for u in units)

    def retreat_zoc_last_resort(self, st: State, units: list[str]) -> bool:
        """Whether a stack that 8.64 bars from every path may still retreat into and
        through Enemy-controlled hexes.  Standard rules: never (8.64 eliminates it);
        Brusilov 23.24: Austro-Hungarian units on the surprise turn."""
        return False

    def retreat_closed_case(self, st: State, origin: str, units: list[str], hexes: int) -> str:
        """The case that eliminates a stack with no retreat at all: 8.64 when Enemy zones
        of control alone bar every path, else 8.61 (Enemy units, fortresses, prohibited
        terrain or hexsides).  A game names its own (Caporetto 8.61 ridges, 23.32)."""
        if self.retreat_strict(st, units) and _paths(st, origin, units, hexes, strict=False):
            return "8.64"
        return "8.61"

    def retreat_fits(self, st: State, path: Path, units: list[str]) -> bool:
        """6.15, 8.63 the retreat may end within the stacking limit."""
        moving = sum(U.info(st, u).stacking for u in units)
        end = path[-1]
        return stacking_points(st, end) + moving <= U.rules(st).stacking_limit(st, end)  # type: ignore[no-any-return]


def _every(
    st: State, origin: str, units: list[str], hexes: int, avoid: frozenset[str] = frozenset()
) -> list[Path]:
    """Every retreat path, stacking aside: 8.64 for stacks it binds, unless the rules let
    them through Enemy-controlled hexes when no other path is open (Brusilov 23.24);
    none entering a hex of ``avoid`` (Brusilov 23.22)."""
    rules = U.rules(st)
    strict = rules.retreat_strict(st, units)
    every = _paths(st, origin, units, hexes, strict)
    if avoid:
        every = [p for p in every if not avoid.intersection(p)]
    if not every and strict and rules.retreat_zoc_last_resort(st, units):
        every = _paths(st, origin, units, hexes, strict=False)  # Brusilov 23.24
        if avoid:
            every = [p for p in every if not avoid.intersection(p)]
    return every


def legal_paths(st: State, origin: str, units: list[str], hexes: int) -> list[Path]:
    """Every path of ``hexes`` hexes the stack in ``origin`` may retreat along and end
    within the stacking limit (6.15, 8.63)."""
    rules = U.rules(st)
    every = _every(st, origin, units, hexes)
    return [p for p in every if rules.retreat_fits(st, p, units)]


def _rank(st: State, side: str, units: list[str], path: Path) -> tuple[int, int]:
    """8.63 priority 1 (nearer the nearest Friendly supply source), then priority 2 for
    TCR-1 units (fewer Enemy-controlled hexes entered)."""
    distance = supply.source_distance(st, side, path[-1])
    first = distance if distance is not None else 10**6
    second = 0
    if all(U.tcr(st, u) == 1 for u in units):
        enemy_zoc = zoc.enemy_controlled(st, side)
        second = sum(1 for h in path if h in enemy_zoc and not _zoc_negated(st, side, h, units))
    return first, second


def _best(st: State, units: list[str], paths: list[Path]) -> list[Path]:
    if not paths:
        return []
    side = U.info(st, units[0]).side
    ranks = [(_rank(st, side, units, p), p) for p in paths]
    best = min(r for r, _ in ranks)
    return sorted(p for r, p in ranks if r == best)


def retreat_options(
    st: State, origin: str, units: list[str], hexes: int, avoid: frozenset[str] = frozenset()
) -> tuple[list[Path], bool]:
    """The paths the owner may choose from (8.63), and whether they end over the stacking
    limit (6.15: only when no legal path ends within it; units are then eliminated);
    none entering a hex of ``avoid`` (Brusilov 23.22)."""
    rules = U.rules(st)
    every = _every(st, origin, units, hexes, avoid)
    fitting = [p for p in every if rules.retreat_fits(st, p, units)]
    if fitting:
        return _best(st, units, fitting), False
    return _best(st, units, every), bool(every)


def preferred_paths(st: State, origin: str, units: list[str], hexes: int) -> list[Path]:
    """8.63 the legal paths that best keep the retreat priorities (the owner picks one)."""
    return _best(st, units, legal_paths(st, origin, units, hexes))


def no_retreat_case(st: State, origin: str, units: list[str], hexes: int) -> str:
    """The case that eliminates a stack with no retreat at all (the game's rules say,
    :meth:`RetreatRules.retreat_closed_case`)."""
    return str(U.rules(st).retreat_closed_case(st, origin, units, hexes))
