"""Serbia/Galicia's rules object: the standard rules with the exclusive rules 15.0-26.33
(one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.rules import StandardRules, game_options
from greatwar.rules.gwite.serbia_galicia import (
    command,
    deployment,
    flotilla,
    forage,
    intermap,
    options,
    putnik,
    rail,
    replacement,
    scenario,
    sequence,
    serbian_supply,
    supply,
    victory,
)
from greatwar.rules.gwite.serbia_galicia import data as D

_SECTIONS = (
    sequence,
    rail,
    intermap,
    supply,
    replacement,
    command,
    putnik,
    serbian_supply,
    flotilla,
    options,
    forage,
    victory,
    scenario,
    deployment,
)


class SerbiaGaliciaRules(
    sequence.SerbiaGaliciaSequence,
    rail.SerbiaGaliciaRail,
    intermap.IntermapTransfer,
    supply.SerbiaGaliciaSupply,
    replacement.SerbiaGaliciaReplacement,
    command.SerbiaGaliciaCommand,
    putnik.Putnik,
    serbian_supply.SerbianSupplyPoints,
    flotilla.MonitorFlotilla,
    options.SerbiaGaliciaOptions,
    forage.CavalryForage,
    victory.SerbiaGaliciaVictory,
    scenario.SerbiaGaliciaScenario,
    deployment.SerbiaGaliciaDeployment,
    StandardRules,
):
    """Serbia/Galicia (15.0-26.33): the standard rules as its cases change them."""

    game: ClassVar[str] = "serbia-galicia"
    title: ClassVar[str] = "Serbia/Galicia"
    options: ClassVar[dict[str, OptionSpec]] = game_options(*_SECTIONS)
    special_model = D.SerbiaGaliciaData
