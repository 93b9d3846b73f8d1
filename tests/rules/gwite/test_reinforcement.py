"""14.0 Reinforcements: 14.1 arrival, 14.21 and 14.24 restrictions.

The FICTIONAL teaching map's entry hex C is 2006 (east edge); its neighbours
are 2005, 2007, 1905 and the City 1906.  X-R1 (a corps) and X-R2 (a division)
are test counters due on Game-Turn 2 at C; R-4S is due on Game-Turn 3 at D.
(R-XXX and G-3R arrive entrained, 14.12, which waits for rail movement.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import stacking
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

MAP = DATA_ROOT / "gwite" / "maps" / "teaching.toml"
PENDING = {"status": "pending"}
C = "2006"


def arriving(position: Any, units: dict[str, Any], turn: int = 2, **kw: Any) -> State:
    """The Allied Reinforcement Segment of ``turn`` with these units.

    The Allied army HQ stands at 1906, so that every arrival at 2006 is within
    its command radius and commanded without a die roll (10.31).
    """
    units = {"R-HQ-5A": "1906", **units}
    return position(units, turn=turn, segment="reinforcement", test_counters=True, **kw)


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def reach(st: State, role: str, uid: str) -> dict[str, Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


def end_turns(st: State, *roles: str) -> None:
    """End the Movement Segments of these roles (withholding anything due)."""
    for role in roles:
        for action in st.legal_actions(role):
            if action["type"] == "withhold":
                st.apply(role, action)
        st.apply(role, {"type": "end_segment"})


# --- 14.1 movement of reinforcements ------------------------------------------------------


def test_14_11_reinforcement_is_placed_on_its_lettered_entry_hex(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING})
    assert st.top()["kind"] == "reinforcement"
    assert st.active_roles() == ["allied"]
    actions = st.legal_actions("allied")
    assert {"type": "enter", "unit": "X-R1", "hex": C} in actions
    assert {"type": "withhold", "unit": "X-R1"} in actions
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert hex_of(st, "X-R1") == C
    assert U.record(st, "X-R1")["status"] == "on_map"
    assert any(e.get("case") == "14.11" for e in st.data["log"])


def test_14_11_entering_costs_no_movement_points(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING})
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    moves = reach(st, "allied", "X-R1")
    # its whole MA of 4 is left: 2002 is 4 Clear hexes north of 2006
    assert max(a["cost"] for a in moves.values()) == 4
    assert moves["2002"]["cost"] == 4  # 2005, 2004, 2003, 2002: Clear


def test_14_11_only_at_the_scheduled_entry_hex(position: Any, refuse: Refuse) -> None:
    st = arriving(position, {"X-R1": PENDING})
    err = refuse(st, "allied", {"type": "enter", "unit": "X-R1", "hex": "2005"})
    assert err.case == "14.11"


def test_14_13_several_may_arrive_stacked(position: Any) -> None:
    # X-R1 (corps, 4) + X-R2 (division, 2) + R-XIX (corps, 4) already at C: 10 > 8,
    # allowed: the limit applies only at the end of the Phase
    st = arriving(position, {"X-R1": PENDING, "X-R2": PENDING, "R-XIX": C})
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    st.apply("allied", {"type": "enter", "unit": "X-R2", "hex": C})
    assert sorted(U.units_in(st, C)) == ["R-XIX", "X-R1", "X-R2"]
    assert stacking.stacking_points(st, C) == 10
    assert st.top()["kind"] == "movement"  # no stacking check yet
    # one corps moves off before the Phase ends: nothing is eliminated
    st.apply("allied", reach(st, "allied", "R-XIX")["2005"])
    st.apply("allied", {"type": "end_segment"})
    assert st.data["phasing"] == "central"
    assert all(U.record(st, u)["status"] == "on_map" for u in ("X-R1", "X-R2", "R-XIX"))


def test_14_13_stack_left_over_the_limit_is_checked_at_end_of_phase(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING, "X-R2": PENDING, "R-XIX": C})
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    st.apply("allied", {"type": "enter", "unit": "X-R2", "hex": C})
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "end_of_phase"
    offered = {a["unit"] for a in st.legal_actions("allied") if a["type"] == "eliminate"}
    assert offered == {"X-R1", "X-R2", "R-XIX"}


def test_14_14_reinforcement_may_move_in_the_same_movement_phase(position: Any) -> None:
    st = arriving(position, {"X-R2": PENDING})
    st.apply("allied", {"type": "enter", "unit": "X-R2", "hex": C})
    assert st.top()["kind"] == "movement"
    assert {"type": "select", "unit": "X-R2"} in st.legal_actions("allied")
    st.apply("allied", reach(st, "allied", "X-R2")["2005"])
    assert hex_of(st, "X-R2") == "2005"


# --- 14.2 restrictions --------------------------------------------------------------------


def test_14_21_not_into_an_enemy_occupied_entry_hex(position: Any, refuse: Refuse) -> None:
    st = arriving(position, {"X-R1": PENDING, "G-35R": C})
    actions = st.legal_actions("allied")
    # no enter action; withholding (14.24) or a delay to an alternative hex (14.22) remain
    assert {a["type"] for a in actions} == {"withhold", "delay"}
    err = refuse(st, "allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert err.case == "14.21"
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    assert U.record(st, "X-R1")["status"] == "pending"
    assert any(e.get("case") == "14.21" for e in st.data["log"])


def test_14_21_not_into_an_enemy_controlled_entry_hex(position: Any, refuse: Refuse) -> None:
    # G-35R in 2007 controls the entry hex 2006
    st = arriving(position, {"X-R1": PENDING, "G-35R": "2007"})
    # no enter action; withholding (14.24) or a delay to an alternative hex (14.22) remain
    assert {a["type"] for a in st.legal_actions("allied")} == {"withhold", "delay"}
    err = refuse(st, "allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert err.case == "14.21"
    assert "zone of control" in err.reason.lower()


def test_14_21_enemy_hq_next_to_the_entry_hex_does_not_block_it(position: Any) -> None:
    # HQ units exert no zone of control (7.26)
    st = arriving(position, {"X-R1": PENDING, "G-HQ-XVII": "2007"})
    assert {"type": "enter", "unit": "X-R1", "hex": C} in st.legal_actions("allied")


def test_14_21_friendly_units_on_the_entry_hex_do_not_block_it(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING, "R-1G": C})
    assert {"type": "enter", "unit": "X-R1", "hex": C} in st.legal_actions("allied")


def test_14_24_withheld_reinforcement_may_enter_on_a_later_turn(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING, "G-35R": "0301"})
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    assert any(e.get("case") == "14.24" for e in st.data["log"])
    assert U.record(st, "X-R1")["status"] == "pending"
    # the Movement Segment follows; X-R1 is not on the map
    assert st.top()["kind"] == "movement"
    assert {"type": "select", "unit": "X-R1"} not in st.legal_actions("allied")
    end_turns(st, "allied", "central")
    # Game-Turn 3: offered again
    assert st.data["turn"] == 3
    assert st.top()["kind"] == "reinforcement"
    assert {"type": "enter", "unit": "X-R1", "hex": C} in st.legal_actions("allied")
    # and may be withheld again, turn after turn
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    st.apply("allied", {"type": "end_segment"})
    end_turns(st, "central")
    assert st.data["turn"] == 4
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert hex_of(st, "X-R1") == C


def test_14_24_a_withheld_unit_is_not_offered_again_in_the_same_turn(
    position: Any, refuse: Refuse
) -> None:
    st = arriving(position, {"X-R1": PENDING, "X-R2": PENDING})
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    assert st.top()["kind"] == "reinforcement"  # X-R2 still to decide
    assert all(a.get("unit") != "X-R1" for a in st.legal_actions("allied"))
    err = refuse(st, "allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert err.case == "14.24"


def test_14_0_reinforcements_arrive_on_their_game_turn_not_before(
    position: Any, refuse: Refuse
) -> None:
    # R-4S is due on Game-Turn 3 (at D); on Game-Turn 2 only X-R1 is offered
    st = arriving(position, {"X-R1": PENDING, "R-4S": PENDING})
    assert {a["unit"] for a in st.legal_actions("allied")} == {"X-R1"}
    err = refuse(st, "allied", {"type": "enter", "unit": "R-4S", "hex": "2002"})
    assert err.case == "14.0"


def test_14_0_reinforcements_arrive_in_the_owners_movement_phase(position: Any) -> None:
    # G-3R (Central Powers, Game-Turn 2) does not arrive in the Allied Player-Turn
    st = arriving(position, {"X-R1": PENDING, "G-3R": PENDING})
    assert st.legal_actions("central") == []
    assert all(a["unit"] != "G-3R" for a in st.legal_actions("allied"))
    st.apply("allied", {"type": "withhold", "unit": "X-R1"})
    st.apply("allied", {"type": "end_segment"})
    # the Central Powers' Reinforcement Segment: G-3R is offered at A (0106)
    assert st.data["phasing"] == "central"
    assert st.top()["kind"] == "reinforcement"
    assert {"type": "enter", "unit": "G-3R", "hex": "0106"} in st.legal_actions("central")


def test_14_11_no_movement_before_the_reinforcement_segment_ends(
    position: Any, refuse: Refuse
) -> None:
    st = arriving(position, {"X-R1": PENDING, "R-1G": "1606"})
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert err.case == "4.0"


def test_14_24_undo_a_reinforcement_decision(position: Any) -> None:
    st = arriving(position, {"X-R1": PENDING})
    before = st.digest()
    st.apply("allied", {"type": "enter", "unit": "X-R1", "hex": C})
    assert st.can_undo("allied")
    st.undo("allied")
    assert st.digest() == before
    assert U.record(st, "X-R1")["status"] == "pending"


def test_14_21_not_into_an_undestroyed_enemy_fortress(
    position: Any, refuse: Refuse, tmp_path: Any
) -> None:
    # a variant of the teaching map whose entry hex B is the Russian fortress
    # 1312 (empty, so neither occupied nor controlled): 5.13 still forbids it
    text = MAP.read_text(encoding="utf-8")
    text = text.replace('letter = "B"\nhex = "0114"', 'letter = "B"\nhex = "1312"')
    assert 'hex = "1312"\nedge' in text
    variant = tmp_path / "map-variant.toml"
    variant.write_text(text, encoding="utf-8")
    st = position(
        {"AH-10K": PENDING},
        turn=3,
        phasing="central",
        segment="reinforcement",
        map_path=variant,
    )
    assert st.legal_actions("central") == [{"type": "withhold", "unit": "AH-10K"}]
    err = refuse(st, "central", {"type": "enter", "unit": "AH-10K", "hex": "1312"})
    assert err.case == "14.21"
    assert "fortress" in err.reason


def test_14_0_malformed_reinforcement_actions_are_refused(position: Any, refuse: Refuse) -> None:
    st = arriving(position, {"X-R1": PENDING, "G-3R": PENDING})
    assert refuse(st, "allied", {"type": "enter", "unit": "NOPE", "hex": C}).case == "14.0"
    assert refuse(st, "allied", {"type": "enter", "unit": ["X-R1"], "hex": C}).case
    assert refuse(st, "allied", {"type": "enter", "unit": "G-3R", "hex": "0106"}).case == "14.0"
    assert refuse(st, "allied", {"type": "withhold", "unit": "G-3R"}).case == "14.0"
    assert refuse(st, "allied", {"type": "end_segment"}).case
