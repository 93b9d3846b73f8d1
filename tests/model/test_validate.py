"""``validate_file``: every problem of any data file at once, or what a valid scenario lacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_copy import FIXTURES, SOURCE, TeachingCopy

from greatwar.rules import validate_file

LACKING = FIXTURES / "gwite" / "lacking"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("scenarios/teaching.toml", "scenario"),
        ("maps/teaching.toml", "map"),
        ("counters/teaching.toml", "counters"),
        ("terrain.toml", "table"),
    ],
)
def test_shipped_files_are_valid(name: str, kind: str) -> None:
    report = validate_file(SOURCE / name)
    assert report.problems == []
    assert report.kind == kind
    assert report.lacks == []
    assert report.summary


def test_summary_of_the_shipped_scenario() -> None:
    report = validate_file(SOURCE / "scenarios" / "teaching.toml")
    assert "320 hexes" in report.summary
    assert "43 counters" in report.summary
    assert "6 turns" in report.summary
    assert "(fictional)" in report.summary


def test_valid_scenario_reports_what_it_lacks() -> None:
    report = validate_file(LACKING / "scenario.toml")
    assert report.kind == "scenario"
    assert report.problems == []
    assert len(report.lacks) == 2
    terrain, strengths = report.lacks
    assert "5 hexes without terrain: 0202, 0302, 0501, 0505, 0605" in terrain
    assert "counters without strengths: R-2" in strengths


def test_map_file_reports_hexes_without_terrain() -> None:
    report = validate_file(LACKING / "map.toml")
    assert (report.kind, report.problems) == ("map", [])
    assert report.lacks == ["5 hexes without terrain: 0202, 0302, 0501, 0505, 0605"]
    # 6 x 5 hexes, one of them marked '-' (no hex)
    assert "29 hexes" in report.summary


def test_counter_file_reports_counters_without_strengths() -> None:
    report = validate_file(LACKING / "counters.toml")
    assert (report.kind, report.problems) == ("counters", [])
    assert report.lacks == ["1 counters without strengths: R-2"]


def test_long_lists_of_lacks_are_cut_short(tmp_path: Path) -> None:
    text = (LACKING / "map.toml").read_text(encoding="utf-8")
    text = text.replace("04 f.....", "04 ??????").replace("03 ..~...", "03 ??????")
    (tmp_path / "map.toml").write_text(text, encoding="utf-8")
    (lack,) = validate_file(tmp_path / "map.toml").lacks
    assert lack.startswith("17 hexes without terrain: ")
    assert lack.endswith("and 7 more")


def test_hole_in_the_map_is_not_a_hex(tmp_path: Path) -> None:
    # 0602 is '-' in the fixture: a counter set up there is off the map
    for name in ("scenario.toml", "map.toml"):
        (tmp_path / name).write_text((LACKING / name).read_text(encoding="utf-8"))
    counters = (LACKING / "counters.toml").read_text(encoding="utf-8")
    (tmp_path / "counters.toml").write_text(counters.replace('"0503"', '"0602"'))
    report = validate_file(tmp_path / "scenario.toml")
    (p,) = report.problems
    assert p.field == "counter[1].setup"
    assert "hex 0602 is not on the map (there is no hex there: '-' in the terrain grid)" in (
        p.message
    )
    assert report.lacks == []


def test_invalid_scenario_lists_every_problem_and_no_lacks(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, "05 ......b...ff.f......", "05 ......b...ffXf......")
    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    teaching.edit(teaching.scenario, "turns = 6", "tunrs = 6")
    report = validate_file(teaching.scenario)
    assert report.kind == "scenario"
    assert report.lacks == []
    files = {Path(p.file) for p in report.problems}
    assert files == {teaching.map, teaching.counters, teaching.scenario}
    assert all(p.line is not None for p in report.problems)
    fields = {p.field for p in report.problems}
    assert {"terrain.grid", "scenario.turns", "scenario.tunrs"} <= fields


def test_invalid_map_file_alone(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, '"0409/0410", "0509/0610"', '"0409/0411", "0509/0610"')
    report = validate_file(teaching.map)
    assert report.kind == "map"
    (p,) = report.problems
    assert (p.field, p.line) == ("hexside[0].sides[6]", line)


def test_invalid_counter_file_alone(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-I", "movement = 4\n", "movement = 4\nmovment = 4\n") + 1
    report = validate_file(teaching.counters)
    assert report.kind == "counters"
    (p,) = report.problems
    assert (p.field, p.line) == (f"counter[{teaching.counter_index('G-I')}].movment", line)
    assert "unknown field 'movment'" in p.message


def test_invalid_terrain_table_alone(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.terrain, 'source = "5.4"\n\n[terrain.forest]', "\n[terrain.forest]")
    report = validate_file(teaching.terrain)
    assert report.kind == "table"
    (p,) = report.problems
    assert p.field == "terrain.clear.source"
    assert p.message.startswith("required field is missing")
    assert p.line == teaching.line(teaching.terrain, "[terrain.clear]")


def test_bad_toml(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[map]\nid = "x"\nname = \n', encoding="utf-8")
    report = validate_file(path)
    assert report.kind == "unknown"
    (p,) = report.problems
    assert (p.file, p.line) == (str(path), 3)
    assert "not valid TOML" in p.message


def test_file_of_no_known_kind(tmp_path: Path) -> None:
    path = tmp_path / "other.toml"
    path.write_text('[[counters]]\nid = "x"\n', encoding="utf-8")
    (p,) = validate_file(path).problems
    assert "not a scenario, map, counter or table file" in p.message


def test_missing_file(tmp_path: Path) -> None:
    (p,) = validate_file(tmp_path / "absent.toml").problems
    assert "cannot read file" in p.message


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "Königsfeld"\n'.encode("latin-1"))
    (p,) = validate_file(path).problems
    assert "not UTF-8" in p.message


# --- the command ----------------------------------------------------------------------------


def test_validate_command_exits_non_zero_and_lists_problems(teaching: TeachingCopy) -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    teaching.edit(teaching.scenario, "turns = 6", "tunrs = 6")
    result = typer_testing.CliRunner().invoke(app, ["validate", str(teaching.scenario)])
    assert result.exit_code != 0
    assert "counter G-I: hex 2130 is not on the map" in result.output
    assert "scenario.tunrs" in result.output


def test_validate_command_reports_lacks_and_exits_zero() -> None:
    typer_testing = pytest.importorskip("typer.testing")
    from greatwar.cli import app

    result = typer_testing.CliRunner().invoke(app, ["validate", str(LACKING / "scenario.toml")])
    assert result.exit_code == 0
    assert "hexes without terrain" in result.output
    assert "counters without strengths" in result.output
