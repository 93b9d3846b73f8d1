"""Undo/redo round trips bytes and survives reopening; snapshots; blank projects."""

from __future__ import annotations

from pathlib import Path

import pytest

import greatwar
from greatwar.editor import EditorError, Project

from .project_kit import disk_texts, loaded, teaching

PAINT = {"op": "terrain", "hexes": ["0101"], "value": "swamp"}
TURNS = {"op": "set", "file": "scenario", "path": ["scenario", "turns"], "value": 9}


def test_undo_and_redo_give_back_the_same_bytes(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    original = disk_texts(project)
    project.apply([PAINT])
    painted = disk_texts(project)
    assert painted != original
    project.undo()
    assert disk_texts(project) == original == project.texts()
    assert loaded(project).board.terrain["0101"] == "clear"
    project.redo()
    assert disk_texts(project) == painted
    assert project.revision == 3


def test_history_survives_reopening(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    original = disk_texts(project)
    project.apply([PAINT])
    project.apply([TURNS])
    again = Project.open(tmp_path, project.id)
    assert again.revision == 2 and again.history.can_undo
    again.undo()
    again.undo()
    assert disk_texts(again) == original
    with pytest.raises(EditorError, match="nothing to undo"):
        again.undo()
    third = Project.open(tmp_path, project.id)
    third.redo()
    assert loaded(third).board.terrain["0101"] == "swamp"
    assert loaded(third).info.turns == 6


def test_a_new_edit_clears_redo(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([PAINT])
    project.undo()
    assert project.history.can_redo
    project.apply([TURNS])
    assert not project.history.can_redo
    with pytest.raises(EditorError, match="nothing to redo"):
        project.redo()
    assert loaded(project).board.terrain["0101"] == "clear"


def test_history_keeps_at_most_its_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from greatwar.editor import history

    monkeypatch.setattr(history, "LIMIT", 3)
    project = teaching(tmp_path)
    for turns in range(7, 12):
        project.apply([{**TURNS, "value": turns}])
    for _ in range(3):
        project.undo()
    assert not project.history.can_undo
    assert loaded(project).info.turns == 8
    assert len(list((project.root / "history").glob("0*.json"))) == 3


def test_a_refused_batch_leaves_the_history_alone(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    with pytest.raises(EditorError):
        project.apply([{"op": "terrain", "hexes": ["0101"], "value": "lava"}])
    assert not project.history.can_undo


def test_snapshot_is_named_by_the_texts_and_the_game_loads_from_it(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    first = project.snapshot()
    assert first == project.snapshot()
    assert first.is_file() and first.parent.parent.parent.parent.name == "played"
    game = greatwar.load(first)
    state = game.new_state()
    assert any(state.legal_actions(role) for role in game.roles())
    project.apply([PAINT])
    second = project.snapshot()
    assert second != first
    assert first.is_file()  # a game's record still finds its files
    assert greatwar.load(second).scenario.board.terrain["0101"] == "swamp"


@pytest.mark.parametrize(
    ("system", "numbering", "columns", "rows", "corner"),
    [
        ("gwite", "spi", (1, 6), (1, 5), "0101"),
        ("tannenberg", "tannenberg", (1, 5), (1, 4), "A1 B1"),
    ],
)
def test_a_blank_project_is_valid_and_lacks_all_terrain_until_painted(
    tmp_path: Path,
    system: str,
    numbering: str,
    columns: tuple[int, int],
    rows: tuple[int, int],
    corner: str,
) -> None:
    project = Project.create_blank(
        tmp_path, system, name="My Front", numbering=numbering, columns=columns, rows=rows
    )
    assert project.id == "my-front"
    state = project.state()
    assert state["problems"] == []
    board = loaded(project).board
    assert len(board.unknown_terrain) == len(board.hexes) > 0
    terrain_lack = next(lack for lack in state["lacks"] if "without terrain" in lack["message"])
    assert sorted(terrain_lack["hexes"]) == sorted(board.hexes) and terrain_lack["blocking"]
    assert corner in terrain_lack["hexes"]
    assert not state["playable"]
    project.apply([{"op": "terrain", "hexes": list(board.hexes), "value": "clear"}])
    assert not any("without terrain" in lack["message"] for lack in project.state()["lacks"])
    assert loaded(project).board.unknown_terrain == ()


def test_a_blank_project_with_a_prefix_numbers_its_hexes_with_it(tmp_path: Path) -> None:
    project = Project.create_blank(
        tmp_path, "gwite", name="G", numbering="spi", columns=(1, 3), rows=(1, 2), prefix="g"
    )
    assert "g0101" in loaded(project).board.hexes
    project.apply([{"op": "terrain", "hexes": ["g0101"], "value": "forest"}])
    assert loaded(project).board.terrain["g0101"] == "forest"


def test_state_carries_what_the_page_draws(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.set_backdrop("", [1, 0, 0, 1, 5, 6], 0.5, "/home/me/scans/map.jpg")
    state = project.state()
    assert state["project"]["revision"] == 1 and state["project"]["scenario_file"]
    assert 'data-hex="0101"' in state["svg"]
    assert state["map"]["hexes"]["0101"]["terrain"] == "clear"
    assert {t["id"] for t in state["palette"]["terrain"]} >= {"clear", "swamp", "sea"}
    assert next(t for t in state["palette"]["terrain"] if t["id"] == "forest")["char"] == "f"
    assert "minor_river" in {h["id"] for h in state["palette"]["hexside"]}
    assert any(r["name"] == "Nordbahn" for r in state["features"]["rail"])
    assert state["features"]["countries"]["0101"] == "germany"
    assert any(c["id"] == "G-35R" and c["file"] for c in state["counters"])
    assert state["scenario"]["scenario"]["turns"] == 6
    assert state["playable"] and [r["id"] for r in state["roles"]] == ["allied", "central"]
    assert state["backdrop"][""] == {
        "matrix": [1, 0, 0, 1, 5, 6],
        "opacity": 0.5,
        "image": "map.jpg",
    }


def test_lacks_name_every_hex_and_counter_not_only_the_messages_sample(tmp_path: Path) -> None:
    project = Project.create_from(tmp_path, "gwite/brusilov-historical")
    lacks = project.state()["lacks"]
    assert lacks and not project.state()["playable"]
    for lack in lacks:
        count = int(lack["message"].split()[0]) if lack["message"][0].isdigit() else None
        if "hexes without terrain" in lack["message"]:
            assert len(lack["hexes"]) == count
        elif lack["message"].split(":")[0].split(" ", 1)[1] in (
            "counters without strengths",
            "counters without a movement allowance",
        ):
            assert len(lack["counters"]) == count
