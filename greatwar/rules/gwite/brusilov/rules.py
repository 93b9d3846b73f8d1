"""The Brusilov Offensive's rules object: the standard rules with the exclusive rules
15.0-26.34 (one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.brusilov import (
    armored_car,
    combat,
    command,
    massed_artillery,
    movement,
    panic,
    panic_result,
    rail,
    reinforcement,
    replacement,
    scenario,
    supply,
    victory,
)
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.rules import StandardRules, game_options

_SECTIONS = (
    combat,
    massed_artillery,
    panic,
    movement,
    rail,
    armored_car,
    supply,
    command,
    replacement,
    reinforcement,
    victory,
    scenario,
)


class BrusilovRules(
    panic_result.PanicStages,
    panic.Panic,
    massed_artillery.MassedArtillery,
    combat.BrusilovCombat,
    armored_car.ArmoredCar,
    movement.BrusilovMovement,
    rail.BrusilovRail,
    supply.BrusilovSupply,
    command.BrusilovCommand,
    replacement.BrusilovReplacement,
    reinforcement.BrusilovReinforcement,
    victory.BrusilovVictory,
    scenario.BrusilovScenario,
    StandardRules,
):
    """The Brusilov Offensive (15.0-26.34): the standard rules as its cases change them."""

    game: ClassVar[str] = "brusilov"
    title: ClassVar[str] = "The Brusilov Offensive"
    options: ClassVar[dict[str, OptionSpec]] = game_options(*_SECTIONS)
    special_model = D.BrusilovData
