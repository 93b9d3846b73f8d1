"""The Austro-Hungarian monitor flotilla (serbia-galicia 21.0), tested at resolution on
the FICTIONAL Serbian teaching map (the Dunav, a major river, runs between rows 03 and
04: s0604 borders it, s0706 does not).

The CRT (8.8, TCR 4: columns from 1-2) reads, die 1: 1-2 1/1, 1-1 1/1, 2-1 -/1,
3-1 -/2; die 2: 1-2 1/1, 1-1 1/1, 2-1 1/1.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.flotilla import ALONE_AFFECTS_NONE, FLOTILLA_TURN
from tests.rules.gwite.kit import COMBAT, Refuse, attack, attack_log, choose, logged, resolve
from tests.rules.gwite.serbia_galicia.positions import RIVERBANK

C21 = "serbia-galicia 21.0"


def riverbank(make: Any, options: dict[str, Any] | None = None, **extra: Any) -> State:
    """The Serbian 1st Drina Division (defense 4, 2 steps) in s0604, beside the Dunav; the
    Austro-Hungarian IV Corps (attack 4) in s0605, supplied by the depot in s0805."""
    return make(  # type: ignore[no-any-return]
        {**RIVERBANK, **extra}, phasing="central", options=options or {}, **COMBAT
    )


def settle(st: State, fixed_dice: Any, *rolls: int) -> dict[str, Any]:
    """Resolve with the dice fixed, the defender ending his step at once if he has one."""
    fixed_dice(*rolls)
    resolve(st, "central")
    top = st.top()
    if top is not None and top["kind"] == "attack" and top.get("stage") == "defending":
        st.apply("allied", {"type": "end_defense"})
    return attack_log(st)


def test_21_0_flotilla_with_units_adds_three_points(sg_position: Any, fixed_dice: Any) -> None:
    # 4 to 4 (1-1); with the flotilla 7 to 4, still 1-1; with the 2nd Army HQ's +1 (a
    # command shift applies when units attack with it): 2-1, die 1: -/1 (1-1: 1/1)
    st = riverbank(sg_position)
    attack(st, "central", "s0604", ["AH-IVK"])
    choose(st, "central", "add_flotilla")
    shown = st.view("central")["combat"]
    (added,) = shown["attack_additions"]
    assert added["strength"] == 3 and added["modifiers"][0]["case"] == C21
    assert shown["attack"] == 7
    choose(st, "central", "add_shift", hq="AH-HQ-2A")
    entry = settle(st, fixed_dice, 1)
    assert "7 to 4 (1-1), +1 shift of 2nd Army HQ" in entry["text"]
    assert "column 2-1, die 1: -/1" in entry["text"]
    assert st.data[FLOTILLA_TURN] == 2


def test_21_0_flotilla_with_units_losses_fall_on_them(sg_position: Any, fixed_dice: Any) -> None:
    # 7 to 4 (1-1), die 2: 1/1: the attacker's 1 is the IV Corps's to take
    st = riverbank(sg_position)
    attack(st, "central", "s0604", ["AH-IVK"])
    choose(st, "central", "add_flotilla")
    entry = settle(st, fixed_dice, 2)
    assert "column 1-1, die 2: 1/1" in entry["text"]
    assert not [t for t in logged(st, C21) if "ignored" in t]
    top = st.top()
    assert top["kind"] == "combat_result" and top["att_size"] == U.steps_left(st, "AH-IVK")


def test_21_0_flotilla_alone_ignores_the_attackers_loss(sg_position: Any, fixed_dice: Any) -> None:
    # the flotilla alone: 3 to 4 (1-2, the A-H row), die 1: 1/1: the attacker's 1 is
    # ignored; the 1st Drina Division is affected whole (AS5 b) and must take its 1
    st = riverbank(sg_position)
    st.apply("central", {"type": "declare", "target": "s0604"})
    choose(st, "central", "add_flotilla")
    shown = st.view("central")["combat"]
    assert (shown["attack"], shown["defense"], shown["tcr"], shown["column"]) == (3, 4, 4, "1-2")
    assert not [a for a in st.legal_actions("central") if a["type"] == "add_shift"]
    entry = settle(st, fixed_dice, 1)
    assert "3 to 4 (1-2)" in entry["text"] and "die 1: 1/1" in entry["text"]
    assert any("attacker's result 1 is ignored" in t for t in logged(st, C21))
    top = st.top()
    assert top["att_result"] == "-" and top["affected"] == U.steps_left(st, "S-1DD") == 2
    assert st.active_roles() == ["allied"]  # the defender takes his result


def test_21_0_flotilla_alone_option_affects_no_step(sg_position: Any, fixed_dice: Any) -> None:
    # AS5 (a) by option: the flotilla is a force of no steps, the defender's 1 takes none
    # (the Be Brigade in s0505 keeps the Combat Phase open: the IV Corps may still attack)
    st = riverbank(sg_position, options={ALONE_AFFECTS_NONE: True}, **{"S-BE": "s0505"})
    st.apply("central", {"type": "declare", "target": "s0604"})
    choose(st, "central", "add_flotilla")
    settle(st, fixed_dice, 1)
    assert U.steps_left(st, "S-1DD") == 2 and U.record(st, "S-1DD")["hex"] == "s0604"
    assert any("none of his steps" in t for t in logged(st, C21))


def test_21_0_flotilla_only_beside_a_major_river(sg_position: Any, refuse: Refuse) -> None:
    # s0706 has no major river hexside
    units = {"S-1DD": "s0706", "AH-IVK": "s0806", "AH-D2": "s0805"}
    st = sg_position(units, phasing="central", **COMBAT)
    attack(st, "central", "s0706", ["AH-IVK"])
    assert "add_flotilla" not in {a["type"] for a in st.legal_actions("central")}
    err = refuse(st, "central", {"type": "add_flotilla", "strength": 3})
    assert err.case == C21 and "major river" in err.reason


def test_21_0_flotilla_once_a_game_turn(sg_position: Any, refuse: Refuse) -> None:
    st = riverbank(sg_position)
    st.data[FLOTILLA_TURN] = 2
    attack(st, "central", "s0604", ["AH-IVK"])
    err = refuse(st, "central", {"type": "add_flotilla", "strength": 3})
    assert err.case == C21 and "once a Game-Turn" in err.reason


def test_21_0_only_the_austro_hungarian_player(sg_position: Any, refuse: Refuse) -> None:
    # the Serbs attack the IV Corps in s0605 (not beside the river either way): no flotilla
    units = {"S-1DD": "s0604", "AH-IVK": "s0605", "AH-D2": "s0805"}
    st = sg_position(units, **COMBAT)
    attack(st, "allied", "s0605", ["S-1DD"])
    err = refuse(st, "allied", {"type": "add_flotilla", "strength": 3})
    assert err.case == C21 and "Austro-Hungarian" in err.reason


def test_21_0_flotilla_alone_attacks_a_river_bank_no_unit_beside(
    sg_position: Any, fixed_dice: Any
) -> None:
    # no Austro-Hungarian unit is adjacent to the 1st Drina Division in s0604, yet the
    # flotilla may attack it alone ("in any hex adjacent to a major river hexside"):
    # 3 to 4, 1-2, die 2: 1/1, the attacker's 1 ignored; s0706 (no river) is no target
    units = {"S-1DD": "s0604", "S-BE": "s0706", "AH-IVK": "s0203"}
    st = sg_position(units, phasing="central", **COMBAT)
    declared = {a["target"] for a in st.legal_actions("central") if a["type"] == "declare"}
    assert declared == {"s0604"}
    st.apply("central", {"type": "declare", "target": "s0604"})
    assert {"type": "resolve"} not in st.legal_actions("central")  # nothing attacks yet
    choose(st, "central", "add_flotilla")
    entry = settle(st, fixed_dice, 2)
    assert "3 to 4 (1-2), column 1-2, die 2: 1/1" in entry["text"]
    assert st.top()["att_result"] == "-"
