"""Positions hold every state a rule reaches: each marker a rule sets (5.32-5.36, 9.21,
10.42, 12.17, 8.66, 14.12), the facts 13.0 remembers (moved, fought), fortress steps lost
(11.13-11.15) and journeys off the map by rail (5.37, 5.38).  Each test loads a position
holding one of them and plays on: the rule that reads it decides what happens.

Positions are on the FICTIONAL teaching map (see test_combat.py and test_retreat.py for
the northern arena around 1005, test_fortress.py for Zalesie in 1312).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kit import (
    BESIEGERS,
    SPARE,
    ZALESIE,
    alive,
    assert_in_radius,
    assert_in_supply,
    attack,
    attack_log,
    choose,
    fight,
    logged,
    lost,
    north,
    play_until,
    resolve,
    stage,
    where,
)

from greatwar import IllegalAction, State
from greatwar.rules.gwite import fortress, rail
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]


def marked(hex_label: str, *markers: str, **more: Any) -> dict[str, Any]:
    return {"hex": hex_label, "markers": list(markers), **more}


# --- 8.66 retreated, 12.17 withdrawn ---------------------------------------------------------


def _passengers(position: Any, fixed_dice: Any, marker: str, uid: str = "R-3S") -> State:
    """``uid`` entered the Guards' stack in 1105 before this Combat Phase (the marker says
    how); G-I in 1104 attacks 1105 at 8 to 5 (the Guards alone), die 3: 1/1."""
    units = {uid: marked("1105", marker), "R-1G": "1105", "G-I": "1104"}
    st = fight(position, north(**units))
    assert_in_radius(st, "R-1G")
    fixed_dice(3)
    attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    return st


def test_8_66_a_unit_set_up_retreated_adds_no_strength_and_no_steps(
    position: Any, fixed_dice: Any
) -> None:
    st = _passengers(position, fixed_dice, "retreated")
    text = attack_log(st)["text"]
    assert "8 to 5 (1-1)" in text and "column 1-1" in text
    assert st.top()["def_size"] == 2  # the Guards' two steps only


def test_8_66_a_unit_set_up_retreated_is_eliminated_when_its_stack_retreats(
    position: Any, fixed_dice: Any
) -> None:
    st = _passengers(position, fixed_dice, "retreated")
    choose(st, "allied", "option", index=1)  # the Guards retreat
    if stage(st) == "retreat":
        st.apply("allied", st.legal_actions("allied")[0])
    assert alive(st, "R-1G") and where(st, "R-1G") != "1105"
    assert not alive(st, "R-3S")
    assert logged(st, "8.66")


def test_8_66_a_unit_set_up_retreated_loses_half_when_its_stack_does(
    position: Any, fixed_dice: Any
) -> None:
    st = _passengers(position, fixed_dice, "retreated")
    choose(st, "allied", "option", index=0)  # half of 2 affected steps: the Guards lose 1
    assert (lost(st, "R-1G"), lost(st, "R-3S")) == (1, 1)


def test_12_17_a_cavalry_unit_set_up_withdrawn_adds_no_strength(
    position: Any, fixed_dice: Any
) -> None:
    st = _passengers(position, fixed_dice, "withdrawn", uid="R-7C")
    text = attack_log(st)["text"]
    assert "8 to 5 (1-1)" in text
    assert st.top()["def_size"] == 2


def test_8_66_the_retreated_marker_of_a_position_ends_with_the_combat_phase(
    position: Any,
) -> None:
    st = fight(position, north(**{"R-3S": marked("1105", "retreated"), "R-1G": "1105"}))
    assert U.has_marker(st, "R-3S", "retreated")
    play_until(st, lambda s: not any(f["kind"] == "combat_phase" for f in s.data["stack"]))
    assert not U.has_marker(st, "R-3S", "retreated")


# --- 10.42 out of command, 9.21 out of supply ---------------------------------------------------


def test_10_42_a_unit_set_up_out_of_command_attacks_halved(position: Any, fixed_dice: Any) -> None:
    # G-I (8) out of command: 4 against the Guards' 5 in 1105
    st = fight(position, north(**{"R-1G": "1105", "G-I": marked("1104", "out_of_command")}))
    fixed_dice(6)
    attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    assert "4 to 5" in attack_log(st)["text"]


def test_9_21_a_unit_set_up_out_of_supply_moves_at_half_its_allowance(
    position: Any, refuse: Refuse
) -> None:
    # R-1G (Movement Allowance 4, halved to 2) in the Allied Movement Segment
    st = position({"R-1G": marked("1806", "out_of_supply"), "G-35R": "0305"})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    reach = {a["to"] for a in st.legal_actions("allied") if a["type"] == "move"}
    assert "1808" in reach and "1810" not in reach
    err = refuse(st, "allied", {"type": "move", "unit": "R-1G", "to": "1810"})
    assert err.case == "5.14" and "2 are left" in err.reason


# --- 5.32-5.36 rail markers, 14.12 -------------------------------------------------------------


def test_5_36_a_unit_set_up_entrained_defends_halved_and_detrains(
    position: Any, fixed_dice: Any
) -> None:
    st = fight(position, north(**{"R-1G": marked("1105", "entrained"), "G-I": "1104"}))
    fixed_dice(6)
    attack(st, "central", "1105", ["G-I"])
    resolve(st, "central")
    assert "8 to 2" in attack_log(st)["text"]  # 5 halved, rounded down
    assert not U.has_marker(st, "R-1G", "entrained")
    assert logged(st, "5.36")


def test_5_34_a_unit_set_up_moved_by_rail_may_not_attack(position: Any, refuse: Refuse) -> None:
    # the Guards (Russian: TCR 3) moved by rail this Player-Turn, the 3rd Siberians did not;
    # G-35R stands next to them
    units = north(**{"R-1G": marked("1105", "moved_by_rail"), "R-3S": "1105", "G-35R": "1104"})
    st = fight(position, units, phasing="allied")
    st.apply("allied", {"type": "declare", "target": "1104"})
    err = refuse(st, "allied", {"type": "add_attacker", "unit": "R-1G"})
    assert err.case == "5.34"


def test_14_12_a_reinforcement_set_up_rail_exempt_needs_no_rail_capacity(
    position: Any,
) -> None:
    units = {"G-I": marked("0106", "entrained", "rail_exempt"), "G-XVII": marked("0106")}
    st = position(units, phasing="central")
    before = rail.capacity_left(st, "central")
    st.apply("central", {"type": "select", "unit": "G-I"})
    move = next(a for a in st.legal_actions("central") if a["type"] == "rail_move")
    st.apply("central", move)
    assert rail.capacity_left(st, "central") == before  # 14.12: it does not count


# --- 5.37, 5.38 off the map by rail ------------------------------------------------------------


def test_5_38_a_unit_set_up_off_the_map_pays_the_rest_and_reenters(position: Any) -> None:
    # G-35R left by 0106 for 0114 (a 6 MP link) with 4 MP paid: it pays 2 and re-enters
    trip = {"from": "0106", "to": "0114", "mp": 4}
    st = position({"G-35R": {"status": "off_map", "rail": trip}}, phasing="central")
    assert U.record(st, "G-35R")["off_map"] == {"link": 0, "from": "0106", "to": "0114", "mp": 4}
    assert rail.entrained(st, "G-35R")  # 5.37: only entrained units travel off the map
    st.apply("central", {"type": "select", "unit": "G-35R"})
    st.apply("central", {"type": "reenter", "unit": "G-35R", "hex": "0114"})
    assert where(st, "G-35R") == "0114"
    assert st.top()["spent"]["G-35R"] == 2


# --- 13.0 moved, fought --------------------------------------------------------------------------

REPLACEMENT = {"phase": "step_replacement", "segment": "step_replacement"}


@pytest.mark.parametrize(
    ("marker", "turn", "barred"),
    [("moved", 2, "moved"), ("fought", 3, "combat"), ("fought_last_turn", 3, "combat")],
)
def test_13_0_a_unit_set_up_as_having_moved_or_fought_may_not_replace(
    position: Any, refuse: Refuse, marker: str, turn: int, barred: str
) -> None:
    # R-62R may roll, so the phase waits for the Allied player
    units = {
        "R-1G": marked("1806", marker, steps_lost=1),
        "R-62R": marked("1808", steps_lost=1),
        "G-35R": "0305",
    }
    st = position(units, turn=turn, **REPLACEMENT)
    assert {a["unit"] for a in st.legal_actions("allied") if a["type"] == "replace"} == {"R-62R"}
    err = refuse(st, "allied", {"type": "replace", "unit": "R-1G"})
    assert err.case == "13.0" and barred in err.reason


def test_13_0_a_unit_that_fought_two_turns_ago_may_replace(position: Any) -> None:
    # "fought_last_turn" on Game-Turn 3 is a fight of Game-Turn 2: the unit is barred on
    # Game-Turn 3 and free again on Game-Turn 4 (a fight of two Game-Turns ago)
    units = {"R-1G": marked("1806", "fought_last_turn", steps_lost=1), "G-35R": "0305"}
    st = position(units, turn=3, **REPLACEMENT)
    assert U.record(st, "R-1G")["combat_turn"] == 2
    play_until(
        st,
        lambda s: (
            s.data["turn"] == 4
            and s.active_roles() == ["allied"]
            and s.top()["kind"] == "step_replacement"
        ),
    )
    assert {a["unit"] for a in st.legal_actions("allied") if a["type"] == "replace"} == {"R-1G"}


# --- 11.13-11.15 fortress steps lost ----------------------------------------------------------


def siege(position: Any, lost_steps: int, **units: Any) -> State:
    st = fight(position, {**BESIEGERS, **SPARE, **units}, fortress_steps_lost={ZALESIE: lost_steps})
    assert_in_supply(st, "G-I", "G-XVII")
    return st


def test_11_14_a_fortress_set_up_with_two_steps_lost_defends_weakened(
    position: Any, fixed_dice: Any
) -> None:
    st = siege(position, 2)
    assert fortress.steps_left(st, ZALESIE) == 2
    fixed_dice(6)
    attack(st, "central", ZALESIE, ["G-I"])
    resolve(st, "central")
    assert "8 to 3" in attack_log(st)["text"]  # the smaller defense, 3 (11.14)


def test_11_13_a_fortress_set_up_with_steps_lost_absorbs_only_those_left(
    position: Any, fixed_dice: Any
) -> None:
    # one step left (two unit steps, 11.13): a loss of half of it destroys it
    st = siege(position, 3)
    fixed_dice(1)
    attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    resolve(st, "central")
    assert st.top()["def_size"] == 1  # one fortress step (worth two unit steps in losses)
    while fortress.steps_left(st, ZALESIE) and st.active_roles() == ["allied"]:
        st.apply("allied", st.legal_actions("allied")[0])
    assert fortress.destroyed(st, ZALESIE)


def test_11_15_a_fortress_set_up_destroyed_is_no_target(position: Any) -> None:
    st = siege(position, 4)
    assert fortress.destroyed(st, ZALESIE) and fortress.owner(st, ZALESIE) is None
    assert {"type": "declare", "target": ZALESIE} not in st.legal_actions("central")


def test_5_13_a_unit_may_stand_in_a_destroyed_enemy_fortress(position: Any) -> None:
    st = siege(position, 4, **{"G-35R": ZALESIE})
    assert where(st, "G-35R") == ZALESIE
