"""The movement phase (3.1 phases 5 and 6; 4.1-4.2): who may move what and in which
step of 4.1, the moves carried out hex by hex with the reserve reactions they open
(4.5.4), and the end of the phase (7.1.2 stacking, 13.2.9, 17.2.8, 12.1.2).

The rules of movement and their readings are :mod:`movement`'s (costs,
allowances, the ground a piece meets, what it may reach); what entering a hex sets
off is :mod:`entering`'s.  The rail operations (:mod:`rail`) and the
reinforcements (:mod:`reinforcements`) are offered in every step of the phase
through their ``actions``/``apply``/``explain``.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import (
    command,
    entering,
    fog,
    fortifications,
    initiative,
    masks,
    rail,
    railways,
    reinforcements,
    reserve,
    seats,
    special,
    stacking,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.movement import (
    MASK,
    OVER,
    PHASE,
    STEPS,
    TRAIN,
    VISTULA,
    Reach,
    allowance,
    cheapest_step,
    ground,
    ground_key,
    in_stopping_zone,
    is_support,
    least_remaining,
    moved_in_phase,
    mp_text,
    note_moved,
    public_name,
    rail_mp,
    reachable,
    remaining,
    step_cost,
    unsupplied_mover,
    vistula_options,
)
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State


def _case(n: str) -> str:
    return f"tannenberg {n}"


# --- the pieces of the phase --------------------------------------------------------------


def pieces_of(st: State, role: str) -> list[str]:
    """Pieces ``role`` moves: its units not hidden under a mask, and its masks on the map
    (memoised on its side's units: who decides for a unit and which mask hides it are the
    units' own records)."""
    side = seats.side_of_role(role)
    key = ("tb_pieces_of", role, st.data["rev"][side])
    return list(st.memo(key, _pieces_of, st, role, side))


def _pieces_of(st: State, role: str, side: str) -> tuple[str, ...]:
    return tuple(
        uid
        for uid in U.on_map(st, side)
        if seats.role_of_unit(st, uid) == role and not masks.is_masked(st, uid)
    )


def step_of(st: State, uid: str) -> tuple[str, ...]:
    """The steps of 4.1 in which the piece moves."""
    ui = U.info(st, uid)
    if ui.type == MASK:
        return ("commanded", "independent")  # 16.2.6: what a mask hides is not told
    if ui.hq:
        return ("hq",)
    if ui.type == TRAIN:
        return ("train",)
    if U.has_marker(st, uid, command.INDEPENDENT):
        return ("independent",)
    return ("commanded",)


def locked_in_zone(st: State, frame: Frame, uid: str) -> bool:
    """8.2.5 a piece that stands in an enemy zone before it moves may not leave it (but
    artillery, HQs and supply trains may: 11.1.7, 13.1.2, 15.3.2)."""
    return not is_support(st, uid) and not moved_in_phase(frame, uid) and zoc.in_enemy_zoc(st, uid)


#: what :func:`why_not_move` answers when it is not asked to explain (``explain=False``)
_CANNOT = ("", "")


def why_not_move(st: State, frame: Frame, uid: str, explain: bool = True) -> tuple[str, str] | None:
    """Why the piece may not move now (reason, case), or None; without ``explain`` only
    whether (a reason not worded for the first checks, which are asked of every piece)."""
    if not explain:
        if uid in frame["done"] or frame["step"] not in step_of(st, uid):
            return _CANNOT
        return why_not_move(st, frame, uid)
    name = U.info(st, uid).name
    if uid in frame["done"]:
        return f"{name} has finished moving this phase", _case("4.2.6")
    if frame["step"] not in step_of(st, uid):
        steps = " or ".join(step_of(st, uid))
        return (
            f"{name} moves in the {steps} step of the phase, not the {frame['step']} step",
            _case("4.1"),
        )
    if not moved_in_phase(frame, uid):
        why = _why_not_start(st, frame, uid)
        if why is not None:
            return why
    if not has_a_move(st, frame, uid):
        return (
            f"{name} cannot enter any adjacent hex with {mp_text(remaining(st, frame, uid))} MP",
            _case("4.2.2"),
        )
    return None


def _why_not_start(st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
    """What may keep a piece from beginning to move (once it moves, command and zones
    are not asked again: it is the same move)."""
    name = U.info(st, uid).name
    held = special.why_held_piece(st, uid)
    if held is not None:
        return held
    if reserve.is_reserve(st, uid):
        return f"{name} holds a RESERVE counter: it does not move this stage", _case("4.5.7")
    if not railways.may_move_normally(st, uid):
        return f"{name} is on rail transport or used its movement on the railway", _case("5.1.3")
    if not command.commanded(st, uid):  # 13.4.1 (a mask: when all it hides are)
        if masks.is_mask(st, uid):
            return f"{name} hides an uncommanded unit", _case("13.4.1")
        return command.why_uncommanded(st, uid)
    if locked_in_zone(st, frame, uid):
        return f"{name} stands in an enemy control zone: it may not leave it", _case("8.2.5")
    return None


def has_a_move(st: State, frame: Frame, uid: str) -> bool:
    """Whether the piece can take at least one step now."""
    cheapest = cheapest_step(st, uid)
    if cheapest is not None and (
        cheapest <= least_remaining(st, frame, uid) or cheapest <= remaining(st, frame, uid)
    ):
        return True
    return bool(may_cross_vistula(st, frame, uid) and vistula_options(st, uid))


def may_cross_vistula(st: State, frame: Frame, uid: str) -> bool:
    """4.3.7 a piece of the commanded step that has spent nothing this phase; not one
    that gained independence (it is not within a command range)."""
    return (
        frame["step"] == "commanded"
        and "commanded" in step_of(st, uid)
        and not U.has_marker(st, uid, command.INDEPENDENT)
        and uid not in frame["spent"]
        and remaining(st, frame, uid) == allowance(st, frame, uid)
        and remaining(st, frame, uid) > 0
    )


def reach_of(st: State, frame: Frame, uid: str) -> Reach:
    """Where the piece may go now, memoised on all the search reads: its hex, its points
    left, whether it may cross the Vistula and the ground it meets (so the move applied
    finds the reach its offer was made from)."""
    start = U.record(st, uid)["hex"]
    budget = remaining(st, frame, uid)
    vistula = may_cross_vistula(st, frame, uid)
    key = ("tb_reach", uid, start, budget, vistula, ground_key(st, uid))
    return st.memo(key, lambda: reachable(st, uid, start, budget, vistula))  # type: ignore[no-any-return]


#: parts of a state's data that :func:`position_key` leaves out: the units (their
#: revision counters name them), the log and the actions taken (which no rule reads), and
#: who controls each hex (19.3: read only to score victory points)
_UNKEYED = frozenset({"units", "log", "actions", "control"})


def position_key(st: State, frame: Frame) -> bytes:
    """Everything of the state's data but the units (name those with ``U.revision``), the
    log, the actions taken and the control of hexes (:data:`_UNKEYED`), and the movement
    ``frame`` but the piece each role has in hand (``current``), as bytes: a key for what
    is movable and the rail and reinforcement actions open, which do not depend on the
    piece in hand (so selecting a piece, which changes nothing else, keeps them).  Equal
    bytes, equal data (marshal writes back what it reads); the same data may give other
    bytes (key order), a miss at worst."""
    data = st.data
    rest = [v for k, v in data.items() if k not in _UNKEYED and k != "stack"]
    stack = [f for f in data["stack"] if f is not frame]
    own = [(k, v) for k, v in frame.items() if k != "current"]
    return marshal.dumps((rest, stack, own))


#: the units' revisions and :func:`position_key`: what the pieces that may move and the
#: rail and reinforcement actions open are memoised on
_Where = tuple[Any, bytes]


def _where(st: State, frame: Frame) -> _Where:
    return U.revision(st), position_key(st, frame)


# --- the phase --------------------------------------------------------------------------------


class MovementPhase(Handler):
    """3.1 phases 5 and 6: ``frame["order"]`` 1 is the initiative holder's, 2 the other's.

    Locals: ``side``; ``step`` (4.1, or ``over``); ``current`` role -> the piece selected;
    ``spent`` / ``allowance`` piece -> half points; ``done`` pieces released (4.2.6);
    ``ended`` roles done with the step, ``quit`` roles done with the phase; ``moving``
    the move under way (piece, role, path left) while it is carried out hex by hex;
    ``window`` the hex just entered, whose reserve reactions are still to be offered.
    """

    kind = PHASE
    case = "tannenberg 4.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("side", initiative.moving_side(st, frame))
        frame.setdefault("step", STEPS[0])
        for key in ("current", "spent", "allowance"):
            frame.setdefault(key, {})
        for key in ("done", "ended", "quit"):
            frame.setdefault(key, [])
        frame.setdefault("moving", None)
        if not frame.get("started"):
            frame["started"] = True
            special.movement_phase_started(st, frame["side"])  # 18.1.1 the release roll

    # --- who acts ---------------------------------------------------------------------

    def roles(self, st: State, frame: Frame) -> list[str]:
        return seats.roles_of_side(st.game, frame["side"])

    def actors(self, st: State, frame: Frame) -> list[str]:
        if frame["moving"] is not None or frame["step"] == OVER:
            return []
        found = []
        where: _Where | None = None  # (worked out once, if a role needs it)
        for r in self.roles(st, frame):
            if r in frame["ended"]:
                continue
            if frame["current"].get(r) is None and where is None:
                where = _where(st, frame)
            if self._has_work(st, frame, r, where):
                found.append(r)
        return found

    def _has_work(self, st: State, frame: Frame, role: str, where: _Where | None) -> bool:
        """Something to do in this step: a piece to move, a reinforcement to bring on, or
        in the rail step a rail action (rail actions offered in the other steps stay
        open in the later ones, so they do not hold a step up)."""
        if frame["current"].get(role) is not None or self.movable(st, frame, role, where):
            return True
        if reinforcements.actions(st, frame, role):
            return True
        return frame["step"] == "rail" and bool(self._hook_actions(st, frame, role, where))

    def movable(self, st: State, frame: Frame, role: str, where: _Where | None = None) -> list[str]:
        """Pieces ``role`` may select now (memoised on the position and the frame:
        ``where``, :func:`_where` now, when the caller has it)."""
        key = ("tb_movable", role, where or _where(st, frame))
        return st.memo(  # type: ignore[no-any-return]
            key,
            lambda: [
                uid for uid in pieces_of(st, role) if why_not_move(st, frame, uid, False) is None
            ],
        )

    def _hook_actions(
        self, st: State, frame: Frame, role: str, where: _Where | None = None
    ) -> list[Action]:
        key = ("tb_hooks", role, where or _where(st, frame))
        return st.memo(key, lambda: self._build_hook_actions(st, frame, role))  # type: ignore[no-any-return]

    def _build_hook_actions(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions = list(rail.actions(st, frame, role, lambda uid: rail_mp(st, frame, uid)))
        actions.extend(reinforcements.actions(st, frame, role))
        return actions

    # --- what may be done ---------------------------------------------------------------

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        current = frame["current"].get(role)
        if current is not None:
            actions.extend(self._moves(st, frame, current))
            trench = fortifications.destroy_trench_action(st, current, U.record(st, current)["hex"])
            if trench is not None:
                actions.append(trench)
            actions.append({"type": "finish", "unit": current})
        where = _where(st, frame)
        for uid in self.movable(st, frame, role, where):
            if uid != current:
                actions.append({"type": "select", "unit": uid})
        actions.extend(self._hook_actions(st, frame, role, where))
        actions.append({"type": "end_step", "step": frame["step"]})
        if frame["step"] != STEPS[-1]:
            actions.append({"type": "end_phase"})
        return actions

    def _moves(self, st: State, frame: Frame, uid: str) -> list[Action]:
        if why_not_move(st, frame, uid) is not None:
            return []
        reach = reach_of(st, frame, uid)
        moves = []
        for to in sorted(reach.cost):
            action: Action = {
                "type": "move",
                "unit": uid,
                "to": to,
                "path": reach.path(to),
                "cost": mp_text(reach.cost[to]),
            }
            if to in reach.vistula:
                action["case"] = _case("4.3.7")
            if to in reach.provisional:
                action["provisional"] = True
            moves.append(action)
        return moves

    # --- doing it -------------------------------------------------------------------------

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "select":
            self._release(st, frame, role)
            frame["current"][role] = action["unit"]
        elif kind == "move":
            self._start_move(st, frame, role, action)
        elif kind == "finish":
            self._release(st, frame, role)
        elif kind == "destroy_trench":
            fortifications.destroy_trench(st, action["hex"], action["unit"])
        elif kind in rail.ACTION_TYPES:
            rail.apply(st, frame, action, role)
            self._release_if_stuck(st, frame, role)
        elif kind in reinforcements.ACTION_TYPES:
            reinforcements.apply(st, frame, action, role)
        elif kind == "end_step":
            self._release(st, frame, role)
            frame["ended"].append(role)
        elif kind == "end_phase":
            self._release(st, frame, role)
            frame["ended"].append(role)
            frame["quit"].append(role)

    def _release(self, st: State, frame: Frame, role: str) -> None:
        """4.2.6 a piece that has moved is done once the hand leaves it."""
        current = frame["current"].pop(role, None)
        if current is not None and moved_in_phase(frame, current):
            self._done(st, frame, current)

    def _done(self, st: State, frame: Frame, uid: str) -> None:
        if uid not in frame["done"]:
            frame["done"].append(uid)
            if U.info(st, uid).hq and U.record(st, uid)["status"] == "on_map":
                command.hq_moved(st, uid)  # 13.2.9

    def _release_if_stuck(self, st: State, frame: Frame, role: str) -> None:
        current = frame["current"].get(role)
        if current is not None and why_not_move(st, frame, current) is not None:
            self._release(st, frame, role)

    def _start_move(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid = action["unit"]
        frame["allowance"][uid] = allowance(st, frame, uid)
        reach = reach_of(st, frame, uid)
        to = action["to"]
        path = reach.path(to)
        start = U.record(st, uid)["hex"]
        crossing = to in reach.vistula
        note = " (a provisional terrain cost decides it)" if to in reach.provisional else ""
        how = ", spending its whole allowance to cross the Vistula" if crossing else ""
        fog.log_piece(
            st,
            uid,
            "{piece}"
            + f" moves {start}→{'→'.join(path)}: {mp_text(reach.cost[to])} MP{how}{note}.",
            _case("4.3.7" if crossing else "4.3"),
            provisional=True if note else None,
        )
        frame["moving"] = {"unit": uid, "role": role, "path": path, "vistula": crossing}

    # --- the move carried out hex by hex ------------------------------------------------------

    def run(self, st: State, frame: Frame) -> None:
        if frame.get("window") is not None:
            where = frame.pop("window")
            moving = frame["moving"]
            if moving is not None and U.record(st, moving["unit"])["hex"] == where:
                reserve.open_window(st, moving["unit"], where)  # 4.5.4
            return
        if frame["moving"] is not None:
            self._advance(st, frame)
        elif frame["step"] != OVER:
            self._next_step(st, frame)
        else:
            self._close(st, frame)

    def _advance(self, st: State, frame: Frame) -> None:
        moving = frame["moving"]
        uid = moving["unit"]
        if not moving["path"] or U.record(st, uid)["status"] != "on_map":
            self._end_leg(st, frame)
            return
        here = U.record(st, uid)["hex"]
        there = moving["path"][0]
        cost = self._cost_now(st, frame, moving, here, there)
        if cost is None:
            moving["path"] = []
            moving["blocked"] = there
            return
        moving["path"].pop(0)
        self._enter(st, frame, uid, there, cost)
        if in_stopping_zone(st, uid):
            moving["path"] = []  # 8.2.1
            moving["stopped"] = True
        frame["window"] = there

    def _cost_now(
        self, st: State, frame: Frame, moving: dict[str, Any], here: str, there: str
    ) -> int | None:
        uid = moving["unit"]
        if moving["vistula"]:
            g = ground(st, uid)
            return None if there in g.blocked else remaining(st, frame, uid)
        cost = step_cost(st, uid, here, there)
        if cost is None or cost > remaining(st, frame, uid):
            return None
        return cost

    def _enter(self, st: State, frame: Frame, uid: str, there: str, cost: int) -> None:
        first = not moved_in_phase(frame, uid)
        frame["spent"][uid] = frame["spent"].get(uid, 0) + cost
        masks.place_piece(st, uid, there)
        note_moved(st, uid)
        if first:
            self._unsupplied_march(st, uid)
        entering.entered(st, uid, there)

    def _unsupplied_march(self, st: State, uid: str) -> None:
        """15.4.2 an unsupplied unit that moves loses one endurance point (never a level,
        2.3.7); a mask's unsupplied units each lose theirs."""
        hidden = masks.contents(st, uid) if masks.is_mask(st, uid) else [uid]
        loss = int(constant("unsupplied_move_endurance"))
        for u in hidden:
            if unsupplied_mover(st, u):
                U.lose_endurance(
                    st, u, loss, _case("15.4.2"), "moving without supply", may_lower_level=False
                )

    def _end_leg(self, st: State, frame: Frame) -> None:
        moving = frame["moving"]
        frame["moving"] = None
        uid, role = moving["unit"], moving["role"]
        gone = U.record(st, uid)["status"] != "on_map"
        here = U.record(st, uid)["hex"]
        if moving.get("halted") and not gone:
            case, why = moving["halted"]
            fog.log_piece(st, uid, "{piece}" + f" stops in {here}: {why}.", case)
        if moving.get("blocked") and not gone:
            fog.log_piece(
                st,
                uid,
                "{piece}" + f" stops in {here}: the way into {moving['blocked']} is no longer"
                " open.",
                _case("4.2.2"),
            )
        if moving.get("stopped") and not gone and in_stopping_zone(st, uid):
            fog.log_piece(
                st,
                uid,
                "{piece}" + f" entered an enemy control zone in {here}: it stops.",
                _case("8.2.1"),
            )
        finished = (
            gone
            or moving["vistula"]
            or moving.get("halted")
            or (moving.get("stopped") and in_stopping_zone(st, uid))
            or why_not_move(st, frame, uid) is not None
        )
        if finished:
            if frame["current"].get(role) == uid:
                frame["current"].pop(role)
            self._done(st, frame, uid)

    # --- steps and the end of the phase ------------------------------------------------------

    def _next_step(self, st: State, frame: Frame) -> None:
        """4.1 the next step (a step nobody has anything to do in passes at once)."""
        for role in list(frame["current"]):
            self._release(st, frame, role)
        index = STEPS.index(frame["step"])
        frame["step"] = STEPS[index + 1] if index + 1 < len(STEPS) else OVER
        frame["ended"] = list(frame["quit"])
        if frame["step"] == "independent":
            self._independence(st, frame)

    def _independence(self, st: State, frame: Frame) -> None:
        """13.3.2 every uncommanded unit that may try rolls now (rolling never hurts)."""
        for uid in command.independence_candidates(st, frame["side"]):
            command.independent_command(st, uid)

    def _close(self, st: State, frame: Frame) -> None:
        """The end of the movement phase: 7.1.2 stacking, 13.2.9 army HQs, 17.2.8 blocked
        reinforcements, then 12.1.2 trench building (each may push a frame)."""
        side = frame["side"]
        closing = frame.get("closing")
        if closing is None:
            frame["closing"] = "stacking"
            st.log(f"The {_side_name(st, side)} end their movement phase.", case=_case("4.1"))
            stacking.check(st)
            return
        if closing == "stacking":
            frame["closing"] = "trenches"
            command.end_movement_phase(st, side)
            reinforcements.end_movement_phase(st, side)
            fortifications.begin_trench_building(st, side)
            return
        st.pop()
        st.checkpoint("end_of_phase")

    # --- words -------------------------------------------------------------------------------

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        current = frame["current"].get(role)
        step = frame["step"]
        warn = stacking.warning(st, role)
        if current is None:
            return f"Movement ({step} step, 4.1): select a piece to move, or end the step.{warn}"
        left = mp_text(remaining(st, frame, current))
        return (
            f"Move {public_name(st, current)} ({left} MP left): choose a hex, finish it, or"
            f" select another piece.{warn}"
        )

    def title(self, st: State, frame: Frame) -> str:
        return f"Movement phase ({_side_name(st, frame.get('side', '?'))})"

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the movement phase, with the case that forbids it."""
        kind = action.get("type")
        if seats.side_of_role(role) != frame["side"]:
            return "only reserve movement is made in the enemy's movement phase", _case("4.1")
        if kind in rail.ACTION_TYPES:
            return rail.explain(st, frame, role, action, lambda uid: rail_mp(st, frame, uid))
        if kind in reinforcements.ACTION_TYPES:
            return reinforcements.explain(st, frame, role, action)
        if kind in ("end_step", "end_phase"):
            return f"{kind} takes no other fields (the step is {frame['step']})", _case("4.1")
        if kind not in ("select", "move", "finish", "destroy_trench"):
            return (
                f"{kind!r} is not an action of the movement phase"
                " (select, move, finish, end_step, end_phase, rail and reinforcement actions)",
                _case("4.1"),
            )
        return _why_not_unit_action(st, frame, role, action)


def _side_name(st: State, side: str) -> str:
    return next((s.name for s in st.game.scenario.sides if s.id == side), side)


def _why_not_unit_action(
    st: State, frame: Frame, role: str, action: Action
) -> tuple[str, str | None]:
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", _case("4.1")
    ui = U.info(st, uid)
    if ui.side != frame["side"] or seats.role_of_unit(st, uid) != role:
        return f"{public_name(st, uid)} is not yours to move", _case("4.1")
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", _case("4.1")
    if masks.is_masked(st, uid):
        return f"{ui.name} is hidden under a mask: move the mask", _case("16.2.6")
    kind = action["type"]
    current = frame["current"].get(role)
    if kind in ("move", "finish", "destroy_trench") and uid != current:
        return f"select {ui.name} first", _case("4.2.6")
    if kind == "finish":
        return "finish takes only the unit being moved", _case("4.2.6")
    if kind == "destroy_trench":
        return f"there are no trenches in {U.record(st, uid)['hex']} to destroy", _case("12.1.4")
    why = why_not_move(st, frame, uid)
    if why is not None:
        return why
    if kind == "select":
        return f"{ui.name} is already selected", _case("4.1")
    return _why_not_reachable(st, frame, uid, action)


def _why_not_reachable(st: State, frame: Frame, uid: str, action: Action) -> tuple[str, str]:
    to = action.get("to")
    board = st.game.scenario.board
    name = U.info(st, uid).name
    if not isinstance(to, str) or not board.on_map(to):
        return f"{to!r} is not a hex of the map", _case("4.1")
    reach = reach_of(st, frame, uid)
    if to in reach.cost:
        return (
            f"the move to {to} goes {'→'.join(reach.path(to))} for"
            f" {mp_text(reach.cost[to])} MP; the action gives another path or cost",
            _case("4.1"),
        )
    g = ground(st, uid)
    if U.hex_side(st).get(to) == U.enemy_of(st, U.info(st, uid).side) and to in g.blocked:
        return f"{to} holds enemy units", _case("4.2.1")
    if is_support(st, uid) and to in g.blocked:
        return f"{name} may enter an enemy zone only beside friendly infantry or cavalry", _case(
            "8.2.3"
        )
    here = U.record(st, uid)["hex"]
    if to in board.neighbours[here] and VISTULA in board.features(here, to):
        return (
            "the Vistula is crossed only by a bridge, or by a commanded unit with its whole"
            " allowance before it moves",
            _case("4.3.6"),
        )
    anyhow = reachable(st, uid, here, 10**6)
    if to not in anyhow.cost:
        return (
            f"{name} cannot reach {to}: prohibited terrain, enemy units or an enemy control"
            " zone (where a move stops, 8.2.1) lie in the way",
            _case("4.3"),
        )
    return (
        f"{name} cannot reach {to}: it costs {mp_text(anyhow.cost[to])} MP and"
        f" {mp_text(remaining(st, frame, uid))} are left",
        _case("4.2.2"),
    )


def extra_handlers() -> list[Handler]:
    return [*stacking.handlers()]
