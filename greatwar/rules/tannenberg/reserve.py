"""4.5 Reserve movement: designation in phase 4, reactions during enemy movement.  STUB."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Handler
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg._stub import PassingPhase

if TYPE_CHECKING:
    from greatwar.engine.state import State

RESERVE = "reserve"


class ReservePhase(PassingPhase):
    """3.1 phase 4 (and 15.5.2: isolated units roll at its end)."""

    kind = "reserve_phase"
    case = "tannenberg 4.5.3"


def extra_handlers() -> list[Handler]:
    return []


def is_reserve(st: State, uid: str) -> bool:
    return U.has_marker(st, uid, RESERVE)


def clear_reserve(st: State) -> None:
    """3.1 unused RESERVE counters are removed after the clash phase."""
    U.clear_marker(st, RESERVE)
