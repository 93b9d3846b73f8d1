"""Von Hindenburg in Poland, 16.0-16.2 Supply: ranges by army (9.1, 16.1, 16.21), depots of
the unit's own nationality (16.0, 16.1), rail hexes of its own country (16.22) held by its
Player (16.23), and 9.15 (the option ``rail_supply_anywhere``).

FICTIONAL positions on the Von Hindenburg teaching map: German and Austro-Hungarian rail
runs down the west (columns 01-04) and along rows 12-14, Russian rail east of column 09.
The distances are the map's (no terrain there is prohibited to a line of supply).
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.gwite import supply
from greatwar.rules.gwite.supply import SupplyClass
from tests.rules.gwite.brusilov.brusilov_kit import moves, select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import owner, supplied

TSCHENSTOCHAU = {h: "allied" for h in ("0506", "0507", "0508", "0509", "0510", "0511")}


def distance(st: Any, a: str, b: str) -> int:
    return st.game.scenario.board.distance(a, b)  # type: ignore[no-any-return]


def test_9_1_supply_ranges_german_6_russian_3_austro_hungarian_3(
    hindenburg_position: Any,
) -> None:
    units = {
        "G-35": "1307",  # 6 from the Galizische Bahn (1313)
        "G-36": "1306",  # 7
        "AH-12": "1310",  # 3 from it
        "AH-24": "1309",  # 4
        "R-5K": "0608",  # 3 from 0906
        "R-8K": "0508",  # 4
    }
    st = hindenburg_position(units)
    assert (distance(st, "1307", "1313"), distance(st, "0608", "0906")) == (6, 3)
    assert supplied(st, "G-35", "G-36") == [True, False]
    assert supplied(st, "AH-12", "AH-24") == [True, False]
    assert supplied(st, "R-5K", "R-8K") == [True, False]


def test_16_21_rail_supply_line_lengths_6_german_3_russian_and_austro_hungarian(
    hindenburg_position: Any,
) -> None:
    # the Initial Supply Segment finds and marks them so (9.11)
    units = {"G-35": "1307", "G-36": "1306", "AH-12": "1310", "AH-24": "1309"}
    st = hindenburg_position(units, phasing="central", segment="initial_supply")
    assert supply.OUT_OF_SUPPLY in st.data["units"]["G-36"]["markers"]
    assert supply.OUT_OF_SUPPLY in st.data["units"]["AH-24"]["markers"]
    assert supply.OUT_OF_SUPPLY not in st.data["units"]["G-35"]["markers"]
    assert supply.OUT_OF_SUPPLY not in st.data["units"]["AH-12"]["markers"]


def test_16_1_depot_supply_line_lengths_6_german_3_austro_hungarian(
    hindenburg_position: Any,
) -> None:
    units = {
        "G-D1": "1006",  # in supply: six hexes from 0406 and 1012
        "G-35": "1506",  # 5 from the depot
        "G-36": "1606",  # 6
        "G-41": "1706",  # 7
        "AH-D1": "0811",  # 2 from the Galizische Bahn
        "AH-12": "0808",  # 3 from the depot
        "AH-24": "0807",  # 4
    }
    st = hindenburg_position(units)
    assert [distance(st, "1006", h) for h in ("1506", "1606", "1706")] == [5, 6, 7]
    assert supplied(st, "G-D1", "AH-D1") == [True, True]
    assert supplied(st, "G-35", "G-36", "G-41") == [True, True, False]
    assert supplied(st, "AH-12", "AH-24") == [True, False]


def test_16_0_a_supply_depot_supplies_only_units_of_its_own_nationality(
    hindenburg_position: Any,
) -> None:
    # the Austro-Hungarian division stands next to the German depot, six hexes from
    # Austro-Hungarian rail
    st = hindenburg_position({"G-D1": "1006", "G-35": "1506", "AH-12": "1106"})
    assert supplied(st, "G-35", "AH-12") == [True, False]
    classes = supply.table(st, "central").classes
    assert "1006" in classes[SupplyClass("central", "germany")].sources
    assert "1006" not in classes[SupplyClass("central", "austria-hungary")].sources


def test_16_22_each_army_draws_on_the_rail_of_its_own_countries(
    hindenburg_position: Any,
) -> None:
    units = {
        "G-35": "0208",  # next to German rail (0207, 0209)
        "AH-12": "0309",  # 3 from Austro-Hungarian rail (0212)
        "AH-24": "0208",  # next to German rail, 4 from Austro-Hungarian
        "AH-46L": "0807",  # next to Polish rail the Central Powers hold (0806)
        "R-5K": "0406",  # in German rail the Russians hold
    }
    st = hindenburg_position(units, control={"0406": "allied"})
    assert supplied(st, "G-35", "AH-12") == [True, True]
    assert supplied(st, "AH-24", "AH-46L") == [False, False]
    assert supplied(st, "R-5K") == [False]  # Germany's rail is no Russian source
    classes = supply.table(st, "central").classes
    german = classes[SupplyClass("central", "germany")].rail
    assert {"0207", "0213", "1813"} <= german  # Germany and Austria-Hungary
    assert not german & {"0806", "0506"}  # never Poland's
    assert "0207" not in classes[SupplyClass("central", "austria-hungary")].rail


def test_16_23_only_rail_hexes_the_player_holds_supply_his_units(
    hindenburg_position: Any,
) -> None:
    # 0406 is the one German rail hex within six hexes of 1005; a Russian cavalry unit
    # passes through it in the Russian Movement Segment, and rides on
    st = hindenburg_position({"G-41": "1005", "R-5K": "0408"})
    assert supplied(st, "G-41") == [True]
    select(st, "allied", "R-5K")
    st.apply("allied", moves(st, "allied")["0406"])
    st.apply("allied", moves(st, "allied")["0404"])
    assert owner(st, "0406") == ("allied", 1)
    table = supply.table(st, "central")
    assert "0406" not in table.blocked | table.enemy_zones  # held, not occupied nor controlled
    assert supplied(st, "G-41") == [False]
    assert "0406" not in supply.table(st, "central").rail
    assert "0406" not in supply.table(st, "allied").rail  # nor a Russian one (16.22)


def test_16_2_9_15_a_rail_hex_supplies_only_joined_to_a_friendly_map_edge(
    hindenburg_position: Any,
) -> None:
    # the Tschenstochau branch held by the Russians is cut off from their rail (0606 and
    # Germany's 0406 are not theirs): no source, unless 16.22 is read "any Rail hex"
    units = {"R-5K": "0509"}
    st = hindenburg_position(units, control=TSCHENSTOCHAU)
    assert "0509" not in supply.table(st, "allied").rail
    assert supplied(st, "R-5K") == [False]
    st = hindenburg_position(units, control=TSCHENSTOCHAU, options={"rail_supply_anywhere": True})
    assert {"0506", "0511"} <= supply.table(st, "allied").rail
    assert supplied(st, "R-5K") == [True]
