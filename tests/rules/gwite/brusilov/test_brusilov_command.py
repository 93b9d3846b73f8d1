"""The Brusilov Offensive, 21.0 Command Control: 21.21 Russian first-turn command, 21.31
supply depots, 21.41 Central Powers command.

Positions on the FICTIONAL teaching map (odd-q).  1604 (even column) touches 1603, 1605,
1503, 1504, 1703, 1704; 1606 touches 1605, 1607, 1505, 1506, 1705, 1706: the only hex two
steps from both is 1605.  A Russian unit in 1505 controls 1605 (and 1606).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.gwite import command, supply
from greatwar.rules.gwite import units as U
from tests.rules.gwite.kit import assert_resolved_as_shown, attack, resolve_with

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]
OUT = command.OUT_OF_COMMAND
COMBAT_COMMAND = {"phase": "combat", "segment": "command_control"}
MOVEMENT_COMMAND = {"phase": "movement", "segment": "command_control"}


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def to_combat_resolution(st: State) -> None:
    while st.top()["kind"] != "combat_resolution":
        role = st.active_roles()[0]
        st.apply(role, {"type": "end_allocation"})


# --- 21.21 Russian first-turn command control -----------------------------------------------

#: R-3S (3-4) in 1505 next to G-35R in 1504, no Russian HQ anywhere
FIRST_STRIKE = {"R-3S": "1505", "G-35R": "1504"}


def test_21_21_every_russian_unit_in_command_in_the_first_combat_phase(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # outside every Command Radius, R-3S would be out of command and halved (10.42); on
    # Game-Turn 1 it attacks with its full 3
    st = brusilov_position(FIRST_STRIKE, turn=1, **COMBAT_COMMAND)
    to_combat_resolution(st)
    assert not U.has_marker(st, "R-3S", OUT)
    assert command.in_command(st, "R-3S")
    assert any("21.21" in t for t in logged(st, "brusilov 21.21"))
    shown = attack(st, "allied", "1504", ["R-3S"])
    assert shown["attack"] == 3
    entry = resolve_with(st, "allied", fixed_dice, 6, 6, 6)
    assert_resolved_as_shown(shown, entry)


def test_21_21_not_on_later_game_turns(brusilov_position: Any, fixed_dice: Any) -> None:
    # Game-Turn 2: R-3S is outside every radius, out of command (no roll, 10.42): halved
    # (against AH-LS32, defense 2, so that the odds of 1 to 2 stay on the table)
    st = brusilov_position({"R-3S": "1505", "AH-LS32": "1504"}, turn=2, **COMBAT_COMMAND)
    to_combat_resolution(st)
    assert U.has_marker(st, "R-3S", OUT)
    assert not logged(st, "brusilov 21.21")
    shown = attack(st, "allied", "1504", ["R-3S"])
    assert shown["attack"] == 1
    entry = resolve_with(st, "allied", fixed_dice, 6, 6, 6)
    assert_resolved_as_shown(shown, entry)


def test_21_21_only_in_the_combat_phase(brusilov_position: Any, fixed_dice: Any) -> None:
    # in the Movement Phase of Game-Turn 1 R-3S needs an HQ or a die roll (10.41): a 2 fails
    fixed_dice(2)
    st = brusilov_position({"R-3S": "1505"}, turn=1, **MOVEMENT_COMMAND)
    assert U.has_marker(st, "R-3S", OUT)
    assert not logged(st, "brusilov 21.21")


def test_21_21_only_russian_units(brusilov_position: Any, fixed_dice: Any) -> None:
    # the Central Powers' Combat Phase of Game-Turn 1 is not covered: G-35R, outside every
    # radius, is out of command (TCR 1: never halved by 10.43, but marked, 10.42)
    st = brusilov_position(FIRST_STRIKE, turn=1, phasing="central", **COMBAT_COMMAND)
    to_combat_resolution(st)
    assert U.has_marker(st, "G-35R", OUT)


def test_21_21_attack_on_schedule_surprise_on_game_turn_five(brusilov_position: Any) -> None:
    # 26.24: the Game-Turn 1 rules apply to Game-Turn 5 in "Attack On Schedule"
    later = brusilov_position(FIRST_STRIKE, turn=5, special={"surprise_turn": 5}, **COMBAT_COMMAND)
    to_combat_resolution(later)
    assert not U.has_marker(later, "R-3S", OUT)
    first = brusilov_position(FIRST_STRIKE, turn=1, special={"surprise_turn": 5}, **COMBAT_COMMAND)
    to_combat_resolution(first)
    assert U.has_marker(first, "R-3S", OUT)


# --- 21.31 supply depot command control ---------------------------------------------------


def test_21_31_a_depot_in_supply_needs_no_hq(brusilov_position: Any) -> None:
    # R-D1 in 1606 (in supply by the Imperial Line) with no HQ about: in command, it moves
    st = brusilov_position({"R-D1": "1606"}, turn=3, **MOVEMENT_COMMAND)
    assert supply.in_supply(st, "R-D1")
    assert not U.has_marker(st, "R-D1", OUT)
    assert logged(st, "brusilov 21.31")
    assert st.top()["kind"] == "movement"
    st.apply("allied", {"type": "select", "unit": "R-D1"})
    move = next(a for a in st.legal_actions("allied") if a["type"] == "move" and a["to"] == "1605")
    st.apply("allied", move)
    assert U.record(st, "R-D1")["hex"] == "1605"


def test_21_31_a_depot_out_of_supply_needs_an_hq(
    brusilov_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # R-D1 in 0305 is out of supply: it needs an HQ or the 10.41 roll (a 3 fails, TCR 3)
    fixed_dice(3)
    st = brusilov_position({"R-D1": "0305"}, turn=3, **MOVEMENT_COMMAND)
    assert not supply.in_supply(st, "R-D1")
    assert U.has_marker(st, "R-D1", OUT)
    err = refuse(st, "allied", {"type": "select", "unit": "R-D1"})
    assert err.case == "10.4"


def test_21_31_a_depot_in_supply_takes_no_command_strength(brusilov_position: Any) -> None:
    # R-HQ-ORLOV (strength 4) in 1605 covers R-D1 and two divisions (2 + 2 SP): the depot
    # needs none of its strength, so everything fits and nothing is left to decide
    st = brusilov_position(
        {"R-HQ-ORLOV": "1605", "R-D1": "1606", "R-3S": "1604", "R-62R": "1705"},
        turn=3,
        **MOVEMENT_COMMAND,
    )
    assert st.top()["kind"] == "movement"
    assert not any(U.has_marker(st, u, OUT) for u in ("R-D1", "R-3S", "R-62R"))


# --- 21.41 Central Powers command control --------------------------------------------------

#: G-HQ-FALK (German, TCR 1, radius 2, strength 4) in 1604; R-3S in 1505 controls 1605
FALK = {"G-HQ-FALK": "1604", "R-3S": "1505"}


def test_21_41_german_hq_radius_to_austro_hungarians_avoids_russian_zones(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # AH-12 in 1606 is two hexes from the HQ only through 1605 (Russian-controlled): out
    # of its radius; G-35R in the same place is reached (10.34: a TCR 1 HQ's radius may
    # cross Enemy zones)
    fixed_dice(1)  # AH-12's 10.41 roll fails (TCR 4)
    st = brusilov_position({**FALK, "AH-12": "1606"}, turn=3, phasing="central", **MOVEMENT_COMMAND)
    assert command.hqs_in_range(st, "AH-12") == []
    assert U.has_marker(st, "AH-12", OUT)
    german = brusilov_position(
        {**FALK, "G-35R": "1606"}, turn=3, phasing="central", **MOVEMENT_COMMAND
    )
    assert command.hqs_in_range(german, "G-35R") == ["G-HQ-FALK"]
    assert not U.has_marker(german, "G-35R", OUT)


def test_21_41_a_friendly_unit_in_the_controlled_hex_opens_the_way(
    brusilov_position: Any,
) -> None:
    st = brusilov_position(
        {**FALK, "AH-12": "1606", "G-36R": "1605"}, turn=3, phasing="central", **MOVEMENT_COMMAND
    )
    assert command.hqs_in_range(st, "AH-12") == ["G-HQ-FALK"]
    assert not U.has_marker(st, "AH-12", OUT)


def test_21_41_german_hqs_command_austro_hungarian_units_and_vice_versa(
    brusilov_position: Any,
) -> None:
    # G-HQ-FALK commands AH-12 (no Russian zone between them); AH-HQ-VI commands G-35R
    st = brusilov_position(
        {"G-HQ-FALK": "1604", "AH-12": "1606", "AH-HQ-VI": "0304", "G-35R": "0305"},
        turn=3,
        phasing="central",
        **MOVEMENT_COMMAND,
    )
    assert command.hqs_in_range(st, "AH-12") == ["G-HQ-FALK"]
    assert command.hqs_in_range(st, "G-35R") == ["AH-HQ-VI"]
    assert not any(U.has_marker(st, u, OUT) for u in ("AH-12", "G-35R"))
    assert any("commands" in t for t in logged(st, "10.31"))


def test_21_41_allocation_refused_with_the_case(brusilov_position: Any, refuse: Refuse) -> None:
    # three German divisions (6 SP) around FALK (strength 4): the player allocates; FALK
    # may not take AH-12 across the Russian zone in 1605
    units = {**FALK, "AH-12": "1606", "G-35R": "1603", "G-36R": "1503", "G-1K": "1703"}
    st = brusilov_position(units, turn=3, phasing="central", **MOVEMENT_COMMAND)
    assert st.top()["kind"] == "movement_command_control"
    err = refuse(st, "central", {"type": "command", "unit": "AH-12", "hq": "G-HQ-FALK"})
    assert err.case == "brusilov 21.41"
    st.apply("central", {"type": "command", "unit": "G-35R", "hq": "G-HQ-FALK"})
    assert st.data["stack"][-1]["alloc"] == {"G-35R": "G-HQ-FALK"}


def test_21_41_attack_shift_counts_austro_hungarian_steps_by_the_same_radius(
    brusilov_position: Any,
) -> None:
    # 10.21 half the attacking steps within the radius: AH-12 (2 steps) in 1606 is not
    # within FALK's radius across the Russian zone, so FALK cannot shift its attack
    st = brusilov_position(
        {**FALK, "AH-12": "1606"},
        turn=3,
        phasing="central",
        phase="combat",
        segment="combat_resolution",
    )
    assert command.shift_candidates(st, ["AH-12"], []) == []
    german = brusilov_position(
        {**FALK, "G-35R": "1606"},
        turn=3,
        phasing="central",
        phase="combat",
        segment="combat_resolution",
    )
    assert [c["hq"] for c in command.shift_candidates(german, ["G-35R"], [])] == ["G-HQ-FALK"]


def test_21_31_commanding_a_depot_in_supply_is_refused_with_the_case(
    brusilov_position: Any, refuse: Refuse
) -> None:
    # R-HQ-ORLOV (strength 4) with three divisions (6 SP) about: the player allocates; the
    # depot beside them needs no HQ, so allocating to it is refused under 21.31
    units = {
        "R-HQ-ORLOV": "1605",
        "R-D1": "1606",
        "R-3S": "1604",
        "R-62R": "1705",
        "R-65R": "1704",
    }
    st = brusilov_position(units, turn=3, **MOVEMENT_COMMAND)
    assert st.top()["kind"] == "movement_command_control"
    err = refuse(st, "allied", {"type": "command", "unit": "R-D1", "hq": "R-HQ-ORLOV"})
    assert err.case == "brusilov 21.31"
