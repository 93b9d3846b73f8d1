"""Marshall Putnik (serbia-galicia 19.1-19.2), tested at resolution on the FICTIONAL
Serbian teaching map.

The Serbian 1st Drina and 1st Sumadija divisions (2nd Army, 3 attack each) attack the
Austro-Hungarian 29th Division (defense 3) in s0706: 6 to 3, 2-1.  The Serbian 2nd
Army HQ (shift 1, radius 3) in s0506 covers them; Putnik (SOK, shift (1), radius 5)
stands in s0908, the 2nd Army HQ within his radius.  The CRT (TCR 2) reads, die 2:
2-1 1/2, 3-1 -/2, 4-1 -/2; die 1: 2-1 -/2, 3-1 -/3.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.putnik import PUTNIK_TURN
from tests.rules.gwite.kit import COMBAT, Refuse, attack, choose, logged, resolve_with

BASE = {
    "AH-29D": "s0706",
    "S-1DD": "s0606",
    "S-1SD": "s0607",
    "S-HQ-2A": "s0506",
    "S-HQ-SOK": "s0908",
    "AH-IVK": "s0203",
}


def position(make: Any, **extra: Any) -> State:
    return make({**BASE, **extra}, **COMBAT)  # type: ignore[no-any-return]


def putnik_offers(st: State) -> set[str]:
    return {a["through"] for a in st.legal_actions("allied") if a["type"] == "putnik_shift"}


def test_19_1_putnik_shift_through_a_second_serbian_hq_resolves(
    sg_position: Any, fixed_dice: Any
) -> None:
    # 2-1 with the 2nd Army HQ's shift and Putnik's through it: 4-1, die 2: -/2 (2-1: 1/2)
    st = position(sg_position)
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    choose(st, "allied", "add_shift", hq="S-HQ-2A")
    choose(st, "allied", "putnik_shift", through="S-HQ-2A")
    shown = st.view("allied")["combat"]
    putnik = [s for s in shown["shifts"] if s["hq"] == "S-HQ-SOK"]
    assert putnik and putnik[0]["case"] == "serbia-galicia 19.11" and putnik[0]["shift"] == 1
    assert shown["column"] == "4-1"
    entry = resolve_with(st, "allied", fixed_dice, 2)
    assert "column 4-1, die 2: -/3" in entry["text"]
    assert st.data[PUTNIK_TURN] == 2
    assert any("Putnik's shift is spent" in t for t in logged(st, "serbia-galicia 19.12"))


def test_19_1_putnik_never_lends_his_shift_as_an_hq(sg_position: Any, refuse: Refuse) -> None:
    st = position(sg_position)
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    offered = {a["hq"] for a in st.legal_actions("allied") if a["type"] == "add_shift"}
    assert offered == {"S-HQ-2A"}
    err = refuse(st, "allied", {"type": "add_shift", "hq": "S-HQ-SOK"})
    assert err.case == "serbia-galicia 19.1"


def test_19_1_only_through_an_hq_within_putniks_radius(sg_position: Any, refuse: Refuse) -> None:
    # Putnik in s1210 is 6 hexes from the 2nd Army HQ in s0506 (radius 5)
    st = position(sg_position, **{"S-HQ-SOK": "s1210"})
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    assert putnik_offers(st) == set()
    err = refuse(st, "allied", {"type": "putnik_shift", "through": "S-HQ-2A", "shift": 1})
    assert err.case == "serbia-galicia 19.1" and "radius" in err.reason.lower()


def test_19_1_one_attack_per_game_turn(sg_position: Any, refuse: Refuse) -> None:
    st = position(sg_position)
    st.data[PUTNIK_TURN] = 2  # his shift went to an attack earlier this Game-Turn
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    err = refuse(st, "allied", {"type": "putnik_shift", "through": "S-HQ-2A", "shift": 1})
    assert err.case == "serbia-galicia 19.1" and "Game-Turn" in err.reason


def test_19_11_putnik_alone_through_the_hq_resolves(sg_position: Any, fixed_dice: Any) -> None:
    # the 2nd Army HQ lends no shift of its own: Putnik's alone, 3-1, die 2: -/2 (2-1: 1/2)
    st = position(sg_position)
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    choose(st, "allied", "putnik_shift", through="S-HQ-2A")
    entry = resolve_with(st, "allied", fixed_dice, 2)
    assert "column 3-1, die 2: -/3" in entry["text"]


def test_19_11_only_for_an_attack_of_serbian_units(sg_position: Any, refuse: Refuse) -> None:
    # an Austro-Hungarian-held hex attacked by a Russian unit with the Serbs: no Putnik
    st = position(sg_position, **{"R-VIIK": "s0707"})
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD", "R-VIIK"])
    err = refuse(st, "allied", {"type": "putnik_shift", "through": "S-HQ-2A", "shift": 1})
    assert err.case == "serbia-galicia 19.11"


def test_19_11_the_second_hqs_radius_and_army_decide(sg_position: Any, refuse: Refuse) -> None:
    # AS4: the 1st Army HQ (s0905) is within Putnik's radius, but the attackers are of the
    # 2nd Army (18.1) and beyond its radius (10.21): Putnik's shift cannot go through it
    st = position(sg_position, **{"S-HQ-1A": "s0905"})
    attack(st, "allied", "s0706", ["S-1DD", "S-1SD"])
    assert putnik_offers(st) == {"S-HQ-2A"}
    err = refuse(st, "allied", {"type": "putnik_shift", "through": "S-HQ-1A", "shift": 1})
    assert err.case in ("serbia-galicia 19.11", "serbia-galicia 18.1")


def test_19_12_the_second_hqs_shift_goes_to_no_other_attack(
    sg_position: Any, fixed_dice: Any, refuse: Refuse
) -> None:
    # the 1st Sumadija Division attacks s0706 with Putnik's shift (Putnik stacked with the
    # 2nd Army HQ) through the 2nd Army HQ, which lends none of its own: 1-1 shifted to
    # 2-1, die 1: -/3 (-/2, 10.43).  The 1st Drina Division (2nd Army) then attacks the
    # 21st Division in s0605: the 2nd Army HQ's shift is spent with the first attack
    st = position(sg_position, **{"AH-21D": "s0605", "S-HQ-SOK": "s0506"})
    attack(st, "allied", "s0706", ["S-1SD"])
    choose(st, "allied", "putnik_shift", through="S-HQ-2A")
    entry = resolve_with(st, "allied", fixed_dice, 1)
    assert "column 2-1, die 1: -/3" in entry["text"]
    choose(st, "central", "option", index=0)  # the 29th Division is eliminated
    choose(st, "allied", "end_advance")
    attack(st, "allied", "s0605", ["S-1DD"])
    assert not [a for a in st.legal_actions("allied") if a["type"] == "add_shift"]
    err = refuse(st, "allied", {"type": "add_shift", "hq": "S-HQ-2A"})
    assert err.case == "10.21"
    err = refuse(st, "allied", {"type": "putnik_shift", "through": "S-HQ-2A", "shift": 1})
    assert err.case == "serbia-galicia 19.1"  # Putnik's own shift is spent for the turn


def test_19_13_putnik_never_shifts_defensively(sg_position: Any, refuse: Refuse) -> None:
    # the Austro-Hungarian IV Corps attacks the 1st Drina Division in s0606; Putnik is
    # within reach but is never offered, the 2nd Army HQ is (18.2)
    units = {
        "S-1DD": "s0606",
        "S-HQ-2A": "s0506",
        "S-HQ-SOK": "s0607",
        "AH-IVK": "s0706",
        "AH-HQ-2A": "s0806",
    }
    st = sg_position(units, phasing="central", **COMBAT)
    attack(st, "central", "s0606", ["AH-IVK"])
    st.apply("central", {"type": "resolve"})
    offered = {a["hq"] for a in st.legal_actions("allied") if a["type"] == "defensive_shift"}
    assert offered == {"S-HQ-2A"}
    err = refuse(st, "allied", {"type": "defensive_shift", "hq": "S-HQ-SOK", "shift": -1})
    assert err.case == "serbia-galicia 18.2" and "19.13" in err.reason


def test_19_2_putnik_moves_only_by_rail(sg_position: Any, refuse: Refuse) -> None:
    # Putnik in s0708, on the Morava line: no normal move is offered, entraining is; a
    # normal move is refused under 19.2; once entrained he moves along the railroad
    units = {"S-HQ-SOK": "s0708", "AH-IVK": "s0203"}
    st = sg_position(units, phase="movement", segment="movement")
    choose(st, "allied", "select", unit="S-HQ-SOK")
    kinds = {a["type"] for a in st.legal_actions("allied")}
    assert "move" not in kinds and "entrain" in kinds
    err = refuse(
        st,
        "allied",
        {"type": "move", "unit": "S-HQ-SOK", "to": "s0808", "path": ["s0708", "s0808"], "cost": 1},
    )
    assert err.case == "serbia-galicia 19.2"
    choose(st, "allied", "entrain", unit="S-HQ-SOK")
    rail_moves = [
        a for a in st.legal_actions("allied") if a.get("unit") == "S-HQ-SOK" and a.get("to")
    ]
    assert {"s0704", "s0710"} <= {a["to"] for a in rail_moves}
    choose(st, "allied", "rail_move", unit="S-HQ-SOK", to="s0710")
    assert U.record(st, "S-HQ-SOK")["hex"] == "s0710"
