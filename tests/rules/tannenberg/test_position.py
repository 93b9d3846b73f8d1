"""Positions hold every state a Tannenberg rule reaches: combat-efficiency levels and
endurance lost (2.3), what a unit did this stage (2.3.8, 2.3.9, 11.1.1), the initiative and
the clashes it counts (10.1.1, 10.2.3), trenches (12.1), fortifications damaged, destroyed
or captured (12.2.7-12.2.8, 19.3), masks and what they hide (16.1-16.3), cut track and
bridges (5.4, 6.0), a train off the map (5.1.8).  Each test loads a position holding one
of them and plays on: the rule that reads it decides what happens.

FICTIONAL teaching map; the clash arena is clash_kit's (clear ground around A16 B21), the
rest positions are test_rest's (supplied and commanded units far apart).
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import fortifications as F
from greatwar.rules.tannenberg import masking, rail, sequence
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.clash_kit import at_clash, form, lost, play_cards, texts
from tests.rules.tannenberg.masking_kit import end_orders

HERE, EAST = "A16 B21", "A17 B21"
GERMANS = {"G-HQ-8A": "A7 B21", "G-1-1-I": "A8 B19"}
RUSSIANS = {"R-HQ-1A": "A23 B12", "R-1-25-III": "A23 B13"}
OST = "A11 B22"  # Fort Ost: a German fortification with a garrison of 2, edges NE, SE, S


def unit(hex_label: str, **fields: Any) -> dict[str, Any]:
    return {"hex": hex_label, **fields}


def clash_line(st: Any) -> str:
    """The log's resolution of the first clash: strengths, ratio, modifiers, column, die."""
    return next(t for t in texts(st) if t.startswith("Clash 1: ") and " to " in t)


# --- 2.3 levels and endurance ------------------------------------------------------------------


def test_2_3_5_a_unit_set_up_on_its_second_level_fights_with_its_back_values(
    position: Any, fixed_dice: Any
) -> None:
    # G-1-1-I on its back side: strength 4 (front 6) against R-1-25-III's 6
    fixed_dice(6)
    st = at_clash(position, {"G-1-1-I": unit(HERE, steps_lost=1), "R-1-25-III": EAST})
    form(st, HERE)
    play_cards(st, "attack", "defence")
    assert clash_line(st).startswith("Clash 1: Germans attack 4 to 6")


def test_2_3_6_endurance_set_up_lost_on_the_last_level_brings_elimination_nearer(
    position: Any, fixed_dice: Any
) -> None:
    # R-1-25-III on its last level with 3 endurance points lost: the 3 points of the
    # result (6 to 6, die 1: "1/3", as in test_clash) eliminate it; the German loses 1
    fixed_dice(1)
    russian = unit(EAST, steps_lost=1, endurance_lost=3)
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": russian})
    form(st, HERE)
    play_cards(st, "attack", "defence")
    assert clash_line(st).startswith("Clash 1: Germans attack 6 to 4")
    st.apply("russian", {"type": "flee", "hexes": 0})
    assert lost(st, "R-1-25-III")[0] == "eliminated"
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)


def test_2_3_8_a_unit_set_up_with_endurance_lost_rests(position: Any) -> None:
    st = position(
        {**GERMANS, **RUSSIANS, "G-1-1-I": unit("A8 B19", endurance_lost=2)}, phase="rest", stage=3
    )
    assert st.data["stage"] == 4  # the rest, clash and end of stage 3 were played
    assert lost(st, "G-1-1-I") == ("on_map", 0, 1)


def test_2_3_8_units_set_up_as_having_moved_fought_or_dug_do_not_rest(position: Any) -> None:
    units = {
        **GERMANS,
        **RUSSIANS,
        "G-1-1-I": unit("A8 B19", endurance_lost=2, markers=["moved"]),
        "G-3-2-I": unit("A8 B20", endurance_lost=2, markers=["fought"]),
        "G-2-1-I": unit("A7 B20", endurance_lost=2, markers=["built_trench"]),
        "G-4-2-I": unit("A7 B19", endurance_lost=2),
    }
    st = position(units, phase="rest", stage=3)
    assert [lost(st, u)[2] for u in ("G-1-1-I", "G-3-2-I", "G-2-1-I", "G-4-2-I")] == [2, 2, 2, 1]


def test_2_3_9_a_unit_set_up_on_its_back_with_no_endurance_lost_regains_its_level(
    position: Any, fixed_dice: Any
) -> None:
    fixed_dice(3)  # Germans regain their front on 1-3
    st = position(
        {**GERMANS, **RUSSIANS, "G-1-1-I": unit("A8 B19", steps_lost=1)}, phase="rest", stage=3
    )
    assert lost(st, "G-1-1-I") == ("on_map", 0, 4)


# --- 10.1 initiative ------------------------------------------------------------------------


FAR = {"G-1-1-I": "A8 B19", "R-1-25-III": "A23 B13"}


def test_10_1_1_the_holder_and_the_clashes_won_set_up_count_in_the_roll(
    position: Any, fixed_dice: Any
) -> None:
    # the Russians held the initiative (+1); the Germans made the enemy flee twice and
    # retreat with losses once last stage (+3): German 2 + 3 = 5 beats Russian 3 + 1 = 4
    fixed_dice(2, 3, *[6] * 10)  # then independent command rolls of the movement phases
    won = {"german": {"flight": 2, "retreat_with_losses": 1}}
    st = position(
        FAR, phase="initiative", stage=3, state={"initiative": "russian", "clashes_won": won}
    )
    log = texts(st)
    assert (
        "Germans: initiative 2 +2 (made the enemy flee in 2 clash(es)) +1 (the enemy retreated"
        " with losses in 1 clash(es)) = 5." in log
    )
    assert "Russians: initiative 3 +1 (held the initiative) = 4." in log
    assert st.data["initiative"] == "german"


def test_10_1_1_clashes_won_set_up_after_the_roll_count_in_the_next_stage(
    position: Any, fixed_dice: Any
) -> None:
    # at the clash phase of stage 3 the Russians have made the enemy flee once this stage;
    # in stage 4 they add it, the Germans add 1 for holding the initiative
    fixed_dice(3, 4, *[6] * 10)
    won = {"russian": {"flight": 1}}
    state = {"initiative": "german", "clashes_won": won}
    st = position(FAR, phase="clash", stage=3, state=state)
    assert st.data["stage"] == 4
    end_orders(st)
    log = texts(st)
    assert "Germans: initiative 3 +1 (held the initiative) = 4." in log
    assert "Russians: initiative 4 +1 (made the enemy flee in 1 clash(es)) = 5." in log
    assert st.data["initiative"] == "russian"


def test_10_2_1_the_holder_set_up_moves_first(position: Any) -> None:
    st = position(FAR, phase="movement_1", stage=3, state={"initiative": "russian"})
    assert st.active_roles() == ["russian"]
    assert sequence.moving_side(st, st.top()) == "russian"


def test_10_2_3_hindenburg_set_up_as_entered_gives_the_germans_two_dice(
    position: Any, fixed_dice: Any
) -> None:
    # the special reinforcement "hindenburg" replaced the 8th Army HQ by Hindenburg's
    fixed_dice(1, 2, 4, *[6] * 10)
    units = {**FAR, "G-HQ-H": "A7 B21"}
    st = position(
        units, phase="initiative", stage=3, vp=15, state={"special_entered": ["hindenburg"]}
    )
    log = texts(st)
    assert "Germans: initiative 1 + 2 = 3." in log
    assert "Russians: initiative 4 = 4." in log
    assert U.record(st, "G-HQ-8A")["status"] == "replaced"
    assert st.data["special"]["entered"] == ["hindenburg"]


# --- 12.1 trenches, 12.2 fortifications --------------------------------------------------------


def test_12_1_9_trenches_set_up_facing_the_attack_shelter_the_defender(
    position: Any, fixed_dice: Any
) -> None:
    # R-1-25-III in EAST behind trenches facing south-west (toward HERE): -2 (12.1.9)
    fixed_dice(6)
    trench = {"hex": EAST, "facing": "SW", "side": "russian"}
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, state={"trenches": [trench]})
    assert F.trench_edges(st, EAST) == frozenset({3, 4, 5})
    form(st, HERE)
    play_cards(st, "attack", "defence")
    # without the trenches: column 1:1, the attacker loses 3 (test_clash's arena)
    line = clash_line(st)
    assert "attacked through their effective edges -2: column 1:3" in line
    assert lost(st, "G-1-1-I") == ("on_map", 1, 1)  # 5 points: down to its second level


def test_12_2_7_a_fortification_set_up_damaged_neither_doubles_nor_gives_its_full_garrison(
    position: Any, fixed_dice: Any
) -> None:
    # the Russians attack G-1-1-I in Fort Ost from A12 B22 (a fortified edge): damaged, the
    # German 6 is not doubled and the garrison's 2 is halved to 1: 6 to 7 (intact: 6 to 14)
    fixed_dice(6)
    st = at_clash(
        position,
        {"G-1-1-I": OST, "R-1-25-III": "A12 B22"},
        state={"fortifications": {OST: "damaged"}},
        first_side="russian",
    )
    form(st, "A12 B22", role="russian")
    play_cards(st, "defence", "attack")
    assert clash_line(st).startswith("Clash 1: Russians attack 6 to 7 (1:2)")


def test_19_3_a_fortification_set_up_captured_is_not_scored_again(position: Any) -> None:
    # Fort Ost captured by the Russians (scored already: vp 5); destroyed only: it scores
    units = {**GERMANS, **RUSSIANS, "R-2-25-III": OST}
    captured = position(
        units, phase="rest", stage=3, vp=5, state={"fortifications": {OST: "captured"}}
    )
    assert captured.data["vp"] == 5
    assert F.captures(captured) == {OST: "russian"}
    destroyed = position(units, phase="rest", stage=3, state={"fortifications": {OST: "destroyed"}})
    assert destroyed.data["vp"] == 5


# --- 16.1 masks ---------------------------------------------------------------------------------


def test_16_3_1_a_mask_set_up_over_a_unit_hides_it_until_the_clash_reveals_it(
    position: Any, fixed_dice: Any
) -> None:
    fixed_dice(6)
    mask = {"side": "russian", "hex": EAST, "units": ["R-1-25-III"]}
    st = at_clash(position, {"G-1-1-I": HERE, "R-1-25-III": EAST}, state={"masks": [mask]})
    assert masking.mask_of(st, "R-1-25-III") == "mask-russian-1"
    assert "R-1-25-III" not in {u["id"] for u in st.view("german")["units"]}
    form(st, HERE)
    play_cards(st, "attack", "defence")
    assert any("is revealed" in t and "1/25/III" in t for t in texts(st, "german"))
    assert not masking.is_masked(st, "R-1-25-III")


def test_16_2_7_an_empty_mask_set_up_in_an_enemy_zone_is_removed(position: Any) -> None:
    # an empty German mask on G-1-1-I in HERE, next to R-1-25-III: gone at the start of
    # the reconnaissance phase
    mask = {"side": "german", "hex": HERE, "units": []}
    st = position(
        {"G-1-1-I": HERE, "R-1-25-III": EAST},
        phase="reconnaissance",
        stage=3,
        state={"masks": [mask]},
    )
    assert st.data["units"]["mask-german-1"]["status"] == masking.CARD
    assert any(e.get("case") == "tannenberg 16.2.7" for e in st.data["log"])


# --- 5.1.8, 5.4, 6.0 ------------------------------------------------------------------------------


def test_5_4_1_track_set_up_cut_stops_trains(at_movement: Any) -> None:
    st = at_movement(
        {"G-1-1-I": unit("A8 B21", markers=["entrained"])}, state={"cut_track": ["A10 B20"]}
    )
    reach = rail.rail_paths(st, "G-1-1-I")
    assert "A9 B20" in reach and "A10 B20" not in reach


def test_6_0_a_bridge_set_up_destroyed_is_not_crossed_by_rail(at_movement: Any) -> None:
    st = at_movement(
        {"G-1-1-I": unit("A6 B21", markers=["entrained"])},
        state={"bridges_destroyed": ["A5 B21/A4 B22"]},
    )
    assert rail.bridge_destroyed(st, "A4 B22", "A5 B21")
    assert "A4 B22" not in rail.rail_paths(st, "G-1-1-I")


def test_5_1_8_a_train_set_up_off_the_map_comes_back_the_next_stage(at_movement: Any) -> None:
    # R-1-25-III left by A24 B11 in stage 2: in stage 3 it comes back by the adjacent
    # track, A12 B7 (test_rail), still on its rail transport counter
    trip = {"status": "off_map", "rail": {"from": "A24 B11", "stage": 2}}
    st = at_movement({"R-1-25-III": trip}, side="russian", stage=3)
    assert rail.reentry_hexes(st, "R-1-25-III") == ["A12 B7"]
    frame = st.top()
    action = {"type": "rail_enter", "unit": "R-1-25-III", "hex": "A12 B7"}
    st.handler(frame).apply(st, frame, "russian", action)
    assert U.record(st, "R-1-25-III")["hex"] == "A12 B7"
    assert rail.entrained(st, "R-1-25-III")


def test_5_1_8_a_train_set_up_leaving_this_stage_waits(at_movement: Any) -> None:
    trip = {"status": "off_map", "rail": {"from": "A24 B11", "stage": 3}}
    st = at_movement({"R-1-25-III": trip}, side="russian", stage=3)
    assert rail.reentry_hexes(st, "R-1-25-III") == []
