"""13.0 Replacement of Lost Steps.

In the Step Replacement Phase (the last phase of each Player-Turn here, see
:mod:`greatwar.rules.gwite.sequence`) the Phasing Player may roll the die for
up to ``parameters.replacement.max_units`` of his units that meet every
criterion of 13.0; a roll in the unit's row of the ``rolls`` table (by
nationality and Game-Turn) returns it to full strength.  Each roll is a die
roll: nothing before it can be undone.

Readings where the rules are silent (a player's expectation, with the reason):

* Combat: 13.0 bars units that fought "during the preceding Game-Turn".  The
  phase comes after Combat Phases of the current Game-Turn, and a unit that
  has just fought is no more rested than one that fought a turn ago, so
  combat in the current Game-Turn bars it too (Brusilov 22.0 reads the same).
* Movement: "not moved in the preceding Movement Phase of this Game-Turn" is
  read as not moved at all this Game-Turn (``moved_turn``), which movement,
  rail movement, cavalry withdrawal and 12.16 moves all record (Brusilov
  22.0: "has not moved in the current Game-Turn").
* Distance: an Enemy unit at ``min_distance`` hexes or fewer (counted on the
  grid, whatever lies between) bars the unit; every Enemy unit counts,
  HQs and depots included ("no Enemy units").
* Kinds: divisions that have lost one step, corps that have lost one or two
  (13.0 General Rule).  Cavalry, supply depots (13.0) and HQs (not divisions
  or corps; their reverse side is 10.54's alternate HQ) never roll.
* ``max_units`` counts rolls, not successes: "may roll the die for a number
  of such units"; each unit rolls at most once a phase.
* The ``rolls`` table: the first entry naming the unit's nationality whose
  Game-Turns include the current one applies; no entry (or an empty
  ``success``) means that nationality may not replace steps then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import Replacement, ReplacementRoll

#: 13.0 General Rule: steps lost from which a unit of each size may be restored
REPLACEABLE_LOSSES: dict[str, tuple[int, ...]] = {"division": (1,), "corps": (1, 2)}
#: 13.0: never eligible (HQs are neither divisions nor corps)
NEVER_REPLACED: dict[str, str] = {
    "cavalry": "cavalry units are not eligible",
    "supply_depot": "supply depots are not eligible",
    "hq": "HQ units are not divisions or corps",
}


def parameters(st: State) -> Replacement | None:
    """The game's 13.0 numbers (exclusive rules), or None: no replacement at all."""
    return P.parameters(st).replacement


# --- the variation points of 13.0 -------------------------------------------------


class ReplacementRules:
    """The variation points of 13.0 (a game's rules class may override them)."""

    def kind_refusal(self, st: State, uid: str) -> str | None:
        """Why a unit of this kind, with these losses, may not replace steps (or None).

        Standard 13.0: divisions with one step lost, corps with one or two.
        Caporetto 13.0 adds brigades; Brusilov 24.43 adds the armored car.
        """
        ui = U.info(st, uid)
        lost = U.record(st, uid)["lost"]
        if ui.type in NEVER_REPLACED:
            return NEVER_REPLACED[ui.type]
        losses = REPLACEABLE_LOSSES.get(ui.size)
        if losses is None:
            return f"only divisions and corps replace steps, not a {ui.size}"
        if lost == 0:
            return f"{ui.name} has lost no steps"
        if lost not in losses:
            return f"a {ui.size} that has lost {lost} steps is not eligible"
        return None

    def needs_replacement(self, st: State, uid: str) -> bool:
        """Whether the unit has anything to replace: lost steps (13.0); Brusilov 24.43 the
        armored car's breakdown too."""
        return bool(U.record(st, uid)["lost"])

    def replace(self, st: State, uid: str, case: str) -> None:
        """A successful roll: the unit regains :meth:`steps_restored` steps (13.0);
        Brusilov 24.43 repairs the armored car."""
        U.restore_steps(st, uid, self.steps_restored(st, uid), case=case)

    def steps_restored(self, st: State, uid: str) -> int:
        """Steps a successful roll gives back.  Standard 13.0: all (full strength);
        Caporetto 13.0: one at a time."""
        return int(U.record(st, uid)["lost"])

    def counts_for_distance(self, st: State, enemy_uid: str) -> bool:
        """Does this Enemy unit bar replacement near it?  Standard: every one.
        Caporetto 13.0: supplied Enemy units other than the Monitor.  (The table built
        from it is keyed on every side's units: it may depend on any unit's position.)"""
        return True

    def barring_distance(self, st: State) -> int:
        """13.0 the distance (in hexes) within which a counted Enemy unit bars replacement:
        ``min_distance`` in the standard rules ("no Enemy units within" it); Caporetto
        13.0 reads its "minimum distance of 5 hexes" (AC5)."""
        params = parameters(st)
        return params.min_distance if params is not None else 0

    def replaces_near_enemy(self, st: State, uid: str) -> bool:
        """Whether the unit may replace steps though a counted Enemy unit is within the
        barring distance (Caporetto 13.0: in a fortress with a clear line of supply).
        Never in the standard rules."""
        return False

    def may_roll_more(self, st: State, frame: Frame) -> bool:
        """May the Phasing Player roll for another unit this phase?  Standard: up to
        ``max_units`` units, all when not given (Serbia/Galicia 11.0 and Hindenburg 22.0
        count stacking points)."""
        params = parameters(st)
        if params is None:
            return False
        return params.max_units is None or len(frame["rolled"]) < params.max_units

    def replacement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """A game's own criteria (why the unit may not roll, and the case), checked after
        the standard ones of 13.0 (Brusilov 22.0: the unit must be in supply).  None in
        the standard rules."""
        return None


# --- the criteria ------------------------------------------------------------------


def table_row(st: State, uid: str) -> ReplacementRoll | None:
    """The unit's row of the ``rolls`` table this Game-Turn (by nationality and Game-Turn:
    the first that applies), or None."""
    params = parameters(st)
    if params is None:
        return None
    ui = U.info(st, uid)
    turn = st.data["turn"]
    for row in params.rolls:
        if (
            ui.nationality in row.nationalities
            and row.first_turn <= turn
            and (row.last_turn is None or turn <= row.last_turn)
        ):
            return row
    return None


def success_rolls(st: State, uid: str) -> list[int]:
    """Die rolls that replace the unit's steps this Game-Turn; empty: none may (13.0)."""
    row = table_row(st, uid)
    return list(row.success) if row is not None else []


def roll_case(st: State, uid: str) -> str:
    """The case the unit's replacement roll cites: its table row's (Brusilov 22.11), else
    13.0."""
    row = table_row(st, uid)
    return row.case if row is not None and row.case else "13.0"


def _near_enemy(st: State, side: str) -> frozenset[str]:
    params = parameters(st)
    board = U.static(st).scenario.board
    hexes: set[str] = set()
    if params is None:
        return frozenset()
    reach = U.rules(st).barring_distance(st)
    for enemy in U.on_map(st, U.enemy_of(st, side)):
        if U.rules(st).counts_for_distance(st, enemy):
            hexes.update(board.within(U.record(st, enemy)["hex"], reach))
    return frozenset(hexes)


def near_enemy(st: State, side: str) -> frozenset[str]:
    """Hexes within the barring distance (``min_distance``) of an Enemy unit that counts
    (13.0): ``side``'s units there may not replace steps."""
    return U.cached(st, f"replacement_near_enemy_{side}", lambda s: _near_enemy(s, side))  # type: ignore[no-any-return]


def fought_recently(st: State, uid: str) -> bool:
    """13.0: took part in combat in the preceding Game-Turn (or in this one, see above)."""
    fought = U.record(st, uid)["combat_turn"]
    return bool(fought) and fought >= st.data["turn"] - 1


def moved_this_turn(st: State, uid: str) -> bool:
    """13.0: moved in this Game-Turn's Movement Phase (or withdrew, see above)."""
    return U.record(st, uid)["moved_turn"] == st.data["turn"]  # type: ignore[no-any-return]


def refusal(st: State, uid: str) -> str | None:
    """Why the unit may not roll for replacement now (13.0), or None if it may."""
    why = refusal_case(st, uid)
    return why[0] if why is not None else None


def refusal_case(st: State, uid: str) -> tuple[str, str] | None:
    """Why the unit may not roll for replacement now, with the case (13.0, or the game's:
    its table row's, its own criteria), or None if it may."""
    ui = U.info(st, uid)
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", "13.0"
    why = U.rules(st).kind_refusal(st, uid)
    if why is not None:
        return why, "13.0"
    if not success_rolls(st, uid):
        return (
            f"{ui.nationality} units may not replace steps on Game-Turn {st.data['turn']}",
            roll_case(st, uid),
        )
    rules = U.rules(st)
    if U.record(st, uid)["hex"] in near_enemy(st, ui.side) and not rules.replaces_near_enemy(
        st, uid
    ):
        return f"{ui.name} has an Enemy unit within {rules.barring_distance(st)} hexes", "13.0"
    if fought_recently(st, uid):
        return f"{ui.name} took part in combat in the preceding or current Game-Turn", "13.0"
    if moved_this_turn(st, uid):
        return f"{ui.name} has moved in this Game-Turn", "13.0"
    return rules.replacement_refusal(st, uid)  # type: ignore[no-any-return]


def eligible(st: State, frame: Frame) -> list[str]:
    """The Phasing Player's units that may roll now (none once the limit is reached)."""
    if not U.rules(st).may_roll_more(st, frame):
        return []
    rolled = set(frame["rolled"])
    rules = U.rules(st)
    return [
        uid
        for uid in U.on_map(st, frame["side"])
        if uid not in rolled and rules.needs_replacement(st, uid) and refusal(st, uid) is None
    ]


# --- the phase ---------------------------------------------------------------------


class StepReplacement(Handler):
    """13.0 Step Replacement Phase (placed at the end of each Player-Turn).

    Locals: ``rolled``, the units rolled for this phase.  The phase passes by
    itself when no unit may roll.
    """

    kind = "step_replacement"
    case = "13.0"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("rolled", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if eligible(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [{"type": "replace", "unit": uid} for uid in eligible(st, frame)]
        return [*actions, {"type": "end_phase"}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_phase":
            st.log(f"{side_name(st, role)} ends the Step Replacement Phase.", case="13.0")
            st.pop()
            return
        uid = action["unit"]
        frame["rolled"].append(uid)
        name = U.info(st, uid).name
        success = success_rolls(st, uid)
        case = roll_case(st, uid)
        value = st.roll(
            f"step replacement for {name} (succeeds on {', '.join(map(str, success))})",
            case=case,
        )
        if value in success:
            U.rules(st).replace(st, uid, case=case)
        else:
            st.log(f"{name} does not replace its lost steps.", case=case)

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        params = parameters(st)
        if params is not None and params.max_units is None:
            return "Step Replacement: roll for any reduced unit, or end the phase."
        left = (params.max_units or 0 if params else 0) - len(frame["rolled"])
        return (
            f"Step Replacement: roll for a reduced unit ({left} more may roll), or end the phase."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the Step Replacement Phase (13.0)."""
        kind, uid = action.get("type"), action.get("unit")
        if kind not in ("replace", "end_phase"):
            return (
                f"{kind!r} is not an action of the Step Replacement Phase (replace, end_phase)",
                "13.0",
            )
        if kind == "end_phase":
            return "end_phase takes no other fields", "13.0"
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "13.0"
        ui = U.info(st, uid)
        if ui.side != frame["side"]:
            return f"{ui.name} is not the Phasing Player's: only he replaces steps now", "13.0"
        if uid in frame["rolled"]:
            return f"{ui.name} has already rolled this phase", "13.0"
        if not U.rules(st).may_roll_more(st, frame):
            return "no more units may roll for replacement this phase", "13.0"
        why = refusal_case(st, uid)
        if why is not None:
            return why
        return f"a replacement names only the unit: {{'type': 'replace', 'unit': {uid!r}}}", "13.0"

    def title(self, st: State, frame: Frame) -> str:
        return "Step Replacement"
