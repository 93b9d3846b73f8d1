"""The SVG picture of a map with its counters (greatwar.render)."""

from __future__ import annotations

import dataclasses
import math
import os
import re
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import greatwar
from greatwar.model.board import compile_board
from greatwar.model.loader import Scenario
from greatwar.model.problems import Problems
from greatwar.model.schema import HEXSIDE_TYPES, MapFile
from greatwar.render import FICTIONAL_LABEL, render_svg
from greatwar.rules import load_scenario

SVG = "{http://www.w3.org/2000/svg}"


# --- helpers ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def teaching() -> Scenario:
    return load_scenario("gwite/teaching")


@pytest.fixture(scope="module")
def setup_svg(teaching: Scenario) -> ET.Element:
    return ET.fromstring(render_svg(teaching))


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def groups(root: ET.Element, **attrs: str) -> list[ET.Element]:
    """``<g>`` elements whose attributes (``data_unit`` -> ``data-unit``) all match."""
    want = {k.replace("_", "-"): v for k, v in attrs.items()}
    return [g for g in root.iter(f"{SVG}g") if all(g.get(k) == v for k, v in want.items())]


def counter_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-unit"): g for g in root.iter(f"{SVG}g") if g.get("data-unit")}


def hex_polygons(root: ET.Element) -> dict[str, ET.Element]:
    out: dict[str, ET.Element] = {}
    for p in root.iter(f"{SVG}polygon"):
        label = p.get("data-hex")
        if label is not None:
            assert label not in out, f"hex {label} drawn twice"
            out[label] = p
    return out


def points(polygon: ET.Element) -> list[tuple[float, float]]:
    pairs = polygon.get("points", "").split()
    return [(float(x), float(y)) for x, y in (p.split(",") for p in pairs)]


def centre(polygon: ET.Element) -> tuple[float, float]:
    pts = points(polygon)
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def translation(group: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", group.get("transform", ""))
    assert m, group.get("transform")
    return float(m.group(1)), float(m.group(2))


def nearest_hex(root: ET.Element, xy: tuple[float, float]) -> str:
    polys = hex_polygons(root)
    return min(polys, key=lambda h: math.dist(centre(polys[h]), xy))


def hex_numbers(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "hn"]


TINY_SCENARIO = """\
[scenario]
id = "tiny"
system = "gwite"
name = "Tiny test scenario"
fictional = {fictional}
map = "map.toml"
counters = ["counters.toml"]
turns = 2
first_side = "a"

[[side]]
id = "a"
name = "Alpha"
nationalities = ["alpha"]
color = "#aa3333"

[[side]]
id = "b"
name = "Beta"
nationalities = ["beta"]
color = "#dddd44"

[parameters]
stacking_limit = 4
tcr = {{ alpha = 1, beta = 2 }}
supply_range = {{ alpha = 3 }}
"""

TINY_COUNTERS = """\
[[counter]]
id = "A-1"
name = "1st Division"
side = "a"
nationality = "alpha"
type = "infantry"
size = "division"
movement = 4
steps = [[3, 4], [1, 2]]
setup = "{first}"

[[counter]]
id = "B-HQ"
name = "Beta HQ"
side = "b"
nationality = "beta"
type = "hq"
size = "corps"
hq = {{ level = "corps" }}
movement = 6
steps = [{{ attack_shift = 1, command_radius = 3, command_strength = 6 }}]
setup = "{last}"
"""


def tiny_map_text(
    *,
    numbering: str = "spi",
    layout: str = "odd-q",
    grid: str = "1 .f.c\n2 .~..\n3 ff..",
    places: str = "",
    fictional: bool = False,
) -> str:
    header = textwrap.dedent(
        f"""\
        [map]
        id = "tiny"
        name = "Tiny map"
        fictional = {str(fictional).lower()}
        numbering = "{numbering}"
        layout = "{layout}"
        columns = [1, 4]
        rows = [1, 3]

        [terrain]
        legend = {{ "." = "clear", "f" = "forest", "c" = "city", "~" = "lake" }}
        """
    )
    return header + f'grid = """\n{grid}\n"""\n\n' + textwrap.dedent(places)


def write_tiny_scenario(
    tmp_path: Path,
    first: str,
    last: str,
    *,
    fictional: bool = False,
    **map_args: object,
) -> Scenario:
    (tmp_path / "map.toml").write_text(tiny_map_text(**map_args), encoding="utf-8")  # type: ignore[arg-type]
    (tmp_path / "counters.toml").write_text(
        TINY_COUNTERS.format(first=first, last=last), encoding="utf-8"
    )
    path = tmp_path / "scenario.toml"
    path.write_text(TINY_SCENARIO.format(fictional=str(fictional).lower()), encoding="utf-8")
    return load_scenario(path)


def with_board(scenario: Scenario, map_text: str, tmp_path: Path) -> Scenario:
    """The scenario with its board replaced by a map compiled from ``map_text``."""
    import tomllib

    problems = Problems(tmp_path / "map.toml", text=map_text)
    board = compile_board(MapFile.model_validate(tomllib.loads(map_text)), problems)
    assert not problems.items, problems.items
    return dataclasses.replace(scenario, board=board, counters={})


# --- the document ----------------------------------------------------------------------


def test_output_is_a_standalone_svg_document(teaching: Scenario) -> None:
    svg = render_svg(teaching)
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("version") == "1.1"
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert float(root.get("width", 0)) == box[2] and float(root.get("height", 0)) == box[3]
    # no scripts, no external resources
    assert not list(root.iter(f"{SVG}script"))
    assert "href" not in svg
    assert re.findall(r"https?://[^\"]*", svg) == ["http://www.w3.org/2000/svg"]


def test_everything_drawn_lies_inside_the_view_box(setup_svg: ET.Element) -> None:
    _, _, width, height = (float(v) for v in setup_svg.get("viewBox", "").split())
    map_group = next(g for g in setup_svg.iter(f"{SVG}g") if g.get("class") == "map")
    dx, dy = translation(map_group)
    for poly in hex_polygons(setup_svg).values():
        for x, y in points(poly):
            assert 0 <= x + dx <= width and 0 <= y + dy <= height


def test_each_hex_is_one_polygon_in_its_terrain_colour(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    polys = hex_polygons(setup_svg)
    assert sorted(polys) == sorted(teaching.board.hexes)
    for label in ("0101", "0301", "0204", "1108", "1501", "0716"):
        terrain = teaching.board.terrain[label]
        assert polys[label].get("fill") == teaching.terrain.terrain[terrain].color
        assert len(points(polys[label])) == 6


def test_every_hex_label_is_printed_once_as_a_hex_number(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    numbers = hex_numbers(setup_svg)
    assert sorted(numbers) == sorted(teaching.board.hexes)


def test_hex_number_sits_at_the_top_of_its_hex(setup_svg: ET.Element) -> None:
    polys = hex_polygons(setup_svg)
    for t in setup_svg.iter(f"{SVG}text"):
        if t.get("class") == "hn" and t.text == "0712":
            cx, cy = centre(polys["0712"])
            assert float(t.get("x", 0)) == pytest.approx(cx, abs=0.2)
            assert float(t.get("y", 0)) < cy
            break
    else:
        pytest.fail("hex number 0712 not found")


def test_each_city_is_named_with_its_victory_points(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    labels = texts(setup_svg)
    for city in teaching.board.cities.values():
        assert f"{city.name} {city.vp}" in labels
    assert "Lindenau 2" in labels


def test_fortresses_show_name_and_defence(teaching: Scenario, setup_svg: ET.Element) -> None:
    labels = texts(setup_svg)
    for hex_label, fortress in teaching.board.fortresses.items():
        assert fortress.name in labels
        assert f"{fortress.defense[0]}/{fortress.defense[1]}" in labels
        assert groups(setup_svg, data_fortress=hex_label)


def test_fictional_scenario_is_labelled_fictional(setup_svg: ET.Element) -> None:
    assert any(FICTIONAL_LABEL in t for t in texts(setup_svg))
    assert FICTIONAL_LABEL == "FICTIONAL teaching scenario"


def test_title_names_scenario_and_map(teaching: Scenario, setup_svg: ET.Element) -> None:
    labels = texts(setup_svg)
    assert teaching.info.name in labels
    assert any(teaching.board.info.name in t for t in labels)


def test_non_fictional_scenario_has_no_fictional_label(tmp_path: Path) -> None:
    scenario = write_tiny_scenario(tmp_path, "0101", "0403")
    assert not scenario.fictional
    assert "FICTIONAL" not in render_svg(scenario)


# --- map features ----------------------------------------------------------------------


def test_hexside_features_are_drawn_once_per_hexside(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    expected: dict[str, int] = {}
    for kinds in teaching.board.side_features.values():
        for kind in kinds:
            expected[kind] = expected.get(kind, 0) + 1
    for kind, count in expected.items():
        assert len(groups(setup_svg, data_side=kind)) == count, kind


def test_national_borders_follow_the_country_grid(setup_svg: ET.Element) -> None:
    borders = next(g for g in setup_svg.iter(f"{SVG}g") if g.get("class") == "borders")
    # the teaching map has a German/Austrian border (row 8/9) and the Russian one
    assert len(list(borders.iter(f"{SVG}line"))) >= 2 * 30


def test_rails_and_roads_are_drawn(teaching: Scenario, setup_svg: ET.Element) -> None:
    for ln in teaching.board.rails:
        (g,) = groups(setup_svg, data_rail=ln.name)
        assert g.get("data-track") == ln.track
    for ln in teaching.board.roads:
        assert groups(setup_svg, data_road=ln.name)


def test_entries_and_supply_sources_are_marked(teaching: Scenario, setup_svg: ET.Element) -> None:
    for letter, entry in teaching.board.entries.items():
        (g,) = groups(setup_svg, data_entry=letter)
        assert g.get("data-hex") == entry.hex
        assert letter in texts(g)
    sources = [g for g in setup_svg.iter(f"{SVG}g") if g.get("data-supply")]
    assert sorted(g.get("data-hex") for g in sources) == sorted(
        s.hex for s in teaching.board.supply_sources
    )


def test_legend_lists_the_terrain_and_symbols(setup_svg: ET.Element) -> None:
    legend = next(g for g in setup_svg.iter(f"{SVG}g") if g.get("class") == "legend")
    words = texts(legend)
    for name in ("Clear", "Forest", "Swamp", "Mountain", "Minor river", "Major river", "Ridge"):
        assert name in words
    for name in ("Railroad, single track", "Railroad, double track", "Infantry", "Allies"):
        assert name in words
    assert any(w.startswith("Fortress") for w in words)


def test_options_turn_off_numbers_counters_and_legend(teaching: Scenario) -> None:
    root = ET.fromstring(render_svg(teaching, numbers=False, counters=False, legend=False))
    assert hex_numbers(root) == []
    assert counter_groups(root) == {}
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"]
    assert hex_polygons(root)


def test_bad_hex_size_is_refused(teaching: Scenario) -> None:
    with pytest.raises(ValueError, match="hex_size"):
        render_svg(teaching, hex_size=0)


def test_the_renderer_loads_neither_engine_nor_rules() -> None:
    """It draws the model and a state's plain data: importing it imports no rules."""
    root = Path(__file__).resolve().parents[1]
    code = "import sys, greatwar.render; print(' '.join(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    loaded = done.stdout.split()
    assert "greatwar.render.document" in loaded
    rules = ("greatwar.api", "greatwar.engine", "greatwar.rules", "greatwar.ai", "greatwar.sim")
    assert [m for m in loaded if m.startswith(rules)] == []


# --- counters --------------------------------------------------------------------------


def test_without_state_the_setup_positions_are_drawn(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    drawn = counter_groups(setup_svg)
    expected = {uid: c.setup for uid, c in teaching.counters.items() if c.setup}
    assert {uid: g.get("data-hex") for uid, g in drawn.items()} == expected
    # units that arrive later are not on the map yet
    assert "G-3R" not in drawn


def test_counter_shows_type_size_designation_and_values(setup_svg: ET.Element) -> None:
    words = texts(counter_groups(setup_svg)["G-XVII"])
    assert "XXX" in words  # corps
    assert "XVII" in words  # short designation
    assert "8-8-4" in words  # attack-defense-movement


def test_hq_shows_shift_radius_strength(setup_svg: ET.Element) -> None:
    words = texts(counter_groups(setup_svg)["G-HQ-AOK"])
    assert "2-5-12" in words
    assert "HQ" in words
    assert "XXXX" in words


def test_stack_is_drawn_offset_with_a_count_badge(
    teaching: Scenario, setup_svg: ET.Element
) -> None:
    drawn = counter_groups(setup_svg)
    a, b = translation(drawn["G-XVII"]), translation(drawn["G-A1"])  # both in 0806
    assert a != b
    assert math.dist(a, b) < 10
    setups = [c.setup for c in teaching.counters.values() if c.setup]
    stacks = {h: setups.count(h) for h in setups if setups.count(h) > 1}
    assert "0806" in stacks
    badges = [g for g in setup_svg.iter(f"{SVG}g") if g.get("class") == "stack-count"]
    assert sorted(texts(g)[0] for g in badges) == sorted(str(n) for n in stacks.values())
    # the combat unit is on top (drawn last) of the HQ and depot in 0506
    order = [uid for uid in drawn if drawn[uid].get("data-hex") == "0506"]
    assert order == ["G-D1", "G-HQ-AOK"]


def test_counter_follows_the_unit_when_it_moves() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(seed=3)
    role = state.active_roles()[0]
    select = next(a for a in state.legal_actions(role) if a.get("type") == "select")
    uid = select["unit"]
    before = state.data["units"][uid]["hex"]
    state.apply(role, select)
    move = next(
        a for a in state.legal_actions(role) if a.get("type") == "move" and a.get("unit") == uid
    )
    state.apply(role, move)
    after = state.data["units"][uid]["hex"]
    assert after != before

    root = ET.fromstring(render_svg(game.scenario, state))
    g = counter_groups(root)[uid]
    assert g.get("data-hex") == after
    assert nearest_hex(root, translation(g)) == after
    # a state's data dict works as well
    again = ET.fromstring(render_svg(game.scenario, state.data))
    assert counter_groups(again)[uid].get("data-hex") == after


def test_eliminated_and_pending_units_are_not_drawn() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(seed=1)
    state.data["units"]["R-V"].update(hex=None, status="eliminated")
    drawn = counter_groups(ET.fromstring(render_svg(game.scenario, state)))
    assert "R-V" not in drawn
    assert "G-3R" not in drawn  # pending reinforcement
    assert "R-XIX" in drawn


def test_step_losses_show_reduced_values_and_a_red_marker() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(seed=1)
    state.data["units"]["G-I"]["lost"] = 2
    root = ET.fromstring(render_svg(game.scenario, state))
    g = counter_groups(root)["G-I"]
    words = texts(g)
    assert "4-4-4" in words and "8-8-4" not in words
    assert "2" in words  # the step-loss marker
    assert any(r.get("fill") == "#d62020" for r in g.iter(f"{SVG}rect"))
    untouched = counter_groups(root)["G-XVII"]
    assert not any(r.get("fill") == "#d62020" for r in untouched.iter(f"{SVG}rect"))


def test_state_turn_appears_in_the_title() -> None:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(seed=1)
    words = texts(ET.fromstring(render_svg(game.scenario, state)))
    assert any("Turn 1 of 6" in w for w in words)


# --- other maps ------------------------------------------------------------------------


def test_pointy_map_renders(tmp_path: Path) -> None:
    scenario = write_tiny_scenario(tmp_path, "0101", "0403", layout="odd-r")
    assert scenario.board.orientation == "pointy"
    root = ET.fromstring(render_svg(scenario))
    polys = hex_polygons(root)
    assert len(polys) == 12
    cx, cy = centre(polys["0202"])
    # a pointy hex has a corner straight above its centre
    assert any(abs(x - cx) < 0.2 and y < cy - 29 for x, y in points(polys["0202"]))
    assert sorted(hex_numbers(root)) == sorted(scenario.board.hexes)
    assert counter_groups(root)["A-1"].get("data-hex") == "0101"


def test_tannenberg_numbered_map_renders(tmp_path: Path) -> None:
    places = """\
        [[city]]
        hex = "A4 B1"
        name = "Allenstein"
        vp = 2

        [[hexside]]
        type = "minor_river"
        sides = ["A1 B1/A1 B2", "A2 B2/A2 B3"]
        """
    scenario = write_tiny_scenario(tmp_path, "A1 B1", "a4b3", numbering="tannenberg", places=places)
    root = ET.fromstring(render_svg(scenario))
    assert sorted(hex_numbers(root)) == sorted(scenario.board.hexes)
    assert "A1 B1" in hex_numbers(root)
    assert "Allenstein 2" in texts(root)
    assert len(groups(root, data_side="minor_river")) == 2
    # a counter set up with another spelling of a hex is drawn at the map's label
    assert counter_groups(root)["B-HQ"].get("data-hex") == "A4 B3"


def test_text_is_escaped(tmp_path: Path) -> None:
    places = """\
        [[city]]
        hex = "0401"
        name = "Fort <&> \\"Q\\""
        vp = 5
        """
    scenario = write_tiny_scenario(tmp_path, "0101", "0403", places=places)
    svg = render_svg(scenario)
    assert "<&>" not in svg
    root = ET.fromstring(svg)
    assert 'Fort <&> "Q" 5' in texts(root)


def test_unknown_terrain_is_hatched(tmp_path: Path) -> None:
    scenario = write_tiny_scenario(tmp_path, "0101", "0403", grid="1 .f??\n2 .~..\n3 ff..")
    root = ET.fromstring(render_svg(scenario))
    polys = hex_polygons(root)
    assert polys["0301"].get("fill") == "url(#gw-unknown)"
    assert polys["0101"].get("fill") == scenario.terrain.terrain["clear"].color
    assert "Terrain not yet entered" in texts(root)


def test_every_hexside_type_and_place_kind_renders(teaching: Scenario, tmp_path: Path) -> None:
    kinds = list(HEXSIDE_TYPES)
    sides = ["0101/0201", "0201/0301", "0301/0401", "0102/0202", "0202/0302", "0302/0402"]
    places = "".join(
        f'[[hexside]]\ntype = "{kind}"\nsides = ["{sides[i % len(sides)]}"]\n\n'
        for i, kind in enumerate(kinds)
    )
    places += textwrap.dedent(
        """\
        [[fortress]]
        hex = "0202"
        name = "Fort"
        country = "russia"
        defense = [6, 3]

        [[trench]]
        hexes = ["0203", "0303"]

        [[entry]]
        letter = "Z"
        hex = "0402"
        edge = "east"

        [[supply_source]]
        hex = "0101"
        country = "germany"

        [[rail]]
        track = "double"
        hexes = ["0101", "0201", "0301"]

        [[road]]
        hexes = ["0103", "0203"]
        """
    )
    scenario = with_board(teaching, tiny_map_text(places=places), tmp_path)
    root = ET.fromstring(render_svg(scenario))
    for kind in kinds:
        assert groups(root, data_side=kind), kind
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    words = texts(legend)
    for name in ("Wire", "Bridge", "Strait", "Lake shore", "Trench hex"):
        assert name in words
    assert "Fort" in texts(root)
    assert groups(root, data_entry="Z")
