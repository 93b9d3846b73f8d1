"""The search agent: Monte Carlo tree search over the engine's forward model.

Each iteration of the search

1. samples a *determinization* of the game from the seat's :class:`~greatwar.ai.base.World`
   (hidden units, unrevealed cards and future dice drawn afresh — the agent never sees the
   true state), so the tree is one *information-set* tree shared by every sample
   (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012);
2. walks down the tree applying the engine's stepwise actions (select a unit, then its
   destination; declare, add attackers, resolve), choosing among the children legal in this
   sample by UCB1 with *availability* counts, and widening each node progressively: a node
   visited ``n`` times considers only its ``widening * n ** 0.5`` most promising actions,
   ranked by a prior (weights by kind of action, and a bonus for the heuristic agent's own
   pick once the node is visited again), so the many stepwise moves of a wargame
   turn are tried best first;
3. adds one new node, then plays a short rollout with a cheap policy and scores the position
   for every role with :func:`evaluate` (a number in [-1, 1]; 1 is a win for that role);
4. backs the scores up: each node's edges hold the score of the role acting there
   (max-n, so two Russian seats in Tannenberg each seek their own side's score).

Where several roles may act at once (Tannenberg's simultaneous combat cards, reserve
windows), the root is the agent's own role and a node below acts for the first active role
that has a legal action; the tree then lets that role answer what was chosen above it, a
cautious reading of simultaneous choices. The agent never chooses undo.

Leaves are scored with :func:`greatwar.ai.evaluate.evaluate` (once per leaf: one side's
value is minus the other's). Rollouts draw actions by kind (cheap); the heuristic agent's
rules of thumb, too slow for every rollout step, guide the tree instead: its pick gets a
prior bonus at the root and at every node visited twice. ``Settings.focus`` limits the
search to decisions offering certain kinds of action (combat, cards, retreats ...) and
leaves the rest to the heuristic agent, to spend a small budget where it counts. A decision
with one choice is taken without searching.

With ``Budget(iterations=...)`` and no time limit the choice is a pure function of the seed,
the view and the world (and the agent's earlier decisions), so tests and batch runs are
reproducible. ``last_explanation`` gives the choice with how its sampled futures scored.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from greatwar.ai import heuristic
from greatwar.ai.base import Action, Budget, View, World
from greatwar.ai.evaluate import as_percent
from greatwar.ai.evaluate import evaluate as position_value
from greatwar.engine.errors import IllegalAction

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the default think time of a decision (issue 6: 2 s per decision)
DEFAULT_BUDGET = Budget(seconds=2.0)
UNDO = "undo"
#: parts of an action left out of its description (the route, its cost)
HIDDEN_DETAILS = frozenset({"type", "path", "cost"})

Evaluator = Callable[["State", str], float]
#: a rollout policy: (state, role, legal actions, rng) -> one of the legal actions
Policy = Callable[["State", str, list[Action], random.Random], Action]
#: a guide: (state, role, legal actions, at the root?) -> the action a rule of thumb takes
Guide = Callable[["State", str, list[Action], bool], "Action | None"]
#: the prior weight the guide's pick gets over the weights by type
GUIDE_BONUS = 4.0
#: rollout weights by kind of action: passing and taking back less often, resolving more
PASSIVE_WEIGHT, UNDOING_WEIGHT, DECISIVE_WEIGHT = 0.25, 0.05, 5.0


def type_weight(action: Action) -> float:
    """The weight of an action on its type alone (the heuristic's kinds of action)."""
    kind = action.get("type")
    if kind in heuristic.UNDOING:
        return UNDOING_WEIGHT
    if kind in heuristic.PASSIVE:
        return PASSIVE_WEIGHT
    if kind == "resolve":
        return DECISIVE_WEIGHT
    return 1.0


def action_key(action: Action) -> str:
    """A stable key of an action (children of a node are keyed by it)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def usable(actions: list[Action]) -> list[Action]:
    """The actions a searching agent may choose: all but undo."""
    return [a for a in actions if a.get("type") != UNDO]


def choices_in(view: View) -> list[Action]:
    """The actions a searching agent may choose in ``view`` (ValueError if none)."""
    legal = usable(view["legal_actions"])
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal


def only_choice(action: Action) -> str:
    """The explanation of a choice there was no other to."""
    return f"{describe(action)} (the only choice)"


def side_of(role: str) -> str:
    """The side a role plays (``russian-1`` plays ``russian``; other roles are sides)."""
    return role.split("-", 1)[0]


def outcome(state: State, role: str) -> float:
    """The score of a finished game for ``role``: 1 won, -1 lost, 0 drawn."""
    result = state.result() or {}
    winner = result.get("winner")
    if winner is None:
        return 0.0
    return 1.0 if winner == side_of(role) else -1.0


_Raced = TypeVar("_Raced")


def better_half(
    items: list[_Raced], score: Callable[[_Raced], float], always: _Raced | None = None
) -> list[_Raced]:
    """One round of sequential halving: the better half (rounded up) of ``items`` by
    ``score``, in their order; ``always``, if it fell out, is kept in place of the worst
    kept (the rollout agent's heuristic pick)."""
    ranked = sorted(items, key=score, reverse=True)[: max(1, math.ceil(len(items) / 2))]
    if always is not None and always not in ranked:
        ranked[-1] = always
    return [x for x in items if x in ranked]


def acting_role(state: State, prefer: str | None = None) -> str | None:
    """The role that acts at ``state`` in the tree: ``prefer`` when it may act, else the
    first active role with a legal action (None when no one can)."""
    acting = actor_and_choices(state, prefer)
    return None if acting is None else acting[0]


def actor_and_choices(state: State, prefer: str | None = None) -> tuple[str, list[Action]] | None:
    """:func:`acting_role` and its :func:`usable` actions, found once (None when no role
    can act)."""
    active = state.active_roles()
    if prefer is not None and prefer in active:
        legal = usable(state.legal_actions(prefer))
        if legal:
            return prefer, legal
    for r in active:
        legal = usable(state.legal_actions(r))
        if legal:
            return r, legal
    return None


@dataclass
class Edge:
    """One action from a node: its statistics, seen from the role acting at the node."""

    action: Action
    prior: float
    visits: int = 0
    total: float = 0.0
    available: int = 0
    child: Node | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Node:
    """A node of the information-set tree: a sequence of actions from the root."""

    visits: int = 0
    #: role -> key -> edge (the acting role may differ between determinizations)
    edges: dict[str, dict[str, Edge]] = field(default_factory=dict)
    #: roles whose guide pick has been asked for at this node
    guided: set[str] = field(default_factory=set)
    #: actions a sample refused to apply although listed (never tried again here)
    refused: set[str] = field(default_factory=set)

    def edges_of(self, role: str) -> dict[str, Edge]:
        return self.edges.setdefault(role, {})


@dataclass
class Settings:
    """How the search spends its budget."""

    #: actions a rollout plays past the new node before the position is scored
    rollout_depth: int = 16
    #: UCB1 exploration constant (scores are in [-1, 1])
    exploration: float = 0.8
    #: progressive widening: a node visited n times considers ceil(widening * n**alpha) actions
    widening: float = 2.0
    alpha: float = 0.5
    #: iterations when the budget names neither seconds nor iterations
    fallback_iterations: int = 200
    #: a node asks the guide (the heuristic) for its pick once visited this often
    guide_after: int = 2
    #: if given, search only decisions offering an action of these kinds and leave the
    #: rest to the heuristic agent (to spend a budget where it matters)
    focus: frozenset[str] | None = None
    #: the evaluation of one side is minus the other's (true of :func:`evaluate`), so a
    #: leaf is evaluated once
    zero_sum: bool = True


class SearchAgent:
    """Information-set Monte Carlo tree search within a :class:`Budget`."""

    name = "search"
    needs_full_view = True

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        *,
        settings: Settings | None = None,
        evaluate: Evaluator | None = None,
        policy: Policy | None = None,
        guide: Guide | None = None,
    ) -> None:
        self.seed = seed
        self.budget = budget or DEFAULT_BUDGET
        self.settings = settings or Settings()
        self.evaluate = evaluate or position_value
        self.policy = policy or weighted_policy
        self._heuristic = heuristic.HeuristicAgent(seed)
        self.guide = guide or self._heuristic_pick
        self.last_explanation = ""
        #: iterations run for the last decision, and decisions searched so far (reports)
        self.last_iterations = 0
        self.searched = 0

    # --- the agent protocol ---------------------------------------------------------

    def choose(self, view: View) -> Action:
        """Without a world to sample, the action of highest prior weight."""
        best = max(choices_in(view), key=type_weight)
        self.last_explanation = f"{describe(best)} (no search: nothing to sample)"
        return best

    def choose_in(self, view: View, world: World) -> Action:
        """The most visited action at the root after searching within the budget."""
        legal = choices_in(view)
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_explanation = only_choice(legal[0])
            return legal[0]
        if not self._worth_searching(legal):
            self.last_iterations = 0
            action = self._heuristic.choose_in(view, world)
            self.last_explanation = self._heuristic.last_explanation or describe(action)
            return action
        rng = random.Random(decision_seed(self.seed, view))
        root = Node()
        role = view["role"]
        self.last_iterations = self._search(root, world, role, rng)
        self.searched += 1
        return self._pick(root, role, legal)

    def _worth_searching(self, legal: list[Action]) -> bool:
        focus = self.settings.focus
        return focus is None or any(a.get("type") in focus for a in legal)

    # --- the search -----------------------------------------------------------------

    def _search(self, root: Node, world: World, role: str, rng: random.Random) -> int:
        limit = self.budget.iterations
        if limit is None and self.budget.seconds is None:
            limit = self.settings.fallback_iterations
        deadline = None if self.budget.seconds is None else time.monotonic() + self.budget.seconds
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and time.monotonic() >= deadline:
                break
            self._iterate(root, world.sample(rng), role, rng)
            done += 1
        return done

    def _iterate(self, root: Node, state: State, root_role: str, rng: random.Random) -> None:
        """One iteration: descend, expand one node, roll out, back up."""
        path: list[tuple[Node, str, Edge]] = []
        node = root
        prefer: str | None = root_role
        while not state.is_over():
            role = acting_role(state, prefer)
            prefer = None
            if role is None:
                break
            edge = self._select(node, state, role, at_root=node is root)
            try:
                state.apply(role, edge.action)
            except IllegalAction:  # a sample may refuse what its own list offered
                node.refused.add(action_key(edge.action))
                break
            path.append((node, role, edge))
            if edge.child is None:
                edge.child = Node()
                break
            node = edge.child
        scores = self._rollout(state, rng)
        root.visits += 1
        for parent, role, edge in path:
            if parent is not root:
                parent.visits += 1
            edge.visits += 1
            edge.total += scores[role]

    def _select(self, node: Node, state: State, role: str, at_root: bool) -> Edge:
        """The edge to follow: the best prior not yet tried among the widened ones, else
        the best UCB1 score with availability counts."""
        edges = node.edges_of(role)
        legal = [a for a in usable(state.legal_actions(role)) if action_key(a) not in node.refused]
        if not legal:
            legal = usable(state.legal_actions(role))
        for action in legal:
            key = action_key(action)
            if key not in edges:
                edges[key] = Edge(action, type_weight(action))
        if role not in node.guided and (at_root or node.visits >= self.settings.guide_after):
            self._ask_guide(node, state, role, legal, at_root)
        width = max(1, math.ceil(self.settings.widening * (node.visits + 1) ** self.settings.alpha))
        ranked = sorted((edges[action_key(a)] for a in legal), key=lambda e: (-e.prior, -e.visits))
        candidates = ranked[:width]
        for edge in candidates:
            edge.available += 1
        untried = [e for e in candidates if e.visits == 0]
        if untried:
            return untried[0]
        c = self.settings.exploration
        return max(
            candidates, key=lambda e: e.mean() + c * math.sqrt(math.log(e.available) / e.visits)
        )

    def _ask_guide(
        self, node: Node, state: State, role: str, legal: list[Action], at_root: bool
    ) -> None:
        """Raise the prior of the guide's pick (at the root with the agent's memory of
        the phase, so units it has moved are not taken in hand again)."""
        node.guided.add(role)
        pick = self.guide(state, role, legal, at_root)
        if pick is not None:
            edge = node.edges_of(role).get(action_key(pick))
            if edge is not None:
                edge.prior += GUIDE_BONUS

    def _heuristic_pick(
        self, state: State, role: str, legal: list[Action], at_root: bool
    ) -> Action | None:
        """The heuristic agent's choice in ``state`` (a sample, never the true state); at
        the root with the heuristic's own memory of the phase (units it has moved ...)."""
        if len(legal) < 2:
            return None
        agent = self._heuristic if at_root else heuristic.HeuristicAgent(state.version)
        return agent.act(state.clone(), role, legal).action

    def _rollout(self, state: State, rng: random.Random) -> dict[str, float]:
        """Play on a few actions with the rollout policy, then score every role."""
        for _ in range(self.settings.rollout_depth):
            if state.is_over():
                break
            acting = actor_and_choices(state)
            if acting is None:
                break
            role, legal = acting
            try:
                state.apply(role, self.policy(state, role, legal, rng))
            except IllegalAction:  # as in the tree: the rollout ends there
                break
        roles = state.game.roles()
        if state.is_over():
            return {r: outcome(state, r) for r in roles}
        return self._score(state, roles)

    def _score(self, state: State, roles: list[str]) -> dict[str, float]:
        """Every role's evaluation: once a side (partners share their side's score), and
        with two sides and ``zero_sum`` the second side's is the first's, negated."""
        sides: dict[str, float] = {}
        for role in roles:
            side = side_of(role)
            if side in sides:
                continue
            if self.settings.zero_sum and len(sides) == 1:
                sides[side] = -next(iter(sides.values()))
            else:
                sides[side] = self.evaluate(state, role)
        return {r: sides[side_of(r)] for r in roles}

    def _pick(self, root: Node, role: str, legal: list[Action]) -> Action:
        """The most visited root action (ties: higher mean), with its explanation."""
        edges = root.edges_of(role)
        keys = {action_key(a) for a in legal}
        tried = [e for k, e in edges.items() if k in keys and e.visits]
        if not tried:
            return self.choose({"legal_actions": legal})
        ranked = sorted(tried, key=lambda e: (-e.visits, -e.mean(), -e.prior))
        best = ranked[0]
        self.last_explanation = explain(best, ranked[1:], self.last_iterations)
        return best.action


def weighted_policy(_state: State, _role: str, legal: list[Action], rng: random.Random) -> Action:
    """The rollout policy: an action drawn by :func:`type_weight` (cheap: the heuristic's
    rules of thumb guide the tree, where they count, not every rollout step)."""
    return rng.choices(legal, [type_weight(a) for a in legal])[0]


def decision_seed(seed: int, view: View) -> int:
    """A seed for one decision, from the agent's seed and where the game stands."""
    return (seed * 1_000_003 + int(view.get("version", 0))) ^ hash_text(view.get("role", ""))


def hash_text(text: str) -> int:
    """A hash of ``text`` stable across processes (unlike ``hash``)."""
    value = 0
    for ch in text:
        value = (value * 131 + ord(ch)) % (1 << 61)
    return value


def describe(action: Action, names: dict[str, str] | None = None) -> str:
    """An action in a player's words: its kind, then what it names (units by their
    ``names`` when given: id -> name)."""
    kind = str(action.get("type", "action")).replace("_", " ")
    names = names or {}
    detail = " ".join(
        _detail(k, names.get(v, v) if isinstance(v, str) else v, action.get("type"))
        for k, v in action.items()
        if k not in HIDDEN_DETAILS and isinstance(v, (str, int)) and not isinstance(v, bool)
    )
    return f"{kind} {detail}".strip()


def _word(key: str) -> str:
    return key.replace("_", " ")


def _detail(key: str, value: object, kind: object) -> str:
    """One detail of an action: its key, then its value; a detail named as the action's
    kind is said once ("card defence", not "card card defence")."""
    return str(value) if key == kind else f"{_word(key)} {value}"


def explain(best: Edge, others: list[Edge], iterations: int) -> str:
    """Why the search chose ``best``: how its sampled futures scored, against the runner-up."""
    text = (
        f"{describe(best.action)}: expected {as_percent(best.mean())} over {best.visits}"
        f" of {iterations} sampled futures"
    )
    if others:
        text += f"; next best {describe(others[0].action)} {as_percent(others[0].mean())}"
    return text


__all__ = ["DEFAULT_BUDGET", "SearchAgent", "Settings"]
