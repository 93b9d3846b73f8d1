"""The data of Tannenberg 1914: tables, constants, the fictional teaching scenario and
the historical set-up.

Numbers the rulebook prints are checked against the rulebook's text where it is
at hand (tests read it as tests/test_cases.py does, and skip when it is absent);
provisional values are checked for agreeing with the rule text's statements and
worked examples, for being monotone, and for being marked provisional.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections import Counter as Tally
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from greatwar import hexgrid
from greatwar.model.board import Board
from greatwar.model.loader import DATA_ROOT, Scenario, parse_file
from greatwar.model.schema import (
    GridTable,
    RuleConstants,
    TerrainCharacteristics,
)
from greatwar.rules import load_scenario, validate_file

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = Path(os.environ.get("GREATWAR_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
RULEBOOK = RULEBOOKS / "tannenberg-1914.txt"
DATA = DATA_ROOT / "tannenberg"

needs_rulebook = pytest.mark.skipif(
    not RULEBOOK.exists(), reason=f"the Tannenberg rulebook is not in {RULEBOOKS}"
)


def grid_table(name: str) -> GridTable:
    table, problems = parse_file(DATA / f"{name}.toml", GridTable)
    assert table is not None, problems.items
    return table


def cell(table: GridTable, key: int | str, column: str) -> str:
    row = next(r for r in table.rows if r.key == key)
    return row.values[table.columns.index(column)]


def losses(entry: str) -> tuple[int, int]:
    """ "1/6" -> (1, 6); "-" is no loss."""
    a, d = entry.split("/")
    return (0 if a == "-" else int(a)), (0 if d == "-" else int(d))


def points(entry: str) -> int:
    return 0 if entry == "-" else int(entry)


@pytest.fixture(scope="module")
def teaching() -> Scenario:
    return load_scenario(DATA / "scenarios" / "teaching.toml")


@pytest.fixture(scope="module")
def historical() -> Scenario:
    return load_scenario(DATA / "scenarios" / "historical.toml")


# --- every file validates ------------------------------------------------------------

FILES = [
    "terrain.toml",
    "combat_results.toml",
    "retreat_attempt.toml",
    "independence.toml",
    "constants.toml",
    "cases.toml",
    "maps/teaching.toml",
    "counters/teaching.toml",
    "scenarios/teaching.toml",
    "maps/historical.toml",
    "counters/historical.toml",
    "scenarios/historical.toml",
]


@pytest.mark.parametrize("name", FILES)
def test_every_file_validates(name: str) -> None:
    report = validate_file(DATA / name)
    assert report.problems == [], "\n".join(str(p) for p in report.problems)
    assert report.kind != "unknown"


def test_every_data_file_is_checked() -> None:
    shipped = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*.toml")}
    assert shipped == set(FILES)


def test_the_teaching_scenario_lacks_only_its_conditional_reinforcements(
    teaching: Scenario,
) -> None:
    special = special_counter_ids(teaching)
    assert len(teaching.lacks) == 1
    (lack,) = teaching.lacks
    assert "neither set-up hex nor arrival" in lack
    assert all(uid in special for uid in re.findall(r"[GR]-[\w-]+", lack.split(":", 1)[1]))


def test_the_historical_scenario_lists_what_it_lacks(historical: Scenario) -> None:
    text = "\n".join(historical.lacks)
    assert f"{len(historical.board.hexes)} hexes without terrain" in text
    assert "counters without strengths" in text
    assert "neither set-up hex nor arrival" in text  # the lost reinforcement track (17.2.1)
    assert historical.info.name == (
        "Tannenberg 1914 (historical set-up; map and counter values to be entered)"
    )
    assert historical.info.turns == 30  # tannenberg 3.0
    assert not historical.fictional


# --- TERRAIN CHARACTERISTICS ---------------------------------------------------------

#: the values the rule text prints, by entry: everything else must say "provisional"
PRINTED = {
    ("terrain", "clear"): {"move": 1, "combat": 0},  # 4.3.1 (and 9.7's baseline)
    ("terrain", "forest"): {"combat": -1},  # 9.7.3
    ("terrain", "hill"): {"combat": -1},  # 9.7.3
    ("terrain", "forest_hill"): {"combat": -2},  # 9.7.3
    ("hexside", "minor_river"): {"move": 1},  # 4.3.5
    ("hexside", "major_river"): {"move": 2},  # 4.3.5
    ("hexside", "great_river"): {"move": "prohibited"},  # 4.3.6
    ("hexside", "wire"): {"move": 1, "combat": -1},  # 12.4.3, 12.4.4
    ("hexside", "fortified_edge"): {"move": 0, "combat": 0},  # 12.2.2; 12.2.4 is code
    ("hexside", "lake_shore"): {"combat": 0},  # 8.1.6 (no zone across); no modifier
    ("hexside", "border"): {"move": 0, "combat": 0},  # 5.2.1: only the gauge changes
}


def terrain_table() -> TerrainCharacteristics:
    table, problems = parse_file(DATA / "terrain.toml", TerrainCharacteristics)
    assert table is not None, problems.items
    return table


def provisional_fields(source: str) -> set[str]:
    """Fields a characteristic's source marks provisional (see terrain.toml's header)."""
    if source == "provisional":
        return {"move", "combat"}
    if "provisional:" in source:
        return {f.strip() for f in source.split("provisional:", 1)[1].split(",")}
    return set()


def test_terrain_has_every_terrain_and_hexside_the_rules_name() -> None:
    table = terrain_table()
    assert table.system == "tannenberg"
    assert set(table.terrain) == {
        "clear",
        "forest",
        "hill",
        "forest_hill",
        "swamp",
        "town",
        "lake",
        "sea",
    }
    assert set(table.hexside) == {
        "minor_river",
        "major_river",
        "great_river",
        "bridge",
        "strait",
        "lake_shore",
        "wire",
        "fortified_edge",
        "border",
    }
    assert table.enemy_zoc_cost == 1 and table.enemy_zoc_source == "tannenberg 8.2.2"


def test_terrain_values_are_printed_or_marked_provisional() -> None:
    table = terrain_table()
    for kind, entries in (("terrain", table.terrain), ("hexside", table.hexside)):
        for name, entry in entries.items():
            marked = provisional_fields(entry.source)
            printed = PRINTED.get((kind, name), {})
            for field in ("move", "combat"):
                if field in printed:
                    assert getattr(entry, field) == printed[field], (name, field)
                    assert field not in marked, f"{name}.{field} is printed, not provisional"
                else:
                    assert field in marked, f"{name}.{field} is ours: mark it provisional"


def test_terrain_agrees_with_the_rule_text() -> None:
    t = terrain_table()
    # 9.7.3: a forested hill is the hill's -1 plus the forest's -1
    assert t.terrain["forest_hill"].combat == t.terrain["hill"].combat + t.terrain["forest"].combat
    # lakes and the sea are never entered; the Vistula only by bridges (4.3.6)
    for name in ("lake", "sea"):
        assert t.terrain[name].move == "prohibited"
    assert t.hexside["great_river"].move == "prohibited"
    assert t.hexside["lake_shore"].move == "prohibited"
    # no terrain helps the attacker, and closed ground never costs less than clear
    for entry in [*t.terrain.values(), *t.hexside.values()]:
        assert entry.combat <= 0, entry.name
    for name, entry in t.terrain.items():
        if entry.move != "prohibited":
            assert isinstance(entry.move, int) and entry.move >= 1, name
    assert t.terrain["forest_hill"].move >= max(t.terrain["forest"].move, t.terrain["hill"].move)  # type: ignore[type-var]
    # rivers: a larger river is at least as hard to cross and to attack across
    assert t.hexside["major_river"].combat <= t.hexside["minor_river"].combat
    assert t.hexside["great_river"].combat <= t.hexside["major_river"].combat


def test_the_wire_modifier_is_one_fact_in_two_files() -> None:
    c = constants()
    assert terrain_table().hexside["wire"].combat == c.values["wire_modifier"].value == -1
    assert terrain_table().hexside["wire"].move == c.values["wire_move_cost"].value == 1


# --- COMBAT RESULTS ------------------------------------------------------------------


def test_combat_results_gives_1_6_at_4_to_1_on_a_2() -> None:
    crt = grid_table("combat_results")
    # 9.3.5: 6 against 3 is 2:1; the assault's +2 gives 4:1; a die of 2 gives 1/6 ...
    column = crt.columns[crt.columns.index("2:1") + 2]
    assert column == "4:1"
    assert cell(crt, 2, column) == "1/6"
    # ... which the assault's doubled losses make 2/6
    attacker, defender = losses(cell(crt, 2, column))
    assert (2 * attacker, defender) == (2, 6)
    # 9.5.2: a defender with 1/6 flees its 4 hexes and takes the other 2 points
    assert defender - 4 == 2


def test_combat_results_columns_follow_2_2s_example() -> None:
    crt = grid_table("combat_results")
    printed_order = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]
    start = crt.columns.index("1:3")
    assert crt.columns[start : start + 6] == printed_order
    # 2.2: 1:1 shifted +3 is 4:1, shifted -2 is 1:3
    one = crt.columns.index("1:1")
    assert crt.columns[one + 3] == "4:1" and crt.columns[one - 2] == "1:3"
    assert [r.key for r in crt.rows] == [1, 2, 3, 4, 5, 6]


def test_combat_results_are_monotone() -> None:
    crt = grid_table("combat_results")
    grid = [[losses(v) for v in row.values] for row in crt.rows]
    for r, row in enumerate(grid):
        for c, (a, d) in enumerate(row):
            assert 0 <= a <= 8 and 0 <= d <= 8  # at most two levels of 4 points (2.3.3)
            if c:  # a higher ratio: the attacker loses no more, the defender no less
                assert a <= row[c - 1][0] and d >= row[c - 1][1], (crt.rows[r].key, c)
            if r:  # a higher die: worse for the attacker
                assert a >= grid[r - 1][c][0] and d <= grid[r - 1][c][1], (crt.rows[r].key, c)


def test_every_combat_result_is_provisional() -> None:
    crt = grid_table("combat_results")
    for row in crt.rows:
        assert row.source == "provisional"
        assert row.provisional == list(range(len(crt.columns)))


# --- RETREAT ATTEMPT -----------------------------------------------------------------

PRINTED_RETREAT = {
    -1: ["6", "5", "4", "3", "2", "1", "1"],
    0: ["4", "4", "4", "2", "1", "1", "1"],
    1: ["2", "2", "2", "1", "1", "-", "-"],
}


def rulebook_retreat_rows() -> tuple[list[str], dict[int, list[str]]]:
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text.split("Retreat attempt (", 1)[1].split("Modifications applied", 1)[0]
    lines = [ln.strip() for ln in block.splitlines() if ln.strip().startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")][1:]
    rows = {}
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        rows[int(cells[0])] = cells[1:]
    return header, rows


@needs_rulebook
def test_the_printed_retreat_rows_are_the_rulebooks() -> None:
    header, rows = rulebook_retreat_rows()
    assert rows == PRINTED_RETREAT
    table = grid_table("retreat_attempt")
    assert table.columns == header
    for key, values in rows.items():
        assert next(r for r in table.rows if r.key == key).values == values


def test_retreat_rows_minus_1_to_1_are_printed_and_the_rest_provisional() -> None:
    table = grid_table("retreat_attempt")
    assert table.columns == ["-3", "-2", "-1", "0", "+1", "+2", "+3"]
    assert table.source == "tannenberg 18.3"
    keys = [r.key for r in table.rows]
    assert keys == sorted(keys) and keys[:3] == [-1, 0, 1]  # type: ignore[type-var]
    for row in table.rows:
        if row.key in PRINTED_RETREAT:
            assert row.values == PRINTED_RETREAT[row.key]  # type: ignore[index]
            assert row.source == "tannenberg 18.3" and row.provisional == []
        else:
            assert row.source == "provisional"
            assert row.provisional == list(range(len(table.columns)))
    # the description tells how to read pips beyond the rows
    assert "below -1 use row -1" in table.description
    assert f"above {keys[-1]} use row {keys[-1]}" in table.description


def test_retreat_attempt_is_monotone() -> None:
    table = grid_table("retreat_attempt")
    grid = [[points(v) for v in row.values] for row in table.rows]
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if c:  # a larger effectiveness advantage never costs more
                assert value <= row[c - 1], (table.rows[r].key, c)
            if r:  # a higher roll never costs more
                assert value <= grid[r - 1][c], (table.rows[r].key, c)
    assert all(v == 0 for v in grid[-1])  # the last row loses nothing


@needs_rulebook
def test_the_retreat_die_modifiers_are_the_printed_list() -> None:
    text = RULEBOOK.read_text(encoding="utf-8").split("Modifications applied to the die roll:")[1]
    c = constants().values
    printed = {
        "retreat_swamp_or_major_river": "-2 if the retreat is carried out through swamp",
        "retreat_isolated": "-2 if the unit carrying out the retreat is isolated",
        "retreat_minor_river": "-1 if the retreat is carried out through a small river",
        "retreat_against_assault": "-1 if the opponent carries out an ASSAULT",
        "retreat_cavalry_from_foot": "+2 if the retreat is carried out by cavalry",
    }
    for name, line in printed.items():
        assert line in text, line
        assert c[name].value == int(line.split()[0]), name
        assert c[name].source == "tannenberg 18.3"
    assert "with reversed sign" in text and c["retreat_terrain_sign"].value == -1


# --- INDEPENDENCE OF COMMAND ---------------------------------------------------------


def test_independence_of_command_is_provisional_and_favours_active_commanders() -> None:
    table = grid_table("independence")
    assert table.columns == ["A", "N", "B"]
    keys = [r.key for r in table.rows]
    # a die of 1-6 with -1 after MARCH or +1 after STOP (13.3.1)
    assert keys == list(range(0, 8))
    marches = {col: 0 for col in table.columns}
    for row in table.rows:
        assert row.source == "provisional" and row.provisional == [0, 1, 2]
        assert set(row.values) <= {"M", "S"}
        for col, value in zip(table.columns, row.values, strict=True):
            marches[col] += value == "M"
    # an active commander marches on more rolls than a normal one, a normal one than a passive
    assert marches["A"] > marches["N"] > marches["B"] > 0
    for col in table.columns:  # once a roll halts, every higher roll halts too
        values = [cell(table, k, col) for k in keys]
        assert values == sorted(values), col  # "M" < "S"
    # the -1 after MARCH helps a corps keep marching: die 1 always marches after MARCH
    assert all(v == "M" for v in next(r for r in table.rows if r.key == 0).values)
    assert all(v == "S" for v in next(r for r in table.rows if r.key == 7).values)


# --- constants -----------------------------------------------------------------------


def constants() -> RuleConstants:
    values, problems = parse_file(DATA / "constants.toml", RuleConstants)
    assert values is not None, problems.items
    return values


#: every number item 5 of the data task names, with its case
EXPECTED_CONSTANTS: dict[str, tuple[Any, str]] = {
    "stacking_same_corps": (6, "7.1.2"),
    "stacking_mixed": (4, "7.1.2"),
    "supply_trains_per_hex": (1, "7.1.4"),
    "hq_movement": (6, "13.1.3"),
    "mask_movement": (4, "16.2.6"),
    "endurance_per_level": (4, "2.3.3"),
    "regain_level_success_russia": ([1, 2], "2.3.9"),
    "regain_level_success_germany": ([1, 2, 3], "2.3.9"),
    "rail_units_per_stage": ({"germany": 7, "russia": 2}, "5.2.2"),
    "rail_hex_capacity_double": ({"germany": 5, "russia": 4}, "5.2.3"),
    "rail_hex_capacity_single": ({"germany": 3, "russia": 2}, "5.2.3"),
    "rail_movement_points": (60, "5.2.4"),
    "army_hq_rail_load_cost": (10, "5.2.5"),
    "army_hq_rail_unload_cost": (10, "5.2.5"),
    "rail_load_in_enemy_zone_endurance": (2, "5.1.9"),
    "bridge_destruction_success": ([6], "6.0"),
    "flank_attack_modifier": ({"3": 1, "4": 2, "5": 3, "6": 4}, "9.2.1"),
    "surrounded_attack_multiplier": (2, "9.2.2"),
    "assault_modifier": (2, "9.3.5"),
    "assault_loss_multiplier": (2, "9.3.5"),
    "encounter_attacker_modifier": (2, "9.3.7"),
    "retreat_movement_reduction": (1, "9.3.2"),
    "flight_max_hexes": ({"infantry": 4, "artillery": 4, "cavalry": 5}, "9.5.2"),
    "artillery_range": (2, "11.1.2"),
    "artillery_ammunition_loss": ({"russia": 1, "germany": 0}, "11.1.5, 11.1.6"),
    "artillery_ammunition_loss_unsupplied": ({"russia": 2, "germany": 1}, "11.1.5, 11.1.6"),
    "artillery_intense_fire_multiplier": (3, "11.1.9"),
    "artillery_intense_fire_loss": ({"russia": 4, "germany": 3}, "11.1.9"),
    "trench_modifier": (-2, "12.1.9"),
    "fortification_modifier": (-2, "12.2.4"),
    "wire_modifier": (-1, "12.4.4"),
    "hq_displacement_escape_russia": ([5, 6], "13.1.5"),
    "hq_displacement_escape_germany": ([4, 5, 6], "13.1.5"),
    "hq_return_delay_modifier": ({"russia": 1, "germany": 0}, "13.1.7"),
    "corps_hq_units_of_no_corps": (2, "13.2.5"),
    "russian_army_hq_range": ([5, 2], "13.2.9"),
    "concentration_modifier": (1, "14.2.1"),
    "supply_line_unit_range": (2, "15.2.5"),
    "supply_line_corps_hq_range": (2, "15.2.6"),
    "supply_train_range_mp": (4, "15.3.7"),
    "isolation_endurance_loss": ({"1": 0, "2": 0, "3": 2, "4": 2, "5": 4, "6": 4}, "15.5.2"),
    "recon_range": (2, "16.3.2"),
    "hindenburg_initiative_dice": (2, "10.2.3"),
    "initiative_holder_bonus": (1, "10.1.1"),
    "unsupplied_movement_reduction": (1, "15.4.1"),
}


def test_constants_carry_the_printed_numbers_with_their_cases() -> None:
    values = constants().values
    for name, (value, case) in EXPECTED_CONSTANTS.items():
        assert values[name].value == value, name
        assert values[name].source == f"tannenberg {case}", name


def test_every_constant_cites_a_case_and_none_is_provisional() -> None:
    for name, constant in constants().values.items():
        assert re.fullmatch(r"tannenberg \d+(\.\d+)+(, \d+(\.\d+)+)*", constant.source), name


# --- the teaching map ------------------------------------------------------------------


def side_hexes(board: Board, kind: str) -> list[tuple[str, str]]:
    out = []
    for side, kinds in board.side_features.items():
        if kind in kinds:
            a, b = hexgrid.hexside_hexes(side)
            out.append((board.label_at.get(a, "?"), board.label_at.get(b, "?")))
    return out


def test_the_teaching_map_is_labelled_fictional(teaching: Scenario) -> None:
    board = teaching.board
    assert board.info.fictional and teaching.info.fictional and teaching.fictional
    assert "FICTIONAL" in board.info.name and "FICTIONAL" in teaching.info.name
    text = (DATA / "maps" / "teaching.toml").read_text(encoding="utf-8")
    assert text.startswith("# FICTIONAL")
    for name in ("counters/teaching.toml", "scenarios/teaching.toml"):
        assert (DATA / name).read_text(encoding="utf-8").startswith("# FICTIONAL")


def test_the_teaching_map_numbers_hexes_as_the_printed_map(teaching: Scenario) -> None:
    board = teaching.board
    info = board.info
    assert (info.numbering, info.diagonal, info.rows_increase) == (
        "tannenberg",
        "up-right",
        "north",
    )
    assert info.rows[0] > info.rows[1]  # the grid is listed north to south
    # within a column a higher row lies further north (smaller y on the screen)
    a, b = board.coord["A10 B20"], board.coord["A10 B21"]
    assert hexgrid.center(b, 1)[1] < hexgrid.center(a, 1)[1]
    # physically rectangular: every column spans the same height, 17 or 18 hexes
    heights = Tally(label.split()[0] for label in board.hexes)
    assert set(heights.values()) == {17, 18}
    assert len(heights) == 24


def test_the_teaching_map_has_every_terrain(teaching: Scenario) -> None:
    used = set(teaching.board.terrain.values())
    assert used == set(terrain_table().terrain)
    assert not teaching.board.unknown_terrain


def test_the_teaching_map_has_every_hexside_feature(teaching: Scenario) -> None:
    board = teaching.board
    for kind in terrain_table().hexside:
        assert side_hexes(board, kind), kind


def test_the_great_river_is_crossed_only_by_its_two_bridges(teaching: Scenario) -> None:
    board = teaching.board
    river = set(side_hexes(board, "great_river"))
    bridges = side_hexes(board, "bridge")
    assert len(bridges) == 2
    for bridge in bridges:  # each bridge lies on the river
        assert bridge in river
    # the hexes beyond the river are reached from the east only over a bridge
    west = board.regions["west_of_vistula"]
    start = next(h for h, c in board.cities.items() if c.name == "Kreuzau")
    assert start not in west
    seen, todo = {start}, deque([start])
    crossings = set()
    while todo:
        here = todo.popleft()
        for there in board.neighbours[here]:
            if board.terrain[there] in ("lake", "sea") or there in seen:
                continue
            features = board.features(here, there)
            if "great_river" in features and "bridge" not in features:
                continue
            if "lake_shore" in features:
                continue
            if (here in west) != (there in west):
                crossings.add(board.side_key(here, there))
            seen.add(there)
            todo.append(there)
    assert west <= seen  # the west bank is reachable ...
    assert crossings == {board.side_key(a, b) for a, b in bridges}  # ... only by the bridges


def test_the_strait_joins_two_lakes(teaching: Scenario) -> None:
    board = teaching.board
    (strait,) = side_hexes(board, "strait")
    a, b = (board.coord[h] for h in strait)
    ends = [n for n in hexgrid.neighbours(a) if hexgrid.distance(n, b) == 1]
    assert len(ends) == 2
    assert [board.terrain[board.label_at[n]] for n in ends] == ["lake", "lake"]
    assert all(board.terrain[h] != "lake" for h in strait)
    # the two lakes are separate bodies of water
    lakes = [board.label_at[n] for n in ends]
    assert lakes[1] not in lake_body(board, lakes[0])


def lake_body(board: Board, start: str) -> set[str]:
    body, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in board.neighbours[here]:
            if board.terrain[there] == "lake" and there not in body:
                body.add(there)
                todo.append(there)
    return body


def test_the_teaching_map_has_towns_fortifications_and_wire(teaching: Scenario) -> None:
    board = teaching.board
    towns = board.cities.values()
    assert all(board.terrain[c.hex] == "town" for c in towns)
    assert sum(c.vp for c in towns) > 0
    assert {board.country[c.hex] for c in towns} == {"germany", "russia"}
    mf = map_file("teaching")
    forts = {board.numbering.label(board.numbering.parse(f.hex)): f for f in mf.fortification}
    garrisoned = [h for h, f in forts.items() if f.strength > 0]
    assert garrisoned and [h for h, f in forts.items() if f.strength == 0]
    assert {forts[h].country for h in garrisoned} == {"germany", "russia"}
    edges = side_hexes(board, "fortified_edge")
    for h in forts:  # every fortification has fortified edges
        assert any(h in edge for edge in edges), h
    wire = side_hexes(board, "wire")
    assert any(set(w) & set(garrisoned) for w in wire)  # wire before a fortress


def map_file(name: str) -> Any:
    from greatwar.model.schema import MapFile

    mf, problems = parse_file(DATA / "maps" / f"{name}.toml", MapFile)
    assert mf is not None, problems.items
    return mf


def test_rail_stays_in_its_own_country_and_reaches_the_map_edge(teaching: Scenario) -> None:
    board = teaching.board
    tracks: dict[str, set[str]] = {"germany": set(), "russia": set()}
    edge_hexes = {h for h in board.hexes if board.is_edge(h)}
    for line in board.rails:
        countries = {board.country[h] for h in line.hexes}
        assert len(countries) == 1, f"{line.name} crosses the border (tannenberg 5.2.1)"
        (country,) = countries
        tracks[country].add(line.track)
    assert tracks == {"germany": {"single", "double"}, "russia": {"single", "double"}}
    for country in tracks:
        ends = {h for ln in board.rails for h in ln.hexes if board.country[h] == country}
        assert ends & edge_hexes, f"{country} rail reaches no map edge"
    mf = map_file("teaching")
    assert {ln.gauge for ln in mf.rail} == {"german", "russian"}
    # the border runs between German and Russian hexes
    for a, b in side_hexes(board, "border"):
        assert {board.country[a], board.country[b]} == {"germany", "russia"}


def test_supply_bases_entries_and_roads_for_both_sides(teaching: Scenario) -> None:
    board = teaching.board
    assert {s.country for s in board.supply_sources} == {"germany", "russia"}
    assert board.roads
    entries = board.entries.values()
    assert {board.country[e.hex] for e in entries} == {"germany", "russia"}
    rail_hexes = {h for ln in board.rails for h in ln.hexes}
    assert any(e.hex in rail_hexes for e in entries)  # some arrive by rail (17.2.4)
    assert any(e.hex not in rail_hexes for e in entries)  # and some on foot
    for e in entries:
        assert board.is_edge(e.hex)


# --- the teaching counters and scenario -----------------------------------------------


def test_each_teaching_division_has_two_brigades(teaching: Scenario) -> None:
    divisions: dict[tuple[str, str, str], list[str]] = {}
    for c in teaching.counters.values():
        if c.division:
            key = (c.side, c.corps, c.division)
            divisions.setdefault(key, []).append(c.id)
            assert c.type in ("infantry", "cavalry"), c.id
    cavalry_exceptions = 0
    for (side, corps, division), ids in divisions.items():
        types = {teaching.counters[i].type for i in ids}
        if len(ids) == 3:  # 14.1.1: only German cavalry divisions have three brigades
            assert (side, corps, types) == ("german", "", {"cavalry"}), division
            cavalry_exceptions += 1
        else:
            assert len(ids) == 2, (side, corps, division, ids)
    assert cavalry_exceptions == 1


def test_teaching_counters_have_plausible_levels(teaching: Scenario) -> None:
    for c in teaching.counters.values():
        if c.type in ("hq", "supply_train"):
            assert (len(c.steps) == 1) or (c.hq and c.hq.level == "army" and len(c.steps) == 2)
            continue
        assert 1 <= len(c.steps) <= 2, c.id
        for step in c.steps:
            assert step.strength is not None and step.movement is not None, c.id
            assert step.effectiveness is not None and 1 <= step.effectiveness <= 6, c.id
            if c.type == "artillery":
                assert step.attack_fire and step.defence_fire, c.id
        if len(c.steps) == 2:  # the back is never stronger than the front
            front, back = c.steps
            for field in ("strength", "effectiveness", "movement", "attack_fire"):
                f, b = getattr(front, field), getattr(back, field)
                assert f is None or b <= f, (c.id, field)


def test_teaching_hqs(teaching: Scenario) -> None:
    hqs = [c for c in teaching.counters.values() if c.type == "hq"]
    by = Tally((c.side, c.hq.level) for c in hqs if c.hq)
    assert by[("german", "army")] >= 1 and by[("russian", "army")] == 2
    assert by[("german", "corps")] >= 2 and by[("russian", "corps")] >= 2
    activities = {c.hq.activity for c in hqs if c.hq and c.hq.level == "corps"}
    assert activities == {"A", "N", "B"}
    modifiers = {c.steps[0].combat_modifier for c in hqs if c.hq and c.hq.level == "corps"}
    assert modifiers == {1, 2}
    for c in hqs:
        assert c.movement == 6  # 13.1.3
        assert all(s.command_radius for s in c.steps)
        if c.side == "russian" and c.hq and c.hq.level == "army":  # 13.2.9: front 5, back 2
            assert [s.command_radius for s in c.steps] == [5, 2]
            assert c.army in ("1", "2")
    # every corps with units has its HQ
    corps = {(c.side, c.corps) for c in teaching.counters.values() if c.corps}
    hq_corps = {(c.side, c.corps) for c in hqs if c.hq and c.hq.level == "corps"}
    assert corps == hq_corps


def test_teaching_order_of_battle_has_every_kind(teaching: Scenario) -> None:
    counters = list(teaching.counters.values())
    for side in ("german", "russian"):
        mine = [c for c in counters if c.side == side]
        assert 25 <= len(mine) <= 32
        types = {c.type for c in mine}
        assert {"hq", "infantry", "cavalry", "artillery"} <= types
        assert any(c.type == "artillery" and not c.corps for c in mine)  # army artillery
        assert any(c.type == "infantry" and not c.corps for c in mine) or side == "russian"
        assert any(c.arrive and c.arrive.entrained for c in mine)  # by rail
    assert {c.side for c in counters if c.type == "supply_train"} == {"russian"}  # 15.3.1
    assert any(len(c.steps) == 1 and c.type == "infantry" for c in counters)  # 2.3.1
    assert any(c.arrive and not c.arrive.entrained for c in counters)  # on foot


def test_the_teaching_set_up_is_legal(teaching: Scenario) -> None:
    board = teaching.board
    placed: dict[str, list[Any]] = {}
    for c in teaching.counters.values():
        if c.setup:
            h = board.numbering.label(board.numbering.parse(c.setup))
            assert board.terrain[h] not in ("lake", "sea"), c.id
            placed.setdefault(h, []).append(c)
    for h, stack in placed.items():
        assert len({c.side for c in stack}) == 1, h
        units = [c for c in stack if c.type != "hq"]
        corps = {c.corps for c in units}
        limit = 6 if len(corps) == 1 and "" not in corps else 4  # 7.1.2
        assert len(units) <= limit, h
        assert sum(c.type == "supply_train" for c in units) <= 1, h  # 7.1.4
    # no unit starts in or next to an enemy control zone
    for h, stack in placed.items():
        for g, other in placed.items():
            if stack[0].side != other[0].side:
                assert board.distance(h, g) >= 3, (h, g)


def special_counter_ids(scenario: Scenario) -> set[str]:
    out = set()
    special = scenario.file.special
    for r in special.get("reinforcement", []):
        out |= set(r.get("units", []))
        out |= set(r.get("replaces", {}).values())
    for key in ("guards_held", "pappritz_stays"):
        out |= set(special.get(key, {}).get("units", []))
    if "artamonov_replaced" in special:
        out |= set(special["artamonov_replaced"]["replaces"].values())
    return out


def special_regions(scenario: Scenario) -> set[str]:
    special = scenario.file.special
    regions = {cl["region"] for v in special.get("automatic_victory", []) for cl in v["clauses"]}
    regions |= {
        r["trigger"]["region"] for r in special.get("reinforcement", []) if "region" in r["trigger"]
    }
    return regions


@pytest.mark.parametrize("name", ["teaching", "historical"])
def test_special_data_names_real_counters_and_regions(name: str) -> None:
    scenario = load_scenario(DATA / "scenarios" / f"{name}.toml")
    special = scenario.file.special
    sides = {s.id for s in scenario.sides}
    assert special_counter_ids(scenario) <= set(scenario.counters)
    for r in special["reinforcement"]:
        assert r["side"] in sides and r["case"].startswith("tannenberg 17.3.")
        for old, new in r.get("replaces", {}).items():
            assert old in scenario.counters and new in scenario.counters
        for uid in r["units"]:
            assert scenario.counters[uid].side == r["side"]
        assert set(r["vp"]) <= sides
        trigger = r["trigger"]
        assert ("lead" in trigger) != ("after_stage" in trigger)
    for v in special["automatic_victory"]:
        assert v["side"] in sides and v["case"].startswith("tannenberg 19.2.")
        for clause in v["clauses"]:
            assert clause["counts"] in ("units", "hexes") and clause["count"] >= 1
    assert special_regions(scenario) <= set(scenario.board.regions)
    vp = special["victory_points"]
    for key in ("eliminated_unit", "eliminated_corps_hq", "eliminated_army_hq"):
        assert set(vp[key]) == sides
    assert vp["towns"] in sides
    # the counters without set-up or arrival are exactly those the special rules bring in
    unplaced = {c.id for c in scenario.counters.values() if c.setup is None and c.arrive is None}
    if name == "teaching":
        assert unplaced == special_counter_ids(scenario)
    else:
        assert special_counter_ids(scenario) <= unplaced


def test_teaching_regions_are_filled(teaching: Scenario) -> None:
    for region in special_regions(teaching):
        assert teaching.board.regions[region], region


def test_teaching_scenario_shape(teaching: Scenario) -> None:
    assert teaching.info.turns == 10 and teaching.info.system == "tannenberg"
    assert [(s.id, s.nationalities) for s in teaching.sides] == [
        ("german", ["germany"]),
        ("russian", ["russia"]),
    ]
    assert teaching.info.first_side == "german"
    victory = teaching.file.victory
    assert victory is not None and victory.index_side == "russian"  # 19.3: Russian points +


# --- the historical set-up -----------------------------------------------------------


def rulebook_setup() -> set[tuple[str, str, str]]:
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text.split("17.1. Placement of units", 1)[1].split("Explanations:", 1)[0]
    rows, side = set(), None
    for line in block.splitlines():
        s = line.strip()
        if s in ("Germans", "Russians"):
            side = {"Germans": "german", "Russians": "russian"}[s]
        elif s.startswith("|") and side and not s.startswith(("| Unit", "|---")):
            unit, hex_label = (c.strip() for c in s.strip("|").split("|"))
            rows.add((side, unit, hex_label))
    return rows


@needs_rulebook
def test_the_historical_set_up_is_17_1_exactly(historical: Scenario) -> None:
    printed = rulebook_setup()
    assert len(printed) == 24
    placed = {(c.side, c.name, c.setup) for c in historical.counters.values() if c.setup}
    assert placed == printed
    assert not any(c.arrive for c in historical.counters.values())  # the track is lost


@needs_rulebook
def test_the_historical_towns_are_19_3s(historical: Scenario) -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    printed = {
        (name, f"A{a} B{b}", int(vp))
        for name, a, b, vp in re.findall(r"- (\w+) \(A(\d+), B(\d+)\) (\d+) v\.p\.", text)
    }
    assert len(printed) == 8
    mf = map_file("historical")
    assert {(c.name, c.hex, c.vp) for c in mf.city} == printed
    assert all(c.source == "tannenberg 19.3" for c in mf.city)


@needs_rulebook
def test_every_coordinate_the_rulebook_prints_is_on_the_historical_map(
    historical: Scenario,
) -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    found = re.findall(r"A(\d+)\s*,?\s*B?\s*(\d+)\b", text)
    labels = {f"A{a} B{b}" for a, b in found}
    assert {"A53 B4", "A1 B37", "A24 B20", "A63 B34", "A11 B47"} <= labels
    for label in labels:
        assert historical.board.on_map(label), label


def test_historical_terrain_is_not_entered(historical: Scenario) -> None:
    board = historical.board
    assert len(board.unknown_terrain) == len(board.hexes) and not board.terrain
    # physically rectangular but for the cut at B1: each column 36 or 37 hexes high
    heights = Tally(label.split()[0] for label in board.hexes)
    assert max(heights.values()) == 37 and len(heights) == 63


def test_historical_designations_are_parsed_into_affiliations(historical: Scenario) -> None:
    by_name = {c.name: c for c in historical.counters.values()}
    expect = {
        "72/41/XX": ("infantry", "XX", "41"),
        "20L/35R": ("infantry", "", "35R"),
        "69E": ("infantry", "", ""),
        "1/1 kaw.": ("cavalry", "", "1"),
        "20/XX art.": ("artillery", "XX", ""),
        "1/1 art.": ("artillery", "", "1"),
        "15R/1G/RG": ("infantry", "RG", "1G"),
        "1G/RG art.": ("artillery", "RG", ""),
        "1/59R/XXVII": ("infantry", "XXVII", "59R"),
        "1/3G": ("infantry", "", "3G"),
        "v. Scholtz": ("hq", "XX", ""),
        "Jepanczin": ("hq", "", ""),
    }
    for name, (kind, corps, division) in expect.items():
        c = by_name[name]
        assert (c.type, c.corps, c.division) == (kind, corps, division), name
    for c in historical.counters.values():
        if c.type == "hq":
            assert c.movement == 6  # 13.1.3
        else:
            assert c.steps == [], c.id  # values not printed
    rennenkampf = by_name["v. Rennenkampf"]
    assert rennenkampf.hq is not None and rennenkampf.hq.level == "army"
    assert [s.command_radius for s in rennenkampf.steps] == [5, 2]  # 13.2.9


@needs_rulebook
def test_historical_special_reinforcements_are_17_3s_lists(historical: Scenario) -> None:
    text = RULEBOOK.read_text(encoding="utf-8")

    def listed(start: str, end: str) -> list[str]:
        block = text.split(start, 1)[1].split(end, 1)[0]
        return [ln[2:].strip() for ln in block.splitlines() if ln.startswith("- ")]

    german = listed("17.3.2.", "The above forces")
    russian = listed("17.3.3.", "These reinforcements")
    by_id = historical.counters
    reinforcements = {r["id"]: r for r in historical.file.special["reinforcement"]}
    assert [by_id[u].name for u in reinforcements["western_front"]["units"]] == german
    assert [by_id[u].name for u in reinforcements["narew_reserve"]["units"]] == russian
    assert reinforcements["hindenburg"]["trigger"] == {"lead": "russian", "points": 25}
    assert reinforcements["western_front"]["trigger"] == {"lead": "russian", "points": 31}
    assert reinforcements["western_front"]["delay"] == 9
    assert reinforcements["narew_reserve"]["trigger"]["after_stage"] == 14
    vp = historical.file.special["victory_points"]
    assert [(e["after_stage"], e["units"], e["vp"]) for e in vp["units_in_enemy_country"]] == [
        (2, 10, 20),
        (3, 10, 15),
        (4, 10, 10),
        (5, 10, 5),
    ]
    assert (reinforcements["hindenburg"]["vp"], reinforcements["western_front"]["vp"]) == (
        {"russian": 5},
        {"russian": 20},
    )
    assert reinforcements["narew_reserve"]["vp"] == {"german": 12}


def test_defect_5_historical_18_1_tables_are_the_ones_the_rules_read(historical: Scenario) -> None:
    """18.1.1-18.1.3 as the rules read them (``special.py``: each table named after its
    option); the scenario had them under names no rule read (``commander_replacement``,
    ``confined``, ``release_roll``, ``levels_lost``), so each option silently did nothing."""
    special = historical.file.special
    guards = special["guards_held"]
    assert guards["units"] == ["R-1-3G", "R-2-3G"]  # 18.1.1 units 1/3G, 2/3G
    assert guards["release_rolls"] == [1]  # 18.1.1 'if "1" comes up'
    assert guards["country"] == "russia"  # 18.1.1 an enemy piece crosses the border
    artamonov = special["artamonov_replaced"]
    assert (artamonov["side"], artamonov["corps"], artamonov["levels"]) == ("russian", "I", 3)
    assert artamonov["replaces"] == {"R-Artamonov": "R-Sirelius"}  # 18.1.2
    assert special["pappritz_stays"]["units"] == ["G-v-Pappritz"]  # 18.1.3


def test_tomls_parse_as_plain_toml() -> None:
    for path in DATA.rglob("*.toml"):
        tomllib.loads(path.read_text(encoding="utf-8"))
