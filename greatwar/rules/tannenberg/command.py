"""13.0 Command: orders (MARCH/STOP), command ranges and lines, independence of command,
HQ displacement and return, HQ combat modifiers.  STUB: every unit is commanded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Handler
from greatwar.rules.tannenberg._stub import PassingPhase

if TYPE_CHECKING:
    from greatwar.engine.state import State


class OrdersPhase(PassingPhase):
    """3.1 phase 1: MARCH counters (13.3.1), independence of command, masking (16.1)."""

    kind = "orders_phase"
    case = "tannenberg 13.3.1"


def extra_handlers() -> list[Handler]:
    return []


def commanded(st: State, uid: str) -> bool:
    """13.2.4 / 13.3.2: the unit is commanded this stage (may move, 13.4.1)."""
    return True


def hq_modifier(st: State, units: list[str], attacking: bool) -> tuple[int, str | None]:
    """13.5 the combat modifier one corps HQ gives a clash (+ attacking, - defending),
    and which HQ gives it."""
    return 0, None


def check_lone_hqs(st: State) -> None:
    """13.1.5 lone HQs with an enemy unit adjacent roll to displace or are eliminated."""
