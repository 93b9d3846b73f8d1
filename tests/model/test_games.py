"""A scenario names the game of its system whose rules apply (R1): the standard rules or
one of the four GWitE games; each game has its own options, checks and hidden
information."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_copy import TeachingCopy

import greatwar
from greatwar.model.loader import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite.games import GAMES, PLANNED
from greatwar.rules.gwite.rules import StandardRules


def test_a_scenario_plays_the_standard_rules_unless_it_names_a_game() -> None:
    game = greatwar.load("gwite/teaching")
    assert game.scenario.info.game == "standard"
    assert type(game.static.rules) is StandardRules
    assert game.hidden_information is False
    assert greatwar.load("tannenberg/teaching").hidden_information is True


def test_a_game_whose_rules_are_not_written_is_refused_by_name(
    teaching: TeachingCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every game of the quadrigame is written now: a game still planned is simulated
    monkeypatch.delitem(GAMES, "serbia-galicia")
    monkeypatch.setitem(PLANNED, "serbia-galicia", "Serbia/Galicia")
    line = teaching.edit(
        teaching.scenario, 'system = "gwite"\n', 'system = "gwite"\ngame = "serbia-galicia"\n'
    )
    problem = teaching.only(teaching.problems())
    assert problem.field == "scenario.game" and problem.line == line + 1
    assert "Serbia/Galicia" in problem.message and "not written yet" in problem.message


def test_every_game_of_the_quadrigame_is_written() -> None:
    assert set(GAMES) == {"standard", "brusilov", "caporetto", "serbia-galicia", "hindenburg"}
    assert PLANNED == {}


def test_an_unknown_game_name_is_refused(teaching: TeachingCopy) -> None:
    teaching.edit(teaching.scenario, 'system = "gwite"\n', 'system = "gwite"\ngame = "verdun"\n')
    problem = teaching.only(teaching.problems())
    assert problem.field == "scenario.game" and "standard" in problem.message


def test_the_options_are_the_games_own(teaching: TeachingCopy) -> None:
    scenario = load_scenario(teaching.scenario)
    system = greatwar.load(teaching.scenario).system
    assert set(system.options_for(scenario)) == set(StandardRules.options)
    with pytest.raises(ValueError, match="unknown option"):
        greatwar.load(teaching.scenario, {"track_limits": True})


def test_a_scenario_option_the_game_does_not_have_is_refused(teaching: TeachingCopy) -> None:
    line = teaching.append(teaching.scenario, "\n[options]\ntrack_limits = true\n")
    problem = teaching.only(teaching.problems())
    assert problem.field == "options.track_limits" and problem.line == line + 2
    assert "unknown option 'track_limits'" in problem.message


def test_tannenberg_has_one_game(tmp_path: Path) -> None:
    folder = DATA_ROOT / "tannenberg"
    text = (folder / "scenarios" / "teaching.toml").read_text(encoding="utf-8")
    text = text.replace('"../', f'"{folder.as_posix()}/')
    copy = tmp_path / "one-game.toml"
    copy.write_text(
        text.replace('system = "tannenberg"\n', 'system = "tannenberg"\ngame = "brusilov"\n'),
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario(copy)
    assert [p.field for p in info.value.problems] == ["scenario.game"]
