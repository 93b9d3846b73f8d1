"""docs/readings.md carries the current readings of every Tannenberg module."""

from __future__ import annotations

from pathlib import Path

from greatwar.readings import collect, module_readings, splice

DOC = Path(__file__).resolve().parents[2] / "docs" / "readings.md"


def test_module_readings_start_at_the_readings_paragraph() -> None:
    doc = "Title.\n\nSome text.\n\nReadings where the rules are silent:\n\n* one\n* two\n"
    assert module_readings(doc) == "Readings where the rules are silent:\n\n* one\n* two"
    assert module_readings("Title.\n\nNo choices here.") is None


def test_every_tannenberg_module_with_readings_is_listed() -> None:
    names = [name for name, _, _ in collect("tannenberg")]
    assert {"clash", "flight", "movement", "supply"} <= set(names)


def test_the_readings_document_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert splice(text, "tannenberg") == text, (
        "docs/readings.md is out of date: run python -m greatwar.readings and splice it "
        "(greatwar.readings.splice)"
    )
