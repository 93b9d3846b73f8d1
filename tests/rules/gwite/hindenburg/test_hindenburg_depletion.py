"""Von Hindenburg in Poland, 16.3 Special Restrictions on Russian Supply (optional): the
depletion of the units under the 4th and 5th Army HQs (hindenburg 16.31-16.33, AV12),
rolled with fixed dice in the Command Control Segments and tested by moving the depleted
units and resolving their attacks.

Positions on the FICTIONAL teaching map.  The 4th Army HQ stands in 1007, the 5th in 1104,
the 9th (never depleted) in 1211; the XIV Corps (6-6, MA 4) next to the 4th, the XVII
Corps next to the 5th, the XIX Corps next to the 9th.  Depleted, a corps attacks with 5
and moves 3 (AV12 reading (b); 4 and 3 with the option of reading (a)).

The Combat Results Table (8.8; TCR 2-3 columns start at 1-3) reads::

    die 1: 1/1 1/1 -/1 -/2 -/3 -/3 -/E -/E
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.depletion import (
    DEPLETED,
    DEPLETED_ARMY,
    DEPLETION_OPTION,
    ROUND_REDUCTION,
)
from tests.rules.gwite.hindenburg.hindenburg_combat_kit import (
    COMBAT,
    COMBAT_COMMAND,
    MOVEMENT_COMMAND,
    allocate,
    logged,
    offered,
)
from tests.rules.gwite.kit import (
    Refuse,
    assert_in_supply,
    assert_resolved_as_shown,
    attack,
    resolve_with,
)

ON = {DEPLETION_OPTION: True}
ARMIES = {
    "R-HQ-4A": "1007",
    "R-XIV": "1008",
    "R-HQ-5A": "1104",
    "R-XVII": "1204",
    "R-HQ-9A": "1211",
    "R-XIX": "1210",
}
#: the usual allocation: each corps to the army HQ next to it
BY_ARMY = {"R-XIV": "R-HQ-4A", "R-XVII": "R-HQ-5A", "R-XIX": "R-HQ-9A"}


def russian(make: Any, units: dict[str, Any], options: Any = None, **kw: Any) -> State:
    return make(units, phasing="allied", options=ON if options is None else options, **kw)  # type: ignore[no-any-return]


def marked(st: State, marker: str) -> set[str]:
    return {uid for uid in U.static(st).units if U.has_marker(st, uid, marker)}


def depleted(hex_label: str) -> dict[str, Any]:
    return {"hex": hex_label, "markers": [DEPLETED]}


#: the armies after a roll that depleted the 4th Army's XIV Corps
LAST_TURNS = {
    **ARMIES,
    "R-XIV": depleted("1008"),
    "R-HQ-4A": {"hex": "1007", "markers": [DEPLETED_ARMY]},
}


# --- 16.3 the option ----------------------------------------------------------------------------


def test_16_3_without_the_optional_rule_nothing_is_rolled_nor_depleted(
    hindenburg_position: Any,
) -> None:
    # no fixed die: a depletion roll would fail the test; the HQs' Command Strength covers
    # every unit, so the segment allocates by itself (10.32)
    st = russian(hindenburg_position, ARMIES, options={}, **MOVEMENT_COMMAND)
    assert st.top()["kind"] == "movement"
    assert not logged(st, "hindenburg 16.31")
    assert not marked(st, DEPLETED) and not marked(st, DEPLETED_ARMY)


# --- 16.31 the roll and its effects ---------------------------------------------------------------


def test_16_31_the_russian_allocates_and_the_army_hqs_roll_for_their_units(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    st = russian(hindenburg_position, ARMIES, **MOVEMENT_COMMAND)
    # whom the 4th and 5th Army HQs command decides who is depleted: the player chooses
    assert st.top()["kind"] == "movement_command_control" and st.active_roles() == ["allied"]
    assert {"type": "command", "unit": "R-XIV", "hq": "R-HQ-9A"} in offered(st, "allied", "command")
    fixed_dice(4, 5)  # the 4th Army HQ, then the 5th
    allocate(st, "allied", BY_ARMY)
    assert marked(st, DEPLETED) == {"R-XIV"}
    assert marked(st, DEPLETED_ARMY) == {"R-HQ-4A"}
    texts = logged(st, "hindenburg 16.31")
    assert any("XIV Corps (fictional) (attack 6→5, MA 4→3)" in t for t in texts)
    assert any(t.startswith("5A") and "not depleted" in t for t in texts)


def test_16_31_a_depleted_unit_moves_three_quarters_of_its_allowance(
    hindenburg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = russian(hindenburg_position, ARMIES, **MOVEMENT_COMMAND)
    fixed_dice(1, 6)
    allocate(st, "allied", BY_ARMY)
    assert U.rules(st).allowance(st, "R-XIV") == 3
    assert U.rules(st).allowance(st, "R-XVII") == 4
    st.apply("allied", {"type": "select", "unit": "R-XIV"})
    targets = {a["to"] for a in offered(st, "allied", "move")}
    assert "1308" in targets and "1408" not in targets  # 3 and 4 clear hexes east
    why = refuse(st, "allied", {"type": "move", "unit": "R-XIV", "to": "1408"})
    assert why.case == "hindenburg 16.31"
    assert "reduced by 25% to 3" in why.reason
    (move,) = [a for a in offered(st, "allied", "move") if a["to"] == "1308"]
    st.apply("allied", move)
    assert U.record(st, "R-XIV")["hex"] == "1308"
    assert any("(3 of 3 spent)" in t for t in logged(st, "5.4"))


def test_16_31_a_depleted_unit_attacks_with_three_quarters_of_its_strength(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the depleted XIV Corps (6 -> 5) attacks the Austro-Hungarian 12th Division (3): 5 to 3
    # is 1-1, die 1: -/1 (undepleted, 6 to 3 would be 2-1: -/2)
    units = {
        "R-XIV": depleted("0807"),
        "R-HQ-4A": {"hex": "0907", "markers": [DEPLETED_ARMY]},
        "R-D1": "0907",
        "AH-12": "0808",
        "AH-HQ-KU": "0609",
    }
    st = russian(hindenburg_position, units, **COMBAT)
    assert_in_supply(st, "R-XIV")
    shown = attack(st, "allied", "0808", ["R-XIV"])
    (mine,) = shown["attackers"]
    assert mine["strength"] == 5
    assert {
        "why": "depleted: Attack Strength 6 reduced by 25% to 5",
        "case": "hindenburg 16.31",
    } in (mine["modifiers"])
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "5 to 3 (1-1), column 1-1, die 1: -/1." in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_16_31_units_in_command_by_their_own_roll_are_not_depleted(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the XVII Corps is left without an HQ and rolls into command (5 > TCR 3): the 5th
    # Army HQ's roll of 1 depletes nobody
    st = russian(hindenburg_position, ARMIES, **MOVEMENT_COMMAND)
    fixed_dice(5, 6, 1)  # the XVII Corps (10.41), the 4th Army HQ, the 5th
    allocate(st, "allied", {"R-XIV": "R-HQ-4A", "R-XIX": "R-HQ-9A"})
    assert marked(st, DEPLETED_ARMY) == {"R-HQ-5A"}
    assert marked(st, DEPLETED) == set()
    assert any("none" in t for t in logged(st, "hindenburg 16.31") if t.startswith("5A"))


def test_16_31_no_roll_after_the_last_depletion_turn(hindenburg_position: Any) -> None:
    # Game-Turns 1-9 (here the scenario makes it 1-2): on Game-Turn 3 the depletion of
    # Game-Turn 2 ends as the Movement Phase begins (16.32) and nothing is rolled (no fixed
    # die); the allocation is left to the segment (it decides nothing)
    st = russian(
        hindenburg_position,
        LAST_TURNS,
        turn=3,
        special={"depletion_last_turn": 2},
        phase="movement",
        segment="initial_supply",
    )
    assert st.top()["kind"] == "movement"
    assert not logged(st, "hindenburg 16.31")
    assert logged(st, "hindenburg 16.32")
    assert not marked(st, DEPLETED) and not marked(st, DEPLETED_ARMY)


def test_16_31_av12_option_the_reduction_itself_is_rounded_up(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # reading (a): attack 6 - 2 = 4 (4 to 3, 1-1), MA 4 - 1 = 3, cavalry MA 6 - 2 = 4
    units = {
        "R-XIV": depleted("0807"),
        "R-5K": depleted("0707"),
        "R-D1": "0907",
        "R-HQ-4A": "0907",
        "AH-12": "0808",
        "AH-HQ-KU": "0609",
    }
    st = russian(hindenburg_position, units, options={**ON, ROUND_REDUCTION: True}, **COMBAT)
    assert U.rules(st).allowance(st, "R-XIV") == 3
    assert U.rules(st).allowance(st, "R-5K") == 4
    shown = attack(st, "allied", "0808", ["R-XIV"])
    assert shown["attack"] == 4
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "4 to 3 (1-1), column 1-1" in entry["text"]


def test_16_31_av12_reading_b_rounds_the_reduced_value_up(hindenburg_position: Any) -> None:
    # reading (b), the default: cavalry MA 6 -> 4.5 -> 5, attack 2 -> 1.5 -> 2
    st = russian(hindenburg_position, {"R-5K": depleted("0707")}, **COMBAT)
    assert U.rules(st).allowance(st, "R-5K") == 5
    assert U.rules(st).attack_base(st, "R-5K")[0] == 2


# --- 16.32 one complete Game-Turn -------------------------------------------------------------


def test_16_32_the_depletion_lasts_one_game_turn(hindenburg_position: Any, fixed_dice: Any) -> None:
    # Game-Turn 2's Command Control Segment of the Movement Phase: Game-Turn 1's depletion
    # came off as the phase began; a 5 and a 6 deplete nobody
    st = russian(
        hindenburg_position, LAST_TURNS, turn=2, phase="movement", segment="initial_supply"
    )
    assert st.top()["kind"] == "movement_command_control"
    assert logged(st, "hindenburg 16.32")
    assert not marked(st, DEPLETED) and not marked(st, DEPLETED_ARMY)
    fixed_dice(5, 6)
    allocate(st, "allied", BY_ARMY)
    assert not marked(st, DEPLETED) and not marked(st, DEPLETED_ARMY)
    assert U.rules(st).allowance(st, "R-XIV") == 4


def test_16_32_the_depletion_lasts_through_the_central_powers_player_turn(
    hindenburg_position: Any,
) -> None:
    # Game-Turn 1, the Central Powers' Movement Phase: the Russians are still depleted
    st = hindenburg_position(LAST_TURNS, phasing="central", options=ON, segment="initial_supply")
    assert marked(st, DEPLETED) == {"R-XIV"}
    assert not logged(st, "hindenburg 16.32")


def test_16_32_an_army_hq_may_be_depleted_again(hindenburg_position: Any, fixed_dice: Any) -> None:
    st = russian(
        hindenburg_position, LAST_TURNS, turn=2, phase="movement", segment="initial_supply"
    )
    fixed_dice(2, 6)
    allocate(st, "allied", BY_ARMY)
    assert marked(st, DEPLETED) == {"R-XIV"} and marked(st, DEPLETED_ARMY) == {"R-HQ-4A"}
    assert any("depleted for this Game-Turn" in t for t in logged(st, "hindenburg 16.31"))


# --- 16.33 depletion follows command -------------------------------------------------------------

#: Combat Phase: the XIV Corps (depleted) in 0807 and the XVII Corps in 0706 next to two
#: German cavalry divisions (2 + 2) stacked in 0806; the 4th Army HQ (depleted this turn)
#: and the 9th Army HQ reach both
SIXTEEN_33 = {
    "R-XIV": depleted("0807"),
    "R-XVII": "0706",
    "R-HQ-4A": {"hex": "0907", "markers": [DEPLETED_ARMY]},
    "R-HQ-9A": "0908",
    "R-D1": "0907",
    "G-5K": "0806",
    "G-8K": "0806",
    "G-HQ-XVII": "0605",
}


def test_16_33_units_coming_under_a_depleted_hq_for_combat_are_depleted_too(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the XVII Corps comes under the 4th Army HQ for combat: depleted; the XIV Corps goes
    # to the 9th Army HQ and stays depleted: 5 + 5 = 10 to 4, 2-1, die 1: -/2
    # (undepleted, 12 to 4 would be 3-1: -/3)
    st = russian(hindenburg_position, SIXTEEN_33, **COMBAT_COMMAND)
    assert st.active_roles() == ["allied"]  # the player allocates: it matters (16.33)
    allocate(st, "allied", {"R-XVII": "R-HQ-4A", "R-XIV": "R-HQ-9A"})
    assert marked(st, DEPLETED) == {"R-XIV", "R-XVII"}
    (text,) = logged(st, "hindenburg 16.33")
    assert "XVII Corps (fictional) (attack 6→5, MA 4→3)" in text and "XIV" not in text
    assert_in_supply(st, "R-XIV", "R-XVII")
    shown = attack(st, "allied", "0806", ["R-XIV", "R-XVII"])
    assert [a["strength"] for a in shown["attackers"]] == [5, 5]
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "10 to 4 (2-1), column 2-1, die 1: -/2." in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_16_33_units_kept_from_a_depleted_hq_stay_whole(
    hindenburg_position: Any, fixed_dice: Any
) -> None:
    # the XVII Corps goes to the 9th Army HQ: not depleted; 5 + 6 = 11 to 4, 2-1
    st = russian(hindenburg_position, SIXTEEN_33, **COMBAT_COMMAND)
    allocate(st, "allied", {"R-XVII": "R-HQ-9A", "R-XIV": "R-HQ-9A"})
    assert marked(st, DEPLETED) == {"R-XIV"}
    assert not logged(st, "hindenburg 16.33")
    shown = attack(st, "allied", "0806", ["R-XIV", "R-XVII"])
    assert shown["attack"] == 11
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "11 to 4 (2-1), column 2-1" in entry["text"]
