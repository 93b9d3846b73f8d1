"""5.1, 5.4, 7.21: the movement search's two ways of ranking the hexes it settles (issue 18)
give the same reach: each hex's cost, whether a provisional chart entry priced it, and the
path chosen to it (the previous hex), in the same order.  The buckets (Dial's algorithm,
used when every step costs a point or more) against the heap (steps of no cost)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import greatwar
from greatwar.rules.gwite import movement
from greatwar.rules.gwite import units as U

_Steps = dict[str, tuple[tuple[str, int, bool], ...]]


def _searched(
    search: object,
    steps: _Steps,
    zoc_cost: int,
    start: str,
    budget: int,
    least: int,
    blocked: frozenset[str],
    zoc: frozenset[str],
) -> tuple[list[tuple[str, int]], list[tuple[str, str]]]:
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    last = budget - least
    search(steps, steps.__getitem__, zoc_cost, start, budget, last, blocked, zoc, best, prev)  # type: ignore[operator]
    return list(best.items()), list(prev.items())


@st.composite
def _tables(draw: st.DrawFn) -> tuple[_Steps, int, str, int, frozenset[str], frozenset[str]]:
    """A random move table over a few hexes (steps of 1 to 4 points, some provisional),
    an Enemy zone cost, a start, a budget, blocked hexes and Enemy zones."""
    n = draw(st.integers(2, 14))
    hexes = [f"{i:02d}{draw(st.integers(0, 9))}" for i in range(n)]
    steps: _Steps = {}
    for h in hexes:
        others = draw(st.lists(st.sampled_from(hexes), max_size=6, unique=True))
        steps[h] = tuple(
            (o, draw(st.integers(1, 4)), draw(st.booleans())) for o in others if o != h
        )
    start = draw(st.sampled_from(hexes))
    blocked = frozenset(draw(st.lists(st.sampled_from(hexes), max_size=4)))
    zoc = frozenset(draw(st.lists(st.sampled_from(hexes), max_size=6)))
    return steps, draw(st.integers(0, 3)), start, draw(st.integers(0, 12)), blocked, zoc


@settings(max_examples=300, deadline=None)
@given(_tables())
def test_5_4_7_21_the_buckets_settle_every_hex_as_the_heap_does(
    table: tuple[_Steps, int, str, int, frozenset[str], frozenset[str]],
) -> None:
    steps, zoc_cost, start, budget, blocked, zoc = table
    args = (steps, zoc_cost, start, budget, 1, blocked, zoc)
    by_heap = _searched(movement._ranked_by_heap, *args)
    assert _searched(movement._ranked_by_buckets, *args) == by_heap
    # (and it is a search: a hex next to the start, affordable and open, is reached)
    for there, cost, _ in steps[start]:
        total = cost + (zoc_cost if there in zoc else 0)
        if there not in blocked and there != start and total <= budget:
            assert there in dict(by_heap[0])


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/caporetto-teaching"])
def test_5_1_5_17_each_unit_s_reach_by_buckets_equals_the_heap_s(
    ref: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every unit of both sides, with its points, along a random game: the reach found
    # (the buckets: the move tables cost a point a step at least) is the heap's
    state = greatwar.load(ref).new_state(seed=3)
    rng = random.Random(3)
    compared = 0
    for n in range(200):
        if state.is_over():
            break
        if n % 10 == 0:
            for uid in U.on_map(state):
                costs = state.game.static.rules.movement_table(state, uid)
                assert costs.least() >= 1
                args = (
                    costs,
                    U.record(state, uid)["hex"],
                    movement.allowance(state, uid),
                    True,
                    movement.planning_blocked(state, uid),
                    movement.planning_zoc(state, uid),
                )
                by_buckets = movement.reach_over(*args)
                with monkeypatch.context() as m:
                    m.setattr(movement, "_ranked_by_buckets", _heap_instead)
                    by_heap = movement.reach_over(*args)
                assert list(by_buckets.cost.items()) == list(by_heap.cost.items())
                assert list(by_buckets.prev.items()) == list(by_heap.prev.items())
                assert by_buckets.provisional == by_heap.provisional
                assert by_buckets.minimum_move == by_heap.minimum_move
                compared += len(by_heap.cost)
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))
    assert compared > 1000


def _heap_instead(*args: object) -> None:
    movement._ranked_by_heap(*args)  # type: ignore[arg-type]
