"""Moving the units of a clash away and after: 9.5 flight, 9.3.2 retreat, 9.3.7 the
withdrawal of the loser of an encounter battle, and 9.6 pursuit.

Every withdrawal is made on a ``withdrawal`` frame, hex by hex: the owner
selects a group of his pieces standing together (a stack, or one piece of it)
and steps it from hex to hex; each list of choices holds at most the six
neighbours.  Pieces are units, and masking counters with the units they hide
(a free retreat is made before any reveal, 9.3.2; the masks move masked).

* **Flight** (9.5): every fleeing unit goes the same number of hexes (9.5.1),
  each hex one farther from where it stood (9.5.4: it ends as far from its
  start as it went); never off the board, across the Vistula (but by a
  standing bridge), into a lake or the sea, or into an enemy unit (9.5.8) —
  a unit that cannot is eliminated; through friendly units freely (9.5.5).
  Of the ways it may go it must take one that ends outside the enemy's zones
  if there is one (9.5.6), and among those one entering the fewest enemy
  controlled hexes (9.5.7); each such hex entered costs every unit entering
  it one endurance point unless another friendly unit stands there (8.1.4).
  Units that fled earlier in the stage and flee again with a stack lose one
  more point a hex (9.5.5).
* **Retreat** (9.3.2): movement with one movement point less (and one less
  again without supply, 15.4.1) along a route chosen freely, never into an
  enemy unit, off the board, into a lake or across the Vistula but by a
  bridge; never into an enemy controlled hex (not neutralised) unless every
  step open from where the stack stands leads into one ("no other way out"),
  at one endurance point for each unit each time.  A retreating unit may stop
  anywhere, or not move at all ("may withdraw").
* **Withdrawal after an encounter battle** (9.3.7): one hex, on the rules of
  flight (reading: the loser's withdrawal is a forced move like flight; it is
  no flight, so it costs no endurance of its own, only the enemy zones
  entered, 9.5.7).

Readings where the rules are silent:

* a hex neutralised by another friendly unit (8.1.4) is outside the enemy's
  zone for 9.5.6 and 9.5.7 (the example of 9.5.7 ends its flight in one);
* a retreat costs the terrain's movement points (4.3, as the movement
  module prices them: roads and railways, rivers, bridges, wire) and pays
  nothing for enemy zones, which 9.3.2 rules instead; a retreating stack
  does not return to a hex it has left;
* the hexes a withdrawal enters are "passed through" for the control of
  towns (19.3), and a fortification an enemy unit enters is destroyed
  (12.2.8) whether by flight, retreat or pursuit.

Pursuit (9.6): the side that laid down ATTACK or ASSAULT may move any of its
non-artillery units of the clash into the hexes the defeated units held,
once they are empty (the defenders fled, retreated or were eliminated,
9.6.1-9.6.4), each unit into a hex next to it; the victor of an encounter
battle likewise (9.3.7).  Enemy supply trains in such a hex are eliminated
(15.3.6); lone artillery next to the hex entered withdraws (11.1.8).
Reading: stacking limits are checked at the end of the movement phase only
(7.1.2), so pursuit is not limited by them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import artillery, fog, fortified, movement, supply
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import (
    case,
    clash_frame,
    fronts,
    in_enemy_zone,
    side_name,
    with_contents,
)
from greatwar.rules.tannenberg.routes import (
    entered,
    flight_steps,
    has_way_on,
    move_piece,
    real_units,
    retreat_allowance,
    retreat_steps,
    step_cost,
)
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

FLIGHT, RETREAT, WITHDRAW = "flight", "retreat", "withdraw"
MODE_CASES = {FLIGHT: case("9.5.1"), RETREAT: case("9.3.2"), WITHDRAW: case("9.3.7")}
MODE_VERBS = {FLIGHT: "flees", RETREAT: "retreats", WITHDRAW: "withdraws"}
#: pieces a pursuer may share a hex with: enemy supply trains are overrun (15.3.6)
OVERRUN_TYPES = frozenset({"supply_train"})


def _alive_pieces(st: State, pieces: list[str]) -> list[str]:
    units = st.data["units"]
    return [p for p in pieces if units[p]["status"] == "on_map"]


# --- the withdrawal frame -----------------------------------------------------------------------


class Withdrawal(Handler):
    """Flight, retreat or withdrawal of one side's pieces after (or instead of) a clash.

    Locals: ``mode``, ``side``, ``role``, ``pieces``; ``origin`` and ``path`` of each
    piece; ``length`` (flight and withdrawal: hexes each piece goes, from its origin);
    ``first`` (retreat: the first hex declared before a retreat attempt, by start hex);
    ``passengers`` (units that fled earlier, 9.5.5); ``pending`` and ``moving``.
    """

    kind = "withdrawal"
    case = case("9.5")

    def setup(self, st: State, frame: Frame) -> None:
        pieces = _alive_pieces(st, frame["pieces"])
        units = st.data["units"]
        frame.setdefault("origin", {p: units[p]["hex"] for p in pieces})
        frame.setdefault("path", {p: [] for p in pieces})
        frame.setdefault("first", {})
        frame.setdefault("passengers", [])
        frame.setdefault("optional", [])
        frame.setdefault("length", 0)
        frame.update(pending=pieces, moving=[], started=False, mp={})

    # -- who acts ----------------------------------------------------------------------------

    def actors(self, st: State, frame: Frame) -> list[str]:
        if not frame["started"] or len(self.legal(st, frame, frame["role"])) <= 1:
            return []
        return [frame["role"]]

    def run(self, st: State, frame: Frame) -> None:
        if not frame["started"]:
            self._start(st, frame)
            return
        options = self.legal(st, frame, frame["role"])
        if not options:
            self._finish(st, frame)
            return
        self._do(st, frame, options[0], auto=True)

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role != frame["role"] or not frame["started"]:
            return []
        if frame["moving"]:
            return self._step_actions(st, frame)
        if not frame["pending"]:
            return []
        actions: list[Action] = []
        for group in self._groups(st, frame):
            actions.append({"type": "select", "pieces": group})
            if len(group) > 1:
                actions.extend({"type": "select", "pieces": [p]} for p in group)
        if frame["mode"] == RETREAT or all(p in frame["optional"] for p in frame["pending"]):
            actions.append({"type": "stay"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        self._do(st, frame, action, auto=False)

    # -- starting and finishing ------------------------------------------------------------------

    def _start(self, st: State, frame: Frame) -> None:
        """9.5.8 units with no way to flee are eliminated; retreats get their allowance and
        pieces whose stack declared it stays are done."""
        frame["started"] = True
        mode = frame["mode"]
        if mode == RETREAT:
            for p in frame["pending"]:
                frame["mp"][p] = retreat_allowance(st, p)
            stay = {h for h, to in frame["first"].items() if to is None}
            frame["pending"] = [p for p in frame["pending"] if frame["origin"][p] not in stay]
            return
        for p in list(frame["pending"]):
            here = U.record(st, p)["hex"]
            left = frame["length"] - len(frame["path"][p])
            if left <= 0 or has_way_on(st, frame["side"], frame["origin"][p], here, left):
                continue
            if p in frame["optional"]:
                frame["pending"].remove(p)  # a supply train that cannot go stays (15.3.5)
                continue
            if True:
                U.eliminate_unit(
                    st,
                    p,
                    case("9.5.8"),
                    "it has no way to withdraw off the board, across a"
                    " lake or the Vistula, or through enemy units",
                )
                frame["pending"].remove(p)

    def _finish(self, st: State, frame: Frame) -> None:
        clash = clash_frame(st)
        moves = clash.setdefault("moves", {})
        for p, path in frame["path"].items():
            moves[p] = {"origin": frame["origin"][p], "path": list(path)}
        st.pop()

    # -- groups and steps --------------------------------------------------------------------------

    def _groups(self, st: State, frame: Frame) -> list[list[str]]:
        """Pending pieces standing together, from the same start, as far along."""
        units = st.data["units"]
        groups: dict[tuple[str, str, int], list[str]] = {}
        for p in frame["pending"]:
            key = (units[p]["hex"], frame["origin"][p], len(frame["path"][p]))
            groups.setdefault(key, []).append(p)
        return [groups[k] for k in sorted(groups)]

    def _step_actions(self, st: State, frame: Frame) -> list[Action]:
        group = frame["moving"]
        lead = group[0]
        here = U.record(st, lead)["hex"]
        path = frame["path"][lead]
        side = frame["side"]
        moving = with_contents(st, group)
        if frame["mode"] == RETREAT:
            origin = frame["origin"][lead]
            declared = frame["first"].get(origin)
            if not path and declared:
                return [{"type": "step", "to": declared}]  # declared before the attempt (9.8)
            mp = min(frame["mp"][p] for p in group)
            steps = retreat_steps(st, side, here, mp, [origin, *path], group)
            return [*({"type": "step", "to": h} for h in steps), {"type": "stop"}]
        left = frame["length"] - len(path)
        if left <= 0:
            return [{"type": "stop"}]
        steps = flight_steps(st, side, frame["origin"][lead], here, left, moving)
        return [{"type": "step", "to": h} for h in steps]

    def _do(self, st: State, frame: Frame, action: Action, auto: bool) -> None:
        kind = action["type"]
        if kind == "select":
            frame["moving"] = list(action["pieces"])
        elif kind == "step":
            self._step(st, frame, action["to"], auto)
        elif kind == "stop":
            self._stop(st, frame)
        elif kind == "stay":
            what = "does not retreat" if frame["mode"] == RETREAT else "stays"
            for p in frame["pending"]:
                fog.log_piece(st, p, "{piece} " + f"{what}.", MODE_CASES[frame["mode"]])
            frame["pending"] = []

    def _step(self, st: State, frame: Frame, to: str, auto: bool) -> None:
        side, mode = frame["side"], frame["mode"]
        group = frame["moving"]
        here = U.record(st, group[0])["hex"]
        moving = with_contents(st, group)
        zone = in_enemy_zone(st, side, to, moving)
        for p in group:
            cost = step_cost(st, p, here, to) or 0
            move_piece(st, p, to)
            frame["path"][p].append(to)
            if mode == RETREAT:
                frame["mp"][p] = max(0, frame["mp"][p] - cost)
        entered(st, side, to)
        if auto:
            fog.log_piece(
                st,
                group[0],
                "{piece}" + f" {MODE_VERBS[mode]} into {to} (no other way).",
                MODE_CASES[mode],
            )
        self._step_losses(st, frame, real_units(st, group), to, zone)
        frame["moving"] = _alive_pieces(st, group)
        # a piece eliminated on the way (2.3.6) goes no further: whether it was moving or
        # waiting to move on with a later group
        frame["pending"] = [
            p for p in _alive_pieces(st, frame["pending"]) if frame["moving"] or p not in group
        ]

    def _step_losses(self, st: State, frame: Frame, units: list[str], to: str, zone: bool) -> None:
        """9.3.2 / 9.5.7 a point for entering an enemy zone not neutralised; 9.5.5 a point a
        hex for a unit that had fled before and flees again with the stack."""
        mode = frame["mode"]
        for u in units:
            if not U.info(st, u).level_count:
                continue  # HQs and supply trains have no endurance (2.3.2)
            if zone:
                name = (
                    "retreat_enemy_zone_endurance"
                    if mode == RETREAT
                    else "flight_enemy_zone_endurance"
                )
                why = f"entering {to} in an enemy control zone"
                U.lose_endurance(
                    st, u, int(constant(name)), case("9.3.2" if mode == RETREAT else "9.5.7"), why
                )
            if (
                mode == FLIGHT
                and u in frame["passengers"]
                and U.record(st, u)["status"] == "on_map"
            ):
                U.lose_endurance(
                    st,
                    u,
                    int(constant("flight_endurance_per_hex")),
                    case("9.5.5"),
                    "it fled before and flees again with the stack",
                )

    def _stop(self, st: State, frame: Frame) -> None:
        mode = frame["mode"]
        for p in frame["moving"]:
            path = frame["path"][p]
            route = " - ".join([frame["origin"][p], *path])
            if path:
                fog.log_piece(st, p, "{piece} " + f"{MODE_VERBS[mode]}: {route}.", MODE_CASES[mode])
            frame["pending"].remove(p)
        frame["moving"] = []

    # -- words -------------------------------------------------------------------------------------

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        what = {FLIGHT: "Flight", RETREAT: "Retreat", WITHDRAW: "Withdrawal"}[frame["mode"]]
        if frame["moving"]:
            lead = frame["moving"][0]
            here = U.record(st, lead)["hex"]
            if frame["mode"] == RETREAT:
                mp = movement.mp_text(min(frame["mp"][p] for p in frame["moving"]))
                return f"{what}: step the group on from {here} ({mp} MP left) or stop there."
            left = frame["length"] - len(frame["path"][lead])
            return f"{what}: step the group on from {here} ({left} more hex(es))."
        extra = " or let the rest stay" if frame["mode"] == RETREAT else ""
        return f"{what}: select a stack (or one piece of it) to move{extra}."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        mode = frame["mode"]
        if action.get("type") == "step" and frame["moving"]:
            if mode == RETREAT:
                return (
                    "a retreat goes into an open hex it can pay for, never into enemy units,"
                    " and into an enemy control zone only when there is no other way",
                    case("9.3.2"),
                )
            return (
                "each hex of a flight is one farther from the start; it avoids enemy control"
                " zones where it can (9.5.6, 9.5.7) and never enters a lake, an enemy unit or"
                " crosses the Vistula but by a bridge",
                case("9.5.4"),
            )
        if action.get("type") == "stop":
            return "the group has not yet gone the whole distance", case("9.5.1")
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        what = {FLIGHT: "Flight", RETREAT: "Retreat", WITHDRAW: "Withdrawal"}[frame["mode"]]
        return f"{what} of the {side_name(st, frame['side'])}"


def withdrawal(
    mode: str,
    side: str,
    role: str,
    pieces: list[str],
    *,
    length: int = 0,
    first: dict[str, str | None] | None = None,
    passengers: list[str] | None = None,
    optional: list[str] | None = None,
    moves: dict[str, Any] | None = None,
) -> Frame:
    """A new withdrawal frame (``optional``: pieces that may stay, 15.3.5; ``moves``:
    earlier paths to go on from, 9.5.9)."""
    frame: Frame = {
        "kind": Withdrawal.kind,
        "mode": mode,
        "side": side,
        "role": role,
        "pieces": list(pieces),
        "length": length,
        "first": dict(first or {}),
        "passengers": list(passengers or []),
        "optional": list(optional or []),
    }
    if moves:
        frame["origin"] = {p: moves[p]["origin"] for p in pieces if p in moves}
        frame["path"] = {p: list(moves[p]["path"]) for p in pieces if p in moves}
    return frame


# --- pursuit (9.6) --------------------------------------------------------------------------------


def vacant(st: State, hex_label: str, side: str, after_flight: bool) -> bool:
    """A hex ``side``'s pursuers may enter: no enemy counter there but supply trains
    (15.3.6), no enemy garrison standing (12.3.4) unless its defenders fled (12.3.5)."""
    enemy = U.enemy_of(st, side)
    for uid in U.units_in(st, hex_label):
        ui = U.info(st, uid)
        if ui.side == enemy and ui.type not in OVERRUN_TYPES:
            return False
    return not fortified.blocks_entry(st, hex_label, side, pursuit=after_flight)


class Pursuit(Handler):
    """9.6 the victor's non-artillery units of the clash may enter the hexes the defeated
    units held.  Locals: ``side``, ``role``, ``units`` (who may pursue), ``hexes``,
    ``after_flight`` (the defenders fled: 12.3.5)."""

    kind = "pursuit"
    case = case("9.6.2")

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("moved", [])

    def _options(self, st: State, frame: Frame) -> list[Action]:
        side = frame["side"]
        units = st.data["units"]
        after = bool(frame.get("after_flight"))
        open_hexes = [h for h in frame["hexes"] if vacant(st, h, side, after)]
        out: list[Action] = []
        for uid in frame["units"]:
            u = units[uid]
            if uid in frame["moved"] or u["status"] != "on_map":
                continue
            near = fronts(st, u["hex"])
            out.extend({"type": "pursue", "unit": uid, "to": h} for h in open_hexes if h in near)
        return out

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["role"]] if self._options(st, frame) else []

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if role != frame["role"]:
            return []
        options = self._options(st, frame)
        return [*options, {"type": "end_pursuit"}] if options else []

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_pursuit":
            st.log(f"{side_name(st, frame['side'])} end the pursuit.", case=case("9.6.2"))
            st.pop()
            return
        uid, to = action["unit"], action["to"]
        side = frame["side"]
        here = U.record(st, uid)["hex"]
        move_piece(st, uid, to)
        frame["moved"].append(uid)
        fog.log_piece(st, uid, "{piece}" + f" pursues from {here} into {to}.", case("9.6.2"))
        supply.train_overrun(st, to, side)
        entered(st, side, to)
        artillery.check_lone_artillery(st, to, side)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return f"Pursuit: move units into {', '.join(frame['hexes'])}, or end the pursuit."

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        if action.get("type") == "pursue":
            return (
                "pursuit is by a non-artillery unit of the clash into an empty hex next to it"
                " that the defeated units held",
                case("9.6.2"),
            )
        return super().explain(st, frame, role, action)

    def title(self, st: State, frame: Frame) -> str:
        return f"Pursuit by the {side_name(st, frame['side'])}"
