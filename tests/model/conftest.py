"""Fixtures for the data model tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from scenario_copy import SOURCE, TeachingCopy


@pytest.fixture
def teaching(tmp_path: Path) -> TeachingCopy:
    """A fresh copy of the teaching scenario, map, counters and terrain table."""
    copy = TeachingCopy(tmp_path / "gwite")
    for part in ("scenarios", "maps", "counters"):
        (copy.root / part).mkdir(parents=True)
        shutil.copy(SOURCE / part / "teaching.toml", copy.root / part / "teaching.toml")
    shutil.copy(SOURCE / "terrain.toml", copy.terrain)
    # use the copied terrain table rather than the packaged one
    copy.edit(
        copy.scenario,
        'counters = ["../counters/teaching.toml"]\n',
        'counters = ["../counters/teaching.toml"]\nterrain_table = "../terrain.toml"\n',
    )
    return copy
