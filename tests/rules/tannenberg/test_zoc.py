"""8.0 Control zones: 8.1 which hexes a unit controls, 8.2 their effect on movement.

Positions are on the FICTIONAL teaching map.  The German units move north of the
lakes, near the Ostbahn (supplied), under the 8th Army HQ in A10 B19 (range 5);
R-1-25-III in A15 B21 controls A15 B22, A16 B21, A16 B20, A15 B20, A14 B21 and
A14 B22, all clear.
"""

from __future__ import annotations

from typing import Any

from movement_kit import (
    ARMY_HQ,
    GERMAN,
    RUSSIAN,
    Refuse,
    frame_of,
    hex_of,
    move,
    moving,
    select,
    selectable,
)

from greatwar.rules.tannenberg import fortifications, movement, zoc
from greatwar.rules.tannenberg import units as U

RUSSIAN_ZONE = {"A15 B22", "A16 B21", "A16 B20", "A15 B20", "A14 B21", "A14 B22"}
ENEMY = {"R-1-25-III": "A15 B21"}
#: the Russian fortress of Kowal (A22 B12, garrisoned) controls its forefield (12.3.2)
KOWAL_FOREFIELD = {"A21 B12", "A21 B13", "A22 B13"}


def units_zone(st: Any, side: str) -> set[str]:
    """The side's zone less its garrisons' forefields."""
    return set(zoc.controlled_by(st, side) - fortifications.garrison_zoc(st, side))


# --- 8.1 general rules ------------------------------------------------------------------


def test_8_1_1_a_zone_is_the_six_adjacent_hexes(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **ENEMY})
    assert units_zone(st, RUSSIAN) == RUSSIAN_ZONE


def test_12_3_2_garrisons_control_their_forefield(position: Any) -> None:
    st = moving(position, {**ARMY_HQ})
    assert zoc.controlled_by(st, RUSSIAN) == KOWAL_FOREFIELD


def test_8_1_2_artillery_hqs_and_supply_trains_have_no_zone(position: Any) -> None:
    st = moving(
        position,
        {**ARMY_HQ, "R-III-art": "A15 B21", "R-HQ-III": "A17 B21", "R-Train-1": "A18 B21"},
    )
    assert units_zone(st, RUSSIAN) == set()


def test_8_1_2_units_on_rail_transport_have_no_zone(position: Any) -> None:
    # 5.3.1: the rail transport counter takes the zone away
    st = moving(position, {**ARMY_HQ, "R-1-25-III": {"hex": "A15 B21", "markers": ["entrained"]}})
    assert units_zone(st, RUSSIAN) == set()


def test_8_1_2_cavalry_and_masks_have_zones(position: Any) -> None:
    from masking_kit import masked

    st = masked(
        position,
        {**ARMY_HQ, "R-1-1G-kaw": "A15 B21"},
        {"mask-russian-1": ("A17 B19", [])},  # an empty mask has a zone too (16.2.5)
        phase="movement_1",
        first_side=GERMAN,
    )
    assert zoc.controlled_by(st, RUSSIAN) >= RUSSIAN_ZONE | {"A17 B20", "A18 B19", "A16 B19"}


def test_8_1_3_overlapping_zones_cost_the_extra_point_once(position: Any) -> None:
    # A14 B21 is in the zones of R-1-25-III (A15 B21) and R-2-25-III (A13 B22): entering it
    # from A14 B20 costs 1 + 1 all the same.  It is in G-1-1-I's zone too (both sides').
    st = moving(
        position,
        {**ARMY_HQ, **ENEMY, "R-2-25-III": "A13 B22", "G-1-1-I": "A14 B20"},
    )
    assert select(st, GERMAN, "G-1-1-I")["A14 B21"]["cost"] == "2"
    assert "A14 B21" in zoc.controlled_by(st, GERMAN) & zoc.controlled_by(st, RUSSIAN)


def test_8_1_4_a_friendly_unit_neutralises_an_enemy_zone(position: Any) -> None:
    # G-2-1-I stands in A14 B21: G-1-1-I passes through it at its terrain cost (1), neither
    # stopping nor paying the zone's extra point, and on into A14 B22 (in the zone: 1 + 1),
    # 3 in all (round by A13 B21 and A13 B22 it would be 1 + 1 + 2 = 4)
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-2-1-I": "A14 B21", "G-1-1-I": "A14 B20"})
    assert "A14 B21" not in zoc.enemy_controlled(st, GERMAN)
    assert "A14 B21" in zoc.controlled_by(st, RUSSIAN)
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A14 B21"]["cost"] == "1"
    assert options["A14 B22"]["cost"] == "3"
    assert options["A14 B22"]["path"] == ["A14 B21", "A14 B22"]
    move(st, GERMAN, "G-1-1-I", "A14 B21")
    assert "G-1-1-I" not in frame_of(st)["done"]  # it may go on


def test_8_1_4_an_hq_does_not_neutralise_an_enemy_zone(position: Any) -> None:
    # our reading: HQs are not combat units (13.1.1)
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-HQ-I": "A14 B21", "G-1-1-I": "A14 B20"})
    assert "A14 B21" in zoc.enemy_controlled(st, GERMAN)
    assert select(st, GERMAN, "G-1-1-I")["A14 B21"]["cost"] == "2"


def test_8_1_5_a_zone_does_not_hinder_friendly_units(position: Any) -> None:
    # A12 B21 is in the zone of G-2-1-I (A11 B21) and of the Nordheim garrisons (12.3.2):
    # G-1-1-I enters it for its terrain (1) and goes on
    st = moving(position, {**ARMY_HQ, "G-2-1-I": "A11 B21", "G-1-1-I": "A12 B20"})
    assert "A12 B21" in zoc.controlled_by(st, GERMAN)
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A12 B21"]["cost"] == "1"
    assert options["A12 B23"]["cost"] == "3"  # A12 B21, A12 B22, A12 B23: 1 each


def test_8_1_6_no_zone_across_a_lake(position: Any) -> None:
    # R-1-6-XV in A17 B10 by the Schmalsee (a lake along its west hexsides A16 B10/A17 B10
    # and A16 B11/A17 B10): it controls 4 hexes, not A16 B10 or A16 B11.  R-2-6-XV in
    # A13 B18 by the Mauersee: not the lake hexes A13 B17 and A14 B17.
    st = moving(position, {**ARMY_HQ, "R-1-6-XV": "A17 B10", "R-2-6-XV": "A13 B18"})
    zone = zoc.controlled_by(st, RUSSIAN)
    assert {"A17 B11", "A18 B10", "A18 B9", "A17 B9"} <= zone
    assert not {"A16 B10", "A16 B11", "A13 B17", "A14 B17"} & zone
    assert {"A13 B19", "A14 B18", "A12 B18", "A12 B19"} <= zone


# --- 8.2 effect on movement -----------------------------------------------------------------


def test_8_2_1_a_unit_entering_an_enemy_zone_stops(position: Any) -> None:
    # G-1-1-I in A13 B20 (5 MP): A14 B21 is in the zone, 3 away (A14 B20 1, then 1 + 1)
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-1-1-I": "A13 B20"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A14 B21"]["cost"] == "3"
    enemy_zone = zoc.enemy_controlled(st, GERMAN)
    for action in options.values():  # no path goes on through a zone hex
        assert not set(action["path"][:-1]) & enemy_zone
    move(st, GERMAN, "G-1-1-I", "A14 B21")
    assert "G-1-1-I" in frame_of(st)["done"]  # 2 points left, but it has stopped
    assert any(e.get("case") == "tannenberg 8.2.1" for e in st.data["log"])


def test_8_2_2_entering_an_enemy_zone_costs_one_more(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-1-1-I": "A14 B20"})
    options = select(st, GERMAN, "G-1-1-I")
    assert options["A14 B21"]["cost"] == "2"  # clear 1 + zone 1
    assert options["A13 B21"]["cost"] == "1"  # clear, not in the zone


def test_8_2_3_artillery_enters_a_zone_only_beside_infantry(position: Any, refuse: Refuse) -> None:
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-I-art": "A14 B20"})
    options = select(st, GERMAN, "G-I-art")
    assert "A14 B21" not in options and "A15 B20" not in options
    err = refuse(
        st,
        GERMAN,
        {"type": "move", "unit": "G-I-art", "to": "A14 B21", "path": ["A14 B21"], "cost": "2"},
    )
    assert err.case == "tannenberg 8.2.3"
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-I-art": "A14 B20", "G-1-1-I": "A14 B21"})
    assert select(st, GERMAN, "G-I-art")["A14 B21"]["cost"] == "1"


def test_8_2_3_hqs_enter_a_zone_only_beside_infantry_or_cavalry(position: Any) -> None:
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-HQ-I": "A14 B20", "G-I-art": "A15 B20"})
    st.apply(GERMAN, {"type": "end_step", "step": "commanded"})
    options = select(st, GERMAN, "G-HQ-I")
    assert "A14 B21" not in options
    assert "A15 B20" not in options  # artillery there is no escort


def test_8_2_4_a_lone_hq_next_to_an_entering_unit_must_displace(
    position: Any, fixed_dice: Any
) -> None:
    # G-1-1-I enters A14 B20, next to the lone R-HQ-III in A15 B20: the HQ rolls (13.1.5,
    # Russians escape on 5-6); a 1 eliminates it, then the die for its return (13.1.7)
    fixed_dice(1, 1)
    st = moving(position, {**ARMY_HQ, "R-HQ-III": "A15 B20", "G-1-1-I": "A13 B20"})
    move(st, GERMAN, "G-1-1-I", "A14 B20")
    assert U.record(st, "R-HQ-III")["status"] == "eliminated"


def test_8_2_5_a_unit_in_an_enemy_zone_may_not_leave_it(position: Any, refuse: Refuse) -> None:
    st = moving(
        position, {"G-HQ-8A": "A12 B19", **ENEMY, "G-1-1-I": "A14 B21", "G-2-1-I": "A12 B20"}
    )
    assert selectable(st, GERMAN) == ["G-2-1-I"]
    err = refuse(st, GERMAN, {"type": "select", "unit": "G-1-1-I"})
    assert err.case == "tannenberg 8.2.5"


def test_8_2_5_artillery_hqs_and_trains_leave_in_their_own_phase(position: Any) -> None:
    # 11.1.7, 13.1.2, 15.3.2: G-I-art in A14 B21 (in the zone) may leave it
    st = moving(position, {**ARMY_HQ, **ENEMY, "G-I-art": "A14 B21"})
    options = select(st, GERMAN, "G-I-art")
    assert options["A13 B21"]["cost"] == "1"
    move(st, GERMAN, "G-I-art", "A13 B21")
    assert hex_of(st, "G-I-art") == "A13 B21"
    assert not movement.in_stopping_zone(st, "G-I-art")


def test_8_2_1_a_unit_goes_on_when_the_zone_it_entered_was_an_empty_masks(
    position: Any,
) -> None:
    # 16.2.7: the empty Russian mask in A15 B21 is removed when G-1-1-I enters its zone
    # (A14 B21); G-1-1-I has paid the zone's point (1 + 1 + 1 = 3) and may go on with 2
    from masking_kit import masked

    st = masked(
        position,
        {**ARMY_HQ, "G-1-1-I": "A13 B20"},
        {"mask-russian-1": ("A15 B21", [])},
        phase="movement_1",
        first_side=GERMAN,
    )
    move(st, GERMAN, "G-1-1-I", "A14 B21")
    assert U.record(st, "mask-russian-1")["status"] == "card"
    assert "G-1-1-I" not in frame_of(st)["done"]
    assert movement.remaining(st, frame_of(st), "G-1-1-I") == 2 * movement.HALF
    assert "A14 B23" in {a["to"] for a in st.legal_actions(GERMAN) if a["type"] == "move"}
