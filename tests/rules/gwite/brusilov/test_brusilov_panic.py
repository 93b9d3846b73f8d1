"""The Brusilov Offensive, 23.1-23.4: Austro-Hungarian panic on the surprise turn.

Every ruling is tested by resolving a Russian attack with fixed dice on Game-Turn 1
(the Russian Combat Phase) and checking hexes, steps and the log; a Game-Turn 2
attack shows the standard rules for comparison.  Positions are on the FICTIONAL
teaching map, in the clear country around 0808::

    0808's neighbours: 0807 (N), 0907 (NE), 0908 (SE), 0809 (S), 0708 (SW), 0707 (NW, city)

The Russians (TCR 3) use the "TCR 2 and 3" row: die 1 reads -/1 at 1-1, -/3 at 3-1
and 4-1, -/E at 5-1 and 6-1; die 2 reads -/2 at 4-1 and 1/2 at 2-1.  The A-H corps HQ
in 0506 keeps the defenders within a Command Radius (10.43 off) unless a test is
about 10.43.
"""

from __future__ import annotations

from typing import Any

import greatwar
from greatwar import State
from greatwar.model.problems import ScenarioError
from greatwar.rules.gwite import retreat
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import panic as P
from tests.rules.gwite.brusilov.conftest import special_table
from tests.rules.gwite.conftest import write_position
from tests.rules.gwite.kit import (
    SPARE,
    alive,
    assert_in_radius,
    attack,
    attack_log,
    choose,
    logged,
    lost,
    map_with,
    where,
)

AH_HQ = {"AH-HQ-VI": "0506"}
COMBAT = {"phase": "combat", "segment": "combat_resolution", "phasing": "allied"}
#: 23.42 the fictional teaching scenario's "Sud Armee" unit
EXEMPT = {"panic_exempt": ["AH-13"]}


def panic_fight(position: Any, units: dict[str, Any], turn: int = 1, **kw: Any) -> State:
    """A Russian Combat Resolution Segment on ``turn`` (1: the surprise turn)."""
    special = kw.pop("special", EXEMPT)
    return position(  # type: ignore[no-any-return]
        {**AH_HQ, **SPARE, **units}, turn=turn, special=special, **COMBAT, **kw
    )


def rout(st: State, target: str, attackers: list[str], fixed_dice: Any, *dice: int) -> None:
    """Declare and resolve a Russian attack with the dice fixed (any 9.23 attrition rolls
    of unsupplied attackers first)."""
    attack(st, "allied", target, attackers)
    fixed_dice(*dice)
    st.apply("allied", {"type": "resolve"})
    end_defense(st)


def end_defense(st: State) -> None:
    """The Central Powers let the die be rolled without a defensive shift (21.1) when the
    attack gives them a step before it (an A-H HQ covers the defenders)."""
    if {"type": "end_defense"} in st.legal_actions("central"):
        st.apply("central", {"type": "end_defense"})


def stage(st: State) -> str | None:
    top = st.top()
    return top.get("stage") if top and "result" in top["kind"] else None


def kinds(st: State, role: str) -> set[str]:
    return {a["type"] for a in st.legal_actions(role)}


def retreat_paths(st: State) -> list[list[str]]:
    return [a["path"] for a in st.legal_actions("central") if a["type"] == "retreat"]


def texts(st: State) -> list[str]:
    return [e["text"] for e in st.data["log"]]


def order(st: State, *cases: str) -> list[int]:
    """The log position of the first entry of each case."""
    entries = st.data["log"]
    return [next(i for i, e in enumerate(entries) if e.get("case") == c) for c in cases]


def end_advance(st: State) -> None:
    if stage(st) == "advance":
        choose(st, "allied", "end_advance")


# --- 23.1 effect of panic on combat ------------------------------------------------------


def test_23_11_panicking_unit_defends_with_1_at_resolution(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"})
    assert_in_radius(st, "AH-12")
    shown = attack(st, "allied", "0808", ["R-1G"])
    (entry,) = shown["defenders"]
    assert entry["strength"] == 1 and entry["printed"] == 4
    assert entry["modifiers"] == [{"why": "23.11 panic: defends with 1", "case": "brusilov 23.11"}]
    fixed_dice(2)
    st.apply("allied", {"type": "resolve"})
    end_defense(st)
    assert "4 to 1 (4-1)" in attack_log(st)["text"]  # 4 to 4 (1-1) without panic


def test_23_11_turn_two_defends_with_printed_strength(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"}, turn=2)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    assert "4 to 4 (1-1)" in attack_log(st)["text"]
    assert stage(st) == "def_option"  # the standard 8.9 options


def test_23_11_no_trench_benefit_for_panicking_units(
    brusilov_position: Any, fixed_dice: Any, tmp_path: Any
) -> None:
    # The 12th Division (4) in a trench in 0808: on the surprise turn it defends with 1 and
    # the trench gives nothing (4 to 1, 4-1); on Game-Turn 2 the trench doubles it
    # (provisionally: 4 to 8, 1-2).  The Sud Armee's 13th and the Germans keep it.
    trench = map_with(tmp_path, '[[trench]]\nname = "Test trench"\nhexes = ["0808"]\n')
    units = {"AH-12": "0808", "R-1G": "0908"}
    st = panic_fight(brusilov_position, units, map_path=trench)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    assert "4 to 1 (4-1)" in attack_log(st)["text"]
    later = panic_fight(brusilov_position, units, turn=2, map_path=trench)
    rout(later, "0808", ["R-1G"], fixed_dice, 2)
    assert "4 to 8 (1-2)" in attack_log(later)["text"]
    rules = U.rules(st)
    assert rules.trench_benefit(st, "AH-13")  # 23.42 defends normally
    assert rules.trench_benefit(st, "G-35R")  # 23.41


def test_23_11_austro_hungarian_attack_strength_not_reduced(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = brusilov_position(
        {**SPARE, "AH-12": "0808", "R-3S": "0908"},
        special=EXEMPT,
        phase="combat",
        segment="combat_resolution",
        phasing="central",
    )
    shown = attack(st, "central", "0908", ["AH-12"])
    assert shown["attack"] == 3  # printed 3: panic touches defence only


def test_23_12_division_loses_a_step_after_its_retreat(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)  # 4-1, die 2: -/2
    assert stage(st) == "panic" and kinds(st, "central") == {"retreat"}
    assert st.view("allied")["combat"]["stage"] == "panic"
    assert "panic (23.13): choose the path of 12th Infantry Division" in st.prompt("central")
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert where(st, "AH-12") == "0607" and lost(st, "AH-12") == 1
    retreat_at, loss_at = order(st, "brusilov 23.13", "brusilov 23.12")
    assert retreat_at < loss_at  # the step is lost at the completion of the retreat
    assert any("12th Infantry Division loses 1 step" in t for t in logged(st, "brusilov 23.12"))


def test_23_12_brigade_retreats_without_losing_a_step(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-GB1": "0808", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert where(st, "AH-GB1") == "0607" and lost(st, "AH-GB1") == 0
    assert not logged(st, "brusilov 23.12")


def test_23_12_ab5_corps_loses_a_step_unless_the_option_says_not(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-VI": "0808", "R-XIX": "0908"})
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)  # 6 to 1 (6-1), die 1: -/E: 4 hexes
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert lost(st, "AH-VI") == 1  # AB5 (a): like a division
    st = panic_fight(
        brusilov_position,
        {"AH-VI": "0808", "R-XIX": "0908"},
        options={P.CORPS_LOSE_STEP: False},
    )
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert lost(st, "AH-VI") == 0


def test_23_13_retreat_equals_the_defenders_result(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 1)  # 4-1, die 1: -/3
    paths = retreat_paths(st)
    assert paths and all(len(p) == 3 for p in paths)
    board = U.static(st).scenario.board
    assert all(board.distance("0808", p[-1]) == 3 for p in paths)
    choose(st, "central", "retreat", path=paths[0])
    assert alive(st, "AH-12") and lost(st, "AH-12") == 1  # no loss beyond 23.12's
    assert any("retreats 3 hexes" in t for t in logged(st, "brusilov 23.13"))


def test_23_13_one_result_retreats_one_hex(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-RR1": "0908"})
    rout(st, "0808", ["R-RR1"], fixed_dice, 1)  # 1 to 1 (1-1), die 1: -/1
    assert all(len(p) == 1 for p in retreat_paths(st))
    choose(st, "central", "retreat", path=["0707"])
    assert where(st, "AH-12") == "0707" and lost(st, "AH-12") == 1


def test_23_13_e_retreats_four_hexes_instead_of_elimination(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-XIX": "0908"})
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)  # 6-1, die 1: -/E
    assert attack_log(st)["text"].endswith("-/E.")
    paths = retreat_paths(st)
    assert paths and all(len(p) == 4 for p in paths)
    choose(st, "central", "retreat", path=paths[0])
    assert alive(st, "AH-12") and where(st, "AH-12") == paths[0][-1]
    assert lost(st, "AH-12") == 1
    assert any("must retreat 4 hexes (defender's result E, not eliminated)" in t for t in texts(st))


def test_23_13_no_8_9_option_for_panicking_defenders(
    brusilov_position: Any, fixed_dice: Any, refuse: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    error = refuse(st, "central", {"type": "option", "index": 0})
    assert error.case == "brusilov 23.13"


def test_23_13_ab4_out_of_radius_result_worsened_by_default(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    far = {"AH-HQ-VI": {"status": "eliminated"}, "AH-12": "0808", "R-1G": "0908"}
    st = panic_fight(brusilov_position, far)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)  # -/2, worsened to -/3 (10.43)
    assert logged(st, "10.43")
    assert all(len(p) == 3 for p in retreat_paths(st))
    st = panic_fight(brusilov_position, far, options={P.PRINTED_RESULT: True})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    assert all(len(p) == 2 for p in retreat_paths(st))  # AB4 (a): the printed 2


def test_23_14_whole_stack_panics_even_against_a_smaller_force(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    units = {"AH-12": "0808", "AH-GB1": "0808", "R-RR1": "0908", "R-3S": "0908"}
    st = panic_fight(brusilov_position, units)
    rout(st, "0808", ["R-3S", "R-RR1"], fixed_dice, 2)  # 4 to 2 (2-1), die 2: 1/2
    assert "4 to 2 (2-1)" in attack_log(st)["text"]
    # 4 defending steps against 3: standard 8.9 would affect 3 steps chosen by the owner
    assert kinds(st, "central") == {"retreat"}
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert where(st, "AH-12") == where(st, "AH-GB1") == "0607"
    assert lost(st, "AH-12") == 1 and lost(st, "AH-GB1") == 0
    # the Russian result 1 is applied normally: half of the 3 affected steps, rounded up
    assert stage(st) == "att_losses"
    choose(st, "allied", "lose", unit="R-3S")
    choose(st, "allied", "lose", unit="R-RR1")
    assert not alive(st, "R-RR1") and lost(st, "R-3S") == 1


def test_23_15_eliminated_only_with_no_path_of_retreat(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # 0101 is a corner: its neighbours 0201, 0202 and 0102 all hold Russian units
    units = {"AH-12": "0101", "R-1G": "0202", "R-3S": "0201", "R-62R": "0102"}
    st = panic_fight(brusilov_position, units)
    attack(st, "allied", "0101", ["R-1G", "R-3S", "R-62R"])
    fixed_dice(6, 6, 6, 1)  # no attrition (9.23) for the unsupplied attackers; -/3
    st.apply("allied", {"type": "resolve"})
    end_defense(st)
    assert not alive(st, "AH-12")
    assert any("no legal path of retreat" in t for t in logged(st, "brusilov 23.15"))


def test_23_15_no_ils_ne_passeront_pas_after_a_panic(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"}, special={})
    rout(st, "0808", ["R-1G"], fixed_dice, 1)  # -/3: on turn 2 option 1 would bar the hex
    assert {"type": "option", "index": 0} not in st.legal_actions("central")
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert stage(st) == "advance" and not logged(st, "8.75")


def test_23_16_advance_along_the_path_stopping_anywhere(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908", "R-3S": "0908"})
    rout(st, "0808", ["R-1G", "R-3S"], fixed_dice, 1)  # 7 to 1 (6-1): -/E, 4 hexes
    path = ["0707", "0607", "0507", "0407"]
    assert path in retreat_paths(st)
    choose(st, "central", "retreat", path=path)
    moves = [a for a in st.legal_actions("allied") if a["type"] == "advance"]
    assert {m["to"] for m in moves if m["unit"] == "R-1G"} == {"0808", "0707", "0607", "0507"}
    choose(st, "allied", "advance", unit="R-1G", to="0507")  # not into 0407: AH-12 is there
    choose(st, "allied", "advance", unit="R-3S", to="0707")
    assert where(st, "R-1G") == "0507" and where(st, "R-3S") == "0707"
    assert any("0908→0808→0707→0607→0507" in t for t in logged(st, "brusilov 23.16"))


def test_23_16_turn_two_advance_only_into_the_vacated_hex(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-XIX": "0908"}, turn=2)
    rout(st, "0808", ["R-XIX"], fixed_dice, 2)  # 6 to 4 (1-1), die 2: 1/1
    choose(st, "central", "option", index=1)  # retreat one hex
    choose(st, "central", "retreat", path=["0707"])
    moves = [a for a in st.legal_actions("allied") if a["type"] == "advance"]
    assert {m["to"] for m in moves} == {"0808"}


# --- 23.2 contagion of panic --------------------------------------------------------------


def routed_beside_three(brusilov_position: Any, fixed_dice: Any) -> State:
    """The 12th Division routed from 0808 (4-1, die 2: -/2), a division, a brigade and a
    regiment (the test counters) next to it, at the panic stage (23.13)."""
    units = {"AH-12": "0808", "X-LS1": "0809", "AH-GB1": "0807", "R-1G": "0908"}
    st = panic_fight(brusilov_position, {**units, "AH-13": "0708"}, special={}, test_counters=True)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    return st


def test_23_21_adjacent_unit_retreats_one_hex_and_division_loses_a_step(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = routed_beside_three(brusilov_position, fixed_dice)
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert stage(st) == "contagion"
    for _ in range(3):
        if stage(st) != "contagion":
            break
        choose(st, "central", "retreat", path=retreat_paths(st)[0])
    for uid, start in (("AH-13", "0708"), ("X-LS1", "0809"), ("AH-GB1", "0807")):
        board = U.static(st).scenario.board
        assert board.distance(start, where(st, uid)) == 1, uid
    assert lost(st, "AH-13") == 1  # a division
    assert lost(st, "AH-GB1") == 0 and lost(st, "X-LS1") == 0  # a brigade, a regiment
    assert logged(st, "brusilov 23.21")


def test_23_1_23_2_the_combat_view_names_the_panic_stages_in_a_players_words(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = routed_beside_three(brusilov_position, fixed_dice)
    shown = st.view("allied")["combat"]
    assert (shown["stage"], shown["stage_title"]) == (
        "panic",
        "the panicking defenders retreat (brusilov 23.1)",
    )
    choose(st, "central", "retreat", path=["0707", "0607"])
    shown = st.view("central")["combat"]
    assert (shown["stage"], shown["stage_title"]) == (
        "contagion",
        "the panic spreads to the units nearby (brusilov 23.2)",
    )


def test_23_21_sud_armee_unit_neither_catches_nor_stops_the_contagion(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # 23.42 AH-13 holds; its retreat by the 8.9 option still spreads panic to AH-12
    st = panic_fight(brusilov_position, {"AH-13": "0808", "AH-12": "0708", "R-XIX": "0908"})
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)  # 6 to 4 (1-1), die 1: -/1
    assert "6 to 4 (1-1)" in attack_log(st)["text"]
    assert stage(st) == "def_option"  # 23.42 the standard options
    choose(st, "central", "option", index=1)
    choose(st, "central", "retreat", path=["0807"])
    assert stage(st) == "contagion"
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert where(st, "AH-12") != "0708" and lost(st, "AH-12") == 1
    assert lost(st, "AH-13") == 0


def test_23_21_sud_armee_neighbour_does_not_catch_the_panic(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "AH-13": "0708", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0807", "0906"])
    assert where(st, "AH-13") == "0708" and lost(st, "AH-13") == 0
    assert not logged(st, "brusilov 23.21")


def test_23_22_contagion_before_the_advance_and_not_into_the_path(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(
        brusilov_position, {"AH-12": "0808", "AH-GB1": "0708", "R-1G": "0908"}, special={}
    )
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707", "0607"])
    # its one path left (0707 and 0808 are the rout's path, 0809 Russian-controlled) is
    # taken at once: the stage is already the Russian advance
    assert where(st, "AH-GB1") not in {"0808", "0707", "0607"}
    assert where(st, "AH-GB1") != "0708" and lost(st, "AH-GB1") == 0
    choose(st, "allied", "advance", unit="R-1G", to="0707")
    contagion_at, advance_at = order(st, "brusilov 23.21", "brusilov 23.16")
    assert contagion_at < advance_at


def test_23_22_ab6_option_off_lets_contagion_enter_the_path(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(
        brusilov_position,
        {"AH-12": "0808", "AH-GB1": "0708", "R-1G": "0908"},
        special={},
        options={P.AVOID_PATH: False},
    )
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert any(set(p) & {"0707"} for p in retreat_paths(st))


def test_23_23_no_advance_into_a_hex_vacated_by_contagion(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # AH-12 routs through 0707, where AH-GB1 (adjacent to 0808) then catches the panic
    st = panic_fight(
        brusilov_position, {"AH-12": "0808", "AH-GB1": "0707", "R-1G": "0908"}, special={}
    )
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert stage(st) == "contagion"
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert where(st, "AH-GB1") != "0707"
    moves = [a for a in st.legal_actions("allied") if a["type"] == "advance"]
    assert {m["to"] for m in moves} == {"0808"}  # 0707 was left by contagion alone


def test_23_24_retreat_through_enemy_zoc_when_no_other_path(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # every hex next to 0808 is Russian-controlled (R-3S 0806, R-62R 0709, R-65R 0607)
    units = {"AH-12": "0808", "R-1G": "0908", "R-3S": "0806", "R-62R": "0709", "R-65R": "0607"}
    st = panic_fight(brusilov_position, units)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    paths = retreat_paths(st)
    assert paths  # 8.64 would eliminate a TCR-4 unit here
    choose(st, "central", "retreat", path=paths[0])
    assert alive(st, "AH-12") and where(st, "AH-12") == paths[0][-1]
    later = panic_fight(brusilov_position, units, turn=2)
    assert retreat.retreat_options(later, "0808", ["AH-12"], 2) == ([], False)


def test_23_24_zoc_free_paths_first(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908", "R-3S": "0806"})
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    controlled = {"0705", "0706", "0805", "0807", "0905", "0906", "0809", "0907", "0909"}
    paths = retreat_paths(st)
    assert paths and not any(set(p) & controlled for p in paths)


def test_23_25_unit_on_the_path_retreats_one_hex_without_losing_a_step(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # AH-GB1 in 0607 is two hexes from 0808: AH-12 routs into its hex
    st = panic_fight(
        brusilov_position, {"AH-12": "0808", "AH-13": "0607", "R-1G": "0908"}, special={}
    )
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707", "0607"])
    assert stage(st) == "contagion"
    choose(st, "central", "retreat", path=retreat_paths(st)[0])
    board = U.static(st).scenario.board
    assert board.distance("0607", where(st, "AH-13")) == 1
    assert lost(st, "AH-13") == 0 and where(st, "AH-12") == "0607"
    assert logged(st, "brusilov 23.25")


#: 0808 is hemmed in by Russian zones of control: a rout next to it spreads the panic to
#: AH-13, which can then only retreat through them (23.24), next to R-65R in 0607
HEMMED = {
    "AH-12": "0807",
    "AH-13": "0808",
    "R-1G": "0908",
    "R-3S": "0806",
    "R-62R": "0709",
    "R-65R": "0607",
}


def first_rout(st: State, fixed_dice: Any) -> None:
    """AH-12 (0807) routs 3 hexes; AH-13 (0808) catches the panic and goes to 0707."""
    rout(st, "0807", ["R-3S"], fixed_dice, 2)  # 3-1, die 2: -/2, 10.43: -/3
    choose(st, "central", "retreat", path=["0706", "0606", "0506"])
    choose(st, "central", "retreat", path=["0707"])  # 23.24: through a Russian ZOC
    while stage(st) == "contagion":
        choose(st, "central", "retreat", path=retreat_paths(st)[0])
    end_advance(st)
    assert where(st, "AH-13") == "0707" and lost(st, "AH-13") == 1


def test_23_26_a_unit_panics_only_once(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, HEMMED, special={})
    first_rout(st, fixed_dice)
    assert P.panicked(st, "AH-13")
    # AH-13 is attacked in turn: AB3 (b) the 8.9 options, no second panic
    # R-65R is out of supply: attrition die 6 (none), attack halved; 1 to 2 (City): 1/1
    rout(st, "0707", ["R-65R"], fixed_dice, 6, 1)
    assert "1 to 2 (1-2)" in attack_log(st)["text"]  # still 23.11's defence of 1, doubled
    assert stage(st) == "def_option" and kinds(st, "central") == {"option"}


def test_23_26_ab3_option_panics_again(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, HEMMED, special={}, options={P.ONCE_ONLY: False})
    first_rout(st, fixed_dice)
    rout(st, "0707", ["R-65R"], fixed_dice, 6, 1)
    assert logged(st, "brusilov 23.13")[-1].startswith("23.13 panic: 13th Infantry Division")


def test_23_26_no_second_contagion(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, {**HEMMED, "AH-GB1": "0608"}, special={})
    first_rout(st, fixed_dice)
    rout(st, "0608", ["R-65R"], fixed_dice, 6, 1)  # AH-GB1 next to AH-13 routs
    while stage(st) in ("panic", "contagion"):
        choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert where(st, "AH-GB1") != "0608"
    assert where(st, "AH-13") == "0707" and lost(st, "AH-13") == 1  # no further penalty


# --- 23.3 cavalry, 23.4 German stability ---------------------------------------------------


def test_23_31_austro_hungarian_cavalry_cannot_withdraw(
    brusilov_position: Any, refuse: Any
) -> None:
    units = {**SPARE, "AH-4K": "0808", "G-1K": "0806", "R-1G": "0908", "R-3S": "0906"}
    kw = {"phase": "cavalry_withdrawal", "segment": "cavalry_withdrawal", "phasing": "allied"}
    st = brusilov_position(units, special=EXEMPT, **kw)
    error = refuse(st, "central", {"type": "attempt", "unit": "AH-4K"})
    assert error.case == "brusilov 23.31"
    assert {"type": "attempt", "unit": "G-1K"} in st.legal_actions("central")  # 23.41
    later = brusilov_position(units, special=EXEMPT, turn=2, **kw)
    assert {"type": "attempt", "unit": "AH-4K"} in later.legal_actions("central")


def test_23_41_german_defender_takes_the_standard_result(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"G-35R": "0808", "R-1G": "0908"})
    rout(st, "0808", ["R-1G"], fixed_dice, 1)  # 4 to 5 (1-2 for TCR 3), die 1: 1/1
    assert "4 to 5" in attack_log(st)["text"]
    assert stage(st) == "def_option" and not logged(st, "brusilov 23.13")


def test_23_41_ab1_mixed_stack_splits_by_default(brusilov_position: Any, fixed_dice: Any) -> None:
    units = {"AH-12": "0808", "G-35R": "0808", "R-XIX": "0908", "R-1G": "0908"}
    st = panic_fight(brusilov_position, units)
    rout(st, "0808", ["R-XIX", "R-1G"], fixed_dice, 2)  # 10 to 6 (1-1), die 2: 1/1
    assert "10 to 6 (1-1)" in attack_log(st)["text"]
    choose(st, "central", "retreat", path=["0707"])  # the A-H division panics alone
    assert where(st, "AH-12") == "0707" and lost(st, "AH-12") == 1
    assert stage(st) == "def_option"  # the Germans' own 8.9 option
    choose(st, "central", "option", index=0)  # half its steps: it stays
    assert where(st, "G-35R") == "0808" and lost(st, "G-35R") == 1


def test_23_41_ab1_option_whole_stack_retreats(brusilov_position: Any, fixed_dice: Any) -> None:
    units = {"AH-12": "0808", "G-35R": "0808", "R-XIX": "0908", "R-1G": "0908"}
    st = panic_fight(brusilov_position, units, options={P.SPLIT_MIXED_STACKS: False})
    rout(st, "0808", ["R-XIX", "R-1G"], fixed_dice, 2)
    choose(st, "central", "retreat", path=["0707"])
    assert where(st, "AH-12") == where(st, "G-35R") == "0707"
    assert lost(st, "AH-12") == 1 and lost(st, "G-35R") == 0


def test_23_41_ab2_german_retreat_spreads_no_panic_by_default(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    units = {"G-35R": "0808", "AH-12": "0708", "R-XIX": "0908"}
    st = panic_fight(brusilov_position, units)
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)  # 6 to 5 (1-1), die 1: -/1
    choose(st, "central", "option", index=1)
    choose(st, "central", "retreat", path=["0807"])
    assert where(st, "AH-12") == "0708" and not logged(st, "brusilov 23.21")
    st = panic_fight(brusilov_position, units, options={P.GERMAN_CONTAGION: True})
    rout(st, "0808", ["R-XIX"], fixed_dice, 1)
    choose(st, "central", "option", index=1)
    choose(st, "central", "retreat", path=["0807"])
    assert stage(st) == "contagion"


def test_23_42_sud_armee_unit_defends_normally(brusilov_position: Any, fixed_dice: Any) -> None:
    st = panic_fight(brusilov_position, {"AH-13": "0808", "R-1G": "0908"})
    shown = attack(st, "allied", "0808", ["R-1G"])
    assert shown["defenders"][0]["strength"] == 4
    fixed_dice(1)
    st.apply("allied", {"type": "resolve"})  # 4 to 4 (1-1), die 1: -/1
    end_defense(st)
    assert stage(st) == "def_option"
    choose(st, "central", "option", index=0)  # half its steps, no retreat
    assert where(st, "AH-13") == "0808" and lost(st, "AH-13") == 1


def test_23_42_exempt_units_must_be_austro_hungarian_counters(tmp_path: Any) -> None:
    extra = special_table({"panic_exempt": ["AH-13", "G-35R", "NOBODY"]})
    path = write_position(tmp_path, {}, game="brusilov", extra=extra)
    try:
        greatwar.load(path)
    except ScenarioError as e:
        text = str(e)
    else:
        raise AssertionError("a German unit was accepted as exempt from panic")
    assert "'G-35R'" in text and "'NOBODY'" in text and "'AH-13'" not in text
    assert "23.42" in text


def test_23_14_every_panicking_stack_of_a_multi_hex_attack_retreats(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    st = panic_fight(brusilov_position, {"AH-12": "0808", "AH-GB1": "0807", "R-XIX": "0907"})
    attack(st, "allied", "0808", ["R-XIX"], more_targets=("0807",))
    fixed_dice(1)
    st.apply("allied", {"type": "resolve"})  # 6 to 2 (3-1), die 1: -/3
    end_defense(st)
    assert "6 to 2 (3-1)" in attack_log(st)["text"]
    while stage(st) == "panic":
        choose(st, "central", "retreat", path=retreat_paths(st)[0])
    board = U.static(st).scenario.board
    assert board.distance("0808", where(st, "AH-12")) == 3
    assert board.distance("0807", where(st, "AH-GB1")) == 3
    assert lost(st, "AH-12") == 1 and lost(st, "AH-GB1") == 0
    assert not logged(st, "brusilov 23.21")  # each had panicked itself (23.26)


def test_23_0_attack_on_schedule_panics_on_game_turn_five(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    schedule = {"surprise_turn": 5}
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"}, turn=5, special=schedule)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)
    assert "4 to 1 (4-1)" in attack_log(st)["text"] and stage(st) == "panic"
    st = panic_fight(brusilov_position, {"AH-12": "0808", "R-1G": "0908"}, special=schedule)
    rout(st, "0808", ["R-1G"], fixed_dice, 2)  # Game-Turn 1 of that scenario: no panic
    assert "4 to 4 (1-1)" in attack_log(st)["text"] and stage(st) == "def_option"


def test_23_12_no_adverse_result_no_panic(brusilov_position: Any, fixed_dice: Any) -> None:
    units = {"AH-12": "0808", "AH-13": "0708", "R-RR1": "0908"}
    st = panic_fight(brusilov_position, units, special={})
    attack(st, "allied", "0808", ["R-RR1"])
    fixed_dice(4)  # 1 to 1 (1-1), die 4: 1/- (provisional): nothing adverse for the defender
    st.apply("allied", {"type": "resolve"})
    end_defense(st)
    assert attack_log(st)["text"].split(": ")[-1].startswith("1/-")
    assert where(st, "AH-12") == "0808" and lost(st, "AH-12") == 0
    assert where(st, "AH-13") == "0708" and not logged(st, "brusilov 23.13")


def test_23_15_a_panic_retreat_ending_overstacked_eliminates(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    # stacking limit 4: every hex AH-12 may retreat into holds 4 SP of German units
    # (0907 and 0809 are Russian-controlled and empty: 8.64 bars them while those are open)
    germans = {"G-I": "0807", "G-XVII": "0708", "G-35R": "0707", "G-36R": "0707"}
    st = panic_fight(
        brusilov_position, {"AH-12": "0808", "R-RR1": "0908", **germans}, stacking_limit=4
    )
    rout(st, "0808", ["R-RR1"], fixed_dice, 1)  # 1 to 1 (1-1), die 1: -/1
    if stage(st) == "panic":
        choose(st, "central", "retreat", path=retreat_paths(st)[0])
    assert not alive(st, "AH-12")
    assert logged(st, "6.15") and not logged(st, "brusilov 23.12")
