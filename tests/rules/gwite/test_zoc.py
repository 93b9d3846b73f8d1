"""7.0 Zones of Control: 7.1 extent, 7.2 effects on movement.

Positions on the FICTIONAL teaching map.  1606 is an even column: its six
neighbours are 1605, 1607 (same column), 1505, 1506, 1705, 1706.  R-1G is a
Russian division (TCR 3, MA 4); G-35R a German division (TCR 1, MA 5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

AROUND_1606 = {"1605", "1607", "1505", "1506", "1705", "1706"}
# the hexes the two fortresses control (7.0): around 0611 (Central) and 1312 (Russian)
FORTRESS_ZOC = {
    "central": {"0610", "0612", "0510", "0511", "0710", "0711"},
    "allied": {"1311", "1313", "1212", "1213", "1412", "1413"},
}


def units_zoc(st: State, side: str) -> frozenset[str]:
    """Hexes controlled by the units of ``side`` (its fortress's zone left out)."""
    return zoc.controlled_by(st, side) - FORTRESS_ZOC[side]


def select(st: State, role: str, uid: str) -> dict[str, Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return moves(st, role, uid)


def moves(st: State, role: str, uid: str) -> dict[str, Action]:
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


# --- 7.0 general rule -----------------------------------------------------------------


def test_7_0_fortress_exerts_zone_of_control(position: Any) -> None:
    # the empty Central Powers fortress at 0611 controls 0711 but not 0712:
    # R-1G at 0812 pays Clear 1 + 1 for 0711, Clear 1 for 0712
    st = position({"R-1G": "0812"})
    assert "0711" in zoc.controlled_by(st, "central")
    reach = select(st, "allied", "R-1G")
    assert reach["0711"]["cost"] == 2
    assert reach["0712"]["cost"] == 1


def test_7_0_russian_fortress_controls_for_the_allies(position: Any) -> None:
    # the Zalesie fortress (1312, Russian) controls 1413: G-35R at 1414 pays 1 + 1
    st = position({"G-35R": "1414"}, phasing="central")
    reach = select(st, "central", "G-35R")
    assert reach["1413"]["cost"] == 2
    assert reach["1513"]["cost"] == 1  # Clear, not adjacent to 1312


def test_7_0_destroyed_fortress_exerts_no_zone_of_control(position: Any) -> None:
    st = position({"R-1G": "0812"})
    st.data["fortress_lost"] = {"0611": 4}  # combat (11.13) is later work
    st._cache.clear()
    assert "0711" not in zoc.controlled_by(st, "central")
    assert select(st, "allied", "R-1G")["0711"]["cost"] == 1


# --- 7.1 extent -----------------------------------------------------------------------


def test_7_11_zone_of_control_is_the_six_adjacent_hexes(position: Any) -> None:
    st = position({"G-35R": "1606", "R-1G": "1806"})
    assert units_zoc(st, "central") == AROUND_1606
    # R-1G at 1806: 1705 and 1706 are controlled (Clear 1 + 1), 1805 and 1807 not
    reach = select(st, "allied", "R-1G")
    assert reach["1705"]["cost"] == 2
    assert reach["1706"]["cost"] == 2
    assert reach["1805"]["cost"] == 1
    assert reach["1807"]["cost"] == 1


def test_7_11_not_across_prohibited_hexsides(position: Any) -> None:
    # G-35R at 0615: 0615/0515 and 0615/0616 are prohibited hexsides
    st = position({"G-35R": "0615", "R-1G": "0516"})
    assert units_zoc(st, "central") == {"0614", "0714", "0715", "0514"}
    # R-1G at 0516 enters 0515 and 0616 (Mountain, provisional 3) without the +1
    reach = select(st, "allied", "R-1G")
    assert reach["0515"]["cost"] == 3
    assert reach["0616"]["cost"] == 3


def test_7_11_not_across_blocked_hexsides(position: Any) -> None:
    # provisional: a Blocked hexside (10.33) stops a zone of control like a prohibited one
    st = position({"G-35R": "1015"})
    assert units_zoc(st, "central") == {"1114", "1115", "0915", "0914"}


def test_7_12_non_phasing_units_exert_zones_of_control(position: Any) -> None:
    # during the Allied Movement Phase the Central Powers' units control their hexes
    st = position({"G-35R": "1606", "R-1G": "1806"}, phasing="allied")
    assert st.data["phasing"] == "allied"
    assert select(st, "allied", "R-1G")["1706"]["cost"] == 2


def test_7_12_phasing_units_exert_zones_of_control_too(position: Any) -> None:
    st = position({"G-35R": "1606", "R-1G": "1806"}, phasing="allied")
    assert units_zoc(st, "allied") == {"1805", "1807", "1705", "1706", "1905", "1906"}
    # and the zone moves with the unit
    st.apply("allied", select(st, "allied", "R-1G")["1807"])
    assert "1808" in zoc.controlled_by(st, "allied")
    assert "1805" not in zoc.controlled_by(st, "allied")


def test_7_12_reduced_unsupplied_out_of_command_units_still_exert(position: Any) -> None:
    st = position(
        {
            "G-I": {"hex": "1606", "steps_lost": 3, "markers": ["out_of_supply", "out_of_command"]},
            "R-1G": "1806",
        }
    )
    assert units_zoc(st, "central") == AROUND_1606
    assert select(st, "allied", "R-1G")["1705"]["cost"] == 2


# --- 7.2 effects ----------------------------------------------------------------------


def test_7_21_one_extra_movement_point_to_enter(position: Any) -> None:
    # G-35R at 1406 controls 1405 (Forest) and 1505 (Clear).  R-1G (TCR 3) at 1504:
    # 1505 = Clear 1 + 1 = 2; 1405 = Forest 2 + 1 = 3; 1404 (not controlled) = 1.
    st = position({"G-35R": "1406", "R-1G": "1504"})
    reach = select(st, "allied", "R-1G")
    assert reach["1505"]["cost"] == 2
    assert reach["1405"]["cost"] == 3
    assert reach["1404"]["cost"] == 1
    st.apply("allied", reach["1405"])
    assert U.record(st, "R-1G")["hex"] == "1405"


def test_7_21_extra_point_for_tcr1_unit_too(position: Any) -> None:
    # R-1G at 1406 controls 1405 (Forest).  G-35R (TCR 1) at 1504: Forest 1 + 1 = 2
    st = position({"R-1G": "1406", "G-35R": "1504"}, phasing="central")
    reach = select(st, "central", "G-35R")
    assert reach["1405"]["cost"] == 2
    assert reach["1404"]["cost"] == 1


def test_7_22_move_between_enemy_zones(position: Any) -> None:
    # G-35R at 1406 controls 1505 and 1506.  R-1G at 1504 enters 1505 (2 MP),
    # then moves directly on to 1506: Clear 1 + 1 = 2, its last 2 MP.
    st = position({"G-35R": "1406", "R-1G": "1504"})
    st.apply("allied", select(st, "allied", "R-1G")["1505"])
    reach = moves(st, "allied", "R-1G")
    assert reach["1506"]["cost"] == 2
    st.apply("allied", reach["1506"])
    assert U.record(st, "R-1G")["hex"] == "1506"


def test_7_22_needs_terrain_cost_plus_one_remaining(position: Any, refuse: Refuse) -> None:
    # as above, but from 1505 with 2 MP left: Forest 1405 (controlled) needs 2 + 1 = 3
    st = position({"G-35R": "1406", "R-1G": "1504"})
    st.apply("allied", select(st, "allied", "R-1G")["1505"])
    reach = moves(st, "allied", "R-1G")
    assert "1405" not in reach
    err = refuse(
        st, "allied", {"type": "move", "unit": "R-1G", "to": "1405", "path": ["1405"], "cost": 2}
    )
    assert err.case == "5.14"
    assert "3 MP" in err.reason


def test_7_23_no_extra_cost_to_leave(position: Any) -> None:
    # R-1G starts in 1505, controlled by G-35R at 1406; 1504 and 1605 are not controlled
    st = position({"G-35R": "1406", "R-1G": "1505"})
    reach = select(st, "allied", "R-1G")
    assert reach["1504"]["cost"] == 1
    assert reach["1605"]["cost"] == 1
    assert reach["1608"]["cost"] == 3  # 1606, 1607, 1608: Clear, none controlled


def test_7_24_friendly_units_do_not_negate_enemy_zones_for_movement(position: Any) -> None:
    # R-3S already stands in 1705 (controlled by G-35R at 1606): R-1G still pays 1 + 1
    st = position({"G-35R": "1606", "R-3S": "1705", "R-1G": "1806"})
    assert select(st, "allied", "R-1G")["1705"]["cost"] == 2


def test_7_24_friendly_fortress_does_not_negate_enemy_zones_for_movement(
    position: Any,
) -> None:
    # R-1G at 0711 controls the Central fortress hex 0611: AH-12 at 0510 pays
    # City 1 (provisional) + 1 to enter its own fortress
    st = position({"AH-12": "0510", "R-1G": "0711"}, phasing="central")
    assert select(st, "central", "AH-12")["0611"]["cost"] == 2


def test_7_24_friendly_zone_of_control_does_not_negate_either(position: Any) -> None:
    # 1705 is controlled by both G-35R (1606) and R-3S (1805): R-1G still pays the +1
    st = position({"G-35R": "1606", "R-3S": "1805", "R-1G": "1806"})
    assert "1705" in zoc.controlled_by(st, "allied")
    assert select(st, "allied", "R-1G")["1705"]["cost"] == 2


def test_7_25_mutually_controlled_hex(position: Any) -> None:
    # 1705 and 1706 lie next to G-35R (1606) and R-1G (1806): both sides control them
    st = position({"G-35R": "1606", "R-1G": "1806", "R-3S": "1805"})
    for h in ("1705", "1706"):
        assert h in zoc.controlled_by(st, "central")
        assert h in zoc.controlled_by(st, "allied")
    # each side pays the +1 to enter: the Allies now ...
    assert select(st, "allied", "R-3S")["1705"]["cost"] == 2
    st.apply("allied", {"type": "end_segment"})
    # ... and the Central Powers in their own Movement Phase
    assert st.data["phasing"] == "central"
    reach = select(st, "central", "G-35R")
    assert reach["1705"]["cost"] == 2
    assert reach["1706"]["cost"] == 2


def test_7_25_no_additional_effect_of_several_controlling_units(position: Any) -> None:
    # 1706 is next to G-35R (1606) and G-I (1707): still only Clear 1 + 1
    st = position({"G-35R": "1606", "G-I": "1707", "R-1G": "1806"})
    assert select(st, "allied", "R-1G")["1706"]["cost"] == 2


def test_7_26_hq_units_and_supply_depots_exert_no_zone_of_control(position: Any) -> None:
    st = position({"G-HQ-XVII": "1606", "G-D1": "1707", "R-1G": "1806"})
    assert units_zoc(st, "central") == frozenset()
    reach = select(st, "allied", "R-1G")
    assert reach["1705"]["cost"] == 1
    assert reach["1706"]["cost"] == 1
