"""Rail movement in Caporetto (caporetto 5.31-5.34): rates and capacities, friendly lines
by the trench system, entraining for 2 Movement Points, detrained artillery.

The numbers are the scenario's data, which the standard rail rules (:mod:`..rail`)
apply; this part names Caporetto's cases in their rulings:

* 5.31 ``parameters.rail_rate`` (Central Powers 44 hexes, Allies 36) and
  ``parameters.rail_capacity`` (12 and 16 Stacking Points per Game-Turn);
  ``rail_capacity_counts_reinforcements`` (the Central Powers' reinforcements count,
  the Allies' not on their Game-Turn of arrival: 5.31, 14.12).
* 5.32 the rail lines on each side of the trench system are Friendly to that side:
  ``parameters.friendly_countries`` gives each side the countries of the map on its side
  of the trench system (Austria-Hungary's for the Central Powers, Italy's for the
  Allies): a side never moves by rail on the other side's lines, even where it holds
  them (the lines belong to a side, not to who occupies them).
* 5.32b ``parameters.entrain_cost = 2``: every unit pays 2 Movement Points to entrain,
  whatever its TCR.
* 5.34 (detrained artillery and barrage) is the artillery part's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the standard rules' case of each rail limit Caporetto gives its own case for
STANDARD_CASES = {
    "capacity": "5.31",
    "rate": "5.31",
    "friendly": "5.32",
    "entrain": "5.32",
    "entrain_cost": "5.32",
}
#: the case each rail limit's ruling names in Caporetto (``rail_case`` keys)
CASES = {
    "capacity": "caporetto 5.31",
    "rate": "caporetto 5.31",
    "friendly": "caporetto 5.32",
    "entrain": "caporetto 5.32b",
    "entrain_cost": "caporetto 5.32b",
}


class CaporettoRail:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        """caporetto 5.31 rate and capacity, 5.32 Friendly rail lines, 5.32b entrainment
        (a part before this one may name its own: Caporetto 5.34's artillery)."""
        given: str = super().rail_case(st, uid, limit)  # type: ignore[misc]
        if limit in CASES and given == STANDARD_CASES[limit]:
            return CASES[limit]
        return given  # another limit, or a later part's own case
