"""Strength ratios as ordinals, shared by every rule system.

Both rulebooks compare the attacker's total strength with the defender's,
rounding the ratio off in favour of the defender (GWitE 8.4, Tannenberg
9.1.9 d), and shift the resulting column left or right (GWitE 10.21,
Tannenberg 2.2's explanation).  An ordinal makes both one integer: 0 is
1:1, 1 is 2:1, 2 is 3:1 ..., -1 is 1:2, -2 is 1:3 ...; a shift adds to it.
"""

from __future__ import annotations

import math

#: the ordinal of an attack on a force with no strength: above every column
UNDEFENDED = 1_000


def odds_ordinal(attack: int, defense: int) -> int:
    """The ratio of ``attack`` to ``defense`` as an ordinal, rounded off in favour of
    the defender: 26 to 9 is 2:1 (ordinal 1); 9 to 26 is 1:3 (ordinal -2)."""
    if attack <= 0:
        raise ValueError("no ratio without attack strength")
    if defense <= 0:
        return UNDEFENDED
    if attack >= defense:
        return attack // defense - 1
    return -(math.ceil(defense / attack) - 1)
