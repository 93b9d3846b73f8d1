"""A game's teaching scenario written at a set position (shared by the exclusive games'
test fixtures: Von Hindenburg, Caporetto).

``write_game_position(directory, scenario, map, counters, units, ...)`` (``map``: one
map file, or a list of them for a game on several maps) writes the
scenario file ``scenario`` (its map, counters, parameters and ``[special]`` data)
starting at a set position and returns its path: ``units`` maps a counter id to a hex
(or to a full position entry), every other counter starts eliminated unless
``only=False``; ``special`` overrides keys of the ``[special]`` table, ``parameters``
keys of ``[parameters]``; ``phasing``, ``phase``, ``segment``, ``turn`` and ``control``
are the position's.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from tests.rules.toml_text import toml_value


def scenario_text(doc: dict[str, Any]) -> str:
    """A scenario document as TOML: root arrays first, then one table per key."""
    lines = [f"{k} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for key, table in doc.items():
        if isinstance(table, dict):
            lines.append(f"[{key}]")
            lines.extend(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


def write_game_position(
    directory: Path,
    scenario: Path,
    map_file: Path | list[Path],
    counters: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phasing: str,
    phase: str = "movement",
    segment: str = "movement",
    turn: int = 1,
    only: bool = True,
    special: dict[str, Any] | None = None,
    parameters: dict[str, Any] | None = None,
    control: dict[str, str] | None = None,
    vp: int | None = None,
) -> Path:
    """Write the teaching scenario at a set position; return its path."""
    doc = tomllib.loads(scenario.read_text(encoding="utf-8"))
    doc["scenario"].update(id="test-position", name="Test position (fictional)")
    doc["scenario"]["counters"] = [str(counters)]
    if isinstance(map_file, list):  # several maps (serbia-galicia 2.1)
        doc["scenario"]["maps"] = [str(m) for m in map_file]
    else:
        doc["scenario"]["map"] = str(map_file)
    doc["special"] = {**doc.get("special", {}), **(special or {})}
    doc["parameters"] = {**doc.get("parameters", {}), **(parameters or {})}
    placed: dict[str, Any] = dict(units)
    if only:
        for counter in tomllib.loads(counters.read_text(encoding="utf-8"))["counter"]:
            placed.setdefault(counter["id"], {"status": "eliminated"})
    doc["position"] = {"turn": turn, "phasing": phasing, "phase": phase, "segment": segment}
    if vp is not None:
        doc["position"]["vp"] = vp
    text = scenario_text(doc)
    text += "[position.units]\n"
    for uid, where in placed.items():
        entry = {"hex": where} if isinstance(where, str) else where
        text += f"{toml_value(uid)} = {toml_value(entry)}\n"
    if control:
        text += "[position.control]\n"
        text += "".join(f"{toml_value(h)} = {toml_value(s)}\n" for h, s in control.items())
    path = directory / "game-position.toml"
    path.write_text(text, encoding="utf-8")
    return path
