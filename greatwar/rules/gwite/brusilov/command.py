"""The Brusilov Offensive, Command: 21.2 Russian first-turn command, 21.3 depots, 21.4
Central Powers command.

21.21: in the Russian Combat Phase of the surprise turn (Game-Turn 1; 5 in "Attack On
Schedule") every Russian unit is in Command Control without an HQ, so none is marked
out of command (10.42 halving, 10.43) and no Command Strength is allocated to them.
21.31: a supply depot in supply is in Command Control without an HQ (out of supply it
needs one, as any unit).  21.41: German HQs command Austro-Hungarian units and vice versa
(the standard rules already let any HQ command any Friendly unit); a radius to an
Austro-Hungarian unit is never traced through a Russian-controlled hex not occupied by a
Friendly unit, even from a German HQ of TCR 1 (an exception to 10.34).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.command import in_combat_phase

if TYPE_CHECKING:
    from greatwar.engine.state import State

RUSSIA = "russia"
AUSTRIA_HUNGARY = "austria-hungary"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {}


def russian_surprise_command(st: State, uid: str) -> bool:
    """21.21 a Russian unit in the Russian Player's Combat Phase of the surprise turn."""
    ui = U.info(st, uid)
    return ui.nationality == RUSSIA and D.surprise_turn(st) and in_combat_phase(st, ui.side)


class BrusilovCommand:
    """The Brusilov Offensive's command rules (a part of :class:`BrusilovRules`)."""

    def commanded_without_hq(self, st: State, uid: str) -> bool:
        """21.21 Russian units in the Russian Combat Phase of the surprise turn; 21.31 supply
        depots in supply."""
        if russian_surprise_command(st, uid):
            return True
        if U.info(st, uid).type == "supply_depot" and supply.in_supply(st, uid):
            return True
        return bool(super().commanded_without_hq(st, uid))  # type: ignore[misc]

    def commanded_without_hq_case(self, st: State, uid: str) -> str:
        """21.21 or 21.31, whichever puts the unit in Command Control without an HQ."""
        if russian_surprise_command(st, uid):
            return "brusilov 21.21"
        if U.info(st, uid).type == "supply_depot":
            return "brusilov 21.31"
        return str(super().commanded_without_hq_case(st, uid))  # type: ignore[misc]

    def radius_through_zoc(self, st: State, hq: str, uid: str) -> bool:
        """21.41 command for Austro-Hungarian units is never traced through a Russian-
        controlled hex unless a Friendly unit occupies it (10.34 otherwise)."""
        if U.info(st, uid).nationality == AUSTRIA_HUNGARY:
            return False
        return bool(super().radius_through_zoc(st, hq, uid))  # type: ignore[misc]

    def radius_zoc_case(self, st: State, hq: str, uid: str) -> str:
        """21.41 names the refusal when it, not the HQ's TCR (10.34), bars the zone."""
        if U.info(st, uid).nationality == AUSTRIA_HUNGARY and U.tcr(st, hq) == 1:
            return "brusilov 21.41"
        return str(super().radius_zoc_case(st, hq, uid))  # type: ignore[misc]

    def command_determined(self, st: State, side: str, phase: str) -> None:
        """Log the units 21.21 and 21.31 put in Command Control without an HQ."""
        super().command_determined(st, side, phase)  # type: ignore[misc]
        units = U.static(st).units
        mine = [uid for uid in U.on_map(st, side) if not units[uid].hq]
        if any(russian_surprise_command(st, uid) for uid in mine):
            st.log(
                f"21.21 every Russian unit is in Command Control for this {phase} of"
                f" Game-Turn {st.data['turn']} (the surprise turn): no HQ is needed.",
                case="brusilov 21.21",
            )
            return
        depots = [
            units[uid].name
            for uid in mine
            if units[uid].type == "supply_depot" and supply.in_supply(st, uid)
        ]
        if depots:
            st.log(
                f"21.31 supply depots in supply are in Command Control without an HQ:"
                f" {', '.join(depots)}.",
                case="brusilov 21.31",
            )
