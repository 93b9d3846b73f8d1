"""Von Hindenburg in Poland, 15.0 modifications to the standard rules' combat: the TCRs of
each army (hindenburg 2.4, 19.2), one added to the die across a Major River (5.4) and the
errata's "TCR 2 and 3" row for Austro-Hungarian and German units attacking together
(hindenburg 8.3), each resolved with fixed dice.

Positions on the FICTIONAL teaching map: the Wisla (a Major River) runs between 0906/0907
and 1007.  The Combat Results Table (8.8; TCR 1 columns start at 1-4, TCR 2-3 at 1-3,
TCR 4 at 1-2) reads::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
    die 2: 1/1 1/1 1/1 1/2 -/2 -/2 -/E -/E
    die 3: 1/- 1/1 1/1 1/1 1/2 -/2 -/3 -/E

Each test says what the result would have been without the rule.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from tests.rules.gwite.hindenburg.hindenburg_combat_kit import (
    COMBAT,
    COMBAT_COMMAND,
    allocate,
    logged,
)
from tests.rules.gwite.kit import (
    assert_in_radius,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    numbers,
    resolve_with,
)


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A position in ``phasing``'s Combat Resolution Segment of Game-Turn 1."""
    return make(units, phasing=phasing, **{**COMBAT, **kw})  # type: ignore[no-any-return]


# --- 5.4 Major Rivers -------------------------------------------------------------------------

#: the 35th and 36th Divisions (4-5) west of the Wisla, the XIV Corps (6-6) east of it
ACROSS_THE_WISLA = {
    "G-35": "0907",
    "G-36": "0906",
    "G-D1": "0706",
    "R-XIV": "1007",
    "R-HQ-4A": "1107",
}


def test_5_4_an_attack_across_a_major_river_adds_only_one_to_the_die(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # 8 to 6 is 1-1 on the TCR 1 row; die 1 + 1 reads row 2: 1/2 (the standard table's
    # provisional +2 would read row 3, 1/1; no modifier row 1, -/2)
    st = fight(hindenburg_position, ACROSS_THE_WISLA)
    assert_in_supply(st, "G-35", "G-36")
    assert_in_radius(st, "R-XIV")
    shown = attack(st, "central", "1007", ["G-35", "G-36"])
    assert shown["die_modifiers"] == [
        {
            "why": "an attacker attacks across a Major River: one added",
            "value": 1,
            "case": "hindenburg 5.4",
        }
    ]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 6 (1-1), column 1-1, die 1 +1: 1/2." in entry["text"]
    assert numbers(entry)["die_modifiers"] == [["hindenburg 5.4", 1]]
    assert not entry.get("provisional")
    assert_resolved_as_shown(shown, entry)


def test_5_4_one_attacker_across_the_river_is_enough(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the 36th attacks 1007 across the Wisla, the 35th (moved to 1008, the river's east
    # bank) not: the attack still adds one (5.4, any attacker)
    units = {**ACROSS_THE_WISLA, "G-35": "1008", "G-D1": "0908"}
    st = fight(hindenburg_position, units)
    assert_in_supply(st, "G-35", "G-36")
    shown = attack(st, "central", "1007", ["G-35", "G-36"])
    assert [m["value"] for m in shown["die_modifiers"]] == [1]
    entry = resolve_with(st, "central", fixed_dice, 2)
    assert "8 to 6 (1-1), column 1-1, die 2 +1: 1/1." in entry["text"]


# --- errata to 8.3: joint attacks --------------------------------------------------------------

#: the XIV Corps (6-6) in 0807, the 35th Division (4-5) in 0806, the A-H 12th (3-3) in 0808,
#: the 9th Army HQ in 0606
JOINT = {
    "R-XIV": "0807",
    "R-HQ-4A": "0907",
    "G-35": "0806",
    "AH-12": "0808",
    "G-HQ-9A": "0606",
    "G-D1": "0606",
    "AH-D1": "0810",
}


def test_15_0_errata_8_3_a_joint_attack_reads_the_tcr_2_and_3_row(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # 7 to 6 is 1-1, read on the "TCR 2 and 3" row: die 1, -/1.  On the worst TCR's row
    # (4, the standard reading) it would be 1/1; on the German row -/2.
    st = hindenburg_position(JOINT, phasing="central", **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    assert_in_supply(st, "G-35", "AH-12")
    shown = attack(st, "central", "0807", ["G-35", "AH-12"])
    assert shown["tcr"] == 2
    assert shown["tcr_row"]["case"] == "hindenburg 8.3"
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "7 to 6 (1-1), column 1-1, die 1: -/1." in entry["text"]
    assert numbers(entry)["tcr"] == 2
    (note,) = logged(st, "hindenburg 8.3")
    assert '"TCR 2 and 3" row' in note and "column 1-1" in note
    assert_resolved_as_shown(shown, entry)


def test_15_0_errata_8_3_each_nation_alone_keeps_its_own_row(hindenburg_position: Any) -> None:
    st = hindenburg_position(JOINT, phasing="central", **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    assert attack(st, "central", "0807", ["G-35"])["tcr"] == 1
    st.apply("central", {"type": "add_attacker", "unit": "AH-12"})
    assert st.view("central")["combat"]["tcr"] == 2
    st.apply("central", {"type": "remove_attacker", "unit": "G-35"})
    shown = st.view("central")["combat"]
    assert shown["tcr"] == 4 and "tcr_row" not in shown


# --- 2.4, 19.2 the armies' TCRs -----------------------------------------------------------------


def test_2_4_russian_units_attack_on_the_tcr_3_row(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the XIV Corps (6) attacks the 35th and 36th Divisions (5 + 5) stacked in 0806: 1-2,
    # on the TCR 2-3 row, die 1: 1/1 (on the TCR 1 row it would be -/1)
    units = {
        "R-XIV": "0807",
        "R-D1": "0907",
        "R-HQ-4A": "0907",
        "G-35": "0806",
        "G-36": "0806",
        "G-HQ-XVII": "0706",
        "G-D1": "0606",
    }
    st = fight(hindenburg_position, units, phasing="allied")
    assert U.tcr(st, "R-XIV") == 3
    assert_in_supply(st, "R-XIV")
    shown = attack(st, "allied", "0806", ["R-XIV"])
    assert shown["tcr"] == 3 and shown["columns"][0] == "1-3"
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "6 to 10 (1-2), column 1-2, die 1: 1/1." in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_2_4_austro_hungarian_units_attack_on_the_tcr_4_row(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the 12th Division (3) attacks the XIV Corps (6): 1-2, the TCR 4 row's first column,
    # die 3: 1/- (on the TCR 2-3 row it would be 1/1)
    units = {"R-XIV": "0807", "R-HQ-4A": "0907", "AH-12": "0808", "AH-D1": "0810"}
    st = fight(hindenburg_position, units)
    assert U.tcr(st, "AH-12") == 4
    assert_in_supply(st, "AH-12")
    shown = attack(st, "central", "0807", ["AH-12"])
    assert shown["tcr"] == 4 and shown["columns"][0] == "1-2"
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert "3 to 6 (1-2), column 1-2, die 3: 1/-." in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_19_2_german_units_attack_on_the_tcr_1_row(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the 35th Division (4) attacks the XIV Corps (6): 1-2 on the TCR 1 row, die 1: -/1
    # (on the Austro-Hungarian row it would be 1/1)
    units = {"R-XIV": "0807", "R-HQ-4A": "0907", "G-35": "0806", "G-D1": "0606"}
    st = fight(hindenburg_position, units)
    assert U.tcr(st, "G-35") == 1
    shown = attack(st, "central", "0807", ["G-35"])
    assert shown["tcr"] == 1 and shown["columns"][0] == "1-4"
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "4 to 6 (1-2), column 1-2, die 1: -/1." in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_19_0_every_counter_takes_its_armys_tcr(hindenburg_position: Any) -> None:
    # 19.2 (and 2.4): Austro-Hungarian 4, Russian 3, German 1, for every counter of the game
    st = hindenburg_position({})
    wanted = {"germany": 1, "austria-hungary": 4, "russia": 3}
    for uid, ui in U.static(st).units.items():
        assert ui.tcr == wanted[ui.nationality], uid
