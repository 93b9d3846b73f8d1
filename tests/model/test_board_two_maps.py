"""A game on two maps (the groundwork of Serbia/Galicia 2.1): the FICTIONAL scenario
gwite/two-maps-teaching, its composite board, and the loader's refusals by place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from greatwar import hexgrid
from greatwar.model.composite import GAP_COLUMNS, UNREACHABLE, CompositeBoard
from greatwar.model.loader import DATA_ROOT, Scenario
from greatwar.model.problems import Problem, ScenarioError
from greatwar.render.geometry import Geometry
from greatwar.rules import load_scenario

SOURCE = DATA_ROOT / "gwite"
NORTH = "maps/two-maps-north.toml"
SOUTH = "maps/two-maps-south.toml"
SCENARIO = "scenarios/two-maps-teaching.toml"
COUNTERS = "counters/two-maps-teaching.toml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return load_scenario("gwite/two-maps-teaching")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the two-maps scenario's files (the packaged terrain table named)."""
    for name in (NORTH, SOUTH, SCENARIO, COUNTERS):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(SOURCE / name, tmp_path / name)
    edit(
        tmp_path / SCENARIO, "turns = 4\n", f'turns = 4\nterrain_table = "{SOURCE}/terrain.toml"\n'
    )
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def problems(root: Path) -> list[Problem]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(root / SCENARIO)
    return info.value.problems


def only(found: list[Problem], file: Path) -> Problem:
    chosen = [p for p in found if Path(p.file) == file]
    assert len(chosen) == 1, "\n".join(str(p) for p in found)
    return chosen[0]


# --- the composite board -----------------------------------------------------------------


def test_the_scenario_holds_both_maps_with_prefixed_labels(scenario: Scenario) -> None:
    board = scenario.board
    assert isinstance(board, CompositeBoard)
    assert [part.info.prefix for part in board.maps] == ["n", "s"]
    assert len(board.hexes) == 128
    assert {h[0] for h in board.hexes} == {"n", "s"}
    assert board.map_of("n0304") == "n" and board.map_of("s0304") == "s"
    assert board.cities["n0304"].name == "Nordstadt" and board.cities["s0304"].name == "Südheim"
    assert board.entries["A"].hex == "n0104" and board.entries["B"].hex == "s0104"
    # a region named on both maps spans both
    assert {"n0401", "s0401"} <= board.regions["front"]
    # each map's hexsides are kept where they are on it
    assert "minor_river" in board.features("n0401", "n0501")
    assert "minor_river" in board.features("s0401", "s0501")
    assert board.rail_between("s0304", "s0404") == ("single",)
    assert scenario.fictional


def test_hexes_of_different_maps_are_never_neighbours(scenario: Scenario) -> None:
    board = scenario.board
    for label in board.hexes:
        assert all(board.map_of(n) == board.map_of(label) for n in board.neighbours[label])
    # the east edge of n and the west edge of s hold no common neighbour either
    assert "s0101" not in board.neighbours["n0801"]


def test_a_distance_between_maps_is_unreachable_and_within_stays_on_its_map(
    scenario: Scenario,
) -> None:
    board = scenario.board
    assert board.distance("n0304", "n0604") == 3
    assert board.distance("n0804", "s0104") == UNREACHABLE
    assert board.distance("n0104", "s0104") == UNREACHABLE
    assert set(board.within("n0804", 20)) == {h for h in board.hexes if h.startswith("n")}
    assert "s0101" not in board.within("n0801", 10)


def test_labels_parse_to_their_own_map(scenario: Scenario) -> None:
    board = scenario.board
    for label in ("n0101", "s0101", "s0808", "N0504"):
        assert board.numbering.label(board.numbering.parse(label)) == label.lower()
    with pytest.raises(ValueError, match="nCCRR, sCCRR"):
        board.numbering.parse("0101")


def test_the_maps_lie_side_by_side_in_the_drawing_tops_level(scenario: Scenario) -> None:
    board = scenario.board
    assert board.maps[0].offset == hexgrid.Hex(0, 0)
    geo = Geometry(board, 10.0)

    def box(prefix: str) -> tuple[float, float, float, float]:
        pts = [p for h in board.hexes if h[0] == prefix for p in geo.corners(h)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return min(xs), min(ys), max(xs), max(ys)

    n_box, s_box = box("n"), box("s")
    # GAP_COLUMNS empty columns (1.5 sizes apart each) between the two maps
    assert s_box[0] - n_box[2] >= GAP_COLUMNS * 1.5 * 10.0 - 1e-6
    assert s_box[1] == pytest.approx(n_box[1])
    # the south map's hexes keep their shape: the offset is a translation
    (north, south) = (part.board for part in board.maps)
    offset = board.maps[1].offset
    assert all(
        board.coord[h] == hexgrid.Hex(south.coord[h].q + offset.q, south.coord[h].r + offset.r)
        for h in south.hexes
    )
    assert all(board.coord[h] == north.coord[h] for h in north.hexes)


def test_a_single_map_scenario_is_unchanged() -> None:
    board = load_scenario("gwite/teaching").board
    assert type(board).__name__ == "Board" and board.maps == ()
    assert board.map_of("0101") == "" and "0101" in board.coord


# --- the loader's refusals, by place -------------------------------------------------------


def test_two_maps_without_prefixes_are_refused_naming_the_file_and_field(copy: Path) -> None:
    edit(copy / NORTH, 'prefix = "n"\n', "")
    found = problems(copy)
    problem = only([p for p in found if p.field == "map.prefix"], (copy / NORTH).resolve())
    assert "needs each map's prefix" in problem.message


def test_two_maps_with_the_same_prefix_are_refused(copy: Path) -> None:
    edit(copy / SOUTH, 'prefix = "s"\n', 'prefix = "n"\n')
    for name in (SOUTH, COUNTERS, SCENARIO):
        path = copy / name
        path.write_text(path.read_text(encoding="utf-8").replace('"s0', '"n0'), encoding="utf-8")
    found = problems(copy)
    problem = only([p for p in found if p.field == "map.prefix"], (copy / SOUTH).resolve())
    assert "prefix 'n' is also map gwite-two-maps-north's" in problem.message


def test_map_and_maps_together_are_refused(copy: Path) -> None:
    edit(copy / SCENARIO, "maps = [", 'map = "../maps/two-maps-north.toml"\nmaps = [')
    found = problems(copy)
    assert any("exactly one of 'map'" in p.message and p.field == "scenario" for p in found)


def test_a_label_without_its_map_prefix_is_refused_naming_the_counter(copy: Path) -> None:
    edit(copy / COUNTERS, 'setup = "n0304"', 'setup = "0304"')
    problem = only(problems(copy), (copy / COUNTERS).resolve())
    assert problem.field.endswith("setup")
    assert "G-I" in problem.message and "nCCRR, sCCRR" in problem.message


def test_a_hex_off_its_map_is_refused_naming_that_map(copy: Path) -> None:
    edit(copy / COUNTERS, 'setup = "s0306"', 'setup = "s0909"')
    problem = only(problems(copy), (copy / COUNTERS).resolve())
    assert "hex s0909 is not on the map" in problem.message
    assert "columns 1-8 and rows 1-8" in problem.message


def test_an_off_map_link_between_maps_joins_rail_exit_hexes(copy: Path) -> None:
    edit(copy / SCENARIO, 'hexes = ["n0104", "s0104"]', 'hexes = ["n0104", "s0405"]')
    problem = only(problems(copy), (copy / SCENARIO).resolve())
    assert problem.field == "offmap_link[0].hexes[1]"
    assert "s0405 is not a rail hex on the map edge" in problem.message


def test_a_hexside_across_maps_is_refused(copy: Path) -> None:
    edit(copy / NORTH, '"n0401/n0501",', '"n0401/s0501",')
    problem = only(problems(copy), (copy / NORTH).resolve())
    assert problem.field == "hexside[0].sides[0]"
    assert "'s0501' is not a hex number of the form nCCRR" in problem.message


def test_a_missing_map_file_is_refused_at_its_place_in_maps(copy: Path) -> None:
    edit(copy / SCENARIO, '"../maps/two-maps-south.toml"', '"../maps/nowhere.toml"')
    problem = only(problems(copy), (copy / SCENARIO).resolve())
    assert problem.field == "scenario.maps[1]" and "file not found" in problem.message


def test_maps_with_one_file_is_refused(copy: Path) -> None:
    edit(copy / SCENARIO, ', "../maps/two-maps-south.toml"]', "]")
    found = problems(copy)
    assert any("one map goes in 'map'" in p.message for p in found)
