"""Von Hindenburg in Poland's rules object: the standard rules with the exclusive rules
15.0-23.2 (one part per section, each in its own module of this package)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from pydantic import ValidationError

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
from greatwar.rules.gwite.rules import StandardRules

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

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
    options: ClassVar[dict[str, OptionSpec]] = {
        **StandardRules.options,
        **{name: spec for section in _SECTIONS for name, spec in section.OPTIONS.items()},
    }

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """The standard checks, then the Von Hindenburg data of ``[special]``."""
        super().validate(scenario, problems)
        try:
            D.parse(scenario)
        except ValidationError as e:
            for err in e.errors():
                where = ("special", *(str(p) for p in err["loc"]))
                problems.add(where, err["msg"])
