"""Caporetto combat: caporetto 8.4 (the majority-TCR column), 8.51 (brigade steps), 8.75
(the Ils ne passeront pas roll), 12.2 (no cavalry limitation) and AC7 (the Ridge +1 on
a 6).  Every ruling is resolved with fixed dice on the FICTIONAL teaching map (see
combat_kit.py for the arena around 1111)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import IllegalAction
from greatwar.rules.gwite import crt
from tests.rules.gwite.caporetto.combat_kit import (
    fight,
    hex_of,
    options,
    result,
    retreat_paths,
    stage,
    strike,
    take_option,
)
from tests.rules.gwite.kit import attack_log, choose, logged, lost


def test_8_4_majority_of_stacking_points_reads_the_tcr_2_column(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """A TCR 2 corps (9 Stacking Points) and a TCR 1 division (2) attack together: the
    majority of the Stacking Points is TCR 2, so the TCR 2 column is read (8 to 3, 2-1,
    die 1: -/2; the TCR 1 column would give -/3)."""
    st = fight(caporetto_position, {"I-46": "1111", "AH-XV": "1211", "G-12": "1212"})
    shown = strike(st, "1111", ["AH-XV", "G-12"], fixed_dice, 1)
    assert shown["tcr"] == 2 and shown["odds"] == "2-1"
    assert attack_log(st)["ruling"]["numbers"]["column"] == "2-1"
    assert result(st) == "-/2"


def test_8_4_equal_weight_reads_the_tcr_1_column(caporetto_position: Any, fixed_dice: Any) -> None:
    """A TCR 1 and a TCR 2 division (2 Stacking Points each) attack together: equal weight
    reads the TCR 1 column (7 to 3, 2-1, die 1: -/3), not the worst TCR's (-/2)."""
    st = fight(caporetto_position, {"I-46": "1111", "G-12": "1211", "G-5": "1212"})
    shown = strike(st, "1111", ["G-12", "G-5"], fixed_dice, 1)
    assert shown["tcr"] == 1
    assert result(st) == "-/3"


def test_8_4_majority_of_tcr_1_stacking_points(caporetto_position: Any, fixed_dice: Any) -> None:
    """Two TCR 1 divisions (4 Stacking Points) outweigh a TCR 2 division (2): TCR 1
    column (11 to 3, 3-1, die 1: -/3)."""
    st = fight(caporetto_position, {"I-46": "1111", "G-12": "1211", "G-117": "1211", "G-5": "1212"})
    shown = strike(st, "1111", ["G-12", "G-117", "G-5"], fixed_dice, 1)
    assert shown["tcr"] == 1 and shown["odds"] == "3-1"
    assert result(st) == "-/3"


def test_8_51_a_two_step_brigade_is_reduced(caporetto_position: Any, fixed_dice: Any) -> None:
    """The 1st Alpini Brigade is printed on both sides: two steps.  Losing one (1/1, option
    "half of the affected steps") leaves it on the map on its back."""
    st = fight(caporetto_position, {"I-ALP-1": "1111", "G-ALP": "1211"})
    strike(st, "1111", ["G-ALP"], fixed_dice, 3)  # 2 to 2, 1-1, die 3: 1/1
    assert result(st) == "1/1"
    take_option(st, 0)
    assert hex_of(st, "I-ALP-1") == "1111" and lost(st, "I-ALP-1") == 1


def test_8_51_a_one_step_brigade_is_eliminated(caporetto_position: Any, fixed_dice: Any) -> None:
    """The Bersaglieri Brigade is printed on one side: one step.  Losing it eliminates it."""
    st = fight(caporetto_position, {"I-BERS": "1111", "G-ALP": "1211"})
    strike(st, "1111", ["G-ALP"], fixed_dice, 4)  # 2 to 1, 2-1, die 4: 1/1
    assert result(st) == "1/1"
    take_option(st, 0)
    assert hex_of(st, "I-BERS") is None


def _two_on_turn(position: Any, fixed_dice: Any, turn: int, *dice: int) -> Any:
    """G-12 attacks the Italian 46th Division (4 to 3, 1-1, die 1: -/2) on ``turn``."""
    st = fight(position, {"I-46": "1111", "G-12": "1211"}, turn=turn)
    strike(st, "1111", ["G-12"], fixed_dice, 1, *dice)
    assert result(st) == "-/2" and stage(st) == "def_option"
    return st


def test_8_75_roll_no_higher_than_the_turn_allows_option_1(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Game-Turn 3: the Italian player takes option 1 of a 2 after rolling a 3: the unit is
    eliminated and the Central Powers may not advance (8.75)."""
    st = _two_on_turn(caporetto_position, fixed_dice, 3, 3)
    take_option(st, 0)
    assert hex_of(st, "I-46") is None
    assert any("die 3, no higher than Game-Turn 3" in t for t in logged(st, "caporetto 8.75"))
    assert logged(st, "8.75")  # Ils ne passeront pas: no advance
    assert hex_of(st, "G-12") == "1211" and stage(st) is None


def test_8_75_failed_roll_closes_option_1(caporetto_position: Any, fixed_dice: Any) -> None:
    """Game-Turn 2: a roll of 5 refuses option 1; the Italian player must take another
    option of the 2 (retreat two hexes here), and option 1 is refused naming 8.75."""
    st = _two_on_turn(caporetto_position, fixed_dice, 2, 5)
    take_option(st, 0)
    assert hex_of(st, "I-46") == "1111" and lost(st, "I-46") == 0
    assert any("option 1 is refused" in t for t in logged(st, "caporetto 8.75"))
    assert options(st) == [1, 2]
    with pytest.raises(IllegalAction) as refused:
        st.apply("allied", {"type": "option", "index": 0, "text": "x"})
    assert "caporetto 8.75" in str(refused.value)
    take_option(st, 2)
    choose(st, "allied", "retreat", path=retreat_paths(st)[0])
    assert hex_of(st, "I-46") != "1111"


@pytest.mark.parametrize(("turn", "words"), [(1, "a die roll of 1,"), (3, "a die roll of 1 to 3,")])
def test_8_75_option_1_says_the_roll_it_asks(
    caporetto_position: Any, fixed_dice: Any, turn: int, words: str
) -> None:
    """On the first five Game-Turns option 1 of a 2 or 3 says which rolls allow it."""
    st = fight(caporetto_position, {"I-46": "1111", "G-12": "1211"}, turn=turn)
    strike(st, "1111", ["G-12"], fixed_dice, 1)  # -/2 (-/3 on Game-Turn 1, 23.3)
    assert result(st) in ("-/2", "-/3") and stage(st) == "def_option"
    texts = {a["index"]: a["text"] for a in st.legal_actions("allied") if a["type"] == "option"}
    assert words in texts[0] and "8.75" in texts[0]
    assert all("8.75" not in texts[i] for i in texts if i != 0)


def test_8_75_no_roll_from_game_turn_6(caporetto_position: Any, fixed_dice: Any) -> None:
    """Game-Turn 6: option 1 is taken without any roll (no die is left to roll)."""
    st = _two_on_turn(caporetto_position, fixed_dice, 6)
    take_option(st, 0)
    assert hex_of(st, "I-46") is None
    assert not logged(st, "caporetto 8.75")


def test_8_75_a_british_defender_needs_no_roll(caporetto_position: Any, fixed_dice: Any) -> None:
    """Game-Turn 2: the restriction is the Italians' only; a British division takes option
    1 without rolling."""
    st = fight(caporetto_position, {"B-23": "1111", "G-12": "1211", "G-117": "1212"}, turn=2)
    strike(st, "1111", ["G-12", "G-117"], fixed_dice, 1)  # 8 to 4, 2-1, die 1: -/3
    assert result(st) == "-/3"
    take_option(st, 0)
    assert hex_of(st, "B-23") is None and not logged(st, "caporetto 8.75")


def test_12_2_cavalry_attacks_infantry_at_full_strength(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Cavalry attacking an infantry brigade keeps its full Attack Strength (standard 12.2
    would quarter it): 4 + 1 = 5 to 1, 5-1, die 3: -/E (4-1 would give -/3)."""
    st = fight(caporetto_position, {"I-BERS": "1111", "G-12": "1211", "AH-10C": "1212"})
    shown = strike(st, "1111", ["G-12", "AH-10C"], fixed_dice, 3)
    assert "cavalry" not in shown and shown["attack"] == 5 and shown["odds"] == "5-1"
    assert result(st) == "-/E"
    assert hex_of(st, "I-BERS") is None


def test_ac7_ridge_die_modifier_on_a_6_reads_the_last_row(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """AC7: the Alpenkorps attacks across the Ridge hexside 1503/1403: +1 to the die
    (5.4).  A 6 becomes 7, read on the table's last row (6): no unprinted row."""
    st = fight(caporetto_position, {"I-ALP-1": "1403", "G-BA": "1503", "G-12": "1502"})
    shown = strike(st, "1403", ["G-BA", "G-12"], fixed_dice, 6)
    assert [m["value"] for m in shown["die_modifiers"]] == [1]
    entry = attack_log(st)
    assert "die 6 +1" in entry["text"]
    row6 = crt.table().lookup(shown["tcr"], shown["column"], 6)
    assert result(st) == f"{row6.attacker}/{row6.defender}"


def test_17_32_no_advance_into_a_hex_the_monitor_still_holds(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the 117th (out of supply in 0913: 2) attacks the Italian 43rd (3) stacked with the
    # monitor on the coast at 0914: 1-2, die 1: -/1; the 43rd retreats one hex and the monitor,
    # never affected by combat, stays: the hex is not vacated, so no attacker advances
    # into it (a hex never holds both sides' units; the monitor only lets units pass)
    st = fight(caporetto_position, {"G-117": "0913", "I-43": "0914", "I-MON": "0914"})
    shown = strike(st, "0914", ["G-117"], fixed_dice, 1)
    assert shown["defense"] == 3  # the 43rd alone: the monitor is never affected (17.27)
    assert result(st) == "-/1"
    retreat = next(
        a for a in st.legal_actions("allied") if a["type"] == "option" and "retreat" in a["text"]
    )
    st.apply("allied", retreat)
    if stage(st) == "retreat":
        choose(st, "allied", "retreat", path=retreat_paths(st)[0])
    assert hex_of(st, "I-43") != "0914" and hex_of(st, "I-MON") == "0914"
    assert not [a for a in st.legal_actions("central") if a["type"] == "advance"]
    assert hex_of(st, "G-117") == "0913"
