"""Position evaluation: terminal values, symmetry between the sides, and the features."""

from __future__ import annotations

import pytest

import greatwar
from greatwar.ai.evaluate import CAP, evaluate, features, side_of
from greatwar.engine.state import State
from greatwar.rules.gwite import units as GU
from greatwar.rules.tannenberg import units as TU

SCENARIOS = ("gwite/teaching", "tannenberg/teaching")


def _start(scenario: str, **options: object) -> State:
    return greatwar.load(scenario, options=options).new_state(seed=11)


def _finished(state: State, winner: str | None) -> State:
    done = state.clone()
    done.data["over"] = True
    done.data["result"] = {"winner": winner, "vp": 0, "level": "test"}
    return done


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_finished_game_is_worth_one_to_the_winner_and_minus_one_to_the_loser(
    scenario: str,
) -> None:
    state = _start(scenario)
    first, second = state.game.roles()[:2]
    won = _finished(state, first)
    assert evaluate(won, first) == 1.0
    assert evaluate(won, second) == -1.0
    assert evaluate(_finished(state, None), first) == 0.0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_two_sides_see_opposite_values_within_the_cap(scenario: str) -> None:
    state = _start(scenario)
    first, second = state.game.roles()[:2]
    value = evaluate(state, first)
    assert -CAP <= value <= CAP
    assert evaluate(state, second) == pytest.approx(-value)


def test_enemy_losses_raise_the_value_and_own_losses_lower_it_in_gwite() -> None:
    state = _start("gwite/teaching")
    before = evaluate(state, "allied")
    hurt = state.clone()
    GU.lose_steps(hurt, "G-I", 2, "test")
    assert features(hurt, "allied").material > features(state, "allied").material
    assert evaluate(hurt, "allied") > before
    assert evaluate(hurt, "central") < -before


def test_victory_points_count_for_the_side_that_holds_the_city() -> None:
    state = _start("gwite/teaching")
    taken = state.clone()
    taken.data["control"]["0707"] = "allied"  # Lindenau, 2 points, changes hands
    assert features(taken, "allied").vp > features(state, "allied").vp
    assert evaluate(taken, "central") < evaluate(state, "central")


def test_tannenberg_endurance_lost_is_material_lost() -> None:
    state = _start("tannenberg/teaching")
    worn = state.clone()
    russian = next(
        uid for uid in TU.on_map(worn, "russian") if TU.info(worn, uid).type == "infantry"
    )
    TU.lose_endurance(worn, russian, 6, "test")
    assert features(worn, "german").material > features(state, "german").material


def test_three_player_seats_evaluate_as_their_side() -> None:
    state = _start("tannenberg/teaching", three_players=True)
    seats = [r for r in state.game.roles() if r != "german"]
    assert len(seats) == 2
    assert {side_of(state, r) for r in seats} == {"russian"}
    assert evaluate(state, seats[0]) == pytest.approx(-evaluate(state, "german"))


def test_tannenberg_19_2_an_enemy_near_a_region_of_automatic_victory_lowers_the_value() -> None:
    # 19.2.2 (teaching scenario): one German infantry unit on the Kowal railway wins
    state = _start("tannenberg/teaching")
    far, near, closer = state.clone(), state.clone(), state.clone()
    # the Russians hold Kowal (A20 B13) and A22 B12: A21 B12 is the railway hex left open
    TU.place(near, "G-3-2-I", "A18 B15")  # three hexes from it (four at the start)
    TU.place(closer, "G-3-2-I", "A20 B12")  # next to it
    values = [features(s, "russian").automatic for s in (far, near, closer)]
    assert values[0] > values[1] > values[2]
    assert features(closer, "german").automatic == pytest.approx(-values[2])


def test_tannenberg_19_2_a_garrison_in_every_hex_of_the_region_takes_the_threat_away() -> None:
    state = _start("tannenberg/teaching")
    TU.place(state, "G-3-2-I", "A20 B12")
    open_railway = features(state, "russian").automatic
    TU.place(state, "R-1-25-III", "A21 B12")  # the last open hex of the Kowal railway
    assert features(state, "russian").automatic > open_railway


def test_tannenberg_19_2_the_reach_says_how_far_off_an_enemy_counts_for_his_region() -> None:
    # 19.2.1 (teaching scenario): three Russian units west of the Vistula win; 1/6/XV
    # starts eight hexes from its nearest hex
    state = _start("tannenberg/teaching")
    nearer = state.clone()
    TU.place(nearer, "R-1-6-XV", "A11 B9")  # seven hexes off
    for reach in (4, 6):
        unmoved = features(state, "german", reach=reach).automatic
        assert features(nearer, "german", reach=reach).automatic == pytest.approx(unmoved)
    assert (
        features(nearer, "german", reach=9).automatic < features(state, "german", reach=9).automatic
    )
    assert evaluate(nearer, "german", reach=9) < evaluate(state, "german", reach=9)


def test_gwite_has_no_automatic_victory_to_weigh() -> None:
    assert features(_start("gwite/teaching"), "allied").automatic == 0.0


def test_tannenberg_19_2_1_measured_along_the_ways_a_unit_barring_the_way_counts() -> None:
    # 19.2.1 (teaching scenario): three Russian units west of the Vistula win.  1/6/XV two
    # hexes from the region's nearest hex: as the crow flies the Germans standing in its
    # way change nothing; along the ways (not through their units, their zones costing
    # two more steps, 8.2.1) they keep it farther, and the value says so
    from greatwar.ai.evaluate import ZONE_STEPS, ways_to

    state = _start("tannenberg/teaching")
    TU.place(state, "R-1-6-XV", "A6 B14")
    barred = state.clone()
    TU.place(barred, "G-33L", "A5 B15")
    TU.place(barred, "G-6L", "A5 B14")
    region = sorted(state.game.scenario.board.regions["west_of_vistula"])
    assert ways_to(state, "russian", region, 10)["A6 B14"] == 2
    assert ways_to(barred, "russian", region, 10)["A6 B14"] == 3 + ZONE_STEPS
    crow = [features(s, "german", reach=9).automatic for s in (state, barred)]
    assert crow[0] == pytest.approx(crow[1])
    ways = [features(s, "german", reach=9, ways=True).automatic for s in (state, barred)]
    assert ways[1] > ways[0]
    assert evaluate(barred, "german", reach=9, ways=True) > evaluate(
        state, "german", reach=9, ways=True
    )


def test_ways_go_round_enemy_units_and_pay_for_their_zones() -> None:
    # a rough measure on the teaching map: from a hex next to the goal, one step; with an
    # enemy unit next to both, the goal is in his zone (entering it, two steps more)
    from greatwar.ai.evaluate import ZONE_STEPS, ways_to

    state = _start("tannenberg/teaching")
    board = state.game.scenario.board
    goal = "A4 B16"
    start = "A5 B15"
    assert ways_to(state, "russian", [goal], 5)[start] == 1
    blocker = next(n for n in board.neighbours[goal] if n != start and n in board.neighbours[start])
    TU.place(state, "G-33L", blocker)
    found = ways_to(state, "russian", [goal], 5)
    assert found[start] == 1 + ZONE_STEPS  # the goal is in his zone now: entering costs more
    assert blocker not in found  # a hex he holds is never on a way
    TU.place(state, "G-6L", goal)
    assert goal not in ways_to(state, "russian", [goal], 5)  # a goal he holds is not one
