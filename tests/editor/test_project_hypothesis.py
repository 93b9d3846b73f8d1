"""Random edits of the teaching map: each batch is accepted and read back, or refused and
changes nothing; undoing every accepted batch gives back the shipped bytes."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from greatwar.editor import EditorError, Project
from greatwar.hexgrid import hexside_between
from greatwar.model.files import DATA_ROOT
from greatwar.rules import load_scenario

from .project_kit import disk_texts

BOARD = load_scenario("gwite/teaching").board
HEXES = sorted(BOARD.hexes)
TERRAINS = ["clear", "forest", "swamp", "sea", "unknown", "lava"]
SIDE_TYPES = ["minor_river", "major_river", "ridge", "prohibited"]
LINES = ["Nordbahn", "Testbahn", "Chaussee"]

hexes = st.sampled_from(HEXES)


@st.composite
def neighbour_or_any(draw: st.DrawFn, of: str) -> str:
    if draw(st.booleans()):
        return draw(st.sampled_from(BOARD.neighbours[of]))
    return draw(hexes)


@st.composite
def chain(draw: st.DrawFn) -> list[str]:
    out = [draw(hexes)]
    for _ in range(draw(st.integers(0, 3))):
        out.append(draw(neighbour_or_any(out[-1])))
    return out


@st.composite
def terrain_op(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "op": "terrain",
        "hexes": draw(st.lists(hexes, min_size=1, max_size=4)),
        "value": draw(st.sampled_from(TERRAINS)),
    }


@st.composite
def hexside_op(draw: st.DrawFn) -> dict[str, Any]:
    a = draw(hexes)
    b = draw(neighbour_or_any(a))
    return {
        "op": "hexside",
        "sides": [f"{a}/{b}"],
        "type": draw(st.sampled_from(SIDE_TYPES)),
        "name": draw(st.sampled_from(["", "Bug", "Sereth"])),
        "on": draw(st.booleans()),
    }


@st.composite
def line_op(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(LINES))
    kind = "road" if name == "Chaussee" else "rail"
    return {
        "op": "line",
        "kind": kind,
        "name": name,
        "track": "single",
        "hexes": draw(chain()),
        "on": draw(st.booleans()),
    }


ops = st.one_of(terrain_op(), hexside_op(), line_op())


def _reflected(project: Project, op: dict[str, Any]) -> None:
    board = load_scenario(project.scenario_path()).board
    if op["op"] == "terrain":
        for h in op["hexes"]:
            if op["value"] == "unknown":
                assert h in board.unknown_terrain
            else:
                assert board.terrain[h] == op["value"]
    elif op["op"] == "hexside" and op["on"]:
        a, b = op["sides"][0].split("/")
        key = hexside_between(board.coord[a], board.coord[b])
        assert op["type"] in board.side_features[key]
    elif op["op"] == "line" and op["on"]:
        lines = board.roads if op["kind"] == "road" else board.rails
        line = next(ln for ln in lines if ln.name == op["name"])
        assert line.hexes[-len(op["hexes"]) :] == tuple(op["hexes"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ops, min_size=1, max_size=6))
def test_random_map_edits_are_accepted_and_read_back_or_refused_unchanged(
    batch_ops: list[dict[str, Any]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Project.create_from(Path(tmp), "gwite/teaching")
        accepted = 0
        for op in batch_ops:
            before, revision = disk_texts(project), project.revision
            try:
                project.apply([op])
            except EditorError as exc:
                assert exc.problems and all(p["message"] for p in exc.problems)
                assert disk_texts(project) == before and project.revision == revision
                continue
            if disk_texts(project) != before:
                accepted += 1
            _reflected(project, op)
        for _ in range(accepted):
            project.undo()
        assert not project.history.can_undo
        for rel, text in disk_texts(project).items():
            assert text == (DATA_ROOT / rel).read_text(encoding="utf-8"), rel
