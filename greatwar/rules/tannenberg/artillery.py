"""11.0 Artillery.  STUB: artillery takes no part."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def check_lone_artillery(st: State, hex_entered: str, by_side: str) -> None:
    """11.1.8 lone artillery next to a hex an enemy unit entered rolls and withdraws."""
