"""Caporetto 21.0 heroic leaders (optional): Rommel (10.2, 21.11, 21.12) and the
DiGiorgio-Ferretti provision (21.21-21.23, AC14).

Positions on the FICTIONAL teaching map.  The Bayrischer Alpenkorps (G-BA, 4-5, Alpine,
Stosstruppen) with Rommel (G-ROMMEL, combat value 1, no stacking points) attacks in the
Italian plain (row 10, clear, no river between 1110 and 1210) on Game-Turn 2 (no
surprise shift, 23.1).  The TCR 1 row of the Combat Results Table::

    die 3: 1-1 -> 1/1, 2-1 -> 1/2   (provisional table entries)
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import command, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.leaders import HEROIC_LEADERS
from greatwar.rules.gwite.stacking import stacking_points
from tests.rules.gwite.kit import (
    COMBAT,
    RESULT_KINDS,
    Refuse,
    alive,
    attack,
    choose,
    logged,
    numbers,
    resolve_with,
    where,
)

ON = {HEROIC_LEADERS: True}
BA = {"G-BA": "1210", "G-ROMMEL": "1210"}
MOVEMENT = {"phase": "movement", "segment": "movement"}


def fight(make: Any, units: dict[str, Any], options: Any = None, **kw: Any) -> State:
    """Game-Turn 2, the Central Powers' Combat Resolution Segment."""
    opts = ON if options is None else options
    return make(units, turn=2, options=opts, **COMBAT, **kw)  # type: ignore[no-any-return]


# --- 21.0 the option --------------------------------------------------------------------


def test_21_11_without_the_option_rommel_is_out_of_play(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {**BA, "I-46": "1110"}, options={})
    assert U.record(st, "G-ROMMEL")["status"] == "out_of_play"
    assert where(st, "G-ROMMEL") is None and where(st, "G-BA") == "1210"


def test_21_11_with_the_option_rommel_starts_with_the_division(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {"G-BA": "1210", "G-ROMMEL": "1510"})
    assert where(st, "G-ROMMEL") == "1210"


# --- 21.11 stacking, movement, elimination -------------------------------------------------


def test_21_11_rommel_has_no_stacking_points(caporetto_position: Any) -> None:
    st = fight(caporetto_position, BA)
    assert stacking_points(st, "1210") == U.info(st, "G-BA").stacking
    assert U.info(st, "G-ROMMEL").stacking == 0


def test_21_11_rommel_never_moves_alone(caporetto_position: Any, refuse: Refuse) -> None:
    st = caporetto_position(BA, turn=3, options=ON, **MOVEMENT)
    assert not any(a.get("unit") == "G-ROMMEL" for a in st.legal_actions("central"))
    why = refuse(st, "central", {"type": "select", "unit": "G-ROMMEL"})
    assert why.case == "caporetto 21.11"


def test_21_11_rommel_moves_with_the_division(caporetto_position: Any) -> None:
    st = caporetto_position(BA, turn=3, options=ON, **MOVEMENT)
    st.apply("central", {"type": "select", "unit": "G-BA"})
    move = next(a for a in st.legal_actions("central") if a["type"] == "move" and a["to"] == "1209")
    st.apply("central", move)
    assert where(st, "G-BA") == "1209" and where(st, "G-ROMMEL") == "1209"
    assert any("1209" in text for text in logged(st, "caporetto 21.11"))


def test_21_11_rommel_goes_by_rail_with_the_division(caporetto_position: Any) -> None:
    # the Alpenkorps entrains on the Sudbahn (1707) and rides to 1907; Rommel with it
    st = caporetto_position({"G-BA": "1707", "G-ROMMEL": "1707"}, turn=3, options=ON, **MOVEMENT)
    st.apply("central", {"type": "select", "unit": "G-BA"})
    choose(st, "central", "entrain")
    choose(st, "central", "rail_move", to="1907")
    assert where(st, "G-BA") == "1907" and where(st, "G-ROMMEL") == "1907"
    assert any("1907" in text for text in logged(st, "caporetto 21.11"))


def test_21_11_rommel_is_eliminated_with_the_division(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the Alpenkorps (1 step left: 2-3) with Rommel defends 1210 against the Italian IV
    # and XXVII Corps (4 each) and the 19th (3): 11 to 3, 3-1, and the 2nd Army HQ's
    # shift: 4-1 (TCR 2 row); die 1 on the 4-1 column: -/E
    units = {
        "G-BA": {"hex": "1210", "steps_lost": 1},
        "G-ROMMEL": "1210",
        "I-IV": "1110",
        "I-XXVII": "1109",
        "I-19": "1211",
        "I-HQ-2A": "1010",
    }
    st = make_italian_attack(caporetto_position, units)
    attack(st, "allied", "1210", ["I-IV", "I-XXVII", "I-19"])
    st.apply("allied", {"type": "add_shift", "hq": "I-HQ-2A", "shift": 1})
    fixed_dice(1)
    st.apply("allied", {"type": "resolve"})
    play_out_result(st)
    assert not alive(st, "G-BA")
    assert U.record(st, "G-ROMMEL")["status"] == "eliminated"
    assert logged(st, "caporetto 21.11")


def test_21_11_rommel_retreats_with_the_division(caporetto_position: Any, fixed_dice: Any) -> None:
    # three Italian corps (11) attack the Alpenkorps (5) with Rommel: 2-1 (TCR 2 row), die
    # 3: 1/1; the Central Powers Player retreats the stack one hex
    units = {**BA, "I-IV": "1110", "I-XXVII": "1109", "I-19": "1211"}
    st = make_italian_attack(caporetto_position, units)
    attack(st, "allied", "1210", ["I-IV", "I-XXVII", "I-19"])
    fixed_dice(3)
    st.apply("allied", {"type": "resolve"})
    choose(st, "central", "option", index=1)
    assert where(st, "G-BA") != "1210"
    assert where(st, "G-ROMMEL") == where(st, "G-BA")


def make_italian_attack(make: Any, units: dict[str, Any]) -> State:
    return make(units, turn=2, options=ON, phasing="allied", **COMBAT)  # type: ignore[no-any-return]


def play_out_result(st: State) -> None:
    """Take the combat result: the defender loses what he must (any step, any option)."""
    for _ in range(20):
        top = st.top()
        if top is None or top["kind"] not in (*RESULT_KINDS, "attack"):
            return
        role = st.active_roles()[0]
        actions = st.legal_actions(role)
        kinds = [a["type"] for a in actions]
        if "lose" in kinds:
            st.apply(role, next(a for a in actions if a["type"] == "lose"))
        elif "option" in kinds:
            st.apply(role, next(a for a in actions if a["type"] == "option"))
        else:
            st.apply(role, actions[-1])


# --- 21.12 the attack, and only the Alpenkorps' --------------------------------------------


def test_21_12_rommel_adds_1_to_an_attack_by_the_division(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # 4 + 1 = 5 against the 46th's 3: 1-1 without Rommel would be 4 to 3
    st = fight(caporetto_position, {**BA, "I-46": "1110"})
    shown = attack(st, "central", "1110", ["G-BA"])
    rommel = [e for e in shown["attack_additions"] if e["unit"] == "G-ROMMEL"]
    assert rommel[0]["strength"] == 1
    assert rommel[0]["modifiers"][0]["case"] == "caporetto 21.12"
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["attack"] == 5 and numbers(entry)["defense"] == 3


def test_21_12_rommel_adds_nothing_to_an_attack_without_the_division(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the 12th Division attacks from Rommel's hex; the Alpenkorps stays out of it
    st = fight(caporetto_position, {**BA, "G-12": "1210", "I-46": "1110"})
    attack(st, "central", "1110", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["attack"] == 4


def test_21_12_rommel_does_not_benefit_the_defense(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the Alpenkorps (5, two stacking points) with Rommel defends: 5, not 5 + 1 (10.53)
    st = make_italian_attack(caporetto_position, {**BA, "I-IV": "1110"})
    shown = attack(st, "allied", "1210", ["I-IV"])
    assert shown["defense"] == 5
    entry = resolve_with(st, "allied", fixed_dice, 3)
    assert numbers(entry)["defense"] == 5


def test_21_12_rommel_gives_no_command_control(caporetto_position: Any) -> None:
    st = fight(caporetto_position, BA)
    assert command.hqs_in_range(st, "G-BA") == []
    assert not command.in_radius(st, "G-BA")


def test_10_2_rommel_is_no_standard_heroic_leader_joining_an_attack(
    caporetto_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    st = fight(caporetto_position, {**BA, "G-12": "1210", "I-46": "1110"})
    attack(st, "central", "1110", ["G-12"])
    assert {"type": "add_attacker", "unit": "G-ROMMEL"} not in st.legal_actions("central")
    why = refuse(st, "central", {"type": "add_attacker", "unit": "G-ROMMEL"})
    assert why.case == "caporetto 10.2"
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["attack"] == 4  # 4 to 3: 10.23 would have added Rommel's 1


# --- 21.21-21.23 DiGiorgio-Ferretti ----------------------------------------------------------

#: Italian divisions in the plain (in supply), the 12th Stosstruppen facing the 46th
PLAIN = {"I-46": "1110", "I-43": "1112", "G-12": "1210"}
#: the Allied Step Replacement Phase of Game-Turn 3: the Interphase comes next
BEFORE_INTERPHASE = {
    "phasing": "allied",
    "phase": "step_replacement",
    "segment": "step_replacement",
}


def interphase(make: Any, units: dict[str, Any], options: Any = None, **kw: Any) -> State:
    st = make(units, turn=3, options=ON if options is None else options, **BEFORE_INTERPHASE, **kw)
    play_until(st, lambda s: s.top()["kind"] == "caporetto_digiorgio")
    return st  # type: ignore[no-any-return]


def play_until(st: State, done: Any, limit: int = 1000) -> None:
    """Passive play (the kit's), ending every DiGiorgio-Ferretti choice unchosen."""
    from tests.rules.gwite.kit import play_until as kit_play_until

    def stop(s: State) -> bool:
        top = s.top()
        if top is not None and top["kind"] == "caporetto_digiorgio" and not done(s):
            s.apply("allied", {"type": "end_digiorgio"})
            return done(s)
        return bool(done(s))

    kit_play_until(st, stop, limit)


def central_combat(st: State, turn: int) -> None:
    play_until(
        st,
        lambda s: (
            s.data["turn"] == turn
            and s.data["phasing"] == "central"
            and s.top()["kind"] == "combat_resolution"
        ),
    )


def chosen_offered(st: State) -> list[str]:
    return [a["unit"] for a in st.legal_actions("allied") if a["type"] == "digiorgio"]


def test_21_22_two_italian_units_defend_with_1_more_in_the_following_game_turn(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = interphase(caporetto_position, PLAIN)
    assert set(chosen_offered(st)) == {"I-46", "I-43"}
    st.apply("allied", {"type": "digiorgio", "unit": "I-46"})
    st.apply("allied", {"type": "digiorgio", "unit": "I-43"})
    assert st.top()["kind"] != "caporetto_digiorgio"  # two units: the choice is over
    assert len(logged(st, "caporetto 21.22")) == 2
    central_combat(st, 4)
    # the 12th (4) attacks the 46th (3 + 1): 1-1 (4 to 3 would be 1-1 too; the defense shows)
    shown = attack(st, "central", "1110", ["G-12"])
    assert shown["defenders"][0]["modifiers"] == [
        {"why": "DiGiorgio-Ferretti: +1", "case": "caporetto 21.22"}
    ]
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 4


def test_21_22_the_provision_lasts_one_game_turn(caporetto_position: Any, fixed_dice: Any) -> None:
    st = interphase(caporetto_position, PLAIN)
    st.apply("allied", {"type": "digiorgio", "unit": "I-46"})
    st.apply("allied", {"type": "end_digiorgio"})  # one unit is enough for him
    central_combat(st, 5)  # the Interphase of Game-Turn 4 chooses none
    assert not U.has_marker(st, "I-46", "digiorgio_ferretti")
    attack(st, "central", "1110", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 3


def test_21_22_only_italian_units_in_supply(caporetto_position: Any, refuse: Refuse) -> None:
    # the French 64th is no Italian unit; the 34th, deep behind the Austro-Hungarian
    # lines (1908), is out of supply
    st = interphase(caporetto_position, {**PLAIN, "F-64": "1011", "I-34": "1908"})
    assert not supply.in_supply(st, "I-34")
    assert set(chosen_offered(st)) == {"I-46", "I-43"}
    assert refuse(st, "allied", {"type": "digiorgio", "unit": "F-64"}).case == "caporetto 21.22"
    assert refuse(st, "allied", {"type": "digiorgio", "unit": "I-34"}).case == "caporetto 21.22"


def test_21_21_no_counter_for_digiorgio_or_ferretti(caporetto_position: Any) -> None:
    st = interphase(caporetto_position, PLAIN)
    on_map = sorted(U.on_map(st, "allied"))
    st.apply("allied", {"type": "digiorgio", "unit": "I-46"})
    st.apply("allied", {"type": "end_digiorgio"})
    assert sorted(U.on_map(st, "allied")) == on_map  # nothing put on the map
    assert U.has_marker(st, "I-46", "digiorgio_ferretti")  # shown on the 46th's counter


def test_21_23_no_help_in_the_attack_and_no_command_control(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the 46th attacks a reduced Austro-Hungarian division (1) in 1210
    weak = {"hex": "1210", "steps_lost": 1}
    st = interphase(caporetto_position, {"I-46": "1110", "I-43": "1112", "AH-22S": weak})
    st.apply("allied", {"type": "digiorgio", "unit": "I-46"})
    st.apply("allied", {"type": "end_digiorgio"})
    play_until(
        st,
        lambda s: (
            s.data["turn"] == 4
            and s.data["phasing"] == "allied"
            and s.top()["kind"] == "combat_resolution"
        ),
    )
    assert not command.in_radius(st, "I-46")  # no HQ on the map: the provision commands none
    shown = attack(st, "allied", "1210", ["I-46"])
    assert all(m["case"] != "caporetto 21.22" for m in shown["attackers"][0]["modifiers"])
    entry = resolve_with(st, "allied", fixed_dice, 3)
    assert numbers(entry)["attack"] == shown["attack"]
    assert shown["attackers"][0]["strength"] <= 2  # its printed 2 at most, never 2 + 1


def test_21_22_ac14_a_a_unit_out_of_supply_keeps_its_1(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # AC14 (a), the default: the 34th, chosen while in supply, is cut off (2010, clear)
    # by the time it is attacked: still 3 + 1
    chosen = {"hex": "2010", "markers": ["digiorgio_ferretti"]}  # in the last Interphase
    st = fight(caporetto_position, {"I-34": chosen, "G-12": "2011"})
    assert not supply.in_supply(st, "I-34")
    attack(st, "central", "2010", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 4


def test_21_22_ac14_b_option_a_unit_out_of_supply_loses_its_1(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    from greatwar.rules.gwite.caporetto.leaders import NEEDS_SUPPLY

    options = {**ON, NEEDS_SUPPLY: True}
    chosen = {"hex": "2010", "markers": ["digiorgio_ferretti"]}
    st = fight(caporetto_position, {"I-34": chosen, "G-12": "2011"}, options=options)
    assert not supply.in_supply(st, "I-34")
    attack(st, "central", "2010", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["defense"] == 3


# --- the scenario's data ----------------------------------------------------------------------


def test_21_11_rommel_and_his_division_are_checked_by_place(caporetto_position: Any) -> None:
    with pytest.raises(ScenarioError) as info:
        caporetto_position(BA, special={"rommel": "G-12", "rommel_division": "I-46"})
    text = str(info.value)
    assert "'G-12' is not a heroic-leader HQ counter" in text
    assert "'I-46' is not of Rommel's side" in text
