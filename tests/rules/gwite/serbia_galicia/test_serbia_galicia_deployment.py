"""Serbia/Galicia's set-ups on the FICTIONAL teaching scenarios: the Free Deployment
Campaign (``gwite/serbia-galicia-teaching-free``: 26.2-26.23) and 1 September 1914
(``gwite/serbia-galicia-teaching-september``: 26.3-26.33, the start line and army
boundaries of the teaching Galician map, the pre-game attrition)."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import deployment as DP
from tests.rules.gwite.kit import choose, play_until, seed_rolling

FREE = "gwite/serbia-galicia-teaching-free"
SEPTEMBER = "gwite/serbia-galicia-teaching-september"
#: the teaching start line (row 05, columns 03-08) and two army boundaries
LINE = ["g0305", "g0405", "g0505", "g0605", "g0705", "g0805"]
AH_1A = ["g0305", "g0306", "g0307", "g0405", "g0406", "g0407", "g0505", "g0506", "g0507"]
#: an A-H set-up covering the whole start line: I Corps in g0405 and XI Corps in g0705
#: hold it with their Zones of Control (the rest behind)
AUSTRIAN = [
    ("AH-1K", "g0405"),
    ("AH-XIK", "g0705"),
    ("AH-5D", "g0306"),
    ("AH-12D", "g0806"),
    ("AH-HQ-1A", "g0406"),
    ("AH-HQ-3A", "g0706"),
]
RUSSIAN = [
    ("R-XIVK", "g0404"),
    ("R-16K", "g0504"),
    ("R-XIK", "g0704"),
    ("R-9KD", "g0604"),
    ("R-HQ-4A", "g0403"),
    ("R-HQ-3A", "g0703"),
]


def new_game(ref: str, seed: int = 1, options: dict[str, Any] | None = None) -> State:
    game = greatwar.load(ref, options or {})
    game.checking = True
    return game.new_state(seed)


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


def set_up(st: State, role: str, placements: list[tuple[str, str]]) -> None:
    for uid, h in placements:
        choose(st, role, "deploy", unit=uid, hex=h)
    choose(st, role, "end_deployment")


def country(st: State, h: str) -> str:
    return st.game.scenario.board.country[h]


# --- 26.2 free deployment -------------------------------------------------------------


def test_26_2_the_set_up_hexes_are_disregarded_and_a_unit_may_go_elsewhere() -> None:
    st = new_game(FREE)
    assert st.top()["kind"] == DP.KIND and st.data["turn"] == 1
    assert U.record(st, "S-1MD")["hex"] == "s0905"  # the printed hex, until set up again
    choose(st, "allied", "deploy", unit="S-1MD", hex="s0808")
    assert U.record(st, "S-1MD")["hex"] == "s0808"
    line = "1st Morava Division (fictional) is set up in s0808 from s0905."
    assert line in logged(st, "serbia-galicia 26.21")
    text = refused(st, "allied", {"type": "deploy", "unit": "S-1MD", "hex": "s0707"}, "26.21")
    assert "already been set up" in text


def test_26_21_serbians_anywhere_in_serbia_before_the_austro_hungarians() -> None:
    st = new_game(FREE)
    assert st.top()["side"] == "allied" and st.active_roles() == ["allied"]
    refused(st, "central", {"type": "deploy", "unit": "AH-1K", "hex": "g0305"}, "26.21")
    hexes = hexes_for(st, "allied", "S-1DD")
    assert hexes and all(h.startswith("s") and country(st, h) == "serbia" for h in hexes)
    assert not hexes_for(st, "allied", "R-XIVK")  # the Russians set up as printed
    text = refused(st, "allied", {"type": "deploy", "unit": "S-1DD", "hex": "s0202"}, "26.21")
    assert "not in Serbia" in text
    set_up(st, "allied", [("S-1DD", "s0606")])
    assert st.top()["kind"] == DP.KIND and st.top()["side"] == "central"  # then the A-H
    assert logged(st, "serbia-galicia 26.21")[-1] == "Allies: the set-up is done."


def test_26_22_austro_hungarians_anywhere_in_austria_the_balkan_armies_on_serbias_map() -> None:
    st = new_game(FREE)
    choose(st, "allied", "end_deployment")
    hexes = hexes_for(st, "central", "AH-1K")  # 1st Army: either map
    assert {h[0] for h in hexes} == {"g", "s"}
    assert all(country(st, h) == "austria-hungary" for h in hexes)
    balkan = hexes_for(st, "central", "AH-VIIIK")  # 5th Army: the Serbian map only
    assert balkan and all(h.startswith("s") for h in balkan)
    text = refused(st, "central", {"type": "deploy", "unit": "AH-VIIIK", "hex": "g0306"}, "26.22")
    assert "the 5th and 6th armies' units: on the Serbian map" in text
    refused(st, "central", {"type": "deploy", "unit": "AH-1K", "hex": "g0303"}, "26.22")
    choose(st, "central", "deploy", unit="AH-1K", hex="s0102")  # from Galicia to Serbia's map
    assert U.record(st, "AH-1K")["hex"] == "s0102"
    assert any("s0102 from g0305" in t for t in logged(st, "serbia-galicia 26.22"))
    choose(st, "central", "end_deployment")
    assert st.top()["kind"] != DP.KIND  # play begins


def test_26_23_twelve_more_stacking_points_of_reinforcements_only_by_agreement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    st = new_game(FREE)
    choose(st, "allied", "end_deployment")
    assert not hexes_for(st, "central", "AH-VIK")  # without the option: as printed
    refused(st, "central", {"type": "deploy", "unit": "AH-VIK", "hex": "g0306"}, "26.22")
    st = new_game(FREE, options={DP.EXTRA_AUSTRIAN: True})
    choose(st, "allied", "end_deployment")
    assert U.record(st, "AH-VIK")["status"] == "pending"
    choose(st, "central", "deploy", unit="AH-VIK", hex="g0306")
    assert U.record(st, "AH-VIK") == {**U.record(st, "AH-VIK"), "status": "on_map", "hex": "g0306"}
    assert st.top()["extra"] == 4  # a corps: 4 Stacking Points of the 12
    assert logged(st, "serbia-galicia 26.23") == ["VI Corps (fictional) is set up in g0306."]
    monkeypatch.setattr(DP, "EXTRA_POINTS", 5)  # (a smaller limit, to reach it)
    text = refused(st, "central", {"type": "deploy", "unit": "AH-17D", "hex": "g0307"}, "26.22")
    assert "more than 5 extra Stacking Points" in text


# --- 26.3 the September scenario ------------------------------------------------------


def test_26_3_the_game_begins_with_the_russian_player_turn_of_game_turn_7() -> None:
    st = new_game(SEPTEMBER)
    set_up(st, "central", AUSTRIAN)
    set_up(st, "allied", RUSSIAN)
    assert st.data["turn"] == 7 and st.data["phasing"] == "allied"
    assert any(t == "Game-Turn 7: Allies Player-Turn begins." for t in logged(st, "4.0"))


def test_26_31_austro_hungarians_first_each_within_its_army_boundaries() -> None:
    st = new_game(SEPTEMBER)
    assert st.top()["side"] == "central" and st.active_roles() == ["central"]
    assert all(U.record(st, u)["status"] != "on_map" for u, _ in AUSTRIAN + RUSSIAN)
    refused(st, "allied", {"type": "deploy", "unit": "R-XIVK", "hex": "g0404"}, "26.31")
    assert hexes_for(st, "central", "AH-1K") == AH_1A  # the 1st Army's boundaries
    text = refused(st, "central", {"type": "deploy", "unit": "AH-1K", "hex": "g0605"}, "26.31")
    assert "within its army's boundaries" in text  # the 3rd Army's stretch of the line
    choose(st, "central", "deploy", unit="AH-1K", hex="g0405")
    assert U.record(st, "AH-1K")["hex"] == "g0405"
    assert "I Corps (fictional) is set up in g0405." in logged(st, "serbia-galicia 26.31")


def test_26_31_every_start_line_hex_must_be_covered_by_units_or_their_zoc() -> None:
    st = new_game(SEPTEMBER)
    choose(st, "central", "deploy", unit="AH-1K", hex="g0405")
    choose(st, "central", "deploy", unit="AH-12D", hex="g0807")  # behind: the 3rd's stretch open
    assert DP.uncovered(st, "central") == ["g0605", "g0705", "g0805"]
    text = refused(st, "central", {"type": "end_deployment"}, "26.31")
    assert "start-line hexes g0605, g0705, g0805 are neither occupied nor in a Zone" in text
    choose(st, "central", "deploy", unit="AH-XIK", hex="g0705")
    assert DP.uncovered(st, "central") == []
    # the deployment still waits for the counters left to set up
    refused(st, "central", {"type": "end_deployment"}, "26.31")
    for uid, h in AUSTRIAN[2:]:
        if uid != "AH-12D":
            choose(st, "central", "deploy", unit=uid, hex=h)
    choose(st, "central", "end_deployment")
    assert st.top()["kind"] != DP.KIND or st.top()["side"] == "allied"


def test_26_31_a_line_left_open_when_no_unit_is_left_is_logged() -> None:
    st = new_game(SEPTEMBER)
    for uid, h in [("AH-1K", "g0306"), ("AH-XIK", "g0706"), ("AH-5D", "g0307")]:
        choose(st, "central", "deploy", unit=uid, hex=h)
    for uid, h in [("AH-12D", "g0707"), ("AH-HQ-1A", "g0406"), ("AH-HQ-3A", "g0806")]:
        choose(st, "central", "deploy", unit=uid, hex=h)
    choose(st, "central", "end_deployment")  # every counter is set up: it may finish
    assert any(t.startswith("Start-line hexes left uncovered") for t in logged(st, DP.CASE_LINE))


def test_26_32_pre_game_attrition_a_h_2_two_steps_1_one_russian_1_or_2_one() -> None:
    # A-H units roll in id order: 12th Division 2, I Corps 1, 5th Division and XI Corps 3
    # or more; then the Russians: XVI Corps 2, 9th Cavalry 1, XI and XIV Corps 3 or more
    later = {3, 4, 5, 6}
    st = new_game(SEPTEMBER, seed=seed_rolling(2, 1, later, later, 2, 1, later, later))
    set_up(st, "central", AUSTRIAN)
    assert U.record(st, "AH-12D")["status"] == "eliminated"  # two steps: all it had
    assert U.record(st, "AH-1K")["lost"] == 1
    assert U.record(st, "AH-5D")["lost"] == 0 and U.record(st, "AH-XIK")["lost"] == 0
    assert U.record(st, "AH-HQ-1A")["lost"] == 0  # HQs do not roll (see the readings)
    rolls = [t for t in logged(st, DP.CASE_ATTRITION) if t.startswith("Die roll")]
    assert len(rolls) == 4  # before the Russians set up
    assert st.top()["kind"] == DP.KIND and st.top()["side"] == "allied"
    set_up(st, "allied", RUSSIAN)
    assert U.record(st, "R-16K")["lost"] == 1 and U.record(st, "R-9KD")["lost"] == 1
    assert U.record(st, "R-XIK")["lost"] == 0 and U.record(st, "R-XIVK")["lost"] == 0
    assert "I Corps (fictional) loses 1 step (pre-game attrition); now 3-4." in logged(
        st, DP.CASE_ATTRITION
    )


def test_26_33_the_allied_victory_points_begin_at_35() -> None:
    no_loss = {3, 4, 5, 6}
    st = new_game(SEPTEMBER, seed=seed_rolling(*[no_loss] * 8))  # no pre-game step lost
    assert st.data["vp"] == 35
    set_up(st, "central", AUSTRIAN)
    set_up(st, "allied", RUSSIAN)
    assert st.data["turn"] == 7 and st.data["vp"] == 35


# --- 26.24 reinforcements at other entry hexes -----------------------------------------


def _russian_reinforcements_due(ref: str) -> State:
    """The Allied Reinforcement Segment of Game-Turn 3: the Russian VII Corps is due at
    entry K (g1403, the east edge)."""
    st = new_game(ref)
    while st.top()["kind"] == DP.KIND:
        choose(st, st.active_roles()[0], "end_deployment")
    play_until(st, lambda s: _segment(s, "allied", 3))
    return st


def _segment(st: State, side: str, turn: int) -> bool:
    top = st.top()
    return bool(
        top["kind"] == "reinforcement"
        and top["side"] == side
        and st.data["turn"] == turn
        and st.active_roles()
    )


def test_26_24_another_rail_entry_on_the_same_edge_one_game_turn_later() -> None:
    st = _russian_reinforcements_due(FREE)
    delays = {
        a["hex"]
        for a in st.legal_actions("allied")
        if a["type"] == "delay" and a["unit"] == "R-VIIK"
    }
    assert delays == {"g1406", "g0601"}  # P on the east edge, R on the north edge
    choose(st, "allied", "delay", unit="R-VIIK", hex="g1406")
    assert U.record(st, "R-VIIK")["status"] == "pending"
    assert logged(st, DP.CASE_ENTRY) == [
        "VII Corps (fictional) is brought in at g1406 instead of g1403, 1 Game-Turn later:"
        " it may enter there from Game-Turn 4."
    ]
    play_until(st, lambda s: _segment(s, "allied", 4))
    choose(st, "allied", "enter", unit="R-VIIK", hex="g1406")
    assert U.record(st, "R-VIIK")["hex"] == "g1406"


def test_26_24_another_map_edge_three_game_turns_later() -> None:
    st = _russian_reinforcements_due(FREE)
    choose(st, "allied", "delay", unit="R-VIIK", hex="g0601")
    assert "it may enter there from Game-Turn 6." in logged(st, DP.CASE_ENTRY)[0]
    play_until(st, lambda s: _segment(s, "allied", 4))
    text = refused(st, "allied", {"type": "enter", "unit": "R-VIIK", "hex": "g0601"}, "14.22")
    assert "from Game-Turn 6" in text
    assert not any(a["type"] == "delay" for a in st.legal_actions("allied"))  # re-routed once


def test_26_24_only_in_free_deployment() -> None:
    st = _russian_reinforcements_due("gwite/serbia-galicia-teaching")
    assert not any(a["type"] == "delay" for a in st.legal_actions("allied"))
    refused(st, "allied", {"type": "delay", "unit": "R-VIIK", "hex": "g1406"}, "14.22")


# --- computer players ---------------------------------------------------------------------


def _until_played(st: State, agents: dict[str, Any], with_world: bool) -> None:
    from greatwar.ai.base import World

    for _ in range(300):
        if all(f["kind"] not in (DP.KIND, DP.ATTRITION) for f in st.data["stack"]):
            return
        role = st.active_roles()[0]
        view = st.view(role)
        chosen = agents[role].choose_in(view, World(st, role)) if with_world else None
        st.apply(role, chosen or agents[role].choose(view))
    raise AssertionError("the set-up did not end")


def test_26_31_the_computer_players_set_up_on_the_start_line() -> None:
    from greatwar.ai.heuristic import HeuristicAgent

    st = new_game(SEPTEMBER)
    _until_played(st, {"allied": HeuristicAgent(1), "central": HeuristicAgent(2)}, True)
    assert st.data["turn"] == 7
    for uid, _ in AUSTRIAN + RUSSIAN:
        record = U.record(st, uid)
        assert record["status"] == "eliminated" or record["hex"] in DP.line_hexes(st, uid)


def test_26_21_the_random_agent_finishes_the_free_deployment() -> None:
    from greatwar.ai.random_agent import RandomAgent

    st = new_game(FREE, seed=4)
    _until_played(st, {"allied": RandomAgent(7), "central": RandomAgent(8)}, False)
    assert country(st, U.record(st, "S-1MD")["hex"]) == "serbia"
    assert U.record(st, "AH-VIIIK")["hex"].startswith("s")  # 26.22 a Balkan army's unit
