"""8.0 Combat: who attacks (8.1), multi-unit and multi-hex combat (8.2), terrain (8.3),
odds (8.4, 8.8), results (8.5, 8.9); entrained defenders (5.36) and cavalry (12.21).

Positions are on the FICTIONAL teaching map.  Most fights are in the north,
where the Central Powers attack a Russian stack in 1005 (clear) from 0904,
0905 and 1004, all in supply from the German rail at 0906 and beyond; the
Russians in 1005 are in supply through 1105 to their rail at 1106, and the
XIX Corps HQ in 1106 keeps them within a Command Radius (so 10.43 does not
worsen their results).  Unit values (attack-defense, steps) are those of the
teaching counters: German corps 8-8/7-7/4-4/3-3, German reserve divisions
4-5/2-3, Russian corps 6-8/5-7/3-4/2-3, 1st Guards 4-5/2-3, Russian divisions
3-4/1-2, regiments 1-2.  ``SPARE`` puts a far-off pair of units in the
north-east corner so that the Combat Resolution Segment stays open after the
attack a test makes (without it the game would play on, rolling dice).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kit import (
    BROOK_AT_WOLNOWO,
    COUNTERS,
    DEPOT,
    RUSSIAN_HQ,
    SPARE,
    Refuse,
    alive,
    assert_in_radius,
    assert_in_supply,
    attack,
    attack_log,
    choose,
    fight,
    logged,
    lost,
    map_with,
    modifier_cases,
    north,
    resolve,
    stage,
    steps,
    where,
)

from greatwar import State
from greatwar.rules.gwite import command, crt, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import assess, segment

# --- 8.0 procedure, 8.8 table and the log ------------------------------------------------------


def test_8_0_resolved_attack_logs_odds_die_result_and_case(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    assert_in_supply(st, "R-1G", "G-35R", "G-36R", "G-I")
    assert_in_radius(st, "R-1G")
    fixed_dice(1)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")
    entry = attack_log(st)
    # 4 + 4 + 8 = 16 against 5: 3-1 (rounded down); TCR 1, die 1 at 3-1: -/3 (printed)
    assert "16 to 5 (3-1), column 3-1, die 1: -/3" in entry["text"]
    assert entry["case"] == "8.8"
    assert "provisional" not in entry and "provisional" not in entry["text"]


def test_8_8_provisional_table_entry_is_marked_in_log_and_view(
    position: Any, fixed_dice: Any
) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")
    # the printed die-3 row stops after 1-1: 3-1 on a 3 is the project's provisional -/2
    entry = attack_log(st)
    assert "die 3: -/2 (provisional table entry)" in entry["text"]
    assert entry["provisional"] is True
    report = st.view("allied")["combat"]
    assert report["stage"] == "def_option"
    assert report["result"] == "-/2" and report["provisional_entry"] is True


def test_8_9_the_combat_view_names_each_stage_in_a_players_words(
    position: Any, fixed_dice: Any
) -> None:
    # the stage of the attack and of its result is a frame's own name ("def_option"); the
    # view gives every seat a title in a player's words beside it
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    for role in ("central", "allied"):
        shown = st.view(role)["combat"]
        assert (shown["stage"], shown["stage_title"]) == (
            "preparing",
            "the Attacker puts the attack together (8.1)",
        )
    fixed_dice(3)
    resolve(st, "central")  # 3-1, die 3: -/2, the Defender's option (8.9)
    for role in ("central", "allied"):
        shown = st.view(role)["combat"]
        assert (shown["stage"], shown["stage_title"]) == (
            "def_option",
            "the Defender chooses his option (8.9)",
        )


def test_8_8_printed_rows_are_encoded_exactly() -> None:
    table = crt.table()
    # 8.8 as printed, the same grid under each TCR group's columns
    printed = {
        1: ["1/1", "1/1", "-/1", "-/2", "-/3", "-/3", "-/E", "-/E"],
        2: ["1/1", "1/1", "1/1", "1/2", "-/2", "-/2", "-/E", "-/E"],
        3: ["1/-", "1/1", "1/1", "1/1"],
    }
    for tcr in (1, 2, 3, 4):
        columns = table.columns(tcr)
        for die, results in printed.items():
            for column, expected in zip(columns, results, strict=False):
                look = table.lookup(tcr, column, die)
                assert f"{look.attacker}/{look.defender}" == expected
                assert not look.provisional
    assert table.columns(1)[0] == "1-4" and table.columns(1)[-1] == "5-1"
    assert (
        table.columns(2)
        == table.columns(3)
        == ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
    )
    assert table.columns(4)[0] == "1-2" and table.columns(4)[-1] == "7-1"
    # everything beyond the printed cells is provisional
    assert table.lookup(1, "2-1", 3).provisional
    assert all(table.lookup(3, c, 6).provisional for c in table.columns(3))


def test_8_8_odds_above_the_table_use_its_highest_column(position: Any) -> None:
    st = fight(position, north(**{"R-RR1": "1005", "G-I": "0904", "G-XVII": "0905"}))
    odds = attack(st, "central", "1005", ["G-I", "G-XVII"])
    # 16 to 2 is 8-1; the TCR-1 table ends at 5-1
    assert odds["odds"] == "8-1"
    assert odds["column"] == "5-1"
    assert odds["legal"] is True


def test_8_8_no_attack_below_the_lowest_column(position: Any, refuse: Refuse) -> None:
    st = fight(position, north(**{"R-XIX": "1005", "G-LW7": "0904"}))
    odds = attack(st, "central", "1005", ["G-LW7"])
    # 1 to 8 is 1-8, below the TCR-1 table's 1-4
    assert odds["odds"] == "1-8"
    assert odds["legal"] is False and odds["case"] == "8.8"
    assert {"type": "resolve"} not in st.legal_actions("central")
    assert refuse(st, "central", {"type": "resolve"}).case == "8.8"


# --- 8.1 which units may attack ------------------------------------------------------------------


def test_8_11_only_adjacent_units_may_attack(position: Any, refuse: Refuse) -> None:
    # G-36R in 0806 is two hexes from 1005
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0806"}))
    declares = [a["target"] for a in st.legal_actions("central") if a["type"] == "declare"]
    assert "1005" in declares
    st.apply("central", {"type": "declare", "target": "1005"})
    adders = [a["unit"] for a in st.legal_actions("central") if a["type"] == "add_attacker"]
    assert adders == ["G-35R"]
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-36R"}).case == "8.11"


def test_8_11_a_target_must_hold_enemy_units(position: Any, refuse: Refuse) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904"}))
    for hex_label in ("1105", "0904", "9999"):
        assert refuse(st, "central", {"type": "declare", "target": hex_label}).case == "8.11"


def test_8_11_only_the_phasing_player_attacks(position: Any, refuse: Refuse) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904"}))
    assert st.active_roles() == ["central"]
    assert st.legal_actions("allied") == []
    assert refuse(st, "allied", {"type": "declare", "target": "0904"}).case


def test_8_12_units_without_attack_strength_never_attack(position: Any, refuse: Refuse) -> None:
    # a supply depot (0-1) and a normal HQ (Combat Strength in parentheses, 10.51)
    st = fight(
        position,
        north(**{"R-1G": "1005", "G-D1": "0904", "G-HQ-XVII": "0905", "G-36R": "0905"}),
    )
    st.apply("central", {"type": "declare", "target": "1005"})
    adders = [a["unit"] for a in st.legal_actions("central") if a["type"] == "add_attacker"]
    assert adders == ["G-36R"]
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-D1"}).case == "8.12"
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-HQ-XVII"}).case == "8.12"


def test_8_12_attacking_is_voluntary(position: Any) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904"}))
    assert {"type": "end_segment"} in st.legal_actions("central")
    # an attack being prepared may be called off: nothing has happened
    st.apply("central", {"type": "declare", "target": "1005"})
    st.apply("central", {"type": "add_attacker", "unit": "G-35R"})
    st.apply("central", {"type": "cancel"})
    assert st.top()["kind"] == "combat_resolution"
    assert segment(st)["attacked"] == [] and segment(st)["defended"] == []
    st.apply("central", {"type": "end_segment"})
    assert any("ends the Combat Resolution Segment" in t for t in logged(st, "4.0"))
    assert lost(st, "R-1G") == 0 and lost(st, "G-35R") == 0


def test_8_12_a_stackmate_not_attacking_is_not_affected(position: Any, fixed_dice: Any) -> None:
    # G-I and G-35R share 0905; only G-35R attacks the XIX Corps
    st = fight(position, north(**{"R-XIX": "1005", "G-I": "0905", "G-35R": "0905"}))
    fixed_dice(2)
    odds = attack(st, "central", "1005", ["G-35R"])
    assert (odds["attack"], odds["defense"], odds["column"]) == (4, 8, "1-2")
    resolve(st, "central")
    # die 2 at 1-2: 1/1.  Affected steps: the smaller force's, G-35R's 2.  The Defender
    # (4 steps, the larger) has only the corps to be affected; he loses half of 2
    choose(st, "allied", "option", index=0)
    assert lost(st, "R-XIX") == 1
    # the Attacker loses half of the 2 affected steps: 1, from the attackers only
    assert lost(st, "G-35R") == 1
    assert lost(st, "G-I") == 0


def test_8_13_a_hex_may_be_attacked_from_all_six_sides(position: Any) -> None:
    ring = {"G-I": "0904", "G-XVII": "0905", "G-35R": "1004", "G-36R": "1006"}
    ring |= {"G-1K": "1104", "G-LW7": "1105"}
    st = fight(position, {"R-1G": "1005", **ring})
    st.apply("central", {"type": "declare", "target": "1005"})
    adders = {a["unit"] for a in st.legal_actions("central") if a["type"] == "add_attacker"}
    assert adders == set(ring)
    for uid in ring:
        st.apply("central", {"type": "add_attacker", "unit": uid})
    assert {"type": "resolve"} in st.legal_actions("central")


def test_8_14_no_unit_attacks_twice(position: Any, fixed_dice: Any, refuse: Refuse) -> None:
    units = {"R-1G": "1005", "R-3S": "1006", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}
    st = fight(position, north(**units, **{"G-1K": "0906"}))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # 3: eliminated (8.75: no advance)
    # G-36R in 0905 is also adjacent to 1006, but has attacked this phase
    st.apply("central", {"type": "declare", "target": "1006"})
    adders = [a["unit"] for a in st.legal_actions("central") if a["type"] == "add_attacker"]
    assert adders == ["G-1K"]
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-36R"}).case == "8.14"


def test_8_14_no_enemy_unit_is_attacked_twice(
    position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = fight(position, north(**{"R-XIX": "1005", "G-35R": "0904", "G-I": "1004"}))
    fixed_dice(2)
    attack(st, "central", "1005", ["G-35R"])  # 4 to 8, 1-2, die 2: 1/1
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # the corps stays in 1005 and loses a step
    assert where(st, "R-XIX") == "1005"
    # G-I has not attacked, and is adjacent to 1005, but the corps has been attacked
    assert {"type": "declare", "target": "1005"} not in st.legal_actions("central")
    assert refuse(st, "central", {"type": "declare", "target": "1005"}).case == "8.14"


# --- 8.2 multiple unit and multi-hex combat -------------------------------------------------------


def test_8_21_all_units_in_a_hex_defend_together(position: Any) -> None:
    st = fight(position, north(**{"R-1G": "1005", "R-3S": "1005", "G-I": "0904"}))
    # an attack is declared on a hex, never on some of its units
    declares = [a for a in st.legal_actions("central") if a["type"] == "declare"]
    assert {"type": "declare", "target": "1005"} in declares
    assert all(set(a) == {"type", "target"} for a in declares)
    odds = attack(st, "central", "1005", ["G-I"])
    assert [d["unit"] for d in odds["defenders"]] == ["R-1G", "R-3S"]
    assert odds["defense"] == 5 + 4


def test_8_22_stackmates_may_attack_another_hex(position: Any, fixed_dice: Any) -> None:
    # G-I and G-36R share 0905, adjacent to both 1005 and 1006
    units = {"R-1G": "1005", "R-3S": "1006", "G-I": "0905", "G-36R": "0905"}
    st = fight(position, north(**units))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-I"])  # 8 to 5: 1-1, die 1: -/2
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # all eliminated
    odds = attack(st, "central", "1006", ["G-36R"])
    assert odds["legal"] is True and [a["unit"] for a in odds["attackers"]] == ["G-36R"]


def test_8_23_one_attack_on_two_hexes(position: Any, refuse: Refuse, fixed_dice: Any) -> None:
    # 0905 and 1105 are adjacent to both 1005 and 1006; 0904 only to 1005
    units = {"R-1G": "1005", "R-3S": "1006", "G-36R": "0905", "G-I": "1105", "G-35R": "0904"}
    st = fight(position, north(**units))
    st.apply("central", {"type": "declare", "target": "1005"})
    st.apply("central", {"type": "add_attacker", "unit": "G-35R"})
    # G-35R is not adjacent to 1006: the second hex may not join
    assert refuse(st, "central", {"type": "add_target", "hex": "1006"}).case == "8.23"
    st.apply("central", {"type": "remove_attacker", "unit": "G-35R"})
    st.apply("central", {"type": "add_attacker", "unit": "G-36R"})
    st.apply("central", {"type": "add_attacker", "unit": "G-I"})
    assert {"type": "add_target", "hex": "1006"} in st.legal_actions("central")
    st.apply("central", {"type": "add_target", "hex": "1006"})
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-35R"}).case == "8.23"
    odds = st.view("central")["combat"]
    assert odds["targets"] == ["1005", "1006"]
    # 4 + 8 = 12 against 5 + 4 = 9: 1-1
    assert (odds["attack"], odds["defense"], odds["odds"]) == (12, 9, "1-1")
    fixed_dice(1)
    resolve(st, "central")
    # -/2; 4 defending steps against 6: every defending unit, in both hexes, is affected
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-1G") and not alive(st, "R-3S")


def test_8_24_a_units_strength_is_not_divided(position: Any, fixed_dice: Any) -> None:
    units = {"R-1G": "1005", "R-3S": "1006", "G-36R": "0905", "G-I": "1105"}
    st = fight(position, north(**units))
    odds = attack(st, "central", "1005", ["G-36R", "G-I"], more_targets=("1006",))
    # each attacker counts once, whole, against the two hexes together
    assert [a["strength"] for a in odds["attackers"]] == [4, 8]
    assert odds["attack"] == 12
    fixed_dice(3)
    resolve(st, "central")  # 1-1, die 3: 1/1
    assert segment(st)["attacked"] == ["G-36R", "G-I"]
    assert segment(st)["defended"] == ["R-1G", "R-3S"]


# --- 8.3 terrain ------------------------------------------------------------------------------


def test_8_3_a_city_doubles_the_defender(position: Any) -> None:
    # Wolnowo (1302) is a City; the Germans attack from 1202 and 1203
    units = {"R-62R": "1302", "R-HQ-XIX": "1404", "G-35R": "1202", "G-36R": "1203"}
    st = fight(position, {**units, **SPARE, **DEPOT})
    assert_in_supply(st, "G-35R", "G-36R")
    odds = attack(st, "central", "1302", ["G-35R", "G-36R"])
    (defender,) = odds["defenders"]
    assert defender["printed"] == 4 and defender["strength"] == 8
    assert "5.4" in modifier_cases(defender)
    assert odds["defense"] == 8


def test_8_3_attacking_across_a_minor_river_halves_the_attacker(position: Any) -> None:
    # the Sereth runs between 1105 and 1205; 1106-1105 crosses no river
    units = {"G-35R": "1105", "R-1G": "1205", "R-3S": "1106"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    assert_in_supply(st, "R-1G", "R-3S")
    odds = attack(st, "allied", "1105", ["R-1G", "R-3S"])
    across, beside = odds["attackers"]
    assert (across["printed"], across["strength"]) == (4, 2)
    assert "5.4" in modifier_cases(across)
    assert (beside["printed"], beside["strength"]) == (3, 3)
    assert odds["attack"] == 5


def test_8_3_attacking_across_a_ridge_adds_one_to_the_die(position: Any, fixed_dice: Any) -> None:
    # the Hohe Kamm ridge runs between 1513 and 1514 (rough: no effect on combat)
    units = {"G-35R": "1514", "R-1G": "1513", "R-3S": "1513"}
    st = fight(position, units, phasing="allied")
    odds = attack(st, "allied", "1514", ["R-1G", "R-3S"])
    assert [(m["case"], m["value"]) for m in odds["die_modifiers"]] == [("5.4", 1)]
    # 7 to 5: 1-1 (TCR 3 row); die 1 + 1 reads the die-2 line: 1/1 (die 1 alone: -/1)
    fixed_dice(1)
    resolve(st, "allied")
    assert "die 1 +1: 1/1" in attack_log(st)["text"]


def test_8_3_terrain_effects_on_combat_are_cumulative(position: Any, tmp_path: Path) -> None:
    # 5.4 Notes: a defender in a City attacked across a Minor River is doubled while the
    # attacker is halved.  The teaching map has no City on a river: this copy of it adds
    # a Minor River between 1202 and Wolnowo (1302).
    river_map = map_with(tmp_path, BROOK_AT_WOLNOWO)
    units = {"R-62R": "1302", "R-HQ-XIX": "1404", "G-36R": "1202"}
    st = fight(position, {**units, **SPARE, **DEPOT}, map_path=river_map)
    assert_in_supply(st, "G-36R")
    odds = attack(st, "central", "1302", ["G-36R"])
    assert odds["attackers"][0]["strength"] == 2  # 4 halved
    assert odds["defenders"][0]["strength"] == 8  # 4 doubled
    assert odds["odds"] == "1-4"


# --- 8.4 combat resolution ---------------------------------------------------------------------


def test_8_4_26_to_9_is_2_1(position: Any) -> None:
    # the worked example: 8 + 8 + 4 + 4 + 2 = 26 against 5 + 4 = 9
    assert crt.odds_label(crt.odds_ordinal(26, 9)) == "2-1"
    units = {"R-1G": "1005", "R-3S": "1005", "G-I": "0904", "G-XVII": "0905"}
    units |= {"G-35R": "1004", "G-36R": "1004"}
    st = fight(position, {**units, **RUSSIAN_HQ, "G-MB": "1104"})
    odds = attack(st, "central", "1005", ["G-I", "G-XVII", "G-35R", "G-36R", "G-MB"])
    assert (odds["attack"], odds["defense"], odds["odds"]) == (26, 9, "2-1")


@pytest.mark.parametrize(
    ("attack_strength", "defense", "label"),
    [
        (9, 26, "1-3"),  # 1 to 2.9: rounded to 1-3, not 1-2
        (5, 11, "1-3"),  # 1 to 2.2
        (2, 3, "1-2"),  # 1 to 1.5
        (1, 2, "1-2"),
        (4, 5, "1-2"),  # below 1-1 is never rounded up to it
        (5, 5, "1-1"),
        (11, 5, "2-1"),
        (14, 5, "2-1"),  # 2.8 rounds down
    ],
)
def test_8_4_odds_are_rounded_in_the_defenders_favour(
    attack_strength: int, defense: int, label: str
) -> None:
    assert crt.odds_label(crt.odds_ordinal(attack_strength, defense)) == label


def test_8_4_below_1_1_rounds_for_the_defender_in_play(position: Any) -> None:
    # 3 to 5 is 1 to 1.67: 1-2
    st = fight(position, {"G-35R": "1105", "R-3S": "1106", **SPARE}, phasing="allied")
    assert attack(st, "allied", "1105", ["R-3S"])["odds"] == "1-2"


def test_8_4_the_column_depends_on_the_attackers_tcr(position: Any, refuse: Refuse) -> None:
    # Austro-Hungarian TCR 4: the table starts at 1-2.  AH-12 (3) against the XIX Corps (8)
    # is 1-3: allowed for TCR 1-3, not for TCR 4.  Both AH divisions are next to their rail
    # at Tarnovice (0611).
    units = {"R-XIX": "0811", "AH-12": "0711", "AH-13": "0710"}
    st = fight(position, {**units, **SPARE})
    assert_in_supply(st, "AH-12", "AH-13")
    odds = attack(st, "central", "0811", ["AH-12"])
    assert (odds["odds"], odds["tcr"], odds["columns"][0]) == ("1-3", 4, "1-2")
    assert odds["legal"] is False
    assert refuse(st, "central", {"type": "resolve"}).case == "8.8"
    st.apply("central", {"type": "add_attacker", "unit": "AH-13"})
    odds = st.view("central")["combat"]
    assert (odds["attack"], odds["odds"], odds["column"]) == (6, "1-2", "1-2")


def test_8_4_mixed_tcr_attack_uses_the_worst_rating(position: Any) -> None:
    units = {"R-XIX": "0811", "AH-12": "0711", "G-35R": "0810"}
    st = fight(position, {**units, **SPARE})
    odds = attack(st, "central", "0811", ["G-35R"])
    assert odds["tcr"] == 1
    st.apply("central", {"type": "add_attacker", "unit": "AH-12"})
    assert st.view("central")["combat"]["tcr"] == 4


def test_8_4_preview_names_every_modifier(position: Any) -> None:
    # Around Wolnowo (a City, 1302): the 62nd Reserve is entrained on the rail there; the
    # German 35th in 1202 is out of Command Control and, six hexes from the nearest German
    # supply source, out of supply; the 1st Cavalry in 1203 (in supply, five hexes) attacks
    # a hex holding no cavalry.
    units = {
        "R-62R": {"hex": "1302", "markers": ["entrained"]},
        "R-HQ-XIX": "1404",
        "G-35R": {"hex": "1202", "markers": ["out_of_command"]},
        "G-1K": "1203",
    }
    st = fight(position, {**units, **SPARE})
    assert not supply.in_supply(st, "G-35R")
    assert_in_supply(st, "G-1K")
    odds = attack(st, "central", "1302", ["G-35R", "G-1K"])
    infantry, cavalry = odds["attackers"]
    # 4 halved for supply (9.21) and again for command (10.42): 1
    assert modifier_cases(infantry) == {"9.21", "10.42"} and infantry["strength"] == 1
    assert modifier_cases(cavalry) == set() and cavalry["strength"] == 2
    assert odds["cavalry"]["case"] == "12.21" and odds["cavalry"]["reduced_to"] == 0
    (defender,) = odds["defenders"]
    assert modifier_cases(defender) == {"5.36", "5.4"}
    # entrained: 4 halved to 2 (5.36), then doubled in the City (5.4)
    assert defender["strength"] == 4
    assert (odds["attack"], odds["defense"]) == (1, 4)
    assert "prompt" in st.view("central") and "1 to 4" in st.view("central")["prompt"]


# --- 8.5 explanation of combat results ----------------------------------------------------


def test_8_51_a_one_step_unit_is_eliminated_by_one_step(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-RR1": "1005", "G-LW7": "0904"}))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-LW7"])  # 1 to 2: 1-2, die 1: -/1
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # half of 1 step, rounded up: 1
    assert not alive(st, "R-RR1")


def test_8_52_a_division_flips_to_its_reduced_side(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904"}))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-35R"])  # 4 to 5: 1-2, die 1: -/1
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # half of 2 steps: 1
    assert alive(st, "R-1G") and lost(st, "R-1G") == 1
    values = U.step_values(st, "R-1G")
    assert (values.attack, values.defense) == (2, 3)


def test_8_53_a_corps_has_four_steps(position: Any) -> None:
    # the worked example: full strength; -1 from full; the weakened side; -1 from half
    st = fight(position, north(**{"G-I": "0904", "R-1G": "1005"}))
    seen = []
    for _ in range(4):
        values = U.step_values(st, "G-I")
        seen.append((values.attack, values.defense))
        U.lose_steps(st, "G-I", 1, "8.53")
    assert seen == [(8, 8), (7, 7), (4, 4), (3, 3)]
    assert not alive(st, "G-I")  # the fourth step lost: eliminated


def test_8_53_corps_steps_lost_in_combat(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-XIX": "1005", "G-I": "0904"}))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-I"])  # 8 to 8: 1-1, die 3: 1/1
    resolve(st, "central")
    # four steps against four: all affected.  Half of 4 is 2: the corps turns over (3-4)
    choose(st, "allied", "option", index=0)
    assert lost(st, "R-XIX") == 2
    assert (U.step_values(st, "R-XIX").attack, U.step_values(st, "R-XIX").defense) == (3, 4)
    # the Attacker's 1: half of the 4 affected steps, the German corps to 4-4
    assert lost(st, "G-I") == 2
    assert U.step_values(st, "G-I").attack == 4


def test_8_54_the_defender_applies_his_result_first(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-XIX": "1005", "G-I": "0904"}))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-I"])
    resolve(st, "central")
    assert st.active_roles() == ["allied"]  # the Defender chooses first
    choose(st, "allied", "option", index=0)
    texts = [e["text"] for e in st.data["log"]]
    russian = next(i for i, t in enumerate(texts) if t.startswith("XIX Corps loses"))
    german = next(i for i, t in enumerate(texts) if t.startswith("I Corps loses"))
    assert russian < german


def test_8_54_only_the_defender_may_retreat(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-XIX": "1005", "G-I": "0904"}))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-I"])
    resolve(st, "central")
    choose(st, "allied", "option", index=1)  # the Defender retreats instead of losing steps
    assert stage(st) == "retreat" and st.active_roles() == ["allied"]
    st.apply("allied", st.legal_actions("allied")[0])
    assert where(st, "R-XIX") != "1005" and lost(st, "R-XIX") == 0
    # the Attacker's 1 is steps only: he never retreats
    assert where(st, "G-I") == "0904" and lost(st, "G-I") == 2


# --- 8.9 the options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "result", "options"),
    [(2, "2", 3), (1, "3", 2)],  # 3-1 at TCR 1: die 2 gives -/2, die 1 -/3
)
def test_8_9_the_defender_chooses_one_option(
    position: Any, fixed_dice: Any, die: int, result: str, options: int
) -> None:
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    fixed_dice(die)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")
    assert st.view("allied")["combat"]["result"] == f"-/{result}"
    actions = st.legal_actions("allied")
    assert [a["index"] for a in actions] == list(range(options))


def _north_result(position: Any, fixed_dice: Any, die: int) -> State:
    """R-1G in 1005 against 16 (3-1) at TCR 1: die 1 -/3, die 2 -/2, die 3 -/2 (provisional),
    die 5 1/1 (provisional).  Retreats from 1005: 1006 and 1104 are German-controlled, so
    the only hex is 1105; two hexes on, the XIX Corps HQ's 1106 is a Russian rail hex, the
    nearest supply source, and wins priority 1 (8.63)."""
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    fixed_dice(die)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")
    return st


def test_8_9_result_1_option_2_retreat_one_hex(position: Any, fixed_dice: Any) -> None:
    st = _north_result(position, fixed_dice, 5)
    assert st.view("allied")["combat"]["result"] == "1/1"
    choose(st, "allied", "option", index=1)
    assert where(st, "R-1G") == "1105" and lost(st, "R-1G") == 0


def test_8_9_result_2_option_2_half_then_retreat_one_hex(position: Any, fixed_dice: Any) -> None:
    st = _north_result(position, fixed_dice, 2)
    choose(st, "allied", "option", index=1)
    assert lost(st, "R-1G") == 1 and where(st, "R-1G") == "1105"


def test_8_9_result_2_option_3_retreat_two_hexes(position: Any, fixed_dice: Any) -> None:
    st = _north_result(position, fixed_dice, 2)
    choose(st, "allied", "option", index=2)
    assert lost(st, "R-1G") == 0 and where(st, "R-1G") == "1106"


def test_8_9_result_3_option_2_half_then_retreat_two_hexes(position: Any, fixed_dice: Any) -> None:
    st = _north_result(position, fixed_dice, 1)
    choose(st, "allied", "option", index=1)
    assert lost(st, "R-1G") == 1 and where(st, "R-1G") == "1106"


def test_8_9_result_e_eliminates_without_a_choice(position: Any, fixed_dice: Any) -> None:
    st = fight(position, north(**{"R-3S": "1005", "G-I": "0904", "G-XVII": "0905"}))
    fixed_dice(1)
    odds = attack(st, "central", "1005", ["G-I", "G-XVII"])
    assert odds["column"] == "4-1"  # 16 to 4
    resolve(st, "central")  # die 1 at 4-1: -/E
    assert not alive(st, "R-3S")
    # the Defender was asked nothing: the Attacker now decides on an advance (8.71)
    assert stage(st) == "advance" and st.active_roles() == ["central"]


def test_8_9_half_of_an_odd_number_of_steps_is_rounded_up(position: Any, fixed_dice: Any) -> None:
    # 3 defending steps (a division and a regiment) against 4: all affected
    units = {"R-1G": "1005", "R-RR1": "1005", "G-35R": "0904", "G-36R": "0905"}
    st = fight(position, north(**units))
    fixed_dice(3)
    attack(st, "central", "1005", ["G-35R", "G-36R"])  # 8 to 7: 1-1, die 3: 1/1
    resolve(st, "central")
    choose(st, "allied", "option", index=0)
    assert "2 to go" in st.view("allied")["prompt"]
    choose(st, "allied", "lose", unit="R-RR1")  # the second step has one unit left to come from
    assert steps(st, "R-1G", "R-RR1") == 3 - 2
    # the Attacker's 1: half of the 3 affected steps, rounded up: 2 of his 4
    while stage(st) == "att_losses":
        st.apply("central", st.legal_actions("central")[0])
    assert steps(st, "G-35R", "G-36R") == 4 - 2


def test_8_9_the_larger_defender_chooses_the_affected_units(position: Any, fixed_dice: Any) -> None:
    # 6 defending steps (corps + division) against 4: only 4 steps are affected
    units = {"R-XIX": "1005", "R-1G": "1005", "G-35R": "0904", "G-36R": "0905"}
    st = fight(position, north(**units))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-35R", "G-36R"])  # 8 to 13: 1-2, die 1: -/1
    resolve(st, "central")
    assert stage(st) == "def_affected"
    assert {a.get("unit") for a in st.legal_actions("allied")} == {"R-XIX", "R-1G"}
    choose(st, "allied", "affect", unit="R-XIX")  # its 4 steps are all that is affected
    assert stage(st) == "def_option"
    assert st.top()["def_affected"] == ["R-XIX"]
    choose(st, "allied", "option", index=0)  # half of the 4 affected steps: 2
    assert "2 to go" in st.view("allied")["prompt"]
    # taken from any unit of the affected stack (8.9 Explanation)
    assert {a["unit"] for a in st.legal_actions("allied")} == {"R-XIX", "R-1G"}
    choose(st, "allied", "lose", unit="R-1G")
    choose(st, "allied", "lose", unit="R-XIX")
    assert (lost(st, "R-1G"), lost(st, "R-XIX")) == (1, 1)


def test_8_9_affected_units_are_chosen_until_they_hold_the_affected_steps(
    position: Any, fixed_dice: Any
) -> None:
    units = {"R-XIX": "1005", "R-1G": "1005", "G-35R": "0904", "G-36R": "0905"}
    st = fight(position, north(**units))
    fixed_dice(1)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    choose(st, "allied", "affect", unit="R-1G")  # 2 steps: 2 more are needed
    # the corps is the only unit left to choose: it is added without asking
    assert st.top()["def_affected"] == ["R-1G", "R-XIX"]
    assert stage(st) == "def_option"


def test_8_9_a_larger_force_loses_only_the_affected_steps_on_e(
    position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # A FICTIONAL weak Russian corps (four 1-1 steps) against G-35R (4, two steps): 4 to 1,
    # 4-1, die 1: -/E.  The corps is the larger force: only 2 of its steps are affected.
    counters = _write_counters(tmp_path, WEAK_CORPS)
    st = fight(
        position,
        north(**{"T-WEAK": "1005", "G-35R": "0904"}),
        counters=(COUNTERS, counters),
    )
    fixed_dice(1)
    odds = attack(st, "central", "1005", ["G-35R"])
    assert odds["column"] == "4-1"
    resolve(st, "central")
    assert alive(st, "T-WEAK") and lost(st, "T-WEAK") == 2


def test_8_9_a_larger_attacker_chooses_which_units_lose(position: Any, fixed_dice: Any) -> None:
    units = {"R-1G": "1005", "G-I": "0904", "G-35R": "0905"}
    st = fight(position, north(**units))
    fixed_dice(4)
    attack(st, "central", "1005", ["G-I", "G-35R"])  # 12 to 5: 2-1, die 4: 1/1 (prov.)
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # R-1G loses 1 of its 2 (all affected)
    assert st.active_roles() == ["central"] and stage(st) == "att_losses"
    assert {a["unit"] for a in st.legal_actions("central")} == {"G-I", "G-35R"}
    choose(st, "central", "lose", unit="G-35R")  # half of the 2 affected steps: 1
    assert lost(st, "G-35R") == 1 and lost(st, "G-I") == 0


def test_8_9_attacker_result_2_eliminates_a_smaller_attacker(
    position: Any, fixed_dice: Any
) -> None:
    st = fight(position, north(**{"R-3S": "1005", "G-LW7": "0904"}))
    fixed_dice(4)
    odds = attack(st, "central", "1005", ["G-LW7"])  # 1 to 4: 1-4, die 4: 2/- (prov.)
    assert odds["column"] == "1-4"
    resolve(st, "central")
    assert not alive(st, "G-LW7")
    assert alive(st, "R-3S") and lost(st, "R-3S") == 0


# --- 10.2, 10.4, 10.5: command in the odds (arithmetic and patched command) ---------------


def test_10_21_a_2_1_attack_shifted_two_columns_is_4_1(
    position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert crt.odds_label(crt.label_ordinal("2-1") + 2) == "4-1"
    # the command module decides which HQs may shift (its own tests cover that): patched
    # here to offer AOK Nord's shift of 2
    monkeypatch.setattr(
        command,
        "shift_candidates",
        lambda st, attackers, used, busy=(): (
            [{"hq": "G-HQ-AOK", "level": "army", "shift": 2}]
            if attackers and "G-HQ-AOK" not in used
            else []
        ),
    )
    units = {"R-1G": "1005", "G-I": "0904", "G-35R": "0905", "G-HQ-AOK": "0805"}
    st = fight(position, north(**units))
    odds = attack(st, "central", "1005", ["G-I", "G-35R"])
    assert odds["odds"] == "2-1"  # 12 to 5
    st.apply("central", {"type": "add_shift", "hq": "G-HQ-AOK", "shift": 2})
    odds = st.view("central")["combat"]
    assert (odds["odds"], odds["final_odds"], odds["column"]) == ("2-1", "4-1", "4-1")
    assert odds["shifts"][0]["case"] == "10.21"


def test_10_21_the_shift_shown_is_the_shift_resolved(position: Any, fixed_dice: Any) -> None:
    # AOK Nord (army HQ, shift 2) in 0805 has both attackers within its radius: 12 to 5
    # is 2-1, shifted two columns to 4-1.  Resolved with a die of 1: the 4-1 column's
    # -/E (at 2-1 it would be -/3), so the Russian division is eliminated.  (The shift
    # was once shown in the preview and dropped at resolution.)
    units = {"R-1G": "1005", "G-I": "0904", "G-35R": "0905", "G-HQ-AOK": "0805"}
    st = fight(position, north(**units))
    assert_in_supply(st, "R-1G", "G-I", "G-35R")
    assert_in_radius(st, "R-1G")
    attack(st, "central", "1005", ["G-I", "G-35R"])
    choose(st, "central", "add_shift", hq="G-HQ-AOK")
    shown = st.view("central")["combat"]
    assert (shown["odds"], shown["final_odds"], shown["column"]) == ("2-1", "4-1", "4-1")
    fixed_dice(1)
    resolve(st, "central")
    entry = attack_log(st)
    assert "12 to 5 (2-1), +2 shift of AOK Nord (army HQ), column 4-1, die 1: -/E" in entry["text"]
    assert entry["ruling"]["numbers"]["shifts"] == [["G-HQ-AOK", 2]]
    assert entry["ruling"]["numbers"]["column"] == shown["column"]
    assert not alive(st, "R-1G")
    assert lost(st, "G-I") == 0 and lost(st, "G-35R") == 0
    # the shift is spent for the rest of the phase (10.21), after the numbers were taken
    assert "G-HQ-AOK" in segment(st)["shifts_used"]


def test_10_21_the_combat_view_names_the_hq_that_gives_each_shift(position: Any) -> None:
    # the shift's source is an HQ id in the rules' report; the view adds the HQ's name
    # for every client (the browser's column shifts once read "G-HQ-AOK +2")
    units = {"R-1G": "1005", "G-I": "0904", "G-35R": "0905", "G-HQ-AOK": "0805"}
    st = fight(position, north(**units))
    attack(st, "central", "1005", ["G-I", "G-35R"])
    choose(st, "central", "add_shift", hq="G-HQ-AOK")
    for role in ("central", "allied"):
        (shift,) = st.view(role)["combat"]["shifts"]
        assert shift["hq"] == "G-HQ-AOK" and shift["shift"] == 2 and shift["case"] == "10.21"
        assert shift["name"] == U.info(st, "G-HQ-AOK").name == "AOK Nord (army HQ)"
    # the rules' own report (what the resolution applies and the log names) is unchanged
    assert "name" not in assess(st, segment(st), st.top())["shifts"][0]


def test_10_23_a_heroic_leader_does_not_attack_alone(position: Any, refuse: Refuse) -> None:
    # Gruppe Falk with 4 stacking points in 0905 adds its 2; but alone it is no attack
    units = {"R-1G": "1005", "G-HQ-FALK": "0905", "G-35R": "0905", "G-36R": "0905"}
    st = fight(position, north(**units))
    odds = attack(st, "central", "1005", ["G-HQ-FALK"])
    assert odds["legal"] is False
    assert refuse(st, "central", {"type": "resolve"}).case == "10.23"
    st.apply("central", {"type": "add_attacker", "unit": "G-35R"})
    assert st.view("central")["combat"]["attack"] == 2 + 4


def test_10_43_results_worsen_for_tcr_3_4_units(
    position: Any, fixed_dice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert [crt.worsen(r, False) for r in ("-", "1", "2", "3", "E")] == ["-", "2", "3", "E", "E"]
    assert [crt.worsen(r, True) for r in ("-", "1", "2")] == ["-", "2", "E"]
    # whether a defender is beyond every HQ's radius is the command module's to say: patched
    monkeypatch.setattr(command, "result_worsens", lambda st, uid, attacking: not attacking)
    st = fight(position, north(**{"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}))
    fixed_dice(2)
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    resolve(st, "central")  # 3-1, die 2: -/2, worsened to -/3
    assert st.view("allied")["combat"]["result"] == "-/3"
    assert logged(st, "10.43")


def test_10_53_hq_defense_is_doubled_in_a_city(
    position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # whether the HQ adds its Combat Strength is the command module's to say: patched to 1
    monkeypatch.setattr(command, "hq_defense", lambda st, hex_label, defenders: 1)
    units = {"R-62R": "1302", "R-HQ-XIX": "1302", "G-36R": "1202"}
    st = fight(position, {**units, **SPARE, **DEPOT})
    odds = attack(st, "central", "1302", ["G-36R"])
    hq = next(d for d in odds["defenders"] if "hq" in d)
    assert hq["strength"] == 2 and {"10.53", "5.4"} <= modifier_cases(hq)
    assert odds["defense"] == 8 + 2


# --- 12.21 cavalry combat limitations -------------------------------------------------------


def _cavalry_attack(position: Any, target: dict[str, str], attackers: dict[str, str]) -> Any:
    """The Russians attack 1105 from 1106 and 1006, next to their rail at 1106/1007."""
    st = fight(position, {**target, **attackers, **SPARE}, phasing="allied")
    return st, attack(st, "allied", "1105", list(attackers))


def test_12_21_cavalry_needs_4_to_attack_with_1(position: Any) -> None:
    # two cavalry divisions (2 + 2) against a Landwehr regiment: 4 reduced by 75% is 1
    st, odds = _cavalry_attack(position, {"G-LW7": "1105"}, {"R-7C": "1106", "R-DC": "1006"})
    assert_in_supply(st, "R-7C", "R-DC")
    assert odds["cavalry"] == {
        "total": 4,
        "reduced_to": 1,
        "case": "12.21",
        "why": odds["cavalry"]["why"],
    }
    assert (odds["attack"], odds["defense"], odds["odds"]) == (1, 2, "1-2")


def test_12_21_fractions_of_cavalry_strength_are_ignored(position: Any, refuse: Refuse) -> None:
    # one division: 2 reduced by 75% is 0.5, ignored: no attack strength at all
    st, odds = _cavalry_attack(position, {"G-LW7": "1105"}, {"R-7C": "1106"})
    assert odds["attack"] == 0 and odds["legal"] is False and odds["case"] == "8.12"
    assert refuse(st, "allied", {"type": "resolve"}).case == "8.12"


def test_12_21_full_strength_against_cavalry_depots_and_hqs(position: Any) -> None:
    _, odds = _cavalry_attack(position, {"G-1K": "1105"}, {"R-7C": "1106", "R-DC": "1006"})
    assert "cavalry" not in odds and odds["attack"] == 4
    _, odds = _cavalry_attack(
        position, {"G-D1": "1105", "G-HQ-XVII": "1105"}, {"R-7C": "1106", "R-DC": "1006"}
    )
    assert "cavalry" not in odds and (odds["attack"], odds["odds"]) == (4, "4-1")


def test_12_21_only_the_cavalry_is_reduced(position: Any) -> None:
    _, odds = _cavalry_attack(position, {"G-35R": "1105"}, {"R-1G": "1106", "R-7C": "1006"})
    # the Guards' 4 stay whole; the cavalry's 2 are reduced to 0
    assert odds["cavalry"]["reduced_to"] == 0 and odds["attack"] == 4


def test_12_21_a_fortress_is_not_cavalry(position: Any) -> None:
    # German cavalry against Russian cavalry in the Zalesie fortress (1312): reduced
    units = {"R-7C": "1312", "G-1K": "1212", "G-D1": "1010"}
    st = fight(position, {**units, **SPARE})
    odds = attack(st, "central", "1312", ["G-1K"])
    assert odds["cavalry"]["case"] == "12.21"


# --- 5.36 entrained units ---------------------------------------------------------------------


def test_5_36_entrained_units_defend_at_half_and_detrain_when_attacked(
    position: Any, fixed_dice: Any
) -> None:
    units = {"R-1G": {"hex": "1005", "markers": ["entrained"]}, "G-I": "0904"}
    st = fight(position, north(**units))
    odds = attack(st, "central", "1005", ["G-I"])
    (defender,) = odds["defenders"]
    assert (defender["printed"], defender["strength"]) == (5, 2)  # half of 5, rounded down
    assert "5.36" in modifier_cases(defender)
    assert odds["odds"] == "4-1"
    fixed_dice(5)
    resolve(st, "central")
    assert not U.has_marker(st, "R-1G", "entrained")
    assert logged(st, "5.36")


def test_5_36_entrained_units_may_not_attack(position: Any, refuse: Refuse) -> None:
    units = {"R-1G": "1005", "G-I": {"hex": "0904", "markers": ["entrained"]}, "G-35R": "0905"}
    st = fight(position, north(**units))
    st.apply("central", {"type": "declare", "target": "1005"})
    adders = [a["unit"] for a in st.legal_actions("central") if a["type"] == "add_attacker"]
    assert adders == ["G-35R"]
    assert refuse(st, "central", {"type": "add_attacker", "unit": "G-I"}).case == "5.36"


# --- assessment without the frame ----------------------------------------------------------


def test_8_4_assessment_is_plain_data(position: Any) -> None:
    import json

    st = fight(position, north(**{"R-1G": "1005", "G-I": "0904"}))
    report = assess(
        st,
        {"side": "central", "shifts_used": []},
        {"side": "central", "targets": ["1005"], "attackers": ["G-I"], "shifts": []},
    )
    assert json.loads(json.dumps(report)) == report


# --- FICTIONAL counters for these tests ---------------------------------------------------

WEAK_CORPS = """
[[counter]]
id = "T-WEAK"
name = "Test corps of four weak steps (fictional)"
side = "allied"
nationality = "russia"
type = "infantry"
size = "corps"
movement = 4
steps = [[1, 1], [1, 1], [1, 1], [1, 1]]
setup = "2016"
"""


def _write_counters(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "more-counters.toml"
    path.write_text(text, encoding="utf-8")
    return path
