"""Rail movement in Serbia/Galicia (serbia-galicia 5.3, 5.3b, 5.3c, 14.1, 17.11-17.32,
17.5) on the FICTIONAL teaching maps: the Austro-Hungarian double-track line g0108-g0808
and the single-track Karpatenbahn g0508-g0510 in Galicia; the Russian Weichselbahn
g0601-g0602-g0702 (and the Lubin loop, a second line across g0601/g0602); the
Austro-Hungarian line s0102-s0702 and the Serbian Morava line s0704-s0710."""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.rail import TRACK_LIMITS_OPTION
from tests.rules.gwite.kit import choose, logged, play_until

ENTRAINED = {"markers": ["entrained"]}


def select(st: State, role: str, uid: str) -> None:
    st.apply(role, {"type": "select", "unit": uid})


def entrain(st: State, role: str, uid: str) -> None:
    select(st, role, uid)
    choose(st, role, "entrain", unit=uid)


def offered(st: State, role: str, kind: str) -> list[dict[str, Any]]:
    return [a for a in st.legal_actions(role) if a["type"] == kind]


def end_segment(st: State, role: str) -> None:
    st.apply(role, {"type": "end_segment"})


# --- 5.3 rates ------------------------------------------------------------------------------


def test_5_3_rail_rates_are_20_18_and_14_hexes(sg_position: Any) -> None:
    st = sg_position({"AH-1K": "g0108", "R-XIVK": "g0601", "S-1DD": "s0704"})
    assert rail.rail_rate(st, "AH-1K") == 20
    assert rail.rail_rate(st, "R-XIVK") == 18
    assert rail.rail_rate(st, "S-1DD") == 14


def test_5_3_the_rate_limits_a_rail_move_and_names_the_case(sg_position: Any, refuse: Any) -> None:
    """The Serbian 14 hexes carry a unit the whole Morava line (6 hexes); at a rate of 3 (a
    test value) the refusal names serbia-galicia 5.3."""
    units = {"S-1DD": {"hex": "s0704", **ENTRAINED}, "S-HQ-2A": "s0605"}
    st = sg_position(units)
    select(st, "allied", "S-1DD")
    choose(st, "allied", "rail_move", unit="S-1DD", to="s0710")
    assert U.record(st, "S-1DD")["hex"] == "s0710"
    rate = {"austria-hungary": 20, "russia": 18, "serbia": 3}
    short = sg_position(units, parameters={"rail_rate": rate})
    select(short, "allied", "S-1DD")
    path = ["s0705", "s0706", "s0707", "s0708"]
    why = refuse(
        short, "allied", {"type": "rail_move", "unit": "S-1DD", "to": "s0708", "path": path}
    )
    assert why.case == "serbia-galicia 5.3"


# --- 5.3b capacities --------------------------------------------------------------------------


def test_5_3b_capacities_by_game_turn_and_the_serbian_five(sg_position: Any) -> None:
    st = sg_position({"AH-1K": "g0108"}, turn=2)
    assert rail.capacity_left(st, "central") == {"austria-hungary": 18}
    assert rail.capacity_left(st, "allied") == {"russia": 13, "serbia": 5}
    late = sg_position({"AH-1K": "g0108"}, turn=4)
    assert rail.capacity_left(late, "central") == {"austria-hungary": 12}
    assert rail.capacity_left(late, "allied") == {"russia": 10, "serbia": 5}


def test_5_3b_serbian_capacity_of_five_refuses_the_sixth_point(
    sg_position: Any, refuse: Any
) -> None:
    units = {"S-1DD": "s0704", "S-1SD": "s0705", "S-BE": "s0706", "S-TD": "s0707"}
    st = sg_position({**units, "S-HQ-2A": "s0605", "S-HQ-1A": "s0806"})
    for uid in ("S-1DD", "S-1SD", "S-BE"):
        entrain(st, "allied", uid)  # 2 + 2 + 1: no roll for Serbians (17.11)
    assert rail.capacity_left(st, "allied")["serbia"] == 0
    assert logged(st, "5.32")
    select(st, "allied", "S-TD")
    why = refuse(st, "allied", {"type": "entrain", "unit": "S-TD", "cost": 2})
    assert why.case == "serbia-galicia 5.3b"


def _entrain_ah(st: State, fixed_dice: Any, uids: list[str]) -> None:
    fixed_dice(*[6] * len(uids))
    for uid in uids:
        entrain(st, "central", uid)


def test_5_3b_austro_hungarian_capacity_18_on_turn_2_and_12_on_turn_4(
    sg_position: Any, refuse: Any, fixed_dice: Any
) -> None:
    units = {
        "AH-1K": "g0108",
        "AH-XIK": "g0208",
        "AH-5D": "g0308",
        "AH-12D": "g0508",
        "AH-2KD": "g0608",
        "AH-VIK": "g0708",
        "AH-HQ-1A": "g0307",
        "AH-HQ-3A": "g0607",
        "AH-HQ-4A": "g0707",
    }
    early = sg_position(units, phasing="central", turn=2)
    _entrain_ah(early, fixed_dice, ["AH-1K", "AH-XIK", "AH-5D", "AH-12D", "AH-2KD", "AH-VIK"])
    assert rail.capacity_left(early, "central") == {"austria-hungary": 0}  # 4+4+2+2+2+4
    late = sg_position(units, phasing="central", turn=4)
    _entrain_ah(late, fixed_dice, ["AH-1K", "AH-XIK", "AH-5D", "AH-12D"])
    assert rail.capacity_left(late, "central") == {"austria-hungary": 0}  # 4+4+2+2
    select(late, "central", "AH-2KD")
    why = refuse(late, "central", {"type": "entrain", "unit": "AH-2KD", "cost": 4})
    assert why.case == "serbia-galicia 5.3b" and "0 of 12" in why.reason


# --- 5.3c own-country railroads -----------------------------------------------------------------


def test_5_3c_a_russian_unit_may_not_entrain_on_austro_hungarian_rail(
    sg_position: Any, refuse: Any
) -> None:
    st = sg_position({"R-XIVK": "g0708", "R-HQ-4A": "g0707"}, control={"g0708": "allied"})
    select(st, "allied", "R-XIVK")
    assert not offered(st, "allied", "entrain")
    why = refuse(st, "allied", {"type": "entrain", "unit": "R-XIVK", "cost": 3})
    assert why.case == "serbia-galicia 5.3c" and "Friendly railroad line" in why.reason


def test_5_3c_a_serbian_unit_may_not_entrain_on_austro_hungarian_rail(
    sg_position: Any, refuse: Any
) -> None:
    st = sg_position({"S-1DD": "s0602", "S-HQ-2A": "s0605"}, control={"s0602": "allied"})
    select(st, "allied", "S-1DD")
    assert not offered(st, "allied", "entrain")
    why = refuse(st, "allied", {"type": "entrain", "unit": "S-1DD", "cost": 2})
    assert why.case == "serbia-galicia 5.3c"


def test_5_3c_supply_uses_only_the_units_own_railroads(sg_position: Any) -> None:
    st = sg_position({"AH-1K": "g0108"})
    russian = supply.friendly_rail(st, "allied", "russia")
    serbian = supply.friendly_rail(st, "allied", "serbia")
    ah = supply.friendly_rail(st, "central", "austria-hungary")
    assert "g0602" in russian and "g0708" not in russian and "s0706" not in russian
    assert "s0706" in serbian and "s0402" not in serbian and "g0602" not in serbian
    assert {"g0708", "s0402"} <= ah and "g0602" not in ah and "s0706" not in ah


# --- 17.11, 17.12 the entrain roll ------------------------------------------------------------


def test_17_11_a_roll_of_3_entrains_after_moving_to_the_rail_hex(
    sg_position: Any, fixed_dice: Any
) -> None:
    """The errata: the unit first moves to the rail hex, then rolls."""
    st = sg_position({"AH-5D": "g0307", "AH-HQ-1A": "g0306"}, phasing="central")
    select(st, "central", "AH-5D")
    choose(st, "central", "move", unit="AH-5D", to="g0308")
    fixed_dice(3)
    choose(st, "central", "entrain", unit="AH-5D")
    assert rail.entrained(st, "AH-5D")
    assert any("tries to entrain" in line for line in logged(st, "serbia-galicia 17.11"))
    assert any("entrains in g0308" in line for line in logged(st, "serbia-galicia 17.11"))
    choose(st, "central", "rail_move", unit="AH-5D", to="g0108")
    assert U.record(st, "AH-5D")["hex"] == "g0108"


def test_17_12_a_failed_roll_ends_the_movement_and_still_counts_against_capacity(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = sg_position({"R-XIVK": "g0601", "R-HQ-4A": "g0602"})
    select(st, "allied", "R-XIVK")
    fixed_dice(2)
    choose(st, "allied", "entrain", unit="R-XIVK")
    assert not rail.entrained(st, "R-XIVK")
    assert logged(st, "serbia-galicia 17.11")
    assert any(
        "counts its 4 Stacking Points" in line for line in logged(st, "serbia-galicia 17.12")
    )
    assert rail.capacity_left(st, "allied")["russia"] == 13 - 4
    # its movement is over for the phase: no move, no new attempt
    assert U.record(st, "R-XIVK")["hex"] == "g0601"
    assert not [a for a in st.legal_actions("allied") if a.get("unit") == "R-XIVK"]


def test_17_11_an_entrained_unit_needs_no_roll(sg_position: Any, fixed_dice: Any) -> None:
    st = sg_position(
        {"AH-1K": {"hex": "g0108", **ENTRAINED}, "AH-HQ-1A": "g0207"}, phasing="central"
    )
    fixed_dice()  # any roll would fail the test
    select(st, "central", "AH-1K")
    choose(st, "central", "rail_move", unit="AH-1K", to="g0808")
    assert U.record(st, "AH-1K")["hex"] == "g0808"


# --- 17.31 depots and HQs ------------------------------------------------------------------


def test_17_31_depots_and_hqs_entrain_without_a_roll_only_depots_count(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = sg_position({"AH-D1": "g0608", "AH-HQ-1A": "g0308", "AH-5D": "g0307"}, phasing="central")
    fixed_dice()  # no roll may be made
    entrain(st, "central", "AH-D1")
    assert rail.capacity_left(st, "central") == {"austria-hungary": 16}
    entrain(st, "central", "AH-HQ-1A")
    assert rail.capacity_left(st, "central") == {"austria-hungary": 16}
    assert rail.entrained(st, "AH-D1") and rail.entrained(st, "AH-HQ-1A")
    assert len(logged(st, "serbia-galicia 17.31")) == 2


# --- 14.1, 17.2, 17.32 reinforcements -------------------------------------------------------


def _arrivals(sg_position: Any, turn: int, phasing: str, **kw: Any) -> State:
    st: State = sg_position(
        {
            "AH-HQ-4A": {"status": "pending"},
            "AH-VIK": {"status": "pending"},
            "R-HQ-8A": {"status": "pending"},
            "R-VIIK": {"status": "pending"},
            "AH-1K": "g0308",
            "AH-HQ-1A": "g0307",
        },
        phasing=phasing,
        turn=turn,
        segment="reinforcement",
        **kw,
    )
    return st


def test_14_1_reinforcements_arrive_entrained_at_the_owners_option_and_count(
    sg_position: Any,
) -> None:
    st = _arrivals(sg_position, 2, "central")
    enters = [a for a in offered(st, "central", "enter") if a["unit"] == "AH-VIK"]
    assert {a.get("entrained", True) for a in enters} == {True, False}
    st.apply("central", {"type": "enter", "unit": "AH-VIK", "hex": "g0108"})
    assert rail.entrained(st, "AH-VIK")
    assert rail.capacity_left(st, "central") == {"austria-hungary": 18 - 4}
    assert any("count against the Rail Capacity" in x for x in logged(st, "serbia-galicia 14.1"))


def test_14_1_a_reinforcement_may_walk_on_and_leave_the_capacity_free(
    sg_position: Any,
) -> None:
    st = _arrivals(sg_position, 2, "central")
    st.apply("central", {"type": "enter", "unit": "AH-VIK", "hex": "g0108", "entrained": False})
    assert not rail.entrained(st, "AH-VIK")
    assert rail.capacity_left(st, "central") == {"austria-hungary": 18}


def test_14_1_a_reinforcement_may_be_delayed(sg_position: Any) -> None:
    st = _arrivals(sg_position, 2, "central")
    st.apply("central", {"type": "withhold", "unit": "AH-VIK"})
    assert U.record(st, "AH-VIK")["status"] == "pending"


def test_17_32_a_reinforcement_entrains_without_a_roll_on_its_arrival_turn(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = _arrivals(sg_position, 2, "central")
    st.apply("central", {"type": "enter", "unit": "AH-VIK", "hex": "g0108", "entrained": False})
    st.apply("central", {"type": "enter", "unit": "AH-HQ-4A", "hex": "g0108", "entrained": False})
    play_until(st, lambda s: s.top().get("kind") == "movement")
    fixed_dice()  # no roll may be made
    entrain(st, "central", "AH-VIK")
    assert rail.entrained(st, "AH-VIK")
    assert logged(st, "serbia-galicia 17.32")


def test_17_2_austro_hungarian_arrivals_in_galicia_detrain_at_the_end_of_the_phase(
    sg_position: Any,
) -> None:
    st = _arrivals(sg_position, 2, "central")
    st.apply("central", {"type": "enter", "unit": "AH-VIK", "hex": "g0108"})
    st.apply("central", {"type": "enter", "unit": "AH-HQ-4A", "hex": "g0108"})
    play_until(st, lambda s: s.top().get("kind") == "movement")
    select(st, "central", "AH-VIK")
    choose(st, "central", "rail_move", unit="AH-VIK", to="g0708")  # entrained all phase
    assert rail.entrained(st, "AH-VIK")
    end_segment(st, "central")
    assert not rail.entrained(st, "AH-VIK") and not rail.entrained(st, "AH-HQ-4A")
    assert U.record(st, "AH-VIK")["hex"] == "g0708"
    assert len(logged(st, "serbia-galicia 17.2")) == 2


def test_17_2_russian_arrivals_stay_entrained(sg_position: Any) -> None:
    st = _arrivals(sg_position, 3, "allied")
    st.apply("allied", {"type": "enter", "unit": "R-VIIK", "hex": "g1403"})
    st.apply("allied", {"type": "enter", "unit": "R-HQ-8A", "hex": "g1403"})
    play_until(st, lambda s: s.top().get("kind") == "movement")
    end_segment(st, "allied")
    assert rail.entrained(st, "R-VIIK")
    assert not logged(st, "serbia-galicia 17.2")


# --- 17.5 track limits ----------------------------------------------------------------------

RUSSIANS = {
    "R-XIVK": {"hex": "g0601", **ENTRAINED},
    "R-16K": {"hex": "g0601", **ENTRAINED},
    "R-9KD": {"hex": "g0601", **ENTRAINED},
    "R-HQ-4A": "g0501",
}


def test_17_52_no_more_than_4_russian_points_cross_a_single_track_hexside(
    sg_position: Any, refuse: Any
) -> None:
    """The printed example: once 4 Russian Stacking Points have crossed g0602/g0702 on the
    single-track Weichselbahn (the one line there), no more may this Movement Phase."""
    st = sg_position(RUSSIANS, options={TRACK_LIMITS_OPTION: True})
    select(st, "allied", "R-XIVK")
    choose(st, "allied", "rail_move", unit="R-XIVK", to="g0702")
    select(st, "allied", "R-9KD")
    assert "g0602" in {a["to"] for a in offered(st, "allied", "rail_move")}
    assert "g0702" not in {a["to"] for a in offered(st, "allied", "rail_move")}
    why = refuse(
        st,
        "allied",
        {
            "type": "rail_move",
            "unit": "R-9KD",
            "to": "g0702",
            "path": ["g0602", "g0702"],
            "hexes": 2,
        },
    )
    assert why.case == "serbia-galicia 17.51"
    assert U.record(st, "R-9KD")["hex"] == "g0601"


def test_17_53_a_second_line_through_the_hexside_has_its_own_limit(
    sg_position: Any,
) -> None:
    st = sg_position(RUSSIANS, options={TRACK_LIMITS_OPTION: True})
    select(st, "allied", "R-XIVK")
    choose(st, "allied", "rail_move", unit="R-XIVK", to="g0602")
    select(st, "allied", "R-16K")
    choose(st, "allied", "rail_move", unit="R-16K", to="g0602")
    assert U.record(st, "R-16K")["hex"] == "g0602"
    used = st.top()[rail.TRACK_USED]
    assert sorted(used.values()) == [4, 4]  # one corps on each line


def test_17_51_without_the_option_no_limit(sg_position: Any) -> None:
    st = sg_position(RUSSIANS)
    for uid in ("R-XIVK", "R-16K", "R-9KD"):
        select(st, "allied", uid)
        choose(st, "allied", "rail_move", unit=uid, to="g0602")
    assert U.record(st, "R-9KD")["hex"] == "g0602"


def test_17_51_austro_hungarian_double_track_limit_is_14(sg_position: Any) -> None:
    st = sg_position({"AH-1K": "g0108"}, options={TRACK_LIMITS_OPTION: True})
    rules = U.rules(st)
    assert rules.track_limit(st, "AH-1K", "double") == 14
    assert rules.track_limit(st, "AH-1K", "single") == 5


def test_14_1_an_entrained_arrival_beyond_the_capacity_counts_as_any_entrained_unit(
    sg_position: Any,
) -> None:
    """16 of the 18 points are entrained already: the 4-point corps arriving entrained
    is not charged at arrival; it counts while entrained (5.31), and the segment asks for
    detraining before it ends."""
    full = {
        uid: {"hex": h, **ENTRAINED}
        for uid, h in (
            ("AH-XIK", "g0208"),
            ("AH-5D", "g0308"),
            ("AH-12D", "g0508"),
            ("AH-2KD", "g0608"),
            ("AH-D1", "g0708"),
            ("AH-1K", "g0808"),
        )
    }
    st: State = sg_position(
        {
            **full,
            "AH-VIK": {"status": "pending"},
            "AH-HQ-4A": {"status": "pending"},
            "AH-HQ-1A": "g0407",
            "AH-HQ-3A": "g0707",
        },
        phasing="central",
        segment="reinforcement",
    )
    st.apply("central", {"type": "enter", "unit": "AH-VIK", "hex": "g0108"})
    assert rail.entrained(st, "AH-VIK")
    assert not U.has_marker(st, "AH-VIK", rail.RAIL_EXEMPT)
    assert any("counts as any entrained unit" in x for x in logged(st, "serbia-galicia 14.1"))
    assert rail.capacity_left(st, "central") == {"austria-hungary": -2}
    st.apply("central", {"type": "enter", "unit": "AH-HQ-4A", "hex": "g0108"})
    play_until(st, lambda s: s.top().get("kind") == "movement")
    end_segment(st, "central")
    assert {a["type"] for a in st.legal_actions("central")} == {"detrain"}
