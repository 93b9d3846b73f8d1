"""The Great War in the East games whose rules are written, by the name a scenario gives
its game (``[scenario] game``): the standard rules and each game's exclusive rules."""

from __future__ import annotations

from greatwar.rules.gwite.brusilov import BrusilovRules
from greatwar.rules.gwite.caporetto import CaporettoRules
from greatwar.rules.gwite.hindenburg import HindenburgRules
from greatwar.rules.gwite.rules import StandardRules
from greatwar.rules.gwite.serbia_galicia import SerbiaGaliciaRules

#: the games whose rules are written, by the name scenarios give them
GAMES: dict[str, type[StandardRules]] = {
    StandardRules.game: StandardRules,
    BrusilovRules.game: BrusilovRules,
    CaporettoRules.game: CaporettoRules,
    HindenburgRules.game: HindenburgRules,
    SerbiaGaliciaRules.game: SerbiaGaliciaRules,
}

#: the games of the quadrigame whose exclusive rules are still to be written
PLANNED: dict[str, str] = {}


def rules_class(game: str) -> type[StandardRules]:
    """The rules class of a game (KeyError for a game whose rules are not written)."""
    return GAMES[game]
