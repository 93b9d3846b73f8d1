"""Serbia/Galicia, cavalry forage (serbia-galicia 24.0-24.2, optional): the owner's choice in
the Initial Supply Determination Segment, no attrition, normal movement without a Zone of
Control in the owning Player-Turn, half attack and an attrition check when attacking.

FICTIONAL positions on the Galician teaching map.  The Austro-Hungarian 2nd Cavalry
Division (AH-2KD, 2 Stacking Points, Movement Allowance 8) is out of supply in g1310 (its
only near map edge, g1410, is on the Galician East edge: serbia-galicia 9.0) and in supply
in g0709 (next to the Karpatenbahn).  Die rolls are fixed.
"""

from __future__ import annotations

from typing import Any

from kit import attack, logged, play_until

from greatwar import State
from greatwar.rules.gwite import supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import defender_strength
from greatwar.rules.gwite.serbia_galicia.forage import FORAGE_OPTION, FORAGING

CASE = "serbia-galicia 24.0"
ON = {FORAGE_OPTION: True}
STEP = {"phase": "movement", "segment": "cavalry_forage"}


def at_step(
    sg_position: Any,
    units: dict[str, Any],
    options: dict[str, Any] | None = ON,
    phasing: str = "central",
) -> State:
    """The forage step of ``phasing`` (Game-Turn 2), the cavalry's army HQ (3rd Army)
    commanding it from g1209."""
    units = {"AH-HQ-3A": "g1209", **units}
    return sg_position(units, phasing=phasing, options=options, **STEP)  # type: ignore[no-any-return]


def foragers(st: State, role: str = "central") -> set[str]:
    return {a["unit"] for a in st.legal_actions(role) if a["type"] == "forage"}


def segment(st: State) -> str:
    return str(st.data["stack"][-1]["kind"])


def to_segment(st: State, kind: str) -> None:
    play_until(st, lambda s: segment(s) == kind)


def attrition_with(st: State, fixed_dice: Any, die: int) -> None:
    """From the forage step to the end of the Attrition Segment, its die fixed."""
    to_segment(st, "movement")
    fixed_dice(die, *[6] * 10)
    st.apply("central", {"type": "end_segment"})


# --- 24.0 the choice, and no attrition -------------------------------------------------


def test_24_0_foraging_cavalry_suffers_no_attrition(sg_position: Any, fixed_dice: Any) -> None:
    st = at_step(sg_position, {"AH-2KD": "g1310"})
    assert not supply.in_supply(st, "AH-2KD")
    assert foragers(st) == {"AH-2KD"}
    st.apply("central", {"type": "forage", "unit": "AH-2KD"})
    assert FORAGING in U.record(st, "AH-2KD")["markers"]
    assert logged(st, CASE)[0].startswith("2nd Cavalry Division (fictional) forages: no attrition")
    # the step ends by itself once no cavalry is left to choose
    assert segment(st) != "serbia_galicia_cavalry_forage"
    attrition_with(st, fixed_dice, 1)  # an attrition roll would lose a step
    assert U.record(st, "AH-2KD")["lost"] == 0
    assert not [t for t in logged(st, "9.22") if t.startswith("Die roll")]


def test_24_0_cavalry_that_does_not_forage_rolls_for_attrition(
    sg_position: Any, fixed_dice: Any
) -> None:
    # the choice is the owner's: ending the step without it leaves the unit to 9.22
    st = at_step(sg_position, {"AH-2KD": "g1310"})
    st.apply("central", {"type": "end_segment"})
    assert FORAGING not in U.record(st, "AH-2KD")["markers"]
    attrition_with(st, fixed_dice, 1)
    assert U.record(st, "AH-2KD")["lost"] == 1


def test_24_0_no_forage_without_the_optional_rule(sg_position: Any, refuse: Any) -> None:
    st = at_step(sg_position, {"AH-2KD": "g1310"}, options=None)
    # the step passes by itself: the Initial Supply Segment marks the unit at once
    assert segment(st) != "serbia_galicia_cavalry_forage"
    assert supply.OUT_OF_SUPPLY in U.record(st, "AH-2KD")["markers"]
    assert FORAGING not in U.record(st, "AH-2KD")["markers"]


#: the Serbian cavalry, in Serbia (always in supply, 9.1) and far from the enemy, may forage:
#: the Allied forage step stays open for the Russian cavalry's refusals
SERBIAN_CAVALRY = {"S-KD": "s1006"}


def test_24_0_at_most_two_stacking_points_in_the_hex(sg_position: Any, refuse: Any) -> None:
    # with a corps (4) in its hex the Russian cavalry (2) may not forage
    units = {"R-9KD": "g1206", "R-XIK": "g1206", **SERBIAN_CAVALRY}
    st = at_step(sg_position, units, phasing="allied")
    assert foragers(st, "allied") == {"S-KD"}
    refusal = refuse(st, "allied", {"type": "forage", "unit": "R-9KD"})
    assert refusal.case == CASE and "more than two" in refusal.reason


def test_24_0_not_adjacent_to_an_enemy_unit(sg_position: Any, refuse: Any) -> None:
    units = {"R-9KD": "g1206", "AH-12D": "g1106", **SERBIAN_CAVALRY}
    st = at_step(sg_position, units, phasing="allied")
    assert foragers(st, "allied") == {"S-KD"}
    refusal = refuse(st, "allied", {"type": "forage", "unit": "R-9KD"})
    assert refusal.case == CASE and "adjacent to an Enemy unit" in refusal.reason


def test_24_0_not_adjacent_to_a_friendly_unsupplied_unit(sg_position: Any, refuse: Any) -> None:
    # a Russian corps deep in Austria-Hungary (g0307), far from Russian rail, is out of
    # supply: the cavalry next to it may not forage; a Russian HQ there (always in
    # supply, 10.35) would not bar it
    units = {"R-9KD": "g0308", "R-XIK": "g0307", **SERBIAN_CAVALRY}
    st = at_step(sg_position, units, phasing="allied")
    assert not supply.in_supply(st, "R-XIK")
    refusal = refuse(st, "allied", {"type": "forage", "unit": "R-9KD"})
    assert refusal.case == CASE and "Friendly unit out of supply" in refusal.reason
    units = {"R-9KD": "g0308", "R-HQ-4A": "g0307", **SERBIAN_CAVALRY}
    st = at_step(sg_position, units, phasing="allied")
    assert foragers(st, "allied") == {"S-KD", "R-9KD"}


# --- 24.1 movement and zones of control --------------------------------------------------


def test_24_1_foraging_cavalry_moves_normally(sg_position: Any) -> None:
    st = at_step(sg_position, {"AH-2KD": "g1310"})
    st.apply("central", {"type": "forage", "unit": "AH-2KD"})
    to_segment(st, "movement")
    assert supply.OUT_OF_SUPPLY in U.record(st, "AH-2KD")["markers"]
    assert U.rules(st).allowance(st, "AH-2KD") == 8  # not halved (9.21)
    st = at_step(sg_position, {"AH-2KD": "g1310"})
    st.apply("central", {"type": "end_segment"})
    to_segment(st, "movement")
    assert U.rules(st).allowance(st, "AH-2KD") == 4


def test_24_1_foraging_cavalry_has_no_zone_of_control_in_its_player_turn(
    sg_position: Any,
) -> None:
    st = at_step(sg_position, {"AH-2KD": "g0709"})
    assert "g0809" in zoc.controlled_by(st, "central")
    st.apply("central", {"type": "forage", "unit": "AH-2KD"})
    assert "g0809" not in zoc.controlled_by(st, "central")
    # errata: in the owning Player's Player-Turn only; the Interphase gives it back
    play_until(st, lambda s: s.data["turn"] == 3)
    assert FORAGING not in U.record(st, "AH-2KD")["markers"]
    assert "g0809" in zoc.controlled_by(st, "central")


# --- 24.2 combat ------------------------------------------------------------------------


def test_24_2_foraging_cavalry_attacks_at_half_and_checks_attrition(
    sg_position: Any, fixed_dice: Any
) -> None:
    # in supply on the Carl Ludwig-Bahn, foraging, it attacks the Russian cavalry: its
    # attack is halved (1, never below one) and it rolls for attrition first (4: none)
    units = {"AH-2KD": {"hex": "g0708", "markers": [FORAGING]}, "R-9KD": "g0808"}
    st = sg_position(units, phasing="central", phase="combat", segment="combat_resolution")
    assert supply.in_supply(st, "AH-2KD")
    shown = attack(st, "central", "g0808", ["AH-2KD"])
    (entry,) = shown["attackers"]
    assert [m["case"] for m in entry["modifiers"]] == ["serbia-galicia 24.2"]
    assert entry["strength"] == 1
    fixed_dice(4, *[6] * 10)
    st.apply("central", {"type": "resolve"})
    rolls = [t for t in logged(st, "serbia-galicia 24.2") if t.startswith("Die roll")]
    assert rolls == [
        "Die roll 4: attrition of 2nd Cavalry Division (fictional) (attacks while foraging,"
        " as 9.23)"
    ]
    assert U.record(st, "AH-2KD")["lost"] == 0


def test_24_2_foraging_cavalry_out_of_supply_is_halved_once(sg_position: Any) -> None:
    units = {"AH-2KD": {"hex": "g1310", "markers": [FORAGING]}, "R-9KD": "g1410"}
    st = sg_position(units, phasing="central", phase="combat", segment="combat_resolution")
    assert not supply.in_supply(st, "AH-2KD")
    shown = attack(st, "central", "g1410", ["AH-2KD"])
    (entry,) = shown["attackers"]
    assert [m["case"] for m in entry["modifiers"]] == ["9.21"]


def test_24_2_foraging_cavalry_defends_normally(sg_position: Any) -> None:
    units = {"AH-2KD": {"hex": "g0708", "markers": [FORAGING]}, "R-9KD": "g0808"}
    st = sg_position(units, phasing="central", phase="combat", segment="combat_resolution")
    entry = defender_strength(st, "AH-2KD", "g0708")
    assert entry["strength"] == 2 and entry["modifiers"] == []
