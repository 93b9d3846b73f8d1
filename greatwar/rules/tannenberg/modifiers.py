"""Combat modifiers of a clash: terrain (9.7), flanking (9.2.1), surrounded (9.2.2),
cavalry against infantry (9.2.3), fortifications, trenches and wire (12.x),
concentration of divisions (14.x), headquarters (13.5).  STUB: none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State


def clash_modifiers(
    st: State, attackers: list[str], defenders: list[str], attack_hexes: list[str]
) -> list[dict[str, Any]]:
    """Every modifier of the ratio for this clash: ``{"why", "value", "case"}``
    (``"provisional": true`` when a supplied table value decided it)."""
    return []
