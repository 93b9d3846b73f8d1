"""The sequence of play of Serbia/Galicia (serbia-galicia 4.0): the Allied Player is the
first Player, but on Game-Turn 1 he has no Player-Turn.

The first Player is the scenario's ``first_side`` (the teaching scenario's "allied");
on Game-Turn 1 only the other side's Player-Turn is played, then the Game-Turn Record
Interphase as on every Game-Turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: serbia-galicia 4.0 the Game-Turn on which the first Player has no Player-Turn
NO_FIRST_PLAYER_TURN = 1


class SerbiaGaliciaSequence:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def player_turn_sides(self, st: State) -> list[str]:
        """serbia-galicia 4.0 the Allied (first) Player has no Player-Turn on Game-Turn 1."""
        sides: list[str] = super().player_turn_sides(st)  # type: ignore[misc]
        if st.data["turn"] != NO_FIRST_PLAYER_TURN:
            return sides
        first = U.static(st).first_side
        return [side for side in sides if side != first]

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """serbia-galicia 4.0 a position on Game-Turn 1 is never in the first Player's
        Player-Turn (he has none then)."""
        super().validate(scenario, problems)  # type: ignore[misc]
        pos = scenario.file.position
        first = scenario.info.first_side
        if pos is not None and pos.turn == NO_FIRST_PLAYER_TURN and pos.phasing == first:
            problems.add(
                ("position", "phasing"),
                f"on Game-Turn {NO_FIRST_PLAYER_TURN} {first!r} has no Player-Turn"
                " (serbia-galicia 4.0)",
            )
