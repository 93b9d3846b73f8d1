"""Caporetto 1917, the Italian monitor's movement (caporetto 17.31) and its place among
land units (17.32: no zone of control to pay for, no blocking, no Stacking Points).

FICTIONAL positions on the teaching map: the sea fills row 16, row 15 from column 09
and row 14 from column 17; a lagoon (0515, 0715) lies around Lagunara (0615).  Coastal
hexes are the land hexes beside water (1014, 1114, 1214, 1314, 1414 ...); the Taglia
reaches the sea between 1014 and 0914, the Sontia between 1314 and 1214.  The monitor
(I-MON, Movement Allowance 6) sets up at sea in 1315.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.stacking import overstacked, stacking_points
from tests.rules.gwite.caporetto.caporetto_moves import (
    at_movement,
    hex_of,
    left,
    move,
    moves,
    refused,
)
from tests.rules.gwite.caporetto.conftest import COUNTERS, MAP, SCENARIO, write_caporetto_position
from tests.rules.gwite.game_position import write_game_position

ALLIED = {"phasing": "allied"}

# --- 17.31 where and how the monitor moves ---------------------------------------------


def test_17_31_the_monitor_sets_up_and_stands_at_sea() -> None:
    st = greatwar.load("gwite/caporetto-teaching").new_state(1)
    assert hex_of(st, "I-MON") == "1315"
    assert st.game.scenario.board.terrain["1315"] == "sea"


def test_17_31_an_inland_set_up_is_refused_naming_the_case(tmp_path: Path) -> None:
    counters = tmp_path / "counters.toml"
    text = COUNTERS.read_text(encoding="utf-8")
    counters.write_text(text.replace('setup = "1315"', 'setup = "1313"', 1), encoding="utf-8")
    scenario = tmp_path / "scenario.toml"
    source = write_caporetto_position(tmp_path, {}, only=False).read_text(encoding="utf-8")
    scenario.write_text(source.replace(str(COUNTERS), str(counters)), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"inland.*caporetto 17\.31"):
        greatwar.load(scenario)


def test_17_31_a_position_that_puts_the_monitor_inland_is_refused(
    caporetto_position: Any,
) -> None:
    with pytest.raises(ScenarioError, match=r"inland.*caporetto 17\.31"):
        caporetto_position({"I-MON": "1313"})


def test_17_31_land_units_still_may_not_stand_at_sea(caporetto_position: Any) -> None:
    with pytest.raises(ScenarioError, match="Sea"):
        caporetto_position({"G-5": "1315"})


def test_17_31_the_monitor_moves_through_sea_and_coastal_hexes_1_mp_a_hex(
    caporetto_position: Any,
) -> None:
    st = at_movement(caporetto_position, {"I-MON": "1315"}, **ALLIED)
    reach = moves(st, "I-MON")
    assert all(a["cost"] == len(a["path"]) for a in reach.values())  # 1 MP a hex
    assert {"1314", "1214", "1114", "1014", "1215", "1416"} <= reach.keys()
    action = move(st, "I-MON", "1014")  # coastal: along the water
    assert action["cost"] == 3
    assert hex_of(st, "I-MON") == "1014"
    assert left(st, "I-MON") == 3


def test_17_31_along_the_coast_across_a_river_mouth(caporetto_position: Any) -> None:
    # 1014 and 0914 are coastal on either side of the Taglia's mouth (a major river)
    st = at_movement(caporetto_position, {"I-MON": "1014"}, **ALLIED)
    action = move(st, "I-MON", "0914")
    assert action["cost"] == 1  # no river cost: it moves on the water
    assert left(st, "I-MON") == 5


def test_17_31_into_the_lagoon(caporetto_position: Any) -> None:
    st = at_movement(caporetto_position, {"I-MON": "0816"}, **ALLIED)
    assert move(st, "I-MON", "0715")["cost"] == 1  # lagoon water (our reading)
    assert move(st, "I-MON", "0615")["cost"] == 1  # Lagunara, on the lagoon
    assert left(st, "I-MON") == 4


@pytest.mark.parametrize(("start", "inland"), [("1314", "1313"), ("1014", "1013")])
def test_17_31_the_monitor_never_moves_inland_nor_up_a_river(
    caporetto_position: Any, start: str, inland: str
) -> None:
    # 1313 is land beside coastal hexes; 1013 is on the Taglia, away from the sea
    st = at_movement(caporetto_position, {"I-MON": start}, **ALLIED)
    assert inland not in moves(st, "I-MON")
    err = refused(st, "I-MON", inland)
    assert err.case == "caporetto 17.31"
    assert "inland" in err.reason
    assert left(st, "I-MON") == 6


# --- 17.32 the monitor among land units ----------------------------------------------------


def test_17_32_the_monitor_pays_nothing_to_enter_an_enemy_zone(caporetto_position: Any) -> None:
    # the German 5th Division in 1313 controls the coastal hex 1314
    st = at_movement(caporetto_position, {"I-MON": "1315", "G-5": "1313"}, **ALLIED)
    action = move(st, "I-MON", "1314")
    assert action["cost"] == 1
    assert left(st, "I-MON") == 5


def test_17_32_enemy_land_units_move_through_the_monitors_hex(caporetto_position: Any) -> None:
    # the monitor in 1314; the Italian 46th in 1313 closes the way north of it
    units = {"I-MON": "1314", "I-46": "1313", "G-12": "1414"}
    st = at_movement(caporetto_position, units)
    action = move(st, "G-12", "1214")
    assert action["path"] == ["1314", "1214"]  # through the monitor's hex
    assert action["cost"] == 3  # clear, clear and the Sontia (a Stosstruppen unit: no zone)
    assert hex_of(st, "G-12") == "1214"
    assert hex_of(st, "I-MON") == "1314"
    assert left(st, "G-12") == 5


def test_17_32_but_no_move_ends_in_the_monitors_hex(caporetto_position: Any) -> None:
    units = {"I-MON": "1314", "G-12": "1414"}
    st = at_movement(caporetto_position, units)
    assert "1314" not in moves(st, "G-12")
    err = refused(st, "G-12", "1314")
    assert err.case == "caporetto 17.32"
    assert left(st, "G-12") == 8


def test_17_32_the_monitor_moves_through_enemy_land_units(caporetto_position: Any) -> None:
    units = {"I-MON": "1414", "G-5": "1314"}
    st = at_movement(caporetto_position, units, **ALLIED)
    assert "1314" not in moves(st, "I-MON")
    action = move(st, "I-MON", "1214")
    assert action["path"] == ["1314", "1214"]
    assert action["cost"] == 2
    assert hex_of(st, "G-5") == "1314"
    assert left(st, "I-MON") == 4


def test_17_32_the_monitor_has_no_stacking_points(caporetto_position: Any) -> None:
    # a stack of 12 (corps 9, division 2, brigade 1), the limit: the monitor joins it
    units = {"I-IV": "1114", "I-46": "1114", "I-BERS": "1114", "I-MON": "1315"}
    st = at_movement(caporetto_position, units, **ALLIED)
    move(st, "I-MON", "1114")
    assert stacking_points(st, "1114") == 12
    st.apply("allied", {"type": "end_segment"})
    assert overstacked(st) == []
    assert U.record(st, "I-MON")["status"] == "on_map"


def test_17_32_a_land_unit_is_refused_the_monitors_sea_hex_as_sea(
    caporetto_position: Any,
) -> None:
    st = at_movement(caporetto_position, {"I-MON": "1315", "G-12": "1314"})
    err = refused(st, "G-12", "1315")
    assert err.case == "5.4"
    assert "Sea" in err.reason


def test_17_31_between_coastal_hexes_only_through_water_they_share(tmp_path: Path) -> None:
    # a cove: 1215 made land, 1114 made sea.  1314 and 1214 are both coastal but on
    # different waters: their two shared neighbours (1313, 1215) are land
    text = MAP.read_text(encoding="utf-8")
    text = text.replace("\n14 ................wwww", "\n14 ..........w.....wwww", 1)
    text = text.replace("\n15 ....lcl.wwwwwwwwwwww", "\n15 ....lcl.www.wwwwwwww", 1)
    cove = tmp_path / "cove-map.toml"
    cove.write_text(text, encoding="utf-8")
    units = {"I-MON": "1314"}
    path = write_game_position(tmp_path, SCENARIO, cove, COUNTERS, units, phasing="allied", turn=3)
    st = greatwar.load(path).new_state(1)
    assert "1214" not in U.rules(st).movement_table(st, "I-MON").enter["1314"]
    action = moves(st, "I-MON")["1214"]
    assert action["path"] != ["1214"]  # not straight across the land between them
    assert action["cost"] == len(action["path"]) > 1
    st.apply("allied", action)
    assert hex_of(st, "I-MON") == "1214"
    assert left(st, "I-MON") == 6 - action["cost"]
