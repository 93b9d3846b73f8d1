"""The heuristic agent plays the game, not the dice: set positions on the teaching map
(tests/rules/gwite/conftest.py) where one choice is plainly right."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.ai.base import decide
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.ai.heuristic_gwite import front, last_turn
from greatwar.engine.state import State
from greatwar.rules.gwite import units as U

GWITE_KIT = Path(__file__).parents[1] / "rules" / "gwite" / "conftest.py"
#: units far off in a corner of the map, so that neither side has an empty board
FAR = {"G-MB": "2001", "R-BNB": "2002"}


def _position(tmp_path: Path, units: dict[str, str], seed: int = 1, **kw: Any) -> State:
    spec = importlib.util.spec_from_file_location("gwite_positions", GWITE_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = module.write_position(tmp_path, {**FAR, **units}, **kw)
    return greatwar.load(path).new_state(seed)


def _move_of(state: State, role: str, uid: str, seed: int = 3) -> dict[str, Any]:
    """The agent takes ``uid`` in hand and moves it: the move (or finish) it makes."""
    agent = HeuristicAgent(seed)
    state.apply(role, {"type": "select", "unit": uid})
    return decide(agent, state, role)


def test_it_takes_an_undefended_city_next_to_it(tmp_path: Path) -> None:
    # a Russian division next to 0707, a Central Powers city (2 points) with no one in it
    for beside in ("0706", "0808", "0607"):
        state = _position(tmp_path / beside, {"R-3S": beside}, control={"0707": "central"})
        action = _move_of(state, "allied", "R-3S")
        assert action["type"] == "move" and action["to"] == "0707"


def test_a_lone_garrison_stays_in_its_city_while_the_enemy_is_a_move_away(
    tmp_path: Path,
) -> None:
    # a Russian division alone in 1302 (2 points); a German division five hexes off
    units = {"R-3S": "1302", "G-35R": "0804"}
    state = _position(tmp_path, units, phasing="allied", control={"1302": "allied"})
    action = _move_of(state, "allied", "R-3S")
    assert action["type"] == "finish" or action.get("to") == "1302"


def test_on_the_last_turn_holding_a_city_outweighs_supply(tmp_path: Path) -> None:
    # 9.21: supply is traced at the start of a Movement Phase; on the last Game-Turn a
    # unit out of supply loses only its attack's strength, so it weighs little
    units = {"G-35R": "1303"}
    state = _position(tmp_path, units, phasing="central", turn=6)
    assert last_turn(state)
    f = front(state, "central")
    early = front(_position(tmp_path / "early", units, phasing="central", turn=2), "central")
    assert f.supply_weight < early.supply_weight


def test_an_attack_on_a_city_counts_for_more_than_its_losses() -> None:
    from greatwar.ai.heuristic_gwite import objective_bonus

    state = greatwar.load("gwite/teaching").new_state(1)
    assert objective_bonus(state, "1906") > objective_bonus(state, "1302") > 0  # 3, 2 points
    assert objective_bonus(state, "1305") == 0  # no city


def test_it_ends_the_segment_rather_than_break_down_and_reconstitute_corps() -> None:
    # Von Hindenburg 21.1: with every unit moved, only corps changes and the end are left
    import random

    from greatwar.ai import heuristic_gwite
    from greatwar.ai.heuristic import Turn

    state = greatwar.load("gwite/hindenburg-teaching").new_state(1)
    legal = [
        {"type": "break_down", "unit": "R-XIX", "divisions": ["R-XIX-17", "R-XIX-38"]},
        {"type": "reconstitute", "unit": "R-XVII", "divisions": ["R-XVII-3", "R-XVII-35"]},
        {"type": "end_segment"},
    ]
    choice = heuristic_gwite.choose(Turn("allied", {}, legal, state, set(), random.Random(1)))
    assert choice is not None and choice.action == {"type": "end_segment"}


WITHDRAWAL = {"phase": "cavalry_withdrawal", "segment": "cavalry_withdrawal"}


def test_12_1_the_last_unit_in_a_city_does_not_withdraw_before_combat(tmp_path: Path) -> None:
    # Russian cavalry alone in Wolnowo (1302, 2 points), a German division next to it:
    # withdrawing would empty the city, and the Germans could move in at once (12.16)
    from greatwar.ai.heuristic_gwite import _last_in_a_town

    units = {"R-7C": "1302", "G-35R": "1202"}
    state = _position(tmp_path / "alone", units, phasing="central", **WITHDRAWAL)
    assert {"type": "attempt", "unit": "R-7C"} in state.legal_actions("allied")
    assert _last_in_a_town(state, "R-7C")
    action = decide(HeuristicAgent(3), state, "allied")
    assert action == {"type": "end_phase"}
    state.apply("allied", action)
    assert state.data["units"]["R-7C"]["hex"] == "1302"
    # with a corps beside it in the city, the cavalry is free to try
    guarded = _position(
        tmp_path / "guarded", {**units, "R-XIX": "1302"}, phasing="central", **WITHDRAWAL
    )
    assert not _last_in_a_town(guarded, "R-7C")


def test_12_16_it_moves_into_a_vacated_hex_no_more_than_the_stacking_limit_allows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Russian cavalry in 1302 withdraws (die 4 at seed 3); two German corps (4 stacking
    # points each) and a division (2) next to it may move in, 10 points for a limit of 8:
    # the units over it would be eliminated at the end of the phase (6.14, 12.16).  The
    # look-ahead is made to want every unit in the hex (as Caporetto's 24.21 makes each
    # step there count): the stacking limit still holds it back.
    from greatwar.ai import heuristic
    from greatwar.rules.gwite import stacking

    monkeypatch.setattr(
        heuristic, "evaluate", lambda st, role: stacking.stacking_points(st, "1302")
    )

    units = {"R-7C": "1302", "G-I": "1202", "G-XVII": "1203", "G-35R": "1303"}
    state = _position(tmp_path, units, seed=3, phasing="central", **WITHDRAWAL)
    state.apply("allied", {"type": "attempt", "unit": "R-7C"})
    state.apply(
        "allied", {"type": "withdraw", "unit": "R-7C", "to": "1401", "path": ["1402", "1401"]}
    )
    offered = {a.get("unit") for a in state.legal_actions("central")}
    assert {"G-I", "G-XVII", "G-35R"} <= offered
    agent = HeuristicAgent(3)
    while state.active_roles() == ["central"] and state.top()["kind"] == "cavalry_withdrawal":
        state.apply("central", decide(agent, state, "central"))
    moved_in = [u for u in units if u != "R-7C" and state.data["units"][u]["hex"] == "1302"]
    assert moved_in, "the vacated hex is worth taking"
    assert 0 < stacking.stacking_points(state, "1302") <= 8
    while state.top() is not None and state.top()["kind"] == "cavalry_withdrawal":
        role = state.active_roles()[0]
        state.apply(role, decide(HeuristicAgent(3), state, role))
    # the phase is over and nothing was lost to overstacking
    assert all(state.data["units"][u]["status"] == "on_map" for u in units if u != "R-7C")
    assert not [e for e in state.data["log"] if e.get("case") == "6.14"]


def _off_the_map(tmp_path: Path, units: dict[str, str]) -> State:
    """G-1K (cavalry, MA 8) entrains at 0106 and leaves the map by rail toward 0114 (5.37):
    the heuristic then has a unit in hand with no hex."""
    st = _position(tmp_path, {"G-1K": "0106", **units}, phasing="central")
    st.apply("central", {"type": "select", "unit": "G-1K"})
    (entrain,) = [a for a in st.legal_actions("central") if a["type"] == "entrain"]
    st.apply("central", entrain)
    st.apply("central", {"type": "off_map", "unit": "G-1K", "to": "0114"})
    assert U.record(st, "G-1K")["hex"] is None
    return st


def test_5_37_a_unit_off_the_map_is_brought_back_at_the_exit_hex(tmp_path: Path) -> None:
    st = _off_the_map(tmp_path, {})
    action = decide(HeuristicAgent(3), st, "central")
    assert action == {"type": "reenter", "unit": "G-1K", "hex": "0114"}
    st.apply("central", action)
    assert U.record(st, "G-1K")["hex"] == "0114"


def test_5_38_a_unit_that_may_not_reenter_stays_off_the_map(tmp_path: Path) -> None:
    # R-1G in 0215 controls the exit hex 0114: no re-entry there (5.37); the heuristic
    # plays the Movement Segment out and the unit stays off the map, its Movement Points
    # paid carried over (5.38)
    st = _off_the_map(tmp_path, {"R-1G": "0215"})
    agent = HeuristicAgent(3)
    for _ in range(50):
        if not st.legal_actions("central"):
            break
        st.apply("central", decide(agent, st, "central"))
    assert not st.legal_actions("central")  # the Central Powers' Movement Segment is over
    assert "5.38" in [e.get("case") for e in st.data["log"]]
    assert U.record(st, "G-1K")["status"] == "off_map"
    assert U.record(st, "G-1K")["off_map"]["mp"] == 6


def test_9_15_it_takes_back_its_own_rail_hex_the_enemy_last_occupied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 1607, on the Russians' Imperial Line, was last occupied by a Central Powers unit: no
    # Friendly rail for the Russians (5.33), neither for rail movement nor as a source of
    # supply (9.15), until a Russian unit enters it again.  R-3S, next to it in 1608, goes
    # there rather than on toward the Central Powers' cities; the rules then count 1607
    # a Russian rail source again.  Without the rule of thumb it marches on to 1309.
    from greatwar.ai import heuristic_gwite
    from greatwar.rules.gwite import supply

    for reclaim, goes_to in ((True, "1607"), (False, "1309")):
        monkeypatch.setattr(heuristic_gwite, "RECLAIM_RAIL", reclaim)
        state = _position(tmp_path / str(reclaim), {"R-3S": "1608"}, control={"1607": "central"})
        assert "1607" not in supply.table(state, "allied").rail
        action = _move_of(state, "allied", "R-3S")
        assert action["type"] == "move" and action["to"] == goes_to
        state.apply("allied", action)
        taken_back = state.data["control"].get("1607") == "allied"
        assert taken_back is reclaim
        assert ("1607" in supply.table(state, "allied").rail) is reclaim


def test_7_24_it_holds_its_own_rail_open_where_the_enemy_zone_cuts_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # G-35R in 1105 controls 1106, a hex of the Russians' rail: no rail path to their map
    # edge passes it (9.15), and R-62R in 0807 traces no line of supply.  A Russian unit
    # in 1106 negates the zone for supply (7.24).  R-3S in 1107 goes there, and the rules
    # give R-62R its line again; without the rule of thumb it goes to 1207 and R-62R
    # stays out of supply.
    from greatwar.ai import heuristic_gwite
    from greatwar.rules.gwite import supply

    for hold, goes_to in ((True, "1106"), (False, "1207")):
        monkeypatch.setattr(heuristic_gwite, "HOLD_RAIL_OPEN", hold)
        units = {"G-35R": "1105", "R-3S": "1107", "R-62R": "0807"}
        state = _position(tmp_path / f"enter-{hold}", units)
        assert supply.table(state, "allied").line["R-62R"] is False
        action = _move_of(state, "allied", "R-3S")
        assert action["type"] == "move" and action["to"] == goes_to
        state.apply("allied", action)
        assert supply.table(state, "allied").line["R-62R"] is hold


def test_7_24_a_lone_unit_holding_its_rail_open_for_a_line_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-3S alone in 1207, a Russian rail hex G-35R in 1206 controls, negates the zone
    # there for supply (7.24), and R-62R in 0907 traces its line through the rail it
    # keeps open.  With the rule of thumb R-3S stays; without, it leaves for 0906 and the
    # rules leave R-62R out of supply.
    from greatwar.ai import heuristic_gwite
    from greatwar.rules.gwite import supply

    for hold in (True, False):
        monkeypatch.setattr(heuristic_gwite, "HOLD_RAIL_OPEN", hold)
        units = {"G-35R": "1206", "R-3S": "1207", "R-62R": "0907"}
        state = _position(tmp_path / f"leave-{hold}", units)
        assert supply.table(state, "allied").line["R-62R"] is True
        action = _move_of(state, "allied", "R-3S")
        assert (action["type"] == "finish") is hold
        if action["type"] == "move":
            assert action["to"] == "0906"
            state.apply("allied", action)
        assert supply.table(state, "allied").line["R-62R"] is hold


def test_19_21_it_force_marches_a_corps_only_when_the_farther_move_pays_its_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Caporetto, FICTIONAL teaching map: the Italian IV Corps (MA 6) in 1210, its army HQ
    # beside it, a German division at the front in 1505.  Forcing the march opens farther
    # moves (19.11); at no price the agent forces it and the corps loses a step when its
    # move ends (19.21), at a price no move pays it marches at its own pace and keeps them
    from greatwar.ai import heuristic_gwite
    from greatwar.rules.gwite.caporetto import forced_march
    from tests.rules.gwite.caporetto.conftest import write_caporetto_position

    units = {"I-IV": "1210", "I-HQ-2A": "1209", "G-12": "1505"}
    for price, marched in ((0.0, True), (1e9, False)):
        monkeypatch.setattr(heuristic_gwite, "FORCED_MARCH_PRICE", price)
        directory = tmp_path / f"price-{price}"
        directory.mkdir()
        path = write_caporetto_position(directory, units, phasing="allied")
        state = greatwar.load(path).new_state(1)
        state.apply("allied", {"type": "select", "unit": "I-IV"})
        steps = U.steps_left(state, "I-IV")
        agent = HeuristicAgent(3)
        action = decide(agent, state, "allied")
        assert (action["type"] == forced_march.FORCE_MARCH) is marched
        while action["type"] != "move":
            state.apply("allied", action)
            action = decide(agent, state, "allied")
        state.apply("allied", action)
        if state.top() is not None and state.top().get("current") == "I-IV":
            state.apply("allied", {"type": "finish", "unit": "I-IV"})
        assert U.record(state, "I-IV")["hex"] == action["to"] != "1210"
        assert U.steps_left(state, "I-IV") == steps - (1 if marched else 0)
