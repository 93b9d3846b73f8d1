"""2.3 Combat-efficiency levels and endurance (units.py: ``lose_endurance``,
``recover_endurance``, ``regain_level``).

Positions on the FICTIONAL teaching map; the unit is the German brigade
G-1-1-I (two levels, 2.3.1) and the one-level Landwehr detachment G-33L.
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant

BRIGADE = "G-1-1-I"  # two combat-efficiency levels
HQ = "G-HQ-I"
TRAIN = "R-Train-1"


def _state(at_phase: Any, **units: str) -> Any:
    return at_phase(units or {BRIGADE: "A7 B18"})


def test_2_3_1_units_have_one_or_two_levels(at_phase: Any) -> None:
    st = _state(at_phase)
    assert U.info(st, BRIGADE).level_count == 2
    one_level = [ui for ui in U.static(st).units.values() if ui.level_count == 1]
    assert any(ui.type == "infantry" for ui in one_level)  # a detachment (2.3.1)


def test_2_3_2_hqs_and_supply_trains_have_no_levels(at_phase: Any) -> None:
    st = _state(at_phase)
    assert U.info(st, HQ).level_count == 0
    assert U.info(st, TRAIN).level_count == 0


def test_2_3_3_four_endurance_points_a_level(at_phase: Any) -> None:
    assert constant("endurance_per_level") == 4
    st = _state(at_phase)
    # four points fill the front level without flipping it; the fifth flips it (2.3.5)
    U.lose_endurance(st, BRIGADE, 4, "tannenberg 9.4.1")
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (0, 4)


def test_2_3_4_example_endurance_counters_add_up(at_phase: Any) -> None:
    # 2.3.4's example: full endurance, a clash costs 1 (counter 1); later 2 more (counter 3)
    st = _state(at_phase)
    assert U.record(st, BRIGADE)["lost"] == 0  # no counter at the start
    U.lose_endurance(st, BRIGADE, 1, "tannenberg 9.4.1", "a clash")
    assert U.record(st, BRIGADE)["lost"] == 1
    U.lose_endurance(st, BRIGADE, 2, "tannenberg 9.4.1", "a clash")
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (0, 3)


def test_2_3_5_example_flipped_with_the_rest_marked(at_phase: Any) -> None:
    # 2.3.5's example: counter 3, a clash costs 2: one fills the front level (4), the
    # unit flips to its back and the other point is marked there (counter 1)
    st = _state(at_phase)
    U.record(st, BRIGADE)["lost"] = 3
    U.lose_endurance(st, BRIGADE, 2, "tannenberg 9.4.1", "a clash")
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (1, 1)
    assert st.data["log"][-1]["case"] == "tannenberg 2.3.5"


def test_2_3_5_a_one_level_unit_is_eliminated_instead(at_phase: Any) -> None:
    st = at_phase({"G-33L": "A7 B18"})
    assert U.info(st, "G-33L").level_count == 1
    U.lose_endurance(st, "G-33L", 5, "tannenberg 9.4.1")  # more than 4 on its only level
    assert U.record(st, "G-33L")["status"] == "eliminated"


def test_2_3_6_eliminated_when_the_last_level_overflows(at_phase: Any) -> None:
    st = _state(at_phase)
    U.record(st, BRIGADE).update(level=1, lost=4)
    U.lose_endurance(st, BRIGADE, 1, "tannenberg 9.4.1")
    assert U.record(st, BRIGADE)["status"] == "eliminated"
    assert any(e.get("case") == "tannenberg 2.3.6" for e in st.data["log"])


def test_2_3_6_a_big_loss_goes_through_both_levels(at_phase: Any) -> None:
    # 4 on the front, 4 on the back: the ninth point eliminates a fresh unit
    st = _state(at_phase)
    U.lose_endurance(st, BRIGADE, 8, "tannenberg 9.4.1")
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (1, 4)
    U.lose_endurance(st, BRIGADE, 1, "tannenberg 9.4.1")
    assert U.record(st, BRIGADE)["status"] == "eliminated"


def test_2_3_7_example_unsupplied_movement_never_lowers_the_level(at_phase: Any) -> None:
    # 2.3.7's example: 4 points lost already; moving without supply costs nothing more
    st = _state(at_phase)
    U.record(st, BRIGADE)["lost"] = 4
    U.lose_endurance(st, BRIGADE, 1, "tannenberg 15.4.2", "moved without supply", False)
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (0, 4)


def test_2_3_7_a_one_level_unit_is_not_eliminated_by_it(at_phase: Any) -> None:
    st = at_phase({"G-33L": "A7 B18"})
    U.record(st, "G-33L")["lost"] = 4
    U.lose_endurance(st, "G-33L", 1, "tannenberg 15.4.2", "moved without supply", False)
    assert U.record(st, "G-33L")["status"] == "on_map"
    assert U.record(st, "G-33L")["lost"] == 4


def test_2_3_7_below_the_limit_the_point_is_lost(at_phase: Any) -> None:
    st = _state(at_phase)
    U.record(st, BRIGADE)["lost"] = 2
    U.lose_endurance(st, BRIGADE, 1, "tannenberg 15.4.2", "moved without supply", False)
    assert U.record(st, BRIGADE)["lost"] == 3


def test_2_3_8_recovery_stays_within_the_level(at_phase: Any) -> None:
    st = _state(at_phase)
    U.record(st, BRIGADE).update(level=1, lost=1)
    U.recover_endurance(st, BRIGADE)
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (1, 0)
    U.recover_endurance(st, BRIGADE)  # nothing more to recover on this level
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (1, 0)


def test_2_3_9_a_regained_level_has_four_points_lost(at_phase: Any) -> None:
    st = _state(at_phase)
    U.record(st, BRIGADE).update(level=1, lost=0)
    U.regain_level(st, BRIGADE)
    assert (U.record(st, BRIGADE)["level"], U.record(st, BRIGADE)["lost"]) == (0, 4)
