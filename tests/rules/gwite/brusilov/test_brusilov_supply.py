"""The Brusilov Offensive, 19.0 Supply: 19.1 sources and ranges, 19.3 depots' zones of
control, 19.4 cavalry living off the land.

Positions on the FICTIONAL teaching map (odd-q).  The forage region of these tests is the
map's region "south of the Kessel" (columns 01-09, rows 10-16), standing in for the
Brusilov map's "south of both the Dniester and hex row 1900".  Russian units there are far
from every Russian supply source (range 3): out of supply.  Game-Turn 3 unless a test says
otherwise (Game-Turn 1 is the surprise turn: 18.1, 23.0).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.engine.state import Game
from greatwar.model.loader import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import movement, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.supply import (
    ENTRAINED_DEPOT_ZOC,
    FORAGE_STACKING_LIMIT,
    LIVING_OFF_THE_LAND,
)
from tests.rules.gwite.brusilov.conftest import special_table
from tests.rules.gwite.conftest import write_position
from tests.rules.gwite.kit import attack, fight, resolve_with

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
FORAGE = {"forage_region": "south of the Kessel"}
ATTRITION = {"phase": "movement", "segment": "attrition", "turn": 3}
#: the Central Powers fortress of Tarnovice (0611) controls these hexes (7.0)
TARNOVICE_ZOC = {"0610", "0612", "0510", "0511", "0710", "0711"}


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def attrition_rolls(st: State, case: str = "9.22") -> list[str]:
    return [
        e["text"]
        for e in st.data["log"]
        if e.get("case") == case and "roll" in e and "attrition" in e["text"]
    ]


def select(st: State, role: str, uid: str) -> dict[str, Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


# --- 19.1 supply sources by the start line ----------------------------------------------

#: a FICTIONAL start line down the middle of the teaching map: columns 01-10 are "west"
#: of it (Central Powers' rail), 11-20 "east" (Russian rail), as the Brusilov map's
#: countries grid names the two sides of the start line
START_LINE_COUNTRIES = (
    """[countries]
legend = { "W" = "west-of-start-line", "E" = "east-of-start-line" }
grid = \"\"\"
"""
    + "".join(f"{r:02d} {'W' * 10}{'E' * 10}\n" for r in range(1, 17))
    + '"""\n'
)


def start_line_game(tmp_path: Path, units: dict[str, Any], **kw: Any) -> State:
    """A Brusilov position on a copy of the teaching map whose countries are the two sides of
    a start line, each side's rail Friendly to it alone (19.1, 18.27)."""
    text = MAP.read_text(encoding="utf-8")
    head, rest = text.split("[countries]", 1)
    rest = rest.split("[[hexside]]", 1)[1]
    text = head + START_LINE_COUNTRIES + "\n[[hexside]]" + rest
    text = text.replace('country = "germany"', 'country = "west-of-start-line"')
    text = text.replace('country = "austria-hungary"\nkind', 'country = "west-of-start-line"\nkind')
    text = text.replace('country = "russia"\nkind', 'country = "east-of-start-line"\nkind')
    map_path = tmp_path / "start-line-map.toml"
    map_path.write_text(text, encoding="utf-8")
    path = write_position(tmp_path, units, game="brusilov", map_path=map_path, **kw)
    scenario = path.read_text(encoding="utf-8").replace(
        'friendly_countries = { allied = ["russia"], central = ["germany", "austria-hungary"] }',
        'friendly_countries = { allied = ["east-of-start-line"],'
        ' central = ["west-of-start-line"] }',
    )
    assert "east-of-start-line" in scenario
    path.write_text(scenario, encoding="utf-8")
    game: Game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


def test_19_1_german_units_trace_five_hexes_to_rail_west_of_the_start_line(
    tmp_path: Path,
) -> None:
    # the nearest western rail is five hexes from 0701 and six from 0801
    st = start_line_game(tmp_path, {"G-35R": "0701", "G-36R": "0801"}, turn=3)
    assert supply.supply_range(st, "G-35R") == 5
    assert [supply.in_supply(st, u) for u in ("G-35R", "G-36R")] == [True, False]


def test_19_1_austro_hungarian_units_trace_three_hexes(tmp_path: Path) -> None:
    # the nearest western rail is three hexes from 0703 and four from 0702
    st = start_line_game(tmp_path, {"AH-12": "0703", "AH-13": "0702"}, turn=3)
    assert supply.supply_range(st, "AH-12") == 3
    assert [supply.in_supply(st, u) for u in ("AH-12", "AH-13")] == [True, False]


def test_19_1_russian_units_trace_three_hexes_to_rail_east_of_the_start_line(
    tmp_path: Path,
) -> None:
    # the nearest eastern rail is three hexes from 1704 and four from 1802
    st = start_line_game(tmp_path, {"R-1G": "1704", "R-3S": "1802"}, turn=3)
    assert supply.supply_range(st, "R-1G") == 3
    assert [supply.in_supply(st, u) for u in ("R-1G", "R-3S")] == [True, False]


def test_19_1_rail_beyond_the_start_line_is_no_source(tmp_path: Path) -> None:
    # 0101 and 0102 are three and two hexes from western rail, ten from eastern: the
    # German is in supply, the Russian is not (the line is not Friendly to him)
    st = start_line_game(tmp_path, {"G-35R": "0102", "R-1G": "0101"}, turn=3)
    assert [supply.in_supply(st, u) for u in ("G-35R", "R-1G")] == [True, False]
    # and an A-H unit east of the start line, three hexes from eastern rail, is not
    st = start_line_game(tmp_path, {"AH-12": "1804"}, turn=3)
    assert not supply.in_supply(st, "AH-12")


def test_19_1_a_supplied_depot_is_a_source_within_the_same_ranges(tmp_path: Path) -> None:
    # R-1G in 1802 is four hexes from eastern rail: out of supply; R-D1 in 1804, three
    # hexes from it, is in supply and R-1G is two hexes from the depot (9.16)
    st = start_line_game(tmp_path, {"R-1G": "1802"}, turn=3)
    assert not supply.in_supply(st, "R-1G")
    st = start_line_game(tmp_path, {"R-D1": "1804", "R-1G": "1802"}, turn=3)
    assert [supply.in_supply(st, u) for u in ("R-D1", "R-1G")] == [True, True]


# --- 19.3 supply depots exert zones of control --------------------------------------------


def test_19_3_supply_depots_exert_zones_of_control(brusilov_position: Any) -> None:
    # R-D1 in 1406 controls 1405 and 1505: G-35R (TCR 1) at 1504 pays Clear 1 + 1 for 1505
    # and Forest 1 + 1 for 1405 (7.21); under the standard 7.26 it would pay 1 each
    st = brusilov_position({"R-D1": "1406", "G-35R": "1504"}, phasing="central", turn=3)
    assert {"1405", "1505"} <= zoc.controlled_by(st, "allied")
    reach = select(st, "central", "G-35R")
    assert reach["1505"]["cost"] == 2
    assert reach["1405"]["cost"] == 2
    assert reach["1404"]["cost"] == 1
    st.apply("central", reach["1505"])
    assert U.record(st, "G-35R")["hex"] == "1505"


def test_19_3_depot_zone_blocks_enemy_supply_lines(brusilov_position: Any) -> None:
    # AH-D2 in 2004 controls 2005, the only way from R-1G in 2003 to the map edge at 2006
    # within three hexes (2004 is Enemy-occupied): R-1G is out of supply
    st = brusilov_position({"R-1G": "2003", "AH-D2": "2004"}, turn=3)
    assert "2005" in zoc.controlled_by(st, "central")
    assert not supply.in_supply(st, "R-1G")


def test_19_3_ab9_an_entrained_depot_has_no_zone_by_default(brusilov_position: Any) -> None:
    entrained = {"hex": "1406", "markers": ["entrained"]}
    st = brusilov_position({"R-D1": entrained, "G-35R": "1504"}, phasing="central", turn=3)
    assert "1505" not in zoc.controlled_by(st, "allied")
    assert select(st, "central", "G-35R")["1505"]["cost"] == 1


def test_19_3_ab9_option_gives_entrained_depots_a_zone(brusilov_position: Any) -> None:
    entrained = {"hex": "1406", "markers": ["entrained"]}
    st = brusilov_position(
        {"R-D1": entrained, "G-35R": "1504"},
        phasing="central",
        turn=3,
        options={ENTRAINED_DEPOT_ZOC: True},
    )
    assert select(st, "central", "G-35R")["1505"]["cost"] == 2


def test_19_3_depots_zones_are_not_in_the_standard_rules(position: Any) -> None:
    # 7.26 still holds in the standard game: the golden games replay unchanged
    st = position({"R-D1": "1406", "G-35R": "1504"}, phasing="central")
    assert "1505" not in zoc.controlled_by(st, "allied")


# --- 19.41 cavalry supply south of the Dniester -----------------------------------------


def test_19_41_cavalry_living_off_the_land_suffers_no_attrition(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # R-7C (cavalry, 2 SP) alone in 0312, out of supply in the forage region: no roll;
    # R-3S (infantry) out of supply in 0315 rolls (a 1: loses one of its two steps)
    fixed_dice(1)
    st = brusilov_position({"R-7C": "0312", "R-3S": "0315"}, special=FORAGE, **ATTRITION)
    assert not supply.in_supply(st, "R-7C")
    assert len(attrition_rolls(st)) == 1 and U.info(st, "R-3S").name in attrition_rolls(st)[0]
    assert U.record(st, "R-7C")["lost"] == 0
    assert U.record(st, "R-3S")["lost"] == 1
    assert any("R-7C" in t or U.info(st, "R-7C").name in t for t in logged(st, "brusilov 19.41"))


def test_19_41_only_in_the_forage_region(brusilov_position: Any, fixed_dice: Any) -> None:
    # R-7C out of supply north of the Kessel (0305) rolls for attrition and loses a step
    fixed_dice(2)
    st = brusilov_position({"R-7C": "0305"}, special=FORAGE, **ATTRITION)
    assert len(attrition_rolls(st)) == 1
    assert U.record(st, "R-7C")["lost"] == 1


def test_19_41_no_forage_region_no_exemption(brusilov_position: Any, fixed_dice: Any) -> None:
    fixed_dice(3)
    st = brusilov_position({"R-7C": "0312"}, **ATTRITION)
    assert U.record(st, "R-7C")["lost"] == 1


def test_19_41_only_cavalry(brusilov_position: Any) -> None:
    st = brusilov_position({"R-7C": "0312", "R-3S": "0314"}, special=FORAGE, turn=3)
    rules = U.rules(st)
    assert rules.living_off_the_land(st, "R-7C")
    assert not rules.living_off_the_land(st, "R-3S")


def test_19_41_cavalry_in_supply_is_not_living_off_the_land(brusilov_position: Any) -> None:
    # AH-4K in 0412 is within three hexes of the Südbahn: in supply, so not living off the land
    st = brusilov_position({"AH-4K": "0412"}, special=FORAGE, turn=3, phasing="central")
    assert supply.in_supply(st, "AH-4K")
    assert not U.rules(st).living_off_the_land(st, "AH-4K")


def test_19_41_ab10_more_than_two_stacking_points_loses_the_exemption(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # R-7C and R-DC (two cavalry divisions: 4 SP) in 0312 at the end of the Movement Phase:
    # both roll (1 and 4): R-7C loses a step, R-DC none; nobody is eliminated (AB10 i a)
    fixed_dice(1, 4)
    st = brusilov_position({"R-7C": "0312", "R-DC": "0312"}, special=FORAGE, **ATTRITION)
    assert len(attrition_rolls(st)) == 2
    assert [U.record(st, u)["lost"] for u in ("R-7C", "R-DC")] == [1, 0]
    assert any("more than two Stacking Points" in t for t in logged(st, "brusilov 19.41"))


def test_19_41_ab10_a_regiment_with_the_cavalry_makes_three_points(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # R-7C (2 SP) with R-RR1 (a regiment, 1 SP): 3 SP, so the cavalry rolls too
    fixed_dice(6, 6)
    st = brusilov_position({"R-7C": "0312", "R-RR1": "0312"}, special=FORAGE, **ATTRITION)
    assert len(attrition_rolls(st)) == 2


def test_19_41_ab10_option_the_excess_is_eliminated(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # with the option, R-7C and R-DC (4 SP) in 0312 roll for no attrition, but the hex
    # is over its limit of 2 at the end of the Movement Phase: the owner eliminates one
    st = brusilov_position(
        {"R-7C": "0312", "R-DC": "0312"},
        special=FORAGE,
        options={FORAGE_STACKING_LIMIT: True},
        **ATTRITION,
    )
    assert attrition_rolls(st) == []
    assert st.top()["kind"] == "end_of_phase"
    legal = st.legal_actions("allied")
    assert {a["unit"] for a in legal} == {"R-7C", "R-DC"}
    st.apply("allied", {"type": "eliminate", "unit": "R-DC", "hex": "0312"})
    assert U.record(st, "R-DC")["status"] == "eliminated"
    assert U.record(st, "R-7C")["status"] == "on_map"
    assert st.top()["kind"] != "end_of_phase"
    assert any("stacking limit" in t for t in logged(st, "brusilov 19.41"))
    assert any("over the limit of 2" in t for t in logged(st, "6.14"))


def test_19_41_ab10_option_two_points_are_within_the_limit(brusilov_position: Any) -> None:
    st = brusilov_position(
        {"R-7C": "0312"}, special=FORAGE, options={FORAGE_STACKING_LIMIT: True}, **ATTRITION
    )
    assert st.top()["kind"] != "end_of_phase"
    assert U.record(st, "R-7C")["status"] == "on_map"


# --- 19.42 living off the land: move normally, attack and check attrition -----------------


def test_19_42_cavalry_living_off_the_land_move_normally(brusilov_position: Any) -> None:
    # after the Initial Supply Segment R-7C (MA 8) keeps its whole allowance, R-3S (MA 4)
    # out of supply in the same region is halved to 2 (9.21)
    st = brusilov_position(
        {"R-7C": "0312", "R-3S": "0314", "R-HQ-XIX": "0313"},
        special=FORAGE,
        turn=3,
        segment="initial_supply",
    )
    assert U.has_marker(st, "R-7C", supply.OUT_OF_SUPPLY)
    assert U.has_marker(st, "R-7C", LIVING_OFF_THE_LAND)
    assert movement.allowance(st, "R-7C") == 8
    assert movement.allowance(st, "R-3S") == 2
    halved = " ".join(logged(st, "9.11"))
    assert U.info(st, "R-3S").name in halved and U.info(st, "R-7C").name not in halved
    # the ruling: R-7C moves six Clear hexes (more than the halved 4)
    while st.top()["kind"] != "movement":
        st.apply("allied", {"type": "end_allocation"})
    reach = select(st, "allied", "R-7C")
    assert reach["0116"]["cost"] == 5
    st.apply("allied", reach["0116"])
    assert U.record(st, "R-7C")["hex"] == "0116"


def test_19_42_living_off_the_land_cavalry_attacking_checks_attrition(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # R-7C, living off the land in 0312, attacks AH-4K (cavalry: no 12.21 reduction) in
    # 0313: out of supply at the instant of combat, it rolls for attrition first (9.23): a
    # 2 costs it a step
    units = {"R-7C": "0312", "AH-4K": "0313", "R-HQ-XIX": "0212"}
    st = fight(brusilov_position, units, phasing="allied", special=FORAGE, turn=3)
    assert U.rules(st).living_off_the_land(st, "R-7C")
    attack(st, "allied", "0313", ["R-7C"])
    resolve_with(st, "allied", fixed_dice, 2, 6, 6, 6)
    (roll,) = attrition_rolls(st, "brusilov 19.42")
    assert U.info(st, "R-7C").name in roll and "living off the land" in roll
    assert U.record(st, "R-7C")["lost"] == 1


def test_19_41_the_forage_region_must_be_on_the_map(tmp_path: Path) -> None:
    path = write_position(
        tmp_path, {}, game="brusilov", extra=special_table({"forage_region": "Bukovina"})
    )
    with pytest.raises(ScenarioError) as err:
        greatwar.load(path)
    assert "special.forage_region" in str(err.value) and "Bukovina" in str(err.value)


# --- 19.43 no zone of control -------------------------------------------------------------


def test_19_43_cavalry_living_off_the_land_exert_no_zone(brusilov_position: Any) -> None:
    # found living off the land in the Initial Supply Segment, R-7C in 0312 controls
    # nothing; R-3S beside it still does
    st = brusilov_position(
        {"R-7C": "0312", "R-3S": "0315"}, special=FORAGE, turn=3, segment="initial_supply"
    )
    controlled = zoc.controlled_by(st, "allied")
    assert "0311" not in controlled and "0313" not in controlled
    assert "0316" in controlled


def test_19_43_ab10_no_zone_in_the_enemy_player_turn_either(brusilov_position: Any) -> None:
    # in the Central Powers' Movement Phase, AH-4K (TCR 4) moves past R-7C (living off the
    # land since the Russians' last supply determination) paying only the terrain
    st = brusilov_position(
        {"R-7C": "0312", "AH-4K": "0110"}, special=FORAGE, turn=3, phasing="central"
    )
    U.add_marker(st, "R-7C", LIVING_OFF_THE_LAND)  # (positions do not write this marker)
    assert "0212" not in zoc.controlled_by(st, "allied")
    free = select(st, "central", "AH-4K")["0212"]["cost"]
    # the same cavalry not living off the land controls 0212: one more (7.21)
    st = brusilov_position(
        {"R-7C": "0312", "AH-4K": "0110"}, special=FORAGE, turn=3, phasing="central"
    )
    assert "0212" in zoc.controlled_by(st, "allied")
    assert select(st, "central", "AH-4K")["0212"]["cost"] == free + 1


def test_19_43_zone_back_when_it_leaves_the_region(brusilov_position: Any) -> None:
    st = brusilov_position({"R-7C": "0305"}, special=FORAGE, turn=3, phasing="central")
    U.add_marker(st, "R-7C", LIVING_OFF_THE_LAND)
    assert "0304" in zoc.controlled_by(st, "allied")
