"""The rollout agent: policy improvement over the heuristic agent by rollouts compared on
common random numbers. Legal and explained on every system and role, reproducible with an
iteration budget, overrules the heuristic only when the sampled futures say so."""

from __future__ import annotations

from typing import Any

import pytest

import greatwar
from greatwar.ai import AGENTS, Budget, HeuristicAgent, decide, make_agent
from greatwar.ai.rollout import DECISIVE, Candidate, RolloutAgent, RolloutSettings, _halve
from greatwar.ai.search import usable
from tests.ai.conftest import SYSTEMS, CheckedPlay, busy_state

TINY = Budget(iterations=6)
QUICK = RolloutSettings(horizon=10, decisive_only=False)


def _busy_state(scenario: str, steps: int) -> tuple[greatwar.State, str]:
    return busy_state(scenario, steps, choices=3)


@pytest.mark.parametrize(("scenario", "options"), SYSTEMS)
def test_every_decision_of_a_short_game_is_legal_and_explained(
    scenario: str, options: dict[str, Any], play_checked: CheckedPlay
) -> None:
    game = greatwar.load(scenario, options)
    agents = {r: RolloutAgent(n, TINY, settings=QUICK) for n, r in enumerate(game.roles())}
    counted = play_checked(
        game.new_state(seed=4), agents, lambda role, _: agents[role].searched, enough=2, steps=400
    )
    assert min(counted.values()) >= 2, counted


@pytest.mark.parametrize("scenario", ["gwite/teaching", "tannenberg/teaching"])
def test_an_iteration_budget_makes_the_choice_depend_only_on_the_seed(scenario: str) -> None:
    state, role = _busy_state(scenario, 30)
    before = state.digest()
    first = RolloutAgent(7, TINY, settings=QUICK)
    second = RolloutAgent(7, TINY, settings=QUICK)
    assert decide(first, state, role) == decide(second, state, role)
    assert first.last_explanation == second.last_explanation
    assert 0 < first.last_iterations <= TINY.iterations  # type: ignore[operator]
    assert state.digest() == before  # the search never touches the true state


def _last_action_is(target: dict[str, Any]) -> Any:
    """An evaluator that likes only the states whose last action was ``target``."""

    def value(state: greatwar.State, _role: str) -> float:
        return 1.0 if state.data["actions"][-1][1] == target else -1.0

    return value


def test_overrules_the_heuristic_when_the_sampled_futures_favour_another_action() -> None:
    state, role = _busy_state("gwite/teaching", 20)
    heuristic_pick = decide(HeuristicAgent(3), state, role)
    target = next(a for a in usable(state.legal_actions(role)) if a != heuristic_pick)
    no_rollout = RolloutSettings(horizon=0, decisive_only=False)
    agent = RolloutAgent(3, TINY, settings=no_rollout, evaluate=_last_action_is(target))
    assert decide(agent, state, role) == target
    assert agent.overruled == 1
    assert "against" in agent.last_explanation  # the pick it overruled, and how it scored


def test_keeps_the_heuristic_s_pick_when_no_rival_does_better() -> None:
    state, role = _busy_state("gwite/teaching", 20)
    heuristic_pick = decide(HeuristicAgent(3), state, role)
    every = RolloutSettings(horizon=0, decisive_only=False)
    flat = RolloutAgent(3, TINY, settings=every, evaluate=lambda *_: 0.0)
    assert decide(flat, state, role) == heuristic_pick
    assert (flat.searched, flat.overruled) == (1, 0)


def test_a_time_budget_plays_at_least_one_rollout() -> None:
    state, role = _busy_state("gwite/teaching", 30)
    agent = RolloutAgent(1, Budget(seconds=0.0), settings=QUICK)
    assert decide(agent, state, role) in state.legal_actions(role)
    assert agent.last_iterations >= 1


def test_with_a_focus_other_decisions_are_the_heuristic_s() -> None:
    state, role = _busy_state("gwite/teaching", 10)
    elsewhere = RolloutAgent(0, TINY, settings=RolloutSettings(focus=frozenset({"no-such"})))
    assert decide(elsewhere, state, role) in state.legal_actions(role)
    assert (elsewhere.last_iterations, elsewhere.searched) == (0, 0)


def test_by_default_only_the_decisive_decisions_are_thought_about() -> None:
    state, role = _busy_state("gwite/teaching", 10)
    kinds = {a["type"] for a in state.legal_actions(role)}
    agent = RolloutAgent(0, TINY)
    decide(agent, state, role)
    thought = bool(kinds & DECISIVE["gwite"])
    assert (agent.searched, agent.last_iterations > 0) == (int(thought), thought)


def test_sequential_halving_keeps_the_better_half_and_the_heuristic_s_pick() -> None:
    pick = Candidate({"type": "a"}, True, [-0.5])
    others = [Candidate({"type": t}, False, [s]) for t, s in (("b", 0.9), ("c", 0.1), ("d", 0.5))]
    kept = _halve([pick, *others])
    assert [c.action["type"] for c in kept] == ["a", "b"]


def test_the_registry_makes_a_rollout_agent_with_its_budget() -> None:
    assert AGENTS["rollout"] is RolloutAgent
    agent = make_agent("rollout", 3, Budget(iterations=5))
    assert isinstance(agent, RolloutAgent)
    assert agent.budget == Budget(iterations=5)


def test_the_heuristic_s_memory_follows_a_choice_it_did_not_make() -> None:
    state, _ = _busy_state("gwite/teaching", 10)
    base = HeuristicAgent(0)
    twin = base.fork(1)
    twin.note(state, {"type": "select", "unit": "R-XIX"})
    assert twin.remembers(("moved", "R-XIX"))
    assert not base.remembers(("moved", "R-XIX"))  # a fork remembers on its own
