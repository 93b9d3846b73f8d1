"""Caporetto 22.0, the Milano strike: at the beginning of each Allied Player-Turn the
Allied Player rolls a die; a result no greater than the Game-Turn crushes the strike,
and two Game-Turns later the 41st and 42nd Cavalry Divisions arrive as reinforcements
(their printed Game-Turn, 15 on the FICTIONAL teaching counters, is not used).

Positions on the FICTIONAL teaching map start in the Central Powers' Step Replacement
Phase, so that the Allied Player-Turn, and its roll, come next; the French 64th
Division (due on Game-Turn 4 at the Allied entry hex 0109) keeps the Reinforcement
Segment of Game-Turn 4 open.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.milano import CRUSHED
from tests.rules.gwite.kit import Refuse, logged, play_until, seed_rolling

PENDING = {"status": "pending"}
UNITS = {"G-12": "1505", "I-46": "1402", "I-41C": PENDING, "I-42C": PENDING, "F-64": PENDING}
BEFORE_ALLIED_TURN = {"phase": "step_replacement", "segment": "step_replacement"}


def allied_reinforcements(st: State, turn: int) -> None:
    play_until(
        st,
        lambda s: (
            s.data["turn"] == turn
            and s.data["phasing"] == "allied"
            and s.top()["kind"] == "reinforcement"
        ),
        limit=1000,
    )


def rolled(st: State) -> bool:
    """The Allied Player-Turn has begun and its Milano roll is behind."""
    return st.data["phasing"] == "allied" and st.top()["kind"] != "caporetto_milano"


def entries(st: State) -> list[tuple[str, str]]:
    return [(a["unit"], a["hex"]) for a in st.legal_actions("allied") if a["type"] == "enter"]


def test_22_0_a_roll_no_greater_than_the_turn_crushes_the_strike(caporetto_position: Any) -> None:
    # Game-Turn 3, die 3: crushed; the cavalry arrive on Game-Turn 5, not their printed 15
    st = caporetto_position(UNITS, seed=seed_rolling(3), turn=3, **BEFORE_ALLIED_TURN)
    play_until(st, rolled)
    assert st.data[CRUSHED] == 3
    rolls = [e for e in st.data["log"] if e.get("case") == "caporetto 22.0" and "roll" in e]
    assert [e["roll"] for e in rolls] == [3]
    assert any("crushed" in t and "Game-Turn 5" in t for t in logged(st, "caporetto 22.0"))
    allied_reinforcements(st, 5)
    assert ("I-41C", "0109") in entries(st) and ("I-42C", "0109") in entries(st)
    st.apply("allied", {"type": "enter", "unit": "I-41C", "hex": "0109"})
    assert U.record(st, "I-41C")["hex"] == "0109"
    # no roll once the strike is crushed (Game-Turns 4 and 5)
    later = [e for e in st.data["log"] if e.get("case") == "caporetto 22.0" and "roll" in e]
    assert len(later) == 1


def test_22_0_the_units_wait_two_game_turns_after_the_strike_is_crushed(
    caporetto_position: Any, refuse: Refuse
) -> None:
    st = caporetto_position(UNITS, seed=seed_rolling(3), turn=3, **BEFORE_ALLIED_TURN)
    allied_reinforcements(st, 4)  # the French 64th is due; the cavalry not yet
    assert entries(st) == [("F-64", "0109")]
    why = refuse(st, "allied", {"type": "enter", "unit": "I-41C", "hex": "0109"})
    assert why.case == "caporetto 22.0" and "Game-Turn 5" in why.reason


def test_22_0_a_roll_greater_than_the_turn_and_the_strike_goes_on(
    caporetto_position: Any,
) -> None:
    # Game-Turn 3, die 4: the strike goes on; the next Allied Player-Turn rolls again
    st = caporetto_position(UNITS, seed=seed_rolling(4, 6, 6, 6, 6), turn=3, **BEFORE_ALLIED_TURN)
    play_until(st, rolled)
    assert CRUSHED not in st.data
    assert any("goes on" in t for t in logged(st, "caporetto 22.0"))
    play_until(
        st,
        lambda s: (
            s.data["turn"] == 4
            and s.data["phasing"] == "allied"
            and s.top()["kind"] != "caporetto_milano"
        ),
        limit=1000,
    )
    rolls = [e["roll"] for e in st.data["log"] if e.get("case") == "caporetto 22.0" and "roll" in e]
    assert len(rolls) == 2 and rolls[0] == 4


def test_22_0_the_printed_game_turn_is_not_used(caporetto_position: Any, refuse: Refuse) -> None:
    # Game-Turn 15, the cavalry's printed turn: the strike still goes on, so they wait
    units = {**UNITS, "F-64": PENDING}
    st = caporetto_position(
        units, turn=15, phasing="allied", phase="movement", segment="reinforcement"
    )
    assert ("I-41C", "0109") not in entries(st)
    why = refuse(st, "allied", {"type": "enter", "unit": "I-41C", "hex": "0109"})
    assert why.case == "caporetto 22.0" and "strike" in why.reason
