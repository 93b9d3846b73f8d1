"""How many stages of movement a side's units need to reach a region (Tannenberg 19.2).

The evaluation weighs how near each side is to an automatic victory
(:func:`~greatwar.ai.evaluate.automatic_feature`). Counted in hexes, a Russian corps
across the Vistula from its western bank looked one hex from winning, and a German line
standing in its way counted for nothing. Counted here, a unit's way to the region is
priced as its movement would be, from the region outward (one search a region, read by
every unit):

* each step at the terrain's and hexsides' cost (4.3.1-4.3.5, the move graph of
  :mod:`greatwar.rules.tannenberg.movement`);
* the Vistula crossed off the bridges for a whole allowance (4.3.7; a typical one,
  :data:`CROSSING_POINTS`: the search does not know whose allowance it is);
* no way through a hex held by the enemy or a garrisoned fortification of his (4.2.1,
  12.3.4);
* an enemy zone not neutralised by a friendly unit ends the move that enters it (8.2.1)
  and may be left only as a result of combat (8.2.5): entering one costs its point
  (8.2.2) and a whole stage more (:data:`ZONE_STAGES`), a unit that must fight its way
  through; a unit standing in an enemy zone (neutralised or not: 8.2.5 pins it all the
  same) needs that stage more to set out.

A unit's stages are its way's cost over its printed allowance (not rounded: a unit
half a stage off is nearer than one a whole stage off, and the searches that read the
evaluation see it come nearer hex by hex), 0 for a unit in the region. The search stops
at :data:`HORIZON` stages of the fastest unit; farther units are out of it. Rail
movement is not priced (it would bring units farther faster). The values of
:data:`CROSSING_POINTS` and :data:`ZONE_STAGES` are the project's, not measured.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the stages ahead the search looks (a unit farther off is no threat yet)
HORIZON = 3
#: half movement points (the move graph's unit) of a Vistula crossing off the bridges
#: (4.3.7: the whole allowance; the infantry's usual 4)
CROSSING_POINTS = 8
#: stages an enemy zone on the way costs beyond its point (8.2.1 the move ends there,
#: 8.2.5 it is left only by retreat)
ZONE_STAGES = 1
#: half points a movement point is in the move graph
HALF = 2


def nearest_stages(
    state: State, side: str, region: Iterable[str], units: Sequence[str], count: int
) -> list[float]:
    """The stages the ``count`` nearest of ``units`` (of ``side``) need to stand in
    ``region``, fewest first; units more than :data:`HORIZON` stages off are left out
    (the list may be shorter).  Kept per position: the units, the fortifications and the
    Vistula bridges destroyed."""
    from greatwar.rules import pieces
    from greatwar.rules.tannenberg import fortified, railways

    what = (
        pieces.revision(state),
        fortified.destroyed_key(state),
        tuple(railways.peek(state)["bridges_destroyed"]),
    )
    key = ("ai-approach", side, frozenset(region), tuple(units), count, what)
    return state.memo(key, lambda: _Search(state, side, units, count).run(region))  # type: ignore[no-any-return]


class _Search:
    """Dijkstra from the region outward over the steps into it, in half points, by
    buckets (Dial's: the costs are small integers); it stops once no unit still to be
    reached could need fewer stages than the ``count`` found."""

    def __init__(self, state: State, side: str, units: Sequence[str], count: int) -> None:
        from greatwar.rules import pieces
        from greatwar.rules.tannenberg import movement, zoc

        self.state, self.side, self.count = state, side, count
        #: hex -> the allowance of each unit there, and whether it stands pinned in an
        #: enemy zone (8.2.5: it leaves it only as a result of combat)
        self.waiting: dict[str, list[tuple[int, bool]]] = {}
        for uid in units:
            here = pieces.record(state, uid)["hex"]
            allowance = max(1, movement.printed_allowance(state, uid))
            self.waiting.setdefault(here, []).append((allowance, zoc.in_enemy_zoc(state, uid)))
        self.fastest = max((a for there in self.waiting.values() for a, _ in there), default=1)
        self.limit = HORIZON * HALF * self.fastest

    def run(self, region: Iterable[str]) -> list[float]:
        from greatwar.ai import tables
        from greatwar.rules import pieces
        from greatwar.rules.tannenberg import fortified, movement, zoc

        state, side, limit, waiting = self.state, self.side, self.limit, self.waiting
        found: list[float] = []
        if not waiting:
            return found
        into = tables.kept(state.game, "ai-steps-into", (), _steps_into, state)
        cut = movement.destroyed_bridges(state)  # 6.0: crossed as off the bridges
        enemy = state.game.static.enemy[side]
        held = pieces.hex_side(state)
        blocked = {h for h, s in held.items() if s == enemy}
        blocked |= fortified.garrisoned_hexes(state, enemy)
        stop = zoc.enemy_controlled(state, side)
        zone = HALF + ZONE_STAGES * CROSSING_POINTS  # 8.2.2 its point, 8.2.1/8.2.5 a stage
        # the region's hexes no enemy unit holds (a garrisoned fortification there is the
        # clause's to take: Nordheim's forts)
        best: dict[str, int] = {h: 0 for h in region if held.get(h) != enemy}
        buckets: list[list[str]] = [[] for _ in range(limit + 1)]
        buckets[0].extend(best)
        crossing, unseen, per_stage = CROSSING_POINTS, limit + 1, HALF * self.fastest
        for spent, bucket in enumerate(buckets):
            if len(found) >= self.count and spent / per_stage >= found[self.count - 1]:
                break  # (no unit farther off needs fewer stages)
            for there in bucket:
                if best[there] != spent:
                    continue  # (found cheaper since)
                if there in waiting:
                    self._reached(found, spent, waiting[there])
                entry = spent + (zone if there in stop else 0)  # (a unit stepping into it)
                for here, cost in into.get(there, ()):
                    if here in blocked:
                        continue
                    if cost is None or (here, there) in cut:
                        cost = crossing  # 4.3.7 the whole allowance
                    total = entry + cost
                    if total < best.get(here, unseen) and total <= limit:
                        best[here] = total
                        buckets[total].append(here)
        return found[: self.count]

    def _reached(self, found: list[float], cost: int, units: list[tuple[int, bool]]) -> None:
        """Add the stages of the units of a hex ``cost`` half points from the region."""
        for allowance, pinned in units:
            stages = cost / (HALF * allowance)
            if cost and pinned:
                stages += ZONE_STAGES
            if stages <= HORIZON:
                bisect.insort(found, stages)


def _steps_into(state: State) -> dict[str, list[tuple[str, int | None]]]:
    """For each hex, the hexes a step into it may come from with its cost in half points
    (None: across the Vistula off the bridges, 4.3.7)."""
    from greatwar.rules.tannenberg.movement import move_graph

    graph = move_graph(state)
    into: dict[str, list[tuple[str, int | None]]] = {}
    for here, row in graph.enter.items():
        for there, cost in row.items():
            into.setdefault(there, []).append((here, cost))
        for there in graph.vistula.get(here, ()):
            into.setdefault(there, []).append((here, None))
    return into
