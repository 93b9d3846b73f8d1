"""Combat in Caporetto (caporetto 8.4, 8.51, 8.75, 12.2): the majority-TCR column, brigade
steps, the Ils ne passeront pas roll, no cavalry limitation.

* caporetto 8.4: units of different TCRs attacking together use the column of the TCR
  held by the majority of the attacking Stacking Points, artillery and HQs left out;
  equal weight uses the TCR 1 column (:func:`majority_tcr`, shared with the retreat of
  caporetto 8.62).
* caporetto 8.51: a brigade printed on both sides has two steps, one printed on one side
  one step: the counters' ``steps`` say so (no code).
* caporetto 8.75: on Game-Turns 1-5 a defending Italian force that receives a 2 or 3 may
  take option "1" only after rolling a die no higher than the Game-Turn; a failed roll
  closes option 1 and the defender chooses among the others (:class:`IlsNePasseront`, a
  part of the result frame; docs/readings.md, Caporetto).
* caporetto 12.2: standard 12.2 (cavalry attacking at a quarter) does not apply.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import combat_units
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: caporetto 8.4 unit types whose Stacking Points do not weigh in the majority (and HQs)
UNWEIGHED_TYPES = frozenset({"artillery", "monitor"})
#: caporetto 8.75 the Ils ne passeront pas roll is needed on Game-Turns 1 to this one
ILS_LAST_TURN = 5
#: caporetto 8.75 the nationality whose option "1" needs the roll
ITALY = "italy"


def majority_tcr(st: State, units: list[str]) -> int | None:
    """caporetto 8.4 (and 8.62) the TCR held by the majority of the units' Stacking
    Points, artillery, the monitor and HQs excluded; TCR 1 when the TCRs weigh the same.
    None when no unit weighs (only artillery or HQs)."""
    weight: Counter[int] = Counter()
    for uid in units:
        ui = U.info(st, uid)
        if ui.hq or ui.type in UNWEIGHED_TYPES or ui.stacking <= 0:
            continue
        weight[U.tcr(st, uid)] += ui.stacking
    if not weight:
        return None
    heaviest = max(weight.values())
    tied = sorted(t for t, w in weight.items() if w == heaviest)
    return 1 if len(tied) > 1 and 1 in tied else tied[0]  # equal weight: the TCR 1 column


class CaporettoCombat:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def attack_tcr(self, st: State, attackers: list[str]) -> int:
        """caporetto 8.4 the TCR of the majority of the attacking Stacking Points
        (artillery and HQs excluded; equal weight: TCR 1); the parts after this one
        decide when no attacker weighs."""
        standard = super().attack_tcr(st, attackers)  # type: ignore[misc]
        majority = majority_tcr(st, attackers)
        return int(standard if majority is None else majority)

    def cavalry_reduced(self, st: State, targets: list[str], defender: str) -> bool:
        """caporetto 12.2 standard 12.2 does not apply: cavalry always attacks at full
        strength (the whole case is struck, so nothing of the parts after is kept)."""
        return False


# --- caporetto 8.75, in the combat result frame ------------------------------------------


def ils_roll_needed(st: State, frame: Frame) -> bool:
    """caporetto 8.75 option "1" of this result needs the die: Game-Turns 1-5, a 2 or 3,
    and an Italian unit among the defending combat units (the option is the whole
    force's, 8.9)."""
    if st.data["turn"] > ILS_LAST_TURN or frame["def_result"] not in ("2", "3"):
        return False
    defenders = combat_units(st, frame["defenders"])
    return any(U.info(st, u).nationality == ITALY for u in defenders)


def ils_condition(turn: int) -> str:
    """What option 1 of a 2 or 3 asks on the first five Game-Turns (caporetto 8.75), in the
    option's words: a die roll no higher than the Game-Turn, rolled when it is chosen."""
    allowed = "1" if turn == 1 else f"1 to {turn}"
    return f"— only on a die roll of {allowed}, rolled when chosen (Ils ne passeront pas!, 8.75)"


class IlsNePasseront:
    """The part of Caporetto's combat result frame that applies caporetto 8.75 at the
    Defender's option (a mixin of :class:`~greatwar.rules.gwite.combat_result.CombatResult`)."""

    def _legal_def_option(self, st: State, frame: Frame) -> list[Action]:
        options: list[Action] = super()._legal_def_option(st, frame)  # type: ignore[misc]
        if not ils_roll_needed(st, frame):
            return options
        if frame.get("ils_failed"):
            return [a for a in options if a["index"] != 0]  # the roll failed: option 1 closed
        return [
            {**a, "text": f"{a['text']} {ils_condition(st.data['turn'])}"} if a["index"] == 0 else a
            for a in options
        ]

    def _apply_def_option(self, st: State, frame: Frame, action: Action) -> None:
        if action["index"] == 0 and ils_roll_needed(st, frame) and not self._ils_roll(st, frame):
            return  # the Defender chooses another option
        super()._apply_def_option(st, frame, action)  # type: ignore[misc]

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        if (
            frame["stage"] == "def_option"
            and action.get("type") == "option"
            and action.get("index") == 0
            and frame.get("ils_failed")
        ):
            return (
                "the Ils ne passeront pas roll failed: option 1 is closed for this result",
                "caporetto 8.75",
            )
        return super().explain(st, frame, role, action)  # type: ignore[misc,no-any-return]

    def _ils_roll(self, st: State, frame: Frame) -> bool:
        """caporetto 8.75 the die for option "1", rolled after the result: no higher than
        the Game-Turn allows it; otherwise option 1 is closed for this result."""
        turn = st.data["turn"]
        die = st.roll(f"Ils ne passeront pas on Game-Turn {turn}", case="caporetto 8.75")
        who = side_name(st, frame["defender"])
        if die <= turn:
            st.log(
                f"{who}: die {die}, no higher than Game-Turn {turn}: option 1 may be taken.",
                case="caporetto 8.75",
            )
            return True
        frame["ils_failed"] = True
        st.log(
            f"{who}: die {die}, higher than Game-Turn {turn}: option 1 is refused; choose"
            " another option.",
            case="caporetto 8.75",
        )
        return False
