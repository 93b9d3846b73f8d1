"""Terminal play as real play (issue 17): the map, unit values, the combat breakdown before
committing, help, hexes and unit names as input, a random seed, the heuristic opponent by
default, and resuming a saved game."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import greatwar
from greatwar import cli
from greatwar.ai import HeuristicAgent
from greatwar.ai.base import decide
from greatwar.engine.state import State
from greatwar.terminal import TerminalGame
from greatwar.terminal import resume as resume_module
from greatwar.terminal.commands import COMMANDS
from greatwar.terminal.hexmap import CELL, draw, short_name, spots, terrain_char


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=240, color_system=None), out


def _game(
    state: State, lines: list[str], tmp_path: Path, humans: set[str] | None = None
) -> tuple[TerminalGame, io.StringIO]:
    console, out = _console()
    feed = iter(lines)
    humans = humans if humans is not None else set(state.game.roles())
    game = TerminalGame(state, humans, {}, tmp_path / "r.json", console, lambda _: next(feed))
    return game, out


def _gwite() -> State:
    return greatwar.load("gwite/teaching").new_state(3)


def _text_at(lines: list[Any], board: Any, hexes: list[str], label: str) -> list[str]:
    """The two lines of text drawn in a hex."""
    spot = spots(board, hexes)[label]
    margin = max(len(h) for h in hexes) + 1
    return [
        lines[spot.line + 2 + dy].plain[margin + spot.col : margin + spot.col + CELL].strip()
        for dy in (0, 1)
    ]


# -- the map -----------------------------------------------------------------------------


def test_the_map_draws_each_unit_in_its_hex() -> None:
    state = _gwite()
    scenario = state.game.scenario
    view = state.view("allied")
    colors = {k: t.color for k, t in scenario.terrain.terrain.items()}
    sides = {s.id: s.color for s in scenario.sides}
    lines = draw(scenario.board, colors, sides, view["units"], set())
    hexes = list(scenario.board.hexes)
    assert "XIX" in _text_at(lines, scenario.board, hexes, "1205")  # XIX Corps
    assert "62R" in _text_at(lines, scenario.board, hexes, "1207")  # 62nd Reserve Division
    empty = terrain_char(scenario.board.terrain["1206"]) * (CELL - 1)
    assert _text_at(lines, scenario.board, hexes, "1206") == [empty, empty]
    assert lines[0].plain.split()[0] == "0101"  # the top edge numbers the columns
    assert any(line.plain.startswith("0116") for line in lines)  # the left edge the rows


def test_the_map_command_follows_a_move_and_numbers_the_edges(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["map 1205", "1205", "1204", "m", "q"], tmp_path)
    game.play()
    text = out.getvalue()
    before, after = text.split("XIX Corps moves", 1)
    assert "0702" in before and "XIX" in before  # around 1205: the edge numbers, the corps
    assert "0101" in after and "2001" in after and "Terrain:" in after
    board = game.state.game.scenario.board
    colors = {k: t.color for k, t in game.state.game.scenario.terrain.terrain.items()}
    units = game.state.view("allied")["units"]
    lines = draw(board, colors, {}, units, set())
    hexes = list(board.hexes)
    assert "XIX" in _text_at(lines, board, hexes, "1204")
    assert "XIX" not in _text_at(lines, board, hexes, "1205")


def test_short_designations_fit_a_hex() -> None:
    assert short_name("XIX Corps") == "XIX"
    assert short_name("35th Reserve Division") == "35R"
    assert short_name("XVII Corps HQ", hq=True) == "*XVII"
    assert short_name("70/35/XVII") == "70/35"
    assert short_name("Masking counter 1") == "Mask1"
    assert all(
        len(short_name(u.name, u.type == "hq")) < CELL
        for u in _gwite().game.scenario.counters.values()
    )


def test_the_enemy_s_masks_stay_masks_on_the_map(tmp_path: Path) -> None:
    """16.1.2: a German brigade under a mask is drawn as the mask on the Russian's map."""
    state = greatwar.load("tannenberg/teaching").new_state(3)
    for _ in range(40):
        role = state.active_roles()[0]
        actions = state.legal_actions(role)
        mask = {"type": "mask", "unit": "G-1-1-I"}
        if role == "german" and mask in actions:
            state.apply(role, mask)
        else:
            state.apply(role, next(a for a in actions if a["type"].startswith("end")))
        seen = state.view("russian")["units"]
        if any(u["name"] == "Masking counter" and u.get("hex") for u in seen):
            break
    else:
        pytest.fail("the German mask never reached the map")
    scenario = state.game.scenario
    hexes = list(scenario.board.hexes)
    colors = {k: t.color for k, t in scenario.terrain.terrain.items()}
    russian = draw(scenario.board, colors, {}, state.view("russian")["units"], set())
    german = draw(scenario.board, colors, {}, state.view("german")["units"], set())
    assert "1/1" in _text_at(german, scenario.board, hexes, "A18 B19")
    assert _text_at(russian, scenario.board, hexes, "A18 B19") == ["2/1", "Mask"]


# -- the units ---------------------------------------------------------------------------


def test_the_unit_table_gives_printed_values(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["units", "q"], tmp_path)
    game.play()
    rows = [line for line in out.getvalue().splitlines() if "XIX Corps " in line]
    assert any("att 6" in row and "def 8" in row and "MP 4" in row for row in rows)
    hq = [line for line in out.getvalue().splitlines() if "5th Army HQ" in line]
    assert any("radius 4" in row and "cmd 10" in row for row in hq)
    assert "XXX Corps" in out.getvalue() and "pending" in out.getvalue()  # own, to come


# -- hexes and units as input ------------------------------------------------------------


def test_a_typed_hex_selects_the_unit_there_and_moves_it(tmp_path: Path) -> None:
    game, _ = _game(_gwite(), ["1205", "1204", "q"], tmp_path)
    state = game.play()
    assert state.data["actions"] == [
        ["allied", {"type": "select", "unit": "R-XIX"}],
        ["allied", {"type": "move", "unit": "R-XIX", "to": "1204", "path": ["1204"], "cost": 1}],
    ]


def test_a_typed_unit_name_acts_on_it(tmp_path: Path) -> None:
    game, _ = _game(_gwite(), ["xix corps", "q"], tmp_path)
    state = game.play()
    assert state.data["actions"] == [["allied", {"type": "select", "unit": "R-XIX"}]]


def test_a_hex_with_nothing_to_do_says_so_and_does_nothing(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["0101", "q"], tmp_path)  # an empty clear hex
    state = game.play()
    assert state.data["actions"] == []
    assert "0101: " in out.getvalue()


def test_several_actions_on_a_target_are_listed_to_choose_from(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["1205", "XIX Corps", "q"], tmp_path)
    state = game.play()
    moves = [a for a in state.legal_actions("allied") if a.get("unit") == "R-XIX"]
    assert f"XIX Corps: {len(moves)} actions; type the number of one:" in out.getvalue()
    assert len(state.data["actions"]) == 1  # the selection only


# -- the combat breakdown ----------------------------------------------------------------


def _until(state: State, wanted: Callable[[str, list[dict[str, Any]]], bool]) -> str:
    """Let the heuristic play both sides until ``wanted(role, actions)``; the role."""
    agents = {r: HeuristicAgent(1) for r in state.game.roles()}
    for _ in range(3000):
        role = state.active_roles()[0]
        actions = state.legal_actions(role)
        if wanted(role, actions):
            return role
        state.apply(role, decide(agents[role], state, role))
    pytest.fail("the situation never came")


def _commit_when_shown(
    state: State, role: str, kinds: tuple[str, ...], tmp_path: Path
) -> tuple[str, str]:
    """The terminal's output when the player is asked, and after he commits the fight."""
    console, out = _console()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        if asked:
            return "q"
        asked.append(out.getvalue())
        actions = state.legal_actions(role)
        return str(next(n for n, a in enumerate(actions, 1) if a["type"] in kinds))

    TerminalGame(state, {role}, {}, tmp_path / "r.json", console, ask).play()
    return asked[0], out.getvalue()


def test_the_gwite_combat_breakdown_comes_before_the_attack_is_resolved(
    tmp_path: Path,
) -> None:
    from greatwar.rules.gwite import crt

    state = _gwite()
    role = _until(
        state, lambda r, acts: any(a["type"] == "resolve" for a in acts) and r == "central"
    )
    combat = state.view(role)["combat"]
    before, _ = _commit_when_shown(state, role, ("resolve",), tmp_path)
    assert f"odds {combat['odds']}" in before
    assert f"column {combat['column']}" in before
    shift = sum(m["value"] for m in combat.get("die_modifiers", []))
    first = crt.table().lookup(combat["tcr"], combat["column"], 1 + shift)
    assert "die roll → attacker/defender:  1: " in before
    row = next(line for line in before.splitlines() if "die roll → attacker/defender" in line)
    if not combat.get("result_modifiers"):
        assert f"1: {first.attacker}/{first.defender}" in row
    assert any(a["type"] == "resolve" for _, a in state.data["actions"])


def test_the_tannenberg_bombardment_breakdown_gives_each_die_roll(tmp_path: Path) -> None:
    state = greatwar.load("tannenberg/teaching").new_state(3)
    role = _until(state, lambda r, acts: any(a["type"] == "fire" for a in acts))
    preview = state.view(role)["clash"]["shelling"]["preview"]
    before, _ = _commit_when_shown(state, role, ("fire",), tmp_path)
    assert f"Bombardment: {preview['attack']} to {preview['defence']}" in before
    assert f"column {preview['column']}" in before
    assert (
        "die roll → result:  " + "  ".join(f"{d}: {r}" for d, r in preview["results"].items())
        in before
    )
    assert any(a["type"] == "fire" for _, a in state.data["actions"])


# -- help --------------------------------------------------------------------------------


def test_help_lists_every_command(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["help", "q"], tmp_path)
    game.play()
    text = out.getvalue()
    rows = text.splitlines()
    for name, (short, what) in COMMANDS.items():
        assert any(
            name in row and f" {short} " in row and " ".join(what.split()[:2]) in row
            for row in rows
        ), name
    assert "map [HEX]" in text and "undo" in text and "--resume" in text


# -- the command: seed, agent, resume ----------------------------------------------------


def _capture_play(monkeypatch: pytest.MonkeyPatch) -> list[TerminalGame]:
    """Stand-in for :meth:`TerminalGame.play`: the games the command would play."""
    played: list[TerminalGame] = []

    def play(self: TerminalGame) -> State:
        played.append(self)
        self.save()
        return self.state

    monkeypatch.setattr(TerminalGame, "play", play)
    return played


def test_the_default_seed_is_random_and_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len({resume_module.random_seed() for _ in range(5)}) > 1
    played = _capture_play(monkeypatch)
    monkeypatch.setattr(resume_module, "random_seed", lambda: 4242)
    result = CliRunner().invoke(cli.app, ["terminal", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "seed 4242" in result.output
    assert played[0].state.record()["seed"] == 4242
    assert (tmp_path / "gwite-teaching-terminal-seed4242.json").exists()


def test_the_computer_is_the_heuristic_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = _capture_play(monkeypatch)
    result = CliRunner().invoke(
        cli.app, ["terminal", "--computer", "central", "--seed", "5", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert isinstance(played[0].computer["central"], HeuristicAgent)
    assert played[0].humans == {"allied"}


def test_resume_continues_a_saved_game_at_the_same_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _gwite()
    console, _ = _console()
    feed = iter(["1205", "1204", "1", "q"])
    path = tmp_path / "saved.json"
    game = TerminalGame(
        state,
        {"allied"},
        {"central": HeuristicAgent(2)},
        path,
        console,
        lambda _: next(feed),
        seats={"computer": {"central": "heuristic"}},
    )
    game.play()
    digest = state.digest()
    assert len(state.data["actions"]) == 3
    assert json.loads(path.read_text(encoding="utf-8"))["terminal"] == {
        "computer": {"central": "heuristic"}
    }
    played = _capture_play(monkeypatch)
    result = CliRunner().invoke(cli.app, ["terminal", "--resume", str(path)])
    assert result.exit_code == 0, result.output
    resumed = played[0]
    assert resumed.state.digest() == digest
    assert resumed.record_path == path
    assert isinstance(resumed.computer["central"], HeuristicAgent)
    assert "resumed" in result.output and "seed 3" in result.output


def test_a_resumed_game_goes_on(tmp_path: Path) -> None:
    state = _gwite()
    game, _ = _game(state, ["1205", "q"], tmp_path)
    game.play()
    again, _ = resume_module.read_saved(tmp_path / "r.json")
    assert again.digest() == state.digest()
    go_on, _ = _game(again, ["1204", "q"], tmp_path)
    go_on.selected = None
    go_on.play()
    assert again.data["actions"][-1][1]["to"] == "1204"


def test_resume_refuses_a_file_that_is_not_a_saved_game(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["terminal", "--resume", str(bad)])
    assert result.exit_code == 1
    assert "not a saved game" in result.output


def test_a_reduced_unit_shows_its_reduced_values_and_a_mask_none() -> None:
    from greatwar.terminal.tables import values_text

    scenario = greatwar.load("tannenberg/teaching").scenario
    brigade = {"id": "G-1-1-I", "name": "1/1/I", "side": "german", "status": "on_map"}
    assert "str 6" in values_text(scenario, {**brigade, "level": 0})
    assert "str 4" in values_text(scenario, {**brigade, "level": 1})
    assert values_text(scenario, brigade) == ""  # losses unknown: values unknown
    mask = {"id": "german-masked-1", "name": "Masking counter", "side": "german"}
    assert values_text(scenario, mask) == ""


@pytest.mark.parametrize(
    "scenario", ["gwite/two-maps-teaching", "gwite/serbia-galicia-teaching", "tannenberg/teaching"]
)
def test_every_hex_of_a_map_is_drawn_once(scenario: str) -> None:
    """Games on one map or several: no two hexes drawn over each other."""
    board = greatwar.load(scenario).scenario.board
    where = spots(board, list(board.hexes))
    cells = {(s.line + dy, s.col // CELL) for s in where.values() for dy in (0, 1)}
    assert len(cells) == 2 * len(board.hexes)


def test_a_map_wider_than_the_terminal_says_how_to_see_part_of_it(tmp_path: Path) -> None:
    game, out = _game(_gwite(), ["map", "map 9999", "q"], tmp_path)
    game.console.width = 80
    game.play()
    assert "map HEX draws the hexes around HEX" in out.getvalue()
    assert "no hex '9999' on the map" in out.getvalue()


def test_the_last_column_s_number_is_whole() -> None:
    scenario = greatwar.load("tannenberg/teaching").scenario
    lines = draw(scenario.board, {}, {}, [], set())
    numbers = lines[0].plain.split() + lines[1].plain.split()
    labels = set(scenario.board.hexes)
    words = [f"{a} {b}" for a, b in zip(numbers[::2], numbers[1::2], strict=False)]
    assert words and all(word in labels for word in words)
