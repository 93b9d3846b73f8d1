"""Caporetto 1917, supply (caporetto 9.12-9.25): ranges and the lagoon line, the named
supply source and rail map edges, ridges and the monitor, rail interdiction, attrition
in Clear and City terrain, the monitor always in supply.

FICTIONAL positions on the Caporetto teaching map (see its header): Central Powers rail
sources are the Sudbahn (row 07, mountains), the Karstbahn (row 12-13, clear), the Tal
line and the Brennerbahn (row 01, both of its ends on the map edge); the named source
2003; the Allies' the Veneto line (row 09), the Carnia line (column 11) and the Laguna
line down to Lagunara (0615, Venezia), with lagoon hexes 0515 and 0715.
"""

from __future__ import annotations

from typing import Any

import pytest
from kit import attack, logged

from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U


def supplied(st: State, *uids: str) -> list[bool]:
    return [supply.in_supply(st, uid) for uid in uids]


def distance(st: State, a: str, b: str) -> int:
    return U.static(st).scenario.board.distance(a, b)  # type: ignore[no-any-return]


def attrition_at(
    position: Any, fixed_dice: Any, units: dict[str, Any], side: str, *dice: int
) -> State:
    """``side``'s Attrition Segment of Game-Turn 2 (it runs at once) with the dice fixed."""
    fixed_dice(*dice)
    return position(units, phasing=side, phase="movement", segment="attrition", turn=2)  # type: ignore[no-any-return]


# --- 9.12 ranges and the lagoon ---------------------------------------------------------


def test_9_12_central_powers_range_is_four_hexes(caporetto_position: Any) -> None:
    # along row 12 west of the Karstbahn (1512 is a rail source): 1112 is 4 hexes away,
    # 1012 is 5 (the Allies' range, 6, is the test below)
    st = caporetto_position({"AH-28": "1112", "G-5": "1012"})
    assert (distance(st, "1112", "1512"), distance(st, "1012", "1512")) == (4, 5)
    assert supplied(st, "AH-28", "G-5") == [True, False]


def test_9_12_allied_range_is_six_hexes(caporetto_position: Any) -> None:
    # east of the Veneto line's end (1309) along row 09, in Austria-Hungary
    st = caporetto_position({"I-46": "1909", "I-43": "2009"})
    assert (distance(st, "1909", "1309"), distance(st, "2009", "1309")) == (6, 7)
    assert supplied(st, "I-46", "I-43") == [True, False]


#: Allied units hold the land next to Lagunara so that the Central Powers unit in 0714
#: controls no hex the line needs but the lagoon's (0715); the Allied range is cut to 2
#: so that only the line across the lagoon reaches a source from 0815
LAGOON = {"G-5": "0714", "I-43": "0614", "I-34": "0615", "I-1C": "0815"}
SHORT_RANGE = {"supply_range": {"allied": 2, "central": 4}}


def test_9_12_allied_line_from_venezia_across_the_lagoon_to_a_coastal_hex(
    caporetto_position: Any,
) -> None:
    st = caporetto_position(LAGOON, parameters=SHORT_RANGE)
    assert "0615" in supply.table(st, "allied").rail  # Venezia (Lagunara) is in supply
    # 0815 -> 0715 (lagoon) -> 0615 (Venezia): two hexes, counted in the range
    assert supply.in_supply(st, "I-1C")
    # without the lagoon line, no land line of 2 hexes reaches a source
    st = caporetto_position(
        LAGOON, parameters=SHORT_RANGE, special={"lagoon": [], "lagoon_coast": [], "venezia": ""}
    )
    assert not supply.in_supply(st, "I-1C")


def test_9_12_lagoon_path_counts_in_the_allied_supply_range(caporetto_position: Any) -> None:
    # a range of 1 does not cover the two hexes 0715 and 0615
    st = caporetto_position(LAGOON, parameters={"supply_range": {"allied": 1, "central": 4}})
    assert not supply.in_supply(st, "I-1C")


def test_9_12_lagoon_line_only_from_venezia_in_supply(caporetto_position: Any) -> None:
    # the Laguna line is cut at 0611 by a Central Powers unit: Lagunara is no longer a rail
    # source and no other source is within range, so the lagoon line supplies nothing
    st = caporetto_position({**LAGOON, "AH-28": "0611"}, parameters=SHORT_RANGE)
    assert "0615" not in supply.table(st, "allied").sources
    assert not supply.in_supply(st, "I-1C")


def test_9_12_the_lagoon_serves_only_the_allies(caporetto_position: Any) -> None:
    # a Central Powers line never crosses the lagoon (prohibited terrain)
    st = caporetto_position({"G-5": "0815"})
    links = supply.class_network(st, U.rules(st).supply_class(st, "G-5")).links
    assert "0715" not in links["0815"] and "0715" not in links.get("0615", ())
    # the Allies' line runs one way, from Venezia into the lagoon and out to the coast
    # (the search goes from the sources outward): never back into Venezia from it
    allied = supply.class_network(st, U.rules(st).supply_class(st, "I-46")).links
    assert "0715" in allied["0615"] and set(allied["0715"]) == {"0714", "0815"}


# --- 9.13 the named source; rail map edges that are not sources -----------------------


def test_9_13_a_named_hex_is_a_central_powers_supply_source(caporetto_position: Any) -> None:
    # 2003 (no rail) supplies a unit 4 hexes away from it and 5 or more from every rail
    st = caporetto_position({"AH-28": "1601"})
    tab = supply.table(st, "central")
    assert "2003" in tab.edges
    assert distance(st, "1601", "2003") == 4
    assert min(distance(st, "1601", h) for h in tab.sources - {"2003"}) > 4
    assert supply.in_supply(st, "AH-28")
    # not a source for the Allies (it is in Austria-Hungary)
    assert "2003" not in supply.table(st, "allied").sources


def test_9_13_rail_edge_hex_not_a_source_under_9_13_but_under_9_15(
    caporetto_position: Any,
) -> None:
    # the Brennerbahn's north end 0501 is named: no map-edge source (std 9.13) but still a
    # rail source, its rail path reaching the map edge at 0101 (std 9.15)
    named = {"not_rail_sources": {"0501": "0101"}}
    st = caporetto_position({"AH-T1": "0502"}, special=named)
    tab = supply.table(st, "central")
    assert "0501" not in tab.edges and "0501" in tab.rail and "0101" in tab.edges
    # an Italian unit on the rail at 0201 cuts the path to 0101: 0501 is no source at all
    st = caporetto_position({"AH-T1": "0502", "I-46": "0201"}, special=named)
    tab = supply.table(st, "central")
    assert "0501" not in tab.sources
    # without the naming, 0501 is a map-edge source even so
    st = caporetto_position({"AH-T1": "0502", "I-46": "0201"})
    assert "0501" in supply.table(st, "central").edges


# --- 9.18 ridges and the monitor ------------------------------------------------------


def test_9_18_only_tcr_1_units_trace_supply_across_ridges(caporetto_position: Any) -> None:
    # 1205 lies 4 hexes from the Central Powers' sources across the ridges of the Carnia,
    # 5 around them: the Stosstruppen division (TCR 1) is in supply, the TCR 2 one not
    st = caporetto_position({"G-12": "1205", "G-5": "1205"})
    assert (U.info(st, "G-12").tcr, U.info(st, "G-5").tcr) == (1, 2)
    assert supplied(st, "G-12", "G-5") == [True, False]


def test_9_18_allied_tcr_2_units_do_not_cross_ridges_either(caporetto_position: Any) -> None:
    # 1203: 3 hexes from an Allied source across a ridge, 4 around it (range cut to 3)
    st = caporetto_position(
        {"I-1C": "1203", "I-46": "1203"}, parameters={"supply_range": {"allied": 3, "central": 4}}
    )
    assert supplied(st, "I-1C", "I-46") == [True, False]


def test_9_18_central_powers_lines_not_through_the_monitor(caporetto_position: Any) -> None:
    # the Stosstruppen division in 1114 traces 4 hexes through 1214 to the Karstbahn;
    # with the monitor there the way around is 5
    st = caporetto_position({"G-12": "1114"})
    assert supply.in_supply(st, "G-12")
    st = caporetto_position({"G-12": "1114", "I-MON": "1214"})
    assert not supply.in_supply(st, "G-12")


def test_9_18_the_monitor_opens_no_enemy_zone_for_allied_lines(caporetto_position: Any) -> None:
    # the Italian division in 1314 traces its line through 1214, controlled by the
    # German division in 1313: an Italian division in 1214 negates that control (std
    # 7.24), the monitor there does not (17.32: it affects land units only to interdict
    # Central Powers supply, 9.18, 9.19)
    st = caporetto_position({"I-46": "1314", "I-43": "1214", "G-5": "1313"})
    assert supply.in_supply(st, "I-46")
    st = caporetto_position({"I-46": "1314", "I-MON": "1214", "G-5": "1313"})
    assert not supply.in_supply(st, "I-46")


# --- 9.19 (9.15, 17.17) rail interdiction ---------------------------------------------


def test_9_19_rail_within_2_hexes_of_enemy_artillery_is_no_source(caporetto_position: Any) -> None:
    # the Italian artillery in 1811 is 1-2 hexes from 1612, 1712 and 1813 (clear)
    st = caporetto_position({"I-A2": "1811"})
    tab = supply.table(st, "central")
    near = {h for h in ("1612", "1712", "1813") if distance(st, "1811", h) <= 2}
    assert near == {"1612", "1712", "1813"} and not near & tab.sources


def test_9_15_interdicted_rail_hex_cuts_the_rail_path(caporetto_position: Any) -> None:
    # the artillery in 1610 (next to no rail hex: its zone of control cuts nothing)
    # interdicts 1612 alone; 1512, 3 hexes away, loses its rail path to the map edge
    st = caporetto_position({"I-A2": "1610"})
    tab = supply.table(st, "central")
    assert distance(st, "1610", "1612") == 2 and distance(st, "1610", "1512") == 3
    assert "1612" not in tab.sources and "1512" not in tab.sources
    assert {"1712", "1813", "1913", "2013"} <= tab.sources
    st = caporetto_position({})
    assert {"1512", "1612"} <= supply.table(st, "central").sources


def test_9_19_interdicted_map_edge_hex_is_no_source(caporetto_position: Any) -> None:
    # the artillery in 2011 is 2 hexes from the map edge hex 2013 only: the whole
    # Karstbahn is lost (its one map edge is no source and its rail path is cut)
    st = caporetto_position({"I-A2": "2011"})
    tab = supply.table(st, "central")
    assert distance(st, "2011", "2013") == 2
    assert not {"2013", "1913", "1813", "1712", "1612", "1512"} & tab.sources


def test_9_19_mountain_rail_hexes_are_never_interdicted(caporetto_position: Any) -> None:
    # the Sudbahn runs through the mountains: the artillery in 1905, two hexes from it,
    # interdicts none of it
    st = caporetto_position({"I-A2": "1905"})
    tab = supply.table(st, "central")
    near = {h for h in tab.rail if distance(st, "1905", h) <= 2}
    assert near and all(U.static(st).scenario.board.terrain[h] == "mountain" for h in near)
    assert {"1507", "1607", "1707", "1807", "1907", "2007"} <= tab.sources


def test_9_19_the_monitor_interdicts_rail(caporetto_position: Any) -> None:
    st = caporetto_position({"I-MON": "1414"})
    assert distance(st, "1414", "1512") == 2
    assert "1512" not in supply.table(st, "central").sources


def test_9_19_only_enemy_guns_interdict(caporetto_position: Any) -> None:
    # an Austro-Hungarian artillery brigade next to its own rail interdicts nothing
    st = caporetto_position({"AH-A1": "1811"})
    assert {"1512", "1612", "1712", "1813"} <= supply.table(st, "central").sources


def test_17_17_rail_interdiction_is_automatic(caporetto_position: Any) -> None:
    # the Central Powers' Initial Supply Segment marks the division that the artillery's
    # interdiction (1612, and 1512 cut off) leaves without a source within 4 hexes: no
    # Allied action, in the Central Powers' Player-Turn; without the artillery it is in
    # supply
    units = {"AH-22S": "1212", "I-A2": "1610"}
    st = caporetto_position(units, segment="initial_supply", turn=2)
    assert supply.OUT_OF_SUPPLY in U.record(st, "AH-22S")["markers"]
    assert any(U.info(st, "AH-22S").name in t for t in logged(st, "9.11"))
    st = caporetto_position({"AH-22S": "1212"}, segment="initial_supply", turn=2)
    assert supply.OUT_OF_SUPPLY not in U.record(st, "AH-22S")["markers"]


# --- 9.22 attrition; 9.25 the monitor ------------------------------------------------


def test_9_22_central_powers_in_clear_or_city_undergo_no_attrition(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # out of supply far west: the one in clear (0610) and the one in the city of Lagunara
    # (0615) do not roll; the one in the forest (0311) rolls a 1 and loses a step
    units = {"AH-28": "0610", "G-5": "0615", "AH-T1": "0311"}
    st = attrition_at(caporetto_position, fixed_dice, units, "central", 1)
    terrain = U.static(st).scenario.board.terrain
    assert [terrain[h] for h in units.values()] == ["clear", "city", "forest"]
    assert not any(supplied(st, *units))
    assert U.record(st, "AH-28")["lost"] == 0 and U.record(st, "G-5")["lost"] == 0
    assert U.record(st, "AH-T1")["lost"] == 1
    assert any("28" in t for t in logged(st, "caporetto 9.22"))


def test_9_22_allied_units_in_clear_still_undergo_attrition(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = attrition_at(caporetto_position, fixed_dice, {"I-46": "1909", "I-43": "2010"}, "allied", 1)
    assert not supply.in_supply(st, "I-43")
    assert U.record(st, "I-43")["lost"] == 1


def test_9_25_the_monitor_is_always_in_supply(caporetto_position: Any) -> None:
    # on the Austro-Hungarian coast next to an Austro-Hungarian division, whose zone of
    # control leaves an Italian division in the same hex without a line
    units = {"I-MON": "1614", "I-46": "1614", "AH-22S": "1613"}
    st = caporetto_position(units)
    assert supplied(st, "I-MON", "I-46") == [True, False]
    st = caporetto_position(units, phasing="allied", segment="initial_supply", turn=2)
    assert supply.OUT_OF_SUPPLY not in U.record(st, "I-MON")["markers"]
    assert supply.OUT_OF_SUPPLY in U.record(st, "I-46")["markers"]


def test_9_22_central_powers_attacking_from_clear_undergo_no_attrition(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # both attackers are out of supply far west (std 9.23): the one in the forest (0311)
    # rolls for attrition before the odds, the one in clear (0410) does not
    units = {"I-46": "0411", "G-5": "0410", "AH-T1": "0311"}
    st = caporetto_position(units, phase="combat", segment="combat_resolution", turn=2)
    assert not any(supplied(st, "G-5", "AH-T1"))
    fixed_dice(1, 6, *[6] * 10)  # attrition of AH-T1, then the attack's die
    attack(st, "central", "0411", ["G-5", "AH-T1"])
    st.apply("central", {"type": "resolve"})
    rolls = [t for t in logged(st, "9.23") if t.startswith("Die roll")]
    assert rolls == [f"Die roll 1: attrition of {U.info(st, 'AH-T1').name} (attacks out of supply)"]
    assert U.record(st, "AH-T1")["lost"] == 1 and U.record(st, "G-5")["lost"] == 0


# --- bad data, refused by place ------------------------------------------------------


def test_9_12_lagoon_hexes_off_the_map_are_refused_by_place(caporetto_position: Any) -> None:
    with pytest.raises(ScenarioError) as info:
        caporetto_position({}, special={"lagoon": ["0515", "2517"]})
    assert "special.lagoon[1]" in str(info.value) and "caporetto 9.12" in str(info.value)
    with pytest.raises(ScenarioError) as info:
        caporetto_position({}, special={"venezia": ""})
    assert "special.venezia" in str(info.value)


def test_9_13_a_not_rail_source_must_be_a_rail_map_edge_hex(caporetto_position: Any) -> None:
    with pytest.raises(ScenarioError) as info:
        caporetto_position({}, special={"not_rail_sources": {"1607": "2007"}})
    assert "special.not_rail_sources.1607" in str(info.value)
    assert "caporetto 9.13" in str(info.value)
