"""Every rule that changes a combat's result, tested at resolution (issue 11).

A preview or an offered action proves nothing about the ruling: here each rule's
attack is declared, resolved with fixed dice chosen so that the rule's effect changes
the Combat Results Table's outcome, and the test asserts the logged numbers (the 8.8
entry's text and its ``ruling["numbers"]``) and what follows from them (steps lost,
eliminations, the options offered).  Each test says what the result would have been
without the rule.

Positions are on the FICTIONAL teaching map (see test_combat.py for the northern arena
around 1005).  The table (8.8, grid index by TCR: TCR 1 columns start at 1-4, TCR 2-3
at 1-3, TCR 4 at 1-2) reads, for the die rolls used here::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
    die 2: 1/1 1/1 1/1 1/2 -/2 -/2 -/E -/E
    die 3: 1/- 1/1 1/1 1/1 1/2 -/2 -/3 -/E   (provisional from the fifth column)
    die 4: 2/- 1/- 1/- 1/1 1/1 1/2 -/2 -/3   (provisional)

Fights where the Russians attack use ``SPARE`` (and no HQ: attacking units are in
command unless marked out of it, 10.42); Russian defenders are kept within an HQ's
Command Radius unless a test is about 10.43.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit import (
    BROOK_AT_WOLNOWO,
    DEPOT,
    SPARE,
    Refuse,
    alive,
    assert_in_radius,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    attack_log,
    choose,
    fight,
    logged,
    lose_steps,
    lost,
    map_with,
    north,
    numbers,
    passenger_position,
    resolve,
    resolve_with,
    stage,
    where,
)

from greatwar import State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import command, supply
from greatwar.rules.gwite.combat import segment

OUT_OF_COMMAND = {"markers": [command.OUT_OF_COMMAND]}


def at(hex_label: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hex_label, **extra}


def option_indexes(st: State, role: str) -> list[int]:
    """The options of 8.9 the combat result offers ``role`` now."""
    return [a["index"] for a in st.legal_actions(role) if a["type"] == "option"]


def index_of(st: State, case: str, *, rolls: bool = False, text: str = "") -> int:
    """Position in the log of the first entry of ``case`` (a die roll if ``rolls``)."""
    return next(
        i
        for i, e in enumerate(st.data["log"])
        if e.get("case") == case and ("roll" in e) == rolls and text in e["text"]
    )


def attrition_rolls(st: State) -> list[int]:
    return [e["roll"] for e in st.data["log"] if e.get("case") == "9.23" and "roll" in e]


# --- 5.36 entrained defenders -------------------------------------------------------------------


def test_5_36_an_entrained_defender_is_halved_then_detrained_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The 1st Guards, entrained in 1005, defend with 2 of their 5: the I Corps' 8 to 2 is
    # 4-1, where a die of 1 reads -/E (at 8 to 5, 1-1, it would be -/2, with options).
    units = {"R-1G": at("1005", markers=["entrained"]), "G-I": "0904"}
    st = fight(position, north(**units))
    assert_in_supply(st, "R-1G", "G-I")
    assert_in_radius(st, "R-1G")
    shown = attack(st, "central", "1005", ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 2 (4-1), column 4-1, die 1: -/E" in entry["text"]
    assert numbers(entry)["defense"] == 2
    assert_resolved_as_shown(shown, entry)
    assert not alive(st, "R-1G") and lost(st, "G-I") == 0
    # detrained when attacked: after the odds were taken, before the die
    assert index_of(st, "5.36") < index_of(st, "8.8", rolls=True)


def test_5_36_an_entrained_defender_in_a_city_is_halved_before_it_is_doubled(
    position: Any, fixed_dice: Any
) -> None:
    # (docs/readings.md) The 1st Guards entrained in Wolnowo: 5 halved to 2 (rounded down),
    # then doubled by the City, 4.  The reserve divisions' 8 to 4 is 2-1, die 1: -/3
    # (doubled first, 10 halved is 5: 8 to 5, 1-1, -/2).
    units = {"R-1G": at("1302", markers=["entrained"]), "R-HQ-XIX": "1404"}
    st = fight(position, {**units, "G-35R": "1202", "G-36R": "1203", **SPARE, **DEPOT})
    assert_in_radius(st, "R-1G")
    shown = attack(st, "central", "1302", ["G-35R", "G-36R"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 4 (2-1), column 2-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1]  # a 3's two options
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-1G")


# --- 5.4 terrain effects on combat ---------------------------------------------------------------


def test_5_4_a_minor_river_halves_the_attacker_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The Sereth runs between 1205 and 1105: the XIX Corps attacks across it with 3 of its
    # 6, the 1st Guards from 1106 with their 4.  7 to 5 is 1-1 (TCR 3), die 1: -/1;
    # unhalved, 10 to 5 would be 2-1 and -/2.
    units = {"G-35R": "1105", "R-XIX": "1205", "R-1G": "1106"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    assert_in_supply(st, "R-XIX", "R-1G")
    shown = attack(st, "allied", "1105", ["R-XIX", "R-1G"])
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "7 to 5 (1-1), column 1-1, die 1: -/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "central") == [0, 1]  # a 1's two options, not a 2's three
    choose(st, "central", "option", index=0)  # half of its two affected steps
    assert lost(st, "G-35R") == 1 and where(st, "G-35R") == "1105"
    assert lost(st, "R-XIX") == lost(st, "R-1G") == 0


def test_5_4_the_terrain_table_decides_the_terrain_combat_effects(
    position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # the combat effects are data: a copy of the terrain table that triples units in Clear
    # terrain triples the 1st Guards' 5 in 1005 — in the preview and at resolution: 16 to
    # 15 is 1-1, die 1: -/2 (with the shipped table, 16 to 5, 3-1: -/3)
    table = (DATA_ROOT / "gwite" / "terrain.toml").read_text(encoding="utf-8")
    assert '[terrain.clear]\nname = "Clear"\n' in table
    tripled = '{ factor = 3, why = "in open ground: tripled (test)", case = "5.4" }'
    table = table.replace(
        '[terrain.clear]\nname = "Clear"\n',
        f'[terrain.clear]\nname = "Clear"\ndefense = {tripled}\n',
    )
    (tmp_path / "terrain.toml").write_text(table, encoding="utf-8")
    units = {"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004"}
    st = fight(position, north(**units), terrain_table=tmp_path / "terrain.toml")
    shown = attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    assert shown["defenders"][0]["modifiers"][-1]["why"] == "in open ground: tripled (test)"
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "16 to 15 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1, 2]  # a 2's three options


def test_5_4_a_city_doubles_the_defender_at_resolution(position: Any, fixed_dice: Any) -> None:
    # Wolnowo (1302) is a City: the 62nd Reserve's 4 are 8.  The two reserve divisions'
    # 8 to 8 is 1-1, where a die of 2 reads 1/2; at 8 to 4, 2-1, it would be -/2 and the
    # Germans would lose nothing.
    units = {"R-62R": "1302", "R-HQ-XIX": "1404", "G-35R": "1202", "G-36R": "1203"}
    st = fight(position, {**units, **SPARE, **DEPOT})
    assert_in_supply(st, "G-35R", "G-36R")
    assert_in_radius(st, "R-62R")
    shown = attack(st, "central", "1302", ["G-35R", "G-36R"])
    entry = resolve_with(st, "central", fixed_dice, 2)
    assert "8 to 8 (1-1), column 1-1, die 2: 1/2" in entry["text"]
    assert numbers(entry)["defense"] == 8
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # all affected units eliminated
    assert not alive(st, "R-62R")
    # the Attacker's 1: half of the two affected steps, from a unit of his choice
    assert stage(st) == "att_losses"
    lose_steps(st, "central", "G-36R")
    assert (lost(st, "G-35R"), lost(st, "G-36R")) == (0, 1)


def test_5_4_mountain_doubles_the_defender_at_resolution(position: Any, fixed_dice: Any) -> None:
    # 1614 is Mountain (provisional: it doubles the defender, docs/readings.md): the 35th
    # Reserve's 5 are 10.  The two Russian corps' 12 to 10 is 1-1 (TCR 3), die 1: -/1; at
    # 12 to 5, 2-1, it would be -/2.
    units = {"G-35R": "1614", "R-XIX": "1713", "R-V": "1514"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    assert_in_supply(st, "R-XIX", "R-V")
    shown = attack(st, "allied", "1614", ["R-XIX", "R-V"])
    (defender,) = shown["defenders"]
    assert defender["strength"] == 10 and defender["modifiers"][0]["provisional"] is True
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "12 to 10 (1-1), column 1-1, die 1: -/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)
    assert lost(st, "G-35R") == 1 and where(st, "G-35R") == "1614"


def test_5_4_a_ridge_adds_one_to_the_die_at_resolution(position: Any, fixed_dice: Any) -> None:
    # The Hohe Kamm runs between 1513 and 1514: 7 to 5 is 1-1 (TCR 3); a die of 1 + 1 reads
    # the die-2 line, 1/1, where the die alone gives -/1 and the Russians would lose nothing.
    units = {"G-35R": "1514", "R-1G": "1513", "R-3S": "1513"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    shown = attack(st, "allied", "1514", ["R-1G", "R-3S"])
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "7 to 5 (1-1), column 1-1, die 1 +1: 1/1." in entry["text"]
    assert numbers(entry)["die_modifiers"] == [["5.4", 1]]
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)  # half of its two affected steps
    assert lost(st, "G-35R") == 1
    # the Attacker's 1: half of the two affected steps
    lose_steps(st, "allied", "R-3S")
    assert (lost(st, "R-1G"), lost(st, "R-3S")) == (0, 1)


def test_5_4_a_major_river_adds_two_to_the_die_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The Kessel runs between 1009 and 1010 (provisional: +2 to the die, docs/readings.md):
    # the I Corps' 8 to the Siberians' 4 is 2-1; a die of 1 + 2 reads the die-3 line, 1/2
    # (a provisional entry), where the die alone gives -/3 and the Germans lose nothing.
    units = {"R-3S": "1010", "R-HQ-XIX": "1110", "G-I": "1009"}
    st = fight(position, {**units, **SPARE})
    assert_in_supply(st, "G-I")
    assert_in_radius(st, "R-3S")
    shown = attack(st, "central", "1010", ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert (
        "8 to 4 (2-1), column 2-1, die 1 +2: 1/2"
        " (provisional table entry; provisional die modifier)." in entry["text"]
    )
    assert numbers(entry)["die_modifiers"] == [["5.4", 2]]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1, 2]  # a 2's three options
    choose(st, "allied", "option", index=0)  # all affected units eliminated
    assert not alive(st, "R-3S")
    assert lost(st, "G-I") == 1  # the Attacker's 1: half of the two affected steps


def test_5_4_terrain_effects_are_cumulative_at_resolution(
    position: Any, fixed_dice: Any, tmp_path: Path
) -> None:
    # 5.4 Notes: a FICTIONAL Minor River between 1202 and Wolnowo (a City).  The 36th
    # Reserve's 4 halved to 2 against the 62nd Reserve's 4 doubled to 8: 1-4, the TCR 1
    # table's lowest column, die 1: 1/1 (either effect alone: 1-2, -/1).
    units = {"R-62R": "1302", "R-HQ-XIX": "1404", "G-36R": "1202"}
    st = fight(position, {**units, **SPARE, **DEPOT}, map_path=map_with(tmp_path, BROOK_AT_WOLNOWO))
    assert_in_supply(st, "G-36R")
    assert_in_radius(st, "R-62R")
    shown = attack(st, "central", "1302", ["G-36R"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "2 to 8 (1-4), column 1-4, die 1: 1/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # half of the two affected steps
    assert lost(st, "R-62R") == 1 and lost(st, "G-36R") == 1


# --- 8.2 multiple unit and multi-hex combat -------------------------------------------------------


def test_8_21_every_unit_of_the_hex_defends_at_resolution(position: Any, fixed_dice: Any) -> None:
    # The Guards and the Siberians in 1005 defend together: the I Corps' 8 to 9 is 1-2, die
    # 1: -/1 (against the Guards alone, 8 to 5, 1-1, it would be -/2).
    st = fight(position, north(**{"R-1G": "1005", "R-3S": "1005", "G-I": "0904"}))
    shown = attack(st, "central", "1005", ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 9 (1-2), column 1-2, die 1: -/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    # four defending steps against four: all affected; half of them, from either unit
    choose(st, "allied", "option", index=0)
    lose_steps(st, "allied", "R-3S", "R-3S")
    assert not alive(st, "R-3S") and lost(st, "R-1G") == 0


def test_8_23_one_attack_on_two_hexes_totals_both_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # 12 against the Guards (1005) and the Siberians (1006) together: 12 to 9, 1-1, die 1:
    # -/2 (against 1005 alone 12 to 5, 2-1, it would be -/3).
    units = {"R-1G": "1005", "R-3S": "1006", "G-36R": "0905", "G-I": "1105"}
    st = fight(position, north(**units))
    assert_in_supply(st, "G-36R", "G-I")
    assert_in_radius(st, "R-1G", "R-3S")
    shown = attack(st, "central", "1005", ["G-36R", "G-I"], more_targets=("1006",))
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "attack 1005, 1006: 12 to 9 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    # one option for the whole defending force (8.9): both hexes' units are eliminated
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-1G") and not alive(st, "R-3S")
    assert lost(st, "G-36R") == lost(st, "G-I") == 0
    assert logged(st, "8.75")  # a last stand in supply: no advance into either hex


# --- 8.4, 8.8 the odds column and the attacker's TCR ----------------------------------------------

#: the XIX Corps (8) in 0811, within the XIX Corps HQ's radius from 0911
TCR_ARENA = {"R-XIX": "0811", "R-HQ-XIX": "0911", **SPARE}


def _tcr_attack(position: Any, fixed_dice: Any, attackers: dict[str, str]) -> tuple[State, Any]:
    """An attack on the XIX Corps in 0811, resolved with a die of 1."""
    st = fight(position, {**TCR_ARENA, **attackers})
    assert_in_supply(st, *attackers)
    assert_in_radius(st, "R-XIX")
    shown = attack(st, "central", "0811", list(attackers))
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert_resolved_as_shown(shown, entry)
    return st, entry


def test_8_4_a_tcr_1_attacker_reads_its_own_row(position: Any, fixed_dice: Any) -> None:
    # the German I Corps' 8 to 8 is 1-1: on the TCR 1 row a die of 1 reads -/2
    st, entry = _tcr_attack(position, fixed_dice, {"G-I": "0810"})
    assert "8 to 8 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert numbers(entry)["tcr"] == 1
    choose(st, "allied", "option", index=0)  # all affected units eliminated
    assert not alive(st, "R-XIX") and lost(st, "G-I") == 0


def test_8_4_a_tcr_4_attacker_at_the_same_odds_fares_worse(position: Any, fixed_dice: Any) -> None:
    # the Austro-Hungarian VI Corps and 12th Division: 9 to 8, 1-1 too, but on the TCR 4
    # row (which starts at 1-2) a die of 1 reads 1/1
    st, entry = _tcr_attack(position, fixed_dice, {"AH-VI": "0711", "AH-12": "0710"})
    assert "9 to 8 (1-1), column 1-1, die 1: 1/1" in entry["text"]
    assert numbers(entry)["tcr"] == 4
    choose(st, "allied", "option", index=0)  # half of the four affected steps
    assert lost(st, "R-XIX") == 2
    lose_steps(st, "central", "AH-12", "AH-12")  # and the Attacker half of them too
    assert not alive(st, "AH-12") and lost(st, "AH-VI") == 0


def test_8_4_mixed_attackers_use_the_worst_tcr_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # the I Corps (TCR 1) with the 12th Division (TCR 4): 11 to 8, 1-1 on the TCR 4 row,
    # die 1: 1/1 (the TCR 1 row would give -/2)
    st, entry = _tcr_attack(position, fixed_dice, {"G-I": "0810", "AH-12": "0710"})
    assert "11 to 8 (1-1), column 1-1, die 1: 1/1" in entry["text"]
    assert numbers(entry)["tcr"] == 4
    choose(st, "allied", "option", index=0)
    assert lost(st, "R-XIX") == 2
    lose_steps(st, "central", "G-I", "G-I")
    assert lost(st, "G-I") == 2 and lost(st, "AH-12") == 0


def test_8_8_odds_above_the_table_are_resolved_on_its_highest_column(
    position: Any, fixed_dice: Any
) -> None:
    # 16 to 2 is 8-1; the TCR 1 table ends at 5-1, whose die-4 entry is -/3 (4-1's is -/2)
    st = fight(position, north(**{"R-RR1": "1005", "G-I": "0904", "G-XVII": "0905"}))
    assert_in_radius(st, "R-RR1")
    shown = attack(st, "central", "1005", ["G-I", "G-XVII"])
    entry = resolve_with(st, "central", fixed_dice, 4)
    assert "16 to 2 (8-1), column 5-1, die 4: -/3 (provisional table entry)." in entry["text"]
    assert (numbers(entry)["final_odds"], numbers(entry)["column"]) == ("8-1", "5-1")
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1]  # a 3's two options
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-RR1")


# --- 8.66 units that retreated into a stack -----------------------------------------------------


def test_8_66_a_retreated_unit_adds_no_strength_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The Siberians retreated into the Guards' hex (1105).  The I Corps' 8 to the Guards'
    # 5 alone is 1-1, die 1: -/2 (with the Siberians' 4, 8 to 9 would be 1-2 and -/1).
    st = passenger_position(position, fixed_dice, 1)
    shown = attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    entry = attack_log(st)
    assert "attack 1105: 8 to 5 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # the Guards stand and are eliminated ...
    assert not alive(st, "R-1G")
    assert not alive(st, "R-3S")  # ... and the Siberians share their stack's fate
    assert logged(st, "8.66")


# --- 9.2 effects of being out of supply -----------------------------------------------------------

#: deep in the west, Russian units have no line of supply (9.12); the Landwehr regiment
#: in 0202 (defense 2) is adjacent to both 0301 and 0302
WEST_TARGET = {"G-LW7": "0202", **SPARE}


def test_9_21_out_of_supply_attackers_are_halved_never_below_one_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The XIX Corps' 6 is halved to 3, the 1st Rifle Regiment's 1 stays 1: 4 to 2 is 2-1
    # (TCR 3), die 1: -/2.  In supply (7 to 2, 3-1) it would be -/3; with the regiment
    # halved to 0 (3 to 2, 1-1), -/1.
    st = fight(position, {**WEST_TARGET, "R-XIX": "0302", "R-RR1": "0301"}, phasing="allied")
    assert not supply.in_supply(st, "R-XIX") and not supply.in_supply(st, "R-RR1")
    shown = attack(st, "allied", "0202", ["R-XIX", "R-RR1"])
    # two attrition rolls (9.23), both 6: no effect; then the attack's die
    entry = resolve_with(st, "allied", fixed_dice, 6, 6, 1)
    assert attrition_rolls(st) == [6, 6]
    assert "4 to 2 (2-1), column 2-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert not any("alters" in e for e in st.data["log"])  # attrition changed nothing
    choose(st, "central", "option", index=0)
    assert not alive(st, "G-LW7")
    assert lost(st, "R-XIX") == lost(st, "R-RR1") == 0


def test_9_23_attrition_comes_before_the_odds_are_computed(position: Any, fixed_dice: Any) -> None:
    # The XIX Corps alone, out of supply: the preview shows 3 (6 halved) to 2, 1-1.  Its
    # attrition roll of 2 costs half its four steps first; the odds are then taken on its
    # weakened side: 3 halved to 1, 1 to 2, 1-2, die 1: 1/1 (at 1-1 it would be -/1).
    st = fight(position, {**WEST_TARGET, "R-XIX": "0302"}, phasing="allied")
    shown = attack(st, "allied", "0202", ["R-XIX"])
    assert (shown["attack"], shown["odds"]) == (3, "1-1")
    entry = resolve_with(st, "allied", fixed_dice, 2, 1)
    assert "1 to 2 (1-2), column 1-2, die 1: 1/1" in entry["text"]
    assert (numbers(entry)["attack"], numbers(entry)["column"]) == (1, "1-2")
    (alters,) = [e for e in st.data["log"] if "alters" in e]
    assert alters["case"] == "9.23" and alters["alters"] == entry["ruling"]["key"]
    assert "XIX Corps has 2 steps left of 4" in alters["text"]
    assert index_of(st, "9.23", text="Attrition before the odds") < index_of(st, "8.8", rolls=True)
    choose(st, "central", "option", index=0)  # the Landwehr's one affected step
    assert not alive(st, "G-LW7")
    assert lost(st, "R-XIX") == 2 + 1  # attrition, then the Attacker's 1


def test_9_23_an_attacker_lost_to_attrition_makes_no_attack(position: Any, fixed_dice: Any) -> None:
    # the 1st Rifle Regiment alone (1 to 2, 1-2): its attrition roll of 3 eliminates it;
    # the attack falls through and no die is rolled for it
    st = fight(position, {**WEST_TARGET, "R-RR1": "0301"}, phasing="allied")
    assert attack(st, "allied", "0202", ["R-RR1"])["legal"] is True
    fixed_dice(3)
    resolve(st, "allied")
    assert not alive(st, "R-RR1")
    assert lost(st, "G-LW7") == 0
    assert any("falls through" in t for t in logged(st, "9.23"))
    assert not any("ruling" in e for e in st.data["log"])  # no odds were taken
    assert st.top()["kind"] == "combat_resolution"


def test_9_23_attrition_may_leave_odds_below_the_table(position: Any, fixed_dice: Any) -> None:
    # the XIX Corps, out of supply, against the I Corps (8): 3 to 8 is 1-3, the TCR 3 row's
    # lowest column.  Its attrition roll of 1 leaves it 3 halved to 1: 1 to 8 is below the
    # (table, 8.8).  The XIX Corps HQ stacked with it lends its shift, which does not help:
    # the lowest column is checked before shifts (docs/readings.md).
    units = {"G-I": "0202", "R-XIX": "0302", "R-HQ-XIX": "0302", **SPARE}
    st = fight(position, units, phasing="allied")
    attack(st, "allied", "0202", ["R-XIX"])
    choose(st, "allied", "add_shift", hq="R-HQ-XIX")
    shown = st.view("allied")["combat"]
    assert (shown["odds"], shown["column"]) == ("1-3", "1-2")
    fixed_dice(1)
    resolve(st, "allied")
    assert lost(st, "R-XIX") == 2 and lost(st, "G-I") == 0
    assert any("cannot be made" in t and "1-8" in t for t in logged(st, "8.8"))
    assert [e for e in st.data["log"] if e.get("case") == "8.8" and "roll" in e] == []
    # (docs/readings.md) the attack was committed: the corps has attacked this phase and
    # the HQ's shift is spent; the I Corps has not been attacked
    assert "R-XIX" in segment(st)["attacked"]
    assert "R-HQ-XIX" in segment(st)["shifts_used"]
    assert "G-I" not in segment(st)["defended"]


def test_9_24_a_heroic_leader_attacking_out_of_supply_neither_rolls_nor_is_halved(
    position: Any, fixed_dice: Any
) -> None:
    # General Orlov (heroic, 2) with the XIX Corps in 0302: the corps rolls for attrition
    # (a 6, no effect) and is halved to 3; Orlov rolls nothing (9.24) and adds its whole 2
    # (10.51): 5 to 2 is 2-1, die 1: -/2.  (Were Orlov to roll, the die of 1 would be
    # taken for its attrition and the test would run out of dice.)
    st = fight(position, {**WEST_TARGET, "R-XIX": "0302", "R-HQ-ORLOV": "0302"}, phasing="allied")
    shown = attack(st, "allied", "0202", ["R-XIX", "R-HQ-ORLOV"])
    entry = resolve_with(st, "allied", fixed_dice, 6, 1)
    assert attrition_rolls(st) == [6]
    assert "5 to 2 (2-1), column 2-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)
    assert not alive(st, "G-LW7") and lost(st, "R-XIX") == 0


# --- 10.2 HQ units in combat ---------------------------------------------------------------


def test_10_22_an_army_and_a_corps_shift_are_both_resolved(position: Any, fixed_dice: Any) -> None:
    # AOK Nord (army, 2) and the XVII Corps HQ (corps, 1) in 0805 both reach the I Corps in
    # 0904: 8 to 5 (1-1) shifted three columns is 4-1, die 1: -/E (one shift alone: 3-1 or
    # 2-1, -/3).
    units = {"R-1G": "1005", "G-I": "0904", "G-HQ-AOK": "0805", "G-HQ-XVII": "0805"}
    st = fight(position, north(**units))
    assert_in_radius(st, "R-1G")
    attack(st, "central", "1005", ["G-I"])
    choose(st, "central", "add_shift", hq="G-HQ-AOK")
    choose(st, "central", "add_shift", hq="G-HQ-XVII")
    shown = st.view("central")["combat"]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert (
        "8 to 5 (1-1), +2 shift of AOK Nord (army HQ), +1 shift of XVII Corps HQ,"
        " column 4-1, die 1: -/E" in entry["text"]
    )
    assert numbers(entry)["shifts"] == [["G-HQ-AOK", 2], ["G-HQ-XVII", 1]]
    assert_resolved_as_shown(shown, entry)
    assert not alive(st, "R-1G") and lost(st, "G-I") == 0
    assert segment(st)["shifts_used"] == ["G-HQ-AOK", "G-HQ-XVII"]


#: Gruppe Falk (heroic, 2, shift 1, radius 2) with the two reserve divisions in 0905
FALK_STACK = {"G-HQ-FALK": "0905", "G-35R": "0905", "G-36R": "0905"}


def test_10_23_a_heroic_leaders_strength_counts_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # Falk adds its 2 to its stack's attack: 10 to the Guards' 5 is 2-1, die 1: -/3
    # (without it, 8 to 5, 1-1: -/2)
    st = fight(position, north(**{"R-1G": "1005", **FALK_STACK}))
    assert_in_radius(st, "R-1G")
    shown = attack(st, "central", "1005", ["G-35R", "G-36R", "G-HQ-FALK"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "10 to 5 (2-1), column 2-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1]  # a 3's two options
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-1G")
    assert "G-HQ-FALK" in segment(st)["attacked"]


def test_10_24_a_heroic_leader_adds_strength_and_shift_to_the_same_combat(
    position: Any, fixed_dice: Any
) -> None:
    # Falk's 2 and its shift in one attack: 10 to the XIX Corps' 8 is 1-1, shifted to 2-1,
    # die 1: -/3 (unshifted, -/2)
    st = fight(position, north(**{"R-XIX": "1005", **FALK_STACK}))
    attack(st, "central", "1005", ["G-35R", "G-36R", "G-HQ-FALK"])
    choose(st, "central", "add_shift", hq="G-HQ-FALK")
    shown = st.view("central")["combat"]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "10 to 8 (1-1), +1 shift of Gruppe Falk (heroic leader), column 2-1" in entry["text"]
    assert entry["text"].endswith("die 1: -/3.")
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-XIX")


def test_10_24_a_heroic_leader_that_shifted_one_combat_adds_no_strength_to_another(
    position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # Falk shifts the I Corps' attack on the XIX Corps (8 to 8, 1-1, to 2-1: die 1, -/3).
    # Then its divisions attack the Guards in 1006 without it: 8 to 5, 1-1, die 1: -/2
    # (with its 2, 10 to 5 would be 2-1 and -/3).
    units = {"R-XIX": "1005", "R-1G": "1006", "G-I": "0904", **FALK_STACK}
    st = fight(position, north(**units))
    assert_in_radius(st, "R-XIX", "R-1G")
    fixed_dice(1, 1)
    attack(st, "central", "1005", ["G-I"])
    choose(st, "central", "add_shift", hq="G-HQ-FALK")
    resolve(st, "central")
    assert "8 to 8 (1-1), +1 shift of Gruppe Falk" in attack_log(st)["text"]
    assert attack_log(st)["text"].endswith("column 2-1, die 1: -/3.")
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-XIX")
    shown = attack(st, "central", "1006", ["G-35R", "G-36R"])
    error = refuse(st, "central", {"type": "add_attacker", "unit": "G-HQ-FALK"})
    assert error.case == "10.24"
    resolve(st, "central")
    entry = attack_log(st)
    assert "attack 1006: 8 to 5 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1, 2]  # a 2's three options


# --- 10.4 effects of being out of command ---------------------------------------------------------


def test_10_42_an_out_of_command_attacker_is_halved_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # the I Corps, out of command: 4 of its 8.  4 to 5 is 1-2, die 1: -/1 (in command,
    # 8 to 5, 1-1: -/2).  A TCR 1 unit's result is not worsened (10.43).
    st = fight(position, north(**{"R-1G": "1005", "G-I": at("0904", **OUT_OF_COMMAND)}))
    shown = attack(st, "central", "1005", ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "4 to 5 (1-2), column 1-2, die 1: -/1" in entry["text"]
    assert numbers(entry)["result_modifiers"] == []
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # half of the two affected steps
    assert lost(st, "R-1G") == 1 and lost(st, "G-I") == 0


def test_10_42_out_of_command_and_out_of_supply_is_a_quarter_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The I Corps in 1805 is out of supply and out of command: 8 halved twice to 2.  2 to
    # the Guards' 5 is 1-3, die 1: 1/1 (halved once, 4 to 5, 1-2: -/1).
    units = {"R-1G": "1705", "R-HQ-XIX": "1605", "G-I": at("1805", **OUT_OF_COMMAND)}
    st = fight(position, {**units, **SPARE})
    assert not supply.in_supply(st, "G-I")
    assert_in_radius(st, "R-1G")
    shown = attack(st, "central", "1705", ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 6, 1)  # attrition (9.23): a 6, no effect
    assert "2 to 5 (1-3), column 1-3, die 1: 1/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # half of the two affected steps
    assert lost(st, "R-1G") == 1
    assert lost(st, "G-I") == 1  # the Attacker's 1: half of the two affected steps


def test_10_43_out_of_command_tcr_3_attackers_fare_worse_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # The 1st Guards (1106) are out of command: 2 of their 4 (10.42).  With the Siberians'
    # 3 from 1006, 5 to 5 is 1-1 (TCR 3); a die of 3 reads 1/1, and the Attacker's 1
    # becomes 2 (10.43): he loses all the affected steps, not half of them.
    units = {"G-35R": "1105", "R-1G": at("1106", **OUT_OF_COMMAND), "R-3S": "1006"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    assert_in_supply(st, "R-1G", "R-3S")
    shown = attack(st, "allied", "1105", ["R-1G", "R-3S"])
    entry = resolve_with(st, "allied", fixed_dice, 3)
    assert "5 to 5 (1-1), column 1-1, die 3: 2/1." in entry["text"]
    assert numbers(entry)["result_modifiers"] == [["attacker", "10.43", 1]]
    assert_resolved_as_shown(shown, entry)
    assert any("result 1 becomes 2" in t for t in logged(st, "10.43"))
    choose(st, "central", "option", index=0)  # half of the two affected steps
    assert lost(st, "G-35R") == 1
    lose_steps(st, "allied", "R-3S", "R-3S")  # both affected steps
    assert not alive(st, "R-3S") and lost(st, "R-1G") == 0


def test_10_43_a_defender_beyond_every_radius_turns_3_into_e(
    position: Any, fixed_dice: Any
) -> None:
    # No Russian HQ: the Guards (TCR 3) are beyond every Command Radius.  16 to 5 is 3-1,
    # die 1: -/3, which becomes E: eliminated without a choice of options.
    units = {"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-I": "1004", **SPARE}
    st = fight(position, units)
    assert not command.in_radius(st, "R-1G")
    shown = attack(st, "central", "1005", ["G-35R", "G-36R", "G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "16 to 5 (3-1), column 3-1, die 1: -/E." in entry["text"]
    assert numbers(entry)["result_modifiers"] == [["defender", "10.43", 1]]
    assert_resolved_as_shown(shown, entry)
    assert any("result 3 becomes E" in t for t in logged(st, "10.43"))
    assert not alive(st, "R-1G")
    # an E is no last stand (8.75): the Attacker may advance
    assert stage(st) == "advance"


# --- 10.5 HQs defending -------------------------------------------------------------------------


def test_10_53_an_hq_adds_its_combat_strength_at_resolution(position: Any, fixed_dice: Any) -> None:
    # The XIX Corps HQ with the Guards (2 stacking points) in 1005 adds its 1: the I Corps
    # and the heavy artillery's 11 to 6 is 1-1, die 1: -/2 (without it 11 to 5, 2-1: -/3).
    units = {"R-1G": "1005", "R-HQ-XIX": "1005", "G-I": "0904", "G-A1": "0905", **SPARE}
    st = fight(position, units)
    shown = attack(st, "central", "1005", ["G-I", "G-A1"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "11 to 6 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert numbers(entry)["defense"] == 6
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)
    # the HQ shares the fate of the units it is stacked with
    assert not alive(st, "R-1G") and not alive(st, "R-HQ-XIX")
    assert logged(st, "10.53")


def test_10_53_an_hq_in_a_city_defends_doubled_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # Wolnowo: the 62nd Reserve's 4 and the XIX Corps HQ's 1, both doubled (docs/readings.md):
    # 10.  19 to 10 is 1-1, die 1: -/2 (the HQ undoubled, 19 to 9, or left out, 19 to 8:
    # 2-1, -/3).
    units = {"R-62R": "1302", "R-HQ-XIX": "1302", "G-I": "1202", "G-A1": "1202"}
    st = fight(position, {**units, "G-XVII": "1203", **SPARE, **DEPOT})
    assert_in_supply(st, "G-I", "G-A1", "G-XVII")
    shown = attack(st, "central", "1302", ["G-I", "G-A1", "G-XVII"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "19 to 10 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert option_indexes(st, "allied") == [0, 1, 2]
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-62R") and not alive(st, "R-HQ-XIX")


# --- 12.21 cavalry combat limitations -------------------------------------------------------


def _cavalry(position: Any, target: dict[str, str]) -> tuple[State, Any]:
    """The 7th and Don Cossack cavalry (2 + 2) attack 1105 from 1106 and 1006."""
    st = fight(position, {**target, "R-7C": "1106", "R-DC": "1006", **SPARE}, phasing="allied")
    assert_in_supply(st, "R-7C", "R-DC")
    return st, attack(st, "allied", "1105", ["R-7C", "R-DC"])


def test_12_21_cavalry_attacking_infantry_is_quartered_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # 4 reduced by 75% to 1: 1 to the Landwehr's 2 is 1-2 (TCR 3), die 1: 1/1 (at full
    # strength, 4 to 2, 2-1: -/2)
    st, shown = _cavalry(position, {"G-LW7": "1105"})
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "1 to 2 (1-2), column 1-2, die 1: 1/1" in entry["text"]
    assert numbers(entry)["cavalry"] == 1
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)  # half of its one affected step
    assert not alive(st, "G-LW7")
    lose_steps(st, "allied", "R-DC")  # the Attacker's 1: half of one step, rounded up
    assert (lost(st, "R-7C"), lost(st, "R-DC")) == (0, 1)


def test_12_21_cavalry_attacking_cavalry_has_full_strength_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # 4 to the 1st Cavalry's 2 is 2-1, die 1: -/2 (quartered, 1 to 2, 1-2: 1/1)
    st, shown = _cavalry(position, {"G-1K": "1105"})
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "4 to 2 (2-1), column 2-1, die 1: -/2" in entry["text"]
    assert "cavalry" not in numbers(entry)
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)
    assert not alive(st, "G-1K") and lost(st, "R-7C") == lost(st, "R-DC") == 0


def test_12_21_cavalry_attacking_a_depot_and_an_hq_has_full_strength_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # a depot (1) and an HQ (which adds nothing with one stacking point, 10.53): 4 to 1 is
    # 4-1, die 1: -/3 (quartered, 1 to 1, 1-1: -/1)
    st, shown = _cavalry(position, {"G-D1": "1105", "G-HQ-XVII": "1105"})
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "4 to 1 (4-1), column 4-1, die 1: -/3" in entry["text"]
    assert "cavalry" not in numbers(entry)
    assert_resolved_as_shown(shown, entry)
    choose(st, "central", "option", index=0)
    assert not alive(st, "G-D1") and not alive(st, "G-HQ-XVII")


def _cavalry_with_a_passenger(position: Any, fixed_dice: Any) -> tuple[State, Any]:
    """The Landwehr regiment in 1105, attacked by the 1st Guards at 2-1 (die 3: 1/1),
    retreats into the 1st Cavalry's hex, 1005 (8.66); the Russian cavalry then prepare an
    attack on 1005 from 1006 and 1104."""
    units = {"G-1K": "1005", "G-LW7": "1105", "R-1G": "1106", "R-7C": "1006", "R-DC": "1104"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    fixed_dice(3)
    attack(st, "allied", "1105", ["R-1G"])
    resolve(st, "allied")
    choose(st, "central", "option", index=1)  # retreat one hex
    assert where(st, "G-LW7") == "1005"
    choose(st, "allied", "end_advance")
    return st, attack(st, "allied", "1005", ["R-7C", "R-DC"])


def test_12_21_a_hex_holding_a_retreated_infantry_unit_is_no_cavalry_hex(
    position: Any, fixed_dice: Any
) -> None:
    # 1005 holds the 1st Cavalry and the Landwehr regiment that retreated into it.  The
    # regiment adds no strength (8.66), but it is in the hex: the cavalry's 4 are reduced to
    # 1 (12.21).  1 to the 1st Cavalry's 2 is 1-2 (TCR 3), die 1: 1/1 (at full strength,
    # 4 to 2, 2-1: -/2).
    st, shown = _cavalry_with_a_passenger(position, fixed_dice)
    assert [d["unit"] for d in shown["defenders"]] == ["G-1K"]
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "1 to 2 (1-2), column 1-2, die 1: 1/1" in entry["text"]
    assert numbers(entry)["cavalry"] == 1
    choose(st, "central", "option", index=0)  # half of the 1st Cavalry's two steps
    assert lost(st, "G-1K") == 1
    assert not alive(st, "G-LW7")  # the regiment loses half its one step with it (8.66)
