"""Serbia/Galicia 20.0, the Serbian Supply Points: one point for each Serbian unit
involved in an attack (20.1; AS6: HQs lending their shift too), the replenishment roll
of the Allied Initial Supply Determination Segment (20.2), four points at the start
(20.3).

The arena, on the FICTIONAL Serbian teaching map: the Austro-Hungarian 29th Division in
s0708, the Serbian 1st Morava (s0709), Dunav (s0809) and Sumadija (s0609) divisions
adjacent to it and in supply, the Serbian 2nd Army HQ in s0810 within its radius.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import supply
from greatwar.rules.gwite.serbia_galicia.serbian_supply import (
    POINTS,
    REPLENISHMENT,
    SHIFTS_FREE,
)
from tests.rules.gwite.game_position import scenario_text
from tests.rules.gwite.kit import Refuse, choose, logged, play_until, seed_rolling
from tests.rules.gwite.serbia_galicia.conftest import COUNTERS, MAPS, SCENARIO

CASE = "serbia-galicia 20.1"
TARGET = "s0708"
ARENA = {
    "AH-29D": TARGET,
    "S-1MD": "s0709",
    "S-1DD": "s0809",
    "S-1SD": "s0609",
    "S-HQ-2A": "s0810",
}
COMBAT = {"phase": "combat", "segment": "combat_resolution"}


def arena(sg_position: Any, **kw: Any) -> State:
    st: State = sg_position(ARENA, **COMBAT, **kw)
    for uid in ("S-1MD", "S-1DD", "S-1SD"):
        assert supply.in_supply(st, uid)  # no 9.23 attrition roll in these tests
    return st


def prepare(st: State, *attackers: str, hq: str | None = None) -> None:
    st.apply("allied", {"type": "declare", "target": TARGET})
    for uid in attackers:
        st.apply("allied", {"type": "add_attacker", "unit": uid})
    if hq is not None:
        choose(st, "allied", "add_shift", hq=hq)


def test_20_1_each_serbian_unit_involved_expends_one_point(
    sg_position: Any, fixed_dice: Any
) -> None:
    # AS6 (a): the two divisions and the HQ lending its shift: three points of four
    st = arena(sg_position)
    assert st.data[POINTS] == 4
    prepare(st, "S-1SD", "S-1DD", hq="S-HQ-2A")  # both of the 2nd Army (18.1)
    assert st.view("allied")["serbian_supply"]["attack_cost"] == 3
    fixed_dice(6)
    st.apply("allied", {"type": "resolve"})
    assert st.data[POINTS] == 1
    spent = logged(st, CASE)
    assert len(spent) == 1 and "3 Serbian Supply Points expended" in spent[0]
    assert "the track holds 1" in spent[0]
    assert st.view("central")["serbian_supply"]["points"] == 1  # both Players see the track


def test_20_1_as6_option_hq_shifts_cost_no_point(sg_position: Any, fixed_dice: Any) -> None:
    # AS6 (b), the option: only the attacking divisions pay
    st = arena(sg_position, options={SHIFTS_FREE: True})
    prepare(st, "S-1SD", "S-1DD", hq="S-HQ-2A")  # both of the 2nd Army (18.1)
    fixed_dice(6)
    st.apply("allied", {"type": "resolve"})
    assert st.data[POINTS] == 2
    assert "2 Serbian Supply Points expended" in logged(st, CASE)[0]


def test_20_1_no_serbian_unit_joins_beyond_the_points(sg_position: Any, refuse: Refuse) -> None:
    st = arena(sg_position, special={"serbian_supply_points": 2})
    prepare(st, "S-1MD", "S-1DD")
    add = {"type": "add_attacker", "unit": "S-1SD"}
    assert add not in st.legal_actions("allied")
    why = refuse(st, "allied", add)
    assert why.case == CASE and "the track holds 2" in why.reason


def test_20_1_no_serbian_attack_without_enough_points(
    sg_position: Any, refuse: Refuse, fixed_dice: Any
) -> None:
    # the HQ's shift would make three units involved with two points: the attack may
    # not be resolved; without the shift it is, and the track is empty
    st = arena(sg_position, special={"serbian_supply_points": 2})
    prepare(st, "S-1SD", "S-1DD", hq="S-HQ-2A")  # both of the 2nd Army (18.1)
    shown = st.view("allied")["combat"]
    assert shown["legal"] is False and shown["case"] == CASE
    why = refuse(st, "allied", {"type": "resolve"})
    assert why.case == CASE
    st.apply("allied", {"type": "remove_shift", "hq": "S-HQ-2A"})
    fixed_dice(6)
    st.apply("allied", {"type": "resolve"})
    assert st.data[POINTS] == 0


def test_20_1_with_no_point_left_no_serbian_attack(sg_position: Any, refuse: Refuse) -> None:
    st = arena(sg_position, special={"serbian_supply_points": 0})
    st.apply("allied", {"type": "declare", "target": TARGET})
    assert not [a for a in st.legal_actions("allied") if a["type"] == "add_attacker"]
    why = refuse(st, "allied", {"type": "add_attacker", "unit": "S-1MD"})
    assert why.case == CASE and "the track holds 0" in why.reason


@pytest.mark.parametrize(("die", "points"), [(1, 4), (2, 4), (3, 5), (4, 6), (5, 6), (6, 8)])
def test_20_2_the_replenishment_roll(sg_position: Any, die: int, points: int) -> None:
    # the Allied Initial Supply Determination Segment runs as the position starts
    st = sg_position(
        {"S-1MD": "s0709"}, seed=seed_rolling(die), phase="movement", segment="initial_supply"
    )
    assert st.data[POINTS] == points
    rolls = [e for e in st.data["log"] if e.get("case") == "serbia-galicia 20.2"]
    assert rolls[0]["roll"] == die
    assert f"the track holds {points}" in rolls[-1]["text"]


def test_20_2_no_roll_in_the_austro_hungarian_segment(sg_position: Any) -> None:
    st = sg_position(
        {"AH-29D": "s0708", "S-1MD": "s0705"},
        phasing="central",
        phase="movement",
        segment="initial_supply",
    )
    assert not logged(st, "serbia-galicia 20.2") and st.data[POINTS] == 4


def test_20_2_rolled_each_game_turn(sg_position: Any) -> None:
    # from the Allied Combat Phase of Game-Turn 2 to the Allied Player-Turn of Game-Turn 3
    st = sg_position(
        {"S-1MD": "s0709", "AH-29D": "s0103"},
        phase="step_replacement",
        segment="step_replacement",
    )
    play_until(st, lambda s: s.data["turn"] == 3 and s.data["phasing"] == "allied", limit=2000)
    play_until(st, lambda s: bool(logged(s, "serbia-galicia 20.2")), limit=2000)
    results = [t for t in logged(st, "serbia-galicia 20.2") if t.startswith("Serbian supply")]
    assert len(results) == 1 and st.data["turn"] == 3  # none in the A-H Player-Turn


def test_20_3_four_points_at_the_start() -> None:
    st = greatwar.load("gwite/serbia-galicia-teaching", {}).new_state(1)
    # four, plus what any replenishment roll made before the first choice added (20.2)
    rolls = [
        e["roll"] for e in st.data["log"] if e.get("case") == "serbia-galicia 20.2" and "roll" in e
    ]
    assert st.data[POINTS] == 4 + sum(REPLENISHMENT[r] for r in rolls)


def test_20_3_a_position_may_give_another_count(sg_position: Any) -> None:
    st = arena(sg_position, special={"serbian_supply_points": 7})
    assert st.data[POINTS] == 7 and st.view("allied")["serbian_supply"]["points"] == 7


def test_20_3_another_count_only_for_a_position(tmp_path: Path) -> None:
    # the teaching scenario (no [position]) given another count is refused by place
    doc = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    doc["scenario"]["counters"] = [str(COUNTERS)]
    doc["scenario"]["maps"] = [str(m) for m in MAPS]
    doc["special"]["serbian_supply_points"] = 2
    path = tmp_path / "no-position.toml"
    path.write_text(scenario_text(doc), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        greatwar.load(path, {})
    assert "serbian_supply_points" in str(info.value) and "20.3" in str(info.value)


def test_20_1_an_attack_called_off_costs_nothing(sg_position: Any) -> None:
    # the points are expended when the attack is made, not while it is put together
    st = arena(sg_position)
    prepare(st, "S-1SD", "S-1DD", hq="S-HQ-2A")  # both of the 2nd Army (18.1)
    st.apply("allied", {"type": "cancel"})
    assert st.data[POINTS] == 4 and not logged(st, CASE)


def test_20_1_russian_attackers_cost_nothing(sg_position: Any, fixed_dice: Any) -> None:
    # Galicia: the Russian XIV Corps attacks the A-H 12th Division
    st = sg_position({"R-XIVK": "g0505", "AH-12D": "g0506"}, **COMBAT)
    st.apply("allied", {"type": "declare", "target": "g0506"})
    st.apply("allied", {"type": "add_attacker", "unit": "R-XIVK"})
    fixed_dice(*([6] * 3))
    st.apply("allied", {"type": "resolve"})
    assert st.data[POINTS] == 4 and not logged(st, CASE)
