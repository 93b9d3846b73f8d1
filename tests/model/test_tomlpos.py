"""``tomlpos.locate``: the line of a value named by its path of keys and array indices."""

from __future__ import annotations

import tomllib

import pytest

from greatwar.model.tomlpos import locate, statement_lines, string_first_line

DOC = """\
# a comment line
title = "x"                       # line 2
"quoted key" = 1                  # line 3
'literal key' = 2                 # line 4

[map]                             # line 6
id = "m"
columns = [1, 20]                 # line 8

[terrain]
legend = { "." = "clear", f = "forest" }   # line 11
grid = \"\"\"
01 ..f
02 .[x]
\"\"\"

[[counter]]                       # line 17
id = "A"
steps = [                         # line 19
  { attack = 1, defense = 2 },
  { attack = 3, defense = 4 },     # line 21
  [5, 6],                          # line 22
]
hq.level = "army"                 # line 24

[counter.arrive]                  # line 26
turn = 2
entry = "A"

[[counter]]                       # line 30
id = "B"
setup = "0101"

[a."b.c".d]                       # line 34
e = 1

[[victory.levels]]                # line 37
min = 1

[[victory.levels]]                # line 40
max = 2
result = "win"

[ "spaced" . key ]                # line 44
sides = [
  "0101/0102", "0102/0103",       # line 46
  "0103/0104",                    # line 47
  # a comment inside the array
  "0104/0105",                    # line 49
]
"""


def test_the_document_is_valid_toml() -> None:
    data = tomllib.loads(DOC)
    assert data["counter"][0]["arrive"]["entry"] == "A"
    assert data["a"]["b.c"]["d"]["e"] == 1


@pytest.mark.parametrize(
    ("loc", "line"),
    [
        (("title",), 2),
        (("quoted key",), 3),
        (("literal key",), 4),
        (("map",), 6),
        (("map", "id"), 7),
        (("map", "columns"), 8),
        (("map", "columns", 1), 8),
        (("map", "missing_key"), 6),  # falls back on the table
        (("terrain", "legend"), 11),
        (("terrain", "legend", "f"), 11),
        (("terrain", "grid"), 12),
    ],
)
def test_tables_and_keys(loc: tuple[str | int, ...], line: int) -> None:
    assert locate(DOC, loc) == line


@pytest.mark.parametrize(
    ("loc", "line"),
    [
        (("counter", 0), 17),
        (("counter", 0, "id"), 18),
        (("counter", 0, "nationality"), 17),  # a missing field: the element's header
        (("counter", 1), 30),
        (("counter", 1, "setup"), 32),
        (("counter", 1, "id"), 31),
        (("counter", 2, "id"), None),  # no such element, nothing enclosing it
        (("counter",), 17),  # the whole array: its first element
    ],
)
def test_arrays_of_tables(loc: tuple[str | int, ...], line: int | None) -> None:
    assert locate(DOC, loc) == line


@pytest.mark.parametrize(
    ("loc", "line"),
    [
        (("counter", 0, "steps"), 19),
        (("counter", 0, "steps", 0), 20),
        (("counter", 0, "steps", 1), 21),
        (("counter", 0, "steps", 1, "attack"), 21),
        (("counter", 0, "steps", 1, "defense"), 21),
        (("counter", 0, "steps", 2), 22),
        (("counter", 0, "steps", 2, 1), 22),
        (("counter", 0, "steps", 5), 19),  # past the end: the array's key
        (("counter", 0, "hq"), 24),  # dotted key
        (("counter", 0, "hq", "level"), 24),
        (("counter", 0, "arrive"), 26),  # a table under an array element
        (("counter", 0, "arrive", "entry"), 28),
        (("counter", 1, "arrive"), 30),  # element 1 has none: its header
    ],
)
def test_nested_values(loc: tuple[str | int, ...], line: int) -> None:
    assert locate(DOC, loc) == line


@pytest.mark.parametrize(
    ("loc", "line"),
    [
        (("a", "b.c", "d"), 34),
        (("a", "b.c", "d", "e"), 35),
        (("a",), 34),  # only defined by a sub-table header
        (("victory", "levels", 0), 37),
        (("victory", "levels", 1), 40),
        (("victory", "levels", 1, "result"), 42),
        (("spaced", "key"), 44),
        (("spaced", "key", "sides", 0), 46),
        (("spaced", "key", "sides", 1), 46),
        (("spaced", "key", "sides", 2), 47),
        (("spaced", "key", "sides", 3), 49),
    ],
)
def test_dotted_and_quoted_headers(loc: tuple[str | int, ...], line: int) -> None:
    assert locate(DOC, loc) == line


def test_lines_inside_a_multiline_string_are_not_headers() -> None:
    # '02 .[x]' sits inside the grid string: it must not open a table [x]
    assert locate(DOC, ("x",)) is None
    text = 'a = """\n[fake]\nb = 1\n"""\n[real]\nb = 2\n'
    assert locate(text, ("fake", "b")) is None
    assert locate(text, ("real", "b")) == 6
    assert locate(text, ("b",)) is None


def test_nested_arrays_of_tables_restart_under_each_element() -> None:
    text = "[[a]]\n[[a.b]]\nx = 1\n[[a.b]]\nx = 2\n[[a]]\n[[a.b]]\nx = 3\n"
    assert tomllib.loads(text)["a"][1]["b"][0]["x"] == 3
    assert locate(text, ("a", 0, "b", 1, "x")) == 5
    assert locate(text, ("a", 1, "b", 0, "x")) == 8
    assert locate(text, ("a", 1)) == 6


def test_position_units_as_inline_tables() -> None:
    text = (
        '[position]\nturn = 1\n\n[position.units]\n"G-I" = { hex = "0905" }\nR-1 = { hex = "1" }\n'
    )
    assert locate(text, ("position", "units", "G-I")) == 5
    assert locate(text, ("position", "units", "G-I", "hex")) == 5
    assert locate(text, ("position", "units", "R-1", "hex")) == 6


def test_empty_root_path_and_empty_text() -> None:
    assert locate(DOC, ()) is None
    assert locate("", ("a",)) is None


def test_first_line_of_a_multiline_string() -> None:
    assert string_first_line(DOC, ("terrain", "grid")) == 13
    # content on the same line as the opening quotes
    assert string_first_line('[t]\ngrid = """01 ..\n02 ..\n"""\n', ("t", "grid")) == 2
    assert string_first_line('x = "one line"\n', ("x",)) == 1
    assert string_first_line(DOC, ("terrain", "nothing")) is None


def test_statement_lines() -> None:
    lines = statement_lines(DOC)
    assert lines[:4] == [2, 3, 4, 6]
    assert 13 not in lines and 14 not in lines  # the grid's rows are not statements
    assert 20 not in lines  # nor array elements
    assert 44 in lines and 45 in lines


@pytest.mark.parametrize(
    "broken",
    ['a = "unterminated\nb = 1\n', "a = [1,\n2\n", '[t\nx = """\n', "= 1\n[[", "a = {b = \n"],
)
def test_broken_text_does_not_raise(broken: str) -> None:
    # the scanner is used on any text; it must give an answer, never raise or hang
    result = locate(broken, ("a", 0))
    assert result is None or 1 <= result <= broken.count("\n") + 1
    assert all(1 <= n <= broken.count("\n") + 1 for n in statement_lines(broken))
