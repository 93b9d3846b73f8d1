"""The agent protocol: an agent sees one seat's view and returns an action.

An agent never reads the game state itself, only ``state.view(role)`` (or
the part of it it needs): what that seat may know, with its legal actions.
"""

from __future__ import annotations

from typing import Any, Protocol

View = dict[str, Any]
Action = dict[str, Any]


class Agent(Protocol):
    name: str

    def choose(self, view: View) -> Action:
        """One of ``view["legal_actions"]``."""
        ...
