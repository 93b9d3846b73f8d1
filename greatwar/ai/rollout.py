"""The rollout agent: Monte Carlo policy improvement over the heuristic agent.

At each decision worth thinking about, the agent

1. asks the heuristic agent (its *base policy*) for its pick, in a sample of the world;
2. takes a few *candidates*: that pick and the legal actions whose result
   :func:`~greatwar.ai.evaluate.evaluate` likes best one action ahead;
3. plays each candidate out in sampled futures: a determinization of the world (hidden
   units, unrevealed cards and the dice to come drawn afresh, never the true state), the
   candidate applied, then the heuristic agent playing every seat for ``horizon`` actions
   (or to the end), and the position scored for the agent's side;
4. compares the candidates on *common random numbers*: every candidate still in the race
   is played out in the same sampled futures, so their difference is the candidate's, not
   the dice's; *sequential halving* (Karnin, Koren and Somekh 2013) drops the worse half
   after each round and spends the budget on the best;
5. keeps the heuristic's pick unless another candidate scored better by more than
   ``margin`` over the same futures.

A *firm* pick of the heuristic (:class:`~.heuristic.Choice`: a rule that guards against
the enemy's hidden choice, such as the combat card of units holding the Kowal railway) is
kept unsearched: the enemy of the sampled futures plays by the rules of thumb, one card
only, and a search would exploit that model rather than the real enemy.

This is Bertsekas's *rollout algorithm* (one step of policy iteration): with enough samples
it plays at least as well as the base policy, and better where looking ahead shows a
better choice. Wargame decisions are stepwise (take a unit in hand, move it, declare an
attack, add an attacker, resolve, choose a result option ...), so every candidate is one
step and the rollout finishes the plan the way the heuristic would.

By default it thinks only about the decisions that matter most (:data:`DECISIVE`: where
units go, combat and its results, cards, clashes, reserves) and takes the heuristic's pick
elsewhere; ``focus`` names other kinds, ``decisive_only=False`` thinks about every choice.
With ``Budget(iterations=N)`` (N rollouts a searched decision) and no time limit the
choice is a pure function of the seed, the view and the world (and the agent's earlier
decisions).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from greatwar.ai.base import Action, Budget, View, World
from greatwar.ai.evaluate import as_percent
from greatwar.ai.evaluate import evaluate as position_value
from greatwar.ai.heuristic import HeuristicAgent, prior
from greatwar.ai.search import (
    DEFAULT_BUDGET,
    Evaluator,
    actor_and_choices,
    better_half,
    choices_in,
    decision_seed,
    describe,
    hash_text,
    only_choice,
    outcome,
)
from greatwar.engine.errors import IllegalAction

if TYPE_CHECKING:
    from greatwar.engine.state import State


#: the decisions that matter most, per rule system: where units go, combat and its
#: results, cards, clashes, reserves (the rest follow the heuristic's rules of thumb)
DECISIVE = {
    "gwite": frozenset(
        {"move", "rail_move", "declare", "add_attacker", "resolve", "retreat", "option"}
        | {"advance", "occupy"}
    ),
    "tannenberg": frozenset(
        {"move", "card", "clash", "fight", "flee", "pursue", "stay", "escape", "react"}
        | {"reserve", "shell", "fire"}
    ),
}


@dataclass(frozen=True)
class RolloutSettings:
    """How the rollout agent spends its budget."""

    #: actions compared at a decision: the heuristic's pick and the best others one ahead
    candidates: int = 4
    #: actions a rollout plays before the position is scored (None: to the end of the game)
    horizon: int | None = 150
    #: how much better (mean score over the same futures, scores in [-1, 1]) another
    #: candidate must do to overrule the heuristic's pick: a few rollouts are noisy, and
    #: overruling on noise made the GWitE Allies win more but lose more (issue 6's runs)
    margin: float = 0.1
    #: rollouts a decision when the budget names neither seconds nor iterations
    fallback_iterations: int = 16
    #: if given, think only about decisions offering an action of these kinds
    focus: frozenset[str] | None = None
    #: without a focus: think only about the rule system's :data:`DECISIVE` decisions
    #: (False: about every decision with a choice)
    decisive_only: bool = True
    #: the most legal actions looked at one ahead to find the candidates
    screen_limit: int = 60


@dataclass
class Candidate:
    """An action in the race, with its scores in the sampled futures it was played in."""

    action: Action
    is_pick: bool
    scores: list[float]

    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else -math.inf


class RolloutAgent:
    """Policy improvement over the heuristic agent by rollouts (see the module docstring)."""

    name = "rollout"
    needs_full_view = True

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        *,
        settings: RolloutSettings | None = None,
        evaluate: Evaluator | None = None,
    ) -> None:
        self.seed = seed
        self.budget = budget or DEFAULT_BUDGET
        self.settings = settings or RolloutSettings()
        self.evaluate = evaluate or position_value
        self._base = HeuristicAgent(seed)
        self.last_explanation = ""
        #: rollouts played for the last decision, decisions searched, picks overruled
        self.last_iterations = 0
        self.searched = 0
        self.overruled = 0
        self._names: dict[str, str] = {}

    # --- the agent protocol ---------------------------------------------------------

    def choose(self, view: View) -> Action:
        """Without a world to sample, the action of best prior (acting before passing)."""
        best = max(choices_in(view), key=prior)
        self.last_explanation = f"{describe(best)} (no rollouts: nothing to sample)"
        return best

    def choose_in(self, view: View, world: World) -> Action:
        legal = choices_in(view)
        self.last_iterations = 0
        if len(legal) == 1:
            self.last_explanation = only_choice(legal[0])
            return legal[0]
        role = view["role"]
        seed = decision_seed(self.seed, view)
        rng = random.Random(seed)
        sample = world.sample(rng)
        probe = self._base.fork(seed)
        pick = probe.act(sample.clone(), role, legal, view)
        if pick.firm or not self._worth_searching(legal, sample.game.system.name):
            self._base = probe  # a firm rule of thumb is kept unsearched (Choice)
            self.last_explanation = pick.reason
            return pick.action
        candidates = self._candidates(sample, role, legal, pick.action)
        if len(candidates) > 1:
            self._race(candidates, world, role, rng)
        self.searched += 1
        chosen = self._verdict(candidates)
        if not self._names:  # static: the counters' names, for the explanations
            self._names = {uid: info.name for uid, info in sample.game.static.units.items()}
        if chosen.is_pick:
            self._base = probe
            self.last_explanation = f"{pick.reason}{self._support(chosen, candidates)}"
        else:
            self._base.note(sample, chosen.action)
            self.overruled += 1
            self.last_explanation = self._overruling(chosen, candidates)
        return chosen.action

    def _worth_searching(self, legal: list[Action], system: str) -> bool:
        focus = self.settings.focus
        if focus is None and self.settings.decisive_only:
            focus = DECISIVE.get(system)
        return focus is None or any(a.get("type") in focus for a in legal)

    # --- the candidates ----------------------------------------------------------------

    def _candidates(
        self, sample: State, role: str, legal: list[Action], pick: Action
    ) -> list[Candidate]:
        """The heuristic's pick, then the legal actions :func:`evaluate` likes best one
        action ahead (ties: the better prior, then the order of the list)."""
        ranked: list[tuple[float, float, int]] = []
        for n, action in enumerate(legal[: self.settings.screen_limit]):
            if action == pick:
                continue
            trial = sample.clone()
            try:
                trial.apply(role, action)
            except IllegalAction:  # a sample may refuse what the view allows
                continue
            ranked.append((self.evaluate(trial, role), prior(action), -n))
        ranked.sort(reverse=True)
        others = [legal[-minus_n] for *_, minus_n in ranked[: self.settings.candidates - 1]]
        return [Candidate(pick, True, []), *(Candidate(a, False, []) for a in others)]

    # --- the race ------------------------------------------------------------------------

    def _race(
        self, candidates: list[Candidate], world: World, role: str, rng: random.Random
    ) -> None:
        """Sequential halving over the candidates, all played in the same futures each round."""
        live = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(live))))
        limit = self.budget.iterations
        if limit is None and self.budget.seconds is None:
            limit = self.settings.fallback_iterations
        seconds = self.budget.seconds
        started = time.monotonic()
        done = 0
        for round_no in range(rounds):
            total = limit
            if seconds is not None:  # what the rollouts so far say the time left allows
                spent = time.monotonic() - started
                timed = done + (int((seconds - spent) * done / spent) if done and spent else 0)
                total = timed if limit is None else min(limit, timed)
            assert total is not None  # (a budget of neither kind takes the fallback's)
            futures = max(1, (total - done) // ((rounds - round_no) * len(live)))
            for _ in range(futures):
                if done and seconds is not None and time.monotonic() - started >= seconds:
                    break
                future = rng.getrandbits(64)
                world_then = world.sample(random.Random(future))
                for candidate in live:
                    score = self._play_out(candidate.action, world_then.clone(), role, future)
                    candidate.scores.append(score)
                    done += 1
            if round_no < rounds - 1:
                live = _halve(live)
        self.last_iterations = done

    def _play_out(self, action: Action, state: State, role: str, future: int) -> float:
        """The score for ``role`` of one sampled future after ``action``: ``state`` is the
        world drawn for it, and the heuristic agents' choices are seeded by ``future``."""
        try:
            state.apply(role, action)
        except IllegalAction:  # this sample refuses it: as bad as losing
            return -1.0
        agents: dict[str, HeuristicAgent] = {}
        own = self._base.fork(future)
        own.note(state, action)
        agents[role] = own
        horizon = self.settings.horizon
        played = 0
        while not state.is_over() and (horizon is None or played < horizon):
            acting = actor_and_choices(state)
            if acting is None:
                break
            actor, legal = acting
            agent = agents.get(actor)
            if agent is None:
                agent = agents[actor] = HeuristicAgent(future ^ hash_text(actor))
            choice = legal[0] if len(legal) == 1 else agent.act(state, actor, legal).action
            try:
                state.apply(actor, choice)
            except IllegalAction:
                break
            played += 1
        if state.is_over():
            return outcome(state, role)
        return self.evaluate(state, role)

    def _verdict(self, candidates: list[Candidate]) -> Candidate:
        """The pick, unless a candidate played in as many futures beat it by the margin."""
        pick = candidates[0]
        rivals = [c for c in candidates[1:] if len(c.scores) == len(pick.scores) and c.scores]
        best = max(rivals, key=Candidate.mean, default=None)
        if best is not None and best.mean() > pick.mean() + self.settings.margin:
            return best
        return pick

    # --- explanations -------------------------------------------------------------------

    def _support(self, chosen: Candidate, candidates: list[Candidate]) -> str:
        if not chosen.scores:
            return ""
        rivals = [c for c in candidates if c is not chosen and c.scores]
        text = f" (expected {as_percent(chosen.mean())} over {len(chosen.scores)} sampled futures"
        if rivals:
            runner = max(rivals, key=Candidate.mean)
            text += f"; {describe(runner.action, self._names)} {as_percent(runner.mean())}"
        return text + ")"

    def _overruling(self, chosen: Candidate, candidates: list[Candidate]) -> str:
        pick = candidates[0]
        return (
            f"{describe(chosen.action, self._names)}: expected {as_percent(chosen.mean())} over"
            f" {len(chosen.scores)} sampled futures, against {as_percent(pick.mean())} for"
            f" the rule of thumb's {describe(pick.action, self._names)}"
        )


def _halve(live: list[Candidate]) -> list[Candidate]:
    """The better half (rounded up) by mean score; the heuristic's pick always stays."""
    return better_half(live, Candidate.mean, next(c for c in live if c.is_pick))


__all__ = ["DECISIVE", "RolloutAgent", "RolloutSettings"]
