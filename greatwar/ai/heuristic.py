"""The heuristic agent: rule-aware play for every rule system and every role.

It is a :class:`~greatwar.ai.base.SearchingAgent` that looks at one
determinized sample of the world per decision (it never sees the true state)
and decides in one of three ways:

1. **Rules of thumb** of the rule system (:mod:`.heuristic_gwite`,
   :mod:`.heuristic_tannenberg`) for the stepwise decisions where looking one
   action ahead says nothing: which unit to take in hand and where it goes,
   when to stop moving, which attacks to declare and with whom, command,
   reinforcements, cards and reserves.
2. **One-ply look-ahead** for the rest when the choice is small (combat-result
   options, retreats, advances, losses ...): each action is applied to a copy
   of the sample and the result scored with
   :func:`greatwar.ai.evaluate.evaluate`.
3. **Priors** by action type when the choice is large and unknown: acting is
   preferred to passing, passing to taking back what was just done.

It never chooses undo, and it sets ``last_explanation`` to a short reason in a
player's terms after each choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from greatwar.ai.base import Action, Budget, View, World
from greatwar.ai.evaluate import evaluate
from greatwar.engine.errors import IllegalAction
from greatwar.engine.labels import label_of

if TYPE_CHECKING:
    from greatwar.ai.heuristic_moves import Front
    from greatwar.engine.state import State

#: actions an agent never takes (taking back is for people)
NEVER = frozenset({"undo"})
#: actions that end or skip something
PASSIVE = frozenset(
    {
        "end_segment",
        "end_phase",
        "end_occupy",
        "end_advance",
        "finish",
        "withhold",
        "end_orders",
        "end_reserve",
        "end_trenches",
        "end_step",
        "end_clashes",
        "end_pursuit",
        "done",
        "stop",
        "end_allocation",
    }
)
#: actions that take back a choice just made
UNDOING = frozenset(
    {
        "release",
        "remove_attacker",
        "remove_target",
        "remove_shift",
        "remove_defensive_shift",
        "remove_massed_artillery",
        "remove_putnik_shift",
        "remove_flotilla",
        "remove_barrage",
        "remove_defensive_barrage",
        "cancel",
        "cancel_mask",
        "cancel_trench",
        "unreserve",
        "drop_gun",
        "drop_hex",
        "destroy_trench",
        "hold_fire",
    }
)
#: the largest choice worth looking one action ahead on
LOOKAHEAD_LIMIT = 12
#: decisions in one phase after which the agent suspects it is going round in circles
#: and ends what it can end
LOOP_GUARD = 600


@dataclass(frozen=True)
class Choice:
    """An action and the reason for it.  A *firm* choice is a rule of thumb that guards
    against what the enemy may choose unseen (his hidden combat card): the rollout search
    (:mod:`.rollout`, the planner's tactics) keeps it unsearched, as the enemy of its
    sampled futures plays by the rules of thumb, and only ever the one card they would.
    (The ISMCTS agent does not read it.)"""

    action: Action
    reason: str
    firm: bool = False


@dataclass
class Turn:
    """One decision: the seat's view, its legal actions, a sampled world and the agent's
    memory of this phase; what the rules of thumb work with."""

    role: str
    view: View
    legal: list[Action]
    state: State
    memory: set[Any]
    rng: random.Random
    kinds: frozenset[str] = field(init=False)
    _front: Front | None = None

    def __post_init__(self) -> None:
        self.kinds = frozenset(a["type"] for a in self.legal)

    def of_type(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a["type"] == kind]

    def first(self, kind: str) -> Action | None:
        return next((a for a in self.legal if a["type"] == kind), None)

    def pick(self, action: Action | None, reason: str) -> Choice:
        """The choice of ``action`` (or, if None, of the first legal action)."""
        return Choice(action if action is not None else self.legal[0], reason)

    def insist(self, action: Action, reason: str) -> Choice:
        """The firm choice of ``action`` (see :class:`Choice`)."""
        return Choice(action, reason, firm=True)

    def front(self, build: Callable[[State, str], Front]) -> Front:
        """The position read for moves (built once per decision)."""
        if self._front is None:
            from greatwar.ai.evaluate import side_of

            self._front = build(self.state, side_of(self.state, self.role))
        return self._front

    def rule_out(self, unwanted: Callable[[Action], bool]) -> None:
        """Leave out of the choice the actions a rule of thumb never takes here (the rest
        are left to look-ahead); at least one action is always left."""
        kept = [a for a in self.legal if not unwanted(a)]
        if kept:
            self.legal = kept
            self.kinds = frozenset(a["type"] for a in kept)

    def memory_has(self, item: Any) -> bool:
        return item in self.memory

    def remember(self, item: Any) -> None:
        self.memory.add(item)


def rules_for(system: str) -> ModuleType | None:
    """The rule system's rules of thumb: a module with ``choose(turn)`` and, optionally,
    its own ``LOOKAHEAD_LIMIT`` (where the forward model is slow)."""
    if system == "gwite":
        from greatwar.ai import heuristic_gwite

        return heuristic_gwite
    if system == "tannenberg":
        from greatwar.ai import heuristic_tannenberg

        return heuristic_tannenberg
    return None


def prior(action: Action) -> float:
    """How much an action is worth on its type alone."""
    kind = action["type"]
    if kind in UNDOING:
        return -2.0
    if kind in PASSIVE:
        return -1.0
    return 0.0


class HeuristicAgent:
    """Rule-aware play from one sampled world per decision (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.last_explanation: str | None = None
        self._memory: set[Any] = set()
        self._memory_key: Any = None
        self._in_phase = 0

    def choose_in(self, view: View, world: World) -> Action:
        legal: list[Action] = [a for a in view["legal_actions"] if a["type"] not in NEVER]
        if not legal:
            raise ValueError("no legal action to choose from (undo aside)")
        if len(legal) == 1:
            self.last_explanation = "has one thing to do"
            return legal[0]
        choice = self.act(world.sample(self.rng), view["role"], legal, view)
        self.last_explanation = choice.reason
        return choice.action

    def act(self, state: State, role: str, legal: list[Action], view: View | None = None) -> Choice:
        """The choice for ``role`` in ``state``, a full game state the caller owns (a
        determinization: one of its own samples, or a searching agent's rollout), with the
        agent's memory of the phase; ``legal`` are the actions it may choose (undo left out)."""
        turn = Turn(role, view or {}, legal, state, self._phase_memory(state), self.rng)
        self._in_phase += 1
        return self.decide(turn) if self._in_phase <= LOOP_GUARD else self.break_loop(turn)

    def fork(self, seed: int) -> HeuristicAgent:
        """A copy that remembers what this agent remembers of the phase, with its own
        random numbers (a searching agent plays its rollouts with forks)."""
        twin = HeuristicAgent(seed, self.budget)
        twin._memory = set(self._memory)
        twin._memory_key = self._memory_key
        twin._in_phase = self._in_phase
        return twin

    def remembers(self, item: Any) -> bool:
        """Whether the agent remembers ``item`` from the current phase."""
        return item in self._memory

    def note(self, state: State, action: Action) -> None:
        """Remember ``action``, taken in ``state``, as the rules of thumb would had they
        chosen it (a searching agent that overrules the heuristic's pick keeps the memory
        of its base agent right)."""
        self._phase_memory(state)
        self._in_phase += 1
        if action["type"] == "select" and "unit" in action:
            self._memory.add(("moved", action["unit"]))  # one turn in hand per phase
        elif action["type"] == "declare" and "target" in action:
            self._memory.add(("declined", action["target"]))  # one try per target

    def decide(self, turn: Turn) -> Choice:
        """Rules of thumb first, then a look one action ahead, then priors."""
        rules = rules_for(turn.state.game.system.name)
        choice: Choice | None = rules.choose(turn) if rules is not None else None
        if choice is not None and choice.action in turn.legal:
            return choice
        if len(turn.legal) <= getattr(rules, "LOOKAHEAD_LIMIT", LOOKAHEAD_LIMIT):
            return self.look_ahead(turn)
        return self.by_prior(turn)

    def look_ahead(self, turn: Turn) -> Choice:
        """The action whose result :func:`evaluate` likes best (ties: the better prior)."""
        best: tuple[float, float, float] | None = None
        chosen = turn.legal[0]
        for action in turn.legal:
            trial = turn.state.clone()
            try:
                trial.apply(turn.role, action)
            except IllegalAction:  # the sample may refuse what the view allows
                continue
            key = (evaluate(trial, turn.role), prior(action), self.rng.random())
            if best is None or key > best:
                best, chosen = key, action
        return Choice(chosen, f"judges {_describe(turn, chosen)} best for the position")

    def break_loop(self, turn: Turn) -> Choice:
        """Too many decisions in one phase: end or skip something, else act at random."""
        passive = [a for a in turn.legal if a["type"] in PASSIVE]
        chosen = self.rng.choice(passive or turn.legal)
        return Choice(chosen, f"cuts short with {_describe(turn, chosen)}")

    def by_prior(self, turn: Turn) -> Choice:
        keyed = [(prior(a), self.rng.random(), i) for i, a in enumerate(turn.legal)]
        chosen = turn.legal[max(keyed)[2]]
        return Choice(chosen, f"goes on with {_describe(turn, chosen)}")

    def _phase_memory(self, state: State) -> set[Any]:
        """What the agent remembers of the current phase or segment (forgotten when it
        changes): the frames down to the first phase and the one inside it."""
        kinds = [f["kind"] for f in state.data["stack"]]
        depth = next((i for i, k in enumerate(kinds) if k.endswith("_phase")), len(kinds))
        data = state.data
        key = (data.get("turn"), data.get("stage"), data.get("phasing"), *kinds[: depth + 2])
        if key != self._memory_key:
            self._memory_key = key
            self._memory = set()
            self._in_phase = 0
        return self._memory


def _describe(turn: Turn, action: Action) -> str:
    """The action as its seat's view labels it (the rule system's words), else its kind."""
    label = label_of(turn.view, action)
    if label is not None:
        return f"“{label}”"
    kind = str(action["type"]).replace("_", " ")
    detail = action.get("unit") or action.get("to") or action.get("hex") or action.get("text")
    return f"{kind} {detail}" if detail else kind
