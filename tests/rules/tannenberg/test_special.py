"""17.3 Special reinforcements and 18.1 supplementary rules (special.py).

17.3 uses the FICTIONAL teaching scenario's ``[[special.reinforcement]]``: Hindenburg
(G-HQ-H) replaces the 8th Army HQ at a Russian lead of 15 (5 points to the
Russians), the Western Front troops (G-HQ-RG, G-5-3G-RG, G-6-3G-RG) come 3 stages
after a Russian lead of 20 by rail from the west edge (10 points to the Russians),
and the Russian reserve (XXVII Corps) comes one stage after German units stand near
Mlawka after stage 5 (6 points to the Germans).  18.1's data is added here (the
teaching scenario names none): the guards are the 3rd Guards brigades of XXIII Corps,
III Corps' HQ is replaced by a test commander after 3 levels lost, and the IR Corps
HQ may not leave its hex.
"""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.model.problems import ScenarioError
from greatwar.rules.tannenberg import initiative, special, victory
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.conftest import write_position

SUPPLEMENTARY = """
[special.guards_held]
units = ["R-1-3G-XXIII", "R-2-3G-XXIII"]
release_rolls = [1]
country = "russia"

[special.artamonov_replaced]
side = "russian"
corps = "III"
levels = 3
replaces = { "R-HQ-III" = "X-HQ-III-S" }

[special.pappritz_stays]
units = ["G-HQ-IR"]
"""

NEW_COMMANDER = """
[[counter]]
id = "X-HQ-III-S"
name = "Test commander of III Corps (FICTIONAL, replaces its HQ)"
side = "russian"
nationality = "russia"
type = "hq"
size = "corps"
hq = { level = "corps", activity = "A" }
movement = 6
corps = "III"
army = "1"
steps = [{ command_radius = 4, combat_modifier = 2 }]
"""

GUARDS = {"R-1-3G-XXIII": "A14 B9", "R-2-3G-XXIII": "A14 B9"}


def _at(at_phase: Any, units: dict[str, Any], **kw: Any) -> Any:
    kw.setdefault("extra", SUPPLEMENTARY)
    kw.setdefault("extra_counters", NEW_COMMANDER)
    return at_phase(units, phase=kw.pop("phase", "clash"), **kw)


# --- 17.3 special reinforcements ------------------------------------------------------------


def test_17_3_1_hindenburg_replaces_the_army_commander(at_phase: Any) -> None:
    st = _at(at_phase, {"G-HQ-8A": "A7 B21"}, vp=14, stage=3)
    victory.award(st, "russian", 1, "test")  # the Russians now lead by 15
    assert st.data["special"]["triggered"] == {"hindenburg": 3}
    assert U.record(st, "G-HQ-8A")["status"] == "on_map"  # until the next orders phase
    special.end_of_stage(st)
    assert U.record(st, "G-HQ-H")["hex"] == "A7 B21"
    assert U.record(st, "G-HQ-8A")["status"] == special.REPLACED
    assert initiative.hindenburg_in(st)  # 10.2.3 two dice from now on
    assert st.data["vp"] == 15 + 5  # 19.3 Hindenburg's entry
    special.end_of_stage(st)  # once only
    assert st.data["vp"] == 20


def test_17_3_1_the_new_commander_keeps_the_old_ones_orders(at_phase: Any) -> None:
    st = _at(at_phase, {"G-HQ-8A": {"hex": "A7 B21", "markers": ["arrived"]}}, vp=15)
    special.index_changed(st)
    special.end_of_stage(st)
    assert U.record(st, "G-HQ-H")["markers"] == ["arrived"]
    assert U.record(st, "G-HQ-8A")["markers"] == []


def test_17_3_2_western_front_troops_come_later_by_rail_from_the_west(at_phase: Any) -> None:
    st = _at(at_phase, {"G-HQ-8A": "A7 B21"}, vp=19, stage=4)
    victory.award(st, "russian", 1, "test")  # a lead of 20 (and of 15: Hindenburg too)
    assert st.data["special"]["triggered"]["western_front"] == 4
    for uid in ("G-HQ-RG", "G-5-3G-RG", "G-6-3G-RG"):
        arrival = U.record(st, uid)["arrival"]
        assert arrival["stage"] == 4 + 3 and arrival["rail"]
        assert arrival["entries"] == ["A1 B23"]  # the Ostbahn's exit on the west edge
        assert U.record(st, uid)["status"] == "pending"
    before = st.data["vp"]
    special.check_entries(st)
    assert st.data["vp"] == before  # not on the map yet: no points
    U.place(st, "G-5-3G-RG", "A1 B23")
    special.check_entries(st)
    special.check_entries(st)
    assert st.data["vp"] == before + 10  # 19.3, once


def test_17_3_3_the_reserve_when_germans_near_the_river(at_phase: Any) -> None:
    # a German brigade in A12 B10, within the region mlawka_approaches
    st = _at(at_phase, {"G-1-1-I": "A12 B10"}, stage=5)
    special.end_of_stage(st)
    assert "reserve" not in st.data["special"]["triggered"]  # not after stage 5 yet
    st = _at(at_phase, {"G-1-1-I": "A12 B10"}, stage=6)
    special.end_of_stage(st)
    assert st.data["special"]["triggered"]["reserve"] == 6
    # the log names the side and the region in words, not by their ids
    (called,) = [e["text"] for e in st.data["log"] if e["text"].startswith("Special reinf")]
    why = "1 unit of the Germans in mlawka approaches"
    assert called.startswith(f"Special reinforcements ({why}): ")
    arrival = U.record(st, "R-1-59R-XXVII")["arrival"]
    assert arrival["stage"] == 7 and arrival["rail"]
    assert {"A24 B11", "A12 B7"} <= set(arrival["entries"])  # any own railway line
    U.place(st, "R-HQ-XXVII", "A24 B11")
    special.check_entries(st)
    assert st.data["vp"] == -6  # 19.3: 12 points to the Germans (6 here)


def test_17_3_3_no_german_unit_near_no_reserve(at_phase: Any) -> None:
    st = _at(at_phase, {"G-1-1-I": "A16 B16"}, stage=8)
    special.end_of_stage(st)
    assert st.data["special"]["triggered"] == {}


# --- 18.1 supplementary rules -----------------------------------------------------------------


def test_18_1_1_the_guards_wait(at_phase: Any) -> None:
    st = _at(at_phase, GUARDS)
    assert not special.may_move(st, "R-1-3G-XXIII")
    assert special.why_held(st, "R-2-3G-XXIII")[1] == "tannenberg 18.1.1"  # type: ignore[index]
    assert special.may_move(st, "R-1-25-III")


def test_18_1_1_a_one_at_the_start_of_a_movement_phase_frees_them(
    at_phase: Any, fixed_dice: Any
) -> None:
    fixed_dice(4, 1)
    st = _at(at_phase, GUARDS)
    special.movement_phase_started(st, "german")
    assert special.guards_held(st)
    special.movement_phase_started(st, "russian")
    assert not special.guards_held(st)
    assert special.may_move(st, "R-1-3G-XXIII")
    special.movement_phase_started(st, "german")  # no more rolls (none left: no error)


def test_18_1_1_an_enemy_over_the_border_frees_them(at_phase: Any) -> None:
    # A9 B10 is in Russia on the teaching map
    st = _at(at_phase, {**GUARDS, "G-1-1-I": "A9 B10"})
    assert not special.guards_held(st)
    st = _at(at_phase, {**GUARDS, "G-1-1-I": "A12 B13"})  # still in Germany
    assert special.guards_held(st)
    victory.passed_through(st, "german", ["A9 B12", "A8 B11"])  # A8 B11 is in Russia
    assert st.data["special"]["guards_free"]


def test_18_1_1_option_off_they_move_freely(at_phase: Any) -> None:
    st = _at(at_phase, GUARDS, options={"guards_held": False})
    assert special.may_move(st, "R-1-3G-XXIII")


#: III Corps whole (an eliminated unit counts all its levels lost)
III_CORPS = {
    "R-HQ-III": "A22 B15",
    "R-1-25-III": "A22 B16",
    "R-2-25-III": "A22 B16",
    "R-1-27-III": "A22 B17",
    "R-2-27-III": "A22 B17",
    "R-III-art": "A22 B15",
}


def test_18_1_2_artamonov_replaced_after_three_levels(at_phase: Any) -> None:
    units = III_CORPS
    st = _at(at_phase, units)
    U.lose_endurance(st, "R-1-25-III", 5, "tannenberg 9.4.1")  # flipped: 1 level
    U.lose_endurance(st, "R-2-25-III", 5, "tannenberg 9.4.1")  # 2 levels
    assert special.corps_levels_lost(st, "russian", "III") == 2
    assert U.record(st, "R-HQ-III")["status"] == "on_map"
    U.lose_endurance(st, "R-1-27-III", 5, "tannenberg 9.4.1")  # 3 levels
    assert U.record(st, "R-HQ-III")["status"] == special.REPLACED
    assert U.record(st, "X-HQ-III-S")["hex"] == "A22 B15"


def test_18_1_2_an_eliminated_unit_counts_all_its_levels(at_phase: Any) -> None:
    st = _at(at_phase, III_CORPS)
    U.eliminate_unit(st, "R-1-25-III", "tannenberg 2.3.6")  # both its levels
    assert U.record(st, "R-HQ-III")["status"] == "on_map"
    U.lose_endurance(st, "R-2-25-III", 5, "tannenberg 9.4.1")
    assert U.record(st, "X-HQ-III-S")["status"] == "on_map"


def test_18_1_3_the_governor_stays_in_his_hex(at_phase: Any) -> None:
    st = _at(at_phase, {"G-HQ-IR": "A10 B23"})
    assert special.why_held(st, "G-HQ-IR")[1] == "tannenberg 18.1.3"  # type: ignore[index]
    st = _at(at_phase, {"G-HQ-IR": "A10 B23"}, options={"pappritz_stays": False})
    assert special.may_move(st, "G-HQ-IR")


def test_18_1_the_options_default_on_and_the_rules_need_the_scenarios_data(
    at_phase: Any,
) -> None:
    st = at_phase({**GUARDS, "G-HQ-IR": "A10 B23"}, phase="clash")  # no 18.1 data
    assert st.game.options["guards_held"] and st.game.options["pappritz_stays"]
    assert special.may_move(st, "R-1-3G-XXIII") and special.may_move(st, "G-HQ-IR")


def test_18_0_special_data_naming_unknown_counters_is_refused(tmp_path: Any) -> None:
    path = write_position(tmp_path, {}, extra='[special.pappritz_stays]\nunits = ["G-NOBODY"]\n')
    with pytest.raises(ScenarioError, match="G-NOBODY"):
        greatwar.load(path)


def _russian_movement(position: Any) -> Any:
    """The guards and a III Corps brigade as the Russian movement phase begins."""
    units = {**GUARDS, "R-1-25-III": "A22 B16"}
    return position(
        units,
        phase="movement_1",
        first_side="russian",
        extra=SUPPLEMENTARY,
        extra_counters=NEW_COMMANDER,
    )


def test_18_1_1_held_units_are_refused_movement_and_rail(
    position: Any, refuse: Any, fixed_dice: Any
) -> None:
    fixed_dice(4, *[3] * 12)  # the release roll fails; then rolls for independence (13.3)
    st = _russian_movement(position)
    assert any(e.get("case") == "tannenberg 18.1.1" and e.get("roll") == 4 for e in st.data["log"])
    assert special.guards_held(st)
    role = st.active_roles()[0]
    err = refuse(st, role, {"type": "select", "unit": "R-1-3G-XXIII"})
    assert err.case == "tannenberg 18.1.1"
    offered = st.legal_actions(role)
    assert all(a.get("unit") not in GUARDS for a in offered)
    assert {"type": "select", "unit": "R-1-25-III"} in offered


def test_18_1_1_a_one_rolled_as_the_movement_phase_starts_frees_them(
    position: Any, fixed_dice: Any
) -> None:
    fixed_dice(1, *[3] * 12)
    st = _russian_movement(position)
    assert not special.guards_held(st)
    role = st.active_roles()[0]
    assert {"type": "select", "unit": "R-1-3G-XXIII"} in st.legal_actions(role)


def test_18_1_2_the_new_commander_takes_over_the_units_of_no_corps(at_phase: Any) -> None:
    from greatwar.rules.tannenberg import command

    st = _at(at_phase, {**III_CORPS, "R-2-tyazh-art": "A22 B15"})
    command.attach(st, "R-2-tyazh-art", "R-HQ-III")
    special.replace_counter(st, "R-HQ-III", "X-HQ-III-S", "tannenberg 18.1.2")
    assert command.attached_to(st, "X-HQ-III-S") == ["R-2-tyazh-art"]
    assert U.record(st, "X-HQ-III-S")["hex"] == "A22 B15"
