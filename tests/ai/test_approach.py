"""The stages a side's units need to reach a region of automatic victory (Tannenberg 19.2),
their ways priced as they would move: greatwar.ai.approach, read by the evaluation."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import greatwar
from greatwar.ai import approach
from greatwar.ai.evaluate import features
from greatwar.engine.state import State
from greatwar.rules.tannenberg import railways
from greatwar.rules.tannenberg import units as TU

RUSSIAN = "R-1-25-III"  # infantry, 4 movement points: a stage is 8 half points
WEST = "west_of_vistula"


@cache
def _opening() -> State:
    return greatwar.load("tannenberg/teaching").new_state(seed=11)


def _start() -> State:
    return _opening().clone()


def _stages(state: State, uid: str = RUSSIAN) -> list[float]:
    region = state.game.scenario.board.regions[WEST]
    return approach.nearest_stages(state, "russian", region, [uid], 1)


def test_tannenberg_4_3_1_a_unit_in_the_region_needs_no_stage() -> None:
    state = _start()
    TU.place(state, RUSSIAN, "A4 B16")
    assert _stages(state) == [0.0]


def test_tannenberg_4_3_6_over_the_bridge_a_step_is_its_terrains_cost() -> None:
    state = _start()
    TU.place(state, RUSSIAN, "A5 B15")  # the road bridge to A4 B16, clear: 1 point of 4
    assert _stages(state) == [0.25]


def test_tannenberg_4_3_7_off_the_bridges_the_vistula_takes_a_whole_allowance() -> None:
    state = _start()
    # A5 B13 is across the Vistula from A4 B13 and A4 B14 with no bridge: crossing there
    # takes the whole allowance; two clear hexes to the bridge and over it take 3 of 4
    TU.place(state, RUSSIAN, "A5 B13")
    assert _stages(state) == [0.75]
    # 6.0 with the bridge destroyed the crossing is the way (the key covers the bridges)
    railways.to_change(state)["bridges_destroyed"].append(railways.side_key("A4 B16", "A5 B15"))
    assert _stages(state) == [approach.CROSSING_POINTS / 8]


def test_tannenberg_4_2_1_a_hex_the_enemy_holds_is_no_way_through() -> None:
    state = _start()
    TU.place(state, RUSSIAN, "A5 B15")
    TU.place(state, "G-33L", "A4 B16")  # on the bridge's far end
    # the bridge leads into the German: one clear hex north (A5 B14) and across the
    # Vistula off the bridges into A4 B14 (the whole allowance, 4.3.7), out of his zone;
    # the Russian stands in the German's zone (8.2.5): a stage more to set out
    expected = (2 + approach.CROSSING_POINTS) / 8 + approach.ZONE_STAGES
    assert _stages(state) == [expected]


def test_tannenberg_8_2_1_an_enemy_zone_across_the_way_costs_a_stage() -> None:
    state = _start()
    TU.place(state, RUSSIAN, "A7 B14")  # two clear hexes from the bridge
    clear = _stages(state)
    TU.place(state, "G-33L", "A5 B16")  # his zone: A5 B15 and A4 B16, the bridge's ends
    around = _stages(state)
    assert clear == [0.75]  # (A6 B14, A5 B15, over the bridge into A4 B16)
    # through the zone: 2 + (2 + 10) + (2 + 10) half points, beyond three stages; round it,
    # two clear hexes to A5 B14 and across off the bridges (4.3.7)
    assert around == [(2 + 2 + approach.CROSSING_POINTS) / 8]


def test_tannenberg_8_2_5_a_unit_pinned_in_an_enemy_zone_needs_a_stage_more() -> None:
    state = _start()
    TU.place(state, RUSSIAN, "A6 B14")
    free = _stages(state)
    TU.place(state, "G-33L", "A7 B13")  # next to A6 B14, not next to A5 B15
    assert _stages(state) == [free[0] + approach.ZONE_STAGES]


def test_tannenberg_19_2_units_beyond_the_horizon_are_no_threat() -> None:
    state = _start()
    # at the start the Russian stands at A21 B16, far beyond three stages of the Vistula
    assert _stages(state) == []


def test_tannenberg_19_2_a_german_zone_across_the_way_lowers_the_russians_nearness() -> None:
    state = _start()
    russians = [u for u in TU.on_map(state, "russian") if TU.info(state, u).type == "infantry"]
    for uid, where in zip(russians[:3], ("A7 B14", "A7 B14", "A7 B15"), strict=True):
        TU.place(state, uid, where)
    open_way = features(state, "german").automatic
    TU.place(state, "G-33L", "A5 B16")
    assert features(state, "german").automatic > open_way


@cache
def _hexes() -> list[str]:
    board = _opening().game.scenario.board
    return sorted(h for h in board.hexes if board.neighbours[h])


@settings(max_examples=40, deadline=None)
@given(
    places=st.lists(st.sampled_from(range(10_000)), min_size=2, max_size=6),
    count=st.integers(min_value=1, max_value=6),
)
def test_tannenberg_19_2_the_nearest_units_are_found_as_each_alone_would_be(
    places: list[int], count: int
) -> None:
    """The search stops once no unit still to be reached could need fewer stages: its
    ``count`` nearest are those of every unit searched for alone."""
    state = _start()
    hexes = _hexes()
    russians = [u for u in TU.on_map(state, "russian") if TU.info(state, u).type == "infantry"]
    units = russians[: len(places)]
    held = {TU.record(state, u)["hex"] for u in TU.on_map(state, "german")}
    for uid, n in zip(units, places, strict=True):
        free = [h for h in hexes if h not in held]
        TU.place(state, uid, free[n % len(free)])
    region = state.game.scenario.board.regions[WEST]
    together = approach.nearest_stages(state, "russian", region, units, count)
    alone = sorted(
        s for u in units for s in approach.nearest_stages(state, "russian", region, [u], 1)
    )
    assert together == alone[:count]


@pytest.mark.parametrize("side", ["russian", "german"])
def test_tannenberg_19_2_the_search_is_kept_per_position(side: str) -> None:
    state = _start()
    region = state.game.scenario.board.regions[WEST]
    units = [u for u in TU.on_map(state, side) if TU.info(state, u).type == "infantry"][:1]
    before = approach.nearest_stages(state, side, region, units, 1)
    TU.place(state, units[0], "A4 B16")
    assert before != [0.0]
    assert approach.nearest_stages(state, side, region, units, 1) == [0.0]
