"""Rules of thumb for Tannenberg 1914 (the heuristic agent's Tannenberg knowledge)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.ai.heuristic import Choice, Turn


def choose(turn: Turn) -> Choice | None:
    return None
