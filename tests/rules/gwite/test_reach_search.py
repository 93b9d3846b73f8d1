"""5.1, 5.4, 7.21: the movement search settles the hexes in buckets of ranks (issue 18:
Dial's algorithm, one heap of labels a rank) exactly as one heap of (rank, label) did:
each hex's cost, whether a provisional chart entry priced it, and the path chosen to it
(the previous hex), in the same order; with steps of no cost (Serbia/Galicia's tables
have some) and a search with no limit (why a hex is out of reach) too."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import greatwar
from greatwar.rules.gwite import movement
from greatwar.rules.gwite import units as U

_Steps = dict[str, tuple[tuple[str, int, bool], ...]]


def _by_one_heap(
    known: _Steps,
    steps: Callable[[str], tuple[tuple[str, int, bool], ...]],
    zoc_cost: int,
    start: str,
    budget: int,
    last: int,
    blocked: frozenset[str],
    enemy_zoc: frozenset[str],
    best: dict[str, int],
    prev: dict[str, str],
) -> None:
    """The search as it was: one heap of (rank, label), popped in that order."""
    heap: list[tuple[int, str]] = [(0, start)]
    while heap:
        rank, here = heapq.heappop(heap)
        if rank > best[here]:
            continue
        spent, prov = rank >> 1, rank & 1
        if spent > last:
            continue
        for there, cost, priced in steps(here):
            if there in blocked:
                continue
            total = spent + cost + (zoc_cost if there in enemy_zoc else 0)
            if total > budget:
                continue
            key = total * 2 + (prov or priced)
            found = best.get(there)
            if found is None or key < found:
                best[there] = key
                prev[there] = here
                heapq.heappush(heap, (key, there))


def _searched(
    search: Callable[..., None], table: tuple[_Steps, int, str, int, frozenset[str], frozenset[str]]
) -> tuple[list[tuple[str, int]], list[tuple[str, str]]]:
    steps, zoc_cost, start, budget, blocked, zoc = table
    least = min((c for row in steps.values() for _, c, _ in row), default=0)
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    args = (zoc_cost, start, budget, budget - least, blocked, zoc, best, prev)
    search({}, steps.__getitem__, *args)
    return list(best.items()), list(prev.items())


@st.composite
def _tables(draw: st.DrawFn) -> tuple[_Steps, int, str, int, frozenset[str], frozenset[str]]:
    """A random move table over a few hexes (steps of 0 to 4 points, some provisional),
    an Enemy zone cost, a start, a budget (now and then one with no limit), blocked hexes
    and Enemy zones."""
    n = draw(st.integers(2, 14))
    hexes = [f"{i:02d}{draw(st.integers(0, 9))}" for i in range(n)]
    steps: _Steps = {}
    for h in hexes:
        others = draw(st.lists(st.sampled_from(hexes), max_size=6, unique=True))
        steps[h] = tuple(
            (o, draw(st.integers(0, 4)), draw(st.booleans())) for o in others if o != h
        )
    start = draw(st.sampled_from(hexes))
    blocked = frozenset(draw(st.lists(st.sampled_from(hexes), max_size=4)))
    zoc = frozenset(draw(st.lists(st.sampled_from(hexes), max_size=6)))
    budget = draw(st.one_of(st.integers(0, 12), st.just(10**6)))
    return steps, draw(st.integers(0, 3)), start, budget, blocked, zoc


@settings(max_examples=400, deadline=None)
@given(_tables())
def test_5_4_7_21_the_buckets_settle_every_hex_as_one_heap_does(
    table: tuple[_Steps, int, str, int, frozenset[str], frozenset[str]],
) -> None:
    by_heap = _searched(_by_one_heap, table)
    assert _searched(movement._settle, table) == by_heap
    # (and it is a search: a hex next to the start, affordable and open, is reached)
    steps, zoc_cost, start, budget, blocked, zoc = table
    for there, cost, _ in steps[start]:
        total = cost + (zoc_cost if there in zoc else 0)
        if there not in blocked and there != start and total <= budget:
            assert there in dict(by_heap[0])


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/serbia-galicia-teaching"])
def test_5_1_5_17_each_unit_s_reach_equals_one_heap_s(
    ref: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every unit of both sides, with its allowance and with no limit, along a random game
    state = greatwar.load(ref).new_state(seed=3)
    rng = random.Random(3)
    compared, free_steps = 0, 0
    for n in range(200):
        if state.is_over():
            break
        if n % 10 == 0:
            for uid in U.on_map(state):
                costs = state.game.static.rules.movement_table(state, uid)
                free_steps += costs.least() == 0
                for budget in (movement.allowance(state, uid), 10**6):
                    args = (
                        costs,
                        U.record(state, uid)["hex"],
                        budget,
                        True,
                        movement.planning_blocked(state, uid),
                        movement.planning_zoc(state, uid),
                    )
                    found = movement.reach_over(*args)
                    with monkeypatch.context() as m:
                        m.setattr(movement, "_settle", _by_one_heap)
                        by_heap = movement.reach_over(*args)
                    assert list(found.cost.items()) == list(by_heap.cost.items())
                    assert list(found.prev.items()) == list(by_heap.prev.items())
                    assert found.provisional == by_heap.provisional
                    assert found.minimum_move == by_heap.minimum_move
                    compared += len(by_heap.cost)
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))
    assert compared > 1000
    assert free_steps or ref == "gwite/teaching"  # (Serbia/Galicia's tables: steps of no cost)


def test_5_1_a_search_with_no_limit_reaches_the_end_of_a_long_road() -> None:
    # (why a hex is out of reach searches with no limit: ranks beyond the buckets made at
    # once; a chain of 120 hexes of 2 points each, Enemy zones on every third)
    hexes = [f"{i:04d}" for i in range(120)]
    steps: _Steps = {h: ((n, 2, i % 7 == 0),) for i, (h, n) in enumerate(pairwise(hexes))}
    steps[hexes[-1]] = ()
    zoc = frozenset(hexes[::3])
    table = (steps, 1, hexes[0], 10**6, frozenset(), zoc)
    best, prev = _searched(movement._settle, table)
    assert (best, prev) == _searched(_by_one_heap, table)
    assert dict(best)[hexes[-1]] // 2 == 2 * 119 + len(zoc) - 1  # (the start's zone not paid)
