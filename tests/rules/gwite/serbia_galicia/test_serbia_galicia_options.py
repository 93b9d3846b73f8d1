"""Serbia/Galicia's optional rules: the wrong envelope (22.0, a pre-game roll that may send
the Austro-Hungarian 2nd Army to the Galician front as a reinforcement on Game-Turn 1)
and the Austrian attack imperative (23.0; AS9 (a): the Austro-Hungarian Combat
Resolution Segment may not end with fewer than four attacks made in the Game-Turn while
another may still be made).

Combat positions on the FICTIONAL Galician teaching map: the A-H I Corps (g0607) beside
the Russian 9th Cavalry Division (g0606), 4 to 2; the A-H XI Corps (g0909) beside the
Russian 16th Corps (g0908); the A-H 2/6 Mountain Brigade (g0407, attack 1) beside the
Russian XIV Corps (g0406, defense 5): 1 to 5, below the table.
"""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar import State
from greatwar.ai import decide, make_agent
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import segment
from greatwar.rules.gwite.serbia_galicia.options import (
    ATTACK_IMPERATIVE,
    ATTACKS_MADE,
    ENVELOPED,
    WRONG_ENVELOPE,
    attack_possible,
    galician_entries,
)
from tests.rules.gwite.kit import Refuse, logged, play_until, seed_rolling

ENVELOPE = "serbia-galicia 22.0"
IMPERATIVE = "serbia-galicia 23.0"
SECOND_ARMY = {"AH-HQ-2A": "s0402", "AH-IVK": "s0603", "AH-29D": "s0803"}
END = {"type": "end_segment"}
CAVALRY = {"AH-1K": "g0607", "R-9KD": "g0606"}
CORPS = {"AH-XIK": "g0909", "R-16K": "g0908"}
HOPELESS = {"AH-2-6B": "g0407", "R-XIVK": "g0406"}
#: four duels along the border rows 05/06: 4 to 2, 4 to 5, 4 to 5, 2 to 1
FRONT = {
    "AH-1K": "g0206",
    "R-9KD": "g0205",
    "AH-XIK": "g0506",
    "R-XIVK": "g0505",
    "AH-VIK": "g0806",
    "R-16K": "g0805",
    "AH-12D": "g1106",
    "R-D1": "g1105",
}
#: the Russian VII Corps behind the border, beside two A-H divisions: 4 to 5
BEHIND = {"R-VIIK": "g0208", "AH-5D": "g0308", "AH-17D": "g0108"}
DUELS = [("g0205", "AH-1K"), ("g0505", "AH-XIK"), ("g0805", "AH-VIK"), ("g1105", "AH-12D")]
COMBAT = {"phasing": "central", "phase": "combat", "segment": "combat_resolution"}


def new_game(seed: int, **options: Any) -> State:
    return greatwar.load("gwite/serbia-galicia-teaching", options).new_state(seed)


# --- 22.0 the wrong envelope -----------------------------------------------------------


def test_22_0_a_roll_of_1_to_3_deploys_as_26_1() -> None:
    st = new_game(seed_rolling(3), **{WRONG_ENVELOPE: True})
    rolls = [e for e in st.data["log"] if e.get("case") == ENVELOPE and "roll" in e]
    assert [e["roll"] for e in rolls] == [3]
    assert any("deploy as in 26.1" in t for t in logged(st, ENVELOPE))
    for uid, hex_label in SECOND_ARMY.items():
        assert U.record(st, uid)["status"] == "on_map" and U.record(st, uid)["hex"] == hex_label
    assert not st.data.get(ENVELOPED)


def test_22_0_a_roll_of_4_to_6_sends_the_2nd_army_to_galicia() -> None:
    st = new_game(seed_rolling(4), **{WRONG_ENVELOPE: True})
    assert sorted(st.data[ENVELOPED]) == sorted(SECOND_ARMY)
    for uid in SECOND_ARMY:
        assert U.record(st, uid)["status"] == "pending" and U.record(st, uid)["hex"] is None
    assert U.record(st, "AH-D2")["status"] == "on_map"  # the 5th Army's depot stays
    assert any("Galician front" in t for t in logged(st, ENVELOPE))
    # Game-Turn 1, the Austro-Hungarian Reinforcement Segment: the 2nd Army enters at an
    # Austro-Hungarian entry of the Galician map (A g0108, B g0510)
    play_until(
        st,
        lambda s: s.data["phasing"] == "central" and s.top()["kind"] == "reinforcement",
        limit=3000,
    )
    assert st.data["turn"] == 1
    enter = [a for a in st.legal_actions("central") if a["type"] == "enter"]
    assert {a["hex"] for a in enter if a["unit"] == "AH-IVK"} == {"g0108", "g0510"}
    st.apply("central", {"type": "enter", "unit": "AH-IVK", "hex": "g0108"})
    assert U.record(st, "AH-IVK")["hex"] == "g0108"
    assert U.record(st, "AH-IVK")["status"] == "on_map"


def test_22_0_refused_elsewhere_than_the_galician_front(refuse: Refuse) -> None:
    st = new_game(seed_rolling(6), **{WRONG_ENVELOPE: True})
    play_until(
        st,
        lambda s: s.data["phasing"] == "central" and s.top()["kind"] == "reinforcement",
        limit=3000,
    )
    why = refuse(st, "central", {"type": "enter", "unit": "AH-29D", "hex": "s0102"})
    assert why.case == ENVELOPE


def test_22_0_without_the_option_no_roll() -> None:
    st = new_game(1)
    assert not logged(st, ENVELOPE)
    assert U.record(st, "AH-IVK")["hex"] == "s0603"


# --- 23.0 the attack imperative ----------------------------------------------------------


def imperative(sg_position: Any, units: dict[str, str], turn: int = 2, on: bool = True) -> State:
    st: State = sg_position(units, turn=turn, options={ATTACK_IMPERATIVE: on}, **COMBAT)
    for uid in units:
        if U.info(st, uid).side == "central":
            assert supply.in_supply(st, uid)  # no 9.23 attrition roll
    return st


def in_the_segment(st: State) -> bool:
    return any(f["kind"] == "combat_resolution" for f in st.data["stack"])


def back_to_the_segment(st: State) -> None:
    """Play the combat result out: back in the segment, or past it when it ended (no
    other attack could be declared)."""
    play_until(st, lambda s: not in_the_segment(s) or s.top()["kind"] == "combat_resolution")


def test_23_0_the_segment_may_not_end_with_fewer_than_four_attacks(
    sg_position: Any, refuse: Refuse, fixed_dice: Any
) -> None:
    st = imperative(sg_position, {**CAVALRY, **CORPS})
    assert END not in st.legal_actions("central")
    why = refuse(st, "central", END)
    assert why.case == IMPERATIVE and "0 of 4" in why.reason
    # an attack made: 1 of 4; the Russian 16th Corps may still be attacked
    st.apply("central", {"type": "declare", "target": "g0606"})
    st.apply("central", {"type": "add_attacker", "unit": "AH-1K"})
    fixed_dice(6)
    st.apply("central", {"type": "resolve"})
    back_to_the_segment(st)
    assert st.data[ATTACKS_MADE] == {"2": 1}
    why = refuse(st, "central", END)
    assert why.case == IMPERATIVE and "1 of 4" in why.reason


def test_23_0_four_attacks_made_the_segment_may_end(sg_position: Any) -> None:
    # four duels along the Galician border; after each of the first three the segment
    # may not end (another attack can be made), after the fourth it may, though the
    # Russian VII Corps might still be attacked (4 to 5)
    st = imperative(sg_position, {**FRONT, **BEHIND})
    for n, (target, attacker) in enumerate(DUELS, start=1):
        st.apply("central", {"type": "declare", "target": target})
        st.apply("central", {"type": "add_attacker", "unit": attacker})
        st.apply("central", {"type": "resolve"})
        back_to_the_segment(st)
        assert st.data[ATTACKS_MADE] == {"2": n}
        assert attack_possible(st, segment(st))  # the VII Corps, at least
        assert (END in st.legal_actions("central")) == (n == 4)
    st.apply("central", END)
    assert not [t for t in logged(st, IMPERATIVE) if "requires" in t]


def test_23_0_fewer_attacks_when_no_more_can_be_made(sg_position: Any) -> None:
    # three possible attacks only (the depot is not there): after the third, none can
    # be made and the segment may end; the log says the imperative went unmet
    st = imperative(sg_position, {k: v for k, v in FRONT.items() if k != "R-D1"})
    for target, attacker in DUELS[:3]:
        st.apply("central", {"type": "declare", "target": target})
        st.apply("central", {"type": "add_attacker", "unit": attacker})
        st.apply("central", {"type": "resolve"})
        back_to_the_segment(st)
    if in_the_segment(st):  # (no target left: it ended by itself)
        assert END in st.legal_actions("central")
        st.apply("central", END)
    assert any("3 of the 4 attacks" in t for t in logged(st, IMPERATIVE))


def test_23_0_no_attack_possible_ends_the_obligation(sg_position: Any) -> None:
    # 1 to 5 is below the table: no attack can be made, the segment may end; the log
    # says the imperative went unmet
    st = imperative(sg_position, HOPELESS)
    assert END in st.legal_actions("central")
    st.apply("central", END)
    assert any("0 of the 4 attacks" in t for t in logged(st, IMPERATIVE))


def test_23_0_only_on_game_turns_2_to_4(sg_position: Any) -> None:
    st = imperative(sg_position, {**CAVALRY, **CORPS}, turn=5)
    assert END in st.legal_actions("central")
    st.apply("central", END)
    assert not logged(st, IMPERATIVE)


def test_23_0_without_the_option_no_imperative(sg_position: Any) -> None:
    st = imperative(sg_position, {**CAVALRY, **CORPS}, on=False)
    assert END in st.legal_actions("central")


def test_23_0_the_allied_player_is_not_bound(sg_position: Any) -> None:
    st = sg_position(
        {**CAVALRY}, options={ATTACK_IMPERATIVE: True}, phase="combat", segment="combat_resolution"
    )
    assert END in st.legal_actions("allied")


def test_23_0_the_computer_player_makes_the_required_attacks(sg_position: Any) -> None:
    # the heuristic opponent makes the four attacks (the last one at poor odds) and only
    # then ends the segment, instead of calling attacks off forever
    st = imperative(sg_position, {**FRONT, **BEHIND})
    agent = make_agent("heuristic", 1)
    for _ in range(200):
        if not in_the_segment(st):
            break
        role = st.active_roles()[0]
        st.apply(role, decide(agent, st, role))
    assert not in_the_segment(st)
    assert st.data[ATTACKS_MADE] == {"2": 4}


def test_22_0_the_scenario_may_name_the_entries(sg_position: Any) -> None:
    # [special] wrong_envelope_entries: only entry B (g0510), and no other
    st = sg_position(
        {"AH-HQ-1A": "g0306"},
        special={"wrong_envelope_entries": ["B"]},
        options={WRONG_ENVELOPE: True},
    )
    assert galician_entries(st, "AH-IVK") == ["g0510"]


def test_22_0_an_entry_off_the_galician_map_is_refused(sg_position: Any) -> None:
    with pytest.raises(ScenarioError) as info:
        sg_position({"AH-HQ-1A": "g0306"}, special={"wrong_envelope_entries": ["C"]})
    assert "wrong_envelope_entries" in str(info.value) and "22.0" in str(info.value)
