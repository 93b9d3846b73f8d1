"""Command control in Serbia/Galicia (serbia-galicia 18.1 army combat integrity, 18.2
defensive shifts), tested at resolution on the FICTIONAL Serbian teaching map.

The CRT (8.8) reads, die 1: TCR 2 (Serbs) 1-1 -/1, 2-1 -/2, 3-1 -/3; TCR 4
(Austro-Hungarians) 1-1 1/1, 2-1 -/1, 3-1 -/2.  Every army HQ has Attack Shift 1,
radius 3; Serbian HQs Command Strength 6, the 6th Army HQ 6.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import segment
from greatwar.rules.gwite.serbia_galicia.command import BY_COMBAT_STRENGTH, HALF_IN_RADIUS
from tests.rules.gwite.kit import COMBAT, Refuse, attack, attack_log, choose, resolve


def shifts_offered(st: State, role: str, kind: str = "add_shift") -> set[str]:
    return {a["hq"] for a in st.legal_actions(role) if a["type"] == kind}


# -- 18.1 army combat integrity ------------------------------------------------------------


def integrity_position(make: Any, **extra: Any) -> State:
    """The 1st Drina (2nd Army, 2 steps) and the 1st Morava (1st Army, 2 steps) divisions
    beside the Austro-Hungarian 29th Division in s0706; both Serbian army HQs near."""

    units = {
        "AH-29D": "s0706",
        "AH-HQ-2A": "s0806",
        "S-1DD": "s0606",
        "S-1MD": "s0607",
        "S-HQ-2A": "s0506",
        "S-HQ-1A": "s0708",
        "AH-IVK": "s0203",
    }
    return make({**units, **extra}, **COMBAT)  # type: ignore[no-any-return]


def test_18_1_half_the_steps_of_its_army_is_not_enough(sg_position: Any, refuse: Refuse) -> None:
    # 2 steps of the 2nd Army and 2 of the 1st: neither HQ has over half (10.21 alone
    # would let both shift)
    st = integrity_position(sg_position)
    attack(st, "allied", "s0706", ["S-1DD", "S-1MD"])
    assert shifts_offered(st, "allied") == set()
    err = refuse(st, "allied", {"type": "add_shift", "hq": "S-HQ-1A"})
    assert err.case == "serbia-galicia 18.1" and "over half" in err.reason


def test_18_1_over_half_of_its_army_shifts_and_resolves(sg_position: Any, fixed_dice: Any) -> None:
    # with the Be Brigade (1st Army, 1 step) the 1st Army has 3 of 5 steps: its HQ shifts,
    # the 2nd Army's does not.  7 to 3 (2-1), +1: 3-1, die 1: -/3 (2-1: -/2)
    st = integrity_position(sg_position, **{"S-BE": "s0707"})
    attack(st, "allied", "s0706", ["S-1DD", "S-1MD", "S-BE"])
    assert shifts_offered(st, "allied") == {"S-HQ-1A"}
    choose(st, "allied", "add_shift", hq="S-HQ-1A")
    fixed_dice(1)
    resolve(st, "allied")
    assert shifts_offered(st, "central", "defensive_shift") == {"AH-HQ-2A"}  # (29th: 2nd Army)
    st.apply("central", {"type": "end_defense"})
    entry = attack_log(st)
    assert "7 to 3 (2-1), +1 shift of 1st Army HQ" in entry["text"]
    assert "column 3-1, die 1: -/3" in entry["text"]


def test_18_1_a_shift_lost_when_the_force_changes(sg_position: Any, refuse: Refuse) -> None:
    # the 1st Army HQ's shift goes when the Be Brigade leaves the attack (3 of 5 -> 2 of 4)
    st = integrity_position(sg_position, **{"S-BE": "s0707"})
    attack(st, "allied", "s0706", ["S-1DD", "S-1MD", "S-BE"])
    choose(st, "allied", "add_shift", hq="S-HQ-1A")
    choose(st, "allied", "remove_attacker", unit="S-BE")
    assert st.top()["shifts"] == []
    assert st.view("allied")["combat"]["column"] == "2-1"


# -- 18.2 defensive shifts -----------------------------------------------------------------


def defense_position(make: Any, options: dict[str, Any] | None = None, **extra: Any) -> State:
    """The Austro-Hungarian IV Corps (2nd Army, attack 4) attacks the Be Brigade (1st
    Army, defense 2) in s0606; the Serbian 1st Army HQ (s0506) covers it, the A-H 2nd
    Army HQ (s0806) the IV Corps, supplied by the depot in s0805; Putnik stands in
    s0607."""
    units = {
        "S-BE": "s0606",
        "S-HQ-1A": "s0506",
        "S-HQ-SOK": "s0607",
        "AH-IVK": "s0706",
        "AH-HQ-2A": "s0806",
        "AH-D2": "s0805",
    }
    return make(  # type: ignore[no-any-return]
        {**units, **extra}, phasing="central", options=options or {}, **COMBAT
    )


def test_18_2_defensive_shift_after_the_attackers_shifts_resolves(
    sg_position: Any, fixed_dice: Any
) -> None:
    # 4 to 2 (2-1), the A-H 2nd Army HQ's +1: 3-1; the Serbian 1st Army HQ then shifts it
    # one column left: 2-1, die 1: -/1 (3-1: -/2)
    st = defense_position(sg_position)
    attack(st, "central", "s0606", ["AH-IVK"])
    choose(st, "central", "add_shift", hq="AH-HQ-2A")
    resolve(st, "central")  # committed: the defender's step comes after every shift
    assert shifts_offered(st, "allied", "defensive_shift") == {"S-HQ-1A"}
    choose(st, "allied", "defensive_shift", hq="S-HQ-1A")
    shown = st.view("allied")["combat"]
    assert [(s["hq"], s["shift"]) for s in shown["shifts"]] == [
        ("AH-HQ-2A", 1),
        ("S-HQ-1A", -1),
    ]
    assert shown["column"] == "2-1"
    fixed_dice(1)
    st.apply("allied", {"type": "end_defense"})
    entry = attack_log(st)
    assert "column 2-1, die 1: -/1" in entry["text"]
    assert any(
        "shifts the attack 1 column(s) to the left" in e["text"]
        for e in st.data["log"]
        if e.get("case") == "serbia-galicia 18.2"
    )


def test_18_2_an_hq_of_another_army_gives_no_defensive_shift(
    sg_position: Any, refuse: Refuse, fixed_dice: Any
) -> None:
    # the Serbian 2nd Army HQ covers the Be Brigade (1st Army) but 18.1 bars it: the
    # defender has no choice, the die is rolled at once at 2-1
    st = defense_position(sg_position, **{"S-HQ-1A": "s1210", "S-HQ-2A": "s0506"})
    attack(st, "central", "s0606", ["AH-IVK"])
    fixed_dice(1)
    resolve(st, "central")
    entry = attack_log(st)
    assert "column 2-1, die 1: -/1" in entry["text"]


def test_18_2_refused_defensive_shift_names_the_case(sg_position: Any, refuse: Refuse) -> None:
    # both Serbian HQs near: the 1st Army's is offered, the 2nd Army's refused (18.1)
    st = defense_position(sg_position, **{"S-HQ-2A": "s0505"})
    attack(st, "central", "s0606", ["AH-IVK"])
    resolve(st, "central")
    err = refuse(st, "allied", {"type": "defensive_shift", "hq": "S-HQ-2A", "shift": -1})
    assert err.case == "serbia-galicia 18.2" and "serbia-galicia 18.1" in err.reason


def test_18_2_command_strength_limits_the_defending_stacking_points(
    sg_position: Any, fixed_dice: Any
) -> None:
    # the A-H 6th Army HQ (Command Strength 6) covers the XV Corps (4 SP) and the 2/6
    # Brigade (1 SP) in s0706: 5 SP, it may shift; with the 21st Division (2 SP) 7: not
    units = {
        "AH-XVK": "s0706",
        "AH-2-6B": "s0706",
        "AH-HQ-6A": "s0806",
        "S-1DD": "s0606",
        "S-1SD": "s0607",
        "AH-IVK": "s0203",
    }
    st = sg_position(units, **COMBAT)
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    resolve(st, "allied")
    assert shifts_offered(st, "central", "defensive_shift") == {"AH-HQ-6A"}
    st = sg_position({**units, "AH-21D": "s0706"}, **COMBAT)
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    why = U.rules(st).defensive_refusal(st, segment(st), st.top(), "AH-HQ-6A")
    assert "7 Stacking Points exceed" in why and "Command Strength 6" in why
    fixed_dice(1)
    resolve(st, "allied")  # no HQ may shift it: no defender step, the die is rolled at once
    assert "die 1" in attack_log(st)["text"]


def two_hex_position(make: Any, options: dict[str, Any] | None = None) -> State:
    """The IV Corps, 29th and 21st Divisions (attack 8) in s0706 attack the 1st Morava
    Division (1st Army, defense 4, 2 steps) in s0606 and the Be Brigade (1st Army,
    defense 2, 1 step) in s0607 (8.23): 8 to 6, 1-1; +1 for the A-H 2nd Army HQ: 2-1.
    The Serbian 1st Army HQ in s0404 (radius 3) reaches s0606, not s0607 (4 hexes)."""
    units = {
        "AH-IVK": "s0706",
        "AH-29D": "s0706",
        "AH-21D": "s0706",
        "AH-HQ-2A": "s0806",
        "AH-D2": "s0805",
        "S-1MD": "s0606",
        "S-BE": "s0607",
        "S-HQ-1A": "s0404",
    }
    return make(units, phasing="central", options=options or {}, **COMBAT)  # type: ignore[no-any-return]


def declare_two_hexes(st: State) -> None:
    attack(st, "central", "s0606", ["AH-IVK", "AH-29D", "AH-21D"], more_targets=("s0607",))
    choose(st, "central", "add_shift", hq="AH-HQ-2A")


def test_18_2_as10_every_defending_unit_within_the_radius(
    sg_position: Any, fixed_dice: Any
) -> None:
    # AS10 (a): the Be Brigade is beyond the 1st Army HQ's radius: no defensive shift,
    # the die is rolled at once at 2-1, die 1: -/1
    st = two_hex_position(sg_position)
    declare_two_hexes(st)
    why = U.rules(st).defensive_refusal(st, segment(st), st.top(), "S-HQ-1A")
    assert why is not None and "not every defending unit" in why
    fixed_dice(1)
    resolve(st, "central")
    assert "8 to 6 (1-1), +1 shift of 2nd Army HQ" in attack_log(st)["text"]
    assert "column 2-1, die 1: -/1" in attack_log(st)["text"]


def test_18_2_as10_option_half_the_steps_within_the_radius(
    sg_position: Any, fixed_dice: Any
) -> None:
    # AS10 (b) by option: 2 of the 3 defending steps are within the radius: the 1st Army
    # HQ shifts the attack back to 1-1, die 1: 1/1 (2-1: -/1)
    st = two_hex_position(sg_position, options={HALF_IN_RADIUS: True})
    declare_two_hexes(st)
    resolve(st, "central")
    choose(st, "allied", "defensive_shift", hq="S-HQ-1A")
    fixed_dice(1)
    st.apply("allied", {"type": "end_defense"})
    assert "column 1-1, die 1: 1/1" in attack_log(st)["text"]


def test_18_2_as1_option_the_shift_is_the_combat_strength(
    sg_position: Any, fixed_dice: Any, monkeypatch: Any
) -> None:
    # AS1 (b) by option: the shift is the HQ's Combat Strength (the teaching counters
    # print 1 for both values: the Serbian 1st Army HQ's is made 2 here): 3-1 shifted two
    # columns left, 1-1, die 1: 1/1 (one column: 2-1, -/1)
    from greatwar.rules.gwite import command

    printed = command.combat_strength
    monkeypatch.setattr(
        command, "combat_strength", lambda st, hq: 2 if hq == "S-HQ-1A" else printed(st, hq)
    )
    st = defense_position(sg_position, options={BY_COMBAT_STRENGTH: True})
    attack(st, "central", "s0606", ["AH-IVK"])
    choose(st, "central", "add_shift", hq="AH-HQ-2A")
    resolve(st, "central")
    choose(st, "allied", "defensive_shift", hq="S-HQ-1A", shift=-2)
    fixed_dice(1)
    st.apply("allied", {"type": "end_defense"})
    entry = attack_log(st)
    assert "-2 shift of 1st Army HQ" in entry["text"] and "column 1-1, die 1: 1/1" in entry["text"]
