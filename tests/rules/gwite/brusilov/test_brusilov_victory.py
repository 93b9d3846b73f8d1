"""The Brusilov Offensive, 25.0 Victory Conditions: towns controlled in supply (25.11-25.12),
surrounded units (25.13), minus awards (25.14), negative totals (25.15), permanent
withholding (25.16), the schedule (25.2) and the levels (25.3).

Positions on the FICTIONAL teaching map, with 25.2's schedule and 25.3's levels as the
scenario's ``[victory]``.  Russian towns with points: Wolnowo 1302 (2), Krasnopol 1906
(3), Zalesie 1312 (2), Bialka 1207 (1), all on Russian rail lines (in supply while no
Enemy comes near); Grenzdorf 0906 (1) is a German town next to the Russian rail hex
1007.  The nearest Central Powers supply source to row 6 of the east is the German rail
hex 0906: 1506 is six hexes from it, 1606 seven.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import victory as V
from tests.rules.gwite.brusilov.conftest import special_table
from tests.rules.gwite.conftest import write_position
from tests.rules.gwite.kit import RUSSIAN_HQ, attack, logged

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

PENDING = {"status": "pending"}
#: 25.2 and 25.3 as the scenario's [victory]
BRUSILOV_VICTORY = """[victory]
index_side = "allied"
per_stacking_point_eliminated = 1
per_hq_eliminated = 1
source = "brusilov 25.2, 25.3"
control_case = "brusilov 25.12"
elimination_case = "brusilov 25.2"
levels = [
  { max = 9, result = "Central Powers Decisive Victory", winner = "central" },
  { min = 10, max = 19, result = "Central Powers Substantive Victory", winner = "central" },
  { min = 20, max = 29, result = "Central Powers Marginal Victory", winner = "central" },
  { min = 30, max = 39, result = "Russian Marginal Victory", winner = "allied" },
  { min = 40, max = 49, result = "Russian Substantive Victory", winner = "allied" },
  { min = 50, result = "Russian Decisive Victory", winner = "allied" },
]

"""
#: the Russian towns held by the Central Powers: no town points in the total
NO_TOWNS = {"1302": "central", "1906": "central", "1312": "central", "1207": "central"}
RUSSIAN_TOWNS = 2 + 3 + 2 + 1


@pytest.fixture
def game(tmp_path: Path):  # type: ignore[no-untyped-def]
    """``game(units, vp=0, turns=14, special={}, options={}, **kw)`` -> a state under the
    Brusilov rules with 25.2's schedule and 25.3's levels."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, Any],
        vp: int = 0,
        turns: int = 14,
        special: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
        **kw: Any,
    ):
        kw.setdefault("turn", 2)
        path = write_position(tmp_path, units, game="brusilov", **kw)
        text = path.read_text(encoding="utf-8")
        start, end = text.index("[victory]\n"), text.index("[position]\n")
        tail = text[end:].replace("[position]\n", f"[position]\nvp = {vp}\n", 1)
        head = text[:start].replace("turns = 6\n", f"turns = {turns}\n")
        path.write_text(head + BRUSILOV_VICTORY + special_table(special or {}) + tail)
        g = greatwar.load(path, options or {})
        g.checking = True
        return g.new_state(1)

    return make


def vp(st: State) -> int:
    return st.data["vp"]  # type: ignore[no-any-return]


def scored(st: State) -> list[str]:
    return [e["text"] for e in st.data["log"] if e["text"].startswith("Victory points")]


def result(st: State) -> dict[str, Any]:
    return U.rules(st).result(st)  # type: ignore[no-any-return]


# --- 25.1 towns ------------------------------------------------------------------------------


def test_25_11_russian_towns_score_at_the_end_of_the_game(game: Any) -> None:
    st = game({"R-XIX": "1205"}, vp=5, control={"0906": "allied"})
    out = result(st)
    assert out["vp"] == 5 + RUSSIAN_TOWNS + 1  # Grenzdorf too
    names = {t["name"] for t in out["towns"] if t["scored"]}
    assert names == {"Wolnowo", "Krasnopol", "Zalesie", "Bialka", "Grenzdorf"}


def test_25_11_central_powers_towns_subtract_nothing(game: Any) -> None:
    # Königsfeld (3), Lindenau (2), Tarnovice (2) are the Central Powers': not scored
    st = game({"R-XIX": "1205"}, control=NO_TOWNS)
    assert U.rules(st).city_points(st) == 0
    assert result(st)["vp"] == 0


def test_25_12_a_town_must_be_in_supply(game: Any) -> None:
    # a German division in 1007 stands on the rail line and controls 0906's way east
    st = game({"G-35R": "1007"}, control={"0906": "allied"})
    towns = {t["name"]: t for t in result(st)["towns"]}
    assert towns["Grenzdorf"]["controlled"] and not towns["Grenzdorf"]["in_supply"]
    assert not towns["Grenzdorf"]["scored"]
    assert U.rules(st).city_points(st) == RUSSIAN_TOWNS


def test_25_11_25_12_the_russian_towns_score_only_in_supply_for_the_computer(
    game: Any,
) -> None:
    # what the computer players are told to keep in supply: every town with points, for
    # the Russians alone (the Central Powers score none, 25.11)
    st = game({"R-XIX": "1205"})
    rules = U.rules(st)
    cities = st.game.scenario.board.cities
    assert rules.towns_scored_in_supply(st, "allied") == {
        h: c.vp for h, c in cities.items() if c.vp
    }
    assert rules.towns_scored_in_supply(st, "central") == {}


def test_25_12_the_standard_rules_score_no_town_by_its_supply() -> None:
    st = greatwar.load("gwite/teaching").new_state(1)
    assert U.rules(st).towns_scored_in_supply(st, "allied") == {}


def test_25_12_a_russian_unit_passing_through_takes_control(game: Any) -> None:
    st = game({"R-7C": "1005"}, phase="movement", segment="movement")
    st.apply("allied", {"type": "select", "unit": "R-7C"})
    move = next(a for a in st.legal_actions("allied") if a["type"] == "move" and a["to"] == "0906")
    st.apply("allied", move)
    assert st.data["control"]["0906"] == "allied"
    assert any("Grenzdorf" in t for t in logged(st, "brusilov 25.12"))
    assert U.rules(st).city_points(st) == RUSSIAN_TOWNS + 1


# --- 25.13 surrounded --------------------------------------------------------------------------


def test_25_13_a_unit_beyond_six_hexes_of_a_source_is_surrounded(game: Any) -> None:
    st = game({"G-35R": "1606"})
    assert V.surrounded(st, "G-35R")
    U.eliminate_unit(st, "G-35R", "8.9")
    assert vp(st) == 4  # 2 Stacking Points at 2 each (25.2)
    assert "surrounded" in scored(st)[-1] and logged(st, "brusilov 25.2")


def test_25_13_six_hexes_to_a_source_is_not_surrounded(game: Any) -> None:
    st = game({"G-35R": "1506"})
    assert not V.surrounded(st, "G-35R")
    U.eliminate_unit(st, "G-35R", "8.9")
    assert vp(st) == 2  # 2 Stacking Points at 1 each


def test_25_13_the_count_without_the_destination_is_an_option(game: Any) -> None:
    st = game({"G-35R": "1606"}, options={V.COUNTS_DESTINATION: False})
    assert not V.surrounded(st, "G-35R")  # six hexes between, the source the seventh


def test_25_13_a_supplied_friendly_unit_ends_the_line(game: Any) -> None:
    # G-I in 1006 is in supply (next to 0906) and six hexes from 1606
    st = game({"G-35R": "1606", "G-I": "1006"})
    assert not V.surrounded(st, "G-35R")


#: Russian units whose zones of control cover every hex around 1506
RING = {"R-XIX": "1407", "R-V": "1504", "R-XXV": "1607"}


def test_25_13_enemy_zones_of_control_block_the_line(game: Any) -> None:
    st = game({"G-35R": "1506", **RING})
    assert V.surrounded(st, "G-35R")
    U.eliminate_unit(st, "G-35R", "8.9")
    assert vp(st) == 4


def test_25_13_friendly_units_negate_enemy_zones_of_control(game: Any) -> None:
    # AH-12 in 1406 (in a Russian zone, out of supply itself: five hexes from 0906, range
    # 3) negates the zone there: 1506-1406-1305-1205-1105-1006-0906 is six hexes
    units = {"G-35R": "1506", "AH-12": "1406", **RING}
    st = game(units)
    assert not V.surrounded(st, "G-35R")
    st = game(units, options={V.NEGATE_ZOC: False})
    assert V.surrounded(st, "G-35R")


def test_25_13_a_unit_eliminated_in_combat_is_judged_where_it_stood(
    game: Any, fixed_dice: Any
) -> None:
    # 16 to 4 is 4-1, die 1: -/E; G-35R in 1104 closes the 3rd Siberian's way east
    units = {"R-3S": "1005", "G-I": "0904", "G-XVII": "0905", "G-35R": "1104", **RUSSIAN_HQ}
    st = game(units, phasing="central", phase="combat", segment="combat_resolution")
    assert V.surrounded(st, "R-3S")
    attack(st, "central", "1005", ["G-I", "G-XVII"])
    fixed_dice(1)
    st.apply("central", {"type": "resolve"})
    assert U.record(st, "R-3S")["status"] == "eliminated"
    assert vp(st) == -4  # 2 Stacking Points at 2 each, Russian: subtracted
    assert "surrounded" in scored(st)[-1]


def test_25_13_a_surrounded_hq_scores_its_hq_point(game: Any) -> None:
    st = game({"G-HQ-FALK": "1606"})
    U.eliminate_unit(st, "G-HQ-FALK", "8.9")
    assert vp(st) == 1


# --- 25.14-25.16 ------------------------------------------------------------------------------


def test_25_14_central_powers_awards_are_subtracted_at_once(game: Any) -> None:
    st = game({"R-3S": "1205"}, vp=7)
    U.eliminate_unit(st, "R-3S", "9.22")
    assert vp(st) == 7 - 2  # at once, not at the end of the game
    assert "25.14" in scored(st)[-1]


def test_25_15_the_total_may_be_negative(game: Any) -> None:
    # Attack On Schedule begins at -8 (26.25): far below, the Russian towns do not lift it
    st = game({"R-3S": "1205"}, vp=-18)
    U.eliminate_unit(st, "R-3S", "9.22")
    assert vp(st) == -20
    assert st.view("allied")["vp"] == -20 + RUSSIAN_TOWNS
    out = result(st)
    assert out["vp"] == -12 and out["level"] == "Central Powers Decisive Victory"


def withholding(game: Any, turn: int, **kw: Any) -> State:
    """The Central Powers' Reinforcement Segment of ``turn``, G-3R due (since Game-Turn 2)."""
    return game(  # type: ignore[no-any-return]
        {"G-3R": PENDING}, turn=turn, phasing="central", segment="reinforcement", **kw
    )


def test_25_16_withholding_on_game_turns_5_to_7_costs_4(game: Any) -> None:
    st = withholding(game, 5, vp=10)
    st.apply("central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert vp(st) == 6
    assert U.record(st, "G-3R")["status"] == "removed"
    assert any("-4" in t for t in logged(st, "brusilov 25.16"))


def test_25_16_withholding_on_game_turns_8_to_12_costs_2(game: Any) -> None:
    st = withholding(game, 8)
    st.apply("central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert vp(st) == -2


def test_25_16_a_unit_withheld_for_good_never_enters(game: Any) -> None:
    st = withholding(game, 6)
    st.apply("central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert st.top()["kind"] != "brusilov_reinforcement"
    assert "G-3R" not in str(st.legal_actions(st.active_roles()[0]))
    assert U.record(st, "G-3R")["hex"] is None


def test_25_16_only_the_central_powers_withhold_for_good(game: Any, refuse: Refuse) -> None:
    st = game({"R-XXX": PENDING}, turn=5, segment="reinforcement")
    assert not [a for a in st.legal_actions("allied") if a["type"] == "withhold_permanently"]
    error = refuse(st, "allied", {"type": "withhold_permanently", "unit": "R-XXX"})
    assert error.case == "brusilov 25.16"


def test_25_16_not_outside_the_priced_game_turns(game: Any, refuse: Refuse) -> None:
    # reading AB14: 25.2 prices Game-Turns 5-12 only
    st = withholding(game, 4)
    error = refuse(st, "central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert error.case == "brusilov 25.16" and "AB14" in error.reason
    st = withholding(game, 13)
    refuse(st, "central", {"type": "withhold_permanently", "unit": "G-3R"})


def test_25_16_outside_the_priced_game_turns_for_nothing_as_an_option(game: Any) -> None:
    st = withholding(game, 13, options={V.WITHHOLD_ANY_TURN: True})
    st.apply("central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert vp(st) == 0 and U.record(st, "G-3R")["status"] == "removed"


def test_25_16_attack_on_schedule_withholding_costs_4(game: Any) -> None:
    # 26.22: every Central Powers reinforcement withheld is worth -4
    special = {"withholding": [{"from_turn": 5, "vp": -4}]}
    st = withholding(game, 13, special=special)
    st.apply("central", {"type": "withhold_permanently", "unit": "G-3R"})
    assert vp(st) == -4


# --- 25.2 the schedule ------------------------------------------------------------------------


def test_25_2_each_central_powers_stacking_point_eliminated_is_1(game: Any) -> None:
    st = game({"G-I": "0905"})
    U.eliminate_unit(st, "G-I", "8.9")
    assert vp(st) == U.info(st, "G-I").stacking == 4


def test_25_2_each_hq_eliminated_is_1(game: Any) -> None:
    st = game({"G-HQ-FALK": "0904", "R-HQ-XIX": "1404"})
    U.eliminate_unit(st, "G-HQ-FALK", "10.54")
    U.eliminate_unit(st, "R-HQ-XIX", "10.54")
    assert vp(st) == 0
    assert [t[:20] for t in scored(st)] == ["Victory points +1 fo", "Victory points -1 fo"]


def test_25_2_each_russian_stacking_point_eliminated_is_minus_1(game: Any) -> None:
    st = game({"R-XIX": "1205"})
    U.eliminate_unit(st, "R-XIX", "8.9")
    assert vp(st) == -4


def test_25_2_surrounded_points_in_addition_as_an_option(game: Any) -> None:
    # reading AB12 (b): 2 more per Stacking Point, 3 in all
    st = game({"G-35R": "1606"}, options={V.IN_ADDITION: True})
    U.eliminate_unit(st, "G-35R", "8.9")
    assert vp(st) == 6


def test_25_2_a_unit_removed_from_play_scores_nothing(game: Any) -> None:
    # reading AB13: a depot burned for Massed Artillery Fire (19.21) is not eliminated
    st = game({"G-D1": "0506"})
    U.remove_from_play(st, "G-D1", "brusilov 19.21", "burned for Massed Artillery Fire")
    assert vp(st) == 0 and not scored(st)
    assert U.record(st, "G-D1")["status"] == "removed"
    assert logged(st, "brusilov 19.21")


def test_25_2_an_eliminated_depot_scores_its_stacking_points(game: Any) -> None:
    st = game({"G-D1": "0506"})
    U.eliminate_unit(st, "G-D1", "8.9")
    assert vp(st) == U.info(st, "G-D1").stacking


# --- 25.3 levels -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "level"),
    [
        (-3, "Central Powers Decisive Victory"),
        (9, "Central Powers Decisive Victory"),
        (10, "Central Powers Substantive Victory"),
        (19, "Central Powers Substantive Victory"),
        (20, "Central Powers Marginal Victory"),
        (30, "Russian Marginal Victory"),
        (40, "Russian Substantive Victory"),
        (49, "Russian Substantive Victory"),
        (50, "Russian Decisive Victory"),
    ],
)
def test_25_3_levels_of_victory(game: Any, total: int, level: str) -> None:
    st = game({"R-XIX": "1205"}, vp=total, control=NO_TOWNS)
    out = result(st)
    assert out["level"] == level
    assert out["winner"] == ("central" if total < 30 else "allied")


def test_25_3_the_towns_count_in_the_final_total(game: Any) -> None:
    st = game({"R-XIX": "1205"}, vp=50 - RUSSIAN_TOWNS)
    assert result(st)["level"] == "Russian Decisive Victory"


def test_25_16_a_unit_not_due_may_not_be_withheld_for_good(game: Any, refuse: Refuse) -> None:
    st = game(
        {"G-3R": PENDING, "AH-10K": PENDING}, turn=5, phasing="central", segment="reinforcement"
    )
    st.apply("central", {"type": "withhold_permanently", "unit": "AH-10K"})  # due since 3
    error = refuse(st, "central", {"type": "withhold_permanently", "unit": "AH-10K"})
    assert error.case == "14.24"  # already withheld
    error = refuse(st, "central", {"type": "withhold_permanently", "unit": "G-I"})
    assert error.case == "14.0"  # G-I is no reinforcement waiting to arrive


def test_25_12_a_town_occupied_by_a_russian_unit_is_russian(game: Any) -> None:
    # (the position says the Central Powers last held Bialka; R-62R stands in it now)
    st = game({"R-62R": "1207"}, control={"1207": "central"})
    towns = {t["name"]: t for t in result(st)["towns"]}
    assert towns["Bialka"]["scored"]
