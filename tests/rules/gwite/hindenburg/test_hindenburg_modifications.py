"""Von Hindenburg in Poland, 15.0 modifications to the standard rules, played: the length
of the game (hindenburg 2.5), the Russian Player first (4.0), nine stacking points a hex
(6.11, 19.1).  The TCRs (2.4, 19.2) and Major Rivers (5.4) are resolved in
test_hindenburg_combat.py; rail numbers and supply ranges are other sections' tests.

Positions on the FICTIONAL teaching map, some with FICTIONAL test counters.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import greatwar
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import HindenburgRules
from greatwar.rules.gwite.stacking import overstacked, stacking_points
from tests.rules.gwite.hindenburg.hindenburg_combat_kit import logged, position_with_counters
from tests.rules.gwite.kit import play_until

#: FICTIONAL test counters: a Russian regiment (1 stacking point, 6.11), none in the game
REGIMENTS = """
[[counter]]
id = "X-R-REG1"
name = "Test Russian regiment 1"
side = "allied"
nationality = "russia"
type = "infantry"
size = "regiment"
movement = 4
steps = [[1, 1]]

[[counter]]
id = "X-R-REG2"
name = "Test Russian regiment 2"
side = "allied"
nationality = "russia"
type = "infantry"
size = "regiment"
movement = 4
steps = [[1, 1]]
"""


def game_over(st: Any) -> bool:
    return bool(st.data["over"])


# --- 15.0, 2.5 the game and its length ---------------------------------------------------------


def test_15_0_the_teaching_scenario_plays_under_the_modified_standard_rules() -> None:
    game = greatwar.load("gwite/hindenburg-teaching")
    st = game.new_state(1)
    rules = U.rules(st)
    assert isinstance(rules, HindenburgRules)
    assert rules.stacking_limit(st, "0807") == 9  # 6.11
    assert game.scenario.fictional and game.scenario.info.turns == 8  # fictional: 2.5 says 15


def test_2_5_a_game_of_fifteen_game_turns_ends_after_the_fifteenth(tmp_path: Path) -> None:
    # a fifteen-turn game goes on after Game-Turn 14 and ends after Game-Turn 15
    at_14 = position_with_counters(
        tmp_path,
        {"R-XIV": "1007", "G-35": "0506"},
        "",
        turns=15,
        turn=14,
        phasing="central",
        phase="combat",
        segment="combat_resolution",
    )
    play_until(at_14, lambda s: s.data["turn"] == 15)
    assert not at_14.data["over"]
    assert "Game-Turn 14 ends." in logged(at_14, "4.0")
    at_15 = position_with_counters(
        tmp_path,
        {"R-XIV": "1007", "G-35": "0506"},
        "",
        turns=15,
        turn=15,
        phasing="central",
        phase="combat",
        segment="combat_resolution",
    )
    play_until(at_15, game_over)
    assert "Game-Turn 15 ends." in logged(at_15, "4.0")
    assert at_15.data["turn"] == 16


def test_2_5_the_teaching_game_ends_after_its_eighth_game_turn(hindenburg_position: Any) -> None:
    st = hindenburg_position(
        {"R-XIV": "1007", "G-35": "0506"},
        phasing="central",
        phase="combat",
        segment="combat_resolution",
        turn=8,
    )
    play_until(st, game_over)
    assert "Game-Turn 8 ends." in logged(st, "4.0")


# --- 4.0 the Russian Player first ----------------------------------------------------------------


def test_4_0_the_russian_player_is_the_first_player() -> None:
    st = greatwar.load("gwite/hindenburg-teaching").new_state(1)
    assert st.active_roles() == ["allied"]
    assert st.data["phasing"] == "allied"
    play_until(st, lambda s: s.data["phasing"] == "central")
    turns = [t for t in logged(st, "4.0") if "Player-Turn begins" in t]
    assert turns == [
        "Game-Turn 1: Russians Player-Turn begins.",
        "Game-Turn 1: Central Powers Player-Turn begins.",
    ]
    assert st.data["turn"] == 1


# --- 6.11, 19.1 nine stacking points --------------------------------------------------------------

#: two Russian corps (4 + 4) and a regiment (1) in 1208: nine stacking points; a depot keeps
#: them in supply
NINE = {"R-XIV": "1208", "R-XVII": "1208", "X-R-REG1": "1208", "R-D1": "1207"}
#: two corps (4 + 4) and a cavalry division (2) in 1308: ten stacking points
TEN = {"R-XIX": "1308", "R-IS": "1308", "R-5K": "1308"}


def in_combat_phase(st: Any) -> bool:
    return any(f["kind"] == "combat_phase" for f in st.data["stack"])


def test_19_1_nine_stacking_points_stand_at_the_end_of_the_phase(tmp_path: Path) -> None:
    # (a German division in 1108 gives the Russians a Combat Phase to stop in)
    st = position_with_counters(
        tmp_path,
        {**NINE, "G-35": "1108"},
        REGIMENTS,
        phasing="allied",
        phase="movement",
        segment="movement",
    )
    assert stacking_points(st, "1208") == 9
    st.apply("allied", {"type": "end_segment"})
    play_until(st, in_combat_phase)
    assert not logged(st, "6.14")
    assert all(U.record(st, u)["status"] == "on_map" for u in NINE)


def test_6_11_a_tenth_stacking_point_is_eliminated_at_the_end_of_the_phase(
    tmp_path: Path, refuse: Any
) -> None:
    # at the end of the Movement Phase (6.14) 1308 (10 SP) must lose a unit; 1208 (9) not
    st = position_with_counters(
        tmp_path,
        {**NINE, **TEN},
        REGIMENTS,
        phasing="allied",
        phase="movement",
        segment="movement",
    )
    st.apply("allied", {"type": "end_segment"})
    play_until(st, lambda s: s.top()["kind"] == "end_of_phase" and bool(s.active_roles()))
    assert overstacked(st) == ["1308"]
    why = refuse(st, "allied", {"type": "eliminate", "unit": "X-R-REG1", "hex": "1208"})
    assert why.case == "6.14" and "within the stacking limit of 9" in why.reason
    st.apply("allied", {"type": "eliminate", "unit": "R-5K", "hex": "1308"})
    (text,) = logged(st, "6.14")
    assert "10 stacking points over the limit of 9" in text
    assert U.record(st, "R-5K")["status"] == "eliminated"
    assert overstacked(st) == []
    assert all(U.record(st, u)["status"] == "on_map" for u in NINE)
