"""15.0 Supply: bases, lines, supply trains, isolation (supply.py).

Positions on the FICTIONAL teaching map (hex geometry in conftest.py: the distance
between two hexes is max(|dA|, |dB|, |dA + dB|)).  The German network with no
Russian unit about: the bases A1 B23 and A7 B21 (Kreuzau) and every hex of the
German railways joined to them (15.2.7): the Ostbahn A1 B23 .. A12 B20, A13 B19 ..
A19 B18, the Nordbahn to A10 B23 and the Suedbahn A7 B21 .. A9 B13.  The Russian
network: the bases A24 B11, A12 B7, A24 B5 and the Kowal and Mlawka lines.
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.tannenberg import supply, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.tables import constant
from tests.rules.tannenberg.supply_kit import VISTULA_BRIDGES, with_rail


def _supplied(st: Any, *uids: str) -> list[bool]:
    return [supply.supplied(st, uid) for uid in uids]


# --- 15.1 supply bases -----------------------------------------------------------------


def test_15_1_1_a_unit_next_to_a_base_has_supply(at_phase: Any) -> None:
    # A7 B22 touches the Kreuzau base A7 B21
    st = at_phase({"G-1-1-I": "A7 B22"})
    assert supply.supplied(st, "G-1-1-I")


def test_15_1_1_a_base_held_by_the_enemy_feeds_nothing(at_phase: Any) -> None:
    # Russian units stand on both German bases: no German network at all; A7 B22 is
    # next to the Russian unit in A7 B21 and two hexes from nothing else of the network
    st = at_phase({"R-1-25-III": "A1 B23", "R-2-25-III": "A7 B21", "G-1-1-I": "A12 B18"})
    assert not supply.supplied(st, "G-1-1-I")


def test_15_1_2_a_garrisoned_fortification_feeds_at_most_two_units(at_phase: Any) -> None:
    # German units on the three Russian bases: the Russian network is empty.  Kowal
    # (A22 B12, garrison 3) is left: the unit in it first, then the nearest (A22 B13,
    # one hex); the third (A22 B14, two hexes) would be the fort's third unit.
    st = at_phase(
        {
            "G-1-1-I": "A24 B11",
            "G-2-1-I": "A12 B7",
            "G-3-2-I": "A24 B5",
            "R-1-25-III": "A22 B12",
            "R-2-25-III": "A22 B13",
            "R-1-27-III": "A22 B14",
        }
    )
    assert constant("fortification_supply_units") == 2
    assert _supplied(st, "R-1-25-III", "R-2-25-III", "R-1-27-III") == [True, True, False]
    assert supply.fortification_feeding(st, "R-2-25-III") == "A22 B12"


def test_15_1_2_a_fortification_without_garrison_is_no_base(at_phase: Any) -> None:
    # Russians on both German bases; Fort Ost (A11 B22, garrison 2) feeds the unit in
    # it, Feste Loetzau (A14 B15, no garrison) feeds nobody
    st = at_phase(
        {"R-1-25-III": "A1 B23", "R-2-25-III": "A7 B21", "G-1-1-I": "A14 B15", "G-2-1-I": "A11 B22"}
    )
    assert _supplied(st, "G-1-1-I", "G-2-1-I") == [False, True]


# --- 15.2 supply lines ------------------------------------------------------------------


def test_15_2_1_a_line_is_a_chain_of_hexes_to_the_network(at_phase: Any) -> None:
    st = at_phase({"G-1-1-I": "A12 B18"})
    table = supply.table(st, "german")
    assert {"A1 B23", "A7 B21", "A12 B20", "A19 B18", "A10 B23", "A9 B13"} <= table.network
    assert supply.supplied(st, "G-1-1-I")


def test_15_2_5_a_unit_traces_two_hexes_on_its_own(at_phase: Any) -> None:
    # A12 B18 -> A12 B19 -> A12 B20 (Ostbahn): two hexes.  A12 B17 is three hexes from
    # every network hex (A12 B20, A11 B20, A13 B19 all at distance 3)
    st = at_phase({"G-1-1-I": "A12 B18", "G-2-1-I": "A12 B17"})
    assert constant("supply_line_unit_range") == 2
    assert _supplied(st, "G-1-1-I", "G-2-1-I") == [True, False]


def test_15_2_2_no_line_across_the_vistula_but_by_its_bridges(at_phase: Any) -> None:
    # A Russian unit west of the Vistula (A2 B15): its only ways to the Russian bases
    # are the two bridges (A4 B22/A5 B21, A4 B16/A5 B15); one left is enough for a
    # line of any length (not isolated), none leaves it isolated (15.5.1)
    st = at_phase({"R-1-25-III": "A2 B15"})
    assert not supply.isolated(st, "R-1-25-III")
    with_rail(st, bridges=("A4 B16/A5 B15",))
    assert not supply.isolated(st, "R-1-25-III")
    with_rail(st, bridges=VISTULA_BRIDGES)
    assert supply.isolated(st, "R-1-25-III")


def test_15_2_2_no_line_through_a_swamp(at_phase: Any) -> None:
    # XVII Corps HQ in A10 B14 (on the network's edge: A9 B14 is the Suedbahn) reaches
    # A12 B13 by A11 B13 (two hexes); A13 B14 is three hexes off, but every chain of
    # four open hexes to it crosses the swamps A12 B14, A12 B15 or A13 B13
    st = at_phase({"G-HQ-XVII": "A10 B14", "G-70-35-XVII": "A13 B14", "G-87-35-XVII": "A12 B13"})
    assert _supplied(st, "G-70-35-XVII", "G-87-35-XVII") == [False, True]


def test_15_2_2_supply_reaches_a_unit_in_a_swamp(at_phase: Any) -> None:
    # A15 B6 is a swamp next to the Mlawka line (A15 B7)
    st = at_phase({"R-1-6-XV": "A15 B6"})
    assert U.static(st).scenario.board.terrain["A15 B6"] == "swamp"
    assert supply.supplied(st, "R-1-6-XV")


def test_15_2_2_no_line_across_a_lake(at_phase: Any) -> None:
    # the Mauersee (A14 B16) is never part of a line; nor is a step across the
    # Schmalsee drawn along the hexside A16 B11/A17 B11
    net = supply.network(at_phase({}))
    assert "A14 B16" in net.never and "A14 B16" in net.closed_terrain
    assert "A17 B11" not in net.sides["A16 B11"]
    assert "A16 B12" in net.sides["A16 B11"]


def test_15_2_3_an_enemy_unit_and_its_zone_block_the_line(at_phase: Any) -> None:
    # The Russian unit in A12 B19 stands on one of the middle hexes and controls the
    # others (A11 B19, A13 B18) and the Ostbahn hexes A11 B20, A12 B20, A13 B19
    st = at_phase({"G-1-1-I": "A12 B18", "R-1-25-III": "A12 B19"})
    assert "A11 B19" in zoc.controlled_by(st, "russian")
    assert not supply.supplied(st, "G-1-1-I")


def test_15_2_4_a_friendly_unit_opens_an_enemy_zone(at_phase: Any) -> None:
    # as above, with a German unit in A11 B19: A12 B18 -> A11 B19 -> A10 B20 (Ostbahn)
    st = at_phase({"G-1-1-I": "A12 B18", "R-1-25-III": "A12 B19", "G-2-1-I": "A11 B19"})
    assert supply.supplied(st, "G-1-1-I")


def test_15_2_6_a_corps_hq_gives_its_corps_two_hexes_more(at_phase: Any) -> None:
    # A12 B16 is four hexes from the network.  I Corps HQ in A12 B19 (next to A12 B20)
    # has supply and reaches A12 B16 in 2 + 2 hexes; the XVII Corps brigade in the same
    # hex gets nothing from it
    st = at_phase({"G-HQ-I": "A12 B19", "G-1-1-I": "A12 B16", "G-70-35-XVII": "A12 B16"})
    assert constant("supply_line_corps_hq_range") == 2
    assert _supplied(st, "G-1-1-I", "G-70-35-XVII") == [True, False]


def test_15_2_7_rail_extends_the_line_unless_cut(at_phase: Any) -> None:
    # A18 B17 touches the Ostbahn (A18 B18), eleven columns from the nearest base; a
    # cut at A14 B19 leaves the line's eastern end joined to no base
    st = at_phase({"G-1-1-I": "A18 B17"})
    assert supply.supplied(st, "G-1-1-I")
    with_rail(st, cut=("A14 B19",))
    assert not supply.supplied(st, "G-1-1-I")


def test_15_2_7_an_enemy_unit_on_the_railway_stops_it(at_phase: Any) -> None:
    st = at_phase({"G-1-1-I": "A18 B17", "R-1-25-III": "A15 B19"})
    assert not supply.supplied(st, "G-1-1-I")


def test_15_2_8_supply_by_any_of_the_means(at_phase: Any) -> None:
    # on its own (A12 B18), through its corps HQ (A12 B16), by rail (A18 B17)
    st = at_phase({"G-1-1-I": "A12 B18", "G-HQ-I": "A12 B19", "G-2-1-I": "A12 B16"})
    assert _supplied(st, "G-1-1-I", "G-2-1-I") == [True, True]
    assert supply.unsupplied(st, "german") == []


# --- 15.3 supply trains -----------------------------------------------------------------


def test_15_3_1_only_the_russians_have_supply_trains(at_phase: Any) -> None:
    st = at_phase({})
    trains = [ui for ui in U.static(st).units.values() if ui.type == "supply_train"]
    assert trains and {ui.side for ui in trains} == {"russian"}


def test_15_3_2_a_supply_train_has_no_zone_and_no_strength(at_phase: Any) -> None:
    st = at_phase({"R-Train-1": "A22 B14"})
    assert not zoc.has_zone(st, "R-Train-1")
    assert U.strength(st, "R-Train-1") == 0


def test_15_3_3_one_supply_train_a_hex(at_phase: Any) -> None:
    # the stacking rule (7.1.4) enforces it at the end of each movement phase
    assert constant("supply_trains_per_hex") == 1


def test_15_3_5_a_supply_train_takes_no_part_in_clashes(at_phase: Any) -> None:
    # no strength to add and no combat-efficiency level or endurance to lose (2.3.2)
    st = at_phase({"R-Train-2": "A13 B7"})
    assert U.strength(st, "R-Train-2") == 0
    assert U.info(st, "R-Train-2").level_count == 0
    assert not supply.has_endurance(st, "R-Train-2")


def test_15_3_4_half_a_point_a_hex_along_a_road(at_phase: Any) -> None:
    # costs are in halves of a movement point: 1 along the Grenz road (A17 B6 -> A17 B7),
    # 2 for clear terrain off it (A16 B7 -> A16 B8)
    net = supply.network(at_phase({}))
    assert net.train_costs["A17 B6"]["A17 B7"] == 1
    assert net.train_costs["A16 B7"]["A16 B8"] == 2


def test_15_3_6_a_train_is_eliminated_when_an_enemy_enters_its_hex(at_phase: Any) -> None:
    st = at_phase({"R-Train-1": "A22 B14", "R-1-25-III": "A22 B14"})
    before = st.data["vp"]
    assert supply.train_overrun(st, "A22 B14", "german") == ["R-Train-1"]
    assert U.record(st, "R-Train-1")["status"] == "eliminated"
    assert U.record(st, "R-1-25-III")["status"] == "on_map"
    # 19.3: a supply train is a unit: the Germans score 6 (teaching scenario)
    assert st.data["vp"] == before - 6
    assert supply.train_overrun(st, "A22 B15", "german") == []


def test_15_3_7_a_train_extends_lines_by_four_points_doubled_on_roads(at_phase: Any) -> None:
    # Train in Przasnik (A17 B5, on the Mlawka line): along the Grenz road A17 B6 .. B9,
    # A18 B9 .. B12 are 8 hexes at half a point = 4 points; the unit in A17 B14 traces
    # its own two hexes (A18 B13, A18 B12).  Without the train it is 7 hexes from the
    # network.
    st = at_phase({"R-1-6-XV": "A17 B14"})
    assert not supply.supplied(st, "R-1-6-XV")
    st = at_phase({"R-1-6-XV": "A17 B14", "R-Train-1": "A17 B5"})
    assert constant("supply_train_range_mp") == 4
    assert "A18 B12" in supply.table(st, "russian").network
    assert supply.supplied(st, "R-1-6-XV")


def test_15_3_8_a_train_serves_every_friendly_unit(at_phase: Any) -> None:
    # the 1st Army's train supplies a 2nd Army brigade (XV Corps) as above
    st = at_phase({"R-1-6-XV": "A17 B14", "R-Train-1": "A17 B5"})
    assert U.info(st, "R-Train-1").army != U.info(st, "R-1-6-XV").army
    assert supply.supplied(st, "R-1-6-XV")


def test_15_3_9_a_train_in_an_enemy_zone_extends_nothing(at_phase: Any) -> None:
    # the German unit in A16 B5 controls A17 B5 but not the road beyond it (A17 B6)
    st = at_phase({"R-1-6-XV": "A17 B14", "R-Train-1": "A17 B5", "G-1-1-I": "A16 B5"})
    assert zoc.in_enemy_zoc(st, "R-Train-1")
    assert not supply.supplied(st, "R-1-6-XV")


# --- 15.4 effects -----------------------------------------------------------------------


def test_15_4_1_unsupplied_units_lose_a_movement_point(at_phase: Any) -> None:
    assert constant("unsupplied_movement_reduction") == 1


def test_15_4_2_moving_unsupplied_costs_a_point_never_a_level(at_phase: Any) -> None:
    st = at_phase({"G-1-1-I": "A12 B17"})
    assert not supply.supplied(st, "G-1-1-I")
    U.record(st, "G-1-1-I")["lost"] = 4
    U.lose_endurance(st, "G-1-1-I", 1, "tannenberg 15.4.2", "moved without supply", False)
    assert (U.record(st, "G-1-1-I")["level"], U.record(st, "G-1-1-I")["lost"]) == (0, 4)


def test_15_4_3_artillery_without_supply_loses_more_endurance(at_phase: Any) -> None:
    # 11.1.5-11.1.6 (the artillery module applies them): one point more, for each side
    supplied = constant("artillery_ammunition_loss")
    unsupplied = constant("artillery_ammunition_loss_unsupplied")
    assert {k: unsupplied[k] - supplied[k] for k in supplied} == {"russia": 1, "germany": 1}


# --- 15.5 isolation ---------------------------------------------------------------------


def test_15_5_1_out_of_range_is_not_isolated(at_phase: Any) -> None:
    st = at_phase({"G-2-1-I": "A12 B17"})
    assert not supply.supplied(st, "G-2-1-I")
    assert not supply.isolated(st, "G-2-1-I")


def test_15_5_1_isolated_when_no_line_of_any_length_exists(at_phase: Any) -> None:
    # both Vistula bridges destroyed: the west bank holds no Russian base
    st = with_rail(at_phase({"R-1-25-III": "A2 B15"}), bridges=VISTULA_BRIDGES)
    assert supply.isolated(st, "R-1-25-III")
    assert not supply.supplied(st, "R-1-25-III")


def test_15_5_2_isolation_rolls_at_the_end_of_phase_4(at_phase: Any, fixed_dice: Any) -> None:
    # three isolated Russian units west of the Vistula roll 2, 3 and 6 (counter order):
    # nothing; 2 endurance points; 4 points on top of 3 lost = 7: flipped, 3 on the back
    fixed_dice(2, 3, 6)
    st = with_rail(
        at_phase(
            {"R-1-25-III": "A2 B15", "R-2-25-III": "A2 B16", "R-1-27-III": "A2 B17"},
            phase="reserve",
        ),
        bridges=VISTULA_BRIDGES,
    )
    U.record(st, "R-1-27-III")["lost"] = 3
    supply.isolation_rolls(st)
    lost = [
        (U.record(st, u)["level"], U.record(st, u)["lost"])
        for u in ("R-1-25-III", "R-2-25-III", "R-1-27-III")
    ]
    assert lost == [(0, 0), (0, 2), (1, 3)]
    assert constant("isolation_endurance_loss") == {"1": 0, "2": 0, "3": 2, "4": 2, "5": 4, "6": 4}
