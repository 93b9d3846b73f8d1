"""Step replacement in Serbia/Galicia (serbia-galicia 11.0): the Austro-Hungarians only,
from Game-Turn 8, 8 Stacking Points a turn, six hexes from the Allies.

* Who and when (AS2 reading a: only the Austro-Hungarian Player, and only on or after
  Game-Turn 8) and the roll of 5 or 6 are the scenario's ``parameters.replacement.rolls``
  (an Austro-Hungarian row from Game-Turn 8 succeeding on 5-6; Russian and Serbian rows
  with no success), each citing serbia-galicia 11.0.
* "At least six hexes from an Allied unit": an Allied unit within five hexes bars the
  unit (the scenario's ``min_distance`` 5: std 13.0's "no Enemy units within"), every
  Allied unit counting (HQs and depots too, as std 13.0); a unit on the other map is
  never near (2.1: hexes of different maps are never adjacent).
* "Step Replacement maximum is 8 Stacking Points per turn" (:data:`MAX_STACKING_POINTS`):
  AS3 reading (a), the Stacking Points of the units that roll, success or not (std
  13.0 counts the units that "roll the die"; Von Hindenburg 22.0 reads its budgets so);
  the option :data:`COUNT_SUCCESSES_OPTION` takes reading (b), only the units whose roll
  succeeds.  A unit whose Stacking Points exceed what is left of the 8 may not roll.
* What 11.0 does not change of std 13.0 stays: divisions and corps only, not moved this
  Game-Turn, no combat in the preceding (or this) Game-Turn, back to full strength.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia.data import option

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE = "serbia-galicia 11.0"
#: serbia-galicia 11.0: the most Stacking Points replaced (AS3: rolled) per turn
MAX_STACKING_POINTS = 8
#: AS3 reading (b): the 8 Stacking Points count only the units whose roll succeeds
COUNT_SUCCESSES_OPTION = "replacement_counts_successes"
#: the standard Step Replacement Phase's frame kind, and this part's record in it
PHASE_KIND = "step_replacement"
REPLACED = "sg_replaced"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    COUNT_SUCCESSES_OPTION: OptionSpec(
        False,
        "The 8 Stacking Point maximum of step replacement counts only the units whose roll"
        " succeeds (AS3 reading b; default: every unit that rolls, success or not)",
        CASE,
    ),
}


def phase_frame(st: State) -> Frame | None:
    """The Step Replacement Phase under way, or None."""
    for frame in reversed(st.data["stack"]):
        if frame.get("kind") == PHASE_KIND:
            return frame  # type: ignore[no-any-return]
    return None


def points_used(st: State, frame: Frame) -> int:
    """serbia-galicia 11.0 the Stacking Points charged to this turn's maximum so far: of the
    units that rolled (AS3 a), or of those that succeeded (AS3 b, the option)."""
    if option(st, COUNT_SUCCESSES_OPTION):
        charged = frame.get(REPLACED, [])
    else:
        charged = frame.get("rolled", [])
    units = U.static(st).units
    return sum(units[uid].stacking for uid in charged)


def points_left(st: State, frame: Frame) -> int:
    """serbia-galicia 11.0 what is left of the 8 Stacking Points this turn."""
    return MAX_STACKING_POINTS - points_used(st, frame)


class SerbiaGaliciaReplacement:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def may_roll_more(self, st: State, frame: Frame) -> bool:
        """serbia-galicia 11.0 no more rolls once the 8 Stacking Points are used."""
        if points_left(st, frame) <= 0:
            return False
        return bool(super().may_roll_more(st, frame))  # type: ignore[misc]

    def replacement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """serbia-galicia 11.0 a unit with more Stacking Points than are left of this
        turn's 8 may not roll."""
        frame = phase_frame(st)
        if frame is not None:
            size, left = U.info(st, uid).stacking, points_left(st, frame)
            if size > left:
                return (
                    f"{U.info(st, uid).name} has {size} Stacking Points and only {left} of"
                    f" the {MAX_STACKING_POINTS} a turn are left",
                    CASE,
                )
        return super().replacement_refusal(st, uid)  # type: ignore[misc,no-any-return]

    def replace(self, st: State, uid: str, case: str) -> None:
        """A successful roll (std 13.0), recorded for the AS3 b count of successes."""
        super().replace(st, uid, case)  # type: ignore[misc]
        frame = phase_frame(st)
        if frame is not None:
            frame.setdefault(REPLACED, []).append(uid)
