"""Playing in the terminal: numbered actions, commands, the saved record."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

import greatwar
from greatwar.ai import HeuristicAgent, RandomAgent
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
    corps = {"type": "break_down", "unit": "R-XIV", "divisions": ["R-XIV-18", "R-XIV-45"]}
    names = {"R-XIV": "XIV Corps", "R-XIV-18": "18 Division", "R-XIV-45": "45 Division"}
    assert describe(corps, names) == (
        "break down: unit XIV Corps, divisions 18 Division and 45 Division"
    )


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


def _end(actions: list[dict]) -> str:
    """The number of the first action that ends something (orders, reserve, ...)."""
    return str(next(n for n, a in enumerate(actions, start=1) if a["type"].startswith("end")))


def test_tannenberg_hotseat_hands_over_and_hides_masked_units(tmp_path: Path) -> None:
    """16.1.2 a masked unit is hidden from the opponent: at one keyboard the screen is
    handed over between the seats, and the Russian's unit list shows the German mask,
    never the brigade under it."""
    out = io.StringIO()
    state = greatwar.load("tannenberg/teaching").new_state(3)
    handovers: list[int] = []
    russian_turns: list[int] = []
    asked: list[str] = []
    game: TerminalGame

    def ask(prompt: str) -> str:
        if prompt.startswith("Pass the keyboard"):
            handovers.append(len(out.getvalue()))
            return ""
        asked.append(prompt)
        assert len(asked) < 40, "the scripted players went round in circles"
        role = prompt.removesuffix("> ")
        actions = game.state.legal_actions(role)
        if role == "german":
            mask = {"type": "mask", "unit": "G-1-1-I"}
            return str(actions.index(mask) + 1) if mask in actions else _end(actions)
        russian_turns.append(len(out.getvalue()))
        return ["", _end(actions), "s", "q"][min(len(russian_turns), 3)]

    game = TerminalGame(
        state, {"german", "russian"}, {}, tmp_path / "r.json", Console(file=out, width=160), ask
    )
    game.play()
    assert handovers, "no handover between the two seats"
    assert len(russian_turns) >= 3, "the Russian never got to list the units"
    listing = out.getvalue()[russian_turns[-2] :]
    assert "Masking counter" in listing
    assert "1/1/I" not in listing


def test_the_computer_s_reasons_are_printed_with_the_log(tmp_path: Path) -> None:
    # issue 6: the computer's choices explained in the log in a player's terms
    game, out = make(tmp_path, [], computer={"allied": HeuristicAgent(1)})
    for _ in range(40):
        game.computer_turn("allied")
    game.print_new_log("central")
    reasons = [line for line in out.getvalue().splitlines() if "(computer, Allies: " in line]
    assert len(reasons) >= 5


def test_where_information_is_hidden_the_computer_keeps_its_reasons(tmp_path: Path) -> None:
    state = greatwar.load("tannenberg/teaching").new_state(3)
    out = io.StringIO()
    game = TerminalGame(
        state, {"german"}, {"russian": HeuristicAgent(1)}, tmp_path / "r.json", Console(file=out)
    )
    for _ in range(20):
        if "russian" in state.active_roles() and state.legal_actions("russian"):
            game.computer_turn("russian")
    assert state.data["actions"] and game.notes == {}


def test_the_units_table_names_markers_in_words() -> None:
    # an entrained unit moved by rail carries "moved_by_rail" in the view; the table reads
    # "moved by rail" (5.34), as the browser's marker titles do
    from greatwar.terminal.tables import units_table

    game = greatwar.load("gwite/teaching")
    st = game.new_state(1)
    view = st.view("allied")
    unit = next(u for u in view["units"] if u["side"] == "allied" and u["status"] == "on_map")
    unit["markers"] = ["entrained", "moved_by_rail"]
    console = Console(file=io.StringIO(), width=200)
    console.print(units_table(game.scenario, view, "allied", "units"))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "entrained, moved by rail" in text and "moved_by_rail" not in text
