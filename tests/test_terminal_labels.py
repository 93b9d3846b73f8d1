"""The terminal lists the legal actions in the rule system's words, the labels the page
shows too (``view["labels"]``, issue 17 "raw labels")."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

import greatwar
from greatwar.terminal import TerminalGame


def test_the_terminal_lists_the_actions_by_the_servers_labels(tmp_path: Path) -> None:
    out = io.StringIO()
    answers = iter(["q"])
    state = greatwar.load("gwite/teaching").new_state(3)
    role = state.active_roles()[0]
    labels = state.view(role)["labels"]
    game = TerminalGame(
        state,
        {"allied", "central"},
        {},
        tmp_path / "r.json",
        Console(file=out, width=200),
        lambda prompt: next(answers),
    )
    game.play()
    listed = [line.split(". ", 1)[1] for line in out.getvalue().splitlines() if ". " in line]
    assert labels and all(label in listed for label in labels)
    assert not any("_" in line for line in listed)  # no raw type ("end_segment")
