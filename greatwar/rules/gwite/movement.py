"""5.0 Movement (5.1 restrictions, 5.2 friendly units, 5.4 terrain effects).

The Movement Segment is stepwise: the phasing player selects a unit, then
moves it to any hex it can reach (the cheapest path is shown with the
action), possibly in several legs, and finishes it or selects the next unit.
Each unit moves individually (5.0 procedure); a unit finished is done for
the phase.  Costs come from the Terrain Effects Chart (5.4) plus one for
entering an Enemy-controlled hex (7.21).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import command, rail, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.names import side_name
from greatwar.rules.reach import Reach as BaseReach

if TYPE_CHECKING:
    from greatwar.engine.state import State


class Reach(BaseReach):
    """Hexes a unit can reach this phase (:class:`greatwar.rules.reach.Reach`), with the
    hexes only the always-one-hex move reaches (5.17)."""

    __slots__ = ("minimum_move",)

    def __init__(self) -> None:
        super().__init__()
        self.minimum_move: set[str] = set()


def _occupied_by(st: State, side: str) -> frozenset[str]:
    """Hexes holding units of ``side`` or its undestroyed fortresses."""
    stat = U.static(st)
    hexes = {U.record(st, uid)["hex"] for uid in U.on_map(st, side)}
    for hex_label, owner in stat.fortress_side.items():
        if owner == side and not zoc.fortress_destroyed(st, hex_label):
            hexes.add(hex_label)
    return frozenset(hexes)


def blocked_hexes(st: State, side: str) -> frozenset[str]:
    """Hexes a unit of ``side`` may never enter: Enemy units and fortresses (5.13)."""
    enemy = U.enemy_of(st, side)
    return U.cached(st, "occupied", lambda s: _occupied_by(s, enemy), enemy)  # type: ignore[no-any-return]


def blocked_for(st: State, uid: str) -> frozenset[str]:
    """Hexes this unit may not enter: 5.13, except that a combat unit with an attack
    strength may enter a hex holding only Enemy HQs, which then displace (10.52)."""
    side = U.info(st, uid).side
    blocked = blocked_hexes(st, side)
    if U.printed_attack(st, uid) > 0:
        hq_only = command.hq_only_hexes(st, U.enemy_of(st, side))
        if hq_only:
            return blocked - hq_only
    return blocked


def allowance(st: State, uid: str) -> int:
    """The unit's Movement Allowance this phase: halved, rounded down but never below
    one, when it was found out of supply in the Initial Supply Segment (9.21)."""
    printed = U.movement_allowance(st, uid)
    if supply.movement_halved(st, uid):
        return max(1, printed // 2)
    return printed


def reachable(st: State, uid: str, start: str, budget: int, fresh: bool) -> Reach:
    """Dijkstra over the move costs of the unit's TCR column.

    ``fresh``: the unit has expended no movement points this phase, so it
    may always move one hex whatever the cost (5.17).
    """
    stat = U.static(st)
    ui = stat.units[uid]
    costs = stat.costs[ui.tcr]
    enter = costs.enter
    provisional_edges = costs.provisional
    enemy_zoc = zoc.enemy_controlled(st, ui.side)
    zoc_cost = stat.zoc_cost
    blocked = blocked_for(st, uid)
    reach = Reach()
    # 5.4 (provisional entries): paths are ranked by cost, then by whether a
    # provisional chart entry priced them, so that a move is flagged
    # provisional only when no path of printed costs is as cheap.
    best: dict[str, tuple[int, bool]] = {start: (0, False)}
    heap: list[tuple[int, bool, str]] = [(0, False, start)]
    while heap:
        spent, prov, here = heapq.heappop(heap)
        if (spent, prov) > best[here]:
            continue
        for there, cost in enter[here].items():
            if there in blocked:
                continue
            total = spent + cost + (zoc_cost if there in enemy_zoc else 0)  # 7.21
            if total > budget:
                continue
            key = (total, prov or (here, there) in provisional_edges)
            if there not in best or key < best[there]:
                best[there] = key
                reach.prev[there] = here
                heapq.heappush(heap, (*key, there))
    del best[start]
    reach.cost = {h: c for h, (c, _) in best.items()}
    reach.provisional = {h for h, (_, p) in best.items() if p}
    if fresh:
        # 5.17 a unit that has spent nothing may always move at least one hex
        for there in enter[start]:
            if there not in blocked and there not in reach.cost:
                reach.cost[there] = budget
                reach.prev[there] = start
                reach.minimum_move.add(there)
                if (start, there) in provisional_edges:
                    reach.provisional.add(there)
    return reach


# --- the Movement Segment ------------------------------------------------------


def can_move(st: State, uid: str) -> bool:
    """May this unit make normal moves in this Movement Segment?

    Not when out of Command Control (10.4, 5.17), nor while entrained (5.33:
    an entrained unit moves by rail until it detrains).
    """
    return allowance(st, uid) > 0 and command.may_move(st, uid) and not rail.entrained(st, uid)


def _remaining(frame: Frame, st: State, uid: str) -> int:
    return allowance(st, uid) - frame["spent"].get(uid, 0)


def _reach(st: State, frame: Frame, uid: str) -> Reach:
    key = ("reach", uid, U.revision(st), frame["spent"].get(uid, 0))
    return st.memo(  # type: ignore[no-any-return]
        key,
        lambda: reachable(
            st,
            uid,
            U.record(st, uid)["hex"],
            _remaining(frame, st, uid),
            uid not in frame["spent"],
        ),
    )


def has_a_move(st: State, frame: Frame, uid: str) -> bool:
    """Whether the unit can enter at least one adjacent hex (the first step of any move)."""
    stat = U.static(st)
    ui = stat.units[uid]
    here = U.record(st, uid)["hex"]
    blocked = blocked_for(st, uid)
    enemy_zoc = zoc.enemy_controlled(st, ui.side)
    fresh = uid not in frame["spent"]
    left = _remaining(frame, st, uid)
    for there, cost in stat.costs[ui.tcr].enter[here].items():
        if there in blocked:
            continue
        if fresh or cost + (stat.zoc_cost if there in enemy_zoc else 0) <= left:
            return True
    return False


class MovementSegment(Handler):
    """4.0 A.d Movement Segment: the phasing player moves his units."""

    kind = "movement"
    # 5.11 only the phasing player moves, in his own Movement Phase: the case
    # named when the other player tries to act now.
    case = "5.11"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("current", None)
        frame.setdefault("spent", {})
        frame.setdefault("done", [])
        rail.setup(st, frame)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]]

    def movable(self, st: State, frame: Frame) -> list[str]:
        """Units that may be selected: memoised on everything it depends on (units and
        markers through the revisions, the frame's record of what has moved), not on
        which unit is selected."""
        rest = {k: v for k, v in frame.items() if k != "current"}
        key = ("movable", U.revision(st), st.data["turn"], repr(rest))
        return st.memo(key, lambda: self._movable(st, frame))  # type: ignore[no-any-return]

    def _movable(self, st: State, frame: Frame) -> list[str]:
        done = set(frame["done"])
        side = frame["side"]
        return [
            uid
            # 5.38 units off the map are moved too (they re-enter by rail)
            for uid in [*U.on_map(st, side), *rail.off_map_units(st, side)]
            if uid not in done
            and ((can_move(st, uid) and has_a_move(st, frame, uid)) or rail.can_act(st, frame, uid))
        ]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        if frame.get(rail.CLOSING):
            return rail.closing_actions(st, frame)  # 5.31 detrain before the segment ends
        actions: list[Action] = []
        current = frame["current"]
        if current is not None:
            reach = _reach(st, frame, current) if can_move(st, current) else Reach()
            for to in sorted(reach.cost):
                action: Action = {
                    "type": "move",
                    "unit": current,
                    "to": to,
                    "path": reach.path(to),
                    "cost": reach.cost[to],
                }
                if to in reach.minimum_move:
                    action["case"] = "5.17"
                if to in reach.provisional:
                    action["provisional"] = True
                actions.append(action)
            actions.extend(rail.actions(st, frame, current))
            actions.append({"type": "finish", "unit": current})
        for uid in self.movable(st, frame):
            if uid != current:
                actions.append({"type": "select", "unit": uid})
        actions.append({"type": "end_segment"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "select":
            self._finish_current(st, frame)
            frame["current"] = action["unit"]
        elif kind == "move":
            self._move(st, frame, action)
        elif kind == "finish":
            self._finish_current(st, frame)
        elif kind in rail.ACTION_TYPES:
            rail.apply(st, frame, action)
            if frame.get(rail.CLOSING):
                self._end_segment(st, frame)
            elif not self._can_go_on(st, frame, action["unit"]):
                self._finish_current(st, frame)
        elif kind == "end_segment":
            self._finish_current(st, frame)
            self._end_segment(st, frame)

    def _end_segment(self, st: State, frame: Frame) -> None:
        if not rail.end_segment(st, frame):
            return  # 5.31 units over the Rail Capacity detrain first
        st.log(f"{side_name(st, frame['side'])} ends the Movement Segment.", case="4.0")
        st.pop()
        command.end_movement_segment(st, frame["side"])  # 4.0 A.d markers off; 10.52

    def _can_go_on(self, st: State, frame: Frame, uid: str) -> bool:
        """Whether the unit being moved has any move left (else it is finished)."""
        if U.record(st, uid)["status"] == "eliminated":
            return False  # removed by what it tried (a game's failed entrain roll)
        if can_move(st, uid) and has_a_move(st, frame, uid):
            return True
        return rail.can_act(st, frame, uid)

    def _finish_current(self, st: State, frame: Frame) -> None:
        current = frame["current"]
        if current is not None:
            frame["done"].append(current)
            frame["current"] = None

    def _move(self, st: State, frame: Frame, action: Action) -> None:
        uid = action["unit"]
        reach = _reach(st, frame, uid)
        to = action["to"]
        start = U.record(st, uid)["hex"]
        spent = frame["spent"].get(uid, 0) + reach.cost[to]
        frame["spent"][uid] = spent
        path = reach.path(to)
        ui = U.info(st, uid)
        hq_only = command.hq_only_hexes(st, U.enemy_of(st, ui.side))
        for h in path:
            if h in hq_only:
                command.displace_hqs(st, h, ui.side)  # 10.52
        U.place(st, uid, to)
        U.record(st, uid)["moved_turn"] = st.data["turn"]
        U.rules(st).entered_hexes(st, uid, path)
        case = "5.17" if to in reach.minimum_move else "5.4"
        note = " (provisional terrain cost)" if to in reach.provisional else ""
        st.log(
            f"{ui.name} moves {start}→{'→'.join(path)}, {reach.cost[to]} MP"
            f" ({spent} of {allowance(st, uid)} spent){note}.",
            case=case,
            provisional=True if note else None,
        )
        if _remaining(frame, st, uid) <= 0 or not has_a_move(st, frame, uid):
            self._finish_current(st, frame)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        current = frame["current"]
        rail_note = rail.prompt_note(st, frame, current)
        if frame.get(rail.CLOSING):
            return f"End of the Movement Segment: {rail_note}"
        if current is None:
            return f"Movement Segment: select a unit to move, or end the segment. {rail_note}"
        ui = U.info(st, current)
        left = _remaining(frame, st, current)
        return (
            f"Move {ui.name} ({left} MP left): choose a hex, finish it, or select another unit."
            f" {rail_note}"
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the Movement Segment, with the case that forbids it."""
        kind = action.get("type")
        uid = action.get("unit")
        units = st.data["units"]
        if kind in rail.ACTION_TYPES or frame.get(rail.CLOSING):
            return rail.explain(st, frame, action)
        if kind not in ("select", "move", "finish", "end_segment"):
            return (
                f"{kind!r} is not an action of the Movement Segment"
                " (select, move, finish, end_segment)",
                "5.0",
            )
        if kind == "end_segment":
            return "end_segment takes no other fields", "5.0"
        if not isinstance(uid, str) or uid not in units:
            return f"there is no unit {uid!r}", "5.0"
        ui = U.info(st, uid)
        if ui.side != frame["side"]:
            return f"{ui.name} is not yours to move", "5.11"
        if kind == "select" and uid not in frame["done"] and uid != frame["current"]:
            why = rail.explain_select(st, frame, uid)  # entrained or off the map
            if why is not None:
                return why
        if units[uid]["status"] != "on_map":
            return f"{ui.name} is not on the map", "5.11"
        if uid in frame["done"]:
            return f"{ui.name} has finished moving this phase", "5.0"
        if kind == "move":
            if uid != frame["current"]:
                return "select the unit before moving it", "5.0"
            return rail.explain_move(st, frame, uid) or _why_not_reachable(st, frame, uid, action)
        if kind == "finish":
            return f"{ui.name} is not the unit being moved", "5.0"
        # select
        if uid == frame["current"]:
            return f"{ui.name} is already selected", "5.0"
        if not command.may_move(st, uid) and not rail.can_act(st, frame, uid):
            return f"{ui.name} is out of Command Control: it may not move", "10.4"
        if not can_move(st, uid):
            return f"{ui.name} has no movement allowance", "5.14"
        if not has_a_move(st, frame, uid):
            return (
                f"{ui.name} cannot enter any adjacent hex: Enemy units,"
                " Enemy fortresses or prohibited terrain and hexsides all round",
                "5.13",
            )
        return f"a select action names only the unit: {{'type': 'select', 'unit': {uid!r}}}", "5.0"

    def title(self, st: State, frame: Frame) -> str:
        return "Movement Segment"


def _why_not_reachable(st: State, frame: Frame, uid: str, action: Action) -> tuple[str, str | None]:
    to = action.get("to")
    board = U.static(st).scenario.board
    if not isinstance(to, str) or not board.on_map(to):
        return f"{to!r} is not a hex on this map", "5.0"
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if to == here:
        return f"{ui.name} is already in {here}", "5.0"
    if to in blocked_hexes(st, ui.side):
        return f"{to} holds an Enemy unit or fortress", "5.13"
    table = st.game.scenario.terrain
    terrain = table.terrain.get(board.terrain.get(to, ""))
    if terrain is not None and terrain.move == "prohibited":
        return f"{to} is {terrain.name}: no unit may enter it", "5.4"
    reach = _reach(st, frame, uid)
    if to in reach.cost:
        # 5.12 the move is possible, but not with the path or cost given
        # (an altered or stale action): say what it costs.
        path = "→".join(reach.path(to))
        return (
            f"the move of {ui.name} to {to} costs {reach.cost[to]} MP by {here}→{path};"
            " the action gives another path or cost",
            "5.12",
        )
    if to in board.neighbours[here]:
        for name in sorted(board.features(here, to)):
            side = table.hexside.get(name)
            if side is not None and side.move == "prohibited":
                note = (
                    " (provisional: treated as prohibited)" if side.source == "provisional" else ""
                )
                return (
                    f"the hexside {here}/{to} is a {side.name}{note}: no unit may cross it",
                    "5.4",
                )
    left = _remaining(frame, st, uid)
    anyhow = reachable(st, uid, here, 10**6, fresh=False)
    if to not in anyhow.cost:
        return (
            f"{ui.name} cannot reach {to} at all: prohibited terrain or hexsides"
            " or Enemy units are in the way",
            "5.4",
        )
    return (
        f"{ui.name} cannot reach {to}: it costs {anyhow.cost[to]} MP and"
        f" {left} are left this phase",
        "5.14",
    )


class MovementRules:
    """The variation points of 5.0 (a game's rules class may override them)."""

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """What entering hexes does (control of cities and rail hexes, 9.15)."""
        from greatwar.rules.gwite.victory import passed_through

        passed_through(st, uid, path)
