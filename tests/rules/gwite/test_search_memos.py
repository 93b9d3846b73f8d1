"""Issue 18: the tables and searches memoised on exactly what they read follow every
change of it (each is compared with the same thing computed afresh, before and after
each input changes).  Positions are on the FICTIONAL teaching maps."""

from __future__ import annotations

import dataclasses
import random
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


def _zone_layers(
    links: dict[str, tuple[str, ...]],
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    most_zones: int,
    limit: int,
) -> list[dict[str, int]]:
    """The search of lines the other way (as the tables did it before issue 18's supply
    work): from every source, ``layers[c][h]`` the shortest line to ``h`` crossing ``c``
    Enemy-controlled hexes (9.14)."""
    layers: list[dict[str, int]] = [{} for _ in range(most_zones + 1)]
    fewest: dict[str, int] = {}
    frontier = []
    for h in sources:
        c = 1 if h in enemy_zones else 0
        if c <= most_zones:
            layers[c][h] = 0
            fewest[h] = c
            frontier.append((h, c))
    d = 0
    while frontier and d < limit:
        d += 1
        following = []
        for h, c in frontier:
            for n in links[h]:
                if n in blocked:
                    continue
                crossed = c + 1 if n in enemy_zones else c
                if crossed < fewest.get(n, most_zones + 1):
                    fewest[n] = crossed
                    layers[crossed][n] = d
                    following.append((n, crossed))
        frontier = following
    return layers


def _forward_lines(
    st: State,
    cls: supply.SupplyClass,
    env: tuple[frozenset[str], frozenset[str], frozenset[str]],
    asked: list[tuple[str, int, int]],
) -> dict[tuple[str, int, int], bool]:
    """Each (hex, Enemy zones it may cross, range) asked: whether a line reaches it."""
    links = supply.class_network(st, cls).links
    layers = _zone_layers(links, *env, 2, max(r for _, _, r in asked))
    far = supply.network(st).far
    return {(h, k, r): min(layers[c].get(h, far) for c in range(k + 1)) <= r for h, k, r in asked}


def _traced(
    st: State,
    cls: supply.SupplyClass,
    env: tuple[frozenset[str], frozenset[str], frozenset[str]],
    asked: list[tuple[str, int, int]],
) -> dict[tuple[str, int, int], bool]:
    """The same through the kept lines of the class (:func:`supply._lines_kept`)."""
    answers = supply._lines_kept(st, cls, *env)
    back = supply.reverse_links(st, cls)
    out = {}
    for key in asked:
        if key not in answers:
            answers[key] = supply._search_back(back, *env, *key)
        out[key] = answers[key][0]
    return out


def _asked(st: State, side: str) -> list[tuple[str, int, int]]:
    hexes = sorted({U.record(st, u)["hex"] for u in U.on_map(st, side)})
    return [(h, k, r) for h in hexes for k in (0, 1, 2) for r in (1, 3, 5)]


def test_lines_searched_from_the_unit_match_a_search_from_the_sources() -> None:
    # 9.12-9.14: the search back from each unit finds the lines found from the sources
    for seed in (1, 2):
        st = greatwar.load("gwite/teaching").new_state(seed)
        for side in U.static(st).side_ids:
            tab = supply.table(st, side)
            for cls in tab.classes:
                env = (tab.classes[cls].sources, tab.blocked, tab.enemy_zones)
                asked = _asked(st, side)
                back = supply.reverse_links(st, cls)
                found = {k: supply._search_back(back, *env, *k)[0] for k in asked}
                expected = _forward_lines(st, cls, env, asked)
                assert found == expected
                assert any(found.values()) and not all(found.values())


def test_kept_lines_follow_each_source_blocked_hex_and_enemy_zone() -> None:
    # 9.12-9.14 the lines kept per class (issue 18) follow each input changed near a unit
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    tab = supply.table(st, side)
    cls = next(iter(tab.classes))
    back = supply.reverse_links(st, cls)
    env = (tab.classes[cls].sources, tab.blocked, tab.enemy_zones)
    asked = _asked(st, side)
    first = _traced(st, cls, env, asked)
    assert first == _forward_lines(st, cls, env, asked)
    # a hex with a line of 1 (not a source): shut its neighbours each way in turn
    h, k, r = next(
        key for key, ok in first.items() if ok and key[1:] == (0, 1) and key[0] not in env[0]
    )
    around = frozenset(back[h]) - env[0]
    sources, blocked, zones = env
    near_sources = frozenset(n for n in back[h] if n in sources)
    for changed in (
        (sources - near_sources, blocked, zones),  # no source next to it
        (sources, blocked | {h}, zones),  # itself blocked
        (sources, blocked, zones | {h}),  # itself in an Enemy zone
        (sources - near_sources, blocked | around, zones),
        (sources - near_sources, blocked, zones | around),
        env,
        (sources | {h}, blocked, zones),  # itself a source
    ):
        now = _traced(st, cls, changed, asked)
        assert now == _forward_lines(st, cls, changed, asked)
        assert now[(h, k, r)] == (changed == env or h in changed[0])
    # a far change keeps the answers it cannot touch, and they stand
    kept = supply._lines_kept(st, cls, *env)
    assert kept and set(kept) <= set(asked)
    assert _traced(st, cls, env, asked) == first


def test_depot_reach_matches_a_search_from_the_targets() -> None:
    # 9.16 a depot's search back from its hex finds what a search from the sources finds
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    tab = supply.table(st, side)
    cls = next(iter(tab.classes))
    links = supply.class_network(st, cls).links
    back = supply.reverse_links(st, cls)
    far = supply.network(st).far
    closed = tab.blocked | tab.enemy_zones
    targets = frozenset(h for h in tab.classes[cls].sources if h not in closed)
    # a supplied depot's hex feeds even when closed (it is a start of the search)
    depot_hex = sorted(closed)[0]
    for shut in (closed, closed | {links[sorted(targets)[0]][0]}, frozenset()):
        for sources, feeding in (
            (targets, set()),
            (targets, {depot_hex}),
            (frozenset(), {depot_hex}),
        ):
            for most in (1, 3, 5):
                dist: dict[str, int] = {}
                supply._relax(links, far, sources | feeding, shut, most, dist)
                for h in links:
                    assert supply._reaches(back, h, sources, feeding, shut, most) == (
                        dist.get(h, far) <= most and (h in sources | feeding or h not in shut)
                    )


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


def test_rail_sources_follow_the_usable_rail_and_the_edges() -> None:
    # 9.15 the rail paths to a map edge, memoised per game on the edges and the usable rail
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    cls = next(iter(supply.table(st, side).classes))
    cnet = supply.class_network(st, cls)
    rail_links = supply.network(st).rail_links

    def fresh(net: supply.ClassNetwork, closed: frozenset[str]) -> frozenset[str]:
        usable = frozenset(h for h in net.friendly_rail if h not in closed)
        return supply._rail_paths(rail_links, net.edges, usable)

    everything = supply._rail_sources(st, side, cnet, frozenset())
    assert everything == fresh(cnet, frozenset()) and len(everything) > 3
    # a rail hex next to an edge shut: the paths beyond it follow
    edge = next(h for h in sorted(cnet.edges) if h in everything)
    cut = frozenset({edge})
    assert supply._rail_sources(st, side, cnet, cut) == fresh(cnet, cut) != everything
    assert supply._rail_sources(st, side, cnet, frozenset()) == everything
    fewer = dataclasses.replace(cnet, edges=cnet.edges - {edge})
    assert supply._rail_sources(st, side, fewer, frozenset()) == fresh(fewer, frozenset())
    assert supply._rail_sources(st, side, cnet, frozenset()) == everything
    # a rail hex last occupied by the Enemy is no longer usable (5.33, 9.15)
    enemy = U.static(st).side_ids[1]
    st.data["control"][edge] = enemy
    assert edge not in supply._rail_sources(st, side, cnet, frozenset())


def _occupation_afresh(st: State, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """Blocked hexes and Friendly presence in one pass over the occupied hexes."""
    blocked, present = supply._sorted_by_first_unit(st, side)
    for h, owner in U.static(st).fortress_side.items():
        if not supply.zoc.fortress_destroyed(st, h):
            (present if owner == side else blocked).add(h)
    return frozenset(blocked), frozenset(present)


def test_occupation_follows_each_sides_units() -> None:
    # 9.14, 9.17, 7.24: each side's hexes kept until its own units change
    st = greatwar.load("gwite/teaching").new_state(1)
    side, other = U.static(st).side_ids[:2]

    def agrees() -> None:
        for s in (side, other):
            assert supply._occupation(st, s) == _occupation_afresh(st, s)

    agrees()
    mover = next(u for u in U.on_map(st, other) if not U.info(st, u).hq)
    hq = next(u for u in U.on_map(st, other) if U.info(st, u).hq)
    free, elsewhere, third = [
        h
        for h in sorted(U.static(st).scenario.board.hexes)
        if not U.units_in(st, h) and h not in U.static(st).fortress_side
    ][:3]
    pieces.place(st, mover, free)  # an Enemy unit moves: its new hex blocks
    assert free in supply._occupation(st, side)[0]
    agrees()
    pieces.place(st, hq, free)  # an Enemy HQ alone does not block (9.17)
    pieces.place(st, mover, elsewhere)
    assert free not in supply._occupation(st, side)[0]
    agrees()
    friend = next(u for u in U.on_map(st, side) if not U.info(st, u).hq)
    pieces.place(st, friend, third)  # a Friendly unit negates control there (7.24)
    assert third in supply._occupation(st, side)[1]
    agrees()
    pieces.place(st, mover, third)  # two sides in one hex: read by its first unit
    agrees()
    pieces.eliminate(st, mover)
    agrees()


def test_kept_lines_of_several_situations_each_stand_and_carry_only_far_answers() -> None:
    # 9.12-9.14: situations met in turn (a state and a seat's view of it) keep their own
    # lines; a new one takes only the answers of hexes no changed hex is in range of
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    tab = supply.table(st, side)
    cls = next(iter(tab.classes))
    env = (tab.classes[cls].sources, tab.blocked, tab.enemy_zones)
    asked = _asked(st, side)
    h = asked[0][0]
    other = (env[0], env[1] | {h}, env[2])
    for _ in range(2):
        for situation in (env, other):
            assert _traced(st, cls, situation, asked) == _forward_lines(st, cls, situation, asked)
    carried = supply._lines_kept(st, cls, env[0], env[1] | {h}, env[2] | {h})
    assert carried and all(
        h not in read for _, read in carried.values()
    )  # (each carried answer's search did not read the hex changed)
    assert any(key[0] == h for key in asked) and not any(key[0] == h for key in carried)


def test_9_12_a_search_s_answer_stands_whatever_changes_outside_the_hexes_it_read() -> None:
    # what lets an answer be carried to another situation (issue 18): each hex outside
    # what the search read, put into or taken out of each set in turn, changes nothing
    st = greatwar.load("gwite/teaching").new_state(1)
    side = U.static(st).side_ids[0]
    tab = supply.table(st, side)
    cls = next(iter(tab.classes))
    back = supply.reverse_links(st, cls)
    env = (tab.classes[cls].sources, tab.blocked, tab.enemy_zones)
    rng = random.Random(5)
    hexes = sorted(supply.class_network(st, cls).links)
    answers = {True: 0, False: 0}
    for key in _asked(st, side):
        found, read = supply._search_back(back, *env, *key)
        answers[found] += 1
        assert key[0] in read
        outside = [h for h in hexes if h not in read]
        for h in rng.sample(outside, min(12, len(outside))):
            for n in range(3):
                changed = tuple(s ^ {h} if i == n else s for i, s in enumerate(env))
                assert supply._search_back(back, *changed, *key)[0] == found
        # (and many at once, in every set: a line found names only its own hexes as read)
        many = [set(rng.sample(outside, min(8, len(outside)))) for _ in env]
        changed = tuple(s ^ flip for s, flip in zip(env, many, strict=True))
        assert supply._search_back(back, *changed, *key)[0] == found
    assert answers[True] and answers[False]


def test_10_32_the_kept_command_allocation_follows_its_units_hqs_and_room() -> None:
    # 10.31-10.32: the allocation kept per game is the one searched afresh, with the
    # units' points, the order of their HQs and the HQs' room changed in turn (each
    # change giving another answer); a plan handed out and changed leaves the kept one be
    from greatwar.rules.gwite.command import pack, packed

    st = greatwar.load("gwite/teaching").new_state(1)
    wide = {"H1": 2, "H2": 4}
    problems = [
        ([("U0", 2, ["H1", "H2"])], wide, {"U0": "H1"}),
        ([("U0", 2, ["H2", "H1"])], wide, {"U0": "H2"}),  # the HQs' order
        ([("U0", 4, ["H1", "H2"])], wide, {"U0": "H2"}),  # the unit's points
        ([("U0", 2, ["H1", "H2"])], {"H1": 0, "H2": 4}, {"U0": "H2"}),  # the room
        ([("U0", 2, ["H1", "H2"])], {"H1": 0, "H2": 0}, None),
        ([("U0", 2, ["H1", "H2"]), ("U1", 4, ["H2"])], wide, {"U0": "H1", "U1": "H2"}),
        ([("U0", 2, ["H1", "H2"]), ("U2", 4, ["H2"])], wide, {"U0": "H1", "U2": "H2"}),
    ]
    for items, room, expected in problems * 2:
        plan = packed(st, items, room)
        assert plan == pack(items, room) == expected
        if plan:
            plan.clear()
