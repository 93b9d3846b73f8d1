"""Caporetto retreat: caporetto 8.61 (only TCR 1 units retreat over Ridge hexsides), 8.62
(a stack's TCR by the majority of its Stacking Points; AC6: artillery closes the ridge
to a TCR 1 stack), 8.63 (overstacked by retreat until the end of the owner's next
Movement Phase, the owner choosing the excess) and 23.32 (Game-Turn 1: Italian TCR 2
units never retreat through an Enemy zone of control).

The ridge arena is 1305, a mountain hex whose hexsides to 1406, 1306 and 1206 are Ridge
hexsides; 1205, 1304 and 1405 are its other neighbours.  The Central Powers attack from
1405 and 1205 (and 1304 when every other way out must be closed)."""

from __future__ import annotations

from typing import Any

from greatwar import State
from tests.rules.gwite.caporetto.combat_kit import (
    fight,
    hex_of,
    result,
    retreat_paths,
    stage,
    strike,
    take_option,
)
from tests.rules.gwite.kit import choose, logged, play_until

RIDGE_ATTACK = {"G-12": "1405", "G-117": "1205"}
CLOSED = {**RIDGE_ATTACK, "G-5": "1304"}


def _ridge_fight(
    position: Any, defenders: list[str], attackers: dict[str, str], fixed_dice: Any, die: int
) -> State:
    st = fight(position, {**{u: "1305" for u in defenders}, **attackers})
    strike(st, "1305", list(attackers), fixed_dice, die)
    return st


def test_8_61_a_tcr_1_unit_retreats_over_a_ridge(caporetto_position: Any, fixed_dice: Any) -> None:
    """The Italian 1st Cavalry Division (TCR 1) retreats two hexes across the Ridge
    hexside 1305/1206 (11 to 4, 2-1, die 2: -/2, option "retreat two hexes")."""
    st = _ridge_fight(caporetto_position, ["I-1C"], CLOSED, fixed_dice, 2)
    assert result(st) == "-/2"
    take_option(st, 2)
    assert retreat_paths(st) == [["1206", "1106"]] or hex_of(st, "I-1C") == "1106"
    if stage(st) == "retreat":
        choose(st, "allied", "retreat", path=["1206", "1106"])
    assert hex_of(st, "I-1C") == "1106"


def test_8_61_a_tcr_2_unit_may_not_retreat_over_a_ridge(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The Italian 46th Division (TCR 2) may leave 1305 only across its Ridge hexsides
    (the other neighbours hold Enemy units): its retreat is closed and it is eliminated
    (11 to 6, 1-1, die 1: -/2, option "retreat two hexes")."""
    st = _ridge_fight(caporetto_position, ["I-46"], CLOSED, fixed_dice, 1)
    assert result(st) == "-/2"
    take_option(st, 2)
    assert hex_of(st, "I-46") is None
    assert any("no retreat is open" in t for t in logged(st, "caporetto 8.61"))


def test_8_62_a_stack_mostly_tcr_1_retreats_over_a_ridge(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Cavalry (TCR 1, 2 Stacking Points) and the Bersaglieri Brigade (TCR 2, 1 Stacking
    Point) retreat together: the stack is TCR 1 (caporetto 8.4) and crosses the ridge
    (11 to 6, 1-1, die 1: -/2, retreat two hexes)."""
    st = _ridge_fight(caporetto_position, ["I-1C", "I-BERS"], CLOSED, fixed_dice, 1)
    assert result(st) == "-/2"
    take_option(st, 2)
    if stage(st) == "retreat":
        assert retreat_paths(st) == [["1206", "1106"]]
        choose(st, "allied", "retreat", path=["1206", "1106"])
    assert hex_of(st, "I-1C") == hex_of(st, "I-BERS") == "1106"


def test_8_62_a_stack_mostly_tcr_2_may_not_cross_the_ridge(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """A division and a brigade of TCR 2 (3 Stacking Points) with a TCR 1 cavalry division
    (2): the stack is TCR 2 and may not cross; it is eliminated (11 to 12, 1-2, die 1:
    -/1, option "retreat one hex")."""
    stack = ["I-46", "I-BERS", "I-1C"]
    st = _ridge_fight(caporetto_position, stack, CLOSED, fixed_dice, 1)
    assert result(st) == "-/1"
    take_option(st, 1)
    assert all(hex_of(st, u) is None for u in stack)
    assert len(logged(st, "caporetto 8.61")) == len(stack)


def test_8_62_ac6_artillery_closes_the_ridge_to_a_tcr_1_stack(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """AC6 (a): a cavalry division (TCR 1, 2 Stacking Points), the Bersaglieri Brigade
    (TCR 2, 1) and two artillery brigades (TCR 2, left out of the majority, caporetto 8.4):
    the stack is TCR 1, so it may retreat into the Enemy-controlled 1304 (8.64 does not
    bind it; counted, the artillery would make it TCR 2 and eliminate it).  Ridge
    hexsides are impassable to the artillery (5.4) and the stack retreats together: it
    goes by 1304, and the artillery survives (11 to 10, 1-1, die 1: -/2, retreat two
    hexes)."""
    stack = ["I-1C", "I-BERS", "I-A2", "I-A3"]
    attackers = {**RIDGE_ATTACK, "G-5": "1405"}
    st = _ridge_fight(caporetto_position, stack, attackers, fixed_dice, 1)
    assert result(st) == "-/2"
    take_option(st, 2)
    if stage(st) == "retreat":
        assert retreat_paths(st) == [["1304", "1204"]]
        choose(st, "allied", "retreat", path=["1304", "1204"])
    assert all(hex_of(st, u) == "1204" for u in stack)
    assert any("1305→1304→1204" in t for t in logged(st, "8.63"))


# --- caporetto 8.63 -------------------------------------------------------------------------

#: 1010 holds 11 Stacking Points (five divisions and a brigade); the 46th Division
#: retreats into it
CROWD = ("I-43", "F-64", "B-23", "I-1C", "I-41C", "I-BERS")
CROWDED = {"I-46": "1111", "G-12": "1211", **{u: "1010" for u in CROWD}}


def _overstack(position: Any, fixed_dice: Any) -> State:
    """G-12 attacks the 46th Division (4 to 3, 1-1, die 1: -/2); it retreats two hexes,
    1011 then 1010, where it makes 13 Stacking Points (limit 12).  Later die rolls (the
    Allied Command Control) are 6s."""
    st = fight(position, CROWDED)
    strike(st, "1111", ["G-12"], fixed_dice, 1, *[6] * 40)
    assert result(st) == "-/2"
    take_option(st, 2)
    choose(st, "allied", "retreat", path=["1011", "1010"])
    choose(st, "central", "end_advance")
    return st


def _at_allied_movement_end(st: State) -> bool:
    top = st.top()
    below = st.data["stack"][-2] if len(st.data["stack"]) > 1 else {}
    return bool(
        top
        and top["kind"] == "end_of_phase"
        and below.get("kind") == "movement_phase"
        and below.get("side") == "allied"
    )


def test_8_63_a_retreat_may_overstack_until_the_next_movement_phase(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The retreat ends over the limit: nobody is eliminated then, nor at the end of the
    Central Powers' Combat Phase; at the end of the Allies' next Movement Phase the hex is
    still overstacked and the Allied player chooses which unit goes."""
    st = _overstack(caporetto_position, fixed_dice)
    assert hex_of(st, "I-46") == "1010"
    assert any("must relieve it" in t for t in logged(st, "caporetto 8.63"))
    assert not any(e.get("case") == "6.15" for e in st.data["log"])
    st.apply("central", {"type": "end_segment"})
    play_until(st, _at_allied_movement_end)
    assert all(hex_of(st, u) == "1010" for u in ("I-46", *CROWD))
    offered = {a["unit"] for a in st.legal_actions("allied") if a["type"] == "eliminate"}
    assert offered == {"I-46", *CROWD}  # the owner decides (caporetto 8.63)
    choose(st, "allied", "eliminate", unit="I-43")
    assert hex_of(st, "I-43") is None and hex_of(st, "I-46") == "1010"
    assert any("eliminates" in t for t in logged(st, "caporetto 8.63"))


def test_8_63_the_overstack_relieved_in_the_movement_phase(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """The Allies move the 43rd Division out of 1010 in their Movement Phase: nothing is
    eliminated at its end."""
    st = _overstack(caporetto_position, fixed_dice)
    st.apply("central", {"type": "end_segment"})
    play_until(
        st, lambda s: (s.top() or {}).get("kind") == "movement" and s.data["phasing"] == "allied"
    )
    choose(st, "allied", "select", unit="I-43")
    choose(st, "allied", "move", to="0909")
    play_until(
        st,
        lambda s: (
            s.data["phasing"] == "allied" and (s.top() or {}).get("kind") == "combat_resolution"
        ),
    )
    assert all(hex_of(st, u) == "1010" for u in ("I-46", *CROWD) if u != "I-43")
    assert hex_of(st, "I-43") == "0909"


# --- caporetto 23.32 ------------------------------------------------------------------------

#: the Austro-Hungarian XV Corps and the German 5th Division (neither Stosstruppen) attack
#: the 46th Division in 1111; the A-H 28th Division in 0911 controls 1011 and 1012, where
#: the Italian 43rd Division stands in 1011
REACTION = {"I-46": "1111", "AH-XV": "1211", "G-5": "1212", "AH-28": "0911", "I-43": "1011"}


def _reaction(position: Any, fixed_dice: Any, turn: int) -> State:
    """7 to 3, 2-1 on the TCR 2 column, die 1: -/2; option "retreat two hexes"."""
    st = fight(position, REACTION, turn=turn)
    strike(st, "1111", ["AH-XV", "G-5"], fixed_dice, 1)
    assert result(st) == "-/2"
    take_option(st, 2)
    return st


def test_23_32_game_turn_1_italian_tcr_2_never_retreats_through_enemy_zoc(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Game-Turn 1: every way out of 1111 enters an Enemy-controlled hex; the 43rd Division
    in 1011 does not open it (no 7.24): the 46th Division is eliminated."""
    st = _reaction(caporetto_position, fixed_dice, 1)
    assert hex_of(st, "I-46") is None
    assert any("no retreat is open" in t for t in logged(st, "caporetto 23.32"))
    assert hex_of(st, "I-43") == "1011"


def test_23_32_from_game_turn_2_a_friendly_unit_opens_the_hex(
    caporetto_position: Any, fixed_dice: Any
) -> None:
    """Game-Turn 2: the 43rd Division in 1011 negates the Enemy control there (7.24): the
    46th Division retreats through it."""
    st = _reaction(caporetto_position, fixed_dice, 2)
    if stage(st) == "retreat":
        choose(st, "allied", "retreat", path=retreat_paths(st)[0])
    assert hex_of(st, "I-46") is not None and hex_of(st, "I-46") != "1111"
    assert any("1111→1011" in t for t in logged(st, "8.63"))
