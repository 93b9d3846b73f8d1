"""8.0 Control zones.  STUB: no zones yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def controlled_by(st: State, side: str) -> frozenset[str]:
    """Hexes in the control zone of ``side`` (8.1; masks have zones too, 16.2.5)."""
    return frozenset()


def enemy_controlled(st: State, side: str) -> frozenset[str]:
    """Hexes in an enemy control zone for ``side``, not neutralised (8.1.4)."""
    return frozenset()


def in_enemy_zoc(st: State, uid: str) -> bool:
    return False
