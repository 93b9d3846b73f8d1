"""Computer players."""

from greatwar.ai.base import Agent
from greatwar.ai.random_agent import RandomAgent

AGENTS = {"random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name (``random``)."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"no agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None


__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
