"""Tables worked out from the last ones where the units changed since are known (issue 18):
along random games of several GWitE scenarios, asked every few actions (so that one update
spans several changes), each equals the same table built afresh on a state read back from
JSON (nothing kept)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import greatwar
from greatwar.engine.state import State
from greatwar.rules.gwite import command, movement, rail, supply, visibility, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.victory import CONTROL_TURN

SCENARIOS = [
    "gwite/teaching",
    "gwite/two-maps-teaching",
    "gwite/brusilov-teaching",
    "gwite/caporetto-teaching",
    "gwite/serbia-galicia-teaching",
    "gwite/hindenburg-teaching",
]


def _random_game(ref: str, seed: int, steps: int) -> Iterator[tuple[int, State]]:
    state = greatwar.load(ref).new_state(seed=seed)
    rng = random.Random(seed)
    for n in range(steps):
        if state.is_over():
            return
        yield n, state
        role = rng.choice([r for r in state.active_roles() if state.legal_actions(r)])
        state.apply(role, rng.choice(state.legal_actions(role)))


@pytest.mark.parametrize("ref", SCENARIOS)
def test_10_33_radii_updated_from_the_last_equal_radii_traced_afresh(ref: str) -> None:
    updated = 0
    for n, state in _random_game(ref, 11, 240):
        if n % 3:
            continue
        for side in U.static(state).side_ids:
            fresh = State.from_json(state.to_json())
            last = state._cache.get(("command_radii_last", side))
            assert command.radii(state, side) == command._all_radii(fresh, side)
            updated += last is not None and last[0] != U.counts(state)
    assert updated > 0  # (the update, not only the first build, was checked)


@pytest.mark.parametrize("ref", SCENARIOS)
def test_view_counters_updated_from_the_last_equal_fresh_entries(ref: str) -> None:
    for n, state in _random_game(ref, 12, 240):
        if n % 4 == 0:
            fresh = State.from_json(state.to_json())
            assert visibility._shared_entries(state) == visibility.unit_entries(fresh)


@pytest.mark.parametrize("ref", SCENARIOS)
def test_7_1_zones_updated_from_the_last_equal_zones_found_afresh(ref: str) -> None:
    for n, state in _random_game(ref, 13, 240):
        if n % 2:
            continue
        fresh = State.from_json(state.to_json())
        for side in U.static(state).side_ids:
            afresh = zoc.zones_of(fresh, U.on_map(fresh, side)) | zoc.fortress_zones(fresh, side)
            assert zoc.controlled_by(state, side) == afresh


@pytest.mark.parametrize("ref", SCENARIOS)
def test_9_12_9_16_lines_and_depots_carried_between_situations_equal_those_found_afresh(
    ref: str,
) -> None:
    # (a state read back from JSON belongs to a new game: nothing carried over)
    for n, state in _random_game(ref, 14, 240):
        if n % 3:
            continue
        fresh = State.from_json(state.to_json())
        for side in U.static(state).side_ids:
            kept, afresh = supply.table(state, side), supply.table(fresh, side)
            assert kept.line == afresh.line
            assert kept.depots == afresh.depots
            assert kept.sources == afresh.sources


def _tables_updated_equal_afresh(
    monkeypatch: pytest.MonkeyPatch, ref: str, seed: int, steps: int, every: int
) -> Counter[str]:
    """Along a random game, each side's supply table asked every ``every`` actions equals
    one built afresh on the state read back from JSON (nothing kept); how many tables were
    updated from the one before, by whose changes."""
    updated: Counter[str] = Counter()
    build = supply._build_table
    built: list[supply.SupplyTable] = []

    def counted(st: State, side: str) -> supply.SupplyTable:
        built.append(build(st, side))
        return built[-1]

    monkeypatch.setattr(supply, "_build_table", counted)
    for n, state in _random_game(ref, seed, steps):
        if n % every:
            continue
        fresh = State.from_json(state.to_json())
        for side in U.static(state).side_ids:
            last = state._cache.find(("supply_last", side))
            found = supply.table(state, side)
            afresh = build(fresh, side)
            assert found == afresh
            assert list(found.line) == list(afresh.line)  # (in the same order)
            # (what the next update reads: each searched unit's hexes; a line found reads
            # its own hexes, and a line kept may be another than a fresh search finds; a
            # search that found none, kept while hexes closed, read more than it would now)
            assert found.reads.keys() == afresh.reads.keys()
            for uid, traced in found.line.items():
                if uid in found.reads:
                    assert traced or found.reads[uid] >= afresh.reads[uid]
                    assert not traced or U.record(state, uid)["hex"] in found.reads[uid]
            assert found.where == afresh.where and found.depot_reads == afresh.depot_reads
            if last is None or found is last[1] or (built and found is built[-1]):
                continue
            changed = U.changed_between(state, last[0][0]) or set()
            sides = {U.info(state, uid).side for uid in changed}
            updated["enemy" if sides - {side} else "own"] += 1
            updated["lines moved"] += found.enemy_zones is not last[1].enemy_zones
            updated["depots found again"] += found.depots is not last[1].depots
            updated["sources changed"] += found.sources != last[1].sources
    return updated


@pytest.mark.parametrize("ref", SCENARIOS)
def test_9_12_9_16_a_table_updated_by_the_changes_of_either_side_equals_one_built_afresh(
    monkeypatch: pytest.MonkeyPatch, ref: str
) -> None:
    # (asked after every action, as a view does, and every fourth (several changes at
    # once): a table is updated from the one before by the units changed, its own side's
    # or the Enemy's; read back from JSON, built afresh)
    updated = _tables_updated_equal_afresh(monkeypatch, ref, 15, 300, 1)
    updated += _tables_updated_equal_afresh(monkeypatch, ref, 16, 300, 4)
    assert updated["own"] and updated["enemy"]  # (updated, not built again, both ways)
    assert updated["lines moved"]  # (and by changes that opened or closed hexes)
    assert updated["sources changed"]  # (a rail source cut or opened, a depot moved)
    units = U.static(greatwar.load(ref).new_state(1)).units.values()
    if any(ui.type == "supply_depot" for ui in units):
        assert updated["depots found again"]  # (a depot moved or its search's hexes did)


def test_7_24_9_14_9_17_what_closes_lines_read_at_one_hex_equals_the_whole_board_s() -> None:
    # _closing_at (the update's reading at a hex) against _occupation (the build's) at
    # every hex, along a random game: Enemy units but HQs alone block, Friendly units and
    # fortresses negate control, Enemy fortresses block
    checked = 0
    for n, state in _random_game("gwite/teaching", 17, 200):
        if n % 10:
            continue
        occupancy = U.occupancy(state)
        for side in U.static(state).side_ids:
            blocked, present = supply._occupation(state, side)
            for h in U.static(state).scenario.board.hexes:
                at = supply._closing_at(state, side, h, occupancy.get(h, ()))
                assert at == (h in blocked, h in present), (side, h)
                checked += at != (False, False)
    assert checked


def test_9_15_a_rail_source_cut_by_an_enemy_unit_is_updated_not_kept() -> None:
    # an Enemy unit entering a Friendly rail hex (control changes, and the hex blocks):
    # the updated table's rail sources follow, equal to a table built afresh
    state = greatwar.load("gwite/teaching").new_state(seed=1)
    stat = U.static(state)
    side, enemy = stat.side_ids[:2]
    before = supply.table(state, side)
    held = {U.record(state, u)["hex"] for u in U.on_map(state)}
    rail = sorted(before.rail - before.blocked - held)
    mover = next(u for u in U.on_map(state, enemy) if not U.info(state, u).hq)
    U.place(state, mover, rail[0])
    stat.rules.rail_hexes_entered(state, mover, [rail[0]])
    after = supply.table(state, side)
    assert after.classes is before.classes or after.rail != before.rail
    assert rail[0] not in after.rail
    assert after == supply._build_table(State.from_json(state.to_json()), side)


def test_5_33_usable_rail_is_read_from_the_record_alone_only_in_the_standard_rules() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=1)
    assert U.rules(state).usable_by_record_alone(state)
    state.data[CONTROL_TURN] = {}  # (control stamped with the turn: read each hex)
    assert not U.rules(state).usable_by_record_alone(state)
    hindenburg = greatwar.load("gwite/hindenburg-teaching").new_state(seed=1)
    assert not U.rules(hindenburg).usable_by_record_alone(hindenburg)  # (17.5 its own)


def test_a_change_the_notes_do_not_name_rebuilds_the_counters() -> None:
    state = greatwar.load("gwite/teaching").new_state(seed=1)
    visibility._shared_entries(state)
    uid = next(iter(U.static(state).units))
    U.record(state, uid)["lost"] = 1  # (no note of which unit changed: the count alone)
    state.data["rev"][U.info(state, uid).side] += 1
    entry = visibility._shared_entries(state)[U.order(state)[uid]]
    assert entry["steps_lost"] == 1


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/hindenburg-teaching"])
def test_5_33_9_15_usable_hexes_equal_each_hex_asked_in_turn(ref: str) -> None:
    # (read straight from the record in the standard rules; Hindenburg stamps the turn)
    checked = 0
    for n, state in _random_game(ref, 15, 200):
        if n % 10:
            continue
        rules = U.rules(state)
        hexes = sorted(U.static(state).scenario.board.hexes)
        for side in U.static(state).side_ids:
            asked = frozenset(h for h in hexes if rules.usable_control(state, side, h))
            assert rules.usable_hexes(state, side, hexes) == asked
            checked += len(hexes) - len(asked)
    assert checked  # (some hexes were refused: last held by the Enemy)


@pytest.mark.parametrize("ref", SCENARIOS)
def test_10_3_hqs_covering_each_unit_read_off_the_radii_equal_each_hq_asked_in_turn(
    ref: str,
) -> None:
    # (read off the radii hex by hex where the game keeps the standard rules' hooks)
    covered = 0
    for n, state in _random_game(ref, 16, 240):
        if n % 6:
            continue
        for side in U.static(state).side_ids:
            hqs = command.hqs_of(state, side)
            traced = command.radii(state, side)
            asked = command._cover_by_asking(state, side, hqs, traced)
            assert command.covering(state, side) == asked
            if command.standard_cover(state):
                assert command._cover_by_hex(state, side, hqs, traced) == asked
            covered += sum(len(found) for found in asked.values())
    assert covered  # (some units were in some HQ's radius)


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/two-maps-teaching"])
@pytest.mark.parametrize(("seed", "every"), [(17, 1), (18, 1), (19, 3), (20, 5)])
def test_5_17_5_33_units_that_may_move_equal_each_unit_asked_afresh(
    ref: str, seed: int, every: int
) -> None:
    # (a game of the standard movers: each unit's verdict memoised, and the verdicts
    # found last kept for the units not changed since (asked every ``every`` actions);
    # a rail action asked only of a unit whose record leaves it one: rail.may_ride)
    riders = kept = 0
    for n, state in _random_game(ref, seed, 400):
        frame = state.top()
        if frame is None or frame["kind"] != "movement" or n % every:
            continue
        last = state.recall(("moves on, last", frame["side"]))
        kept += (
            last is not None
            and last[1] == state.data["rev"][state.game.static.enemy[frame["side"]]]
        )
        assert movement.standard_movers(state)
        handler = state.handler(frame)
        candidates = U.on_map(state, frame["side"])
        done = set(frame["done"])
        found = handler._movable_standard(state, frame, candidates, done)
        fresh = State.from_json(state.to_json())
        top = fresh.top()
        asked = [
            uid
            for uid in candidates
            if uid not in done
            and (movement._moves_on(fresh, top, uid) or movement._can_act(fresh, top, uid))
        ]
        assert found == asked
        for uid in candidates:
            if rail.actions(fresh, top, uid):  # (the actions offered once it is selected)
                assert rail.may_ride(fresh, uid)
                riders += 1
    assert riders  # (some unit had a rail action)
    assert kept >= 10  # (the verdicts found last were there to be kept)


def test_5_13_a_unit_hemmed_in_by_enemy_units_mid_segment_is_no_longer_movable() -> None:
    """The verdicts kept for units not changed since hold only while the Enemy's units are
    as they were: Enemy units placed in every hex around a unit that could move (5.13: it
    may enter none of them, 5.17 notwithstanding) take it off the list at once."""
    for _, state in _random_game("gwite/teaching", 5, 400):
        frame = state.top()
        if frame is None or frame["kind"] != "movement" or frame["current"] is not None:
            continue
        handler = state.handler(frame)
        side = frame["side"]
        movers = [
            u
            for u in handler.movable(state, frame)
            if not rail.may_ride(state, u)
            and not any(
                U.units_in(state, h)
                for h in state.game.scenario.board.neighbours[U.record(state, u)["hex"]]
            )
        ]
        if movers:
            break
    else:
        pytest.fail("no movement segment with a unit that may move")
    uid = movers[0]
    here = U.record(state, uid)["hex"]
    around = state.game.scenario.board.neighbours[here]  # (all empty)
    enemy = state.game.static.enemy[side]
    spare = [u for u in U.static(state).units if U.info(state, u).side == enemy]
    spare = [u for u in spare if U.record(state, u)["status"] != "on_map"] + [
        u for u in spare if U.record(state, u)["status"] == "on_map"
    ]
    for h, other in zip(around, spare[: len(around)], strict=True):
        U.place(state, other, h)
    assert uid not in handler.movable(state, frame)
    fresh = State.from_json(state.to_json())
    assert handler.movable(state, frame) == handler.movable(fresh, fresh.top())


def test_5_1_a_unit_whose_points_are_spent_without_its_record_changing_is_asked_again() -> None:
    """The verdicts kept stand only while what each unit has spent and been given this
    phase is as it was: a unit that could move, its Movement Points then spent (and, in
    turn, points given to another) with no change to either record, is asked again."""
    for _, state in _random_game("gwite/teaching", 7, 400):
        frame = state.top()
        if frame is None or frame["kind"] != "movement" or frame["current"] is not None:
            continue
        handler = state.handler(frame)
        movers = [u for u in handler.movable(state, frame) if not rail.may_ride(state, u)]
        if len(movers) >= 2:
            break
    else:
        pytest.fail("no movement segment with two units that may move")
    spender, given = movers[0], movers[1]
    frame["spent"] = {**frame["spent"], spender: 99}  # 5.1 nothing left to enter a hex with
    assert spender not in handler.movable(state, frame)
    fresh = State.from_json(state.to_json())
    assert handler.movable(state, frame) == handler.movable(fresh, fresh.top())
    frame["spent"] = {**frame["spent"], given: 99}
    assert given not in handler.movable(state, frame)
    frame[movement.EXTRA_MP] = {given: 120}  # (as an extension gives: points to spend again)
    assert given in handler.movable(state, frame)
    fresh = State.from_json(state.to_json())
    assert handler.movable(state, frame) == handler.movable(fresh, fresh.top())


def _same_reach(a: movement.Reach, b: movement.Reach) -> bool:
    return (a.cost, a.prev, a.provisional, a.minimum_move) == (
        b.cost,
        b.prev,
        b.provisional,
        b.minimum_move,
    )


@pytest.mark.parametrize("ref", SCENARIOS)
def test_5_1_5_17_7_21_a_reach_kept_per_game_equals_the_search_made_afresh(ref: str) -> None:
    # (kept on all the search reads: another state of the game with the same move table,
    # start, points, blocked hexes and Enemy zones, as a computer player's trials meet;
    # each unit asked with its points and fresh or not, and with none or one point, so
    # that answers that differ in one read only meet)
    kept = 0
    for n, state in _random_game(ref, 23, 300):
        frame = state.top()
        if n % 2 or frame is None or frame["kind"] != "movement":
            continue
        for uid in U.on_map(state, frame["side"]):
            start = U.record(state, uid)["hex"]
            budget = movement.mp_left(state, frame, uid)
            fresh = uid not in frame["spent"]
            for points, first in ((budget, fresh), (budget, not fresh), (0, True), (1, False)):
                reaches = state.game.static.derived.get("reaches", {})
                before = len(reaches)
                found = movement.reachable(state, uid, start, points, first)
                kept += len(reaches) == before  # (found among those kept)
                searched = movement.reach_over(
                    state.game.static.rules.movement_table(state, uid),
                    start,
                    points,
                    first,
                    movement.planning_blocked(state, uid),
                    movement.planning_zoc(state, uid),
                )
                assert _same_reach(found, searched)
    assert kept  # (some answer was one kept, not searched again)


@pytest.mark.parametrize("read", ["blocked", "zoc", "table"])
def test_5_1_7_21_a_reach_kept_is_searched_again_when_any_read_changes(
    read: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (each read of the search changed alone, the state and the rest as they were)
    state = greatwar.load("gwite/teaching").new_state(seed=1)
    side = state.game.scenario.sides[0].id
    uid = next(u for u in U.on_map(state, side) if not U.info(state, u).hq)
    start = U.record(state, uid)["hex"]
    before = movement.reachable(state, uid, start, 6, True)
    near = frozenset(state.game.scenario.board.neighbours[start])
    if read == "blocked":
        monkeypatch.setattr(movement, "planning_blocked", lambda st, u: near)
    elif read == "zoc":
        monkeypatch.setattr(movement, "planning_zoc", lambda st, u: near)
    else:
        costs = state.game.static.rules.movement_table(state, uid)
        dearer = dataclasses.replace(
            costs, enter={a: {b: c + 2 for b, c in row.items()} for a, row in costs.enter.items()}
        )
        monkeypatch.setattr(
            type(state.game.static.rules), "movement_table", lambda s, st, u: dearer
        )
    after = movement.reachable(state, uid, start, 6, True)
    searched = movement.reach_over(
        state.game.static.rules.movement_table(state, uid),
        start,
        6,
        True,
        movement.planning_blocked(state, uid),
        movement.planning_zoc(state, uid),
    )
    assert _same_reach(after, searched)
    assert not _same_reach(after, before)


def test_5_31_rail_capacity_in_use_updated_from_the_last_equals_every_unit_read_afresh() -> None:
    # 5.31, 5.38: the units counted against Rail Capacity, kept per side and updated by
    # the units changed, are those a reading of every unit finds (and their sums)
    counted = 0
    for ref in SCENARIOS:
        for n, state in _random_game(ref, 15, 300):
            if n % 2:
                continue
            fresh = State.from_json(state.to_json())
            records = fresh.data["units"]
            for side in U.static(state).side_ids:
                every = tuple(
                    uid
                    for uid, ui in U.static(fresh).units.items()
                    if ui.side == side and rail._uses_rail(fresh, uid, records[uid])
                )
                assert rail._rail_users(state, side) == every
                assert rail.usage(state, side) == rail._usage(fresh, side)
                counted += bool(every)
    assert counted > 0  # (units did entrain and move by rail)


def test_9_16_a_depot_surrounded_by_enemy_units_is_out_of_supply_in_the_updated_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the depot itself does not change: the Enemy units placed around it do, and the
    # update finds the depots again and reads each depot's line off them
    state = greatwar.load("gwite/teaching").new_state(seed=1)
    stat = U.static(state)
    depots = [
        (uid, U.record(state, uid)["hex"])
        for uid in U.on_map(state)
        if U.info(state, uid).type == "supply_depot"
    ]
    links = supply.network(state).links
    uid, here = next((d, h) for d, h in depots if not any(U.units_in(state, n) for n in links[h]))
    side = U.info(state, uid).side
    assert supply.table(state, side).line[uid]
    built: list[str] = []
    build = supply._build_table
    monkeypatch.setattr(supply, "_build_table", lambda st, s: built.append(s) or build(st, s))
    enemies = [u for u in U.on_map(state, stat.enemy[side]) if not U.info(state, u).hq]
    for enemy, n in zip(enemies, links[here], strict=False):
        U.place(state, enemy, n)  # 9.16 no path free of Enemy units and zones
    found = supply.table(state, side)
    assert not built  # (updated, not built afresh)
    assert not found.line[uid] and uid not in found.depots
    assert found == build(State.from_json(state.to_json()), side)


@pytest.mark.parametrize("ref", ["gwite/teaching", "gwite/hindenburg-teaching"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=hs.data())
def test_9_12_9_17_7_24_tables_updated_by_any_changes_equal_tables_built_afresh(
    ref: str, data: hs.DataObject
) -> None:
    # units of both sides put anywhere, taken off the map, rail hexes entered (their last
    # occupier changed, 5.33), several at once between two questions: each side's table,
    # updated from the one before, equals a table built afresh (whatever the rules' moves
    # would allow: the update reads what changed, not how)
    state = greatwar.load(ref).new_state(seed=data.draw(hs.integers(0, 3)))
    stat = U.static(state)
    hexes = sorted(stat.scenario.board.hexes)
    units = sorted(stat.units)
    rail = sorted(stat.rail_hexes)
    for side in stat.side_ids:
        supply.table(state, side)
    for _ in range(data.draw(hs.integers(1, 6))):
        for _ in range(data.draw(hs.integers(1, 4))):
            uid = data.draw(hs.sampled_from(units))
            what = data.draw(hs.sampled_from(["place", "place", "eliminate", "rail"]))
            if what == "eliminate":
                if U.record(state, uid)["status"] == "on_map":
                    U.eliminate(state, uid)
            elif what == "rail":  # (a unit entering a rail hex: the rules note it, 5.33)
                h = data.draw(hs.sampled_from(rail))
                U.place(state, uid, h)
                stat.rules.rail_hexes_entered(state, uid, [h])
            else:
                U.place(state, uid, data.draw(hs.sampled_from(hexes)))
        fresh = State.from_json(state.to_json())
        for side in stat.side_ids:
            assert supply.table(state, side) == supply._build_table(fresh, side)
