"""Caporetto 17.1 artillery in attack (and 17.0, 5.34, 17.17), tested at resolution with
fixed dice on the FICTIONAL teaching map, Game-Turn 3.

The arena: the Italian 46th Division (2-3) in 1810, clear, behind the Austro-Hungarian
lines; the German 12th Division (4-5, TCR 1) attacks it from 1710 with the German
Artillery Brigade 1 (barrage 6).  The CRT's TCR 1 row (8.8)::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E   (columns 1-4 ... 5-1)
    die 6: 2/- 2/- 2/- 1/- 1/- 1/1 1/1 1/2   (provisional)
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import artillery as A
from tests.rules.gwite.kit import (
    COMBAT,
    RESULT_KINDS,
    Refuse,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    choose,
    logged,
    lost,
    resolve_with,
    where,
)

ARENA = {"I-46": "1810", "G-12": "1710"}


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A Caporetto position in ``phasing``'s Combat Resolution Segment of Game-Turn 3."""
    kw.setdefault("turn", 3)
    return make(units, phasing=phasing, **COMBAT, **kw)  # type: ignore[no-any-return]


def offered(st: State, role: str, kind: str = A.BARRAGE) -> list[dict[str, Any]]:
    return [a for a in st.legal_actions(role) if a["type"] == kind]


def settle_result(st: State) -> None:
    """Apply the combat result: the first option offered that needs no roll (caporetto
    8.75 on Game-Turns 1-5), no advance."""
    while st.top() is not None and st.top()["kind"] in RESULT_KINDS:
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        pick = [
            a
            for a in actions
            if a["type"] in ("end_advance", "option") and "8.75" not in a.get("text", "")
        ]
        st.apply(role, pick[0] if pick else actions[0])


def barrage_cases(shown: dict[str, Any]) -> list[str]:
    return [m["case"] for e in shown.get("attack_additions", []) for m in e["modifiers"]]


def test_17_0_the_barrage_is_the_printed_barrage_of_the_current_step(
    caporetto_position: Any,
) -> None:
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710"})
    assert A.barrage(st, "G-A1") == 6 and A.barrage(st, "G-12") == 0
    attack(st, "central", "1810", ["G-12"])
    assert offered(st, "central") == [{"type": "barrage", "unit": "G-A1", "points": 6}]


def test_17_11_the_barrage_is_added_to_the_attack_strength(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 4 + 6 = 10 to 3: 3-1, die 1: -/3 (without the barrage 4 to 3, 1-1: -/2)
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710"})
    assert_in_supply(st, "G-12", "I-46")
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    assert shown["attack"] == 10 and barrage_cases(shown) == ["caporetto 17.11"]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "10 to 3 (3-1), column 3-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_11_the_barrage_is_undone_with_the_attack(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {**ARENA, "G-A1": "1709"})
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    st.apply("central", {"type": "remove_barrage", "unit": "G-A1"})
    assert st.view("central")["combat"]["attack"] == 4
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    st.apply("central", {"type": "cancel"})
    st.apply("central", {"type": "declare", "target": "1810"})
    st.apply("central", {"type": "add_attacker", "unit": "G-12"})
    assert offered(st, "central") == [{"type": "barrage", "unit": "G-A1", "points": 6}]


#: the Sontia (minor river) runs between 1311 and 1211/1212: the 12th and 117th attack
#: 1311 across it, halved (5.4); an Austro-Hungarian depot in 1210 keeps them supplied
RIVER = {"I-46": "1311", "G-12": "1211", "G-117": "1212", "AH-D1": "1210"}


def test_17_11_the_barrage_is_not_affected_by_river_hexsides(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # (4 + 4) halved = 4, + 6 barrage unhalved = 10 to 3: 3-1, die 1: -/3
    st = fight(caporetto_position, {**RIVER, "G-A1": "1211"})
    assert_in_supply(st, "G-12", "G-117")
    attack(st, "central", "1311", ["G-12", "G-117"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    assert [a["strength"] for a in shown["attackers"]] == [2, 2]
    assert shown["attack_additions"][0]["strength"] == 6
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "10 to 3 (3-1)" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_12_the_supporter_must_be_stacked_with_or_adjacent_to_an_attacker(
    caporetto_position: Any, refuse: Refuse
) -> None:
    # G-A1 in 1608 is two hexes from the 12th Division in 1710
    st = fight(caporetto_position, {**ARENA, "G-A1": "1608"})
    attack(st, "central", "1810", ["G-12"])
    assert offered(st, "central") == []
    before = st.view("central")["combat"]
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.12" and "neither stacked with nor adjacent" in str(err)
    assert st.view("central")["combat"] == before


def test_17_12_a_barrage_left_without_an_adjacent_attacker_gives_nothing(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # G-A1 in 1709 is next to the 12th (1710), not to the 117th (1811): the 12th taken
    # out of the attack, the barrage gives nothing and is not spent: 4 to 3, 1-1
    units = {**ARENA, "G-117": "1811", "G-A1": "1709"}
    st = fight(caporetto_position, units)
    attack(st, "central", "1810", ["G-12", "G-117"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    st.apply("central", {"type": "remove_attacker", "unit": "G-12"})
    shown = st.view("central")["combat"]
    (entry,) = shown["attack_additions"]
    assert entry["strength"] == 0 and entry["modifiers"][-1]["case"] == "caporetto 17.12"
    assert {"type": "remove_barrage", "unit": "G-A1"} in st.legal_actions("central")
    logged_entry = resolve_with(st, "central", fixed_dice, 1, *[1] * 12)
    assert "4 to 3 (1-1)" in logged_entry["text"]
    assert_resolved_as_shown(shown, logged_entry)
    assert not logged(st, "caporetto 17.14")


#: ridges (5.4) run along the foot of the Alps: 1305 (mountain) / 1306 (clear)
def test_17_12_not_across_a_ridge_from_the_attacker(
    caporetto_position: Any, refuse: Refuse
) -> None:
    # the 12th attacks 1206 from 1305; the artillery in 1306 is across the ridge from it
    st = fight(caporetto_position, {"I-46": "1206", "G-12": "1305", "G-A1": "1306"})
    attack(st, "central", "1206", ["G-12"])
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.12" and "from the attacking units" in str(err)


def test_17_12_not_across_a_ridge_from_the_defender(
    caporetto_position: Any, refuse: Refuse
) -> None:
    # stacked with the 12th in 1306, the artillery is across the ridge from 1305
    st = fight(caporetto_position, {"I-46": "1305", "G-12": "1306", "G-A1": "1306"})
    attack(st, "central", "1305", ["G-12"])
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.12" and "from the defender" in str(err)


#: the Alps east of the Isonzo: 1708 and 1808 are Mountain, 1709 clear
MOUNTAIN = {"I-46": "1808", "G-12": "1708", "AH-D1": "1809"}


def test_17_13_in_mountain_terrain_the_supporter_must_be_stacked_with_an_attacker(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # AC12: the supporter's own hex is Mountain (1707): adjacent is not enough
    st = fight(caporetto_position, {**MOUNTAIN, "G-A1": "1707"})
    attack(st, "central", "1808", ["G-12"])
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.13"
    # stacked with the attacker in the Mountain it supports: 4 + 6 = 10 to 3 doubled
    # by the Mountain (6): 1-1, die 1: -/2
    st = fight(caporetto_position, {**MOUNTAIN, "G-A1": "1708"})
    assert_in_supply(st, "G-12")
    attack(st, "central", "1808", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "10 to 6 (1-1)" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_13_ac12_the_option_reads_mountain_as_any_hex_of_the_combat(
    caporetto_position: Any, refuse: Refuse
) -> None:
    # the artillery in clear 1709 supports the 12th in Mountain 1708 (default reading),
    # not with the option (the attacker's and the defender's hexes are Mountain)
    st = fight(caporetto_position, {**MOUNTAIN, "G-A1": "1709"})
    attack(st, "central", "1808", ["G-12"])
    assert [a["unit"] for a in offered(st, "central")] == ["G-A1"]
    st = fight(
        caporetto_position,
        {**MOUNTAIN, "G-A1": "1709"},
        options={A.MOUNTAIN_BATTLE_HEXES: True},
    )
    attack(st, "central", "1808", ["G-12"])
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.13"


def test_17_14_a_supporter_supports_one_attack_per_game_turn(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # G-A1 in 1710 is adjacent to both 1810 and 1711; after the first attack it is spent
    units = {**ARENA, "G-A1": "1710", "G-117": "1611", "I-43": "1711"}
    st = fight(caporetto_position, units)
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    resolve_with(st, "central", fixed_dice, 1)
    assert logged(st, "caporetto 17.14")
    settle_result(st)
    attack(st, "central", "1711", ["G-117"])
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 17.14"


def test_17_15_an_attack_at_less_than_half_the_barrage_is_refused_until_reduced(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the Edelweiss brigade (1) with a barrage of 6: 1 < 6 / 2; reduced to 2 it may go:
    # 1 + 2 = 3 to 3, 1-1 on the TCR 2 row, die 1: -/1
    st = fight(caporetto_position, {"I-46": "1810", "AH-EDW": "1710", "G-A1": "1710"})
    attack(st, "central", "1810", ["AH-EDW"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    assert shown["legal"] is False and shown["case"] == "caporetto 17.15"
    err = refuse(st, "central", {"type": "resolve"})
    assert err.case == "caporetto 17.15" and "less than half" in str(err)
    assert {a["points"] for a in offered(st, "central", A.REDUCE_BARRAGE)} == {5, 2}
    st.apply("central", {"type": "reduce_barrage", "unit": "G-A1", "points": 2})
    shown = st.view("central")["combat"]
    assert shown["legal"] is True and "caporetto 17.15" in barrage_cases(shown)
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "3 to 3 (1-1)" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_15_unused_barrage_points_never_go_to_another_attack(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    units = {"I-46": "1810", "AH-EDW": "1710", "G-A1": "1710", "G-117": "1611", "I-43": "1711"}
    st = fight(caporetto_position, units)
    attack(st, "central", "1810", ["AH-EDW"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    st.apply("central", {"type": "reduce_barrage", "unit": "G-A1", "points": 2})
    resolve_with(st, "central", fixed_dice, 1)
    settle_result(st)
    attack(st, "central", "1711", ["G-117"])
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 4})
    assert err.case == "caporetto 17.14"
    assert "attack_additions" not in st.view("central")["combat"]


def test_17_15_ac13_the_test_uses_the_halved_strength(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # across the Sontia one attacker's 4 is halved to 2: 2 < 6 / 2 (AC13 b, the default);
    # with the printed strengths (AC13 a, option) 4 >= 3 and the attack goes:
    # 2 + 6 = 8 to 3, 2-1, die 1: -/3
    st = fight(caporetto_position, {**RIVER, "G-A1": "1211"})
    attack(st, "central", "1311", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert st.view("central")["combat"]["case"] == "caporetto 17.15"
    st = fight(caporetto_position, {**RIVER, "G-A1": "1211"}, options={A.HALF_TEST_PRINTED: True})
    attack(st, "central", "1311", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    assert shown["legal"] is True
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert "8 to 3 (2-1)" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_17_16_supporting_units_never_suffer_combat_losses_in_an_attack(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 10 to 3, 3-1, die 6: 1/1: the attacker's step comes from the 12th, never the
    # artillery stacked with it
    st = fight(caporetto_position, {**ARENA, "G-A1": "1710"})
    attack(st, "central", "1810", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    entry = resolve_with(st, "central", fixed_dice, 6, *[1] * 12)  # then the Allies' turn
    assert "die 6: 1/1" in entry["text"]
    choose(st, "allied", "option", index=0)  # the 46th loses its step; the 12th one
    assert any("12th Division" in t for t in logged(st, "8.9"))
    assert lost(st, "G-12") == 1
    assert lost(st, "G-A1") == 0 and where(st, "G-A1") == "1710"


def test_17_17_an_artillery_brigade_interdicting_a_rail_line_still_supports(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # G-A1 in 1412 is within two hexes of the Italian Litorale line (1413): it interdicts
    # that rail hex (9.19, the supply rules) and still gives its barrage
    units = {"I-46": "1411", "G-12": "1511", "G-A1": "1412", "AH-D1": "1611"}
    st = fight(caporetto_position, units)
    board = U.static(st).scenario.board
    assert board.distance("1412", "1413") <= 2 and "1413" in U.static(st).rail_hexes
    attack(st, "central", "1411", ["G-12"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    shown = st.view("central")["combat"]
    entry = resolve_with(st, "central", fixed_dice, 1)
    assert_resolved_as_shown(shown, entry)
    assert shown["attack_additions"][0]["strength"] == 6


def test_5_34_artillery_gives_no_barrage_in_the_player_turn_it_detrained(
    caporetto_position: Any, refuse: Refuse
) -> None:
    from tests.rules.gwite.kit import play_until

    st = caporetto_position(
        {**ARENA, "G-A1": {"hex": "1709", "markers": ["entrained"]}},
        phasing="central",
        turn=3,
        phase="movement",
        segment="movement",
    )
    choose(st, "central", "select", unit="G-A1")
    choose(st, "central", "detrain", unit="G-A1")
    assert A.detrained_this_player_turn(st, "G-A1")
    play_until(st, lambda s: s.top()["kind"] == "combat_resolution")
    attack(st, "central", "1810", ["G-12"])
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "barrage", "unit": "G-A1", "points": 6})
    assert err.case == "caporetto 5.34"
