"""Caporetto 1917, zones of control: Stosstruppen enter Enemy-controlled hexes free
(caporetto 7.0), trench lines and ridge hexsides (7.1), the monitor (7.26).

FICTIONAL positions on the teaching map: the Austro-Hungarian Isonzo trench line is
column 15 (rows 01-13), the Italian one column 14, face to face; rows 06-13 are clear;
1005 (mountain) lies above the ridge hexside 1005/1006.
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from tests.rules.gwite.caporetto.caporetto_moves import at_movement, hex_of, left, move

# --- 7.0 entering an Enemy-controlled hex -------------------------------------------------


@pytest.mark.parametrize(("uid", "cost"), [("G-12", 1), ("G-5", 2)])
def test_7_0_stosstruppen_pay_nothing_to_enter_an_enemy_controlled_hex_others_1(
    caporetto_position: Any, uid: str, cost: int
) -> None:
    # the Italian 46th Division in 1209 controls 1108 (clear)
    st = at_movement(caporetto_position, {uid: "1107", "I-46": "1209"})
    assert "1108" in zoc.enemy_controlled(st, "central")
    action = move(st, uid, "1108")
    assert action["cost"] == cost  # clear 1, and 1 for the zone unless Stosstruppen
    assert hex_of(st, uid) == "1108"
    assert left(st, uid) == U.rules(st).allowance(st, uid) - cost


def test_7_0_stosstruppen_move_on_from_zone_to_zone_paying_only_terrain(
    caporetto_position: Any,
) -> None:
    # 1108 and Utina (1109, a city) are both in the zone of the Italian 46th (1209)
    st = at_movement(caporetto_position, {"G-12": "1107", "I-46": "1209"})
    action = move(st, "G-12", "1109")
    assert action["path"] == ["1108", "1109"]
    assert action["cost"] == 2
    assert left(st, "G-12") == 6


# --- 7.1 extent: trench lines and ridges -----------------------------------------------------


def test_7_1_no_zone_from_one_trench_line_into_another(caporetto_position: Any) -> None:
    # a German division in the Austro-Hungarian trench (1509); the Italian trench hex
    # 1409 beside it is another trench line: the zone does not reach it
    st = at_movement(caporetto_position, {"G-5": "1509", "I-46": "1408"}, phasing="allied")
    assert "1409" not in zoc.enemy_controlled(st, "allied")
    assert "1508" in zoc.enemy_controlled(st, "allied")  # its own line's hexes
    action = move(st, "I-46", "1409")
    assert action["cost"] == 1
    assert left(st, "I-46") == 5


def test_7_1_a_zone_from_outside_the_trenches_reaches_a_trench_hex(
    caporetto_position: Any,
) -> None:
    # the same move with the German division in 1309, not a trench hex: 1 more
    st = at_movement(caporetto_position, {"G-5": "1309", "I-46": "1408"}, phasing="allied")
    assert "1409" in zoc.enemy_controlled(st, "allied")
    assert move(st, "I-46", "1409")["cost"] == 2
    assert left(st, "I-46") == 4


def test_7_1_a_zone_reaches_along_the_same_contiguous_trench_line(
    caporetto_position: Any,
) -> None:
    # an Italian unit that broke into the Austro-Hungarian line (1508) moves along it to
    # 1509, beside the German division in 1510: the same line, so the zone reaches it
    st = at_movement(caporetto_position, {"G-5": "1510", "I-46": "1508"}, phasing="allied")
    assert "1509" in zoc.enemy_controlled(st, "allied")
    assert move(st, "I-46", "1509")["cost"] == 2
    assert left(st, "I-46") == 4


@pytest.mark.parametrize(("uid", "cost"), [("AH-EDW", 2), ("G-5", 1)])
def test_7_1_zones_extend_across_ridge_hexsides_for_alpine_units_only(
    caporetto_position: Any, uid: str, cost: int
) -> None:
    # 1005 above the ridge; the Italian brigade enters 1006 below it
    st = at_movement(caporetto_position, {uid: "1005", "I-BERS": "1007"}, phasing="allied")
    assert ("1006" in zoc.enemy_controlled(st, "allied")) == (uid == "AH-EDW")
    assert move(st, "I-BERS", "1006")["cost"] == cost
    assert left(st, "I-BERS") == 6 - cost


# --- 7.26 the monitor ------------------------------------------------------------------------


def test_7_26_the_monitor_never_exerts_a_zone_of_control(caporetto_position: Any) -> None:
    # the monitor in the coastal hex 1314; a German division enters 1313 beside it
    st = at_movement(caporetto_position, {"I-MON": "1314", "G-5": "1312"})
    assert not U.rules(st).exerts_zoc(st, "I-MON")
    assert zoc.zones_of(st, ["I-MON"]) == set()
    assert "1313" not in zoc.enemy_controlled(st, "central")
    action = move(st, "G-5", "1313")
    assert action["cost"] == 1
    assert left(st, "G-5") == 5
