"""16.3 Cavalry reconnaissance (and 16.2.7 empty masks in enemy zones).  STUB."""

from __future__ import annotations

from greatwar.rules.tannenberg._stub import PassingPhase


class ReconnaissancePhase(PassingPhase):
    """3.1 phase 3."""

    kind = "reconnaissance_phase"
    case = "tannenberg 16.3.1"
