"""The Brusilov Offensive, Supply: 19.1 sources and ranges, 19.3 depots' zones of control,
19.4 cavalry living off the land."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


class BrusilovSupply:
    """The Brusilov Offensive's supply rules (a part of :class:`BrusilovRules`)."""

    def living_off_the_land(self, st: State, uid: str) -> bool:
        """19.41 whether a unit is cavalry living off the land: south of both the
        Dniester and hex row 1900 (the scenario's ``forage_region``) and out of supply
        (it then suffers no attrition, 19.42 attacks at half, 19.43 exerts no Zone of
        Control)."""
        return False
