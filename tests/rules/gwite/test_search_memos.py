"""Issue 18: the tables and searches memoised on exactly what they read follow every
change of it (each is compared with the same thing computed afresh, before and after
each input changes).  Positions are on the FICTIONAL teaching maps."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.rules import pieces
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import attack_refusal, ready_attackers
from greatwar.rules.gwite.static import NO_FEATURES, MoveCosts, pair_features


def fresh_ready(st: State, seg: dict[str, Any]) -> tuple[str, ...]:
    """:func:`ready_attackers` worked out without its memo."""
    return tuple(u for u in U.on_map(st, seg["side"]) if attack_refusal(st, seg, u) is None)


def test_ready_attackers_follow_the_units_the_side_and_who_has_attacked() -> None:
    # 8.11, 8.12, 8.14, 5.34, 5.36: each input of the memo changed in turn
    st = greatwar.load("gwite/teaching").new_state(1)
    side, other = U.static(st).side_ids[:2]
    seg: dict[str, Any] = {"side": side, "attacked": []}
    first = ready_attackers(st, seg)
    assert first == fresh_ready(st, seg) and len(first) > 3
    a, b, c = first[:3]
    seg["attacked"].append(a)  # 8.14 it has attacked
    assert a not in ready_attackers(st, seg)
    U.add_marker(st, b, rail.ENTRAINED)  # 5.36 entrained units may not attack
    assert b not in ready_attackers(st, seg)
    pieces.set_status(st, c, "eliminated")
    assert ready_attackers(st, seg) == fresh_ready(st, seg)
    assert c not in ready_attackers(st, seg)
    seg["side"] = other
    assert ready_attackers(st, seg) == fresh_ready(st, seg)
    assert not set(ready_attackers(st, seg)) & set(first)


def test_ready_attackers_follow_a_move_by_rail() -> None:
    # 5.34 only TCR-1 units attack after moving by rail
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    seg: dict[str, Any] = {"side": side, "attacked": []}
    slow = next(u for u in ready_attackers(st, seg) if U.tcr(st, u) > 1 and not U.info(st, u).hq)
    U.add_marker(st, slow, rail.MOVED_BY_RAIL)
    assert slow not in ready_attackers(st, seg)
    assert ready_attackers(st, seg) == fresh_ready(st, seg)


def _supply_inputs(st: State) -> tuple[supply.SupplyClass, supply.SupplyTable]:
    side = U.static(st).side_ids[0]
    cls = next(iter(supply._sorted(st).classes[side]))
    return cls, supply.table(st, side)


def test_zone_layers_follow_each_of_their_arguments() -> None:
    # 9.14 the search of a class's lines, memoised per game on its arguments
    st = greatwar.load("gwite/teaching").new_state(1)
    cls, tab = _supply_inputs(st)
    links = supply.class_network(st, cls).links
    some = sorted(tab.sources)[0]
    near = links[some][0]
    cases = [
        (tab.sources, tab.blocked, tab.enemy_zones, 1, 6),
        (tab.sources - {some}, tab.blocked, tab.enemy_zones, 1, 6),
        (tab.sources, tab.blocked | {near}, tab.enemy_zones, 1, 6),
        (tab.sources, tab.blocked, tab.enemy_zones | {near}, 1, 6),
        (tab.sources, tab.blocked, tab.enemy_zones, 0, 6),
        (tab.sources, tab.blocked, tab.enemy_zones, 1, 3),
    ]
    for args in cases:
        found = supply.zone_layers(st, cls, *args)
        assert found == supply._zone_layers(links, *args)
        assert supply.zone_layers(st, cls, *args) is found  # memoised
    other = greatwar.load("gwite/teaching").new_state(2)
    assert supply.zone_layers(other, cls, *cases[0]) == supply._zone_layers(links, *cases[0])


def test_source_distances_follow_each_of_their_arguments_and_are_copied() -> None:
    # 9.16 a depot's distance to the sources of its class
    st = greatwar.load("gwite/teaching").new_state(1)
    cls, tab = _supply_inputs(st)
    links = supply.class_network(st, cls).links
    far = supply.network(st).far
    closed = tab.blocked | tab.enemy_zones
    some = sorted(tab.sources)[0]
    near = links[some][0]
    for sources, shut, most in (
        (tab.sources, closed, 6),
        (tab.sources - {some}, closed, 6),
        (tab.sources, closed | {near}, 6),
        (tab.sources, closed, 2),
    ):
        expected: dict[str, int] = {}
        supply._relax(links, far, (h for h in sources if h not in shut), shut, most, expected)
        assert supply._source_distances(st, cls, sources, shut, most) == expected
    # the table's own use copies it before relaxing from the depots
    kept = supply._source_distances(st, cls, tab.sources, closed, 6)
    before = dict(kept)
    supply.table(st, U.static(st).side_ids[0])
    assert kept == before


def test_move_steps_follow_the_table_and_a_replaced_table_starts_afresh() -> None:
    # 5.4 the searches' view of a move table: its costs and provisional entries
    costs = MoveCosts(enter={"a": {"b": 2, "c": 3}, "b": {"a": 2}}, provisional={("a", "c")})
    assert costs.steps("a") == (("b", 2, False), ("c", 3, True))
    assert costs.steps("b") == (("a", 2, False),)
    other = dataclasses.replace(costs, enter={"a": {"b": 1}}, provisional=set())
    assert other.steps("a") == (("b", 1, False),)
    assert costs.steps("a") == (("b", 2, False), ("c", 3, True))


@pytest.mark.parametrize(
    "scenario", ["gwite/teaching", "gwite/caporetto-teaching", "gwite/two-maps-teaching"]
)
def test_pair_features_are_the_boards_features_of_every_adjacent_pair(scenario: str) -> None:
    board = greatwar.load(scenario).scenario.board
    pairs = pair_features(board)
    assert pairs
    for a in board.hexes:
        for b in board.neighbours[a]:
            assert pairs.get((a, b), NO_FEATURES) == board.features(a, b)


def test_supply_members_follow_the_units_of_their_side() -> None:
    # 9.12 the units on the map of each supply class, memoised on the side's revision
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]

    def members() -> dict[supply.SupplyClass, list[str]]:
        return U.cached_of(st, "supply members", supply._members, side)  # type: ignore[no-any-return]

    first = members()
    assert first == supply._members(st, side)
    uid = next(u for us in first.values() for u in us)
    pieces.set_status(st, uid, "eliminated")
    assert uid not in {u for us in members().values() for u in us}
    assert members() == supply._members(st, side)
    assert uid not in supply.table(st, side).line


def test_hex_defenders_follow_the_units_places_and_markers_of_their_side() -> None:
    # 8.21, 8.66 the defenders of each hex, memoised on the defending side's revision
    from greatwar.rules.gwite.combat import _hex_defenders, defenders_in

    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[1]
    board = U.static(st).scenario.board

    def same() -> None:
        for h in board.hexes:
            assert _hex_defenders(st, h, side) == defenders_in(st, h, side)

    same()
    uid = U.on_map(st, side)[0]
    here = U.record(st, uid)["hex"]
    U.add_marker(st, uid, "retreated")  # 8.66 a passenger defends only if alone
    same()
    empty = next(h for h in board.neighbours[here] if not U.units_in(st, h))
    pieces.place(st, uid, empty)
    same()
    assert _hex_defenders(st, empty, side) == [uid]
    pieces.set_status(st, uid, "eliminated")
    same()
    assert _hex_defenders(st, empty, side) == []
