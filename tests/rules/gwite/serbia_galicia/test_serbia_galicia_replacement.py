"""Serbia/Galicia, step replacement (serbia-galicia 11.0): only the Austro-Hungarians, on
or after Game-Turn 8 (AS2 a), on a 5 or 6, at most 8 Stacking Points a turn (AS3 a:
those that roll; the option, b: those that succeed), at least six hexes from an Allied
unit.

FICTIONAL positions on the teaching maps, in the Step Replacement Phase (std 13.0's
criteria otherwise hold: no unit here moved or fought).  Reduced Austro-Hungarian units
stand on the Carl Ludwig-Bahn (row 08 of the Galician map); die rolls are fixed.
"""

from __future__ import annotations

from typing import Any

from kit import logged

from greatwar import State
from greatwar.rules.gwite import replacement
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.replacement import COUNT_SUCCESSES_OPTION

PHASE = {"phase": "step_replacement", "segment": "step_replacement"}
CASE = "serbia-galicia 11.0"


def reduced(hex_label: str, lost: int = 1) -> dict[str, Any]:
    return {"hex": hex_label, "steps_lost": lost}


def at_phase(sg_position: Any, units: dict[str, Any], side: str, turn: int = 8, **kw: Any) -> State:
    """``side``'s Step Replacement Phase of Game-Turn ``turn``."""
    return sg_position(units, phasing=side, turn=turn, **PHASE, **kw)  # type: ignore[no-any-return]


def rollers(st: State, role: str) -> set[str]:
    return {a["unit"] for a in st.legal_actions(role) if a["type"] == "replace"}


def roll_for(st: State, fixed_dice: Any, uid: str, die: int) -> int:
    """Roll for the Austro-Hungarian unit with the die fixed; return its steps lost
    afterwards (sixes follow for whatever the next phases roll)."""
    fixed_dice(die, *[6] * 10)
    st.apply("central", {"type": "replace", "unit": uid})
    return U.record(st, uid)["lost"]  # type: ignore[no-any-return]


def in_phase(st: State) -> bool:
    return any(f.get("kind") == "step_replacement" for f in st.data["stack"])


# --- who, when, the roll (AS2) ---------------------------------------------------------


def test_11_0_austro_hungarians_replace_on_a_5_or_6_from_game_turn_8(
    sg_position: Any, fixed_dice: Any
) -> None:
    units = {"AH-12D": reduced("g0808"), "AH-5D": reduced("g0708"), "AH-1K": reduced("g0608")}
    st = at_phase(sg_position, units, "central")
    assert rollers(st, "central") == {"AH-12D", "AH-5D", "AH-1K"}
    assert roll_for(st, fixed_dice, "AH-12D", 5) == 0
    assert roll_for(st, fixed_dice, "AH-5D", 4) == 1
    assert roll_for(st, fixed_dice, "AH-1K", 6) == 0
    rolls = [t for t in logged(st, CASE) if t.startswith("Die roll")]
    assert len(rolls) == 3 and all("succeeds on 5, 6" in t for t in rolls)


def test_11_0_no_austro_hungarian_replacement_before_game_turn_8(sg_position: Any) -> None:
    # the phase passes by itself, no die rolled for a step (the game goes on to the
    # Allies' Game-Turn 8, whose Serbian Supply Points roll (20.2) is not a replacement)
    st = at_phase(sg_position, {"AH-12D": reduced("g0808")}, "central", turn=7)
    assert not [t for t in logged(st, CASE) if "Die roll" in t]
    assert U.record(st, "AH-12D")["lost"] == 1
    st = sg_position({"AH-12D": reduced("g0808")}, phasing="central", turn=7)
    assert replacement.refusal_case(st, "AH-12D") == (
        "austria-hungary units may not replace steps on Game-Turn 7",
        CASE,
    )


def test_11_0_only_the_austro_hungarian_player_replaces_steps(sg_position: Any) -> None:
    # AS2 a: Russians and Serbians never, not even from Game-Turn 8
    units = {"R-XIK": reduced("g1206"), "S-1DD": reduced("s0905")}
    st = at_phase(sg_position, units, "allied")
    assert st.data["dice"]["n"] == 0
    assert U.record(st, "R-XIK")["lost"] == 1 and U.record(st, "S-1DD")["lost"] == 1
    st = sg_position(units, phasing="allied", turn=8)
    for uid, nationality in (("R-XIK", "russia"), ("S-1DD", "serbia")):
        assert replacement.refusal_case(st, uid) == (
            f"{nationality} units may not replace steps on Game-Turn 8",
            CASE,
        )


# --- six hexes from an Allied unit ----------------------------------------------------


def test_11_0_at_least_six_hexes_from_an_allied_unit(
    sg_position: Any, fixed_dice: Any, refuse: Any
) -> None:
    # a Russian corps five hexes away (g0803) bars the division in g0808
    st = at_phase(sg_position, {"AH-12D": reduced("g0808"), "R-XIK": "g0803"}, "central")
    board_distance = U.static(st).scenario.board.distance
    assert board_distance("g0808", "g0803") == 5
    assert st.data["dice"]["n"] == 0 and U.record(st, "AH-12D")["lost"] == 1
    st = sg_position({"AH-12D": reduced("g0808"), "R-XIK": "g0803"}, phasing="central", turn=8)
    why = replacement.refusal_case(st, "AH-12D")
    assert why is not None and why[1] == "13.0" and "within 5 hexes" in why[0]
    # six hexes away (g0802) it may roll
    st = at_phase(sg_position, {"AH-12D": reduced("g0808"), "R-XIK": "g0802"}, "central")
    assert board_distance("g0808", "g0802") == 6
    assert roll_for(st, fixed_dice, "AH-12D", 5) == 0


def test_11_0_an_allied_unit_on_the_other_map_is_never_near(
    sg_position: Any, fixed_dice: Any
) -> None:
    st = at_phase(sg_position, {"AH-29D": reduced("s0402"), "R-XIK": "g0403"}, "central")
    assert roll_for(st, fixed_dice, "AH-29D", 6) == 0


# --- 8 Stacking Points a turn (AS3) -----------------------------------------------------


FOUR_UNITS = {
    "AH-1K": reduced("g0608"),  # corps, 4 Stacking Points
    "AH-12D": reduced("g0808"),  # division, 2
    "AH-5D": reduced("g0708"),  # division, 2
    "AH-XIK": reduced("g0508"),  # corps, 4
}


def test_11_0_eight_stacking_points_of_rolls_a_turn(
    sg_position: Any, fixed_dice: Any, refuse: Any
) -> None:
    # AS3 a: the corps (4) and a division (2) fail: 6 of the 8 are used, success or not;
    # the other corps (4) may not roll, the other division (2) may
    st = at_phase(sg_position, FOUR_UNITS, "central")
    assert roll_for(st, fixed_dice, "AH-1K", 1) == 1
    assert roll_for(st, fixed_dice, "AH-12D", 2) == 1
    assert rollers(st, "central") == {"AH-5D"}
    refusal = refuse(st, "central", {"type": "replace", "unit": "AH-XIK"})
    assert refusal.case == CASE and "only 2 of the 8" in refusal.reason
    assert roll_for(st, fixed_dice, "AH-5D", 5) == 0
    # the 8 are used: the phase ends by itself
    assert not in_phase(st)
    assert U.record(st, "AH-XIK")["lost"] == 1


def test_11_0_eight_stacking_points_of_successes_with_the_option(
    sg_position: Any, fixed_dice: Any
) -> None:
    # AS3 b: failures are not charged; two corps that succeed use the 8
    st = at_phase(sg_position, FOUR_UNITS, "central", options={COUNT_SUCCESSES_OPTION: True})
    assert roll_for(st, fixed_dice, "AH-12D", 1) == 1  # fails: nothing charged
    assert roll_for(st, fixed_dice, "AH-1K", 5) == 0
    assert rollers(st, "central") == {"AH-5D", "AH-XIK"}
    assert roll_for(st, fixed_dice, "AH-XIK", 6) == 0
    assert not in_phase(st)
    assert U.record(st, "AH-5D")["lost"] == 1
