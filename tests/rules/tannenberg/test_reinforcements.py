"""Tannenberg 17.0 set-up and reinforcements.

The FICTIONAL teaching scenario's German I Reserve Corps (HQ, two brigades, artillery)
arrives on stage 2 at entry A, A1 B23, the west end of the double-track Ostbahn.  Entry
B (A1 B17) has a road and no railway; entry C (A24 B11) is the east end of the Russian
Kowal line, whose adjacent track along the map edge is the Mlawka line's end, A12 B7.

Reinforcement actions are offered and carried out by the movement phase through the
hooks of :mod:`greatwar.rules.tannenberg.reinforcements`; these tests call the hooks
with the movement phase's frame (``at_movement``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.model.board import canonical
from greatwar.model.problems import ScenarioError
from greatwar.rules.tannenberg import arrivals, command, rail
from greatwar.rules.tannenberg import reinforcements as R
from greatwar.rules.tannenberg import units as U
from tests.rules.tannenberg.conftest import write_position

RESERVE_CORPS = ["G-HQ-IR", "G-69R-36R-IR", "G-70R-36R-IR", "G-IR-art"]
WAITING = {"status": "pending"}

# FICTIONAL counters for these tests only, arriving on stage 1: a Russian brigade at C
# (the Kowal line: by rail, 17.2.4), a German brigade at B (no railway: on foot).
TEST_COUNTERS = """
[[counter]]
id = "X-R-RAIL"
name = "Test Russian brigade by rail (FICTIONAL)"
side = "russian"
nationality = "russia"
type = "infantry"
size = "brigade"
corps = "III"
army = "1"
steps = [{ strength = 5, effectiveness = 3, movement = 4 }]
arrive = { turn = 1, entry = "C" }

[[counter]]
id = "X-G-ROAD"
name = "Test German brigade on foot (FICTIONAL)"
side = "german"
nationality = "germany"
type = "infantry"
size = "brigade"
army = "8"
steps = [{ strength = 5, effectiveness = 3, movement = 5 }]
arrive = { turn = 1, entry = "B" }
"""


def offered(st: State, role: str | None = None) -> list[dict[str, Any]]:
    frame = st.top()
    assert frame is not None
    return R.actions(st, frame, role or frame["side"])


def act(st: State, action: dict[str, Any], role: str | None = None) -> None:
    frame = st.top()
    assert frame is not None
    assert action in offered(st, role), f"{action} is not offered: {offered(st, role)}"
    R.apply(st, frame, action, role)


def enter(st: State, uid: str, hex_label: str) -> None:
    act(st, {"type": "enter", "unit": uid, "hex": hex_label})


def reserve_corps_due(at_movement: Any, **kw: Any) -> State:
    return at_movement({uid: dict(WAITING) for uid in RESERVE_CORPS}, stage=2, **kw)  # type: ignore[no-any-return]


def end_phase(st: State) -> None:
    frame = st.top()
    assert frame is not None
    R.end_movement_phase(st, frame["side"])


# --- 17.1 set-up ------------------------------------------------------------------------------


def test_17_1_units_start_on_their_set_up_hexes() -> None:
    game = greatwar.load("tannenberg/teaching")
    data = game.system.initial_data(game)
    board = game.scenario.board
    for uid, counter in game.scenario.counters.items():
        if counter.setup is not None:
            assert data["units"][uid]["hex"] == canonical(board, counter.setup)
            assert data["units"][uid]["status"] == "on_map"
        else:
            assert data["units"][uid]["status"] == "pending"
    assert data["units"]["G-HQ-8A"]["hex"] == "A7 B21"


# --- 17.2 reinforcements ----------------------------------------------------------------------


def test_17_2_1_reinforcements_are_due_on_their_stage(at_movement: Any) -> None:
    st = at_movement({uid: dict(WAITING) for uid in RESERVE_CORPS}, stage=1)
    assert R.due(st, "german") == []
    st.data["stage"] = 2
    assert R.due(st, "german") == RESERVE_CORPS
    assert R.arrival(st, "G-HQ-IR") == {
        "stage": 2,
        "entries": ["A1 B23"],
        "rail": True,
        "case": "17.2.1",
    }


def test_17_2_2_enter_in_own_movement_phase_only(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement, side="russian")
    assert offered(st, "german") == []
    frame = st.top()
    assert frame is not None
    action = {"type": "enter", "unit": "G-HQ-IR", "hex": "A1 B23"}
    assert R.explain(st, frame, "german", action)[1] == "tannenberg 17.2.2"


def test_17_2_2_enter_at_any_moment_of_the_phase(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement)
    assert {"type": "enter", "unit": "G-IR-art", "hex": "A1 B23"} in offered(st)
    enter(st, "G-IR-art", "A1 B23")
    assert U.record(st, "G-IR-art")["status"] == "on_map"
    assert "G-IR-art" not in R.due(st, "german")


def test_17_2_3_reinforcements_enter_as_a_stack(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement)
    for uid in RESERVE_CORPS:
        enter(st, uid, "A1 B23")
    assert sorted(U.units_in(st, "A1 B23")) == sorted(RESERVE_CORPS)


def test_17_2_4_entering_on_a_railway_they_come_by_rail_uncounted(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement)
    enter(st, "G-69R-36R-IR", "A1 B23")
    assert rail.entrained(st, "G-69R-36R-IR")
    # carried this stage (5.1.6) but not counted against the 7 units of 5.2.2
    assert rail.ops(st, "G-69R-36R-IR") == ["carry"]
    assert rail.counted(st, "german") == []
    frame = st.top()
    assert frame is not None
    rail.apply(st, frame, {"type": "rail_select", "unit": "G-69R-36R-IR"})
    # A1 B23 -> A2 B22 -> A3 B22 -> A4 B22 (the Vistula bridge) -> A5 B21 -> A6 B21 -> A7 B21
    rail.apply(st, frame, {"type": "rail_move", "unit": "G-69R-36R-IR", "to": "A7 B21"})
    assert rail.points_used(st, "G-69R-36R-IR") == 6
    assert rail.counted(st, "german") == []
    assert rail.why_not_unload(st, "G-69R-36R-IR")[1] == "tannenberg 5.1.6"  # type: ignore[index]
    st.data["stage"] += 1
    rail.apply(st, frame, {"type": "unload", "unit": "G-69R-36R-IR"})
    assert rail.counted(st, "german") == ["G-69R-36R-IR"]  # counted from its unloading


def test_17_2_4_at_a_foot_entry_hex_they_march(at_movement: Any) -> None:
    # The scenario names A24 B11 (entry C, on the Kowal line) a foot entry hex, as the
    # historical scenario names A24 B20.
    extra = '[special]\nfoot_entry_hexes = ["A24 B11"]\n'
    st = at_movement(
        {"X-R-RAIL": dict(WAITING)}, side="russian", extra=extra, extra_counters=TEST_COUNTERS
    )
    assert not R.arrival(st, "X-R-RAIL")["rail"]  # type: ignore[index]
    assert [a["type"] for a in offered(st)] == ["enter"]  # no delay on foot (17.2.5)
    enter(st, "X-R-RAIL", "A24 B11")
    assert not rail.entrained(st, "X-R-RAIL")
    assert rail.may_move_normally(st, "X-R-RAIL")


def test_17_2_5_rail_reinforcement_delayed_one_stage_by_the_adjacent_track(
    at_movement: Any,
) -> None:
    st = at_movement({"X-R-RAIL": dict(WAITING)}, side="russian", extra_counters=TEST_COUNTERS)
    assert {"type": "delay_entry", "unit": "X-R-RAIL", "hex": "A12 B7"} in offered(st)
    act(st, {"type": "delay_entry", "unit": "X-R-RAIL", "hex": "A12 B7"})
    assert R.due(st, "russian") == []
    st.data["stage"] = 2
    assert offered(st) == [{"type": "enter", "unit": "X-R-RAIL", "hex": "A12 B7"}]
    enter(st, "X-R-RAIL", "A12 B7")
    assert U.record(st, "X-R-RAIL")["hex"] == "A12 B7"
    assert rail.entrained(st, "X-R-RAIL")


def test_17_2_5_only_rail_reinforcements_are_delayed(at_movement: Any) -> None:
    st = at_movement({"X-G-ROAD": dict(WAITING)}, extra_counters=TEST_COUNTERS)
    assert [a["type"] for a in offered(st)] == ["enter"]
    frame = st.top()
    assert frame is not None
    action = {"type": "delay_entry", "unit": "X-G-ROAD", "hex": "A1 B23"}
    assert R.explain(st, frame, "german", action)[1] == "tannenberg 17.2.5"


def test_17_2_6_arriving_corps_hq_holds_march(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement)
    enter(st, "G-HQ-IR", "A1 B23")
    assert U.has_marker(st, "G-HQ-IR", command.MARCH)
    assert command.order(st, "G-HQ-IR") == command.MARCH


def test_17_2_7_arriving_units_are_commanded_that_stage(at_movement: Any) -> None:
    # The brigade arrives without its corps HQ and far from the army HQ (not on the map).
    st = reserve_corps_due(at_movement)
    enter(st, "G-69R-36R-IR", "A1 B23")
    assert R.arrived_this_stage(st, "G-69R-36R-IR")
    assert command.commanded(st, "G-69R-36R-IR")


def test_17_2_8_barred_entry_on_foot_moves_to_edge_hexes_within_three(
    at_movement: Any,
) -> None:
    # A Russian brigade at A2 B17 controls A1 B17 and A1 B18 (its west neighbours).
    st = at_movement(
        {"X-G-ROAD": dict(WAITING), "R-1-25-III": "A2 B17"}, extra_counters=TEST_COUNTERS
    )
    assert offered(st) == []
    end_phase(st)
    # map-edge hexes within 3 of A1 B17: the west edge A1 B14 .. A1 B20 (A2 B14-B19 and
    # the hexes further east have six neighbours)
    when = R.arrival(st, "X-G-ROAD")
    assert when is not None and when["stage"] == 2 and not when["rail"]
    assert when["entries"] == [f"A1 B{b}" for b in range(14, 21)]
    st.data["stage"] = 2
    assert [a["hex"] for a in offered(st)] == ["A1 B14", "A1 B15", "A1 B16", "A1 B19", "A1 B20"]


def test_17_2_8_barred_entry_by_rail_moves_to_the_adjacent_track(at_movement: Any) -> None:
    # A German brigade at A23 B12 controls A24 B11 (dA = +1, dB = -1).
    st = at_movement(
        {"X-R-RAIL": dict(WAITING), "G-1-1-I": "A23 B12"},
        side="russian",
        extra_counters=TEST_COUNTERS,
    )
    assert [a for a in offered(st) if a["type"] == "enter"] == []
    frame = st.top()
    assert frame is not None
    action = {"type": "enter", "unit": "X-R-RAIL", "hex": "A24 B11"}
    assert R.explain(st, frame, "russian", action)[1] == "tannenberg 17.2.8"
    end_phase(st)
    assert R.arrival(st, "X-R-RAIL") == {
        "stage": 2,
        "entries": ["A12 B7"],
        "rail": True,
        "case": "17.2.8",
        "origin": "A24 B11",
    }
    st.data["stage"] = 2
    enter(st, "X-R-RAIL", "A12 B7")
    assert rail.entrained(st, "X-R-RAIL")


def test_17_2_8_rail_entry_without_adjacent_track_comes_on_foot(at_movement: Any) -> None:
    # A1 B23 is the only German rail exit of the teaching map, and a Russian brigade at
    # A2 B23 bars it: the reserve corps comes on foot by the map-edge hexes within 3.
    units: dict[str, Any] = {uid: dict(WAITING) for uid in RESERVE_CORPS}
    st = at_movement({**units, "R-1-25-III": "A2 B23"}, stage=2)
    end_phase(st)
    when = R.arrival(st, "G-HQ-IR")
    assert when is not None and not when["rail"] and when["stage"] == 3
    board = st.game.scenario.board
    assert "A1 B23" in when["entries"] and "A1 B20" in when["entries"]
    assert all(board.is_edge(h) and board.distance(h, "A1 B23") <= 3 for h in when["entries"])


def test_17_2_8_a_reinforcement_not_entered_by_choice_stays_due(at_movement: Any) -> None:
    st = reserve_corps_due(at_movement)
    end_phase(st)
    st.data["stage"] = 3
    assert R.due(st, "german") == RESERVE_CORPS
    assert R.arrival(st, "G-HQ-IR")["entries"] == ["A1 B23"]  # type: ignore[index]


def test_17_3_2_scheduled_by_rail_from_the_west_edge(at_movement: Any) -> None:
    units = ["G-HQ-RG", "G-5-3G-RG", "G-6-3G-RG"]
    st = at_movement({uid: dict(WAITING) for uid in units})
    R.schedule(st, units, 3, True, edge="west")
    assert R.due(st, "german") == []
    st.data["stage"] = 3
    assert R.due(st, "german") == units
    assert [a["hex"] for a in offered(st) if a["unit"] == "G-HQ-RG"] == ["A1 B23"]
    enter(st, "G-5-3G-RG", "A1 B23")
    assert rail.entrained(st, "G-5-3G-RG")


def test_17_2_4_foot_entry_hexes_and_entrained_arrivals_are_checked(tmp_path: Any) -> None:
    # A foot entry hex off the map, and a brigade said to arrive entrained at entry B
    # (A1 B17), where no railway runs: both are reported when the scenario is loaded.
    counters = TEST_COUNTERS.replace(
        'arrive = { turn = 1, entry = "B" }', 'arrive = { turn = 1, entry = "B", entrained = true }'
    )
    path = write_position(
        tmp_path,
        {},
        extra='[special]\nfoot_entry_hexes = ["A99 B99"]\n',
        extra_counters=counters,
    )
    with pytest.raises(ScenarioError) as error:
        greatwar.load(path)
    text = str(error.value)
    assert "A99 B99" in text
    assert "X-G-ROAD arrives entrained at A1 B17" in text


def test_17_2_1_a_reinforcement_whose_entry_is_not_yet_entered_stays_off_the_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An entry of ``'?'`` (not yet entered in a scenario's data, as GWitE's 14.11 reading
    in docs/readings.md) gives the unit no arrival: it is never due, and play goes on
    without a fault where it crashed on the entry before."""
    printed = U.info

    def info(st: State, uid: str) -> Any:
        found = printed(st, uid)
        return replace(found, arrive_entry="?") if uid == "R-HQ-XXIII" else found

    monkeypatch.setattr(arrivals.U, "info", info)
    state = greatwar.load("tannenberg/teaching").new_state(1)
    assert arrivals.entry_hex(state, "R-HQ-XXIII") is None
    assert arrivals.arrival(state, "R-HQ-XXIII") is None
    assert arrivals.arrival(state, "G-HQ-IR") is not None  # the others come as printed
    rng = random.Random(1)
    while not state.is_over() and state.data["stage"] <= 4:
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
        assert "R-HQ-XXIII" not in arrivals.due(state, "russian")
    assert state.data["units"]["R-HQ-XXIII"]["status"] == "pending"
