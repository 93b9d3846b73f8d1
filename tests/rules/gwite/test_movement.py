"""5.0 Movement: 5.1 restrictions, 5.2 friendly units, 5.4 Terrain Effects Chart.

Positions are on the FICTIONAL teaching map (greatwar/data/gwite/maps/teaching.toml).
Expected costs are worked out by hand from the chart (5.4) and the map; each
test says how.  TCRs: Germany 1, Austria-Hungary 4, Russia 3 (teaching
scenario); the test counter X-G2 is rated 2.  Hexes are odd-q: an odd column's
neighbours in the next columns are on rows r and r+1, an even column's on
rows r-1 and r.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from greatwar import IllegalAction, State
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

# One division of each Tactical Competence Rating, and its side.
BY_TCR = {
    1: ("G-35R", "central"),  # Germany, MA 5
    2: ("X-G2", "central"),  # test counter rated 2, MA 5
    3: ("R-1G", "allied"),  # Russia, MA 4
    4: ("AH-12", "central"),  # Austria-Hungary, MA 4
}


def select(st: State, role: str, uid: str) -> dict[str, Action]:
    """Select a unit; return its legal moves by destination hex."""
    st.apply(role, {"type": "select", "unit": uid})
    return moves(st, role, uid)


def moves(st: State, role: str, uid: str) -> dict[str, Action]:
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


def one_unit(position: Any, tcr: int, at: str) -> tuple[State, str, str]:
    """A position with only the TCR ``tcr`` division, at ``at``, in its Movement Segment."""
    uid, side = BY_TCR[tcr]
    st = position({uid: at}, phasing=side, test_counters=True)
    return st, uid, side


def hex_of(st: State, uid: str) -> str:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


# --- 5.1 Movement restrictions and prohibitions ---------------------------------


def test_5_11_only_the_phasing_player_may_move(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606", "G-35R": "1009"}, phasing="allied")
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("central") == []
    err = refuse(st, "central", {"type": "select", "unit": "G-35R"})
    assert err.case == "5.11"
    # nor may the phasing player move the enemy's units
    err = refuse(st, "allied", {"type": "select", "unit": "G-35R"})
    assert err.case == "5.11"


def test_5_11_units_move_only_in_the_friendly_movement_phase(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606", "G-35R": "1009"}, phasing="allied")
    st.apply("allied", {"type": "end_segment"})
    # now the Central Powers Movement Phase: the Allies may not move
    assert st.active_roles() == ["central"]
    assert st.legal_actions("allied") == []
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert err.case == "5.11"
    assert {"type": "select", "unit": "G-35R"} in st.legal_actions("central")


def test_5_11_no_movement_during_the_reinforcement_segment(position: Any, refuse: Refuse) -> None:
    # turn 2, Allied Reinforcement Segment: R-XXX is due at C; R-1G may not move yet
    st = position(
        {"R-1G": "1606", "R-XXX": {"status": "pending"}},
        turn=2,
        segment="reinforcement",
    )
    assert st.top()["kind"] == "reinforcement"
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert err.case in ("4.0", "5.11")


def test_5_12_one_movement_point_per_clear_hex(position: Any) -> None:
    # 1606 lies in open Clear terrain: every hex within 4 costs its distance
    st = position({"R-1G": "1606"})
    reach = select(st, "allied", "R-1G")
    board = st.game.scenario.board
    for to in ("1605", "1607", "1608", "1609", "1610", "1706", "1806", "2006", "1505"):
        assert reach[to]["cost"] == board.distance("1606", to), to
        assert "provisional" not in reach[to]


def test_5_12_other_terrain_costs_more_than_one(position: Any) -> None:
    # R-1G (TCR 3) at 1505: Forest 1405 costs 2 (5.4), Clear 1504 costs 1
    st = position({"R-1G": "1505"})
    reach = select(st, "allied", "R-1G")
    assert reach["1504"]["cost"] == 1
    assert reach["1405"]["cost"] == 2


def test_5_13_may_not_enter_enemy_occupied_hex(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606", "G-35R": "1607"})
    reach = select(st, "allied", "R-1G")
    assert "1607" not in reach
    err = refuse(
        st, "allied", {"type": "move", "unit": "R-1G", "to": "1607", "path": ["1607"], "cost": 2}
    )
    assert err.case == "5.13"


def test_5_13_enemy_occupied_hex_not_entered_even_by_the_one_hex_move(
    position: Any,
) -> None:
    # a fresh unit may always move one hex (5.17), but never into an enemy unit
    st = position({"X-LS1": "1605", "R-1G": "1604"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    assert "1604" not in reach
    assert reach["1606"]["cost"] == 1  # Clear, within its 1 MP


def test_5_13_may_not_enter_undestroyed_enemy_fortress(position: Any, refuse: Refuse) -> None:
    # 0611 is the Central Powers fortress (Festung Tarnovice), empty here
    st = position({"R-1G": "0510"})
    reach = select(st, "allied", "R-1G")
    assert "0611" not in reach
    err = refuse(
        st, "allied", {"type": "move", "unit": "R-1G", "to": "0611", "path": ["0611"], "cost": 1}
    )
    assert err.case == "5.13"


def test_5_13_destroyed_enemy_fortress_may_be_entered(position: Any) -> None:
    st = position({"R-1G": "0510"})
    # combat (11.13) is later work: mark the fortress as having lost its 4 steps
    st.data["fortress_lost"] = {"0611": 4}
    st._cache.clear()
    reach = select(st, "allied", "R-1G")
    # 0611 is a City (provisional, as Clear: 1) and no longer controlled (7.0)
    assert reach["0611"]["cost"] == 1


def test_5_13_friendly_fortress_may_be_entered(position: Any) -> None:
    st = position({"AH-12": "0510"}, phasing="central")
    reach = select(st, "central", "AH-12")
    assert reach["0611"]["cost"] == 1  # City, provisional as Clear
    assert reach["0611"]["provisional"] is True


def test_5_14_may_not_exceed_movement_allowance(position: Any, refuse: Refuse) -> None:
    # R-1G has MA 4; 1610 is 4 Clear hexes away, 1611 five
    st = position({"R-1G": "1606"})
    reach = select(st, "allied", "R-1G")
    assert reach["1610"]["cost"] == 4
    assert "1611" not in reach
    assert max(a["cost"] for a in reach.values()) == 4
    err = refuse(
        st,
        "allied",
        {
            "type": "move",
            "unit": "R-1G",
            "to": "1611",
            "path": ["1607", "1608", "1609", "1610", "1611"],
            "cost": 5,
        },
    )
    assert err.case == "5.14"


def test_5_14_allowance_is_shared_by_all_legs_of_a_move(position: Any) -> None:
    st = position({"R-1G": "1606"})
    reach = select(st, "allied", "R-1G")
    st.apply("allied", reach["1607"])  # 1 MP
    reach = moves(st, "allied", "R-1G")
    assert reach["1610"]["cost"] == 3  # 1608, 1609, 1610: the last 3 MP
    assert "1611" not in reach
    st.apply("allied", reach["1610"])
    # all 4 MP spent: the unit is finished
    assert moves(st, "allied", "R-1G") == {}
    assert {"type": "select", "unit": "R-1G"} not in st.legal_actions("allied")


def test_5_14_unused_points_are_not_carried_to_the_next_phase(position: Any) -> None:
    st = position({"R-1G": "1606", "G-35R": "0301"})
    st.apply("allied", select(st, "allied", "R-1G")["1607"])  # 1 of 4 MP
    st.apply("allied", {"type": "end_segment"})
    st.apply("central", {"type": "end_segment"})
    assert st.data["turn"] == 2
    assert st.top()["kind"] == "movement"
    reach = select(st, "allied", "R-1G")
    # again 4 MP, not 4 + the 3 left unused last turn
    assert max(a["cost"] for a in reach.values()) == 4
    assert reach["1611"]["cost"] == 4
    assert "1612" not in reach  # 5 hexes from 1607


def test_5_14_unused_points_are_not_transferable(position: Any) -> None:
    st = position({"R-1G": "1606", "R-3S": "1806"})
    st.apply("allied", select(st, "allied", "R-1G")["1607"])  # spends 1 of 4
    st.apply("allied", {"type": "finish", "unit": "R-1G"})
    reach = select(st, "allied", "R-3S")
    assert max(a["cost"] for a in reach.values()) == 4  # its own MA 4, nothing more


def test_5_15_may_leave_an_enemy_controlled_hex(position: Any) -> None:
    # G-35R at 1606 controls 1605; R-1G starts there
    st = position({"R-1G": "1605", "G-35R": "1606"})
    reach = select(st, "allied", "R-1G")
    assert reach["1504"]["cost"] == 1  # Clear, not controlled: no extra cost (7.23)
    assert reach["1505"]["cost"] == 2  # Clear + 1 for another controlled hex (7.22)


def test_5_16_railroad_gives_no_benefit_to_normal_movement(position: Any) -> None:
    # 1407 and 1307 are both on the Imperial Line; 1307 is Forest: 2 MP for TCR 3
    st = position({"R-1G": "1407"})
    reach = select(st, "allied", "R-1G")
    assert reach["1307"]["cost"] == 2
    assert reach["1306"]["cost"] == 1  # Clear, off the line: the same 1 MP as on it


def test_5_17_tcr4_unit_with_one_mp_may_enter_swamp(position: Any) -> None:
    # X-LS1: Austro-Hungarian (TCR 4), MA 1.  Swamp costs a TCR 4 unit 3 (5.4 "2,3").
    st = position({"X-LS1": "1605"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    swamp = reach["1604"]
    assert swamp["case"] == "5.17"
    assert swamp["path"] == ["1604"]
    assert swamp["cost"] == 1  # it spends its whole allowance
    assert "case" not in reach["1606"]  # Clear: an ordinary 1 MP move
    st.apply("central", swamp)
    assert hex_of(st, "X-LS1") == "1604"
    assert st.data["log"][-1]["case"] == "5.17"
    assert moves(st, "central", "X-LS1") == {}  # one hex only


def test_5_17_only_one_hex_even_with_the_minimum_move(position: Any) -> None:
    # X-LS1 at 1605 cannot go two hexes: 1603 (swamp, 2 hexes) is not offered
    st = position({"X-LS1": "1605"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    board = st.game.scenario.board
    assert all(board.distance("1605", to) == 1 for to in reach)


def test_5_17_into_enemy_zone_of_control(position: Any) -> None:
    # X-LS1 (MA 1) at 1504; R-1G at 1606 controls 1505: Clear 1 + ZOC 1 = 2 > 1 MP
    st = position({"X-LS1": "1504", "R-1G": "1606"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    assert reach["1505"]["case"] == "5.17"
    assert reach["1404"]["cost"] == 1 and "case" not in reach["1404"]


def test_5_17_not_after_movement_points_were_spent(position: Any, refuse: Refuse) -> None:
    # AH-12 (TCR 4, MA 4) 1607 -> 1605 spends 2; the swamp 1604 then costs 3 > 2 left
    st = position({"AH-12": "1607"}, phasing="central")
    reach = select(st, "central", "AH-12")
    st.apply("central", reach["1605"])
    assert reach["1605"]["cost"] == 2
    reach = moves(st, "central", "AH-12")
    assert "1604" not in reach
    err = refuse(
        st, "central", {"type": "move", "unit": "AH-12", "to": "1604", "path": ["1604"], "cost": 2}
    )
    assert err.case == "5.14"


def test_5_17_never_into_prohibited_terrain(position: Any) -> None:
    # X-LS1 at 1009 (Clear): 1109 is Lake, prohibited even for the one-hex move
    st = position({"X-LS1": "1009"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    assert "1109" not in reach
    assert "1108" not in reach


# --- 5.2 Effects of friendly units on movement ------------------------------------


def test_5_21_move_through_friendly_units_at_no_extra_cost(position: Any) -> None:
    # R-1G at 1606 surrounded by friendly units on all six Clear neighbours
    ring = ["1605", "1607", "1505", "1506", "1705", "1706"]
    friends = ["R-XIX", "R-V", "R-XXV", "R-3S", "R-62R", "R-65R"]
    st = position({"R-1G": "1606", **dict(zip(friends, ring, strict=True))})
    reach = select(st, "allied", "R-1G")
    for h in ring:
        assert reach[h]["cost"] == 1  # entering a friendly-occupied hex: Clear 1
    # two hexes away through them: 2, as if they were not there
    assert reach["1608"]["cost"] == 2
    assert reach["1806"]["cost"] == 2
    assert reach["1610"]["cost"] == 4


def test_5_22_any_number_may_pass_and_overstack_during_the_segment(position: Any) -> None:
    # three corps (12 stacking points, limit 8) end their moves in 1606
    corps = {"R-XIX": "1605", "R-V": "1607", "R-XXV": "1706"}
    st = position({**corps, "R-1G": "1506"})
    for uid in corps:
        st.apply("allied", select(st, "allied", uid)["1606"])
    assert sorted(U.units_in(st, "1606")) == sorted(corps)
    # still the Movement Segment, and another unit may pass through the stack
    assert st.top()["kind"] == "movement"
    reach = select(st, "allied", "R-1G")
    assert reach["1606"]["cost"] == 1
    assert reach["1705"]["cost"] == 2  # 1606 (the stack), then 1705: Clear 1 + 1


# --- 5.4 Terrain Effects Chart --------------------------------------------------------

# (terrain, from hex, to hex, cost for TCR 1, 2, 3, 4), read off the chart (5.4):
# two numbers in a column: the first for TCR 1 (or 3), the second for TCR 2 (or 4).
CHART = [
    ("clear", "1606", "1607", (1, 1, 1, 1)),
    ("forest", "1505", "1405", (1, 1, 2, 2)),  # "1" | "2"
    ("broken", "1507", "1508", (1, 2, 2, 2)),  # "1,2" | "2"
    ("swamp", "1605", "1604", (2, 2, 2, 3)),  # "2" | "2,3"
    ("rough", "0512", "0513", (2, 2, 2, 2)),  # "2" | "2"
]


@pytest.mark.parametrize("tcr", [1, 2, 3, 4])
@pytest.mark.parametrize(("terrain", "start", "to", "costs"), CHART, ids=[c[0] for c in CHART])
def test_5_4_terrain_cost_by_tcr_column(
    position: Any, terrain: str, start: str, to: str, costs: tuple[int, ...], tcr: int
) -> None:
    st, uid, side = one_unit(position, tcr, start)
    assert st.game.scenario.board.terrain[to] == terrain
    move = select(st, side, uid)[to]
    assert move["cost"] == costs[tcr - 1]
    assert move["path"] == [to]
    assert "provisional" not in move  # printed on the chart
    st.apply(side, move)
    assert hex_of(st, uid) == to


@pytest.mark.parametrize(("tcr", "cost"), [(1, 1), (2, 2), (3, 2), (4, 2)])
def test_5_4_broken_example_rated_1_pays_1_rated_2_pays_2_rated_3_or_4_pay_2(
    position: Any, tcr: int, cost: int
) -> None:
    # the worked example of the 5.4 Notes: Broken 0504, entered from Clear 0505
    st, uid, side = one_unit(position, tcr, "0505")
    assert select(st, side, uid)["0504"]["cost"] == cost


def test_5_4_two_numbers_first_for_rating_1_or_3_second_for_2_or_4(position: Any) -> None:
    # 5.4 Notes, read on Swamp ("2" | "2,3"): TCR 3 pays 2, TCR 4 pays 3
    st, uid, side = one_unit(position, 3, "1605")
    assert select(st, side, uid)["1604"]["cost"] == 2
    st, uid, side = one_unit(position, 4, "1605")
    assert select(st, side, uid)["1604"]["cost"] == 3


def test_5_4_swamp_costs_more_along_a_path(position: Any) -> None:
    # AH-12 (TCR 4, MA 4) from 1605 into the swamp: 1604 (3); 1603 is 3 + 3 = 6, too far
    st, uid, side = one_unit(position, 4, "1605")
    reach = select(st, side, uid)
    assert reach["1604"]["cost"] == 3
    assert "1603" not in reach
    # R-1G (TCR 3, MA 4): 1604 then 1603, 2 + 2 = 4
    st, uid, side = one_unit(position, 3, "1605")
    assert select(st, side, uid)["1603"]["cost"] == 4


def test_5_4_minor_river_hexside_adds_provisional_cost(position: Any) -> None:
    # 1110 -> 1210 crosses the Sereth (minor river): Clear 1 + 1 (provisional,
    # Caporetto 18.1's value); any way round the river is longer.
    st, uid, side = one_unit(position, 3, "1110")
    move = select(st, side, uid)["1210"]
    assert move["cost"] == 2
    assert move["path"] == ["1210"]
    assert move["provisional"] is True
    st.apply(side, move)
    entry = st.data["log"][-1]
    assert entry["provisional"] is True
    assert "provisional" in entry["text"]


def test_5_4_major_river_hexside_adds_provisional_cost(position: Any) -> None:
    # 0409 -> 0410 crosses the Kessel (major river): Clear 1 + 2 (provisional) = 3
    st, uid, side = one_unit(position, 1, "0409")
    move = select(st, side, uid)["0410"]
    assert move["cost"] == 3
    assert move["path"] == ["0410"]
    assert move["provisional"] is True


def test_5_4_ridge_hexside_cost_is_provisional(position: Any) -> None:
    # 0413 (Clear) -> 0414 (Rough) across the Hohe Kamm ridge.  Enemy units at
    # 0313 and 0513 close the ways round it and control 0414, so:
    # Rough 2 + ridge 2 (the chart's "See Note in Case 16.0" is Caporetto 16.0:
    # +2 for infantry; provisional here, since the table applies it to every unit
    # type) + Enemy zone of control 1 (7.21) = 5 = G-35R's whole MA.
    st = position({"G-35R": "0413", "R-1G": "0313", "R-3S": "0513"}, phasing="central")
    move = select(st, "central", "G-35R")["0414"]
    assert move["path"] == ["0414"]
    assert move["cost"] == 5
    assert move["provisional"] is True


def test_5_4_ridge_makes_the_way_round_cheaper(position: Any) -> None:
    # without blockers the cheapest way to 0414 goes round the ridge:
    # 0313 (Clear 1) + 0414 (Rough 2) = 3 < Rough 2 + ridge 2 = 4
    st, uid, side = one_unit(position, 1, "0413")
    move = select(st, side, uid)["0414"]
    assert move["cost"] == 3
    assert move["path"] == ["0313", "0414"]
    assert "provisional" not in move


def test_5_4_city_cost_is_provisional_clear(position: Any) -> None:
    # the chart prints no City movement cost: provisional, as Clear
    st, uid, side = one_unit(position, 3, "0706")
    move = select(st, side, uid)["0707"]
    assert move["cost"] == 1
    assert move["provisional"] is True


def test_5_4_mountain_cost_is_provisional(position: Any) -> None:
    # Mountain is not on the standard chart: provisional 3 for every TCR
    st, uid, side = one_unit(position, 1, "0314")
    move = select(st, side, uid)["0415"]
    assert move["cost"] == 3
    assert move["provisional"] is True


def test_5_4_provisional_flag_only_when_no_printed_path_costs_the_same(position: Any) -> None:
    # R-1G at 0808 to 0608: via the City 0707 (provisional) or via 0708 (Clear):
    # both 2 MP.  A printed-cost path exists, so the move is not provisional.
    st = position({"R-1G": "0808"})
    move = select(st, "allied", "R-1G")["0608"]
    assert move["cost"] == 2
    assert "provisional" not in move
    assert move["path"] == ["0708", "0608"]


def test_5_4_lake_is_prohibited_terrain(position: Any, refuse: Refuse) -> None:
    # 1008 borders the lake hexes 1108 (and 1109 two hexes away)
    st = position({"G-1K": "1008"}, phasing="central")
    reach = select(st, "central", "G-1K")
    lakes = [h for h, t in st.game.scenario.board.terrain.items() if t == "lake"]
    assert sorted(lakes) == ["1108", "1109", "1208"]
    assert not set(lakes) & set(reach)
    err = refuse(
        st, "central", {"type": "move", "unit": "G-1K", "to": "1108", "path": ["1108"], "cost": 1}
    )
    assert err.case == "5.4"


def test_5_4_prohibited_hexside_is_never_crossed(position: Any, refuse: Refuse) -> None:
    # 0515/0615 is a prohibited hexside.  G-1K (TCR 1, MA 8) at 0515 reaches
    # 0615 only the long way: 0514 (Mountain 3) + 0615 (Mountain 3) = 6.
    st = position({"G-1K": "0515"}, phasing="central")
    move = select(st, "central", "G-1K")["0615"]
    assert move["cost"] == 6
    assert move["path"] == ["0514", "0615"]
    # X-LS1 (MA 1) at 0515: not even the one-hex move (5.17) crosses it
    st = position({"X-LS1": "0515"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    assert "0615" not in reach
    assert reach["0514"]["case"] == "5.17"
    err = refuse(
        st, "central", {"type": "move", "unit": "X-LS1", "to": "0615", "path": ["0615"], "cost": 1}
    )
    assert err.case == "5.4"
    assert "prohibited" in err.reason.lower()


def test_5_4_blocked_hexside_is_never_crossed(position: Any, refuse: Refuse) -> None:
    # 1015/1016 is the blocked Wolf Pass (provisional: treated as prohibited)
    st = position({"X-LS1": "1016"}, phasing="central", test_counters=True)
    reach = select(st, "central", "X-LS1")
    assert "1015" not in reach
    assert reach["0915"]["case"] == "5.17"
    err = refuse(
        st, "central", {"type": "move", "unit": "X-LS1", "to": "1015", "path": ["1015"], "cost": 1}
    )
    assert err.case == "5.4"
    assert "blocked" in err.reason.lower()


# --- refusals and undo ----------------------------------------------------------------


def test_5_0_move_before_select_is_refused(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606"})
    err = refuse(
        st, "allied", {"type": "move", "unit": "R-1G", "to": "1607", "path": ["1607"], "cost": 1}
    )
    assert err.case == "5.0"


def test_5_0_finished_unit_may_not_move_again(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606", "R-3S": "1806"})
    st.apply("allied", select(st, "allied", "R-1G")["1607"])
    select(st, "allied", "R-3S")  # selecting another unit finishes R-1G
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert err.case == "5.0"


def test_5_12_altered_move_cost_is_refused(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606"})
    move = select(st, "allied", "R-1G")["1608"]
    err = refuse(st, "allied", {**move, "cost": 1})
    assert err.case == "5.12"
    assert "2" in err.reason


def test_5_0_malformed_actions_are_refused_with_a_case(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1606", "R-3S": "1806"})
    refuse(st, "allied", {"type": "select", "unit": "NOPE"})
    refuse(st, "allied", {"type": "select", "unit": ["R-1G"]})
    refuse(st, "allied", {"type": "fly", "unit": "R-1G"})
    refuse(st, "allied", {"type": "select", "unit": "R-1G", "to": "1607"})
    refuse(st, "allied", {"type": "end_segment", "now": True})
    select(st, "allied", "R-1G")
    err = refuse(
        st, "allied", {"type": "move", "unit": "R-1G", "to": "1606", "path": [], "cost": 0}
    )
    assert "already" in err.reason
    refuse(st, "allied", {"type": "move", "unit": "R-1G", "to": "9999", "path": [], "cost": 1})
    refuse(st, "allied", {"type": "move", "unit": "R-1G", "to": 1607, "path": [], "cost": 1})
    err = refuse(st, "allied", {"type": "finish", "unit": "R-3S"})
    assert err.case == "5.0"
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert "already selected" in err.reason


def test_5_13_unit_hemmed_in_by_enemy_units_and_lake_cannot_move(
    position: Any, refuse: Refuse
) -> None:
    # R-1G at 1008: Lake 1108 and Central units on its five other neighbours
    ring = {"G-I": "1007", "G-XVII": "1107", "G-35R": "1009", "G-36R": "0908", "G-1K": "0907"}
    st = position({"R-1G": "1008", "R-3S": "1806", **ring})
    assert {"type": "select", "unit": "R-1G"} not in st.legal_actions("allied")
    assert {"type": "select", "unit": "R-3S"} in st.legal_actions("allied")
    err = refuse(st, "allied", {"type": "select", "unit": "R-1G"})
    assert err.case == "5.13"


def test_5_12_undo_takes_back_a_move(position: Any) -> None:
    st = position({"R-1G": "1606"})
    reach = select(st, "allied", "R-1G")
    before = st.digest()
    st.apply("allied", reach["1608"])
    assert hex_of(st, "R-1G") == "1608"
    assert st.can_undo("allied")
    assert not st.can_undo("central")
    st.undo("allied")
    assert hex_of(st, "R-1G") == "1606"
    assert st.digest() == before
    # and the full allowance is there again
    assert moves(st, "allied", "R-1G")["1610"]["cost"] == 4
    with pytest.raises(IllegalAction):
        st.undo("central")
    assert st.digest() == before
