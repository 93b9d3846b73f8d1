"""10.0 Initiative (3.1 phase 2): both sides roll, the last holder adds 1, each side adds
the clashes it won last stage by flight or by a retreat with losses, ties roll again,
and the Germans roll two dice once Hindenburg is in.

Each test starts a position at the initiative phase and runs only that phase; the
die rolls are fixed: the Germans roll first, then the Russians (the scenario's
order of sides).
"""

from __future__ import annotations

from typing import Any

import pytest

from greatwar import State
from greatwar.rules.tannenberg import initiative, sequence
from greatwar.rules.tannenberg.initiative import FLIGHT, RETREAT_WITH_LOSSES

UNITS = {"G-HQ-8A": "A10 B20", "R-HQ-1A": "A22 B15"}


def at_initiative(position: Any, stage: int = 1, held_by: str | None = None) -> State:
    st: State = position(UNITS, paused=True, phase="initiative", stage=stage)
    st.data["initiative"] = held_by
    return st


def run_phase(st: State) -> None:
    """Run the initiative phase (automatic) and nothing after it."""
    frame = st.top()
    assert frame is not None and frame["kind"] == "initiative_phase"
    st.handler(frame).run(st, frame)
    assert st.top() is not frame


def logged(st: State, text: str) -> bool:
    return any(text in e["text"] for e in st.data["log"])


def test_10_1_1_higher_roll_holds_the_initiative(position: Any, fixed_dice: Any) -> None:
    # Stage 1, nobody held it before: German 2, Russian 5.
    fixed_dice(2, 5)
    st = at_initiative(position)
    run_phase(st)
    assert initiative.holder(st) == "russian"
    assert logged(st, "Germans: initiative 2 = 2.")
    assert logged(st, "Russians: initiative 5 = 5.")


def test_10_1_1_last_holder_adds_one(position: Any, fixed_dice: Any) -> None:
    # The Germans held it in stage 1: 4 + 1 = 5 beats the Russians' 4.
    fixed_dice(4, 4)
    st = at_initiative(position, stage=2, held_by="german")
    run_phase(st)
    assert initiative.holder(st) == "german"
    assert logged(st, "Germans: initiative 4 +1 (held the initiative) = 5.")


def test_10_1_1_clashes_won_last_stage_add_to_the_roll(position: Any, fixed_dice: Any) -> None:
    # Last stage (1) the Germans made the enemy flee twice; the Russians made a German
    # retreat cost losses once.  A clash of this stage (2) does not count yet.
    # German 1 + 2 = 3, Russian 2 + 1 = 3: a tie, rolled again: German 6, Russian 1.
    fixed_dice(1, 2, 6, 1)
    st = at_initiative(position, stage=2)
    st.data["clash_outcomes"] = [
        {"stage": 1, "side": "german", "kind": FLIGHT},
        {"stage": 1, "side": "german", "kind": FLIGHT},
        {"stage": 1, "side": "russian", "kind": RETREAT_WITH_LOSSES},
        {"stage": 2, "side": "russian", "kind": FLIGHT},
    ]
    run_phase(st)
    assert logged(st, "Germans: initiative 1 +2 (made the enemy flee in 2 clash(es)) = 3.")
    assert logged(
        st, "Russians: initiative 2 +1 (the enemy retreated with losses in 1 clash(es)) = 3."
    )
    assert logged(st, "tie")
    assert initiative.holder(st) == "german"
    # the last stage's record is spent; this stage's stays for the next phase
    assert st.data["clash_outcomes"] == [{"stage": 2, "side": "russian", "kind": FLIGHT}]


def test_10_1_1_ties_are_rolled_again_from_the_start(position: Any, fixed_dice: Any) -> None:
    # 3-3, then 4-4, then 2-5: three rounds; the holder's +1 counts in each round.
    fixed_dice(2, 3, 3, 4, 2, 6)
    st = at_initiative(position, stage=3, held_by="german")
    run_phase(st)
    assert initiative.holder(st) == "russian"
    assert sum(1 for e in st.data["log"] if "tie" in e["text"]) == 2


def test_10_1_1_clash_module_records_flights_and_retreats(position: Any) -> None:
    st = at_initiative(position, stage=4)
    initiative.record_clash_outcome(st, "german", FLIGHT)
    initiative.record_clash_outcome(st, "german", RETREAT_WITH_LOSSES)
    assert initiative.clash_outcomes(st, 4, "german") == {FLIGHT: 1, RETREAT_WITH_LOSSES: 1}
    assert initiative.clash_outcomes(st, 4, "russian") == {FLIGHT: 0, RETREAT_WITH_LOSSES: 0}
    with pytest.raises(ValueError):
        initiative.record_clash_outcome(st, "german", "held_its_ground")


def test_10_1_1_view_shows_the_holder_and_this_stages_clashes(position: Any) -> None:
    st = at_initiative(position, stage=2, held_by="german")
    initiative.record_clash_outcome(st, "russian", FLIGHT)
    # (the base view has an "initiative" key already: this part is "initiative_view")
    part = st.view("german")["initiative_view"]
    assert part["holder"] == "german"
    assert part["clashes_won"]["russian"] == {FLIGHT: 1, RETREAT_WITH_LOSSES: 0}
    assert st.view("russian")["initiative_view"] == part  # public


def test_10_2_1_the_holder_moves_first(position: Any, fixed_dice: Any) -> None:
    fixed_dice(1, 6)
    st = at_initiative(position)
    run_phase(st)
    assert sequence.moving_side(st, {"order": 1}) == "russian"
    assert sequence.moving_side(st, {"order": 2}) == "german"


def test_10_2_2_the_holder_is_known_for_the_whole_stage(position: Any, fixed_dice: Any) -> None:
    # The clash module asks holder() who designates the clashes (9.1.7, 10.2.2).
    fixed_dice(6, 1)
    st = at_initiative(position)
    run_phase(st)
    assert initiative.holder(st) == "german" == st.data["initiative"]
    assert logged(st, "Germans hold the initiative in stage 1")


def test_10_2_3_germans_roll_two_dice_after_hindenburg_enters(
    position: Any, fixed_dice: Any
) -> None:
    # German 1 + 1 = 2 against the Russians' 3: two dice do not always win.
    fixed_dice(1, 1, 3)
    st = at_initiative(position, stage=5)
    assert not initiative.hindenburg_in(st)
    initiative.mark_hindenburg_in(st)
    assert initiative.dice_for(st, "german") == 2
    assert initiative.dice_for(st, "russian") == 1
    run_phase(st)
    assert logged(st, "Germans: initiative 1 + 1 = 2.")
    assert initiative.holder(st) == "russian"
    assert any(e.get("case") == "tannenberg 10.2.3" for e in st.data["log"])
