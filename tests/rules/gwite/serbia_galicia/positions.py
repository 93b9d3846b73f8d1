"""Set positions on Serbia/Galicia's FICTIONAL teaching maps that tests of more than one
kind use (the rules' and the computer players')."""

from __future__ import annotations

#: the Serbian 1st Drina Division (defense 4, 2 steps) in s0604, beside the Dunav (a
#: major river: the monitor flotilla's bank, 21.0); the Austro-Hungarian IV Corps
#: (attack 4) in s0605 with its 2nd Army HQ, supplied by the depot in s0805; the
#: Serbian 2nd Army HQ in s0506
RIVERBANK = {
    "S-1DD": "s0604",
    "AH-IVK": "s0605",
    "AH-HQ-2A": "s0705",
    "AH-D2": "s0805",
    "S-HQ-2A": "s0506",
}
