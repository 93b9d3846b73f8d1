"""5.3 Railroad Movement, with off-map rail movement (5.37, 5.38).

In the Movement Segment the selected unit may, besides moving normally
(rail movement is the standard rules' movement extension, :data:`RAIL_MOVEMENT`,
whose methods call :func:`can_act`, :func:`actions`, :func:`apply`,
:func:`explain` ...):

* ``entrain`` (5.32) in a hex of a Friendly railroad line that is not
  Enemy-controlled (TCR 1 units: even if it is), paying Movement Points equal
  to its TCR, when it is in supply and in Command Control; it gets the
  ``entrained`` marker;
* ``rail_move`` (5.33) along consecutive hexes of Friendly rail lines, one
  action per reachable hex with its path, never into an Enemy-controlled hex
  or a hex last occupied by an Enemy unit, up to the Railroad Movement Rate
  (hexes per Movement Phase, in one leg or several);
* ``detrain`` (5.34) at no cost, then move on normally with the Movement
  Points it has left;
* ``off_map`` (5.37) from a Friendly rail map-exit hex joined to another by an
  off-map link of the map, and ``reenter`` at the other end once the link's
  Movement Points are paid; a unit may stay off the map, carrying the Movement
  Points it has paid into the next Game-Turn (5.38).

Rail Capacity (5.31): the stacking points of the units that move by rail in a
Movement Segment, or remain entrained at its end, or are off the map (5.38),
HQs free.  It is counted as play goes: a unit counts while it is entrained or
once it has moved by rail this Player-Turn (the ``moved_by_rail`` marker,
which also bars it from attacking unless rated TCR 1, 5.34).  A unit may
entrain only when its stacking points fit what is left, and may make its
first rail move of the phase only when they fit beside the units already
moved.  If, when the player ends the segment, more remain entrained than the
capacity allows (units entrained before this phase), he detrains units of his
choice first.

Friendly railroad lines (5.32 "as defined in the Exclusive rules") are, in
the standard rules, the rail hexes in a country of the unit's
``parameters.friendly_countries`` (its nationality's, else its side's,
:meth:`RailRules.friendly_countries`) that were not last occupied by an Enemy
unit: :func:`friendly_rail_hex`, the one definition supply uses too (9.15).

What the exclusive rules vary (R6, :class:`RailRules`): Rail Capacity and
Railroad Movement Rate by side or nationality and by Game-Turn (data); track
limits, the stacking points that may cross a hexside on one line in a
Movement Phase (:meth:`RailRules.track_limit_case`, counted in the segment's
``track_used``, only while a game's limits apply); a die roll to entrain
(:meth:`RailRules.entrain_roll`), a failed attempt's stacking points charged
for the Player-Turn all the same (``state.data["rail_charged"]``, written only
then); a hex usable only from the Game-Turn after it became Friendly
(:meth:`RailRules.control_wait_case`); who holds a rail hex, and which entries
change it (:meth:`RailRules.rail_owner`, :meth:`RailRules.usable_control`,
:meth:`RailRules.rail_hexes_entered`: Hindenburg 17.5 keeps its own record).

Choices made where the rules are silent (each also where it is coded):

* In supply to entrain (5.32) means as found in this Movement Phase's Initial
  Supply Segment, which decides supply "for movement purposes" (9.11).
* A unit's rail journey is one per Movement Phase: after it detrains it may
  not entrain again in the same phase (5.34 "after ... finished moving a unit
  by rail").  Its Railroad Movement Rate counts every rail hex it enters that
  phase.
* 5.35 "may freely engage in Rail Movement" does not lift Rail Capacity: it
  says only that rail movement is all such a unit may do.
* HQs: being entrained has no effect on them (10.35): they defend at full
  strength, may attack (heroic leaders) and are not held back by 5.34.
* Off the map (5.37, 5.38) a unit pays Movement Points, not hexes of its
  Railroad Movement Rate; after re-entering it may go on by rail with what is
  left of its rate, or detrain.  Out of supply has no effect on rail movement
  (9.21), so off-map Movement Points come from the printed Movement
  Allowance.  It re-enters only into a Friendly rail hex that is neither
  Enemy-occupied (5.13) nor Enemy-controlled (5.37), nor last occupied by the
  Enemy (5.33).
* The Movement Points a unit off the map has left at the end of the Movement
  Segment are all applied toward its destination (there is nothing else it
  could spend them on); the total never exceeds the link's cost.
* A hex holding Enemy HQs is Enemy-occupied and was last occupied by the
  Enemy: entrained units do not pass it (5.33), whatever 10.52 says of HQs
  not blocking rail movement.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame
from greatwar.engine.state import content_key
from greatwar.model.schema import side_value
from greatwar.rules.gwite import command, supply, zoc
from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import MovementExtension, blocked_hexes, mp_left
from greatwar.rules.gwite.victory import CONTROL_TURN, usable_control

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import OffMapLink, Parameters

ENTRAINED = "entrained"
#: 5.34 the unit moved by rail this Player-Turn (also counts it against Rail Capacity)
MOVED_BY_RAIL = "moved_by_rail"
#: 14.12 a reinforcement that does not count against Rail Capacity on its turn of arrival
RAIL_EXEMPT = "rail_exempt"
#: unit status off the map, and the record field that holds its journey (5.38)
OFF_MAP = "off_map"
#: Movement Segment local: the segment is ending, units over Rail Capacity detrain (5.31)
CLOSING = "rail_closing"
#: action types of the Movement Segment that this module handles
ACTION_TYPES: frozenset[str] = frozenset({"entrain", "rail_move", "detrain", "off_map", "reenter"})

#: state key, written only when a unit's stacking points are charged whatever it does (a
#: failed entrain roll; a game's arrivals, Hindenburg 14.1): side -> pool -> stacking
#: points charged to Rail Capacity this Player-Turn (:func:`charge_capacity`)
RAIL_CHARGED = "rail_charged"
#: Movement Segment local, written only under track limits: "line:hex/hex" -> stacking
#: points moved across that hexside on that line this phase
TRACK_USED = "track_used"

Why = tuple[str, str]


@dataclass(frozen=True)
class EntrainRoll:
    """A die roll a unit makes to entrain (as Serbia/Galicia 17.11, Hindenburg 17.13 and
    17.23, Brusilov 23.53 have): the rolls that succeed and the case that asks for it."""

    success: tuple[int, ...]
    case: str


# --- the rail net (static, one per game) ---------------------------------------------


@dataclass(frozen=True)
class RailNet:
    """Which rail hexes follow which along the lines (5.33), and the off-map links."""

    #: hex -> the next hexes along every rail line through it (in map order)
    next: dict[str, tuple[str, ...]]
    #: hex -> (link index, hex at the other end) of the off-map links ending there
    links: dict[str, tuple[tuple[int, str], ...]]
    #: hexside (its two hexes in order) -> (line index, track) of the lines crossing it
    sides: dict[tuple[str, str], tuple[tuple[int, str], ...]]


_nets: weakref.WeakKeyDictionary[Game, RailNet] = weakref.WeakKeyDictionary()


def rail_net(st: State) -> RailNet:
    net = _nets.get(st.game)
    if net is None:
        net = _nets[st.game] = _build_net(U.static(st).scenario)
    return net


def _build_net(scenario: Scenario) -> RailNet:
    board = scenario.board
    following: dict[str, list[str]] = defaultdict(list)
    sides: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
    for index, line in enumerate(board.rails):
        for a, b in pairwise(line.hexes):
            for here, there in ((a, b), (b, a)):
                if there not in following[here]:
                    following[here].append(there)
            sides[_side(a, b)].append((index, line.track))
    links: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for i, joined in enumerate(board.offmap_links):
        a, b = joined.hexes
        links[a].append((i, b))
        links[b].append((i, a))
    return RailNet(
        next={h: tuple(n) for h, n in following.items()},
        links={h: tuple(n) for h, n in links.items()},
        sides={k: tuple(v) for k, v in sides.items()},
    )


def _side(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def validate(scenario: Scenario, problems: Problems) -> None:
    """Off-map links name sides the scenario has (5.37)."""
    sides = {s.id for s in scenario.sides}
    for i, joined in enumerate(scenario.board.offmap_links):
        for side in joined.sides:
            if side not in sides:
                problems.add(
                    ("offmap_link", i, "sides"),
                    f"off-map link {joined.name or i + 1}: {side!r} is not a side of this"
                    f" scenario ({', '.join(sorted(sides))})",
                )


# --- numbers from the scenario ---------------------------------------------------------


def _params(st: State) -> Parameters:
    return P.parameters(st)


def rail_rate(st: State, uid: str) -> int:
    """5.31 Railroad Movement Rate: hexes per Movement Phase (by nationality or side, and
    by Game-Turn when the scenario says so)."""
    return P.for_unit(st, _params(st).rail_rate, uid)


def capacity_pool(st: State, uid: str) -> str:
    """5.31 whose Rail Capacity a unit uses: its side's when the scenario gives one per
    side (Brusilov 18.21-18.22), else its nationality's (Hindenburg 5.31)."""
    ui = U.info(st, uid)
    return ui.side if ui.side in _params(st).rail_capacity else ui.nationality  # type: ignore[no-any-return]


def capacity(st: State, pool: str) -> int:
    """5.31 Rail Capacity in stacking points per Movement Phase (none when not given), on
    the current Game-Turn (Serbia/Galicia 5.3: by the Game-Turn Track)."""
    return P.for_key(st, _params(st).rail_capacity, pool)


def pools_of(st: State, side: str) -> list[str]:
    """The Rail Capacities ``side`` uses: its own, or one per nationality."""
    if side in _params(st).rail_capacity:
        return [side]
    for s in U.static(st).scenario.sides:
        if s.id == side:
            return list(s.nationalities)
    return []


def counts_reinforcements(st: State, uid: str) -> bool:
    """Whether a reinforcement counts against Rail Capacity on its turn of arrival
    (Brusilov 18.23 yes, Caporetto 14.12 not the Allies', Hindenburg 14.1 by nation)."""
    return U.rules(st).reinforcement_counts(st, uid)  # type: ignore[no-any-return]


class RailRules:
    """The variation points of 5.3 (a game's rules class may override them)."""

    def reinforcement_counts(self, st: State, uid: str) -> bool:
        """Whether a reinforcement counts against Rail Capacity on its turn of arrival: as
        the scenario's ``rail_capacity_counts_reinforcements`` says (14.12; Caporetto
        14.12 not the Allies', Hindenburg 14.1 by nation); Brusilov 18.23 always."""
        table = _params(st).rail_capacity_counts_reinforcements
        nationality, side = P.unit_keys(st, uid)
        return table.get(nationality, table.get(side, True))

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        """The case a refusal names for one of the rail limits on this unit: ``capacity``
        (Rail Capacity), ``rate`` (Railroad Movement Rate), both 5.31 in the standard
        rules, or ``friendly`` (Friendly railroad lines, 5.32).  A game whose exclusive
        rules give these names its own case (Brusilov 18.21-18.22, 18.27); ``barred``
        names the case of :meth:`rail_barred`, ``entrain`` the case an entrainment is
        logged under (5.32; Hindenburg 17.33: German units entrain automatically),
        ``entrain_cost`` the case of its Movement Point cost (5.32; Caporetto 5.32b)."""
        cases = {"friendly": "5.32", "barred": "5.33", "entrain": "5.32", "entrain_cost": "5.32"}
        return cases.get(limit, "5.31")

    def unit_detrained(self, st: State, uid: str) -> None:
        """The unit has just detrained (5.34): nothing more in the standard rules
        (Caporetto 5.34 remembers it: detrained artillery gives no barrage to an attack
        that Player-Turn)."""

    def entrain_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
        """Why this game's own rules forbid the unit to entrain now (after the standard
        conditions of 5.32, before its cost is checked), or None (Brusilov 18.25)."""
        return None

    def rail_barred(self, st: State, uid: str) -> frozenset[str]:
        """Rail hexes the unit may never enter by rail whatever the line (none in the
        standard rules; Brusilov 24.41: the armored car, mountain hexes)."""
        return frozenset()

    def entrain_cost(self, st: State, uid: str) -> int:
        """5.32 Movement Points to entrain: the unit's TCR, or ``parameters.entrain_cost``
        for every unit (Caporetto 5.32); Brusilov 18.25 differs."""
        given = _params(st).entrain_cost
        return U.tcr(st, uid) if given is None else given

    def friendly_countries(self, st: State, side: str, nationality: str = "") -> frozenset[str]:
        """5.32, 9.13 the countries whose rail lines and map edges are Friendly to ``side``'s
        units of ``nationality``: ``parameters.friendly_countries`` of the nationality if it
        has its own (Serbia/Galicia 5.3 "their own country"), else of the side.  Read once
        per game: the answer may not change during play."""
        table = _params(st).friendly_countries
        return frozenset(table.get(nationality, table.get(side, ())))

    def track_limit_case(self, st: State) -> str | None:
        """The case of the game's track limits, when they apply (Brusilov 18.3 and
        Hindenburg 17.4 optional, Serbia/Galicia 17.5): stacking points that may cross a
        hexside on one rail line in a Movement Phase.  None in the standard rules (no
        limit).  A game returns its case, or None while its option is off."""
        return None

    def track_limit(self, st: State, uid: str, track: str) -> int | None:
        """Stacking points of the unit's side or nationality that may cross a hexside on
        one line of ``track`` (single, double) in a Movement Phase: the scenario's
        ``parameters.track_limit`` while :meth:`track_limit_case` applies; None: no limit
        (none given for the unit, e.g. Hindenburg 17.4's Austro-Hungarians)."""
        if self.track_limit_case(st) is None:
            return None
        table = _params(st).track_limit.get(track)  # type: ignore[call-overload]
        if table is None:
            return None
        return side_value(table, P.unit_keys(st, uid), st.data["turn"])

    def entrain_roll(self, st: State, uid: str) -> EntrainRoll | None:
        """The die roll the unit must make to entrain, or None: in the standard rules units
        entrain without one (Brusilov 18.26 says so too)."""
        return None

    def entrain_failed(self, st: State, frame: Frame, uid: str, case: str) -> None:
        """What befalls a unit whose entrain roll failed; its stacking points count against
        Rail Capacity all the same (charged before this is called).  Here: it ends its
        movement for the phase, spending what Movement Points it has left (as
        Serbia/Galicia 17.11); a game may do more (Brusilov 23.53 eliminates it)."""
        frame["spent"][uid] = _spent(frame, uid) + max(0, _mp_left(st, frame, uid))
        st.log(f"{U.info(st, uid).name} ends its movement for this phase.", case=case)

    def control_wait_case(self, st: State) -> str | None:
        """The case of a game's rule that a hex becoming Friendly may be used for rail
        movement and supply only from the next Game-Turn (Hindenburg 17.52), which stamps
        control with the turn; None in the standard rules (usable at once)."""
        return None

    # --- who last occupied a rail hex (5.33, 9.15; Hindenburg 17.5) ----------------------

    def rail_owner(self, st: State, hex_label: str) -> str | None:
        """The side a rail hex belongs to for rail movement and supply: in the standard
        rules the side of the last unit to enter it (``state.data["control"]``, None
        while none has); a game may keep its own record (Hindenburg 17.51, 17.53)."""
        return st.data["control"].get(hex_label)  # type: ignore[no-any-return]

    def usable_control(self, st: State, side: str, hex_label: str) -> bool:
        """Whether ``side`` may use a hex for rail movement and supply as far as who last
        occupied it goes: not last occupied by an Enemy unit (5.33, 9.15) and, where the
        game stamps control with the turn (:meth:`control_wait_case`), not one that became
        its own this Game-Turn (Hindenburg 17.52)."""
        owner = st.data["control"].get(hex_label)
        if owner is None:
            return True
        if owner != side:
            return False
        stamps = st.data.get(CONTROL_TURN)
        return stamps is None or stamps.get(hex_label, 0) < st.data["turn"]

    def usable_rail(
        self, st: State, side: str, rail: frozenset[str], closed: frozenset[str]
    ) -> frozenset[str]:
        """The hexes of ``rail`` not ``closed`` that ``side`` may use as far as who last
        occupied them goes (:meth:`usable_control` of each; a game whose record is dear
        to read may keep the answer, Hindenburg 17.5)."""
        return self.usable_hexes(st, side, rail - closed)

    def usable_by_record_alone(self, st: State) -> bool:
        """Whether :meth:`usable_rail` and :meth:`usable_hexes` read nothing but the hexes
        asked and who last occupied them (``state.data["control"]``): the standard rules
        with no turn stamped on control.  A table may then keep their answer while neither
        changes (9.15 supply sources, issue 18)."""
        return (
            self._control_read_plainly(st)
            and not U.overridden(self, RailRules, "usable_rail")
            and not U.overridden(self, RailRules, "usable_hexes")
        )

    def _control_read_plainly(self, st: State) -> bool:
        """Whether a hex serves as far as who last occupied it goes by the record alone:
        the standard :meth:`usable_control`, no turn stamped on control."""
        return not U.overridden(self, RailRules, "usable_control") and (
            st.data.get(CONTROL_TURN) is None
        )

    def usable_hexes(self, st: State, side: str, hexes: Iterable[str]) -> frozenset[str]:
        """The ``hexes`` ``side`` may use as far as who last occupied them goes
        (:meth:`usable_control` of each; read straight from the record where the game
        keeps the standard rule and stamps no turn: not last occupied by the Enemy)."""
        if self._control_read_plainly(st):
            control = st.data["control"]
            return frozenset(h for h in hexes if control.get(h, side) == side)
        ok = self.usable_control
        return frozenset(h for h in hexes if ok(st, side, h))

    def rail_hexes_entered(self, st: State, uid: str, hexes: list[str]) -> None:
        """A unit entered these rail hexes (moving, retreating, advancing ...): in the
        standard rules its side is now the last to have occupied them (5.33, 9.15), the
        change stamped with the Game-Turn where :meth:`control_wait_case` says so.  A game
        may count only some entries (Hindenburg 17.51: in a Movement Segment)."""
        side = U.info(st, uid).side
        control = st.data["control"]
        stamped = self.control_wait_case(st) is not None
        for h in hexes:
            if control.get(h) != side:
                control[h] = side
                if stamped:
                    st.data.setdefault(CONTROL_TURN, {})[h] = st.data["turn"]

    def off_map_refusal(self, st: State, uid: str, to: Any) -> Why | None:
        """Why this game's own rules forbid the unit to travel off the map by rail toward
        ``to`` (5.37; a reinforcement too, 14.23), or None: none in the standard rules
        (Serbia/Galicia 17.4-17.42: who may transfer between its maps)."""
        return None

    def rail_control_refusal(self, st: State, uid: str, hex_label: str) -> Why | None:
        """Why the unit may not use a rail hex of its Friendly countries for who holds it,
        when the game's rules say it their own way (Hindenburg 17.51, 17.53), or None:
        the standard refusals name 5.32 and 5.33."""
        return None


def arrives_entrained(st: State, uid: str) -> bool:
    """14.12 the counter is designated as arriving entrained."""
    counter = U.static(st).scenario.counters.get(uid)
    return bool(counter is not None and counter.arrive is not None and counter.arrive.entrained)


# --- Friendly railroad lines -------------------------------------------------------------


def friendly_rail_hex(st: State, side: str, hex_label: str, nationality: str = "") -> bool:
    """5.32 a hex of a Friendly railroad line for ``side``'s units of ``nationality``: a
    rail hex in a Friendly country (:meth:`RailRules.friendly_countries`, the standard
    rules' reading of "as defined in the Exclusive rules") and not last occupied by an
    Enemy unit (5.33, 9.15; nor, where the game says so, become Friendly this Game-Turn).

    The one definition of a Friendly rail hex, for supply (9.15) as for rail movement.
    """
    if hex_label not in supply.friendly_rail(st, side, nationality):
        return False
    return usable_control(st, side, hex_label)


def unit_rail_hex(st: State, uid: str, hex_label: str) -> bool:
    """5.32 a hex of a railroad line Friendly to this unit (its side and nationality)."""
    ui = U.info(st, uid)
    return friendly_rail_hex(st, ui.side, hex_label, ui.nationality)


def _waiting(st: State, uid: str, hex_label: str) -> Why | None:
    """Why a rail hex that became Friendly this Game-Turn may not be used yet (a game's
    rule, Hindenburg 17.52), or None when that is not why it may not."""
    case = U.rules(st).control_wait_case(st)
    if case is None:
        return None
    ui = U.info(st, uid)
    if U.rules(st).rail_owner(st, hex_label) != ui.side or hex_label not in supply.friendly_rail(
        st, ui.side, ui.nationality
    ):
        return None
    return f"{hex_label} became Friendly this Game-Turn: it may be used from the next", case


# --- Rail Capacity -----------------------------------------------------------------------


def entrained(st: State, uid: str) -> bool:
    return U.has_marker(st, uid, ENTRAINED)


def off_map(st: State, uid: str) -> bool:
    """A unit on an off-map rail journey (5.37)."""
    u = U.record(st, uid)
    return u["status"] == OFF_MAP and OFF_MAP in u


def off_map_units(st: State, side: str) -> list[str]:
    """Units of ``side`` travelling off the map, in counter order (5.38) (whether one
    travels is its own record: :func:`_units_kept`)."""
    return list(_units_kept(st, side, "off map by rail", _travels_off_map))


def _travelling(u: dict[str, Any]) -> bool:
    return u["status"] == OFF_MAP and OFF_MAP in u


def _travels_off_map(st: State, uid: str, u: dict[str, Any]) -> bool:
    return _travelling(u)


_UnitTest = Callable[["State", str, dict[str, Any]], bool]


def _units_kept(st: State, side: str, name: str, test: _UnitTest) -> tuple[str, ...]:
    """The units of ``side`` that pass ``test`` (which reads only the unit's own record
    and the game's static tables), in counter order: kept on the side's units, and when
    they change worked out from the last list by the units changed since."""

    def build() -> tuple[str, ...]:
        units = st.data["units"]
        return tuple(
            uid
            for uid, ui in U.static(st).units.items()
            if ui.side == side and test(st, uid, units[uid])
        )

    def since(then: int, last: tuple[str, ...]) -> tuple[str, ...] | None:
        changed = U.changed_since(st, side, then)
        if changed is None:
            return None
        units = st.data["units"]
        now = [uid for uid in last if uid not in changed]
        now.extend(uid for uid in changed if test(st, uid, units[uid]))
        if len(now) > 1:
            now.sort(key=U.order(st).__getitem__)
        return tuple(now)

    return st.kept((name, side), st.data["rev"][side], build, update=since)  # type: ignore[no-any-return]


def _counts(st: State, uid: str) -> bool:
    """Whether a unit of any side may ever count against Rail Capacity (HQs never, 5.31)."""
    ui = U.info(st, uid)
    return not ui.hq and ui.stacking > 0


def _usage(st: State, side: str) -> dict[str, list[int]]:
    """Per pool: [stacking points counted now, of which moved by rail] (5.31, 5.38)."""
    usage: dict[str, list[int]] = {pool: [0, 0] for pool in pools_of(st, side)}
    units = st.data["units"]
    infos = U.static(st).units
    for uid in _rail_users(st, side):
        stacking = infos[uid].stacking
        entry = usage.setdefault(capacity_pool(st, uid), [0, 0])
        entry[0] += stacking
        entry[1] += stacking if MOVED_BY_RAIL in units[uid]["markers"] else 0
    # failed entrain rolls: the stacking points are spent as if the units had moved
    for pool, points in st.data.get(RAIL_CHARGED, {}).get(side, {}).items():
        entry = usage.setdefault(pool, [0, 0])
        entry[0] += points
        entry[1] += points
    return usage


def _rail_users(st: State, side: str) -> tuple[str, ...]:
    """5.31 the units of ``side`` whose stacking points count against Rail Capacity now
    (entrained or moved by rail, on the map or off it, not exempt), in counter order
    (:func:`_units_kept`)."""
    return _units_kept(st, side, "rail users", _uses_rail)


def _uses_rail(st: State, uid: str, u: dict[str, Any]) -> bool:
    """Whether the unit (record ``u``) counts against its Rail Capacity now (5.31, 5.38)."""
    if u["status"] not in ("on_map", OFF_MAP) or not _counts(st, uid):
        return False
    markers = u["markers"]
    return RAIL_EXEMPT not in markers and (MOVED_BY_RAIL in markers or ENTRAINED in markers)


def usage(st: State, side: str) -> dict[str, list[int]]:
    return U.cached(st, "rail_usage", lambda s: _usage(s, side), side)  # type: ignore[no-any-return]


def capacity_left(st: State, side: str) -> dict[str, int]:
    """5.31 stacking points ``side`` may still entrain this Movement Phase, per pool."""
    return {pool: capacity(st, pool) - used for pool, (used, _) in usage(st, side).items()}


def _charged(st: State, uid: str) -> bool:
    """Whether this unit's stacking points count against its side's Rail Capacity now."""
    return _counts(st, uid) and not U.has_marker(st, uid, RAIL_EXEMPT)


def _why_no_capacity_to_entrain(st: State, uid: str) -> Why | None:
    if not _charged(st, uid):
        return None
    pool = capacity_pool(st, uid)
    used = usage(st, U.info(st, uid).side).get(pool, [0, 0])[0]
    need = U.info(st, uid).stacking
    if used + need > capacity(st, pool):
        return (
            f"{U.info(st, uid).name} needs {need} stacking points of Rail Capacity and"
            f" {max(0, capacity(st, pool) - used)} of {capacity(st, pool)} are left this phase",
            U.rules(st).rail_case(st, uid, "capacity"),
        )
    return None


def why_no_capacity_to_move(st: State, uid: str) -> Why | None:
    """5.31 a unit's first rail movement of the phase must fit beside those already moved."""
    if not _charged(st, uid) or U.has_marker(st, uid, MOVED_BY_RAIL):
        return None
    pool = capacity_pool(st, uid)
    moved = usage(st, U.info(st, uid).side).get(pool, [0, 0])[1]
    need = U.info(st, uid).stacking
    if moved + need > capacity(st, pool):
        return (
            f"{U.info(st, uid).name} needs {need} stacking points of Rail Capacity and units"
            f" of {moved} of its {capacity(st, pool)} points have moved by rail this phase",
            U.rules(st).rail_case(st, uid, "capacity"),
        )
    return None


# --- the Movement Segment's rail locals --------------------------------------------------


def setup(st: State, frame: Frame) -> None:
    """Rail locals of a Movement Segment: rail hexes entered per unit, units detrained."""
    frame.setdefault("rail_hexes", {})
    frame.setdefault("detrained", [])


def _spent(frame: Frame, uid: str) -> int:
    return int(frame["spent"].get(uid, 0))


def _mp_left(st: State, frame: Frame, uid: str) -> int:
    """Movement Points left this phase (5.14), halved when out of supply (9.21)."""
    return mp_left(st, frame, uid)


def _rail_mp_left(st: State, frame: Frame, uid: str) -> int:
    """Movement Points left for off-map rail movement: the printed allowance, as being
    out of supply has no effect on rail movement (9.21)."""
    return U.movement_allowance(st, uid) - _spent(frame, uid)


def _rate_left(st: State, frame: Frame, uid: str) -> int:
    return rail_rate(st, uid) - int(frame.get("rail_hexes", {}).get(uid, 0))


# --- entraining (5.32) -----------------------------------------------------------------


def supplied_to_entrain(st: State, uid: str) -> bool:
    """5.32 only units in supply entrain: in supply "for movement purposes", i.e. as
    found in this Movement Phase's Initial Supply Segment (9.11); HQs always (10.35)."""
    return U.info(st, uid).hq or not supply.movement_halved(st, uid)


def why_not_entrain(st: State, frame: Frame, uid: str) -> Why | None:
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if entrained(st, uid):
        return f"{ui.name} is already entrained", "5.32"
    if uid in frame.get("detrained", ()):
        return (
            f"{ui.name} has already moved by rail and detrained this phase: one rail"
            " journey per Movement Phase",
            "5.34",
        )
    if not unit_rail_hex(st, uid, here):
        return (
            _waiting(st, uid, here)
            or U.rules(st).rail_control_refusal(st, uid, here)
            or (
                f"{here} is not a hex of a Friendly railroad line",
                U.rules(st).rail_case(st, uid, "friendly"),
            )
        )
    if ui.tcr != 1 and here in U.rules(st).known_enemy_zoc(st, ui.side):
        return f"{here} is Enemy-controlled: only TCR 1 units entrain there", "5.32"
    if not command.in_command(st, uid):
        return f"{ui.name} is out of Command Control", "5.32"
    if not supplied_to_entrain(st, uid):
        return f"{ui.name} was found out of supply this Movement Phase", "5.32"
    why = U.rules(st).entrain_refusal(st, frame, uid)
    if why is not None:
        return why  # type: ignore[no-any-return]
    cost, left = U.rules(st).entrain_cost(st, uid), _mp_left(st, frame, uid)
    if cost > left:
        return (
            f"entraining {ui.name} costs {cost} MP and {max(0, left)} are left",
            U.rules(st).rail_case(st, uid, "entrain_cost"),
        )
    return _why_no_capacity_to_entrain(st, uid)


def _entrain(st: State, frame: Frame, uid: str) -> None:
    rules = U.rules(st)
    roll = rules.entrain_roll(st, uid)
    ui = U.info(st, uid)
    if roll is not None:
        die = st.roll(f"{ui.name} tries to entrain", roll.case)
        if die not in roll.success:
            _charge_failed_attempt(st, uid, roll.case)
            rules.entrain_failed(st, frame, uid, roll.case)
            return
    cost = rules.entrain_cost(st, uid)
    frame["spent"][uid] = _spent(frame, uid) + cost
    U.add_marker(st, uid, ENTRAINED)
    st.log(
        f"{ui.name} entrains in {U.record(st, uid)['hex']} for {cost} MP"
        f" (TCR {ui.tcr}); {_capacity_text(st, ui.side)}.",
        case=rules.rail_case(st, uid, "entrain"),
    )


def charge_capacity(st: State, uid: str) -> None:
    """Count the unit's stacking points against its Rail Capacity for this Player-Turn,
    whatever it does (``state.data["rail_charged"]``): a failed entrain roll (Hindenburg
    17.14), an arrival that counts by itself (Hindenburg 14.1).  HQs and exempt units
    count nothing (5.31, 14.12)."""
    ui = U.info(st, uid)
    if _charged(st, uid):
        pools = st.data.setdefault(RAIL_CHARGED, {}).setdefault(ui.side, {})
        pool = capacity_pool(st, uid)
        pools[pool] = pools.get(pool, 0) + ui.stacking
        U._touch(st, uid)  # Rail Capacity in use is derived from the units' revision


def _charge_failed_attempt(st: State, uid: str, case: str) -> None:
    """A unit failed its entrain roll: its stacking points count against its Rail Capacity
    this Player-Turn all the same (as Serbia/Galicia 17.12, Hindenburg 17.14, Brusilov
    23.53 say)."""
    ui = U.info(st, uid)
    charge_capacity(st, uid)
    st.log(
        f"{ui.name} fails to entrain; its {ui.stacking} stacking points count against the"
        f" Rail Capacity all the same ({_capacity_text(st, ui.side)}).",
        case=case,
    )


# --- rail movement (5.33) --------------------------------------------------------------


def _passable(st: State, uid: str) -> Callable[[str], bool]:
    """The test a hex must pass for an entrained unit to enter it (5.33, 5.13)."""
    ui = U.info(st, uid)
    rules = U.rules(st)
    enemy_zoc = rules.known_enemy_zoc(st, ui.side)  # as the player knows them (R4)
    blocked = blocked_hexes(st, ui.side) | frozenset(rules.phantom_occupied(st, ui.side))
    friendly = supply.friendly_rail(st, ui.side, ui.nationality)
    barred = U.rules(st).rail_barred(st, uid)
    return lambda h: (
        h not in blocked
        and h not in barred
        and h not in enemy_zoc
        and h in friendly
        and usable_control(st, ui.side, h)  # friendly_rail_hex, its look-up made once
    )


def _rail_paths(
    st: State, uid: str, start: str, limit: int, crossing: Crossing | None = None
) -> dict[str, list[str]]:
    """Breadth-first along the rail lines: every hex reachable in at most ``limit`` rail
    hexes, with the shortest path (first found in map order); ``crossing`` (under track
    limits) says which hexsides the unit may still cross."""
    nexts = rail_net(st).next
    ok = _passable(st, uid)
    prev: dict[str, str] = {}
    seen = {start}
    frontier = [start]
    for _ in range(limit):
        new = []
        for here in frontier:
            for there in nexts.get(here, ()):
                if (
                    there not in seen
                    and ok(there)
                    and (crossing is None or crossing(here, there) is not None)
                ):
                    seen.add(there)
                    prev[there] = here
                    new.append(there)
        if not new:
            break
        frontier = new
    paths = {}
    for h in prev:
        path = [h]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        paths[h] = path[-2::-1]
    return paths


def rail_reach(st: State, frame: Frame, uid: str) -> dict[str, list[str]]:
    """Hexes the entrained unit can reach by rail now, with their paths (5.33)."""
    left = _rate_left(st, frame, uid)
    crossing = _crossing(st, frame, uid)
    tracks = None if crossing is None else content_key(sorted(frame.get(TRACK_USED, {}).items()))
    key = ("rail_reach", uid, U.revision(st), st.data["turn"], left, tracks)
    here = U.record(st, uid)["hex"]
    return st.memo(key, lambda: _rail_paths(st, uid, here, left, crossing) if left > 0 else {})  # type: ignore[no-any-return]


# --- track limits (Brusilov 18.3, Serbia/Galicia 17.5, Hindenburg 17.4) ---------------------

#: under track limits: the rail line a unit would cross a hexside on, or None (all full)
Crossing = Callable[[str, str], int | None]


def _crossing(st: State, frame: Frame, uid: str) -> Crossing | None:
    """Under the game's track limits, the line on which the unit would cross each hexside
    (None: every line there has carried its limit this phase); None when no limit applies.

    A hexside crossed by several lines takes the unit on the one it fits best (the least
    room left after it: the player keeps the most for others); each line's stacking
    points are counted apart (Brusilov 18.33, Serbia/Galicia 17.53, Hindenburg 17.43).
    """
    rules = U.rules(st)
    need = U.info(st, uid).stacking
    if need == 0 or rules.track_limit_case(st) is None:
        return None
    sides = rail_net(st).sides
    used = frame.get(TRACK_USED, {})

    def line(a: str, b: str) -> int | None:
        best: tuple[int, int] | None = None  # (room left after, line index)
        for index, track in sides.get(_side(a, b), ()):
            limit = rules.track_limit(st, uid, track)
            if limit is None:
                return index
            room = limit - used.get(_track_key(index, a, b), 0) - need
            if room >= 0 and (best is None or room < best[0]):
                best = (room, index)
        return None if best is None else best[1]

    return line


def _track_key(index: int, a: str, b: str) -> str:
    first, second = _side(a, b)
    return f"{index}:{first}/{second}"


def _use_track(st: State, frame: Frame, uid: str, start: str, path: list[str]) -> None:
    """Count the unit's stacking points on the line it crossed each hexside by."""
    crossing = _crossing(st, frame, uid)
    if crossing is None:
        return
    steps = [(a, b, crossing(a, b)) for a, b in pairwise([start, *path])]  # before counting
    used = frame.setdefault(TRACK_USED, {})
    need = U.info(st, uid).stacking
    for a, b, index in steps:
        assert index is not None, f"{a}/{b} was full when the path was offered"
        key = _track_key(index, a, b)
        used[key] = used.get(key, 0) + need


def why_not_rail_move(st: State, frame: Frame, uid: str) -> Why | None:
    ui = U.info(st, uid)
    if not entrained(st, uid):
        return f"{ui.name} is not entrained: entrain it first", "5.32"
    if _rate_left(st, frame, uid) <= 0:
        return (
            f"{ui.name} has used its Railroad Movement Rate of {rail_rate(st, uid)} hexes"
            " this phase",
            U.rules(st).rail_case(st, uid, "rate"),
        )
    return why_no_capacity_to_move(st, uid)


def _why_not_rail_to(st: State, frame: Frame, uid: str, action: Action) -> Why | None:
    board = U.static(st).scenario.board
    side = U.info(st, uid).side
    to = action.get("to")
    if not isinstance(to, str) or not board.on_map(to):
        return f"{to!r} is not a hex on this map", "5.33"
    here, left = U.record(st, uid)["hex"], _rate_left(st, frame, uid)
    crossing = _crossing(st, frame, uid)
    paths = _rail_paths(st, uid, here, left, crossing)
    if to in paths:
        if action.get("path") == paths[to] and action.get("hexes") == len(paths[to]):
            return None
        path = "→".join(paths[to])
        return f"by rail {to} is reached by {path}; the action gives another path", "5.33"
    if to not in U.static(st).rail_hexes:
        return f"{to} is not on a railroad line", "5.33"
    if to in U.rules(st).rail_barred(st, uid):
        name = U.info(st, uid).name
        return f"{name} may not enter {to} by rail", U.rules(st).rail_case(st, uid, "barred")
    if not unit_rail_hex(st, uid, to):
        why = U.rules(st).rail_control_refusal(st, uid, to)
        if why is not None:
            return why  # type: ignore[no-any-return]
        if U.rules(st).rail_owner(st, to) not in (None, side):
            return f"{to} was last occupied by an Enemy unit", "5.33"
        return _waiting(st, uid, to) or (
            f"{to} is not on a Friendly railroad line",
            U.rules(st).rail_case(st, uid, "friendly"),
        )
    if to in U.rules(st).known_enemy_zoc(st, side):
        return f"{to} is Enemy-controlled: entrained units may not enter it", "5.33"
    if crossing is not None and to in _rail_paths(st, uid, here, left):
        return (
            f"on the way to {to} every rail line across a hexside has carried its limit of"
            " stacking points this phase",
            U.rules(st).track_limit_case(st),
        )
    anyhow = _rail_paths(st, uid, here, len(board.hexes), crossing)
    if to in anyhow:
        return (
            f"{to} is {len(anyhow[to])} rail hexes away and"
            f" {_rate_left(st, frame, uid)} are left of the Railroad Movement Rate",
            U.rules(st).rail_case(st, uid, "rate"),
        )
    return (
        f"no line of Friendly rail hexes free of the Enemy and his zones of control leads to {to}",
        "5.33",
    )


def _rail_move(st: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    path = _unhalted(st, frame, uid, rail_reach(st, frame, uid)[action["to"]])
    if not path:
        return  # halted before its first hex (the rules said why): it has not moved
    to = path[-1]
    start = U.record(st, uid)["hex"]
    _use_track(st, frame, uid, start, path)
    used = frame.setdefault("rail_hexes", {}).get(uid, 0) + len(path)
    frame["rail_hexes"][uid] = used
    U.place(st, uid, to)
    U.add_marker(st, uid, MOVED_BY_RAIL)
    U.record(st, uid)["moved_turn"] = st.data["turn"]
    _entered(st, uid, path)
    ui = U.info(st, uid)
    st.log(
        f"{ui.name} moves by rail {start}→{'→'.join(path)}, {len(path)} hexes"
        f" ({used} of {rail_rate(st, uid)} this phase); {_capacity_text(st, ui.side)}.",
        case="5.33",
    )


def _unhalted(st: State, frame: Frame, uid: str, path: list[str]) -> list[str]:
    """The hexes of a rail path the unit enters: up to the first the rules halt it
    before (:meth:`MovementRules.halts_before`, what its player could not know: none in
    the standard rules)."""
    rules = U.rules(st)
    for n, h in enumerate(path):
        if rules.halts_before(st, frame, uid, h):
            return path[:n]
    return path


def _entered(st: State, uid: str, path: list[str]) -> None:
    U.rules(st).entered_hexes(st, uid, path)


# --- detraining (5.34, 5.35) -----------------------------------------------------------


def why_not_detrain(st: State, frame: Frame, uid: str) -> Why | None:
    ui = U.info(st, uid)
    if not entrained(st, uid):
        return f"{ui.name} is not entrained", "5.34"
    if off_map(st, uid):
        return f"{ui.name} is off the map: it must re-enter first", "5.37"
    if not command.in_command(st, uid):
        return f"{ui.name} is out of Command Control: it may only move by rail", "5.35"
    return None


def _detrain(st: State, frame: Frame, uid: str) -> None:
    U.remove_marker(st, uid, ENTRAINED)
    detrained = frame.setdefault("detrained", [])
    if uid not in detrained:
        detrained.append(uid)
    ui = U.info(st, uid)
    note = ""
    if U.has_marker(st, uid, MOVED_BY_RAIL) and not may_attack_after_rail(st, uid):
        note = "; having moved by rail it may not attack this Player-Turn (5.34)"
    st.log(
        f"{ui.name} detrains in {U.record(st, uid)['hex']} with {max(0, _mp_left(st, frame, uid))}"
        f" MP left{note}.",
        case="5.34",
    )
    U.rules(st).unit_detrained(st, uid)


# --- off-map rail movement (5.37, 5.38) ------------------------------------------------


def link(st: State, index: int) -> OffMapLink:
    return U.static(st).scenario.board.offmap_links[index]  # type: ignore[no-any-return]


def usable_links(st: State, uid: str, hex_label: str) -> list[tuple[int, str]]:
    """Off-map links from ``hex_label`` this unit may use: (index, other end) (5.37)."""
    ui = U.info(st, uid)
    out = []
    for index, other in rail_net(st).links.get(hex_label, ()):
        lk = link(st, index)
        if (not lk.sides or ui.side in lk.sides) and (
            not lk.countries or ui.nationality in lk.countries
        ):
            out.append((index, other))
    return out


def why_not_off_map(st: State, frame: Frame, uid: str, to: Any) -> Why | None:
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    why = U.rules(st).off_map_refusal(st, uid, to)
    if why is not None:
        return why  # type: ignore[no-any-return]
    if not entrained(st, uid):
        return f"{ui.name} is not entrained: only entrained units leave the map by rail", "5.37"
    ends = dict((other, i) for i, other in usable_links(st, uid, here))
    if to not in ends:
        if not ends:
            return f"{here} is not a rail map-exit hex linked off the map for {ui.name}", "5.37"
        return f"from {here} the off-map line leads to {', '.join(sorted(ends))}", "5.37"
    if not unit_rail_hex(st, uid, here):
        return f"{here} is not a Friendly rail map-exit hex", "5.37"
    return why_no_capacity_to_move(st, uid)


def _leave_map(st: State, frame: Frame, uid: str, to: str) -> None:
    here = U.record(st, uid)["hex"]
    index = dict((other, i) for i, other in usable_links(st, uid, here))[to]
    U.set_status(st, uid, OFF_MAP)
    U.set_note(st, uid, OFF_MAP, {"link": index, "from": here, "to": to, "mp": 0})
    U.add_marker(st, uid, MOVED_BY_RAIL)
    U.record(st, uid)["moved_turn"] = st.data["turn"]
    ui = U.info(st, uid)
    st.log(
        f"{ui.name} leaves the map by rail at {here} toward {to}"
        f" ({link(st, index).cost} MP off the map); {_capacity_text(st, ui.side)}.",
        case="5.37",
    )


def journey(st: State, uid: str) -> dict[str, Any]:
    """An off-map unit's journey: link index, from, to, MP paid so far (5.38)."""
    return U.record(st, uid)[OFF_MAP]  # type: ignore[no-any-return]


def mp_to_reenter(st: State, uid: str) -> int:
    """Movement Points still to pay before the unit re-enters (5.37, 5.38)."""
    trip = journey(st, uid)
    return max(0, link(st, trip["link"]).cost - trip["mp"])  # type: ignore[no-any-return]


def why_not_reenter(st: State, frame: Frame, uid: str) -> Why | None:
    ui = U.info(st, uid)
    if not off_map(st, uid):
        return f"{ui.name} is not off the map", "5.37"
    to = journey(st, uid)["to"]
    if to in blocked_hexes(st, ui.side):
        return f"{to} holds an Enemy unit or fortress", "5.13"
    if to in zoc.enemy_controlled(st, ui.side):
        return f"{to} is in an Enemy zone of control: no unit re-enters there", "5.37"
    if not unit_rail_hex(st, uid, to):
        return _waiting(st, uid, to) or (
            f"{to} is no longer a Friendly rail hex (last occupied by the Enemy)",
            "5.33",
        )
    need, left = mp_to_reenter(st, uid), _rail_mp_left(st, frame, uid)
    if need > left:
        return (
            f"{ui.name} has {need} MP still to pay off the map and {max(0, left)} this phase:"
            " it stays off the map, carrying them to the next Game-Turn",
            "5.38",
        )
    return why_no_capacity_to_move(st, uid)


def _reenter(st: State, frame: Frame, uid: str) -> None:
    trip = journey(st, uid)
    need = mp_to_reenter(st, uid)
    frame["spent"][uid] = _spent(frame, uid) + need
    U.set_note(st, uid, OFF_MAP, None)
    U.place(st, uid, trip["to"])
    U.add_marker(st, uid, MOVED_BY_RAIL)
    U.record(st, uid)["moved_turn"] = st.data["turn"]
    _entered(st, uid, [trip["to"]])
    ui = U.info(st, uid)
    st.log(
        f"{ui.name} re-enters the map by rail at {trip['to']}, paying {need} MP"
        f" ({link(st, trip['link']).cost} in all off the map); still entrained.",
        case="5.37",
    )


def _carry_off_map(st: State, frame: Frame) -> None:
    """5.38 units staying off the map apply what Movement Points they have left toward
    their destination, to be used in the next Game-Turn."""
    for uid in off_map_units(st, frame["side"]):
        trip = dict(journey(st, uid))
        cost = link(st, trip["link"]).cost
        paid = min(cost, trip["mp"] + max(0, _rail_mp_left(st, frame, uid)))
        trip["mp"] = paid
        U.set_note(st, uid, OFF_MAP, trip)
        st.log(
            f"{U.info(st, uid).name} stays off the map on its way to {trip['to']}:"
            f" {paid} of {cost} MP paid.",
            case="5.38",
        )


# --- the hooks the Movement Segment calls ------------------------------------------------


def can_act(st: State, frame: Frame, uid: str) -> bool:
    """Quick check: has the unit any rail action now (so it may be selected)?"""
    if not may_ride(st, uid):
        return False
    u = st.data["units"][uid]
    if u["status"] == OFF_MAP:
        return why_not_reenter(st, frame, uid) is None
    if ENTRAINED not in u["markers"]:
        # (off a Friendly railroad line it may not entrain: the refusal is not worded)
        return unit_rail_hex(st, uid, u["hex"]) and why_not_entrain(st, frame, uid) is None
    return why_not_detrain(st, frame, uid) is None or bool(actions(st, frame, uid))


def may_ride(st: State, uid: str) -> bool:
    """Whether the unit's own record leaves it any rail action at all: off the map on a
    journey (5.38), entrained (5.33), or on the map in a hex of a railroad line in a
    country Friendly to its units (5.32; whoever last occupied it).  Reads the record and
    the game's fixed tables alone (a table kept with the unit's record may keep it)."""
    u = st.data["units"][uid]
    status = u["status"]
    if status == OFF_MAP:
        return OFF_MAP in u
    if status != "on_map":
        return False
    if ENTRAINED in u["markers"]:
        return True
    ui = st.game.static.units[uid]
    return u["hex"] in supply.friendly_rail(st, ui.side, ui.nationality)


def actions(st: State, frame: Frame, uid: str) -> list[Action]:
    """Rail actions open to the selected unit in the Movement Segment."""
    if off_map(st, uid):
        if why_not_reenter(st, frame, uid) is None:
            return [{"type": "reenter", "unit": uid, "hex": journey(st, uid)["to"]}]
        return []
    if U.record(st, uid)["status"] != "on_map":
        return []
    if not entrained(st, uid):
        if why_not_entrain(st, frame, uid) is None:
            return [{"type": "entrain", "unit": uid, "cost": U.rules(st).entrain_cost(st, uid)}]
        return []
    out: list[Action] = []
    if why_not_rail_move(st, frame, uid) is None:
        reach = rail_reach(st, frame, uid)
        for to in sorted(reach):
            path = reach[to]
            out.append(
                {"type": "rail_move", "unit": uid, "to": to, "path": path, "hexes": len(path)}
            )
    here = U.record(st, uid)["hex"]
    for _, other in usable_links(st, uid, here):
        if why_not_off_map(st, frame, uid, other) is None:
            out.append({"type": "off_map", "unit": uid, "to": other})
    if why_not_detrain(st, frame, uid) is None:
        out.append({"type": "detrain", "unit": uid})
    return out


def apply(st: State, frame: Frame, action: Action) -> None:
    """Carry out a rail action (one of :data:`ACTION_TYPES`)."""
    kind, uid = action["type"], action["unit"]
    if kind == "entrain":
        _entrain(st, frame, uid)
    elif kind == "rail_move":
        _rail_move(st, frame, action)
    elif kind == "detrain":
        _detrain(st, frame, uid)
    elif kind == "off_map":
        _leave_map(st, frame, uid, action["to"])
    elif kind == "reenter":
        _reenter(st, frame, uid)


def explain(st: State, frame: Frame, action: Action) -> tuple[str, str | None]:
    """Why a rail action (or, while the segment ends, any action) is refused."""
    kind, uid = action.get("type"), action.get("unit")
    if frame.get(CLOSING) and (
        kind != "detrain" or uid not in closing_candidates(st, frame["side"])
    ):
        return (
            "the Movement Segment is ending: first detrain units that remain entrained"
            f" over the Rail Capacity ({_capacity_text(st, frame['side'])})",
            "5.31",
        )
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", "5.3"
    ui = U.info(st, uid)
    if ui.side != frame["side"]:
        return f"{ui.name} is not yours to move", "5.11"
    status = U.record(st, uid)["status"]
    if kind != "reenter" and status != "on_map":
        if off_map(st, uid):
            return f"{ui.name} is off the map: it may only re-enter", "5.37"
        return f"{ui.name} is not on the map", "5.11"
    why = _why_not(st, frame, uid, kind, action)
    if why is not None:
        return why
    if uid in frame["done"]:
        return f"{ui.name} has finished moving this phase", "5.0"
    if uid != frame["current"] and not frame.get(CLOSING):
        return f"select {ui.name} before moving it", "5.0"
    return f"the {kind} action does not match the legal one; the fields differ", "5.3"


def _why_not(st: State, frame: Frame, uid: str, kind: Any, action: Action) -> Why | None:
    if kind == "entrain":
        return why_not_entrain(st, frame, uid)
    if kind == "detrain":
        return why_not_detrain(st, frame, uid)
    if kind == "reenter":
        return why_not_reenter(st, frame, uid)
    if kind == "off_map":
        return why_not_off_map(st, frame, uid, action.get("to"))
    return why_not_rail_move(st, frame, uid) or _why_not_rail_to(st, frame, uid, action)


def explain_move(st: State, frame: Frame, uid: str) -> Why | None:
    """Why an entrained unit (or one off the map) may not move normally, or None."""
    ui = U.info(st, uid)
    if off_map(st, uid):
        return f"{ui.name} is off the map: it re-enters by rail first", "5.37"
    if not entrained(st, uid):
        return None
    if not command.in_command(st, uid):
        return f"{ui.name} is entrained and out of Command Control: rail movement only", "5.35"
    return f"{ui.name} is entrained: it moves by rail until it detrains", "5.34"


def explain_select(st: State, frame: Frame, uid: str) -> tuple[str, str | None] | None:
    """Why an entrained or off-map unit may not be selected, or None for other units."""
    ui = U.info(st, uid)
    if off_map(st, uid):
        return why_not_reenter(st, frame, uid) or (f"{ui.name} is off the map", "5.37")
    if U.record(st, uid)["status"] == "on_map" and entrained(st, uid):
        return why_not_rail_move(st, frame, uid) or (
            f"{ui.name} is entrained and out of Command Control, with no rail move open",
            "5.35",
        )
    return None


# --- the end of the Movement Segment ---------------------------------------------------


def _over(st: State, side: str) -> dict[str, int]:
    """Pools whose Rail Capacity is exceeded now, by how many stacking points (5.31)."""
    return {
        pool: used - capacity(st, pool)
        for pool, (used, _) in usage(st, side).items()
        if used > capacity(st, pool)
    }


def closing_candidates(st: State, side: str) -> list[str]:
    """Entrained units that may still detrain to bring ``side`` within its Rail Capacity:
    counted, not yet moved by rail (those count anyway) and in Command Control (5.35)."""
    over = _over(st, side)
    if not over:
        return []
    return [
        uid
        for uid in U.on_map(st, side)
        if entrained(st, uid)
        and _charged(st, uid)
        and not U.has_marker(st, uid, MOVED_BY_RAIL)
        and capacity_pool(st, uid) in over
        and command.in_command(st, uid)
    ]


def closing_actions(st: State, frame: Frame) -> list[Action]:
    return [{"type": "detrain", "unit": uid} for uid in closing_candidates(st, frame["side"])]


def end_segment(st: State, frame: Frame) -> bool:
    """The player ends the Movement Segment: True when it may end now.

    5.31 units that remain entrained count against Rail Capacity: if they are
    more than it allows, the player first detrains units of his choice (the
    segment waits, offering only that).  Units that cannot detrain (out of
    Command Control, 5.35) stay entrained.  Then units off the map carry their
    Movement Points toward their destination (5.38).
    """
    side = frame["side"]
    if closing_candidates(st, side):
        if not frame.get(CLOSING):
            frame[CLOSING] = True
            st.log(
                f"More units remain entrained than the Rail Capacity allows"
                f" ({_capacity_text(st, side)}): detrain some before the segment ends.",
                case="5.31",
            )
        return False
    frame.pop(CLOSING, None)
    for pool, excess in sorted(_over(st, side).items()):
        st.log(
            f"Units out of Command Control stay entrained {excess} stacking points over the"
            f" Rail Capacity of {pool}: they may not detrain.",
            case="5.35",
        )
    _carry_off_map(st, frame)
    return True


def end_player_turn(st: State, side: str) -> None:
    """5.34 the record of rail movement, and 14.12 the exemption of arriving
    reinforcements, last until the end of the Player-Turn."""
    U.clear_marker(st, MOVED_BY_RAIL, side)
    U.clear_marker(st, RAIL_EXEMPT, side)
    charged = st.data.get(RAIL_CHARGED)
    if charged is not None and side in charged:  # failed entrain rolls: this Player-Turn
        del charged[side]
        if not charged:
            del st.data[RAIL_CHARGED]
        st.data["rev"][side] += 1  # Rail Capacity in use is cached on the side's revision


# --- prompts and views -----------------------------------------------------------------


def _capacity_text(st: State, side: str) -> str:
    left = capacity_left(st, side)
    if not left:
        return "no Rail Capacity"
    parts = [f"{v} of {capacity(st, pool)}" for pool, v in sorted(left.items())]
    if list(left) == [side]:
        return f"Rail Capacity left {parts[0]} stacking points"
    named = ", ".join(f"{pool} {p}" for pool, p in zip(sorted(left), parts, strict=True))
    return f"Rail Capacity left {named} stacking points"


def prompt_note(st: State, frame: Frame, uid: str | None) -> str:
    """What a player needs to know of rail movement now (5.31, 5.33, 5.38)."""
    side = frame["side"]
    if frame.get(CLOSING):
        return f"Detrain units over the Rail Capacity ({_capacity_text(st, side)})."
    notes = [f"{_capacity_text(st, side)}."]
    if uid is not None and off_map(st, uid):
        trip = journey(st, uid)
        notes.append(f"Off the map toward {trip['to']}: {mp_to_reenter(st, uid)} MP still to pay.")
    elif uid is not None and entrained(st, uid):
        notes.append(f"Entrained: {max(0, _rate_left(st, frame, uid))} rail hexes left.")
    used = frame.get(TRACK_USED)
    if used:
        notes.append(f"Track used this phase: {track_used_text(st, used)}.")
    return " ".join(notes)


def track_used_text(st: State, used: dict[str, int]) -> str:
    """The stacking points moved across each hexside on each line this phase (the record
    a game's track limits keep: Brusilov 18.32)."""
    rails = U.static(st).scenario.board.rails
    parts = []
    for key, points in sorted(used.items()):
        index, hexside = key.split(":", 1)
        parts.append(f"{rails[int(index)].name or 'line ' + index} {hexside} {points} SP")
    return "; ".join(parts)


def view(st: State, role: str) -> dict[str, Any]:
    """Rail Capacity left to the phasing side (5.31) and every unit off the map (5.38)."""
    phasing = st.data["phasing"]
    travelling = []
    for side in U.static(st).side_ids:
        for uid in off_map_units(st, side):
            trip = journey(st, uid)
            travelling.append(
                {
                    "unit": uid,
                    "side": side,
                    "from": trip["from"],
                    "to": trip["to"],
                    "mp_paid": trip["mp"],
                    "mp_cost": link(st, trip["link"]).cost,
                }
            )
    return {
        "capacity_left": capacity_left(st, phasing),
        "capacity": {pool: capacity(st, pool) for pool in pools_of(st, phasing)},
        "off_map": travelling,
    }


# --- the standard movement extension ----------------------------------------------------


class RailMovement(MovementExtension):
    """5.3 Railroad Movement: the standard rules' movement extension, the first a game's
    rules list (the Movement Segment asks it through these methods)."""

    action_types = ACTION_TYPES

    def setup(self, st: State, frame: Frame) -> None:
        setup(st, frame)

    def extra_units(self, st: State, side: str) -> list[str]:
        return off_map_units(st, side)  # 5.38 units off the map are moved too

    def holds(self, st: State, uid: str) -> bool:
        # 5.33 an entrained unit moves by rail until it detrains (entrained(), inlined)
        return ENTRAINED in st.data["units"][uid]["markers"]

    def can_act(self, st: State, frame: Frame, uid: str) -> bool:
        return can_act(st, frame, uid)

    def actions(self, st: State, frame: Frame, uid: str) -> list[Action]:
        return actions(st, frame, uid)

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        apply(st, frame, action)

    def explain(self, st: State, frame: Frame, action: Action) -> tuple[str, str | None]:
        return explain(st, frame, action)

    def explain_select(self, st: State, frame: Frame, uid: str) -> tuple[str, str | None] | None:
        return explain_select(st, frame, uid)

    def explain_move(self, st: State, frame: Frame, uid: str) -> Why | None:
        return explain_move(st, frame, uid)

    def closing(self, st: State, frame: Frame) -> bool:
        return bool(frame.get(CLOSING))

    def closing_actions(self, st: State, frame: Frame) -> list[Action]:
        return closing_actions(st, frame)

    def holds_open(self, st: State, frame: Frame) -> bool:
        # 5.31 units over the Rail Capacity detrain first (end_segment says so, and waits)
        return bool(closing_candidates(st, frame["side"])) and not end_segment(st, frame)

    def substituted(self, st: State, frame: Frame, out_ids: list[str], in_ids: list[str]) -> None:
        """R12: the newcomers have entered as many rail hexes this phase as the most any
        replaced unit had (5.33), and detrained if any had (one journey a phase, 5.34)."""
        hexes = frame.setdefault("rail_hexes", {})
        entered = [hexes.pop(uid) for uid in out_ids if uid in hexes]
        detrained = frame.setdefault("detrained", [])
        gone = [uid for uid in out_ids if uid in detrained]
        for uid in gone:
            detrained.remove(uid)
        for uid in in_ids:
            if entered:
                hexes[uid] = max(entered)
            if gone:
                detrained.append(uid)

    def close(self, st: State, frame: Frame) -> None:
        end_segment(st, frame)

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        return prompt_note(st, frame, uid)


#: the standard rules' movement extension (stateless: one for every game)
RAIL_MOVEMENT = RailMovement()


# --- for the combat module -------------------------------------------------------------


def may_attack_after_rail(st: State, uid: str) -> bool:
    """5.34 only TCR 1 units attack in the Combat Phase after moving by rail (HQs are
    not affected, 10.35)."""
    ui = U.info(st, uid)
    return ui.hq or ui.tcr == 1 or not U.has_marker(st, uid, MOVED_BY_RAIL)


def may_attack(st: State, uid: str) -> bool:
    """5.36 entrained units may not attack, and 5.34 (HQs not affected, 10.35)."""
    if U.info(st, uid).hq:
        return True
    return not entrained(st, uid) and may_attack_after_rail(st, uid)


def defense_halved(st: State, uid: str) -> bool:
    """5.36 entrained units defend at half Defense Strength, rounded down (not HQs, 10.35)."""
    return entrained(st, uid) and not U.info(st, uid).hq


def detrain_when_attacked(st: State, uid: str) -> None:
    """5.36 an entrained unit that is attacked is detrained at once."""
    if entrained(st, uid):
        U.remove_marker(st, uid, ENTRAINED)
        st.log(f"{U.info(st, uid).name} is attacked while entrained and detrains.", case="5.36")
