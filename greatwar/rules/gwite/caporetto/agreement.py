"""4.1 Game Length (caporetto 4.1): the game "may be ended earlier by mutual agreement
between the Players".

The mechanism is the standard rules' (:mod:`greatwar.rules.gwite.agreement`: at each
Game-Turn Record Interphase but the last, a Player may propose to end the game and the
other accepts or declines); this part switches it on for Caporetto, unless the Players
switch the option ``end_by_agreement`` off (then the Interphase asks nothing).  An
unfinished game is scored as at the end of the game (24.0: the victory part's totals as
they stand).  The reading is in docs/readings.md, Caporetto.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.caporetto import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE = "caporetto 4.1"
OPTION = "end_by_agreement"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    OPTION: OptionSpec(
        True,
        "At each Game-Turn Record Interphase a Player may propose to end the game early;"
        " if the other accepts, the game ends and is scored as at the end of the game",
        CASE,
    ),
}


class EndByAgreement:
    """4.1 ending the game early by mutual agreement (a part of :class:`CaporettoRules`)."""

    def ends_by_agreement(self, st: State) -> str | None:
        """4.1 the Players may end the game early by mutual agreement (the option on)."""
        allowed: str | None = super().ends_by_agreement(st)  # type: ignore[misc]
        return CASE if D.option(st, OPTION) else allowed
