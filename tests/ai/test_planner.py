"""The turn planner: plans a whole player-turn (portfolio greedy search over per-unit
scripts, scored through the enemy's reply). Legal and explained on every system and role,
blind to what its seat may not see, reproducible with an iteration budget, replanning when
its plan's next step is no longer legal. Never its win rates (benchmarks measure those)."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import pytest

import greatwar
from greatwar.ai import AGENTS, Budget, HeuristicAgent, World, decide, make_agent, plans
from greatwar.ai.base import explanation
from greatwar.ai.evaluate import AUTOMATIC_REACH, evaluate
from greatwar.ai.heuristic import Choice
from greatwar.ai.planner import (
    HOLD,
    TOWARD,
    Plan,
    PlannerAgent,
    PlannerSettings,
    ScriptedTurn,
    _Search,
    moving_unit,
    scripted_move,
    turn_key,
)
from greatwar.ai.rollout import RolloutAgent
from greatwar.ai.search import better_half, usable
from greatwar.rules.tannenberg import units as TU
from tests.ai.conftest import SYSTEMS, CheckedPlay

TINY = Budget(iterations=3)
#: one sampled future a plan, one target, short playouts: quick enough for tests
QUICK = PlannerSettings(samples=1, targets=1, max_actions=300)
#: the same, its plans played as the first sampled future's actions, step by step (the
#: default)
STEPS = replace(QUICK, live=False)


def _planner(seed: int, budget: Budget = TINY, **kwargs: Any) -> PlannerAgent:
    return PlannerAgent(seed, budget, settings=kwargs.pop("settings", QUICK), **kwargs)


def _first_decision(scenario: str, seed: int = 3) -> tuple[greatwar.State, str]:
    """A new game's first decision with a choice to make, and the role making it."""
    state = greatwar.load(scenario).new_state(seed=seed)
    for _ in range(50):
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        if len(usable(state.legal_actions(role))) > 1:
            return state, role
        state.apply(role, usable(state.legal_actions(role))[0])
    raise AssertionError("no choice found")


@pytest.mark.parametrize(("scenario", "options"), SYSTEMS)
def test_every_decision_of_a_short_game_is_legal_and_explained(
    scenario: str, options: dict[str, Any], play_checked: CheckedPlay
) -> None:
    game = greatwar.load(scenario, options)
    agents = {r: _planner(n) for n, r in enumerate(game.roles())}
    counted = play_checked(
        game.new_state(seed=4), agents, lambda role, _: agents[role].plans, enough=1, steps=300
    )
    assert min(counted.values()) >= 1, counted


def test_the_registry_makes_a_planner_with_its_budget() -> None:
    assert AGENTS["planner"] is PlannerAgent
    agent = make_agent("planner", 3, Budget(iterations=5))
    assert isinstance(agent, PlannerAgent)
    assert agent.budget == Budget(iterations=5)
    assert make_agent("planner").budget == Budget(seconds=5.0)  # the stated think time


# --- hidden information ---------------------------------------------------------------------


class _SampleOnly:
    """A world that offers nothing but samples (the planner may read nothing else)."""

    def __init__(self, world: World) -> None:
        self.role = world.role
        self.sample = world.sample


def test_the_planner_reads_the_world_only_through_its_samples() -> None:
    state, role = _first_decision("tannenberg/teaching")
    before = state.digest()
    agent = _planner(5)
    action = agent.choose_in(state.lean_view(role), _SampleOnly(World(state, role)))  # type: ignore[arg-type]
    assert action in state.legal_actions(role)
    assert agent.plans == 1
    assert state.digest() == before  # the playouts never touch the true state


def test_hidden_parts_that_differ_leave_the_choice_the_same() -> None:
    state, role = _first_decision("tannenberg/teaching")
    assert state.game.hidden_information
    # another true state: the same in all the seat may see, its hidden parts drawn afresh
    other = World(state, role).sample(random.Random(11))
    assert other.view(role) == state.view(role)
    assert other.digest() != state.digest()
    first, second = _planner(5), _planner(5)
    assert decide(first, state, role) == decide(second, other, role)
    assert first.last_explanation == second.last_explanation


# --- reproducibility ----------------------------------------------------------------------


def _short_game(seed: int, actions: int) -> tuple[str, list[str | None]]:
    game = greatwar.load("gwite/teaching")
    state = game.new_state(seed=seed)
    planner_role, other = game.roles()
    agents = {planner_role: _planner(seed), other: HeuristicAgent(seed + 1)}
    reasons = []
    for _ in range(actions):
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, decide(agents[role], state, role))
        if role == planner_role:
            reasons.append(explanation(agents[role]))
    return state.digest(), reasons


def test_an_iteration_budget_gives_the_same_game_from_the_same_seed() -> None:
    assert _short_game(2, 120) == _short_game(2, 120)


# --- plans, steps and replanning ------------------------------------------------------------


def test_the_plan_s_steps_are_played_one_by_one_after_one_plan() -> None:
    state, role = _first_decision("gwite/teaching")
    agent = _planner(1, settings=STEPS)
    key = turn_key(state)
    for _ in range(6):
        action = decide(agent, state, role)
        assert action in usable(state.legal_actions(role))
        state.apply(role, action)
        if turn_key(state) != key or role not in state.active_roles():
            break
    assert (agent.plans, agent.replans) == (1, 0)
    assert agent.last_iterations <= TINY.iterations  # type: ignore[operator]


def test_replans_when_the_plan_s_next_step_is_no_longer_legal() -> None:
    state, role = _first_decision("gwite/teaching")
    agent = _planner(1, settings=STEPS)
    planned = decide(agent, state, role)
    assert planned["type"] == "select"
    # the game goes otherwise than planned: another unit is taken in hand
    other = next(a for a in state.legal_actions(role) if a["type"] == "select" and a != planned)
    state.apply(role, other)
    action = decide(agent, state, role)
    assert action in usable(state.legal_actions(role))
    assert (agent.plans, agent.replans) == (2, 1)
    assert agent.last_explanation.startswith("replans (")
    assert "is no longer legal" in agent.last_explanation


def _closeness(state: greatwar.State, role: str) -> float:
    """An evaluator that likes one's fighting units close to the enemy's."""
    static, units = state.game.static.units, state.data["units"]
    board = state.game.scenario.board
    mine, theirs = [], []
    for uid, rec in units.items():
        if (
            rec["status"] == "on_map"
            and rec["hex"]
            and static[uid].type not in ("hq", "supply_depot")
        ):
            (mine if static[uid].side == role else theirs).append(rec["hex"])
    gap = sum(min(board.distance(h, e) for e in theirs) for h in mine)
    return -gap / 1000.0


def test_the_reason_names_the_plan_its_units_and_what_it_was_weighed_against() -> None:
    state, role = _first_decision("gwite/teaching")
    eager = PlannerSettings(samples=1, margin=0.0)  # any gain makes a plan
    agent = PlannerAgent(1, Budget(iterations=8), settings=eager, evaluate=_closeness)
    decide(agent, state, role)
    plan = agent.plan
    assert plan is not None and plan.target is not None
    reason = agent.last_explanation
    assert reason.startswith(f"concentrate on {plan.target}: ")
    sent = [u for u, s in plan.scripts.items() if s == f"{TOWARD} {plan.target}"]
    assert sent
    for uid in sent:
        assert state.game.static.units[uid].name in reason
    assert "for the rule-of-thumb turn" in reason  # what it was weighed against


def test_when_no_plan_beats_the_rule_of_thumb_turn_it_is_kept_and_said_so() -> None:
    state, role = _first_decision("gwite/teaching")
    agent = PlannerAgent(
        1, Budget(iterations=8), settings=PlannerSettings(samples=1), evaluate=lambda *_: 0.0
    )
    action = decide(agent, state, role)
    assert action == decide(HeuristicAgent(1), state, role)
    assert agent.last_explanation.startswith("the rule-of-thumb turn (expected 50%")


def test_the_runner_up_named_is_one_raced_as_far_as_the_kept_turn() -> None:
    """A plan dropped early by the race (a good mean over fewer futures) is not named as
    the runner-up beside one raced as far; named alone, its futures are counted."""
    from types import SimpleNamespace

    base = Plan("the rule-of-thumb turn", {}, scores=[0.0] * 4)
    dropped = Plan("hold the line", {}, scores=[0.5, 0.5])
    raced = Plan("concentrate on 1005", {}, "1005", scores=[-0.1] * 4)
    agent = PlannerAgent(1)
    search = SimpleNamespace(
        baseline=base, scored=[base, dropped, raced], candidates=2, raced=False, kept=None
    )
    assert agent._explain(base, search) == (  # type: ignore[arg-type]
        "the rule-of-thumb turn (expected 50% over 4 sampled replies; concentrate on 1005 45%)"
    )
    search.scored = [base, dropped]
    assert agent._explain(base, search).endswith(  # type: ignore[arg-type]
        "; hold the line 75% over 2 sampled replies)"
    )


# --- the scripts ----------------------------------------------------------------------------


def _unit_in_hand() -> tuple[greatwar.State, str, str, list[dict[str, Any]]]:
    state, role = _first_decision("gwite/teaching")
    select = next(a for a in state.legal_actions(role) if a["type"] == "select")
    state.apply(role, select)
    return state, role, select["unit"], usable(state.legal_actions(role))


def test_toward_takes_the_legal_move_that_ends_nearest_the_target() -> None:
    state, _role, unit, legal = _unit_in_hand()
    board = state.game.scenario.board
    moves = [a for a in legal if a["type"] == "move"]
    target = max(moves, key=lambda a: board.distance(state.data["units"][unit]["hex"], a["to"]))[
        "to"
    ]
    choice = scripted_move(state, legal, unit, f"{TOWARD} {target}")
    assert choice is not None
    assert choice.action in moves
    assert board.distance(choice.action["to"], target) == min(
        board.distance(a["to"], target) for a in moves
    )
    assert f"toward {target}" in choice.reason


def test_hold_ends_the_unit_s_move_where_it_stands() -> None:
    state, role, unit, legal = _unit_in_hand()
    choice = ScriptedTurn(HeuristicAgent(0), {unit: HOLD}).act(state, role, legal)
    assert choice.action["type"] == "finish"
    assert choice.action["unit"] == unit
    assert choice.reason.startswith("holds ")


def test_a_copy_of_the_planner_goes_on_with_its_plan() -> None:
    """The server thinks in a worker, on a copy of the agent, and keeps the copy."""
    state, role = _first_decision("gwite/teaching")
    agent = _planner(1)
    state.apply(role, decide(agent, state, role))
    copy = pickle.loads(pickle.dumps(agent))
    assert decide(copy, state, role) in usable(state.legal_actions(role))
    assert (copy.plans, copy.replans) == (1, 0)


def test_a_turn_s_think_time_once_spent_leaves_only_the_rule_of_thumb_turn() -> None:
    state, role = _first_decision("gwite/teaching")
    agent = PlannerAgent(1, Budget(seconds=0.0), settings=QUICK)
    action = decide(agent, state, role)
    assert action in usable(state.legal_actions(role))
    assert agent.last_iterations == 1  # the rule-of-thumb turn, played out once
    assert "its budget leaves no time for other plans" in agent.last_explanation


def test_a_plan_takes_at_most_its_share_of_the_turn_s_think_time_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Half of what is left, each time: a plan made again after the enemy has acted
    still has time to weigh plans (time itself is not measured: the search's limit is)."""
    from greatwar.ai import planner as planner_module

    given: list[float | None] = []
    real = planner_module._Search.__init__

    def spy(
        self: Any, agent: Any, world: Any, role: str, futures: Any, seconds: Any, kept: Any = None
    ) -> None:
        given.append(seconds)
        real(self, agent, world, role, futures, seconds, kept)

    monkeypatch.setattr(planner_module._Search, "__init__", spy)
    state, role = _first_decision("gwite/teaching")
    agent = PlannerAgent(1, Budget(seconds=4.0), settings=QUICK)
    decide(agent, state, role)
    assert given == [2.0]
    agent._spent = 1.0  # as if the first plan had taken a second
    agent._make_plan(World(state, role), role, random.Random(1), agent._key)  # type: ignore[arg-type]
    assert given[1] == pytest.approx((4.0 - 1.0) * 0.5)


# --- the race: the leading plans scored in more futures ------------------------------------


def test_the_leading_plans_are_raced_in_more_futures_within_the_iteration_budget() -> None:
    state, role = _first_decision("gwite/teaching")
    racing = PlannerSettings(samples=1, most_samples=4, targets=2, max_actions=300)
    agent = PlannerAgent(1, Budget(iterations=30), settings=racing, evaluate=_closeness)
    decide(agent, state, role)
    plan = agent.plan
    assert plan is not None
    assert 4 < agent.last_iterations <= 30
    assert len(plan.scores) == 4  # raced to the most futures, not the first pass's one
    assert "over 4 sampled replies" in agent.last_explanation


def test_the_race_keeps_the_rule_of_thumb_turn_when_no_plan_beats_it() -> None:
    state, role = _first_decision("gwite/teaching")
    racing = PlannerSettings(samples=1, most_samples=3, max_actions=300)
    agent = PlannerAgent(1, Budget(iterations=40), settings=racing, evaluate=lambda *_: 0.0)
    action = decide(agent, state, role)
    assert action == decide(HeuristicAgent(1), state, role)
    assert agent.last_explanation.startswith(
        "the rule-of-thumb turn (expected 50% over 3 sampled replies"
    )


def test_without_a_race_the_first_pass_decides() -> None:
    """``most_samples`` no more than ``samples``: every plan is scored in the same first
    futures and nothing more is played."""
    state, role = _first_decision("gwite/teaching")
    flat = PlannerSettings(samples=2, most_samples=2, targets=1, refine=False, max_actions=300)
    agent = PlannerAgent(1, Budget(iterations=40), settings=flat, evaluate=_closeness)
    decide(agent, state, role)
    assert agent.plan is not None and len(agent.plan.scores) == 2
    assert agent.last_iterations <= 2 * 3  # the rule of thumb, one target, holding the line


def test_halving_keeps_the_better_half_in_order() -> None:
    plans = [Plan(str(n), {}, scores=[score]) for n, score in enumerate([0.1, 0.5, -0.2, 0.4, 0.3])]
    assert [p.label for p in better_half(plans, Plan.mean)] == ["1", "3", "4"]


# --- replanning when others have acted ------------------------------------------------------


@pytest.mark.parametrize("live", [False, True], ids=["steps", "policy"])
def test_replans_when_another_seat_has_acted_since_its_last_step(live: bool) -> None:
    """Tannenberg 3.1: both sides act within one stage (orders, then each side's movement),
    so a plan made before the enemy moved is made again once he has; played as a policy,
    a plan is made again within its player-turn for nothing else. (Without tactics: the
    reserves decided at the orders phase would go to the rollouts, and the plan be made
    only at the Russians' movement, after the Germans'.)"""
    game = greatwar.load("tannenberg/teaching")
    state = game.new_state(seed=3)
    planner = _planner(1, settings=replace(QUICK, tactics=0, live=live))
    others = {r: HeuristicAgent(7) for r in game.roles() if r != "russian"}
    acted_between = False
    for _ in range(200):
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        if role == "russian":
            key, before = turn_key(state), planner.replans
            action = decide(planner, state, role)
            replanned = planner.replans > before and turn_key(state) == key
            assert acted_between or not replanned or not live
            if acted_between and replanned:
                break
            acted_between = False
        else:
            action = decide(others[role], state, role)
            acted_between = planner.plans > 0
        state.apply(role, action)
    else:
        raise AssertionError("the planner never replanned after the Germans acted")
    assert planner.last_explanation.startswith("replans (others have acted since its last step)")


class _Switch:
    """An evaluator that likes closeness to the enemy until switched off, then nothing."""

    def __init__(self) -> None:
        self.on = True

    def __call__(self, state: greatwar.State, role: str) -> float:
        return _closeness(state, role) if self.on else 0.0


def _replanned(keep: bool) -> tuple[PlannerAgent, Plan, greatwar.State, str, dict[str, Any]]:
    """A concentration planned (closeness scores), another unit it sends taken in hand
    than the one planned, then every position scores the same: the plan (played step by
    step) is made again mid-turn, with the unit in hand (the state and role returned
    before the action)."""
    state, role = _first_decision("gwite/teaching")
    values = _Switch()
    eager = PlannerSettings(
        samples=1, margin=0.0, refine=False, keep=keep, max_actions=300, live=False
    )
    agent = PlannerAgent(1, Budget(iterations=8), settings=eager, evaluate=values)
    planned = decide(agent, state, role)
    first = agent.plan
    assert first is not None and first.target is not None
    other = next(
        a
        for a in state.legal_actions(role)
        if a["type"] == "select" and a != planned and first.scripts.get(a["unit"], "") != ""
    )
    state.apply(role, other)
    values.on = False
    action = decide(agent, state, role)
    assert agent.replans == 1
    return agent, first, state, role, action


def test_a_plan_made_again_mid_turn_keeps_the_one_it_replaces_unless_beaten() -> None:
    """No plan does better in the new futures: the concentration is carried on (its
    scripts, its reason), not dropped for the rule-of-thumb turn, and the unit in hand is
    moved as the concentration sends it."""
    agent, first, state, role, action = _replanned(keep=True)
    assert agent.plan is not None
    assert (agent.plan.label, agent.plan.scripts) == (first.label, first.scripts)
    assert "keeps to its plan, concentrate on" in agent.last_explanation
    legal = usable(state.legal_actions(role))
    unit = next(a["unit"] for a in legal if a["type"] == "move")
    sent = scripted_move(state, legal, unit, first.scripts[unit])
    assert sent is not None and action == sent.action


def test_without_keeping_a_plan_made_again_falls_back_to_the_rule_of_thumb_turn() -> None:
    agent, *_ = _replanned(keep=False)
    assert agent.plan is not None and agent.plan.scripts == {}
    assert "the rule-of-thumb turn (expected 50%" in agent.last_explanation


def test_the_plan_carried_on_is_left_for_one_better_by_the_margin() -> None:
    from types import SimpleNamespace

    base = Plan("the rule-of-thumb turn", {}, scores=[0.0, 0.0])
    kept = Plan("hold the line", {"u": HOLD}, scores=[0.1, 0.1])
    near = Plan("concentrate on 1005", {"u": f"{TOWARD} 1005"}, "1005", scores=[0.11, 0.11])
    far = Plan("concentrate on 1006", {"u": f"{TOWARD} 1006"}, "1006", scores=[0.2, 0.2])
    better = _Search._better
    search = SimpleNamespace(kept=kept, settings=PlannerSettings(margin=0.02))
    assert better(search, base, [kept, near]) is kept  # type: ignore[arg-type]
    assert better(search, base, [kept, near, far]) is far  # type: ignore[arg-type]
    assert better(search, base, [near]) is near  # dropped from the race: the rule stands
    search.kept = None
    assert better(search, base, [kept, near]) is near  # type: ignore[arg-type]
    kept.scores = [-0.1, -0.1]
    search.kept = kept
    assert better(search, base, [kept]) is base  # type: ignore[arg-type]


def test_a_new_plan_of_the_same_name_is_not_said_to_be_kept() -> None:
    """Only the plan carried on (its scripts) is "kept": a new concentration on the same
    hex with other units is a new plan."""
    from types import SimpleNamespace

    base = Plan("the rule-of-thumb turn", {}, scores=[0.0])
    kept = Plan("concentrate on 1005", {"a": f"{TOWARD} 1005"}, "1005", scores=[0.1])
    other = Plan("concentrate on 1005", {"b": f"{TOWARD} 1005"}, "1005", scores=[0.1])
    agent = PlannerAgent(1)
    search = SimpleNamespace(baseline=base, scored=[base, kept], candidates=1, raced=False)
    search.kept = kept
    assert agent._explain(kept, search).startswith("keeps to its plan, concentrate on 1005")  # type: ignore[arg-type]
    assert agent._explain(other, search).startswith("concentrate on 1005")  # type: ignore[arg-type]


def test_its_own_steps_alone_leave_the_plan_standing() -> None:
    state, role = _first_decision("gwite/teaching")
    agent = _planner(1)
    for _ in range(4):
        state.apply(role, decide(agent, state, role))
        assert role in state.active_roles()
    assert agent.replans == 0


def _live_concentration() -> tuple[PlannerAgent, Plan, greatwar.State, str]:
    """A concentration planned (closeness scores) and played as a policy; then another
    unit it sends is taken in hand than the one its first sampled future took."""
    state, role = _first_decision("gwite/teaching")
    eager = PlannerSettings(samples=1, margin=0.0, refine=False, max_actions=300, live=True)
    agent = PlannerAgent(1, Budget(iterations=8), settings=eager, evaluate=_closeness)
    planned = decide(agent, state, role)
    plan = agent.plan
    assert plan is not None and plan.target is not None
    assert planned == plan.line[0].action  # the first sampled future's first step
    other = next(
        a
        for a in state.legal_actions(role)
        if a["type"] == "select" and a != planned and plan.scripts.get(a["unit"], "") != ""
    )
    state.apply(role, other)
    return agent, plan, state, role


def test_a_plan_played_as_a_policy_moves_any_unit_in_hand_by_its_script() -> None:
    """Played live, the plan does not go stale when the game goes otherwise than its first
    sampled future (another unit in hand): no plan is made again, and the unit in hand
    moves as the plan's script for it sends it, in the game as it stands."""
    agent, plan, state, role = _live_concentration()
    action = decide(agent, state, role)
    assert (agent.plans, agent.replans) == (1, 0)
    assert agent.plan is plan
    legal = usable(state.legal_actions(role))
    unit = next(a["unit"] for a in legal if a["type"] == "move")
    sent = scripted_move(state, legal, unit, plan.scripts[unit])
    assert sent is not None and action == sent.action
    assert agent.last_explanation.startswith(f"{plan.label}: ")
    assert "replans" not in agent.last_explanation


def test_a_plan_played_as_a_policy_leaves_the_rest_to_the_rules_of_thumb() -> None:
    """A decision the plan's scripts do not settle (no unit in hand: which to take next)
    is the heuristic agent's, as in the plan's playouts; the plan is not made again."""
    agent, plan, state, role = _live_concentration()
    asked: list[Choice] = []
    act = agent._base.act

    def spy(*args: Any, **kwargs: Any) -> Choice:
        asked.append(act(*args, **kwargs))
        return asked[-1]

    agent._base.act = spy  # type: ignore[method-assign]
    key = turn_key(state)
    for _ in range(30):
        legal = usable(state.legal_actions(role))
        free = moving_unit(legal) is None
        action = decide(agent, state, role)
        if free and len(legal) > 1:
            assert asked and action == asked[-1].action
            assert agent.last_explanation == f"{agent._summary}: {asked[-1].reason}"
            break
        state.apply(role, action)
        assert turn_key(state) == key and role in state.active_roles()
    else:
        raise AssertionError("no unit was put down")
    assert (agent.plans, agent.replans) == (1, 0) and agent.plan is plan


# --- tactics: the decisions that move no unit, weighed by rollouts --------------------------


def _first_card_decision() -> tuple[greatwar.State, str]:
    """Tannenberg 9.3: the first combat card of a heuristic game (seed 5) that the rollout
    agent (4 rollouts) decides otherwise than the rules of thumb, and its role."""
    state = greatwar.load("tannenberg/teaching").new_state(seed=5)
    agents: dict[str, HeuristicAgent] = {}
    for _ in range(600):
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        if {a["type"] for a in usable(state.legal_actions(role))} == {"card"}:
            rollout = RolloutAgent(1, Budget(iterations=4))
            decide(rollout, state.clone(), role)
            if rollout.overruled:
                return state, role
        agent = agents.setdefault(role, HeuristicAgent(7))
        state.apply(role, decide(agent, state, role))
    raise AssertionError("no combat card the rollouts overrule in 600 actions")


def test_tannenberg_9_3_a_combat_card_is_weighed_by_the_rollout_search_on_its_share() -> None:
    """The card is chosen by the rollout agent's search, with the planner's evaluation,
    on a tenth of the budget (40 iterations: 4 a card), here overruling the rule of
    thumb, and played."""
    state, role = _first_card_decision()
    planner = PlannerAgent(1, Budget(iterations=40), settings=QUICK)
    rollout = RolloutAgent(1, Budget(iterations=4), evaluate=planner.evaluate)
    expected = decide(rollout, state.clone(), role)
    rule_of_thumb = decide(HeuristicAgent(1), state.clone(), role)
    assert rollout.overruled == 1 and expected != rule_of_thumb  # the premise
    chosen = decide(planner, state, role)
    assert chosen == expected
    assert planner.last_explanation == f"weighs it by rollouts: {rollout.last_explanation}"
    assert planner.last_iterations == rollout.last_iterations > 0
    assert planner.plans == 0  # no plan made for a card
    state.apply(role, chosen)
    card = str(chosen["card"]).upper()
    assert any(f"card: {card}" in entry.get("text", "") for entry in state.data["log"][-3:])


def test_without_a_share_for_tactics_the_rules_of_thumb_choose_the_card() -> None:
    state, role = _first_card_decision()
    planner = PlannerAgent(1, Budget(iterations=40), settings=replace(QUICK, tactics=0))
    chosen = decide(planner, state.clone(), role)
    assert chosen == decide(HeuristicAgent(1), state, role)
    assert "rollouts" not in planner.last_explanation


@pytest.mark.parametrize(
    ("system", "kinds", "tactical"),
    [
        ("tannenberg", {"card"}, True),
        ("tannenberg", {"end_reserve", "reserve"}, True),
        ("tannenberg", {"end_pursuit", "pursue"}, True),
        ("tannenberg", {"end_phase", "end_step", "finish", "move", "select", "cut_track"}, False),
        ("tannenberg", {"first_step", "stay"}, True),
        ("gwite", {"declare", "end_segment"}, True),
        ("gwite", {"option"}, True),
        ("gwite", {"end_segment", "finish", "move", "select"}, False),
        ("gwite", {"detrain", "end_segment", "finish", "rail_move", "select"}, False),
        ("gwite", {"end_segment", "entrain"}, False),
    ],
)
def test_a_decision_is_tactical_when_it_is_decisive_and_moves_no_unit(
    system: str, kinds: set[str], tactical: bool
) -> None:
    from greatwar.ai.planner import _tactical

    assert _tactical([{"type": k} for k in sorted(kinds)], system) is tactical


def test_the_tactics_think_a_tenth_of_a_plan_s_budget_beside_it() -> None:
    assert PlannerAgent(1, Budget(iterations=40))._tactics.budget == Budget(iterations=4)
    assert PlannerAgent(1)._tactics.budget == Budget(seconds=0.5)  # the default 5 s
    assert PlannerAgent(1, Budget(iterations=3))._tactics.budget == Budget(iterations=1)
    assert PlannerAgent(1, settings=PlannerSettings(tactics=0))._tactics is None


def test_a_tactical_choice_other_than_the_plan_s_step_drops_the_rest_of_the_plan() -> None:
    state, role = _first_card_decision()
    planner = PlannerAgent(1, Budget(iterations=40), settings=STEPS)
    rule_of_thumb = decide(HeuristicAgent(1), state.clone(), role)
    later = Choice({"type": "end_phase"}, "ends the phase")
    planner._steps = [Choice(rule_of_thumb, "plays the card"), later]
    planner._key = turn_key(state)
    chosen = decide(planner, state, role)
    assert chosen != rule_of_thumb  # the rollouts overrule it (the first test's premise)
    assert planner._steps == []
    assert planner._stale([]).startswith("replans (its rollouts chose otherwise than the plan)")


def test_a_tactical_choice_as_the_plan_s_step_passes_the_step_over() -> None:
    state, role = _first_card_decision()
    planner = PlannerAgent(1, Budget(iterations=40), settings=STEPS)
    rollout = RolloutAgent(1, Budget(iterations=4))
    expected = decide(rollout, state.clone(), role)
    later = Choice({"type": "end_phase"}, "ends the phase")
    planner._steps = [Choice(expected, "plays the card"), later]
    assert decide(planner, state, role) == expected
    assert planner._steps == [later]


# --- 19.2 automatic victories: the plans weighed ---------------------------------------------


def _tannenberg_start() -> greatwar.State:
    return greatwar.load("tannenberg/teaching").new_state(seed=11)


def _search(state: greatwar.State, role: str) -> Any:
    from greatwar.ai.planner import _Search

    return _Search(_planner(1), World(state, role), role, [1], None)


def _fighting(state: greatwar.State, side: str) -> list[str]:
    static = state.game.static.units
    return [
        uid
        for uid, rec in state.data["units"].items()
        if rec["status"] == "on_map" and static[uid].side == side and static[uid].type == "infantry"
    ]


def test_tannenberg_19_2_2_the_guard_plan_sends_the_nearest_unit_to_the_open_railway_hex() -> None:
    # the teaching scenario's Kowal railway (A20 B13, A21 B12, A22 B12): one German
    # infantry unit there wins (19.2.2); the Russians hold A20 B13 and A22 B12
    state = _tannenberg_start()
    fighting = _fighting(state, "russian")
    near = PlannerSettings(reach=1)  # only a German next to the hex counts
    assert plans.guard(state, "russian", fighting, near) is None  # the nearest is four hexes off
    TU.place(state, "G-3-2-I", "A20 B12")  # next to the open hex A21 B12
    plan = plans.guard(state, "russian", fighting, near)
    assert plan is not None
    assert plan.label == "guard A21 B12"
    board = state.game.scenario.board
    nearest = min(board.distance(state.data["units"][u]["hex"], "A21 B12") for u in fighting)
    [(unit, script)] = plan.scripts.items()
    assert script == f"{TOWARD} A21 B12"
    assert board.distance(state.data["units"][unit]["hex"], "A21 B12") == nearest
    # the Germans have no such small region to guard against
    assert plans.guard(state, "german", _fighting(state, "german"), QUICK) is None


def test_tannenberg_19_2_2_a_concentration_on_the_railway_comes_before_the_others() -> None:
    state = _tannenberg_start()
    TU.place(state, "G-3-2-I", "A21 B12")  # a German on the railway's open hex
    board, units = state.game.scenario.board, state.data["units"]
    fighting = _fighting(state, "russian")
    by_railway = sorted(fighting, key=lambda u: board.distance(units[u]["hex"], "A21 B12"))[:2]
    by_other = [u for u in fighting if board.distance(units[u]["hex"], "A13 B11") <= 4]
    assert len(by_other) > 2  # more units could close on the German at A13 B11
    made = plans.candidate_plans(state, "russian", [*by_railway, *by_other], QUICK)
    assert made[0].label == "concentrate on A21 B12"
    assert set(made[0].scripts) == set(by_railway)


def test_tannenberg_19_2_2_the_guard_plan_reinforces_a_railway_hex_the_enemy_stands_next_to() -> (
    None
):
    # the Russians hold Kowal (A20 B13) with two units; a German next to it could win the
    # clash there and pursue onto the railway: the two nearest other units are sent in
    state = _tannenberg_start()
    TU.place(state, "R-1-25-III", "A21 B12")  # every railway hex held by the Russians
    fighting = _fighting(state, "russian")
    assert plans.guard(state, "russian", fighting, QUICK) is None  # no German next to them
    TU.place(state, "G-3-2-I", "A19 B14")  # next to A20 B13, two hexes from A21 B12
    plan = plans.guard(state, "russian", fighting, QUICK)
    assert plan is not None
    assert plan.label == "guard A20 B13"
    board, units = state.game.scenario.board, state.data["units"]
    # R-1-25-III, alone in A21 B12 next to it, is the nearest but stays (the last unit
    # there); the next two nearest go
    others = [u for u in fighting if units[u]["hex"] not in ("A20 B13", "A21 B12")]
    nearest = sorted(others, key=lambda u: (board.distance(units[u]["hex"], "A20 B13"), u))
    assert board.distance(units[nearest[1]]["hex"], "A20 B13") <= PlannerSettings().reach
    assert plan.scripts == dict.fromkeys(nearest[:2], f"{TOWARD} A20 B13")


def test_tannenberg_19_2_2_the_guard_plan_never_sends_the_last_unit_of_a_railway_hex() -> None:
    # the open A21 B12 with a German next to it: of the two infantry units holding A20
    # B13 (next to it) one is sent and one stays (whatever other hex is open); the last
    # one left there stays
    state = _tannenberg_start()
    units = state.data["units"]
    fighting = _fighting(state, "russian")
    near = PlannerSettings(reach=1)  # only a unit next to the hex may be sent
    TU.place(state, "G-3-2-I", "A20 B12")  # next to the open hex A21 B12
    assert [u for u in fighting if units[u]["hex"] == "A20 B13"] == ["R-1-27-III", "R-2-27-III"]
    plan = plans.guard(state, "russian", fighting, near)
    assert plan is not None
    assert plan.scripts == {"R-1-27-III": f"{TOWARD} A21 B12"}
    # A22 B12 emptied too, two hexes from A20 B13 and the German: within a reach of 2
    # R-2-27-III would be its nearest, but it is the last one left in A20 B13
    TU.place(state, "R-Train-1", "A8 B13")
    plan = plans.guard(state, "russian", fighting, PlannerSettings(reach=2))
    assert plan is not None
    assert plan.scripts == {"R-1-27-III": f"{TOWARD} A21 B12"}
    TU.place(state, "R-2-27-III", "A8 B13")  # R-1-27-III alone in A20 B13
    assert plans.guard(state, "russian", fighting, near) is None


def _sent(state: greatwar.State, side: str) -> list[str]:
    static = state.game.static.units
    return [
        uid
        for uid, rec in state.data["units"].items()
        if rec["status"] == "on_map"
        and static[uid].side == side
        and static[uid].type not in ("hq", "supply_train", "mask", "supply_depot")
    ]


def test_tannenberg_19_2_2_make_for_the_railway_sends_the_nearest_infantry_unit() -> None:
    state = _tannenberg_start()
    fighting = _sent(state, "german")
    dashes = {p.label: p for p in plans.make_for(state, "german", fighting, QUICK)}
    board, units = state.game.scenario.board, state.data["units"]
    static = state.game.static.units
    railway = ("A20 B13", "A21 B12", "A22 B12")
    open_railway = ["A21 B12"]  # the Russians hold the other two
    infantry = [u for u in fighting if static[u].type == "infantry"]  # 19.2.2: infantry only
    nearest = min(
        infantry, key=lambda u: (min(board.distance(units[u]["hex"], h) for h in railway), u)
    )
    assert dashes["make for kowal railway (tannenberg 19.2.2)"].scripts == {
        nearest: f"{TOWARD} {open_railway[0]}"
    }
    # 19.2.2 four units east of Kowal: the four nearest, of any fighting type
    ostland = dashes["make for ostland (tannenberg 19.2.2)"].scripts
    assert len(ostland) == 4
    assert all(s.startswith(f"{TOWARD} A24 ") for s in ostland.values())


def test_tannenberg_19_2_1_no_dash_while_the_units_it_needs_are_too_far() -> None:
    # three Russian units west of the Vistula: the third nearest is more than twice the
    # reach (8 hexes) away at the start
    state = _tannenberg_start()
    labels = [p.label for p in plans.make_for(state, "russian", _sent(state, "russian"), QUICK)]
    assert "make for west of vistula (tannenberg 19.2.1)" not in labels
    for uid, h in (("R-1-6-XV", "A6 B14"), ("R-2-6-XV", "A6 B15"), ("R-1-8-XV", "A6 B16")):
        TU.place(state, uid, h)
    labels = [p.label for p in plans.make_for(state, "russian", _sent(state, "russian"), QUICK)]
    assert "make for west of vistula (tannenberg 19.2.1)" in labels


def test_tannenberg_19_2_1_a_clause_that_counts_hexes_sends_each_unit_to_a_hex_of_its_own() -> None:
    # two fortification hexes of Nordheim (A10 B23, A10 B22, A11 B22) must hold Russians
    state = _tannenberg_start()
    for uid, h in (("R-1-6-XV", "A10 B20"), ("R-2-6-XV", "A10 B20")):
        TU.place(state, uid, h)
    dashes = {p.label: p for p in plans.make_for(state, "russian", ["R-1-6-XV", "R-2-6-XV"], QUICK)}
    targets = list(dashes["make for nordheim forts (tannenberg 19.2.1)"].scripts.values())
    assert len(targets) == 2
    assert len(set(targets)) == 2  # a hex apiece


def test_the_reason_of_a_guard_or_a_dash_names_the_units_sent() -> None:
    from types import SimpleNamespace

    agent = _planner(1)
    agent._names = {"G-3-2-I": "3/2/I", "G-4-2-I": "4/2/I"}
    base = Plan("the rule-of-thumb turn", {}, scores=[0.0])
    dash = Plan(
        "make for kowal railway (tannenberg 19.2.2)",
        {"G-3-2-I": f"{TOWARD} A21 B12", "G-4-2-I": "front"},
        scores=[0.5],
    )
    search = SimpleNamespace(
        baseline=base, scored=[base, dash], candidates=1, raced=False, kept=None
    )
    reason = agent._explain(dash, search)  # type: ignore[arg-type]
    assert reason == (
        "make for kowal railway (tannenberg 19.2.2): 3/2/I sent"
        " (expected 75% over one sampled reply, against 50% for the rule-of-thumb turn)"
    )


def _expected_block(state: greatwar.State, russian_hex: str) -> tuple[str, str]:
    """The German unit nearest the hex of west of the Vistula nearest ``russian_hex`` (that
    hex itself when it is in the region), and that hex."""
    board, units = state.game.scenario.board, state.data["units"]
    region = sorted(board.regions["west_of_vistula"])
    way = min(region, key=lambda h: (board.distance(russian_hex, h), h))
    german = min(_sent(state, "german"), key=lambda u: (board.distance(units[u]["hex"], way), u))
    return german, way


@pytest.mark.parametrize("russian_hex", ["A6 B14", "A4 B16"])
def test_tannenberg_19_2_1_barring_the_way_sends_a_unit_between_the_enemy_and_the_region(
    russian_hex: str,
) -> None:
    # three Russian units west of the Vistula win (19.2.1): the Russian nearest the region
    # is met at its nearest hex of it (A6 B14: two hexes off), or where he stands in it
    state = _tannenberg_start()
    TU.place(state, "R-1-6-XV", russian_hex)
    german, way = _expected_block(state, russian_hex)
    if russian_hex == "A4 B16":
        assert way == russian_hex
    assert state.game.scenario.board.distance(state.data["units"][german]["hex"], way) <= 8
    plan = plans.bar_the_way(state, "german", _sent(state, "german"), QUICK)
    assert plan is not None
    assert "west of vistula (tannenberg 19.2.1)" in plan.label
    assert plan.label.startswith("bar the way to ")
    assert plan.scripts[german] == f"{TOWARD} {way}"  # the nearest Russian is met first


def test_tannenberg_19_2_1_the_way_is_barred_from_as_far_as_bar_reach() -> None:
    # a Russian unit one hex off the region west of the Vistula, at its south end, where
    # the nearest German unit stands nine hexes from the region's nearest hex: out of the
    # default's reach (twice 4), sent from within bar_reach 16
    state = _tannenberg_start()
    TU.place(state, "R-1-6-XV", "A1 B28")
    german, way = _expected_block(state, "A1 B28")
    assert way == "A1 B27"
    assert state.game.scenario.board.distance(state.data["units"][german]["hex"], way) == 9
    near = plans.bar_the_way(state, "german", _sent(state, "german"), QUICK)
    assert near is None or f"{TOWARD} {way}" not in near.scripts.values()
    far = replace(QUICK, bar_reach=16)
    assert plans.meeting_reach(far) == 16 and plans.meeting_reach(QUICK) == 8
    plan = plans.bar_the_way(state, "german", _sent(state, "german"), far)
    assert plan is not None
    assert plan.scripts[german] == f"{TOWARD} {way}"


def _german_movement() -> greatwar.State:
    """Seed 11's game played by the heuristic up to the Germans' first movement phase (the
    Russians move first in a stage)."""
    return _first_movement("german")


def _first_movement(mover: str) -> greatwar.State:
    """Seed 11's game played by the heuristic up to ``mover``'s first movement phase."""
    state = _tannenberg_start()
    agents = {"german": HeuristicAgent(1), "russian": HeuristicAgent(2)}
    while True:
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        legal = state.legal_actions(role)
        if role == mover and any(a["type"] == "select" for a in legal):
            return state
        state.apply(role, agents[role].act(state, role, legal).action)


def _movable(state: greatwar.State, role: str) -> list[str]:
    return [a["unit"] for a in state.legal_actions(role) if a["type"] == "select"]


def test_tannenberg_8_2_5_holding_the_enemy_short_pins_the_unit_nearest_the_region() -> None:
    # 19.2.1: three Russian units west of the Vistula win.  A Russian unit five hexes
    # from it, 33L (Landwehr) three hexes from him: sent at him, 33L stops next to him
    # (8.2.1), and he may leave the German's zone only as a result of combat (8.2.5)
    from greatwar.rules.tannenberg import zoc

    state = _german_movement()
    TU.place(state, "R-1-6-XV", "A9 B21")
    assert not zoc.in_enemy_zoc(state, "R-1-6-XV")
    plan = plans.hold_short(state, "german", _movable(state, "german"), QUICK)
    assert plan is not None
    assert plan.label.startswith("hold the enemy short of ")
    assert "west of vistula (tannenberg 19.2.1)" in plan.label
    assert plan.scripts["G-33L"] == f"{TOWARD} A9 B21"
    turn = ScriptedTurn(HeuristicAgent(1), plan.scripts)
    while True:  # the Germans' movement played by the plan
        legal = state.legal_actions("german")
        if not any(a["type"] in ("select", "move", "finish") for a in legal):
            break
        state.apply("german", turn.act(state, "german", legal).action)
    board = state.game.scenario.board
    assert board.distance(state.data["units"]["G-33L"]["hex"], "A9 B21") == 1
    assert zoc.in_enemy_zoc(state, "R-1-6-XV")


def test_tannenberg_19_2_1_both_ways_of_meeting_the_enemy_are_weighed() -> None:
    state = _german_movement()
    TU.place(state, "R-1-6-XV", "A9 B21")
    movable = _movable(state, "german")
    made = {
        p.label.split(" to ")[0].split(" short of ")[0]: p
        for p in plans.candidate_plans(state, "german", movable, QUICK)
    }
    for name in ("bar the way", "hold the enemy"):
        assert "west of vistula (tannenberg 19.2.1)" in made[name].label
    assert made["bar the way"].scripts["G-33L"] == f"{TOWARD} A4 B21"  # the region's hex
    assert made["hold the enemy"].scripts["G-33L"] == f"{TOWARD} A9 B21"  # the Russian


def test_tannenberg_19_2_barring_the_way_leaves_the_small_regions_to_the_guard() -> None:
    # the Kowal railway (one German infantry unit wins, three hexes) is the guard's
    state = _tannenberg_start()
    TU.place(state, "G-3-2-I", "A20 B12")
    plan = plans.bar_the_way(state, "russian", _sent(state, "russian"), QUICK)
    assert plan is None or "kowal" not in plan.label


# --- 19.2 the racing enemy: the reply in every second sampled future -------------------------


def _nearest_to(state: greatwar.State, units: list[str], region: str) -> list[str]:
    board, records = state.game.scenario.board, state.data["units"]
    hexes = board.regions[region]
    return sorted(
        units, key=lambda u: (min(board.distance(records[u]["hex"], h) for h in hexes), u)
    )


def test_tannenberg_19_2_1_the_racing_enemy_sends_the_units_a_victory_needs_however_far() -> None:
    from greatwar.ai.plans import dashes, race_scripts

    state = _tannenberg_start()
    board, units = state.game.scenario.board, state.data["units"]
    railway = board.regions["kowal_railway"]
    free = [u for u in _sent(state, "russian") if units[u]["hex"] not in railway]
    three = _nearest_to(state, free, "west_of_vistula")[:3]
    scripts = race_scripts(state, "russian")
    assert sorted(scripts) == sorted(three)  # Nordheim's town is German: no race there
    vistula = board.regions["west_of_vistula"]
    for uid in three:
        target = scripts[uid].removeprefix(f"{TOWARD} ")
        here = units[uid]["hex"]
        assert target in vistula
        assert board.distance(here, target) == min(board.distance(here, h) for h in vistula)
    # the planner's own dash reaches twice its reach (8 hexes): too short for the third
    labels = [p.label for p in dashes(state, "russian", free, 2 * PlannerSettings().reach)]
    assert "make for west of vistula (tannenberg 19.2.1)" not in labels


def test_tannenberg_19_2_1_the_racing_enemy_leaves_the_garrison_of_a_small_region_on_guard() -> (
    None
):
    # 33L (Landwehr infantry) holds Nordheim's town (one Russian unit there is half the
    # Russians' victory): with every other German infantry unit at the map's far edge it is
    # the nearest to the Kowal railway, and yet stays
    from greatwar.ai.plans import race_scripts

    state = _tannenberg_start()
    static, units = state.game.static.units, state.data["units"]
    assert units["G-33L"]["hex"] in state.game.scenario.board.regions["nordheim_city"]
    for uid in _sent(state, "german"):
        if static[uid].type == "infantry" and uid != "G-33L":
            TU.place(state, uid, "A1 B13")
    assert _nearest_to(state, _fighting(state, "german"), "kowal_railway")[0] == "G-33L"
    scripts = race_scripts(state, "german")
    assert "G-33L" not in scripts
    railway = state.game.scenario.board.regions["kowal_railway"]
    assert any(s.removeprefix(f"{TOWARD} ") in railway for s in scripts.values())


def test_tannenberg_19_2_2_each_victory_raced_for_has_units_of_its_own() -> None:
    # the Germans: one infantry unit on the Kowal railway, four units east of Kowal
    from greatwar.ai.plans import race_scripts

    state = _tannenberg_start()
    board = state.game.scenario.board
    scripts = race_scripts(state, "german")
    targets = {u: s.removeprefix(f"{TOWARD} ") for u, s in scripts.items()}
    railway = [u for u, t in targets.items() if t in board.regions["kowal_railway"]]
    ostland = [u for u, t in targets.items() if t in board.regions["ostland"]]
    assert len(railway) == 1 and len(ostland) == 4 and len(targets) == 5
    assert state.game.static.units[railway[0]].type == "infantry"  # 19.2.2: infantry only


def test_tannenberg_19_2_1_a_victory_of_two_clauses_is_raced_for_whole() -> None:
    # Nordheim: two fortification hexes and the town.  With the town open, three Russians
    # near it race for all three hexes, each for a hex of its own
    from greatwar.ai.plans import race_scripts

    state = _tannenberg_start()
    board, units = state.game.scenario.board, state.data["units"]
    town = board.regions["nordheim_city"]
    for uid, rec in units.items():
        if rec["hex"] in town and state.game.static.units[uid].side == "german":
            TU.place(state, uid, "A16 B20")  # the town emptied
    for uid in ("R-1-6-XV", "R-2-6-XV", "R-1-8-XV"):
        TU.place(state, uid, "A12 B21")
    scripts = race_scripts(state, "russian")
    targets = [s.removeprefix(f"{TOWARD} ") for s in scripts.values()]
    nordheim = [t for t in targets if t in board.regions["nordheim_forts"] or t in town]
    assert len(nordheim) == 3 and len(set(nordheim)) == 3
    assert sum(t in town for t in nordheim) == 1


def test_tannenberg_19_2_the_enemy_races_in_every_second_future_and_his_units_close_on_it() -> None:
    # the Germans' plan played through the Russians' reply in one sampled future, with and
    # without the race: racing, the Russians sent end nearer the Vistula
    from greatwar.ai.planner import _Playout
    from greatwar.ai.plans import race_scripts

    state = _german_movement()
    board = state.game.scenario.board
    expected = race_scripts(state, "russian")
    assert expected

    def played(racing: bool) -> tuple[_Playout, int]:
        sample = state.clone()
        playout = _Playout(_planner(1), sample, "german", Plan("x", {}), 5, racing)
        playout.run(until=2)
        assert playout.changes == 2  # through the Russians' reply
        records = sample.data["units"]
        left = sum(
            board.distance(records[u]["hex"], s.removeprefix(f"{TOWARD} "))
            for u, s in expected.items()
        )
        return playout, left

    racing, raced_left = played(True)
    plain, plain_left = played(False)
    assert racing.rivals == expected and plain.rivals == {}
    assert raced_left < plain_left
    search = _search(state, "german")
    assert [search._racing(n) for n in range(4)] == [False, True, False, True]
    search.settings = replace(search.settings, racing=False)
    assert not any(search._racing(n) for n in range(4))


def test_tannenberg_19_2_2_with_enemy_guard_the_enemy_guards_the_open_railway_hex() -> None:
    # the Russians move first in the stage: A21 B12, a hex of the Kowal railway, stands
    # open, German infantry four hexes off.  In a future of the Germans' plan with
    # enemy_guard the Russians send R-1-27-III (one of the two in A20 B13) into it, as
    # guard_scripts does where they first decide; by rule of thumb alone it goes elsewhere
    from greatwar.ai.planner import _Playout

    state = _first_movement("russian")
    units = state.data["units"]
    assert not any(rec["hex"] == "A21 B12" for rec in units.values())
    expected = plans.guard_scripts(state, "russian", replace(QUICK, reach=9))
    assert expected == {"R-1-27-III": f"{TOWARD} A21 B12"}

    def played(guard: int) -> tuple[Any, greatwar.State]:
        sample = state.clone()
        agent = _planner(1, settings=replace(QUICK, enemy_guard=guard))
        playout = _Playout(agent, sample, "german", Plan("x", {}), 5)
        playout.run(until=1)  # the Russians' movement and the rest of the stage
        return playout, sample

    guarded, after = played(9)
    assert guarded.others["russian"].scripts == expected
    assert after.data["units"]["R-1-27-III"]["hex"] == "A21 B12"
    plain, before = played(0)
    assert type(plain.others["russian"]) is HeuristicAgent
    assert before.data["units"]["R-1-27-III"]["hex"] != "A21 B12"


def test_the_reason_says_the_enemy_raced_in_every_second_future() -> None:
    from types import SimpleNamespace

    base = Plan("the rule-of-thumb turn", {}, scores=[0.0, 0.0])
    pin = Plan("hold the enemy short of west of vistula", {}, scores=[0.5, 0.5])
    search = SimpleNamespace(baseline=base, scored=[base, pin], candidates=1, raced=True, kept=None)
    assert PlannerAgent(1)._explain(pin, search) == (  # type: ignore[arg-type]
        "hold the enemy short of west of vistula (expected 75% over 2 sampled replies, in"
        " every second of which the enemy races for his automatic victories, against 50%"
        " for the rule-of-thumb turn)"
    )


def test_tannenberg_19_2_the_planner_scores_its_plans_with_its_automatic_reach() -> None:
    # 19.2.1: three Russian units west of the Vistula win; 1/6/XV brought from eight to
    # seven hexes off, beyond the evaluation's own reach (4) and within the planner's (9)
    start = greatwar.load("tannenberg/teaching").new_state(seed=11)
    nearer = start.clone()
    TU.place(nearer, "R-1-6-XV", "A11 B9")
    far_sighted = PlannerAgent(3, TINY, settings=QUICK)  # the planner's reach: 9
    plain = PlannerAgent(3, TINY, settings=replace(QUICK, automatic_reach=AUTOMATIC_REACH))
    assert far_sighted.evaluate(nearer, "german") == evaluate(nearer, "german", reach=9)
    assert far_sighted.evaluate(nearer, "german") < far_sighted.evaluate(start, "german")
    assert plain.evaluate(nearer, "german") == plain.evaluate(start, "german")
    # its tactical rollouts weigh positions the same way
    assert far_sighted._tactics is not None
    assert far_sighted._tactics.evaluate(nearer, "german") == evaluate(nearer, "german", reach=9)


def test_tannenberg_19_2_1_automatic_ways_is_the_planner_s_evaluation() -> None:
    # with the option, the planner's futures are scored along the ways to the regions:
    # two Germans barring 1/6/XV's way to the Vistula count for the Germans
    from greatwar.ai.evaluate import evaluate

    open_way = _tannenberg_start()
    TU.place(open_way, "R-1-6-XV", "A6 B14")
    state = open_way.clone()
    TU.place(state, "G-33L", "A5 B15")
    TU.place(state, "G-6L", "A5 B14")
    ways = _planner(1, settings=replace(QUICK, automatic_ways=True))
    crow = _planner(1)
    reach = QUICK.automatic_reach
    assert ways.evaluate(state, "german") == evaluate(state, "german", reach=reach, ways=True)
    assert crow.evaluate(state, "german") == evaluate(state, "german", reach=reach)
    gain = ways.evaluate(state, "german") - ways.evaluate(open_way, "german")
    assert gain > crow.evaluate(state, "german") - crow.evaluate(open_way, "german")
