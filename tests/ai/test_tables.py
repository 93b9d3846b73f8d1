"""What the agents keep between decisions (issue 18) equals what they would work out
afresh: along played games, every kept table against a direct computation, and the
per-game store's keys."""

from __future__ import annotations

import random

import pytest

import greatwar
from greatwar.ai import heuristic_gwite, heuristic_tannenberg, tables
from greatwar.ai.evaluate import nearest
from greatwar.ai.heuristic_moves import Front
from greatwar.ai.random_agent import RandomAgent
from greatwar.engine.state import State
from greatwar.hexgrid import Hex, distance


def test_a_kept_table_is_built_once_per_key() -> None:
    game = greatwar.load("gwite/teaching")
    built: list[int] = []

    def build(n: int) -> list[int]:
        built.append(n)
        return [n]

    first = tables.kept(game, "test", ("a", 1), build, 1)
    assert tables.kept(game, "test", ("a", 1), build, 1) is first
    assert tables.kept(game, "test", ("a", 2), build, 2) == [2]
    assert built == [1, 2]
    other = greatwar.load("gwite/teaching")
    assert tables.kept(other, "test", ("a", 1), build, 1) == [1]  # each game its own
    assert built == [1, 2, 1]


def test_a_full_store_starts_afresh_with_equal_tables() -> None:
    game = greatwar.load("gwite/teaching")
    for n in range(tables.LIMIT + 3):
        assert tables.kept(game, "test-full", n, lambda n=n: [n]) == [n]


def _states(scenario: str, seed: int, every: int, steps: int) -> list[State]:
    """States met along a random game (every ``every`` actions)."""
    state = greatwar.load(scenario).new_state(seed)
    agent = RandomAgent(seed)
    met = []
    for step in range(steps):
        if state.is_over():
            break
        role = next((r for r in state.active_roles() if state.legal_actions(r)), None)
        if role is None:
            break
        state.apply(role, agent.choose({"role": role, "legal_actions": state.legal_actions(role)}))
        if step % every == 0:
            met.append(state.clone())
    return met


def _pull(f: Front, h: str) -> float:
    """Front.objective_pull worked out afresh (as it was before it was kept)."""
    c = f.coord(h)
    pull = 0.0
    for group, vp in f.targets:
        near = [t for t in group if f.map_at(t) == f.map_at(c)]
        if near:
            pull += vp / (1.0 + min(distance(c, t) for t in near))
    return pull


@pytest.mark.parametrize("scenario", ["gwite/teaching", "tannenberg/teaching"])
def test_the_kept_front_tables_equal_fresh_ones_along_a_game(scenario: str) -> None:
    module = heuristic_gwite if scenario.startswith("gwite") else heuristic_tannenberg
    rng = random.Random(5)
    for st in _states(scenario, 3, 40, 400):
        for side in st.game.static.side_ids:
            f = module.front(st, side)
            board = st.game.scenario.board
            hexes = rng.sample(list(board.hexes), 40)
            for h in hexes:
                assert f.objective_pull(f.coord(h)) == _pull(f, h)
                assert f.enemy_next_to(h) == sum(f.enemy.get(n, 0.0) for n in board.neighbours[h])
                assert f.own_next_to(h) == sum(f.own.get(n, 0.0) for n in board.neighbours[h])
            threatened = {
                h
                for h, city in board.cities.items()
                if city.vp
                and any(distance(board.coord[h], board.coord[e]) <= f.threat_range for e in f.enemy)
            }
            assert f._threatened() == threatened
            units = st.game.static.units
            on_map = [
                uid
                for uid, rec in st.data["units"].items()
                if rec["status"] == "on_map" and units[uid].side == side
            ]
            for uid in on_map[:5]:
                for h in hexes[:10]:
                    assert f.stack_room(st, uid, h) == module.stack_room(st, uid, h)
                assert f.strength(st, uid) == _fresh_strength(module, st, uid)
            if module is heuristic_gwite and side in st.active_roles():
                for a in st.legal_actions(side):
                    if a["type"] == "move":
                        risk = heuristic_gwite.move_risk(st, a["unit"], a)
                        assert f.risk(st, a["unit"], a) == risk


def _fresh_strength(module: object, st: State, uid: str) -> float:
    if module is heuristic_gwite:
        from greatwar.rules.gwite import units as U

        return float(U.printed_attack(st, uid) + U.printed_defense(st, uid)) / 2.0 or 0.5
    from greatwar.rules.tannenberg import units as T

    return float(T.strength(st, uid) or 1) * (1.0 - 0.1 * T.record(st, uid)["lost"])


def test_the_kept_supply_distances_equal_a_fresh_search_along_a_game() -> None:
    """9.13-9.16 each supply class's distances to its sources along its own links
    (Caporetto 9.18: no ridges for TCR 2), and each depot's to the sources that could
    feed it (never itself, 9.16; every Enemy zone closed), kept per game."""
    from greatwar.rules.gwite import supply, zoc

    for scenario in ("gwite/teaching", "gwite/brusilov-teaching", "gwite/caporetto-teaching"):
        for st in _states(scenario, 4, 25, 500):
            units = st.data["units"]
            for side in st.game.static.side_ids:
                tab = supply.table(st, side)
                for cls, own in tab.classes.items():
                    kept = heuristic_gwite.supply_distances(st, side, cls)
                    back = supply.reverse_links(st, cls)
                    fresh = heuristic_gwite._distances(
                        st, tab.blocked, tab.enemy_zones, own.sources, back
                    )
                    assert kept == fresh
                zones = zoc.enemy_controlled(st, side)
                for depot in tab.depots:
                    others = {units[d]["hex"] for d in tab.depots if d != depot}
                    sources = tab.rail | tab.edges | frozenset(others)
                    fresh = heuristic_gwite._distances(st, tab.blocked, zones, sources)
                    assert heuristic_gwite.depot_distances(st, side, depot) == fresh


def test_nearest_is_the_least_hex_distance() -> None:
    rng = random.Random(2)
    for _ in range(200):
        target = Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        hexes = [Hex(rng.randint(-9, 9), rng.randint(-9, 9)) for _ in range(rng.randint(0, 6))]
        assert nearest(target, hexes) == min((distance(target, h) for h in hexes), default=12)
