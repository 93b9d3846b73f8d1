"""Starting a terminal game: a random seed by default, and resuming a saved one.

The terminal saves the game record on quitting (:meth:`TerminalGame.save`) with who plays
which side (``terminal``: the computer's sides and agent); ``greatwar terminal --resume
FILE`` replays the record to the same state and goes on from there, saving to the same
file.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from greatwar.api import replay
from greatwar.engine.state import RECORD_FORMAT, State

#: seeds drawn for a game started without one
SEED_RANGE = 1_000_000


def random_seed() -> int:
    return secrets.randbelow(SEED_RANGE)


def record_path(out: Path, scenario: str, seed: int) -> Path:
    return out / f"{scenario.replace('/', '-').removesuffix('.toml')}-terminal-seed{seed}.json"


def read_saved(path: Path) -> tuple[State, dict[str, Any]]:
    """The state a saved game reached, and its seats (``{"computer": {side: agent}}``)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read the saved game {path}: {exc}") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise ValueError(f"{path} is not a saved game ({RECORD_FORMAT})")
    seats = record.get("terminal") or {}
    return replay(record), {"computer": dict(seats.get("computer", {}))}
