"""Loading scenarios: every problem of a malformed scenario is named, with file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_copy import TeachingCopy

from greatwar.model.loader import resolve, scenario_ids
from greatwar.model.problems import Problem, ScenarioError
from greatwar.rules import load_scenario

TERRAINS = "broken, city, clear, forest, lagoon, lake, mountain, rough, sea, swamp"


def fields(problems: list[Problem]) -> list[str]:
    return [p.field for p in problems]


# --- the shipped scenario ------------------------------------------------------------


def test_shipped_teaching_scenario_loads_without_problems() -> None:
    scenario = load_scenario("gwite/teaching")
    assert scenario.id == "gwite/teaching"
    assert scenario.fictional
    assert scenario.lacks == []
    assert len(scenario.board.hexes) == 20 * 16
    assert len(scenario.counters) == 43
    assert {s.id for s in scenario.sides} == {"allied", "central"}


def test_shipped_teaching_scenario_is_listed_and_loads_by_path() -> None:
    assert "gwite/teaching" in scenario_ids()
    _, path = resolve("gwite/teaching")
    assert load_scenario(path).info.id == "teaching"


def test_the_copy_used_by_these_tests_is_valid(teaching: TeachingCopy) -> None:
    scenario = teaching.load()
    assert scenario.lacks == []
    assert scenario.terrain.system == "gwite"


def test_unknown_scenario_id_names_the_known_ones() -> None:
    with pytest.raises(ScenarioError, match=r"no such scenario; known scenarios: .*gwite/teaching"):
        load_scenario("gwite/nonesuch")
    with pytest.raises(ScenarioError, match="'<system>/<name>'"):
        load_scenario("teaching")


def test_missing_scenario_file_is_a_problem(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(tmp_path / "nope.toml")
    (problem,) = info.value.problems
    assert "cannot read file" in problem.message
    assert problem.file == str(tmp_path / "nope.toml")


def test_problem_text_names_file_line_and_field() -> None:
    p = Problem("maps/x.toml", 12, "terrain.grid", "row 5 is missing")
    assert str(p) == "maps/x.toml:12: terrain.grid: row 5 is missing"
    assert str(Problem("x.toml", None, "", "bad")) == "x.toml: bad"


# --- TOML syntax ---------------------------------------------------------------------------


def test_bad_toml_in_the_map_is_one_problem_with_its_line(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, 'numbering = "spi"', "numbering = spi")
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.map
    assert p.line == line
    assert "not valid TOML" in p.message


def test_bad_toml_in_the_scenario_is_one_problem_with_its_line(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.scenario, "turns = 6", "turns = = 6")
    p = teaching.only(teaching.problems())
    assert (Path(p.file), p.line) == (teaching.scenario, line)
    assert "not valid TOML" in p.message


def test_unterminated_string_points_at_the_line_where_it_starts(teaching: TeachingCopy) -> None:
    # tomllib only says "at end of document"; the loader finds the statement
    line = teaching.edit_counter("G-I", 'name = "I Corps"', 'name = "I Corps')
    p = teaching.only(teaching.problems())
    assert (Path(p.file), p.line) == (teaching.counters, line)
    assert "not valid TOML" in p.message


def test_unclosed_array_points_at_the_line_where_it_starts(teaching: TeachingCopy) -> None:
    # the last array of the map file never closes: tomllib says "at end of document"
    line = teaching.line(teaching.map, "hexes = [", after='name = "south of the Kessel"')
    teaching.edit(teaching.map, '"0914", "0915", "0916",\n]', '"0914", "0915", "0916",\n')
    p = teaching.only(teaching.problems())
    assert p.line == line
    assert "not valid TOML" in p.message and "end of document" in p.message


def test_unclosed_array_before_a_header_points_near_it(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, '"1513/1514", "1613/1614",\n]', '"1513/1514", "1613/1614",\n')
    header = teaching.line(teaching.map, "[[hexside]]", after='"1513/1514"')
    p = teaching.only(teaching.problems())
    assert p.line == header  # tomllib stops at the next header, inside the array
    assert "not valid TOML" in p.message


def test_text_that_is_not_utf8_is_a_problem_not_a_crash(teaching: TeachingCopy) -> None:
    data = teaching.counters.read_bytes().replace(
        "Königsfeld".encode(), "Königsfeld".encode("latin-1")
    )
    data = data.replace(b'name = "I Corps"', b'name = "I Corps \xe9"')
    teaching.counters.write_bytes(data)
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.counters
    assert "not UTF-8" in p.message


# --- terrain -----------------------------------------------------------------------------


def test_unknown_terrain_in_the_legend(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, '"f" = "forest"', '"f" = "jungle"')
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.map
    assert p.field == "terrain.legend.f"
    assert p.line == line
    assert "unknown terrain 'jungle'" in p.message
    assert TERRAINS in p.message


def test_grid_character_not_in_the_legend(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "05 ......b...ff.f......", "05 ......b...ffXf......")
    p = teaching.only(teaching.problems())
    assert (Path(p.file), p.field, p.line) == (teaching.map, "terrain.grid", line)
    assert "row 5, column 13: character 'X' is not in the legend" in p.message


def test_grid_row_of_the_wrong_length(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "07 ..ff..c.....f.......", "07 ..ff..c.....f......")
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("terrain.grid", line)
    assert "row 7 has 19 hexes; the map has 20 columns (1-20)" in p.message


def test_grid_missing_row_is_one_problem_at_the_gap(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "10 .bb.....f.....b..ff.\n", "")
    p = teaching.only(teaching.problems())
    # the gap is where row 11 now stands, on the line row 10 had
    assert (p.field, p.line) == ("terrain.grid", line)
    assert "row 10 missing (expected before row 11)" in p.message


def test_grid_missing_last_rows(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, "15 ..rmmmmrrmmmmrrmm...\n16 ..mmmmmmmmmmmmmmm...\n", "")
    line = teaching.line(teaching.map, "14 ...rmmr")
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("terrain.grid", line)
    assert "rows 15-16 missing at the end" in p.message


def test_grid_row_twice_and_row_off_the_map(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, "16 ..mmmmmmmmmmmmmmm...\n", "15 ..mmmmmmmmmmmmmmm...\n")
    line = teaching.append(teaching.map, "")  # unchanged: just to know the file is intact
    assert line > 1
    problems = teaching.problems()
    messages = [p.message for p in problems]
    assert any("row 15 is given twice (first on line" in m for m in messages)
    assert any("row 16 missing at the end" in m for m in messages)


def test_grid_row_outside_the_rows_of_the_map(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "16 ..mmm", "17 ..mmm")
    problems = teaching.problems()
    bad = [p for p in problems if "row 17 is not a row of the map (rows 1-16)" in p.message]
    assert len(bad) == 1 and bad[0].line == line


def test_countries_grid_is_checked_too(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "03 GGGGGGGGGRRRRRRRRRRR", "03 GGGGGGGGGRRRRRRRRRRQ")
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("countries.grid", line)
    assert "character 'Q'" in p.message


def test_hexside_type_missing_from_the_terrain_table(teaching: TeachingCopy) -> None:
    line = teaching.line(teaching.map, 'type = "ridge"')
    text = teaching.terrain.read_text(encoding="utf-8")
    cut = slice(text.index("[hexside.ridge]"), text.index("[hexside.major_river]"))
    teaching.terrain.write_text(text[: cut.start] + text[cut.stop :], encoding="utf-8")
    p = teaching.only(teaching.problems())
    assert (Path(p.file), p.field, p.line) == (teaching.map, "hexside[2].type", line)
    assert "hexside type 'ridge' is not in this system's terrain effects chart" in p.message


def test_terrain_table_with_a_hexside_kind_the_rules_do_not_know(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.terrain, "[hexside.border]", "[hexside.borders]")
    p = teaching.only(teaching.problems())
    assert (Path(p.file), p.field, p.line) == (teaching.terrain, "hexside.borders", line)
    assert "got 'borders'" in p.message and "'border'" in p.message


def test_terrain_table_with_a_bad_move_is_one_problem(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.terrain, "move = [1, 1, 2, 2]", 'move = "fast"')
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.terrain
    assert (p.field, p.line) == ("terrain.forest.move", line)
    assert "got 'fast'" in p.message
    assert "'prohibited'" in p.message


def test_terrain_table_with_three_costs(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.terrain, "move = [1, 1, 2, 2]", "move = [1, 1, 2]")
    p = teaching.only(teaching.problems())
    assert p.field == "terrain.forest.move"
    assert "TCR 1, 2, 3 and 4" in p.message


# --- counters ------------------------------------------------------------------------------


def test_counter_set_up_off_the_map(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    i = teaching.counter_index("G-I")
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.counters
    assert p.field == f"counter[{i}].setup"
    assert p.line == line
    assert "counter G-I" in p.message
    assert "hex 2130 is not on the map" in p.message
    assert "columns 1-20 and rows 1-16" in p.message


def test_counter_set_up_hex_that_is_no_hex_number(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "09-05"')
    p = teaching.only(teaching.problems())
    assert p.field == f"counter[{teaching.counter_index('G-I')}].setup"
    assert "'09-05' is not a hex number of the form CCRR" in p.message


def test_counter_missing_a_required_field(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-I", 'nationality = "germany"\n', "")
    header = teaching.line(teaching.counters, "[[counter]]", after='id = "G-HQ-FALK"')
    i = teaching.counter_index("G-I")
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.counters
    assert p.field == f"counter[{i}].nationality"
    assert p.line == header  # the counter's own table
    assert "required field is missing" in p.message
    assert "counter 'G-I'" in p.message


def test_counter_unknown_field(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-I", "nationality =", "nationalty =")
    p = [p for p in teaching.problems() if "unknown field" in p.message]
    assert len(p) == 1
    assert p[0].field == f"counter[{teaching.counter_index('G-I')}].nationalty"
    assert p[0].line == line
    assert "did you mean 'nationality'?" in p[0].message


def test_counter_bad_type_lists_the_types(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-I", 'type = "infantry"', 'type = "infantri"')
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == (f"counter[{teaching.counter_index('G-I')}].type", line)
    assert "got 'infantri'" in p.message and "'infantry'" in p.message


def test_counter_step_line_is_found_in_a_multiline_array(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter(
        "G-HQ-AOK",
        "{ attack_shift = 1, command_radius = 4,",
        '{ attack_shift = "one", command_radius = 4,',
    )
    p = teaching.only(teaching.problems())
    assert p.field == f"counter[{teaching.counter_index('G-HQ-AOK')}].steps[1].attack_shift"
    assert p.line == line


def test_nationality_not_of_the_counters_side(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-I", 'nationality = "germany"', 'nationality = "russia"')
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == (f"counter[{teaching.counter_index('G-I')}].nationality", line)
    assert "'russia' is not a nationality of side central (germany, austria-hungary)" in p.message


def test_counter_side_unknown(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-I", 'side = "central"', 'side = "neutral"')
    p = teaching.only(teaching.problems())
    assert "'neutral' is not a side of this scenario (allied, central)" in p.message


def test_duplicate_counter_id(teaching: TeachingCopy) -> None:
    i = teaching.counter_index("G-XVII")
    line = teaching.edit(teaching.counters, 'id = "G-XVII"', 'id = "G-I"')
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == (f"counter[{i}].id", line)
    assert "counter id 'G-I' is used twice" in p.message


def test_arrival_at_an_entry_letter_that_does_not_exist(teaching: TeachingCopy) -> None:
    line = teaching.edit_counter("G-3R", 'entry = "A"', 'entry = "E"')
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == (f"counter[{teaching.counter_index('G-3R')}].arrive.entry", line)
    assert "entry 'E' is neither a lettered entry hex of the map (A, B, C, D) nor a hex" in (
        p.message
    )


def test_arrival_at_a_hex_off_the_map(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-3R", 'entry = "A"', 'entry = "0199"')
    p = teaching.only(teaching.problems())
    assert p.field == f"counter[{teaching.counter_index('G-3R')}].arrive.entry"
    assert "hex 0199 is not on the map" in p.message


def test_arrival_at_a_hex_number_is_allowed(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-3R", 'entry = "A"', 'entry = "0106"')
    assert teaching.load().counters["G-3R"].arrive is not None


def test_arrival_after_the_last_turn(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-3R", "turn = 2", "turn = 9")
    p = teaching.only(teaching.problems())
    assert p.field == f"counter[{teaching.counter_index('G-3R')}].arrive.turn"
    assert "arrives on turn 9, after the last turn (6)" in p.message


def test_both_set_up_and_arrival(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-3R", "arrive = {", 'setup = "0101"\narrive = {')
    p = teaching.only(teaching.problems())
    assert p.field == f"counter[{teaching.counter_index('G-3R')}]"
    assert "either a set-up hex or an arrival, not both" in p.message


# --- map features --------------------------------------------------------------------------


def test_hexside_between_hexes_that_are_not_adjacent(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, '"0409/0410", "0509/0610"', '"0409/0411", "0509/0610"')
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.map
    assert p.field == "hexside[0].sides[6]"
    assert p.line == line
    assert "0409 and 0411 are not adjacent, so share no hexside" in p.message


def test_hexside_written_without_a_slash(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, '"1015/1016"', '"1015-1016"')
    p = teaching.only(teaching.problems())
    assert p.field == "hexside[4].sides[0]"
    assert "two hexes, '0712/0713'" in p.message


def test_rail_chain_with_a_gap(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, '"0106", "0207", "0306", "0407"', '"0106", "0207", "0407"')
    p = teaching.only(teaching.problems())
    assert p.field == "rail[0].hexes[2]"
    assert p.line == line
    assert "rail line Nordbahn: 0207 and 0407 are not adjacent" in p.message


def test_road_hex_off_the_map(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, '"1213", "1312",\n]', '"1213", "1312", "1399",\n]')
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("road[0].hexes[9]", line)
    assert "hex 1399 is not on the map" in p.message


def test_entry_letter_defined_twice(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, 'letter = "D"', 'letter = "C"')
    p = teaching.only(teaching.problems(), teaching.map)
    assert p.field == "entry[3].letter"
    assert "entry hex C is defined twice" in p.message


def test_two_cities_in_one_hex(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, 'hex = "0906"', 'hex = "0707"')
    p = teaching.only(teaching.problems())
    assert p.field == "city[6].hex"
    assert "hex 0707 already holds Lindenau" in p.message


def test_map_columns_beyond_two_digits_is_one_problem(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, "columns = [1, 20]", "columns = [95, 114]")
    problems = teaching.problems()
    columns = [p for p in problems if p.field == "map.columns"]
    assert len(columns) == 1
    assert "each takes 2 digits (0-99)" in columns[0].message


def test_map_of_absurd_size_is_one_problem_and_no_cascade(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "rows = [1, 16]", "rows = [1, 160000]")
    p = teaching.only(teaching.problems())  # no "not on the map" for every counter
    assert Path(p.file) == teaching.map
    assert p.field == "map"
    assert p.line == teaching.line(teaching.map, "[map]")
    assert "make 3200000 hexes; a map has at most 100000" in p.message
    assert line > p.line


def test_map_columns_in_the_wrong_order(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.map, "columns = [1, 20]", "columns = [20, 1]")
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("map.columns", line)
    assert "first number must not exceed the last" in p.message


# --- scenario ------------------------------------------------------------------------------


def test_scenario_missing_turns(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.scenario, "turns = 6\n", "")
    p = teaching.only(teaching.problems())
    assert Path(p.file) == teaching.scenario
    assert p.field == "scenario.turns"
    assert p.line == teaching.line(teaching.scenario, "[scenario]")
    assert "required field is missing" in p.message


def test_scenario_unknown_field(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.scenario, "turns = 6", "tunrs = 6")
    problems = teaching.problems()
    unknown = teaching.only([p for p in problems if "unknown field" in p.message])
    assert (unknown.field, unknown.line) == ("scenario.tunrs", line)
    assert "did you mean 'turns'?" in unknown.message
    assert "scenario.turns" in fields(problems)  # and the real one is now missing


def test_scenario_option_of_the_wrong_type_is_one_problem(teaching: TeachingCopy) -> None:
    line = teaching.append(teaching.scenario, "[options]\nfoo = [1, 2]\n") + 1
    p = teaching.only(teaching.problems())
    assert (p.field, p.line) == ("options.foo", line)
    assert "got [1, 2]; expected a valid boolean or a valid integer or a valid string" in (
        p.message
    )


def test_scenario_referring_to_a_missing_map(teaching: TeachingCopy) -> None:
    line = teaching.edit(teaching.scenario, '"../maps/teaching.toml"', '"../maps/nope.toml"')
    problems = teaching.problems()
    p = teaching.only(problems)
    assert (Path(p.file), p.field, p.line) == (teaching.scenario, "scenario.map", line)
    assert "file not found: ../maps/nope.toml" in p.message


def test_scenario_referring_to_a_missing_counter_file(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.scenario, '["../counters/teaching.toml"]', '["../counters/nope.toml"]')
    p = teaching.only(teaching.problems())
    assert p.field == "scenario.counters[0]"
    assert "file not found" in p.message


def test_scenario_of_another_system_is_a_problem_not_a_crash(teaching: TeachingCopy) -> None:
    # a GWitE map and counters under the Tannenberg rules: the problems are reported
    teaching.edit(teaching.scenario, 'system = "gwite"', 'system = "tannenberg"')
    problems = teaching.problems()
    assert problems
    assert any("tannenberg" in p.message or "terrain" in p.field for p in problems)


def test_first_side_and_victory_side_must_be_sides(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.scenario, 'first_side = "allied"', 'first_side = "neutral"')
    teaching.edit(teaching.scenario, 'index_side = "allied"', 'index_side = "axis"')
    problems = teaching.problems()
    assert set(fields(problems)) == {"scenario.first_side", "victory.index_side"}


def test_nationality_on_two_sides(teaching: TeachingCopy) -> None:
    teaching.edit(
        teaching.scenario,
        '\nnationalities = ["russia"]\n',
        '\nnationalities = ["russia", "germany"]\n',
    )
    problems = teaching.problems()
    assert any(
        p.field == "side[1].nationalities" and "germany already belongs to allied" in p.message
        for p in problems
    )


# --- every problem at once --------------------------------------------------------------------


def test_problems_in_three_files_are_all_reported(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.map, "05 ......b...ff.f......", "05 ......b...ffXf......")
    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    teaching.edit(teaching.scenario, 'first_side = "allied"', 'first_side = "neutral"')
    problems = teaching.problems()
    assert len(problems) == 3
    assert {Path(p.file) for p in problems} == {teaching.map, teaching.counters, teaching.scenario}


def test_schema_errors_in_every_file_are_all_reported(teaching: TeachingCopy) -> None:
    # each file fails validation; the others are still read and checked
    teaching.edit(teaching.scenario, "turns = 6\n", "")
    teaching.edit(teaching.map, 'numbering = "spi"', 'numbering = "spy"')
    teaching.edit_counter("G-I", 'type = "infantry"', 'type = "infantri"')
    teaching.edit(teaching.terrain, "move = [1, 1, 2, 2]", "move = [1, 1, 2]")
    problems = teaching.problems()
    assert {(Path(p.file), p.field) for p in problems} == {
        (teaching.scenario, "scenario.turns"),
        (teaching.map, "map.numbering"),
        (teaching.counters, f"counter[{teaching.counter_index('G-I')}].type"),
        (teaching.terrain, "terrain.forest.move"),
    }


def test_counters_are_checked_against_the_map_when_the_scenario_is_invalid(
    teaching: TeachingCopy,
) -> None:
    teaching.edit(teaching.scenario, "turns = 6\n", "")
    teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    problems = teaching.problems()
    assert set(fields(problems)) == {
        "scenario.turns",
        f"counter[{teaching.counter_index('G-I')}].setup",
    }


def test_one_bad_counter_does_not_hide_the_others_problems(teaching: TeachingCopy) -> None:
    teaching.edit_counter("G-I", 'type = "infantry"', 'type = "infantri"')
    teaching.edit_counter("G-XVII", 'setup = "0806"', 'setup = "3333"')
    problems = teaching.problems()
    assert set(fields(problems)) == {
        f"counter[{teaching.counter_index('G-I')}].type",
        f"counter[{teaching.counter_index('G-XVII')}].setup",
    }


def test_many_problems_in_one_file_each_have_their_own_line(teaching: TeachingCopy) -> None:
    a = teaching.edit_counter("G-I", 'setup = "0905"', 'setup = "2130"')
    b = teaching.edit_counter("G-XVII", 'setup = "0806"', 'setup = "2131"')
    c = teaching.edit_counter("G-35R", 'nationality = "germany"', 'nationality = "russia"')
    problems = teaching.problems()
    assert sorted(p.line for p in problems) == [a, b, c]


# --- positions -------------------------------------------------------------------------------

POSITION = """
[position]
turn = 2
phasing = "allied"
phase = "movement"
segment = "movement"

[position.units]
"G-I" = { hex = "0905" }
"R-1G" = { hex = "1606", markers = ["moved"] }
"G-XVII" = { status = "eliminated" }
"""


def test_a_valid_position_loads(teaching: TeachingCopy) -> None:
    teaching.append(teaching.scenario, POSITION)
    scenario = teaching.load()
    assert scenario.file.position is not None
    assert scenario.file.position.units["G-I"].hex == "0905"


def test_position_problems_are_each_reported(teaching: TeachingCopy) -> None:
    start = teaching.append(
        teaching.scenario,
        POSITION.replace('phase = "movement"', 'phase = "marching"')
        .replace('"G-I" = { hex = "0905" }', '"G-I" = { hex = "2140" }')
        .replace('markers = ["moved"]', 'markers = ["moved", "dizzy"]')
        + '"X-99" = { hex = "0905" }\n',
    )
    problems = teaching.problems()
    assert all(Path(p.file) == teaching.scenario for p in problems)
    by_field = {p.field: p for p in problems}
    assert set(by_field) == {
        "position.phase",
        "position.units.G-I.hex",
        "position.units.R-1G.markers",
        "position.units.X-99",
    }
    assert "'marching'; a phase is one of movement" in by_field["position.phase"].message
    assert "hex 2140 is not on the map" in by_field["position.units.G-I.hex"].message
    assert "unknown marker 'dizzy'" in by_field["position.units.R-1G.markers"].message
    assert "no counter with id 'X-99'" in by_field["position.units.X-99"].message
    text = teaching.scenario.read_text(encoding="utf-8").splitlines()
    for p in problems:
        assert p.line is not None and p.line >= start
        key = p.field.split(".")[-1] if p.field == "position.phase" else p.field.split(".")[2]
        assert key in text[p.line - 1], (p, text[p.line - 1])


def test_position_unit_on_the_map_needs_a_hex(teaching: TeachingCopy) -> None:
    teaching.append(teaching.scenario, POSITION.replace('{ hex = "0905" }', "{ steps_lost = 1 }"))
    p = teaching.only(teaching.problems())
    assert p.field == "position.units.G-I"
    assert "needs a hex" in p.message


def test_position_too_many_steps_lost_and_wrong_phasing(teaching: TeachingCopy) -> None:
    teaching.append(
        teaching.scenario,
        POSITION.replace('{ hex = "0905" }', '{ hex = "0905", steps_lost = 4 }').replace(
            'phasing = "allied"', 'phasing = "neutral"'
        ),
    )
    problems = teaching.problems()
    assert set(fields(problems)) == {"position.units.G-I.steps_lost", "position.phasing"}


def test_position_control_of_a_hex_off_the_map(teaching: TeachingCopy) -> None:
    teaching.append(
        teaching.scenario,
        POSITION.replace(
            "[position.units]",
            '[position.control]\n"0101" = "central"\n"4040" = "allied"\n\n[position.units]',
        ),
    )
    p = teaching.only(teaching.problems())
    assert p.field == "position.control.4040"
    assert "hex 4040 is not on the map" in p.message


def test_unknown_unit_is_not_reported_when_its_counter_file_is_broken(
    teaching: TeachingCopy,
) -> None:
    # a counter that fails validation must not cascade into "no counter with id"
    teaching.append(teaching.scenario, POSITION)
    teaching.edit_counter("G-I", 'type = "infantry"', 'type = "infantri"')
    problems = teaching.problems()
    assert fields(problems) == [f"counter[{teaching.counter_index('G-I')}].type"]
