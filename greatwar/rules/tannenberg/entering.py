"""What a piece entering a hex sets off in a movement phase — by normal movement, a
reserve move (4.5.5), rail movement (5.1.7) or as a reinforcement (17.2.2): supply
trains overrun (15.3.6), fortifications destroyed (12.2.8), control of the hex (19.3),
lone artillery displaced (11.1.8), in the piece's own movement phase empty masks
removed and masks revealed (16.2.7-16.2.8), and lone HQs displaced (13.1.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.tannenberg import artillery, command, fortified, masking, masks, supply, victory
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.movement import ESCORT_TYPES

if TYPE_CHECKING:
    from greatwar.engine.state import State


def entered(st: State, uid: str, hex_label: str, own_phase: bool = True) -> None:
    """What entering a hex does, in a movement phase: supply trains overrun (15.3.6),
    fortifications destroyed (12.2.8), control of the hex (19.3), lone artillery
    displaced (11.1.8: the artillery module asks it for reserve moves too), and in the
    piece's own movement phase empty masks removed and masks revealed (16.2.7-16.2.8);
    lone HQs next to an enemy displace in any phase (13.1.5, last: it may push a frame)."""
    side = U.info(st, uid).side
    supply.train_overrun(st, hex_label, side)
    fortified.entered(st, hex_label, side)
    victory.passed_through(st, side, [hex_label])
    if own_phase:
        masking.enemy_entered_zone(st, hex_label, side)
    if _infantry_or_cavalry(st, uid):
        artillery.check_lone_artillery(st, hex_label, side)
    command.check_lone_hqs(st)


def _infantry_or_cavalry(st: State, uid: str) -> bool:
    """11.1.8 the piece is infantry or cavalry (a mask: hides some)."""
    hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else [uid]
    return any(U.info(st, u).type in ESCORT_TYPES for u in hidden)
