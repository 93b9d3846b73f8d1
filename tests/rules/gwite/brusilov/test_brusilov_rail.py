"""The Brusilov Offensive, 18.2 railroad restrictions, 18.3 track limitations, 23.53
reduced Austro-Hungarian units entraining.

FICTIONAL positions on the teaching map (rail lines: Nordbahn, double track, 0106 ...
0607 0707 0807 0906 | 1007 1106 1207; Königsfeld branch, single, 0707 0607 0606 0505
0405 0304 0204; Südbahn, single, 0707 0708 0709 0610 0611 ...; Imperial Line, double,
2006 1906 1807 1707 1607 1507 1407 1307 1207; Zalesie line, single, 1906 1807 1808 1708
1609 ...) and on edited copies of it.  Game-Turn 2 unless said: on Game-Turn 1 (18.1)
only Russian HQs move.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import rail as brail
from tests.rules.gwite.brusilov.brusilov_kit import (
    ENTRAINED_ARRIVALS,
    SPARE,
    counters,
    edited_map,
    entrain,
    hex_of,
    logged,
    rail_moves,
    rolls,
    select,
    status,
)
from tests.rules.gwite.kit import COUNTERS, play_until

Refuse = Callable[[State, str, dict[str, Any]], IllegalAction]
ENTRAINED = {"markers": ["entrained"]}


def at(hex_label: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hex_label, **extra}


# --- 18.21-18.22 Rail Capacity and Railroad Movement Rate ----------------------------------


def test_18_21_the_russian_rail_capacity_is_six_stacking_points(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"R-XIX": "1707", "R-1G": "1607", "R-3S": "1507", **SPARE}
    st = brusilov_position(units, turn=2)
    entrain(st, "allied", "R-XIX")  # a corps: 4
    entrain(st, "allied", "R-1G")  # a division: 2, 6 of 6
    assert rail.capacity_left(st, "allied") == {"allied": 0}
    st.apply("allied", {"type": "select", "unit": "R-3S"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-3S", "cost": 3})
    assert err.case == "brusilov 18.21"
    assert "0 of 6 are left" in err.reason


def test_18_22_the_central_powers_rail_capacity_is_eight_stacking_points(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"G-I": "0407", "G-XVII": "0507", "G-35R": "0306", **SPARE}
    st = brusilov_position(units, phasing="central", turn=2)
    entrain(st, "central", "G-I")
    entrain(st, "central", "G-XVII")  # 8 of 8
    st.apply("central", {"type": "select", "unit": "G-35R"})
    err = refuse(st, "central", {"type": "entrain", "unit": "G-35R", "cost": 1})
    assert err.case == "brusilov 18.22"
    assert "0 of 8 are left" in err.reason


#: FICTIONAL long lines: Russian 1001 ... 2001 2002 ... 1002 (22 hexes); German 0101 ...
#: 0901 0902 ... 0102 0103 ... 0903 (27 hexes)
LONG_LINES = """
[[rail]]
name = "Test long Russian line"
track = "double"
hexes = [
  "1001", "1101", "1201", "1301", "1401", "1501", "1601", "1701", "1801", "1901", "2001",
  "2002", "1902", "1802", "1702", "1602", "1502", "1402", "1302", "1202", "1102", "1002",
]

[[rail]]
name = "Test long German line"
track = "double"
hexes = [
  "0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801", "0901",
  "0902", "0802", "0702", "0602", "0502", "0402", "0302", "0202", "0102",
  "0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803", "0903",
]
"""


def test_18_21_a_russian_unit_moves_no_more_than_20_rail_hexes(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    st = brusilov_position(
        {"R-1G": at("1001", **ENTRAINED), **SPARE},
        turn=2,
        map_path=edited_map(tmp_path, LONG_LINES),
    )
    select(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert reach["1102"]["hexes"] == 20
    assert "1002" not in reach  # 21 rail hexes away
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-1G", "to": "1002", "path": [], "hexes": 21}
    )
    assert err.case == "brusilov 18.21"
    st.apply("allied", reach["1102"])
    assert hex_of(st, "R-1G") == "1102"
    assert rail_moves(st, "allied") == {}  # the rate is used up for this phase


def test_18_22_a_central_powers_unit_moves_no_more_than_25_rail_hexes(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    st = brusilov_position(
        {"G-35R": at("0101", **ENTRAINED), **SPARE},
        phasing="central",
        turn=2,
        map_path=edited_map(tmp_path, LONG_LINES),
    )
    select(st, "central", "G-35R")
    reach = rail_moves(st, "central")
    assert reach["0803"]["hexes"] == 25
    assert "0903" not in reach
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "G-35R", "to": "0903", "path": [], "hexes": 26}
    )
    assert err.case == "brusilov 18.22"


# --- 18.23 reinforcements count ------------------------------------------------------------


def test_18_23_reinforcements_entrained_on_arrival_count_against_rail_capacity(
    brusilov_position: Any, tmp_path: Path
) -> None:
    # the teaching data say the Central Powers' do not (14.12): Brusilov's rule says they do
    arrivals = counters(tmp_path, ENTRAINED_ARRIVALS)
    st = brusilov_position(
        {"X-GR": {"status": "pending"}, **SPARE},
        phasing="central",
        turn=2,
        segment="reinforcement",
        counters=(COUNTERS, arrivals),
    )
    play_until(st, lambda s: status(s, "X-GR") == "on_map" or s.top()["kind"] == "movement")
    assert status(st, "X-GR") == "on_map"
    assert rail.entrained(st, "X-GR")
    assert not U.has_marker(st, "X-GR", rail.RAIL_EXEMPT)
    assert rail.capacity_left(st, "central") == {"central": 6}


# --- 18.24 depots ----------------------------------------------------------------------------


def test_18_24_a_supply_depot_has_two_stacking_points_whatever_its_counter_says(
    brusilov_position: Any, refuse: Refuse
) -> None:
    # the teaching counter of G-D1 prints 1 stacking point (6.11); Brusilov 18.24 gives 2
    units = {"G-D1": "0407", "G-I": "0507", "G-XVII": "0306", **SPARE}
    st = brusilov_position(units, phasing="central", turn=2)
    assert U.info(st, "G-D1").stacking == 2
    entrain(st, "central", "G-D1")
    entrain(st, "central", "G-I")
    assert rail.capacity_left(st, "central") == {"central": 2}
    st.apply("central", {"type": "select", "unit": "G-XVII"})
    assert (
        refuse(st, "central", {"type": "entrain", "unit": "G-XVII", "cost": 1}).case
        == "brusilov 18.22"
    )


def test_18_24_the_standard_rules_keep_the_printed_value(position: Any) -> None:
    st = position({"G-D1": "0407", **SPARE})
    assert U.info(st, "G-D1").stacking == 1


# --- 18.25 units slower than their TCR -----------------------------------------------------


def test_18_25_a_unit_with_an_allowance_below_its_tcr_entrains_for_its_whole_allowance(
    brusilov_position: Any, position: Any
) -> None:
    # X-LS1: Austro-Hungarian (TCR 4), Movement Allowance 1, on the Südbahn in Austria
    st = brusilov_position({"X-LS1": "0610", **SPARE}, phasing="central", test_counters=True)
    entrain(st, "central", "X-LS1")
    assert rail.entrained(st, "X-LS1")
    assert st.top()["spent"]["X-LS1"] == 1
    assert "entrains in 0610 for 1 MP" in logged(st, "5.32")[-1]
    # the standard rules: entraining costs its TCR, 4, more than it has
    std = position({"X-LS1": "0610", **SPARE}, phasing="central", test_counters=True)
    assert not [a for a in select(std, "central", "X-LS1") if a["type"] == "entrain"]


def test_18_25_only_from_the_hex_it_began_the_movement_phase_in(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    # a FICTIONAL slow unit: TCR 4, Movement Allowance 3, on the Südbahn
    slow = counters(
        tmp_path,
        """
[[counter]]
id = "X-SLOW"
name = "Test slow Austro-Hungarian division"
side = "central"
nationality = "austria-hungary"
type = "infantry"
size = "division"
movement = 3
steps = [[3, 4], [1, 2]]
setup = "0611"
""",
    )
    st = brusilov_position(
        {"X-SLOW": "0610", **SPARE}, phasing="central", counters=(COUNTERS, slow)
    )
    actions = select(st, "central", "X-SLOW")
    assert [a["cost"] for a in actions if a["type"] == "entrain"] == [3]
    (step,) = [a for a in actions if a["type"] == "move" and a["to"] == "0611"]
    st.apply("central", step)  # along the Südbahn: still on a rail hex, 1 MP spent
    err = refuse(st, "central", {"type": "entrain", "unit": "X-SLOW", "cost": 3})
    assert err.case == "brusilov 18.25"


# --- 18.26 no train roll ------------------------------------------------------------------------


def test_18_26_units_in_command_entrain_without_a_die_roll(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice()  # no die may be rolled
    st = brusilov_position({"G-35R": "0407", "AH-13": "0610", **SPARE}, phasing="central")
    entrain(st, "central", "G-35R")
    entrain(st, "central", "AH-13")
    assert rail.entrained(st, "G-35R") and rail.entrained(st, "AH-13")
    assert not any("roll" in e for e in st.data["log"])


def test_18_26_units_out_of_command_control_do_not_entrain(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"G-35R": {"hex": "0407", "markers": ["out_of_command"]}, **SPARE}
    st = brusilov_position(units, phasing="central")
    err = refuse(st, "central", {"type": "entrain", "unit": "G-35R", "cost": 1})
    assert err.case in ("5.32", "10.4")


# --- 18.27 Friendly rail lines by the start line ----------------------------------

#: FICTIONAL start line: columns 01-09 the Central Powers' side, column 10 between the
#: trench lines (AB15: Friendly to neither), columns 11-20 the Russian side
START_LINE_COUNTRIES = (
    "[countries]\n"
    'legend = { "C" = "central-side", "N" = "between-the-trenches", "R" = "russian-side" }\n'
    'grid = """\n' + "".join(f"{row:02d} CCCCCCCCCNRRRRRRRRRR\n" for row in range(1, 17)) + '"""\n'
)


def start_line_map(tmp_path: Path) -> Path:
    text = edited_map(tmp_path).read_text(encoding="utf-8")
    head, rest = text.split("[countries]", 1)
    rest = rest.split('"""', 2)[2]
    path = tmp_path / "start-line-map.toml"
    path.write_text(head + START_LINE_COUNTRIES + rest, encoding="utf-8")
    return path


def start_line_position(brusilov_position: Any, tmp_path: Path, units: dict[str, Any], **kw: Any):  # type: ignore[no-untyped-def]
    st = brusilov_position(units, map_path=start_line_map(tmp_path), turn=2, **kw)
    path = tmp_path / "position.toml"
    text = path.read_text(encoding="utf-8")
    old = 'friendly_countries = { allied = ["russia"], central = ["germany", "austria-hungary"] }'
    assert old in text
    new = 'friendly_countries = { allied = ["russian-side"], central = ["central-side"] }'
    path.write_text(text.replace(old, new), encoding="utf-8")
    import greatwar

    game = greatwar.load(path)
    game.checking = True
    del st
    return game.new_state(1)


def test_18_27_only_rail_lines_on_the_players_side_of_the_start_line_are_friendly(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    units = {"R-1G": at("1106", **ENTRAINED), **SPARE}
    st = start_line_position(brusilov_position, tmp_path, units)
    select(st, "allied", "R-1G")
    reach = rail_moves(st, "allied")
    assert "1207" in reach
    assert "1007" not in reach and "0906" not in reach
    err = refuse(
        st, "allied", {"type": "rail_move", "unit": "R-1G", "to": "1007", "path": [], "hexes": 1}
    )
    assert err.case == "brusilov 18.27"


def test_18_27_the_central_powers_use_the_lines_west_of_the_start_line(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    units = {"G-35R": "0906", "R-1G": "1207", **SPARE}
    st = start_line_position(brusilov_position, tmp_path, units, phasing="central")
    entrain(st, "central", "G-35R")
    reach = rail_moves(st, "central")
    assert "0807" in reach and "1007" not in reach
    err = refuse(
        st, "central", {"type": "rail_move", "unit": "G-35R", "to": "1007", "path": [], "hexes": 1}
    )
    assert err.case == "brusilov 18.27"


def test_18_27_no_one_entrains_between_the_trench_lines(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    st = start_line_position(brusilov_position, tmp_path, {"R-1G": "1007", **SPARE})
    st.apply("allied", {"type": "select", "unit": "R-1G"})
    err = refuse(st, "allied", {"type": "entrain", "unit": "R-1G", "cost": 3})
    assert err.case == "brusilov 18.27"


def test_18_27_cities_on_either_side_of_the_start_line_start_under_that_side(
    brusilov_position: Any, tmp_path: Path
) -> None:
    st = start_line_position(brusilov_position, tmp_path, {**SPARE})
    assert st.data["control"]["1302"] == "allied"  # Wolnowo, on the Russian side
    assert st.data["control"]["0707"] == "central"  # Lindenau


# --- 18.3 track limitations --------------------------------------------------------------------


def test_18_31_single_track_carries_two_russian_stacking_points_a_hexside(
    brusilov_position: Any, refuse: Refuse
) -> None:
    units = {"R-1G": at("1808", **ENTRAINED), "R-3S": at("1808", **ENTRAINED), **SPARE}
    st = brusilov_position(units, turn=2)
    select(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1609"])  # crosses 1808/1708, 1708/1609
    select(st, "allied", "R-3S")
    assert "1708" not in rail_moves(st, "allied")
    err = refuse(
        st,
        "allied",
        {"type": "rail_move", "unit": "R-3S", "to": "1708", "path": ["1708"], "hexes": 1},
    )
    assert err.case == "brusilov 18.31"
    assert "has carried its limit" in err.reason


def test_18_31_single_track_carries_four_central_powers_stacking_points(
    brusilov_position: Any, refuse: Refuse
) -> None:
    entrained = at("0606", **ENTRAINED)
    units = {"G-35R": entrained, "G-36R": entrained, "G-3R": entrained, **SPARE}
    st = brusilov_position(units, phasing="central", turn=2)
    for uid in ("G-35R", "G-36R"):
        select(st, "central", uid)
        st.apply("central", rail_moves(st, "central")["0405"])
    select(st, "central", "G-3R")
    reach = rail_moves(st, "central")
    assert "0505" not in reach and "0405" not in reach  # 0606/0505 has carried its 4
    assert "0607" in reach  # another hexside, on the double track
    err = refuse(
        st,
        "central",
        {"type": "rail_move", "unit": "G-3R", "to": "0505", "path": ["0505"], "hexes": 1},
    )
    assert err.case == "brusilov 18.31"


def test_18_31_double_track_carries_eight_stacking_points_either_side(
    brusilov_position: Any,
) -> None:
    st = brusilov_position({"G-I": "0407", "R-XIX": "1707", **SPARE}, turn=2)
    rules = U.rules(st)
    assert rules.track_limit(st, "G-I", "double") == 8
    assert rules.track_limit(st, "R-XIX", "double") == 8
    assert rules.track_limit(st, "G-I", "single") == 4
    assert rules.track_limit(st, "R-XIX", "single") == 2


def test_18_3_track_limits_are_an_option_on_by_default(brusilov_position: Any) -> None:
    units = {"R-1G": at("1808", **ENTRAINED), "R-3S": at("1808", **ENTRAINED), **SPARE}
    st = brusilov_position(units, turn=2, options={brail.TRACK_LIMITS_OPTION: False})
    select(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1609"])
    select(st, "allied", "R-3S")
    assert "1708" in rail_moves(st, "allied")
    assert rail.TRACK_USED not in st.top()


def test_18_32_track_use_is_counted_for_one_movement_phase(brusilov_position: Any) -> None:
    units = {"R-1G": at("1808", **ENTRAINED), "R-3S": at("1808", **ENTRAINED), **SPARE}
    st = brusilov_position(units, turn=2)
    select(st, "allied", "R-1G")
    st.apply("allied", rail_moves(st, "allied")["1708"])
    assert st.top()[rail.TRACK_USED] == {"4:1708/1808": 2}
    assert "Track used this phase: Zalesie line 1708/1808 2 SP" in st.prompt("allied")
    st.apply("allied", {"type": "end_segment"})

    def next_russian_movement(s: State) -> bool:
        top = s.top()
        return top is not None and top["kind"] == "movement" and s.data["turn"] == 3
        # (and the phasing side is the Russians: they move first)

    play_until(st, next_russian_movement)
    assert st.data["phasing"] == "allied"
    assert rail.TRACK_USED not in st.top()
    select(st, "allied", "R-3S")
    assert "1708" in rail_moves(st, "allied")


def test_18_33_a_second_line_across_the_hexside_still_carries_units(
    brusilov_position: Any,
) -> None:
    # 1906/1807: the Imperial Line (double) and the Zalesie line (single) both cross it
    entrained = at("1906", **ENTRAINED)
    units = {"R-1G": entrained, "R-3S": entrained, "R-62R": entrained, **SPARE}
    st = brusilov_position(units, turn=2)
    for uid in ("R-1G", "R-3S", "R-62R"):
        select(st, "allied", uid)
        st.apply("allied", rail_moves(st, "allied")["1807"])
        assert hex_of(st, uid) == "1807"
    used = st.top()[rail.TRACK_USED]
    assert used == {"4:1807/1906": 2, "3:1807/1906": 4}  # single full, double 4 of 8


# --- 23.53 reduced Austro-Hungarian units entraining ------------------------------

REDUCED = {"hex": "0610", "steps_lost": 1}


def test_23_53_a_reduced_austro_hungarian_unit_rolls_to_entrain(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(3)  # the surprise turn: 1-2 eliminates
    st = brusilov_position({"AH-13": REDUCED, **SPARE}, phasing="central")
    entrain(st, "central", "AH-13")
    assert rail.entrained(st, "AH-13")
    assert rolls(st, "brusilov 23.53") == [3]


def test_23_53_eliminated_its_rail_stacking_points_are_spent(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = brusilov_position({"AH-13": REDUCED, **SPARE}, phasing="central")
    vp = st.data["vp"]
    entrain(st, "central", "AH-13")
    assert status(st, "AH-13") == "eliminated"
    assert rail.capacity_left(st, "central") == {"central": 6}
    assert st.data["vp"] == vp + 2  # 25.2: the Russians score its 2 stacking points
    assert any("eliminated" in t for t in logged(st, "brusilov 23.53"))


def test_23_53_after_the_surprise_turn_only_a_one_eliminates(
    brusilov_position: Any, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = brusilov_position({"AH-13": REDUCED, **SPARE}, phasing="central", turn=2)
    entrain(st, "central", "AH-13")
    assert rail.entrained(st, "AH-13")


def test_23_53_full_strength_units_do_not_roll(brusilov_position: Any, fixed_dice: Any) -> None:
    fixed_dice()
    st = brusilov_position({"AH-13": "0610", **SPARE}, phasing="central")
    entrain(st, "central", "AH-13")
    assert rail.entrained(st, "AH-13")
