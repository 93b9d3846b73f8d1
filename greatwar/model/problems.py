"""Problems found in data files, reported all at once with file, line and field."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from greatwar.model.tomlpos import locate


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )


def dotted(loc: Sequence[str | int]) -> str:
    """``('counter', 3, 'setup')`` -> ``counter[3].setup``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


@dataclass
class Problems:
    """Collects problems for one data file; knows its text to find lines."""

    path: Path
    text: str = ""
    items: list[Problem] = field(default_factory=list)

    def add(self, loc: Sequence[str | int], message: str, line: int | None = None) -> None:
        if line is None and self.text:
            line = locate(self.text, loc)
        self.items.append(Problem(str(self.path), line, dotted(loc), message))


class ScenarioError(Exception):
    """A data file (or several) could not be loaded; every problem is listed."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
