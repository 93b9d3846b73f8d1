"""Withdrawal before combat in Caporetto (caporetto 4.0, 12.1, 23.31): every TCR 1 unit
withdraws as if it were cavalry, but not the Italians on Game-Turn 1.

* caporetto 4.0, 12.1: the Withdrawal Before Combat Phase is open to every TCR 1 unit
  (HQs aside: they are no combat units and displace, 10.52), each withdrawing as
  cavalry does (12.11-12.17: the die higher than its TCR, two hexes).  Cavalry of TCR 2
  (AC15) would keep the standard 12.1: no Caporetto counter is one (every cavalry unit
  has a Movement Allowance of 8), so the reading changes nothing in play.
* caporetto 23.31: on Game-Turn 1 Italian TCR 1 units (cavalry included) may not
  withdraw before combat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.combat import ITALY

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: caporetto 12.1 the TCR of units treated as cavalry when withdrawing before combat
WITHDRAWING_TCR = 1
#: caporetto 23.31 the Game-Turn of the Italian reaction
REACTION_TURN = 1


def italian_reaction(st: State, uid: str) -> bool:
    """caporetto 23.31 an Italian TCR 1 unit on Game-Turn 1."""
    return (
        st.data["turn"] == REACTION_TURN
        and U.info(st, uid).nationality == ITALY
        and U.tcr(st, uid) == WITHDRAWING_TCR
    )


class CaporettoWithdrawal:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def may_withdraw(self, st: State, uid: str) -> bool:
        """caporetto 12.1 every TCR 1 unit (not an HQ) withdraws as cavalry; caporetto
        23.31 not an Italian one on Game-Turn 1."""
        if italian_reaction(st, uid):
            return False
        ui = U.info(st, uid)
        if U.tcr(st, uid) == WITHDRAWING_TCR and not ui.hq:
            return True
        return bool(super().may_withdraw(st, uid))  # type: ignore[misc]

    def withdraw_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """caporetto 23.31 and 12.1 name their own cases."""
        ui = U.info(st, uid)
        if italian_reaction(st, uid):
            return (
                f"{ui.name} may not withdraw: on Game-Turn 1 Italian TCR 1 units may not"
                " withdraw before combat",
                "caporetto 23.31",
            )
        if not self.may_withdraw(st, uid):
            return (
                f"{ui.name} is not rated TCR 1 (nor cavalry): only TCR 1 units withdraw"
                " before combat",
                "caporetto 12.1",
            )
        return super().withdraw_refusal(st, uid)  # type: ignore[misc,no-any-return]
