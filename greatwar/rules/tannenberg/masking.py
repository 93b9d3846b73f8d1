"""16.1-16.2 Masking.  STUB: nothing is masked."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwar.engine.state import State


def is_masked(st: State, uid: str) -> bool:
    return False


def visible_to(st: State, uid: str, role: str) -> bool:
    """Whether ``role`` may see which unit ``uid`` is (its own, or unmasked)."""
    return True


def reveal(st: State, uid: str, case: str, why: str = "") -> None:
    """16.3.1 a masked unit is revealed (clash, reconnaissance, 16.2.8)."""
