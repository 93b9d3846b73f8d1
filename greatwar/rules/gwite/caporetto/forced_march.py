"""Forced march (caporetto 19.0): a larger allowance for one move, paid for in steps
(19.11-19.22).

A movement extension (:class:`ForcedMarchMovement`): in the Movement Segment the
phasing player may announce that the unit he has selected is force marched
(``force_march``), before it spends any Movement Point ("when moving any unit, the
phasing Player announces": 19.0 Procedure).  It then has 1 Movement Point more if its
Movement Allowance is 4, 2 more if it is 6 or 8 (19.11).  When it finishes moving
(:meth:`ForcedMarchMovement.finished`, the segment's "completion of that unit's
movement") it undergoes the Step Loss Procedure: a corps loses a step (19.21), a
division or brigade rolls a die and loses a step on 1-3 (19.22).  The announcement can
be taken back (undone) until that die roll.

Readings (each also in ``docs/readings.md, Caporetto``):

* AC3 the bonus of 19.11 is keyed to the unit's printed Movement Allowance (of its
  current step), option ``forced_march_by_current_ma`` keys it to the allowance it has
  now (halved out of supply, a game's temporary allowance): then only an allowance of
  4, 6 or 8 has a bonus, and a unit with another (2, 3, 5 ...) may not force march.
* 19.12 "whose Movement Allowance, whether permanent or temporary, is 10": the
  allowance the unit has now (``rules.allowance``: the Stosstruppen's 10 of 23.2 on
  Game-Turns 1-2 as the movement part gives it, composing with any other), or its
  printed one.
* 19.12 "only during a Movement Phase": only in the Movement Segment of a Movement
  Phase, never to arrive as a reinforcement, withdraw before combat, retreat or pursue
  (those are no Movement Phase's movement).
* The announcement is made before the unit spends any Movement Point or moves by rail
  this phase ("when moving"): a unit that has begun its move may no longer be force
  marched (a reinforcement arriving entrained may, before its first rail move).
* 19.0 "All units may": HQs and the monitor too; 19.2 names losses for corps,
  divisions and brigades only, so they lose none (logged under caporetto 19.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.data import option
from greatwar.rules.gwite.movement_extension import (
    MovementExtension,
    add_movement_points,
    mp_left,
)

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

Why = tuple[str, str]

#: the Movement Segment action announcing a forced march (caporetto 19.0)
FORCE_MARCH = "force_march"
#: Movement Segment local: unit -> Movement Points its forced march added, until the
#: unit finishes moving and undergoes the Step Loss Procedure (19.2)
FORCED = "forced_march"
#: AC3 (b): the bonus of 19.11 keyed to the allowance the unit has now, not the printed
BY_CURRENT_MA = "forced_march_by_current_ma"

#: caporetto 19.11 the Movement Points a forced march adds, by Movement Allowance
BONUS = {4: 1, 6: 2, 8: 2}
#: caporetto 19.12 the Movement Allowance (permanent or temporary) that may not force march
NO_FORCED_MARCH_MA = 10
#: caporetto 19.22 the die rolls on which a division or brigade loses a step
LOSS_ROLLS = frozenset({1, 2, 3})
#: caporetto 19.22 the unit sizes that roll; 19.21 the size that always loses a step
ROLLING_SIZES = frozenset({"division", "brigade"})
CORPS = "corps"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    BY_CURRENT_MA: OptionSpec(
        False,
        "AC3: the forced march bonus is keyed to the Movement Allowance the unit has now"
        " (halved out of supply ...), not the printed one; a unit whose allowance is then"
        " not 4, 6 or 8 may not force march",
        "caporetto 19.11",
    ),
}


def keyed_allowance(st: State, uid: str) -> int:
    """The Movement Allowance 19.11's bonus is read from: the printed one of the unit's
    current step, or (AC3 option) the one it has now."""
    if option(st, BY_CURRENT_MA):
        return int(U.rules(st).allowance(st, uid))
    return U.movement_allowance(st, uid)


def bonus(st: State, uid: str) -> int | None:
    """caporetto 19.11 the Movement Points a forced march adds to the unit (None: none)."""
    return BONUS.get(keyed_allowance(st, uid))


def expected_steps_lost(st: State, uid: str) -> float:
    """caporetto 19.2 the steps a forced march costs the unit on average (for the computer
    players): a corps 1 (19.21), a division or brigade one on 1-3 of a die (19.22),
    anything else none."""
    size = U.info(st, uid).size
    if size == CORPS:
        return 1.0
    if size in ROLLING_SIZES:
        return len(LOSS_ROLLS) / 6.0
    return 0.0


def why_not_force_march(st: State, frame: Frame, uid: str) -> Why | None:
    """Why the selected unit may not be force marched now, or None."""
    ui = U.info(st, uid)
    if ui.type == "supply_depot":
        return f"{ui.name} is a supply depot: depots never force march", "caporetto 19.12"
    now = int(U.rules(st).allowance(st, uid))
    if NO_FORCED_MARCH_MA in (now, U.movement_allowance(st, uid)):
        return (
            f"{ui.name} has a Movement Allowance of {NO_FORCED_MARCH_MA} (permanent or"
            " temporary): it may not force march",
            "caporetto 19.12",
        )
    if uid in frame.get(FORCED, {}):
        return f"{ui.name} is already force marched this phase", "caporetto 19.0"
    if uid in frame["spent"] or uid in frame.get("rail_hexes", {}):
        return (
            f"{ui.name} has begun its move: a forced march is announced when the unit"
            " starts moving",
            "caporetto 19.0",
        )
    if not command.may_move(st, uid):
        return f"{ui.name} is out of Command Control: it may not move", "10.4"
    if bonus(st, uid) is None:
        keyed = keyed_allowance(st, uid)
        return (
            f"forced march adds Movement Points to allowances of 4, 6 or 8 only;"
            f" {ui.name}'s is {keyed}",
            "caporetto 19.11",
        )
    return None


def force_march(st: State, frame: Frame, uid: str) -> None:
    """caporetto 19.0, 19.11 the unit is force marched: its bonus is added for this phase."""
    added = bonus(st, uid)
    assert added is not None  # a legal action
    add_movement_points(frame, uid, added)
    frame.setdefault(FORCED, {})[uid] = added
    ui = U.info(st, uid)
    st.log(
        f"{ui.name} is force marched: {added} Movement Point{'s' if added > 1 else ''} more"
        f" (allowance {keyed_allowance(st, uid)}), {mp_left(st, frame, uid)} MP left; it"
        " undergoes the Step Loss Procedure when it finishes moving.",
        case="caporetto 19.11",
    )


def attrition(st: State, uid: str) -> None:
    """caporetto 19.2 the Step Loss Procedure of a unit that finished a forced march."""
    if U.record(st, uid)["status"] != "on_map":
        return  # eliminated on the way: nothing left to lose
    ui = U.info(st, uid)
    if ui.size == CORPS:
        U.lose_steps(st, uid, 1, "caporetto 19.21", "a corps force marched loses a step")
        return
    if ui.size in ROLLING_SIZES:
        die = st.roll(
            f"forced march attrition of {ui.name} (1-3: it loses a step)", "caporetto 19.22"
        )
        if die in LOSS_ROLLS:
            U.lose_steps(st, uid, 1, "caporetto 19.22", f"forced march, die {die}")
        else:
            st.log(f"{ui.name} loses no step to its forced march (die {die}).", "caporetto 19.22")
        return
    st.log(
        f"{ui.name} is no corps, division or brigade: its forced march costs it no step.",
        case="caporetto 19.2",
    )


class ForcedMarchMovement(MovementExtension):
    """caporetto 19.0 the ``force_march`` announcement for the selected unit, and the Step
    Loss Procedure when it finishes moving."""

    action_types: ClassVar[frozenset[str]] = frozenset({FORCE_MARCH})

    def actions(self, st: State, frame: Frame, uid: str) -> list[Action]:
        if why_not_force_march(st, frame, uid) is not None:
            return []
        return [{"type": FORCE_MARCH, "unit": uid, "mp": bonus(st, uid)}]

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        force_march(st, frame, action["unit"])

    def finished(self, st: State, frame: Frame, uid: str) -> None:
        forced = frame.get(FORCED)
        if forced and uid in forced:
            del forced[uid]
            attrition(st, uid)

    def explain(self, st: State, frame: Frame, action: Action) -> tuple[str, str | None]:
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "caporetto 19.0"
        ui = U.info(st, uid)
        if ui.side != frame["side"]:
            return f"{ui.name} is not yours to move", "5.11"
        if uid in frame["done"]:
            return f"{ui.name} has finished moving this phase", "5.0"
        if uid != frame["current"]:
            return f"select {ui.name} before announcing its forced march", "caporetto 19.0"
        why = why_not_force_march(st, frame, uid)
        if why is not None:
            return why
        return f"a force_march action names the unit and its bonus ({bonus(st, uid)})", (
            "caporetto 19.11"
        )

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        forced = frame.get(FORCED)
        if uid is None or not forced or uid not in forced:
            return ""
        return (
            f"{U.info(st, uid).name} is force marched (+{forced[uid]} MP): it undergoes the"
            " Step Loss Procedure when it finishes moving (caporetto 19.2)."
        )


FORCED_MARCH = ForcedMarchMovement()


class ForcedMarch:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """caporetto 19.0 forced march is announced in the Movement Segment, after the
        extensions of the parts that follow (rail movement, 5.3)."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        return (*exts, FORCED_MARCH)
