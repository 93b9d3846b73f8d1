"""``benchmarks/run.py --baseline``'s arithmetic: ratios are the current tree's speed over
the baseline's, whichever way the figure's unit points (no timing here)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import compare  # benchmarks/ is a folder of scripts, not a package


def test_a_rate_that_doubles_is_twice_as_fast() -> None:
    one = compare.Series("random-gwite", baseline=[1000.0, 1100.0], current=[2000.0, 2200.0])
    assert one.ratios() == pytest.approx([2.0, 2.0])


def test_a_time_that_halves_is_twice_as_fast() -> None:
    one = compare.Series("heuristic-gwite", baseline=[2.0, 2.2], current=[1.0, 1.0])
    assert one.ratios() == pytest.approx([2.0, 2.2])


def test_every_figure_says_its_unit_direction_and_target() -> None:
    for name, (what, unit, higher, target, measure) in compare.FIGURES.items():
        assert what and unit and callable(measure), name
        assert isinstance(higher, bool) and isinstance(target, str)


def test_a_failed_run_is_shown_not_hidden() -> None:
    one = compare.Series("view-gwite", current=[900.0], errors=["baseline: ImportError: x"])
    console = Console(width=200, record=True)
    console.print(compare.table([one], "main", 1))
    text = console.export_text()
    assert "baseline: ImportError: x" in text
    assert "900" in text


def test_games_that_differ_between_the_trees_are_flagged() -> None:
    one = compare.Series("random-gwite", baseline=[1.0], current=[1.0])
    one.games = {"baseline": {"abc"}, "current": {"abc"}}
    assert one.same_games()
    one.games["current"] = {"abd"}
    assert not one.same_games()
    console = Console(width=200, record=True)
    console.print(compare.table([one], "main", 1))
    assert "DIFFERENT GAMES" in console.export_text()
