"""The Brusilov Offensive's combat rules, tested at resolution: 17.0 the mixed
Austro-Hungarian/German row, trenches (provisional) and 23.51, 19.42 cavalry living off
the land, 21.1 HQ defensive shifts (AB11), 24.1 the armored car's attack shift.

Every position is on the FICTIONAL teaching map, on Game-Turn 3 (after the surprise
turn, so panic and the first-turn rules play no part).  The Combat Results Table (8.8:
TCR 1 columns start at 1-4, TCR 2-3 at 1-3, TCR 4 at 1-2) reads, for the die rolls
used here::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
    die 2: 1/1 1/1 1/1 1/2 -/2 -/2 -/E -/E

Each test says what the result would have been without the rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from greatwar import State
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import BrusilovRules
from greatwar.rules.gwite.brusilov.combat import CAR_COUNTS_ITSELF, SHIFT_ON_TABLE
from tests.rules.gwite.kit import (
    COMBAT,
    COUNTERS,
    Refuse,
    assert_in_radius,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    attack_log,
    logged,
    map_with,
    numbers,
    resolve,
)

#: a German depot keeps the Germans around 1005 in supply; Russian units far away
SPARE = {"G-MB": "2001", "R-BNB": "2002"}
DEPOT = {"G-D1": "0803"}
#: the Russian XIX Corps HQ (attack shift 1, radius 3) covers 1005
XIX = {"R-HQ-XIX": "1106"}
TRENCH_AT_1005 = '[[trench]]\nname = "Test trench"\ncountry = "russia"\nhexes = ["1005"]\n'

#: FICTIONAL test counters: a Russian armored car (24.0), stacking 0, one step; a strong
#: Russian cavalry division (no teaching cavalry has an even Attack Strength above 2)
TEST_UNITS = """
[[counter]]
id = "X-RC4"
name = "Test cavalry division 4-2"
side = "allied"
nationality = "russia"
type = "cavalry"
size = "division"
movement = 8
steps = [[4, 2], [2, 1]]

[[counter]]
id = "X-AC"
name = "Test armored car"
side = "allied"
nationality = "russia"
type = "armored_car"
stacking = 0
movement = 8
steps = [[2, 1]]
"""


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A Brusilov position in ``phasing``'s Combat Resolution Segment of Game-Turn 3."""
    return make(units, phasing=phasing, turn=3, **COMBAT, **kw)  # type: ignore[no-any-return]


def at(hex_label: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hex_label, **extra}


def defending_stage(st: State) -> bool:
    top = st.top()
    return top is not None and top["kind"] == "attack" and top.get("stage") == "defending"


def settle(st: State, side: str, fixed_dice: Any, *rolls: int) -> dict[str, Any]:
    """Resolve the attack being prepared with the die rolls fixed, the defender ending his
    step at once if he has one (21.1, 19.23); return the attack's 8.8 log entry."""
    fixed_dice(*rolls)
    resolve(st, side)
    if defending_stage(st):
        st.apply(U.enemy_of(st, side), {"type": "end_defense"})
    return attack_log(st)


# --- 17.0 one TCR per nationality; the mixed row ------------------------------------------


def test_17_0_a_mixed_austro_hungarian_and_german_attack_uses_the_tcr_2_and_3_row(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The 35th Reserve (4) and the A-H 12th Division (3) attack the 3rd Siberians (4) in
    # 1005: 7 to 4 is 1-1, read on the "TCR 2 and 3" row: die 1 is -/1.  On the worst
    # TCR's row (4, the standard reading) it would be 1/1; on the German row -/2.
    units = {"R-3S": "1005", "G-35R": "0904", "AH-12": "1004", **XIX, **SPARE, **DEPOT}
    st = fight(brusilov_position, units)
    assert_in_supply(st, "G-35R", "AH-12")
    shown = attack(st, "central", "1005", ["G-35R", "AH-12"])
    assert shown["tcr"] == 2
    entry = settle(st, "central", fixed_dice, 1)
    assert "7 to 4 (1-1), column 1-1, die 1: -/1" in entry["text"]
    assert numbers(entry)["tcr"] == 2
    assert_resolved_as_shown(shown, entry)


def test_17_0_each_nationality_attacks_on_its_own_row(brusilov_position: Any) -> None:
    # Russian TCR 3, Austro-Hungarian TCR 4, German TCR 1 (parameters.tcr)
    units = {"R-3S": "1005", "G-35R": "0904", "AH-12": "1004", "AH-13": "0905"}
    st = fight(brusilov_position, {**units, **XIX, **SPARE, **DEPOT})
    assert attack(st, "central", "1005", ["AH-12", "AH-13"])["tcr"] == 4
    st.apply("central", {"type": "cancel"})
    assert attack(st, "central", "1005", ["G-35R"])["tcr"] == 1
    st.apply("central", {"type": "cancel"})
    russians = {"AH-12": "1005", "R-3S": "1105", "R-1G": "1104", **SPARE}
    st = fight(brusilov_position, russians, phasing="allied")
    assert attack(st, "allied", "1005", ["R-3S", "R-1G"])["tcr"] == 3


# --- trenches (provisional) and 23.51 ----------------------------------------------------


def test_a_trench_doubles_its_defender_provisionally(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # The 3rd Siberians (4) in a trench defend with 8 (PROVISIONAL: the Terrain Effects
    # Chart's trench entry is missing).  The reserve divisions' 8 to 8 is 1-1, die 1: -/2;
    # outside a trench 8 to 4 is 2-1 and -/3.
    units = {"R-3S": "1005", "G-35R": "0904", "G-36R": "0905", **XIX, **SPARE, **DEPOT}
    st = fight(brusilov_position, units, map_path=map_with(tmp_path, TRENCH_AT_1005))
    assert_in_radius(st, "R-3S")
    shown = attack(st, "central", "1005", ["G-35R", "G-36R"])
    (trench,) = [m for m in shown["defenders"][0]["modifiers"] if m.get("trench")]
    assert trench["provisional"] and "trench" in trench["why"]
    entry = settle(st, "central", fixed_dice, 1)
    assert "8 to 8 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert any("provisional" in t for t in logged(st, "5.4"))


def test_a_trench_benefit_adds_to_the_terrain(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # Wolnowo (1302) is a City and, here, a trench: the 62nd Reserve's 4 are 16 (city
    # doubled, trench doubled: 5.4 Notes, effects are cumulative)
    trench = '[[trench]]\nname = "Town trench"\nhexes = ["1302"]\n'
    units = {"R-62R": "1302", "G-35R": "1202", "G-36R": "1203", "R-HQ-XIX": "1404", **SPARE}
    st = fight(brusilov_position, {**units, **DEPOT}, map_path=map_with(tmp_path, trench))
    shown = attack(st, "central", "1302", ["G-35R", "G-36R"])
    assert shown["defense"] == 16
    entry = settle(st, "central", fixed_dice, 2)
    assert "8 to 16 (1-2), column 1-2, die 2: 1/1" in entry["text"]


def test_23_51_a_reduced_austro_hungarian_unit_has_no_trench_benefit(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # The 12th Division, reduced to 1-2, in a trench defends with 2 (23.51, for the whole
    # game: this is Game-Turn 3).  The 3rd Siberians and 1st Guards' 7 to 2 is 3-1, die 1:
    # -/3; with the trench, 7 to 4 would be 1-1 and -/1.
    units = {"AH-12": at("1005", steps_lost=1), "R-3S": "1105", "R-1G": "1104", "AH-HQ-VI": "0905"}
    st = fight(
        brusilov_position,
        {**units, **SPARE},
        phasing="allied",
        map_path=map_with(tmp_path, TRENCH_AT_1005),
    )
    assert_in_supply(st, "R-3S", "R-1G")
    shown = attack(st, "allied", "1005", ["R-3S", "R-1G"])
    cases = [m["case"] for m in shown["defenders"][0]["modifiers"]]
    assert "brusilov 23.51" in cases
    entry = settle(st, "allied", fixed_dice, 1)
    assert "7 to 2 (3-1), column 3-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_23_51_full_strength_and_german_reduced_units_keep_the_trench(
    brusilov_position: Any, tmp_path: Path
) -> None:
    # the full-strength 12th (4) defends with 8; a reduced German division (3) with 6
    m = map_with(tmp_path, TRENCH_AT_1005)
    units = {"AH-12": "1005", "R-3S": "1105", **SPARE}
    st = fight(brusilov_position, units, phasing="allied", map_path=m)
    assert attack(st, "allied", "1005", ["R-3S"])["defense"] == 8
    units = {"G-35R": at("1005", steps_lost=1), "R-3S": "1105", **SPARE}
    st = fight(brusilov_position, units, phasing="allied", map_path=m)
    assert attack(st, "allied", "1005", ["R-3S"])["defense"] == 6


# --- 19.42 cavalry living off the land --------------------------------------------------


class ForagingRules(BrusilovRules):
    """Test rules: every cavalry unit lives off the land (19.41 is the supply part's)."""

    def living_off_the_land(self, st: State, uid: str) -> bool:
        return U.info(st, uid).type == "cavalry"


def test_19_42_cavalry_living_off_the_land_attack_at_half(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The 7th and Don Cossack cavalry (2 each) attack the A-H 4th Cavalry (2) in 1005:
    # halved, 2 to 2 is 1-1, die 1: -/1; at full strength 4 to 2, 2-1, -/2.
    units = {"AH-4K": "1005", "R-7C": "1105", "R-DC": "1104", "AH-HQ-VI": "0905", **SPARE}
    st = fight(brusilov_position, units, phasing="allied")
    st.game.static.rules = ForagingRules()
    shown = attack(st, "allied", "1005", ["R-7C", "R-DC"])
    assert [m["case"] for m in shown["attackers"][0]["modifiers"]] == ["brusilov 19.42"]
    entry = settle(st, "allied", fixed_dice, 1)
    assert "2 to 2 (1-1), column 1-1, die 1: -/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_19_42_out_of_supply_cavalry_living_off_the_land_is_halved_once(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # The test cavalry (4), out of supply deep in the west, lives off the land: 19.42's
    # half replaces 9.21's, 2 to the A-H 4th Cavalry's 2: 1-1, die 1: -/1 (halved twice,
    # 1 to 2, 1-2: 1/1).  9.23's attrition roll (4: no effect) comes first.
    units = {"AH-4K": "0305", "X-RC4": "0405", "AH-HQ-VI": "0206"}
    st = car_position(brusilov_position, tmp_path, units)
    st.game.static.rules = ForagingRules()
    assert not supply.in_supply(st, "X-RC4")
    shown = attack(st, "allied", "0305", ["X-RC4"])
    (entry,) = shown["attackers"]
    assert entry["strength"] == 2 and [m["case"] for m in entry["modifiers"]] == ["brusilov 19.42"]
    logged_entry = settle(st, "allied", fixed_dice, 4, 1)
    assert "2 to 2 (1-1), column 1-1, die 1: -/1" in logged_entry["text"]
    assert_resolved_as_shown(shown, logged_entry)


# --- 24.1 the armored car's attack shift ------------------------------------------------


def car_position(make: Any, tmp_path: Path, units: dict[str, Any], **kw: Any) -> State:
    path = tmp_path / "test-units.toml"
    path.write_text(TEST_UNITS, encoding="utf-8")
    return fight(make, {**units, **SPARE}, phasing="allied", counters=(COUNTERS, path), **kw)


def test_24_11_the_armored_car_shifts_the_odds_one_column_right(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # The 3rd Siberians (3) and the armored car (its printed 2) attack the 12th (4): 5 to
    # 4 is 1-1, shifted to 2-1, die 1: -/2 (1-1 unshifted: -/1).
    units = {"AH-12": "1005", "R-3S": "1105", "X-AC": "1104", "AH-HQ-VI": "0905"}
    st = car_position(brusilov_position, tmp_path, units)
    shown = attack(st, "allied", "1005", ["R-3S", "X-AC"])
    assert [(s["unit"], s["shift"], s["case"]) for s in shown["shifts"]] == [
        ("X-AC", 1, "brusilov 24.11")
    ]
    entry = settle(st, "allied", fixed_dice, 1)
    assert "5 to 4 (1-1), +1 shift of Test armored car, column 2-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_24_12_no_armored_car_shift_with_fewer_than_two_russian_units(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # The armored car alone (2) against the Landsturm regiment (2): 1-1, no shift, die 1:
    # -/1 (with the shift, 2-1: -/2)
    units = {"AH-LS32": "1005", "X-AC": "1104", "AH-HQ-VI": "0905"}
    st = car_position(brusilov_position, tmp_path, units)
    shown = attack(st, "allied", "1005", ["X-AC"])
    assert [(s["shift"], s["case"]) for s in shown["shifts"]] == [(0, "brusilov 24.12")]
    entry = settle(st, "allied", fixed_dice, 1)
    assert "column 1-1, die 1: -/1" in entry["text"]


def test_24_12_with_the_option_off_two_other_russian_units_are_needed(
    brusilov_position: Any, tmp_path: Path
) -> None:
    units = {"AH-12": "1005", "R-3S": "1105", "X-AC": "1104", "R-1G": "1006"}
    off = {CAR_COUNTS_ITSELF: False}
    st = car_position(brusilov_position, tmp_path, units, options=off)
    shown = attack(st, "allied", "1005", ["R-3S", "X-AC"])
    assert [s["shift"] for s in shown["shifts"]] == [0]
    st.apply("allied", {"type": "add_attacker", "unit": "R-1G"})
    assert [s["shift"] for s in st.view("allied")["combat"]["shifts"]] == [1]


# --- 21.1 HQ defensive shifts ---------------------------------------------------------------


def defensive_position(make: Any, **extra: Any) -> State:
    """The reserve divisions (8) attack the 3rd Siberians (4) in 1005: 2-1; the XIX Corps
    HQ (shift 1, radius 3) in 1106 covers them."""
    units = {"R-3S": "1005", "G-35R": "0904", "G-36R": "0905", **XIX, **SPARE, **DEPOT}
    return fight(make, {**units, **extra})


def test_21_11_the_defender_may_add_his_hqs_shift_before_the_die(
    brusilov_position: Any,
) -> None:
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")  # committed: the defender's step comes first
    assert defending_stage(st) and st.active_roles() == ["allied"]
    assert {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1} in st.legal_actions("allied")
    assert {"type": "end_defense"} in st.legal_actions("allied")


def test_21_12_the_defensive_shift_moves_the_attack_left_at_resolution(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # 8 to 4 is 2-1, shifted one column left by the XIX Corps HQ: 1-1, die 1: -/2 (at 2-1
    # it would be -/3)
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    shown = st.view("allied")["combat"]
    (shift,) = shown["shifts"]
    assert (shift["hq"], shift["shift"], shift["case"]) == ("R-HQ-XIX", -1, "brusilov 21.12")
    assert shown["column"] == "1-1"
    fixed_dice(1)
    st.apply("allied", {"type": "end_defense"})
    entry = [e for e in st.data["log"] if e.get("case") == "8.8" and "column" in e["text"]][-1]
    assert "8 to 4 (2-1), -1 shift of XIX Corps HQ, column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_21_12_the_defender_may_take_his_shift_back(brusilov_position: Any) -> None:
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    st.apply("allied", {"type": "remove_defensive_shift", "hq": "R-HQ-XIX"})
    assert st.view("allied")["combat"]["column"] == "2-1"


def test_21_13_an_hq_out_of_radius_gives_no_defensive_shift(
    brusilov_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the XIX Corps HQ in 1409 is 4 hexes from 1005 (radius 3): the defender has no
    # choice, so no step: the die is rolled at once, at 2-1 (the 3rd Siberians' -/3
    # becomes E, 10.43: they are beyond every HQ's radius)
    units = {"R-3S": "1005", "G-35R": "0904", "G-36R": "0905", "R-HQ-XIX": "1409"}
    st = fight(brusilov_position, {**units, **SPARE, **DEPOT})
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    fixed_dice(1)
    resolve(st, "central")
    assert not defending_stage(st)
    assert "column 2-1, die 1: -/E" in attack_log(st)["text"]


def test_21_13_one_defensive_shift_per_hq_per_combat_phase(
    brusilov_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the XIX Corps HQ shifts the attack on 1005; the attack on 1105 then gets none
    extra = {"R-1G": "1104", "G-I": "1004"}
    st = defensive_position(brusilov_position, **extra)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    fixed_dice(6)  # 1-1, die 6: 1/- (provisional)
    st.apply("allied", {"type": "end_defense"})
    while st.active_roles() and st.top()["kind"] != "combat_resolution":
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[0])
    attack(st, "central", "1104", ["G-I"])
    fixed_dice(1)
    resolve(st, "central")  # no defender step: the HQ's shift is spent
    assert not defending_stage(st)


def test_21_13_one_defensive_shift_per_command_level(brusilov_position: Any) -> None:
    # two corps HQs cover 1005: the defender may add one of them only (10.22)
    st = defensive_position(brusilov_position, **{"R-HQ-ORLOV": "1105"})
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    offered = {a["hq"] for a in st.legal_actions("allied") if a["type"] == "defensive_shift"}
    assert offered == {"R-HQ-XIX", "R-HQ-ORLOV"}
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-ORLOV", "shift": -1})
    assert not [a for a in st.legal_actions("allied") if a["type"] == "defensive_shift"]


def test_21_13_a_refused_defensive_shift_names_the_case(
    brusilov_position: Any, refuse: Refuse
) -> None:
    st = defensive_position(brusilov_position, **{"R-HQ-ORLOV": "1105"})
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-ORLOV", "shift": -1})
    err = refuse(st, "allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    assert err.case == "brusilov 21.13"


def test_21_12_ab11_a_defensive_shift_never_takes_an_attack_off_the_table(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The Landwehr regiment (1) attacks the 3rd Siberians (4): 1-4, the German row's
    # lowest column; the defensive shift leaves it there (AB11 b): die 1: 1/1
    units = {"R-3S": "1005", "G-LW7": "0904", **XIX, **SPARE, **DEPOT}
    st = fight(brusilov_position, units)
    attack(st, "central", "1005", ["G-LW7"])
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    assert st.view("allied")["combat"]["column"] == "1-4"
    fixed_dice(1)
    st.apply("allied", {"type": "end_defense"})
    assert any("column 1-4, die 1: 1/1" in t for t in logged(st, "8.8"))


def test_21_12_ab11_a_defensive_shift_moves_the_column_read_on_the_table(
    brusilov_position: Any,
) -> None:
    # The two corps (16) attack the railway regiment (2): 8-1, read on the German row's
    # highest column, 5-1; the defensive shift moves it to 4-1 (AB11 b).  With the option
    # off it is added to the raw 8-1: 7-1, still read at 5-1.
    units = {"R-RR1": "1005", "G-I": "0904", "G-XVII": "0905", **XIX, **SPARE, **DEPOT}
    for on, column in ((True, "4-1"), (False, "5-1")):
        st = fight(brusilov_position, units, options={SHIFT_ON_TABLE: on})
        attack(st, "central", "1005", ["G-I", "G-XVII"])
        resolve(st, "central")
        st.apply("allied", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
        assert st.view("allied")["combat"]["column"] == column


def test_21_11_only_the_defender_shifts_and_only_once_the_attack_is_committed(
    brusilov_position: Any, refuse: Refuse
) -> None:
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    err = refuse(st, "central", {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1})
    assert err.case == "brusilov 21.11"
    resolve(st, "central")
    assert "column 2-1" in st.prompt("allied")
    err = refuse(st, "allied", {"type": "remove_defensive_shift", "hq": "R-HQ-XIX"})
    assert err.case == "brusilov 21.12"
    # the HQ is named as the players know it, not by its id
    assert err.reason == f"{U.info(st, 'R-HQ-XIX').name} has not shifted this attack"
