"""Issue 20, defect 5: impossible data is refused by ``greatwar.load`` and by ``greatwar
validate``, each problem naming the file, the line and (where one applies) the rule case.

Each case copies a shipped scenario's files (the FICTIONAL teaching scenarios) into a
temporary folder and makes one change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from scenario_copy import TeachingCopy
from typer.testing import CliRunner

import greatwar
from greatwar.cli import app
from greatwar.model.problems import Problem, ScenarioError
from greatwar.model.schema import MAX_TURNS
from greatwar.rules import validate_file


@dataclass(frozen=True)
class Expected:
    """The one problem a change makes: its file, line, field and words of its message."""

    file: Path
    line: int
    field: str
    fragments: tuple[str, ...]


Change = Callable[[TeachingCopy], Expected]


def _counter(copy: TeachingCopy, uid: str, old: str, new: str, field: str, *words: str) -> Expected:
    """Change ``old`` to ``new`` in counter ``uid``: the problem is at its ``field``."""
    line = copy.edit_counter(uid, old, new)
    index = copy.counter_index(uid)
    return Expected(copy.counters, line, f"counter[{index}].{field}", words)


def _scenario(copy: TeachingCopy, old: str, new: str, field: str, *words: str) -> Expected:
    line = copy.edit(copy.scenario, old, new)
    return Expected(copy.scenario, line + old[: old.index(old.strip())].count("\n"), field, words)


# --- The Great War in the East: the teaching scenario ---------------------------------------


def both_sides_in_one_hex(copy: TeachingCopy) -> Expected:
    # G-I (Central Powers) is set up in 0905
    return _counter(copy, "R-XIX", '"1205"', '"0905"', "setup", "both sides", "(5.13)")


def turns_without_end(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy, "turns = 6", "turns = 9223372036854775807", "scenario.turns", f"at most {MAX_TURNS}"
    )


def negative_strength(copy: TeachingCopy) -> Expected:
    return _counter(
        copy, "G-I", "[[8, 8]", "[[-8, 8]", "steps[0].attack", "greater than or equal to 0"
    )


def negative_movement(copy: TeachingCopy) -> Expected:
    return _counter(copy, "G-I", "movement = 4", "movement = -4", "movement", "greater than")


def negative_range(copy: TeachingCopy) -> Expected:
    return _counter(
        copy, "G-HQ-XVII", "command_radius = 3", "command_radius = -3", "steps[0].command_radius"
    )


def negative_victory_points(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        "per_hq_eliminated = 1",
        "per_hq_eliminated = -1",
        "victory.per_hq_eliminated",
        "greater than or equal to 0",
    )


def negative_movement_cost(copy: TeachingCopy) -> Expected:
    listed = 'counters = ["../counters/teaching.toml"]\n'
    copy.edit(copy.scenario, listed, listed + 'terrain_table = "../terrain.toml"\n')
    line = copy.edit(copy.terrain, "move = [1, 1, 2, 2]", "move = [1, 1, -2, 2]")
    return Expected(copy.terrain, line, "terrain.forest.move", ("greater than or equal to 0",))


def reduced_step_stronger(copy: TeachingCopy) -> Expected:
    # the second step of the I Corps attacks with 9, more than the full step's 8
    return _counter(copy, "G-I", "[7, 7]", "[9, 7]", "steps[1].attack", "step 2", "(8.52, 8.53)")


def unknown_superior(copy: TeachingCopy) -> Expected:
    expected = _counter(copy, "G-I", 'size = "corps"\n', 'size = "corps"\nsuperior = "9A"\n', "")
    return Expected(
        expected.file, expected.line + 1, expected.field + "superior", ("'9A'", "(2.3)")
    )


def set_up_in_a_lake(copy: TeachingCopy) -> Expected:
    return _counter(copy, "R-XIX", '"1205"', '"1108"', "setup", "Lake", "(10.33)")


def set_up_over_the_stacking_limit(copy: TeachingCopy) -> Expected:
    # G-I (4 points) is in 0905; G-XVII (4) and G-A1 (1) join it: 9 over the limit of 8
    copy.edit_counter("G-XVII", '"0806"', '"0905"')
    return _counter(copy, "G-A1", '"0806"', '"0905"', "setup", "9 Stacking Points", "(6.14")


def special_data_no_rule_reads(copy: TeachingCopy) -> Expected:
    line = copy.append(copy.scenario, "[special]\nsupply_range = 3\n")
    return Expected(copy.scenario, line, "special", ("read no [special] data",))


def counter_file_listed_twice(copy: TeachingCopy) -> Expected:
    listed = '"../counters/teaching.toml"'
    return _scenario(
        copy,
        f"counters = [{listed}]",
        f"counters = [{listed}, {listed}]",
        "scenario.counters[1]",
        "named twice",
    )


def counter_file_as_the_map(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        'map = "../maps/teaching.toml"',
        'map = "../counters/teaching.toml"',
        "scenario.map",
        "is a counter file",
        "not a map file",
    )


GWITE: list[Change] = [
    both_sides_in_one_hex,
    turns_without_end,
    negative_strength,
    negative_movement,
    negative_range,
    negative_victory_points,
    negative_movement_cost,
    reduced_step_stronger,
    unknown_superior,
    set_up_in_a_lake,
    set_up_over_the_stacking_limit,
    special_data_no_rule_reads,
    counter_file_listed_twice,
    counter_file_as_the_map,
]


# --- The Brusilov Offensive: a capacity --------------------------------------------------------


def negative_depot_capacity(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        "depot_caps = { allied = 11",
        "depot_caps = { allied = -11",
        "special.depot_caps.allied",
        "greater than or equal to 0",
    )


# --- Tannenberg 1914: the teaching scenario --------------------------------------------------


def stages_without_end(copy: TeachingCopy) -> Expected:
    return _scenario(copy, "turns = 10", "turns = 100000", "scenario.turns", f"at most {MAX_TURNS}")


def masking_counters_below_zero(copy: TeachingCopy) -> Expected:
    header = "\n[special.victory_points]\n"
    line = copy.edit(copy.scenario, header, "\n[special]\nmasking_counters = -1\n" + header) + 2
    return Expected(copy.scenario, line, "special.masking_counters", ("tannenberg 16.1.1",))


def misspelt_special_key(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy, "delay = 0", "dealy = 0", "special.reinforcement[0].dealy", "did you mean 'delay'?"
    )


def misspelt_special_table(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        "\n[special.victory_points]",
        "\n[special.victory_pionts]",
        "special.victory_pionts",
        "did you mean 'victory_points'?",
    )


def misspelt_side_in_special_table(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        "eliminated_unit = { russian = 5",
        "eliminated_unit = { russain = 5",
        "special.victory_points.eliminated_unit.russain",
        "not a side",
    )


def negative_special_points(copy: TeachingCopy) -> Expected:
    return _scenario(
        copy,
        "vp = { russian = 5 }",
        "vp = { russian = -5 }",
        "special.reinforcement[0].vp.russian",
        "greater than or equal to 0",
    )


def unknown_corps(copy: TeachingCopy) -> Expected:
    return _counter(
        copy, "R-1-25-III", 'corps = "III"', 'corps = "XIV"', "corps", "'XIV'", "tannenberg 13.2.4"
    )


def unknown_army(copy: TeachingCopy) -> Expected:
    return _counter(
        copy, "R-1-25-III", 'army = "1"', 'army = "12"', "army", "'12'", "tannenberg 13.2.6"
    )


TANNENBERG: list[Change] = [
    stages_without_end,
    masking_counters_below_zero,
    misspelt_special_key,
    misspelt_special_table,
    misspelt_side_in_special_table,
    negative_special_points,
    unknown_corps,
    unknown_army,
]

CASES: list[tuple[str, str, Change]] = [
    *(("gwite", "teaching", change) for change in GWITE),
    ("gwite", "brusilov-teaching", negative_depot_capacity),
    *(("tannenberg", "teaching", change) for change in TANNENBERG),
]


def _only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


@pytest.mark.parametrize(
    ("system", "name", "change"), CASES, ids=[f"{s}-{c.__name__}" for s, _, c in CASES]
)
def test_defect_5_impossible_data_is_refused_by_load_and_validate(
    tmp_path: Path, system: str, name: str, change: Change
) -> None:
    copy = TeachingCopy.of_system(tmp_path, system, name)
    copy.load()  # valid before the change
    expected = change(copy)

    with pytest.raises(ScenarioError) as info:
        greatwar.load(copy.scenario)
    problem = _only(info.value.problems)
    assert (Path(problem.file), problem.line, problem.field) == (
        expected.file,
        expected.line,
        expected.field,
    ), problem
    for fragment in expected.fragments:
        assert fragment in problem.message, problem

    result = CliRunner().invoke(app, ["validate", str(copy.scenario)])
    assert result.exit_code == 1
    assert f"{expected.file}:{expected.line}: {expected.field}: " in result.output
    assert all(fragment in result.output for fragment in expected.fragments)


def test_defect_5_a_counter_file_validated_alone_reports_its_duplicate_ids(
    tmp_path: Path,
) -> None:
    copy = TeachingCopy.of_system(tmp_path, "gwite", "teaching")
    first = copy.line(copy.counters, 'id = "G-I"')
    line = copy.edit_counter("G-XVII", 'id = "G-XVII"', 'id = "G-I"')
    index = copy.counter_index("G-I") + 1  # the second counter called G-I

    problem = _only(validate_file(copy.counters).problems)
    assert (Path(problem.file), problem.line) == (copy.counters, line)
    assert problem.field == f"counter[{index}].id"
    assert "'G-I' is used twice" in problem.message
    assert f"teaching.toml:{first - 1}" in problem.message  # the first one's [[counter]]

    result = CliRunner().invoke(app, ["validate", str(copy.counters)])
    assert result.exit_code == 1
    assert f"{copy.counters}:{line}: counter[{index}].id: " in result.output


def test_defect_5_a_counter_file_alone_cites_both_systems_for_a_stronger_step(
    tmp_path: Path,
) -> None:
    copy = TeachingCopy.of_system(tmp_path, "gwite", "teaching")
    copy.edit_counter("G-I", "[3, 3]]", "[3, 5]]")
    problem = _only(validate_file(copy.counters).problems)
    assert problem.field == f"counter[{copy.counter_index('G-I')}].steps[3].defense"
    assert "gwite 8.52, 8.53; tannenberg 2.3.1" in problem.message


def test_defect_5_a_map_listed_twice_gets_one_message(tmp_path: Path) -> None:
    copy = TeachingCopy.of_system(tmp_path, "gwite", "two-maps-teaching")
    text = copy.scenario.read_text(encoding="utf-8")
    north = '"../maps/two-maps-north.toml"'
    assert f"maps = [{north}, " in text
    line = copy.edit(copy.scenario, '"../maps/two-maps-south.toml"', north)
    problem = _only(copy.problems())
    assert (Path(problem.file), problem.line, problem.field) == (
        copy.scenario,
        line,
        "scenario.maps[1]",
    )
    assert "named twice (also at scenario.maps[0])" in problem.message
