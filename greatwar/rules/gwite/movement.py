"""5.0 Movement (5.1 restrictions, 5.2 friendly units, 5.4 terrain effects).

The Movement Segment is stepwise: the phasing player selects a unit, then
moves it to any hex it can reach (the cheapest path is shown with the
action), possibly in several legs, and finishes it or selects the next unit.
Each unit moves individually (5.0 procedure); a unit finished is done for
the phase.  Costs come from the Terrain Effects Chart (5.4) plus one for
entering an Enemy-controlled hex (7.21).

The variation points a game's rules override (:class:`MovementRules`):

* the *movement extensions*, actions a unit has besides moving (rail movement,
  5.3, is the standard one; a game adds forced march, Gruppen ...: see
  :mod:`movement_extension`);
* the unit's *movement class*, naming the move table (terrain costs, the cost
  of entering an Enemy zone of control, where its own zone reaches) that prices
  its moves: the standard rules' classes are the TCR columns of the chart;
* whether a unit exerts a zone of control now, and its Movement Allowance;
* hex-by-hex application of a move, for a rule that acts on each hex entered
  (the standard rules move a unit along its whole path at once).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.state import content_key
from greatwar.rules.gwite import command, rail, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import (
    EXTRA_MP,
    MovementExtension,
    blocked_for,
    blocked_hexes,
    mp_left,
)
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.static import build_zoc_reach
from greatwar.rules.reach import Reach as BaseReach

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.rules.gwite.static import MoveCosts

#: the standard rules' movement classes: the TCR columns of the chart (5.4), by TCR
TCR_CLASSES = {tcr: f"tcr{tcr}" for tcr in (1, 2, 3, 4)}


class Reach(BaseReach):
    """Hexes a unit can reach this phase (:class:`greatwar.rules.reach.Reach`), with the
    hexes only the always-one-hex move reaches (5.17)."""

    __slots__ = ("minimum_move",)

    def __init__(self) -> None:
        super().__init__()
        self.minimum_move: set[str] = set()


# The functions below are on the computer players' hot path: they reach the rules
# object directly (``st.game.static.rules``, what ``U.rules`` returns) and loop
# without generators.


def allowance(st: State, uid: str) -> int:
    """The unit's Movement Allowance this phase (the rules': :meth:`MovementRules.allowance`)."""
    return st.game.static.rules.allowance(st, uid)  # type: ignore[no-any-return]


def move_costs(st: State, uid: str) -> MoveCosts:
    """The move table that prices this unit's moves: its movement class's (5.4, 7.21)."""
    return st.game.static.rules.movement_table(st, uid)  # type: ignore[no-any-return]


def planning_zoc(st: State, uid: str) -> frozenset[str]:
    """The Enemy-controlled hexes (7.21) the unit's player moves it with: all of them in
    the standard rules (:meth:`MovementRules.known_enemy_zoc`)."""
    return st.game.static.rules.known_enemy_zoc(st, U.info(st, uid).side)  # type: ignore[no-any-return]


def planning_blocked(st: State, uid: str) -> frozenset[str]:
    """The hexes the unit may not enter as its player knows them: 5.13 (with 10.52's
    exception, :func:`blocked_for`) and any hex he must treat as Enemy-occupied
    (:meth:`MovementRules.phantom_occupied`: none in the standard rules)."""
    blocked = blocked_for(st, uid)
    phantom = st.game.static.rules.phantom_occupied(st, U.info(st, uid).side)
    return blocked | frozenset(phantom) if phantom else blocked


def reachable(st: State, uid: str, start: str, budget: int, fresh: bool) -> Reach:
    """Dijkstra over the move costs of the unit's movement class, with the Enemy zones
    and occupied hexes as the unit's player knows them (:func:`planning_zoc`,
    :func:`planning_blocked`: all of them, and only them, in the standard rules).

    ``fresh``: the unit has expended no movement points this phase, so it
    may always move one hex whatever the cost (5.17).

    The search reads nothing but these: its answer is kept per game on them (the move
    table, the start, the points, ``fresh``, the hexes blocked and the Enemy zones), so a
    unit whose surroundings a Friendly move left as they were, in this state or another
    of the game (a computer player's trials), is not searched again.
    """
    costs = st.game.static.rules.movement_table(st, uid)
    blocked = _frozen(planning_blocked(st, uid))
    enemy_zoc = _frozen(planning_zoc(st, uid))
    kept = st.game.static.bounded("reaches", REACHES_KEPT)
    key = (id(costs), start, budget, fresh, blocked, enemy_zoc)
    found: tuple[MoveCosts, Reach] | None = kept.get(key)
    if found is not None and found[0] is costs:  # (the table itself, not one at its address)
        return found[1]
    reach = reach_over(costs, start, budget, fresh, blocked, enemy_zoc)
    kept.put(key, (costs, reach))
    return reach


#: how many searches :func:`reachable` keeps per game (the oldest go first)
REACHES_KEPT = 256


def _frozen(hexes: Iterable[str]) -> frozenset[str]:
    """``hexes`` as a frozenset (a game's hook may answer with a set)."""
    return hexes if isinstance(hexes, frozenset) else frozenset(hexes)


def reach_over(
    costs: MoveCosts,
    start: str,
    budget: int,
    fresh: bool,
    blocked: frozenset[str],
    enemy_zoc: frozenset[str],
) -> Reach:
    """:func:`reachable` over a move table, given the hexes no move may enter and the
    Enemy-controlled hexes (7.21); a game's own movers use it too (Hindenburg 18.24: a
    Gruppe marker)."""
    known = costs._steps  # (each hex's steps, built on first use: costs.steps)
    steps = costs.steps
    zoc_cost = costs.zoc_cost
    last = budget - costs.least()  # (no step on from a hex reached with more spent)
    reach = Reach()
    # 5.4 (provisional entries): paths are ranked by cost, then by whether a
    # provisional chart entry priced them, so that a move is flagged
    # provisional only when no path of printed costs is as cheap.  Both in one
    # integer: twice the cost, plus one if provisional.
    best: dict[str, int] = {start: 0}
    prev = reach.prev
    _settle(known, steps, zoc_cost, start, budget, last, blocked, enemy_zoc, best, prev)
    del best[start]
    reach.cost = {h: r >> 1 for h, r in best.items()}
    reach.provisional = {h for h, r in best.items() if r & 1}
    if fresh:
        # 5.17 a unit that has spent nothing may always move at least one hex
        for there, _cost, priced in steps(start):
            if there not in blocked and there not in reach.cost:
                reach.cost[there] = budget
                reach.prev[there] = start
                reach.minimum_move.add(there)
                if priced:
                    reach.provisional.add(there)
    return reach


_Steps = dict[str, tuple[tuple[str, int, bool], ...]]


def _settle(
    known: _Steps,
    steps: Callable[[str], tuple[tuple[str, int, bool], ...]],
    zoc_cost: int,
    start: str,
    budget: int,
    last: int,
    blocked: frozenset[str],
    enemy_zoc: frozenset[str],
    best: dict[str, int],
    prev: dict[str, str],
) -> None:
    """:func:`reach_over`'s search: Dijkstra's, the hexes settled by rank (twice the cost,
    plus one if provisional), those of one rank in their labels' order, each hex's path
    the first found at its least rank.  One bucket a rank, each a heap of labels (Dial's
    algorithm: ranks are small integers, so no heap of all the hexes; a step of no cost
    puts a hex in the bucket being taken, and its heap keeps the labels' order)."""
    buckets: list[list[str]] = [[] for _ in range(2 * min(max(budget, 0), RANKS_MADE) + 2)]
    buckets[0].append(start)
    pop, push = heapq.heappop, heapq.heappush
    for rank, bucket in enumerate(buckets):  # (the list may grow as it is read)
        if not bucket:
            continue
        spent, prov = rank >> 1, rank & 1
        if spent > last:
            return  # (every later bucket has spent as much or more)
        while bucket:
            here = pop(bucket)
            if rank > best[here]:
                continue  # (found cheaper since)
            row = known.get(here)
            for there, cost, priced in steps(here) if row is None else row:
                if there in blocked:
                    continue
                total = spent + cost  # 7.21 plus the Enemy zone's cost
                if there in enemy_zoc:
                    total += zoc_cost
                if total > budget:
                    continue
                key = total * 2 + (prov or priced)
                found = best.get(there)
                if found is None or key < found:
                    best[there] = key
                    prev[there] = here
                    if key >= len(buckets):  # (a search with no limit: the list grows)
                        buckets.extend([] for _ in range(key + 1 - len(buckets)))
                    push(buckets[key], there)


#: the points a search makes buckets for at once (two a point); one with more (the search
#: for why a hex is out of reach has no limit) adds them as it reaches them
RANKS_MADE = 64


# --- the Movement Segment ------------------------------------------------------


def extensions(st: State) -> tuple[MovementExtension, ...]:
    """The game's movement extensions, in the order its rules list them (asked once a
    game)."""
    stat = st.game.static
    exts: tuple[MovementExtension, ...] | None = stat.movement_extensions
    if exts is None:
        exts = stat.movement_extensions = stat.rules.movement_extensions(st)
    return exts


def can_move(st: State, uid: str) -> bool:
    """May this unit make normal moves in this Movement Segment?"""
    return _may_move(st, uid, st.game.static.rules.allowance(st, uid))


def _may_move(st: State, uid: str, allowance: int) -> bool:
    """:func:`can_move` given the unit's allowance: not when out of Command Control
    (10.4, 5.17), nor while an extension holds it (5.33: an entrained unit moves by rail
    until it detrains)."""
    if allowance <= 0 or not command.may_move(st, uid):
        return False
    for ext in extensions(st):  # noqa: SIM110 (hot path: no generator)
        if ext.holds(st, uid):
            return False
    return True


def _moves_on(st: State, frame: Frame, uid: str) -> bool:
    """Whether the unit may and can make a normal move now (:func:`can_move` and
    :func:`has_a_move`, the allowance found once)."""
    allowance: int = st.game.static.rules.allowance(st, uid)
    return _may_move(st, uid, allowance) and _has_a_step(st, frame, uid, allowance)


#: the rules' hooks :func:`_moves_on` reads through, with the standard rules' own
#: methods (:func:`standard_movers`)
_MOVER_HOOKS = (
    "movement_refusal",
    "allowance",
    "allowance_base",
    "supply_halves_movement",
    "movement_class",
    "movement_table",
    "pass_through_hexes",
    "phantom_occupied",
    "known_enemy_zoc",
    "exerts_zoc",
    "movement_extensions",
)


def standard_movers(st: State) -> bool:
    """Whether the game moves its units by the standard rules' hooks alone (none of
    :data:`_MOVER_HOOKS` overridden, rail movement its only extension): then whether a
    unit may move on reads only its own record and place in the segment and the Enemy's
    units (:meth:`MovementSegment._movable_standard`).  Asked once a game."""
    stat = st.game.static
    found: bool | None = stat.derived.get("standard-movers")
    if found is None:
        from greatwar.rules.gwite.supply import SupplyRules

        kind = type(stat.rules)
        found = extensions(st) == STANDARD_EXTENSIONS and all(
            getattr(kind, name)
            is getattr(SupplyRules if name == "supply_halves_movement" else MovementRules, name)
            for name in _MOVER_HOOKS
        )
        stat.derived["standard-movers"] = found
    return found


def _can_act(st: State, frame: Frame, uid: str) -> bool:
    """Whether the unit has an action of some movement extension now."""
    for ext in extensions(st):  # noqa: SIM110 (hot path: no generator)
        if ext.can_act(st, frame, uid):
            return True
    return False


def _extra(frame: Frame, uid: str) -> int:
    """Movement Points an extension added to the unit's allowance this phase."""
    extra = frame.get(EXTRA_MP)
    return extra.get(uid, 0) if extra else 0


def phase_allowance(st: State, frame: Frame, uid: str) -> int:
    """The unit's Movement Allowance in this Movement Segment, with any Movement Points
    an extension added (a forced march)."""
    return allowance(st, uid) + _extra(frame, uid)


def _reach(st: State, frame: Frame, uid: str) -> Reach:
    key = ("reach", uid, U.revision(st), frame["spent"].get(uid, 0), _extra(frame, uid))
    return st.memo(  # type: ignore[no-any-return]
        key,
        lambda: reachable(
            st,
            uid,
            U.record(st, uid)["hex"],
            mp_left(st, frame, uid),
            uid not in frame["spent"],
        ),
    )


def has_a_move(st: State, frame: Frame, uid: str) -> bool:
    """Whether the unit can enter at least one adjacent hex (the first step of any move)."""
    return _has_a_step(st, frame, uid, st.game.static.rules.allowance(st, uid))


def _has_a_step(st: State, frame: Frame, uid: str, allowance: int) -> bool:
    """:func:`has_a_move` given the unit's allowance."""
    stat = st.game.static
    rules = stat.rules
    costs = rules.movement_table(st, uid)
    blocked = blocked_for(st, uid)
    side = stat.units[uid].side
    phantom = rules.phantom_occupied(st, side)  # (planning_blocked, without the union)
    spent = frame["spent"]
    fresh = uid not in spent
    left = allowance - spent.get(uid, 0) + _extra(frame, uid)
    zoc_cost = costs.zoc_cost
    enemy_zoc: frozenset[str] | None = None  # (planning_zoc, asked only if needed)
    for there, cost in costs.enter[st.data["units"][uid]["hex"]].items():
        if there in blocked or there in phantom:
            continue
        if fresh:
            return True  # 5.17 a fresh unit may always move one hex
        if enemy_zoc is None:
            enemy_zoc = rules.known_enemy_zoc(st, side)
        if cost + (zoc_cost if there in enemy_zoc else 0) <= left:
            return True
    return False


#: :func:`_verdict`'s answers: the unit may make a normal move; it may not, but its record
#: leaves it a rail action to ask about (:func:`rail.may_ride`); neither
MOVES_ON, MAY_RIDE, STAYS = "moves on", "may ride", "stays"


def _verdict(st: State, frame: Frame, uid: str) -> str:
    """Whether the unit moves on (:func:`_moves_on`), else whether its record leaves it
    a rail action (the standard rules' one extension, :func:`standard_movers`)."""
    if _moves_on(st, frame, uid):
        return MOVES_ON
    return MAY_RIDE if rail.may_ride(st, uid) else STAYS


def _keyed_verdict(st: State, frame: Frame, uid: str, rest: tuple[Any, ...]) -> str:
    """:func:`_verdict`, memoised on the unit's record (place, status, steps lost,
    markers) and ``rest``: the Enemy side's revision, the Game-Turn, what the unit has
    spent and been given this phase (:meth:`MovementSegment._movable_standard`)."""
    u = st.data["units"][uid]
    key = ("moves on", uid, u["hex"], u["status"], u["lost"], tuple(u["markers"]), *rest)
    verdict: str | None = st.recall(key)
    if verdict is None:
        verdict = _verdict(st, frame, uid)
        st.remember(key, verdict)
    return verdict


class _Verdicts(NamedTuple):
    """The verdicts :meth:`MovementSegment._movable_standard` found last, by unit, and
    what they were found with: each side's count of changes, the Enemy side's revision,
    the Game-Turn, and what each unit had spent and been given this phase (copies)."""

    counts: tuple[tuple[str, int], ...]
    enemy_rev: int
    turn: int
    spent: dict[str, Any]
    extra: dict[str, Any]
    verdicts: dict[str, str]


def _changed_entries(then: dict[str, Any], now: dict[str, Any]) -> set[str]:
    """The keys whose values differ between two dicts (one missing in either counts)."""
    if then == now:
        return set()
    return {k for k in then.keys() | now.keys() if then.get(k) != now.get(k)}


#: the frame's entries what a unit may do never reads (:meth:`MovementSegment.movable`)
_NOT_READ = ("current", "done")


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
        for ext in extensions(st):
            ext.setup(st, frame)

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]]

    def movable(self, st: State, frame: Frame) -> list[str]:
        """Units that may be selected: memoised on everything it depends on (units and
        markers through the revisions, the frame's record of what has moved), not on
        which unit is selected."""
        rest = {k: v for k, v in frame.items() if k not in _NOT_READ}
        base = (U.revision(st), st.data["turn"], content_key(rest))
        done = tuple(frame["done"])
        key = ("movable", base, done)
        found: list[str] | None = st.recall(key)
        if found is None:
            found = self._movable_after(st, frame, base, done)
            st.remember(key, found)
        return found

    def _movable_after(
        self, st: State, frame: Frame, base: tuple[object, ...], done: tuple[str, ...]
    ) -> list[str]:
        """:meth:`_movable`, or the list found last with the same ``base`` less the units
        finished since (what a unit may do reads neither ``done`` nor ``current``: a unit
        finished changes nothing else the list depends on)."""
        last_key = ("movable_last", base)
        last = st.recall(last_key)
        finished = set(done)
        if last is not None and finished.issuperset(last[0]):
            found = [uid for uid in last[1] if uid not in finished]
        else:
            found = self._movable(st, frame)
        st.remember(last_key, (done, found))
        return found

    def _movable(self, st: State, frame: Frame) -> list[str]:
        done = set(frame["done"])
        side = frame["side"]
        candidates = U.on_map(st, side)
        for ext in extensions(st):
            candidates.extend(ext.extra_units(st, side))  # 5.38 units off the map, by rail
        rules = st.game.static.rules
        if standard_movers(st):
            return self._movable_standard(st, frame, candidates, done)
        return [
            uid
            for uid in candidates
            if uid not in done
            and rules.movement_refusal(st, uid) is None
            and (_moves_on(st, frame, uid) or _can_act(st, frame, uid))
        ]

    def _movable_standard(
        self, st: State, frame: Frame, candidates: list[str], done: set[str]
    ) -> list[str]:
        """:meth:`_movable` in a game of :func:`standard_movers` (no unit refused by the
        rules): each candidate's :func:`_verdict` is memoised on all it reads: the unit's
        record (place, status, steps lost, markers: out of supply 9.21, of command 10.4,
        entrained 5.33), what it has spent and been given this phase, the Game-Turn and
        the Enemy's units (their hexes and fortresses 5.13, HQs alone 10.52, zones 7.21:
        through the Enemy side's revision, as those tables are keyed).  The verdicts found
        last stand for the units not changed since (their records unchanged, as they
        are noted: :func:`pieces.changed_between`; what they have spent and been given
        unchanged, :func:`_changed_entries`) while the rest is as it was, so only the
        changed units are asked again.  Whether a unit whose record leaves it a rail
        action has one (:func:`_can_act`) is asked afresh."""
        data = st.data
        side = frame["side"]
        enemy_rev = data["rev"][st.game.static.enemy[side]]
        turn = data["turn"]
        spent = frame["spent"]
        extra = frame.get(EXTRA_MP) or {}
        slot = ("moves on, last", side)
        last: _Verdicts | None = st.recall(slot)
        before: dict[str, str] = {}  # (none kept: every unit asked)
        again: set[str] = set()
        if last is not None and last.enemy_rev == enemy_rev and last.turn == turn:
            changed = U.changed_between(st, last.counts)
            if changed is not None:
                before = last.verdicts
                again = changed | _changed_entries(last.spent, spent)
                again |= _changed_entries(last.extra, extra)
        verdicts: dict[str, str] = {}
        found: list[str] = []
        for uid in candidates:
            if uid in done:
                continue  # (its verdict is not kept: asked afresh once it may move again)
            verdict = None if uid in again else before.get(uid)
            if verdict is None:
                key = (enemy_rev, turn, spent.get(uid), extra.get(uid, 0))
                verdict = _keyed_verdict(st, frame, uid, key)
            verdicts[uid] = verdict
            if verdict == MOVES_ON or (verdict == MAY_RIDE and _can_act(st, frame, uid)):
                found.append(uid)
        kept = _Verdicts(U.counts(st), enemy_rev, turn, dict(spent), dict(extra), verdicts)
        st.remember(slot, kept)
        return found

    def _closing(self, st: State, frame: Frame) -> MovementExtension | None:
        """The extension holding the ending segment open (5.31), if any."""
        for ext in extensions(st):
            if ext.closing(st, frame):
                return ext
        return None

    def _owner(self, st: State, kind: object) -> MovementExtension | None:
        """The extension whose action type ``kind`` is, if any."""
        if not isinstance(kind, str):
            return None
        for ext in extensions(st):
            if kind in ext.action_types:
                return ext
        return None

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        closing = self._closing(st, frame)
        if closing is not None:
            return closing.closing_actions(st, frame)  # 5.31 detrain before the segment ends
        actions: list[Action] = []
        current = frame["current"]
        if current is not None:
            reach = _reach(st, frame, current) if can_move(st, current) else Reach()
            no_stop = st.game.static.rules.pass_through_hexes(st, current)
            paths = reach.paths()
            costs, minimum, provisional = reach.cost, reach.minimum_move, reach.provisional
            for to in sorted(costs):
                if no_stop and to in no_stop:
                    continue  # passed through, never stopped in (17.32 a monitor's hex)
                action: Action = {
                    "type": "move",
                    "unit": current,
                    "to": to,
                    "path": paths[to],
                    "cost": costs[to],
                }
                if minimum and to in minimum:
                    action["case"] = "5.17"
                if provisional and to in provisional:
                    action["provisional"] = True
                actions.append(action)
            for ext in extensions(st):
                actions.extend(ext.actions(st, frame, current))
            actions.append({"type": "finish", "unit": current})
        for uid in self.movable(st, frame):
            if uid != current:
                actions.append({"type": "select", "unit": uid})
        for ext in extensions(st):
            actions.extend(ext.segment_actions(st, frame))  # whichever unit is selected
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
        elif kind == "end_segment":
            self._finish_current(st, frame)
            self._end_segment(st, frame)
        else:
            owner = self._owner(st, kind)
            assert owner is not None, kind  # a legal action: the segment's or an extension's
            owner.apply(st, frame, action)
            if self._closing(st, frame) is not None:
                self._end_segment(st, frame)
            elif (
                frame["current"] is not None  # (a segment action may name no unit)
                and action.get("unit") == frame["current"]
                and not self._can_go_on(st, frame, action["unit"])
            ):
                self._finish_current(st, frame)  # (an action on another unit leaves it be)

    def _end_segment(self, st: State, frame: Frame) -> None:
        exts = extensions(st)
        for ext in exts:
            if ext.holds_open(st, frame):
                return  # 5.31 units over the Rail Capacity detrain first
        for ext in exts:
            ext.close(st, frame)
        st.log(f"{side_name(st, frame['side'])} ends the Movement Segment.", case="4.0")
        st.pop()
        command.end_movement_segment(st, frame["side"])  # 4.0 A.d markers off; 10.52

    def _can_go_on(self, st: State, frame: Frame, uid: str) -> bool:
        """Whether the unit being moved has any move left (else it is finished)."""
        if U.record(st, uid)["status"] == "eliminated":
            return False  # removed by what it tried (a game's failed entrain roll)
        return _moves_on(st, frame, uid) or _can_act(st, frame, uid)

    def _finish_current(self, st: State, frame: Frame) -> None:
        current = frame["current"]
        if current is not None:
            frame["done"].append(current)
            frame["current"] = None
            for ext in extensions(st):
                ext.finished(st, frame, current)

    def _move(self, st: State, frame: Frame, action: Action) -> None:
        uid = action["unit"]
        reach = _reach(st, frame, uid)
        start = U.record(st, uid)["hex"]
        before = frame["spent"].get(uid, 0)
        path = reach.path(action["to"])
        rules = U.rules(st)
        halted = False
        if rules.hex_by_hex(st, uid):
            path, stopped, halted = _walk(st, frame, uid, path, reach, before)
            if not path:
                return  # halted before its first hex: it has not moved (the rules said why)
        else:
            stopped = False
            _displace_hqs(st, uid, path)
            U.place(st, uid, path[-1])
        to = path[-1]
        spent = before + reach.cost[to]
        frame["spent"][uid] = spent
        U.record(st, uid)["moved_turn"] = st.data["turn"]
        rules.entered_hexes(st, uid, path)
        ui = U.info(st, uid)
        case = "5.17" if to in reach.minimum_move else "5.4"
        note = " (provisional terrain cost)" if to in reach.provisional else ""
        st.log(
            f"{ui.name} moves {start}→{'→'.join(path)}, {reach.cost[to]} MP"
            f" ({spent} of {phase_allowance(st, frame, uid)} spent){note}"
            f"{'; the move stops there' if stopped else ''}"
            f"{'; the move halts there' if halted else ''}.",
            case=case,
            provisional=True if note else None,
        )
        if (
            stopped
            or U.record(st, uid)["status"] != "on_map"
            or mp_left(st, frame, uid) <= 0
            or not has_a_move(st, frame, uid)
        ):
            self._finish_current(st, frame)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        current = frame["current"]
        closing = self._closing(st, frame)
        if closing is not None:
            return f"End of the Movement Segment: {closing.prompt_note(st, frame, current)}"
        notes = " ".join(
            note for ext in extensions(st) if (note := ext.prompt_note(st, frame, current))
        )
        if current is None:
            return f"Movement Segment: select a unit to move, or end the segment. {notes}"
        ui = U.info(st, current)
        left = mp_left(st, frame, current)
        return (
            f"Move {ui.name} ({left} MP left): choose a hex, finish it, or select another unit."
            f" {notes}"
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the Movement Segment, with the case that forbids it."""
        kind = action.get("type")
        uid = action.get("unit")
        units = st.data["units"]
        closing = self._closing(st, frame)
        owner = closing or self._owner(st, kind)
        if (
            closing is None
            and (owner is None or owner.moves_units)
            and isinstance(uid, str)
            and uid in units
            and U.info(st, uid).side == frame["side"]
        ):
            why: tuple[str, str | None] | None = U.rules(st).movement_refusal(st, uid)
            if why is not None:
                return why  # a game's rule keeps the unit still this phase (Brusilov 18.1)
        if owner is not None:
            return owner.explain(st, frame, action)
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
            for ext in extensions(st):
                why = ext.explain_select(st, frame, uid)  # 5.3 entrained or off the map
                if why is not None:
                    return why
        if units[uid]["status"] != "on_map":
            return f"{ui.name} is not on the map", "5.11"
        if uid in frame["done"]:
            return f"{ui.name} has finished moving this phase", "5.0"
        if kind == "move":
            if uid != frame["current"]:
                return "select the unit before moving it", "5.0"
            for ext in extensions(st):
                why = ext.explain_move(st, frame, uid)  # 5.3 entrained or off the map
                if why is not None:
                    return why
            return _why_not_reachable(st, frame, uid, action)
        if kind == "finish":
            return f"{ui.name} is not the unit being moved", "5.0"
        # select
        if uid == frame["current"]:
            return f"{ui.name} is already selected", "5.0"
        if not command.may_move(st, uid) and not _can_act(st, frame, uid):
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


def substitute_units(
    st: State,
    frame: Frame,
    out_ids: list[str],
    in_ids: list[str],
    hex_label: str,
    case: str,
    *,
    lost: dict[str, int] | None = None,
    why: str = "",
) -> None:
    """Units substitute on the map for others in the Movement Segment (R12,
    :func:`greatwar.rules.gwite.units.substitute`), the segment carrying over what it
    remembers of them so that no move is gained by the swap: each newcomer has left the
    fewest Movement Points any of the replaced units had (5.14), never more than its own
    allowance; it has finished moving if any of them had; a single newcomer becomes the
    unit being moved if one of them was.  Each movement extension carries its own locals
    (rail hexes entered, 5.33)."""
    lefts = [mp_left(st, frame, uid) for uid in out_ids]
    fresh = all(uid not in frame["spent"] for uid in out_ids)
    extra = min(_extra(frame, uid) for uid in out_ids)
    done = any(uid in frame["done"] for uid in out_ids)
    was_current = frame["current"] in out_ids
    for uid in out_ids:
        _forget(frame, uid)
    U.substitute(st, out_ids, in_ids, hex_label, case, lost=lost, why=why)
    for uid in in_ids:
        full = allowance(st, uid) + extra
        spent = full - min(min(lefts), full)
        if spent or not fresh:
            frame["spent"][uid] = spent
        if extra:
            frame.setdefault(EXTRA_MP, {})[uid] = extra
        if done:
            frame["done"].append(uid)
    if was_current:
        frame["current"] = in_ids[0] if len(in_ids) == 1 and not done else None
    for ext in extensions(st):
        ext.substituted(st, frame, out_ids, in_ids)


def _forget(frame: Frame, uid: str) -> None:
    """The segment's record of a unit leaving the map by substitution."""
    frame["spent"].pop(uid, None)
    if uid in frame["done"]:
        frame["done"].remove(uid)
    if frame.get(EXTRA_MP):
        frame[EXTRA_MP].pop(uid, None)


def _displace_hqs(st: State, uid: str, path: list[str]) -> None:
    """10.52 Enemy HQs alone in a hex the unit enters are displaced."""
    side = U.info(st, uid).side
    hq_only = command.hq_only_hexes(st, U.enemy_of(st, side))
    for h in path:
        if h in hq_only:
            command.displace_hqs(st, h, side)


def _walk(
    st: State, frame: Frame, uid: str, path: list[str], reach: Reach, before: int
) -> tuple[list[str], bool, bool]:
    """Apply a move hex by hex: before each hex of ``path`` the rules may halt the move
    (:meth:`MovementRules.halts_before`: the unit stays where it is, not finished); then
    the unit enters it and the rules hear of it (:meth:`MovementRules.hex_entered`),
    which may stop the move there (or remove the unit).  Returns the hexes entered
    (empty: halted before the first), whether the move was stopped and whether it was
    halted.  What the rules log on the way comes before the log entry of the move."""
    rules = U.rules(st)
    for n, h in enumerate(path):
        if rules.halts_before(st, frame, uid, h):
            return path[:n], False, True
        _displace_hqs(st, uid, [h])
        U.place(st, uid, h)
        goes_on = rules.hex_entered(st, frame, uid, h, before + reach.cost[h])
        if not goes_on or U.record(st, uid)["status"] != "on_map":
            return path[: n + 1], n + 1 < len(path) or not goes_on, False
    return path, False, False


def _why_not_reachable(st: State, frame: Frame, uid: str, action: Action) -> tuple[str, str | None]:
    to = action.get("to")
    board = U.static(st).scenario.board
    if not isinstance(to, str) or not board.on_map(to):
        return f"{to!r} is not a hex on this map", "5.0"
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if to == here:
        return f"{ui.name} is already in {here}", "5.0"
    phantom = U.rules(st).phantom_occupied(st, ui.side)
    if to in phantom:
        return phantom[to]  # type: ignore[no-any-return]  # before any reason he cannot see
    no_stop = U.rules(st).pass_through_hexes(st, uid)
    if to in blocked_hexes(st, ui.side) and to not in no_stop:
        return f"{to} holds an Enemy unit or fortress", "5.13"
    table = st.game.scenario.terrain
    terrain = table.terrain.get(board.terrain.get(to, ""))
    on_water = U.rules(st).moves_on_water(st.game.scenario, uid)
    if terrain is not None and terrain.move == "prohibited" and not on_water:
        return f"{to} is {terrain.name}: no unit may enter it", "5.4"
    why = U.rules(st).terrain_refusal(st, uid, to)
    if why is not None:
        return why  # type: ignore[no-any-return]
    if to in no_stop:
        return no_stop[to]  # type: ignore[no-any-return]  # passed through, never entered
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
    left = mp_left(st, frame, uid)
    anyhow = reachable(st, uid, here, 10**6, fresh=False)
    if to not in anyhow.cost:
        return (
            f"{ui.name} cannot reach {to} at all: prohibited terrain or hexsides"
            " or Enemy units are in the way",
            "5.4",
        )
    reduced = U.rules(st).allowance_note(st, uid)
    if reduced is not None:
        why, case = reduced
        return (
            f"{ui.name} cannot reach {to}: it costs {anyhow.cost[to]} MP and"
            f" {left} are left this phase ({why})",
            case,
        )
    return (
        f"{ui.name} cannot reach {to}: it costs {anyhow.cost[to]} MP and"
        f" {left} are left this phase",
        "5.14",
    )


class MovementRules:
    """The variation points of 5.0 (a game's rules class may override them)."""

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """What units may do in the Movement Segment besides moving, in this order: the
        standard rules' is Railroad Movement (5.3); a game adds its own after it.  Asked
        once a game (:func:`extensions`)."""
        return STANDARD_EXTENSIONS

    def movement_class(self, st: State, uid: str) -> str:
        """The name of the move table that prices the unit's moves: in the standard rules
        its TCR's column of the Terrain Effects Chart (5.4), ``"tcr1"`` .. ``"tcr4"``.  A
        game names its own classes (by unit type, side ...) and builds their tables in
        :meth:`build_movement_table`.  Asked once per unit and game (a unit's class
        comes with its counter); a game whose units change class overrides
        :meth:`movement_table`."""
        return TCR_CLASSES[st.game.static.units[uid].tcr]

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        """Build the move table of a movement class (once per game): the standard
        classes are the chart's TCR columns, with the 7.21 cost and the 7.11 reach."""
        if not name.startswith("tcr"):
            raise KeyError(f"no movement class {name!r} in the standard rules")
        return U.static(st).column(int(name[3:]))  # type: ignore[no-any-return]

    def movement_table(self, st: State, uid: str) -> MoveCosts:
        """The move table of the unit's movement class, built on first use and memoised
        per unit (a hot path: a game overrides :meth:`movement_class` and
        :meth:`build_movement_table`, and this only if its units change class)."""
        stat = st.game.static
        table = stat.unit_tables.get(uid)
        if table is None:
            name = self.movement_class(st, uid)
            table = stat.movement_tables.get(name)
            if table is None:
                table = stat.movement_tables[name] = self.build_movement_table(st, name)
            stat.unit_tables[uid] = table
        return table  # type: ignore[no-any-return]

    def build_zoc_reach(self, scenario: Scenario) -> dict[str, tuple[str, ...]]:
        """Where a zone of control reaches from each hex (7.11), for the standard movement
        classes and the fortresses (7.0; once per game): the six adjacent hexes, not
        across prohibited hexsides (Caporetto 7.1: nor across ridges or between trench
        lines)."""
        return build_zoc_reach(scenario)

    def exerts_zoc(self, st: State, uid: str) -> bool:
        """Whether the unit has a zone of control now (:func:`zoc.controlled_by`).  It may
        depend only on the records of the unit's side (zones are memoised on them)."""
        ui = st.game.static.units[uid]
        if ui.hq or ui.type == "supply_depot":
            return False  # 7.26 HQ units and supply depots never exert one
        # 5.36 entrained units have none (the marker arrives with rail movement)
        return rail.ENTRAINED not in st.data["units"][uid]["markers"]

    def allowance(self, st: State, uid: str) -> int:
        """The unit's Movement Allowance this phase: its base (:meth:`allowance_base`),
        halved, rounded down but never below one, when it was found out of supply in the
        Initial Supply Segment (9.21)."""
        base = self.allowance_base(st, uid)
        if supply.movement_halved(st, uid):
            return max(1, base // 2)
        return base

    def allowance_base(self, st: State, uid: str) -> int:
        """The unit's Movement Allowance before this phase's halving for supply: the
        printed one in the standard rules (Hindenburg 16.31 depletion reduces it)."""
        return U.movement_allowance(st, uid)

    def allowance_note(self, st: State, uid: str) -> tuple[str, str] | None:
        """Why the unit's Movement Allowance is not its printed one by a game's rule (our
        words, the case), named when a move beyond it is refused; None in the standard
        rules (Hindenburg 16.31 depletion)."""
        return None

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """Why the phasing player may not move this unit at all in this Movement Segment
        (normally or by any movement extension), with the case; None: he may.  None in the
        standard rules (Brusilov 18.1: only Russian HQs move on the surprise turn)."""
        return None

    def moves_on_water(self, scenario: Scenario, uid: str) -> bool:
        """Whether the unit moves on terrain the chart prohibits to all (sea, lagoon) by
        its own movement class, and may set up there: its refusals are then its rules'
        (:meth:`terrain_refusal`).  None in the standard rules (Caporetto 17.31: the
        monitor)."""
        return False

    def pass_through_hexes(self, st: State, uid: str) -> dict[str, tuple[str, str]]:
        """Enemy-occupied hexes the unit may move through, though never end a move in
        (5.13 bars them otherwise), each with the refusal of a move ending there (reason,
        case): none in the standard rules (Caporetto 17.32: the monitor's hex to Enemy
        land units, and theirs to it)."""
        return {}

    def terrain_refusal(self, st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
        """Why this unit may never enter ``hex_label`` (a game's rule its move table
        applies; the refusal names the case), or None.  None in the standard rules, whose
        prohibited terrain bars every unit (Brusilov 24.41: the armored car, mountains)."""
        return None

    def move_risk(self, st: State, frame: Frame, uid: str, path: list[str]) -> float:
        """The chance that moving ``uid`` along ``path`` (the hexes it enters, from where
        it stands) costs it the unit, for the computer players to weigh a move; none in
        the standard rules (Brusilov 23.52: reduced Austro-Hungarian units' rolls)."""
        return 0.0

    def known_enemy_zoc(self, st: State, side: str) -> frozenset[str]:
        """The Enemy-controlled hexes (7.21) ``side``'s player knows of, which price and
        bound his units' offered moves (normal and rail): all of them in the standard
        rules (Hindenburg 18.0: not those of Gruppen he has not seen to be real).  A move
        is then walked hex by hex against the truth (:meth:`halts_before`)."""
        return zoc.enemy_controlled(st, side)

    def phantom_occupied(self, st: State, side: str) -> dict[str, tuple[str, str]]:
        """Hexes ``side``'s player must treat as Enemy-occupied though they may hold no
        Enemy unit, each with the refusal of a move into it (reason, case): none in the
        standard rules (Hindenburg 18.0: the hexes of Gruppen markers)."""
        return {}

    def halts_before(self, st: State, frame: Frame, uid: str, hex_label: str) -> bool:
        """A unit moved hex by hex (:meth:`hex_by_hex`) is about to enter ``hex_label``:
        True halts its move in the hex it stands in, having paid only for the hexes it
        entered; it has not finished moving (what its player did not know stopped it:
        Hindenburg 18.0, a hidden Zone of Control).  Never in the standard rules."""
        return False

    def hex_by_hex(self, st: State, uid: str) -> bool:
        """Whether the unit's moves are applied one hex at a time, the rules hearing of
        each hex it enters (:meth:`hex_entered`).  Not in the standard rules."""
        return False

    def hex_entered(self, st: State, frame: Frame, uid: str, hex_label: str, spent: int) -> bool:
        """A unit moved hex by hex has entered ``hex_label``, having spent ``spent``
        Movement Points this phase: False stops its move there (it has finished moving).
        The unit may also be removed (eliminated), which ends the move."""
        return True

    def unit_placed(self, st: State, uid: str, hex_label: str) -> None:
        """A unit has just been put in ``hex_label`` by any rule (a move, rail movement, a
        retreat, an advance, a displacement, an arrival): nothing in the standard rules
        (Caporetto 21.11: Rommel is always stacked with the Alpenkorps division)."""

    def entered_hexes(self, st: State, uid: str, path: list[str]) -> None:
        """What entering hexes does (control of cities and rail hexes, 9.15)."""
        from greatwar.rules.gwite.victory import passed_through

        passed_through(st, uid, path)


#: the standard rules' movement extensions (5.3)
STANDARD_EXTENSIONS: tuple[MovementExtension, ...] = (rail.RAIL_MOVEMENT,)
