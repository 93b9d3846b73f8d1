"""Heroic leaders (caporetto 21.0, optional): Rommel with the Bayrischer Alpenkorps (21.1),
the DiGiorgio-Ferretti provision (21.2)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class HeroicLeaders:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""
