"""Typing a unit or a hex that cannot act says why, with the rule case (issue 17)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

import greatwar
from greatwar.terminal import TerminalGame


def play_lines(tmp_path: Path, lines: list[str]) -> tuple[str, int]:
    """What the terminal printed for ``lines`` (the Allies and the Central Powers both
    human, GWitE teaching), and the number of actions taken."""
    out = io.StringIO()
    feed = iter(lines)
    state = greatwar.load("gwite/teaching").new_state(1)
    game = TerminalGame(
        state,
        {"allied", "central"},
        {},
        tmp_path / "r.json",
        Console(file=out, width=200),
        lambda prompt: next(feed),
    )
    final = game.play()
    return out.getvalue(), final.version


def test_a_typed_unit_out_of_command_and_a_hex_out_of_reach_say_why(tmp_path: Path) -> None:
    # the Allied V Corps is out of Command Control at the set-up (10.4)
    text, version = play_lines(tmp_path, ["V Corps", "0101", "q"])
    assert "cannot act on V Corps: V Corps is out of Command Control: it may not move [10.4]" in (
        text
    )
    assert "cannot act at 0101: nothing to do at 0101" in text
    assert "not understood" not in text
    assert version == 0  # nothing was done


def test_something_that_is_neither_a_unit_nor_a_hex_is_not_understood(tmp_path: Path) -> None:
    text, _ = play_lines(tmp_path, ["xyzzy", "q"])
    assert "not understood: 'xyzzy'" in text
