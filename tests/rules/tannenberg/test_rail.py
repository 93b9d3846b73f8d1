"""Tannenberg 5.0 railways: loading, rail movement, unloading, limits, leaving the map,
combat of loaded units and cutting track.

The rail actions are offered and carried out by the movement phase through the hooks
of :mod:`greatwar.rules.tannenberg.rail`; these tests call the hooks with the movement
phase's frame (``at_movement``).

The FICTIONAL teaching map's railways (maps/teaching.toml): the German Ostbahn, double
track, A1 B23 (west edge) - A2 B22 - A3 B22 - A4 B22 - (Vistula bridge) - A5 B21 - A6 B21
- A7 B21 (Kreuzau) - A8 B21 - A9 B20 - A10 B20 - A11 B20 - A12 B20 - A13 B19 - ... -
A19 B18; the single-track Nordbahn A7 B21 - A8 B21 - A8 B22 - A9 B22 - A9 B23 - A10 B23;
the Russian Kowal line, double, A24 B11 (east edge) - A23 B11 - A22 B12 - A21 B12 -
A20 B13, and the single-track Mlawka line from A12 B7 (south-west edge) to A22 B12.
"""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.engine.state import State
from greatwar.rules.tannenberg import command, rail, zoc
from greatwar.rules.tannenberg import units as U

# The German 8th Army HQ at Kreuzau (range 5) and the I Corps HQ with a MARCH order two
# hexes east of it on the Ostbahn: units of I Corps near Kreuzau are commanded.
HQS: dict[str, Any] = {"G-HQ-8A": "A7 B21", "G-HQ-I": {"hex": "A9 B20", "markers": ["march"]}}
LOADED = ["entrained"]


def offered(st: State, role: str | None = None, mp: Any = None) -> list[dict[str, Any]]:
    frame = st.top()
    assert frame is not None
    return rail.actions(st, frame, role or frame["side"], mp)


def act(st: State, action: dict[str, Any], role: str | None = None, mp: Any = None) -> None:
    """Carry out a rail action after checking the movement phase offers it."""
    frame = st.top()
    assert frame is not None
    assert action in offered(st, role, mp), f"{action} is not offered: {offered(st, role, mp)}"
    rail.apply(st, frame, action, role)


def why(st: State, action: dict[str, Any], role: str | None = None) -> tuple[str, str]:
    frame = st.top()
    assert frame is not None
    assert action not in offered(st, role)
    return rail.explain(st, frame, role or frame["side"], action)


def move_by_rail(st: State, uid: str, to: str, role: str | None = None) -> None:
    act(st, {"type": "rail_select", "unit": uid}, role)
    points = len(rail.rail_paths(st, uid)[to])
    act(st, {"type": "rail_move", "unit": uid, "to": to, "points": points}, role)


# --- 5.1 rail movement ----------------------------------------------------------------------


def test_5_1_1_rail_actions_only_in_own_movement_phase(at_movement: Any) -> None:
    st = at_movement({**HQS, "G-1-1-I": "A8 B21", "R-1-25-III": "A21 B12"})
    assert offered(st, "russian") == []
    assert why(st, {"type": "load", "unit": "R-1-25-III"}, "russian")[1] == "tannenberg 5.1.1"


def test_5_1_1_rail_actions_through_the_movement_phase(position: Any) -> None:
    # The movement module offers the rail actions and carries them out.
    st = position(
        {**HQS, "G-1-1-I": "A8 B21", "G-2-1-I": {"hex": "A10 B20", "markers": LOADED}},
        phase="movement_1",
    )
    assert st.active_roles() == ["german"]
    legal = st.legal_actions("german")
    assert {"type": "load", "unit": "G-1-1-I"} in legal
    assert {"type": "rail_select", "unit": "G-2-1-I"} in legal
    st.apply("german", {"type": "load", "unit": "G-1-1-I"})
    assert rail.entrained(st, "G-1-1-I")
    st.apply("german", {"type": "rail_select", "unit": "G-2-1-I"})
    st.apply("german", {"type": "rail_move", "unit": "G-2-1-I", "to": "A14 B19", "points": 4})
    assert U.record(st, "G-2-1-I")["hex"] == "A14 B19"
    assert any(e.get("case") == "tannenberg 5.2.4" for e in st.data["log"])


def test_5_1_2_only_loaded_units_move_by_rail(at_movement: Any) -> None:
    st = at_movement({**HQS, "G-1-1-I": "A8 B21"})
    assert {"type": "rail_select", "unit": "G-1-1-I"} not in offered(st)
    assert why(st, {"type": "rail_select", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.2"


def test_5_1_3_loading_takes_the_whole_allowance(at_movement: Any) -> None:
    st = at_movement({**HQS, "G-1-1-I": "A8 B21", "G-2-1-I": "A8 B20"})
    # A8 B20 lies on no railway: only the unit at A8 B21 may load.
    assert why(st, {"type": "load", "unit": "G-2-1-I"})[1] == "tannenberg 5.1.3"
    act(st, {"type": "load", "unit": "G-1-1-I"})
    assert rail.entrained(st, "G-1-1-I")
    assert not rail.may_move_normally(st, "G-1-1-I")
    assert rail.mp_spent(st, "G-1-1-I", 5) == 5
    assert rail.counted(st, "german") == ["G-1-1-I"]


def test_5_1_3_no_loading_after_moving(at_movement: Any) -> None:
    st = at_movement({**HQS, "G-1-1-I": "A8 B21"})
    U.set_note(st, "G-1-1-I", "moved_stage", 1)  # it moved this stage (movement module)
    assert why(st, {"type": "load", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.3"


def test_5_1_4_loading_unit_must_be_commanded(at_movement: Any) -> None:
    # No army HQ, and the I Corps HQ holds STOP: the unit is not commanded.
    st = at_movement({"G-HQ-I": {"hex": "A9 B20", "markers": ["stop"]}, "G-1-1-I": "A8 B21"})
    assert not command.commanded(st, "G-1-1-I")
    assert why(st, {"type": "load", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.4"


def test_5_1_4_corps_hq_must_be_within_army_hq_range(at_movement: Any) -> None:
    # The unit at A8 B21 is commanded by the army HQ at A7 B21 directly (13.2.6), but its
    # corps HQ at A16 B19 is 9 hexes from the army HQ (dA = 9), beyond its range of 5.
    st = at_movement(
        {
            "G-HQ-8A": "A7 B21",
            "G-HQ-I": {"hex": "A16 B19", "markers": ["march"]},
            "G-1-1-I": "A8 B21",
        }
    )
    assert command.commanded(st, "G-1-1-I")
    assert not command.in_army_range(st, "G-HQ-I")
    assert why(st, {"type": "load", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.4"


def test_5_1_5_unloading_needs_no_command_and_takes_the_whole_allowance(
    at_movement: Any,
) -> None:
    st = at_movement({"G-1-1-I": {"hex": "A8 B21", "markers": LOADED}})
    assert not command.commanded(st, "G-1-1-I")
    act(st, {"type": "unload", "unit": "G-1-1-I"})
    assert not rail.entrained(st, "G-1-1-I")
    assert not rail.may_move_normally(st, "G-1-1-I")
    assert rail.counted(st, "german") == ["G-1-1-I"]


def test_5_1_6_example_load_carry_unload_march_in_successive_stages(at_movement: Any) -> None:
    # The printed example: the unit reaches the railway (stage N), loads (N + 1), is
    # carried (N + 2), unloads (N + 3) and marches on (N + 4).
    st = at_movement({**HQS, "G-1-1-I": "A8 B21"})
    act(st, {"type": "load", "unit": "G-1-1-I"})
    assert why(st, {"type": "rail_select", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.6"
    st.data["stage"] += 1
    move_by_rail(st, "G-1-1-I", "A12 B20")
    assert U.record(st, "G-1-1-I")["hex"] == "A12 B20"
    assert why(st, {"type": "unload", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.6"
    st.data["stage"] += 1
    act(st, {"type": "unload", "unit": "G-1-1-I"})
    assert not rail.may_move_normally(st, "G-1-1-I")
    st.data["stage"] += 1
    assert rail.may_move_normally(st, "G-1-1-I")


def test_5_1_7_trains_pass_friendly_units(at_movement: Any) -> None:
    # 2/1/I stands (not loaded) on the Ostbahn at A10 B20, between the train and A12 B20.
    st = at_movement({**HQS, "G-1-1-I": {"hex": "A8 B21", "markers": LOADED}, "G-2-1-I": "A10 B20"})
    assert rail.rail_paths(st, "G-1-1-I")["A12 B20"] == ["A9 B20", "A10 B20", "A11 B20", "A12 B20"]


def test_5_1_7_trains_do_not_pass_enemy_units(at_movement: Any) -> None:
    st = at_movement(
        {**HQS, "G-1-1-I": {"hex": "A8 B21", "markers": LOADED}, "R-1-25-III": "A11 B20"}
    )
    paths = rail.rail_paths(st, "G-1-1-I")
    assert "A11 B20" not in paths and "A12 B20" not in paths
    _, case = why(st, {"type": "rail_move", "unit": "G-1-1-I", "to": "A11 B20", "points": 3})
    assert case == "tannenberg 5.2.4" or case == "tannenberg 4.2.1"


def test_5_1_8_leave_the_map_and_come_back_next_stage_by_the_adjacent_track(
    at_movement: Any,
) -> None:
    # The Russian rail exits are A24 B11 (east edge) and A12 B7 (south-west edge): each
    # is the other's adjacent track round the map's edge.
    st = at_movement({"R-1-25-III": {"hex": "A24 B11", "markers": LOADED}}, side="russian")
    act(st, {"type": "leave_map", "unit": "R-1-25-III"})
    assert U.record(st, "R-1-25-III")["status"] == rail.OFF_MAP
    assert rail.reentry_hexes(st, "R-1-25-III") == []  # not in the stage it left
    st.data["stage"] += 1
    act(st, {"type": "rail_enter", "unit": "R-1-25-III", "hex": "A12 B7"})
    assert U.record(st, "R-1-25-III")["hex"] == "A12 B7"
    assert rail.entrained(st, "R-1-25-III")
    assert rail.ops(st, "R-1-25-III") == ["carry"]


def test_5_1_8_no_leaving_where_no_adjacent_track_brings_it_back(at_movement: Any) -> None:
    # A1 B23 is the teaching map's only German rail exit.
    st = at_movement({"G-1-1-I": {"hex": "A1 B23", "markers": LOADED}})
    assert rail.adjacent_exits(st, "german", "A1 B23") == []
    assert why(st, {"type": "leave_map", "unit": "G-1-1-I"})[1] == "tannenberg 5.1.8"


def test_5_1_8_no_way_back_into_an_enemy_zone(at_movement: Any) -> None:
    # A German brigade at A13 B7 controls A12 B7 (neighbours differ by (-1, 0)).
    st = at_movement(
        {
            "R-1-25-III": {"hex": "A24 B11", "markers": LOADED},
            "G-1-1-I": "A13 B7",
        },
        side="russian",
    )
    act(st, {"type": "leave_map", "unit": "R-1-25-III"})
    st.data["stage"] += 1
    assert rail.reentry_hexes(st, "R-1-25-III") == []
    action = {"type": "rail_enter", "unit": "R-1-25-III", "hex": "A12 B7"}
    assert why(st, action, "russian")[1] == "tannenberg 5.1.8"


EXAMPLE_MAP = """
[map]
id = "rail-example"
name = "Rail exits of the 5.1.8 example (FICTIONAL test map)"
fictional = true
numbering = "tannenberg"
diagonal = "up-right"
rows_increase = "north"
columns = [1, 6]
rows = [42, 30]

[terrain]
legend = { "." = "clear" }
grid = '''
42 ......
41 ......
40 ......
39 ......
38 ......
37 ......
36 ......
35 ......
34 ......
33 ......
32 ......
31 ......
30 ......
'''

[countries]
legend = { "G" = "germany" }
grid = '''
42 GGGGGG
41 GGGGGG
40 GGGGGG
39 GGGGGG
38 GGGGGG
37 GGGGGG
36 GGGGGG
35 GGGGGG
34 GGGGGG
33 GGGGGG
32 GGGGGG
31 GGGGGG
30 GGGGGG
'''

[[rail]]
track = "single"
hexes = ["A1 B31", "A2 B31", "A3 B31"]

[[rail]]
track = "single"
hexes = ["A1 B35", "A2 B35", "A3 B35"]

[[rail]]
track = "single"
hexes = ["A1 B37", "A2 B37", "A3 B37"]

[[rail]]
track = "single"
hexes = ["A1 B40", "A2 B40", "A3 B40"]
"""

EXAMPLE_COUNTERS = """
[[counter]]
id = "X-G1"
name = "Test brigade (FICTIONAL)"
side = "german"
nationality = "germany"
type = "infantry"
size = "brigade"
steps = [{ strength = 5, effectiveness = 3, movement = 5 }]
setup = "A1 B37"

[[counter]]
id = "X-R1"
name = "Test Russian brigade (FICTIONAL)"
side = "russian"
nationality = "russia"
type = "infantry"
size = "brigade"
steps = [{ strength = 5, effectiveness = 3, movement = 5 }]
setup = "A6 B30"
"""

EXAMPLE_SCENARIO = """
[scenario]
id = "rail-example"
system = "tannenberg"
name = "The 5.1.8 example (FICTIONAL test scenario)"
fictional = true
map = "map.toml"
counters = ["counters.toml"]
turns = 3
first_side = "german"

[[side]]
id = "german"
name = "Germans"
nationalities = ["germany"]

[[side]]
id = "russian"
name = "Russians"
nationalities = ["russia"]
"""


def test_5_1_8_example_left_at_a1_b37_back_at_a1_b35_or_a1_b40(tmp_path: Any) -> None:
    # The printed example: a train leaves by A1 B37 in stage 2; in stage 3 it may come
    # back by A1 B35 or A1 B40, the tracks next to it along the west edge (not A1 B31,
    # beyond A1 B35).
    (tmp_path / "map.toml").write_text(EXAMPLE_MAP, encoding="utf-8")
    (tmp_path / "counters.toml").write_text(EXAMPLE_COUNTERS, encoding="utf-8")
    (tmp_path / "scenario.toml").write_text(EXAMPLE_SCENARIO, encoding="utf-8")
    st = greatwar.load(tmp_path / "scenario.toml").new_state(1)
    assert rail.adjacent_exits(st, "german", "A1 B37") == ["A1 B35", "A1 B40"]
    U.add_marker(st, "X-G1", rail.ENTRAINED)
    frame = {"kind": "movement_phase", "side": "german", "order": 1}
    st.data["stage"] = 2
    rail.apply(st, frame, {"type": "leave_map", "unit": "X-G1"})
    st.data["stage"] = 3
    back = [a for a in rail.actions(st, frame, "german") if a["type"] == "rail_enter"]
    assert back == [
        {"type": "rail_enter", "unit": "X-G1", "hex": "A1 B35"},
        {"type": "rail_enter", "unit": "X-G1", "hex": "A1 B40"},
    ]


def test_5_1_9_loading_in_an_enemy_zone_costs_two_endurance(at_movement: Any) -> None:
    # 1/1/I loads at A18 B18 on the Ostbahn next to a Russian brigade at A19 B17
    # (dA = +1, dB = -1: adjacent).  The army HQ at A14 B19 reaches the corps HQ at
    # A16 B19 (2 hexes) and the corps HQ the unit (2 hexes).
    st = at_movement(
        {
            "G-HQ-8A": "A14 B19",
            "G-HQ-I": {"hex": "A16 B19", "markers": ["march"]},
            "G-1-1-I": "A18 B18",
            "R-1-25-III": "A19 B17",
        }
    )
    act(st, {"type": "load", "unit": "G-1-1-I"})
    assert U.record(st, "G-1-1-I")["lost"] == 2


def test_5_1_9_unloading_in_an_enemy_zone_costs_two_endurance(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": {"hex": "A18 B18", "markers": LOADED}, "R-1-25-III": "A19 B17"})
    act(st, {"type": "unload", "unit": "G-1-1-I"})
    assert U.record(st, "G-1-1-I")["lost"] == 2


# --- 5.2 railway lines --------------------------------------------------------------------


def test_5_2_1_trains_never_cross_the_border(at_movement: Any) -> None:
    st = at_movement({"R-1-25-III": {"hex": "A21 B12", "markers": LOADED}}, side="russian")
    board = st.game.scenario.board
    reach = rail.rail_paths(st, "R-1-25-III")
    assert "A24 B11" in reach and "A12 B7" in reach
    assert {board.country[h] for h in reach} == {"russia"}
    # The Ostbahn ends at the border (A19 B18 | A20 B18): no German track beyond it.
    assert not rail.rail_step_open(st, "german", "A19 B18", "A20 B18")
    assert not rail.own_rail_hex(st, "german", "A20 B13")


def test_5_2_2_russians_move_two_units_by_rail_a_stage(at_movement: Any) -> None:
    loaded = {"markers": LOADED}
    st = at_movement(
        {
            "R-1-25-III": {"hex": "A21 B12", **loaded},
            "R-2-25-III": {"hex": "A22 B12", **loaded},
            "R-1-27-III": {"hex": "A23 B11", **loaded},
        },
        side="russian",
    )
    move_by_rail(st, "R-1-25-III", "A20 B13")
    move_by_rail(st, "R-2-25-III", "A21 B12")
    assert rail.counted(st, "russian") == ["R-1-25-III", "R-2-25-III"]
    assert rail.why_not_rail_move(st, "R-1-27-III")[1] == "tannenberg 5.2.2"  # type: ignore[index]
    # the two counted may go on moving
    assert rail.why_not_rail_move(st, "R-1-25-III") is None


def test_5_2_2_two_russian_players_share_the_russian_limit(at_movement: Any) -> None:
    # Three players (1.0): russian-1 plays the 1st Army, russian-2 the 2nd; each is
    # offered only his own trains, and the side's limit of 2 is theirs together.
    st = at_movement(
        {
            "R-1-25-III": {"hex": "A21 B12", "markers": LOADED},
            "R-2-25-III": {"hex": "A22 B12", "markers": LOADED},
            "R-1-6-XV": {"hex": "A13 B8", "markers": LOADED},
        },
        side="russian",
        options={"three_players": True},
    )
    assert [a["unit"] for a in offered(st, "russian-2") if a["type"] == "rail_select"] == [
        "R-1-6-XV"
    ]
    move_by_rail(st, "R-1-25-III", "A20 B13", "russian-1")
    move_by_rail(st, "R-2-25-III", "A21 B12", "russian-1")
    assert rail.why_not_rail_move(st, "R-1-6-XV")[1] == "tannenberg 5.2.2"  # type: ignore[index]
    assert {"type": "rail_select", "unit": "R-1-6-XV"} not in offered(st, "russian-2")


def test_5_2_2_hqs_count_against_the_limit(at_movement: Any) -> None:
    st = at_movement(
        {
            "R-HQ-III": {"hex": "A21 B12", "markers": LOADED},
            "R-1-25-III": {"hex": "A22 B12", "markers": LOADED},
            "R-2-25-III": {"hex": "A23 B11", "markers": LOADED},
        },
        side="russian",
    )
    move_by_rail(st, "R-HQ-III", "A20 B13")
    move_by_rail(st, "R-1-25-III", "A21 B12")
    assert rail.why_not_rail_move(st, "R-2-25-III")[1] == "tannenberg 5.2.2"  # type: ignore[index]


def test_5_2_3_three_german_units_through_a_hex_of_single_track(at_movement: Any) -> None:
    # Four loaded brigades at A9 B22 on the single-track Nordbahn; each goes to Nordheim
    # (A10 B23) through A9 B23.  Three may pass A9 B23 this stage; the fourth may not.
    loaded = {"hex": "A9 B22", "markers": LOADED}
    units = ["G-1-1-I", "G-2-1-I", "G-3-2-I", "G-4-2-I"]
    st = at_movement({uid: dict(loaded) for uid in units})
    for uid in units[:3]:
        move_by_rail(st, uid, "A10 B23")
    assert rail.passed(st, "A9 B23", "german") == units[:3]
    assert "A9 B23" not in rail.rail_paths(st, "G-4-2-I")
    action = {"type": "rail_move", "unit": "G-4-2-I", "to": "A10 B23", "points": 2}
    frame = st.top()
    assert frame is not None
    frame[rail.TRAIN] = "G-4-2-I"
    assert why(st, action)[1] == "tannenberg 5.2.3"


def test_5_2_3_double_track_limits(at_movement: Any) -> None:
    st = at_movement({})
    net = rail.rail_net(st)
    # A8 B21 lies on the double Ostbahn and the single Nordbahn: double track.
    assert net.track["A8 B21"] == "double" and net.track["A9 B23"] == "single"
    assert rail.hex_limit(st, "german", "double") == 5
    assert rail.hex_limit(st, "russian", "double") == 4
    assert rail.hex_limit(st, "russian", "single") == 2


def test_5_2_4_sixty_rail_points_a_stage(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": {"hex": "A7 B21", "markers": LOADED}})
    move_by_rail(st, "G-1-1-I", "A12 B20")  # A8 B21, A9 B20, A10 B20, A11 B20, A12 B20
    assert rail.points_used(st, "G-1-1-I") == 5
    assert rail.points_left(st, "G-1-1-I") == 55
    # With 57 of its 60 points used, the train reaches 3 rail hexes at most.
    st.data["rail"]["book"]["points"]["G-1-1-I"] = 57
    reach = rail.rail_paths(st, "G-1-1-I")
    assert max(len(p) for p in reach.values()) == 3
    assert sorted(reach) == ["A10 B20", "A11 B20", "A13 B19", "A14 B19", "A15 B19", "A9 B20"]


def test_5_2_5_army_hq_loads_travels_and_unloads_in_one_stage(at_movement: Any) -> None:
    st = at_movement({"G-HQ-8A": "A7 B21"})
    act(st, {"type": "load", "unit": "G-HQ-8A"})
    assert rail.points_used(st, "G-HQ-8A") == 10
    move_by_rail(st, "G-HQ-8A", "A12 B20")
    act(st, {"type": "unload", "unit": "G-HQ-8A"})
    # 10 to load + 5 hexes + 10 to unload
    assert rail.points_used(st, "G-HQ-8A") == 25
    assert rail.ops(st, "G-HQ-8A") == ["load", "carry", "unload"]
    assert U.record(st, "G-HQ-8A")["hex"] == "A12 B20"
    assert not rail.may_move_normally(st, "G-HQ-8A")


def test_5_2_5_army_hq_does_not_load_after_moving(at_movement: Any) -> None:
    st = at_movement({"G-HQ-8A": "A7 B21"})
    U.set_note(st, "G-HQ-8A", "moved_stage", 1)
    assert why(st, {"type": "load", "unit": "G-HQ-8A"})[1] == "tannenberg 5.2.5"


# --- 5.3 combat of loaded units ---------------------------------------------------------------


def test_5_3_1_loaded_units_have_no_control_zone(at_movement: Any) -> None:
    # The six hexes round A10 B20 are in the brigade's zone only while it is not loaded
    # (the garrisoned Nordheim forts have zones of their own, 12.3.2: compared with none).
    around = set(zoc.zone_reach(at_movement({}), "A10 B20"))
    nobody = zoc.controlled_by(at_movement({}), "german")
    st = at_movement({"G-1-1-I": {"hex": "A10 B20", "markers": LOADED}})
    assert not rail.has_zoc(st, "G-1-1-I")
    assert zoc.controlled_by(st, "german") == nobody
    unloaded = at_movement({"G-1-1-I": "A10 B20"})
    assert zoc.controlled_by(unloaded, "german") == nobody | around


def test_5_3_2_defence_only_at_half_strength_rounded_up(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": {"hex": "A10 B20", "markers": LOADED}, "G-2-1-I": "A10 B20"})
    assert rail.only_defence(st, ["G-1-1-I", "G-2-1-I"])
    assert not rail.only_defence(st, ["G-2-1-I"])
    # strength 5 loaded: 5 / 2 = 2.5, rounded up 3; strength 6: 3; unloaded: unchanged
    assert rail.clash_strength(st, "G-1-1-I", 5) == 3
    assert rail.clash_strength(st, "G-1-1-I", 6) == 3
    assert rail.clash_strength(st, "G-2-1-I", 5) == 5


def test_5_3_3_loaded_artillery_and_hqs_take_no_part(at_movement: Any) -> None:
    st = at_movement(
        {
            "G-I-art": {"hex": "A10 B20", "markers": LOADED},
            "G-HQ-I": {"hex": "A10 B20", "markers": ["entrained", "march"]},
            "G-XVII-art": "A10 B14",
        }
    )
    assert not rail.takes_part(st, "G-I-art")
    assert rail.takes_part(st, "G-XVII-art")
    assert not rail.gives_hq_modifier(st, "G-HQ-I")


def test_5_3_4_loaded_hq_commands_nothing(at_movement: Any) -> None:
    # 1/1/I at A13 B19 is 6 hexes from the army HQ (beyond its 5) and 1 from its corps HQ.
    units = {"G-HQ-8A": "A7 B21", "G-1-1-I": "A13 B19"}
    st = at_movement({**units, "G-HQ-I": {"hex": "A12 B20", "markers": ["march"]}})
    assert command.commanded(st, "G-1-1-I")
    st = at_movement({**units, "G-HQ-I": {"hex": "A12 B20", "markers": ["march", "entrained"]}})
    assert not rail.commands(st, "G-HQ-I")
    assert not command.commanded(st, "G-1-1-I")


# --- 5.4 cutting track -----------------------------------------------------------------------


def full_allowance(uid: str) -> tuple[int, int]:
    return 5, 5  # (movement points left, allowance) of a fresh brigade


def test_5_4_1_cutting_track_costs_half_the_allowance(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(4)  # at most the effectiveness of 4: cut
    st = at_movement({"G-1-1-I": "A10 B20"})
    action = {"type": "cut_track", "unit": "G-1-1-I", "hex": "A10 B20"}
    act(st, action, mp=full_allowance)
    assert rail.track_cut(st, "A10 B20")
    # 5 movement points, half rounded down: 2
    assert rail.mp_spent(st, "G-1-1-I", 5) == 2
    assert action not in offered(st, mp=full_allowance)  # one attempt a stage, and cut


def test_5_4_1_roll_above_effectiveness_fails(at_movement: Any, fixed_dice: Any) -> None:
    fixed_dice(5)
    st = at_movement({"G-1-1-I": "A10 B20"})
    act(st, {"type": "cut_track", "unit": "G-1-1-I", "hex": "A10 B20"}, mp=full_allowance)
    assert not rail.track_cut(st, "A10 B20")
    assert rail.mp_spent(st, "G-1-1-I", 5) == 2


def test_5_4_1_cut_track_stops_trains(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": {"hex": "A8 B21", "markers": LOADED}})
    st.data["rail"] = {"cut": ["A10 B20"], "bridges_destroyed": [], "bridge_tried": {}}
    reach = rail.rail_paths(st, "G-1-1-I")
    assert "A9 B20" in reach and "A10 B20" not in reach and "A11 B20" not in reach


def test_5_4_1_not_enough_movement_points(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": "A10 B20"})
    assert rail.why_not_cut(st, "G-1-1-I", 1, 5)[1] == "tannenberg 5.4.1"  # type: ignore[index]


def test_5_4_1_cutting_track_in_another_hex_is_refused_with_the_units_own(
    at_movement: Any,
) -> None:
    # a click on a hex where a cut is offered elsewhere once answered "the cut_track
    # action does not match the legal one" (refusals probe the step's hex action)
    st = at_movement({"G-1-1-I": "A10 B20"})
    frame = st.top()
    assert frame is not None
    cut = {"type": "cut_track", "unit": "G-1-1-I", "hex": "A11 B20"}
    assert cut not in offered(st, mp=full_allowance)
    reason, case = rail.explain(st, frame, "german", cut, full_allowance)
    name = U.info(st, "G-1-1-I").name
    assert (reason, case) == (
        f"{name} cuts track only in the hex it stands in, A10 B20",
        "tannenberg 5.4.1",
    )


def test_5_4_1_a_second_cut_in_the_stage_is_refused_by_the_movement_phase(
    at_movement: Any, fixed_dice: Any
) -> None:
    fixed_dice(5)  # above the effectiveness of 4: the attempt fails
    st = at_movement({"G-1-1-I": "A10 B20"})
    cut = {"type": "cut_track", "unit": "G-1-1-I", "hex": "A10 B20"}
    act(st, cut, mp=full_allowance)
    frame = st.top()
    assert frame is not None and cut not in offered(st, mp=full_allowance)
    # the movement phase's refusal hands the unit's movement points to the rail rules
    reason, case = st.handler(frame).explain(st, frame, "german", cut)
    name = U.info(st, "G-1-1-I").name
    assert (reason, case) == (
        f"{name} has already tried to cut track this stage",
        "tannenberg 5.4.1",
    )


def test_5_4_2_commanded_unit_repairs_for_its_whole_allowance(at_movement: Any) -> None:
    st = at_movement({**HQS, "G-1-1-I": "A10 B20"})
    st.data["rail"] = {"cut": ["A10 B20"], "bridges_destroyed": [], "bridge_tried": {}}
    act(st, {"type": "repair_track", "unit": "G-1-1-I"})
    assert not rail.track_cut(st, "A10 B20")
    assert not rail.may_move_normally(st, "G-1-1-I")


def test_5_4_2_uncommanded_unit_does_not_repair(at_movement: Any) -> None:
    st = at_movement({"G-1-1-I": "A10 B20"})
    st.data["rail"] = {"cut": ["A10 B20"], "bridges_destroyed": [], "bridge_tried": {}}
    assert why(st, {"type": "repair_track", "unit": "G-1-1-I"})[1] == "tannenberg 13.4.1"


@pytest.mark.parametrize("kind", ["load", "unload", "rail_select", "leave_map"])
def test_5_0_refusals_name_a_case(at_movement: Any, kind: str) -> None:
    st = at_movement({"G-1-1-I": "A8 B20"})
    reason, case = why(st, {"type": kind, "unit": "G-1-1-I"})
    assert case.startswith("tannenberg ") and reason
