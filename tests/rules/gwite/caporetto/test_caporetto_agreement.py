"""Caporetto 1917, 4.1 Game Length: "may be ended earlier by mutual agreement between the
Players".

At the Game-Turn Record Interphase of every Game-Turn but the last, the first Player
(the Central Powers) and then the Allies are asked in turn to propose to end the game or
play on; a proposal is accepted or declined by the other Player.  Positions on the
FICTIONAL teaching map: the Allied Step Replacement Phase of Game-Turn 5, played on to
the Interphase.  The Central Powers' German division in 0907 is supplied by the
Austro-Hungarian depot in 1207 in "beyond the taglia" (24.11: 2 steps, 20 points); the
Italian division in 1509 stands in "behind the austro-hungarian lines", supplied by the
Italian depot in 1411 (24.21: 2 steps, 10 points).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import greatwar
from greatwar import IllegalAction, State
from greatwar.ai.base import World
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.ai.random_agent import RandomAgent
from greatwar.rules.gwite import agreement
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import victory as V
from tests.rules.gwite.kit import logged, play_until

CASE = "caporetto 4.1"
UNITS = {"AH-D1": "1207", "G-5": "0907", "I-D1": "1411", "I-46": "1509"}
#: the Allied (second) Player's last phase of the Game-Turn
LAST_PHASE = {"phasing": "allied", "phase": "step_replacement", "segment": "step_replacement"}
PLAY_ON, PROPOSE = {"type": "play_on"}, {"type": "propose_end"}
DECLINE, ACCEPT = {"type": "decline_end"}, {"type": "accept_end"}


def at_interphase(position: Any, turn: int = 5, **kw: Any) -> State:
    """The agreement step of Game-Turn ``turn``'s Interphase."""
    st: State = position(UNITS, turn=turn, **LAST_PHASE, **kw)
    play_until(st, asked)
    return st


def asked(st: State) -> bool:
    top = st.top()
    return top is not None and top["kind"] == agreement.KIND


def refused(st: State, role: str, action: dict[str, Any]) -> IllegalAction:
    before = st.digest()
    with pytest.raises(IllegalAction) as caught:
        st.apply(role, action)
    assert st.digest() == before  # nothing changed
    return caught.value


def test_4_1_propose_and_accept_end_the_game_scored_as_at_the_end(
    caporetto_position: Any,
) -> None:
    st = at_interphase(caporetto_position)
    assert st.active_roles() == ["central"]  # the first Player is asked first
    assert st.legal_actions("central") == [PLAY_ON, PROPOSE]
    assert CASE in st.prompt("central")
    tally = V.totals(st)
    assert tally == {"central": 20, "allied": 10}
    st.apply("central", PROPOSE)
    assert st.active_roles() == ["allied"]  # the proposer waits for the answer
    assert st.legal_actions("allied") == [DECLINE, ACCEPT]
    assert "Central Powers propose to end the game now, on Game-Turn 5" in st.prompt("allied")
    st.apply("allied", ACCEPT)
    assert st.is_over() and st.data["turn"] == 5
    result = st.result()
    assert result is not None
    # 24.0 scored as at the end of the game: the totals as they stood
    assert result["totals"] == tally and result["vp"] == 10
    assert result["winner"] == "central" and result["level"] == "Central Powers Victory"
    assert result["case"] == "caporetto 24.31"
    assert result["ended_by_agreement"] == 5 and result["agreement_case"] == CASE
    assert result["summary"].startswith(
        "Ended by mutual agreement on Game-Turn 5 (caporetto 4.1); Central Powers Victory"
        " (Central Powers 20, Allies 10"
    )
    assert logged(st, CASE) == [
        "Central Powers propose to end the game now, on Game-Turn 5.",
        "Allies accept: the game ends by mutual agreement on Game-Turn 5, scored as at the"
        " end of the game.",
    ]
    assert st.data["log"][-1]["text"].startswith(
        "The game is over: Ended by mutual agreement on Game-Turn 5"
    )


def test_4_1_the_second_player_may_propose_once_the_first_plays_on(
    caporetto_position: Any,
) -> None:
    st = at_interphase(caporetto_position, turn=7)
    st.apply("central", PLAY_ON)
    assert st.active_roles() == ["allied"]
    assert st.legal_actions("allied") == [PLAY_ON, PROPOSE]
    st.apply("allied", PROPOSE)
    assert st.legal_actions("central") == [DECLINE, ACCEPT]
    st.apply("central", ACCEPT)
    result = st.result()
    assert result is not None and result["ended_by_agreement"] == 7
    assert "Allies propose to end the game now, on Game-Turn 7." in logged(st, CASE)


def test_4_1_declined_play_goes_on_with_no_other_proposal_this_interphase(
    caporetto_position: Any,
) -> None:
    st = at_interphase(caporetto_position)
    st.apply("central", PROPOSE)
    st.apply("allied", DECLINE)
    assert not st.is_over()
    # the Interphase is over: no second proposal (the Allies have just said they play
    # on), the Game-Turn marker advances and the Central Powers' Player-Turn begins
    assert st.data["turn"] == 6 and not asked(st)
    assert st.data["phasing"] == "central"
    assert logged(st, CASE)[-1] == "Allies decline to end the game: play goes on."
    assert "agreed_end" not in st.data
    # the next Interphase asks again
    play_until(st, asked, limit=800)
    assert st.data["turn"] == 6 and st.active_roles() == ["central"]


def test_4_1_both_players_play_on_and_the_game_turn_ends(caporetto_position: Any) -> None:
    st = at_interphase(caporetto_position)
    st.apply("central", PLAY_ON)
    st.apply("allied", PLAY_ON)
    assert not st.is_over() and st.data["turn"] == 6 and not asked(st)
    assert logged(st, CASE) == []  # playing on is not a ruling worth a log line


def test_4_1_the_proposer_cannot_answer_for_the_other_player(caporetto_position: Any) -> None:
    st = at_interphase(caporetto_position)
    st.apply("central", PROPOSE)
    error = refused(st, "central", ACCEPT)
    assert error.case == CASE and "not central's move" in str(error)
    assert st.active_roles() == ["allied"]


def test_4_1_a_refused_action_names_the_case_and_changes_nothing(
    caporetto_position: Any,
) -> None:
    st = at_interphase(caporetto_position)
    # no proposal yet: nothing to accept or decline
    error = refused(st, "central", ACCEPT)
    assert error.case == CASE
    assert "proposes to end the game or plays on" in str(error)
    # the Allies are not asked before the Central Powers have answered
    assert refused(st, "allied", PROPOSE).case == CASE
    # a proposal is answered, not proposed again
    st.apply("central", PROPOSE)
    error = refused(st, "allied", PROPOSE)
    assert error.case == CASE and "accepted or declined" in str(error)


def test_4_1_a_proposal_may_be_taken_back_before_the_answer(caporetto_position: Any) -> None:
    st = at_interphase(caporetto_position)
    before = st.digest()
    st.apply("central", PROPOSE)
    assert st.can_undo("central") and not st.can_undo("allied")
    st.undo("central")
    assert st.digest() == before and st.active_roles() == ["central"]


def test_4_1_the_last_game_turn_asks_nothing(caporetto_position: Any) -> None:
    st: State = caporetto_position(UNITS, turn=15, **LAST_PHASE)
    seen = []
    for _ in range(400):
        if st.is_over():
            break
        seen.append(asked(st))
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[0])
    result = st.result()
    assert st.is_over() and not any(seen)
    assert result is not None and "ended_by_agreement" not in result
    assert logged(st, CASE) == []


def test_4_1_with_the_option_off_the_interphase_asks_nothing(caporetto_position: Any) -> None:
    st: State = caporetto_position(UNITS, turn=5, options={"end_by_agreement": False}, **LAST_PHASE)
    play_until(st, lambda s: s.data["turn"] == 6 or asked(s))
    assert st.data["turn"] == 6 and not asked(st)


def test_4_1_the_heuristic_agent_never_proposes_and_declines_unless_it_wins(
    caporetto_position: Any,
) -> None:
    st = at_interphase(caporetto_position)
    agent = HeuristicAgent(seed=1)
    assert agent.choose_in(st.view("central"), World(st, "central")) == PLAY_ON
    st.apply("central", PLAY_ON)
    assert agent.choose_in(st.view("allied"), World(st, "allied")) == PLAY_ON
    st.apply("allied", PROPOSE)
    # the Central Powers would win now (20 to 10): they accept; the Allies would not
    assert agent.choose_in(st.view("central"), World(st, "central")) == ACCEPT
    other = at_interphase(caporetto_position)
    other.apply("central", PROPOSE)
    assert agent.choose_in(other.view("allied"), World(other, "allied")) == DECLINE


def test_4_1_the_random_agent_rarely_ends_the_game() -> None:
    agent = RandomAgent(seed=3)
    assert agent.weight(PROPOSE) == agent.weight(ACCEPT) < agent.weight(PLAY_ON) / 10
    assert agent.weight(DECLINE) == agent.weight(PLAY_ON)


@pytest.mark.parametrize(
    "ref", ["gwite/teaching", "gwite/brusilov-teaching", "gwite/hindenburg-teaching"]
)
def test_4_1_other_games_play_every_game_turn(ref: str) -> None:
    # the standard rules, Brusilov and Hindenburg have no agreed end: no step, no action
    st = greatwar.load(ref).new_state(2)
    assert U.rules(st).ends_by_agreement(st) is None and agreement.steps(st) == []
    agent, rng = RandomAgent(seed=2), random.Random(2)
    for _ in range(300 + rng.randrange(10)):
        if st.is_over():
            break
        role = st.active_roles()[0]
        action = agent.choose(st.view(role))
        assert action["type"] not in {"propose_end", "play_on", "accept_end", "decline_end"}
        st.apply(role, action)
    assert "agreed_end" not in st.data
