"""The Brusilov Offensive, Combat: 17.0 the mixed Austro-Hungarian/German attack row, 21.1
HQ defensive shifts, 24.1 the armored car's attack shift, 23.11/23.51 trench benefit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovCombat:
    """The Brusilov Offensive's combat rules (a part of :class:`BrusilovRules`)."""

    def trench_benefit(self, st: State, uid: str) -> bool:
        """Whether a unit defending in a trench hex has the trench's defensive benefit
        (23.11 panicked and 23.51 reduced Austro-Hungarian units have none)."""
        return True
