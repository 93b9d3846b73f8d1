"""12.0 Fortifications: trenches, permanent fortifications, garrisons, wire.  STUB."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def entered(st: State, hex_label: str, side: str) -> None:
    """12.2.8 fortifications are destroyed when an enemy unit enters them."""
