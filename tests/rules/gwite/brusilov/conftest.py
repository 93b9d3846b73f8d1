"""Positions under The Brusilov Offensive's rules.

``brusilov_position(units, special=..., **kw)`` is the ``position`` factory of the GWitE
rules tests with ``[scenario] game = "brusilov"``: the standard teaching map and
counters (FICTIONAL), any of the standard fixture's keywords, and ``special`` the
scenario's ``[special]`` table (the Brusilov data: surprise turn, panic-exempt units,
forage region...) as a dict.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game
from tests.rules.gwite.conftest import write_position
from tests.rules.toml_text import toml_value


def special_table(special: dict[str, Any]) -> str:
    """A ``[special]`` TOML table."""
    lines = ["[special]"]
    lines.extend(f"{k} = {toml_value(v)}" for k, v in special.items())
    return "\n".join(lines) + "\n"


@pytest.fixture
def brusilov_position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``brusilov_position(units, special={...}, options={...}, **kw)`` -> a new
    state under the Brusilov rules at that position."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]],
        seed: int = 1,
        special: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
        **kw: Any,
    ):
        extra = kw.pop("extra", "")
        if special:
            extra = special_table(special) + extra
        path = write_position(tmp_path, units, game="brusilov", extra=extra, **kw)
        game: Game = greatwar.load(path, options or {})
        game.checking = True
        return game.new_state(seed)

    return make
