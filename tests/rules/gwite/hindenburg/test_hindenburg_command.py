"""Von Hindenburg in Poland, 20.0: cavalry HQs and the limits on German and
Austro-Hungarian cooperation (hindenburg 20.11-20.22, AV8), tested in the Command Control
Segments and in attacks resolved with fixed dice.

Positions on the FICTIONAL teaching map.  The arena: the Russian XIV Corps (6-6) in 0807
and 5th Cavalry (2-2) in 0707, their 4th Army HQ in 0907; around them the German 35th
Division (4-5) in 0806, 5th Cavalry (2-2) in 0706, the Austro-Hungarian 12th Division
(3-3) in 0808 and 7th Cavalry (1-2) in 0708.  Every HQ there reaches all four Central
Powers units but for the rules tested: the 9th Army HQ in 0606, the XVII Corps and
Frommel's cavalry corps HQs in 0605, Kummer's corps and Hauer's cavalry corps HQs in 0609.
Depots keep everyone in supply.

The Combat Results Table (8.8; TCR 1 columns start at 1-4, TCR 2-3 at 1-3, TCR 4 at
1-2) reads, for the die rolls used here::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.command import NINTH_ARMY_ANY_TIME
from tests.rules.gwite.hindenburg.conftest import write_hindenburg_position
from tests.rules.gwite.hindenburg.hindenburg_combat_kit import (
    COMBAT_COMMAND,
    MOVEMENT_COMMAND,
    allocate,
    command_offers,
    logged,
    offered,
)
from tests.rules.gwite.kit import (
    Refuse,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    numbers,
    resolve_with,
)

OUT = command.OUT_OF_COMMAND
RUSSIANS = {"R-XIV": "0807", "R-5K": "0707", "R-HQ-4A": "0907"}
CP_UNITS = {"G-35": "0806", "G-5K": "0706", "AH-12": "0808", "AH-7K": "0708"}
DEPOTS = {"G-D1": "0606", "AH-D1": "0810"}
NINTH = {"G-HQ-9A": "0606"}
CORPS_HQS = {"G-HQ-XVII": "0605", "G-HQ-FK": "0605", "AH-HQ-KU": "0609", "AH-HQ-HH": "0609"}
ARENA = {**RUSSIANS, **CP_UNITS, **DEPOTS}


def central(make: Any, units: dict[str, Any], seed: int = 1, **kw: Any) -> State:
    """A Central Powers position (Game-Turn 1) in the arena."""
    return make({**ARENA, **units}, seed=seed, phasing="central", **kw)  # type: ignore[no-any-return]


# --- 20.11, 20.21, 20.22 who may command whom ----------------------------------------------


def test_20_1_and_20_2_each_hq_is_offered_only_the_units_it_may_command(
    hindenburg_position: Any,
) -> None:
    # the Combat Phase: the 9th Army HQ's radius reaches units, so the player allocates
    st = central(hindenburg_position, {**NINTH, **CORPS_HQS}, **COMBAT_COMMAND)
    assert_in_supply(st, *CP_UNITS)
    assert command_offers(st, "central") == {
        ("G-35", "G-HQ-9A"),
        ("G-35", "G-HQ-XVII"),
        ("G-5K", "G-HQ-9A"),
        ("G-5K", "G-HQ-XVII"),
        ("G-5K", "G-HQ-FK"),
        ("AH-12", "G-HQ-9A"),
        ("AH-12", "AH-HQ-KU"),
        ("AH-7K", "G-HQ-9A"),
        ("AH-7K", "AH-HQ-KU"),
        ("AH-7K", "AH-HQ-HH"),
    }


def test_20_11_german_corps_and_austro_hungarian_hqs_command_only_their_own_nation(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = central(hindenburg_position, {**NINTH, **CORPS_HQS}, **COMBAT_COMMAND)
    for unit, hq in (("AH-12", "G-HQ-XVII"), ("AH-7K", "G-HQ-XVII"), ("G-35", "AH-HQ-KU")):
        why = refuse(st, "central", {"type": "command", "unit": unit, "hq": hq})
        assert why.case == "hindenburg 20.11", why
    # the allowed allocations are made and hold: every unit is in Command Control
    allocate(st, "central", {"AH-12": "AH-HQ-KU", "G-35": "G-HQ-XVII", "G-5K": "G-HQ-9A"})
    assert st.top()["kind"] == "combat_resolution"
    assert all(not U.has_marker(st, u, OUT) for u in ("AH-12", "G-35", "G-5K"))
    assert any("Kummer" in t and "12th Infantry" in t for t in logged(st, "10.31"))


def test_20_11_a_unit_only_a_foreign_corps_hq_reaches_is_out_of_command(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # Movement Phase: the XVII Corps HQ (0605) reaches the A-H 12th Division (0707) but may
    # not command it: it rolls (10.41) and a 4 (its TCR) fails; it may not move
    fixed_dice(4)
    st = hindenburg_position(
        {"G-HQ-XVII": "0605", "AH-12": "0707"}, phasing="central", **MOVEMENT_COMMAND
    )
    assert U.static(st).scenario.board.distance("0605", "0707") <= 3
    assert command.hqs_in_range(st, "AH-12") == []
    assert U.has_marker(st, "AH-12", OUT)
    why = refuse(st, "central", {"type": "select", "unit": "AH-12"})
    assert why.case == "10.4"


def test_20_21_cavalry_corps_hqs_command_only_cavalry(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = central(hindenburg_position, {**NINTH, **CORPS_HQS}, **COMBAT_COMMAND)
    for unit, hq in (("G-35", "G-HQ-FK"), ("AH-12", "AH-HQ-HH")):
        why = refuse(st, "central", {"type": "command", "unit": unit, "hq": hq})
        assert why.case == "hindenburg 20.21", why
        assert "only cavalry" in why.reason


def test_20_21_infantry_left_to_a_cavalry_hq_rolls_for_command(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # Movement Phase: Frommel's cavalry corps HQ commands the 5th Cavalry but not the 35th
    # Division next to it, which rolls (10.41): a 1 fails (TCR 1)
    fixed_dice(1)
    st = hindenburg_position(
        {"G-HQ-FK": "0605", "G-35": "0606", "G-5K": "0706"},
        phasing="central",
        **MOVEMENT_COMMAND,
    )
    assert command.hqs_in_range(st, "G-5K") == ["G-HQ-FK"]
    assert command.hqs_in_range(st, "G-35") == []
    assert not U.has_marker(st, "G-5K", OUT)
    assert U.has_marker(st, "G-35", OUT)
    assert any("Frommel" in t and "5th Cavalry" in t for t in logged(st, "10.31"))


def test_20_22_cavalry_hqs_command_only_their_own_nations_cavalry(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = central(hindenburg_position, {**NINTH, **CORPS_HQS}, **COMBAT_COMMAND)
    for unit, hq in (("AH-7K", "G-HQ-FK"), ("G-5K", "AH-HQ-HH")):
        why = refuse(st, "central", {"type": "command", "unit": unit, "hq": hq})
        assert why.case == "hindenburg 20.22", why
    # Hauer H commands the Austro-Hungarian 7th Cavalry, Frommel the German 5th
    allocate(st, "central", {"AH-7K": "AH-HQ-HH", "G-5K": "G-HQ-FK"})
    texts = logged(st, "10.31")
    assert any(t.startswith("Hauer H") and "7th Cavalry" in t for t in texts)
    assert any(t.startswith("FK: Frommel") and "5th Cavalry" in t for t in texts)
    assert not U.has_marker(st, "AH-7K", OUT) and not U.has_marker(st, "G-5K", OUT)


def test_20_22_hauer_leaves_german_cavalry_to_its_roll(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # Movement Phase: Hauer's HQ (0609) reaches both cavalry divisions; the German 5th
    # Cavalry rolls (10.41): a 1 fails
    fixed_dice(1)
    st = hindenburg_position(
        {"AH-HQ-HH": "0609", "G-5K": "0608", "AH-7K": "0708"},
        phasing="central",
        **MOVEMENT_COMMAND,
    )
    assert command.hqs_in_range(st, "AH-7K") == ["AH-HQ-HH"]
    assert command.hqs_in_range(st, "G-5K") == []
    assert U.has_marker(st, "G-5K", OUT) and not U.has_marker(st, "AH-7K", OUT)


# --- 20.12 the 9th Army HQ -------------------------------------------------------------------


def test_20_12_the_9th_army_hq_commands_both_nations_in_a_joint_attack(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # both under the 9th Army HQ: the 35th Division (4) and the 12th Division (3) attack
    # the XIV Corps (6) together: 7 to 6, 1-1 on the "TCR 2 and 3" row (errata to 8.3),
    # die 1: -/1
    st = central(hindenburg_position, NINTH, **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    shown = attack(st, "central", "0807", ["G-35", "AH-12"])
    assert shown["attack"] == 7 and shown["tcr"] == 2
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "7 to 6 (1-1), column 1-1, die 1: -/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert st.top()["kind"] == "combat_result" and st.top()["def_result"] == "1"


def test_20_12_a_joint_attack_needs_every_attacker_under_the_9th_army_hq(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the 35th Division is under the XVII Corps HQ: the 12th Division (under the 9th Army
    # HQ) may not join its attack, nor it theirs; the 35th attacks alone, 4 to 6 (1-2)
    st = central(hindenburg_position, {**NINTH, "G-HQ-XVII": "0605"}, **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-XVII", "AH-12": "G-HQ-9A"})
    attack(st, "central", "0807", ["G-35"])
    assert {"type": "add_attacker", "unit": "AH-12"} not in st.legal_actions("central")
    why = refuse(st, "central", {"type": "add_attacker", "unit": "AH-12"})
    assert why.case == "hindenburg 20.12"
    assert "35th Infantry Division" in why.reason  # the one not under the 9th Army HQ
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "4 to 6 (1-2), column 1-2, die 1: -/1" in entry["text"]  # TCR 1 row


def test_20_12_units_in_command_by_their_own_roll_join_no_joint_attack(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the 12th Division is left without an HQ and rolls into command (5 > TCR 4, 10.41):
    # it is in Command Control but under no HQ's command
    st = central(hindenburg_position, NINTH, **COMBAT_COMMAND)
    fixed_dice(1, 5, 1)  # the 5th Cavalry, the 12th Division, the 7th Cavalry (10.41)
    allocate(st, "central", {"G-35": "G-HQ-9A"})
    assert command.in_command(st, "AH-12")
    st.apply("central", {"type": "declare", "target": "0807"})
    st.apply("central", {"type": "add_attacker", "unit": "AH-12"})
    why = refuse(st, "central", {"type": "add_attacker", "unit": "G-35"})
    assert why.case == "hindenburg 20.12"
    assert "12th Infantry Division" in why.reason


def test_20_12_av8_b_the_9th_army_hq_does_not_command_austro_hungarians_to_move(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # Movement Phase: the 12th Division (0707) is within the 9th Army HQ's radius, but
    # no joint attack is made in a Movement Phase: it rolls, a 4 fails (TCR 4)
    fixed_dice(4)
    st = hindenburg_position(
        {**NINTH, "G-35": "0706", "AH-12": "0707"}, phasing="central", **MOVEMENT_COMMAND
    )
    assert command.hqs_in_range(st, "AH-12") == []
    assert U.has_marker(st, "AH-12", OUT) and not U.has_marker(st, "G-35", OUT)
    assert any(t.startswith("9A") and "35th" in t for t in logged(st, "10.31"))


def test_20_12_av8_a_option_the_9th_army_hq_commands_austro_hungarians_at_any_time(
    hindenburg_position: Any,
) -> None:
    # the same position with AV8 reading (a): the 9th Army HQ commands both, no die roll
    st = hindenburg_position(
        {**NINTH, "G-35": "0706", "AH-12": "0707"},
        phasing="central",
        options={NINTH_ARMY_ANY_TIME: True},
        **MOVEMENT_COMMAND,
    )
    assert command.hqs_in_range(st, "AH-12") == ["G-HQ-9A"]
    assert not U.has_marker(st, "AH-12", OUT)
    assert not logged(st, "10.41")


def test_20_12_av8_b_an_austro_hungarian_under_the_9th_army_attacking_alone_is_out_of_command(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the 12th Division under the 9th Army HQ attacks the 5th Cavalry (2) with no German
    # unit: out of command in that attack, halved (3 -> 1: 1 to 2, the TCR 4 row's 1-2)
    # and its result worsened (10.43): die 1 reads 1/1, the attacker's 1 becomes 2
    st = central(hindenburg_position, NINTH, **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    assert not U.has_marker(st, "AH-12", OUT)
    shown = attack(st, "central", "0707", ["AH-12"])
    (mine,) = shown["attackers"]
    assert mine["strength"] == 1
    assert "hindenburg 20.12" in {m["case"] for m in mine["modifiers"]}
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "1 to 2 (1-2), column 1-2, die 1: 2/1" in entry["text"]
    assert numbers(entry)["result_modifiers"] == [["attacker", "10.43", 1]]
    assert_resolved_as_shown(shown, entry)


def test_20_12_av8_a_option_an_austro_hungarian_under_the_9th_army_attacks_alone_in_command(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # AV8 reading (a): 3 to 2 (1-1), die 1: 1/1 as printed
    st = central(hindenburg_position, NINTH, options={NINTH_ARMY_ANY_TIME: True}, **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    shown = attack(st, "central", "0707", ["AH-12"])
    assert shown["attack"] == 3
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "3 to 2 (1-1), column 1-1, die 1: 1/1" in entry["text"]


def test_20_12_av8_b_the_9th_army_shift_counts_austro_hungarians_only_beside_germans(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the 9th Army HQ (shift 2) may shift the joint attack, not the 12th Division's alone
    st = central(hindenburg_position, NINTH, **COMBAT_COMMAND)
    allocate(st, "central", {"G-35": "G-HQ-9A", "AH-12": "G-HQ-9A"})
    attack(st, "central", "0707", ["AH-12"])
    assert not offered(st, "central", "add_shift")
    st.apply("central", {"type": "cancel"})
    attack(st, "central", "0807", ["G-35", "AH-12"])
    assert offered(st, "central", "add_shift") == [
        {"type": "add_shift", "hq": "G-HQ-9A", "shift": 2}
    ]
    st.apply("central", {"type": "add_shift", "hq": "G-HQ-9A", "shift": 2})
    shown = st.view("central")["combat"]
    # 7 to 6 is 1-1, two columns right: 3-1 on the TCR 2-3 row, die 1: -/3
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "7 to 6 (1-1), +2 shift of 9A" in entry["text"]
    assert "column 3-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_20_0_the_hqs_named_by_the_scenario_are_checked(tmp_path: Path) -> None:
    path = write_hindenburg_position(
        tmp_path, {}, special={"ninth_army_hq": "AH-HQ-1A", "cavalry_hqs": ["G-35"]}
    )
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    text = str(info.value)
    assert "ninth_army_hq" in text and "'AH-HQ-1A' is not a German HQ counter" in text
    assert "cavalry_hqs" in text and "'G-35'" in text
