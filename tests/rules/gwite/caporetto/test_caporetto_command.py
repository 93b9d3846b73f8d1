"""Caporetto 1917, command control (caporetto 10.0, 10.33, 10.55): no Command Strength,
radii across ridges only to TCR 1 units, the monitor.

FICTIONAL positions on the Caporetto teaching map, in the Command Control Segment of the
Movement Phase (it runs at once: with no Command Strength nothing is left to allocate,
and units left out roll the die as in std 10.41, with fixed dice).  HQs have a Command
Radius of 4 and no Command Strength (the counters' top-left number is the Attack Shift,
2.31 errata).
"""

from __future__ import annotations

from typing import Any

from kit import logged

from greatwar import State
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U

MOVEMENT_COMMAND = {"phase": "movement", "segment": "command_control"}
OUT = command.OUT_OF_COMMAND


def commanding(position: Any, units: dict[str, Any], side: str = "central", **kw: Any) -> State:
    """``side``'s Command Control Segment of the Movement Phase, Game-Turn 3."""
    return position(units, phasing=side, turn=3, **MOVEMENT_COMMAND, **kw)  # type: ignore[no-any-return]


def out_of_command(st: State, *uids: str) -> list[bool]:
    return [U.has_marker(st, uid, OUT) for uid in uids]


# --- 10.0 no Command Strength; any nationality ---------------------------------------


def test_10_0_every_unit_within_the_radius_is_in_command(caporetto_position: Any) -> None:
    # the 14th Army HQ has no Command Strength, yet all five units around it (far more
    # stacking points than any printed strength) are in command, without a die roll
    units = {
        "G-HQ-14A": "1707",
        "G-12": "1706",
        "G-117": "1708",
        "G-5": "1607",
        "AH-XV": "1807",
        "AH-28": "1606",
    }
    st = commanding(caporetto_position, units)
    assert command.command_strength(st, "G-HQ-14A") == 0
    assert out_of_command(st, "G-12", "G-117", "G-5", "AH-XV", "AH-28") == [False] * 5
    assert st.data["dice"]["n"] == 0
    assert logged(st, "10.32")  # every unit within a radius is in Command Control


def test_10_0_an_hq_commands_units_of_any_friendly_nationality(caporetto_position: Any) -> None:
    # the Austro-Hungarian HQ alone commands a German division; the German HQ alone an
    # Austro-Hungarian one
    st = commanding(caporetto_position, {"AH-HQ-IS": "1710", "G-5": "1711"})
    assert command.hqs_in_range(st, "G-5") == ["AH-HQ-IS"]
    assert out_of_command(st, "G-5") == [False]
    st = commanding(caporetto_position, {"G-HQ-14A": "1707", "AH-28": "1708"})
    assert out_of_command(st, "AH-28") == [False]


def test_10_0_units_outside_every_radius_still_roll(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 6 hexes from the HQ: a roll of 2 does not exceed its TCR of 2 (std 10.41)
    fixed_dice(2)
    st = commanding(caporetto_position, {"G-HQ-14A": "1707", "AH-28": "1713"})
    assert out_of_command(st, "AH-28") == [True]


# --- 10.33 ridges --------------------------------------------------------------------


#: the Italian 2nd Army HQ in 1108 reaches 1105 in 3 hexes across the ridge between 1105
#: and 1106; around the ridges the way is 8 hexes
CARNIA = {"I-HQ-2A": "1108", "I-1C": "1105", "I-46": "1105"}


def test_10_33_radius_crosses_a_ridge_only_to_a_tcr_1_unit(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the cavalry (TCR 1) is commanded; the division (TCR 2) rolls a 2 and stays out
    fixed_dice(2)
    st = commanding(caporetto_position, CARNIA, side="allied")
    assert (U.tcr(st, "I-1C"), U.tcr(st, "I-46")) == (1, 2)
    assert command.hqs_in_range(st, "I-1C") == ["I-HQ-2A"]
    assert command.hqs_in_range(st, "I-46") == []
    assert out_of_command(st, "I-1C", "I-46") == [False, True]
    assert command.why_out_of_radius(st, "I-HQ-2A", "I-46")[1] == "caporetto 10.33"


def test_10_33_no_ridge_no_restriction(caporetto_position: Any) -> None:
    # a TCR 2 division 3 hexes from the HQ on the plain is commanded as usual
    st = commanding(caporetto_position, {"I-HQ-2A": "1108", "I-46": "1111"}, side="allied")
    assert out_of_command(st, "I-46") == [False]


def test_10_33_central_powers_radii_too(caporetto_position: Any, fixed_dice: Any) -> None:
    # the 14th Army HQ in 1707 reaches 1305 in 4 hexes only across a ridge: the
    # Stosstruppen division (TCR 1) is commanded, the TCR 2 division rolls a 1 and is not
    fixed_dice(1)
    st = commanding(caporetto_position, {"G-HQ-14A": "1707", "G-12": "1305", "G-5": "1305"})
    assert out_of_command(st, "G-12", "G-5") == [False, True]


# --- 10.55 the monitor -----------------------------------------------------------------


def test_10_55_the_monitor_and_allied_units_stacked_with_it_are_always_in_command(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # no Allied HQ on the map: the monitor and the division with it need none; the
    # division elsewhere rolls (a 1: out of command)
    fixed_dice(1)
    units = {"I-MON": "1414", "I-46": "1414", "I-43": "1011"}
    st = commanding(caporetto_position, units, side="allied")
    assert out_of_command(st, "I-MON", "I-46", "I-43") == [False, False, True]
    assert st.data["dice"]["n"] == 1  # only I-43 rolled
    rules = U.rules(st)
    assert rules.commanded_without_hq(st, "I-46")
    assert rules.commanded_without_hq_case(st, "I-46") == "caporetto 10.55"


def test_10_55_the_monitor_never_blocks_a_central_powers_radius(caporetto_position: Any) -> None:
    # the 14th Army HQ in 1514 reaches 1114 in 4 hexes only through 1414: the monitor
    # there does not stop it (an Austro-Hungarian division in 1314 keeps the way clear
    # of Italian zones of control); an Italian division there does
    units = {"G-HQ-14A": "1514", "AH-22S": "1314", "G-5": "1114"}
    st = commanding(caporetto_position, {**units, "I-MON": "1414"})
    assert command.hqs_in_range(st, "G-5") == ["G-HQ-14A"]
    assert out_of_command(st, "G-5") == [False]
    st = caporetto_position({**units, "I-46": "1414"})
    assert command.hqs_in_range(st, "G-5") == []


def test_10_55_central_powers_units_with_the_monitor_get_nothing(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # only Allied units stacked with the monitor are in command by it: a Central Powers
    # unit never shares its hex, and one next to it with no HQ rolls as usual
    fixed_dice(1)
    st = commanding(caporetto_position, {"I-MON": "1414", "AH-22S": "1413"})
    assert out_of_command(st, "AH-22S") == [True]


def test_10_33_an_attack_shift_counts_attackers_by_the_same_radius(
    caporetto_position: Any,
) -> None:
    # std 10.21: the 14th Army HQ (Attack Shift 2) reaches the Stosstruppen in 1305
    # across the ridge, not the TCR 2 division there: its shift serves an attack by the
    # first, not by the second
    st = caporetto_position(
        {"G-HQ-14A": "1707", "G-12": "1305", "G-5": "1305", "I-46": "1205"},
        phase="combat",
        segment="combat_resolution",
    )
    assert [c["hq"] for c in command.shift_candidates(st, ["G-12"], [])] == ["G-HQ-14A"]
    assert command.shift_candidates(st, ["G-5"], []) == []


def test_10_55_a_unit_next_only_to_the_monitor_is_not_an_attacker_in_the_combat_phase(
    caporetto_position: Any,
) -> None:
    # 17.32 a hex holding only the monitor is never attacked, so the Austro-Hungarian
    # division next to it (and to nothing else) is no attacker: the Combat Phase's
    # Command Control Segment (std 10.42) does not determine its command; next to the
    # Italian 43rd Division as well, it could attack, and it does
    segment = command.CombatCommandSegment()
    st = caporetto_position({"I-MON": "1414", "AH-22S": "1413"})
    assert segment.candidates(st, "central") == []
    st = caporetto_position({"I-MON": "1414", "AH-22S": "1413", "I-43": "1412"})
    assert segment.candidates(st, "central") == ["AH-22S"]
