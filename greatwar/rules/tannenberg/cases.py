"""The rule cases of Tannenberg 1914, with the project's own summaries.

The index (``greatwar/data/tannenberg/cases.toml``) is read once per process,
on first use.  The book has one section, named like the book, so a case is
cited ``"tannenberg 9.3.5"`` (or, inside these rules, ``"9.3.5"``).
"""

from __future__ import annotations

from functools import cache

from greatwar.model.cases import CaseEntry, CaseIndex, load_cases
from greatwar.model.loader import DATA_ROOT

CASES_FILE = DATA_ROOT / "tannenberg" / "cases.toml"


@cache
def index() -> CaseIndex:
    """The case index, loaded once per process."""
    return load_cases(CASES_FILE)


def entry(citation: str | None) -> CaseEntry | None:
    return index().entry(citation)


def summary(citation: str | None) -> str | None:
    """Our one-sentence summary of the cited case, or None when the index lacks it."""
    return index().summary(citation)


def title(citation: str | None) -> str | None:
    return index().title(citation)
