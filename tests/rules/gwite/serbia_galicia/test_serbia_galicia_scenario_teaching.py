"""The FICTIONAL Serbia/Galicia teaching scenario: two maps under Serbia/Galicia's rules,
and a position can be written on it (the fixture every Serbia/Galicia test uses)."""

from __future__ import annotations

from typing import Any

import greatwar
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import SerbiaGaliciaRules


def test_2_1_teaching_scenario_is_one_game_on_two_maps() -> None:
    game = greatwar.load("gwite/serbia-galicia-teaching")
    st = game.new_state(1)
    assert isinstance(U.rules(st), SerbiaGaliciaRules)
    board = game.scenario.board
    assert {board.map_of("g0108"), board.map_of("s0102")} == {"g", "s"}
    assert U.record(st, "AH-1K")["hex"].startswith("g")
    assert U.record(st, "S-BE")["hex"] == "s0704"
    assert game.scenario.info.fictional


def test_position_fixture_places_only_the_units_named(sg_position: Any) -> None:
    st = sg_position({"AH-5D": "g0405", "S-1DD": "s0405"})
    assert U.record(st, "AH-5D")["hex"] == "g0405"
    assert U.record(st, "S-1DD")["hex"] == "s0405"
    assert U.record(st, "AH-1K")["status"] == "eliminated"
