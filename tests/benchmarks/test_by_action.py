"""benchmarks/by_action.py charges random play's time to each kind of action: every step
is counted once, under the frame it was taken in (its figures are measurements, never
asserted here)."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import by_action  # benchmarks/ is a folder of scripts, not a package


def test_every_step_is_charged_once_to_its_frame_and_action() -> None:
    rows = by_action.by_action("gwite/teaching", games=2, limit=60)
    assert sum(r.count for r in rows) == 120  # two games of 60 actions
    assert [r.seconds for r in rows] == sorted((r.seconds for r in rows), reverse=True)
    kinds = {(r.frame, r.action) for r in rows}
    assert len(kinds) == len(rows)  # one row a kind
    assert ("movement", "select") in kinds  # the Central Powers move first (4.0)
    console = Console(width=160, record=True)
    console.print(by_action.table(rows, top=5))
    text = console.export_text()
    assert "120 actions" in text
    assert text.count("\n") >= 5
