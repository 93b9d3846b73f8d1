"""Tannenberg's rule constants and look-up tables, read from data (loaded once).

``constant(name)`` gives a number the rules fix (constants.toml, each with
its case); ``table(name)`` a look-up table (combat results, retreat attempt,
independence of command), whose provisional entries say so.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from greatwar.model.loader import DATA_ROOT, parse_file
from greatwar.model.problems import ScenarioError
from greatwar.model.schema import GridTable, RuleConstants

ROOT = DATA_ROOT / "tannenberg"
TABLE_FILES = {
    "combat_results": "combat_results.toml",
    "retreat_attempt": "retreat_attempt.toml",
    "independence": "independence.toml",
}


@cache
def constants() -> RuleConstants:
    values, problems = parse_file(ROOT / "constants.toml", RuleConstants)
    if values is None:
        raise ScenarioError(problems.items)
    return values


def constant(name: str) -> Any:
    """A number (or small table) the rules fix."""
    return constants().values[name].value


def constant_case(name: str) -> str:
    return constants().values[name].source


@cache
def table(name: str) -> GridTable:
    """A look-up table by name (see ``TABLE_FILES``)."""
    grid, problems = parse_file(ROOT / TABLE_FILES[name], GridTable)
    if grid is None:
        raise ScenarioError(problems.items)
    return grid


def lookup(name: str, key: int | str, column: str) -> tuple[str, bool]:
    """The value of a table at a row key and a column, and whether it is provisional.

    Numeric row keys beyond the table's first or last row use that row.
    """
    grid = table(name)
    rows = grid.rows
    if isinstance(key, int) and all(isinstance(r.key, int) for r in rows):
        first, last = rows[0].key, rows[-1].key
        key = max(first, min(last, key))
    row = next((r for r in rows if r.key == key), None)
    if row is None:
        raise KeyError(f"{name}: no row {key!r}")
    index = grid.columns.index(column)
    return row.values[index], index in row.provisional
