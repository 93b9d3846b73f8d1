"""Von Hindenburg in Poland's rules object and teaching scenario (hindenburg 15.0)."""

from __future__ import annotations

import greatwar
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import HindenburgRules


def test_15_0_teaching_scenario_plays_under_the_hindenburg_rules() -> None:
    game = greatwar.load("gwite/hindenburg-teaching")
    st = game.new_state(1)
    assert isinstance(U.rules(st), HindenburgRules)
    assert game.scenario.fictional


def test_hindenburg_position_fixture_places_only_the_named_units(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = hindenburg_position({"G-35": "0506", "R-XIV": "0907"})
    on_map = {uid for uid, u in st.data["units"].items() if u["status"] == "on_map"}
    assert on_map == {"G-35", "R-XIV"}
    assert st.data["units"]["G-35"]["hex"] == "0506"
