"""Positions under Von Hindenburg in Poland's rules, on its FICTIONAL teaching map.

``hindenburg_position(units, special=..., options=..., **kw)`` writes the teaching
scenario (``gwite/hindenburg-teaching``: its map, counters, parameters and
``[special]`` data) starting at a set position and returns a new state: ``units``
maps a counter id to a hex (or to a full position entry), every other counter starts
eliminated unless ``only=False``; ``special`` overrides keys of the ``[special]``
table, ``parameters`` keys of ``[parameters]``; ``phasing``, ``phase``, ``segment``,
``turn`` and ``control`` are the position's.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game, State
from greatwar.model.loader import DATA_ROOT
from tests.rules.toml_text import toml_value

SCENARIO = DATA_ROOT / "gwite" / "scenarios" / "hindenburg-teaching.toml"
MAP = DATA_ROOT / "gwite" / "maps" / "hindenburg-teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "hindenburg-teaching.toml"


def scenario_text(doc: dict[str, Any]) -> str:
    """A scenario document as TOML: root arrays first, then one table per key."""
    lines = [f"{k} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for key, table in doc.items():
        if isinstance(table, dict):
            lines.append(f"[{key}]")
            lines.extend(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


def write_hindenburg_position(
    directory: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phasing: str = "allied",
    phase: str = "movement",
    segment: str = "movement",
    turn: int = 1,
    only: bool = True,
    special: dict[str, Any] | None = None,
    parameters: dict[str, Any] | None = None,
    control: dict[str, str] | None = None,
) -> Path:
    """Write the teaching scenario at a set position; return its path."""
    doc = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    doc["scenario"].update(
        id="test-position",
        name="Test position (fictional)",
        map=str(MAP),
        counters=[str(COUNTERS)],
    )
    doc["special"] = {**doc.get("special", {}), **(special or {})}
    doc["parameters"] = {**doc.get("parameters", {}), **(parameters or {})}
    placed: dict[str, Any] = dict(units)
    if only:
        for counter in tomllib.loads(COUNTERS.read_text(encoding="utf-8"))["counter"]:
            placed.setdefault(counter["id"], {"status": "eliminated"})
    doc["position"] = {"turn": turn, "phasing": phasing, "phase": phase, "segment": segment}
    text = scenario_text(doc)
    text += "[position.units]\n"
    for uid, where in placed.items():
        entry = {"hex": where} if isinstance(where, str) else where
        text += f"{toml_value(uid)} = {toml_value(entry)}\n"
    if control:
        text += "[position.control]\n"
        text += "".join(f"{toml_value(h)} = {toml_value(s)}\n" for h, s in control.items())
    path = directory / "hindenburg-position.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def hindenburg_position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``hindenburg_position(units, seed=1, options={...}, **kw)`` -> a new state
    under the Von Hindenburg rules at that position."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]],
        seed: int = 1,
        options: dict[str, Any] | None = None,
        **kw: Any,
    ) -> State:
        path = write_hindenburg_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path, options or {})
        game.checking = True
        return game.new_state(seed)

    return make
