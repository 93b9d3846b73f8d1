"""12.1 Cavalry Withdrawal Before Combat (12.2 cavalry attack limits live in combat).

The phase comes between the Phasing Player's Movement and Combat Phases
(4.0 A.2).  The non-Phasing Player acts: each of his cavalry units adjacent
to an Enemy (Phasing) unit may attempt to withdraw once, whether or not in
Command Control (12.11); the die decides (12.12: higher than the unit's TCR
succeeds); a unit that succeeds is moved exactly two hexes at no Movement
Point cost (12.13, 12.14) by a path its owner chooses.  After each
withdrawal that empties a hex, the Phasing Player may move any of his units
adjacent to it into it, one by one, or decline (12.16).  A unit that
withdraws into a hex holding Friendly units carries the ``withdrawn`` marker
until the end of the coming Combat Phase: it adds nothing to the hex's
defense and shares its results (12.17, 8.66; see :func:`withdrawn_into_stack`).

Readings where the rules are silent (a player's expectation, with the reason):

* "Adjacent to Enemy units" (12.11) is adjacency on the grid, to any Enemy
  unit: the case names no kind of unit and combat is voluntary anyway.
* "Two (no more or less) hexes" (12.11): a path of two adjacent hexes that
  ends two hexes from where the unit stood, as a two-hex retreat does (8.63);
  a path that doubles back beside its start is not a withdrawal.
* The path may not enter Enemy units or undestroyed Enemy fortresses (5.13,
  8.61), cross prohibited hexsides or enter prohibited terrain (5.4, 8.61).
* Enemy-controlled hexes (12.13: only TCR-1 units may withdraw into or
  through them): a hex holding Friendly units or a Friendly fortress does
  not count as Enemy-controlled for a withdrawal, as for a retreat (7.24,
  8.64): 8.66 treats cavalry withdrawal as a retreat into such a hex.
* "Toward the Friendly supply source" (12.13): the paths whose end hex is
  nearer (by :func:`supply.source_distance`) to the nearest Friendly supply
  source than the hex the unit leaves; only when no legal path does that
  are the others offered ("if this is not possible, may withdraw to another
  hex").  A unit with no legal path at all may not attempt (it could not
  withdraw whatever the die said).
* Stacking (6.14, 12.16 "subject to all Stacking rules"): a withdrawal or a
  12.16 move may overstack a hex during the phase, as any move may (5.22);
  the end-of-phase check eliminates the excess, the owner choosing.
* 12.16 movers: units that can enter the hex across the shared hexside
  (not prohibited), have a Movement Allowance, and are not entrained (5.33:
  an entrained unit moves only along the railroad); a hex that still holds
  an undestroyed Enemy fortress is never entered (5.13).  The move ignores
  Enemy zones of control and costs nothing, like an advance (8.72).
* Withdrawing units and 12.16 movers count as having moved this Game-Turn
  (``moved_turn``) for 13.0, and the hexes they enter count as entered by
  their side (control of cities and rail hexes, ``MovementRules.entered_hexes``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import rail, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement import move_costs
from greatwar.rules.gwite.movement_extension import blocked_hexes
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State

WITHDRAWN = "withdrawn"
#: 12.11 a withdrawal moves the unit two hexes, no more or less
WITHDRAWAL_HEXES = 2

Path = tuple[str, str]  # the hex passed through, the hex the unit ends in


# --- the variation points of 12.1 -------------------------------------------------


class CavalryRules:
    """The variation points of 12.1 (a game's rules class may override them)."""

    def may_withdraw(self, st: State, uid: str) -> bool:
        """May this unit withdraw before combat at all?  Standard: cavalry (12.11).

        Caporetto 12.1 treats every TCR-1 unit as cavalry here; Brusilov 23.31 and
        Caporetto 23.31 forbid some units on Game-Turn 1; Brusilov 24.2 adds the
        armored car.
        """
        return U.info(st, uid).type == "cavalry"  # type: ignore[no-any-return]

    def withdraw_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """Why a unit may not withdraw before combat at all (reason, case), or None when
        :meth:`may_withdraw` lets it (Brusilov 23.31 names its own case)."""
        if self.may_withdraw(st, uid):
            return None
        return (
            f"{U.info(st, uid).name} is not cavalry: only cavalry withdraw before combat",
            "12.11",
        )

    def needs_roll(self, st: State, uid: str) -> bool:
        """Does the attempt need a die roll (12.12)?  Brusilov 24.22: not the armored car."""
        return True


# --- the interface for combat and the sequence of play -----------------------------


def withdrawn_into_stack(st: State, uid: str) -> bool:
    """12.17 / 8.66: the unit withdrew into a hex holding Friendly units before this Combat
    Phase: it adds no defense strength and no steps there, and shares the hex's results."""
    return U.has_marker(st, uid, WITHDRAWN)


def clear_withdrawn(st: State) -> None:
    """End of the Combat Phase: the 12.17 effect lasts only for the ensuing Combat Phase."""
    U.clear_marker(st, WITHDRAWN)


# --- where a unit may withdraw -----------------------------------------------------


def adjacent_to_enemy(st: State, uid: str) -> bool:
    """12.11: an Enemy unit stands in a hex next to this unit."""
    side = U.info(st, uid).side
    board = U.static(st).scenario.board
    sides = U.hex_side(st)
    here = U.record(st, uid)["hex"]
    return any(sides.get(h, side) != side for h in board.neighbours[here])


def _closed_to(st: State, uid: str) -> frozenset[str]:
    """Hexes this unit may not withdraw into or through for their Enemy zone of control:
    none for TCR 1 (12.13); otherwise Enemy-controlled hexes without Friendly units or a
    Friendly fortress in them (7.24)."""
    ui = U.info(st, uid)
    if ui.tcr == 1:
        return frozenset()
    friendly = blocked_hexes(st, U.enemy_of(st, ui.side))  # Friendly units and fortresses
    return zoc.enemy_controlled(st, ui.side) - friendly


def _legal_paths(st: State, uid: str) -> list[Path]:
    stat = U.static(st)
    ui = stat.units[uid]
    board = stat.scenario.board
    start = U.record(st, uid)["hex"]
    enter = move_costs(st, uid).enter  # neighbours not across prohibited hexsides or terrain
    closed = blocked_hexes(st, ui.side) | _closed_to(st, uid)
    paths = []
    for mid in sorted(enter[start]):
        if mid in closed:
            continue
        for to in sorted(enter[mid]):
            if to not in closed and board.distance(start, to) == WITHDRAWAL_HEXES:
                paths.append((mid, to))
    return paths


def legal_paths(st: State, uid: str) -> list[Path]:
    """Every two-hex path the unit may withdraw along (12.11, 12.13), before the 12.13
    preference for the Friendly supply source."""
    key = ("withdrawal_paths", uid, U.revision(st))
    return st.memo(key, lambda: _legal_paths(st, uid))  # type: ignore[no-any-return]


def offered_paths(st: State, uid: str) -> list[Path]:
    """12.13: the legal paths that end nearer the Friendly supply source, or all of them
    when none does."""
    paths = legal_paths(st, uid)
    side = U.info(st, uid).side
    here = supply.source_distance(st, side, U.record(st, uid)["hex"])
    if here is None:
        return paths
    ends = {to: supply.source_distance(st, side, to) for _, to in paths}
    toward = [p for p in paths if (d := ends[p[1]]) is not None and d < here]
    return toward or paths


def may_attempt(st: State, frame: Frame, uid: str) -> bool:
    """12.11: a non-Phasing unit that may withdraw, next to an Enemy unit, not yet tried
    this phase, with somewhere to go."""
    return (
        uid not in frame["tried"]
        and U.rules(st).may_withdraw(st, uid)
        and adjacent_to_enemy(st, uid)
        and bool(legal_paths(st, uid))
    )


def attempters(st: State, frame: Frame) -> list[str]:
    return [uid for uid in U.on_map(st, _owner(st, frame)) if may_attempt(st, frame, uid)]


def may_occupy(st: State, uid: str, vacated: str) -> bool:
    """12.16: the unit can be moved from its hex into the adjacent vacated hex."""
    here = U.record(st, uid)["hex"]
    return (
        vacated in move_costs(st, uid).enter[here]
        and U.movement_allowance(st, uid) > 0
        and not rail.entrained(st, uid)
    )


def occupiers(st: State, side: str, vacated: str) -> list[str]:
    """The Phasing Player's units that may move into the vacated hex (12.16); none into an
    undestroyed Enemy fortress (5.13)."""
    if vacated in blocked_hexes(st, side):
        return []
    board = U.static(st).scenario.board
    near = set(board.neighbours[vacated])
    return [
        uid
        for uid in U.on_map(st, side)
        if U.record(st, uid)["hex"] in near and may_occupy(st, uid, vacated)
    ]


def _owner(st: State, frame: Frame) -> str:
    """The non-Phasing Player, who withdraws (4.0 A.2)."""
    return U.enemy_of(st, frame["side"])


# --- the phase ---------------------------------------------------------------------


class CavalryWithdrawal(Handler):
    """4.0 A.2 Cavalry Withdrawal Before Combat Phase: the non-phasing player's choice.

    Locals: ``tried`` (units that have attempted), ``withdrawing`` (a unit that
    succeeded and must now be moved), ``vacated`` (a hex the Phasing Player may
    now move into, 12.16).
    """

    kind = "cavalry_withdrawal"
    case = "12.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("tried", [])
        frame.setdefault("withdrawing", None)
        frame.setdefault("vacated", None)

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame["vacated"] is not None:
            return [frame["side"]]
        if frame["withdrawing"] is not None or attempters(st, frame):
            return [_owner(st, frame)]
        return []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        vacated = frame["vacated"]
        if vacated is not None:
            actions: list[Action] = [
                {"type": "occupy", "unit": uid, "hex": vacated}
                for uid in occupiers(st, frame["side"], vacated)
            ]
            return [*actions, {"type": "end_occupy"}]
        uid = frame["withdrawing"]
        if uid is not None:
            return [_withdraw_action(uid, p) for p in offered_paths(st, uid)]
        actions = [{"type": "attempt", "unit": u} for u in attempters(st, frame)]
        return [*actions, {"type": "end_phase"}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "attempt":
            self._attempt(st, frame, action["unit"])
        elif kind == "withdraw":
            self._withdraw(st, frame, action["unit"], (action["path"][0], action["to"]))
        elif kind == "occupy":
            self._occupy(st, frame, action["unit"], action["hex"])
        elif kind == "end_occupy":
            st.log(
                f"{side_name(st, role)} moves no more units into {frame['vacated']}.", case="12.16"
            )
            frame["vacated"] = None
        elif kind == "end_phase":
            st.log(f"{side_name(st, role)} makes no more withdrawals before combat.", case="12.1")
            st.pop()

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    # --- the steps of a withdrawal ---------------------------------------------

    def _attempt(self, st: State, frame: Frame, uid: str) -> None:
        frame["tried"].append(uid)
        name = U.info(st, uid).name
        tcr = U.tcr(st, uid)
        if U.rules(st).needs_roll(st, uid):
            value = st.roll(
                f"{name} attempts to withdraw before combat (TCR {tcr}: succeeds above {tcr})",
                case="12.12",
            )
            if value <= tcr:
                st.log(
                    f"{name} fails to withdraw ({value} is not higher than its TCR {tcr}):"
                    " it stays and may be attacked.",
                    case="12.15",
                )
                return
            st.log(f"{name} may withdraw ({value} is higher than its TCR {tcr}).", case="12.12")
        else:
            st.log(f"{name} withdraws without a die roll.", case="12.12")
        paths = offered_paths(st, uid)
        if len(paths) == 1:
            st.log(f"{name} has one path of withdrawal only: it is taken.", case="12.13")
            self._withdraw(st, frame, uid, paths[0])
        else:
            frame["withdrawing"] = uid

    def _withdraw(self, st: State, frame: Frame, uid: str, path: Path) -> None:
        ui = U.info(st, uid)
        start = U.record(st, uid)["hex"]
        mid, to = path
        into_stack = bool(U.units_in(st, to))
        U.place(st, uid, to)
        U.record(st, uid)["moved_turn"] = st.data["turn"]
        U.rules(st).entered_hexes(st, uid, [mid, to])
        frame["withdrawing"] = None
        st.log(
            f"{ui.name} withdraws {start}→{mid}→{to}, spending no Movement Points.", case="12.14"
        )
        if into_stack:
            U.add_marker(st, uid, WITHDRAWN)
            st.log(
                f"{ui.name} joins Friendly units in {to}: it adds no defense strength there in"
                " the coming Combat Phase and shares their combat results.",
                case="12.17",
            )
        if to in zoc.enemy_controlled(st, ui.side):
            st.log(f"{ui.name} ends in an Enemy-controlled hex: it may be attacked.", case="12.15")
        if not U.units_in(st, start) and occupiers(st, frame["side"], start):
            frame["vacated"] = start

    def _occupy(self, st: State, frame: Frame, uid: str, vacated: str) -> None:
        start = U.record(st, uid)["hex"]
        U.place(st, uid, vacated)
        U.record(st, uid)["moved_turn"] = st.data["turn"]
        U.rules(st).entered_hexes(st, uid, [vacated])
        st.log(
            f"{U.info(st, uid).name} moves {start}→{vacated} into the hex vacated by the"
            " withdrawal.",
            case="12.16",
        )
        if not occupiers(st, frame["side"], vacated):
            frame["vacated"] = None

    # --- words -----------------------------------------------------------------

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        if frame["vacated"] is not None:
            return (
                f"Cavalry withdrew from {frame['vacated']}: move adjacent units into it,"
                " or move no more (12.16)."
            )
        uid = frame["withdrawing"]
        if uid is not None:
            return f"{U.info(st, uid).name} withdraws: choose its two-hex path (12.13)."
        return (
            "Cavalry Withdrawal Before Combat: roll for a cavalry unit next to the enemy,"
            " or end the phase (12.11)."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the Cavalry Withdrawal Phase, with the case."""
        kind = action.get("type")
        if kind not in ("attempt", "withdraw", "occupy", "end_occupy", "end_phase"):
            return (
                f"{kind!r} is not an action of the Cavalry Withdrawal Before Combat Phase"
                " (attempt, withdraw, occupy, end_occupy, end_phase)",
                "12.1",
            )
        if frame["vacated"] is not None:
            if kind != "occupy":
                return (
                    f"the Phasing Player first decides whether to move into {frame['vacated']}",
                    "12.16",
                )
            return _why_not_occupy(st, frame, action)
        if kind in ("occupy", "end_occupy"):
            return "no hex has been vacated by a withdrawal just now", "12.16"
        if frame["withdrawing"] is not None:
            name = U.info(st, frame["withdrawing"]).name
            if kind != "withdraw" or action.get("unit") != frame["withdrawing"]:
                return f"{name} has succeeded and must now be withdrawn two hexes", "12.13"
            return _why_not_path(st, frame["withdrawing"], action)
        if kind == "withdraw":
            return "only a unit whose withdrawal roll has just succeeded withdraws", "12.12"
        if kind == "end_phase":
            return "end_phase takes no other fields", "12.1"
        return _why_not_attempt(st, frame, action.get("unit"))

    def title(self, st: State, frame: Frame) -> str:
        return "Cavalry Withdrawal Before Combat"


def _withdraw_action(uid: str, path: Path) -> Action:
    return {"type": "withdraw", "unit": uid, "to": path[1], "path": list(path)}


def _why_not_attempt(st: State, frame: Frame, uid: object) -> tuple[str, str | None]:
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", "12.11"
    ui = U.info(st, uid)
    if ui.side != _owner(st, frame):
        return f"{ui.name} belongs to the Phasing Player: only his enemy withdraws", "12.11"
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", "12.11"
    refusal: tuple[str, str | None] | None = U.rules(st).withdraw_refusal(st, uid)
    if refusal is not None:
        return refusal
    if uid in frame["tried"]:
        return f"{ui.name} has already attempted to withdraw this phase", "12.12"
    if not adjacent_to_enemy(st, uid):
        return f"{ui.name} is not adjacent to an Enemy unit", "12.11"
    if not legal_paths(st, uid):
        return (
            f"{ui.name} has no two-hex path free of Enemy units, prohibited terrain and"
            " hexsides and (unless rated TCR 1) Enemy-controlled hexes",
            "12.13",
        )
    return f"an attempt names only the unit: {{'type': 'attempt', 'unit': {uid!r}}}", "12.12"


def _why_not_path(st: State, uid: str, action: Action) -> tuple[str, str | None]:
    stat = U.static(st)
    ui = stat.units[uid]
    board = stat.scenario.board
    start = U.record(st, uid)["hex"]
    to, path = action.get("to"), action.get("path")
    if not isinstance(path, list) or len(path) != WITHDRAWAL_HEXES or path[-1] != to:
        return (
            f"a withdrawal gives its path of two hexes ending in 'to', e.g. [mid, {to!r}]",
            "12.11",
        )
    if not all(isinstance(h, str) and board.on_map(h) for h in path):
        return f"{path!r} is not a path of hexes on this map", "12.11"
    mid = path[0]
    if mid not in board.neighbours[start] or to not in board.neighbours[mid]:
        return f"{start}→{mid}→{to} is not a path of adjacent hexes", "12.11"
    if board.distance(start, to) != WITHDRAWAL_HEXES:
        return f"{to} is not two hexes from {start}: a withdrawal is two hexes", "12.11"
    blocked = blocked_hexes(st, ui.side)
    for h in path:
        if h in blocked:
            return f"{h} holds an Enemy unit or fortress", "5.13"
    enter = move_costs(st, uid).enter
    if mid not in enter[start] or to not in enter[mid]:
        return f"{start}→{mid}→{to} crosses prohibited terrain or a prohibited hexside", "5.4"
    closed = _closed_to(st, uid)
    for h in path:
        if h in closed:
            return (
                f"{h} is Enemy-controlled: only TCR-1 units withdraw into or through it"
                f" ({ui.name} is rated {ui.tcr})",
                "12.13",
            )
    if (mid, to) in legal_paths(st, uid):
        return f"{to} is not toward the Friendly supply source, and a path that is exists", "12.13"
    return "a withdrawal names only the unit, 'to' and 'path', as offered", "12.13"


def _why_not_occupy(st: State, frame: Frame, action: Action) -> tuple[str, str | None]:
    uid, vacated = action.get("unit"), frame["vacated"]
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", "12.16"
    ui = U.info(st, uid)
    if ui.side != frame["side"]:
        return f"{ui.name} is not the Phasing Player's: only his units move in", "12.16"
    if action.get("hex") != vacated:
        return f"units move only into the vacated hex {vacated}", "12.16"
    here = U.record(st, uid)["hex"]
    board = U.static(st).scenario.board
    if U.record(st, uid)["status"] != "on_map" or here not in board.neighbours[vacated]:
        return f"{ui.name} is not adjacent to {vacated}", "12.16"
    if rail.entrained(st, uid):
        return f"{ui.name} is entrained: it moves only along the railroad", "5.33"
    if U.movement_allowance(st, uid) <= 0:
        return f"{ui.name} has no Movement Allowance", "5.14"
    return f"the hexside {here}/{vacated} is prohibited: no unit crosses it", "5.4"
