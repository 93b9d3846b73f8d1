"""4.0 Movement: 4.1 the order of the movement phase, 4.2 movement points, 4.3 terrain,
4.4 friendly units; with 13.1.3 (HQs), 15.4 (unsupplied movement), 16.2.6 (masks).

Positions are on the FICTIONAL teaching map (greatwar/data/tannenberg/maps/teaching.toml);
expected costs are worked out by hand from terrain.toml (clear 1, forest 2, town 1;
small river +1, large river +2; road or railway 1 a hex, supply trains 1/2 along a
road; enemy zone +1; a supply train's hex +1) and the map, and each test says how.
German infantry brigades move 5 (4 on their second level), Russian ones 4, HQs 6.
"""

from __future__ import annotations

from typing import Any

from masking_kit import masked
from movement_kit import (
    ARMY_HQ,
    GERMAN,
    RUSSIAN,
    Refuse,
    frame_of,
    hex_of,
    move,
    moves,
    moving,
    select,
    selectable,
)

from greatwar.rules.tannenberg import movement, rail
from greatwar.rules.tannenberg import units as U

# --- 4.1 the order of the movement phase -------------------------------------------------


def test_4_1_commanded_units_move_before_hqs(position: Any, refuse: Refuse) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20"})
    assert frame_of(st)["step"] == "commanded"
    assert selectable(st, GERMAN) == ["G-1-1-I"]
    err = refuse(st, GERMAN, {"type": "select", "unit": "G-HQ-8A"})
    assert err.case == "tannenberg 4.1"
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    # no unit may seek independence: that step passes by itself, then the HQs move
    assert frame_of(st)["step"] == "hq"
    assert selectable(st, GERMAN) == ["G-HQ-8A"]
    err = refuse(st, GERMAN, {"type": "select", "unit": "G-1-1-I"})
    assert err.case == "tannenberg 4.1"


def test_4_1_supply_trains_move_after_hqs(position: Any) -> None:
    # the 2nd Army HQ (range 5) commands the train 2 hexes away and the brigade
    st = moving(
        position,
        {"R-HQ-2A": "A16 B8", "R-Train-2": "A17 B7", "R-1-6-XV": "A17 B9"},
        side=RUSSIAN,
    )
    assert selectable(st, RUSSIAN) == ["R-1-6-XV"]
    st.apply(RUSSIAN, {"type": "end_step", "step": "commanded"})
    assert frame_of(st)["step"] == "hq"
    assert selectable(st, RUSSIAN) == ["R-HQ-2A"]
    st.apply(RUSSIAN, {"type": "end_step", "step": "hq"})
    assert frame_of(st)["step"] == "train"
    assert selectable(st, RUSSIAN) == ["R-Train-2"]


def test_4_1_independence_is_tried_after_the_commanded_units_move(
    position: Any, fixed_dice: Any
) -> None:
    # The I Corps HQ holds MARCH in A16 B19 (range 4): G-3-2-I in A13 B20 (3 hexes) is
    # commanded; G-1-1-I in A11 B20 (5 hexes) is not, and no army HQ is near: it rolls
    # for independence (13.3.2) once the commanded units have moved, 4 <= effectiveness 4.
    fixed_dice(4)
    st = moving(
        position,
        {
            "G-HQ-I": {"hex": "A16 B19", "markers": ["march"]},
            "G-3-2-I": "A13 B20",
            "G-1-1-I": "A11 B20",
        },
    )
    assert selectable(st, GERMAN) == ["G-3-2-I"]
    assert not any(e.get("case") == "tannenberg 13.3.2" for e in st.data["log"])
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    assert frame_of(st)["step"] == "independent"
    assert any(e.get("roll") == 4 for e in st.data["log"])
    assert selectable(st, GERMAN) == ["G-1-1-I"]
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    assert hex_of(st, "G-1-1-I") == "A11 B21"


def test_4_1_a_unit_failing_independence_does_not_move(position: Any, fixed_dice: Any) -> None:
    # as above, but the die shows 5 > effectiveness 4: G-1-1-I stays uncommanded (13.4.1)
    fixed_dice(5)
    st = moving(
        position,
        {"G-HQ-I": {"hex": "A16 B19", "markers": ["march"]}, "G-1-1-I": "A11 B20"},
    )
    # nothing to move in the commanded step: it passes, and the roll is made
    assert frame_of(st)["step"] == "hq"
    assert "G-1-1-I" not in selectable(st, GERMAN)


def test_4_1_end_phase_skips_the_steps_left(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "R-HQ-1A": "A20 B12"})
    move(st, GERMAN, "G-1-1-I", "A11 B21")  # (a unit that moved builds no trenches, 12.1.2)
    st.apply(GERMAN, {"type": "end_phase"})
    # the German phase is over; the Russians' (3.1 phase 6) begins
    assert frame_of(st)["side"] == RUSSIAN
    assert any(e["text"] == "The Germans end their movement phase." for e in st.data["log"])


def test_4_1_reinforcements_enter_during_the_phase_and_move(position: Any) -> None:
    # the Don cavalry arrives in stage 2 at E (A18 B4), on foot (17.2.2, 17.2.7)
    st = moving(
        position,
        {"R-HQ-2A": "A16 B8", "R-1-Don-kaw": {"status": "pending"}},
        side=RUSSIAN,
        stage=2,
    )
    enter = {"type": "enter", "unit": "R-1-Don-kaw", "hex": "A18 B4"}
    assert enter in st.legal_actions(RUSSIAN)
    st.apply(RUSSIAN, enter)
    assert hex_of(st, "R-1-Don-kaw") == "A18 B4"
    # commanded as a reinforcement, it moves at once: A18 B4 -> A18 B5 clear, 1 MP
    assert moves(st, RUSSIAN, "R-1-Don-kaw") == {} and "R-1-Don-kaw" in selectable(st, RUSSIAN)
    assert select(st, RUSSIAN, "R-1-Don-kaw")["A18 B5"]["cost"] == "1"


# --- 4.2 detailed rules ---------------------------------------------------------------------


def test_4_2_1_no_unit_enters_an_enemy_hex(position: Any, refuse: Refuse) -> None:
    # G-1-1-I in A12 B20, two hexes from R-1-25-III in A14 B20
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A12 B20", "R-1-25-III": "A14 B20"})
    options = select(st, GERMAN, "G-1-1-I")
    assert "A14 B20" not in options
    err = refuse(
        st,
        GERMAN,
        {"type": "move", "unit": "G-1-1-I", "to": "A14 B20", "path": ["A14 B20"], "cost": "1"},
    )
    assert err.case == "tannenberg 4.2.1"


def test_4_2_2_a_unit_spends_no_more_than_its_allowance(position: Any, refuse: Refuse) -> None:
    # G-1-1-I (5 MP) in A11 B20: A10 B16 is 5 clear hexes away (5 MP); A10 B15 is 6
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A10 B16"]["cost"] == "5"
    assert "A10 B15" not in options
    assert max(int(a["cost"]) for a in options.values()) == 5
    err = refuse(
        st,
        GERMAN,
        {"type": "move", "unit": "G-1-1-I", "to": "A10 B15", "path": [], "cost": "6"},
    )
    assert err.case == "tannenberg 4.2.2"
    assert "costs 6 MP and 5 are left" in err.reason


def test_4_2_3_a_unit_need_not_spend_all_its_points(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "G-2-1-I": "A11 B20"})
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    # one of five points spent: it may go on (4 left) or stop here
    assert movement.remaining(st, frame_of(st), "G-1-1-I") == 4 * movement.HALF
    st.apply(GERMAN, {"type": "finish", "unit": "G-1-1-I"})
    assert hex_of(st, "G-1-1-I") == "A11 B21"
    assert "G-1-1-I" in frame_of(st)["done"]


def test_4_2_4_unused_points_are_not_carried_into_the_next_stage(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20"}, turns=3)
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    st.apply(GERMAN, {"type": "end_phase"})
    # play on to the next German movement phase, passing every other choice
    passive = ("end_orders", "end_reserve", "end_phase", "end_step", "end_trenches")
    for _ in range(200):
        top = st.top()
        if top and top["kind"] == "movement_phase" and top["side"] == GERMAN:
            break
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        st.apply(role, next((a for a in actions if a["type"] in passive), actions[0]))
    assert st.data["stage"] == 2
    options = select(st, GERMAN, "G-1-1-I")
    # from A11 B21: five points again, not the four left in stage 1 (A11 B16 is 5 away)
    assert movement.remaining(st, frame_of(st), "G-1-1-I") == 5 * movement.HALF
    assert options["A11 B16"]["cost"] == "5"


def test_4_2_5_points_are_not_passed_to_another_unit(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "G-2-1-I": "A11 B20"})
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    st.apply(GERMAN, {"type": "finish", "unit": "G-1-1-I"})
    # G-1-1-I left 4 points unused; G-2-1-I still has its own 5, no more
    options = select(st, GERMAN, "G-2-1-I")
    assert max(int(a["cost"]) for a in options.values()) == 5
    assert "A10 B15" not in options


def test_4_2_6_a_unit_released_has_finished_moving(position: Any, refuse: Refuse) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "G-2-1-I": "A11 B20"})
    move(st, GERMAN, "G-1-1-I", "A11 B21")
    select(st, GERMAN, "G-2-1-I")  # the hand leaves G-1-1-I
    assert "G-1-1-I" not in selectable(st, GERMAN)
    err = refuse(st, GERMAN, {"type": "select", "unit": "G-1-1-I"})
    assert err.case == "tannenberg 4.2.6"
    # G-2-1-I, selected but not moved, is not finished when the step ends
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    assert "G-2-1-I" not in frame_of(st)["done"]


def test_4_2_6_a_unit_only_selected_may_be_selected_again(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "G-2-1-I": "A11 B20"})
    select(st, GERMAN, "G-1-1-I")
    select(st, GERMAN, "G-2-1-I")
    assert "G-1-1-I" in selectable(st, GERMAN)


# --- 4.3 effect of terrain -------------------------------------------------------------------


def test_4_3_1_clear_costs_one_and_forest_two(position: Any) -> None:
    # G-1-1-I in A10 B18: A10 B17 and A11 B18 are clear (1); A9 B18 is forest (2, a
    # provisional value of the lost table)
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A10 B18"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A10 B17"]["cost"] == "1" and "provisional" not in options["A10 B17"]
    assert options["A11 B18"]["cost"] == "1"
    assert options["A9 B18"]["cost"] == "2" and options["A9 B18"]["provisional"] is True
    move(st, GERMAN, "G-1-1-I", "A9 B18")
    assert st.data["log"][-1]["provisional"] is True
    assert "provisional" in st.data["log"][-1]["text"]


def test_4_3_2_a_supply_train_moves_two_hexes_a_point_along_a_road(position: Any) -> None:
    # R-Train-2 (4 MP) in A17 B5 on the Grenz road, which runs A17 B6, B7, B8, B9, A18 B9,
    # B10, B11, B12: 1/2 a point a hex, so all 8 hexes for 4 points; off the road A16 B6
    # is swamp (3 - provisional) and A18 B5 clear (1)
    st = moving(position, {"R-HQ-2A": "A16 B8", "R-Train-2": "A17 B5"}, side=RUSSIAN)
    st.apply(RUSSIAN, {"type": "end_step", "step": "hq"})
    options = select(st, RUSSIAN, "R-Train-2")
    assert options["A17 B6"]["cost"] == "0.5"
    assert options["A17 B9"]["cost"] == "2"
    assert options["A18 B12"]["cost"] == "4"
    assert options["A18 B12"]["path"] == [
        "A17 B6", "A17 B7", "A17 B8", "A17 B9", "A18 B9", "A18 B10", "A18 B11", "A18 B12",
    ]  # fmt: skip
    assert options["A18 B5"]["cost"] == "1"  # along the railway: 1 a hex (4.3.3)
    move(st, RUSSIAN, "R-Train-2", "A17 B7")
    assert movement.mp_text(movement.remaining(st, frame_of(st), "R-Train-2")) == "3"


def test_4_3_3_along_a_road_a_hex_costs_one_whatever_its_terrain(position: Any) -> None:
    # G-70-35-XVII in Allstein (A9 B13) on the Weichsel road: A10 B12, A10 B11 and
    # A11 B10 are forest (2 off the road) but 1 each along it; A12 B9 (town) 1 more
    st = moving(position, {"G-HQ-8A": "A8 B14", "G-70-35-XVII": "A9 B13"})
    options = select(st, GERMAN, "G-70-35-XVII")
    assert options["A10 B12"]["cost"] == "1"
    assert options["A10 B11"]["cost"] == "2"
    assert options["A11 B10"]["cost"] == "3"
    assert options["A12 B9"]["cost"] == "4"
    assert options["A11 B10"]["path"] == ["A10 B12", "A10 B11", "A11 B10"]
    assert "provisional" not in options["A11 B10"]


def test_4_3_3_a_railway_is_a_road_and_bridges_a_river(position: Any) -> None:
    # A9 B14 -> A9 B13 crosses the Drewe (large river: +2) along the Südbahn: 1 MP
    # (our reading: the line bridges the river); A9 B14 -> A10 B13 crosses it off any
    # line: clear 1 + 2 = 3
    st = moving(position, {"G-HQ-8A": "A8 B14", "G-70-35-XVII": "A9 B14"})
    options = select(st, GERMAN, "G-70-35-XVII")
    assert options["A9 B13"]["cost"] == "1"
    assert options["A9 B13"]["path"] == ["A9 B13"]
    assert options["A10 B13"]["cost"] == "2"  # cheaper through Allstein: 1 + road 1


def test_4_3_4_entering_a_road_from_the_side_pays_the_terrain(position: Any) -> None:
    # from A9 B12 (clear, off the road) into A10 B11 (forest on the road): 2; then on
    # along the road to A11 B10: 1 more, 3 in all (off the road it would be 4)
    st = moving(position, {"G-HQ-8A": "A8 B14", "G-70-35-XVII": "A9 B12"})
    options = select(st, GERMAN, "G-70-35-XVII")
    assert options["A10 B11"]["cost"] == "2"
    assert options["A11 B10"]["cost"] == "3"
    assert options["A11 B10"]["path"] == ["A10 B11", "A11 B10"]


def test_4_3_5_a_small_river_costs_one_more(position: Any) -> None:
    # A12 B21 -> A13 B21 crosses the Angerbach: clear 1 + 1; A12 B21 -> A12 B22: 1
    st = moving(position, {"G-HQ-8A": "A11 B20", "G-1-1-I": "A12 B21"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A13 B21"]["cost"] == "2"
    assert options["A12 B22"]["cost"] == "1"


def test_4_3_5_a_large_river_costs_two_more(position: Any) -> None:
    # A7 B15 -> A7 B14 crosses the Drewe off the road: clear 1 + 2 = 3
    st = moving(position, {"G-HQ-8A": "A8 B17", "G-1-1-I": "A7 B15"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A7 B14"]["cost"] == "3"
    assert options["A7 B14"]["path"] == ["A7 B14"]


def test_4_3_6_the_vistula_is_crossed_only_by_a_bridge(position: Any, refuse: Refuse) -> None:
    # G-1-1-I in A5 B21 by the Weichselburg rail bridge (A5 B21/A4 B22): across it 1 MP;
    # A4 B21, across the river from A5 B21, by the bridge: A4 B22 then A4 B21, 2.
    st = moving(position, {"G-HQ-8A": "A7 B21", "G-1-1-I": "A5 B21", "G-2-1-I": "A5 B19"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A4 B22"]["cost"] == "1" and "case" not in options["A4 B22"]
    assert options["A4 B21"]["path"] == ["A4 B22", "A4 B21"]
    # G-2-1-I, once it has moved to A5 B18, may not cross to A4 B18 beside it (4.3.7 is
    # for a unit that has not moved); by the bridge A4 B18 is 3 + 1 + 3 = 7 away.
    move(st, GERMAN, "G-2-1-I", "A5 B18")
    assert "A4 B18" not in moves(st, GERMAN, "G-2-1-I")
    err = refuse(
        st,
        GERMAN,
        {"type": "move", "unit": "G-2-1-I", "to": "A4 B18", "path": ["A4 B18"], "cost": "4"},
    )
    assert err.case == "tannenberg 4.3.6"


def test_4_3_6_a_destroyed_bridge_is_not_crossed(position: Any, fixed_dice: Any) -> None:
    # 6.0: the 8th Army HQ in Kreuzau reaches the bridge; a 6 destroys it.  Then only
    # the whole allowance takes G-1-1-I across (4.3.7).
    fixed_dice(6)
    st = moving(position, {"G-HQ-8A": "A7 B21", "G-1-1-I": "A5 B21"})
    st.apply(GERMAN, {"type": "destroy_bridge", "bridge": "A4 B22/A5 B21"})
    assert rail.bridge_destroyed(st, "A5 B21", "A4 B22")
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A4 B22"]["cost"] == "5"
    assert options["A4 B22"]["case"] == "tannenberg 4.3.7"


def test_4_3_7_a_commanded_unit_crosses_the_vistula_with_all_its_points(position: Any) -> None:
    # G-1-1-I in A5 B17, 3 hexes from the Südbahn: no supply, 5 - 1 = 4 MP (15.4.1).  The
    # bridges are beyond its reach (the road bridge A5 B15/A4 B16: 1 + 3 + 1 = 5, then 1):
    # A4 B18 across the river only for its whole allowance.
    st = moving(position, {"G-HQ-8A": "A6 B19", "G-1-1-I": "A5 B17"})
    options = select(st, GERMAN, "G-1-1-I")
    crossing = options["A4 B18"]
    assert crossing["cost"] == "4" and crossing["case"] == "tannenberg 4.3.7"
    assert crossing["path"] == ["A4 B18"]
    st.apply(GERMAN, crossing)
    assert hex_of(st, "G-1-1-I") == "A4 B18"
    assert "G-1-1-I" in frame_of(st)["done"]
    assert any(e.get("case") == "tannenberg 4.3.7" for e in st.data["log"])


def test_4_3_7_a_unit_commanded_by_independence_may_not_cross(
    position: Any, fixed_dice: Any
) -> None:
    # G-1-1-I is 5 hexes from its MARCH corps HQ (range 4): it rolls 1 and is commanded
    # by independence (13.3.2), so it is not within a command range (4.3.7)
    fixed_dice(1)
    st = moving(position, {"G-HQ-I": {"hex": "A10 B20", "markers": ["march"]}, "G-1-1-I": "A5 B17"})
    assert frame_of(st)["step"] == "independent"
    options = select(st, GERMAN, "G-1-1-I")
    assert "A4 B18" not in options and "A4 B17" not in options
    assert options["A5 B18"]["cost"] == "1"


# --- 4.4 effect of friendly units -------------------------------------------------------------


def test_4_4_1_any_number_of_friendly_units_pass_through_a_hex(position: Any) -> None:
    # five German units stand in A11 B20; G-1-1-I passes through it from A11 B21 to A11 B19
    crowd = {u: "A11 B20" for u in ("G-2-1-I", "G-3-2-I", "G-4-2-I", "G-I-art", "G-6L")}
    st = moving(position, {**ARMY_HQ, **crowd, "G-1-1-I": "A11 B21"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A11 B19"]["cost"] == "2"
    assert options["A11 B19"]["path"] == ["A11 B20", "A11 B19"]


def test_4_4_2_a_friendly_hex_or_zone_costs_nothing_more(position: Any) -> None:
    # A11 B20 holds a friendly unit, A12 B20 is in its zone: each costs its terrain, 1
    st = moving(position, {**ARMY_HQ, "G-2-1-I": "A11 B20", "G-1-1-I": "A11 B21"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A11 B20"]["cost"] == "1"
    assert options["A12 B20"]["cost"] == "1"


def test_4_4_3_a_hex_with_a_supply_train_costs_one_more(position: Any) -> None:
    # R-1-6-XV in A17 B7 on the Grenz road; A17 B8 (road, 1) holds R-Train-2: 1 + 1 = 2;
    # A18 B7 (clear, no train): 1
    st = moving(
        position,
        {"R-HQ-2A": "A16 B8", "R-Train-2": "A17 B8", "R-1-6-XV": "A17 B7"},
        side=RUSSIAN,
    )
    options = select(st, RUSSIAN, "R-1-6-XV")
    assert options["A17 B8"]["cost"] == "2"
    assert options["A18 B7"]["cost"] == "1"


def test_4_6_control_zones_act_on_movement_as_8_2_says(position: Any) -> None:
    # R-1-25-III in A15 B21 controls A14 B21; from A14 B20 entering it costs 1 + 1 and
    # ends the move (8.2.1, 8.2.2)
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A14 B20", "R-1-25-III": "A15 B21"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A14 B21"]["cost"] == "2"
    st.apply(GERMAN, options["A14 B21"])
    assert "G-1-1-I" in frame_of(st)["done"]


# --- HQs, supply, masks ------------------------------------------------------------------------


def test_13_1_3_hqs_move_six_points(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20"})
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    options = select(st, GERMAN, "G-HQ-8A")
    # A10 B19 -> A9 B25 is 6 clear hexes north (A10 B20 ... A10 B24, then A9 B25)
    assert max(int(a["cost"]) for a in options.values()) == 6
    assert options["A9 B25"]["cost"] == "6"


def test_15_4_1_an_unsupplied_unit_moves_one_point_less(position: Any) -> None:
    # G-1-1-I in A16 B11, far from the German bases, railways and HQs' relays: no supply;
    # it moves 5 - 1 = 4 (A16 B11 -> A16 B7 is 4 clear hexes; A16 B6 is swamp)
    st = moving(position, {"G-HQ-8A": "A14 B13", "G-1-1-I": "A16 B11"})
    options = select(st, GERMAN, "G-1-1-I")
    assert max(int(a["cost"]) for a in options.values()) == 4
    assert options["A14 B11"]["cost"] == "2"


def test_15_4_2_an_unsupplied_unit_that_moves_loses_one_endurance(position: Any) -> None:
    st = moving(
        position,
        {
            "G-HQ-8A": "A14 B13",
            "G-1-1-I": "A16 B11",
            "G-2-1-I": {"hex": "A16 B11"},
        },
    )
    move(st, GERMAN, "G-1-1-I", "A16 B10")
    assert U.record(st, "G-1-1-I")["lost"] == 1
    move(st, GERMAN, "G-1-1-I", "A16 B9")  # a second leg of the same move: no more
    assert U.record(st, "G-1-1-I")["lost"] == 1
    assert any(e.get("case") == "tannenberg 15.4.2" for e in st.data["log"])


def test_15_4_2_the_loss_never_lowers_a_level(position: Any) -> None:
    # 2.3.7: with 4 points lost on its level the unit loses nothing more by moving
    st = moving(position, {"G-HQ-8A": "A14 B13", "G-1-1-I": "A16 B11"}, paused=True)
    U.record(st, "G-1-1-I")["lost"] = 4
    st._settle()
    move(st, GERMAN, "G-1-1-I", "A16 B10")
    assert U.record(st, "G-1-1-I")["level"] == 0
    assert U.record(st, "G-1-1-I")["lost"] == 4


def test_16_2_6_a_mask_moves_four_points_carrying_its_units(position: Any) -> None:
    st = masked(
        position,
        {**ARMY_HQ, "G-1-1-I": "A11 B20"},
        {"mask-german-1": ("A11 B20", ["G-1-1-I"])},
        phase="movement_1",
        first_side=GERMAN,
    )
    assert selectable(st, GERMAN) == ["mask-german-1"]  # the unit moves with its mask
    options = select(st, GERMAN, "mask-german-1")
    assert max(int(a["cost"]) for a in options.values()) == 4
    move(st, GERMAN, "mask-german-1", "A11 B22")
    assert hex_of(st, "G-1-1-I") == "A11 B22"
    # the Russians read of an anonymous masked stack, not of G-1-1-I (nor its id)
    russian_log = [e["text"] for e in st.view(RUSSIAN)["log"]]
    assert any("German masked stack" in t and "A11 B22" in t for t in russian_log)
    assert not any("G-1-1-I" in t or "1/1" in t for t in russian_log)


def test_15_3_6_a_unit_entering_a_lone_supply_train_eliminates_it(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "R-Train-1": "A12 B19"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A12 B19"]["cost"] == "1"
    st.apply(GERMAN, options["A12 B19"])
    assert U.record(st, "R-Train-1")["status"] == "eliminated"
    assert hex_of(st, "G-1-1-I") == "A12 B19"


def test_15_3_6_hqs_do_not_overrun_supply_trains(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, "G-1-1-I": "A11 B20", "R-Train-1": "A11 B18"})
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    assert "A11 B18" not in select(st, GERMAN, "G-HQ-8A")


def test_4_1_with_three_players_each_russian_moves_his_own_army(position: Any) -> None:
    # 1.0: with two Russian players each moves the units of his army; both act at once
    st = moving(
        position,
        {
            "R-HQ-1A": "A22 B15",
            "R-1-25-III": "A21 B16",
            "R-HQ-2A": "A16 B8",
            "R-1-6-XV": "A17 B9",
        },
        side=RUSSIAN,
        options={"three_players": True},
    )
    assert sorted(st.active_roles()) == ["russian-1", "russian-2"]
    assert selectable(st, "russian-1") == ["R-1-25-III"]
    assert selectable(st, "russian-2") == ["R-1-6-XV"]
    move(st, "russian-2", "R-1-6-XV", "A17 B10")
    st.apply("russian-2", {"type": "end_step", "step": "commanded"})
    # the step goes on until the 1st Army's player ends it too
    assert frame_of(st)["step"] == "commanded"
    assert st.active_roles() == ["russian-1"]
    st.apply("russian-1", {"type": "end_step", "step": "commanded"})
    assert frame_of(st)["step"] == "hq"
