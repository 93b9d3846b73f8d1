"""13.0 Command: HQs, command ranges and lines, orders, independence, HQ modifiers; the
orders phase (3.1 phase 1).

Positions on the FICTIONAL teaching map.  Distance between hexes is
max(|dA|, |dB|, |dA + dB|): along one B row it is the difference of the A
numbers (A10 B20 to A14 B20 is 4), and the only shortest line between two hexes
of one B row runs along that row.  Teaching counters used (counters/teaching.toml):

    G-HQ-8A     German army HQ, range 5            R-HQ-1A  Russian 1st Army HQ, range 5/2
    G-HQ-I      I Corps HQ, range 4, modifier 2, A R-HQ-III III Corps HQ (1st), range 3, N
    G-HQ-XVII   XVII Corps HQ, range 3, mod. 1, N  R-HQ-XX  XX Corps HQ (1st), range 3, B
    G-1-1-I, G-2-1-I, G-3-2-I   I Corps (eff. 4)   R-1-25-III  III Corps (eff. 3)
    G-70-35-XVII, G-87-35-XVII  XVII Corps (4)     R-III-art   III Corps artillery (no zone)
    G-6L, G-33L, G-1-8-kaw      no corps           R-1-1G-kaw  no corps, 1st Army
                                                   R-1-6-XV    XV Corps, 2nd Army
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.rules.tannenberg import command, masking, movement, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.command import HQ_BACK, MARCH, STOP
from tests.rules.tannenberg.clash_kit import Numbers, at_clash, fight, lost, resolution, stand

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

MARCHING = {"markers": [MARCH]}
HALTED = {"markers": [STOP]}


def at(hex_label: str, *markers: str) -> dict[str, Any]:
    return {"hex": hex_label, "markers": list(markers)}


def still(position: Any, units: dict[str, Any], **kw: Any) -> State:
    """The position as set up, nothing run yet (the orders phase on top, not started)."""
    return position(units, paused=True, **kw)  # type: ignore[no-any-return]


def run_orders(st: State) -> None:
    """Run the orders phase's automatic steps until a role must choose or the phase ends
    (the rest of the stage is not run)."""
    frame = st.top()
    assert frame is not None and frame["kind"] == "orders_phase"
    handler = st.handler(frame)
    while st.top() is frame and not handler.actors(st, frame):
        handler.run(st, frame)
    st._cache.clear()


def act(st: State, role: str, action: Action) -> None:
    """Apply a legal action to the top frame without running what follows."""
    assert action in st.legal_actions(role), (action, st.legal_actions(role))
    frame = st.top()
    assert frame is not None
    st.handler(frame).apply(st, frame, role, action)
    st._cache.clear()  # the engine caches legal actions by action count: none was counted


#: the orders phase's own action types (the masking module offers more, 16.1.2)
COMMAND_ACTIONS = ("attach", "detach", "end_orders")


def orders_choices(st: State, role: str) -> list[Action]:
    """The role's legal actions of this module in the orders phase (masking aside)."""
    return [a for a in st.legal_actions(role) if a["type"] in COMMAND_ACTIONS]


def logged(st: State, case: str, text: str = "") -> bool:
    return any(e.get("case") == case and text in e["text"] for e in st.data["log"])


def hex_of(st: State, uid: str) -> str | None:
    return st.data["units"][uid]["hex"]  # type: ignore[no-any-return]


# --- 13.1 headquarters --------------------------------------------------------------------


def test_13_1_1_hqs_are_not_combat_units_and_guard_no_one(position: Any) -> None:
    # Two HQs stacked together next to a Russian brigade: neither is a unit that keeps
    # the other from being alone (13.1.1), so both must roll (13.1.5).
    st = still(position, {"G-HQ-8A": "A10 B20", "G-HQ-I": "A10 B20", "R-1-25-III": "A11 B20"})
    assert command.lone_hqs_in_danger(st) == ["G-HQ-8A", "G-HQ-I"]


def test_13_1_2_hqs_have_no_control_zone(position: Any) -> None:
    # (Nordheim's garrison controls hexes near A10 B20, not A9 B20 or A10 B19.)
    st = still(position, {"G-HQ-I": "A10 B20", "R-HQ-III": "A16 B20"})
    assert not U.info(st, "G-HQ-I").has_zoc
    assert not zoc.has_zone(st, "G-HQ-I") and not zoc.has_zone(st, "R-HQ-III")
    assert {"A9 B20", "A10 B19"}.isdisjoint(zoc.controlled_by(st, "german"))
    assert {"A15 B20", "A17 B20"}.isdisjoint(zoc.controlled_by(st, "russian"))


def test_13_1_3_hqs_move_six_points() -> None:
    assert command.hq_movement() == 6


def test_13_1_4_hq_shares_a_hex_with_units_and_is_not_alone(position: Any) -> None:
    # The HQ stands with a brigade of its corps: it is not lone, whoever is adjacent.
    st = still(position, {"G-HQ-I": "A10 B20", "G-1-1-I": "A10 B20", "R-1-25-III": "A11 B20"})
    assert command.lone_hqs_in_danger(st) == []
    assert st.game.system.invariants(st, "any") == []


def test_13_1_5_german_hq_escapes_on_four_to_the_nearest_unit_of_its_corps(
    position: Any, fixed_dice: Any
) -> None:
    # I Corps HQ alone at A10 B20, a Russian brigade adjacent at A11 B20.  Its corps'
    # brigades stand 2 (A8 B20) and 3 (A10 B23) hexes away; a XVII Corps brigade one
    # hex away (A9 B20) is not of its corps.  German 4 escapes (4-6): to A8 B20.
    fixed_dice(4)
    st = still(
        position,
        {
            "G-HQ-I": "A10 B20",
            "R-1-25-III": "A11 B20",
            "G-1-1-I": "A8 B20",
            "G-2-1-I": "A10 B23",
            "G-70-35-XVII": "A9 B20",
        },
    )
    command.check_lone_hqs(st)
    assert hex_of(st, "G-HQ-I") == "A8 B20"
    assert logged(st, "tannenberg 13.1.5", "escapes A10 B20→A8 B20")


def test_13_1_5_russian_hq_is_eliminated_on_four_and_rolls_its_return(
    position: Any, fixed_dice: Any
) -> None:
    # A Russian HQ escapes only on 5-6: a 4 eliminates it.  Its return roll 2, +1 for
    # the Russians (13.1.7), brings it back 3 stages later: stage 1 + 3 = 4.
    fixed_dice(4, 2)
    st = still(position, {"R-HQ-III": "A10 B20", "G-1-1-I": "A11 B20", "R-1-25-III": "A8 B20"})
    command.check_lone_hqs(st)
    assert st.data["units"]["R-HQ-III"]["status"] == "eliminated"
    assert st.data["units"]["R-HQ-III"][command.RETURN_STAGE] == 4
    assert logged(st, "tannenberg 13.1.7", "stage 4")


def test_13_1_5_owner_chooses_between_equally_near_hexes(position: Any, fixed_dice: Any) -> None:
    # Brigades of I Corps two hexes away on either side: the German player chooses.
    fixed_dice(6)
    st = still(
        position,
        {"G-HQ-I": "A10 B20", "R-1-25-III": "A10 B21", "G-1-1-I": "A8 B20", "G-2-1-I": "A12 B20"},
    )
    command.check_lone_hqs(st)
    assert st.active_roles() == ["german"]
    assert st.legal_actions("german") == [
        {"type": "escape", "unit": "G-HQ-I", "hex": "A12 B20"},
        {"type": "escape", "unit": "G-HQ-I", "hex": "A8 B20"},
    ]
    act(st, "german", {"type": "escape", "unit": "G-HQ-I", "hex": "A12 B20"})
    assert hex_of(st, "G-HQ-I") == "A12 B20"
    assert st.top() is not None and st.top()["pending"] == []  # type: ignore[index]


def test_13_1_5_army_hq_escapes_to_the_nearest_unit_of_its_army(
    position: Any, fixed_dice: Any
) -> None:
    # The army HQ goes to any unit of its army: the Landwehr of no corps 2 hexes away
    # (A10 B22) rather than the I Corps brigade 4 hexes away.
    fixed_dice(5)
    st = still(
        position,
        {"G-HQ-8A": "A10 B20", "R-1-25-III": "A11 B20", "G-6L": "A10 B22", "G-1-1-I": "A6 B20"},
    )
    command.check_lone_hqs(st)
    assert hex_of(st, "G-HQ-8A") == "A10 B22"


def test_13_1_5_enemy_hqs_and_guns_without_zone_next_to_a_lone_hq(position: Any) -> None:
    # An enemy HQ next to a lone HQ is no threat (not a combat unit); enemy artillery,
    # though without a control zone, is an enemy unit adjacent (13.1.5).
    st = still(position, {"G-HQ-I": "A10 B20", "R-HQ-III": "A11 B20", "G-HQ-XVII": "A14 B20"})
    assert command.lone_hqs_in_danger(st) == []
    st = still(position, {"G-HQ-I": "A10 B20", "R-III-art": "A11 B20"})
    assert command.lone_hqs_in_danger(st) == ["G-HQ-I"]


def test_13_1_5_masked_hq_is_not_lone_until_revealed(position: Any) -> None:
    # The enemy sees a masking counter with a zone in the HQ's hex (16.2.5, 16.2.8).
    st = still(position, {"G-HQ-I": "A10 B20", "R-1-25-III": "A11 B20"})
    masking.put_mask(st, "mask-german-1", "A10 B20", ["G-HQ-I"], "german")
    assert command.lone_hqs_in_danger(st) == []


def test_13_1_5_hq_in_its_own_garrisoned_fortress_is_not_alone(position: Any) -> None:
    # Our reading: Nordheim's garrison (A10 B23) defends like a unit (12.3.3).
    st = still(position, {"G-HQ-I": "A10 B23", "R-1-25-III": "A11 B23"})
    assert command.lone_hqs_in_danger(st) == []


def test_13_1_5_hq_with_nowhere_to_go_is_eliminated(position: Any, fixed_dice: Any) -> None:
    # The roll succeeds but no unit of its corps is on the map (one still to arrive):
    # eliminated; it rolls its return (1: the next stage) as its corps is not lost.
    fixed_dice(6, 1)
    st = still(
        position,
        {"G-HQ-IR": "A10 B20", "R-1-25-III": "A11 B20", "G-69R-36R-IR": {"status": "pending"}},
    )
    command.check_lone_hqs(st)
    assert st.data["units"]["G-HQ-IR"]["status"] == "eliminated"
    assert st.data["units"]["G-HQ-IR"][command.RETURN_STAGE] == 2


def test_13_1_6_hq_is_gone_for_good_with_its_corps_last_unit(position: Any) -> None:
    # Every XVII Corps unit but one is eliminated (the position); when the last goes,
    # the HQ goes too, with no return roll (no die may be rolled here).
    st = still(position, {"G-HQ-XVII": "A10 B20", "G-70-35-XVII": "A12 B20"})
    U.eliminate_unit(st, "G-70-35-XVII", "tannenberg 9.4.2")
    assert st.data["units"]["G-HQ-XVII"]["status"] == "eliminated"
    assert st.data["units"]["G-HQ-XVII"].get(command.RETURN_STAGE) is None
    assert logged(st, "tannenberg 13.1.6", "gone for good")
    assert not any("roll" in e for e in st.data["log"])


def test_13_1_6_waiting_hq_will_not_return_once_its_corps_is_lost(
    position: Any, fixed_dice: Any
) -> None:
    # XVII Corps HQ caught alone (German 1 fails; return roll 2: stage 3); then the
    # corps' last brigade is eliminated: the HQ will not come back.
    fixed_dice(1, 2)
    st = still(
        position, {"G-HQ-XVII": "A10 B20", "R-1-25-III": "A11 B20", "G-70-35-XVII": "A14 B20"}
    )
    command.check_lone_hqs(st)
    assert st.data["units"]["G-HQ-XVII"][command.RETURN_STAGE] == 3
    U.eliminate_unit(st, "G-70-35-XVII", "tannenberg 9.4.2")
    assert st.data["units"]["G-HQ-XVII"].get(command.RETURN_STAGE) is None
    assert logged(st, "tannenberg 13.1.6", "will not return")


def test_13_1_7_german_hq_rolling_one_returns_next_stage(position: Any, fixed_dice: Any) -> None:
    fixed_dice(3, 1)  # 3 fails the escape (4-6); 1: back in stage 1 + 1 = 2
    st = still(position, {"G-HQ-I": "A10 B20", "R-1-25-III": "A11 B20", "G-1-1-I": "A14 B20"})
    command.check_lone_hqs(st)
    assert st.data["units"]["G-HQ-I"][command.RETURN_STAGE] == 2
    assert command.returning_hqs(st) == []  # stage 1: not yet due


def _due_back(st: State, hq: str) -> None:
    U.eliminate(st, hq)
    U.set_note(st, hq, command.RETURN_STAGE, st.data["stage"])


def test_13_1_8_returning_hq_goes_where_its_owner_chooses(position: Any) -> None:
    # I Corps HQ is due back this stage; I Corps brigades stand in two hexes: the German
    # player places it on one of them at the start of the orders phase, then it gets
    # its order (A12 B22 is within 5 of the army HQ at A10 B20: MARCH).
    st = still(position, {"G-HQ-8A": "A10 B20", "G-1-1-I": "A8 B20", "G-2-1-I": "A12 B22"})
    _due_back(st, "G-HQ-I")
    run_orders(st)
    assert st.active_roles() == ["german"]
    assert st.legal_actions("german") == [
        {"type": "place_hq", "unit": "G-HQ-I", "hex": "A12 B22"},
        {"type": "place_hq", "unit": "G-HQ-I", "hex": "A8 B20"},
    ]
    act(st, "german", {"type": "place_hq", "unit": "G-HQ-I", "hex": "A12 B22"})
    run_orders(st)
    assert hex_of(st, "G-HQ-I") == "A12 B22"
    assert st.data["units"]["G-HQ-I"].get(command.RETURN_STAGE) is None
    assert command.order(st, "G-HQ-I") == MARCH
    assert logged(st, "tannenberg 13.1.8", "returns to the game in A12 B22")


def test_13_1_8_one_hex_is_automatic_and_none_waits_a_stage(position: Any) -> None:
    st = still(position, {"G-HQ-8A": "A10 B20", "G-1-1-I": "A8 B20"})
    _due_back(st, "G-HQ-I")
    _due_back(st, "G-HQ-XVII")  # no XVII unit on the map: it waits a stage
    run_orders(st)
    assert hex_of(st, "G-HQ-I") == "A8 B20"
    assert st.data["units"]["G-HQ-XVII"][command.RETURN_STAGE] == 2
    assert logged(st, "tannenberg 13.1.8", "cannot return yet")


def test_13_1_8_refused_placement_names_the_hexes(position: Any, refuse: Refuse) -> None:
    st = still(position, {"G-1-1-I": "A8 B20", "G-2-1-I": "A12 B22"})
    _due_back(st, "G-HQ-I")
    run_orders(st)
    error = refuse(st, "german", {"type": "place_hq", "unit": "G-HQ-I", "hex": "A10 B20"})
    assert error.case == "tannenberg 13.1.8"
    assert "A12 B22, A8 B20" in error.reason


# --- 13.2 command ranges and lines -----------------------------------------------------------


def test_13_2_1_range_counts_hexes(position: Any) -> None:
    # I Corps HQ, range 4, at A8 B20: A12 B20 and A8 B24 are 4 away, A13 B20 is 5.
    st = still(
        position,
        {
            "G-HQ-I": at("A8 B20", MARCH),
            "G-1-1-I": "A12 B20",
            "G-2-1-I": "A13 B20",
            "G-3-2-I": "A8 B24",
        },
    )
    assert command.commanded(st, "G-1-1-I")
    assert not command.commanded(st, "G-2-1-I")
    assert command.commanded(st, "G-3-2-I")


def test_13_2_2_enemy_units_block_the_command_line(position: Any) -> None:
    # XVII Corps HQ (range 3) at A10 B20, its brigade at A13 B20: the only line of 3
    # runs through A11 B20, where Russian artillery (no control zone) stands.
    units = {"G-HQ-XVII": at("A10 B20", MARCH), "G-70-35-XVII": "A13 B20"}
    assert command.commanded(still(position, units), "G-70-35-XVII")
    st = still(position, {**units, "R-III-art": "A11 B20"})
    assert not command.commanded(st, "G-70-35-XVII")


def test_13_2_2_enemy_control_zones_block_the_command_line(position: Any) -> None:
    # A Russian brigade at A12 B21 controls A12 B20 on the only line of 3.
    st = still(
        position,
        {"G-HQ-XVII": at("A10 B20", MARCH), "G-70-35-XVII": "A13 B20", "R-1-25-III": "A12 B21"},
    )
    assert not command.commanded(st, "G-70-35-XVII")
    assert "outside the command range" in command.why_uncommanded(st, "G-70-35-XVII")[0]


def test_13_2_2_an_enemy_garrison_blocks_the_command_line(position: Any) -> None:
    # Our reading: the Russian fortress of Kowal (A22 B12, garrisoned) stops a line as a
    # unit would.  From A23 B11 to A21 B13 the only line of 2 runs through Kowal; the
    # lines of 3 run through its forefield (A21 B12, A22 B13), which it controls.
    st = still(position, {"G-HQ-XVII": at("A23 B11", MARCH), "G-70-35-XVII": "A21 B13"})
    assert not command.commanded(st, "G-70-35-XVII")


def test_13_2_2_lakes_and_lake_shores_block_the_command_line(position: Any) -> None:
    # A12 B17 to A15 B17 is 3 hexes straight across two lake hexes (A13-A14 B17), 4 round
    # them; A16 B10 and A17 B10 are neighbours across a lake drawn on their hexside,
    # 4 hexes apart round it.  XVII Corps HQ has range 3, I Corps HQ range 4.
    st = still(position, {"G-HQ-XVII": at("A12 B17", MARCH), "G-70-35-XVII": "A15 B17"})
    assert not command.commanded(st, "G-70-35-XVII")
    st = still(position, {"G-HQ-I": at("A12 B17", MARCH), "G-1-1-I": "A15 B17"})
    assert command.commanded(st, "G-1-1-I")
    st = still(position, {"G-HQ-XVII": at("A16 B10", MARCH), "G-70-35-XVII": "A17 B10"})
    assert not command.commanded(st, "G-70-35-XVII")
    st = still(position, {"G-HQ-I": at("A16 B10", MARCH), "G-1-1-I": "A17 B10"})
    assert command.commanded(st, "G-1-1-I")


def test_13_2_2_the_sea_blocks_the_command_line(position: Any) -> None:
    # A3 B27 is sea: from A2 B27 a line to A4 B27 takes 3 hexes, not 2.
    st = still(position, {"G-HQ-8A": "A2 B27"})
    assert "A3 B27" not in command.command_static(st).steps["A2 B27"]
    assert "A4 B27" in command.command_reach(st, "G-HQ-8A")  # 3 ≤ 5


def test_13_2_3_friendly_unit_opens_an_enemy_control_zone(position: Any) -> None:
    # As 13.2.2's zone case, with a friendly brigade standing in A12 B20.
    st = still(
        position,
        {
            "G-HQ-XVII": at("A10 B20", MARCH),
            "G-70-35-XVII": "A13 B20",
            "R-1-25-III": "A12 B21",
            "G-87-35-XVII": "A12 B20",
        },
    )
    assert command.commanded(st, "G-70-35-XVII")


def test_13_2_4_own_corps_hq_with_march_commands_not_another_corps(position: Any) -> None:
    st = still(
        position,
        {"G-HQ-XVII": at("A10 B20", MARCH), "G-70-35-XVII": "A11 B20", "G-1-1-I": "A11 B20"},
    )
    assert command.commanded(st, "G-70-35-XVII")
    assert not command.commanded(st, "G-1-1-I")
    assert command.commanded_units(st, "german") == ["G-HQ-XVII", "G-70-35-XVII"]


def test_13_2_4_stop_order_commands_nothing(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", STOP), "G-70-35-XVII": "A11 B20"})
    assert not command.commanded(st, "G-70-35-XVII")
    assert not command.commanded(st, "G-HQ-XVII")
    reason, case = command.why_uncommanded(st, "G-70-35-XVII")
    assert "STOP" in reason and case == "tannenberg 13.4.1"


def test_13_3_1_unit_within_range_of_a_corps_hq_without_order_is_told_so(position: Any) -> None:
    # No army HQ on the map: the corps HQ holds no order (none given, none the orders
    # phase would give without a roll), so its unit a hex away is not commanded; the
    # refusal names the HQ's missing order, not a range the unit is within.
    st = still(position, {"G-HQ-XVII": "A10 B20", "G-70-35-XVII": "A11 B20"})
    assert command.order(st, "G-HQ-XVII") is None
    assert not command.commanded(st, "G-70-35-XVII")
    reason, case = command.why_uncommanded(st, "G-70-35-XVII")
    assert "holds no order" in reason and "outside" not in reason
    assert U.info(st, "G-HQ-XVII").name in reason and case == "tannenberg 13.4.1"
    # out of the HQ's range, the refusal says so
    far = still(position, {"G-HQ-XVII": "A10 B20", "G-70-35-XVII": "A19 B20"})
    assert "outside the command range" in command.why_uncommanded(far, "G-70-35-XVII")[0]


def test_13_2_4_corps_hq_without_order_counter_holds_what_the_orders_phase_gives(
    position: Any,
) -> None:
    # A position set up mid-stage: no MARCH counter, but within its army HQ's range,
    # so the orders phase would have given MARCH without a roll.
    st = still(position, {"G-HQ-8A": "A10 B20", "G-HQ-XVII": "A14 B20", "G-70-35-XVII": "A17 B20"})
    assert command.order(st, "G-HQ-XVII") == MARCH
    assert command.commanded(st, "G-70-35-XVII")  # 3 from its HQ, 7 from the army HQ


def test_5_3_4_hq_carried_by_rail_commands_nothing(position: Any) -> None:
    st = still(
        position, {"G-HQ-XVII": at("A10 B20", MARCH, "entrained"), "G-70-35-XVII": "A11 B20"}
    )
    assert not command.commanded(st, "G-70-35-XVII")


def loose_units_near_xvii(**more: Any) -> dict[str, Any]:
    """The XVII Corps HQ (MARCH) in A10 B20 and three units of no corps it reaches."""
    return {
        "G-HQ-XVII": at("A10 B20", MARCH),
        "G-6L": "A11 B20",
        "G-33L": "A12 B20",
        "G-1-8-kaw": "A10 B21",
        **more,
    }


def test_13_2_5_corps_hq_takes_two_units_of_no_corps(position: Any, refuse: Refuse) -> None:
    # XVII Corps HQ (MARCH) reaches three units of no corps; the German player takes two
    # in the orders phase; the third stays uncommanded.  Units of a corps are not taken.
    st = still(position, loose_units_near_xvii(**{"G-70-35-XVII": "A10 B21"}))
    run_orders(st)
    assert st.active_roles() == ["german"]
    assert orders_choices(st, "german") == [
        {"type": "attach", "unit": "G-1-8-kaw", "hq": "G-HQ-XVII"},
        {"type": "attach", "unit": "G-6L", "hq": "G-HQ-XVII"},
        {"type": "attach", "unit": "G-33L", "hq": "G-HQ-XVII"},
        {"type": "end_orders"},
    ]
    error = refuse(st, "german", {"type": "attach", "unit": "G-70-35-XVII", "hq": "G-HQ-XVII"})
    assert error.case == "tannenberg 13.2.5"
    # a forged request naming no unit id (a list, a number) is refused, never a crash
    for forged in (["G-6L"], 6, {"id": "G-6L"}):
        error = refuse(st, "german", {"type": "attach", "unit": forged, "hq": "G-HQ-XVII"})
        assert error.case == "tannenberg 13.2.5" and "no unit" in error.reason
        error = refuse(st, "german", {"type": "attach", "unit": "G-6L", "hq": forged})
        assert error.case == "tannenberg 13.2.5" and error.reason == f"there is no HQ {forged!r}"
    act(st, "german", {"type": "attach", "unit": "G-6L", "hq": "G-HQ-XVII"})
    act(st, "german", {"type": "attach", "unit": "G-33L", "hq": "G-HQ-XVII"})
    assert command.commanded(st, "G-6L") and command.commanded(st, "G-33L")
    assert not command.commanded(st, "G-1-8-kaw")
    # full, with a unit waiting: releasing one of the two is now a choice
    assert orders_choices(st, "german") == [
        {"type": "detach", "unit": "G-6L"},
        {"type": "detach", "unit": "G-33L"},
        {"type": "end_orders"},
    ]
    error = refuse(st, "german", {"type": "attach", "unit": "G-1-8-kaw", "hq": "G-HQ-XVII"})
    assert "two units of no corps" in error.reason
    act(st, "german", {"type": "detach", "unit": "G-6L"})
    assert not command.commanded(st, "G-6L")
    assert st.view("german")["command"]["attached"] == {"G-33L": "G-HQ-XVII"}
    assert st.view("russian")["command"]["attached"] == {}


def test_13_2_5_a_unit_no_hq_takes_is_told_why_by_name(position: Any) -> None:
    # a click on a unit of no corps beyond every corps HQ's reach while another is
    # offered: the refusal probes "attach" naming the unit alone; it once answered
    # "no unit 'G-6L' or HQ None"
    st = still(position, loose_units_near_xvii(**{"G-6L": "A16 B20"}))
    run_orders(st)
    offered = [a for a in st.legal_actions("german") if a["type"] == "attach"]
    assert offered and all(a["unit"] != "G-6L" for a in offered)
    frame = st.top()
    assert frame is not None
    reason, case = st.handler(frame).explain(
        st, frame, "german", {"type": "attach", "unit": "G-6L"}
    )
    name = U.info(st, "G-6L").name
    assert case == "tannenberg 13.2.5"
    assert reason == (
        "no corps HQ of yours with a MARCH order and room for a unit of no corps has"
        f" {name} within its command range"
    )
    # a unit of a corps is told that, whether an HQ is named or not
    st = still(position, loose_units_near_xvii(**{"G-70-35-XVII": "A10 B21"}))
    run_orders(st)
    frame = st.top()
    assert frame is not None
    reason, _ = st.handler(frame).explain(
        st, frame, "german", {"type": "attach", "unit": "G-70-35-XVII"}
    )
    assert reason.endswith("belongs to a corps: only units of no corps are taken")


def test_13_2_5_the_choices_offered_follow_the_attachments_made_in_play(position: Any) -> None:
    # the same position, played through the engine (each action committed, nothing
    # cleared by hand): a masking plan leaves the choices as they were, each attachment
    # and release changes them
    st = still(position, loose_units_near_xvii())
    run_orders(st)
    first = orders_choices(st, "german")
    assert [a["type"] for a in first] == ["attach", "attach", "attach", "end_orders"]
    plan = next(a for a in st.legal_actions("german") if a["type"] == "mask")
    st.apply("german", plan)  # 16.1.2 a masking plan: the units stand as they were
    assert orders_choices(st, "german") == first
    st.apply("german", {"type": "attach", "unit": "G-6L", "hq": "G-HQ-XVII"})
    assert orders_choices(st, "german") == [
        {"type": "attach", "unit": "G-1-8-kaw", "hq": "G-HQ-XVII"},
        {"type": "attach", "unit": "G-33L", "hq": "G-HQ-XVII"},
        {"type": "end_orders"},
    ]
    st.apply("german", {"type": "attach", "unit": "G-33L", "hq": "G-HQ-XVII"})
    assert orders_choices(st, "german") == [
        {"type": "detach", "unit": "G-6L"},
        {"type": "detach", "unit": "G-33L"},
        {"type": "end_orders"},
    ]
    st.apply("german", {"type": "detach", "unit": "G-33L"})
    assert orders_choices(st, "german") == [
        {"type": "attach", "unit": "G-1-8-kaw", "hq": "G-HQ-XVII"},
        {"type": "attach", "unit": "G-33L", "hq": "G-HQ-XVII"},
        {"type": "end_orders"},
    ]


def test_13_2_5_attachments_are_logged_to_their_owner_only(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "G-6L": "A11 B20"})
    run_orders(st)
    act(st, "german", {"type": "attach", "unit": "G-6L", "hq": "G-HQ-XVII"})
    entry = next(e for e in st.data["log"] if e.get("case") == "tannenberg 13.2.5")
    assert entry["to"] == ["german"]
    assert not any(
        "G-6L" in e["text"] or "Landwehr" in e["text"] for e in st.view("russian")["log"]
    )


def test_13_2_5_three_players_each_take_units_of_their_own_army(position: Any) -> None:
    # Three seats (1.0): each Russian player chooses for his own army's corps HQ, at the
    # same time; neither is offered the other's units.  (Each corps HQ is 2 hexes from
    # its army HQ: MARCH.)
    st = still(
        position,
        {
            "R-HQ-1A": "A22 B15",
            "R-HQ-2A": "A14 B6",
            "R-HQ-III": at("A20 B16", MARCH),
            "R-1-1G-kaw": "A21 B16",
            "R-HQ-XV": at("A12 B8", MARCH),
            "R-2-tyazh-art": "A13 B8",
        },
        options={"three_players": True},
    )
    run_orders(st)
    assert {"russian-1", "russian-2"} <= set(st.active_roles())
    assert orders_choices(st, "russian-1") == [
        {"type": "attach", "unit": "R-1-1G-kaw", "hq": "R-HQ-III"},
        {"type": "end_orders"},
    ]
    assert orders_choices(st, "russian-2") == [
        {"type": "attach", "unit": "R-2-tyazh-art", "hq": "R-HQ-XV"},
        {"type": "end_orders"},
    ]


def test_13_2_5_a_new_commander_keeps_the_units_of_no_corps(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "G-6L": "A11 B20"})
    command.attach(st, "G-6L", "G-HQ-XVII")
    command.hq_replaced(st, "G-HQ-XVII", "G-HQ-RG")
    assert command.attached_to(st, "G-HQ-RG") == ["G-6L"]
    assert command.attached_to(st, "G-HQ-XVII") == []


def test_13_2_6_army_hq_commands_every_unit_of_its_army_in_range(position: Any) -> None:
    # 8th Army HQ (range 5) at A10 B20: a I Corps brigade 4 away, a Landwehr of no corps
    # 5 away, a XVII Corps brigade 5 away (its corps HQ is off the map) are commanded;
    # a Landwehr 6 away is not.
    st = still(
        position,
        {
            "G-HQ-8A": "A10 B20",
            "G-1-1-I": "A14 B20",
            "G-6L": "A10 B25",
            "G-70-35-XVII": "A15 B20",
            "G-33L": "A16 B20",
        },
    )
    assert [command.commanded(st, u) for u in ("G-1-1-I", "G-6L", "G-70-35-XVII", "G-33L")] == [
        True,
        True,
        True,
        False,
    ]


def test_13_2_6_army_hq_does_not_command_the_other_armys_units(position: Any) -> None:
    # Our reading: the 1st Army HQ commands its own army's units (and those of no army).
    st = still(position, {"R-HQ-1A": "A22 B15", "R-1-1G-kaw": "A22 B14", "R-1-6-XV": "A22 B14"})
    assert command.commanded(st, "R-1-1G-kaw")
    assert not command.commanded(st, "R-1-6-XV")


def test_13_2_7_corps_hq_within_army_range_gets_march(position: Any, fixed_dice: Any) -> None:
    # 8th Army HQ at A10 B20: I Corps HQ 4 away is commanded and gets MARCH; XVII Corps HQ
    # 6 away rolls: 6 on an N commander is STOP.
    fixed_dice(6)
    st = still(position, {"G-HQ-8A": "A10 B20", "G-HQ-I": "A14 B20", "G-HQ-XVII": "A16 B20"})
    assert command.in_army_range(st, "G-HQ-I")
    assert not command.in_army_range(st, "G-HQ-XVII")
    run_orders(st)
    assert command.order(st, "G-HQ-I") == MARCH
    assert command.order(st, "G-HQ-XVII") == STOP
    assert logged(
        st, "tannenberg 13.3.1", "I Corps HQ is within its army HQ's command range: MARCH"
    )


def test_13_2_8_russian_army_hq_on_russian_soil_doubles_range_for_corps_hqs(
    position: Any,
) -> None:
    # 1st Army HQ in Russia (A22 B15): III Corps HQ 8 hexes away (A22 B7) is within the
    # doubled range 10 and gets MARCH without a roll (no die may be rolled); a cavalry
    # brigade of no corps 6 away is not commanded by it (range 5 for units).
    st = still(position, {"R-HQ-1A": "A22 B15", "R-HQ-III": "A22 B7", "R-1-1G-kaw": "A22 B9"})
    assert command.corps_hq_range(st, "R-HQ-1A") == 10
    assert command.in_army_range(st, "R-HQ-III")
    assert not command.commanded(st, "R-1-1G-kaw")
    run_orders(st)
    assert command.order(st, "R-HQ-III") == MARCH


def test_13_2_8_no_doubling_on_german_soil(position: Any) -> None:
    # The same 8 hexes with the army HQ in Germany (A19 B15 to A19 B7).
    st = still(position, {"R-HQ-1A": "A19 B15", "R-HQ-III": "A19 B7"})
    assert command.corps_hq_range(st, "R-HQ-1A") == 5
    assert not command.in_army_range(st, "R-HQ-III")


def test_13_2_9_russian_army_hq_turns_over_after_moving(
    position: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 1st Army HQ at A22 B15 commands a brigade 3 away (A22 B12); after it moves it shows
    # range 2 and does not; at the end of a movement phase in which it did not move it
    # turns back.  A German army HQ never turns over.
    st = still(position, {"R-HQ-1A": "A22 B15", "R-1-1G-kaw": "A22 B12", "G-HQ-8A": "A10 B20"})
    assert command.command_range(st, "R-HQ-1A") == 5
    assert command.commanded(st, "R-1-1G-kaw")
    command.hq_moved(st, "R-HQ-1A")
    command.hq_moved(st, "G-HQ-8A")
    assert U.has_marker(st, "R-HQ-1A", HQ_BACK)
    assert not U.has_marker(st, "G-HQ-8A", HQ_BACK)
    assert command.command_range(st, "R-HQ-1A") == 2
    assert not command.commanded(st, "R-1-1G-kaw")
    monkeypatch.setattr(movement, "moved_this_stage", lambda s, uid: True)
    command.end_movement_phase(st, "russian")
    assert command.command_range(st, "R-HQ-1A") == 2  # it moved: stays on its back
    monkeypatch.setattr(movement, "moved_this_stage", lambda s, uid: False)
    command.end_movement_phase(st, "russian")
    assert command.command_range(st, "R-HQ-1A") == 5
    assert logged(st, "tannenberg 13.2.9", "turns to its front side")


def test_13_2_1_view_shows_the_viewers_ranges_and_orders_only(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "R-HQ-III": at("A22 B15", STOP)})
    german = st.view("german")["command"]
    assert set(german["ranges"]) == {"G-HQ-XVII"}
    assert "A13 B20" in german["ranges"]["G-HQ-XVII"]
    assert german["orders"] == {"G-HQ-XVII": MARCH}
    russian = st.view("russian")["command"]
    assert russian["ranges"] == {"R-HQ-III": []}  # STOP: it commands nothing
    assert russian["orders"] == {"R-HQ-III": STOP}


# --- 13.3 the command procedure ----------------------------------------------------------


def test_13_3_1_independence_roll_adds_minus_one_after_march_plus_one_after_stop(
    position: Any, fixed_dice: Any
) -> None:
    # No army HQ on the map: both corps HQs roll (provisional table).  I Corps (A) last
    # held MARCH: die 5 - 1 = 4, MARCH (an unmodified 5 would be STOP).  XVII Corps (N)
    # last held STOP: die 3 + 1 = 4, STOP (an unmodified 3 would be MARCH).
    fixed_dice(5, 3)
    st = still(position, {"G-HQ-I": at("A10 B20", MARCH), "G-HQ-XVII": at("A14 B20", STOP)})
    run_orders(st)
    assert command.order(st, "G-HQ-I") == MARCH
    assert command.order(st, "G-HQ-XVII") == STOP
    assert logged(st, "tannenberg 13.3.1", "die 5, last order MARCH -1 = 4, activity A: MARCH")
    assert logged(st, "tannenberg 13.3.1", "die 3, last order STOP +1 = 4, activity N: STOP")
    assert logged(st, "tannenberg 13.3.1", "(provisional table entry)")


def test_13_3_1_first_order_reads_the_unmodified_die(position: Any, fixed_dice: Any) -> None:
    # XX Corps (B, passive), no earlier order: die 3, STOP (B marches on 1-2).
    fixed_dice(3)
    st = still(position, {"R-HQ-XX": "A22 B9", "R-1-28-XX": "A21 B10"})
    run_orders(st)
    assert command.order(st, "R-HQ-XX") == STOP
    assert not command.commanded(st, "R-1-28-XX")


def test_13_3_1_orders_phase_ends_last_stages_command_markers(position: Any) -> None:
    st = still(
        position,
        {
            "G-HQ-8A": "A10 B20",
            "G-1-1-I": at("A20 B20", command.INDEPENDENT),
            "G-2-1-I": at("A18 B21", command.UNCOMMANDED),
        },
        stage=2,
    )
    run_orders(st)
    assert st.data["units"]["G-1-1-I"]["markers"] == []
    assert st.data["units"]["G-2-1-I"]["markers"] == []


def test_13_3_2_independent_command_succeeds_at_most_the_effectiveness(
    position: Any, fixed_dice: Any
) -> None:
    # XVII Corps HQ (MARCH) at A10 B20; two of its brigades (effectiveness 4) 6 away.
    # A 4 gives command for the stage; a 5 leaves the other uncommanded, and it may not
    # roll again.
    fixed_dice(4, 5)
    st = still(
        position,
        {
            "G-HQ-XVII": at("A10 B20", MARCH),
            "G-70-35-XVII": "A16 B20",
            "G-87-35-XVII": "A16 B21",
        },
    )
    assert command.independence_candidates(st, "german") == ["G-70-35-XVII", "G-87-35-XVII"]
    assert command.roll_independence(st, "german") == ["G-70-35-XVII"]
    assert command.commanded(st, "G-70-35-XVII")
    assert not command.commanded(st, "G-87-35-XVII")
    assert command.independence_candidates(st, "german") == []
    assert logged(st, "tannenberg 13.3.2", "gains independence")
    assert "failed" in command.why_uncommanded(st, "G-87-35-XVII")[0]


def test_13_3_2_units_of_a_corps_under_stop_may_not_try(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", STOP), "G-70-35-XVII": "A16 B20"})
    assert command.independence_candidates(st, "german") == []
    assert command.roll_independence(st, "german") == []


def test_13_3_2_units_of_no_corps_within_a_range_may_not_try(position: Any) -> None:
    # A Landwehr of no corps next to a marching corps HQ that has not taken it: within
    # an HQ's range, so no independence roll; another one far from every HQ may roll.
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "G-6L": "A11 B20", "G-33L": "A18 B20"})
    assert not command.commanded(st, "G-6L")
    assert command.independence_candidates(st, "german") == ["G-33L"]


def test_13_3_2_units_whose_corps_hq_is_off_the_map_may_try(position: Any) -> None:
    # Our reading: no HQ could have ordered the corps to stop.
    st = still(position, {"G-70-35-XVII": "A16 B20"})
    assert command.independence_candidates(st, "german") == ["G-70-35-XVII"]


def test_13_3_2_roll_for_a_masked_unit_reaches_its_owner_only(
    position: Any, fixed_dice: Any
) -> None:
    # A masked brigade's independence roll and its result are the Germans' alone (16.2.1).
    fixed_dice(2)
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "G-70-35-XVII": "A16 B20"})
    masking.put_mask(st, "mask-german-1", "A16 B20", ["G-70-35-XVII"], "german")
    assert command.independent_command(st, "G-70-35-XVII")
    entries = [e for e in st.data["log"] if e.get("case") == "tannenberg 13.3.2"]
    assert len(entries) == 2 and all(e["to"] == ["german"] for e in entries)
    assert not any("70/35" in e["text"] or "G-70" in e["text"] for e in st.view("russian")["log"])


# --- 13.4 consequences -------------------------------------------------------------------


def test_13_4_1_uncommanded_unit_refusal_cites_the_case(position: Any) -> None:
    st = still(position, {"G-1-1-I": "A16 B20"})
    reason, case = command.why_uncommanded(st, "G-1-1-I")
    assert case == "tannenberg 13.4.1"
    assert reason.startswith("1/1/I") or "not commanded" in reason


def test_13_4_2_uncommanded_units_still_fight_with_their_hq_modifier(position: Any) -> None:
    # A XVII Corps brigade under a STOP order is uncommanded but still fights (13.4.2),
    # and its HQ, whose range reaches it, still gives its modifier (13.5.1 asks range).
    st = still(position, {"G-HQ-XVII": at("A10 B20", STOP), "G-70-35-XVII": "A11 B20"})
    assert not command.commanded(st, "G-70-35-XVII")
    assert command.hq_modifier(st, ["G-70-35-XVII"], attacking=True) == (1, "G-HQ-XVII")


def test_17_2_7_reinforcements_are_commanded_in_their_stage(position: Any) -> None:
    st = still(position, {"G-HQ-IR": "A2 B20", "G-69R-36R-IR": "A2 B20", "G-1-1-I": "A20 B20"})
    command.reinforcement_arrived(st, "G-HQ-IR")
    command.reinforcement_arrived(st, "G-1-1-I")
    assert command.order(st, "G-HQ-IR") == MARCH  # 17.2.6
    assert command.commanded(st, "G-1-1-I")


# --- 13.5 HQs in combat --------------------------------------------------------------------


def test_13_5_1_corps_hq_modifier_plus_attacking_minus_defending(position: Any) -> None:
    # I Corps HQ (two arrows) at A10 B20 reaches its brigade at A12 B20 (range 4).
    st = still(
        position,
        {
            "G-HQ-I": at("A10 B20", MARCH),
            "G-1-1-I": "A12 B20",
            "G-2-1-I": "A15 B20",
            "G-70-35-XVII": "A12 B20",
        },
    )
    assert command.hq_modifier(st, ["G-1-1-I"], attacking=True) == (2, "G-HQ-I")
    assert command.hq_modifier(st, ["G-1-1-I"], attacking=False) == (-2, "G-HQ-I")
    assert command.hq_modifier(st, ["G-2-1-I"], attacking=True) == (0, None)  # 5 away
    assert command.hq_modifier(st, ["G-70-35-XVII"], attacking=True) == (0, None)  # XVII


def test_13_5_2_corps_hq_supports_units_of_no_corps(position: Any) -> None:
    st = still(position, {"G-HQ-XVII": at("A10 B20", MARCH), "G-6L": "A12 B20"})
    assert command.hq_modifier(st, ["G-6L"], attacking=True) == (1, "G-HQ-XVII")


def test_13_5_3_one_hq_supports_a_clash(position: Any) -> None:
    # A I Corps and a XVII Corps brigade attack together, each within range of its own
    # HQ: only one HQ counts, the one with the larger modifier (I Corps, 2), not 3.
    st = still(
        position,
        {
            "G-HQ-I": at("A10 B20", MARCH),
            "G-HQ-XVII": at("A10 B21", MARCH),
            "G-1-1-I": "A12 B20",
            "G-70-35-XVII": "A12 B20",
        },
    )
    assert command.hq_modifier(st, ["G-70-35-XVII", "G-1-1-I"], attacking=True) == (2, "G-HQ-I")


def test_5_3_3_hq_on_rail_adds_no_modifier(position: Any) -> None:
    st = still(position, {"G-HQ-I": at("A10 B20", MARCH, "entrained"), "G-1-1-I": "A12 B20"})
    assert command.hq_modifier(st, ["G-1-1-I"], attacking=True) == (0, None)


# --- 13.5 at resolution: the clash played through with fixed dice ------------------------------
#
# The Russian brigade in the arena A16 B21 (clear) against German brigades south of it in
# A16 B20; the HQs stand two hexes behind their units, next to no enemy (13.1.5).  The
# logged modifiers and column, the endurance lost, and the German card matrix's numbers for
# the cards played (clash_kit).  Provisional COMBAT RESULTS, die 1: 1:2 "1/2", 1:1 "1/3",
# 2:1 "-/4", 3:1 "-/5", 4:1 "-/7", 5:1 "-/8".

ARENA, SOUTH = "A16 B21", "A16 B20"


def _attacked(position: Any, fixed_dice: Any, units: dict[str, Any]) -> tuple[State, Numbers]:
    """The Germans in SOUTH attack the Russian in ARENA, who defends and stands; die 1."""
    fixed_dice(1)
    st = at_clash(position, {"R-1-25-III": ARENA, **units})
    shown = fight(st, ARENA, "attack", "defence")
    stand(st, "russian")
    return st, shown


def test_13_5_1_the_attackers_hq_shifts_the_resolution_right(
    position: Any, fixed_dice: Any
) -> None:
    # I Corps HQ (two arrows) two hexes behind its brigade: 1:1 +2 is 3:1: "-/5"
    st, shown = _attacked(position, fixed_dice, {"G-1-1-I": SOUTH, "G-HQ-I": "A16 B18"})
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("I Corps HQ supports the attacking units", 2),)
    assert (got.ratio, got.column) == ("1:1", "3:1")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 0)
    assert lost(st, "R-1-25-III") == ("on_map", 1, 1)  # 5 points: to its back, 1 there


def test_13_5_1_the_defenders_hq_shifts_the_resolution_left(position: Any, fixed_dice: Any) -> None:
    # III Corps HQ (one arrow) two hexes behind the Russian: 1:1 -1 is 1:2: "1/2"
    units = {"G-1-1-I": SOUTH, "R-HQ-III": "A18 B21"}
    st, shown = _attacked(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("III Corps HQ supports the defending units", -1),)
    assert got.column == "1:2"
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 2)


def test_13_5_2_a_corps_hq_supports_a_unit_of_no_corps_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # G-6L (no corps, 4) with XVII Corps HQ (one arrow) in range: 4 to 6 is 1:2, +1 is 1:1:
    # "1/3" (1:2 would give "1/2")
    st, shown = _attacked(position, fixed_dice, {"G-6L": SOUTH, "G-HQ-XVII": "A16 B18"})
    got = resolution(st)
    assert got.numbers == shown
    assert (got.ratio, got.shifts, got.column) == ("1:2", [1], "1:1")
    assert lost(st, "R-1-25-III") == ("on_map", 0, 3)


def test_13_5_3_only_one_hq_shifts_the_resolution(position: Any, fixed_dice: Any) -> None:
    # brigades of I and XVII Corps, each with its HQ in range: only I Corps HQ's +2 counts
    # (not +3): 12 to 6 is 2:1, +2 is 4:1: "-/7" (5:1 would give "-/8")
    units = {
        "G-1-1-I": SOUTH,
        "G-70-35-XVII": SOUTH,
        "G-HQ-I": "A16 B18",
        "G-HQ-XVII": "A15 B19",
    }
    st, shown = _attacked(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("I Corps HQ supports the attacking units", 2),)
    assert (got.ratio, got.column) == ("2:1", "4:1")
    assert lost(st, "R-1-25-III") == ("on_map", 1, 3)  # 7 points: to its back, 3 there


# --- 3.1 phase 1: the orders phase and other modules' actions -----------------------------


def test_13_4_2_a_halted_corps_hq_still_shifts_the_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # XVII Corps HQ holds STOP: its brigade is uncommanded but fights, and the HQ's +1
    # still counts (13.4.2, 13.5.1 asks only range): 1:1 +1 is 2:1: "-/4"
    units = {"G-70-35-XVII": SOUTH, "G-HQ-XVII": at("A16 B18", STOP)}
    st, shown = _attacked(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown
    assert got.modifiers == (("XVII Corps HQ supports the attacking units", 1),)
    assert got.column == "2:1"
    assert lost(st, "R-1-25-III") == ("on_map", 0, 4)


def test_5_3_3_an_hq_on_rail_does_not_shift_the_resolution(position: Any, fixed_dice: Any) -> None:
    # I Corps HQ entrained in range: no +2; 1:1 stays 1:1: "1/3"
    units = {"G-1-1-I": SOUTH, "G-HQ-I": at("A16 B18", MARCH, "entrained")}
    st, shown = _attacked(position, fixed_dice, units)
    got = resolution(st)
    assert got.numbers == shown == (6, 6, "1:1", (), "1:1")
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)
    assert lost(st, "R-1-25-III") == ("on_map", 0, 3)


@pytest.fixture
def test_hook() -> Iterator[list[str]]:
    """An orders hook offering each role one ``note`` action; records what it saw."""
    seen: list[str] = []
    noted: set[str] = set()

    def actions(st: State, role: str) -> list[Action]:
        return [] if role in noted else [{"type": "note"}]

    def apply(st: State, role: str, action: Action) -> None:
        noted.add(role)
        seen.append(f"note:{role}")

    def finish(st: State) -> None:
        seen.append("finish")

    command.register_orders_hook(
        command.OrdersHook(
            name="zz-test", types=frozenset({"note"}), actions=actions, apply=apply, finish=finish
        )
    )
    yield seen
    command._ORDERS_HOOKS.pop("zz-test", None)


def test_3_1_orders_phase_offers_hook_actions_to_all_roles_at_once(
    position: Any, test_hook: list[str]
) -> None:
    st = still(position, {"G-HQ-8A": "A10 B20", "R-HQ-1A": "A22 B15"})
    run_orders(st)
    assert st.active_roles() == ["german", "russian"]
    assert {"type": "note"} in st.legal_actions("russian")
    act(st, "russian", {"type": "note"})
    act(st, "russian", {"type": "end_orders"})
    assert st.active_roles() == ["german"]
    act(st, "german", {"type": "note"})
    act(st, "german", {"type": "end_orders"})
    run_orders(st)
    assert test_hook == ["note:russian", "note:german", "finish"]
    assert st.top() is None or st.top()["kind"] != "orders_phase"  # type: ignore[index]


def test_3_1_orders_phase_runs_itself_when_nobody_has_a_choice(position: Any) -> None:
    # Every unit stands in an enemy control zone: none may be masked (16.2.2), and no
    # unit of no corps waits for a corps HQ: nobody has anything to choose.
    st = still(
        position,
        {"G-HQ-8A": "A10 B20", "G-HQ-I": "A12 B20", "R-1-25-III": "A11 B20", "G-1-1-I": "A12 B20"},
    )
    frame = st.top()
    run_orders(st)
    assert st.top() is not frame
    assert command.order(st, "G-HQ-I") == MARCH
