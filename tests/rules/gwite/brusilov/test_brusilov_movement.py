"""The Brusilov Offensive, 16.0 stacking, 18.1 first-turn Russian movement, 23.52 reduced
Austro-Hungarian units moving.

FICTIONAL positions on the teaching map.  Austro-Hungarian units are rated TCR 4: clear
and city hexes cost 1, forest, broken and rough 2, swamp and mountain 3 (5.4).  In
Austria (rows 10-12): 0410 0510 0610 0710 0810 0411 0511 0711 clear, 0910 forest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.ai.heuristic_gwite import move_risk
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.stacking import overstacked
from tests.rules.gwite.brusilov.brusilov_kit import (
    SPARE,
    hex_of,
    logged,
    moves,
    of_type,
    rolls,
    select,
    status,
)

Refuse = Callable[[State, str, dict[str, Any]], IllegalAction]


# --- 16.0 stacking -----


def test_16_0_no_more_than_eight_stacking_points_end_a_phase_in_a_hex(
    brusilov_position: Any,
) -> None:
    units = {"G-I": "0506", "G-XVII": "0505", "G-35R": "0406", **SPARE}
    st = brusilov_position(units, phasing="central", turn=2)
    assert U.rules(st).stacking_limit(st, "0506") == 8
    select(st, "central", "G-XVII")
    st.apply("central", moves(st, "central")["0506"])  # 8 stacking points: within the limit
    select(st, "central", "G-35R")
    st.apply("central", moves(st, "central")["0506"])  # 10 during the phase (5.22)
    st.apply("central", {"type": "end_segment"})
    assert overstacked(st) == ["0506"]
    actions = st.legal_actions("central")
    assert {a["unit"] for a in of_type(actions, "eliminate")} == {"G-I", "G-XVII", "G-35R"}
    st.apply("central", {"type": "eliminate", "unit": "G-35R", "hex": "0506"})
    assert status(st, "G-35R") == "eliminated"
    assert any("over the limit of 8" in t for t in logged(st, "6.14"))


def test_16_0_eight_stacking_points_may_end_the_phase(brusilov_position: Any) -> None:
    units = {"G-I": "0506", "G-XVII": "0505", **SPARE}
    st = brusilov_position(units, phasing="central", turn=2)
    select(st, "central", "G-XVII")
    st.apply("central", moves(st, "central")["0506"])
    st.apply("central", {"type": "end_segment"})
    assert overstacked(st) == []


# --- 18.1 first-turn Russian movement -----

RUSSIANS = {"R-HQ-XIX": "1404", "R-1G": "1607", "R-3S": "1203", **SPARE}


def selectable(st: State, role: str) -> set[str]:
    return {a["unit"] for a in of_type(st.legal_actions(role), "select")}


def test_18_1_only_russian_hq_units_move_on_game_turn_one(
    brusilov_position: Any, refuse: Refuse
) -> None:
    st = brusilov_position(RUSSIANS, turn=1)
    assert selectable(st, "allied") == {"R-HQ-XIX"}  # the computer is offered no other
    err = refuse(st, "allied", {"type": "select", "unit": "R-3S"})
    assert err.case == "brusilov 18.1"
    assert "only Russian HQ units may move" in err.reason
    # by rail neither: R-1G stands on the Imperial Line
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert err.case == "brusilov 18.1"
    select(st, "allied", "R-HQ-XIX")
    st.apply("allied", moves(st, "allied")["1405"])
    assert hex_of(st, "R-HQ-XIX") == "1405"


def test_18_1_the_central_powers_move_freely_on_game_turn_one(brusilov_position: Any) -> None:
    st = brusilov_position({"G-35R": "0406", "G-1K": "0902", **SPARE}, phasing="central", turn=1)
    assert {"G-35R", "G-1K"} <= selectable(st, "central")


def test_18_1_every_russian_unit_moves_from_game_turn_two(brusilov_position: Any) -> None:
    st = brusilov_position(RUSSIANS, turn=2)
    assert {"R-HQ-XIX", "R-1G", "R-3S"} <= selectable(st, "allied")


def test_18_1_attack_on_schedule_the_restriction_falls_on_game_turn_five(
    brusilov_position: Any, refuse: Refuse
) -> None:
    st = brusilov_position(RUSSIANS, turn=5, special={"surprise_turn": 5})
    assert selectable(st, "allied") == {"R-HQ-XIX"}
    assert refuse(st, "allied", {"type": "select", "unit": "R-1G"}).case == "brusilov 18.1"
    st = brusilov_position(RUSSIANS, turn=6, special={"surprise_turn": 5})
    assert {"R-1G", "R-3S"} <= selectable(st, "allied")


# --- 23.52 reduced Austro-Hungarian units -----

REDUCED_AT = {"hex": "0410", "steps_lost": 1}


def reduced_at(brusilov_position: Any, hex_label: str = "0410", **kw: Any) -> State:
    units = {"AH-13": {"hex": hex_label, "steps_lost": 1}, **SPARE}
    return brusilov_position(units, phasing="central", **kw)  # type: ignore[no-any-return]


def move(st: State, to: str) -> dict[str, Any]:
    if st.top()["current"] != "AH-13":
        select(st, "central", "AH-13")
    action = moves(st, "central")[to]
    st.apply("central", action)
    return action


def test_23_52_a_reduced_unit_may_always_move_one_hex_safely(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice()  # no die may be rolled
    st = reduced_at(brusilov_position, "0810")
    action = move(st, "0910")  # forest: one hex of 2 MP
    assert action["cost"] == 2 and action["path"] == ["0910"]
    assert hex_of(st, "AH-13") == "0910"
    assert rolls(st, "brusilov 23.52") == []


def test_23_52_a_reduced_unit_moves_one_hex_of_three_movement_points_safely(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice()
    st = reduced_at(brusilov_position, "0614")  # mountain to mountain: 3 MP
    action = move(st, "0514")
    assert action["cost"] == 3
    assert hex_of(st, "AH-13") == "0514"


def test_23_52_in_clear_terrain_two_hexes_safely(brusilov_position: Any, fixed_dice: Any) -> None:
    fixed_dice()
    st = reduced_at(brusilov_position)
    action = move(st, "0610")
    assert action["cost"] == 2 and len(action["path"]) == 2
    assert hex_of(st, "AH-13") == "0610"


def test_23_52_a_third_clear_hex_rolls_and_a_three_survives_on_the_surprise_turn(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(3)
    st = reduced_at(brusilov_position)
    action = move(st, "0710")
    assert len(action["path"]) == 3
    assert hex_of(st, "AH-13") == "0710"
    assert rolls(st, "brusilov 23.52") == [3]
    assert any("safely" in t for t in logged(st, "brusilov 23.52"))


def test_23_52_on_the_surprise_turn_a_two_eliminates_the_unit(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = reduced_at(brusilov_position)
    vp = st.data["vp"]
    move(st, "0710")
    assert status(st, "AH-13") == "eliminated"
    assert st.data["vp"] == vp + 2  # 23.52: counts toward the Russian Victory Point Total
    assert any("is eliminated" in t for t in logged(st, "brusilov 23.52"))
    assert not of_type(st.legal_actions("central"), "move")


def test_23_52_after_the_surprise_turn_only_a_one_eliminates(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2, 1)
    st = reduced_at(brusilov_position, turn=2)
    move(st, "0810")  # four clear hexes: the third and the fourth roll
    assert rolls(st, "brusilov 23.52") == [2, 1]
    assert status(st, "AH-13") == "eliminated"


def test_23_52_attack_on_schedule_one_or_two_eliminates_on_game_turn_five(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = reduced_at(brusilov_position, turn=5, special={"surprise_turn": 5})
    move(st, "0710")
    assert status(st, "AH-13") == "eliminated"
    fixed_dice(2)
    st = reduced_at(brusilov_position, turn=6, special={"surprise_turn": 5})
    move(st, "0710")
    assert hex_of(st, "AH-13") == "0710"


def test_23_52_two_hexes_costing_more_than_two_movement_points_roll_for_the_second(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(4)
    st = reduced_at(brusilov_position, "0710")
    action = move(st, "0910")  # clear then forest: 3 MP
    assert len(action["path"]) == 2 and action["cost"] == 3
    assert rolls(st, "brusilov 23.52") == [4]
    assert "2 hexes, 3 MP" in next(
        e["text"] for e in st.data["log"] if e.get("case") == "brusilov 23.52" and "roll" in e
    )


def test_23_52_the_limit_counts_every_move_of_the_phase(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(5)
    st = reduced_at(brusilov_position)
    move(st, "0510")
    move(st, "0610")  # the second hex, 2 MP: safe
    assert rolls(st, "brusilov 23.52") == []
    move(st, "0710")  # the third
    assert rolls(st, "brusilov 23.52") == [5]


def test_23_52_full_strength_austro_hungarian_units_never_roll(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice()
    st = brusilov_position({"AH-13": "0410", **SPARE}, phasing="central")
    move(st, "0810")
    assert hex_of(st, "AH-13") == "0810"


def test_23_52_reduced_german_units_never_roll(brusilov_position: Any, fixed_dice: Any) -> None:
    fixed_dice()
    st = brusilov_position({"G-35R": {"hex": "0406", "steps_lost": 1}, **SPARE}, phasing="central")
    select(st, "central", "G-35R")
    st.apply("central", moves(st, "central")["0806"])
    assert hex_of(st, "G-35R") == "0806"


def test_23_52_the_computer_players_weigh_the_rolls_a_move_would_bring(
    brusilov_position: Any,
) -> None:
    # the chance of elimination the rules tell the agents for each offered move: none
    # within the safe limit, one roll (1-2 on the surprise turn, 1 later) per hex beyond
    for turn, third_hex in ((1, 2 / 6), (2, 1 / 6)):
        st = reduced_at(brusilov_position, turn=turn)
        select(st, "central", "AH-13")
        offered = moves(st, "central")
        risk = U.rules(st).move_risk
        assert risk(st, st.top(), "AH-13", offered["0610"]["path"]) == 0.0  # two clear hexes
        assert abs(risk(st, st.top(), "AH-13", offered["0710"]["path"]) - third_hex) < 1e-9
        assert move_risk(st, "AH-13", offered["0710"]) > 0  # the heuristic agent asks it
