"""Validation refuses impossible set-ups and positions, in both rule systems: each problem
names the file, the line and the rule case.

The positions are written by the rules tests' writers (FICTIONAL teaching maps); the
counters' own set-up hexes are edited in a copy of the GWitE teaching files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scenario_copy import TeachingCopy

import greatwar
from greatwar.model.problems import Problem, ScenarioError
from greatwar.rules import load_scenario
from tests.rules.gwite.conftest import write_position as gwite_position
from tests.rules.tannenberg.conftest import write_position as tannenberg_position


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return info.value.problems


def only_problem(path: Path) -> Problem:
    (problem,) = problems_of(path)
    assert problem.file == str(path) or problem.file.endswith(".toml")
    return problem


def line_text(problem: Problem) -> str:
    assert problem.line is not None, problem
    return Path(problem.file).read_text(encoding="utf-8").splitlines()[problem.line - 1]


def refused(path: Path, field: str, *fragments: str) -> Problem:
    """The scenario has one problem, at ``field``, whose message holds ``fragments``, on a
    line of the file that names the field's last key."""
    problem = only_problem(path)
    assert problem.field == field, problem
    for fragment in fragments:
        assert fragment in problem.message, problem
    key = field.split(".")[2] if field.count(".") >= 2 else field.split(".")[-1]
    key = key.split("[")[0]
    assert key in line_text(problem), (problem, line_text(problem))
    return problem


# --- both systems: where units start ---------------------------------------------------------


def test_5_13_gwite_units_of_both_sides_in_one_hex_are_refused(tmp_path: Path) -> None:
    # reported at the second of the two in counter order
    path = gwite_position(tmp_path, {"R-1G": "1105", "G-I": "1105"})
    refused(path, "position.units.R-1G.hex", "R-1G (allied)", "G-I (central)", "(5.13)")


def test_5_13_gwite_a_position_unit_put_on_a_set_up_enemy_is_refused_in_the_position(
    tmp_path: Path,
) -> None:
    # only the position's units are named; G-I keeps its set-up hex, 0905
    path = gwite_position(tmp_path, {"R-1G": "0905"}, only=False)
    problem = refused(path, "position.units.R-1G.hex", "G-I (central)", "(5.13)")
    assert problem.file == str(path)


def test_5_4_gwite_a_unit_on_prohibited_terrain_is_refused(tmp_path: Path) -> None:
    path = gwite_position(tmp_path, {"R-1G": "1108"})
    refused(path, "position.units.R-1G.hex", "1108", "no unit may enter it", "(10.33)")


def test_5_13_gwite_a_unit_in_an_undestroyed_enemy_fortress_is_refused(tmp_path: Path) -> None:
    path = gwite_position(tmp_path, {"G-I": "1312"})
    refused(path, "position.units.G-I.hex", "Zalesie", "undestroyed Enemy fortress (5.13)")


def test_5_13_counters_set_up_with_the_enemy_are_refused_in_their_file(
    teaching: TeachingCopy,
) -> None:
    # G-I moved onto the Russian 5th Army HQ's hex: said at the later counter, the HQ
    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "1605"')
    problem = only_problem(teaching.scenario)
    assert (Path(problem.file), problem.line) == (
        teaching.counters,
        teaching.line(teaching.counters, 'setup = "1605"', after='id = "R-HQ-5A"'),
    )
    assert problem.field == f"counter[{teaching.counter_index('R-HQ-5A')}].setup"
    assert "G-I (central)" in problem.message and "(5.13)" in problem.message


def test_counters_set_up_on_prohibited_terrain_are_refused_in_their_file(
    teaching: TeachingCopy,
) -> None:
    line = teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "1208"')
    problem = only_problem(teaching.scenario)
    assert (Path(problem.file), problem.line) == (teaching.counters, line)
    assert "Lake" in problem.message and "(10.33)" in problem.message


def test_4_2_1_tannenberg_units_of_both_sides_in_one_hex_are_refused(tmp_path: Path) -> None:
    path = tannenberg_position(tmp_path, {"G-1-1-I": "A16 B21", "R-1-25-III": "A16 B21"})
    refused(path, "position.units.R-1-25-III.hex", "(tannenberg 4.2.1)")


def test_tannenberg_a_unit_in_a_lake_is_refused(tmp_path: Path) -> None:
    path = tannenberg_position(tmp_path, {"G-1-1-I": "A14 B16"})
    refused(path, "position.units.G-1-1-I.hex", "Lake (prohibited)")


FIVE = {u: "A16 B21" for u in ("G-1-1-I", "G-2-1-I", "G-3-2-I", "G-70-35-XVII", "G-6L")}


def test_7_1_2_a_hex_over_the_stacking_limit_after_the_movement_phases_is_refused(
    tmp_path: Path,
) -> None:
    # five units of different corps: four at most (reported at the last in counter order)
    path = tannenberg_position(tmp_path, FIVE, phase="clash")
    refused(path, "position.units.G-6L.hex", "holds 5 units", "tannenberg 7.1.2")


def test_7_1_2_a_hex_may_be_over_the_limit_during_a_movement_phase(tmp_path: Path) -> None:
    path = tannenberg_position(tmp_path, FIVE, phase="movement_1")
    assert load_scenario(path).file.position is not None


def test_12_3_4_a_unit_in_an_enemy_garrisoned_fortification_is_refused(tmp_path: Path) -> None:
    path = tannenberg_position(tmp_path, {"R-1-25-III": "A11 B22"})
    refused(path, "position.units.R-1-25-III.hex", "Fort Ost", "(tannenberg 12.3.4)")


# --- GWitE positions -----------------------------------------------------------------------------

GWITE: list[tuple[dict[str, Any], dict[str, Any], str, tuple[str, ...]]] = [
    # (units, writer keywords, field, message fragments)
    (
        {"R-1G": {"hex": "1105", "markers": ["retreated"]}},
        {},
        "position.units.R-1G.markers",
        ("lasts only", "(8.66)"),
    ),
    (
        {"G-1K": {"hex": "0902", "markers": ["withdrawn"]}},
        {"phase": "combat", "segment": "combat_resolution", "phasing": "central"},
        "position.units.G-1K.markers",
        ("non-phasing", "(12.17)"),
    ),
    (
        {"R-1G": {"hex": "1105", "markers": ["fought_last_turn"]}},
        {},
        "position.units.R-1G.markers",
        ("before Game-Turn 1", "(13.0)"),
    ),
    ({"R-1G": {"hex": "1105", "steps_lost": 2}}, {}, "position.units.R-1G.steps_lost", ("8.5",)),
    ({"R-1G": {"status": "off_map"}}, {}, "position.units.R-1G", ("give rail", "5.37")),
    (
        {"G-35R": {"status": "off_map", "rail": {"from": "0106", "to": "0909"}}},
        {"phasing": "central"},
        "position.units.G-35R.rail",
        ("no off-map link", "(5.37)"),
    ),
    (
        {"G-35R": {"status": "off_map", "rail": {"from": "0106", "to": "0114", "mp": 6}}},
        {"phasing": "central"},
        "position.units.G-35R.rail.mp",
        ("(5.38)",),
    ),
    (
        {"R-1G": {"status": "pending"}},
        {},
        "position.units.R-1G.status",
        ("no arrival", "(14.1)"),
    ),
    (
        {"X-R1": {"status": "withheld"}},
        {"test_counters": True},
        "position.units.X-R1.status",
        ("arrives on Game-Turn 2", "(14.24)"),
    ),
    (
        {"R-1G": {"hex": "1105", "endurance_lost": 1}},
        {},
        "position.units.R-1G.endurance_lost",
        ("not used by the Great War in the East rules",),
    ),
    (
        {"R-1G": {"status": "spare"}},
        {},
        "position.units.R-1G.status",
        ("no rule of this game substitutes", "(R12)"),
    ),
]


@pytest.mark.parametrize(("units", "kw", "field", "fragments"), GWITE)
def test_gwite_impossible_positions_are_refused(
    tmp_path: Path, units: dict[str, Any], kw: dict[str, Any], field: str, fragments: tuple[str]
) -> None:
    refused(gwite_position(tmp_path, units, **kw), field, *fragments)


@pytest.mark.parametrize(
    ("lost", "fragment"), [({"0101": 1}, "holds no fortress (11.0)"), ({"1312": 5}, "(11.13)")]
)
def test_11_13_fortress_steps_lost_are_checked(
    tmp_path: Path, lost: dict[str, int], fragment: str
) -> None:
    path = gwite_position(tmp_path, {"R-1G": "1105"}, fortress_steps_lost=lost)
    problem = only_problem(path)
    assert problem.field == f"position.fortress_steps_lost.{next(iter(lost))}"
    assert fragment in problem.message


def test_gwite_tannenberg_fields_are_refused(tmp_path: Path) -> None:
    path = gwite_position(tmp_path, {"R-1G": "1105"}, extra="")
    text = path.read_text(encoding="utf-8").replace(
        'segment = "movement"', 'segment = "movement"\ninitiative = "allied"'
    )
    path.write_text(text, encoding="utf-8")
    refused(path, "position.initiative", "not used by the Great War in the East rules")


def test_4_0_a_gwite_position_names_its_phasing_player(tmp_path: Path) -> None:
    path = gwite_position(tmp_path, {"R-1G": "1105"})
    path.write_text(
        path.read_text(encoding="utf-8").replace('phasing = "allied"\n', ""), encoding="utf-8"
    )
    problem = only_problem(path)
    assert problem.field == "position.phasing" and "(4.0)" in problem.message
    assert line_text(problem) == "[position]"  # a missing field: its table's line


# --- Tannenberg positions ----------------------------------------------------------------------

TANNENBERG: list[tuple[dict[str, Any], dict[str, Any], str, tuple[str, ...]]] = [
    (
        {"G-1-1-I": {"hex": "A16 B21", "steps_lost": 2}},
        {},
        "position.units.G-1-1-I.steps_lost",
        ("2 combat-efficiency level(s)", "tannenberg 2.3.6"),
    ),
    (
        {"G-HQ-I": {"hex": "A16 B21", "endurance_lost": 1}},
        {},
        "position.units.G-HQ-I.endurance_lost",
        ("no combat-efficiency levels", "tannenberg 2.3.2"),
    ),
    (
        {"G-1-1-I": {"hex": "A16 B21", "endurance_lost": 5}},
        {},
        "position.units.G-1-1-I.endurance_lost",
        ("a level has 4", "tannenberg 2.3.3"),
    ),
    (
        {"G-1-1-I": {"hex": "A16 B21", "markers": ["dizzy"]}},
        {},
        "position.units.G-1-1-I.markers",
        ("unknown marker 'dizzy'",),
    ),
    (
        {"G-HQ-8A": {"hex": "A7 B21", "markers": ["march"]}},
        {},
        "position.units.G-HQ-8A.markers",
        ("orders are given to corps HQs", "tannenberg 13.3.1"),
    ),
    (
        {"G-1-1-I": {"hex": "A16 B21", "markers": ["reserve"]}},
        {"phase": "orders"},
        "position.units.G-1-1-I.markers",
        ("reserve phase or later", "tannenberg 4.5.3"),
    ),
    (
        {"G-1-1-I": {"hex": "A16 B21", "markers": ["fired"]}},
        {"stage": 2},
        "position.units.G-1-1-I.markers",
        ("only artillery fires", "tannenberg 11.1.1"),
    ),
    (
        {"G-1-1-I": {"status": "withheld"}},
        {},
        "position.units.G-1-1-I.status",
        ("not withheld", "tannenberg 17.2"),
    ),
    (
        {"G-1-1-I": {"status": "pending"}},
        {},
        "position.units.G-1-1-I.status",
        ("would never enter", "17.2.1"),
    ),
    (
        {"G-1-1-I": {"status": "spare"}},
        {},
        "position.units.G-1-1-I.status",
        ("'spare' is a Great War in the East status", "tannenberg 17.3"),
    ),
    (
        {"G-1-1-I": {"status": "off_map", "rail": {"from": "A1 B23", "stage": 1}}},
        {"stage": 2},
        "position.units.G-1-1-I.rail.from",
        ("could never come back", "tannenberg 5.1.8"),
    ),
    (
        {"R-1-25-III": {"status": "off_map", "rail": {"from": "A24 B11", "stage": 3}}},
        {"stage": 2},
        "position.units.R-1-25-III.rail.stage",
        ("after the position's stage",),
    ),
    (
        {"G-1-1-I": {"hex": "A16 B21", "steps_lost": 1, "rail": {"from": "A1 B23"}}},
        {},
        "position.units.G-1-1-I.rail",
        ("only units off the map by rail", "5.1.8"),
    ),
]


@pytest.mark.parametrize(("units", "kw", "field", "fragments"), TANNENBERG)
def test_tannenberg_impossible_units_are_refused(
    tmp_path: Path, units: dict[str, Any], kw: dict[str, Any], field: str, fragments: tuple[str]
) -> None:
    refused(tannenberg_position(tmp_path, units, **kw), field, *fragments)


HERE = {"G-1-1-I": "A16 B21", "R-1-25-III": "A18 B21"}

TANNENBERG_STATE: list[tuple[dict[str, Any], dict[str, Any], str, tuple[str, ...]]] = [
    ({"initiative": "french"}, {}, "position.initiative", ("not one of",)),
    (
        {"clashes_won": {"german": {"flight": 1}}},
        {"stage": 1, "phase": "initiative"},
        "position.clashes_won.german",
        ("before stage 1", "tannenberg 10.1.1"),
    ),
    (
        {"trenches": [{"hex": "A16 B21", "facing": "W", "side": "german"}]},
        {},
        "position.trenches[0].facing",
        ("a facing is one of N, NE, SE, S, SW, NW", "12.1.8"),
    ),
    (
        {"trenches": [{"hex": "A11 B22", "facing": "N", "side": "german"}]},
        {},
        "position.trenches[0].hex",
        ("fortification hex", "12.1.3"),
    ),
    (
        {"fortifications": {"A16 B21": "damaged"}},
        {},
        "position.fortifications.A16 B21",
        ("no permanent fortification", "tannenberg 12.2.1"),
    ),
    (
        {"masks": [{"side": "german", "hex": "A16 B21", "units": ["R-1-25-III"]}]},
        {},
        "position.masks[0].units",
        ("hides only german units", "16.1.2"),
    ),
    (
        {"masks": [{"side": "german", "hex": "A17 B21", "units": ["G-1-1-I"]}]},
        {},
        "position.masks[0].units",
        ("stands in A16 B21", "16.1.2"),
    ),
    (
        {"masks": [{"side": "russian", "hex": "A16 B21", "units": []}]},
        {},
        "position.masks[0].hex",
        ("both sides", "tannenberg 4.2.1"),
    ),
    (
        {"masks": [{"side": "german", "hex": "A16 B21", "units": []}] * 2},
        {"extra": "[special]\nmasking_counters = 1\n"},
        "position.masks[1]",
        ("german has 1 masking counters", "16.1.1"),
    ),
    ({"cut_track": ["A16 B21"]}, {}, "position.cut_track[0]", ("no railway", "5.4.1")),
    (
        {"bridges_destroyed": ["A16 B21/A17 B21"]},
        {},
        "position.bridges_destroyed[0]",
        ("not a Vistula bridge", "6.0"),
    ),
    (
        {"special_entered": ["armistice"]},
        {},
        "position.special_entered[0]",
        ("no special reinforcement",),
    ),
    (
        {"special_entered": ["hindenburg"]},
        {"units": {"G-HQ-8A": "A7 B21", "G-HQ-H": "A8 B21"}},
        "position.special_entered[0]",
        ("G-HQ-8A has left the game", "tannenberg 17.3.1"),
    ),
    (
        {"fortress_steps_lost": {"A11 B22": 1}},
        {},
        "position.fortress_steps_lost",
        ("not used by the Tannenberg rules",),
    ),
]


@pytest.mark.parametrize(("state", "kw", "field", "fragments"), TANNENBERG_STATE)
def test_tannenberg_impossible_positions_are_refused(
    tmp_path: Path, state: dict[str, Any], kw: dict[str, Any], field: str, fragments: tuple[str]
) -> None:
    units = {**HERE, **kw.pop("units", {})}
    path = tannenberg_position(tmp_path, units, state=state, **kw)
    problem = next(p for p in problems_of(path) if p.field == field)
    assert all(f in problem.message for f in fragments), problem
    head = field.split(".")[1].split("[")[0]
    assert head in line_text(problem), problem


def test_16_1_2_with_three_players_a_mask_hides_one_player_s_units(tmp_path: Path) -> None:
    # R-1-25-III (1st Army) and R-1-6-XV (2nd Army) under one mask
    units = {"R-1-25-III": "A21 B16", "R-1-6-XV": "A21 B16"}
    mask = {"side": "russian", "hex": "A21 B16", "units": ["R-1-25-III", "R-1-6-XV"]}
    path = tannenberg_position(tmp_path, units, state={"masks": [mask]})
    greatwar.load(path).new_state(1)  # two players: one Russian player hides both
    game = greatwar.load(path, {"three_players": True})
    with pytest.raises(ScenarioError) as info:
        game.new_state(1)
    (problem,) = info.value.problems
    assert problem.field == "position.masks[0].units"
    assert "16.1.2)" in problem.message and "masks" in line_text(problem)


def test_validate_command_names_file_line_and_rule(tmp_path: Path) -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    path = gwite_position(tmp_path, {"R-1G": "1105", "G-I": "1105"})
    problem = only_problem(path)
    result = typer_testing.CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code != 0
    assert f"{path}:{problem.line}: position.units.R-1G.hex:" in result.output
    assert "(5.13)" in result.output
