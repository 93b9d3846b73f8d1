"""Caporetto 20.0, pursuit: after a retreat of more than one hex, attacking TCR 1 units may
advance as many hexes along the retreat's route (AC4: up to that many; never into or
through a hex with Enemy units other than a supply depot or HQs alone).  A depot alone
in a hex a pursuer enters is eliminated; HQs alone are displaced to the hex of the
retreated unit.

G-12 (TCR 1) and G-5 (TCR 2) attack the Italian 46th Division in 1111: 7 to 3, 2-1, read
on the TCR 1 column (equal weight, caporetto 8.4); die 2 gives -/2, and the Italians
retreat two hexes, 1011 then 1010."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import IllegalAction, State
from tests.rules.gwite.caporetto.combat_kit import (
    fight,
    hex_of,
    moves,
    result,
    stage,
    strike,
    take_option,
)
from tests.rules.gwite.kit import choose, logged

ATTACK = {"I-46": "1111", "G-12": "1211", "G-5": "1212"}


def _retreat_two(position: Any, fixed_dice: Any, **more: str) -> State:
    st = fight(position, {**ATTACK, **more})
    strike(st, "1111", ["G-12", "G-5"], fixed_dice, 2)
    assert result(st) == "-/2"
    take_option(st, 2)
    choose(st, "allied", "retreat", path=["1011", "1010"])
    assert hex_of(st, "I-46") == "1010"
    return st


def test_20_0_a_tcr_1_attacker_pursues_along_the_retreat_route(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """G-12 may advance into 1111 or pursue two hexes to 1011; G-5 (TCR 2) only advances
    into 1111 (8.71).  G-12 pursues: 1111 then 1011."""
    st = _retreat_two(caporetto_position, fixed_dice)
    assert stage(st) == "advance"
    assert moves(st, "pursue") == [("G-12", "1011")]
    assert sorted(moves(st, "advance")) == [("G-12", "1111"), ("G-5", "1111")]
    choose(st, "central", "pursue", unit="G-12", to="1011")
    assert hex_of(st, "G-12") == "1011"
    assert any("1211→1111→1011" in t for t in logged(st, "caporetto 20.0"))
    choose(st, "central", "advance", unit="G-5", to="1111")
    assert hex_of(st, "G-5") == "1111" and stage(st) is None


def test_20_0_a_tcr_2_attacker_may_not_pursue(caporetto_position: Any, fixed_dice: Any) -> None:
    """G-5 (TCR 2) is refused the pursuit, naming caporetto 20.0; nothing moves."""
    st = _retreat_two(caporetto_position, fixed_dice)
    with pytest.raises(IllegalAction) as refused:
        pursue = {"type": "pursue", "unit": "G-5", "to": "1011", "path": ["1111", "1011"]}
        st.apply("central", pursue)
    assert "caporetto 20.0" in str(refused.value)
    assert hex_of(st, "G-5") == "1212"


def test_20_0_no_pursuit_after_a_retreat_of_one_hex(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Option "half, then retreat one hex": only the advance into 1111 is offered."""
    st = fight(caporetto_position, ATTACK)
    strike(st, "1111", ["G-12", "G-5"], fixed_dice, 2)
    take_option(st, 1)
    if stage(st) == "retreat":
        choose(st, "allied", "retreat", path=["1011"])
    assert moves(st, "pursue") == []
    assert ("G-12", "1111") in moves(st, "advance")


def test_20_0_a_pursuer_entering_a_lone_depot_eliminates_it(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The Italian depot in 1011 lets the retreat through (8.65); G-12 pursuing into 1011
    eliminates it."""
    st = _retreat_two(caporetto_position, fixed_dice, **{"I-D1": "1011"})
    choose(st, "central", "pursue", unit="G-12", to="1011")
    assert hex_of(st, "G-12") == "1011" and hex_of(st, "I-D1") is None


def test_20_0_a_pursuer_displaces_a_lone_hq_to_the_retreated_unit(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The 2nd Army HQ alone in 1011 is displaced into 1010, the hex of the retreated 46th
    Division, when G-12 pursues into 1011."""
    st = _retreat_two(caporetto_position, fixed_dice, **{"I-HQ-2A": "1011"})
    choose(st, "central", "pursue", unit="G-12", to="1011")
    assert hex_of(st, "G-12") == "1011" and hex_of(st, "I-HQ-2A") == "1010"
    assert any("displaced 1011→1010" in t for t in logged(st, "caporetto 20.0"))


def test_20_0_no_pursuit_into_a_hex_with_an_enemy_combat_unit(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The Italian 43rd Division in 1011 stops the pursuit: G-12 may only advance into
    1111."""
    st = _retreat_two(caporetto_position, fixed_dice, **{"I-43": "1011"})
    assert moves(st, "pursue") == []
    assert ("G-12", "1111") in moves(st, "advance")
