"""Positions for rules tests: the teaching map and counters, set up as a test needs.

``position(tmp_path, units={...})`` writes a scenario file with a
``[position]`` block (see the data model) and loads it, so a test can put
exactly the units it needs where it needs them and start at any phase.

``test_counters=True`` adds a few FICTIONAL counters made for the rules tests
(:data:`TEST_COUNTERS`): units whose values no teaching counter has (a TCR 2
unit, a unit with a Movement Allowance of 1, reinforcements that arrive
together).  ``refuse`` checks that an action is refused with a rule case and
changes nothing.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game
from greatwar.model.loader import DATA_ROOT
from tests.rules.toml_text import toml_value as _toml_value

TEACHING = DATA_ROOT / "gwite" / "scenarios" / "teaching.toml"
MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"


# FICTIONAL counters for rules tests only (not part of the teaching scenario).
TEST_COUNTERS = """
[[counter]]
id = "X-G2"
name = "Test division rated TCR 2"
side = "central"
nationality = "germany"
type = "infantry"
size = "division"
tcr = 2
movement = 5
steps = [[4, 5], [2, 3]]
setup = "0301"

[[counter]]
id = "X-LS1"
name = "Test Landsturm regiment with 1 MP (TCR 4)"
side = "central"
nationality = "austria-hungary"
type = "infantry"
size = "regiment"
movement = 1
steps = [[1, 1]]
setup = "0302"

[[counter]]
id = "X-R1"
name = "Test Russian corps arriving on turn 2 at C"
side = "allied"
nationality = "russia"
type = "infantry"
size = "corps"
movement = 4
steps = [[6, 8], [5, 7], [3, 4], [2, 3]]
arrive = { turn = 2, entry = "C" }

[[counter]]
id = "X-R2"
name = "Test Russian division arriving on turn 2 at C"
side = "allied"
nationality = "russia"
type = "infantry"
size = "division"
movement = 4
steps = [[3, 4], [1, 2]]
arrive = { turn = 2, entry = "C" }
"""


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
    first_side: str = "allied",
    test_counters: bool = False,
    control: dict[str, str] | None = None,
    fortress_steps_lost: dict[str, int] | None = None,
    terrain_table: Path | None = None,
    game: str = "standard",
) -> Path:
    """Write a teaching-map scenario starting at a set position; return its path.

    ``units`` maps a counter id to a hex (or to a full position entry).  With
    ``only`` every other counter starts eliminated, so the board holds just
    the units the test names.  ``first_side`` is the scenario's first player
    (4.0); ``test_counters`` adds :data:`TEST_COUNTERS`.  ``control`` names the
    side that last occupied some hexes (cities, rail hexes: 9.15, 25.12);
    ``fortress_steps_lost`` the steps fortresses have lost (11.13); ``game`` the game
    whose rules apply (``[scenario] game``: "standard", "brusilov", ...).
    """
    if test_counters:
        extra_path = directory / "test-counters.toml"
        extra_path.write_text(TEST_COUNTERS, encoding="utf-8")
        counters = (*counters, extra_path)
    text = TEACHING.read_text(encoding="utf-8")
    body = text.split("[[side]]", 1)[1]
    body = body.replace("stacking_limit = 8", f"stacking_limit = {stacking_limit}")
    lines = [
        "[scenario]",
        'id = "test-position"',
        'system = "gwite"',
        f"game = {_toml_value(game)}",
        'name = "Test position (fictional)"',
        "fictional = true",
        f"map = {_toml_value(str(map_path))}",
        f"counters = {_toml_value([str(c) for c in counters])}",
        "turns = 6",
        f"first_side = {_toml_value(first_side)}",
        *([f"terrain_table = {_toml_value(str(terrain_table))}"] if terrain_table else []),
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
        for path in counters:
            for counter in tomllib.loads(path.read_text(encoding="utf-8"))["counter"]:
                placed.setdefault(counter["id"], {"status": "eliminated"})
    for uid, where in placed.items():
        entry = {"hex": where} if isinstance(where, str) else where
        inline = ", ".join(f"{k} = {_toml_value(v)}" for k, v in entry.items())
        lines.append(f"{_toml_value(uid)} = {{ {inline} }}")
    if control:
        lines.append("[position.control]")
        lines.extend(f"{_toml_value(h)} = {_toml_value(s)}" for h, s in control.items())
    if fortress_steps_lost:
        lines.append("[position.fortress_steps_lost]")
        lines.extend(f"{_toml_value(h)} = {n}" for h, n in fortress_steps_lost.items())
    path = directory / "position.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``position(units, **kw)`` -> a new state at that position; ``rules`` plays
    it under a game's rules object instead of the standard rules (a test game)."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]], seed: int = 1, rules: Any = None, **kw: Any
    ):
        path = write_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path)
        game.checking = True
        if rules is not None:
            game.static.rules = rules
        return game.new_state(seed)

    return make
