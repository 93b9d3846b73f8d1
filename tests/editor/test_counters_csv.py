"""The counter sheet as CSV (greatwar.editor.counters_csv)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from greatwar.editor.counters_csv import (
    COLUMNS,
    STEP_FIELDS,
    CsvError,
    format_steps,
    from_csv,
    parse_steps,
    to_csv,
)
from greatwar.model.schema import UNIT_SIZES, UNIT_TYPES, Counter, StepValues

DATA = Path(__file__).resolve().parents[2] / "greatwar" / "data"
COUNTER_FILES = sorted(DATA.glob("*/counters/*.toml"))

HEADER = "id,side,nationality,type,steps,movement,setup\n"


def models(counters: list[dict[str, Any]]) -> list[Counter]:
    return [Counter.model_validate({k: v for k, v in c.items() if k != "file"}) for c in counters]


def problems_of(text: str) -> list[dict[str, Any]]:
    with pytest.raises(CsvError) as caught:
        from_csv(text)
    return caught.value.problems


# --- round trips -------------------------------------------------------------------------


def test_every_shipped_counter_file_is_found() -> None:
    assert len(COUNTER_FILES) >= 17
    assert {p.parent.parent.name for p in COUNTER_FILES} == {"gwite", "tannenberg"}


@pytest.mark.parametrize("path", COUNTER_FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_shipped_counter_survives_csv_and_back(path: Path) -> None:
    counters = tomllib.loads(path.read_text(encoding="utf-8"))["counter"]
    back = from_csv(to_csv(counters))
    assert models(back) == models(counters)


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_round_trip_keeps_the_counter_file_column(delimiter: str) -> None:
    path = DATA / "gwite" / "counters" / "teaching.toml"
    counters = tomllib.loads(path.read_text(encoding="utf-8"))["counter"]
    tagged = [{**c, "file": "../counters/teaching.toml"} for c in counters]
    text = to_csv(tagged, delimiter=delimiter)
    assert text.splitlines()[0].split(delimiter)[-1] == "file"
    back = from_csv(text)
    assert [c["file"] for c in back] == ["../counters/teaching.toml"] * len(counters)
    assert models(back) == models(counters)


texts = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12
).map(str.strip)
words = texts.filter(bool)
small = st.integers(min_value=0, max_value=40)  # no printed value is negative


def step_value(field: str) -> st.SearchStrategy[int]:
    return st.integers(1, 4) if field == "tcr" else small  # 2.4 TCRs are 1-4


steps = st.lists(
    st.lists(st.sampled_from(STEP_FIELDS), max_size=4, unique=True)
    .flatmap(lambda names: st.fixed_dictionaries({n: step_value(n) for n in names}))
    .map(StepValues.model_validate),
    max_size=4,
)


@st.composite
def counters(draw: st.DrawFn) -> Counter:
    unit_type = draw(st.sampled_from(UNIT_TYPES))
    placement = draw(st.sampled_from(["setup", "arrive", "neither"]))
    hq = None
    if unit_type == "hq" or draw(st.booleans()):
        hq = {
            "level": draw(st.sampled_from(["army", "corps", "front", "other"])),
            "heroic": draw(st.booleans()),
            "activity": draw(st.sampled_from(["A", "N", "B", ""])),
        }
    return Counter.model_validate(
        {
            "id": draw(words),
            "name": draw(texts),
            "side": draw(words),
            "nationality": draw(words),
            "type": unit_type,
            "size": draw(st.sampled_from(UNIT_SIZES)),
            "superior": draw(texts),
            "steps": draw(steps),
            "movement": draw(st.none() | small),
            "tcr": draw(st.none() | st.integers(1, 4)),
            "effectiveness": draw(st.none() | small),
            "stacking": draw(st.none() | st.integers(0, 9)),
            "hq": hq,
            "stosstruppen": draw(st.booleans()),
            "corps": draw(texts),
            "division": draw(texts),
            "army": draw(texts),
            "setup": draw(words) if placement == "setup" else None,
            "arrive": {
                "turn": draw(st.integers(1, 40)),
                "entry": draw(words),
                "entrained": draw(st.booleans()),
            }
            if placement == "arrive"
            else None,
            "source": draw(texts),
        }
    )


@given(
    sheet=st.lists(counters(), max_size=6, unique_by=lambda c: c.id),
    delimiter=st.sampled_from([",", ";", "\t"]),
)
def test_generated_counters_survive_csv_and_back(sheet: list[Counter], delimiter: str) -> None:
    assert models(from_csv(to_csv(sheet, delimiter=delimiter))) == sheet


@given(written=steps)
def test_steps_cell_reads_back_as_written(written: list[StepValues]) -> None:
    assert [StepValues.model_validate(s) for s in parse_steps(format_steps(written))] == written


def test_columns_cover_every_field_of_the_schema() -> None:
    tables = {"hq": "hq_", "arrive": "arrive_"}
    for name, field in Counter.model_fields.items():
        if name in tables:
            inner = field.annotation.__args__[0].model_fields  # type: ignore[union-attr]
            assert {tables[name] + f for f in inner} <= set(COLUMNS), name
        else:
            assert name in COLUMNS, name


# --- the readable columns ------------------------------------------------------------------


def test_attack_defence_steps_are_written_as_pairs() -> None:
    counter = {
        "id": "R-IV",
        "side": "allied",
        "nationality": "russia",
        "type": "infantry",
        "size": "corps",
        "steps": [[4, 5], [2, 3]],
        "movement": 4,
        "setup": "0712",
    }
    lines = to_csv([counter]).splitlines()
    row = dict(zip(lines[0].split(","), lines[1].split(","), strict=True))
    assert row["steps"] == "4-5 | 2-3"
    assert row["movement"] == "4"
    assert row["setup"] == "0712"
    assert row["hq_level"] == "" and row["arrive_turn"] == ""


def test_other_step_values_are_written_as_name_value_pairs() -> None:
    written = format_steps(
        [
            StepValues(strength=6, movement=5, effectiveness=4),
            StepValues(strength=4, movement=4, effectiveness=3),
        ]
    )
    assert written == (
        "strength=6 movement=5 effectiveness=4 | strength=4 movement=4 effectiveness=3"
    )
    assert format_steps([StepValues(attack=4, defense=3), StepValues(attack=2)]) == (
        "attack=4 defense=3 | attack=2"
    )
    assert format_steps([StepValues()]) == "-"
    assert format_steps([]) == ""


def test_hq_and_arrival_are_columns() -> None:
    counter = {
        "id": "G-HQ-FALK",
        "side": "central",
        "nationality": "germany",
        "type": "hq",
        "hq": {"level": "corps", "heroic": True, "activity": "N"},
        "arrive": {"turn": 3, "entry": "D", "entrained": True},
    }
    text = to_csv([counter])
    row = dict(zip(*(line.split(",") for line in text.splitlines()), strict=True))
    assert (row["hq_level"], row["hq_heroic"], row["hq_activity"]) == ("corps", "yes", "N")
    assert (row["arrive_turn"], row["arrive_entry"], row["arrive_entrained"]) == ("3", "D", "yes")
    assert from_csv(text) == [
        {
            "id": "G-HQ-FALK",
            "side": "central",
            "nationality": "germany",
            "type": "hq",
            "hq": {"level": "corps", "heroic": True, "activity": "N"},
            "arrive": {"turn": 3, "entry": "D", "entrained": True},
        }
    ]


def test_read_counters_are_shaped_as_in_a_counter_file() -> None:
    text = HEADER + "R-IV,allied,russia,infantry,4-5 | 2-3,4,0712\n"
    assert from_csv(text) == [
        {
            "id": "R-IV",
            "side": "allied",
            "nationality": "russia",
            "type": "infantry",
            "steps": [[4, 5], [2, 3]],
            "movement": 4,
            "setup": "0712",
        }
    ]


def test_steps_accept_pairs_pairs_of_names_and_a_step_without_values() -> None:
    assert parse_steps("4-3 | attack = 2, defense=1 movement=6 | - | 1 – 0") == [
        [4, 3],
        {"attack": 2, "defense": 1, "movement": 6},
        {},
        [1, 0],
    ]
    assert parse_steps("attack_shift=-1") == [{"attack_shift": -1}]


# --- a spreadsheet's quirks ----------------------------------------------------------------


def test_a_spreadsheet_export_with_bom_semicolons_blank_rows_and_spaces_is_read() -> None:
    text = (
        "\ufeffID ; Side ; Nationality ; Type ; Steps ; Movement ; Setup ; HQ level\r\n"
        "\r\n"
        "R-IV ; allied ; russia ; infantry ; 4-5 | 2-3 ; 4.0 ; 0712 ; \r\n"
        ";;;;;;;\r\n"
        "R-HQ-5A;allied;russia;hq;;6;;army   \r\n"
    )
    assert from_csv(text) == [
        {
            "id": "R-IV",
            "side": "allied",
            "nationality": "russia",
            "type": "infantry",
            "steps": [[4, 5], [2, 3]],
            "movement": 4,
            "setup": "0712",
        },
        {
            "id": "R-HQ-5A",
            "side": "allied",
            "nationality": "russia",
            "type": "hq",
            "movement": 6,
            "hq": {"level": "army"},
        },
    ]


def test_columns_may_come_in_any_order_and_may_be_left_out() -> None:
    text = "type,id,nationality,side\ncavalry,G-1K,germany,central\n"
    assert models(from_csv(text)) == [
        Counter(id="G-1K", side="central", nationality="germany", type="cavalry")
    ]


def test_quoted_cells_keep_commas_and_quotes() -> None:
    counter = Counter(
        id="A",
        name='Gruppe "Falk", heroic',
        side="central",
        nationality="germany",
        type="infantry",
    )
    assert models(from_csv(to_csv([counter]))) == [counter]


def test_a_header_only_sheet_has_no_counters() -> None:
    assert from_csv(HEADER) == []


# --- problems ------------------------------------------------------------------------------


def test_problems_name_the_row_the_column_and_what_was_expected() -> None:
    text = (
        HEADER + "\n"  # row 2 is blank: the spreadsheet still numbers it
        "R-IV,allied,russia,infantri,4-5 | 2-3,four,0712\n"
        "R-V,allied,,infantry,4-5 || 2-3,4,\n"
    )
    problems = problems_of(text)
    assert {(p["row"], p["column"]) for p in problems} == {
        (3, "movement"),
        (3, "type"),
        (4, "nationality"),
        (4, "steps"),
    }
    by_place = {(p["row"], p["column"]): p["message"] for p in problems}
    assert by_place[(3, "movement")] == "a whole number, got 'four'"
    assert "'infantry'" in by_place[(3, "type")]
    assert by_place[(4, "nationality")] == "a value is required"
    assert by_place[(4, "steps")].startswith("step 2 is empty")


def test_the_error_message_names_the_source() -> None:
    with pytest.raises(CsvError, match=r"sheet\.csv row 2, column tcr: .*less than or equal to 4"):
        from_csv("id,side,nationality,type,tcr\nA,s,n,infantry,5\n", source="sheet.csv")


def test_duplicate_ids_are_reported_with_the_first_row() -> None:
    text = HEADER + "A,s,n,infantry,,,\nB,s,n,infantry,,,\nA,s,n,cavalry,,,\n"
    assert problems_of(text) == [
        {"row": 4, "column": "id", "message": "the id 'A' is already used on row 2"}
    ]


@pytest.mark.parametrize(
    ("row", "column", "expected"),
    [
        ("A,s,n,infantry,,,0712,3,B", "setup", "either a set-up hex or an arrival"),
        ("A,s,n,hq,,,,,", "hq_level", "needs an [hq] table"),
        ("A,s,n,infantry,,maybe,,,", "stosstruppen", "yes or no"),
        ("A,s,n,infantry,,,,x,B", "arrive_turn", "a whole number"),
        ("A,s,n,infantry,,,,0,B", "arrive_turn", "greater than or equal to 1"),
    ],
)
def test_a_bad_cell_is_reported_at_its_column(row: str, column: str, expected: str) -> None:
    header = "id,side,nationality,type,hq_level,stosstruppen,setup,arrive_turn,arrive_entry\n"
    problems = problems_of(header + row + "\n")
    assert [(p["row"], p["column"]) for p in problems] == [(2, column)]
    assert expected in problems[0]["message"]


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("4-3 | atack=2", "step 2: 'atack' is not a step value"),
        ("attack=x", "step 1: 'attack=x' should be name=whole number"),
        ("attack=1 attack=2", "step 1: attack is given twice"),
        ("4-3 |", "step 2 is empty"),
    ],
)
def test_a_bad_steps_cell_says_which_step_and_what_was_expected(cell: str, expected: str) -> None:
    problems = problems_of(HEADER + f'A,s,n,infantry,"{cell}",,\n')
    assert [p["column"] for p in problems] == ["steps"]
    assert problems[0]["message"].startswith(expected)


def test_an_unknown_or_doubled_column_is_refused_before_any_row() -> None:
    problems = problems_of("id,side,movment,side\nA,s,4,s\n")
    assert problems == [
        {
            "row": 1,
            "column": "movment",
            "message": problems[0]["message"],
        },
        {"row": 1, "column": "side", "message": "this column is named twice"},
    ]
    assert problems[0]["message"].startswith("not a counter column; the columns are: id, name")


def test_a_sheet_without_an_id_column_or_without_anything_is_refused() -> None:
    assert problems_of("name,side\nX,s\n") == [
        {"row": 1, "column": "id", "message": "the header needs an id column"}
    ]
    assert problems_of("\ufeff\n\n")[0]["message"].startswith("the CSV is empty")


def test_a_row_longer_than_the_header_is_reported() -> None:
    problems = problems_of("id,side,nationality,type\nA,s,n,infantry,extra\n")
    assert problems == [
        {"row": 2, "column": "", "message": "5 cells, but the header names 4 columns"}
    ]


def test_to_csv_refuses_a_counter_the_schema_refuses() -> None:
    with pytest.raises(CsvError) as caught:
        to_csv([{"id": "A", "side": "s", "nationality": "n", "type": "tank"}])
    assert caught.value.problems[0]["column"] == "type"


def test_the_example_in_the_users_guide_is_what_the_export_reads() -> None:
    guide = (DATA.parent.parent / "docs" / "editor.md").read_text(encoding="utf-8")
    example = guide.split("```\nid,name", 1)[1].split("```", 1)[0]
    counters = from_csv("id,name" + example)
    assert [c["id"] for c in counters] == ["G-HQ-FALK", "G-I", "R-XX"]
    assert to_csv(counters).replace("\r\n", "\n") == "id,name" + example
