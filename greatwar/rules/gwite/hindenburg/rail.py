"""17.1-17.4 Rail Movement: capacities and rates per army, the Russian rail region of
Game-Turns 1-10, entrain die rolls, German off-map rail movement, track limits
(hindenburg 17.11-17.43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.hindenburg.data import option

if TYPE_CHECKING:
    from greatwar.engine.state import State

TRACK_LIMITS_OPTION = "track_limits"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    TRACK_LIMITS_OPTION: OptionSpec(
        False,
        "Rail movement limitations: Stacking Points per hexside and rail line per"
        " Movement Phase (optional rule)",
        "hindenburg 17.41",
    ),
}


class HindenburgRail:
    """17.1-17.4 Rail Movement"""

    def track_limit_case(self, st: State) -> str | None:
        """17.41 track limits apply while the optional rule 17.4 is on."""
        if option(st, TRACK_LIMITS_OPTION):
            return "hindenburg 17.41"
        return None
