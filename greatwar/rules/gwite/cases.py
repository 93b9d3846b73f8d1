"""The rule cases of The Great War in the East, with the project's own summaries.

The index (``greatwar/data/gwite/cases.toml``) is read once per process, on
first use.  A standard case is cited by its number (``"8.75"``); an
exclusive-rules case names its game (``"brusilov 25.12"``), because the
four games number their exclusive cases alike.
"""

from __future__ import annotations

from greatwar.model.cases import CaseEntry, CaseIndex, system_cases


def index() -> CaseIndex:
    """The case index, loaded once per process."""
    return system_cases("gwite")


def entry(citation: str | None) -> CaseEntry | None:
    return index().entry(citation)


def summary(citation: str | None) -> str | None:
    """Our one-sentence summary of the cited case, or None when the index lacks it."""
    return index().summary(citation)


def title(citation: str | None) -> str | None:
    return index().title(citation)
