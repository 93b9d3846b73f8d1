"""Loss prompts say where their count comes from (issue 17): each fight is declared,
RESOLVED with a fixed die, and the prompt of the step losses read.

Positions and the table's rows as in test_combat_resolved.py (the fictional teaching map).
"""

from __future__ import annotations

from typing import Any

from kit import DEPOT, SPARE, attack, choose, fight, north, resolve_with, stage


def test_8_9_the_defenders_half_loss_says_half_of_the_affected_steps(
    position: Any, fixed_dice: Any
) -> None:
    # 8 to 9 (1-2), die 1: -/1; four defending steps against four: half of them, 2.
    st = fight(position, north(**{"R-1G": "1005", "R-3S": "1005", "G-I": "0904"}))
    attack(st, "central", "1005", ["G-I"])
    resolve_with(st, "central", fixed_dice, 1)
    choose(st, "allied", "option", index=0)
    assert stage(st) == "def_losses"
    prompt = st.prompt("allied")
    assert "(2 to go of 2: half of the 4 steps of either force (the forces are equal)," in prompt
    assert "(result 1, 8.9)" in prompt


def test_8_9_the_attackers_loss_says_whose_steps_it_halves(position: Any, fixed_dice: Any) -> None:
    # Wolnowo (a City): 8 to 8 (1-1), die 2: 1/2; the 62nd Reserve's two steps are the
    # smaller force, so the Attacker's 1 is half of the defender's 2: one step.
    units = {"R-62R": "1302", "R-HQ-XIX": "1404", "G-35R": "1202", "G-36R": "1203"}
    st = fight(position, {**units, **SPARE, **DEPOT})
    attack(st, "central", "1302", ["G-35R", "G-36R"])
    resolve_with(st, "central", fixed_dice, 2)
    choose(st, "allied", "option", index=0)
    assert stage(st) == "att_losses"
    prompt = st.prompt("central")
    assert prompt == (
        "Result 1/2: choose the next attacking step to lose (1 to go of 1: half of the"
        " defender's 2 steps (the smaller force), rounded up (result 1, 8.9))."
    )
