"""17.0 Set-up and reinforcements.  STUB: reinforcements do not arrive yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def due(st: State, side: str) -> list[str]:
    """Reinforcements of ``side`` that may enter this stage (17.2.2)."""
    return []
