"""Serbia/Galicia's scenarios: the Historical Campaign (26.1), the Free Deployment
Campaign (26.2) and 1 September 1914 (26.3) loaded as far as the rulebook and its errata
print them, with what they still lack; the ``[special]`` references and the rules' own
numbers checked by place (2.1-2.5, 6.11); the markers shown (2.32)."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite import fortress
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import SerbiaGaliciaRules
from greatwar.rules.gwite.serbia_galicia import scenario as S
from tests.rules.gwite.game_position import write_game_position
from tests.rules.gwite.serbia_galicia.conftest import COUNTERS, MAPS, SCENARIO

HISTORICAL = "gwite/serbia-galicia-historical"
FREE = "gwite/serbia-galicia-free-deployment"
SEPTEMBER = "gwite/serbia-galicia-september"
TEACHING = "gwite/serbia-galicia-teaching"
PRINTED = (HISTORICAL, FREE, SEPTEMBER)
#: serbia-galicia 25.2 the passes and G1126, +4 a Game-Turn to the Russians
PASSES = ["g2809", "g2315", "g2118", "g1924", "g1825", "g1126"]


def _copy(tmp_path: Path, counters: Path = COUNTERS, **kw: Any) -> Path:
    return write_game_position(tmp_path, SCENARIO, MAPS, counters, {}, phasing="allied", **kw)


def _refused(path: Path) -> str:
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    return str(err.value)


# --- 15.0, 16.0, 26.1 the printed scenarios ----------------------------------------------


def test_15_0_the_historical_campaign_is_serbia_galicias_and_lists_what_it_lacks() -> None:
    sc = load_scenario(HISTORICAL)
    assert sc.info.game == "serbia-galicia" and not sc.fictional
    lacks = "\n".join(sc.lacks)
    for wanted in (
        "hexes without terrain",
        "the austria-hungary and russia Rail Capacities by Game-Turn from the Game-Turn"
        " Track (serbia-galicia 5.3, 14.1 note: the example 18/13 stands in, provisional)",
        "the rail exits and cost of the A-H intermap transfer ([[offmap_link]],"
        " serbia-galicia 17.4",
        "the countries of the maps' hexes",
        "the hexes of Lublin, Chelm, Kowel, Dubno (serbia-galicia 25.2)",
        "counters with provisional data",
        "counters with neither set-up hex nor arrival",
    ):
        assert wanted in lacks, wanted
    assert sc.blocking  # not playable as printed
    assert SerbiaGaliciaRules().lacks(load_scenario(TEACHING)) == []  # fictional: complete


def test_15_0_the_printed_scenarios_are_not_playable_on_the_server(tmp_path: Path) -> None:
    with warnings.catch_warnings():  # starlette's note that httpx2 will replace httpx
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from greatwar.server.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0)) as client:
        listed = {s["id"]: s for s in client.get("/api/scenarios").json()}
        for ref in PRINTED:
            assert listed[ref]["playable"] is False
            assert listed[ref]["lacks"] == load_scenario(ref).lacks
            response = client.post("/api/games", json={"scenario": ref})
            assert response.status_code == 409
        for ref in (TEACHING, f"{TEACHING}-free", f"{TEACHING}-september"):
            assert listed[ref]["playable"] is True


def test_15_0_validate_says_what_is_still_lacking() -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    for ref in PRINTED:
        result = typer_testing.CliRunner().invoke(app, ["validate", ref])
        assert result.exit_code == 0, result.output
        assert "valid scenario" in result.output
        assert "still lacks: the hexes of Lublin, Chelm, Kowel, Dubno" in result.output


def test_16_0_the_modified_standard_numbers_are_in_every_printed_scenario() -> None:
    for ref in PRINTED:
        params = load_scenario(ref).file.parameters
        assert params.stacking_limit == 9  # 6.11
        assert params.tcr == {"austria-hungary": 4, "russia": 3, "serbia": 2}  # 2.4
        assert params.rail_rate == {"austria-hungary": 20, "russia": 18, "serbia": 14}  # 5.3
        assert params.rail_capacity["serbia"] == 5  # 5.3b
        assert params.supply_range == {"austria-hungary": 3, "russia": 3, "serbia": 3}  # 9.1
        assert params.friendly_countries["serbia"] == ["serbia"]  # 5.3c
        assert params.replacement is not None and params.replacement.min_distance == 6  # 11.0
        rolls = params.replacement.rolls
        assert (rolls[0].first_turn, rolls[0].success) == (8, [5, 6])  # 11.0
        assert rolls[1].nationalities == ["russia", "serbia"] and rolls[1].success == []


def test_26_1_the_historical_campaign_is_game_turns_1_to_13_with_the_errata_set_ups() -> None:
    sc = load_scenario(HISTORICAL)
    assert sc.info.turns == 13 and sc.info.first_side == "allied"  # 26.1, 4.0
    assert sc.counters["AH-2-6B"].setup == "s1513"  # errata
    assert sc.counters["S-BE"].setup == "s0307"  # errata: Belgrade
    belgrade = sc.board.cities["s0307"]
    assert (belgrade.name, belgrade.vp) == ("Belgrade", -3)  # 25.2
    assert sc.board.cities["s1101"].vp == -5  # 25.2
    assert {h: sc.board.cities[h].vp for h in PASSES} == dict.fromkeys(PASSES, 4)  # 25.2
    special = sc.file.special
    assert special["putnik"] == "S-HQ-SOK" and special["balkan_armies"] == ["5A", "6A"]
    assert (special["late_army"], special["late_army_turn"]) == ("2A", 3)  # 17.42
    levels = [(lv.min, lv.max) for lv in sc.file.victory.levels]  # type: ignore[union-attr]
    assert levels[0] == (56, None) and levels[-1] == (None, -11)  # 25.3


def test_26_1_the_command_abbreviations_are_the_hqs_with_their_commanders() -> None:
    counters = load_scenario(HISTORICAL).counters
    for uid, commander in (
        ("AH-HQ-1A", "Dankl"),
        ("AH-HQ-2A", "Bohm Ermolli"),
        ("AH-HQ-3A", "Brudermann"),
        ("AH-HQ-4A", "Auffenberg"),
        ("AH-HQ-KUMMER", "Kummer"),
        ("AH-HQ-5A", "Frank"),
        ("AH-HQ-6A", "Potioref"),
        ("R-HQ-3A", "Dimitriew"),
        ("R-HQ-4A", "Ewert"),
        ("R-HQ-5A", "Plehwe"),
        ("R-HQ-8A", "Brussilow"),
        ("R-HQ-9A", "Letschitzki"),
        ("S-HQ-1A", "Bojovic"),
        ("S-HQ-2A", "Stepanovic"),
        ("S-HQ-3A", "Jurisic-Sturm"),
        ("S-HQ-UZICE", "Bozanovic"),
        ("S-HQ-SOK", "Putnik"),
    ):
        assert commander in counters[uid].name, uid


def test_26_2_the_free_deployment_campaign_is_the_historical_one_deployed_freely() -> None:
    free, hist = load_scenario(FREE), load_scenario(HISTORICAL)
    assert free.file.special["free_deployment"] is True
    assert free.info.turns == hist.info.turns == 13
    assert free.counters.keys() == hist.counters.keys()


def test_26_3_the_september_scenario_is_the_galician_map_only_from_game_turn_7() -> None:
    sc = load_scenario(SEPTEMBER)
    assert not sc.board.maps and sc.board.info.prefix == "g"  # the Galician map only
    assert not sc.file.offmap_link  # no inter-map transfer
    special = sc.file.special
    assert (special["start_turn"], special["start_vp"]) == (7, 35)  # 26.3, 26.33
    assert special["pregame_attrition"] is True  # 26.32
    assert "the hexes of the map's regions a-h 1st army boundaries" in "\n".join(sc.lacks)
    assert "sept 1 start line (serbia-galicia 26.31)" in "\n".join(sc.lacks)


def test_26_33_the_september_levels_are_25_3s_and_the_vp_begin_at_35() -> None:
    sep, hist = load_scenario(SEPTEMBER), load_scenario(HISTORICAL)
    assert sep.file.victory == hist.file.victory  # "as in Case 25.4": 25.3's levels
    st = greatwar.load(f"{TEACHING}-september", {}).new_state(1)
    assert st.data["vp"] == 35 and st.data["turn"] == 7


# --- 2.1 two maps ------------------------------------------------------------------------


def test_2_1_the_campaigns_name_both_maps_and_hexes_carry_their_prefix() -> None:
    for ref in (HISTORICAL, FREE, TEACHING):
        sc = load_scenario(ref)
        assert [p.info.prefix for p in sc.board.maps] == ["g", "s"]
        assert sc.board.map_of("g0101") == "g" and sc.board.map_of("s0101") == "s"


def test_2_1_a_map_that_is_neither_galicia_nor_serbia_is_refused(tmp_path: Path) -> None:
    text = _refused(_copy(tmp_path, special={"serbia_map": "x"}))
    assert "map prefix 's' is neither the Galician ('g') nor the Serbian ('x')" in text
    assert "serbia-galicia 2.1" in text


# --- 2.2 charts, 2.3 pieces, 2.4 TCRs, 2.5 scale, 6.11 stacking ---------------------------


def test_2_2_the_games_own_tables_are_its_rules_constants_and_special_data() -> None:
    """2.2 the additional charts of the map (the Game-Turn Track's capacities, the
    Victory Point Index, the Serbian Supply Track) are scenario data the game reads."""
    st = greatwar.load(TEACHING, {}).new_state(1)
    rules = U.rules(st)
    assert isinstance(rules, SerbiaGaliciaRules) and rules.game == "serbia-galicia"
    capacity = st.game.scenario.file.parameters.rail_capacity
    assert isinstance(capacity["austria-hungary"], list)  # by Game-Turn (the Track)
    assert st.game.scenario.file.victory is not None  # the Victory Point Index


def test_2_3_every_superior_designation_is_an_army_and_putnik_is_the_one_non_army_hq() -> None:
    for ref in (TEACHING, HISTORICAL):
        sc = load_scenario(ref)
        hqs = {uid: c for uid, c in sc.counters.items() if c.type == "hq"}
        assert {c.hq.level for uid, c in hqs.items() if uid != "S-HQ-SOK"} == {"army"}  # type: ignore[union-attr]
        assert hqs["S-HQ-SOK"].hq.level != "army"  # type: ignore[union-attr]
    armies = {c.superior for c in load_scenario(TEACHING).counters.values() if c.superior}
    assert armies == {"1A", "2A", "3A", "4A", "5A", "6A", "8A"}


def test_2_3_a_corps_level_hq_is_refused_naming_the_place(tmp_path: Path) -> None:
    counters = tmp_path / "counters.toml"
    text = COUNTERS.read_text(encoding="utf-8")
    counters.write_text(text.replace('hq = { level = "army" }', 'hq = { level = "corps" }', 1))
    message = _refused(_copy(tmp_path, counters=counters))
    assert "HQ 'AH-HQ-1A' is corps level" in message and "serbia-galicia 2.3" in message


def test_2_3_the_allied_player_controls_the_russians_and_serbians() -> None:
    sc = load_scenario(HISTORICAL)
    sides = {s.id: set(s.nationalities) for s in sc.sides}
    assert sides == {"allied": {"russia", "serbia"}, "central": {"austria-hungary"}}


def test_2_3_the_special_armies_must_be_designations_of_the_side(tmp_path: Path) -> None:
    message = _refused(_copy(tmp_path, special={"balkan_armies": ["7A"], "putnik": "S-1MD"}))
    assert "no central counter has the Superior Unit Designation '7A'" in message
    assert "there is no HQ counter 'S-1MD' (serbia-galicia 19.0)" in message


def test_2_32_fort_and_control_markers_are_shown(sg_position: Any) -> None:
    st = sg_position({"AH-HQ-1A": "g0306", "R-XIVK": "g0602"}, control={"g0602": "central"})
    view = st.view("allied")
    assert "fort_markers" not in view
    assert view["control_markers"]["g0602"] == "Austrian Control"  # Lubin, vp -5
    fortress.lose_steps(st, "g0408", 1)
    assert st.view("allied")["fort_markers"] == {"g0408": S.FORT_WEAKENED}
    fortress.lose_steps(st, "g0408", 9)
    assert st.view("central")["fort_markers"] == {"g0408": S.FORT_DESTROYED}
    assert (S.OCC, S.CONTROL["allied"]) == ("Out of Command Control", "Russian Control")


def test_2_4_the_tcrs_are_4_3_and_2(sg_position: Any, tmp_path: Path) -> None:
    st = sg_position({"AH-1K": "g0305", "R-XIVK": "g0503", "S-1MD": "s0905"})
    assert (U.tcr(st, "AH-1K"), U.tcr(st, "R-XIVK"), U.tcr(st, "S-1MD")) == (4, 3, 2)
    wrong = {"tcr": {"austria-hungary": 4, "russia": 3, "serbia": 3}}
    message = _refused(_copy(tmp_path, parameters=wrong))
    assert "the serbia TCR is 2 (serbia-galicia 2.4)" in message


def test_2_5_the_game_scale_is_in_every_scenario_description() -> None:
    assert (S.HOURS_PER_TURN, S.KM_PER_HEX) == (72, 12.87)
    for ref in (*PRINTED, TEACHING, f"{TEACHING}-free", f"{TEACHING}-september"):
        text = load_scenario(ref).info.description.replace("\\\n", "")
        assert "72 hours per Game-Turn" in text and "12.87 km" in text, ref


def test_6_11_the_stacking_limit_is_nine(sg_position: Any, tmp_path: Path) -> None:
    st = sg_position({"AH-1K": "g0305"})
    assert U.rules(st).stacking_limit(st, "g0305") == 9
    message = _refused(_copy(tmp_path, parameters={"stacking_limit": 12}))
    assert "the Stacking Limit is 9 (serbia-galicia 6.11)" in message
