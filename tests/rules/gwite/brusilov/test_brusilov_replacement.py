"""The Brusilov Offensive, 22.0 Step Replacement: the general rule's criteria, the
Austro-Hungarian (22.11), German (22.12) and Russian (22.21) tables by Game-Turn, and the
"Attack On Schedule" tables (26.24) in the same format.

Positions on the FICTIONAL teaching map under the historical tables
(:data:`HISTORICAL_TABLES` in place of the teaching scenario's own), in the Step Replacement
Phase.  The reduced divisions stand on their own side's rail, in supply: AH-12 in 0709 (the
Südbahn), G-35R in 0807 (the Nordbahn), R-3S in 1607 (the Imperial Line).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.engine.state import Game
from greatwar.rules.gwite import replacement, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.replacement import HISTORICAL_TABLES
from tests.rules.gwite.conftest import write_position

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]

REDUCED = {
    "AH-12": {"hex": "0709", "steps_lost": 1},
    "G-35R": {"hex": "0807", "steps_lost": 1},
    "R-3S": {"hex": "1607", "steps_lost": 1},
}
SIDE = {"AH-12": "central", "G-35R": "central", "R-3S": "allied"}
#: a reduced Russian division that may roll, so that the phase waits for the player
COMPANION = {"R-65R": {"hex": "1807", "steps_lost": 1}}

#: 26.24 "Attack On Schedule" tables, in the same format (the scenario engineer's data)
ATTACK_ON_SCHEDULE_TABLES = """[parameters.replacement]
min_distance = 1
source = "Brusilov 22.0, 26.24"
rolls = [
  { nationalities = ["austria-hungary"], last_turn = 6, success = [], case = "brusilov 26.24" },
  { nationalities = ["austria-hungary"], first_turn = 7, last_turn = 8, success = [1], case = "brusilov 26.24" },
  { nationalities = ["austria-hungary"], first_turn = 9, last_turn = 11, success = [1, 2], case = "brusilov 26.24" },
  { nationalities = ["austria-hungary"], first_turn = 12, success = [1, 2, 3], case = "brusilov 26.24" },
  { nationalities = ["germany"], success = [1, 2, 3], case = "brusilov 22.12" },
  { nationalities = ["russia"], last_turn = 6, success = [], case = "brusilov 26.24" },
  { nationalities = ["russia"], first_turn = 7, last_turn = 9, success = [1, 2, 3], case = "brusilov 26.24" },
  { nationalities = ["russia"], first_turn = 10, success = [1, 2], case = "brusilov 26.24" },
]
"""  # noqa: E501


@pytest.fixture
def replacing(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Factory: a Brusilov position in the Step Replacement Phase under ``tables``."""

    def make(  # type: ignore[no-untyped-def]
        units: dict[str, Any], turn: int, tables: str = HISTORICAL_TABLES, **kw: Any
    ) -> State:
        kw.setdefault("phasing", "allied")
        path = write_position(
            tmp_path,
            units,
            game="brusilov",
            turn=turn,
            phase="step_replacement",
            segment="step_replacement",
            **kw,
        )
        text = path.read_text(encoding="utf-8").replace("turns = 6", "turns = 18")
        block = re.compile(r"\[parameters\.replacement\]\n.*?\n\]\n", re.S)
        assert block.search(text)
        path.write_text(block.sub(lambda _: tables, text, count=1), encoding="utf-8")
        game: Game = greatwar.load(path)
        game.checking = True
        return game.new_state(1)

    return make


def roll_for(replacing: Any, fixed_dice: Any, uid: str, turn: int, die: int, **kw: Any) -> State:
    """The unit alone (reduced, in supply) rolls ``die`` on Game-Turn ``turn``."""
    st = replacing({uid: REDUCED[uid]}, turn, phasing=SIDE[uid], **kw)
    fixed_dice(die)
    st.apply(SIDE[uid], {"type": "replace", "unit": uid})
    return st


def restored(st: State, uid: str) -> bool:
    return U.record(st, uid)["lost"] == 0  # type: ignore[no-any-return]


def rolled_under(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case and "roll" in e]


# --- 22.11 Austro-Hungarian table ---------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 2])
def test_22_11_austro_hungarians_may_not_replace_on_turns_one_and_two(
    replacing: Any, refuse: Refuse, turn: int
) -> None:
    # G-35R (German, 22.12) may roll, so the phase waits; AH-12 may not
    st = replacing({"AH-12": REDUCED["AH-12"], "G-35R": REDUCED["G-35R"]}, turn, phasing="central")
    assert [a["unit"] for a in st.legal_actions("central") if a["type"] == "replace"] == ["G-35R"]
    err = refuse(st, "central", {"type": "replace", "unit": "AH-12"})
    assert err.case == "brusilov 22.11"


@pytest.mark.parametrize(
    ("turn", "die", "succeeds"),
    [
        (3, 1, True),
        (3, 2, False),
        (4, 1, True),
        (4, 2, False),
        (5, 2, True),
        (5, 3, False),
        (7, 2, True),
        (7, 3, False),
        (8, 3, True),
        (8, 4, False),
        (14, 3, True),
    ],
)
def test_22_11_austro_hungarian_rolls_by_game_turn(
    replacing: Any, fixed_dice: Any, turn: int, die: int, succeeds: bool
) -> None:
    st = roll_for(replacing, fixed_dice, "AH-12", turn, die)
    assert restored(st, "AH-12") is succeeds
    assert len(rolled_under(st, "brusilov 22.11")) == 1


# --- 22.12 German units -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "die", "succeeds"),
    [(1, 3, True), (1, 4, False), (2, 1, True), (8, 3, True), (14, 3, True), (14, 4, False)],
)
def test_22_12_germans_replace_on_one_to_three_throughout(
    replacing: Any, fixed_dice: Any, turn: int, die: int, succeeds: bool
) -> None:
    st = roll_for(replacing, fixed_dice, "G-35R", turn, die)
    assert restored(st, "G-35R") is succeeds
    assert len(rolled_under(st, "brusilov 22.12")) == 1


# --- 22.21 Russian table ----------------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 2])
def test_22_21_russians_may_not_replace_on_turns_one_and_two(replacing: Any, turn: int) -> None:
    # no Russian unit may roll: the phase passes by itself (13.0), the refusal citing 22.21
    st = replacing({"R-3S": REDUCED["R-3S"]}, turn)
    assert st.top()["kind"] != "step_replacement"
    assert replacement.refusal_case(st, "R-3S") == (
        f"russia units may not replace steps on Game-Turn {turn}",
        "brusilov 22.21",
    )


@pytest.mark.parametrize(
    ("turn", "die", "succeeds"),
    [
        (3, 3, True),
        (3, 4, False),
        (5, 3, True),
        (6, 3, False),
        (6, 2, True),
        (14, 2, True),
        (14, 3, False),
    ],
)
def test_22_21_russian_rolls_by_game_turn(
    replacing: Any, fixed_dice: Any, turn: int, die: int, succeeds: bool
) -> None:
    st = roll_for(replacing, fixed_dice, "R-3S", turn, die)
    assert restored(st, "R-3S") is succeeds
    assert len(rolled_under(st, "brusilov 22.21")) == 1


# --- 22.0 general rule -------------------------------------------------------------------


def test_22_0_any_or_all_units_may_roll(replacing: Any, fixed_dice: Any) -> None:
    # three reduced Russian divisions in supply all roll in one phase (no limit of units)
    units = {
        "R-3S": REDUCED["R-3S"],
        "R-62R": {"hex": "1707", "steps_lost": 1},
        "R-65R": {"hex": "1807", "steps_lost": 1},
    }
    st = replacing(units, 6)
    fixed_dice(2, 5, 1)
    for uid in units:
        st.apply("allied", {"type": "replace", "unit": uid})
    assert [restored(st, u) for u in units] == [True, False, True]


def test_22_0_a_unit_adjacent_to_an_enemy_unit_may_not(replacing: Any, refuse: Refuse) -> None:
    # G-35R next to R-3S (1607 touches 1606): barred; two hexes away (1605) it may roll
    st = replacing({"R-3S": REDUCED["R-3S"], "G-35R": "1606", **COMPANION}, 6)
    err = refuse(st, "allied", {"type": "replace", "unit": "R-3S"})
    assert "Enemy unit within 1 hex" in err.reason and err.case == "13.0"
    st = replacing({"R-3S": REDUCED["R-3S"], "G-35R": "1605"}, 6)
    assert {"type": "replace", "unit": "R-3S"} in st.legal_actions("allied")


def test_22_0_a_unit_out_of_supply_may_not(replacing: Any, refuse: Refuse) -> None:
    # R-3S in 0305, far from every Russian source: out of supply
    st = replacing({"R-3S": {"hex": "0305", "steps_lost": 1}, **COMPANION}, 6)
    assert not supply.in_supply(st, "R-3S")
    err = refuse(st, "allied", {"type": "replace", "unit": "R-3S"})
    assert err.case == "brusilov 22.0" and "out of supply" in err.reason
    assert replacement.eligible(st, st.top()) == ["R-65R"]


def test_22_0_a_unit_that_fought_in_the_previous_game_turn_may_not(
    replacing: Any, refuse: Refuse
) -> None:
    fought = {**REDUCED["R-3S"], "markers": ["fought_last_turn"]}
    st = replacing({"R-3S": fought, **COMPANION}, 6)
    err = refuse(st, "allied", {"type": "replace", "unit": "R-3S"})
    assert "combat" in err.reason


def test_22_0_a_unit_that_moved_this_game_turn_may_not(replacing: Any, refuse: Refuse) -> None:
    moved = {**REDUCED["R-3S"], "markers": ["moved"]}
    st = replacing({"R-3S": moved, **COMPANION}, 6)
    err = refuse(st, "allied", {"type": "replace", "unit": "R-3S"})
    assert "moved" in err.reason


# --- 26.24 Attack On Schedule tables in the same format ----------------------------------


@pytest.mark.parametrize(
    ("uid", "turn", "die", "succeeds"),
    [
        ("AH-12", 7, 1, True),
        ("AH-12", 8, 2, False),
        ("AH-12", 9, 2, True),
        ("AH-12", 12, 3, True),
        ("R-3S", 7, 3, True),
        ("R-3S", 10, 3, False),
    ],
)
def test_22_11_and_22_21_tables_shift_for_attack_on_schedule(
    replacing: Any, fixed_dice: Any, uid: str, turn: int, die: int, succeeds: bool
) -> None:
    st = roll_for(replacing, fixed_dice, uid, turn, die, tables=ATTACK_ON_SCHEDULE_TABLES)
    assert restored(st, uid) is succeeds
    assert len(rolled_under(st, "brusilov 26.24")) == 1


def test_22_21_attack_on_schedule_no_russian_replacement_on_turns_five_and_six(
    replacing: Any,
) -> None:
    st = replacing({"R-3S": REDUCED["R-3S"]}, 6, tables=ATTACK_ON_SCHEDULE_TABLES)
    assert replacement.refusal_case(st, "R-3S") is not None
    assert replacement.refusal_case(st, "R-3S")[1] == "brusilov 26.24"  # type: ignore[index]
