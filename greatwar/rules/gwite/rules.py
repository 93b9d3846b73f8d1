"""The rules of one Great War in the East game.

The standard rules' variation points are the methods of one class,
:class:`StandardRules`, assembled from one part per rules section (each section's
module holds its own: :class:`sequence.SequenceRules`, :class:`movement.MovementRules`,
...).  Each game's exclusive rules (The Brusilov Offensive, Caporetto 1917,
Serbia/Galicia, Von Hindenburg in Poland) are a subclass that overrides the methods
its rules change and adds its own mechanisms; the scenario names its game
(``[scenario] game = "brusilov"``), and the rule system puts an instance on the
game's static tables (``units.rules(st)``).  The rules object holds no state: a
game's state is all in ``State.data``, so clones and replays are unaffected.

A game also has its own options (the optional rules a player may switch), its own
scenario checks and its own list of what a scenario still lacks.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import option_effects, position, rail, reinforcement, special
from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.cavalry import CavalryRules
from greatwar.rules.gwite.combat import CombatRules
from greatwar.rules.gwite.command import UNLIMITED_OPTION, CommandRules
from greatwar.rules.gwite.movement import MovementRules
from greatwar.rules.gwite.rail import RailRules
from greatwar.rules.gwite.reinforcement import ReinforcementRules
from greatwar.rules.gwite.replacement import ReplacementRules
from greatwar.rules.gwite.retreat import RetreatRules
from greatwar.rules.gwite.sequence import SequenceRules
from greatwar.rules.gwite.stacking import StackingRules
from greatwar.rules.gwite.static import unit_stacking
from greatwar.rules.gwite.supply import SupplyRules
from greatwar.rules.gwite.victory import VictoryRules
from greatwar.rules.gwite.visibility import VisibilityRules

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Parameters


class StandardRules(
    SequenceRules,
    MovementRules,
    RailRules,
    StackingRules,
    CombatRules,
    SupplyRules,
    CommandRules,
    CavalryRules,
    ReplacementRules,
    RetreatRules,
    VictoryRules,
    ReinforcementRules,
    VisibilityRules,
):
    """The standard rules (sections 4.0-14.0): every variation point a method."""

    #: the name scenarios give the game (``[scenario] game``)
    game: ClassVar[str] = "standard"
    title: ClassVar[str] = "The Great War in the East, standard rules"
    #: the model of the scenario's ``[special]`` table (the game's own data), checked by
    #: place (:mod:`special`); None: the game has none
    special_model: ClassVar[type[BaseModel] | None] = None
    #: the optional rules a player may switch on or off for this game
    options: ClassVar[dict[str, OptionSpec]] = {
        UNLIMITED_OPTION: OptionSpec(
            False, "Every HQ commands all units in its radius (optional rule)", "10.32"
        ),
    }

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """What the standard rules need of a scenario's data (a game adds its own)."""
        params = scenario.file.parameters
        if self.special_model is not None:
            special.check(scenario, self.special_model, problems)  # the game's own data
        elif scenario.file.special:  # no rule would read it: a misplaced or misspelt table
            problems.add(
                ("special",),
                f"{self.title} read no [special] data (a game's exclusive rules do:"
                " name the game in [scenario] game)",
            )
        P.validate(scenario, params, problems)  # tables by side or nationality (R8)
        option_effects.validate(scenario, self.options, problems)
        self._refuse_track_limits(scenario, problems)
        rail.validate(scenario, problems)
        reinforcement.validate(self, scenario, problems)  # entries without a letter
        if not params.stacking_limit:
            problems.add(
                ("parameters", "stacking_limit"), "the standard rules need a stacking limit (6.0)"
            )
        for c in scenario.counters.values():
            if self.counter_tcr(scenario, c) is None:
                problems.add(
                    ("parameters", "tcr"),
                    f"no TCR for counter {c.id} (nationality {c.nationality}): give"
                    f" parameters.tcr.{c.nationality} or the counter's tcr (2.4)",
                )
            if unit_stacking(c) is None:
                problems.add(
                    ("parameters",),
                    f"counter {c.id}: size {c.size!r} has no stacking value in 6.11; give stacking",
                )
        # 9.12 every nationality with units that supply affects (not HQs, 10.35) needs a range
        needing = {
            c.nationality
            for c in scenario.counters.values()
            if c.type != "hq" and c.side not in params.supply_range
        }
        for nationality in sorted(needing - set(params.supply_range)):
            problems.add(
                ("parameters", "supply_range"),
                f"no supply range for nationality {nationality}: give"
                f" parameters.supply_range.{nationality} (9.12)",
            )
        position.validate(self, scenario, problems)  # the [position], where units start

    def invariants(self, st: State, moment: str) -> list[str]:
        """Broken invariants of the game's own state at ``moment`` (``any`` or
        ``end_of_phase``), checked by the fuzzer: none in the standard rules (Hindenburg
        18.0: every concealed unit stands in its marker's hex)."""
        return []

    def _refuse_track_limits(self, scenario: Scenario, problems: Problems) -> None:
        """Track limits given to a game that has none are refused, never ignored."""
        if U.overridden(self, RailRules, "track_limit_case"):
            return  # the game has track limits (R6)
        given: list[tuple[tuple[str, ...], Parameters]] = [
            (("parameters", "track_limit"), scenario.file.parameters)
        ]
        given += [
            (("option_effects", name, "parameters", "track_limit"), eff.parameters)
            for name, eff in scenario.file.option_effects.items()
        ]
        for loc, params in given:
            if params.track_limit:
                problems.add(
                    loc,
                    f"{self.title} have no track limits (a game's exclusive rules give them:"
                    " Brusilov 18.3, Serbia/Galicia 17.5, Hindenburg 17.4)",
                )

    def start_data(self, game: Game, data: dict[str, Any]) -> None:
        """A new game's own records, written into its ``data`` once the set-up and any
        ``[position]`` are (Hindenburg 23.21: who holds each place that scores).  Nothing
        in the standard rules."""

    def position_markers(self) -> dict[str, str]:
        """The markers the rules put on counters and keep in a unit's record, each with
        the case that sets it: what a ``[position]`` may write (a game adds its own)."""
        return dict(position.STATE_MARKERS)

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a valid scenario of this game still lacks (beyond map and counters)."""
        return []

    def substitutes(self, scenario: Scenario) -> dict[str, str]:
        """Counters a rule of this game substitutes on the map for others, or others for
        them, during play (R12), each with the case that does it: those printed with
        neither set-up nor arrival wait off the map as spares (``units.SPARE``) instead
        of being out of play.  None in the standard rules (Hindenburg 21.1: the Russian
        corps and their division counters)."""
        return {}

    def deployed_counters(self, scenario: Scenario) -> dict[str, str]:
        """Counters printed with neither set-up nor arrival that a Player sets up before
        Game-Turn 1 (a game's :meth:`pregame_steps`), each with the case: they are out of
        play until placed, and lack nothing.  None in the standard rules (Caporetto
        25.21-25.22)."""
        return {}


def game_options(*sections: ModuleType) -> dict[str, OptionSpec]:
    """A game's options: the standard rules' and each of its sections' ``OPTIONS``."""
    return {
        **StandardRules.options,
        **{name: spec for section in sections for name, spec in section.OPTIONS.items()},
    }
