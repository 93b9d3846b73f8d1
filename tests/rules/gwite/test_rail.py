"""5.3 Railroad Movement: 5.31-5.36, and off-map rail movement 5.37-5.38.

Positions are on the FICTIONAL teaching map (greatwar/data/gwite/maps/teaching.toml).
Rail lines used here (hexes in order along the line):

* Nordbahn: 0106 0207 0306 0407 0507 0607 0707 0807 0906 | 1007 1106 1207
  (west of the bar in Germany, east of it in Russia);
* Südbahn: 0707 0708 0709 0610 0611 0511 0412 0413 0313 0214 0114 (Austria from 0610);
* Imperial Line (Russia): 2006 1906 1807 1707 1607 1507 1407 1307 1207;
* Zalesie line (Russia): 1906 1807 1808 1708 1609 ...;
* Wolnowo line (Russia): 1507 1506 1406 1405 1404 1303 1302.

0106 and 0114 are the Central Powers' rail map-exit hexes, joined by a
FICTIONAL off-map link costing 6 Movement Points.  Teaching parameters: TCR
Germany 1, Austria-Hungary 4, Russia 3 (X-G2, a test counter, is rated 2);
Rail Capacity Allies 6, Central Powers 8 stacking points; Railroad Movement
Rate Russia 20, Germany and Austria-Hungary 25 hexes.  Corps are 4 stacking
points, divisions 2, HQs 0 (6.11).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import play_until

import greatwar
from greatwar import IllegalAction, State
from greatwar.rules.gwite import rail, zoc
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

IMPERIAL_EAST = ["1707", "1807", "1906", "2006"]


# --- helpers ----------------------------------------------------------------------------


def variant(
    position: Any,
    tmp_path: Path,
    units: dict[str, Any],
    params: dict[str, str] | None = None,
    control: dict[str, str] | None = None,
    **kw: Any,
) -> State:
    """A position whose scenario parameters (TOML values) and hex control are changed."""
    position(units, **kw)
    path = tmp_path / "position.toml"
    text = path.read_text(encoding="utf-8")
    for key, value in (params or {}).items():
        line = f"{key} = {value}"
        text, found = re.subn(rf"^{key} = .*$", line, text, count=1, flags=re.M)
        if not found:
            text = text.replace("[parameters]\n", f"[parameters]\n{line}\n", 1)
    if control:
        table = "\n".join(f'"{h}" = "{side}"' for h, side in control.items())
        text = text.replace("[position.units]", f"[position.control]\n{table}\n\n[position.units]")
    path.write_text(text, encoding="utf-8")
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


def select(st: State, role: str, uid: str) -> list[Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return st.legal_actions(role)


def of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


def rail_moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), "rail_move")}


def moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), "move")}


def entrain(st: State, role: str, uid: str) -> None:
    (action,) = of_type(select(st, role, uid), "entrain")
    st.apply(role, action)


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def left(st: State, side: str) -> int:
    """Rail Capacity left to ``side`` (one pool per side in the teaching scenario)."""
    return rail.capacity_left(st, side)[side]


def cases(st: State) -> list[str]:
    return [e.get("case", "") for e in st.data["log"]]


# Actions that let a game go on without deciding anything that matters here.


def movement_of(side: str, turn: int) -> Callable[[State], bool]:
    def done(st: State) -> bool:
        top = st.top()
        return (
            top is not None
            and top["kind"] == "movement"
            and st.data["phasing"] == side
            and st.data["turn"] == turn
        )

    return done


# --- 5.31 Rail Capacity and Railroad Movement Rate ------------------------------------------


def test_5_31_rail_capacity_counts_the_stacking_points_of_entrained_units(
    position: Any, refuse: Refuse
) -> None:
    # Allied capacity 6: a corps (4) and a division (2) fill it; a second division may not
    st = position({"R-XIX": "1607", "R-1G": "1507", "R-3S": "1407"})
    assert left(st, "allied") == 6
    entrain(st, "allied", "R-XIX")
    assert left(st, "allied") == 2
    entrain(st, "allied", "R-1G")
    assert left(st, "allied") == 0
    actions = select(st, "allied", "R-3S")
    assert of_type(actions, "entrain") == []
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-3S", "cost": 3})
    assert err.case == "5.31"
    assert "Rail Capacity" in err.reason


def test_5_31_hq_units_do_not_count_against_rail_capacity(position: Any) -> None:
    # capacity used up by R-XIX (4) and R-1G (2); the army HQ still entrains (0 points)
    st = position({"R-XIX": "1607", "R-1G": "1507", "R-HQ-5A": "1407"})
    entrain(st, "allied", "R-XIX")
    entrain(st, "allied", "R-1G")
    entrain(st, "allied", "R-HQ-5A")
    assert rail.entrained(st, "R-HQ-5A")
    assert left(st, "allied") == 0
    st.apply("allied", rail_moves(st, "allied")["1307"])
    assert left(st, "allied") == 0


def test_5_31_units_remaining_entrained_count_against_rail_capacity(
    position: Any, refuse: Refuse
) -> None:
    # R-XIX starts the phase entrained: its 4 points count if it stays so (or moves)
    st = position(
        {"R-XIX": {"hex": "1607", "markers": ["entrained"]}, "R-1G": "1507", "R-XXV": "1407"}
    )
    assert left(st, "allied") == 2
    assert refuse(st, "allied", {"type": "entrain", "unit": "R-XXV", "cost": 3}).case == "5.31"
    # detraining without moving by rail frees its points (it neither moved nor remains)
    (detrain,) = of_type(select(st, "allied", "R-XIX"), "detrain")
    st.apply("allied", detrain)
    assert left(st, "allied") == 6
    entrain(st, "allied", "R-XXV")
    assert left(st, "allied") == 2


def test_5_31_a_unit_that_moved_by_rail_counts_even_after_detraining(position: Any) -> None:
    st = position({"R-1G": "1607"})
    entrain(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1407"])
    st.apply("allied", {"type": "detrain", "unit": "R-1G"})
    assert not rail.entrained(st, "R-1G")
    assert left(st, "allied") == 4
    assert U.has_marker(st, "R-1G", rail.MOVED_BY_RAIL)


def test_5_31_rail_capacity_is_shown_in_the_prompt_and_the_view(position: Any) -> None:
    st = position({"R-XIX": "1607"})
    assert "Rail Capacity left 6 of 6" in st.prompt("allied")
    entrain(st, "allied", "R-XIX")
    assert "Rail Capacity left 2 of 6" in st.prompt("allied")
    view = st.view("allied")
    assert view["rail"]["capacity_left"] == {"allied": 2}
    assert view["rail"]["capacity"] == {"allied": 6}


def test_5_31_units_over_capacity_at_the_end_of_the_segment_detrain_first(
    position: Any, refuse: Refuse
) -> None:
    # two corps entrained before this phase: 8 points against a capacity of 6
    entrained = {"markers": ["entrained"]}
    st = position({"R-XIX": {"hex": "1607", **entrained}, "R-V": {"hex": "1407", **entrained}})
    st.apply("allied", {"type": "end_segment"})
    assert st.top()["kind"] == "movement"  # the segment waits
    assert "5.31" in cases(st)
    assert st.legal_actions("allied") == [
        {"type": "detrain", "unit": "R-XIX"},
        {"type": "detrain", "unit": "R-V"},
    ]
    assert "Detrain" in st.prompt("allied")
    assert refuse(st, "allied", {"type": "select", "unit": "R-V"}).case == "5.31"
    st.apply("allied", {"type": "detrain", "unit": "R-V"})
    # within the capacity now: the segment is over (the Central Powers move next)
    assert st.active_roles() == ["central"]
    assert rail.entrained(st, "R-XIX") and not rail.entrained(st, "R-V")


def test_5_31_first_rail_move_must_fit_beside_the_units_already_moved(
    position: Any, refuse: Refuse
) -> None:
    entrained = {"markers": ["entrained"]}
    st = position({"R-XIX": {"hex": "1607", **entrained}, "R-V": {"hex": "1407", **entrained}})
    select(st, "allied", "R-XIX")
    st.apply("allied", rail_moves(st, "allied")["1807"])  # 4 of 6 moved
    actions = select(st, "allied", "R-V")
    assert of_type(actions, "rail_move") == []
    assert of_type(actions, "detrain") == [{"type": "detrain", "unit": "R-V"}]
    to = {"type": "rail_move", "unit": "R-V", "to": "1307", "path": ["1307"], "hexes": 1}
    assert refuse(st, "allied", to).case == "5.31"
    # ending the segment: R-V (not moved) must detrain, R-XIX (moved) counts anyway
    st.apply("allied", {"type": "end_segment"})
    assert st.legal_actions("allied") == [{"type": "detrain", "unit": "R-V"}]


def test_5_31_entrained_units_out_of_command_stay_over_capacity(position: Any) -> None:
    # 5.35 they may not detrain: the segment ends with them over the capacity
    out = {"markers": ["entrained", "out_of_command"]}
    st = position({"R-XIX": {"hex": "1607", **out}, "R-V": {"hex": "1407", **out}})
    st.apply("allied", {"type": "end_segment"})
    assert st.active_roles() == ["central"]
    assert "5.35" in cases(st)


def test_5_31_rail_capacity_by_nationality(position: Any, tmp_path: Path, refuse: Refuse) -> None:
    # capacities per nationality (as Hindenburg 5.31): Germany 2, Austria-Hungary 4
    params = {"rail_capacity": '{ germany = 2, "austria-hungary" = 4 }'}
    units = {"G-35R": "0507", "G-36R": "0407", "AH-12": "0511"}
    st = variant(position, tmp_path, units, params, phasing="central")
    assert rail.capacity_left(st, "central") == {"germany": 2, "austria-hungary": 4}
    entrain(st, "central", "G-35R")
    assert refuse(st, "central", {"type": "entrain", "unit": "G-36R", "cost": 1}).case == "5.31"
    entrain(st, "central", "AH-12")  # the Austro-Hungarian capacity is its own
    assert rail.capacity_left(st, "central") == {"germany": 0, "austria-hungary": 2}
    assert "germany 0 of 2" in st.prompt("central")


def test_5_31_railroad_movement_rate_limits_the_hexes_per_phase(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    # Russian rate 3: from 1607 along the rails, at most 3 hexes:
    # Imperial Line 1707 1807 1906 (east), 1507 1407 1307 (west); Zalesie line 1807→1808;
    # Wolnowo line 1507→1506→1406
    st = variant(position, tmp_path, {"R-1G": "1607"}, {"rail_rate": "{ russia = 3 }"})
    entrain(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert set(reach) == {"1707", "1807", "1906", "1808", "1507", "1407", "1307", "1506", "1406"}
    assert reach["1906"]["path"] == ["1707", "1807", "1906"]
    assert reach["1906"]["hexes"] == 3
    far = {"type": "rail_move", "unit": "R-1G", "to": "2006", "path": [], "hexes": 4}
    err = refuse(st, "allied", far)
    assert err.case == "5.31"
    assert "4 rail hexes away" in err.reason
    # the rate counts every leg of the phase: 2 hexes to 1807 leave 1
    st.apply("allied", reach["1807"])
    assert set(rail_moves(st, "allied")) == {"1707", "1906", "1808"}
    st.apply("allied", rail_moves(st, "allied")["1808"])
    assert rail_moves(st, "allied") == {}
    assert refuse(st, "allied", {**far, "to": "1708", "path": ["1708"], "hexes": 1}).case == "5.31"


# --- 5.32 entraining -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uid", "side", "at", "tcr", "ma"),
    [
        ("G-35R", "central", "0507", 1, 5),
        ("X-G2", "central", "0507", 2, 5),
        ("R-1G", "allied", "1607", 3, 4),
        ("AH-12", "central", "0511", 4, 4),
    ],
)
def test_5_32_entraining_costs_movement_points_equal_to_the_tcr(
    position: Any, uid: str, side: str, at: str, tcr: int, ma: int
) -> None:
    st = position({uid: at}, phasing=side, test_counters=True)
    actions = select(st, side, uid)
    assert of_type(actions, "entrain") == [{"type": "entrain", "unit": uid, "cost": tcr}]
    st.apply(side, {"type": "entrain", "unit": uid, "cost": tcr})
    assert rail.entrained(st, uid)
    assert st.top()["spent"][uid] == tcr
    assert st.data["log"][-1]["case"] == "5.32"
    if ma > tcr:
        assert f"({ma - tcr} MP left)" in st.prompt(side)


def test_5_32_a_unit_without_enough_movement_points_may_not_entrain(
    position: Any, refuse: Refuse
) -> None:
    # X-LS1 (TCR 4, Movement Allowance 1) on the Südbahn at 0511 would need 4 MP
    st = position({"X-LS1": "0511"}, phasing="central", test_counters=True)
    actions = select(st, "central", "X-LS1")
    assert of_type(actions, "entrain") == []
    err = refuse(st, "central", {"type": "entrain", "unit": "X-LS1", "cost": 4})
    assert err.case == "5.32"
    assert "costs 4 MP and 1 are left" in err.reason


def test_5_32_entrain_cost_may_be_the_same_for_all_units(position: Any, tmp_path: Path) -> None:
    # as Caporetto 5.32: every unit pays 2 MP, whatever its TCR
    st = variant(position, tmp_path, {"R-1G": "1607"}, {"entrain_cost": "2"})
    assert of_type(select(st, "allied", "R-1G"), "entrain") == [
        {"type": "entrain", "unit": "R-1G", "cost": 2}
    ]


def test_5_32_only_in_a_hex_of_a_friendly_railroad_line(position: Any, refuse: Refuse) -> None:
    # 1106 is on the Nordbahn but in Russia; 0506 has no railroad
    st = position({"G-35R": "1106", "G-36R": "0506"}, phasing="central")
    assert of_type(select(st, "central", "G-35R"), "entrain") == []
    err = refuse(st, "central", {"type": "entrain", "unit": "G-35R", "cost": 1})
    assert err.case == "5.32"
    assert "Friendly railroad" in err.reason
    assert of_type(select(st, "central", "G-36R"), "entrain") == []
    assert refuse(st, "central", {"type": "entrain", "unit": "G-36R", "cost": 1}).case == "5.32"


def test_5_32_not_in_a_rail_hex_last_occupied_by_the_enemy(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    # 1607 is a Russian rail hex, but a Central Powers unit was the last to occupy it
    st = variant(position, tmp_path, {"R-1G": "1607"}, control={"1607": "central"})
    assert of_type(select(st, "allied", "R-1G"), "entrain") == []
    assert refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3}).case == "5.32"


def test_5_32_only_tcr1_units_entrain_in_an_enemy_zone_of_control(
    position: Any, refuse: Refuse
) -> None:
    # R-1G in 1006 controls 0906 (a Nordbahn hex in Germany)
    st = position({"R-1G": "1006", "G-35R": "0906"}, phasing="central")
    assert "0906" in zoc.enemy_controlled(st, "central")
    entrain(st, "central", "G-35R")  # TCR 1
    # it may leave the zone by rail: 0807, west along the line, is not controlled
    assert rail_moves(st, "central")["0807"]["path"] == ["0807"]
    for uid in ("X-G2", "AH-12"):  # TCR 2 and TCR 4
        st = position({"R-1G": "1006", uid: "0906"}, phasing="central", test_counters=True)
        assert of_type(select(st, "central", uid), "entrain") == []
        err = refuse(st, "central", {"type": "entrain", "unit": uid, "cost": U.tcr(st, uid)})
        assert err.case == "5.32"
        assert "Enemy-controlled" in err.reason


def test_5_32_only_units_in_supply_entrain(position: Any, refuse: Refuse) -> None:
    # found out of supply in this phase's Initial Supply Segment (9.11)
    st = position({"R-1G": {"hex": "1607", "markers": ["out_of_supply"]}, "R-HQ-5A": "1507"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert err.case == "5.32"
    assert "out of supply" in err.reason
    # 10.35 HQs are never affected by supply
    st = position({"R-HQ-5A": {"hex": "1507", "markers": ["out_of_supply"]}})
    entrain(st, "allied", "R-HQ-5A")
    assert rail.entrained(st, "R-HQ-5A")


def test_5_32_only_units_in_command_control_entrain(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": {"hex": "1607", "markers": ["out_of_command"]}})
    assert {"type": "select", "unit": "R-1G"} not in st.legal_actions("allied")
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert err.case == "5.32"
    assert "out of Command Control" in err.reason


def test_5_32_a_unit_moves_to_the_rail_hex_then_entrains(position: Any) -> None:
    # R-1G (MA 4): 1606 → 1607 Clear, 1 MP; entraining 3 more: all 4 spent
    st = position({"R-1G": "1606"})
    assert of_type(select(st, "allied", "R-1G"), "entrain") == []
    st.apply("allied", moves(st, "allied")["1607"])
    (action,) = of_type(st.legal_actions("allied"), "entrain")
    st.apply("allied", action)
    assert st.top()["spent"]["R-1G"] == 4
    # entrained, it may still move by rail: rail movement costs no Movement Points
    assert rail_moves(st, "allied")["1507"]["hexes"] == 1


def test_5_32_entrained_units_make_no_normal_moves(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1607"})
    entrain(st, "allied", "R-1G")
    assert moves(st, "allied") == {}  # 1 MP left, but entrained
    err = refuse(st, "allied", {"type": "move", "unit": "R-1G", "to": "1606", "path": ["1606"]})
    assert err.case == "5.34"
    assert "entrained" in err.reason


# --- 5.33 rail movement -------------------------------------------------------------------


def test_5_33_rail_movement_follows_the_lines(position: Any) -> None:
    # 1407 (Imperial Line) and 1406 (Wolnowo line) are adjacent but on different lines:
    # by rail 1406 is 3 hexes away, through the junction 1507
    st = position({"R-1G": "1407"})
    entrain(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert reach["1406"]["path"] == ["1507", "1506", "1406"]
    assert reach["1406"]["hexes"] == 3
    # lines meet at junctions: from the Imperial Line onto the Zalesie line at 1807
    assert reach["1808"]["path"] == ["1507", "1607", "1707", "1807", "1808"]
    # and only rail hexes are offered
    assert set(reach) <= U.static(st).rail_hexes


def test_5_33_rail_move_places_the_unit_and_logs_it(position: Any) -> None:
    st = position({"R-1G": "1607"})
    entrain(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1307"])
    assert hex_of(st, "R-1G") == "1307"
    assert rail.entrained(st, "R-1G")
    entry = st.data["log"][-1]
    assert entry["case"] == "5.33"
    assert "1607→1507→1407→1307" in entry["text"]
    # the hexes passed through were last occupied by an Allied unit (5.33, 9.15)
    assert all(st.data["control"][h] == "allied" for h in ("1507", "1407", "1307"))
    assert U.record(st, "R-1G")["moved_turn"] == 1


def test_5_33_entrained_units_may_not_enter_enemy_controlled_hexes(
    position: Any, refuse: Refuse
) -> None:
    # G-35R in 1305 controls 1406 and 1405 on the Wolnowo line (and 1304, 1306, 1205, 1206)
    st = position({"R-1G": "1607", "G-35R": "1305"})
    entrain(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert "1506" in reach
    for cut in ("1406", "1405", "1404", "1303", "1302"):
        assert cut not in reach
    err = refuse(
        st,
        "allied",
        {"type": "rail_move", "unit": "R-1G", "to": "1406", "path": [], "hexes": 3},
    )
    assert err.case == "5.33"
    assert "Enemy-controlled" in err.reason
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-1G", "to": "1302", "path": [], "hexes": 7}
    )
    assert err.case == "5.33"


def test_5_33_not_into_a_hex_last_occupied_by_an_enemy_unit(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    st = variant(position, tmp_path, {"R-1G": "1607"}, control={"1407": "central"})
    entrain(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert "1507" in reach and "1407" not in reach and "1307" not in reach
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-1G", "to": "1407", "path": [], "hexes": 2}
    )
    assert err.case == "5.33"
    assert "last occupied by an Enemy unit" in err.reason


def test_5_33_not_through_enemy_occupied_hexes(position: Any) -> None:
    # an Enemy HQ (no zone of control, 7.26) on the line in 1707 stops trains (5.13, 5.33)
    st = position({"R-1G": "1607", "G-HQ-XVII": "1707"})
    entrain(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert "1507" in reach
    assert not set(IMPERIAL_EAST) & set(reach)
    assert "1808" not in reach  # the Zalesie line is reached only through 1807


def test_5_33_out_of_supply_has_no_effect_on_rail_movement(position: Any) -> None:
    # 9.21: entrained before this phase and found out of supply (Movement Allowance
    # halved to 2), it still goes its whole rate: 2006 is 4 rail hexes, 1302 is 7
    st = position({"R-1G": {"hex": "1607", "markers": ["entrained", "out_of_supply"]}})
    select(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert reach["2006"]["path"] == IMPERIAL_EAST
    assert reach["1302"]["hexes"] == 7


def test_5_33_a_move_with_another_path_is_refused(position: Any, refuse: Refuse) -> None:
    st = position({"R-1G": "1607"})
    entrain(st, "allied", "R-1G")
    wrong = {"type": "rail_move", "unit": "R-1G", "to": "1307", "path": ["1307"], "hexes": 1}
    err = refuse(st, "allied", wrong)
    assert err.case == "5.33"
    assert "1507→1407→1307" in err.reason
    # the right move, but of a unit not selected
    st = position({"R-1G": {"hex": "1607", "markers": ["entrained"]}, "R-3S": "1506"})
    select(st, "allied", "R-3S")
    right = {**wrong, "path": ["1507", "1407", "1307"], "hexes": 3}
    assert refuse(st, "allied", right).case == "5.0"


# --- 5.34 detraining ------------------------------------------------------------------------


def test_5_34_detrain_free_then_move_on_with_the_movement_points_left(position: Any) -> None:
    # G-35R (TCR 1, MA 5): entrain 1 MP at 0507, rail 0607 0707 0807 0906, detrain free:
    # 4 MP left.  North from 0906 through Clear 0905 0904 0903 0902 costs 4; the Forest
    # 0901 beyond would cost a 5th.
    st = position({"G-35R": "0507"}, phasing="central")
    entrain(st, "central", "G-35R")
    st.apply("central", rail_moves(st, "central")["0906"])
    assert rail_moves(st, "central")["0807"]["hexes"] == 1  # back along the line
    st.apply("central", {"type": "detrain", "unit": "G-35R"})
    assert not rail.entrained(st, "G-35R")
    assert st.data["log"][-1]["case"] == "5.34"
    assert "4 MP left" in st.data["log"][-1]["text"]
    reach = moves(st, "central")
    assert reach["0902"]["cost"] == 4
    assert "0901" not in reach
    assert max(a["cost"] for a in reach.values()) == 4


def test_5_34_detraining_with_no_movement_points_left_ends_the_units_move(
    position: Any,
) -> None:
    # AH-12 (TCR 4, MA 4) spends all 4 MP to entrain; after its rail move and detraining
    # it has nothing left and is finished
    st = position({"AH-12": "0511"}, phasing="central")
    entrain(st, "central", "AH-12")
    st.apply("central", rail_moves(st, "central")["0413"])
    st.apply("central", {"type": "detrain", "unit": "AH-12"})
    assert st.top()["current"] is None
    assert "AH-12" in st.top()["done"]


def test_5_34_a_unit_entrained_before_the_phase_detrains_with_its_whole_allowance(
    position: Any,
) -> None:
    # it has spent nothing this phase: full MA 4, and the one-hex minimum move (5.17)
    st = position({"R-1G": {"hex": "1607", "markers": ["entrained"]}})
    select(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1906"])  # 3 rail hexes, no MP
    st.apply("allied", {"type": "detrain", "unit": "R-1G"})
    assert "(4 MP left)" in st.prompt("allied")
    assert moves(st, "allied")["1905"]["cost"] == 1


def test_5_34_one_rail_journey_per_phase(position: Any, refuse: Refuse) -> None:
    st = position({"G-35R": "0507"}, phasing="central")
    entrain(st, "central", "G-35R")
    st.apply("central", rail_moves(st, "central")["0607"])
    st.apply("central", {"type": "detrain", "unit": "G-35R"})
    # still on a Friendly rail hex with 4 MP left, but its rail journey is over
    assert of_type(st.legal_actions("central"), "entrain") == []
    err = refuse(st, "central", {"type": "entrain", "unit": "G-35R", "cost": 1})
    assert err.case == "5.34"


def test_5_34_only_tcr1_units_attack_after_moving_by_rail(position: Any) -> None:
    st = position({"R-1G": "1607", "R-HQ-5A": "1507"})
    assert rail.may_attack_after_rail(st, "R-1G")
    entrain(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1707"])
    st.apply("allied", {"type": "detrain", "unit": "R-1G"})
    assert not rail.may_attack_after_rail(st, "R-1G")  # TCR 3
    assert not rail.may_attack(st, "R-1G")
    assert "may not attack" in st.data["log"][-1]["text"]
    entrain(st, "allied", "R-HQ-5A")  # HQs are not held back (10.35)
    st.apply("allied", rail_moves(st, "allied")["1407"])
    assert rail.may_attack_after_rail(st, "R-HQ-5A")
    # the record lasts until the end of the Player-Turn
    play_until(st, lambda s: s.data["phasing"] == "central")
    assert rail.may_attack_after_rail(st, "R-1G")
    assert not U.has_marker(st, "R-1G", rail.MOVED_BY_RAIL)

    st = position({"G-35R": "0507"}, phasing="central")
    entrain(st, "central", "G-35R")
    st.apply("central", rail_moves(st, "central")["0807"])
    st.apply("central", {"type": "detrain", "unit": "G-35R"})
    assert rail.may_attack_after_rail(st, "G-35R")  # TCR 1


# --- 5.35 entrained units out of Command Control ---------------------------------------------


def test_5_35_entrained_units_out_of_command_may_only_move_by_rail(
    position: Any, refuse: Refuse
) -> None:
    st = position({"R-1G": {"hex": "1607", "markers": ["entrained", "out_of_command"]}})
    actions = select(st, "allied", "R-1G")
    assert {a["type"] for a in actions} == {"rail_move", "finish", "end_segment"}
    err = refuse(st, "allied", {"type": "detrain", "unit": "R-1G"})
    assert err.case == "5.35"
    err = refuse(st, "allied", {"type": "move", "unit": "R-1G", "to": "1606", "path": ["1606"]})
    assert err.case == "5.35"
    st.apply("allied", rail_moves(st, "allied")["1307"])
    assert hex_of(st, "R-1G") == "1307"
    assert of_type(st.legal_actions("allied"), "detrain") == []


# --- 5.36 entrained units in combat -----------------------------------------------------------


def test_5_36_entrained_units_have_no_zone_of_control(position: Any) -> None:
    st = position({"R-1G": "1607", "G-35R": "0507"})
    assert "1606" in zoc.controlled_by(st, "allied")
    entrain(st, "allied", "R-1G")
    assert "1606" not in zoc.controlled_by(st, "allied")
    st.apply("allied", {"type": "detrain", "unit": "R-1G"})
    assert "1606" in zoc.controlled_by(st, "allied")


def test_5_36_entrained_units_may_not_attack_and_defend_at_half(position: Any) -> None:
    entrained = {"markers": ["entrained"]}
    st = position({"R-1G": {"hex": "1607", **entrained}, "R-HQ-5A": {"hex": "1507", **entrained}})
    assert not rail.may_attack(st, "R-1G")
    assert rail.defense_halved(st, "R-1G")
    # 10.35 being entrained has no effect on HQs
    assert rail.may_attack(st, "R-HQ-5A")
    assert not rail.defense_halved(st, "R-HQ-5A")


def test_5_36_an_attacked_entrained_unit_is_detrained(position: Any) -> None:
    st = position({"R-1G": {"hex": "1607", "markers": ["entrained"]}})
    rail.detrain_when_attacked(st, "R-1G")
    assert not rail.entrained(st, "R-1G")
    assert st.data["log"][-1]["case"] == "5.36"
    assert not rail.defense_halved(st, "R-1G")


# --- 5.37 off-map rail movement -------------------------------------------------------------


def test_5_37_an_entrained_unit_leaves_by_a_rail_exit_and_reenters_at_the_other_end(
    position: Any,
) -> None:
    # G-1K (cavalry, TCR 1, MA 8) entrains at 0106 (1 MP); off the map to 0114 costs 6:
    # it re-enters at once with 1 MP left, still entrained
    st = position({"G-1K": "0106"}, phasing="central")
    entrain(st, "central", "G-1K")
    (leave,) = of_type(st.legal_actions("central"), "off_map")
    assert leave == {"type": "off_map", "unit": "G-1K", "to": "0114"}
    st.apply("central", leave)
    record = U.record(st, "G-1K")
    assert record["status"] == "off_map" and record["hex"] is None
    assert st.data["log"][-1]["case"] == "5.37"
    assert st.legal_actions("central")[0] == {"type": "reenter", "unit": "G-1K", "hex": "0114"}
    st.apply("central", {"type": "reenter", "unit": "G-1K", "hex": "0114"})
    assert hex_of(st, "G-1K") == "0114"
    assert rail.entrained(st, "G-1K")
    assert st.top()["spent"]["G-1K"] == 7
    # on along the Südbahn by rail, or detrain and move 1 MP
    assert rail_moves(st, "central")["0313"]["path"] == ["0214", "0313"]
    st.apply("central", {"type": "detrain", "unit": "G-1K"})
    assert max(a["cost"] for a in moves(st, "central").values()) == 1


def test_5_37_only_from_a_friendly_rail_map_exit_hex_with_a_link(
    position: Any, refuse: Refuse
) -> None:
    st = position({"G-1K": "0207"}, phasing="central")
    entrain(st, "central", "G-1K")
    assert of_type(st.legal_actions("central"), "off_map") == []
    err = refuse(st, "central", {"type": "off_map", "unit": "G-1K", "to": "0114"})
    assert err.case == "5.37"
    # a unit must be entrained to leave by rail
    st = position({"G-1K": "0106"}, phasing="central")
    assert refuse(st, "central", {"type": "off_map", "unit": "G-1K", "to": "0114"}).case == "5.37"


def test_5_37_a_link_serves_only_the_sides_the_map_names(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    from greatwar.model.loader import DATA_ROOT

    text = (DATA_ROOT / "gwite" / "maps" / "teaching.toml").read_text(encoding="utf-8")
    text = text.replace('sides = ["central"]\ncost = 6', 'sides = ["allied"]\ncost = 6')
    variant_map = tmp_path / "map-variant.toml"
    variant_map.write_text(text, encoding="utf-8")
    st = position({"G-1K": "0106"}, phasing="central", map_path=variant_map)
    entrain(st, "central", "G-1K")
    assert of_type(st.legal_actions("central"), "off_map") == []
    assert refuse(st, "central", {"type": "off_map", "unit": "G-1K", "to": "0114"}).case == "5.37"


def test_5_37_no_reentry_into_an_enemy_zone_of_control(position: Any, refuse: Refuse) -> None:
    # R-1G in 0215 controls the exit hex 0114
    st = position({"G-1K": "0106", "R-1G": "0215"}, phasing="central")
    entrain(st, "central", "G-1K")
    st.apply("central", {"type": "off_map", "unit": "G-1K", "to": "0114"})
    assert of_type(st.legal_actions("central"), "reenter") == []
    err = refuse(st, "central", {"type": "reenter", "unit": "G-1K", "hex": "0114"})
    assert err.case == "5.37"
    assert "zone of control" in err.reason
    # it stays off the map: at the end of the segment it has paid 6 of 6 MP (7 were left)
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "G-1K")["off_map"]["mp"] == 6
    assert "5.38" in cases(st)


def test_5_37_no_reentry_into_an_enemy_occupied_exit_hex(position: Any, refuse: Refuse) -> None:
    st = position({"G-1K": "0106", "R-1G": "0114"}, phasing="central")
    entrain(st, "central", "G-1K")
    st.apply("central", {"type": "off_map", "unit": "G-1K", "to": "0114"})
    assert refuse(st, "central", {"type": "reenter", "unit": "G-1K", "hex": "0114"}).case == "5.13"


# --- 5.38 off-map movement and Rail Capacity ---------------------------------------------------


def test_5_38_a_unit_may_end_the_phase_off_the_map_and_carry_its_movement_points(
    position: Any,
) -> None:
    # G-35R (MA 5) entrains at 0106 (1 MP) and leaves the map: 4 MP left, 6 needed.
    # It stays off the map with 4 MP paid; in the next German Movement Phase it pays 2
    # more, re-enters at 0114 entrained, and detrains with 3 MP.
    st = position({"G-35R": "0106"}, phasing="central")
    entrain(st, "central", "G-35R")
    st.apply("central", {"type": "off_map", "unit": "G-35R", "to": "0114"})
    assert of_type(st.legal_actions("central"), "reenter") == []
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "G-35R")["off_map"] == {"link": 0, "from": "0106", "to": "0114", "mp": 4}
    assert "4 of 6 MP paid" in next(e["text"] for e in st.data["log"] if e.get("case") == "5.38")
    play_until(st, movement_of("central", 2))
    # 5.38 it still counts against Rail Capacity: 8 - 2
    assert left(st, "central") == 6
    assert {"type": "select", "unit": "G-35R"} in st.legal_actions("central")
    assert select(st, "central", "G-35R")[0] == {"type": "reenter", "unit": "G-35R", "hex": "0114"}
    st.apply("central", {"type": "reenter", "unit": "G-35R", "hex": "0114"})
    assert hex_of(st, "G-35R") == "0114"
    assert st.top()["spent"]["G-35R"] == 2
    st.apply("central", {"type": "detrain", "unit": "G-35R"})
    assert "(3 MP left)" in st.prompt("central")


def test_5_38_off_map_movement_uses_the_printed_allowance(position: Any) -> None:
    # 9.21: entrained and out of supply (Movement Allowance halved to 2), off the map it
    # still spends its printed 5 MP: 5 of 6 paid at the end of the segment
    st = position(
        {"G-35R": {"hex": "0106", "markers": ["entrained", "out_of_supply"]}}, phasing="central"
    )
    select(st, "central", "G-35R")
    st.apply("central", {"type": "off_map", "unit": "G-35R", "to": "0114"})
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "G-35R")["off_map"]["mp"] == 5


def test_5_38_units_off_the_map_count_against_rail_capacity_except_hqs(
    position: Any, refuse: Refuse
) -> None:
    # two corps (4 + 4) fill the Central Powers' capacity of 8; an HQ goes free
    units = {"G-I": "0106", "G-XVII": "0106", "G-HQ-AOK": "0106", "G-35R": "0207"}
    st = position(units, phasing="central")
    for uid in ("G-I", "G-XVII", "G-HQ-AOK"):
        entrain(st, "central", uid)
        st.apply("central", {"type": "off_map", "unit": uid, "to": "0114"})
    assert left(st, "central") == 0
    assert refuse(st, "central", {"type": "entrain", "unit": "G-35R", "cost": 1}).case == "5.31"


def test_5_38_units_off_the_map_appear_in_views_and_keep_the_invariants(position: Any) -> None:
    st = position({"G-35R": "0106", "R-1G": "1607"}, phasing="central")
    entrain(st, "central", "G-35R")
    st.apply("central", {"type": "off_map", "unit": "G-35R", "to": "0114"})
    for role in ("central", "allied"):
        view = st.view(role)
        (unit,) = [u for u in view["units"] if u["id"] == "G-35R"]
        assert unit["status"] == "off_map" and unit["hex"] is None
        assert view["rail"]["off_map"] == [
            {
                "unit": "G-35R",
                "side": "central",
                "from": "0106",
                "to": "0114",
                "mp_paid": 0,
                "mp_cost": 6,
            }
        ]
    assert st.game.system.invariants(st, "end_of_phase") == []
    # the fixture checks the invariants at the end of every phase (game.checking)
    play_until(st, movement_of("central", 2))
    assert U.record(st, "G-35R")["status"] == "off_map"
    again = greatwar.State.from_json(st.to_json())
    assert again.digest() == st.digest()


def test_5_38_the_units_off_the_map_follow_each_leaving_and_reentry(position: Any) -> None:
    # (kept on the side's units: asked before and after each change, as a view does)
    st = position({"G-35R": "0106"}, phasing="central")
    assert rail.off_map_units(st, "central") == []
    entrain(st, "central", "G-35R")
    assert rail.off_map_units(st, "central") == []
    st.apply("central", {"type": "off_map", "unit": "G-35R", "to": "0114"})
    assert rail.off_map_units(st, "central") == ["G-35R"]
    assert rail.off_map_units(st, "allied") == []
    st.apply("central", {"type": "end_segment"})
    play_until(st, movement_of("central", 2))
    assert rail.off_map_units(st, "central") == ["G-35R"]
    select(st, "central", "G-35R")
    st.apply("central", {"type": "reenter", "unit": "G-35R", "hex": "0114"})
    assert rail.off_map_units(st, "central") == []
