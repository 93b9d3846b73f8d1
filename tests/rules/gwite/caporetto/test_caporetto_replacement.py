"""Caporetto 1917, step replacement (caporetto 13.0): brigades, corps one step at a time
and only from 2 steps, the rolls by nationality and Game-Turn, the distance from
supplied Enemy units (the monitor excepted, AC5) and the fortress exception.

FICTIONAL positions on the Caporetto teaching map, in the Step Replacement Phase (std
13.0's criteria otherwise hold: no unit here moved or fought).  Reduced Allied units
stand in the west (columns 02-03) and reduced Central Powers units in the east (columns
18-20), far from each other; the Italian fortress Forte Alto is 0807.  Die rolls are
fixed.
"""

from __future__ import annotations

from typing import Any

from kit import logged

from greatwar import State
from greatwar.rules.gwite import replacement, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.replacement import FIVE_HEXES_BARS_OPTION

PHASE = {"phase": "step_replacement", "segment": "step_replacement"}
CASE = "caporetto 13.0"


def reduced(hex_label: str, lost: int = 1) -> dict[str, Any]:
    return {"hex": hex_label, "steps_lost": lost}


def at_phase(position: Any, units: dict[str, Any], side: str, turn: int = 3, **kw: Any) -> State:
    """``side``'s Step Replacement Phase of Game-Turn ``turn``."""
    return position(units, phasing=side, turn=turn, **PHASE, **kw)  # type: ignore[no-any-return]


def rollers(st: State, role: str) -> set[str]:
    return {a["unit"] for a in st.legal_actions(role) if a["type"] == "replace"}


def roll_for(st: State, role: str, fixed_dice: Any, uid: str, die: int) -> int:
    """Roll for the unit with the die fixed; return its steps lost afterwards (sixes
    follow for whatever the next phases roll)."""
    fixed_dice(die, *[6] * 10)
    st.apply(role, {"type": "replace", "unit": uid})
    return U.record(st, uid)["lost"]  # type: ignore[no-any-return]


# --- the rolls -------------------------------------------------------------------------


def test_13_0_central_powers_replace_on_a_roll_of_1(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    units = {"G-12": reduced("1803"), "AH-28": reduced("1903")}
    st = at_phase(caporetto_position, units, "central", turn=1)
    assert rollers(st, "central") == {"G-12", "AH-28"}
    assert roll_for(st, "central", fixed_dice, "G-12", 1) == 0
    assert roll_for(st, "central", fixed_dice, "AH-28", 2) == 1
    assert logged(st, CASE)


def test_13_0_italians_replace_nothing_on_game_turns_1_and_2(caporetto_position: Any) -> None:
    # no Italian unit may roll: the phase passes by itself, no die rolled
    for turn in (1, 2):
        st = at_phase(caporetto_position, {"I-46": reduced("0310")}, "allied", turn=turn)
        assert st.data["dice"]["n"] == 0
        assert U.record(st, "I-46")["lost"] == 1
        st = caporetto_position({"I-46": reduced("0310")}, phasing="allied", turn=turn)
        assert replacement.refusal_case(st, "I-46") == (
            f"italy units may not replace steps on Game-Turn {turn}",
            CASE,
        )


def test_13_0_italians_roll_1_on_game_turns_3_to_9(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    for turn, die, lost in ((3, 1, 0), (9, 1, 0), (9, 2, 1)):
        st = at_phase(caporetto_position, {"I-46": reduced("0310")}, "allied", turn=turn)
        assert roll_for(st, "allied", fixed_dice, "I-46", die) == lost


def test_13_0_italians_roll_1_2_on_game_turns_10_to_12(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    for turn, die, lost in ((10, 2, 0), (12, 2, 0), (12, 3, 1)):
        st = at_phase(caporetto_position, {"I-46": reduced("0310")}, "allied", turn=turn)
        assert roll_for(st, "allied", fixed_dice, "I-46", die) == lost


def test_13_0_italians_roll_1_3_on_game_turns_13_to_15(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    for turn, die, lost in ((13, 3, 0), (15, 3, 0), (15, 4, 1)):
        st = at_phase(caporetto_position, {"I-46": reduced("0310")}, "allied", turn=turn)
        assert roll_for(st, "allied", fixed_dice, "I-46", die) == lost


def test_13_0_french_and_british_units_may_not_replace(
    caporetto_position: Any, refuse: Any
) -> None:
    units = {"F-64": reduced("0210"), "B-23": reduced("0211"), "I-46": reduced("0310")}
    st = at_phase(caporetto_position, units, "allied", turn=13)
    assert rollers(st, "allied") == {"I-46"}
    for uid in ("F-64", "B-23"):
        assert refuse(st, "allied", {"type": "replace", "unit": uid}).case == CASE


# --- brigades and corps ---------------------------------------------------------------


def test_13_0_brigades_may_replace_steps(caporetto_position: Any, fixed_dice: Any) -> None:
    # the Alpini brigade (two steps) and the Edelweiss brigade each regain their step
    st = at_phase(caporetto_position, {"I-ALP-1": reduced("0310")}, "allied", turn=3)
    assert U.info(st, "I-ALP-1").size == "brigade"
    assert roll_for(st, "allied", fixed_dice, "I-ALP-1", 1) == 0
    st = at_phase(caporetto_position, {"AH-EDW": reduced("1902")}, "central")
    assert roll_for(st, "central", fixed_dice, "AH-EDW", 1) == 0


def test_13_0_a_corps_replaces_one_step_at_a_time(caporetto_position: Any, fixed_dice: Any) -> None:
    # the IV Corps has lost 2 of its 4 steps: a success gives back one
    st = at_phase(caporetto_position, {"I-IV": reduced("0310", 2)}, "allied", turn=3)
    assert roll_for(st, "allied", fixed_dice, "I-IV", 1) == 1
    st = at_phase(caporetto_position, {"AH-XV": reduced("1903", 2)}, "central")
    assert roll_for(st, "central", fixed_dice, "AH-XV", 1) == 1


def test_13_0_a_corps_with_only_one_step_left_cannot_be_rebuilt(
    caporetto_position: Any, refuse: Any
) -> None:
    # the IV Corps (4 steps) has 1 left; the 19th Division, treated as a corps (2.3; 3
    # steps), has 1 left: neither may roll; the XXVII Corps with 2 left may
    units = {
        "I-IV": reduced("0310", 3),
        "I-19": reduced("0311", 2),
        "I-XXVII": reduced("0312", 2),
    }
    st = at_phase(caporetto_position, units, "allied", turn=3)
    assert rollers(st, "allied") == {"I-XXVII"}
    for uid in ("I-IV", "I-19"):
        assert refuse(st, "allied", {"type": "replace", "unit": uid}).case == CASE


# --- the distance: supplied Enemy units, not the monitor (AC5) --------------------------


def test_13_0_a_supplied_enemy_unit_within_5_hexes_bars_replacement(
    caporetto_position: Any, refuse: Any
) -> None:
    # the Austro-Hungarian division in 0804 (in supply) is 4 hexes from 0808; the Italian
    # division there may not roll, the one in the far west may
    units = {"AH-28": "0804", "I-46": reduced("0808"), "I-43": reduced("0310")}
    st = at_phase(caporetto_position, units, "allied")
    assert supply.in_supply(st, "AH-28")
    assert U.static(st).scenario.board.distance("0804", "0808") == 4
    assert rollers(st, "allied") == {"I-43"}
    assert refuse(st, "allied", {"type": "replace", "unit": "I-46"}).case == "13.0"


def test_13_0_ac5_a_supplied_enemy_unit_exactly_5_hexes_away(
    caporetto_position: Any, fixed_dice: Any, refuse: Any
) -> None:
    # AC5 (a), the default: "a minimum distance of 5 hexes" allows it
    units = {"AH-28": "0804", "I-46": reduced("0809"), "I-43": reduced("0310")}
    st = at_phase(caporetto_position, units, "allied")
    assert U.static(st).scenario.board.distance("0804", "0809") == 5
    assert roll_for(st, "allied", fixed_dice, "I-46", 1) == 0
    # AC5 (b), the option: "within 5 hexes" bars it
    st = at_phase(caporetto_position, units, "allied", options={FIVE_HEXES_BARS_OPTION: True})
    assert rollers(st, "allied") == {"I-43"}
    assert refuse(st, "allied", {"type": "replace", "unit": "I-46"}).case == "13.0"


def test_13_0_unsupplied_enemy_units_do_not_bar_replacement(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # an Italian division in 2001, far beyond its supply range, next to a reduced German
    # division in supply
    units = {"I-46": "2001", "G-12": reduced("1902")}
    st = at_phase(caporetto_position, units, "central")
    assert not supply.in_supply(st, "I-46") and supply.in_supply(st, "G-12")
    assert roll_for(st, "central", fixed_dice, "G-12", 1) == 0


def test_13_0_the_monitor_does_not_bar_replacement(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # the monitor (always in supply, 9.25) two hexes from a reduced Austro-Hungarian
    # division; an Italian division in its place would bar it
    st = at_phase(caporetto_position, {"I-MON": "1614", "AH-22S": reduced("1612")}, "central")
    assert roll_for(st, "central", fixed_dice, "AH-22S", 1) == 0
    st = at_phase(
        caporetto_position,
        {"I-46": "1614", "AH-22S": reduced("1612"), "AH-28": reduced("1903")},
        "central",
    )
    assert supply.in_supply(st, "I-46")
    assert rollers(st, "central") == {"AH-28"}


# --- the fortress exception --------------------------------------------------------------


def test_13_0_fortress_with_a_clear_line_of_supply_replaces_near_the_enemy(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    # Forte Alto (0807) is 3 hexes from the supplied Austro-Hungarian division in 0804; a
    # line runs from it to the Veneto line (0809) clear of Enemy units and zones
    units = {"AH-28": "0804", "I-43": reduced("0807"), "I-46": reduced("0707")}
    st = at_phase(caporetto_position, units, "allied")
    assert rollers(st, "allied") == {"I-43"}  # 0707, 4 hexes away, is no fortress: barred
    assert roll_for(st, "allied", fixed_dice, "I-43", 1) == 0
    assert any("fortress" in t for t in logged(st, CASE))


def fortress_under_guns(germans: dict[str, str]) -> dict[str, Any]:
    """Forte Alto with a reduced Italian division, 3 hexes from a supplied
    Austro-Hungarian division, German divisions around it, and a reduced Italian division
    far west (eligible: the phase waits for the Allied Player)."""
    return {"AH-28": "0804", **germans, "I-43": reduced("0807"), "I-34": reduced("0310")}


def test_13_0_fortress_line_blocked_by_enemy_zones_of_control(
    caporetto_position: Any, refuse: Any
) -> None:
    # German divisions in 0707 and 0906 control every hex a line could leave the fortress
    # by (ridges or not): the fortress exception fails
    st = at_phase(
        caporetto_position, fortress_under_guns({"G-5": "0707", "G-117": "0906"}), "allied"
    )
    assert rollers(st, "allied") == {"I-34"}
    assert refuse(st, "allied", {"type": "replace", "unit": "I-43"}).case == "13.0"


def test_13_0_fortress_line_not_across_ridge_hexsides(caporetto_position: Any, refuse: Any) -> None:
    # German divisions in 0707 and 0907: the only line left free of their zones runs
    # north from 0806 across the Carnic ridges, which a fortress line may not cross
    st = at_phase(
        caporetto_position, fortress_under_guns({"G-5": "0707", "G-117": "0907"}), "allied"
    )
    assert rollers(st, "allied") == {"I-34"}
    assert refuse(st, "allied", {"type": "replace", "unit": "I-43"}).case == "13.0"
    # the same division with the Germans gone from 0907 replaces there
    st = at_phase(caporetto_position, fortress_under_guns({"G-5": "0707"}), "allied")
    assert rollers(st, "allied") == {"I-34", "I-43"}
