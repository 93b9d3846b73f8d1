"""6.0 Stacking: 6.1 restrictions (checked at the end of every Phase), 6.2 and movement.

The teaching scenario's limit is 8 Stacking Points per hex (as Brusilov 16.0).
Positions are on the FICTIONAL teaching map, in open Clear terrain around 1606.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.rules.gwite import stacking
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]


def select(st: State, role: str, uid: str) -> dict[str, Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


def status(st: State, uid: str) -> str:
    return U.record(st, uid)["status"]  # type: ignore[no-any-return]


def eliminations(st: State, role: str) -> list[Action]:
    return [a for a in st.legal_actions(role) if a["type"] == "eliminate"]


# --- 6.1 stacking restrictions ----------------------------------------------------------


@pytest.mark.parametrize(
    ("uid", "points"),
    [
        ("R-HQ-XIX", 0),  # HQ
        ("R-RR1", 1),  # regiment
        ("R-BNB", 1),  # brigade
        ("R-1G", 2),  # division
        ("R-XIX", 4),  # corps
        ("G-HQ-FALK", 0),  # heroic leader HQ
        ("AH-GB1", 1),  # mountain brigade
        ("G-1K", 2),  # cavalry division
    ],
)
def test_6_11_stacking_point_value_by_unit_size(uid: str, points: int, position: Any) -> None:
    st = position({uid: "1606"}, phasing=("allied" if uid.startswith("R") else "central"))
    assert U.info(st, uid).stacking == points
    assert stacking.stacking_points(st, "1606") == points


def test_6_11_exactly_the_limit_is_allowed(position: Any) -> None:
    # corps 4 + division 2 + brigade 1 + regiment 1 + HQ 0 = 8 = the limit
    units = ["R-XIX", "R-1G", "R-BNB", "R-RR1", "R-HQ-XIX"]
    st = position(dict.fromkeys(units, "1606"))
    assert stacking.stacking_points(st, "1606") == 8
    st.apply("allied", {"type": "end_segment"})
    # the Movement Phase ended without a stacking check to answer
    assert st.data["phasing"] == "central"
    assert all(status(st, uid) == "on_map" for uid in units)


def test_6_11_one_point_over_the_limit(position: Any) -> None:
    # corps 4 + division 2 + division 2 + regiment 1 = 9 > 8
    units = ["R-XIX", "R-1G", "R-3S", "R-RR1"]
    st = position(dict.fromkeys(units, "1606"))
    assert stacking.stacking_points(st, "1606") == 9
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "end_of_phase"
    assert st.active_roles() == ["allied"]


def test_6_12_fortresses_do_not_count(position: Any) -> None:
    # two Austro-Hungarian corps (8 points) in the fortress of Tarnovice: not over
    st = position({"AH-VI": "0611", "AH-X": "0611"}, phasing="central")
    assert stacking.stacking_points(st, "0611") == 8
    st.apply("central", {"type": "end_segment"})
    assert st.data["turn"] == 2  # the Central Powers (second player) turn ended
    assert status(st, "AH-VI") == status(st, "AH-X") == "on_map"


def test_6_12_markers_do_not_count(position: Any) -> None:
    marked = {"markers": ["out_of_supply", "out_of_command"]}
    st = position(
        {"R-XIX": {"hex": "1606", **marked}, "R-V": {"hex": "1606", **marked}},
    )
    assert stacking.stacking_points(st, "1606") == 8
    st.apply("allied", {"type": "end_segment"})
    assert st.data["phasing"] == "central"


def test_6_13_units_of_different_types_and_nationalities_stack(position: Any) -> None:
    # German corps 4 + Austro-Hungarian division 2 + German cavalry division 2 = 8
    units = ["G-I", "AH-13", "G-1K"]
    st = position({"G-I": "1606", "G-1K": "1606", "AH-13": "1607"}, phasing="central")
    st.apply("central", select(st, "central", "AH-13")["1606"])
    assert stacking.stacking_points(st, "1606") == 8
    st.apply("central", {"type": "end_segment"})
    assert st.data["turn"] == 2
    assert all(status(st, uid) == "on_map" for uid in units)


def test_6_14_owner_chooses_which_units_to_eliminate(position: Any, refuse: Refuse) -> None:
    # three corps end the Allied Movement Phase in 1606: 12 points, limit 8
    corps = ["R-XIX", "R-V", "R-XXV"]
    st = position({**dict.fromkeys(corps, "1606"), "R-HQ-XIX": "1606", "G-I": "0301"})
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "end_of_phase"
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("central") == []
    offered = eliminations(st, "allied")
    # every corps relieves the limit; the HQ (0 points, 6.11) is not offered
    assert sorted(a["unit"] for a in offered) == sorted(corps)
    assert all(a["hex"] == "1606" for a in offered)
    # the enemy does not choose
    refuse(st, "central", {"type": "eliminate", "unit": "R-V", "hex": "1606"})
    err = refuse(st, "allied", {"type": "eliminate", "unit": "R-HQ-XIX", "hex": "1606"})
    assert err.case in ("6.11", "6.14")
    st.apply("allied", {"type": "eliminate", "unit": "R-V", "hex": "1606"})
    assert status(st, "R-V") == "eliminated"
    assert any(e.get("case") == "6.14" and "eliminates" in e["text"] for e in st.data["log"])
    # 8 points left: the check is over, the game goes on to the Central Powers
    assert stacking.stacking_points(st, "1606") == 8
    assert st.data["phasing"] == "central"
    assert status(st, "R-XIX") == status(st, "R-XXV") == status(st, "R-HQ-XIX") == "on_map"


def test_6_14_eliminate_until_within_the_limit(position: Any) -> None:
    # 3 corps + a division = 14 points: eliminating the division leaves 12, still over
    units = ["R-XIX", "R-V", "R-XXV", "R-1G"]
    st = position(dict.fromkeys(units, "1606"))
    st.apply("allied", {"type": "end_segment"})
    st.apply("allied", {"type": "eliminate", "unit": "R-1G", "hex": "1606"})
    assert st.top()["kind"] == "end_of_phase"
    assert sorted(a["unit"] for a in eliminations(st, "allied")) == ["R-V", "R-XIX", "R-XXV"]
    st.apply("allied", {"type": "eliminate", "unit": "R-XXV", "hex": "1606"})
    assert stacking.stacking_points(st, "1606") == 8
    assert st.data["phasing"] == "central"


def test_6_14_only_overstacked_hexes_are_checked(position: Any, refuse: Refuse) -> None:
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1606", "R-1G": "1806"})
    st.apply("allied", {"type": "end_segment"})
    assert {a["hex"] for a in eliminations(st, "allied")} == {"1606"}
    err = refuse(st, "allied", {"type": "eliminate", "unit": "R-1G", "hex": "1806"})
    assert err.case == "6.14"


def test_6_14_no_movement_during_the_stacking_check(position: Any, refuse: Refuse) -> None:
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1606"})
    st.apply("allied", {"type": "end_segment"})
    err = refuse(st, "allied", {"type": "select", "unit": "R-V"})
    assert err.case in ("4.0", "5.11")


def test_6_14_checked_at_the_end_of_the_phase_not_the_segment(position: Any) -> None:
    # overstacked during the Movement Segment (5.22): no check until the Phase ends,
    # and a unit that moves away in time relieves the stack
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1606"})
    assert st.top()["kind"] == "movement"
    assert eliminations(st, "allied") == []
    st.apply("allied", select(st, "allied", "R-V")["1607"])
    st.apply("allied", {"type": "end_segment"})
    assert st.data["phasing"] == "central"
    assert status(st, "R-V") == "on_map"


def test_6_14_step_losses_do_not_reduce_stacking_points(position: Any) -> None:
    # the Note of 6.14 (and 6.16): corps reduced to their last steps still count 4
    st = position(
        {
            "R-XIX": {"hex": "1606", "steps_lost": 3},
            "R-V": {"hex": "1606", "steps_lost": 2},
            "R-1G": {"hex": "1606", "steps_lost": 1},
        }
    )
    assert stacking.stacking_points(st, "1606") == 10
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "end_of_phase"


def test_6_16_stacking_point_value_is_constant(position: Any) -> None:
    st = position({"R-XIX": {"hex": "1606", "steps_lost": 3}, "R-1G": {"hex": "1806"}})
    assert stacking.stacking_points(st, "1606") == 4
    st2 = position({"R-1G": {"hex": "1606", "steps_lost": 1}})
    assert stacking.stacking_points(st2, "1606") == 2


# --- 6.2 stacking and movement ------------------------------------------------------------


def test_6_21_any_number_may_move_through_a_full_hex(position: Any) -> None:
    # 1606 holds two corps (8 points, at the limit); a third corps passes through it
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1605"})
    move = select(st, "allied", "R-XXV")["1607"]
    assert move["path"] == ["1606", "1607"]
    assert move["cost"] == 2
    st.apply("allied", move)
    st.apply("allied", {"type": "end_segment"})
    assert st.data["phasing"] == "central"  # no stacking check was needed
    assert all(status(st, u) == "on_map" for u in ("R-XIX", "R-V", "R-XXV"))


def test_6_21_several_units_may_enter_the_same_hex(position: Any) -> None:
    corps = {"R-XIX": "1605", "R-V": "1607", "R-XXV": "1706"}
    st = position(corps)
    for uid in corps:
        st.apply("allied", select(st, "allied", uid)["1606"])
    assert stacking.stacking_points(st, "1606") == 12
    assert stacking.overstacked(st) == ["1606"]
    assert st.top()["kind"] == "movement"


def test_6_22_no_extra_cost_to_stack_or_unstack(position: Any) -> None:
    # R-1G stacked with R-XIX in 1606 leaves it for Clear 1607 at 1 MP ...
    st = position({"R-1G": "1606", "R-XIX": "1606", "R-V": "1608"})
    reach = select(st, "allied", "R-1G")
    assert reach["1607"]["cost"] == 1
    # ... and stacks with R-V in 1608 at 2 MP, Clear 1 + Clear 1
    assert reach["1608"]["cost"] == 2


def test_11_21_fortresses_never_count_against_stacking_limits(position: Any) -> None:
    # the Zalesie fortress (1312, Russian) with 8 points of Russian units in it,
    # left there at the end of the Allied Movement Phase: no stacking check
    st = position({"R-XIX": "1312", "R-1G": "1312", "R-3S": "1312"})
    assert stacking.stacking_points(st, "1312") == 8
    assert stacking.overstacked(st) == []
    st.apply("allied", {"type": "end_segment"})
    assert st.data["phasing"] == "central"


def test_6_14_malformed_eliminations_are_refused(position: Any, refuse: Refuse) -> None:
    st = position({"R-XIX": "1606", "R-V": "1606", "R-XXV": "1606", "G-I": "0301"})
    st.apply("allied", {"type": "end_segment"})
    assert refuse(st, "allied", {"type": "eliminate", "unit": "NOPE", "hex": "1606"}).case
    assert refuse(st, "allied", {"type": "eliminate", "unit": ["R-V"], "hex": "1606"}).case
    err = refuse(st, "allied", {"type": "eliminate", "unit": "G-I", "hex": "0301"})
    assert err.case == "6.14"
    err = refuse(st, "allied", {"type": "eliminate", "unit": "R-V", "hex": "1607"})
    assert err.case == "6.14"
