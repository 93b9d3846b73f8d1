"""The agent protocol: an agent sees one seat's view and returns an action.

An agent never reads the game state itself, only ``state.view(role)`` (or
the part of it it needs): what that seat may know, with its legal actions.
An agent that searches forward may also be handed a :class:`World`: it can
only *sample* whole game states consistent with the seat's view (hidden
information and future dice drawn afresh), never see the true one.

Every caller — the play loop, the terminal game, the server, batch
simulation — asks an agent for a move through :func:`decide`, so the rules
of what an agent may see live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    import random

    from greatwar.engine.state import State

View = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Budget:
    """How long an agent may think about one decision: seconds, iterations, or both
    (whichever runs out first); ``None`` means no limit of that kind."""

    seconds: float | None = None
    iterations: int | None = None


class ChoosingAgent(Protocol):
    """An agent that chooses from the seat's view alone."""

    name: str

    def choose(self, view: View) -> Action:
        """One of ``view["legal_actions"]``."""
        ...


@runtime_checkable
class SearchingAgent(Protocol):
    """An agent that looks ahead: it is given a :class:`World` to sample from."""

    name: str

    def choose_in(self, view: View, world: World) -> Action:
        """One of ``view["legal_actions"]``, thinking within the agent's budget."""
        ...


#: any computer player: one that chooses from a view, or one that looks ahead in a world
#: (:func:`decide` asks each as it may be asked)
Agent = ChoosingAgent | SearchingAgent


class World:
    """What a seat may imagine about the game: states consistent with its view.

    ``sample(rng)`` returns a fresh determinization — a full :class:`State` equal to
    the true one in everything ``role`` may see, with what it may not see (and the
    dice to come) drawn from ``rng``. The true state is never returned.
    """

    def __init__(self, state: State, role: str) -> None:
        self._state = state
        self.role = role

    def sample(self, rng: random.Random) -> State:
        return self._state.game.system.determinize(self._state, self.role, rng)


def searches(agent: object) -> bool:
    """Whether the agent is a :class:`SearchingAgent` (it has ``choose_in``): asked of its
    type once, since an ``isinstance`` against the Protocol costs on every decision."""
    kind = type(agent)
    found = _SEARCHING_TYPES.get(kind)
    if found is None:
        found = _SEARCHING_TYPES[kind] = callable(getattr(kind, "choose_in", None))
    return found


#: :func:`searches`'s answer by type of agent
_SEARCHING_TYPES: dict[type, bool] = {}


class LeanView(dict):
    """:meth:`State.lean_view` with its ``labels`` worked out when first read: an agent
    reads them only to explain a few of its choices, and labelling every legal action
    cost a tenth of a heuristic game (issue 18).  The labels are the lean view's own,
    read while the state is still the one the view shows (a view read after the state
    has moved on raises rather than label another position's actions)."""

    def __init__(self, state: State, role: str) -> None:
        super().__init__(role=role, version=state.version, legal_actions=state.legal_actions(role))
        self._state = state

    def __missing__(self, key: str) -> Any:
        if key != "labels":
            raise KeyError(key)
        if self._state.version != self["version"]:
            raise RuntimeError("the view's labels are read after the state moved on")
        labels = self["labels"] = self._state.lean_view(self["role"])["labels"]
        return labels

    def get(self, key: str, default: Any = None) -> Any:
        if key == "labels":
            return self["labels"]
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key == "labels" or super().__contains__(key)


def decide(agent: Agent, state: State, role: str) -> Action:
    """Ask ``agent`` to act for ``role`` in ``state``, showing it only what the seat may see."""
    if searches(agent):
        # what searching agents read: the role, version, legal actions and their labels
        searcher = cast(SearchingAgent, agent)
        return searcher.choose_in(LeanView(state, role), World(state, role))
    chooser = cast(ChoosingAgent, agent)
    if getattr(agent, "needs_full_view", False):
        return chooser.choose(state.view(role))
    return chooser.choose({"role": role, "legal_actions": state.legal_actions(role)})


def explanation(agent: Agent) -> str | None:
    """The agent's reason for its last choice, in a player's terms, if it gives one
    (agents may set ``last_explanation`` after each ``choose``)."""
    return getattr(agent, "last_explanation", None)


def reasons_public(state: State) -> bool:
    """Whether a computer's reasons may be shown to everyone: where the rule system hides
    nothing, or once the game is over (a reason may name a secret choice, a mask or a card)."""
    return not state.game.hidden_information or state.is_over()
