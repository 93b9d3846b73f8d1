"""Playing in the terminal: numbered actions, commands, the saved record."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

import greatwar
from greatwar.ai import RandomAgent
from greatwar.terminal import TerminalGame, describe


def scripted(lines: list[str]) -> tuple[Iterator[str], object]:
    feed = iter(lines)

    def ask(prompt: str) -> str:
        return next(feed)

    return feed, ask


def make(
    tmp_path: Path, lines: list[str], computer: dict | None = None
) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    _, ask = scripted(lines)
    state = greatwar.load("gwite/teaching").new_state(3)
    humans = {"allied", "central"} - set(computer or {})
    game = TerminalGame(
        state, humans, computer or {}, tmp_path / "r.json", Console(file=out, width=120), ask
    )
    return game, out


def test_describe_names_units_and_paths() -> None:
    text = describe(
        {"type": "move", "unit": "R-XIX", "to": "1106", "path": ["1105", "1106"], "cost": 2},
        {"R-XIX": "XIX Corps"},
    )
    assert text == "move: unit XIX Corps, to 1106, path 1105→1106, cost 2"


def test_a_numbered_choice_is_applied_and_the_record_saved_on_quit(tmp_path: Path) -> None:
    game, out = make(tmp_path, ["1", "q"])
    first = game.state.legal_actions(game.state.active_roles()[0])[0]
    state = game.play()
    assert state.data["actions"][0][1] == first
    record = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert record["actions"] == state.record()["actions"]
    assert greatwar.replay(record).digest() == state.digest()
    assert "record saved" in out.getvalue()


def test_undo_help_units_and_nonsense_do_not_act(tmp_path: Path) -> None:
    game, out = make(tmp_path, ["1", "u", "h", "s", "zzz", "999", "q"])
    state = game.play()
    assert state.data["actions"] == []
    text = out.getvalue()
    assert "Commands:" in text and "not understood" in text and "XIX Corps" in text


def test_against_the_computer_the_human_only_plays_his_side(tmp_path: Path) -> None:
    game, _ = make(tmp_path, ["q"], computer={"central": RandomAgent(1)})
    state = game.play()
    assert all(role == "central" for role, _ in state.data["actions"])


def test_two_computers_play_a_whole_game(tmp_path: Path) -> None:
    game, out = make(tmp_path, [], computer={"allied": RandomAgent(1), "central": RandomAgent(2)})
    state = game.play()
    assert state.is_over()
    assert "Game over" in out.getvalue()
