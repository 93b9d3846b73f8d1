"""Caporetto 17.2 artillery in defense (and 8.14, the monitor's support), tested at
resolution with fixed dice on the FICTIONAL teaching map, Game-Turn 3.

The arena: the Italian 46th Division (2-3) in 1810, clear, attacked by the German 12th
Division (4-5, TCR 1) from 1710; the Italian 2nd Artillery Brigade (barrage 4) in
1910 and 3rd (barrage 3) are near.  The CRT's TCR 1 row (8.8)::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E   (columns 1-4 ... 5-1)
    die 6: 2/- 2/- 2/- 1/- 1/- 1/1 1/1 1/2   (provisional)
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite.caporetto import artillery as A
from tests.rules.gwite.kit import (
    COMBAT,
    RESULT_KINDS,
    Refuse,
    assert_resolved_as_shown,
    attack,
    choose,
    logged,
    lost,
    resolve,
    where,
)

ARENA = {"I-46": "1810", "G-12": "1710"}
#: die rolls after the last attack of a test: the Allied Player-Turn's command rolls
LATER = [1] * 12


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A Caporetto position in ``phasing``'s Combat Resolution Segment of Game-Turn 3."""
    kw.setdefault("turn", 3)
    return make(units, phasing=phasing, **COMBAT, **kw)  # type: ignore[no-any-return]


def defending(st: State) -> bool:
    top = st.top()
    return top is not None and top["kind"] == "attack" and top.get("stage") == "defending"


def offered(st: State, kind: str = A.DEFENSIVE_BARRAGE) -> list[tuple[str, str]]:
    return [(a["unit"], a["hex"]) for a in st.legal_actions("allied") if a["type"] == kind]


def commit(st: State, target: str, attackers: list[str]) -> None:
    """The Central Powers declare and commit an attack: the Allies' step begins."""
    attack(st, "central", target, attackers)
    resolve(st, "central")
    assert defending(st)


def roll(st: State, fixed_dice: Any, *rolls: int) -> dict[str, Any]:
    """The defender ends his step; the die is rolled; the attack's 8.8 entry."""
    shown = st.view("allied")["combat"]
    fixed_dice(*rolls)
    st.apply("allied", {"type": "end_defense"})
    entry = next(
        e for e in reversed(st.data["log"]) if e.get("case") == "8.8" and "column" in e["text"]
    )
    assert_resolved_as_shown(shown, entry)
    return entry


def settle_result(st: State) -> None:
    """Apply the combat result: the first option offered, no advance."""
    while st.top() is not None and st.top()["kind"] in RESULT_KINDS:
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        pick = [a for a in actions if a["type"] in ("end_advance", "option")]
        st.apply(role, pick[0] if pick else actions[0])


def test_17_21_the_barrage_is_added_to_the_defense_strength(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 4 to 3 + 4 = 7: 1-2, die 1: -/1 (without the barrage 4 to 3, 1-1: -/2)
    st = fight(caporetto_position, {**ARENA, "I-A2": "1910"})
    commit(st, "1810", ["G-12"])
    assert offered(st) == [("I-A2", "1810")]
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    shown = st.view("allied")["combat"]
    assert shown["defense"] == 7
    assert [m["case"] for m in shown["defense_additions"][0]["modifiers"]] == ["caporetto 17.21"]
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 7 (1-2), column 1-2, die 1: -/1" in entry["text"]


def test_17_21_not_affected_by_rivers(caporetto_position: Any, fixed_dice: Any) -> None:
    # I-A2 in 1211 supports 1311 across the Sontia (a minor river): its 4 is whole;
    # the 12th and 117th attack from 1411 and 1412 (no river): 8 to 7, 1-1, die 1: -/2
    units = {"I-46": "1311", "G-12": "1411", "G-117": "1412", "I-A2": "1211", "AH-D1": "1511"}
    st = fight(caporetto_position, units)
    commit(st, "1311", ["G-12", "G-117"])
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1311"})
    assert st.view("allied")["combat"]["defense_additions"][0]["strength"] == 4
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "8 to 7 (1-1)" in entry["text"]


#: the Alps east of the Isonzo: 1707, 1708 and 1808 are Mountain, 1809 clear
MOUNTAIN = {"I-46": "1808", "G-12": "1708", "G-117": "1707", "AH-D1": "1709"}


def test_17_21_the_barrage_is_doubled_by_mountain_terrain(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 8 to 3 x 2 (Mountain) + 4 x 2 = 14: 1-2, die 1: -/1
    st = fight(caporetto_position, {**MOUNTAIN, "I-A2": "1809"})
    commit(st, "1808", ["G-12", "G-117"])
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1808"})
    added = st.view("allied")["combat"]["defense_additions"][0]
    assert added["strength"] == 8
    assert "doubled by Mountain terrain" in [m["why"] for m in added["modifiers"]]
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "8 to 14 (1-2)" in entry["text"]


def test_17_22_the_supporter_must_be_stacked_with_or_adjacent_to_the_defender(
    caporetto_position: Any, refuse: Refuse
) -> None:
    # I-A3 in 1910 is adjacent; I-A2 in 2010 is two hexes away
    st = fight(caporetto_position, {**ARENA, "I-A3": "1910", "I-A2": "2010"})
    commit(st, "1810", ["G-12"])
    assert offered(st) == [("I-A3", "1810")]
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    assert err.case == "caporetto 17.22" and "neither stacked with nor adjacent" in str(err)


def test_17_22_not_across_a_ridge(caporetto_position: Any, refuse: Refuse) -> None:
    # the 46th in Mountain 1305; I-A2 in clear 1306 is across the ridge from it (I-A3,
    # stacked with the 46th, may give its barrage: the Allies have a step)
    units = {"I-46": "1305", "I-A3": "1305", "G-12": "1405", "I-A2": "1306"}
    st = fight(caporetto_position, units)
    commit(st, "1305", ["G-12"])
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1305"})
    assert err.case == "caporetto 17.22" and "Ridge" in str(err)


def test_17_23_in_mountain_terrain_the_supporter_must_be_stacked_with_a_defender(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # I-A2 in Mountain 1807 is adjacent only; I-A3 stacked with the 46th in 1808 gives
    # its barrage instead of its Defense Strength (17.26): 8 to 6 + 3 x 2 = 12, 1-2
    st = fight(caporetto_position, {**MOUNTAIN, "I-A2": "1807", "I-A3": "1808"})
    commit(st, "1808", ["G-12", "G-117"])
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1808"})
    assert err.case == "caporetto 17.23"
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A3", "hex": "1808"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "8 to 12 (1-2)" in entry["text"]


def test_17_24_a_supporter_supports_one_defense_per_game_turn(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # I-A2 in 1910 is adjacent to 1810 and 1911; I-A3 in 1912 only to 1911
    units = {**ARENA, "I-A2": "1910", "G-117": "1812", "I-43": "1911", "I-A3": "1912"}
    st = fight(caporetto_position, units)
    commit(st, "1810", ["G-12"])
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    roll(st, fixed_dice, 1)
    assert logged(st, "caporetto 17.24")
    settle_result(st)
    commit(st, "1911", ["G-117"])
    assert offered(st) == [("I-A3", "1911")]
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1911"})
    assert err.case == "caporetto 17.24"


def test_17_25_defensive_barrage_is_allocated_after_the_attackers_barrage_and_shifts(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the attacker names his barrage while preparing; the defender has no move then
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710", "I-A2": "1910"})
    attack(st, "central", "1810", ["G-12"])
    assert st.legal_actions("allied") == []
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    assert "not allied's move" in str(err)
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve(st, "central")
    # committed: the defender sees the attacker's barrage when he allocates his own, and
    # the attacker may no longer change it
    assert defending(st)
    assert st.view("allied")["combat"]["attack_additions"][0]["strength"] == 6
    err = refuse(st, "central", {"type": "remove_barrage", "unit": "G-A1"})
    assert "not central's move" in str(err)
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    assert logged(st, "caporetto 17.25")
    st.apply("allied", {"type": "remove_defensive_barrage", "unit": "I-A2"})
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    # 10 to 7: 1-1, die 1: -/2
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "10 to 7 (1-1)" in entry["text"]


def test_17_25b_there_is_no_limit_to_the_barrage_given_to_a_defense(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 3 + 4 + 3 = 10 against 4 + 6 = 10: 1-1, die 1: -/2
    units = {**ARENA, "G-A1": "1710", "I-A2": "1910", "I-A3": "1811"}
    st = fight(caporetto_position, units)
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A3", "hex": "1810"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "10 to 10 (1-1)" in entry["text"]


def test_17_26_an_artillery_brigade_alone_defends_with_its_defense_strength(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # I-A2 alone in 1810: its barrage may not defend it; I-A3 adjacent may: 4 to 1 + 3
    st = fight(caporetto_position, {"I-A2": "1810", "G-12": "1710", "I-A3": "1910"})
    commit(st, "1810", ["G-12"])
    assert offered(st) == [("I-A3", "1810")]
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    assert err.case == "caporetto 17.26" and "not stacked with a division or corps" in str(err)
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A3", "hex": "1810"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 4 (1-1)" in entry["text"]


def test_17_26_stacked_with_a_division_it_may_give_its_barrage_instead(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # I-A2 with the 46th: defense 3 + 1 = 4, or 3 + its barrage 4 = 7 (its own 1 gone)
    st = fight(caporetto_position, {**ARENA, "I-A2": "1810"})
    commit(st, "1810", ["G-12"])
    assert st.view("allied")["combat"]["defense"] == 4
    assert offered(st) == [("I-A2", "1810")]
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    shown = st.view("allied")["combat"]
    art = next(d for d in shown["defenders"] if d.get("unit") == "I-A2")
    assert art["strength"] == 0 and "caporetto 17.26" in [m["case"] for m in art["modifiers"]]
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 7 (1-2)" in entry["text"]


def test_17_26_defending_with_its_defense_strength_it_may_still_support_adjacent_units(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # attack 1 on 1810 (I-A2 with the 46th) uses I-A2's Defense Strength: 4 to 4, 1-1,
    # die 6: 1/-; attack 2 on 1811 next to it: I-A2's barrage helps, 4 to 3 + 4 = 7
    units = {**ARENA, "I-A2": "1810", "I-43": "1811", "G-117": "1711"}
    st = fight(caporetto_position, units)
    commit(st, "1810", ["G-12"])
    entry = roll(st, fixed_dice, 6)
    assert "4 to 4 (1-1)" in entry["text"]
    settle_result(st)
    commit(st, "1811", ["G-117"])
    assert ("I-A2", "1811") in offered(st)
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1811"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 7 (1-2)" in entry["text"]


def test_8_14_artillery_that_supported_an_adjacent_defense_defends_its_hex_with_its_defense(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # 8.14 "see 17.26": I-A2 (with the 46th in 1810) supports 1811 first; when 1810 is
    # attacked it may only use its Defense Strength: 4 to 3 + 1 = 4, 1-1
    units = {**ARENA, "I-A2": "1810", "I-43": "1811", "G-117": "1711", "I-A3": "1809"}
    st = fight(caporetto_position, units)
    commit(st, "1811", ["G-117"])
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1811"})
    roll(st, fixed_dice, 6)
    settle_result(st)
    commit(st, "1810", ["G-12"])
    assert offered(st) == [("I-A3", "1810")]
    err = refuse(st, "allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    assert err.case == "caporetto 17.26" and "Defense Strength only" in str(err)
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 4 (1-1)" in entry["text"]


def test_17_27_an_adjacent_supporter_incurs_no_combat_loss(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 4 + 6 = 10 to 3 + 4 = 7: 1-1, die 1: -/2: the 46th alone takes the result
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710", "I-A2": "1910"})
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    roll(st, fixed_dice, 1, *LATER)
    choose(st, "allied", "option", index=0)  # steps eliminated
    assert lost(st, "I-46") >= 1 or where(st, "I-46") is None
    assert lost(st, "I-A2") == 0 and where(st, "I-A2") == "1910"


def test_17_27_a_supporter_stacked_with_the_defended_unit_shares_its_fate(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # I-A2 gives its barrage to its own stack (17.26): 4 + 6 = 10 to 3 + 4 = 7, 1-1,
    # die 1: -/2; the artillery is one of the defending units the result affects
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710", "I-A2": "1810"})
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve(st, "central")
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"})
    roll(st, fixed_dice, 1, *LATER)
    assert "I-A2" in st.top()["defenders"]
    # the affected steps may be the artillery's own, and are here
    affect = [a["unit"] for a in st.legal_actions("allied") if a["type"] == "affect"]
    assert "I-A2" in affect
    choose(st, "allied", "affect", unit="I-A2")
    settle_result(st)
    assert where(st, "I-A2") != "1810" or lost(st, "I-A2") == 1


#: the monitor on the coast (1314), next to the 46th in 1414 attacked from 1514
COAST = {"I-46": "1414", "G-12": "1514", "I-MON": "1314", "AH-D1": "1614"}


def test_17_27_the_monitor_supports_a_defense_and_is_never_affected_by_combat(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 17.0, 17.32: the monitor's barrage of 3 helps like an artillery brigade's:
    # 4 to 3 + 3 = 6, 1-2, die 1: -/1
    st = fight(caporetto_position, COAST)
    commit(st, "1414", ["G-12"])
    assert offered(st) == [("I-MON", "1414")]
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-MON", "hex": "1414"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 6 (1-2)" in entry["text"]
    settle_result(st)
    assert lost(st, "I-MON") == 0 and where(st, "I-MON") == "1314"


def test_17_32_the_monitor_supports_an_attack_like_artillery(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the Italians attack the 12th in 1414 from 1313 with the monitor's 3: 2 + 3 = 5 to 5
    units = {"G-12": "1414", "I-46": "1313", "I-MON": "1314", "I-D1": "1213"}
    st = fight(caporetto_position, units, phasing="allied")
    attack(st, "allied", "1414", ["I-46"])
    choose(st, "allied", A.BARRAGE, unit="I-MON", points=3)
    shown = st.view("allied")["combat"]
    fixed_dice(1, *LATER)
    resolve(st, "allied")
    entry = next(
        e for e in reversed(st.data["log"]) if e.get("case") == "8.8" and "column" in e["text"]
    )
    assert "5 to 5 (1-1)" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_27_the_monitor_stacked_with_a_defender_neither_defends_nor_retreats(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the monitor on the coast with the 46th (1314) gives its barrage to its own hex:
    # 4 to 3 + 3 = 6, 1-2, die 1: -/1; the 46th retreats, the monitor stays untouched
    units = {"I-46": "1314", "I-MON": "1314", "G-12": "1414", "AH-D1": "1514"}
    st = fight(caporetto_position, units)
    commit(st, "1314", ["G-12"])
    assert [d["unit"] for d in st.view("allied")["combat"]["defenders"]] == ["I-46"]
    st.apply("allied", {"type": "defensive_barrage", "unit": "I-MON", "hex": "1314"})
    entry = roll(st, fixed_dice, 1, *LATER)
    assert "4 to 6 (1-2)" in entry["text"]
    assert st.top()["defenders"] == ["I-46"]
    choose(st, "allied", "option", index=1)  # retreat one hex
    settle_result(st)
    assert where(st, "I-46") != "1314"
    assert where(st, "I-MON") == "1314" and lost(st, "I-MON") == 0


def test_17_32_a_hex_holding_only_the_monitor_is_not_attacked(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {"I-MON": "1314", "G-12": "1414", "I-46": "1413"})
    declared = [a["target"] for a in st.legal_actions("central") if a["type"] == "declare"]
    assert "1314" not in declared and "1413" in declared
