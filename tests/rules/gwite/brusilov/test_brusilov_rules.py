"""The Brusilov Offensive's rules object: chosen by the scenario, its own data checked."""

from __future__ import annotations

from pathlib import Path

import greatwar
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite.brusilov import BrusilovRules
from greatwar.rules.gwite.brusilov.data import data, surprise_turn
from tests.rules.gwite.brusilov.conftest import special_table
from tests.rules.gwite.conftest import write_position


def test_a_brusilov_scenario_plays_the_brusilov_rules(brusilov_position) -> None:  # type: ignore[no-untyped-def]
    st = brusilov_position({"R-XIX": "1505"}, special={"surprise_turn": 2})
    assert isinstance(st.game.static.rules, BrusilovRules)
    assert data(st).surprise_turn == 2 and not surprise_turn(st)


def test_malformed_brusilov_data_is_refused_by_place(tmp_path: Path) -> None:
    path = write_position(
        tmp_path, {}, game="brusilov", extra=special_table({"surprise_turn": 0, "panik": 1})
    )
    try:
        greatwar.load(path)
    except ScenarioError as e:
        text = str(e)
    else:
        raise AssertionError("malformed [special] data was accepted")
    assert "special.surprise_turn" in text and "special.panik" in text


def test_a_position_may_write_the_markers_the_brusilov_rules_keep(tmp_path: Path) -> None:
    # 24.42 a broken-down armored car, 19.41 cavalry living off the land: markers of the
    # Brusilov rules, which the standard rules' positions refuse
    units = {"R-DC": {"hex": "1505", "markers": ["broken_down", "living_off_the_land"]}}
    st = greatwar.load(write_position(tmp_path, units, game="brusilov")).new_state(1)
    assert set(st.data["units"]["R-DC"]["markers"]) == {"broken_down", "living_off_the_land"}
    try:
        greatwar.load(write_position(tmp_path, units))
    except ScenarioError as e:
        assert "unknown marker 'broken_down'" in str(e)
    else:
        raise AssertionError("the standard rules accepted a Brusilov marker")
