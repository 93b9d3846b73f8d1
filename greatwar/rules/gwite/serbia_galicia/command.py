"""Command control in Serbia/Galicia (serbia-galicia 18.1, 18.2): army combat integrity and
defensive shifts."""

from __future__ import annotations

from greatwar.engine.system import OptionSpec

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class SerbiaGaliciaCommand:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""
