"""A refused batch changes nothing and names the place and the rule it breaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.editor import EditorError, Project

from .project_kit import TEACHING_MAP, loaded, refused, teaching


def test_a_unit_set_up_off_the_map_is_refused_at_the_counter_and_its_hex(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    fields = {
        "side": "allied",
        "nationality": "russia",
        "type": "infantry",
        "size": "division",
        "steps": [[2, 2]],
        "movement": 4,
        "setup": "3030",
    }
    problems = refused(project, [{"op": "counter", "id": "R-OFF", "fields": fields}])
    off = next(p for p in problems if "not on the map" in p["message"])
    assert off["counters"] == ["R-OFF"] and off["hexes"] == ["3030"]
    assert off["file"] == "gwite/counters/teaching.toml" and off["field"].endswith(".setup")
    assert off["line"] is not None


def test_a_rail_line_with_a_gap_is_refused_at_the_two_hexes(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "line", "kind": "rail", "name": "Gap", "hexes": ["0101", "0103"], "on": True}
    problems = refused(project, [op])
    assert problems[0]["hexes"] == ["0101", "0103"]
    assert "not adjacent" in problems[0]["message"]


def test_removing_the_middle_of_a_rail_line_is_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "line", "kind": "rail", "name": "Nordbahn", "hexes": ["0407"], "on": False}
    problems = refused(project, [op])
    assert "not adjacent" in problems[0]["message"]
    assert set(problems[0]["hexes"]) == {"0306", "0507"}


def test_a_hexside_between_hexes_that_are_not_adjacent_is_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "hexside", "sides": ["0101/0303"], "type": "minor_river", "name": "X", "on": True}
    problems = refused(project, [op])
    assert problems[0]["hexes"] == ["0101", "0303"]
    assert "not adjacent" in problems[0]["message"]


def test_two_cities_in_one_hex_through_a_raw_set_are_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "set", "file": TEACHING_MAP, "path": ["city", 1, "hex"], "value": "0204"}
    problems = refused(project, [op])
    twice = next(p for p in problems if "already holds" in p["message"])
    assert twice["hexes"] == ["0204"] and twice["field"] == "city.1.hex"
    assert twice["file"] == TEACHING_MAP


def test_an_unknown_terrain_is_refused_naming_the_chart(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    problems = refused(project, [{"op": "terrain", "hexes": ["0101"], "value": "lava"}])
    assert "unknown terrain 'lava'" in problems[0]["message"] and "swamp" in problems[0]["message"]
    assert problems[0]["hexes"] == ["0101"]


def test_a_batch_is_all_or_nothing(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    refused(
        project,
        [
            {"op": "terrain", "hexes": ["0101"], "value": "swamp"},
            {"op": "terrain", "hexes": ["0102"], "value": "lava"},
        ],
    )


def test_a_rule_systems_check_refuses_too(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "set", "file": "scenario", "path": ["parameters", "stacking_limit"], "value": None}
    problems = refused(project, [op])
    assert any(p["case"] == "6.0" for p in problems)


def test_an_unknown_op_is_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    problems = refused(project, [{"op": "explode"}])
    assert "unknown op" in problems[0]["message"]


@pytest.mark.parametrize("bad", ["../x", "a/b", "UPPER", "", "x" * 61, "..", "a b", "/etc"])
def test_a_bad_project_id_is_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(EditorError, match="not allowed"):
        Project.create_from(tmp_path, "gwite/teaching", bad)
    with pytest.raises(EditorError, match="not allowed"):
        Project.open(tmp_path, bad)
    assert not (tmp_path / "editor").exists() or not any((tmp_path / "editor").iterdir())


def test_a_file_path_outside_the_project_is_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    problems = refused(project, [{"op": "set", "file": "../../x.toml", "path": ["a"], "value": 1}])
    assert "no file" in problems[0]["message"]


def test_a_problem_already_in_the_files_is_shown_and_does_not_block_other_edits(
    tmp_path: Path,
) -> None:
    project = teaching(tmp_path)
    counters = project.root / "gwite/counters/teaching.toml"
    text = counters.read_text(encoding="utf-8")
    counters.write_text(text.replace('setup = "0903"', 'setup = "3030"', 1), encoding="utf-8")
    project = Project.open(tmp_path, project.id)
    off = [p for p in project.state()["problems"] if "3030" in p["message"]]
    assert off and off[0]["counters"] == ["G-35R"] and off[0]["hexes"] == ["3030"]
    project.apply([{"op": "terrain", "hexes": ["0101"], "value": "swamp"}])
    assert project.revision == 1 and project.problems()
    _, index, key = off[0]["field"].split(".")
    path = ["counter", int(index), key]
    project.apply([{"op": "set", "file": off[0]["file"], "path": path, "value": "0903"}])
    assert project.problems() == [] and project.state()["playable"]
    assert project.texts()["gwite/counters/teaching.toml"] == text


def test_two_cities_in_one_hex_through_a_whole_raw_table_are_refused(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    cities = [{"hex": "0303", "name": "One", "vp": 1}, {"hex": "0303", "name": "Two", "vp": 1}]
    problems = refused(
        project, [{"op": "set", "file": TEACHING_MAP, "path": ["city"], "value": cities}]
    )
    twice = next(p for p in problems if "already holds One" in p["message"])
    assert twice["hexes"] == ["0303"] and twice["field"] == "city.1.hex"


def test_a_refused_batch_leaves_nothing_behind_for_the_next_one(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    refused(
        project,
        [
            {"op": "terrain", "hexes": ["0101"], "value": "swamp"},
            {"op": "line", "kind": "rail", "name": "Nordbahn", "hexes": ["0120"], "on": True},
        ],
    )
    project.apply([{"op": "terrain", "hexes": ["0303"], "value": "forest"}])
    board = loaded(project).board
    assert board.terrain["0101"] == "clear" and board.terrain["0303"] == "forest"
    project.apply([{"op": "terrain", "hexes": ["0304"], "value": "forest"}])
    project.undo()
    project.undo()
    assert "\n03 .......b......ssss..\n" in project.texts()[TEACHING_MAP]
