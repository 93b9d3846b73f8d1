"""Positions for rules tests: the teaching map and counters, set up as a test needs.

``position(tmp_path, units={...})`` writes a scenario file with a
``[position]`` block (see the data model) and loads it, so a test can put
exactly the units it needs where it needs them and start at any phase.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game
from greatwar.model.loader import DATA_ROOT

TEACHING = DATA_ROOT / "gwite" / "scenarios" / "teaching.toml"
MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"


def _toml_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_position(
    directory: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phasing: str = "allied",
    phase: str = "movement",
    segment: str = "movement",
    turn: int = 1,
    only: bool = True,
    map_path: Path = MAP,
    counters: tuple[Path, ...] = (COUNTERS,),
    stacking_limit: int = 8,
    extra: str = "",
) -> Path:
    """Write a teaching-map scenario starting at a set position; return its path.

    ``units`` maps a counter id to a hex (or to a full position entry).  With
    ``only`` every other counter starts eliminated, so the board holds just
    the units the test names.
    """
    text = TEACHING.read_text(encoding="utf-8")
    body = text.split("[[side]]", 1)[1]
    body = body.replace("stacking_limit = 8", f"stacking_limit = {stacking_limit}")
    lines = [
        "[scenario]",
        'id = "test-position"',
        'system = "gwite"',
        'name = "Test position (fictional)"',
        "fictional = true",
        f"map = {_toml_value(str(map_path))}",
        f"counters = {_toml_value([str(c) for c in counters])}",
        "turns = 6",
        'first_side = "allied"',
        "",
        "[[side]]" + body,
        extra,
        "[position]",
        f"turn = {turn}",
        f'phasing = "{phasing}"',
        f'phase = "{phase}"',
        f'segment = "{segment}"',
        "",
        "[position.units]",
    ]
    placed = dict(units)
    if only:
        game = greatwar.load(TEACHING)
        for uid in game.scenario.counters:
            placed.setdefault(uid, {"status": "eliminated"})
    for uid, where in placed.items():
        entry = {"hex": where} if isinstance(where, str) else where
        inline = ", ".join(f"{k} = {_toml_value(v)}" for k, v in entry.items())
        lines.append(f"{_toml_value(uid)} = {{ {inline} }}")
    path = directory / "position.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``position(units, **kw)`` -> a new state at that position."""

    def make(units: dict[str, str | dict[str, Any]], seed: int = 1, **kw: Any):  # type: ignore[no-untyped-def]
        path = write_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path)
        game.checking = True
        return game.new_state(seed)

    return make
