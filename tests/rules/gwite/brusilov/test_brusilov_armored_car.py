"""The Brusilov Offensive, 24.2-24.4 the Russian armored car (a FICTIONAL test counter,
X-AC: 2-1, Movement Allowance 6, its back the breakdown face 1-1 moving 3).

FICTIONAL positions on the teaching map.  Russian units are rated TCR 3: clear hexes
cost 1.  Mountains in the south-east: 1614 1714 (1814 clear beside them).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.gwite import cavalry, command, rail, retreat
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.armored_car import BROKEN_DOWN, breakdown_rolls
from greatwar.rules.gwite.stacking import overstacked, stacking_points
from tests.rules.gwite.brusilov.brusilov_kit import (
    ARMORED_CAR,
    SPARE,
    counters,
    edited_map,
    hex_of,
    logged,
    moves,
    of_type,
    rail_moves,
    rolls,
    select,
    status,
)
from tests.rules.gwite.kit import (
    COMBAT,
    COUNTERS,
    assert_resolved_as_shown,
    attack,
    attack_log,
    choose,
    resolve,
)

Refuse = Callable[[State, str, dict[str, Any]], IllegalAction]


def car_position(brusilov_position: Any, tmp_path: Path, units: dict[str, Any], **kw: Any) -> State:
    kw.setdefault("counters", (COUNTERS, counters(tmp_path, ARMORED_CAR)))
    kw.setdefault("turn", 2)
    return brusilov_position({**units, **SPARE}, **kw)  # type: ignore[no-any-return]


# --- 24.2 withdrawal before combat -------------------------------------------------------

WITHDRAWAL = {"phase": "cavalry_withdrawal", "segment": "cavalry_withdrawal"}


def test_24_21_the_armored_car_may_withdraw_before_combat_when_adjacent_to_an_enemy(
    brusilov_position: Any, tmp_path: Path
) -> None:
    # the Central Powers' Player-Turn: the Russian (non-phasing) withdrawal phase
    units = {"X-AC": "1505", "G-35R": "1405"}
    st = car_position(brusilov_position, tmp_path, units, phasing="central", **WITHDRAWAL)
    assert {"type": "attempt", "unit": "X-AC"} in st.legal_actions("allied")


def test_24_21_not_when_no_enemy_unit_is_adjacent(brusilov_position: Any, tmp_path: Path) -> None:
    units = {"X-AC": "1505", "G-35R": "1205"}
    st = car_position(brusilov_position, tmp_path, units, phasing="central", **WITHDRAWAL)
    assert st.top()["kind"] != "cavalry_withdrawal" or not st.legal_actions("allied")


def test_24_22_its_withdrawal_is_automatic_no_die_is_rolled(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice()  # no die may be rolled
    units = {"X-AC": "1505", "G-35R": "1405"}
    st = car_position(brusilov_position, tmp_path, units, phasing="central", **WITHDRAWAL)
    st.apply("allied", {"type": "attempt", "unit": "X-AC"})
    if hex_of(st, "X-AC") == "1505":  # several paths: the Russian Player chooses
        (first, *_) = of_type(st.legal_actions("allied"), "withdraw")
        st.apply("allied", first)
    assert hex_of(st, "X-AC") != "1505"
    assert any("without a die roll" in t for t in logged(st, "12.12"))


# --- 24.3 stacking and steps -------------------------------------------------------------


def test_24_31_the_armored_car_has_no_stacking_points(
    brusilov_position: Any, tmp_path: Path
) -> None:
    units = {"X-AC": "1505", "R-XIX": "1505", "R-V": "1505"}
    st = car_position(brusilov_position, tmp_path, units)
    assert U.info(st, "X-AC").stacking == 0
    assert stacking_points(st, "1505") == 8
    assert overstacked(st) == []


def test_24_31_it_takes_no_rail_capacity(brusilov_position: Any, tmp_path: Path) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1607"})
    (entrain,) = of_type(select(st, "allied", "X-AC"), "entrain")
    st.apply("allied", entrain)
    assert rail.entrained(st, "X-AC")
    assert rail.capacity_left(st, "allied") == {"allied": 6}


def test_24_32_the_armored_car_has_one_step_losing_it_eliminates_it(
    brusilov_position: Any, tmp_path: Path
) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1505"})
    assert U.steps_left(st, "X-AC") == 1
    U.lose_steps(st, "X-AC", 1, case="8.5")
    assert status(st, "X-AC") == "eliminated"


def test_24_32_its_breakdown_face_is_not_a_step(brusilov_position: Any, tmp_path: Path) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1505"})
    U.add_marker(st, "X-AC", BROKEN_DOWN)
    assert U.steps_left(st, "X-AC") == 1
    assert U.rules(st).allowance(st, "X-AC") == 3  # the back face's Movement Allowance
    U.lose_steps(st, "X-AC", 1, case="8.5")
    assert status(st, "X-AC") == "eliminated"


# --- 24.41 mountains ---------------------------------------------------------------------


def test_24_41_the_armored_car_never_enters_a_mountain_hex(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1814", "R-1G": "1813"})
    select(st, "allied", "X-AC")
    reach = moves(st, "allied")
    assert "1714" not in reach and "1614" not in reach
    assert "1913" in reach
    err = refuse(st, "allied", {"type": "move", "unit": "X-AC", "to": "1714", "path": ["1714"]})
    assert err.case == "brusilov 24.41"
    # any other Russian unit may
    select(st, "allied", "R-1G")
    assert "1714" in moves(st, "allied")


def test_24_41_nor_by_rail(brusilov_position: Any, tmp_path: Path, refuse: Refuse) -> None:
    line = (
        '[[rail]]\nname = "Test mountain spur"\ntrack = "single"\n'
        'hexes = ["1813", "1814", "1714"]\n'
    )
    st = car_position(
        brusilov_position,
        tmp_path,
        {"X-AC": {"hex": "1813", "markers": ["entrained"]}},
        map_path=edited_map(tmp_path, line),
    )
    select(st, "allied", "X-AC")
    reach = rail_moves(st, "allied")
    assert "1814" in reach and "1714" not in reach
    err = refuse(
        st,
        "allied",
        {"type": "rail_move", "unit": "X-AC", "to": "1714", "path": ["1814", "1714"], "hexes": 2},
    )
    assert err.case == "brusilov 24.41"


def test_24_41_nor_by_withdrawal_before_combat(brusilov_position: Any, tmp_path: Path) -> None:
    units = {"X-AC": "1814", "G-35R": "1913"}
    st = car_position(brusilov_position, tmp_path, units, phasing="central", **WITHDRAWAL)
    paths = cavalry.legal_paths(st, "X-AC")
    assert paths
    mountains = {"1614", "1714", "1615", "1715"}
    assert not any(set(p) & mountains for p in paths)


def test_24_41_retreating_alone_it_avoids_mountain_hexes_when_it_can(
    brusilov_position: Any, tmp_path: Path
) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1814", "R-1G": "1513"})
    paths = retreat.legal_paths(st, "1814", ["X-AC"], 1)
    assert paths and not any(p[-1] in ("1714", "1614") for p in paths)
    # with another unit the stack may retreat there
    U.place(st, "R-1G", "1814")
    both = retreat.legal_paths(st, "1814", ["X-AC", "R-1G"], 1)
    assert ["1714"] in both


def test_24_41_forced_to_retreat_into_a_mountain_hex_it_is_eliminated(
    brusilov_position: Any, tmp_path: Path
) -> None:
    st = car_position(brusilov_position, tmp_path, {"X-AC": "1814", "R-1G": "1814"})
    vp = st.data["vp"]
    U.place(st, "X-AC", "1714")
    U.place(st, "R-1G", "1714")
    for uid in ("X-AC", "R-1G"):  # what a retreat does as it moves each unit
        U.rules(st).entered_hexes(st, uid, ["1714"])
    assert status(st, "X-AC") == "eliminated"
    assert status(st, "R-1G") == "on_map"
    assert any("mountain hex 1714" in t for t in logged(st, "brusilov 24.41"))
    assert st.data["vp"] == vp  # no stacking points: 25.2 scores nothing


# --- 24.42 breakdown ------------------------------------------------------------------------


def drive(st: State, mp: int) -> None:
    """Move the car east along hex row 05 (clear) from 1405: ``mp`` hexes, then end the
    Movement Segment."""
    select(st, "allied", "X-AC")
    path = ["1505", "1605", "1705", "1805", "1905", "2005", "2006"]
    for to in path[:mp]:
        st.apply("allied", moves(st, "allied")[to])
    st.apply("allied", {"type": "end_segment"})


def car_moving(brusilov_position: Any, tmp_path: Path) -> State:
    return car_position(brusilov_position, tmp_path, {"X-AC": "1405"})


def test_24_42_five_movement_points_a_die_of_one_breaks_it_down(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(1)
    st = car_moving(brusilov_position, tmp_path)
    drive(st, 5)
    assert rolls(st, "brusilov 24.42") == [1]
    assert U.has_marker(st, "X-AC", BROKEN_DOWN)
    assert any("breaks down" in t for t in logged(st, "brusilov 24.42"))


def test_24_42_five_movement_points_a_die_of_two_does_not(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = car_moving(brusilov_position, tmp_path)
    drive(st, 5)
    assert rolls(st, "brusilov 24.42") == [2]
    assert not U.has_marker(st, "X-AC", BROKEN_DOWN)


def test_24_42_six_movement_points_a_die_of_two_breaks_it_down(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(2)
    st = car_moving(brusilov_position, tmp_path)
    drive(st, 6)
    assert rolls(st, "brusilov 24.42") == [2]
    assert U.has_marker(st, "X-AC", BROKEN_DOWN)


def test_24_42_six_movement_points_a_die_of_three_does_not(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(3)
    st = car_moving(brusilov_position, tmp_path)
    drive(st, 6)
    assert rolls(st, "brusilov 24.42") == [3]
    assert not U.has_marker(st, "X-AC", BROKEN_DOWN)


def test_24_42_four_movement_points_no_roll(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice()
    st = car_moving(brusilov_position, tmp_path)
    drive(st, 4)
    assert rolls(st, "brusilov 24.42") == []
    assert not U.has_marker(st, "X-AC", BROKEN_DOWN)


def test_24_42_the_bands_read_seven_or_more_as_six() -> None:
    assert breakdown_rolls(4) == ()
    assert breakdown_rolls(5) == (1,)
    assert breakdown_rolls(6) == (1, 2)
    assert breakdown_rolls(8) == (1, 2)


def test_24_42_a_broken_down_car_moves_with_its_back_face(
    brusilov_position: Any, tmp_path: Path
) -> None:
    st = car_moving(brusilov_position, tmp_path)
    U.add_marker(st, "X-AC", BROKEN_DOWN)
    select(st, "allied", "X-AC")
    reach = moves(st, "allied")
    assert "1705" in reach and "1805" not in reach  # 3 MP


# --- 24.43 repair ------------------------------------------------------------------------------

REPLACEMENT = {"phase": "step_replacement", "segment": "step_replacement"}


#: a reduced division keeps the Step Replacement Phase open (it passes when no unit may
#: roll)
WAITING = {"R-1G": {"hex": "1605", "steps_lost": 1}}


def broken_car(brusilov_position: Any, tmp_path: Path) -> State:
    """The car broken down, as the position says (24.42)."""
    units = {"X-AC": {"hex": "1505", "markers": [BROKEN_DOWN]}, **WAITING}
    return car_position(brusilov_position, tmp_path, units, **REPLACEMENT)


def test_24_43_a_broken_down_car_is_repaired_as_a_russian_step_replacement(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(1)
    st = broken_car(brusilov_position, tmp_path)
    assert {"type": "replace", "unit": "X-AC"} in st.legal_actions("allied")
    st.apply("allied", {"type": "replace", "unit": "X-AC"})
    assert not U.has_marker(st, "X-AC", BROKEN_DOWN)
    assert any("repaired" in t for t in logged(st, "brusilov 24.43"))


def test_24_43_a_failed_roll_leaves_it_broken_down(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    fixed_dice(6)
    st = broken_car(brusilov_position, tmp_path)
    st.apply("allied", {"type": "replace", "unit": "X-AC"})
    assert U.has_marker(st, "X-AC", BROKEN_DOWN)


def test_24_43_a_car_that_has_not_broken_down_has_nothing_to_repair(
    brusilov_position: Any, tmp_path: Path, refuse: Refuse
) -> None:
    units = {"X-AC": "1505", **WAITING}
    st = car_position(brusilov_position, tmp_path, units, **REPLACEMENT)
    assert {"type": "replace", "unit": "X-AC"} not in st.legal_actions("allied")
    err = refuse(st, "allied", {"type": "replace", "unit": "X-AC"})
    assert "has not broken down" in err.reason


def test_24_41_a_combat_result_forcing_it_into_the_mountains_eliminates_it(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any, monkeypatch: Any
) -> None:
    # The car in 0915 (rough): the Landwehr in 0914 controls 0815; every other hex
    # around is a mountain (0816 0916 1016 1015).  Its 1 to the car's 1, 1-1 at TCR 1,
    # die 1: -/2; the Russians retreat two hexes (8.9): into the mountains.
    # (10.43 is the command module's to decide: the table's result here)
    monkeypatch.setattr(command, "result_worsens", lambda st, uid, attacking: False)
    units = {"X-AC": "0915", "G-LW7": "0914", "G-D1": "0813"}
    st = car_position(brusilov_position, tmp_path, units, phasing="central", **COMBAT)
    vp = st.data["vp"]
    attack(st, "central", "0915", ["G-LW7"])
    fixed_dice(1)
    resolve(st, "central")
    assert any("-/2" in t for t in logged(st, "8.8"))
    choose(st, "allied", "option", index=2)
    paths = [a["path"] for a in st.legal_actions("allied") if a["type"] == "retreat"]
    if paths:  # several paths, all through the mountains: the Russian Player chooses
        choose(st, "allied", "retreat", path=paths[0])
    assert status(st, "X-AC") == "eliminated"
    (text,) = logged(st, "brusilov 24.41")
    assert "forced into the mountain hex" in text
    (moved,) = logged(st, "8.63")
    assert moved.startswith("Test armored car retreat 0915→")
    assert st.data["vp"] == vp  # 25.2: no stacking points, no Victory Points


def test_24_42_a_broken_down_car_attacks_with_its_back_face(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    # The 3rd Siberians (3) and the broken-down car (its back face's 1, not its printed 2)
    # attack the 12th (4): 4 to 4, 1-1, shifted right by the car (24.11) to 2-1.
    units = {"AH-12": "1005", "R-3S": "1105", "X-AC": "1104"}
    st = car_position(brusilov_position, tmp_path, units, **COMBAT)
    U.add_marker(st, "X-AC", BROKEN_DOWN)
    shown = attack(st, "allied", "1005", ["R-3S", "X-AC"])
    (car,) = [a for a in shown["attackers"] if a["unit"] == "X-AC"]
    assert (car["printed"], car["strength"]) == (2, 1)
    assert car["modifiers"][0]["case"] == "brusilov 24.42"
    fixed_dice(1)
    resolve(st, "allied")
    entry = attack_log(st)
    assert "4 to 4 (1-1), +1 shift of Test armored car, column 2-1" in entry["text"]
    assert_resolved_as_shown(shown, entry)


def test_24_41_no_advance_after_combat_into_a_mountain_hex(
    brusilov_position: Any, tmp_path: Path, fixed_dice: Any
) -> None:
    # The 3rd Siberians and the car, out of supply (halved: 1 each), attack the Landsturm
    # (2, doubled in the mountains: 4) in 0614; the car's shift and die 1 give 1/2, the
    # Landsturm retreats two hexes (8.9 option 3) and the Siberians lose a step.  The hex is
    # vacated: the Siberians may advance into it, the car may not (24.41).
    units = {"AH-LS32": "0614", "R-3S": "0713", "X-AC": "0613"}
    st = car_position(brusilov_position, tmp_path, units, **COMBAT)
    attack(st, "allied", "0614", ["R-3S", "X-AC"])
    fixed_dice(6, 6, 1)  # no attrition for the unsupplied attackers (9.23); the combat die
    resolve(st, "allied")
    assert attack_log(st)["text"].endswith("column 1-1, die 1 +1: 1/2.")
    choose(st, "central", "option", index=2)  # retreat two hexes
    while st.active_roles() == ["central"]:
        st.apply("central", st.legal_actions("central")[0])
    choose(st, "allied", "lose", unit="R-3S")
    advances = [a for a in st.legal_actions("allied") if a["type"] == "advance"]
    assert advances == [{"type": "advance", "unit": "R-3S", "to": "0614"}]
