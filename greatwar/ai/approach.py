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
  :data:`STAGE_POINTS`: the search does not know whose allowance it is; nor whether the
  unit is in command, as 4.3.7 asks);
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
:data:`STAGE_POINTS` and :data:`ZONE_STAGES` are the project's, not measured.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the stages ahead the search looks (a unit farther off is no threat yet)
HORIZON = 3
#: half movement points (the move graph's unit) of a stage where the search cannot tell
#: whose allowance it is: the infantry's usual 4 points (a Vistula crossing off the
#: bridges, 4.3.7, and an enemy zone on the way)
STAGE_POINTS = 8
#: stages an enemy zone on the way costs beyond its point (8.2.1 the move ends there,
#: 8.2.5 it is left only as a result of combat)
ZONE_STAGES = 1
#: half points a movement point is in the move graph
HALF = 2
#: hexes off a region a hex cut off from it counts as
FAR = 10**6


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
    region = frozenset(region)
    key = ("ai-approach", side, region, tuple(units), count, what)
    return state.memo(key, lambda: _nearest(state, side, region, units, count))  # type: ignore[no-any-return]


def _nearest(
    state: State, side: str, region: frozenset[str], units: Sequence[str], count: int
) -> list[float]:
    from greatwar.ai import tables

    hexes_off = tables.kept(state.game, "ai-approach-hexes", region, _hexes_off, state, region)
    return _Search(state, side, units, count, hexes_off).run(region)


def _hexes_off(state: State, region: frozenset[str]) -> dict[str, int]:
    """Each hex's distance in hexes to the nearest hex of ``region`` (a breadth-first
    search over the map, once a game and region)."""
    neighbours = state.game.scenario.board.neighbours
    off = dict.fromkeys(sorted(region), 0)
    ring = list(off)
    while ring:
        following = []
        for here in ring:
            for there in neighbours.get(here, ()):
                if there not in off:
                    off[there] = off[here] + 1
                    following.append(there)
        ring = following
    return off


class _Search:
    """Dijkstra from the region outward over the steps into it, in half points, by
    buckets (Dial's: the costs are small integers); it stops once no unit still to be
    reached could need fewer stages than the ``count`` found."""

    def __init__(
        self,
        state: State,
        side: str,
        units: Sequence[str],
        count: int,
        hexes_off: dict[str, int],
    ) -> None:
        from greatwar.rules import pieces
        from greatwar.rules.tannenberg import movement

        self.state, self.side, self.count = state, side, count
        #: hex -> each unit there with its allowance; only the units the hexes between
        #: them and the region leave within the horizon (a step costs a point at least,
        #: 4.3.3)
        self.waiting: dict[str, list[tuple[str, int]]] = {}
        for uid in units:
            here = pieces.record(state, uid)["hex"]
            allowance = max(1, movement.printed_allowance(state, uid))
            if hexes_off.get(here, FAR) > HORIZON * allowance:
                continue
            self.waiting.setdefault(here, []).append((uid, allowance))
        self.fastest = max((a for there in self.waiting.values() for _, a in there), default=1)
        self.limit = HORIZON * HALF * self.fastest

    def run(self, region: Iterable[str]) -> list[float]:
        from greatwar.ai import tables
        from greatwar.rules import pieces
        from greatwar.rules.tannenberg import fortified, movement, zoc

        state, side, limit = self.state, self.side, self.limit
        found: list[float] = []
        if not self.waiting:
            return found
        graph: _Graph = tables.kept(state.game, "ai-steps-into", (), _Graph, state)
        index, into = graph.index, graph.into
        waiting = {index[h]: units for h, units in self.waiting.items()}
        # 6.0: a destroyed bridge is crossed as off the bridges
        cut = {(index[a], index[b]) for a, b in movement.destroyed_bridges(state)}
        enemy = state.game.static.enemy[side]
        held = pieces.hex_side(state)
        blocked = graph.flags(h for h, s in held.items() if s == enemy)
        for h in fortified.garrisoned_hexes(state, enemy):
            blocked[index[h]] = 1
        stop = graph.flags(zoc.enemy_controlled(state, side))
        zone = HALF + ZONE_STAGES * STAGE_POINTS  # 8.2.2 its point, 8.2.1/8.2.5 a stage
        crossing, unseen, per_stage = STAGE_POINTS, limit + 1, HALF * self.fastest
        best = [unseen] * len(into)
        buckets: list[list[int]] = [[] for _ in range(limit + 1)]
        # the region's hexes no enemy unit holds (a garrisoned fortification there is the
        # clause's to take: Nordheim's forts)
        for h in sorted(region):
            if held.get(h) != enemy:
                best[index[h]] = 0
                buckets[0].append(index[h])
        for spent, bucket in enumerate(buckets):
            if len(found) >= self.count and spent / per_stage >= found[self.count - 1]:
                break  # (no unit farther off needs fewer stages)
            for there in bucket:
                if best[there] != spent:
                    continue  # (found cheaper since)
                if there in waiting:
                    self._reached(found, spent, waiting[there])
                entry = spent + (zone if stop[there] else 0)  # (a unit stepping into it)
                for here, cost in into[there]:
                    if blocked[here]:
                        continue
                    if cost < 0 or (cut and (here, there) in cut):
                        cost = crossing  # 4.3.7 the whole allowance
                    total = entry + cost
                    if total < best[here] and total <= limit:
                        best[here] = total
                        buckets[total].append(here)
        return found[: self.count]

    def _reached(self, found: list[float], cost: int, units: list[tuple[str, int]]) -> None:
        """Add the stages of the units of a hex ``cost`` half points from the region."""
        from greatwar.rules.tannenberg import zoc

        for uid, allowance in units:
            stages = cost / (HALF * allowance)
            if cost and zoc.in_enemy_zoc(self.state, uid):
                stages += ZONE_STAGES  # 8.2.5 it leaves that zone only by combat
            if stages <= HORIZON:
                bisect.insort(found, stages)


class _Graph:
    """The steps into each hex, by the hexes' indices: for each hex, the hexes a step into
    it may come from with its cost in half points (-1: across the Vistula off the
    bridges, 4.3.7); built once a game."""

    def __init__(self, state: State) -> None:
        from greatwar.rules.tannenberg.movement import move_graph

        graph = move_graph(state)
        labels = sorted(set(graph.enter) | {b for row in graph.enter.values() for b in row})
        self.index = {h: i for i, h in enumerate(labels)}
        self.into: list[list[tuple[int, int]]] = [[] for _ in labels]
        for here, row in graph.enter.items():
            for there, cost in row.items():
                self.into[self.index[there]].append((self.index[here], cost))
            for there in graph.vistula.get(here, ()):
                self.into[self.index[there]].append((self.index[here], -1))

    def flags(self, hexes: Iterable[str]) -> bytearray:
        """One byte a hex: 1 for those of ``hexes``."""
        flags = bytearray(len(self.into))
        index = self.index
        for h in hexes:
            flags[index[h]] = 1
        return flags
