"""21.2 Russian garrison restrictions (optional; hindenburg 21.21-21.23), on the FICTIONAL
teaching map: two cavalry divisions (4 Stacking Points of cavalry) on or adjacent to
the "south-east garrison" region, one infantry corps (4 Stacking Points of infantry) in
the "north garrison" region; checked at the end of each Game-Turn."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite.hindenburg.garrison import AFTER_RUSSIAN_TURN, KIND, OPTION
from tests.rules.gwite.hindenburg.conftest import write_hindenburg_position
from tests.rules.gwite.kit import choose, logged, play_until

SPARE = {"status": "spare"}
ON = {OPTION: True}
#: every garrison kept: two cavalry divisions in the south-east, the XIV Corps in the
#: north; the Germans far off in Germany
KEPT: dict[str, Any] = {
    "R-13K": "1312",
    "R-UK": "1412",
    "R-XIV": "1003",
    "R-XIV-18": SPARE,
    "R-XIV-45": SPARE,
    "G-35": "0305",
}
#: the Ural Cossacks two hexes from the south-east garrison's area: 2 of 4 cavalry points
SHORT: dict[str, Any] = {**KEPT, "R-UK": "1409"}


def start(position: Any, units: dict[str, Any], options: dict[str, Any] | None = None) -> State:
    """A position in the Central Powers Movement Segment of Game-Turn 1: the check comes
    at the end of this Game-Turn."""
    return position(units, phasing="central", options=ON if options is None else options)  # type: ignore[no-any-return]


def to_end_of_turn(st: State, turn: int) -> None:
    play_until(st, lambda s: s.is_over() or s.data["turn"] > turn, limit=600)


def test_21_2_the_garrison_rule_is_optional(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = start(hindenburg_position, SHORT, options={})
    to_end_of_turn(st, 2)
    assert not st.is_over() and st.data["turn"] == 3
    assert KIND not in st.data
    assert not logged(st, "hindenburg 21.23") and not logged(st, "hindenburg 21.21")


def test_21_21_the_garrisons_kept(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = start(hindenburg_position, KEPT)
    to_end_of_turn(st, 1)
    assert logged(st, "hindenburg 21.21") == ["Game-Turn 1: the Russians keep every garrison."]
    assert st.data[KIND]["missed"] == 0 and not st.is_over()


def test_21_21_on_or_adjacent_as_the_scenario_says(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    # the Cossacks next to the south-east region count (adjacent); the corps next to the
    # north region does not (that requirement says in it)
    units = {**KEPT, "R-UK": "1411", "R-XIV": "1105"}
    st = start(hindenburg_position, units)
    to_end_of_turn(st, 1)
    (short,) = logged(st, "hindenburg 21.22")
    assert "in north garrison: 0 of 4 Stacking Points of infantry" in short
    assert "south-east" not in short


def test_21_22_disrupted_units_and_equal_stacking_points_count(  # type: ignore[no-untyped-def]
    hindenburg_position,
) -> None:
    # the XIV Corps broken down: its two divisions (2 + 2 points) stand for it; the 13th
    # Cavalry has lost a step
    units = {
        **KEPT,
        "R-13K": {"hex": "1312", "steps_lost": 1},
        "R-XIV": SPARE,
        "R-XIV-18": "1003",
        "R-XIV-45": "1004",
    }
    st = start(hindenburg_position, units)
    to_end_of_turn(st, 1)
    assert logged(st, "hindenburg 21.21") == ["Game-Turn 1: the Russians keep every garrison."]
    assert not logged(st, "hindenburg 21.22")


def test_21_23_short_once_warns_and_the_game_goes_on(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = start(hindenburg_position, SHORT)
    to_end_of_turn(st, 1)
    (short,) = logged(st, "hindenburg 21.22")
    assert "on or adjacent to south-east garrison: 2 of 4 Stacking Points of cavalry" in short
    (warning,) = logged(st, "hindenburg 21.23")
    assert warning.startswith("Warning to the Russians") and "Game-Turn 2" in warning
    assert not st.is_over() and st.data["turn"] == 2 and st.data[KIND]["missed"] == 1


def test_21_23_short_twice_in_a_row_loses_the_game(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = start(hindenburg_position, SHORT)
    to_end_of_turn(st, 2)
    assert st.is_over()
    result = st.result()
    assert result is not None
    assert result["winner"] == "central" and result["case"] == "hindenburg 21.23"
    assert "checks of Game-Turns 1 and 2" in result["summary"]
    assert "lose the game" in logged(st, "hindenburg 21.23")[-1]
    assert st.legal_actions("allied") == [] and st.legal_actions("central") == []


def test_21_23_garrisons_mended_in_time_save_the_game(hindenburg_position) -> None:  # type: ignore[no-untyped-def]
    st = start(hindenburg_position, {**SHORT, "R-HQ-9A": "1409"})  # commands the Cossacks
    to_end_of_turn(st, 1)
    play_until(st, lambda s: any(a["type"] == "select" for a in s.legal_actions("allied")))
    st.apply("allied", {"type": "select", "unit": "R-UK"})
    choose(st, "allied", "move", unit="R-UK", to="1411")  # next to the south-east region
    to_end_of_turn(st, 2)
    assert not st.is_over() and st.data["turn"] == 3
    assert logged(st, "hindenburg 21.21") == ["Game-Turn 2: the Russians keep every garrison."]
    assert st.data[KIND]["missed"] == 0


def test_21_23_the_check_after_the_russian_player_turn_is_an_option(  # type: ignore[no-untyped-def]
    hindenburg_position,
) -> None:
    units = {**SHORT, "R-HQ-9A": "1409"}
    st = hindenburg_position(units, options={**ON, AFTER_RUSSIAN_TURN: True})  # Russian turn
    play_until(st, lambda s: s.data["phasing"] == "central")
    (warning,) = logged(st, "hindenburg 21.23")
    assert warning.startswith("Warning to the Russians")
    assert st.data["turn"] == 1  # before the Central Powers Player-Turn, not at its end
    to_end_of_turn(st, 1)
    assert len(logged(st, "hindenburg 21.23")) == 1  # no second check in the Interphase
    to_end_of_turn(st, 2)  # short again after the Russian Player-Turn of Game-Turn 2
    assert st.is_over() and st.result()["case"] == "hindenburg 21.23"  # type: ignore[index]


def test_21_21_a_garrison_names_a_region_of_the_map(tmp_path) -> None:  # type: ignore[no-untyped-def]
    special = {"garrison": [{"region": "the moon", "cavalry_divisions": 1}]}
    path = write_hindenburg_position(tmp_path, {}, special=special)
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path)
    (problem,) = info.value.problems
    assert problem.field == "special.garrison[0].region"
    assert "no region 'the moon'" in problem.message
