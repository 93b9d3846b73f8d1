"""Von Hindenburg in Poland, 17.34 German off-map rail movement: out by the east edge
(the Galizische Bahn leaves it at 1813), back in a later Game-Turn through the eastern
band (1806-1809, the scenario's ``offmap_band``), no more than 12 Stacking Points away,
their Stacking Points deducted from the German Rail Capacity while they are.

FICTIONAL positions on the Von Hindenburg teaching map.
"""

from __future__ import annotations

from typing import Any

from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import offmap
from tests.rules.gwite.brusilov.brusilov_kit import of_type, select
from tests.rules.gwite.hindenburg.hindenburg_rail_kit import (
    Refuse,
    entrained,
    hex_of,
    left,
    logged,
    owner,
    rail_moves,
    rail_to,
    status,
    to_movement_segment,
)

CASE = "hindenburg 17.34"


def leave(st: Any, uid: str) -> None:
    """The selected unit leaves the map by 17.34."""
    (action,) = of_type(st.legal_actions("central"), offmap.EXIT)
    assert action == {"type": offmap.EXIT, "unit": uid}
    st.apply("central", action)


def test_17_34_a_german_unit_leaves_by_the_east_edge_and_comes_back_in_a_later_game_turn(
    hindenburg_position: Any,
) -> None:
    st = hindenburg_position({"G-35": entrained("1713")}, phasing="central")
    rail_to(st, "central", "G-35", "1813")
    leave(st, "G-35")
    assert status(st, "G-35") == "off_map"
    assert hex_of(st, "G-35") is None
    assert offmap.away_points(st) == 2
    assert left(st, "central") == {"germany": 10, "austria-hungary": 9}
    assert any("leaves the map by rail at 1813" in t for t in logged(st, CASE))
    to_movement_segment(st, "central", 2)
    # while away its Stacking Points come off the German Rail Capacity of every Game-Turn
    assert left(st, "central") == {"germany": 10, "austria-hungary": 9}
    assert any("2 Stacking Points count against" in t for t in logged(st, CASE))
    select(st, "central", "G-35")
    back = of_type(st.legal_actions("central"), offmap.RETURN)
    assert [a["hex"] for a in back] == ["1806", "1807", "1808", "1809"]
    st.apply("central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1808"})
    assert status(st, "G-35") == "on_map" and hex_of(st, "G-35") == "1808"
    # 1808 is Polish rail, which Germans may not use (17.32): it detrains there
    assert not rail.entrained(st, "G-35")
    assert U.has_marker(st, "G-35", rail.MOVED_BY_RAIL)
    assert left(st, "central") == {"germany": 10, "austria-hungary": 9}
    assert any("comes back onto the map through 1808" in t for t in logged(st, CASE))
    # it moves on normally, and it was in the rail hex during a Movement Segment (17.51)
    assert of_type(st.legal_actions("central"), "move")
    assert owner(st, "1808") == ("central", 2)


def test_17_34_a_unit_that_left_comes_back_no_earlier_than_the_next_game_turn(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"G-35": entrained("1813"), "G-36": "0406"}, phasing="central")
    select(st, "central", "G-35")
    leave(st, "G-35")
    assert {"type": "select", "unit": "G-35"} not in st.legal_actions("central")
    err = refuse(st, "central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1807"})
    assert err.case == CASE
    assert "left the map this Game-Turn" in err.reason


def test_17_34_only_german_army_units_move_off_the_map(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"AH-7K": entrained("1813")}, phasing="central")
    select(st, "central", "AH-7K")
    assert not of_type(st.legal_actions("central"), offmap.EXIT)
    err = refuse(st, "central", {"type": offmap.EXIT, "unit": "AH-7K"})
    assert err.case == CASE
    assert "not a German Army unit" in err.reason
    assert status(st, "AH-7K") == "on_map"


def test_17_34_only_from_a_rail_hex_where_a_line_leaves_the_east_edge(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"G-35": entrained("1713")}, phasing="central")
    select(st, "central", "G-35")
    assert not of_type(st.legal_actions("central"), offmap.EXIT)
    err = refuse(st, "central", {"type": offmap.EXIT, "unit": "G-35"})
    assert err.case == CASE
    assert "leaves the east edge" in err.reason


def test_17_34_no_more_than_12_stacking_points_are_off_the_map(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    # a larger Rail Capacity than the printed 12, so that only the 17.34 limit binds
    capacity = {"germany": 20, "russia": 8, "austria-hungary": 9}
    first = ["G-35", "G-36", "G-1GR"]
    then = ["G-3GR", "G-41", "G-5K"]
    units: dict[str, Any] = {uid: entrained("1813") for uid in first}
    units.update({uid: entrained("1713") for uid in then})
    units["G-8K"] = entrained("1613")
    st = hindenburg_position(units, phasing="central", parameters={"rail_capacity": capacity})
    for uid in first:
        select(st, "central", uid)
        leave(st, uid)
    for uid in then:
        rail_to(st, "central", uid, "1813")
        leave(st, uid)
    assert offmap.away_points(st) == 12
    rail_to(st, "central", "G-8K", "1813")
    assert not of_type(st.legal_actions("central"), offmap.EXIT)
    err = refuse(st, "central", {"type": offmap.EXIT, "unit": "G-8K"})
    assert err.case == CASE
    assert "12 allowed" in err.reason


def test_17_34_no_return_into_an_enemy_unit_or_its_zone_of_control(
    hindenburg_position: Any, refuse: Refuse
) -> None:
    st = hindenburg_position({"G-35": entrained("1813"), "R-5K": "1807"}, phasing="central")
    select(st, "central", "G-35")
    leave(st, "G-35")
    to_movement_segment(st, "central", 2)
    assert hex_of(st, "R-5K") == "1807"
    select(st, "central", "G-35")
    back = of_type(st.legal_actions("central"), offmap.RETURN)
    assert [a["hex"] for a in back] == ["1809"]
    err = refuse(st, "central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1807"})
    assert err.case == "5.13"
    err = refuse(st, "central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1806"})
    assert err.case == "5.37"
    err = refuse(st, "central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1805"})
    assert err.case == CASE


def test_17_34_a_unit_back_in_a_rail_hex_it_may_use_stays_entrained(
    hindenburg_position: Any,
) -> None:
    # the band is the scenario's: here the south-east, where the Galizische Bahn runs
    st = hindenburg_position(
        {"G-35": entrained("1813")},
        phasing="central",
        special={"offmap_band": "south-east garrison"},
    )
    select(st, "central", "G-35")
    leave(st, "G-35")
    to_movement_segment(st, "central", 2)
    select(st, "central", "G-35")
    st.apply("central", {"type": offmap.RETURN, "unit": "G-35", "hex": "1713"})
    assert rail.entrained(st, "G-35")
    reach = rail_moves(st, "central")
    assert reach["0113"]["hexes"] == 16  # a new Movement Phase: its full rate
    st.apply("central", reach["0113"])
    assert hex_of(st, "G-35") == "0113"
