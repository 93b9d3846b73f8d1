"""Caporetto 1917's scenarios: the historical game and the Tyrol Offensive loaded as far
as the rulebook and its errata print them (15.0, 16.0, 25.0-25.33), with what they still
lack; the FICTIONAL teaching Tyrol complete and played to its end; the ``[special]``
references checked by place; the game scale, length and markers (2.3-2.5, 4.1)."""

from __future__ import annotations

import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.model.loader import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite import fortress
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import CaporettoRules
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.caporetto import scenario as S
from greatwar.rules.gwite.parameters import parameters
from tests.rules.gwite.caporetto.conftest import COUNTERS, MAP, SCENARIO
from tests.rules.gwite.game_position import write_game_position
from tests.rules.gwite.kit import choose, seed_rolling
from tests.rules.toml_text import toml_value

HISTORICAL = "gwite/caporetto-historical"
TYROL = "gwite/caporetto-tyrol"
TEACHING_TYROL = "gwite/caporetto-teaching-tyrol"
SCENARIOS = DATA_ROOT / "gwite" / "scenarios"
TYROL_COUNTERS = DATA_ROOT / "gwite" / "counters" / "caporetto-tyrol.toml"
TEACHING_TYROL_COUNTERS = DATA_ROOT / "gwite" / "counters" / "caporetto-teaching-tyrol.toml"
LAGOON_COAST = ["2526", "2524", "2523", "2522", "2425", "2423", "2421", "2325", "2324", "2323"]
LAGOON_COAST += ["2322"]


# --- 15.0, 16.0 the historical game -----------------------------------------------------


def test_15_0_the_historical_game_is_caporettos_and_lists_what_it_lacks() -> None:
    sc = load_scenario(HISTORICAL)
    assert sc.info.game == "caporetto" and not sc.fictional
    assert sc.info.turns == 15 and sc.info.first_side == "central"  # 4.0, 4.1
    lacks = "\n".join(sc.lacks)
    for wanted in (
        "hexes without terrain",
        "the trench lines of the map (caporetto 5.32, 7.1, 25.21-25.23",
        "the ridge hexsides of the map",
        "the Tagliamento and Piave among them (caporetto 18.2)",
        "the rail lines of the map",
        "the Central Powers' lettered entry hexes of the map (caporetto 14.4)",
        "the Italian fortresses of the map",
        "the hex of Venezia",
        "the hexes of Trieste and Trent",
        "region 'switch line gemona-udine-gorizia' (caporetto Appendix C)",
        "counters without strengths",
        "counters with provisional data",
    ):
        assert wanted in lacks, wanted
    assert "switch line 1334-1326" not in lacks  # its hexes are printed
    assert sc.blocking  # not playable


def test_15_0_the_historical_games_are_not_playable_on_the_server(tmp_path: Path) -> None:
    with warnings.catch_warnings():  # starlette's note that httpx2 will replace httpx
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from greatwar.server.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0)) as client:
        listed = {s["id"]: s for s in client.get("/api/scenarios").json()}
        for ref in (HISTORICAL, TYROL):
            assert listed[ref]["playable"] is False
            assert listed[ref]["lacks"] == load_scenario(ref).lacks
            response = client.post("/api/games", json={"scenario": ref})
            assert response.status_code == 409
            assert "hexes without terrain" in response.json()["error"]["message"]
        assert listed[TEACHING_TYROL]["playable"] is True


def test_15_0_validate_says_what_is_still_lacking() -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    for ref in (HISTORICAL, TYROL):
        result = typer_testing.CliRunner().invoke(app, ["validate", ref])
        assert result.exit_code == 0, result.output
        assert "valid scenario" in result.output
        assert "still lacks: the trench lines of the map" in result.output


def test_16_0_the_modified_standard_numbers_are_in_the_historical_scenario() -> None:
    sc = load_scenario(HISTORICAL)
    params = sc.file.parameters
    assert params.stacking_limit == 12  # 6.0
    assert params.rail_capacity == {"central": 12, "allied": 16}  # 5.31
    assert params.rail_rate == {"central": 44, "allied": 36}  # 5.31
    assert params.rail_capacity_counts_reinforcements == {"central": True, "allied": False}
    assert params.supply_range == {"allied": 6, "central": 4}  # 9.12
    assert params.entrain_cost == 2  # 5.32b
    assert params.replacement is not None and params.replacement.min_distance == 5  # 13.0
    special = D.parse(sc)
    assert special.lagoon == ["2424", "2422"]  # 9.12 errata
    assert special.lagoon_coast == LAGOON_COAST  # the eleven of the errata
    assert special.not_rail_sources == {"0334": "0133"}  # 9.13
    assert special.unlettered_entries == ["0901", "2804", "2806"]  # 14.4
    assert special.allied_entry == "1833"  # 14.3
    assert special.costly_rivers == ["Tagliamento", "Piave"]  # 18.2
    assert [(s.hex, s.country) for s in sc.board.supply_sources] == [("0124", "austria-hungary")]
    assert sc.board.regions["switch line 1334-1326"] == frozenset(
        f"13{r}" for r in range(26, 35)
    )  # Appendix C


def test_16_0_the_italian_replacement_table_as_printed() -> None:
    rows = load_scenario(HISTORICAL).file.parameters.replacement.rolls  # type: ignore[union-attr]
    italy = [(r.first_turn, r.last_turn, r.success) for r in rows if r.nationalities == ["italy"]]
    assert italy == [(1, 2, []), (3, 9, [1]), (10, 12, [1, 2]), (13, 15, [1, 2, 3])]
    anglo_french = [r.success for r in rows if "france" in r.nationalities]
    assert anglo_french == [[]]  # 13.0: never in the historical game


# --- 2.3, 2.31, 2.32, 2.5 --------------------------------------------------------------


def test_2_3_no_superior_units_and_the_19th_division_is_a_corps() -> None:
    sc = load_scenario(HISTORICAL)
    assert all(c.superior == "" for c in sc.counters.values())
    assert sc.counters["I-19"].size == "corps"


def test_2_3_units_without_set_up_or_arrival_appear_only_in_the_tyrol_offensive() -> None:
    sc = load_scenario(HISTORICAL)
    tyrol_units = {c["id"] for c in tomllib.loads(TYROL_COUNTERS.read_text())["counter"]}
    deployed = CaporettoRules().deployed_counters(sc)
    assert set(deployed) <= tyrol_units
    # the Milano cavalry are the exception: they arrive (22.0)
    special = D.parse(sc)
    assert all(sc.counters[u].arrive is not None for u in special.milano_units)
    # in the historical game the Tyrol set-ups are made only with Appendix B's option
    assert all(s.if_option for s in special.deployment)
    # in the teaching Tyrol, every such unit is on the map once the Players have set up
    st = greatwar.load(TEACHING_TYROL).new_state(1)
    from greatwar.ai.random_agent import RandomAgent

    agents = {"allied": RandomAgent(1), "central": RandomAgent(2)}
    while st.top() is not None and st.top()["kind"] == "caporetto_deployment":
        role = st.active_roles()[0]
        st.apply(role, agents[role].choose(st.view(role)))
    unplaced = [
        uid
        for uid, c in st.game.scenario.counters.items()
        if c.setup is None and c.arrive is None and U.record(st, uid)["status"] != "on_map"
    ]
    assert unplaced in ([], ["AH-33"])  # the 33rd only if the Player chose not to (25.23)


def _write_teaching(tmp_path: Path, counters_text: str) -> Path:
    counters = tmp_path / "counters.toml"
    counters.write_text(counters_text, encoding="utf-8")
    return write_game_position(tmp_path, SCENARIO, MAP, counters, {}, phasing="central")


def test_2_3_an_hq_with_a_command_strength_is_refused_naming_the_place(tmp_path: Path) -> None:
    text = COUNTERS.read_text(encoding="utf-8").replace(
        "steps = [{ attack_shift = 2, command_radius = 4, combat_strength = 1 }]",
        "steps = [{ attack_shift = 2, command_radius = 4, command_strength = 5,"
        " combat_strength = 1 }]",
    )
    with pytest.raises(ScenarioError) as err:
        load_scenario(_write_teaching(tmp_path, text))
    assert "G-HQ-14A" in str(err.value) and "caporetto 2.3, 2.31" in str(err.value)


def test_2_31_the_hqs_top_left_number_is_the_attack_shift() -> None:
    sc = load_scenario("gwite/caporetto-teaching")
    hqs = [c for c in sc.counters.values() if c.type == "hq" and not (c.hq and c.hq.heroic)]
    assert hqs and all(
        s.attack_shift is not None and s.command_strength is None for c in hqs for s in c.steps
    )
    assert CaporettoRules().lacks(sc) == []


def test_2_32_fort_weakened_and_fort_destroyed_markers_are_shown(caporetto_position: Any) -> None:
    st = caporetto_position({"I-IV": "0807", "G-12": "1505"})
    assert "fort_markers" not in st.view("central")
    fortress.lose_steps(st, "0807", 1)
    assert st.view("central")["fort_markers"] == {"0807": S.FORT_WEAKENED}
    fortress.lose_steps(st, "0807", 3)
    assert st.view("allied")["fort_markers"] == {"0807": S.FORT_DESTROYED}


def test_2_32_the_corps_reduction_marker_is_the_steps_lost(caporetto_position: Any) -> None:
    st = caporetto_position({"I-IV": {"hex": "1405", "steps_lost": 1}})
    entry = next(u for u in st.view("central")["units"] if u["id"] == "I-IV")
    assert entry["steps_lost"] == 1


def test_2_5_the_game_scale_is_shown_in_every_scenario_description() -> None:
    for name in ("historical", "tyrol", "teaching", "teaching-tyrol"):
        sc = load_scenario(f"gwite/caporetto-{name}")
        assert "48 hours per Game-Turn, 5.55 km per hex (caporetto 2.5)" in sc.info.description
    assert (S.HOURS_PER_TURN, S.KM_PER_HEX) == (48, 5.55)


# --- 4.1 game length -------------------------------------------------------------------


def test_4_1_fifteen_game_turns_and_the_end_by_mutual_agreement_is_said() -> None:
    for name in ("historical", "tyrol", "teaching-tyrol"):
        sc = load_scenario(f"gwite/caporetto-{name}")
        assert sc.info.turns == 15
    for name in ("historical", "tyrol"):
        assert "mutual agreement" in load_scenario(f"gwite/caporetto-{name}").info.description


# --- the special references --------------------------------------------------------------


def _special_copy(tmp_path: Path, **special: Any) -> Path:
    return write_game_position(
        tmp_path, SCENARIO, MAP, COUNTERS, {}, phasing="central", special=special
    )


def test_15_0_special_refers_only_to_the_scenarios_regions_counters_and_hexes(
    tmp_path: Path,
) -> None:
    path = _special_copy(
        tmp_path,
        central_vp_region="no such region",
        rommel="G-NOBODY",
        lagoon=["9999"],
        deployment=[{"case": "caporetto 25.21", "side": "central", "units": ["G-12"]}],
    )
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    text = str(err.value)
    assert "the map has no region 'no such region'" in text
    assert "there is no counter 'G-NOBODY'" in text
    assert "9999" in text
    assert "counter 'G-12' has a set-up hex: caporetto 25.21" in text
    assert toml_value("special")  # (the copy is written by the shared writer)


def test_25_23_the_transfer_names_german_stosstruppen_and_hqs_of_their_level(
    tmp_path: Path,
) -> None:
    transfer = {
        "units": ["AH-XV"],
        "region": "tyrol salient",
        "corps_hqs": ["G-HQ-14A"],
        "unless_option": "no_such_option",
    }
    with pytest.raises(ScenarioError) as err:
        load_scenario(_special_copy(tmp_path, transfer=transfer))
    text = str(err.value)
    assert "counter 'AH-XV' is no German Stosstruppen division (caporetto 25.23)" in text
    assert "counter 'G-HQ-14A' is no corps HQ (caporetto 25.23)" in text
    assert "'no_such_option' is not one of the game's options" in text


# --- 25.0, 25.1, 25.32 the Tyrol Offensive -----------------------------------------------


def test_25_0_the_tyrol_offensive_lists_what_it_lacks() -> None:
    sc = load_scenario(TYROL)
    lacks = "\n".join(sc.lacks)
    assert "the counters set up under caporetto 25.33" in lacks
    assert "transferred (caporetto 25.23" in lacks
    assert "region 'north-west of the a-h line 0833-0222' (caporetto 25.21)" in lacks
    assert sc.blocking


def test_25_0_the_tyrol_units_have_the_printed_values() -> None:
    sc = load_scenario(TYROL)
    c = sc.counters

    def front(uid: str) -> tuple[int | None, int | None, int | None]:
        return (c[uid].steps[0].attack, c[uid].steps[0].defense, c[uid].movement)

    assert front("G-195R") == front("G-79R") == (4, 5, 8)  # 25.21
    assert c["G-195R"].stosstruppen and c["G-79R"].stosstruppen
    assert {front(u) for u in ("AH-1C", "AH-8C", "AH-9C")} == {(1, 2, 8)}  # 25.22
    assert {front(u) for u in ("AH-25", "AH-26", "AH-46", "AH-33")} == {(2, 3, 6)}
    assert {u for u in c if u.startswith("AH-D")} == {"AH-D10", "AH-D11", "AH-D12", "AH-D13"}
    assert front("I-XXV") == (3, 4, 6)  # 25.32
    assert c["I-XXV"].arrive is not None and c["I-XXV"].arrive.turn == 10
    assert c["I-XXV"].setup is None


def test_25_1_french_units_replace_on_a_1_from_game_turn_3_british_from_6(
    tmp_path: Path,
) -> None:
    doc = tomllib.loads((SCENARIOS / "caporetto-teaching-tyrol.toml").read_text())
    rolls = doc["parameters"]["replacement"]["rolls"]

    def success(nationality: str, turn: int) -> list[int]:
        return next(
            r["success"]
            for r in rolls
            if nationality in r["nationalities"]
            and r.get("first_turn", 1) <= turn <= r.get("last_turn", 15)
        )

    assert success("france", 2) == [] and success("france", 3) == [1]
    assert success("britain", 5) == [] and success("britain", 6) == [1]
    # resolved: a French division replaces its lost step on a 1 on Game-Turn 3
    st = _tyrol_replacement(tmp_path, "F-64", turn=3, seed=seed_rolling(1))
    choose(st, "allied", "replace", unit="F-64")
    assert U.record(st, "F-64")["lost"] == 0
    assert any(e.get("case") == "caporetto 25.1" for e in st.data["log"])


def test_25_1_british_units_may_not_replace_before_game_turn_6(tmp_path: Path) -> None:
    st = _tyrol_replacement(tmp_path, "B-23", turn=5, seed=1)
    assert not any(a.get("unit") == "B-23" for a in st.legal_actions("allied"))
    st = _tyrol_replacement(tmp_path / "b", "B-23", turn=6, seed=seed_rolling(1))
    choose(st, "allied", "replace", unit="B-23")
    assert U.record(st, "B-23")["lost"] == 0


def _tyrol_replacement(tmp_path: Path, uid: str, turn: int, seed: int) -> Any:
    """The teaching Tyrol at the Allied Step Replacement Phase, ``uid`` reduced far from
    the enemy."""
    units = {uid: {"hex": "0210", "steps_lost": 1}, "G-12": "1505"}
    st = _tyrol_position(tmp_path, units, turn, seed, "step_replacement", "step_replacement")
    assert parameters(st) is not None
    return st


def _tyrol_position(
    tmp_path: Path, units: dict[str, Any], turn: int, seed: int, phase: str, segment: str
) -> Any:
    """The teaching Tyrol (its set-ups over: a position) at an Allied phase."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    doc = (SCENARIOS / "caporetto-teaching-tyrol.toml").read_text()
    plain = doc.split("# caporetto 25.33: all French")[0] + "\n[options]\n"
    plain += doc.split("\n[options]\n", 1)[1]
    scenario = tmp_path / "tyrol.toml"
    scenario.write_text(plain, encoding="utf-8")
    counters = tmp_path / "counters.toml"
    counters.write_text(COUNTERS.read_text() + TEACHING_TYROL_COUNTERS.read_text())
    path = write_game_position(
        tmp_path,
        scenario,
        MAP,
        counters,
        units,
        phasing="allied",
        phase=phase,
        segment=segment,
        turn=turn,
    )
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(seed)


def test_25_32_the_xxv_corps_arrives_as_a_reinforcement_on_game_turn_10(tmp_path: Path) -> None:
    units = {"I-XXV": {"status": "pending"}, "G-12": "1505"}
    st = _tyrol_position(tmp_path / "9", units, 9, 1, "movement", "reinforcement")
    assert not any(a.get("unit") == "I-XXV" for a in st.legal_actions("allied"))
    st = _tyrol_position(tmp_path / "10", units, 10, 1, "movement", "reinforcement")
    choose(st, "allied", "enter", unit="I-XXV", hex="0109")  # 14.3 the Allied entry hex
    assert U.record(st, "I-XXV")["hex"] == "0109"
    assert any("XXV Corps" in e["text"] and e.get("case") == "14.11" for e in st.data["log"])
