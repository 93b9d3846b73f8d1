"""A counter sheet as CSV, for owners who would rather type it into a spreadsheet.

One row a counter, one column a field of :class:`greatwar.model.schema.Counter` (the
``hq`` and ``arrive`` tables spread over ``hq_*`` and ``arrive_*`` columns, the steps in
one readable ``steps`` column)::

    id,name,side,nationality,type,size,...,steps,movement,...,setup,arrive_turn,...
    R-IV,IV,allied,russia,infantry,corps,...,4-5 | 2-3,4,...,0712,,...

``steps`` lists the steps from full strength down, separated by ``|``: ``4-5 | 2-3``
when every step prints only attack and defence, otherwise ``name=value`` pairs for each
step (``strength=3 movement=4 | strength=1``, any field of ``StepValues``); ``-`` is a
step with no values of its own. An empty cell means "not given" (the schema's default).
Booleans are written ``yes`` (and read as yes/no, true/false, y/n, 1/0 or x).

:func:`from_csv` accepts a spreadsheet's quirks (a byte-order mark, ``;`` or tab
separators, blank rows, spaces around cells, columns in any order, headers in any case)
and checks every row against the schema; it reports every problem at once, each with
its row (as the spreadsheet numbers it: the header is row 1), column and what was
expected, and returns nothing unless every row is good.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import ValidationError

from greatwar.model.schema import Counter, StepValues

#: the columns, in the order :func:`to_csv` writes them; a ``file`` column (which counter
#: file of the scenario a counter lives in) follows when the counters carry one
COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "side",
    "nationality",
    "type",
    "size",
    "superior",
    "corps",
    "division",
    "army",
    "steps",
    "movement",
    "tcr",
    "effectiveness",
    "stacking",
    "hq_level",
    "hq_heroic",
    "hq_activity",
    "stosstruppen",
    "setup",
    "arrive_turn",
    "arrive_entry",
    "arrive_entrained",
    "source",
)
FILE_COLUMN = "file"

ColumnKind = Literal["text", "int", "bool", "steps"]
_KINDS: dict[str, ColumnKind] = {
    **{name: "text" for name in COLUMNS},
    "steps": "steps",
    **{name: "int" for name in ("movement", "tcr", "effectiveness", "stacking", "arrive_turn")},
    **{name: "bool" for name in ("hq_heroic", "stosstruppen", "arrive_entrained")},
    FILE_COLUMN: "text",
}
#: nested tables spread over prefixed columns
_TABLES = {"hq": "hq_", "arrive": "arrive_"}
STEP_FIELDS: tuple[str, ...] = tuple(StepValues.model_fields)
_TRUE = {"yes", "y", "true", "1", "x"}
_FALSE = {"no", "n", "false", "0"}
_DELIMITERS = (",", ";", "\t")
_PAIR = re.compile(r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$")
_NO_VALUES = "-"


class CsvError(ValueError):
    """The CSV cannot be read as counters; ``problems`` lists every one of them as
    ``{"row", "column", "message"}`` (rows as the spreadsheet numbers them)."""

    def __init__(self, source: str, problems: list[dict[str, Any]]) -> None:
        self.source = source
        self.problems = problems
        lines = [
            f"{source} row {p['row']}, column {p['column'] or '-'}: {p['message']}"
            for p in problems
        ]
        super().__init__("\n".join(lines))


# --- writing -----------------------------------------------------------------------------


def to_csv(counters: Iterable[Mapping[str, Any] | Counter], *, delimiter: str = ",") -> str:
    """The counters as CSV text, one row each (see the module's docstring).

    Each counter is a dict as in the counter file (``steps = [[4, 5], ...]`` shorthand
    allowed; an optional ``file`` key becomes the ``file`` column) or a ``Counter``.
    """
    rows: list[tuple[Counter, str]] = []
    problems: list[dict[str, Any]] = []
    for number, counter in enumerate(counters, start=2):
        try:
            rows.append(_model_and_file(counter))
        except ValidationError as error:
            problems.extend(_schema_problems(number, error, set()))
    if problems:
        raise CsvError("counters", problems)
    columns = COLUMNS + ((FILE_COLUMN,) if any(file for _, file in rows) else ())
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(columns)
    for model, file in rows:
        cells = _cells(model) | {FILE_COLUMN: file}
        writer.writerow([cells[name] for name in columns])
    return out.getvalue()


def _model_and_file(counter: Mapping[str, Any] | Counter) -> tuple[Counter, str]:
    if isinstance(counter, Counter):
        return counter, ""
    fields = {k: v for k, v in counter.items() if k != FILE_COLUMN}
    return Counter.model_validate(fields), str(counter.get(FILE_COLUMN) or "")


def _cells(counter: Counter) -> dict[str, str]:
    cells = {name: "" for name in COLUMNS}
    for name in COLUMNS:
        if _KINDS[name] == "text" and not name.startswith(("hq_", "arrive_")):
            value = getattr(counter, name)
            cells[name] = "" if value is None else str(value)
    for name in ("movement", "tcr", "effectiveness", "stacking"):
        value = getattr(counter, name)
        cells[name] = "" if value is None else str(value)
    if counter.size == Counter.model_fields["size"].default:
        cells["size"] = ""  # "none", the default: left out as in the counter files
    cells["stosstruppen"] = _yes(counter.stosstruppen)
    cells["steps"] = format_steps(counter.steps)
    if counter.hq is not None:
        cells["hq_level"] = counter.hq.level
        cells["hq_heroic"] = _yes(counter.hq.heroic)
        cells["hq_activity"] = counter.hq.activity
    if counter.arrive is not None:
        cells["arrive_turn"] = str(counter.arrive.turn)
        cells["arrive_entry"] = counter.arrive.entry
        cells["arrive_entrained"] = _yes(counter.arrive.entrained)
    return cells


def _yes(flag: bool) -> str:
    return "yes" if flag else ""


def format_steps(steps: Iterable[StepValues]) -> str:
    """``4-5 | 2-3`` when every step has only attack and defence, else ``name=value``
    pairs a step (``-`` for a step with no values of its own); ``""`` for no steps."""
    given = [s.model_dump(exclude_none=True) for s in steps]
    if given and all(_is_pair(values) for values in given):
        return " | ".join(f"{v['attack']}-{v['defense']}" for v in given)
    return " | ".join(
        " ".join(f"{name}={value}" for name, value in values.items()) or _NO_VALUES
        for values in given
    )


def _is_pair(values: dict[str, int]) -> bool:
    return set(values) == {"attack", "defense"} and values["attack"] >= 0 <= values["defense"]


# --- reading -----------------------------------------------------------------------------


def from_csv(text: str, source: str = "counters.csv") -> list[dict[str, Any]]:
    """The counters of a CSV text, as dicts shaped as in a counter file (only the fields
    given; ``steps`` in the ``[attack, defense]`` shorthand where a step has only those;
    a ``file`` key when the ``file`` cell is given). Raises :class:`CsvError` listing
    every problem (nothing is returned unless every row is good)."""
    records = list(
        csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=_sniff(text))
    )
    numbered = [(n, [cell.strip() for cell in r]) for n, r in enumerate(records, start=1)]
    numbered = [(n, cells) for n, cells in numbered if any(cells)]
    if not numbered:
        raise CsvError(
            source, [_problem(1, "", "the CSV is empty: its first row names the columns")]
        )
    header_row, header = numbered[0]
    columns = _columns(header_row, header, source)
    counters: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    first_row: dict[str, int] = {}
    id_column = columns.index("id")
    for number, cells in numbered[1:]:
        counter, row_problems = _read_row(number, columns, cells)
        problems.extend(row_problems)
        if counter is not None:
            counters.append(counter)
        ident = cells[id_column] if id_column < len(cells) else ""
        if not ident:
            continue
        if ident in first_row:
            message = f"the id {ident!r} is already used on row {first_row[ident]}"
            problems.append(_problem(number, "id", message))
        else:
            first_row[ident] = number
    if problems:
        raise CsvError(source, problems)
    return counters


def _sniff(text: str) -> str:
    """The separator that makes the most known column names of the first non-blank line."""
    first = next((line for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")

    def known(delimiter: str) -> int:
        cells = next(csv.reader([first], delimiter=delimiter), [])
        return sum(_column_name(cell) in _KINDS for cell in cells)

    return max(_DELIMITERS, key=known)


def _column_name(cell: str) -> str:
    return re.sub(r"[\s-]+", "_", cell.strip().lower())


def _columns(row: int, header: list[str], source: str) -> list[str]:
    columns = [_column_name(cell) for cell in header]
    problems = []
    for cell, name in zip(header, columns, strict=True):
        if name and name not in _KINDS:
            known = ", ".join((*COLUMNS, FILE_COLUMN))
            problems.append(_problem(row, cell, f"not a counter column; the columns are: {known}"))
    for name in sorted({n for n in columns if n and columns.count(n) > 1}):
        problems.append(_problem(row, name, "this column is named twice"))
    if "id" not in columns:
        problems.append(_problem(row, "id", "the header needs an id column"))
    if problems:
        raise CsvError(source, problems)
    return columns


def _read_row(
    number: int, columns: list[str], cells: list[str]
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    problems: list[dict[str, Any]] = []
    if len(cells) > len(columns) and any(cells[len(columns) :]):
        message = f"{len(cells)} cells, but the header names {len(columns)} columns"
        problems.append(_problem(number, "", message))
    given: dict[str, Any] = {}
    for name, cell in zip(columns, cells, strict=False):
        if not name or not cell:
            continue
        try:
            given[name] = _parse(_KINDS[name], cell)
        except ValueError as error:
            problems.append(_problem(number, name, str(error)))
    fields = _counter_fields(given)
    try:
        Counter.model_validate(fields)
    except ValidationError as error:
        problems.extend(_schema_problems(number, error, {p["column"] for p in problems}))
    if problems:
        return None, problems
    if FILE_COLUMN in given:
        fields[FILE_COLUMN] = given[FILE_COLUMN]
    return fields, []


def _parse(kind: ColumnKind, cell: str) -> Any:
    if kind == "int":
        return _whole_number(cell)
    if kind == "bool":
        if cell.lower() in _TRUE:
            return True
        if cell.lower() in _FALSE:
            return False
        raise ValueError(f"yes or no (or empty), got {cell!r}")
    if kind == "steps":
        return parse_steps(cell)
    return cell


def _whole_number(cell: str) -> int:
    try:
        number = float(cell)
    except ValueError:
        raise ValueError(f"a whole number, got {cell!r}") from None
    if not number.is_integer():
        raise ValueError(f"a whole number, got {cell!r}")
    return int(number)


def parse_steps(cell: str) -> list[list[int] | dict[str, int]]:
    """The steps of a ``steps`` cell (see :func:`format_steps`); ValueError says which
    step is wrong and what was expected."""
    steps: list[list[int] | dict[str, int]] = []
    if not cell.strip():
        return steps
    for number, part in enumerate(cell.split("|"), start=1):
        part = part.strip()
        pair = _PAIR.match(part)
        if pair:
            steps.append([int(pair.group(1)), int(pair.group(2))])
        elif part == _NO_VALUES:
            steps.append({})
        elif not part:
            raise ValueError(
                f"step {number} is empty: write attack-defence (4-3), name=value pairs,"
                f" or {_NO_VALUES} for a step with no values of its own"
            )
        else:
            steps.append(_step_values(number, part))
    return steps


def _step_values(number: int, part: str) -> dict[str, int]:
    values: dict[str, int] = {}
    for token in re.sub(r"\s*=\s*", "=", part).replace(",", " ").split():
        name, equals, value = token.partition("=")
        if not equals or not re.fullmatch(r"[+-]?\d+", value):
            raise ValueError(
                f"step {number}: {token!r} should be name=whole number (attack=4), or the"
                " whole step attack-defence (4-3)"
            )
        if name not in STEP_FIELDS:
            raise ValueError(
                f"step {number}: {name!r} is not a step value; one of {', '.join(STEP_FIELDS)}"
            )
        if name in values:
            raise ValueError(f"step {number}: {name} is given twice")
        values[name] = int(value)
    return values


def _counter_fields(given: dict[str, Any]) -> dict[str, Any]:
    """The row's cells as a counter file's counter, in the schema's field order."""
    fields: dict[str, Any] = {}
    for name in Counter.model_fields:
        prefix = _TABLES.get(name)
        if prefix is not None:
            table = {k.removeprefix(prefix): v for k, v in given.items() if k.startswith(prefix)}
            if table:
                fields[name] = table
        elif name in given:
            fields[name] = given[name]
    return fields


def _schema_problems(
    number: int, error: ValidationError, reported: set[str]
) -> list[dict[str, Any]]:
    problems = []
    for item in error.errors():
        column, message = _column_of(item)
        if column not in reported:
            problems.append(_problem(number, column, message))
    return problems


def _column_of(item: Any) -> tuple[str, str]:
    """The CSV column a pydantic error is about, and its message as what was expected."""
    loc = [str(part) for part in item["loc"]]
    message = str(item["msg"]).removeprefix("Value error, ")
    if item["type"] == "missing":
        message = "a value is required"
    if not loc:
        if "set-up hex or an arrival" in message:
            return "setup", message
        if "HQ counter" in message:
            return "hq_level", message + ": fill hq_level"
        return "", message
    if loc[0] == "steps":
        step = f"step {int(loc[1]) + 1}: " if len(loc) > 1 and loc[1].isdigit() else ""
        return "steps", step + message
    prefix = _TABLES.get(loc[0])
    if prefix is not None:
        if len(loc) > 1:
            return prefix + loc[1], message
        return prefix + ("level" if loc[0] == "hq" else "turn"), message
    return loc[0], message


def _problem(row: int, column: str, message: str) -> dict[str, Any]:
    return {"row": row, "column": column, "message": message}
