"""The Brusilov Offensive's 19.2 Massed Artillery Fire, tested at resolution: a supply
depot burned to double attackers (19.21, 19.22) or Central Powers defenders (19.23,
19.24), removed from play without Victory Points (AB13), and its order with halvings
(AB7) and panic's Defense Strength of 1 (AB8).

Positions on the FICTIONAL teaching map, Game-Turn 3 (after the surprise turn).  The
Combat Results Table (8.8: TCR 1 columns start at 1-4, TCR 2-3 at 1-3, TCR 4 at 1-2)::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
    die 4: 2/- 1/- 1/- 1/1 1/1 1/2 -/2 -/3   (provisional)
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import BrusilovRules
from greatwar.rules.gwite.brusilov.massed_artillery import (
    AFTER_HALVINGS,
    ALL_IN_RANGE,
    DOUBLES_PANICKED,
    REMOVED,
)
from greatwar.rules.gwite.command import OUT_OF_COMMAND
from tests.rules.gwite.kit import (
    COMBAT,
    Refuse,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    attack_log,
    logged,
    resolve,
)

SPARE = {"G-MB": "2001", "R-BNB": "2002"}
#: the Russian XIX Corps HQ covers 1005 (10.43 stays off)
XIX = {"R-HQ-XIX": "1106"}
#: the Germans attack 1005 from 0904 and 0905; the German depot in 0803 is 2 hexes away
NORTH = {"G-35R": "0904", "G-36R": "0905", "G-D1": "0803"}


def fight(make: Any, units: dict[str, Any], phasing: str = "central", **kw: Any) -> State:
    """A Brusilov position in ``phasing``'s Combat Resolution Segment of Game-Turn 3."""
    return make({**units, **SPARE}, phasing=phasing, turn=3, **COMBAT, **kw)  # type: ignore[no-any-return]


def defending_stage(st: State) -> bool:
    top = st.top()
    return top is not None and top["kind"] == "attack" and top.get("stage") == "defending"


def offered(st: State, role: str, kind: str = "massed_artillery") -> list[str]:
    return [a["depot"] for a in st.legal_actions(role) if a["type"] == kind]


def settle(st: State, side: str, fixed_dice: Any, *rolls: int) -> dict[str, Any]:
    """Resolve with the die rolls fixed, the defender ending his step at once."""
    fixed_dice(*rolls)
    resolve(st, side)
    if defending_stage(st):
        st.apply(U.enemy_of(st, side), {"type": "end_defense"})
    return attack_log(st)


# --- 19.21 the attacker burns a depot ------------------------------------------------------


def test_19_21_massed_artillery_doubles_the_attackers_at_resolution(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The reserve divisions' 8 doubled to 16 against the 1st Guards' 5: 3-1, die 1: -/3
    # (8 to 5 undoubled, 1-1: -/2)
    st = fight(brusilov_position, {"R-1G": "1005", **NORTH, **XIX})
    assert_in_supply(st, "G-35R", "G-36R")
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    assert offered(st, "central") == ["G-D1"]
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    shown = st.view("central")["combat"]
    assert [m["case"] for m in shown["attackers"][0]["modifiers"]] == ["brusilov 19.21"]
    entry = settle(st, "central", fixed_dice, 1)
    assert "16 to 5 (3-1), column 3-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_19_21_the_depot_is_removed_from_play_not_eliminated(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # AB13: removed from play, no Victory Points (status "removed", never "eliminated")
    st = fight(brusilov_position, {"R-1G": "1005", **NORTH, **XIX})
    vp = st.data["vp"]
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    settle(st, "central", fixed_dice, 1)
    record = U.record(st, "G-D1")
    assert record["status"] == REMOVED and record["hex"] is None
    assert st.data["vp"] == vp
    (text,) = logged(st, "brusilov 19.21")
    assert "removed from play" in text and "not eliminated" in text


def test_19_21_the_choice_is_undone_with_the_attack(brusilov_position: Any) -> None:
    st = fight(brusilov_position, {"R-1G": "1005", **NORTH, **XIX})
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    assert st.view("central")["combat"]["attack"] == 16
    st.apply("central", {"type": "remove_massed_artillery", "depot": "G-D1"})
    assert st.view("central")["combat"]["attack"] == 8
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    st.apply("central", {"type": "cancel"})
    assert U.record(st, "G-D1")["status"] == "on_map"


def test_19_21_one_depot_supports_one_attack(
    brusilov_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # a second depot may not add to the same attack; a burned depot fires no more
    units = {"R-1G": "1005", **NORTH, "AH-D2": "0804", "R-3S": "1104", "G-I": "1004", **XIX}
    st = fight(brusilov_position, units)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    err = refuse(st, "central", {"type": "massed_artillery", "depot": "AH-D2"})
    assert err.case == "brusilov 19.21"
    settle(st, "central", fixed_dice, 4)  # 3-1, die 4: 1/2 (provisional)
    while st.top()["kind"] != "combat_resolution":
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[0])
    attack(st, "central", "1104", ["G-I"])
    assert offered(st, "central") == ["AH-D2"]


# --- 19.22 within three hexes ----------------------------------------------------------------


def test_19_22_a_depot_beyond_three_hexes_cannot_fire(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"R-1G": "1005", "G-35R": "0904", "G-36R": "0905", "G-D1": "0501", **XIX}
    st = fight(brusilov_position, units)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "massed_artillery", "depot": "G-D1"})
    assert err.case == "brusilov 19.22"


def test_19_22_only_the_attacking_units_within_three_hexes_are_doubled(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The depot in 0604 is 3 hexes from 0904 but 4 from 1004: the 35th Reserve's 4 are
    # doubled, the I Corps' 8 not: 16 to 5 is 3-1, die 1: -/3 (12 to 5, 2-1: -/3 too, but
    # 24 to 5 would be 4-1 and -/E)
    units = {"R-1G": "1005", "G-35R": "0904", "G-I": "1004", "G-D1": "0604", **XIX}
    st = fight(brusilov_position, units)
    attack(st, "central", "1005", ["G-35R", "G-I"])
    st.apply("central", {"type": "massed_artillery", "depot": "G-D1"})
    shown = st.view("central")["combat"]
    strengths = {e["unit"]: e["strength"] for e in shown["attackers"]}
    assert strengths == {"G-35R": 8, "G-I": 8}
    entry = settle(st, "central", fixed_dice, 1)
    assert "16 to 5 (3-1), column 3-1, die 1: -/3" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_19_22_with_the_option_every_attacking_unit_must_be_within_three_hexes(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"R-1G": "1005", "G-35R": "0904", "G-I": "1004", "G-D1": "0604", **XIX}
    st = fight(brusilov_position, units, options={ALL_IN_RANGE: True})
    attack(st, "central", "1005", ["G-35R", "G-I"])
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "massed_artillery", "depot": "G-D1"})
    assert err.case == "brusilov 19.22"


# --- AB7 the order with halvings ---------------------------------------------------------------


def test_19_21_ab7_the_doubling_comes_after_the_halvings(brusilov_position: Any) -> None:
    # The A-H 12th Division (3), out of command (10.42), with Massed Artillery Fire: halved
    # to 1, then doubled to 2 (AB7 a); with the option off, doubled to 6 then halved to 3
    units = {"R-BNB": "1005", "AH-12": {"hex": "1004", "markers": [OUT_OF_COMMAND]}}
    units |= {"AH-D2": "1003", "G-D1": "0803", "G-MB": "2001", **XIX}
    for after, strength in ((True, 2), (False, 3)):
        st = brusilov_position(
            {**units, "R-3S": "2002"},
            phasing="central",
            turn=3,
            **COMBAT,
            options={AFTER_HALVINGS: after},
        )
        attack(st, "central", "1005", ["AH-12"])
        st.apply("central", {"type": "massed_artillery", "depot": "AH-D2"})
        (entry,) = st.view("central")["combat"]["attackers"]
        assert entry["strength"] == strength


# --- 19.23 Central Powers defence ------------------------------------------------------------


def test_19_23_a_central_powers_depot_doubles_the_defenders_at_resolution(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # The 3rd Siberians and 1st Guards (7) attack the A-H 12th Division (4) in 1005: its
    # depot in 0903 fires in defence: 7 to 8, 1-2, die 1: 1/1 (7 to 4, 1-1: -/1)
    units = {"AH-12": "1005", "AH-D2": "0903", "AH-HQ-VI": "0805", "R-3S": "1105", "R-1G": "1104"}
    st = fight(brusilov_position, units, phasing="allied")
    attack(st, "allied", "1005", ["R-3S", "R-1G"])
    resolve(st, "allied")
    assert defending_stage(st) and offered(st, "central") == ["AH-D2"]
    st.apply("central", {"type": "massed_artillery", "depot": "AH-D2"})
    shown = st.view("central")["combat"]
    assert shown["defense"] == 8
    assert "brusilov 19.23" in [m["case"] for m in shown["defenders"][0]["modifiers"]]
    fixed_dice(1)
    st.apply("central", {"type": "end_defense"})
    entry = attack_log(st)
    assert "7 to 8 (1-2), column 1-2, die 1: 1/1" in entry["text"]
    assert_resolved_as_shown(shown, entry)
    assert U.record(st, "AH-D2")["status"] == REMOVED


def test_19_23_the_russian_player_cannot_fire_in_defence(
    brusilov_position: Any, refuse: Refuse
) -> None:
    # the Russians have a depot in 1106 and an HQ (so they have a step): no fire offered
    st = fight(brusilov_position, {"R-1G": "1005", "R-D1": "1206", **NORTH, **XIX})
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")
    assert defending_stage(st) and offered(st, "allied") == []
    err = refuse(st, "allied", {"type": "massed_artillery", "depot": "R-D1"})
    assert err.case == "brusilov 19.23"


def test_19_23_ab8_a_panicked_units_defence_of_1_is_doubled(brusilov_position: Any) -> None:
    # with a (test) panic defending at 1 (23.11), the depot doubles it to 2 (AB8 a); with
    # the option off it stays 1
    units = {"AH-12": "1005", "AH-D2": "0903", "AH-HQ-VI": "0805", "R-3S": "1105"}
    for doubles, defense in ((True, 2), (False, 1)):
        st = fight(brusilov_position, units, phasing="allied", options={DOUBLES_PANICKED: doubles})
        st.game.static.rules = PanickyRules()
        attack(st, "allied", "1005", ["R-3S"])
        resolve(st, "allied")
        st.apply("central", {"type": "massed_artillery", "depot": "AH-D2"})
        assert st.view("central")["combat"]["defense"] == defense


class PanickyRules(BrusilovRules):
    """Test rules: every Austro-Hungarian unit defends with 1 (23.11 is the panic part's)."""

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[Any]]:
        if U.info(st, uid).nationality == "austria-hungary":
            return 1, [{"why": "panicked: defends with 1", "case": "brusilov 23.11"}]
        return super().defense_base(st, uid, hex_label)  # type: ignore[no-any-return]


# --- 19.24 a depot attacked this phase --------------------------------------------------------


def test_19_24_a_depot_in_the_attacked_hex_gives_no_defensive_support(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"AH-12": "1005", "AH-D2": "1005", "AH-HQ-VI": "0805", "R-3S": "1105"}
    st = fight(brusilov_position, units, phasing="allied")
    attack(st, "allied", "1005", ["R-3S"])
    resolve(st, "allied")
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "massed_artillery", "depot": "AH-D2"})
    assert err.case == "brusilov 19.24"


def test_19_24_a_depot_attacked_earlier_in_the_phase_gives_no_defensive_support(
    brusilov_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # The railway regiment (1) attacks the depot alone in 0903 (1 to 1, 1-1, die 4: 1/-,
    # the depot unharmed); then the depot may not support the 12th Division in 1005
    units = {"AH-12": "1005", "AH-D2": "0903", "AH-HQ-VI": "0805", "R-3S": "1105"}
    st = fight(brusilov_position, {**units, "R-RR1": "1003"}, phasing="allied")
    attack(st, "allied", "0903", ["R-RR1"])
    settle(st, "allied", fixed_dice, 4)
    while st.top()["kind"] != "combat_resolution":
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[0])
    assert U.record(st, "AH-D2")["status"] == "on_map"
    attack(st, "allied", "1005", ["R-3S"])
    resolve(st, "allied")
    assert offered(st, "central") == []
    err = refuse(st, "central", {"type": "massed_artillery", "depot": "AH-D2"})
    assert err.case == "brusilov 19.24"
