"""Session-wide test settings: say where the rulebooks were looked for (the tests that
compare the data with the rulebooks' text skip without them, and say so)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: where the tests look for the rulebooks' text and case list (tests/test_cases.py,
#: tests/data/test_tannenberg_data.py): $GREATWAR_RULEBOOKS, else ../shared/rulebooks
RULEBOOKS = Path(os.environ.get("GREATWAR_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))


def rulebooks_note() -> str:
    if (RULEBOOKS / "cases.tsv").exists():
        return f"rulebooks: {RULEBOOKS}"
    return (
        f"rulebooks: not found in {RULEBOOKS}: the tests that compare the data with the"
        " rulebooks' text skip (set GREATWAR_RULEBOOKS to the folder that holds"
        " cases.tsv and the rulebook texts)"
    )


def pytest_report_header(config: Any) -> str:
    return rulebooks_note()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    if terminalreporter.stats.get("skipped") and not (RULEBOOKS / "cases.tsv").exists():
        terminalreporter.write_line(rulebooks_note())


def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    """Run the browser tests last, in their collected order.  Playwright's sync API keeps
    an event loop running in the main thread for as long as the session-wide browser is
    open, and ``asyncio.run`` refuses to start inside a running loop: a test that runs a
    coroutine after the first browser test (``tests/server/test_server_shared_db.py``
    when named after ``tests/web`` on the command line) would fail."""
    items.sort(key=lambda item: "browser" in getattr(item, "fixturenames", ()))
