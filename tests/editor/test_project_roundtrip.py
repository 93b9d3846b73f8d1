"""create_from copies a shipped scenario byte for byte, and the copy loads the same."""

from __future__ import annotations

from pathlib import Path

import pytest

import greatwar
from greatwar.editor import EditorError, Project
from greatwar.model.files import DATA_ROOT
from greatwar.model.loader import scenario_ids
from greatwar.rules import load_scenario


@pytest.mark.parametrize("sid", scenario_ids())
def test_create_from_copies_every_file_byte_for_byte_and_loads_the_same(
    tmp_path: Path, sid: str
) -> None:
    project = Project.create_from(tmp_path, sid)
    texts = project.texts()
    assert len(texts) >= 3
    for rel, text in texts.items():
        assert text == (DATA_ROOT / rel).read_text(encoding="utf-8"), rel
        assert (project.root / rel).read_bytes() == (DATA_ROOT / rel).read_bytes(), rel
    shipped, copied = load_scenario(sid), load_scenario(project.scenario_path())
    assert copied.board.hexes == shipped.board.hexes
    assert copied.board.terrain == shipped.board.terrain
    assert {k: c.model_dump() for k, c in copied.counters.items()} == {
        k: c.model_dump() for k, c in shipped.counters.items()
    }
    game = greatwar.load(project.scenario_path())
    assert game.roles()
    assert project.problems() == []


def test_create_from_names_the_copy_after_the_scenario_and_never_overwrites(
    tmp_path: Path,
) -> None:
    first = Project.create_from(tmp_path, "gwite/teaching")
    second = Project.create_from(tmp_path, "gwite/teaching")
    assert (first.id, second.id) == ("gwite-teaching", "gwite-teaching-2")
    listed = Project.summaries(tmp_path)
    assert [p["id"] for p in listed] == ["gwite-teaching", "gwite-teaching-2"]
    assert listed[0]["source"] == "gwite/teaching" and listed[0]["system"] == "gwite"


def test_open_reads_the_saved_project(tmp_path: Path) -> None:
    project = Project.create_from(tmp_path, "tannenberg/teaching", "tb")
    again = Project.open(tmp_path, "tb")
    assert again.texts() == project.texts()
    assert again.scenario_path() == project.scenario_path()


def test_a_scenario_file_on_disk_is_imported_with_its_files_byte_for_byte(
    tmp_path: Path,
) -> None:
    """A project copied elsewhere (a friend's folder) is imported from its scenario file:
    its files keep their layout below their common folder, and edits of the import never
    touch the originals."""
    friend = Project.create_from(tmp_path / "friend", "gwite/two-maps-teaching")
    folder = tmp_path / "shared-by-a-friend"
    for rel, text in friend.texts().items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8", newline="")
    scenario_file = folder / friend.meta["scenario_file"]
    mine = Project.create_from(tmp_path / "me", str(scenario_file))
    assert mine.id == "two-maps-teaching"
    assert mine.texts() == friend.texts()  # same layout: gwite/scenarios, gwite/maps ...
    assert (
        load_scenario(mine.scenario_path()).board.hexes == load_scenario(scenario_file).board.hexes
    )
    mine.apply([{"op": "set", "file": "scenario", "path": ["scenario", "turns"], "value": 3}])
    assert scenario_file.read_text(encoding="utf-8") == friend.texts()[friend.meta["scenario_file"]]


def test_a_file_that_is_no_scenario_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    stray = tmp_path / "notes.toml"
    stray.write_text('title = "not a scenario"\n', encoding="utf-8")
    with pytest.raises(EditorError, match="not a scenario file"):
        Project.create_from(tmp_path / "data", str(stray))
    assert Project.summaries(tmp_path / "data") == []
