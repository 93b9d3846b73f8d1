"""2.3.8-2.3.9 Rest and reorganisation (rest.py, 3.1 phase 7).

Positions on the FICTIONAL teaching map, at the rest phase of stage 3 (its frame is
run by ``run_top``).  The German brigade G-1-1-I stands in A8 B19, next to the
Suedbahn (A8 B18: supplied, 15.2.5), five hexes from the 8th Army HQ in Kreuzau (A7
B21: commanded, 13.2.6).  The Russian brigade R-1-25-III stands in A23 B13, two hexes
from the base A24 B11 (by A23 B12), with the 1st Army HQ in A23 B12.  No enemy unit is
within 3 hexes of either unless a test puts one there.
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import rest
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import CLASH_NOTE
from greatwar.rules.tannenberg.tables import constant
from tests.rules.tannenberg.conftest import run_top

GERMANS = {"G-HQ-8A": "A7 B21", "G-1-1-I": "A8 B19"}
RUSSIANS = {"R-HQ-1A": "A23 B12", "R-1-25-III": "A23 B13"}
STAGE = 3


def _state(at_phase: Any, extra: dict[str, str] | None = None, **records: dict[str, Any]) -> Any:
    st = at_phase({**GERMANS, **RUSSIANS, **(extra or {})}, phase="rest", stage=STAGE)
    for uid, fields in records.items():
        st.data["units"][uid.replace("_", "-")].update(fields)
    return st


def _level_lost(st: Any, uid: str) -> tuple[int, int]:
    return U.record(st, uid)["level"], U.record(st, uid)["lost"]


# --- 2.3.8 rest ---------------------------------------------------------------------


def test_2_3_8_a_unit_at_rest_recovers_one_point(at_phase: Any) -> None:
    st = _state(at_phase, G_1_1_I={"lost": 2})
    run_top(st)
    assert constant("rest_endurance_recovered") == 1
    assert _level_lost(st, "G-1-1-I") == (0, 1)
    assert any(e.get("case") == "tannenberg 2.3.8" for e in st.data["log"])


def test_2_3_8_no_rest_after_moving(at_phase: Any) -> None:
    st = _state(at_phase, G_1_1_I={"lost": 2, "moved_stage": STAGE})
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 2)


def test_2_3_8_no_rest_after_building_trenches(at_phase: Any) -> None:
    st = _state(at_phase, G_1_1_I={"lost": 2, "trench_stage": STAGE})
    assert rest.rest_refusal(st, "G-1-1-I") == "1/1/I built trenches this stage"
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 2)


def test_2_3_8_no_rest_after_fighting(at_phase: Any) -> None:
    # the clash phase of stage 2 is the last one before this rest phase
    st = _state(at_phase, G_1_1_I={"lost": 2, CLASH_NOTE: STAGE - 1})
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 2)
    # a clash two stages ago no longer counts
    st = _state(at_phase, G_1_1_I={"lost": 2, CLASH_NOTE: STAGE - 2})
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 1)


def test_2_3_8_no_rest_in_an_enemy_zone(at_phase: Any) -> None:
    # a Russian brigade in A9 B19 controls A8 B19 (8.1.1)
    st = _state(at_phase, {"R-2-25-III": "A9 B19"}, G_1_1_I={"lost": 2})
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 2)


def test_2_3_8_rest_needs_no_command_or_supply(at_phase: Any) -> None:
    # 13.4.2: lack of command does not stop rest; a lone brigade far from its HQs and
    # three hexes from the network (A12 B17) rests all the same
    st = at_phase({"G-2-1-I": "A12 B17"}, phase="rest", stage=STAGE)
    st.data["units"]["G-2-1-I"]["lost"] = 1
    run_top(st)
    assert _level_lost(st, "G-2-1-I") == (0, 0)


# --- 2.3.9 reorganisation ---------------------------------------------------------------


def test_2_3_9_germans_regain_a_level_on_1_to_3(at_phase: Any, fixed_dice: Any) -> None:
    fixed_dice(3)
    st = _state(at_phase, G_1_1_I={"level": 1, "lost": 0})
    run_top(st)
    assert constant("regain_level_success_germany") == [1, 2, 3]
    assert _level_lost(st, "G-1-1-I") == (0, 4)  # front up, endurance counter 4


def test_2_3_9_russians_regain_a_level_on_1_or_2(at_phase: Any, fixed_dice: Any) -> None:
    fixed_dice(3)
    st = _state(at_phase, R_1_25_III={"level": 1, "lost": 0})
    run_top(st)
    assert _level_lost(st, "R-1-25-III") == (1, 0)  # a 3 fails for the Russians
    fixed_dice(2)
    st = _state(at_phase, R_1_25_III={"level": 1, "lost": 0})
    run_top(st)
    assert _level_lost(st, "R-1-25-III") == (0, 4)


def test_2_3_9_rest_then_the_roll_in_one_phase(at_phase: Any, fixed_dice: Any) -> None:
    # one point lost on the back: rest removes the counter, then the unit may roll
    fixed_dice(1)
    st = _state(at_phase, G_1_1_I={"level": 1, "lost": 1})
    run_top(st)
    assert _level_lost(st, "G-1-1-I") == (0, 4)


def test_2_3_9_no_roll_with_endurance_lost_on_the_level(at_phase: Any) -> None:
    st = _state(at_phase, G_1_1_I={"level": 1, "lost": 2})
    run_top(st)  # rests to 1, still a counter beneath it: no roll (no die is used)
    assert _level_lost(st, "G-1-1-I") == (1, 1)


def test_2_3_9_no_roll_near_the_enemy(at_phase: Any) -> None:
    # a Russian brigade two hexes away (A10 B19: dA 2, dB 0)
    st = _state(at_phase, {"R-2-25-III": "A10 B19"}, G_1_1_I={"level": 1})
    assert constant("regain_level_min_enemy_distance") == 3
    assert "less than 3 hexes" in (rest.regain_refusal(st, "G-1-1-I") or "")
    # three hexes away (A11 B19) is far enough
    st = _state(at_phase, {"R-2-25-III": "A11 B19"}, G_1_1_I={"level": 1})
    assert rest.regain_refusal(st, "G-1-1-I") is None


def test_2_3_9_no_roll_without_supply(at_phase: Any) -> None:
    # A12 B17 is three hexes from the network; the 8th Army HQ in A10 B19 commands it
    st = at_phase({"G-HQ-8A": "A10 B19", "G-2-1-I": "A12 B17"}, phase="rest", stage=STAGE)
    st.data["units"]["G-2-1-I"]["level"] = 1
    assert "no supply" in (rest.regain_refusal(st, "G-2-1-I") or "")


def test_2_3_9_no_roll_without_command(at_phase: Any) -> None:
    # no HQ on the map: the brigade is not commanded (13.4.1)
    st = at_phase({"G-1-1-I": "A8 B19"}, phase="rest", stage=STAGE)
    st.data["units"]["G-1-1-I"]["level"] = 1
    assert "not commanded" in (rest.regain_refusal(st, "G-1-1-I") or "")


def test_2_3_9_no_roll_after_moving_or_a_clash(at_phase: Any) -> None:
    st = _state(at_phase, G_1_1_I={"level": 1, "moved_stage": STAGE})
    assert "moved" in (rest.regain_refusal(st, "G-1-1-I") or "")
    st = _state(at_phase, G_1_1_I={"level": 1, CLASH_NOTE: STAGE - 1})
    assert "clash" in (rest.regain_refusal(st, "G-1-1-I") or "")


def test_2_3_9_hqs_and_trains_have_no_level_to_regain(at_phase: Any) -> None:
    st = _state(at_phase, {"R-Train-1": "A23 B14"})
    assert rest.regain_refusal(st, "G-HQ-8A") is not None
    assert rest.rest_refusal(st, "R-Train-1") is not None
