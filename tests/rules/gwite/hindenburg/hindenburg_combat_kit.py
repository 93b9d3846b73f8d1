"""Helpers of the Von Hindenburg combat, command, depletion and modification tests
(FICTIONAL positions on the Von Hindenburg teaching map)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import greatwar
from greatwar import State
from greatwar.engine.state import Game
from tests.rules.gwite.hindenburg.conftest import COUNTERS, write_hindenburg_position

Action = dict[str, Any]

COMBAT = {"phase": "combat", "segment": "combat_resolution"}
COMBAT_COMMAND = {"phase": "combat", "segment": "command_control"}
MOVEMENT_COMMAND = {"phase": "movement", "segment": "command_control"}


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def offered(st: State, role: str, kind: str) -> list[Action]:
    return [a for a in st.legal_actions(role) if a["type"] == kind]


def command_offers(st: State, role: str) -> set[tuple[str, str]]:
    """The (unit, HQ) pairs the Command Control Segment offers."""
    return {(a["unit"], a["hq"]) for a in offered(st, role, "command")}


def allocate(st: State, role: str, alloc: dict[str, str]) -> None:
    """Allocate Command Strength (unit -> HQ) and end the allocation."""
    for uid, hq in alloc.items():
        st.apply(role, {"type": "command", "unit": uid, "hq": hq})
    st.apply(role, {"type": "end_allocation"})


def position_with_counters(
    tmp_path: Path,
    units: dict[str, Any],
    counters_text: str,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    turns: int | None = None,
    **kw: Any,
) -> State:
    """A teaching-scenario position with FICTIONAL test counters added (and, with
    ``turns``, another length of game)."""
    extra = tmp_path / "hindenburg-test-counters.toml"
    extra.write_text(counters_text, encoding="utf-8")
    path = write_hindenburg_position(tmp_path, units, **kw)
    text = path.read_text(encoding="utf-8")
    listed = f'"counters" = ["{COUNTERS}"]'
    assert listed in text
    text = text.replace(listed, f'"counters" = ["{COUNTERS}", "{extra}"]')
    if turns is not None:
        assert '\n"turns" = 8\n' in text
        text = text.replace('\n"turns" = 8\n', f'\n"turns" = {turns}\n')
    path.write_text(text, encoding="utf-8")
    game: Game = greatwar.load(path, options or {})
    game.checking = True
    return game.new_state(seed)
