"""Positions under Serbia/Galicia's rules, on its two FICTIONAL teaching maps.

``sg_position(units, special=..., options=..., **kw)`` writes the teaching scenario
(``gwite/serbia-galicia-teaching``: its two maps, counters, parameters and ``[special]``
data) starting at a set position and returns a new state: ``units`` maps a counter id
to a hex (prefixed: ``g0512``, ``s0704``) or to a full position entry, every other
counter starts eliminated unless ``only=False``; ``special`` overrides keys of the
``[special]`` table, ``parameters`` keys of ``[parameters]``; ``phasing`` (the Allies
by default), ``phase``, ``segment``, ``turn`` (2 by default: the Allies have no
Player-Turn on Game-Turn 1, 4.0), ``vp`` and ``control`` are the position's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game, State
from greatwar.model.loader import DATA_ROOT
from tests.rules.gwite.game_position import write_game_position

SCENARIO = DATA_ROOT / "gwite" / "scenarios" / "serbia-galicia-teaching.toml"
MAPS = [
    DATA_ROOT / "gwite" / "maps" / "serbia-galicia-teaching-g.toml",
    DATA_ROOT / "gwite" / "maps" / "serbia-galicia-teaching-s.toml",
]
COUNTERS = DATA_ROOT / "gwite" / "counters" / "serbia-galicia-teaching.toml"


def write_sg_position(
    directory: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phasing: str = "allied",
    turn: int = 2,
    **kw: Any,
) -> Path:
    """Write the teaching scenario at a set position; return its path."""
    return write_game_position(
        directory, SCENARIO, MAPS, COUNTERS, units, phasing=phasing, turn=turn, **kw
    )


@pytest.fixture
def sg_position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``sg_position(units, seed=1, options={...}, **kw)`` -> a new state under
    the Serbia/Galicia rules at that position."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]],
        seed: int = 1,
        options: dict[str, Any] | None = None,
        **kw: Any,
    ) -> State:
        path = write_sg_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path, options or {})
        game.checking = True
        return game.new_state(seed)

    return make
