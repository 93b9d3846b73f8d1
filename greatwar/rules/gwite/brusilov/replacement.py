"""The Brusilov Offensive, 22.0 Step replacement by table and Game-Turn.

The tables are data: the scenario's ``parameters.replacement.rolls``, one row per
nationality and band of Game-Turns, each citing its case (22.11 Austro-Hungarian, 22.12
German, 22.21 Russian; 26.24 in "Attack On Schedule"), a band where replacement is "Not
Allowed" being a row with no successful roll.  ``min_distance = 1``: "not adjacent to any
enemy units".  :data:`HISTORICAL_TABLES` is the historical game's ``[parameters.replacement]``
for the scenario files.

22.0 "any or all of his units" may roll: the data gives no ``max_units``.  The rule here:
a unit must be in supply (the standard criteria of 13.0 cover the rest: not adjacent to
Enemy units, no combat in the previous Game-Turn, not moved in this one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the historical game's tables (22.11, 22.12, 22.21) as scenario data
HISTORICAL_TABLES = """[parameters.replacement]
min_distance = 1        # 22.0 not adjacent to any Enemy unit
source = "Brusilov 22.0-22.21"
rolls = [
  { nationalities = ["austria-hungary"], last_turn = 2, success = [], case = "brusilov 22.11" },
  { nationalities = ["austria-hungary"], first_turn = 3, last_turn = 4, success = [1], case = "brusilov 22.11" },
  { nationalities = ["austria-hungary"], first_turn = 5, last_turn = 7, success = [1, 2], case = "brusilov 22.11" },
  { nationalities = ["austria-hungary"], first_turn = 8, success = [1, 2, 3], case = "brusilov 22.11" },
  { nationalities = ["germany"], success = [1, 2, 3], case = "brusilov 22.12" },
  { nationalities = ["russia"], last_turn = 2, success = [], case = "brusilov 22.21" },
  { nationalities = ["russia"], first_turn = 3, last_turn = 5, success = [1, 2, 3], case = "brusilov 22.21" },
  { nationalities = ["russia"], first_turn = 6, success = [1, 2], case = "brusilov 22.21" },
]
"""  # noqa: E501


class BrusilovReplacement:
    """The Brusilov Offensive's replacement rules (a part of :class:`BrusilovRules`)."""

    def replacement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """22.0 the unit must be in supply (then the game's other criteria, if any)."""
        if not supply.in_supply(st, uid):
            return f"{U.info(st, uid).name} is out of supply", "brusilov 22.0"
        return super().replacement_refusal(st, uid)  # type: ignore[misc,no-any-return]
