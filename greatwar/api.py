"""The library's front door: load a scenario, replay a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from greatwar.engine.state import RECORD_FORMAT, Game, State, set_game_loader
from greatwar.model.loader import Scenario, resolve
from greatwar.rules import load_scenario, system_for

_scenarios: dict[tuple[str, float], Scenario] = {}


def _scenario(ref: str | Path) -> Scenario:
    _, path = resolve(ref)
    key = (str(path.resolve()), path.stat().st_mtime)
    if key not in _scenarios:
        _scenarios[key] = load_scenario(ref)
    return _scenarios[key]


def load(scenario: str | Path, options: dict[str, Any] | None = None) -> Game:
    """A game of ``scenario`` (an id such as ``gwite/teaching`` or a path to a file)."""
    sc = _scenario(scenario)
    system = system_for(sc.info.system)
    resolved = system.resolve_options(sc, dict(options or {}))
    return Game(sc, resolved, system, str(scenario))


set_game_loader(load)  # State.from_json loads a state's game through the library


def replay(record: dict[str, Any] | str | Path) -> State:
    """The state reached by a game record (a dict, JSON text or a file path); an action
    a later version words otherwise is the same action (:meth:`State.replay`)."""
    if isinstance(record, Path) or (
        isinstance(record, str) and not record.lstrip().startswith("{")
    ):
        record = json.loads(Path(record).read_text(encoding="utf-8"))
    elif isinstance(record, str):
        record = json.loads(record)
    assert isinstance(record, dict)
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a {RECORD_FORMAT} document")
    game = load(record["scenario"], record.get("options") or {})
    state = game.new_state(int(record.get("seed", 0)))
    for role, action in record["actions"]:
        state.replay(role, action)
    return state
