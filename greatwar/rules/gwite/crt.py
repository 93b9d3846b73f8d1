"""8.8 Combat Results Table and 8.9 Combat Result Option Table, read from data.

Odds are kept as an *ordinal*: 0 is 1-1, 1 is 2-1, 2 is 3-1 ..., -1 is 1-2,
-2 is 1-3 ...  A column shift moves the ordinal (10.21); the table's columns
for the attacker's TCR say which ordinals are on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from greatwar.model.loader import DATA_ROOT, parse_file
from greatwar.model.problems import ScenarioError
from greatwar.model.schema import CombatOption, CombatOptionsTable, CombatResultsTable
from greatwar.rules.odds import UNDEFENDED, odds_ordinal  # noqa: F401  (shared, re-exported)


def odds_label(ordinal: int) -> str:
    """``"3-1"`` for ordinal 2, ``"1-3"`` for -2."""
    if ordinal >= UNDEFENDED:
        return "no defense"
    return f"{ordinal + 1}-1" if ordinal >= 0 else f"1-{1 - ordinal}"


def label_ordinal(label: str) -> int:
    a, b = (int(x) for x in label.split("-"))
    return a - 1 if b == 1 else 1 - b


@dataclass(frozen=True)
class Lookup:
    column: str
    die: int
    attacker: str
    defender: str
    provisional: bool


@dataclass(frozen=True)
class Table:
    results: CombatResultsTable
    options: CombatOptionsTable

    def columns(self, tcr: int) -> list[str]:
        """8.8 the odds columns used by an attacker of this TCR."""
        for group in self.results.groups:
            if tcr in group.tcrs:
                return list(group.columns)
        raise KeyError(f"no Combat Results Table columns for TCR {tcr}")

    def lowest(self, tcr: int) -> int:
        return label_ordinal(self.columns(tcr)[0])

    def highest(self, tcr: int) -> int:
        return label_ordinal(self.columns(tcr)[-1])

    def column_for(self, tcr: int, ordinal: int) -> str | None:
        """The column for final odds ``ordinal``: None below the table; the highest
        column above it (8.8 note)."""
        if ordinal < self.lowest(tcr):
            return None
        return odds_label(min(ordinal, self.highest(tcr)))

    def lookup(self, tcr: int, column: str, die: int) -> Lookup:
        """8.8 result for a die roll (modified rolls beyond the table use its last row)."""
        columns = self.columns(tcr)
        index = columns.index(column)
        rows = self.results.rows
        die = max(rows[0].die, min(die, rows[-1].die))
        row = next(r for r in rows if r.die == die)
        attacker, defender = row.results[index].split("/")
        return Lookup(column, die, attacker, defender, index in row.provisional)

    def defender_options(self, result: str) -> list[CombatOption]:
        return list(self.options.defender.get(result, []))

    def attacker_options(self, result: str) -> list[CombatOption]:
        return list(self.options.attacker.get(result, []))


@cache
def table() -> Table:
    """The standard rules' tables (loaded once per process)."""
    root = DATA_ROOT / "gwite"
    results, p1 = parse_file(root / "crt.toml", CombatResultsTable)
    options, p2 = parse_file(root / "combat_options.toml", CombatOptionsTable)
    if results is None or options is None:
        raise ScenarioError(p1.items + p2.items)
    return Table(results, options)


def worsen(result: str, attacking: bool) -> str:
    """10.43 add one to a combat result; 3 becomes E.

    A result of no effect stays no effect (the case adds to a result, and
    "-" is none).  The attacker's table stops at 2, so an attacker's 2
    becomes E as the defender's 3 does.
    """
    if result in ("-", "E"):
        return result
    value = int(result) + 1
    top = 2 if attacking else 3
    return "E" if value > top else str(value)
