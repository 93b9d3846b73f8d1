"""14.12 reinforcements arriving entrained, 14.22 blocked entry hexes, 14.23 off-map entry.

On the FICTIONAL teaching map: entry hex A is 0106 (the west end of the Nordbahn,
a rail map-exit hex joined off the map to 0114, entry hex B, at a cost of 6 MP);
C is 2006 (the east end of the Imperial Line); D is 1201 on the north edge, next
to the front.  G-3R (German division, MA 5) is due on Game-Turn 2 at A and R-XXX
(Russian corps) on Game-Turn 2 at C, both arriving entrained; R-4S (Russian
division) is due on Game-Turn 3 at D, AH-10K (cavalry) on Game-Turn 3 at B.
The teaching scenario counts Allied reinforcements against Rail Capacity on
their turn of arrival, not the Central Powers' (14.12 parameter).

North-edge hexes near D (row 01): 1001, 1101, 1201, 1301, 1401.  A unit in 1202
controls 1101, 1201 and 1301, which leaves 1001 and 1401 as the nearest free
edge hexes, each two hexes from 1201.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit import play_until

import greatwar
from greatwar import IllegalAction, State
from greatwar.model.loader import DATA_ROOT
from greatwar.rules.gwite import rail
from greatwar.rules.gwite import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

PENDING = {"status": "pending"}
A, B, C, D = "0106", "0114", "2006", "1201"
COUNTERS = DATA_ROOT / "gwite" / "counters" / "teaching.toml"


def arriving(position: Any, units: dict[str, Any], side: str, turn: int, **kw: Any) -> State:
    """``side``'s Reinforcement Segment of Game-Turn ``turn`` with these units."""
    return position(units, phasing=side, turn=turn, segment="reinforcement", **kw)


def of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


def at(kind: str, side: str, turn: int) -> Callable[[State], bool]:
    def done(st: State) -> bool:
        top = st.top()
        return (
            top is not None
            and top["kind"] == kind
            and st.data["phasing"] == side
            and st.data["turn"] == turn
        )

    return done


def left(st: State, side: str) -> int:
    return rail.capacity_left(st, side)[side]


def cases(st: State) -> list[str]:
    return [e.get("case", "") for e in st.data["log"]]


def with_parameters(position: Any, tmp_path: Path, units: dict[str, Any], *lines: str, **kw: Any):  # type: ignore[no-untyped-def]
    """A position whose scenario has parameter lines replaced (``key = value``, same key)."""
    position(units, **kw)
    path = tmp_path / "position.toml"
    rows = path.read_text(encoding="utf-8").splitlines()
    for line in lines:
        key = line.split(" = ", 1)[0]
        rows = [line if row.startswith(f"{key} = ") else row for row in rows]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    game = greatwar.load(path)
    game.checking = True
    return game.new_state(1)


# --- 14.12 arriving entrained ---------------------------------------------------------------


def test_14_12_a_reinforcement_arrives_entrained_at_no_movement_point_cost(
    position: Any,
) -> None:
    # G-HQ-AOK (radius 5) commands G-3R at A without a choice (10.32)
    st = arriving(position, {"G-3R": PENDING, "G-HQ-AOK": "0206"}, "central", 2)
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": A})
    assert U.record(st, "G-3R")["hex"] == A
    assert rail.entrained(st, "G-3R")
    assert "14.12" in cases(st)
    play_until(st, at("movement", "central", 2))
    st.apply("central", {"type": "select", "unit": "G-3R"})
    actions = st.legal_actions("central")
    # already entrained: no entrain action, no normal move; rail moves and detraining
    assert of_type(actions, "entrain") == [] and of_type(actions, "move") == []
    rail_moves = {a["to"]: a for a in of_type(actions, "rail_move")}
    st.apply("central", rail_moves["0507"])  # 0207 0306 0407 0507
    st.apply("central", {"type": "detrain", "unit": "G-3R"})
    # nothing was spent: its whole Movement Allowance of 5 is left
    assert "(5 MP left)" in st.prompt("central")


def test_14_12_central_powers_reinforcements_do_not_count_on_their_turn_of_arrival(
    position: Any,
) -> None:
    st = arriving(position, {"G-3R": PENDING, "G-HQ-AOK": "0206"}, "central", 2)
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": A})
    assert U.has_marker(st, "G-3R", rail.RAIL_EXEMPT)
    assert left(st, "central") == 8
    play_until(st, at("movement", "central", 2))
    st.apply("central", {"type": "select", "unit": "G-3R"})
    rail_moves = {a["to"]: a for a in of_type(st.legal_actions("central"), "rail_move")}
    st.apply("central", rail_moves["0707"])
    assert left(st, "central") == 8
    # it stays entrained; on the next Game-Turn it is no longer exempt
    play_until(st, at("movement", "central", 3))
    assert not U.has_marker(st, "G-3R", rail.RAIL_EXEMPT)
    assert left(st, "central") == 6


def test_14_12_allied_reinforcements_count_on_their_turn_of_arrival(position: Any) -> None:
    # R-HQ-5A in 1906 commands R-XXX (4 stacking points) at C
    st = arriving(position, {"R-XXX": PENDING, "R-HQ-5A": "1906"}, "allied", 2)
    st.apply("allied", {"type": "enter", "unit": "R-XXX", "hex": C})
    assert rail.entrained(st, "R-XXX")
    assert not U.has_marker(st, "R-XXX", rail.RAIL_EXEMPT)
    assert left(st, "allied") == 2
    play_until(st, at("movement", "allied", 2))
    # detraining at once, it neither moves by rail nor remains entrained: it does not count
    st.apply("allied", {"type": "select", "unit": "R-XXX"})
    st.apply("allied", {"type": "detrain", "unit": "R-XXX"})
    assert left(st, "allied") == 6


def test_14_12_whether_reinforcements_count_is_a_scenario_parameter(
    position: Any, tmp_path: Path
) -> None:
    # as Brusilov 18.23: the Central Powers' reinforcements count too
    line = "rail_capacity_counts_reinforcements = { allied = true, central = true }"
    units = {"G-3R": PENDING}
    st = with_parameters(
        position, tmp_path, units, line, phasing="central", turn=2, segment="reinforcement"
    )
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": A})
    assert not U.has_marker(st, "G-3R", rail.RAIL_EXEMPT)
    assert left(st, "central") == 6


def test_14_12_only_when_entering_on_a_rail_line(position: Any, tmp_path: Path) -> None:
    # a FICTIONAL test counter designated entrained whose entry hex 0301 has no railroad
    extra = tmp_path / "rail-test-counters.toml"
    extra.write_text(
        '[[counter]]\nid = "X-GE"\nname = "Test division arriving entrained off the rails"\n'
        'side = "central"\nnationality = "germany"\ntype = "infantry"\nsize = "division"\n'
        "movement = 5\nsteps = [[4, 5], [2, 3]]\n"
        'arrive = { turn = 2, entry = "0301", entrained = true }\n',
        encoding="utf-8",
    )
    st = arriving(position, {"X-GE": PENDING}, "central", 2, counters=(COUNTERS, extra))
    st.apply("central", {"type": "enter", "unit": "X-GE", "hex": "0301"})
    assert not rail.entrained(st, "X-GE")
    assert "14.12" not in cases(st)


def test_14_12_a_withheld_entrained_reinforcement_still_arrives_entrained(
    position: Any,
) -> None:
    # 14.24 withheld on Game-Turn 2, it enters on Game-Turn 3: its turn of arrival
    st = arriving(position, {"G-3R": PENDING, "G-HQ-AOK": "0206"}, "central", 2)
    st.apply("central", {"type": "withhold", "unit": "G-3R"})
    play_until(st, at("reinforcement", "central", 3))
    st.apply("central", {"type": "enter", "unit": "G-3R", "hex": A})
    assert rail.entrained(st, "G-3R")
    assert U.has_marker(st, "G-3R", rail.RAIL_EXEMPT)


# --- 14.22 blocked entry hexes ---------------------------------------------------------------


def test_14_22_a_blocked_entry_hex_gives_an_alternative_toward_the_nearest_friendly_unit(
    position: Any,
) -> None:
    # G-I in 1202 controls D (1201) and the edge hexes 1101 and 1301.  The nearest free
    # edge hexes are 1001 and 1401 (two hexes each); the nearest Allied unit, R-BNB in
    # 1402, is two hexes from 1201 and one from 1401: east it is.
    st = arriving(position, {"R-4S": PENDING, "G-I": "1202", "R-BNB": "1402"}, "allied", 3)
    actions = st.legal_actions("allied")
    assert of_type(actions, "enter") == []
    assert of_type(actions, "delay") == [{"type": "delay", "unit": "R-4S", "hex": "1401"}]
    assert {"type": "withhold", "unit": "R-4S"} in actions
    st.apply("allied", {"type": "delay", "unit": "R-4S", "hex": "1401"})
    assert U.record(st, "R-4S")["status"] == "pending"
    entry = next(e for e in st.data["log"] if e.get("case") == "14.22")
    assert "1401 from Game-Turn 4" in entry["text"]


def test_14_22_the_direction_of_the_nearest_friendly_unit_decides(position: Any) -> None:
    # with the nearest Allied unit west, in 0902 (three hexes from 1201, two from 1001),
    # the alternative is 1001
    st = arriving(position, {"R-4S": PENDING, "G-I": "1202", "R-BNB": "0902"}, "allied", 3)
    assert of_type(st.legal_actions("allied"), "delay") == [
        {"type": "delay", "unit": "R-4S", "hex": "1001"}
    ]


def test_14_22_equally_near_alternatives_are_the_players_choice(position: Any) -> None:
    # no Allied unit on the map: 1001 and 1401 are equally near, both offered
    st = arriving(position, {"R-4S": PENDING, "G-I": "1202"}, "allied", 3)
    assert of_type(st.legal_actions("allied"), "delay") == [
        {"type": "delay", "unit": "R-4S", "hex": "1001"},
        {"type": "delay", "unit": "R-4S", "hex": "1401"},
    ]


def test_14_22_a_delayed_reinforcement_enters_at_the_alternative_a_game_turn_later(
    position: Any, refuse: Refuse
) -> None:
    st = arriving(position, {"R-4S": PENDING, "G-I": "1202", "R-BNB": "1402"}, "allied", 3)
    st.apply("allied", {"type": "delay", "unit": "R-4S", "hex": "1401"})
    play_until(st, at("reinforcement", "allied", 4))
    actions = st.legal_actions("allied")
    assert {"type": "enter", "unit": "R-4S", "hex": "1401"} in actions
    assert {"type": "enter", "unit": "R-4S", "hex": D} not in actions  # still blocked
    err = refuse(st, "allied", {"type": "enter", "unit": "R-4S", "hex": "1301"})
    assert err.case == "14.22"
    st.apply("allied", {"type": "enter", "unit": "R-4S", "hex": "1401"})
    assert U.record(st, "R-4S")["hex"] == "1401"
    assert (
        "alternative to its blocked entry hex"
        in [e["text"] for e in st.data["log"] if e.get("case") == "14.22"][-1]
    )
    assert "alternative_entry" not in U.record(st, "R-4S")


def test_14_22_not_at_the_alternative_in_the_same_game_turn(position: Any, refuse: Refuse) -> None:
    units = {"R-4S": PENDING, "X-R1": PENDING, "G-I": "1202", "R-BNB": "1402"}
    st = arriving(position, units, "allied", 3, test_counters=True)
    st.apply("allied", {"type": "delay", "unit": "R-4S", "hex": "1401"})
    err = refuse(st, "allied", {"type": "enter", "unit": "R-4S", "hex": "1401"})
    assert err.case == "14.24"  # decided for this turn


def test_14_22_only_when_the_entry_hex_is_enemy_occupied_or_controlled(
    position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    # a free entry hex: no alternative
    st = arriving(position, {"R-4S": PENDING}, "allied", 3)
    assert of_type(st.legal_actions("allied"), "delay") == []
    err = refuse(st, "allied", {"type": "delay", "unit": "R-4S", "hex": "1401"})
    assert err.case == "14.22"
    # an entry hex that is an undestroyed Enemy fortress (5.13) but neither occupied nor
    # controlled: not entered, and no alternative either ("if, and only if")
    text = (DATA_ROOT / "gwite" / "maps" / "teaching.toml").read_text(encoding="utf-8")
    text = text.replace('letter = "B"\nhex = "0114"', 'letter = "B"\nhex = "1312"')
    variant = tmp_path / "map-variant.toml"
    variant.write_text(text, encoding="utf-8")
    st = arriving(position, {"AH-10K": PENDING}, "central", 3, map_path=variant)
    assert st.legal_actions("central") == [{"type": "withhold", "unit": "AH-10K"}]
    err = refuse(st, "central", {"type": "delay", "unit": "AH-10K", "hex": "1401"})
    assert err.case == "14.22"


def test_14_22_a_hex_that_is_not_an_alternative_is_refused(position: Any, refuse: Refuse) -> None:
    st = arriving(position, {"R-4S": PENDING, "G-I": "1202", "R-BNB": "1402"}, "allied", 3)
    err = refuse(st, "allied", {"type": "delay", "unit": "R-4S", "hex": "1001"})
    assert err.case == "14.22"
    assert "1401" in err.reason


# --- 14.23 off-map movement of blocked entrained reinforcements -------------------------------


def test_14_23_a_blocked_entrained_reinforcement_may_travel_off_the_map(position: Any) -> None:
    # R-1G in 0207 controls A (0106); G-3R may go round by the off-map link to 0114
    st = arriving(position, {"G-3R": PENDING, "R-1G": "0207"}, "central", 2)
    actions = st.legal_actions("central")
    assert {"type": "off_map", "unit": "G-3R", "to": B} in actions
    assert of_type(actions, "delay")  # 14.22 remains open too
    st.apply("central", {"type": "off_map", "unit": "G-3R", "to": B})
    record = U.record(st, "G-3R")
    assert record["status"] == "off_map" and record["hex"] is None
    assert record["off_map"] == {"link": 0, "from": A, "to": B, "mp": 0}
    assert rail.entrained(st, "G-3R")
    assert "14.23" in cases(st)
    # 6 MP to pay and a Movement Allowance of 5: it stays off the map this turn (5.38)
    play_until(st, at("movement", "central", 2))
    assert {"type": "select", "unit": "G-3R"} not in st.legal_actions("central")
    st.apply("central", {"type": "end_segment"})
    assert U.record(st, "G-3R")["off_map"]["mp"] == 5
    # next Game-Turn it pays the last MP, re-enters at B and has 4 left
    play_until(st, at("movement", "central", 3))
    st.apply("central", {"type": "select", "unit": "G-3R"})
    st.apply("central", {"type": "reenter", "unit": "G-3R", "hex": B})
    assert U.record(st, "G-3R")["hex"] == B
    st.apply("central", {"type": "detrain", "unit": "G-3R"})
    assert "(4 MP left)" in st.prompt("central")


def test_14_23_only_for_reinforcements_arriving_entrained(position: Any, refuse: Refuse) -> None:
    # AH-10K arrives at B (0114, an end of the off-map link) but not entrained; R-1G in
    # 0215 controls B
    st = arriving(position, {"AH-10K": PENDING, "R-1G": "0215"}, "central", 3)
    actions = st.legal_actions("central")
    assert of_type(actions, "off_map") == []
    assert of_type(actions, "delay")
    err = refuse(st, "central", {"type": "off_map", "unit": "AH-10K", "to": A})
    assert err.case == "14.23"


def test_14_23_only_when_the_entry_hex_is_blocked(position: Any, refuse: Refuse) -> None:
    st = arriving(position, {"G-3R": PENDING}, "central", 2)
    assert of_type(st.legal_actions("central"), "off_map") == []
    assert refuse(st, "central", {"type": "off_map", "unit": "G-3R", "to": B}).case == "14.23"


def test_14_23_off_map_reinforcements_need_rail_capacity_when_they_count(
    position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    # counted (as Brusilov 18.23) against a Central Powers capacity of 1: G-3R (2) may not
    lines = (
        "rail_capacity = { allied = 6, central = 1 }",
        "rail_capacity_counts_reinforcements = { allied = true, central = true }",
    )
    units = {"G-3R": PENDING, "R-1G": "0207"}
    st = with_parameters(
        position, tmp_path, units, *lines, phasing="central", turn=2, segment="reinforcement"
    )
    assert of_type(st.legal_actions("central"), "off_map") == []
    assert refuse(st, "central", {"type": "off_map", "unit": "G-3R", "to": B}).case == "5.38"


# --- 14.11 a reinforcement whose entry is not yet entered ------------------------------------

#: FICTIONAL: a Russian division due on Game-Turn 2 whose entry is not yet entered ('?', as
#: Hindenburg's 11A depot and Brusilov's attack-on-schedule reinforcements)
UNKNOWN_ENTRY = """
[[counter]]
id = "X-R9"
name = "Test Russian division arriving on turn 2, entry not yet entered"
side = "allied"
nationality = "russia"
type = "infantry"
size = "division"
movement = 4
steps = [[3, 4], [1, 2]]
arrive = { turn = 2, entry = "?" }
"""


def test_14_11_a_reinforcement_whose_entry_is_not_yet_entered_cannot_arrive(
    position: Any, refuse: Refuse, tmp_path: Path
) -> None:
    extra = tmp_path / "unknown-entry.toml"
    extra.write_text(UNKNOWN_ENTRY, encoding="utf-8")
    units = {"X-R9": PENDING, "R-XXX": PENDING}
    st = arriving(position, units, "allied", 2, counters=(COUNTERS, extra))
    # the other reinforcement arrives as usual; X-R9 has no action at all
    actions = st.legal_actions("allied")
    assert {a["unit"] for a in actions} == {"R-XXX"}
    err = refuse(st, "allied", {"type": "enter", "unit": "X-R9", "hex": C})
    assert err.case == "14.11"
    assert "not yet entered" in err.reason
    err = refuse(st, "allied", {"type": "withhold", "unit": "X-R9"})
    assert err.case == "14.11"
    st.apply("allied", {"type": "enter", "unit": "R-XXX", "hex": C})
    play_until(st, at("movement", "allied", 2))
    # it stays off the map, and the log says why
    assert U.record(st, "X-R9")["status"] == "pending"
    said = [e for e in st.data["log"] if "not yet entered" in e["text"]]
    assert said and said[-1]["case"] == "14.11"
    assert "cannot arrive" in said[-1]["text"]
