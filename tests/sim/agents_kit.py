"""Agents the simulation tests play with (shared by the simulate and ladder tests)."""

from __future__ import annotations


class BrokenAgent:
    """An agent that gives up after five decisions: its games fail, the others go on."""

    name = "broken"

    def __init__(self, seed: int = 0) -> None:
        self.calls = 0

    def choose(self, view: dict) -> dict:
        self.calls += 1
        if self.calls > 5:
            raise RuntimeError("the agent gave up")
        return view["legal_actions"][0]
