"""Each op, applied and saved, is what the real loader reads back; comments survive."""

from __future__ import annotations

import time
from pathlib import Path

from greatwar.editor import Project
from greatwar.hexgrid import hexside_between

from .project_kit import TEACHING_COUNTERS, TEACHING_MAP, TEACHING_SCENARIO, loaded, teaching

MAP_COMMENT = "# row, then one character per column 01..20"


def _map_text(project: Project) -> str:
    return (project.root / TEACHING_MAP).read_text(encoding="utf-8")


def test_terrain_op_paints_hexes_one_character_each_and_keeps_comments(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "terrain", "hexes": ["0101", "0516"], "value": "swamp"}])
    board = loaded(project).board
    assert board.terrain["0101"] == "swamp" and board.terrain["0516"] == "swamp"
    text = _map_text(project)
    assert MAP_COMMENT in text and text.startswith("# FICTIONAL teaching map")
    assert "\n01 s.f....ff.....ssss..\n" in text
    assert project.revision == 1


def test_terrain_op_gives_a_new_terrain_a_legend_character(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "terrain", "hexes": ["0303"], "value": "sea"}])
    assert loaded(project).board.terrain["0303"] == "sea"
    assert '"sea"' in _map_text(project).split("[terrain]")[1].split("\n")[1]


def test_terrain_op_unknown_makes_the_hex_lack_terrain(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "terrain", "hexes": ["0303"], "value": "unknown"}])
    sc = loaded(project)
    assert sc.board.unknown_terrain == ("0303",)
    lacks = project.state()["lacks"]
    assert lacks[0]["hexes"] == ["0303"] and lacks[0]["blocking"]


def test_country_op_sets_and_clears_a_hex_country(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "country", "hexes": ["0101"], "value": "russia"}])
    assert loaded(project).board.country["0101"] == "russia"
    project.apply([{"op": "country", "hexes": ["0101"], "value": ""}])
    assert "0101" not in loaded(project).board.country


def test_country_op_creates_the_countries_grid_when_the_map_has_none(tmp_path: Path) -> None:
    project = Project.create_blank(
        tmp_path, "gwite", name="Blank", numbering="spi", columns=(1, 4), rows=(1, 3)
    )
    project.apply([{"op": "country", "hexes": ["0202"], "value": "germany"}])
    board = loaded(project).board
    assert board.country == {"0202": "germany"}


def test_hexside_op_adds_and_removes_a_named_river(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    op = {"op": "hexside", "sides": ["0505/0506"], "type": "minor_river", "name": "Bug"}
    project.apply([{**op, "on": True}])
    board = loaded(project).board
    key = hexside_between(board.coord["0505"], board.coord["0506"])
    assert "minor_river" in board.side_features[key]
    assert "Bug" in board.side_names[key]
    assert 'name = "Bug"' in _map_text(project)
    project.apply([{**op, "on": False}])
    board = loaded(project).board
    assert key not in board.side_features
    assert 'name = "Bug"' not in _map_text(project)  # the emptied table is removed


def test_line_op_adds_a_rail_line_and_extends_it(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    line = {"op": "line", "kind": "rail", "name": "Testbahn", "track": "single", "on": True}
    project.apply([{**line, "hexes": ["0102", "0103"]}])
    project.apply([{**line, "hexes": ["0104"]}])
    rails = {r.name: r for r in loaded(project).board.rails}
    assert rails["Testbahn"].hexes == ("0102", "0103", "0104")
    assert rails["Testbahn"].track == "single"
    project.apply([{**line, "hexes": ["0104"], "on": False}])
    rails = {r.name: r for r in loaded(project).board.rails}
    assert rails["Testbahn"].hexes == ("0102", "0103")


def test_line_op_adds_a_road(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply(
        [{"op": "line", "kind": "road", "name": "Chaussee", "hexes": ["0202", "0302"], "on": True}]
    )
    roads = {r.name: r for r in loaded(project).board.roads}
    assert roads["Chaussee"].hexes == ("0202", "0302")


def test_place_op_sets_a_city_with_vp_and_removes_it(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    fields = {"name": "Neustadt", "size": "town", "vp": 2}
    project.apply([{"op": "place", "kind": "city", "hex": "0303", "fields": fields}])
    city = loaded(project).board.cities["0303"]
    assert (city.name, city.size, city.vp) == ("Neustadt", "town", 2)
    project.apply([{"op": "place", "kind": "city", "hex": "0303", "fields": {"vp": 5}}])
    assert loaded(project).board.cities["0303"].vp == 5
    project.apply([{"op": "place", "kind": "city", "hex": "0303", "fields": None}])
    assert "0303" not in loaded(project).board.cities


def test_place_op_sets_a_fortress_an_entry_and_a_supply_source(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply(
        [
            {
                "op": "place",
                "kind": "fortress",
                "hex": "0404",
                "fields": {"name": "Feste Test", "country": "germany", "defense": [6, 3]},
            },
            {"op": "place", "kind": "entry", "hex": "0101", "fields": {"letter": "Q"}},
            {
                "op": "place",
                "kind": "supply_source",
                "hex": "0116",
                "fields": {"country": "austria-hungary", "kind": "map_edge"},
            },
        ]
    )
    board = loaded(project).board
    assert board.fortresses["0404"].defense == (6, 3)
    assert board.entries["Q"].hex == "0101"
    assert any(s.hex == "0116" and s.country == "austria-hungary" for s in board.supply_sources)


def test_area_op_adds_a_region_and_a_trench(tmp_path: Path) -> None:
    project = Project.create_from(tmp_path, "gwite/brusilov-teaching")
    mp = "gwite/maps/brusilov-teaching.toml"
    before = project.texts()[mp]
    project.apply(
        [
            {"op": "area", "kind": "region", "name": "Test area", "hexes": ["0101", "0102"]},
            {
                "op": "area",
                "kind": "trench",
                "name": "Test line",
                "country": "russia",
                "hexes": ["0901"],
            },
        ]
    )
    board = loaded(project).board
    assert board.regions["Test area"] == frozenset({"0101", "0102"})
    assert board.trenches["0901"] == "Test line"
    project.apply(
        [{"op": "area", "kind": "region", "name": "Test area", "hexes": ["0102"], "on": False}]
    )
    assert loaded(project).board.regions["Test area"] == frozenset({"0101"})
    assert before.splitlines()[0] in project.texts()[mp]


COUNTER = {
    "name": "Test Division",
    "side": "allied",
    "nationality": "russia",
    "type": "infantry",
    "size": "division",
    "movement": 4,
    "steps": [[3, 4], [1, 2]],
    "setup": "1505",
}


def test_counter_op_creates_changes_renames_and_removes_a_counter(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "counter", "id": "R-TEST", "fields": COUNTER}])
    c = loaded(project).counters["R-TEST"]
    assert (c.setup, c.movement, c.steps[0].attack) == ("1505", 4, 3)
    project.apply([{"op": "counter", "id": "R-TEST", "fields": {**COUNTER, "movement": 5}}])
    assert loaded(project).counters["R-TEST"].movement == 5
    project.apply([{"op": "counter", "id": "R-TEST", "rename": "R-NEW"}])
    counters = loaded(project).counters
    assert "R-TEST" not in counters and counters["R-NEW"].name == "Test Division"
    project.apply([{"op": "counter", "id": "R-NEW", "fields": None}])
    assert "R-NEW" not in loaded(project).counters
    text = (project.root / TEACHING_COUNTERS).read_text(encoding="utf-8")
    assert text.startswith("# FICTIONAL counters for the teaching scenario")


def test_counter_op_changing_one_field_leaves_the_rest_of_the_file_alone(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    before = project.texts()[TEACHING_COUNTERS]
    state = project.state()
    g35 = next(c for c in state["counters"] if c["id"] == "G-35R")
    fields = {k: v for k, v in g35.items() if k != "file"}
    project.apply([{"op": "counter", "id": "G-35R", "fields": {**fields, "setup": "0904"}}])
    after = project.texts()[TEACHING_COUNTERS]
    assert after == before.replace('setup = "0903"', 'setup = "0904"', 1)
    assert loaded(project).counters["G-35R"].setup == "0904"


def test_set_op_changes_a_scenario_datum_and_deletes_a_key(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    project.apply([{"op": "set", "file": "scenario", "path": ["scenario", "turns"], "value": 8}])
    sc = loaded(project)
    assert sc.info.turns == 8
    text = project.texts()[TEACHING_SCENARIO]
    assert "turns = 8" in text and text.startswith("# FICTIONAL teaching scenario")
    project.apply(
        [{"op": "set", "file": "scenario", "path": ["scenario", "source"], "value": None}]
    )
    assert loaded(project).info.source == ""
    project.apply([{"op": "set", "file": TEACHING_MAP, "path": ["map", "name"], "value": "Neu"}])
    assert loaded(project).board.info.name == "Neu"


def test_a_batch_of_painting_on_the_teaching_map_is_fast(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    hexes = [f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(1, 6)]
    start = time.perf_counter()
    project.apply([{"op": "terrain", "hexes": hexes, "value": "forest"}])
    took = time.perf_counter() - start
    assert all(loaded(project).board.terrain[h] == "forest" for h in hexes)
    assert took < 0.5, f"a 50-hex paint took {took:.3f} s"


def test_ops_on_a_game_of_two_maps_edit_the_map_the_prefix_names(tmp_path: Path) -> None:
    project = Project.create_from(tmp_path, "gwite/serbia-galicia-teaching")
    board = loaded(project).board
    s_hex = next(h for h in board.hexes if h.startswith("s"))
    other = board.neighbours[s_hex][0]
    before = project.texts()
    project.apply(
        [
            {"op": "terrain", "hexes": [s_hex], "value": "swamp"},
            {"op": "hexside", "sides": [f"{s_hex}/{other}"], "type": "ridge", "name": "Test"},
        ]
    )
    board = loaded(project).board
    assert board.terrain[s_hex] == "swamp"
    assert "ridge" in board.features(s_hex, other)
    changed = [rel for rel, text in project.texts().items() if text != before[rel]]
    assert changed == ["gwite/maps/serbia-galicia-teaching-s.toml"]


def test_terrain_op_on_a_tannenberg_map_paints_the_labelled_hex(tmp_path: Path) -> None:
    project = Project.create_from(tmp_path, "tannenberg/teaching")
    board = loaded(project).board
    label = board.hexes[len(board.hexes) // 2]
    value = "swamp" if board.terrain.get(label) != "swamp" else "forest"
    project.apply([{"op": "terrain", "hexes": [label], "value": value}])
    after = loaded(project).board
    assert after.terrain[label] == value
    assert {h: t for h, t in after.terrain.items() if h != label} == {
        h: t for h, t in board.terrain.items() if h != label
    }


def test_set_op_replaces_a_whole_array_of_tables(tmp_path: Path) -> None:
    project = teaching(tmp_path)
    cities = [{"hex": "0303", "name": "Only", "size": "town", "vp": 4}]
    project.apply([{"op": "set", "file": TEACHING_MAP, "path": ["city"], "value": cities}])
    board = loaded(project).board
    assert list(board.cities) == ["0303"] and board.cities["0303"].vp == 4
    assert "[[city]]" in _map_text(project)
