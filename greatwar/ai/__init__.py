"""Computer players."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from greatwar.ai.base import Agent, Budget, SearchingAgent, World, decide
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.ai.planner import PlannerAgent
from greatwar.ai.random_agent import RandomAgent
from greatwar.ai.rollout import RolloutAgent
from greatwar.ai.search import SearchAgent

#: agent name -> class (or factory) taking ``seed`` and, if it thinks, ``budget``
AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}
AGENTS["heuristic"] = HeuristicAgent  # rules of thumb and one-ply look-ahead (issue 6)
AGENTS["search"] = SearchAgent  # Monte Carlo tree search (issue 6)
AGENTS["rollout"] = RolloutAgent  # policy improvement over the heuristic by rollouts
AGENTS["planner"] = PlannerAgent  # plans a whole player-turn (issue 19)
#: the computer opponent used when none is named
DEFAULT_AGENT = "heuristic"


@dataclass(frozen=True)
class Level:
    """A difficulty level: the agent that plays it and its stated think time (the
    agent's default budget; the start page says the same, ``greatwar/web/js/start.js``)."""

    agent: str
    think: str


#: the difficulty levels of ``greatwar play --level`` and the start page (issue 19)
LEVELS = {
    "easy": Level("heuristic", "moves at once (rules of thumb)"),
    "normal": Level("rollout", "about 2 s a decision it thinks about (looks ahead)"),
    "hard": Level(
        "planner",
        "about 5 s a player-turn to plan it as a whole, and 0.5 s a combat choice it looks"
        " ahead on",
    ),
}


def make_agent(name: str, seed: int = 0, budget: Budget | None = None) -> Agent:
    """An agent by name; ``budget`` goes to agents that think within one."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"no agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    if budget is not None and "budget" in inspect.signature(factory).parameters:
        return factory(seed, budget=budget)
    return factory(seed)


__all__ = [
    "AGENTS",
    "DEFAULT_AGENT",
    "LEVELS",
    "Agent",
    "Budget",
    "HeuristicAgent",
    "Level",
    "PlannerAgent",
    "RandomAgent",
    "RolloutAgent",
    "SearchingAgent",
    "World",
    "decide",
    "make_agent",
]
