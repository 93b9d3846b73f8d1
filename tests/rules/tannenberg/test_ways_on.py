"""9.5.4-9.5.8 the ways a flight may go on, worked out hex by hex (issue 18): on positions
of random games of the teaching scenario, from many starts and hexes, the first steps
:func:`routes.flight_steps` offers and whether :func:`routes.has_way_on` finds a way equal
those of every way listed one by one and ranked by :func:`_rank` (the
listing the rules describe: it multiplies with each hex, the hex-by-hex answer does not)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

import greatwar
from greatwar.engine.state import State
from greatwar.rules.tannenberg import routes
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import in_enemy_zone


def _every_way(st: State, side: str, origin: str, here: str, left: int) -> list[list[str]]:
    """Every way on of ``left`` hexes from ``here``, listed one by one (9.5.4, 9.5.8)."""
    board = st.game.scenario.board
    ways: list[list[str]] = [[]]
    for _ in range(left):
        longer = []
        for way in ways:
            at = way[-1] if way else here
            far = board.distance(origin, at) + 1
            for nxt in board.neighbours[at]:
                if board.distance(origin, nxt) == far and routes.step_open(st, side, at, nxt):
                    longer.append([*way, nxt])
        ways = longer
    return ways


def _rank(st: State, side: str, way: list[str], moving: list[str]) -> tuple[int, int]:
    """9.5.6 ending in an enemy zone, then 9.5.7 enemy controlled hexes entered: the fewer
    the better."""
    entered = [h for h in way if in_enemy_zone(st, side, h, moving)]
    ends = bool(way) and in_enemy_zone(st, side, way[-1], moving)
    return int(ends), len(entered)


def _listed_steps(st: State, side: str, origin: str, here: str, left: int, moving: list[str]):  # type: ignore[no-untyped-def]
    ways = _every_way(st, side, origin, here, left)
    if not ways:
        return []
    ranked = [(_rank(st, side, w, moving), w) for w in ways]
    best = min(r for r, _ in ranked)
    return sorted({w[0] for r, w in ranked if r == best})


def _positions(seed: int, every: int, steps: int) -> list[State]:
    state = greatwar.load("tannenberg/teaching").new_state(seed=seed)
    rng = random.Random(seed)
    kept = []
    for n in range(steps):
        if state.is_over():
            break
        if n % every == 0:
            kept.append(state.clone())
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))
    return kept


POSITIONS = _positions(5, 150, 1500)


@settings(max_examples=60, deadline=None)
@given(pick=st_.integers(min_value=0), seed=st_.integers(min_value=0, max_value=2**32))
def test_9_5_4_9_5_6_9_5_7_first_steps_of_the_best_ways_equal_those_of_every_way_listed(
    pick: int, seed: int
) -> None:
    st = POSITIONS[pick % len(POSITIONS)]
    rng = random.Random(seed)
    on_map = [u for side in U.static(st).side_ids for u in U.on_map(st, side)]
    uid = rng.choice(on_map)
    side = U.info(st, uid).side
    origin = U.record(st, uid)["hex"]
    board = st.game.scenario.board
    for _ in range(4):  # the start, then hexes a flight may have reached
        here = origin if rng.random() < 0.4 else rng.choice(sorted(board.neighbours[origin]))
        if board.distance(origin, here) > 1:
            continue
        for left in range(1, 6):
            moving = [uid]
            expected = _listed_steps(st, side, origin, here, left, moving)
            assert routes.flight_steps(st, side, origin, here, left, moving) == expected
            listed = bool(_every_way(st, side, origin, here, left))
            assert routes.has_way_on(st, side, origin, here, left) == listed


def test_9_5_8_a_way_on_ends_at_the_map_edge() -> None:
    """Every start has ways of one hex on these positions, and some none of as many hexes
    as the map is wide (the answer is not always true)."""
    seen = set()
    for st in POSITIONS:
        for side in U.static(st).side_ids:
            for uid in U.on_map(st, side):
                here = U.record(st, uid)["hex"]
                for left in (1, 60):
                    found = routes.has_way_on(st, side, here, here, left)
                    seen.add((left, found))
                    if not found:
                        assert routes.flight_steps(st, side, here, here, left, [uid]) == []
    assert (1, True) in seen and (60, False) in seen
