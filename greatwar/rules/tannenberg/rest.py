"""2.3.8-2.3.9 Rest and reorganisation (3.1 phase 7).  STUB."""

from __future__ import annotations

from greatwar.rules.tannenberg._stub import PassingPhase


class RestPhase(PassingPhase):
    kind = "rest_phase"
    case = "tannenberg 2.3.8"
