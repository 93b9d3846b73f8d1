"""Surprise attack (caporetto 23.0): the Game-Turn 1 column shift of attacks by stacks
holding Stosstruppen (23.1).

23.2 (Stosstruppen movement) and 23.3 (Italian reaction) belong to the movement and
withdrawal parts.

AC8 (what is an attack "made by stacks containing Stosstruppen"): by default (a) a
Stosstruppen unit must itself take part in the attack; the option
``surprise_stoss_in_hex`` reads (b): any attacking unit standing in a hex that holds
Stosstruppen, whether or not they attack too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import option

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

#: caporetto 23.1: the Game-Turn of the surprise shift, and its size
SURPRISE_TURN = 1
SURPRISE_SHIFT = 1
#: AC8 (b): Stosstruppen in an attacker's hex give the shift though they do not attack
STOSS_IN_HEX = "surprise_stoss_in_hex"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    STOSS_IN_HEX: OptionSpec(
        False,
        "Game-Turn 1 surprise shift for any attack by a unit stacked with Stosstruppen,"
        " even when they do not attack (AC8 b; off: a Stosstruppen unit must attack)",
        "caporetto 23.1",
    ),
}


def is_stoss(st: State, uid: str) -> bool:
    """Whether the unit is Stosstruppen (caporetto 2.4: the striped counters)."""
    counter = U.static(st).scenario.counters.get(uid)
    return bool(counter is not None and counter.stosstruppen)


def surprising_stoss(st: State, attackers: list[str]) -> str | None:
    """caporetto 23.1 (AC8): the Stosstruppen unit whose stack makes the attack a
    surprise attack, or None: one of the attackers (a), or with the option one stacked
    with an attacker (b)."""
    stoss = [u for u in attackers if is_stoss(st, u)]
    if not stoss and option(st, STOSS_IN_HEX):
        hexes = {U.record(st, u)["hex"] for u in attackers}
        stoss = [u for h in sorted(hexes) for u in U.units_in(st, h) if is_stoss(st, u)]
    return stoss[0] if stoss else None


class SurpriseAttack:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        """caporetto 23.1: on Game-Turn 1 a Central Powers attack by a stack holding
        Stosstruppen is shifted one column right, besides the HQs' shifts."""
        out: list[dict[str, Any]] = super().odds_shifts(st, seg, attack)  # type: ignore[misc]
        if st.data["turn"] != SURPRISE_TURN or not attack["attackers"]:
            return out
        stoss = surprising_stoss(st, attack["attackers"])
        if stoss is None:
            return out
        why = f"Game-Turn 1 surprise: {U.info(st, stoss).name}'s stack attacks"
        out.append({"unit": stoss, "shift": SURPRISE_SHIFT, "case": "caporetto 23.1", "why": why})
        return out
