"""Serbia/Galicia 25.0 Victory Conditions: towns and cities scored each Interphase while
controlled and in supply (25.11-25.13), other awards as they occur (25.14), a negative
total (25.15), the schedule (25.2), the levels (25.3) and the Victory Point Track (25.4).

Positions on the FICTIONAL teaching maps: Beograd s0704 (-3) is next to the
Austro-Hungarian bank of the Dunav (in supply for an Austro-Hungarian unit there);
Nisava s0908 (-5) deep in Serbia, Lubin g0602 (-5) in Russia (out of Austro-Hungarian
supply); the passes g0510 and g0910 (+4) are the Allies'.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import victory as V
from tests.rules.gwite.kit import attack, choose, logged, play_until, resolve_with
from tests.rules.gwite.serbia_galicia.conftest import write_sg_position

COMBAT = {"phase": "combat", "segment": "combat_resolution"}
#: Russians in g0704 and g0605 attack AH-5D in g0705 at 2-1 (die 1: -/2, die 3: 1/1,
#: die 5: 1/-)
GALICIA = {
    "R-XIVK": "g0704",
    "R-16K": "g0605",
    "AH-5D": "g0705",
    "R-HQ-4A": "g0703",
    "AH-HQ-1A": "g0707",
    "AH-D1": "g0707",
}
#: Serbians in s0605 and s0606 attack AH-29D in s0705 at 2-1 (die 5: 1/-)
SERBIA = {
    "S-1DD": "s0605",
    "S-1SD": "s0606",
    "AH-29D": "s0705",
    "S-HQ-2A": "s0506",
    "AH-HQ-2A": "s0505",
}
SCHEDULE = "serbia-galicia 25.2"
#: eleven Serbian Stacking Points (four divisions, a brigade, a cavalry division): more
#: than 10 (25.2)
ELEVEN_SERBIAN_SP = {
    "S-1DD": "s0905",
    "S-1SD": "s1006",
    "S-1MD": "s1106",
    "S-TD": "s1007",
    "S-BE": "s0907",
    "S-KD": "s1008",
}
TOWNS = "serbia-galicia 25.13"


def vp(st: State) -> int:
    return st.data["vp"]  # type: ignore[no-any-return]


def russian_attack(sg_position: Any, fixed_dice: Any, die: int, **kw: Any) -> State:
    st = sg_position(GALICIA, phasing="allied", **COMBAT, **kw)
    attack(st, "allied", "g0705", ["R-XIVK", "R-16K"])
    resolve_with(st, "allied", fixed_dice, die, 6, 6, 6)
    return st


def ended(st: State) -> int:
    """Game-Turns ended (Interphases played) since the position."""
    return sum(1 for e in st.data["log"] if e.get("case") == "4.0" and e["text"].endswith(" ends."))


def to_next_turn(st: State) -> None:
    """Play on to the end of the next Interphase (the position's Combat Segment, with no
    attack to make, may already have run on through it as the state settled)."""
    done = ended(st)
    if done == 0:
        play_until(st, lambda s: ended(s) > 0 or s.data["over"])


# --- 25.2 the schedule, 25.14 awards as they occur -------------------------------------------


def test_25_2_russian_step_lost_in_combat_is_minus_one(sg_position: Any, fixed_dice: Any) -> None:
    st = russian_attack(sg_position, fixed_dice, 5)  # 1/-: the Russians lose a step
    choose(st, "allied", "lose", unit="R-XIVK")
    assert U.record(st, "R-XIVK")["lost"] == 1
    assert vp(st) == -1
    assert any("step lost in combat at -1" in t for t in logged(st, SCHEDULE))


def test_25_2_serbian_step_lost_in_combat_is_minus_two(sg_position: Any, fixed_dice: Any) -> None:
    st = sg_position(SERBIA, phasing="allied", **COMBAT)
    attack(st, "allied", "s0705", ["S-1DD", "S-1SD"])
    resolve_with(st, "allied", fixed_dice, 5, 6, 6, 6)  # 1/-
    choose(st, "allied", "lose", unit="S-1DD")
    assert vp(st) == -2
    assert any("step lost in combat at -2" in t for t in logged(st, SCHEDULE))


def test_25_2_serbian_unit_eliminated_in_combat_scores_its_stacking_points(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = sg_position({**SERBIA, "S-BE": "s0606"}, phasing="allied", **COMBAT)
    attack(st, "allied", "s0705", ["S-1DD", "S-BE"])
    resolve_with(st, "allied", fixed_dice, 5, 6, 6, 6)  # 1/-
    choose(st, "allied", "lose", unit="S-BE")  # its only step
    assert U.record(st, "S-BE")["status"] == "eliminated"
    stacking = U.info(st, "S-BE").stacking
    assert stacking >= 1
    assert vp(st) == -2 - stacking
    assert any("entirely eliminated" in t for t in logged(st, SCHEDULE))


def test_25_2_austro_hungarian_step_lost_in_combat_is_plus_two(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = russian_attack(sg_position, fixed_dice, 3)  # 1/1
    choose(st, "central", "option", index=0)  # half the affected steps: one of AH-5D's two
    assert U.record(st, "AH-5D")["lost"] == 1
    assert vp(st) == 2
    choose(st, "allied", "lose", unit="R-16K")  # then the Russians' own step
    assert vp(st) == 2 - 1


def test_25_2_austro_hungarian_unit_eliminated_adds_one_per_stacking_point(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = russian_attack(sg_position, fixed_dice, 1)  # -/2
    choose(st, "central", "option", index=0)  # all affected units are eliminated
    assert U.record(st, "AH-5D")["status"] == "eliminated"
    stacking = U.info(st, "AH-5D").stacking
    assert vp(st) == 2 * 2 + stacking  # its two steps, then its Stacking Points
    texts = logged(st, SCHEDULE)
    assert any("2 steps lost in combat at +2" in t for t in texts)
    assert any(f"{stacking} Stacking Points at +1" in t for t in texts)


def test_25_2_an_e_result_scores_the_steps_and_stacking_points_of_the_eliminated(
    sg_position: Any, fixed_dice: Any
) -> None:
    # AH-5D reduced to its last step (defence 1) attacked by two Russian corps: the
    # highest column, die 1: -/E, applied as the result is made, with no choice (8.9):
    # still "lost in combat" (25.2), its one step and its Stacking Points scored.
    units = {**GALICIA, "AH-5D": {"hex": "g0705", "steps_lost": 1}}
    st = sg_position(units, phasing="allied", **COMBAT)
    attack(st, "allied", "g0705", ["R-XIVK", "R-16K"])
    resolve_with(st, "allied", fixed_dice, 1, 6, 6, 6)
    assert any("/E" in e["text"] for e in st.data["log"] if e.get("case") == "8.8")
    assert U.record(st, "AH-5D")["status"] == "eliminated"
    stacking = U.info(st, "AH-5D").stacking
    assert vp(st) == 2 + stacking  # its last step, then its Stacking Points
    texts = logged(st, SCHEDULE)
    assert any("1 step lost in combat at +2" in t for t in texts)
    assert not any("eliminated out of combat" in t for t in texts)


def test_25_2_an_attacker_eliminated_by_its_own_result_scores_for_the_defender(
    sg_position: Any, fixed_dice: Any
) -> None:
    # R-XIVK on its last two steps (2-3) attacks AH-5D (2-3) alone at 1-2, die 5: 2/-
    # (8.8), all its affected steps lost with no choice (8.9): lost in combat, -1 a
    # step and its Stacking Points (25.2).
    units = {**GALICIA, "R-XIVK": {"hex": "g0704", "steps_lost": 2}}
    del units["R-16K"]
    st = sg_position(units, phasing="allied", **COMBAT)
    attack(st, "allied", "g0705", ["R-XIVK"])
    resolve_with(st, "allied", fixed_dice, 5, 6, 6, 6)
    assert any(": 2/-" in e["text"] for e in st.data["log"] if e.get("case") == "8.8")
    assert U.record(st, "R-XIVK")["status"] == "eliminated"
    stacking = U.info(st, "R-XIVK").stacking
    assert vp(st) == -2 - stacking
    assert not any("eliminated out of combat" in t for t in logged(st, SCHEDULE))


def test_25_14_step_awards_are_made_at_once_not_in_the_interphase(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = russian_attack(sg_position, fixed_dice, 5)
    choose(st, "allied", "lose", unit="R-16K")
    assert st.data["turn"] == 2 and vp(st) == -1  # before any Interphase
    entry = next(e for e in st.data["log"] if e.get("case") == SCHEDULE)
    assert "the Allied total is now -1" in entry["text"]


def test_25_2_as7_attrition_elimination_scores_nothing(sg_position: Any, fixed_dice: Any) -> None:
    st = sg_position({"AH-2-6B": "s0808", "S-1DD": "s0405"}, phasing="central")
    fixed_dice(1)
    lost = supply.attrition(st, "AH-2-6B", "9.22", "test")
    assert lost == 1 and U.record(st, "AH-2-6B")["status"] == "eliminated"
    assert vp(st) == 0  # not in combat: no step points, no Stacking Points (AS7 a)
    assert any("reading AS7" in t for t in logged(st, SCHEDULE))


def test_25_2_as7_option_scores_stacking_points_of_any_elimination(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = sg_position(
        {"AH-2-6B": "s0808", "S-1DD": "s0405"},
        phasing="central",
        options={V.NONCOMBAT: True},
    )
    fixed_dice(1)
    supply.attrition(st, "AH-2-6B", "9.22", "test")
    assert vp(st) == U.info(st, "AH-2-6B").stacking  # the step itself still nothing


def test_25_2_ten_or_fewer_serbian_stacking_points_at_the_end_is_minus_twenty(
    sg_position: Any,
) -> None:
    st = sg_position({"S-BE": "s0704", "AH-5D": "g0705"}, phasing="central", turn=8, **COMBAT)
    assert V.serbian_stacking_points(st) == 1 <= 4  # the teaching game's scaled 4
    play_until(st, lambda s: s.data["over"])
    assert vp(st) == -20
    assert any("Serbian Stacking Points on the map at the end" in t for t in logged(st, SCHEDULE))
    assert U.rules(st).result(st)["vp"] == -20


def test_25_2_more_than_ten_serbian_stacking_points_no_award(sg_position: Any) -> None:
    st = sg_position(
        ELEVEN_SERBIAN_SP, phasing="central", turn=8, special={"serbian_remnant": 10}, **COMBAT
    )
    assert V.serbian_stacking_points(st) == 4 * 2 + 1 + 2  # divisions, brigade, cavalry
    play_until(st, lambda s: s.data["over"])
    assert vp(st) == 0
    assert any("more than 10, no award" in t for t in logged(st, SCHEDULE))


def test_25_2_ten_serbian_stacking_points_are_ten_or_fewer(sg_position: Any) -> None:
    serbs = {"S-1DD": "s0905", "S-1SD": "s1006", "S-1MD": "s1106", "S-TD": "s1007"}
    st = sg_position(
        {**serbs, "S-KD": "s1008"},
        phasing="central",
        turn=8,
        special={"serbian_remnant": 10},
        **COMBAT,
    )
    assert V.serbian_stacking_points(st) == 10
    play_until(st, lambda s: s.data["over"])
    assert vp(st) == -20
    assert any("(10 or fewer)" in t for t in logged(st, SCHEDULE))


def test_25_2_and_26_33_the_galician_front_scenario_scores_the_serbian_remnant() -> None:
    """26.3 uses only the Galician Front map, with no Serbian unit: 25.2's -20 for 10 or
    fewer Serbian Stacking Points is scored as written (0 remain), 26.33's 35 ending at 15,
    a draw, before any other award (a reading, docs/readings.md)."""
    st = greatwar.load("gwite/serbia-galicia-teaching-september").new_state(1)
    assert vp(st) == 35
    V.score_serbian_remnant(st)  # the ruling of the last Interphase
    assert vp(st) == 15
    assert any("only 0 Serbian Stacking Points" in t for t in logged(st, SCHEDULE))


def test_25_2_the_serbian_remnant_counts_in_the_projected_total_until_it_is_scored(
    sg_position: Any,
) -> None:
    # what the computer players are told the total would be were the game to end now:
    # with one Serbian Stacking Point left (4 or fewer in the teaching game) the -20 is
    # in it; with eleven (more than 10) it is not; once scored at the end, it counts once
    st = sg_position({"S-BE": "s0704", "AH-5D": "g0705"}, phasing="central", turn=8, **COMBAT)
    assert not st.data["over"]
    rules = U.rules(st)
    towns = sum(t["vp"] for t in V.town_points(st) if t["scored"])
    assert rules.projected_vp(st) == vp(st) + towns - 20
    play_until(st, lambda s: s.data["over"])
    assert rules.projected_vp(st) == vp(st) == -20
    many = sg_position(
        ELEVEN_SERBIAN_SP, phasing="central", turn=7, special={"serbian_remnant": 10}, **COMBAT
    )
    assert not many.data["over"]
    towns = sum(t["vp"] for t in V.town_points(many) if t["scored"])
    assert V.serbian_stacking_points(many) == 11 > 10
    assert U.rules(many).projected_vp(many) == vp(many) + towns, (vp(many), towns)


# --- 25.11-25.13 towns and cities -----------------------------------------------------------


def test_25_13_a_controlled_town_in_supply_yields_its_points_each_interphase(
    sg_position: Any,
) -> None:
    st = sg_position({"AH-5D": "s0704", "S-1DD": "s1006"}, phasing="central", **COMBAT)
    to_next_turn(st)
    assert vp(st) == -3
    assert any("Beograd" in t and "Game-Turn 2" in t for t in logged(st, TOWNS))
    play_until(st, lambda s: ended(s) == 2 or s.data["over"])
    assert U.record(st, "AH-5D")["hex"] == "s0704"  # still there: it yields again
    assert vp(st) == -6
    assert any("Game-Turn 3" in t for t in logged(st, TOWNS))


def test_25_12_a_controlled_town_out_of_supply_yields_nothing(sg_position: Any) -> None:
    st = sg_position({"AH-17D": "g0602", "S-1DD": "s1006"}, phasing="central", **COMBAT)
    lubin = next(t for t in V.town_points(st) if t["hex"] == "g0602")
    assert lubin["controlled"] and not lubin["in_supply"]
    to_next_turn(st)
    assert vp(st) == 0
    assert any("Lubin" in t and "not in supply" in t for t in logged(st, "serbia-galicia 25.12"))


def test_25_12_the_last_to_occupy_controls_an_empty_town(sg_position: Any) -> None:
    st = sg_position({"S-1DD": "s1006"}, phasing="central", control={"s0704": "central"}, **COMBAT)
    beograd = next(t for t in V.town_points(st) if t["hex"] == "s0704")
    assert beograd["controlled"] and beograd["in_supply"]
    to_next_turn(st)
    assert vp(st) == -3


def test_25_12_an_enemy_unit_in_the_town_takes_control(sg_position: Any) -> None:
    st = sg_position({"S-BE": "s0704"}, phasing="central", control={"s0704": "central"}, **COMBAT)
    beograd = next(t for t in V.town_points(st) if t["hex"] == "s0704")
    assert not beograd["controlled"]
    to_next_turn(st)
    assert vp(st) == 0


def test_25_11_each_side_scores_only_its_own_sign(sg_position: Any) -> None:
    # the Allies hold Beograd (negative) and Austria-Hungary a pass (positive): nothing
    st = sg_position(
        {"S-BE": "s0704", "AH-12D": "g0510"},
        phasing="central",
        control={"g0910": "central"},
        **COMBAT,
    )
    assert not any(t["scored"] for t in V.town_points(st))
    to_next_turn(st)
    assert vp(st) == 0
    assert logged(st, TOWNS)[-1] == "Game-Turn 2: no town or city yields victory points."


def test_25_11_a_russian_pass_in_supply_scores_plus_four(sg_position: Any) -> None:
    # a Russian depot in g1108, beside the pass and in supply from the Russian rail
    st = sg_position({"R-9KD": "g0910", "R-D1": "g1108"}, phasing="central", **COMBAT)
    to_next_turn(st)
    assert vp(st) == 4
    assert any("Allies control of Uszoka Pass" in t for t in logged(st, TOWNS))


def test_25_12_a_pass_out_of_supply_yields_nothing(sg_position: Any) -> None:
    st = sg_position({"R-9KD": "g0910"}, phasing="central", **COMBAT)
    to_next_turn(st)
    assert vp(st) == 0
    assert any("Uszoka Pass" in t for t in logged(st, "serbia-galicia 25.12"))


# --- 25.15 negative totals, 25.4 the track ------------------------------------------------------


def test_25_4_example_x10_in_box_6_and_x1_in_box_3_is_63() -> None:
    markers = {"x10": {"box": 6, "side": "positive"}, "x1": {"box": 3, "side": "positive"}}
    assert V.track_total(markers) == 63
    assert V.track_markers(63) == markers


def test_25_15_a_negative_total_uses_the_negative_sides(sg_position: Any) -> None:
    assert V.track_markers(-27) == {
        "x10": {"box": 2, "side": "negative"},
        "x1": {"box": 7, "side": "negative"},
    }
    assert V.track_total(V.track_markers(-27)) == -27
    st = sg_position({"AH-5D": "s0704", "S-1DD": "s1006"}, phasing="central", vp=-12, **COMBAT)
    to_next_turn(st)
    view = st.view("allied")["vp"]
    assert view["total"] == -15
    assert view["track"] == V.track_markers(-15)
    assert "×10 negative in box 1, ×1 negative in box 5" in logged(st, TOWNS)[-1]


def test_25_4_markers_of_different_sides_are_refused() -> None:
    with pytest.raises(ValueError, match=r"serbia-galicia 25\.4"):
        V.track_total({"x10": {"box": 1, "side": "positive"}, "x1": {"box": 2, "side": "negative"}})


# --- 25.3 levels ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "level"),
    [
        (63, "Allied Strategic Victory"),
        (56, "Allied Strategic Victory"),
        (40, "Allied Substantive Victory"),
        (21, "Allied Marginal Victory"),
        (20, "Draw"),
        (15, "Draw"),
        (14, "Austro-Hungarian Marginal Victory"),
        (5, "Austro-Hungarian Marginal Victory"),
        (4, "Austro-Hungarian Substantive Victory"),
        (-10, "Austro-Hungarian Substantive Victory"),
        (-11, "Austro-Hungarian Decisive Victory"),
    ],
)
def test_25_3_levels_of_victory(sg_position: Any, total: int, level: str) -> None:
    st = sg_position({"S-1DD": "s1006"}, vp=total)
    out = U.rules(st).result(st)
    assert out["vp"] == total and out["level"] == level
    assert out["track"] == V.track_markers(total)


@pytest.mark.parametrize(
    ("total", "level", "winner"),
    [
        (15, "Austro-Hungarian Marginal Victory", "central"),
        (5, "Austro-Hungarian Substantive Victory", "central"),
        (16, "Draw", None),
    ],
)
def test_25_3_as8_option_lower_band_on_the_overlaps(
    sg_position: Any, total: int, level: str, winner: str | None
) -> None:
    st = sg_position({"S-1DD": "s1006"}, vp=total, options={V.LOWER_BAND: True})
    out = U.rules(st).result(st)
    assert out["level"] == level and out["winner"] == winner


# --- the scenario's [victory] -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('"cities" = "none"', '"cities" = "net"', "serbia-galicia 25.13"),
        ('"cities" = "none"', '"cities" = "none"\nper_hq_eliminated = 1', "25.2"),
    ],
)
def test_25_13_a_victory_table_scoring_otherwise_is_refused_naming_the_place(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    path = write_sg_position(tmp_path, {"S-1DD": "s1006"})
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert "victory" in str(err.value) and said in str(err.value)


def test_25_11_25_12_the_towns_each_side_scores_only_in_supply_for_the_computer(
    sg_position: Any,
) -> None:
    # what the computer players are told to keep in supply: each side its own sign's
    # towns, at their points' size
    st = sg_position({"R-9KD": "g0910"}, phasing="central", **COMBAT)
    rules = U.rules(st)
    allied, central = (rules.towns_scored_in_supply(st, s) for s in ("allied", "central"))
    cities = st.game.scenario.board.cities
    assert allied == {h: c.vp for h, c in cities.items() if c.vp > 0}
    assert central == {h: -c.vp for h, c in cities.items() if c.vp < 0}
    assert allied and central


def test_25_13_the_towns_score_in_every_interphase_left_for_the_computer(
    sg_position: Any,
) -> None:
    # Game-Turn 2 of 8: this Interphase and six more; the standard rules score once
    st = sg_position({"R-9KD": "g0910"}, turn=2)
    assert st.game.scenario.info.turns == 8
    assert U.rules(st).town_scorings_left(st) == 7
    standard = greatwar.load("gwite/teaching").new_state(1)
    assert U.rules(standard).town_scorings_left(standard) == 1
