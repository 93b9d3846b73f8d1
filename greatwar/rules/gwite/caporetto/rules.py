"""Caporetto 1917's rules object: the standard rules with the exclusive rules 15.0-25.3
and the Appendix (one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.rules import StandardRules, game_options

_SECTIONS = ()


class CaporettoRules(StandardRules):
    """Caporetto 1917 (15.0-25.3): the standard rules as its cases change them."""

    game: ClassVar[str] = "caporetto"
    title: ClassVar[str] = "Caporetto 1917"
    options: ClassVar[dict[str, OptionSpec]] = game_options(*_SECTIONS)
    special_model = D.CaporettoData
