"""Rule-case index files: each numbered case of a rulebook with the project's own summary.

The project cites rule cases by number and never copies a rulebook's
sentences; where a player is shown what a rule says (log entries, refusals),
the program shows the case number with a short title and a one-sentence
summary written for the project.  A rule system keeps them in a case file
(``greatwar/data/<system>/cases.toml``)::

    [book]
    id = "gwite"
    name = "The Great War in the East"
    default_section = "standard"        # what a citation without a section means

    [book.sections]
    standard = "Standard Rules"
    brusilov = "Exclusive Rules: The Brusilov Offensive"

    [standard."7.11"]
    title = "Zones of control stop at prohibited hexsides"
    summary = "A unit's zone covers its six neighbouring hexes, except across prohibited hexsides."

    [brusilov."25.12"]
    title = "..."
    summary = "..."

A *citation* is how code names a case: ``"7.11"`` (the default section),
``"brusilov 25.12"`` (a section: an exclusive-rules game), or
``"gwite 7.11"`` / ``"tannenberg 9.5.9"`` (the book itself, meaning its
default section).  Section names are matched without regard to case, and
``_`` stands for ``-`` (``serbia_galicia`` is ``serbia-galicia``).

A case number may end in one lower-case letter: where a rulebook prints one
number over two different paragraphs (Caporetto has two 5.32s), the index
keeps the first under the printed number and the next as ``"5.32b"``, ``"5.32c"``
(``"caporetto 5.32b"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field, RootModel, StringConstraints, model_validator

from greatwar.model.files import DATA_ROOT, check_model, read_toml
from greatwar.model.problems import Problems, ScenarioError
from greatwar.model.schema import Strict

#: 8.75, 9.5.9; 5.32b: a second printed 5.32; C: a lettered paragraph of an appendix
#: (Caporetto's Appendix C, the switch lines: "caporetto C")
CASE_NUMBER = r"^(\d+(\.\d+)+[a-z]?|[A-Z])$"
SECTION_ID = r"^[a-z][a-z0-9-]*$"


def _matching(pattern: str, what: str) -> AfterValidator:
    def check(value: str) -> str:
        if not re.match(pattern, value):
            raise ValueError(f"{value!r} is not {what}")
        return value

    return AfterValidator(check)


CaseNumber = Annotated[str, _matching(CASE_NUMBER, "a case number such as 8.75, 9.5.9, 5.32b or C")]
SectionId = Annotated[str, _matching(SECTION_ID, "a lower-case name such as brusilov")]
OneLine = Annotated[str, StringConstraints(min_length=1, pattern=r"^[^\n]+$")]


class CaseEntry(Strict):
    """One case: a short title and one sentence in the project's own words."""

    title: OneLine
    summary: OneLine


class BookInfo(Strict):
    """The ``[book]`` table of a case file."""

    id: SectionId
    name: str = Field(min_length=1)
    default_section: SectionId
    sections: dict[SectionId, str] = Field(min_length=1, description="section id -> its name")

    @model_validator(mode="after")
    def _default_is_a_section(self) -> BookInfo:
        if self.default_section not in self.sections:
            raise ValueError(
                f"default_section {self.default_section!r} is not one of the sections"
                f" ({', '.join(sorted(self.sections))})"
            )
        return self


class BookTable(Strict):
    book: BookInfo


class SectionTables(RootModel[dict[SectionId, dict[CaseNumber, CaseEntry]]]):
    """Every table but ``[book]``: section id -> case number -> entry."""


class CaseIndex:
    """The cases of one book, looked up by citation (see the module docstring)."""

    def __init__(self, book: BookInfo, sections: dict[str, dict[str, CaseEntry]]) -> None:
        self.book = book
        self.sections = sections
        # Every spelling code uses, mapped straight to its entry: one dict look-up per call.
        self._by_citation: dict[str, CaseEntry] = {}
        for section, entries in sections.items():
            for number, entry in entries.items():
                self._by_citation[f"{section} {number}"] = entry
                if section == book.default_section:
                    self._by_citation[number] = entry
                    self._by_citation[f"{book.id} {number}"] = entry

    def entry(self, citation: str | None) -> CaseEntry | None:
        """The entry a citation names, or None when the index has no such case."""
        if not citation:
            return None
        found = self._by_citation.get(citation)
        if found is None:
            found = self._by_citation.get(normalise(citation))
        return found

    def summary(self, citation: str | None) -> str | None:
        entry = self.entry(citation)
        return entry.summary if entry else None

    def title(self, citation: str | None) -> str | None:
        entry = self.entry(citation)
        return entry.title if entry else None

    def parse(self, citation: str) -> tuple[str, str] | None:
        """``(section, case number)`` a citation names, whether or not the index has it."""
        text = normalise(citation)
        section, _, number = text.rpartition(" ")
        if not re.match(CASE_NUMBER, number):
            return None
        if section in ("", self.book.id):
            return self.book.default_section, number
        return section, number

    def __contains__(self, citation: object) -> bool:
        return isinstance(citation, str) and self.entry(citation) is not None

    def __iter__(self) -> Iterator[tuple[str, str, CaseEntry]]:
        """Every ``(section, case number, entry)``."""
        for section, entries in self.sections.items():
            for number, entry in entries.items():
                yield section, number, entry

    def __len__(self) -> int:
        return sum(len(entries) for entries in self.sections.values())


def normalise(citation: str) -> str:
    """``" Serbia_Galicia  25.12 "`` -> ``"serbia-galicia 25.12"``."""
    return " ".join(citation.split()).lower().replace("_", "-")


@cache
def system_cases(system: str) -> CaseIndex:
    """A rule system's case index (``greatwar/data/<system>/cases.toml``), loaded once per
    process."""
    return load_cases(DATA_ROOT / system / "cases.toml")


def load_cases(path: Path) -> CaseIndex:
    """Read a case file; raise :class:`ScenarioError` listing every problem."""
    problems = Problems(path)
    data = read_toml(path, problems)
    index = None if data is None else _build(data, problems)
    if index is None or problems.items:
        raise ScenarioError(problems.items)
    return index


def _build(data: dict[str, Any], problems: Problems) -> CaseIndex | None:
    if "book" not in data:
        problems.add((), "a case file starts with a [book] table (id, name, default_section)")
        return None
    head = check_model(BookTable, {"book": data["book"]}, problems)
    rest = {k: v for k, v in data.items() if k != "book"}
    tables = check_model(SectionTables, rest, problems)
    if head is not None:
        for section in sorted(set(rest) - set(head.book.sections)):
            problems.add(
                (section,),
                f"section {section!r} is not listed in [book.sections]"
                f" ({', '.join(sorted(head.book.sections))})",
            )
    if head is None or tables is None:
        return None
    return CaseIndex(head.book, tables.root)


__all__ = ["BookInfo", "CaseEntry", "CaseIndex", "load_cases", "normalise"]
