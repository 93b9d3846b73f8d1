"""benchmarks/by_action.py charges random play's time to each kind of action: every step
is counted once, under the frame it was taken in (its figures are measurements, never
asserted here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from rich.console import Console

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "by_action.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("by_action", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_step_is_charged_once_to_its_frame_and_action() -> None:
    by_action = _module()
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
