"""Von Hindenburg in Poland's rules object: the standard rules with the exclusive rules
15.0-23.2 (one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.hindenburg import (
    combat,
    command,
    control,
    corps,
    depletion,
    garrison,
    hidden_movement,
    rail,
    redaction,
    reinforcement,
    replacement,
    scenario,
    supply,
    victory,
)
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.rules import StandardRules, game_options

_SECTIONS = (
    combat,
    supply,
    depletion,
    rail,
    control,
    hidden_movement,
    redaction,
    command,
    corps,
    garrison,
    replacement,
    victory,
    reinforcement,
    scenario,
)


class HindenburgRules(
    combat.HindenburgCombat,
    supply.HindenburgSupply,
    depletion.Depletion,
    rail.HindenburgRail,
    control.RailControl,
    hidden_movement.HiddenMovement,
    redaction.Redaction,
    command.HindenburgCommand,
    corps.CorpsBreakdown,
    garrison.Garrison,
    replacement.HindenburgReplacement,
    victory.HindenburgVictory,
    reinforcement.HindenburgReinforcement,
    scenario.HindenburgScenario,
    StandardRules,
):
    """Von Hindenburg in Poland (15.0-23.2): the standard rules as its cases change them."""

    game: ClassVar[str] = "hindenburg"
    title: ClassVar[str] = "Von Hindenburg in Poland"
    options: ClassVar[dict[str, OptionSpec]] = game_options(*_SECTIONS)
    special_model = D.HindenburgData
