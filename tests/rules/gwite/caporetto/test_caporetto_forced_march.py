"""Forced march (caporetto 19.0-19.22) on the FICTIONAL teaching map: the Italian 43rd
Division (I-43, MA 6), the IV Corps (I-IV, MA 6), the 1st Cavalry Division (I-1C, MA 8),
the artillery brigade I-A2 (MA 4, one step) and the depot I-D1 in the plain east of the
Taglia, the 2nd Army HQ in Utina (1109) keeping them in Command Control."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import forced_march as FM
from greatwar.rules.gwite.caporetto.rules import CaporettoRules
from tests.rules.gwite.kit import choose, logged, lost

Action = dict[str, Any]

PLAIN = {
    "I-43": "1110",
    "I-IV": "1010",
    "I-A2": "1111",
    "I-1C": "1112",
    "I-D1": "1113",
    "I-HQ-2A": "1109",
}


def select(st: State, uid: str, role: str = "allied") -> None:
    st.apply(role, {"type": "select", "unit": uid})


def moves(st: State, role: str = "allied") -> dict[str, int]:
    """The Movement Points each move open to the selected unit costs."""
    return {a["to"]: a["cost"] for a in st.legal_actions(role) if a["type"] == "move"}


def force(st: State, uid: str, role: str = "allied") -> Action:
    return choose(st, role, FM.FORCE_MARCH, unit=uid)


def march_to_the_limit(st: State, uid: str, limit: int) -> str:
    """Move the selected unit to a hex costing exactly ``limit`` MP; return the hex."""
    to = min(h for h, c in moves(st).items() if c == limit)
    choose(st, "allied", "move", unit=uid, to=to)
    return to


# --- 19.11 the bonus ---------------------------------------------------------------------


def test_19_11_forced_march_adds_two_mp_to_an_allowance_of_6(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    assert max(moves(st).values()) == 6
    assert force(st, "I-43")["mp"] == 2
    assert max(moves(st).values()) == 8  # 19.11: 6 + 2
    fixed_dice(5)
    to = march_to_the_limit(st, "I-43", 8)
    assert U.record(st, "I-43")["hex"] == to
    assert any("force marched: 2 Movement Points more" in t for t in logged(st, "caporetto 19.11"))
    assert any("8 of 8 spent" in e["text"] for e in st.data["log"] if e.get("case") == "5.4")


def test_19_11_forced_march_adds_one_mp_to_an_allowance_of_4(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-A2")
    assert max(moves(st).values()) == 4
    assert force(st, "I-A2")["mp"] == 1
    assert max(moves(st).values()) == 5  # 19.11: 4 + 1
    fixed_dice(6)
    march_to_the_limit(st, "I-A2", 5)
    assert any("1 Movement Point more" in t for t in logged(st, "caporetto 19.11"))


def test_19_11_forced_march_adds_two_mp_to_an_allowance_of_8(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-1C")
    assert max(moves(st).values()) == 8
    assert force(st, "I-1C")["mp"] == 2
    assert max(moves(st).values()) == 10  # 19.11: 8 + 2
    fixed_dice(4)
    march_to_the_limit(st, "I-1C", 10)
    assert lost(st, "I-1C") == 0


def test_19_11_ac3_printed_allowance_keys_the_bonus_out_of_supply(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """AC3 (a): the 43rd, out of supply at MA 3 (9.21), still gains 2 (its printed 6)."""
    unsupplied = {**PLAIN, "I-43": {"hex": "1110", "markers": ["out_of_supply"]}}
    st = caporetto_position(unsupplied, phasing="allied")
    select(st, "I-43")
    assert max(moves(st).values()) == 3
    assert force(st, "I-43")["mp"] == 2
    fixed_dice(6)
    march_to_the_limit(st, "I-43", 5)
    assert any("(allowance 6)" in t for t in logged(st, "caporetto 19.11"))


def test_19_11_ac3_option_current_allowance_keys_the_bonus(
    caporetto_position: Any, refuse: Any, fixed_dice: Any
) -> None:
    """AC3 (b), the option: MA 3 out of supply has no bonus; the cavalry's 4 gains 1."""
    unsupplied = {
        **PLAIN,
        "I-43": {"hex": "1110", "markers": ["out_of_supply"]},
        "I-1C": {"hex": "1112", "markers": ["out_of_supply"]},
    }
    st = caporetto_position(unsupplied, phasing="allied", options={FM.BY_CURRENT_MA: True})
    select(st, "I-43")
    assert not [a for a in st.legal_actions("allied") if a["type"] == FM.FORCE_MARCH]
    why = refuse(st, "allied", {"type": FM.FORCE_MARCH, "unit": "I-43", "mp": 2})
    assert why.case == "caporetto 19.11" and why.reason.endswith("is 3")
    select(st, "I-1C")
    assert force(st, "I-1C")["mp"] == 1  # its allowance now is 8 // 2 = 4
    fixed_dice(6)
    march_to_the_limit(st, "I-1C", 5)
    assert any("(allowance 4)" in t for t in logged(st, "caporetto 19.11"))


# --- 19.12 restrictions ------------------------------------------------------------------


def test_19_12_supply_depots_never_force_march(caporetto_position: Any, refuse: Any) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-D1")
    assert not [a for a in st.legal_actions("allied") if a["type"] == FM.FORCE_MARCH]
    why = refuse(st, "allied", {"type": FM.FORCE_MARCH, "unit": "I-D1", "mp": 1})
    assert why.case == "caporetto 19.12" and "supply depot" in why.reason


def test_19_12_no_forced_march_with_a_temporary_allowance_of_10(
    caporetto_position: Any, refuse: Any, monkeypatch: pytest.MonkeyPatch, fixed_dice: Any
) -> None:
    """The Stosstruppen's temporary 10 (23.2) comes through the allowance hook: a stand-in
    for the movement part's override gives it here."""
    stoss = {"G-12": "1606", "G-HQ-14A": "1706", "G-5": "1707"}

    def with_23_2(self: CaporettoRules, st: State, uid: str) -> int:
        base = int(U.movement_allowance(st, uid))
        return 10 if st.game.scenario.counters[uid].stosstruppen else base

    monkeypatch.setattr(CaporettoRules, "allowance_base", with_23_2)
    st = caporetto_position(stoss)
    select(st, "G-12", "central")
    assert max(moves(st, "central").values()) <= 10
    why = refuse(st, "central", {"type": FM.FORCE_MARCH, "unit": "G-12", "mp": 2})
    assert why.case == "caporetto 19.12" and "10" in why.reason
    select(st, "G-5", "central")  # not Stosstruppen: MA 6, it may
    assert force(st, "G-5", "central")["mp"] == 2
    fixed_dice(4)
    st.apply("central", {"type": "finish", "unit": "G-5"})
    assert lost(st, "G-5") == 0


def test_19_12_only_in_a_movement_phase_not_on_arrival(
    caporetto_position: Any, refuse: Any
) -> None:
    """A reinforcement arriving is not moving in a Movement Phase: no forced march."""
    st = caporetto_position(
        {"AH-28": {"status": "pending"}, "G-HQ-14A": "1706"}, turn=3, segment="reinforcement"
    )
    assert st.top()["kind"] == "reinforcement"  # type: ignore[index]
    assert not [a for a in st.legal_actions("central") if a["type"] == FM.FORCE_MARCH]
    why = refuse(st, "central", {"type": FM.FORCE_MARCH, "unit": "AH-28", "mp": 2})
    assert why.case


def test_19_12_only_in_the_movement_segment_of_the_movement_phase(caporetto_position: Any) -> None:
    """The extension is the Movement Segment's: combat-phase moves (retreat, pursuit,
    withdrawal) offer no forced march."""
    st = caporetto_position(PLAIN, phasing="allied")
    exts = U.rules(st).movement_extensions(st)
    assert FM.FORCED_MARCH in exts
    assert all(a["type"] != FM.FORCE_MARCH for a in st.legal_actions("allied"))  # none selected


def test_19_0_announced_before_the_unit_moves(caporetto_position: Any, refuse: Any) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    choose(st, "allied", "move", unit="I-43", to="1210")
    assert not [a for a in st.legal_actions("allied") if a["type"] == FM.FORCE_MARCH]
    why = refuse(st, "allied", {"type": FM.FORCE_MARCH, "unit": "I-43", "mp": 2})
    assert why.case == "caporetto 19.0" and "begun its move" in why.reason


def test_19_0_the_announcement_is_undone_before_the_die(caporetto_position: Any) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    before = st.digest()
    force(st, "I-43")
    assert max(moves(st).values()) == 8
    st.undo("allied")
    assert st.digest() == before
    assert max(moves(st).values()) == 6


# --- 19.2 attrition ------------------------------------------------------------------------


def test_19_21_a_corps_force_marched_loses_a_step_without_a_roll(
    caporetto_position: Any,
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-IV")
    force(st, "I-IV")
    march_to_the_limit(st, "I-IV", 8)  # all spent: it finishes, no die is rolled
    assert lost(st, "I-IV") == 1
    assert any("a corps force marched loses a step" in t for t in logged(st, "caporetto 19.21"))
    assert not [e for e in st.data["log"] if "roll" in e]


def test_19_21_the_loss_comes_on_completion_of_the_move(caporetto_position: Any) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-IV")
    force(st, "I-IV")
    choose(st, "allied", "move", unit="I-IV", to="1110")
    assert lost(st, "I-IV") == 0  # still moving
    select(st, "I-43")  # selecting another unit finishes the corps
    assert lost(st, "I-IV") == 1


@pytest.mark.parametrize("die", [1, 2, 3])
def test_19_22_a_division_loses_a_step_on_1_to_3(
    caporetto_position: Any, fixed_dice: Any, die: int
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    force(st, "I-43")
    fixed_dice(die)
    march_to_the_limit(st, "I-43", 7)
    assert lost(st, "I-43") == 0  # 1 MP left: still moving
    st.apply("allied", {"type": "finish", "unit": "I-43"})
    assert lost(st, "I-43") == 1
    assert any(f"forced march, die {die}" in t for t in logged(st, "caporetto 19.22"))


@pytest.mark.parametrize("die", [4, 5, 6])
def test_19_22_a_division_loses_nothing_on_4_to_6(
    caporetto_position: Any, fixed_dice: Any, die: int
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    force(st, "I-43")
    fixed_dice(die)
    march_to_the_limit(st, "I-43", 8)
    assert lost(st, "I-43") == 0
    assert any(
        f"loses no step to its forced march (die {die})" in t for t in logged(st, "caporetto 19.22")
    )


def test_19_22_a_one_step_brigade_is_eliminated_by_its_loss(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-A2")
    force(st, "I-A2")
    fixed_dice(2)
    march_to_the_limit(st, "I-A2", 5)
    assert U.record(st, "I-A2")["status"] == "eliminated"
    assert logged(st, "caporetto 19.22")


def test_19_22_the_die_is_rolled_when_the_segment_ends(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-43")
    force(st, "I-43")
    fixed_dice(1)
    st.apply("allied", {"type": "end_segment"})
    assert lost(st, "I-43") == 1


def test_19_2_an_hq_force_marched_loses_no_step(caporetto_position: Any) -> None:
    st = caporetto_position(PLAIN, phasing="allied")
    select(st, "I-HQ-2A")
    force(st, "I-HQ-2A")
    st.apply("allied", {"type": "finish", "unit": "I-HQ-2A"})
    assert lost(st, "I-HQ-2A") == 0
    assert any("costs it no step" in t for t in logged(st, "caporetto 19.2"))


def test_19_0_not_after_a_rail_move(caporetto_position: Any, refuse: Any) -> None:
    """An entrained unit that has ridden the rails has begun its move."""
    st = caporetto_position(
        {"AH-22S": {"hex": "1807", "markers": ["entrained"]}, "AH-HQ-IS": "1807"}
    )
    select(st, "AH-22S", "central")
    assert force(st, "AH-22S", "central")["mp"] == 2  # before it moves: it may
    st.undo("central")
    choose(st, "central", "rail_move", unit="AH-22S", to="1607")
    why = refuse(st, "central", {"type": FM.FORCE_MARCH, "unit": "AH-22S", "mp": 2})
    assert why.case == "caporetto 19.0" and "begun its move" in why.reason
