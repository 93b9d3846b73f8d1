"""The sequence of play of Serbia/Galicia (serbia-galicia 4.0) on the FICTIONAL teaching
scenario: the Allies are the first Player, with no Player-Turn on Game-Turn 1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite import units as U
from tests.rules.gwite.kit import play_until
from tests.rules.gwite.serbia_galicia.conftest import write_sg_position


def _player_turns(st: State) -> list[tuple[int, str]]:
    """(Game-Turn, side) of each Player-Turn frame on the stack now."""
    return [
        (st.data["turn"], frame["side"])
        for frame in st.data["stack"]
        if frame.get("kind") == "player_turn"
    ]


def _play_to_turn(st: State, turn: int) -> list[tuple[int, str]]:
    """Play passively until Game-Turn ``turn`` starts; every Player-Turn seen, in order."""
    seen: list[tuple[int, str]] = []

    def done(s: State) -> bool:
        for entry in _player_turns(s):
            if entry not in seen:
                seen.append(entry)
        return s.data["turn"] >= turn

    play_until(st, done, limit=4000)
    return seen


def test_4_0_no_allied_player_turn_on_game_turn_1() -> None:
    st = greatwar.load("gwite/serbia-galicia-teaching").new_state(1)
    assert U.rules(st).player_turn_sides(st) == ["central"]
    seen = _play_to_turn(st, 2)
    assert [side for turn, side in seen if turn == 1] == ["central"]


def test_4_0_the_allies_are_first_player_from_game_turn_2(sg_position: Any) -> None:
    st = sg_position({"AH-5D": "g0405", "R-XIVK": "g0503"}, phasing="allied", turn=2)
    assert U.rules(st).player_turn_sides(st) == ["allied", "central"]
    st.data["turn"] = 1
    assert U.rules(st).player_turn_sides(st) == ["central"]


def test_4_0_a_position_in_the_allied_player_turn_of_game_turn_1_is_refused(
    tmp_path: Path,
) -> None:
    path = write_sg_position(tmp_path, {"AH-1K": "g0108"}, phasing="allied", turn=1)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert "position" in str(err.value) and "serbia-galicia 4.0" in str(err.value)
    ok = write_sg_position(tmp_path, {"AH-1K": "g0108"}, phasing="central", turn=1)
    st = greatwar.load(ok).new_state(1)
    assert st.data["phasing"] == "central"
