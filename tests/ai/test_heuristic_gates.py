"""Tannenberg 19.2.2: units holding a hex where one enemy unit wins him the game (the
Kowal railway) stand on the DEFENCE and never flee, a firm rule of thumb the searching
agents keep.  The position is a ladder game's (rollout as the Germans, the planner as the
Russians, 2026-12-06): a German infantry unit attacks the two Russian units on the railway
at A20 B13; the Russians, twice as strong, laid down ATTACK, lost the encounter battle
(9.3.7: the loser withdraws) and the German pursued onto the railway and won."""

from __future__ import annotations

from pathlib import Path

import pytest

import greatwar
from greatwar.ai import Budget, HeuristicAgent, decide
from greatwar.ai.heuristic_tannenberg import ATTACK_RATIO, _clash_strengths
from greatwar.ai.rollout import RolloutAgent
from greatwar.ai.search import usable
from greatwar.api import replay

POSITIONS = Path(__file__).parents[1] / "fixtures" / "positions"
POSITION = POSITIONS / "tannenberg-railway-encounter.json"
RAILWAY_HEX = "A20 B13"


def _position() -> greatwar.State:
    """The Russians' card to lay down, the German ATTACK already down (hidden)."""
    state = replay(POSITION)
    assert {a["type"] for a in usable(state.legal_actions("russian"))} == {"card"}
    return state


def _holders(state: greatwar.State, where: str) -> set[str]:
    static = state.game.static.units
    return {
        static[uid].side
        for uid, rec in state.data["units"].items()
        if rec["status"] == "on_map" and rec["hex"] == where
    }


def test_tannenberg_19_2_2_units_on_the_railway_stand_on_the_defence_though_stronger() -> None:
    state = _position()
    mine, theirs = _clash_strengths(state, "russian")
    assert mine / theirs >= ATTACK_RATIO  # the strength rule alone would ATTACK
    choice = HeuristicAgent(1).act(state, "russian", usable(state.legal_actions("russian")))
    assert choice.action == {"type": "card", "card": "defence"}
    assert choice.firm
    assert RAILWAY_HEX in choice.reason and "19.2" in choice.reason


def test_tannenberg_9_5_1_units_on_the_railway_take_their_losses_and_the_railway_holds() -> None:
    """The clash resolved with the game's own dice: the Russians take their losses rather
    than flee, and still hold the railway hex when the clash is over."""
    state = _position()
    agents = {"russian": HeuristicAgent(1), "german": HeuristicAgent(2)}
    state.apply("russian", decide(agents["russian"], state, "russian"))
    flights = []
    for _ in range(30):
        if not any(frame["kind"] == "clash" for frame in state.data["stack"]):
            break
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        action = decide(agents[role], state, role)
        if action["type"] == "flee":
            flights.append((role, action, agents[role].last_explanation))
        state.apply(role, action)
    else:
        raise AssertionError("the clash did not end")
    assert [(role, action["hexes"]) for role, action, _ in flights] == [("russian", 0)]
    assert "rather than flee" in flights[0][2]
    assert _holders(state, RAILWAY_HEX) == {"russian"}
    assert not state.is_over()
    texts = [entry.get("text", "") for entry in state.data["log"]]
    assert any("Russians stand and take their losses" in text for text in texts)


def test_a_firm_rule_of_thumb_is_kept_unsearched_by_the_rollout_agent() -> None:
    state = _position()
    agent = RolloutAgent(1, Budget(iterations=40))
    assert decide(agent, state, "russian") == {"type": "card", "card": "defence"}
    assert (agent.searched, agent.last_iterations) == (0, 0)
    assert agent.last_explanation.startswith("stands on the defence in A20 B13")


def test_elsewhere_the_card_still_follows_the_strengths(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no hex at stake (no region where one unit wins), the same Russians, twice as
    strong, ATTACK (9.3)."""
    from greatwar.ai import heuristic_tannenberg

    monkeypatch.setattr(heuristic_tannenberg, "threats", lambda st, side: [])
    state = _position()
    choice = HeuristicAgent(1).act(state, "russian", usable(state.legal_actions("russian")))
    assert choice.action == {"type": "card", "card": "attack"}
    assert not choice.firm
