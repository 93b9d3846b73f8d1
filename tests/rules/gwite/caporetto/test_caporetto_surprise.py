"""Caporetto 23.1, the surprise attack: on Game-Turn 1 Central Powers attacks by stacks
holding Stosstruppen are shifted one column right, besides the HQs' shifts; AC8 (what
"stacks containing Stosstruppen" means) read (a) by default, (b) as an option.

Positions on the FICTIONAL teaching map, in the Italian plain (row 10, clear terrain,
no river between 1110 and 1210 / 1211): the 12th Stosstruppen Division (4-5) or the
5th Division (3-4, not Stosstruppen) attack the Italian 46th Division (2-3) in 1110.
The TCR 1 row of the Combat Results Table (columns 1-4 .. 5-1)::

    die 3: 1-1 -> 1/1, 2-1 -> 1/2   (provisional table entries)
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.surprise import STOSS_IN_HEX
from tests.rules.gwite.kit import COMBAT, attack, numbers, resolve_with

#: the 46th Division in 1110; the Germans next to it in 1210 (and 1211 for a second stack)
TARGET = {"I-46": "1110"}


def fight(make: Any, units: dict[str, Any], turn: int = 1, **kw: Any) -> State:
    return make({**TARGET, **units}, turn=turn, **COMBAT, **kw)  # type: ignore[no-any-return]


def test_23_1_stosstruppen_attack_on_game_turn_1_shifted_one_column_right(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = fight(caporetto_position, {"G-12": "1210"})
    shown = attack(st, "central", "1110", ["G-12"])
    assert shown["odds"] == "1-1"
    assert [(s["unit"], s["shift"], s["case"]) for s in shown["shifts"]] == [
        ("G-12", 1, "caporetto 23.1")
    ]
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["final_odds"] == "2-1" and numbers(entry)["column"] == "2-1"
    assert "1/2" in entry["text"]  # die 3 on the 2-1 column (1-1 would give 1/1)


def test_23_1_no_surprise_shift_after_game_turn_1(caporetto_position: Any, fixed_dice: Any) -> None:
    st = fight(caporetto_position, {"G-12": "1210"}, turn=2)
    attack(st, "central", "1110", ["G-12"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["column"] == "1-1" and numbers(entry)["shifts"] == []
    assert "1/1" in entry["text"]


def test_23_1_no_surprise_shift_for_a_stack_without_stosstruppen(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = fight(caporetto_position, {"G-5": "1210"})
    attack(st, "central", "1110", ["G-5"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["odds"] == "1-1" and numbers(entry)["shifts"] == []


def test_23_1_surprise_shift_in_addition_to_the_hq_shift(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the 14th Army HQ (shift 2, radius 4) in 1410 lends its shift: 1-1 +2 +1 = 4-1
    st = fight(caporetto_position, {"G-12": "1210", "G-HQ-14A": "1410"})
    attack(st, "central", "1110", ["G-12"])
    st.apply("central", {"type": "add_shift", "hq": "G-HQ-14A", "shift": 2})
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["shifts"] == [["G-HQ-14A", 2], ["G-12", 1]]
    assert numbers(entry)["column"] == "4-1"


def test_23_1_ac8_a_stosstruppen_in_the_hex_that_do_not_attack_give_no_shift(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # AC8 (a), the default: the 5th Division attacks from 1210, where the 12th stands idle
    st = fight(caporetto_position, {"G-5": "1210", "G-12": "1210"})
    attack(st, "central", "1110", ["G-5"])
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["shifts"] == []
    assert U.record(st, "G-12")["hex"] == "1210"


def test_23_1_ac8_b_option_any_attacker_stacked_with_stosstruppen_is_shifted(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    st = fight(caporetto_position, {"G-5": "1210", "G-12": "1210"}, options={STOSS_IN_HEX: True})
    shown = attack(st, "central", "1110", ["G-5"])
    assert shown["shifts"][0]["unit"] == "G-12"
    entry = resolve_with(st, "central", fixed_dice, 3)
    assert numbers(entry)["shifts"] == [["G-12", 1]] and numbers(entry)["column"] == "2-1"
