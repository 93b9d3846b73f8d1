"""The turn planner: plans a whole player-turn of movement and attacks together.

The other agents decide unit by unit, as the engine asks: which unit to take in hand,
where it goes, which attack to declare. The planner thinks about the turn as a whole,
by *portfolio greedy search* over per-unit scripts (Churchill and Buro 2013, "Portfolio
greedy search and simulation for large-scale combat in StarCraft"):

1. a *script* is a rule for one unit's movement this turn: ``front`` (the heuristic
   agent's choice, :mod:`.heuristic_moves`), ``hold`` (stay where it stands) or
   ``toward H`` (close on the enemy-held hex ``H`` as near as its legal moves allow);
   everything that is not a unit's movement (command, reinforcements, which attacks to
   declare and with whom, combat results) follows the heuristic agent;
2. a *plan* gives every unit a script: the rule-of-thumb turn gives every unit
   ``front``; a *concentration* on an enemy hex sends every fighting unit within reach
   of it ``toward`` it; *hold the line* keeps the units in contact with the enemy where
   they stand; where a scenario has automatic victories (Tannenberg 19.2), a *guard*
   holds the enemy's small regions, *make for* sends the units a region of one's own
   needs, and *bar the way* and *hold the enemy short* meet the enemy units nearest his
   larger regions, at the region's hex nearest each or at the unit itself (the plans
   are made in :mod:`.plans`);
3. each plan is scored by playing the forward model on in the same sampled futures
   (*common random numbers*): a determinization of the world drawn through
   :meth:`World.sample` (hidden units, cards and the dice to come drawn afresh; the true
   state is never read), the plan playing the agent's turn, then the heuristic agent
   playing the enemy's reply (the planner's model of the enemy), and the position at the
   end of the reply scored by :func:`~greatwar.ai.evaluate.evaluate`; where the scenario
   has automatic victories (19.2), in every second future the enemy *races* for them
   (:func:`race_scripts`): the rules of thumb seldom do, and a threat they do not play
   would not show in any plan's score;
4. the leading plans are scored in more sampled futures while the budget allows
   (*sequential halving*, Karnin, Koren and Somekh 2013, as the rollout agent races its
   candidates): after each round the worse half of the plans still in the race is
   dropped, the rule-of-thumb turn always kept, and each plan left is played in
   :attr:`PlannerSettings.samples` more of the same futures, up to
   :attr:`PlannerSettings.most_samples`; two sampled futures tell plans apart poorly,
   and the think time the first pass leaves would otherwise go unspent;
5. greedy improvement: the best plan is kept, then each unit it sends somewhere is
   switched back to ``front`` in turn and kept so if the same futures score better — as
   far as the budget allows.

A plan is made at the first decision of the agent's player-turn; its *steps* are the
agent's own actions when the chosen plan played its turn in the first sampled future.
The agent then plays those steps one by one. It makes a new plan from where the game
stands, and says so in its reason, when another seat has acted since its last step (the
enemy moved, or chose how to take a combat result: in Tannenberg both sides move within
one stage, so a plan made at the orders phase has not seen the enemy's movement), or when
the next step is not legal (the dice of a combat, or a hidden unit, went otherwise than
in the sample). With :attr:`PlannerSettings.live` the plan is played as a *policy*
instead: at each of the turn's decisions the unit in hand moves as the plan's script for
it sends it in the game as it stands, everything else (which unit to take in hand next,
command, attacks) is the heuristic agent's, as in the plan's playouts, and the plan is
made again only after another seat has acted (measured no stronger: it plans less often).
The plan made again weighs the one it replaces among its candidates, its scripts carried
on, and leaves it only for a plan (or the rule-of-thumb turn) that does better by the
margin: without this a plan half played could be dropped for a rival no better in the
new futures, its units sent one way and then another (issue 19).
*Tactics*: a decision that moves no unit but is one the rollout agent thinks about (a
combat card, a clash formed, flight or pursuit, artillery fire, an attack declared or
resolved, a retreat route or a combat-result option, reserves: the rule system's
:data:`~.rollout.DECISIVE` kinds less unit movement) is weighed by the rollout agent's
search, in the planner's own player-turn and the enemy's alike, on a budget of its own
(:attr:`PlannerSettings.tactics`: a tenth of a plan's iterations, or 0.5 s beside the
default 5 s a player-turn, not taken off the plans'). A plan compares the units'
movement, and its playouts take the rules of thumb for the rest; without this the planner
fought every clash by rule of thumb (issue 19: a Russian pair on the Kowal railway met a
German attack with ATTACK, lost the encounter battle and let him onto the railway, where
every rollout said DEFENCE). The plan's step for that decision is passed over; where the
rollouts chose otherwise, the plan is made again at the next decision that moves units.
Other decisions outside its own player-turn are the heuristic agent's.

With ``Budget(iterations=N)`` (at most N playouts for each plan made, the candidates'
and the rule-of-thumb turn's together) and no time limit the choice is a pure
function of the seed, the view and the world (and the agent's earlier decisions); the
default is a think time of :data:`DEFAULT_BUDGET` a player-turn: each plan may take
half of what is left of it (:attr:`PlannerSettings.share`; the rest is kept for the
plans made again mid-turn), and at least the rule-of-thumb turn is always played out.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from greatwar.ai.base import Action, Budget, View, World
from greatwar.ai.evaluate import as_percent
from greatwar.ai.evaluate import evaluate as position_value
from greatwar.ai.heuristic import Choice, HeuristicAgent, prior
from greatwar.ai.plans import (
    FRONT,
    HOLD,
    TOWARD,
    Plan,
    candidate_plans,
    guard_scripts,
    listing,
    race_scripts,
)
from greatwar.ai.rollout import DECISIVE, RolloutAgent
from greatwar.ai.search import (
    Evaluator,
    actor_and_choices,
    better_half,
    choices_in,
    decision_seed,
    describe,
    hash_text,
    only_choice,
    outcome,
    side_of,
)
from greatwar.engine.errors import IllegalAction

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the think time of a player-turn, its plans made again mid-turn included (issue 19)
DEFAULT_BUDGET = Budget(seconds=5.0)
#: the actions that end a unit's movement where it stands
STOPS = ("finish", "detrain")
#: the kinds of action of a unit's movement (a decision offering one is the plan's)
MOVEMENT = frozenset(
    {"select", "move", "finish", "detrain", "entrain", "rail_select", "rail_move", "off_map"}
)


@dataclass(frozen=True)
class PlannerSettings:
    """How the planner spends its budget (tuning values chosen, not yet measured by a
    ladder run of each)."""

    #: sampled futures each plan is scored in first (the same futures for every plan),
    #: and the futures a round of the race adds to each plan still in it
    samples: int = 2
    #: the most sampled futures the leading plans are scored in while the budget allows
    #: (the race after the first pass; at most ``samples``: no race)
    most_samples: int = 8
    #: enemy-held hexes a concentration may aim at (those most of one's units can reach)
    targets: int = 3
    #: how far (hexes) from a target a unit may be to be sent toward it
    reach: int = 4
    #: units a guard plan sends into a hex of its own next to the enemy, in a region
    #: where one enemy unit wins the game (19.2)
    reinforce: int = 2
    #: how much better (mean score over the same futures, scores in [-1, 1]) a plan must
    #: do to replace the rule-of-thumb turn, or a unit's script to be switched back
    margin: float = 0.02
    #: playouts a plan when the budget names neither seconds nor iterations
    fallback_iterations: int = 12
    #: the most actions a playout plays (the agent's turn and the enemy's reply)
    max_actions: int = 800
    #: the greedy step (units switched back one by one) after the plans are compared
    refine: bool = True
    #: the most of what is left of a player-turn's think time one plan may take (the rest
    #: is kept for the plans made again after other seats have acted)
    share: float = 0.5
    #: the part of the budget (its iterations or seconds) the rollouts of one tactical
    #: decision take (see the module docstring; 0: the rules of thumb decide them)
    tactics: float = 0.1
    #: 19.2 in every second sampled future the enemy races for his regions of automatic
    #: victory (:func:`race_scripts`) rather than replying by rule of thumb alone
    racing: bool = True
    #: a plan made again mid-turn weighs the plan it replaces among its candidates (its
    #: scripts carried on) and leaves it only for one that does better by the margin
    keep: bool = True
    #: the chosen plan is played as a policy at each of the turn's decisions (the unit in
    #: hand moved as its script sends it in the game as it stands, everything else by rule
    #: of thumb), not as the actions it took in the first sampled future; the plan is made
    #: again only when the player-turn changes or another seat has acted.  Off: measured
    #: no stronger (docs/strength.md, "The plan played as a policy"; it plans less often)
    live: bool = False
    #: 19.2 how near (hexes) units must come to a region of an automatic victory to count
    #: in the planner's evaluation (:func:`~greatwar.ai.evaluate.automatic_feature`): about
    #: two moves of infantry (4 or 5 MP); the evaluation's own reach (4) sees no threat two
    #: moves away (docs/strength.md, "The enemy's race seen two moves ahead")
    automatic_reach: int = 9
    #: 19.2 in every sampled future the enemy, where he first decides, also guards the
    #: hexes of one's small regions of automatic victory against one's units within this
    #: many hexes (:func:`~greatwar.ai.plans.guard_scripts`; 0: he does not, and replies
    #: by rule of thumb or races).  Off: at 9, measured no stronger (docs/strength.md, "The enemy of
    #: the planner's futures guards the railway")
    enemy_guard: int = 0
    #: 19.2 how far (hexes) the enemy's units coming at his larger regions of automatic
    #: victory (three Russian units across the Vistula), and one's units sent to bar their
    #: way or hold them short, may be (:func:`~greatwar.ai.plans.meeting_reach`; 0: twice
    #: :attr:`reach`)
    bar_reach: int = 0
    #: 19.2 the evaluation's nearness to a region of an automatic victory measured along
    #: the ways there through the position (:func:`~greatwar.ai.evaluate.ways_to`: not
    #: through enemy units, his zones costing more), so that a unit barring the way
    #: counts; off: as the crow flies
    automatic_ways: bool = False


def turn_key(state: State) -> tuple[Any, ...]:
    """Where the game stands by player-turn: the game-turn, the phasing side and stage
    (public: the same in every sample of the world)."""
    data = state.data
    return (data.get("turn"), data.get("phasing"), data.get("stage"))


def moving_unit(legal: list[Action]) -> str | None:
    """The unit in hand: the one the legal moves and stops name."""
    return next((a["unit"] for a in legal if a["type"] in ("move", *STOPS) and "unit" in a), None)


class ScriptedTurn:
    """Plays one role's decisions in a playout: the plan's script for the unit in hand,
    the heuristic agent for everything else."""

    def __init__(self, base: HeuristicAgent, scripts: dict[str, str]) -> None:
        self.base = base
        self.scripts = scripts

    def act(self, state: State, role: str, legal: list[Action], view: View | None = None) -> Choice:
        unit = moving_unit(legal)
        script = self.scripts.get(unit, FRONT) if unit is not None else FRONT
        if script != FRONT:
            choice = scripted_move(state, legal, unit, script)  # type: ignore[arg-type]
            if choice is not None:
                self.base.note(state, choice.action)
                return choice
        return self.base.act(state, role, legal, view)


def scripted_move(state: State, legal: list[Action], unit: str, script: str) -> Choice | None:
    """The action ``script`` takes for ``unit`` (None: leave it to the heuristic)."""
    name = state.game.static.units[unit].name
    here = state.data["units"][unit]["hex"]
    stop = next((a for a in legal if a["type"] in STOPS and a.get("unit") == unit), None)
    if script == HOLD:
        return None if stop is None else Choice(stop, f"holds {name} in {here}")
    target = script.split(" ", 1)[1]
    board = state.game.scenario.board
    moves = [a for a in legal if a["type"] == "move" and a.get("unit") == unit]
    if here is None or not moves:
        return None
    ranked = [
        (board.distance(a["to"], target), len(a.get("path", ())), n) for n, a in enumerate(moves)
    ]
    best = min(ranked)
    if best[0] < board.distance(here, target):
        move = moves[best[2]]
        return Choice(move, f"moves {name} to {move['to']}, toward {target}")
    if stop is not None:
        return Choice(stop, f"keeps {name} in {here}, near {target}")
    return None


class PlannerAgent:
    """Portfolio greedy search over the units' scripts of a player-turn (module docstring)."""

    name = "planner"
    needs_full_view = True

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        *,
        settings: PlannerSettings | None = None,
        evaluate: Evaluator | None = None,
    ) -> None:
        self.seed = seed
        self.budget = budget or DEFAULT_BUDGET
        self.settings = settings or PlannerSettings()
        # the evaluation with the planner's automatic-victory reach
        self.evaluate = evaluate or functools.partial(
            position_value,
            reach=self.settings.automatic_reach,
            ways=self.settings.automatic_ways,
        )
        self._base = HeuristicAgent(seed)
        self.last_explanation = ""
        #: playouts of the last plan made, plans made, plans made again mid-turn
        self.last_iterations = 0
        self.plans = 0
        self.replans = 0
        self.plan: Plan | None = None
        self._key: tuple[Any, ...] | None = None
        #: seconds the plans of the current player-turn have taken
        self._spent = 0.0
        self._steps: list[Choice] = []
        self._summary = ""
        self._names: dict[str, str] = {}
        #: the view's version after this agent's last decision is played
        self._expect: int | None = None
        #: the rollout search the tactical decisions are weighed by (None: no share)
        self._tactics = _tactician(seed, self.budget, self.settings, self.evaluate)
        #: a tactical decision went otherwise than the plan's step for it
        self._diverged = False

    # --- the agent protocol ---------------------------------------------------------

    def choose(self, view: View) -> Action:
        """Without a world to sample, the action of best prior (acting before passing)."""
        best = max(choices_in(view), key=prior)
        self.last_explanation = f"{describe(best)} (no plan: nothing to sample)"
        return best

    def choose_in(self, view: View, world: World) -> Action:
        legal = choices_in(view)
        role = view["role"]
        others_acted = self._others_acted(view)
        seed = decision_seed(self.seed, view)
        rng = random.Random(seed)
        sample = world.sample(rng)
        if not self._names:  # static: the counters' names, for the reasons
            self._names = {uid: info.name for uid, info in sample.game.static.units.items()}
        if len(legal) == 1:
            self._base.note(sample, legal[0])
            self._follow(legal[0])
            self.last_explanation = only_choice(legal[0])
            return legal[0]
        if self._tactics is not None and _tactical(legal, sample.game.system.name):
            return self._tactic(view, world, sample, legal)
        if not self._my_turn(sample, role):
            pick = self._base.act(sample, role, legal, view)
            self.last_explanation = pick.reason
            return pick.action
        key = turn_key(sample)
        why = ""
        if self._key != key:
            self._make_plan(world, role, rng, key)
        elif others_acted:
            why = "replans (others have acted since its last step): "
            self.replans += 1
            self._make_plan(world, role, rng, key)
        elif not self.settings.live and (not self._steps or self._steps[0].action not in legal):
            why = self._stale(legal)
            self.replans += 1
            self._make_plan(world, role, rng, key)
        if self.settings.live:
            scripts = {} if self.plan is None else self.plan.scripts
            pick = ScriptedTurn(self._base, scripts).act(sample, role, legal, view)
            self.last_explanation = f"{why}{self._summary}: {pick.reason}"
            return pick.action
        step = self._steps[0] if self._steps else None
        if step is None or step.action not in legal:  # the plan's first step is refused
            pick = self._base.act(sample, role, legal, view)
            self._steps = []
            self.last_explanation = f"{self._summary}; off the plan, {pick.reason}"
            return pick.action
        self._steps.pop(0)
        self._base.note(sample, step.action)
        self.last_explanation = f"{why}{self._summary}: {step.reason}"
        return step.action

    def _tactic(self, view: View, world: World, sample: State, legal: list[Action]) -> Action:
        """A tactical decision, weighed by the rollout search on its own think time (not
        the plans'); the plan's step for it is passed over."""
        assert self._tactics is not None
        action = self._tactics.choose_in(view, world)
        self._base.note(sample, action)
        if self._steps and self._steps[0].action in legal:
            step = self._steps.pop(0)
            if step.action != action:  # the rest of the plan assumed the other choice
                self._steps = []
                self._diverged = True
        self.last_iterations = self._tactics.last_iterations
        self.last_explanation = f"weighs it by rollouts: {self._tactics.last_explanation}"
        return action

    def _others_acted(self, view: View) -> bool:
        """Whether any other seat has acted since this agent's last decision (the view's
        version, the number of actions played, is public), and the version its decision
        now will leave: a plan made before the enemy moved, or chose how to take a
        result, is played no further (the step may still be legal, its reason gone)."""
        version = view.get("version")
        acted = self._expect is not None and version is not None and version != self._expect
        self._expect = None if version is None else version + 1
        return acted

    def _my_turn(self, sample: State, role: str) -> bool:
        """Whether ``role``'s side is the phasing side (always, where no side phases)."""
        phasing = sample.data.get("phasing")
        return phasing is None or phasing == side_of(role)

    def _follow(self, action: Action) -> None:
        """An action taken without thinking: the plan's next step if it was that one."""
        if self._steps and self._steps[0].action == action:
            self._steps.pop(0)

    def _stale(self, legal: list[Action]) -> str:
        if self._diverged:
            self._diverged = False
            return "replans (its rollouts chose otherwise than the plan): "
        if not self._steps:
            return "replans (its plan's steps are played, the turn goes on): "
        step = describe(self._steps[0].action, self._names)
        return f"replans ({step} is no longer legal): "

    # --- making a plan -----------------------------------------------------------------

    def _make_plan(self, world: World, role: str, rng: random.Random, key: tuple[Any, ...]) -> None:
        """A plan for the rest of the player-turn ``key``: within the turn's think time
        (what plans made earlier in the turn spent is taken off), or ``iterations``
        playouts, whichever runs out first; the rule-of-thumb turn is always played."""
        self.plans += 1
        self._diverged = False
        same_turn = self._key == key and self.plan is not None and bool(self.plan.scripts)
        incumbent = self.plan if same_turn and self.settings.keep else None
        if self._key != key:
            self._key = key
            self._spent = 0.0
        count = max(1, self.settings.samples, self.settings.most_samples)
        futures = [rng.getrandbits(64) for _ in range(count)]  # (the first ones: the first pass)
        seconds = self.budget.seconds
        # a plan may take its share of what is left: the rest is kept for the plans made
        # again once the enemy has acted (in Tannenberg, his movement within the stage)
        left = None if seconds is None else max(0.0, seconds - self._spent) * self.settings.share
        started = time.monotonic()
        search = _Search(self, world, role, futures, left, incumbent)
        chosen = search.run()
        self._spent += time.monotonic() - started
        self.plan = chosen
        self._steps = [] if self.settings.live else list(chosen.line)
        self.last_iterations = search.done
        self._summary = self._explain(chosen, search)

    def _explain(self, chosen: Plan, search: _Search) -> str:
        if search.baseline is None or len(search.scored) < 2:
            why = "its budget leaves no time for other plans" if search.candidates else ""
            return f"follows its rules of thumb this turn ({why or 'no other plan to weigh'})"
        text = chosen.label
        if search.kept is not None and chosen.scripts == search.kept.scripts:
            text = f"keeps to its plan, {text}"
        moved = [u for u, s in chosen.scripts.items() if s.startswith(TOWARD)]
        names = [self._names.get(u, u) for u in moved]
        if chosen.target is None and names:  # a guard, or making for a region
            text += f": {listing(names)} sent"
        target = chosen.target
        if target is not None:
            attacks = [c.reason for c in chosen.line if c.action.get("type") == "resolve"]
            attacks.sort(key=lambda r: target not in r)  # the target's attack first
            text += f": {_count(len(names))} toward it ({listing(names)})"
            if attacks:
                text += f"; in the first sampled future it {attacks[0]}"
        base = search.baseline
        n = _replies(len(chosen.scores))
        if search.raced and len(chosen.scores) > 1:
            n += ", in every second of which the enemy races for his automatic victories"
        if chosen is base:  # the runner-up among the plans raced as far (else any, so said)
            others = [p for p in search.scored if p is not base]
            alike = [p for p in others if len(p.scores) == len(base.scores)]
            best_other = max(alike or others, key=Plan.mean)
            fewer = len(best_other.scores)
            over = "" if fewer == len(base.scores) else f" over {_replies(fewer)}"
            return (
                f"{text} (expected {as_percent(base.mean())} over {n};"
                f" {best_other.label} {as_percent(best_other.mean())}{over})"
            )
        return (
            f"{text} (expected {as_percent(chosen.mean())} over {n}, against"
            f" {as_percent(base.mean())} for the rule-of-thumb turn)"
        )


class _Search:
    """One plan's search: the candidates scored in the same futures, then the greedy step."""

    def __init__(
        self,
        agent: PlannerAgent,
        world: World,
        role: str,
        futures: list[int],
        seconds: float | None,
        incumbent: Plan | None = None,
    ) -> None:
        self.agent = agent
        self.settings = agent.settings
        self.world = world
        self.role = role
        self.futures = futures
        #: the futures the plans in the race are scored in (the first ``samples``, then
        #: more as the race goes on)
        self.width = min(len(futures), max(1, agent.settings.samples))
        self.done = 0
        self.scored: list[Plan] = []
        self.baseline: Plan | None = None
        #: the plans there were to weigh against the rule-of-thumb turn
        self.candidates = 0
        #: whether the enemy raced for his automatic victories in some future played
        self.raced = False
        #: the plan made earlier this player-turn, carried on as a candidate (None: none)
        self.kept = (
            None
            if incumbent is None
            else Plan(incumbent.label, dict(incumbent.scripts), incumbent.target)
        )
        budget = agent.budget
        self.limit = budget.iterations
        if self.limit is None and seconds is None:
            self.limit = self.settings.fallback_iterations
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def _can_play(self, playouts: int) -> bool:
        if self.limit is not None and self.done + playouts > self.limit:
            return False
        return self.deadline is None or time.monotonic() < self.deadline

    def run(self) -> Plan:
        base = Plan("the rule-of-thumb turn", {})
        first = self.world.sample(random.Random(self.futures[0]))
        start = first.clone()
        playout = _Playout(self.agent, first, self.role, base, self.futures[0], self._racing(0))
        playout.run(until=1)  # the agent's own turn: its steps and the units that move
        self.done += 1
        base.line = playout.line
        candidates = candidate_plans(start, self.role, playout.moved, self.settings)
        if self.kept is not None and candidates:  # carried on, ahead of the new ones
            kept = self.kept
            candidates = [kept, *(p for p in candidates if p.scripts != kept.scripts)]
        self.candidates = len(candidates)
        if not candidates or not self._can_play(self.width - 1):
            return base
        base.scores.append(playout.finish())
        for n in range(1, self.width):
            self._score(base, n)
        self.baseline = base
        self.scored.append(base)
        for plan in candidates:
            if not self._can_play(self.width):
                break
            self._score_all(plan)
        best = self._race(base, [p for p in candidates if p.scores])
        if self.settings.refine and best is not base:
            best = self._refine(best)
        return best

    def _better(self, base: Plan, plans: list[Plan]) -> Plan:
        """The plan standing (the one carried on from earlier in the turn if it is among
        ``plans``, else the rule-of-thumb turn), unless another of ``plans`` or the
        rule-of-thumb turn beats it by the margin over the same futures: then the best."""
        kept = self.kept
        standing = kept if kept is not None and any(p is kept for p in plans) else base
        rivals = [p for p in (base, *plans) if p is not standing]
        best = max(rivals, key=Plan.mean, default=None)
        if best is not None and best.mean() > standing.mean() + self.settings.margin:
            return best
        return standing

    def _race(self, base: Plan, plans: list[Plan]) -> Plan:
        """Sequential halving over the plans scored in the first pass: while the budget
        allows and the plans are in fewer than :attr:`PlannerSettings.most_samples`
        futures, drop the worse half (the rule-of-thumb turn stays) and score those left in
        :attr:`PlannerSettings.samples` more of the same futures; then the best of them."""
        step = max(1, self.settings.samples)
        live = plans
        while live and self.width < len(self.futures):
            live = better_half(live, Plan.mean)
            more = min(step, len(self.futures) - self.width)
            if not self._can_play(more * (len(live) + 1)):
                break
            for n in range(self.width, self.width + more):
                for plan in (base, *live):
                    self._score(plan, n)
            self.width += more
        return self._better(base, [p for p in live if len(p.scores) == self.width])

    def _score_all(self, plan: Plan) -> None:
        """Score ``plan`` in the futures the plans in the race are scored in now."""
        for n in range(self.width):
            self._score(plan, n)
        self.scored.append(plan)

    def _score(self, plan: Plan, n: int) -> None:
        state = self.world.sample(random.Random(self.futures[n]))
        playout = _Playout(self.agent, state, self.role, plan, self.futures[n], self._racing(n))
        self.raced = self.raced or bool(playout.rivals)
        plan.scores.append(playout.finish())
        if n == 0:
            plan.line = playout.line
        self.done += 1

    def _racing(self, n: int) -> bool:
        """Whether the enemy races for his automatic victories in the ``n``-th future (every
        second one, the same for every plan: :attr:`PlannerSettings.racing`)."""
        return self.settings.racing and n % 2 == 1

    def _refine(self, best: Plan) -> Plan:
        """Greedy: switch each unit sent somewhere back to the rule of thumb, and keep the
        switch when the same futures score better."""
        for unit in [u for u, s in best.scripts.items() if s != FRONT]:
            if not self._can_play(self.width):
                break
            trial = best.with_script(unit, FRONT)
            self._score_all(trial)
            if trial.mean() > best.mean() + self.settings.margin:
                best = trial
        return best


class _Playout:
    """One sampled future: the plan plays the agent's turn, the heuristic agents the rest
    (the enemy's reply included), until the enemy's player-turn is over; with ``racing``
    the enemy's units race for his automatic victories (:func:`race_scripts`, worked out
    where the future starts) and the heuristic plays the rest of his decisions."""

    def __init__(
        self,
        agent: PlannerAgent,
        state: State,
        role: str,
        plan: Plan,
        future: int,
        racing: bool = False,
    ) -> None:
        self.agent = agent
        self.state = state
        self.role = role
        self.side = side_of(role)
        self.ours = ScriptedTurn(agent._base.fork(future), plan.scripts)
        self.others: dict[str, HeuristicAgent | ScriptedTurn] = {}
        self.enemy = enemy = state.game.static.enemy.get(self.side)
        self.rivals = race_scripts(state, enemy) if racing and enemy is not None else {}
        self.future = future
        self.key = turn_key(state)
        self.changes = 0
        self.played = 0
        self.line: list[Choice] = []
        self.moved: list[str] = []

    def run(self, until: int) -> None:
        """Play on until the player-turn has changed ``until`` times (or the game ends)."""
        state = self.state
        while self.changes < until and self.played < self.agent.settings.max_actions:
            if state.is_over():
                return
            acting = actor_and_choices(state)
            if acting is None:
                return
            actor, legal = acting
            choice = self._choice(actor, legal)
            try:
                state.apply(actor, choice.action)
            except IllegalAction:  # a sample may refuse what its own list offered
                self.played = self.agent.settings.max_actions
                return
            self.played += 1
            key = turn_key(state)
            if key != self.key:
                self.key = key
                self.changes += 1
                self.ours.scripts = {}  # the plan is for this turn only

    def _choice(self, actor: str, legal: list[Action]) -> Choice:
        if actor == self.role:
            choice = Choice(legal[0], "has one thing to do") if len(legal) == 1 else None
            if choice is None:
                choice = self.ours.act(self.state, actor, legal)
            if self.changes == 0:
                self.line.append(choice)
                if choice.action["type"] == "select" and "unit" in choice.action:
                    self.moved.append(choice.action["unit"])
            return choice
        if len(legal) == 1:
            return Choice(legal[0], "")
        agent = self.others.get(actor)
        if agent is None:
            agent = HeuristicAgent(self.future ^ hash_text(actor))
            scripts = self._rival_scripts() if side_of(actor) != self.side else {}
            if scripts:
                agent = ScriptedTurn(agent, scripts)
            self.others[actor] = agent
        return agent.act(self.state, actor, legal)

    def _rival_scripts(self) -> dict[str, str]:
        """The enemy's scripts in this future: his race (:attr:`rivals`) and, with
        :attr:`PlannerSettings.enemy_guard`, his guard of one's small regions worked out
        where he first decides (so that it answers the plan's moves), the guard's
        scripts before the race's."""
        settings = self.agent.settings
        if not settings.enemy_guard or self.enemy is None:
            return self.rivals
        limits = replace(settings, reach=settings.enemy_guard)
        guarding = guard_scripts(self.state, self.enemy, limits)
        return {**self.rivals, **guarding}

    def finish(self) -> float:
        """Play through the enemy's reply and score the position for the agent's role."""
        self.run(until=2)
        if self.state.is_over():
            return outcome(self.state, self.role)
        return self.agent.evaluate(self.state, self.role)


def _tactical(legal: list[Action], system: str) -> bool:
    """Whether a decision is tactical: it offers a kind of action the rollout agent
    thinks about (:data:`DECISIVE`), and none that moves a unit (the plan's)."""
    kinds = {a.get("type") for a in legal}
    return bool(kinds & DECISIVE.get(system, frozenset())) and not kinds & MOVEMENT


def _tactician(
    seed: int, budget: Budget, settings: PlannerSettings, evaluate: Evaluator
) -> RolloutAgent | None:
    """The rollout search for the tactical decisions, on ``settings.tactics`` of the
    budget (None: no share, the rules of thumb decide)."""
    share = settings.tactics
    if share <= 0:
        return None
    iterations = None if budget.iterations is None else max(1, round(budget.iterations * share))
    seconds = None if budget.seconds is None else budget.seconds * share
    return RolloutAgent(seed, Budget(seconds=seconds, iterations=iterations), evaluate=evaluate)


def _replies(n: int) -> str:
    return "one sampled reply" if n == 1 else f"{n} sampled replies"


def _count(n: int) -> str:
    words = ["no unit", "one unit", "two units", "three units", "four units", "five units"]
    return words[n] if n < len(words) else f"{n} units"


__all__ = ["DEFAULT_BUDGET", "PlannerAgent", "PlannerSettings", "ScriptedTurn", "scripted_move"]
