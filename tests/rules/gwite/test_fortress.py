"""11.1 Fortresses and combat.

The FICTIONAL teaching map's Russian fortress is Zalesie (1312, a City; fortress defense
6, weakened 3; four fortress steps).  The Germans attack it from 1212, 1213 and 1311,
kept in supply by their depot in 1010 (9.16); the Russian XIX Corps HQ in 1413 keeps the
defenders within a Command Radius (10.43 stays off).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit import (
    BESIEGERS,
    SPARE,
    ZALESIE,
    alive,
    assert_in_radius,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    choose,
    fight,
    logged,
    lose_steps,
    lost,
    numbers,
    resolve,
    resolve_with,
    stage,
    where,
)

from greatwar import IllegalAction, State
from greatwar.rules.gwite import fortress, zoc

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]


def siege(position: Any, **units: Any) -> State:
    st = fight(position, {**BESIEGERS, **SPARE, **units})
    assert_in_supply(st, "G-I", "G-XVII")
    assert_in_radius(st, *units)
    return st


def fortress_entry(odds: dict[str, Any]) -> dict[str, Any]:
    return next(d for d in odds["defenders"] if d.get("fortress"))


# --- 11.11 -----------------------------------------------------------------------------------


def test_11_11_a_fortress_adds_its_printed_defense_to_its_units(position: Any) -> None:
    st = siege(position, **{"R-3S": ZALESIE, "R-62R": ZALESIE})
    odds = attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    fort = fortress_entry(odds)
    # the divisions are doubled in the City (5.4); the fortress defends with its printed
    # strength only: 4 x 2 + 4 x 2 + 6
    assert (fort["strength"], fort["modifiers"][0]["case"]) == (6, "11.11")
    assert [d["strength"] for d in odds["defenders"] if d.get("unit")] == [8, 8]
    assert (odds["attack"], odds["defense"], odds["odds"]) == (16, 22, "1-2")


def test_11_11_an_unoccupied_fortress_defends_alone(position: Any) -> None:
    st = siege(position)
    assert {"type": "declare", "target": ZALESIE} in st.legal_actions("central")
    odds = attack(st, "central", ZALESIE, ["G-I"])
    assert [d.get("fortress") for d in odds["defenders"]] == [ZALESIE]
    assert (odds["attack"], odds["defense"], odds["odds"]) == (8, 6, "1-1")


def test_11_11_fortresses_never_attack(position: Any) -> None:
    # the Russians attack out of Zalesie: only the units in it are attackers
    units = {"R-3S": ZALESIE, "G-35R": "1212", "G-D1": "1010", "R-HQ-XIX": "1413"}
    st = fight(position, {**units, **SPARE}, phasing="allied")
    st.apply("allied", {"type": "declare", "target": "1212"})
    adders = [a for a in st.legal_actions("allied") if a["type"] == "add_attacker"]
    assert adders == [{"type": "add_attacker", "unit": "R-3S"}]
    st.apply("allied", adders[0])
    assert st.view("allied")["combat"]["attack"] == 3


def test_11_11_the_fortress_strength_decides_the_column_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # the Siberians' 4 doubled in the City (8) and the fortress's printed 6, never doubled:
    # 16 to 14 is 1-1, die 1: -/2.  Without the fortress (16 to 8, 2-1) it would be -/3; with
    # a doubled fortress (16 to 20, 1-2), -/1.
    st = siege(position, **{"R-3S": ZALESIE})
    shown = attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "16 to 14 (1-1), column 1-1, die 1: -/2" in entry["text"]
    assert numbers(entry)["defense"] == 14
    assert_resolved_as_shown(shown, entry)
    # the division's 2 steps and the fortress's 4 are fewer than the attackers' 8: all
    # affected, and option 1 of a 2 eliminates them all (11.12: the fortress too)
    choose(st, "allied", "option", index=0)
    assert not alive(st, "R-3S") and fortress.destroyed(st, ZALESIE)
    assert lost(st, "G-I") == lost(st, "G-XVII") == 0


# --- 11.12, 11.13 --------------------------------------------------------------------------------


def test_11_12_units_retreat_but_the_fortress_stays(position: Any, fixed_dice: Any) -> None:
    st = siege(position, **{"R-3S": ZALESIE})
    fixed_dice(1)
    odds = attack(st, "central", ZALESIE, ["G-I", "G-XVII"])  # 16 to 8 + 6: 1-1, die 1: -/2
    assert odds["odds"] == "1-1"
    resolve(st, "central")
    choose(st, "allied", "option", index=2)  # retreat two hexes
    if stage(st) == "retreat":
        st.apply("allied", st.legal_actions("allied")[0])
    assert where(st, "R-3S") != ZALESIE and lost(st, "R-3S") == 0
    assert fortress.steps_lost(st, ZALESIE) == 0
    assert fortress.owner(st, ZALESIE) == "allied"
    # the fortress still holds the hex: no one may advance into it (5.13)
    assert stage(st) is None


def _two_divisions_result_1(position: Any, fixed_dice: Any) -> State:
    """11.13 example 1: two divisions (4 steps) with the fortress (4 steps); result 1."""
    st = siege(position, **{"R-3S": ZALESIE, "R-62R": ZALESIE})
    fixed_dice(1)
    attack(st, "central", ZALESIE, ["G-I", "G-XVII"])  # 16 to 22: 1-2, die 1: -/1
    resolve(st, "central")
    assert st.top()["def_size"] == 8  # eight Steps: four of the fortress, four of the divisions
    choose(st, "allied", "option", index=0)  # lose one half of 8 Steps: 4
    assert "4 to go" in st.view("allied")["prompt"]
    return st


def test_11_13_example_1_lose_the_two_divisions(position: Any, fixed_dice: Any) -> None:
    st = _two_divisions_result_1(position, fixed_dice)
    for uid in ("R-3S", "R-3S", "R-62R", "R-62R"):
        choose(st, "allied", "lose", unit=uid)
    assert not alive(st, "R-3S") and not alive(st, "R-62R")
    assert fortress.steps_lost(st, ZALESIE) == 0


def test_11_13_example_1_or_two_fortress_steps(position: Any, fixed_dice: Any) -> None:
    st = _two_divisions_result_1(position, fixed_dice)
    choose(st, "allied", "lose", fortress=ZALESIE)  # worth two unit steps
    assert "2 to go" in st.view("allied")["prompt"]
    choose(st, "allied", "lose", fortress=ZALESIE)
    assert fortress.steps_lost(st, ZALESIE) == 2
    assert lost(st, "R-3S") == lost(st, "R-62R") == 0


def test_11_13_example_2_an_unoccupied_fortress_result_3(position: Any, fixed_dice: Any) -> None:
    st = siege(position)
    fixed_dice(1)
    odds = attack(st, "central", ZALESIE, ["G-I", "G-XVII"])  # 16 to 6: 2-1, die 1: -/3
    assert odds["column"] == "2-1"
    resolve(st, "central")
    # option 2 of a 3: half of 4 steps and a two-hex retreat the fortress cannot make:
    # 3/2 of four Steps, 6 Steps, absorbed by 3 fortress Steps
    choose(st, "allied", "option", index=1)
    assert fortress.steps_lost(st, ZALESIE) == 3
    assert fortress.owner(st, ZALESIE) == "allied"
    assert logged(st, "11.12")


def test_11_13_a_fortress_step_absorbs_two_unit_steps_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # 16 to 14 (1-1), die 2: 1/2.  The defending force (2 + 4 = 6 steps) is the smaller:
    # all 6 are affected.  Option 2 of a 2: half of 6 (3 unit steps) lost, then a one-hex
    # retreat: one fortress step (worth two) and a step of the division absorb the loss
    st = siege(position, **{"R-3S": ZALESIE})
    shown = attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    entry = resolve_with(st, "central", fixed_dice, 2)
    assert "16 to 14 (1-1), column 1-1, die 2: 1/2" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=1)
    assert "3 to go" in st.view("allied")["prompt"]
    choose(st, "allied", "lose", fortress=ZALESIE)
    assert "1 to go" in st.view("allied")["prompt"]
    choose(st, "allied", "lose", unit="R-3S")
    assert fortress.steps_lost(st, ZALESIE) == 1 and lost(st, "R-3S") == 1
    if stage(st) == "retreat":  # the division retreats; the fortress never does (11.12)
        st.apply("allied", st.legal_actions("allied")[0])
    assert where(st, "R-3S") != ZALESIE
    assert fortress.owner(st, ZALESIE) == "allied"
    # the Attacker's 1: half of the 6 affected steps (the fortress's counted), 3
    assert stage(st) == "att_losses"
    lose_steps(st, "central", "G-I", "G-I", "G-XVII")
    assert (lost(st, "G-I"), lost(st, "G-XVII")) == (2, 1)


# --- 11.14, 11.15 ------------------------------------------------------------------------------


def test_11_14_a_fortress_that_lost_two_steps_uses_its_smaller_defense(position: Any) -> None:
    st = siege(position)
    fortress.lose_steps(st, ZALESIE, 1)  # an intermediate loss: still full strength
    assert fortress_entry(attack(st, "central", ZALESIE, ["G-I"]))["strength"] == 6
    st.apply("central", {"type": "cancel"})
    fortress.lose_steps(st, ZALESIE, 1)
    fort = fortress_entry(attack(st, "central", ZALESIE, ["G-I"]))
    assert (fort["strength"], fort["modifiers"][0]["case"]) == (3, "11.14")


def test_11_14_the_smaller_strength_decides_the_column_at_resolution(
    position: Any, fixed_dice: Any
) -> None:
    # two fortress steps lost: Zalesie defends with 3.  The I Corps' 8 to 3 is 2-1, die 1:
    # -/3 (at full strength, 8 to 6, 1-1: -/2)
    st = siege(position)
    fortress.lose_steps(st, ZALESIE, 2)
    shown = attack(st, "central", ZALESIE, ["G-I"])
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 3 (2-1), column 2-1, die 1: -/3" in entry["text"]
    assert numbers(entry)["defense"] == 3
    assert_resolved_as_shown(shown, entry)
    choose(st, "allied", "option", index=0)  # all affected: its two steps left
    assert fortress.destroyed(st, ZALESIE)
    assert lost(st, "G-I") == 0


def test_11_15_a_destroyed_fortress_is_gone_for_good(position: Any, fixed_dice: Any) -> None:
    st = siege(position)
    assert "1213" in zoc.controlled_by(st, "allied")  # the fortress's zone of control
    fixed_dice(1)
    attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    resolve(st, "central")
    choose(st, "allied", "option", index=0)  # all: the four fortress steps
    assert fortress.destroyed(st, ZALESIE) and fortress.owner(st, ZALESIE) is None
    assert "1213" not in zoc.controlled_by(st, "allied")
    assert {"type": "declare", "target": ZALESIE} not in st.legal_actions("central")


def test_11_15_lost_fortress_steps_are_never_replaced(position: Any, fixed_dice: Any) -> None:
    st = siege(position)
    fixed_dice(1, *[6] * 200)  # the attack, then sixes: no attrition, no replacement
    attack(st, "central", ZALESIE, ["G-I", "G-XVII"])
    resolve(st, "central")
    choose(st, "allied", "option", index=1)  # three fortress steps
    assert fortress.steps_lost(st, ZALESIE) == 3
    # play on, declining every choice that can be declined, through the Russian
    # Player-Turn of Game-Turn 2 and its Step Replacement Phase
    for _ in range(500):
        if (st.data["turn"] == 2 and st.data["phasing"] == "central") or st.is_over():
            break
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        ends = [a for a in actions if a["type"] in ("end_segment", "end_advance", "pass", "done")]
        st.apply(role, ends[0] if ends else actions[0])
    assert (st.data["turn"], st.data["phasing"]) == (2, "central")
    assert fortress.steps_lost(st, ZALESIE) == 3
