"""10.0 Command Control: HQ values, radii, allocation, die rolls, effects, displacement.

Positions on the FICTIONAL teaching map (odd-q: an even column's neighbours
are (c, r±1), (c±1, r-1), (c±1, r); an odd column's (c, r±1), (c±1, r),
(c±1, r+1)).  1606's six neighbours are 1605, 1607, 1505, 1506, 1705, 1706.
Terrain does not matter to a Command Radius, only prohibited terrain and
hexsides do.  HQ values (counters/teaching.toml, full step / reverse):

    G-HQ-AOK   army, TCR 1, shift 2/1, radius 5/4, strength 12/6, combat 1
    G-HQ-FALK  corps heroic, TCR 1, shift 1, radius 2, strength 4, combat 2
    G-HQ-XVII  corps, TCR 1, shift 1, radius 3, strength 6, combat 1
    R-HQ-5A    army, TCR 3, shift 1/0, radius 4/3, strength 10/5, combat 1
    R-HQ-XIX   corps, TCR 3, shift 1, radius 3, strength 6, combat 1
    R-HQ-ORLOV corps heroic, TCR 3, shift 1, radius 2, strength 4, combat 2
    AH-HQ-VI   corps, TCR 4, shift 1, radius 3, strength 6, combat 1

Stacking points (6.11): corps 4, division 2, brigade and regiment 1, depot 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.command import OUT_OF_COMMAND

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

OUT = {"markers": [OUT_OF_COMMAND]}
UNLIMITED = "[options]\nunlimited_command_strength = true\n"


def at(hex_label: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hex_label, **extra}


def movement_cc(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """The Allied (or ``phasing``) Command Control Segment of the Movement Phase."""
    return position(units, segment="command_control", **kw)


def combat_cc(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """The Command Control Segment of the Combat Phase."""
    return position(units, phase="combat", segment="command_control", **kw)


def out_of_command(st: State) -> set[str]:
    return {uid for uid in st.data["units"] if U.has_marker(st, uid, OUT_OF_COMMAND)}


def rolls(st: State) -> list[int]:
    return [e["roll"] for e in st.data["log"] if "roll" in e]


def logged(st: State, case: str, text: str = "") -> bool:
    return any(e.get("case") == case and text in e["text"] for e in st.data["log"])


def commands(st: State, role: str) -> set[tuple[str, str]]:
    return {(a["unit"], a["hq"]) for a in st.legal_actions(role) if a["type"] == "command"}


def radius(st: State, hq: str) -> frozenset[str]:
    return command.radii(st, U.info(st, hq).side)[hq]


# --- 10.1 HQ units -----------------------------------------------------------------------


def test_10_11_command_radius_is_counted_in_hexes(position: Any) -> None:
    # R-HQ-XIX (radius 3) at 1605: 1608 is 3 hexes down the column, 1609 is 4
    st = position({"R-HQ-XIX": "1605", "R-1G": "1608", "R-62R": "1609"})
    assert command.hqs_in_range(st, "R-1G") == ["R-HQ-XIX"]
    assert command.hqs_in_range(st, "R-62R") == []
    # the HQ's own hex counts as distance 0 (a unit stacked with it is commanded)
    assert "1605" in radius(st, "R-HQ-XIX")


def test_10_11_values_are_those_of_the_current_step(position: Any) -> None:
    # 10.11 / 10.54: G-HQ-AOK's reverse side has radius 4 (front 5), strength 6 (front
    # 12) and shift 1 (front 2).  From 0506, 1006 is 5 hexes east along row 06 in
    # hexes (0506, 0606, 0706, 0806, 0906, 1006: five steps).
    units = {"G-HQ-AOK": "0506", "G-35R": "1006"}
    full = position(units, phasing="central")
    assert command.hqs_in_range(full, "G-35R") == ["G-HQ-AOK"]
    assert command.command_strength(full, "G-HQ-AOK") == 12
    assert command.shift_candidates(full, ["G-35R"], []) == [
        {"hq": "G-HQ-AOK", "level": "army", "shift": 2}
    ]
    reduced = position({**units, "G-HQ-AOK": at("0506", steps_lost=1)}, phasing="central")
    assert command.hqs_in_range(reduced, "G-35R") == []
    assert command.command_strength(reduced, "G-HQ-AOK") == 6
    assert command.shift_candidates(reduced, ["G-35R"], []) == []  # out of radius 4


def test_10_11_attack_shift_for_one_attack_per_combat_phase(position: Any) -> None:
    st = position({"G-HQ-XVII": "0805", "G-35R": "0806"}, phasing="central")
    assert [c["hq"] for c in command.shift_candidates(st, ["G-35R"], [])] == ["G-HQ-XVII"]
    # once XVII has shifted an attack this phase it is not offered again
    assert command.shift_candidates(st, ["G-35R"], ["G-HQ-XVII"]) == []


def test_10_11_hq_with_no_shift_left_is_not_offered(position: Any) -> None:
    # R-HQ-5A's reverse side has an Attack Shift of 0
    st = position({"R-HQ-5A": at("1605", steps_lost=1), "R-1G": "1606"})
    assert command.shift_candidates(st, ["R-1G"], []) == []


def test_10_12_heroic_leader_adds_combat_strength_normal_hq_does_not(position: Any) -> None:
    st = position({"G-HQ-FALK": "0806", "G-HQ-XVII": "0806", "G-35R": "0806"}, phasing="central")
    stack = U.units_in(st, "0806")
    assert command.heroic_attack(st, "G-HQ-FALK", stack) == 2
    assert command.heroic_attack(st, "G-HQ-XVII", stack) == 0


# --- 10.2 HQ units in combat ---------------------------------------------------------------


def test_10_21_half_the_attacking_steps_must_be_within_the_radius(position: Any) -> None:
    # G-HQ-FALK (radius 2) at 1605.  G-35R (2 steps) and G-A1 (1 step) at 1606 are within
    # it; G-I (a corps, 4 steps) and G-36R (2 steps) at 1608 are 3 hexes away.
    # G-35R + G-A1 + G-I: 3 of 7 steps within, less than half: no shift.
    # G-35R + G-36R: 2 of 4, half: FALK may shift (its shift, 1, and its level).
    st = position(
        {"G-HQ-FALK": "1605", "G-35R": "1606", "G-A1": "1606", "G-I": "1608", "G-36R": "1608"},
        phasing="central",
    )
    assert command.shift_candidates(st, ["G-35R", "G-A1", "G-I"], []) == []
    assert command.shift_candidates(st, ["G-35R", "G-36R"], []) == [
        {"hq": "G-HQ-FALK", "level": "corps", "shift": 1}
    ]


def test_10_21_hqs_and_depots_do_not_count_among_the_attacking_steps(position: Any) -> None:
    # G-35R (2 steps) within FALK's radius, G-36R (2 steps) 3 hexes away at 1608: 2 of 4,
    # half.  The depot G-D1 (1 step, also at 1608) and FALK itself are left out of the
    # count; counting the depot would make it 2 of 5, less than half.
    st = position(
        {"G-HQ-FALK": "1605", "G-35R": "1606", "G-D1": "1608", "G-36R": "1608"},
        phasing="central",
    )
    attackers = ["G-35R", "G-36R", "G-D1", "G-HQ-FALK"]
    assert [c["hq"] for c in command.shift_candidates(st, attackers, [])] == ["G-HQ-FALK"]


def test_10_22_each_candidate_gives_its_command_level(position: Any) -> None:
    # the combat module allows one shift per level: army AOK and corps XVII both qualify
    st = position(
        {"G-HQ-AOK": "0506", "G-HQ-XVII": "0805", "G-35R": "0806"},
        phasing="central",
    )
    offered = {
        c["hq"]: (c["level"], c["shift"]) for c in command.shift_candidates(st, ["G-35R"], [])
    }
    assert offered == {"G-HQ-AOK": ("army", 2), "G-HQ-XVII": ("corps", 1)}


def test_10_23_heroic_leader_needs_two_stacking_points_with_it(position: Any) -> None:
    # with the brigade G-A1 (1 SP) alone: nothing; with the division G-35R (2 SP): 2
    st = position({"G-HQ-FALK": "0806", "G-A1": "0806", "G-35R": "0906"}, phasing="central")
    assert command.heroic_attack(st, "G-HQ-FALK", U.units_in(st, "0806")) == 0
    st = position({"G-HQ-FALK": "0806", "G-35R": "0806"}, phasing="central")
    assert command.heroic_attack(st, "G-HQ-FALK", U.units_in(st, "0806")) == 2
    # units of another hex are not its stack
    st = position({"G-HQ-FALK": "0806", "G-35R": "0906"}, phasing="central")
    assert command.heroic_attack(st, "G-HQ-FALK", ["G-35R"]) == 0


def test_10_24_heroic_leader_adding_strength_elsewhere_may_not_shift(position: Any) -> None:
    st = position({"G-HQ-FALK": "0806", "G-35R": "0806"}, phasing="central")
    assert [c["hq"] for c in command.shift_candidates(st, ["G-35R"], [])] == ["G-HQ-FALK"]
    assert command.shift_candidates(st, ["G-35R"], [], busy_heroes=["G-HQ-FALK"]) == []


# --- 10.3 how command is determined ---------------------------------------------------------


def test_10_31_allocation_is_limited_by_command_strength_in_stacking_points(
    position: Any, refuse: Refuse
) -> None:
    # R-HQ-XIX (strength 6, radius 3) at 1605 with R-XIX (corps, 4), R-V (corps, 4) and
    # R-1G (division, 2) within its radius: 10 SP for 6, so the player allocates
    st = movement_cc(position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"})
    assert st.active_roles() == ["allied"]
    assert commands(st, "allied") == {
        ("R-XIX", "R-HQ-XIX"),
        ("R-V", "R-HQ-XIX"),
        ("R-1G", "R-HQ-XIX"),
    }
    st.apply("allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    # 2 SP left: the division still fits, the other corps no longer does
    assert commands(st, "allied") == {("R-1G", "R-HQ-XIX")}
    err = refuse(st, "allied", {"type": "command", "unit": "R-V", "hq": "R-HQ-XIX"})
    assert err.case == "10.31"
    # each unit is commanded by one HQ only
    err = refuse(st, "allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    assert err.case == "10.31"


def test_10_31_units_not_in_command_are_marked(position: Any) -> None:
    # as above; R-XIX and R-1G get the 6 SP; R-V rolls (seed 1: a 3, not above TCR 3)
    st = movement_cc(position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"})
    st.apply("allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "command", "unit": "R-1G", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "end_allocation"})
    assert rolls(st) == [3]
    assert out_of_command(st) == {"R-V"}
    assert st.top()["kind"] == "movement"
    assert logged(st, "10.31", "XIX Corps HQ commands XIX Corps, 1st Guards Division (6 of 6 SP)")


def test_10_31_hqs_need_no_command(position: Any, refuse: Refuse) -> None:
    st = movement_cc(position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"})
    err = refuse(st, "allied", {"type": "command", "unit": "R-HQ-XIX", "hq": "R-HQ-XIX"})
    assert err.case == "10.31"
    st.apply("allied", {"type": "end_allocation"})
    assert command.in_command(st, "R-HQ-XIX")
    assert "R-HQ-XIX" not in out_of_command(st)


def test_10_31_supply_depots_need_command_like_other_units(position: Any) -> None:
    # the depot R-D1 (1 SP) counts against the strength: XIX (6) takes R-XIX (4),
    # R-1G (2)... and R-D1 makes 7 > 6, so the player must choose
    units = {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-1G": "1505"}
    st = movement_cc(position, units)
    assert st.top()["kind"] == "movement"  # 6 SP for 6: commanded without a decision
    st = movement_cc(position, {**units, "R-D1": "1604"})
    assert st.active_roles() == ["allied"]
    assert ("R-D1", "R-HQ-XIX") in commands(st, "allied")


def test_10_31_refusals_name_their_case(position: Any, refuse: Refuse) -> None:
    st = movement_cc(
        position,
        {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505", "R-62R": "1609"},
    )
    assert refuse(st, "allied", {"type": "command", "unit": "G-I", "hq": "R-HQ-XIX"}).case
    # R-62R is 4 hexes from the HQ: out of its radius of 3
    err = refuse(st, "allied", {"type": "command", "unit": "R-62R", "hq": "R-HQ-XIX"})
    assert err.case == "10.33"
    err = refuse(st, "allied", {"type": "release", "unit": "R-XIX"})
    assert err.case == "10.32"
    assert refuse(st, "allied", {"type": "select", "unit": "R-XIX"}).case == "4.0"
    assert refuse(st, "central", {"type": "end_allocation"}).case


def test_10_32_owner_decides_and_may_take_an_allocation_back(position: Any) -> None:
    st = movement_cc(position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"})
    st.apply("allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    assert {"type": "release", "unit": "R-XIX"} in st.legal_actions("allied")
    st.apply("allied", {"type": "release", "unit": "R-XIX"})
    assert ("R-V", "R-HQ-XIX") in commands(st, "allied")  # the 6 SP are free again
    st.apply("allied", {"type": "command", "unit": "R-V", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "end_allocation"})
    # R-V is commanded; the others roll (seed 1): R-XIX a 3 (out), R-1G a 6 (in)
    assert command.in_command(st, "R-V")
    assert rolls(st) == [3, 6]
    assert out_of_command(st) == {"R-XIX"}
    assert logged(st, "10.32", "taken back")


def test_10_32_unit_in_command_by_die_roll_uses_no_strength(position: Any) -> None:
    # seed 4: the first roll is a 4, above TCR 3.  R-V rolls its way into command;
    # XIX's 6 SP went to R-XIX and R-1G all the same
    st = movement_cc(
        position,
        {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"},
        seed=4,
    )
    st.apply("allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "command", "unit": "R-1G", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "end_allocation"})
    assert rolls(st) == [4]
    assert out_of_command(st) == set()
    assert logged(st, "10.31", "(6 of 6 SP)")
    assert logged(st, "10.41", "V Corps")


def test_10_32_nothing_to_decide_when_the_strength_covers_every_unit(position: Any) -> None:
    # R-XIX (4) and R-1G (2) within XIX's 6: commanded at once, no die rolled
    st = movement_cc(position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-1G": "1505"})
    assert st.top()["kind"] == "movement"
    assert rolls(st) == []
    assert out_of_command(st) == set()
    assert logged(st, "10.32", "nothing is left to decide")


def test_10_32_a_complete_allocation_over_several_hqs_is_found(position: Any) -> None:
    # XIX (6) and ORLOV (4, radius 2) at 1605 both reach R-XIX (4), R-V (4) and R-1G (2):
    # 10 SP for 10, if R-XIX and R-1G go to XIX and R-V to ORLOV (or the reverse)
    st = movement_cc(
        position,
        {"R-HQ-XIX": "1605", "R-HQ-ORLOV": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505"},
    )
    assert st.top()["kind"] == "movement"
    assert out_of_command(st) == set()


def test_10_32_optional_unlimited_command_strength(position: Any) -> None:
    # the same 10 SP for XIX's 6: with the optional rule every unit in the radius is
    # commanded, no decision and no roll; R-62R (4 hexes away) still rolls (seed 1: 3)
    units = {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1604", "R-1G": "1505", "R-62R": "1609"}
    st = movement_cc(position, units, extra=UNLIMITED)
    assert st.game.options["unlimited_command_strength"] is True
    assert st.top()["kind"] == "movement"
    assert rolls(st) == [3]
    assert out_of_command(st) == {"R-62R"}
    assert logged(st, "10.32", "optional rule")


def test_10_33_radius_never_crosses_prohibited_terrain(position: Any) -> None:
    # 1008 and 1209 are 2 hexes apart across the lakes 1108, 1109 and 1208; the way
    # round is 1009, 1010, 1110, 1210, 1209: 5 hexes.  AOK's front (radius 5) reaches
    # it, its reverse side (radius 4) does not.
    units = {"G-HQ-AOK": "1008", "G-35R": "1209"}
    assert command.hqs_in_range(position(units, phasing="central"), "G-35R") == ["G-HQ-AOK"]
    reduced = position({**units, "G-HQ-AOK": at("1008", steps_lost=1)}, phasing="central")
    assert command.hqs_in_range(reduced, "G-35R") == []
    assert not (radius(reduced, "G-HQ-AOK") & {"1108", "1109", "1208"})


def test_10_33_radius_never_crosses_prohibited_hexsides(position: Any) -> None:
    # FALK (radius 2) at 1214: 1216 is 2 hexes away through 1215, but 1215/1216 is a
    # prohibited hexside; the ways round (1314, 1315 or 1215, 1315) take 3 hexes
    st = position({"G-HQ-FALK": "1214", "G-35R": "1216", "G-36R": "1215"}, phasing="central")
    assert command.hqs_in_range(st, "G-36R") == ["G-HQ-FALK"]
    assert command.hqs_in_range(st, "G-35R") == []


def test_10_33_radius_never_crosses_blocked_hexsides(position: Any) -> None:
    # FALK at 1014: 1016 lies beyond the blocked Wolf Pass hexsides 1014/1015 and
    # 1015/1016; round by 0914, 0915 or 1114, 1115 it is 3 hexes
    st = position({"G-HQ-FALK": "1014", "G-35R": "1016", "G-36R": "1015"}, phasing="central")
    assert command.hqs_in_range(st, "G-35R") == []
    # 1015 itself is reached round the blocked hexside: 1014, 1114, 1015
    assert command.hqs_in_range(st, "G-36R") == ["G-HQ-FALK"]


def test_10_33_radius_never_crosses_enemy_occupied_hexes(position: Any) -> None:
    # FALK (TCR 1, so zones of control do not matter) at 1605; the only 2-hex way to
    # 1607 is through 1606.  A Russian unit there blocks it.
    units = {"G-HQ-FALK": "1605", "G-35R": "1607"}
    assert command.hqs_in_range(position(units, phasing="central"), "G-35R") == ["G-HQ-FALK"]
    st = position({**units, "R-1G": "1606"}, phasing="central")
    assert command.hqs_in_range(st, "G-35R") == []


def test_10_33_radius_never_crosses_an_enemy_fortress(position: Any) -> None:
    # (our reading: an undestroyed Enemy fortress is held like an Enemy-occupied hex.)
    # FALK (TCR 1) at 1212; 1412 is 2 hexes away through 1311 or the empty Russian
    # fortress 1312.  R-1G holds 1311: only the fortress is left, and it is closed.
    st = position({"G-HQ-FALK": "1212", "G-35R": "1412", "R-1G": "1311"}, phasing="central")
    assert "1312" not in radius(st, "G-HQ-FALK")
    assert command.hqs_in_range(st, "G-35R") == []


def test_10_34_tcr1_hq_traces_through_enemy_zones(position: Any) -> None:
    # R-1G at 1706 controls 1606 and 1607.  FALK (TCR 1) at 1605 reaches G-35R at 1607
    # through 1606 all the same
    st = position({"G-HQ-FALK": "1605", "G-35R": "1607", "R-1G": "1706"}, phasing="central")
    assert command.hqs_in_range(st, "G-35R") == ["G-HQ-FALK"]


def test_10_34_tcr3_hq_may_not_trace_through_enemy_zones(position: Any) -> None:
    # the mirror: ORLOV (TCR 3, radius 2) at 1605, R-1G at 1607, G-35R at 1706
    # controlling 1606: the way through 1606 is closed; any other is 3 hexes or more
    st = position({"R-HQ-ORLOV": "1605", "R-1G": "1607", "G-35R": "1706"})
    assert "1606" not in radius(st, "R-HQ-ORLOV")
    assert command.hqs_in_range(st, "R-1G") == []


def test_10_34_friendly_unit_negates_the_enemy_zone(position: Any) -> None:
    # as above with the Russian brigade R-A2 in 1606: the zone no longer stops the radius
    st = position({"R-HQ-ORLOV": "1605", "R-1G": "1607", "G-35R": "1706", "R-A2": "1606"})
    assert command.hqs_in_range(st, "R-1G") == ["R-HQ-ORLOV"]


def test_10_34_units_own_hex_may_be_enemy_controlled(position: Any) -> None:
    # (our reading of "inclusive": the commanded unit is itself the Friendly unit in the
    # hex.)  G-35R at 1706 controls 1607, where R-1G stands 1 hex from ORLOV at 1606
    st = position({"R-HQ-ORLOV": "1606", "R-1G": "1607", "G-35R": "1706"})
    assert command.hqs_in_range(st, "R-1G") == ["R-HQ-ORLOV"]


def test_10_34_tcr4_hq_is_stopped_by_enemy_zones_too(position: Any) -> None:
    # AH-HQ-VI (TCR 4, radius 3) at 1605, AH-13 at 1607.  R-1G at 1706 controls 1606,
    # 1705 (and 1607, AH-13's own hex); R-62R at 1406 controls 1505 and 1506.  Every way
    # of 3 hexes (through 1606; 1505, 1506; 1705, 1706) is closed.  G-HQ-XVII (TCR 1,
    # radius 3) in the same hex reaches AH-13 through 1606.
    units = {"AH-HQ-VI": "1605", "AH-13": "1607", "R-1G": "1706", "R-62R": "1406"}
    st = position(units, phasing="central")
    assert command.hqs_in_range(st, "AH-13") == []
    st = position({**units, "G-HQ-XVII": "1605"}, phasing="central")
    assert command.hqs_in_range(st, "AH-13") == ["G-HQ-XVII"]


def test_10_35_entrained_or_unsupplied_hq_commands_as_usual(position: Any) -> None:
    hq = at("1605", markers=["entrained", "out_of_supply"])
    st = movement_cc(position, {"R-HQ-XIX": hq, "R-XIX": "1606", "R-1G": "1505"})
    assert out_of_command(st) == set()
    assert command.in_command(st, "R-HQ-XIX")
    assert command.hqs_in_range(st, "R-XIX") == ["R-HQ-XIX"]
    assert command.combat_strength(st, "R-HQ-XIX") == 1


def test_10_36_command_is_determined_again_for_combat(position: Any) -> None:
    # R-1G starts the Movement Segment out of command; the marker comes off when the
    # segment ends (4.0 A.d).  In the Combat Phase it is adjacent to G-35R (1706) and
    # within XIX's radius: commanded for combat without a decision.
    st = position({"R-HQ-XIX": "1605", "R-1G": at("1606", **OUT), "G-35R": "1706"})
    assert not command.in_command(st, "R-1G")
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "combat_resolution"
    assert command.in_command(st, "R-1G")
    assert not command.attack_halved(st, "R-1G")


# --- 10.4 effects of being out of command ------------------------------------------------------


def test_10_41_die_roll_above_tcr_puts_the_unit_in_command(position: Any) -> None:
    # R-1G (TCR 3) within no radius; seed 4 rolls a 4: in command
    st = movement_cc(position, {"R-1G": "1606"}, seed=4)
    assert rolls(st) == [4]
    assert command.in_command(st, "R-1G")
    assert logged(st, "10.41", "1st Guards Division")


def test_10_41_die_roll_equal_to_tcr_leaves_it_out(position: Any, refuse: Refuse) -> None:
    # seed 1 rolls a 3, not greater than TCR 3: out of command, it may not move at all
    # (5.17's one-hex move does not apply)
    st = movement_cc(position, {"R-1G": "1606"})
    assert rolls(st) == [3]
    assert out_of_command(st) == {"R-1G"}
    assert not command.may_move(st, "R-1G")
    assert {"type": "select", "unit": "R-1G"} not in st.legal_actions("allied")
    assert refuse(st, "allied", {"type": "select", "unit": "R-1G"}).case == "10.4"


def test_5_17_out_of_command_unit_has_no_one_hex_move(position: Any, refuse: Refuse) -> None:
    # the test counter X-LS1 has MA 1: in command it could always move one hex (5.17)
    st = position({"X-LS1": at("0302", **OUT)}, phasing="central", test_counters=True)
    assert st.legal_actions("central") == [{"type": "end_segment"}]
    assert refuse(st, "central", {"type": "select", "unit": "X-LS1"}).case == "10.4"


def test_4_0_markers_come_off_at_the_end_of_the_movement_segment(position: Any) -> None:
    st = movement_cc(position, {"R-1G": "1606", "G-35R": "0101"})
    assert out_of_command(st) == {"R-1G"}  # seed 1: a 3
    st.apply("allied", {"type": "end_segment"})
    assert out_of_command(st) == set()


def test_10_42_out_of_command_attacker_is_halved(position: Any) -> None:
    # Allied Combat Phase: G-35R at 1706 is adjacent to R-1G (1606) and R-62R (1607).
    # ORLOV (radius 2) at 1609 reaches 1607 through 1608 (not controlled) and commands
    # R-62R (2 SP of 4) without a decision; R-1G, 3 hexes away, is out of command.
    st = combat_cc(
        position, {"R-HQ-ORLOV": "1609", "R-1G": "1606", "R-62R": "1607", "G-35R": "1706"}
    )
    assert st.top()["kind"] == "combat_resolution"
    assert command.attack_halved(st, "R-1G")
    assert not command.attack_halved(st, "R-62R")


def test_10_42_units_outside_every_radius_may_not_roll_in_combat(position: Any) -> None:
    # R-1G next to G-35R, no HQ: out of command, and no die is rolled for it
    st = combat_cc(position, {"R-1G": "1606", "G-35R": "1706"})
    assert rolls(st) == []
    assert out_of_command(st) == {"R-1G"}
    assert logged(st, "10.42", "1st Guards Division")


def test_10_42_units_in_a_radius_left_without_strength_may_roll(position: Any) -> None:
    # (our reading of 10.42.)  XIX (6 SP) at 1605 reaches R-XIX (4) at 1606 and R-V (4)
    # at 1705, both adjacent to G-35R at 1706: 8 SP for 6.  The player commands R-XIX;
    # R-V, inside the radius, rolls (seed 4: a 4, above TCR 3) and is in command.
    st = combat_cc(
        position, {"R-HQ-XIX": "1605", "R-XIX": "1606", "R-V": "1705", "G-35R": "1706"}, seed=4
    )
    assert st.active_roles() == ["allied"]
    st.apply("allied", {"type": "command", "unit": "R-XIX", "hq": "R-HQ-XIX"})
    st.apply("allied", {"type": "end_allocation"})
    assert rolls(st) == [4]
    assert out_of_command(st) == set()


def test_10_42_only_units_able_to_attack_are_determined(position: Any) -> None:
    # R-62R (1608) is adjacent to no enemy: its command cannot matter in this phase; the
    # depot R-D1 (attack 0) next to G-35R may not attack (8.12).  Neither is rolled for
    # nor marked in the Allied Combat Phase (with no attack possible the game then goes
    # on to the Central Powers' turn).
    st = combat_cc(position, {"R-62R": "1608", "R-D1": "1606", "G-35R": "1706"})
    assert not logged(st, "10.42")
    assert not any("(TCR 3) tries" in e["text"] for e in st.data["log"])


def test_10_42_combat_markers_last_until_the_end_of_the_combat_phase(position: Any) -> None:
    st = combat_cc(position, {"R-1G": "1606", "G-35R": "1706"})
    assert out_of_command(st) == {"R-1G"}
    st.apply("allied", {"type": "end_segment"})  # the Combat Resolution Segment
    assert st.data["phasing"] == "central"  # the Combat Phase is over
    assert "R-1G" not in out_of_command(st)


def test_10_43_tcr_3_4_attacker_out_of_command_fares_worse(position: Any) -> None:
    # as in 10.42: R-1G (TCR 3) out of command, R-62R in command
    st = combat_cc(
        position, {"R-HQ-ORLOV": "1609", "R-1G": "1606", "R-62R": "1607", "G-35R": "1706"}
    )
    assert command.result_worsens(st, "R-1G", attacking=True)
    assert not command.result_worsens(st, "R-62R", attacking=True)
    # a TCR 1 attacker out of command is halved but its result is not worsened
    st = combat_cc(position, {"G-35R": "1706", "R-1G": "1606"}, phasing="central")
    assert command.attack_halved(st, "G-35R")
    assert not command.result_worsens(st, "G-35R", attacking=True)


def test_10_43_tcr_3_4_defender_outside_every_radius_fares_worse(position: Any) -> None:
    # Russians defending: R-1G (1606) is within XIX's radius (3) from 1605, R-62R (1609)
    # 4 hexes away is not
    st = position({"R-HQ-XIX": "1605", "R-1G": "1606", "R-62R": "1609"}, phasing="central")
    assert not command.result_worsens(st, "R-1G", attacking=False)
    assert command.result_worsens(st, "R-62R", attacking=False)
    # Central Powers defending: AH-13 (TCR 4) with no HQ fares worse, G-35R (TCR 1) not
    st = position({"AH-13": "0810", "G-35R": "0806"})
    assert command.result_worsens(st, "AH-13", attacking=False)
    assert not command.result_worsens(st, "G-35R", attacking=False)


def test_10_51_normal_hq_defends_with_1_heroic_with_its_strength(position: Any) -> None:
    st = position({"R-HQ-XIX": "1606", "R-HQ-ORLOV": "1606", "R-1G": "1606"})
    assert command.hq_defense(st, "1606", U.units_in(st, "1606")) == 1 + 2
    # the Combat Strength is never reduced by lack of supply
    hq = at("1606", markers=["out_of_supply"])
    st = position({"R-HQ-ORLOV": hq, "R-1G": "1606"})
    assert command.hq_defense(st, "1606", U.units_in(st, "1606")) == 2


def test_10_51_attack_shift_is_never_a_defensive_shift(position: Any) -> None:
    # shift candidates are offered only for the side whose units attack
    st = position({"R-HQ-XIX": "1605", "R-1G": "1606", "G-35R": "1706"}, phasing="central")
    offered = command.shift_candidates(st, ["G-35R"], [])
    assert "R-HQ-XIX" not in {c["hq"] for c in offered}


def test_10_52_hqs_exert_no_zone_of_control(position: Any) -> None:
    # R-1G beside the lone German HQ at 1706 pays Clear 1 to enter 1606 (no +1, 7.26)
    st = position({"G-HQ-XVII": "1706", "R-1G": "1506", "G-35R": "0101"})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    costs = {a["to"]: a["cost"] for a in st.legal_actions("allied") if a["type"] == "move"}
    assert costs["1606"] == 1


def test_10_52_combat_unit_enters_hq_only_hex_and_hq_displaces(position: Any) -> None:
    # FALK alone at 1606; the nearest German unit is G-35R at 1608 (2 hexes, via 1607).
    # R-1G (attack 4) moves 1506→1606: FALK displaces to 1608.
    st = position({"G-HQ-FALK": "1606", "G-35R": "1608", "R-1G": "1506"})
    assert command.hq_only_hexes(st, "central") == frozenset({"1606"})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    move = next(a for a in st.legal_actions("allied") if a.get("to") == "1606")
    st.apply("allied", move)
    assert U.record(st, "R-1G")["hex"] == "1606"
    assert U.record(st, "G-HQ-FALK")["hex"] == "1608"
    assert logged(st, "10.52", "displaces 1606→1608")


def test_10_52_unit_without_attack_strength_may_not_enter(position: Any) -> None:
    # the depot R-D1 has an Attack Strength of 0
    st = position({"G-HQ-FALK": "1606", "G-35R": "1608", "R-D1": "1506"})
    st.apply("allied", {"type": "select", "unit": "R-D1"})
    assert "1606" not in {a.get("to") for a in st.legal_actions("allied")}


def test_10_52_displaces_to_the_nearest_tie_by_stacking_points(position: Any) -> None:
    # G-35R (2 SP) at 1608 and G-XVII (4 SP) at 1604 are both 2 hexes from 1606: the
    # owner's choice is made by our fixed rule in mid-move (most stacking points)
    st = position({"G-HQ-FALK": "1606", "G-35R": "1608", "G-XVII": "1604", "R-1G": "1506"})
    assert command.displacement_hexes(st, "G-HQ-FALK") == ["1604", "1608"]
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    st.apply("allied", next(a for a in st.legal_actions("allied") if a.get("to") == "1606"))
    assert U.record(st, "G-HQ-FALK")["hex"] == "1604"


def test_10_52_tcr3_hq_does_not_displace_through_enemy_zones(position: Any) -> None:
    # Russian XIX alone at 1606.  R-62R at 1608 is 2 hexes away through 1607, which
    # G-35R (1706) controls; the way round by 1506, 1507 is controlled by G-36R (1407).
    # R-1G at 1603 is 3 hexes away through 1605 and 1604, free: XIX may go only there.
    units = {"R-HQ-XIX": "1606", "R-62R": "1608", "R-1G": "1603", "G-35R": "1706"}
    st = position({**units, "G-36R": "1407"}, phasing="central")
    assert command.displacement_hexes(st, "R-HQ-XIX") == ["1603"]


def test_10_52_tcr1_hq_displaces_through_enemy_zones(position: Any) -> None:
    # the mirror for FALK (TCR 1) alone at 1606: G-35R at 1608 is 2 hexes away through
    # 1607, which R-XIX (1707) controls; G-36R at 1603 is 3 hexes away.  FALK goes to 1608.
    st = position({"G-HQ-FALK": "1606", "G-35R": "1608", "G-36R": "1603", "R-XIX": "1707"})
    assert command.displacement_hexes(st, "G-HQ-FALK") == ["1608"]


def test_10_52_hq_with_no_way_to_displace_is_eliminated(position: Any) -> None:
    # Russian XIX alone at 1606, R-1G far off at 2003.  Round 1606: G-I holds 1605 and
    # controls 1505 and 1705; G-36R at 1407 controls 1506; G-35R at 1706 controls 1607.
    # G-35R enters 1606: XIX has no way out; it is eliminated and scored (an Allied HQ:
    # -1 on the Allied victory point index).
    st = position(
        {"R-HQ-XIX": "1606", "R-1G": "2003", "G-I": "1605", "G-36R": "1407", "G-35R": "1706"},
        phasing="central",
    )
    vp = st.data["vp"]
    st.apply("central", {"type": "select", "unit": "G-35R"})
    st.apply("central", next(a for a in st.legal_actions("central") if a.get("to") == "1606"))
    assert U.record(st, "G-35R")["hex"] == "1606"
    assert U.record(st, "R-HQ-XIX")["status"] == "eliminated"
    assert st.data["vp"] == vp - 1
    assert logged(st, "10.52", "no way to displace")


def test_10_52_lone_hq_next_to_enemy_displaces_at_end_of_enemy_movement(position: Any) -> None:
    # Central Movement Segment.  Russian XIX alone at 1606 with G-35R adjacent at 1706
    # (controlling 1607 and 1705).  R-1G at 1604 (through 1605) and R-62R at 1407
    # (through 1506) are both 2 hexes away: the Allied player chooses when it ends.
    st = position(
        {"R-HQ-XIX": "1606", "R-1G": "1604", "R-62R": "1407", "G-35R": "1706"},
        phasing="central",
    )
    assert command.must_displace(st, "allied") == ["R-HQ-XIX"]
    st.apply("central", {"type": "end_segment"})
    assert st.top()["kind"] == "hq_displacement"
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("allied") == [
        {"type": "displace", "unit": "R-HQ-XIX", "to": "1407"},
        {"type": "displace", "unit": "R-HQ-XIX", "to": "1604"},
    ]
    assert "must displace" in st.prompt("allied")
    st.apply("allied", {"type": "displace", "unit": "R-HQ-XIX", "to": "1604"})
    assert U.record(st, "R-HQ-XIX")["hex"] == "1604"
    assert st.top()["kind"] != "hq_displacement"


def test_10_52_displacement_choice_is_refused_elsewhere(position: Any, refuse: Refuse) -> None:
    st = position(
        {"R-HQ-XIX": "1606", "R-1G": "1604", "R-62R": "1407", "G-35R": "1706"},
        phasing="central",
    )
    st.apply("central", {"type": "end_segment"})
    err = refuse(st, "allied", {"type": "displace", "unit": "R-HQ-XIX", "to": "1505"})
    assert err.case == "10.52"


def test_10_52_hq_stacked_with_combat_units_never_displaces(position: Any) -> None:
    st = position({"R-HQ-XIX": "1606", "R-1G": "1606", "G-35R": "1706"}, phasing="central")
    assert command.must_displace(st, "allied") == []
    assert command.hq_only_hexes(st, "allied") == frozenset()
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "R-HQ-XIX")["hex"] == "1606"


def test_10_52_hq_in_its_own_fortress_need_not_displace(position: Any) -> None:
    # (our reading: an HQ in an undestroyed Friendly fortress is not "alone": 5.13 keeps
    # the enemy out.)  XIX in the Zalesie fortress 1312 with G-35R at 1313
    st = position({"R-HQ-XIX": "1312", "R-1G": "1604", "G-35R": "1313"}, phasing="central")
    assert command.must_displace(st, "allied") == []
    assert "1312" not in command.hq_only_hexes(st, "allied")


def test_10_53_hq_adds_strength_only_with_two_stacking_points(position: Any) -> None:
    # with the brigade R-A2 (1 SP): nothing, heroic or not; with R-1G (2 SP): added
    st = position({"R-HQ-ORLOV": "1606", "R-HQ-XIX": "1606", "R-A2": "1606"})
    assert command.hq_defense(st, "1606", U.units_in(st, "1606")) == 0
    st = position({"R-HQ-XIX": "1606", "R-A2": "1606", "R-BNB": "1606"})
    assert command.hq_defense(st, "1606", U.units_in(st, "1606")) == 1


def test_10_53_hq_whose_stack_was_eliminated_is_eliminated(position: Any) -> None:
    # after a combat XIX stands alone in 1606 (its units were eliminated): it goes too,
    # and the Central Powers score it (an Allied HQ: -1 on the Allied index)
    st = position({"R-HQ-XIX": "1606", "R-1G": "1604", "G-35R": "1706"}, phasing="central")
    vp = st.data["vp"]
    command.after_combat(st, "1606")
    assert U.record(st, "R-HQ-XIX")["status"] == "eliminated"
    assert st.data["vp"] == vp - 1
    assert logged(st, "10.53")


def test_10_53_hq_stays_while_a_combat_unit_is_left(position: Any) -> None:
    st = position({"R-HQ-XIX": "1606", "R-1G": "1606", "G-35R": "1706"}, phasing="central")
    command.after_combat(st, "1606")
    assert U.record(st, "R-HQ-XIX")["hex"] == "1606"


def test_10_54_army_hq_flips_and_displaces_instead(position: Any) -> None:
    # R-HQ-5A (army, with a reverse side) alone after combat: it flips (radius 4 -> 3,
    # strength 10 -> 5), displaces to R-1G at 1604 (2 hexes, through 1605), and the
    # Central Powers still score it
    st = position({"R-HQ-5A": "1606", "R-1G": "1604", "G-35R": "1706"}, phasing="central")
    vp = st.data["vp"]
    command.after_combat(st, "1606")
    assert U.record(st, "R-HQ-5A")["hex"] == "1604"
    assert U.record(st, "R-HQ-5A")["lost"] == 1
    assert command.command_strength(st, "R-HQ-5A") == 5
    assert st.data["vp"] == vp - 1
    assert logged(st, "10.54", "reverse side")


def test_10_54_army_hq_already_on_its_reverse_side_is_eliminated(position: Any) -> None:
    st = position(
        {"R-HQ-5A": at("1606", steps_lost=1), "R-1G": "1604", "G-35R": "1706"},
        phasing="central",
    )
    command.after_combat(st, "1606")
    assert U.record(st, "R-HQ-5A")["status"] == "eliminated"


def test_10_54_corps_hq_has_no_reverse_side_to_fall_back_on(position: Any) -> None:
    st = position({"R-HQ-XIX": "1606", "R-1G": "1604", "G-35R": "1706"}, phasing="central")
    command.after_combat(st, "1606")
    assert U.record(st, "R-HQ-XIX")["status"] == "eliminated"


# --- the segments and views ----------------------------------------------------------------


def test_4_0_command_control_segment_of_the_teaching_game() -> None:
    # the FICTIONAL teaching set-up: every Allied unit within a radius can be commanded
    # at once (5th Army 10, XIX 6, Orlov 4 SP), so the segment needs no decision; the
    # Central Powers' AH VI Corps HQ alone reaches X Corps, 12th Division and 4th Cavalry
    # Division (8 SP for 6): their player must allocate
    import greatwar

    st = greatwar.load("gwite/teaching").new_state(seed=1)
    assert st.top()["kind"] == "movement"
    assert logged(st, "10.32", "nothing is left to decide")
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "movement_command_control"
    assert st.active_roles() == ["central"]
    assert "Command Control Segment" in st.prompt("central")
    offered = commands(st, "central")
    assert ("AH-X", "AH-HQ-VI") in offered and ("AH-12", "AH-HQ-VI") in offered


def test_4_0_view_shows_radii_and_units_out_of_command(position: Any) -> None:
    st = movement_cc(position, {"R-HQ-ORLOV": "1605", "R-1G": "1606", "R-62R": "1609"})
    view = st.view("allied")["command"]
    assert set(view["radii"]) == {"R-HQ-ORLOV"}
    assert {"1605", "1606", "1607", "1603"} <= set(view["radii"]["R-HQ-ORLOV"])
    assert "1608" not in view["radii"]["R-HQ-ORLOV"]
    assert view["out_of_command"] == ["R-62R"]  # seed 1: a 3
    assert st.view("central")["command"]["radii"] == {}
