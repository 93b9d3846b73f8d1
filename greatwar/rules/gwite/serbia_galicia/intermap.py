"""Austro-Hungarian intermap transfer between the Galician and Serbian maps (serbia-galicia
2.1, 17.4), and who may not use it (17.41, 17.42)."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class IntermapTransfer:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
