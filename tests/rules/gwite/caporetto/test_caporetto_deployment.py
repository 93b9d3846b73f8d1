"""Caporetto's pre-game deployment on the FICTIONAL teaching Tyrol Offensive
(``gwite/caporetto-teaching-tyrol``): the Allied Player sets up first (25.31), the
French and British in Italian fortresses (25.33), the Central Powers' extra units
(25.21, 25.22), the Stosstruppen transfer (25.23); free deployment (Appendix A) and
matched orders of battle (Appendix B) as options; the computer players finish it."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import deployment as DP
from tests.rules.gwite.kit import choose

TYROL = "gwite/caporetto-teaching-tyrol"
SALIENT = ["0101", "0102", "0201", "0202", "0301", "0302", "0401", "0402", "0501", "0502"]
SALIENT += ["0601", "0602"]


def new_game(options: dict[str, Any] | None = None, seed: int = 1) -> State:
    game = greatwar.load(TYROL, options or {})
    game.checking = True
    return game.new_state(seed)


def allied_done(st: State) -> None:
    """25.33 the Allied set-up of the teaching Tyrol: both divisions in Forte Alto."""
    choose(st, "allied", "deploy", unit="F-64", hex="0807")
    choose(st, "allied", "deploy", unit="B-23", hex="0807")
    choose(st, "allied", "end_deployment")


def refused(st: State, role: str, action: dict[str, Any], case: str) -> str:
    """The action is refused naming ``case``, and the state is unchanged."""
    before = st.digest()
    with pytest.raises(Exception) as err:
        st.apply(role, action)
    assert case in str(err.value), str(err.value)
    assert st.digest() == before
    return str(err.value)


def hexes_for(st: State, role: str, uid: str) -> list[str]:
    return sorted(a["hex"] for a in st.legal_actions(role) if a.get("unit") == uid)


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


# --- 25.31 the Allied Player sets up first --------------------------------------------


def test_25_31_the_allied_player_sets_up_first_then_the_central_powers() -> None:
    st = new_game()
    assert st.top()["kind"] == DP.KIND and st.top()["side"] == "allied"
    assert st.active_roles() == ["allied"]
    refused(st, "central", {"type": "deploy", "unit": "G-195R", "hex": "0101"}, "25.31")
    allied_done(st)
    assert st.top()["kind"] == DP.KIND and st.top()["side"] == "central"
    assert st.data["turn"] == 1 and logged(st, "caporetto 25.31")


# --- 25.33 French and British in Italian fortress hexes --------------------------------


def test_25_33_french_and_british_set_up_in_italian_fortress_hexes() -> None:
    st = new_game()
    assert hexes_for(st, "allied", "F-64") == ["0807"]  # Forte Alto, the one fortress
    text = refused(st, "allied", {"type": "deploy", "unit": "F-64", "hex": "1109"}, "25.33")
    assert "Italian fortress" in text
    choose(st, "allied", "deploy", unit="F-64", hex="0807")
    assert U.record(st, "F-64") == {**U.record(st, "F-64"), "hex": "0807", "status": "on_map"}
    assert "French 64th Division (fictional) is set up in 0807." in logged(st, "caporetto 25.33")
    # done waits for the British division, which still has room in the fortress
    refused(st, "allied", {"type": "end_deployment"}, "25.33")
    choose(st, "allied", "deploy", unit="B-23", hex="0807")
    choose(st, "allied", "end_deployment")
    assert U.record(st, "B-23")["hex"] == "0807"


def test_25_33_a_set_up_may_be_undone() -> None:
    st = new_game()
    choose(st, "allied", "deploy", unit="F-64", hex="0807")
    assert st.can_undo("allied")
    st.undo("allied")
    assert U.record(st, "F-64")["status"] == "pending" and U.record(st, "F-64")["hex"] is None
    assert hexes_for(st, "allied", "F-64") == ["0807"]


def test_25_33_a_unit_set_up_is_never_set_up_again() -> None:
    st = new_game()
    choose(st, "allied", "deploy", unit="F-64", hex="0807")
    text = refused(st, "allied", {"type": "deploy", "unit": "F-64", "hex": "0807"}, "25.31")
    assert "already been set up" in text


# --- 25.32 the XXV Corps arrives on Game-Turn 10 -------------------------------------


def test_25_32_the_xxv_corps_is_not_set_up_but_arrives_on_game_turn_10() -> None:
    st = new_game()
    assert U.record(st, "I-XXV")["status"] == "pending"
    assert U.info(st, "I-XXV").arrive_turn == 10
    assert not any(a.get("unit") == "I-XXV" for a in st.legal_actions("allied"))
    refused(st, "allied", {"type": "deploy", "unit": "I-XXV", "hex": "0807"}, "25.31")


# --- 25.21, 25.22 the Central Powers' extra units --------------------------------------


def test_25_21_the_reserve_stosstruppen_set_up_in_or_north_west_of_the_tyrol_line() -> None:
    st = new_game()
    allied_done(st)
    assert hexes_for(st, "central", "G-195R") == sorted(SALIENT)
    text = refused(st, "central", {"type": "deploy", "unit": "G-195R", "hex": "1601"}, "25.21")
    assert "north-west of the Austro-Hungarian trench line" in text
    choose(st, "central", "deploy", unit="G-195R", hex="0101")
    assert U.record(st, "G-195R")["hex"] == "0101"
    assert st.game.scenario.counters["G-195R"].stosstruppen
    assert "195th Reserve Division (Stosstruppen, caporetto 25.21) is set up in 0101." in logged(
        st, "caporetto 25.21"
    )


def test_25_21_the_stacking_limit_holds_in_the_set_up() -> None:
    st = new_game()
    allied_done(st)
    units = ["G-195R", "G-79R", "AH-25", "AH-26", "AH-46", "AH-1C", "AH-8C", "AH-9C"]
    room = 12 - sum(U.info(st, u).stacking for u in U.units_in(st, "0101"))
    for uid in units:
        if U.info(st, uid).stacking > room:
            text = refused(st, "central", {"type": "deploy", "unit": uid, "hex": "0101"}, "6.0")
            assert "the limit is 12" in text
            break
        choose(st, "central", "deploy", unit=uid, hex="0101")
        room -= U.info(st, uid).stacking
    else:
        pytest.fail("the hex never filled up")


def test_25_22_extra_austro_hungarians_set_up_behind_any_austro_hungarian_trench_line() -> None:
    st = new_game()
    allied_done(st)
    hexes = hexes_for(st, "central", "AH-1C")
    assert "1601" in hexes and "0101" in hexes and "1501" in hexes  # both systems, lines in
    text = refused(st, "central", {"type": "deploy", "unit": "AH-1C", "hex": "1401"}, "25.22")
    assert "behind an Austro-Hungarian trench line" in text
    choose(st, "central", "deploy", unit="AH-D10", hex="1601")
    assert U.record(st, "AH-D10")["hex"] == "1601"
    assert logged(st, "caporetto 25.22")


def test_25_22_done_waits_for_every_extra_unit() -> None:
    st = new_game()
    allied_done(st)
    text = refused(st, "central", {"type": "end_deployment"}, "caporetto 25.2")
    assert "still to be set up" in text


# --- 25.23 the Stosstruppen transfer ---------------------------------------------------


def test_25_23_four_stoss_divisions_transfer_with_a_corps_and_an_army_hq() -> None:
    st = new_game({"heroic_leaders": True})  # 21.0: Rommel in play
    allied_done(st)
    # no HQ before two divisions are transferred
    text = refused(st, "central", {"type": "deploy", "unit": "G-HQ-K", "hex": "0201"}, "25.23")
    assert "corps HQ" in text
    choose(st, "central", "deploy", unit="G-12", hex="0201")
    assert U.record(st, "G-12")["hex"] == "0201"
    assert "12th Division (Stosstruppen, fictional) is set up in 0201 from 1505." in logged(
        st, "caporetto 25.23"
    )
    refused(st, "central", {"type": "deploy", "unit": "G-HQ-K", "hex": "0201"}, "25.23")
    choose(st, "central", "deploy", unit="G-117", hex="0201")
    assert hexes_for(st, "central", "G-HQ-K")  # two transferred: the corps HQ may go
    refused(st, "central", {"type": "deploy", "unit": "G-HQ-14A", "hex": "0401"}, "25.23")
    choose(st, "central", "deploy", unit="G-HQ-K", hex="0201")
    choose(st, "central", "deploy", unit="G-200", hex="0401")
    choose(st, "central", "deploy", unit="G-BA", hex="0401")
    # 21.11 Rommel goes with the Alpenkorps
    assert U.record(st, "G-ROMMEL")["hex"] == "0401"
    choose(st, "central", "deploy", unit="G-HQ-14A", hex="0401")
    assert U.record(st, "G-HQ-14A")["hex"] == "0401"


def test_25_23_transfers_only_to_the_tyrol_lines() -> None:
    st = new_game()
    allied_done(st)
    text = refused(st, "central", {"type": "deploy", "unit": "G-12", "hex": "1601"}, "25.23")
    assert "transfer" in text


def test_25_23_the_33rd_division_sets_up_in_a_hex_vacated() -> None:
    st = new_game()
    allied_done(st)
    refused(st, "central", {"type": "deploy", "unit": "AH-33", "hex": "1505"}, "25.23")
    choose(st, "central", "deploy", unit="G-12", hex="0201")  # 1505 vacated
    assert hexes_for(st, "central", "AH-33") == ["1505"]
    choose(st, "central", "deploy", unit="AH-33", hex="1505")
    assert U.record(st, "AH-33")["hex"] == "1505"
    assert "33rd Infantry Division (caporetto 25.23) is set up in 1505." in logged(
        st, "caporetto 25.23"
    )


def test_25_23_the_33rd_not_set_up_stays_out_of_play() -> None:
    st = new_game()
    allied_done(st)
    for uid in ("G-195R", "G-79R"):
        choose(st, "central", "deploy", unit=uid, hex="0101" if uid == "G-195R" else "0201")
    for n, uid in enumerate(("AH-1C", "AH-8C", "AH-9C", "AH-25", "AH-26", "AH-46")):
        choose(st, "central", "deploy", unit=uid, hex=f"{16 + n % 4:02d}0{1 + n // 4}")
    for n, uid in enumerate(("AH-D10", "AH-D11", "AH-D12", "AH-D13")):
        choose(st, "central", "deploy", unit=uid, hex=f"18{n + 2:02d}")
    choose(st, "central", "end_deployment")
    assert U.record(st, "AH-33")["status"] == "out_of_play"
    assert any("stays out of play" in t for t in logged(st, "caporetto 25.23"))
    # the game goes on to Game-Turn 1, the Central Powers first (4.0)
    assert st.data["phasing"] == "central" and st.top()["kind"] != DP.KIND


# --- Appendix A: free deployment ---------------------------------------------------------


def test_appendix_a_free_deployment_sets_up_anywhere_on_the_players_side() -> None:
    st = new_game({DP.FREE_ALLIED: True})
    hexes = hexes_for(st, "allied", "I-IV")
    assert "0210" in hexes and "1401" in hexes and "1501" not in hexes
    text = refused(st, "allied", {"type": "deploy", "unit": "I-IV", "hex": "1601"}, "Appendix A")
    assert "side of the trench lines" in text
    choose(st, "allied", "deploy", unit="I-IV", hex="0210")
    assert U.record(st, "I-IV")["hex"] == "0210"
    assert "IV Corps (fictional) is set up in 0210 from 1405. (caporetto Appendix A)" in [
        e["text"] for e in st.data["log"]
    ]


def test_appendix_a_free_deployment_for_the_historical_order_of_set_up() -> None:
    # in the teaching scenario (no Tyrol set-ups) free deployment alone gives a step
    game = greatwar.load("gwite/caporetto-teaching", {DP.FREE_CENTRAL: True})
    st = game.new_state(1)
    assert st.top()["kind"] == DP.KIND and st.top()["side"] == "central"
    choose(st, "central", "deploy", unit="AH-10C", hex="1609")
    choose(st, "central", "end_deployment")
    assert U.record(st, "AH-10C")["hex"] == "1609" and st.top()["kind"] != DP.KIND


def test_appendix_a_no_deployment_step_without_the_options() -> None:
    st = greatwar.load("gwite/caporetto-teaching").new_state(1)
    assert all(f["kind"] != DP.KIND for f in st.data["stack"])


# --- Appendix B: matched orders of battle ------------------------------------------------


def test_appendix_b_historical_central_ob_with_the_tyrol_allied_ob() -> None:
    st = new_game({DP.MATCHED_CENTRAL: True})
    allied_done(st)
    # no Central Powers set-up: the Tyrol's extra units stay out of play, Game-Turn 1
    assert st.top()["kind"] != DP.KIND
    assert U.record(st, "G-195R")["status"] == "out_of_play"
    assert U.record(st, "G-12")["hex"] == "1505"


def test_appendix_b_historical_allied_ob_with_the_tyrol_central_ob() -> None:
    st = new_game({DP.MATCHED_ALLIED: True})
    assert st.top()["side"] == "central"  # no Allied set-up: the French arrive as printed
    assert U.record(st, "F-64")["status"] == "pending"


# --- hidden information, computer players ------------------------------------------------


def test_25_31_the_second_player_sees_the_first_players_set_up() -> None:
    st = new_game()
    allied_done(st)
    view = st.view("central")
    assert "F-64" in str(view) and "0807" in str(view)


def test_25_31_the_random_agent_finishes_the_deployment() -> None:
    from greatwar.ai.random_agent import RandomAgent

    st = new_game(seed=4)
    agents = {role: RandomAgent(7 + n) for n, role in enumerate(("allied", "central"))}
    for _ in range(200):
        if all(f["kind"] != DP.KIND for f in st.data["stack"]):
            break
        role = st.active_roles()[0]
        st.apply(role, agents[role].choose(st.view(role)))
    assert all(f["kind"] != DP.KIND for f in st.data["stack"])
    assert U.record(st, "G-195R")["status"] == "on_map"
    assert U.record(st, "F-64")["hex"] == "0807"


def test_25_21_the_heuristic_sets_up_near_the_enemy_and_keeps_the_printed_set_up() -> None:
    from greatwar.ai.base import World
    from greatwar.ai.heuristic import HeuristicAgent

    st = new_game({DP.FREE_CENTRAL: True})
    agents = {"allied": HeuristicAgent(1), "central": HeuristicAgent(2)}
    for _ in range(100):
        if all(f["kind"] != DP.KIND for f in st.data["stack"]):
            break
        role = st.active_roles()[0]
        st.apply(role, agents[role].choose_in(st.view(role), World(st, role)))
    assert all(f["kind"] != DP.KIND for f in st.data["stack"])
    # 25.21: in the Tyrol salient, on the row facing the Italian Tyrol line
    assert U.record(st, "G-195R")["hex"] in SALIENT and U.record(st, "G-195R")["hex"][2:] == "02"
    assert U.record(st, "G-12")["hex"] == "1505"  # the printed set-up is kept
