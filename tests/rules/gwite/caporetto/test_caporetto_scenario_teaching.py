"""The FICTIONAL Caporetto teaching scenario: it loads under Caporetto's rules, and a
position can be written on it (the fixture every Caporetto test uses)."""

from __future__ import annotations

from typing import Any

import greatwar
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import CaporettoRules


def test_4_1_teaching_scenario_plays_caporetto_rules_for_15_turns() -> None:
    game = greatwar.load("gwite/caporetto-teaching")
    st = game.new_state(1)
    assert isinstance(U.rules(st), CaporettoRules)
    assert game.scenario.info.turns == 15  # caporetto 4.1
    assert game.scenario.info.first_side == "central"  # caporetto 4.0
    assert game.scenario.info.fictional


def test_position_fixture_places_only_the_units_named(caporetto_position: Any) -> None:
    st = caporetto_position({"G-12": "1505", "I-46": "1402"})
    assert U.record(st, "G-12")["hex"] == "1505"
    assert U.record(st, "I-46")["hex"] == "1402"
    assert U.record(st, "I-IV")["status"] == "eliminated"
