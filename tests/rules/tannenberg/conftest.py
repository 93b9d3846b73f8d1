"""Positions for the Tannenberg rules tests: the FICTIONAL teaching map and counters,
set up as a test needs.  Shared by every Tannenberg test module: extend it only by adding.

``position(units, phase="orders", stage=1, ...)`` writes a scenario file with a
``[position]`` block and loads it, so a test can put exactly the units it needs
where it needs them and start at any phase of a stage (``sequence.PHASES``).
With ``only`` (the default) every other counter starts eliminated.  A unit's
entry is a hex, or a full position entry (``{"hex": ..., "markers": [...]}``).
``extra_counters`` adds FICTIONAL counters (TOML text) made for one test.

With ``paused=True`` the state is made without running its automatic frames: the
phase the position starts at is on top of the stack, not yet run, so a test can
query the position as set up, or drive one handler itself.

``refuse`` checks that an action is refused with a rule case and changes
nothing; ``fixed_dice(3, 5)`` makes the next die rolls 3, then 5.

Hex labels are "A<column> B<diagonal row>"; the six neighbours of A10 B20 are
A10 B21, A11 B20, A11 B19, A10 B19, A9 B20 and A9 B21, so the distance between
two hexes is max(|dA|, |dB|, |dA + dB|).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import Game, State
from greatwar.model.loader import DATA_ROOT
from tests.rules.toml_text import toml_value as _toml_value

# This directory is a package (its __init__.py keeps test_command.py and the like apart
# from tests/rules/gwite's files of the same name); test modules import their kits as
# ``tests.rules.tannenberg.<kit>`` or, with this directory on the path, as ``<kit>``.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

TEACHING = DATA_ROOT / "tannenberg" / "scenarios" / "teaching.toml"
MAP = DATA_ROOT / "tannenberg" / "maps" / "teaching.toml"
COUNTERS = DATA_ROOT / "tannenberg" / "counters" / "teaching.toml"


def write_position(
    directory: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    phase: str = "orders",
    stage: int = 1,
    only: bool = True,
    first_side: str = "german",
    extra_counters: str = "",
    extra: str = "",
    vp: int = 0,
    turns: int = 10,
    state: dict[str, Any] | None = None,
) -> Path:
    """Write a teaching-map scenario starting at a set position; return its path.

    ``units`` maps a counter id to a hex (or to a full position entry).  With
    ``only`` every other counter starts eliminated.  ``extra`` is TOML text put
    before the position (e.g. an ``[options]`` table); ``state`` more fields of the
    position (``initiative``, ``clashes_won``, ``trenches``, ``masks`` ...).
    """
    counters = [COUNTERS]
    if extra_counters:
        extra_path = directory / "test-counters.toml"
        extra_path.write_text(extra_counters, encoding="utf-8")
        counters.append(extra_path)
    text = TEACHING.read_text(encoding="utf-8")
    body = text.split("[[side]]", 1)[1]
    lines = [
        "[scenario]",
        'id = "test-position"',
        'system = "tannenberg"',
        'name = "Test position (FICTIONAL)"',
        "fictional = true",
        f"map = {_toml_value(str(MAP))}",
        f"counters = {_toml_value([str(c) for c in counters])}",
        f"turns = {turns}",
        f"first_side = {_toml_value(first_side)}",
        "",
        "[[side]]" + body,
        extra,
        "[position]",
        f"turn = {stage}",
        f"phase = {_toml_value(phase)}",
        f"vp = {vp}",
        *(f"{key} = {_toml_value(value)}" for key, value in (state or {}).items()),
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
    path = directory / "position.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def position(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: ``position(units, seed=1, options={...}, **kw)`` -> a new state there."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, str | dict[str, Any]],
        seed: int = 1,
        options: dict[str, Any] | None = None,
        paused: bool = False,
        **kw: Any,
    ):
        path = write_position(tmp_path, units, **kw)
        game: Game = greatwar.load(path, options or {})
        game.checking = True
        if not paused:
            return game.new_state(seed)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(State, "_settle", lambda self: None)
            return game.new_state(seed)

    return make


@pytest.fixture
def at_movement(position, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Factory: ``at_movement(units, side="german", **position_kw)`` -> a state whose top
    frame is ``side``'s movement phase (3.1 phase 5), pushed but not yet run.

    For tests of the movement phase's hooks (rail, reinforcements: ``actions`` and
    ``apply`` called with ``st.top()``) apart from the other phases of the stage.
    """
    from greatwar.engine.state import State

    def make(units: dict[str, str | dict[str, Any]], side: str = "german", **kw: Any):  # type: ignore[no-untyped-def]
        with monkeypatch.context() as patch:
            patch.setattr(State, "_settle", lambda self: None)
            st = position(units, phase="movement_1", first_side=side, **kw)
        return st

    return make


@pytest.fixture
def at_phase(position, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Factory: ``at_phase(units, phase="rest", **position_kw)`` -> a state whose top frame
    is that phase (``sequence.PHASES``), pushed but not yet run; ``run_top(st)`` runs it.

    For tests of one automatic phase (rest, reserve's end) or of functions other
    modules call, apart from the rest of the stage.
    """
    from greatwar.engine.state import State

    def make(units: dict[str, str | dict[str, Any]], phase: str = "rest", **kw: Any):  # type: ignore[no-untyped-def]
        with monkeypatch.context() as patch:
            patch.setattr(State, "_settle", lambda self: None)
            st = position(units, phase=phase, **kw)
        return st

    return make


def run_top(st: State) -> None:
    """Run the top frame of a state made by ``at_phase`` once (an automatic phase)."""
    frame = st.top()
    assert frame is not None
    st.handler(frame).run(st, frame)
