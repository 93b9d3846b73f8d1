"""Positions under Caporetto 1917's rules, on its FICTIONAL teaching map.

``caporetto_position(units, special=..., options=..., **kw)`` writes the teaching
scenario (``gwite/caporetto-teaching``: its map, counters, parameters and
``[special]`` data) starting at a set position and returns a new state: ``units``
maps a counter id to a hex (or to a full position entry), every other counter starts
eliminated unless ``only=False``; ``special`` overrides keys of the ``[special]``
table, ``parameters`` keys of ``[parameters]``; ``phasing`` (the Central Powers by
default), ``phase``, ``segment``, ``turn``, ``vp`` and ``control`` are the position's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game, State
from greatwar.model.loader import DATA_ROOT
from tests.rules.gwite.game_position import write_game_position

SCENARIO = DATA_ROOT / "gwite" / "scenarios" / "caporetto-teaching.toml"
MAP = DATA_ROOT / "gwite" / "maps" / "caporetto-teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "caporetto-teaching.toml"


def write_caporetto_position(
    directory: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phasing: str = "central",
    **kw: Any,
) -> Path:
    """Write the teaching scenario at a set position; return its path."""
    return write_game_position(directory, SCENARIO, MAP, COUNTERS, units, phasing=phasing, **kw)


@pytest.fixture
def caporetto_position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``caporetto_position(units, seed=1, options={...}, **kw)`` -> a new state
    under the Caporetto rules at that position."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]],
        seed: int = 1,
        options: dict[str, Any] | None = None,
        **kw: Any,
    ) -> State:
        path = write_caporetto_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path, options or {})
        game.checking = True
        return game.new_state(seed)

    return make
