"""9.0 Combat: the clash phase.  STUB."""

from __future__ import annotations

from greatwar.engine.phases import Handler
from greatwar.rules.tannenberg._stub import PassingPhase


class ClashPhase(PassingPhase):
    """3.1 phase 8."""

    kind = "clash_phase"
    case = "tannenberg 9.1.1"


def extra_handlers() -> list[Handler]:
    return []
