"""The rule cases of Tannenberg 1914, with the project's own summaries.

The index (``greatwar/data/tannenberg/cases.toml``) is read once per process,
on first use.  The book has one section, named like the book, so a case is
cited ``"tannenberg 9.3.5"`` (or, inside these rules, ``"9.3.5"``).
"""

from __future__ import annotations

from greatwar.model.cases import CaseIndex, system_cases


def index() -> CaseIndex:
    """The case index, loaded once per process."""
    return system_cases("tannenberg")
