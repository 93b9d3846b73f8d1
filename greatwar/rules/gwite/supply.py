"""9.0 Supply (and 11.2 fortress supply).

A side's supply sources (9.13, 9.15, 9.16) and the lines of supply of all
its units are found in one pass, cached on the revisions of both sides:

1. Friendly rail hexes (9.15): rail hexes in a country of the side's
   ``parameters.friendly_countries``, not last occupied by an Enemy unit
   (``state.data["control"]``), joined by consecutive hexes of rail lines,
   all of them such Friendly rail hexes free of Enemy-occupied and
   Enemy-controlled hexes, to a Friendly map edge.
2. Friendly map edges (9.13): the end hexes of rail lines that lie on the
   board edge in a friendly country, and the map's ``supply_source``
   entries of a friendly country; not Enemy-occupied, not last occupied by
   an Enemy unit.
3. Supply depots in supply (9.16): within their own Supply Range of a
   source above, or of another supplied depot (chains), by a path free of
   Enemy-occupied and Enemy-controlled hexes.

Then one breadth-first search from all the sources, counting how many
Enemy-controlled hexes each line crosses (TCR 1 units may cross two, 9.14),
gives every unit's line; :func:`in_supply` is a look-up.

Choices made where the rules are silent (each is explained where coded):

* The unit's own hex is never counted (9.13) and never blocks: a unit is a
  Friendly unit in its own hex, which negates Enemy control there (7.24).
  The source hex is counted and is traced through like any other hex.
* 7.24 (Friendly units or fortresses negate Enemy control for tracing
  supply) applies to every part of supply: lines of units, rail paths
  (9.15) and depot chains (9.16).
* Undestroyed Enemy fortresses block lines like Enemy-occupied hexes (no
  unit may enter them either, 5.13); hexes holding only Enemy HQs never
  block (9.17, 10.52), not even rail paths or depot chains.
* 9.16 (depots trace "free of Enemy-controlled hexes") is the special rule
  for depots: a TCR 1 depot gets no two-hex allowance of 9.14.  A depot may
  trace to a Friendly map edge as well as to a rail hex or another depot.
* A rail path (9.15) runs through Friendly rail hexes only: a rail hex last
  occupied by the Enemy cuts the line there, as it stops rail movement
  (5.33).
* HQ units always count as in supply: being out of supply has no effect on
  them whatsoever (10.35, 9.24), so they are never marked nor attrited.
* 11.22: when several units stacked in a Friendly fortress lack a line, the
  owner chooses which one feeds off it (an action in the Initial Supply and
  Attrition Segments); a single such unit feeds off it without a choice.  A
  unit that attacks gives up feeding: it is out of supply for that attack
  (attack halved, 9.21, and attrition, 9.23, 11.22).  A depot fed by a
  fortress is no source for others (that would feed more than one unit).
* Units not on the map (pending, off-map rail movement) count as in supply:
  they trace nothing and out of supply has no effect on rail movement (9.21).
* Reinforcements placed after the Initial Supply Segment are not marked:
  supply for movement was determined before they arrived (9.11).
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State

OUT_OF_SUPPLY = "out_of_supply"
#: 9.22 die rolls on which a unit out of supply suffers attrition
ATTRITION_ROLLS = (1, 2, 3)
#: 9.14 Enemy-controlled hexes a TCR 1 unit's line may pass through
TCR1_ENEMY_ZONES = 2
#: state.data key: Friendly fortress hex -> the unit chosen to feed off it (11.22)
FORTRESS_FED = "fortress_fed"
FEED = "feed"

# --- static tables, built once per game ------------------------------------------------


@dataclass(frozen=True)
class Network:
    """What supply needs of the map, for one game (static)."""

    #: neighbours a line may enter: no prohibited terrain or hexside (9.12, 5.4)
    links: dict[str, tuple[str, ...]]
    #: consecutive hexes of some rail line (9.15 "contiguous rail hexes")
    rail_links: dict[str, tuple[str, ...]]
    #: side -> rail hexes in its friendly countries (9.13, 9.15)
    friendly_rail: dict[str, frozenset[str]]
    #: side -> Friendly map-edge hexes: rail exits and the map's supply sources (9.13)
    edges: dict[str, frozenset[str]]
    #: unit id -> Supply Range in hexes (9.12, exclusive rules)
    ranges: dict[str, int]
    #: a distance longer than any line on this map
    far: int


_networks: weakref.WeakKeyDictionary[Game, Network] = weakref.WeakKeyDictionary()


def network(st: State) -> Network:
    net = _networks.get(st.game)
    if net is None:
        net = _networks[st.game] = _build_network(st)
    return net


def _build_network(st: State) -> Network:
    stat = U.static(st)
    board = stat.scenario.board
    params = stat.scenario.file.parameters
    rail: dict[str, set[str]] = defaultdict(set)
    for line in board.rails:
        for a, b in pairwise(line.hexes):
            rail[a].add(b)
            rail[b].add(a)
    friendly_rail: dict[str, frozenset[str]] = {}
    edges: dict[str, frozenset[str]] = {}
    for side in stat.side_ids:
        countries = set(params.friendly_countries.get(side, ()))
        friendly_rail[side] = frozenset(
            h for h in stat.rail_hexes if board.country.get(h) in countries
        )
        # 9.13 a Friendly map edge is where a Friendly railroad line exits the map
        exits = {
            h
            for line in board.rails
            for h in (line.hexes[0], line.hexes[-1])
            if board.is_edge(h) and board.country.get(h) in countries
        }
        exits.update(s.hex for s in board.supply_sources if s.country in countries)
        edges[side] = frozenset(exits)
    return Network(
        links={h: tuple(stat.adjacency()[h]) for h in board.hexes},
        rail_links={h: tuple(sorted(n)) for h, n in rail.items()},
        friendly_rail=friendly_rail,
        edges=edges,
        ranges={uid: params.supply_range.get(ui.nationality, 0) for uid, ui in stat.units.items()},
        far=len(board.hexes) + 1,
    )


# --- the supply situation of a side, found in one pass ------------------------------------


@dataclass(frozen=True)
class SupplyTable:
    """Supply of one side now (derived, cached on the revisions of both sides)."""

    #: hexes a line may not enter: Enemy units other than HQs, Enemy fortresses
    blocked: frozenset[str]
    #: Enemy-controlled hexes without a Friendly unit or fortress (7.24)
    enemy_zones: frozenset[str]
    #: 9.15 Friendly rail hexes that are supply sources
    rail: frozenset[str]
    #: 9.13 Friendly map-edge hexes usable as sources
    edges: frozenset[str]
    #: 9.16 supply depots (unit ids) in supply
    depots: frozenset[str]
    #: every hex a line of supply may end in
    sources: frozenset[str]
    #: unit on the map -> whether it can trace a line of supply (9.12-9.16)
    line: dict[str, bool]


def table(st: State, side: str) -> SupplyTable:
    """The supply situation of ``side`` (one pass per change of either side's units)."""
    return U.cached(st, f"supply:{side}", lambda s: _build_table(s, side))  # type: ignore[no-any-return]


def _build_table(st: State, side: str) -> SupplyTable:
    net = network(st)
    enemy = U.enemy_of(st, side)
    blocked, present = _occupation(st, side)
    enemy_zones = zoc.enemy_controlled(st, side) - present  # 7.24
    control = st.data["control"]
    closed = blocked | enemy_zones
    rail = _rail_sources(net, side, enemy, control, closed)
    # 9.13 map edges: not Enemy-occupied nor last occupied by an Enemy unit
    edges = frozenset(h for h in net.edges[side] if h not in blocked and control.get(h) != enemy)
    depots = _supplied_depots(st, side, net, rail | edges, closed)
    depot_hexes = {U.record(st, uid)["hex"] for uid in depots}
    sources = rail | edges | depot_hexes
    line = _trace_lines(st, side, net, sources, blocked, enemy_zones, depots)
    return SupplyTable(blocked, enemy_zones, rail, edges, depots, sources, line)


def _occupation(st: State, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """Hexes that block ``side``'s lines, and hexes where ``side`` is present (7.24)."""
    stat = U.static(st)
    blocked: set[str] = set()
    present: set[str] = set()
    for h, ids in U.occupancy(st).items():
        if stat.units[ids[0]].side == side:
            present.add(h)
        elif not all(stat.units[uid].hq for uid in ids):
            blocked.add(h)  # 9.14 Enemy-occupied; 9.17 hexes of Enemy HQs alone do not block
    for h, owner in stat.fortress_side.items():
        if not zoc.fortress_destroyed(st, h):
            # 7.24 a Friendly fortress negates Enemy control; an Enemy one blocks (5.13)
            (present if owner == side else blocked).add(h)
    return frozenset(blocked), frozenset(present)


def _rail_sources(
    net: Network, side: str, enemy: str, control: dict[str, str], closed: frozenset[str]
) -> frozenset[str]:
    """9.15 Friendly rail hexes joined by contiguous usable rail hexes to a Friendly map edge."""
    usable = {h for h in net.friendly_rail[side] if h not in closed and control.get(h) != enemy}
    frontier = [h for h in net.edges[side] if h in usable]
    reached = set(frontier)
    while frontier:
        following = []
        for h in frontier:
            for n in net.rail_links.get(h, ()):
                if n in usable and n not in reached:
                    reached.add(n)
                    following.append(n)
        frontier = following
    return frozenset(reached)


def _relax(
    net: Network, starts: Iterable[str], closed: frozenset[str], limit: int, dist: dict[str, int]
) -> None:
    """Lower ``dist`` (hexes to the nearest start) by a breadth-first search from ``starts``
    through hexes not ``closed``, up to ``limit`` hexes."""
    frontier = []
    for h in starts:
        if dist.get(h, net.far) > 0:
            dist[h] = 0
            frontier.append(h)
    d = 0
    while frontier and d < limit:
        d += 1
        following = []
        for h in frontier:
            for n in net.links[h]:
                if n not in closed and dist.get(n, net.far) > d:
                    dist[n] = d
                    following.append(n)
        frontier = following


def _supplied_depots(
    st: State, side: str, net: Network, base: frozenset[str], closed: frozenset[str]
) -> frozenset[str]:
    """9.16 depots within their own Supply Range of a source or of a supplied depot."""
    stat = U.static(st)
    depots = [uid for uid in U.on_map(st, side) if stat.units[uid].type == "supply_depot"]
    if not depots:
        return frozenset()
    limit = max(net.ranges[uid] for uid in depots)
    dist: dict[str, int] = {}
    _relax(net, (h for h in base if h not in closed), closed, limit, dist)
    supplied: set[str] = set()
    progress = True
    while progress:
        progress = False
        for uid in depots:
            here = U.record(st, uid)["hex"]
            if uid not in supplied and dist.get(here, net.far) <= net.ranges[uid]:
                supplied.add(uid)
                progress = True
                _relax(net, (here,), closed, limit, dist)  # 9.16 chains
    return frozenset(supplied)


def _zone_layers(
    net: Network,
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    most_zones: int,
    limit: int,
) -> list[dict[str, int]]:
    """Breadth-first search from every source; ``layers[c][h]`` is the shortest line from
    ``h`` that passes through ``c`` Enemy-controlled hexes (9.14), for c up to ``most_zones``."""
    layers: list[dict[str, int]] = [{} for _ in range(most_zones + 1)]
    fewest: dict[str, int] = {}  # fewest Enemy zones crossed to reach a hex so far
    frontier = []
    for h in sources:
        c = 1 if h in enemy_zones else 0
        if c <= most_zones:
            layers[c][h] = 0
            fewest[h] = c
            frontier.append((h, c))
    links = net.links
    too_many = most_zones + 1
    d = 0
    while frontier and d < limit:
        d += 1
        following = []
        for h, c in frontier:
            for n in links[h]:
                if n in blocked:
                    continue
                crossed = c + 1 if n in enemy_zones else c
                # too many Enemy zones, or reached as soon (BFS order) through as few
                if crossed < fewest.get(n, too_many):
                    fewest[n] = crossed
                    layers[crossed][n] = d
                    following.append((n, crossed))
        frontier = following
    return layers


def _trace_lines(
    st: State,
    side: str,
    net: Network,
    sources: frozenset[str],
    blocked: frozenset[str],
    enemy_zones: frozenset[str],
    depots: frozenset[str],
) -> dict[str, bool]:
    stat = U.static(st)
    units = U.on_map(st, side)
    tracers = [uid for uid in units if stat.units[uid].type != "supply_depot"]
    most_zones = TCR1_ENEMY_ZONES if any(stat.units[u].tcr == 1 for u in tracers) else 0
    limit = max((net.ranges[uid] for uid in tracers), default=0)
    layers = _zone_layers(net, sources, blocked, enemy_zones, most_zones, limit)
    line: dict[str, bool] = {}
    for uid in units:
        ui = stat.units[uid]
        if ui.type == "supply_depot":
            line[uid] = uid in depots  # 9.16
            continue
        here = U.record(st, uid)["hex"]
        allowed = most_zones if ui.tcr == 1 else 0  # 9.14
        shortest = min(layers[c].get(here, net.far) for c in range(allowed + 1))
        line[uid] = shortest <= net.ranges[uid]  # 9.12, 9.13: the unit's hex not counted
    return line


# --- the interface ---------------------------------------------------------------------


def has_line(st: State, uid: str) -> bool:
    """Whether a unit on the map can trace a line of supply now (9.12-9.17)."""
    return table(st, U.info(st, uid).side).line.get(uid, False)


def in_supply(st: State, uid: str) -> bool:
    """Whether the unit can trace a line of supply now (9.12-9.17, 11.22).

    HQs always are (10.35: being out of supply has no effect on them), and
    so are units not on the map (nothing to trace; 9.21 no effect on rail
    movement off the map).
    """
    ui = U.info(st, uid)
    if ui.hq or U.record(st, uid)["status"] != "on_map":
        return True
    return has_line(st, uid) or fortress_fed(st, uid)


def movement_halved(st: State, uid: str) -> bool:
    """9.21: out of supply as determined in this Movement Phase's Initial Supply Segment."""
    return U.has_marker(st, uid, OUT_OF_SUPPLY)


def attack_halved(st: State, uid: str) -> bool:
    """9.21: out of supply at the instant of combat (9.11); HQs never (10.35, 10.51).

    A unit that only feeds off a fortress gives that up by attacking (11.22),
    so it is halved too.
    """
    ui = U.info(st, uid)
    if ui.hq or U.record(st, uid)["status"] != "on_map":
        return False
    return not has_line(st, uid)


def check_attacker_attrition(st: State, attackers: list[str]) -> None:
    """9.23 (and 11.22): attackers out of supply at the instant of combat roll for attrition
    as in 9.22, immediately before the odds are computed; HQs are immune (9.24).

    Who is out of supply is settled for all attackers before any die is
    rolled; the rolls go in counter order, whatever the order of ``attackers``.
    """
    chosen = set(attackers)
    due = [
        (uid, fortress_fed(st, uid))
        for uid in U.static(st).units
        if uid in chosen and attack_halved(st, uid) and not U.rules(st).attrition_exempt(st, uid)
    ]
    for uid, fed in due:
        if fed:
            attrition(st, uid, "11.22", "attacks from the fortress it feeds off")
        else:
            attrition(st, uid, "9.23", "attacks out of supply")


def fortress_fed(st: State, uid: str) -> bool:
    """11.22: the unit lacks a line of supply but is in supply by feeding off the Friendly
    fortress it is stacked with (at most one unit per fortress)."""
    ui = U.info(st, uid)
    rec = U.record(st, uid)
    if ui.hq or rec["status"] != "on_map" or has_line(st, uid):
        return False
    here = rec["hex"]
    if not _friendly_fortress(st, here, ui.side):
        return False
    candidates = feeding_candidates(st, here)
    chosen = st.data.get(FORTRESS_FED, {}).get(here)
    if chosen in candidates:
        return chosen == uid  # type: ignore[no-any-return]
    return candidates == [uid]  # the only one: no choice to make


def feeding_candidates(st: State, hex_label: str) -> list[str]:
    """Units in ``hex_label`` (HQs aside) that lack a line of supply (11.22)."""
    units = U.static(st).units
    return [uid for uid in U.units_in(st, hex_label) if not units[uid].hq and not has_line(st, uid)]


def _friendly_fortress(st: State, hex_label: str, side: str) -> bool:
    owner = U.static(st).fortress_side.get(hex_label)
    return owner == side and not zoc.fortress_destroyed(st, hex_label)


def sources(st: State, side: str) -> frozenset[str]:
    """Hexes that are Friendly supply sources of ``side`` now (9.13, 9.15, 9.16)."""
    return table(st, side).sources


def source_distance(st: State, side: str, hex_label: str) -> int | None:
    """Hexes from ``hex_label`` to the nearest Friendly supply source of ``side``
    (8.63 retreat priority, 12.13 withdrawal), or None when none can be reached.

    "Nearest" is measured along the hex grid the way a line of supply or a
    retreat would go: around prohibited terrain and hexsides and Enemy units
    (HQs alone aside, 10.52) and Enemy fortresses, without limit of range.
    Enemy zones of control are ignored here: retreats and withdrawals have
    their own rules for them (8.63 priority 2, 8.64, 12.13).  A plain hex
    count would send retreats toward a source across a lake.
    """
    dist = U.cached(st, f"supply_distance:{side}", lambda s: _distances(s, side))
    return dist.get(hex_label)  # type: ignore[no-any-return]


def _distances(st: State, side: str) -> dict[str, int]:
    net = network(st)
    tab = table(st, side)
    dist: dict[str, int] = {}
    _relax(net, tab.sources, tab.blocked, net.far, dist)
    return dist


def out_of_supply_units(st: State) -> list[str]:
    """Units on the map, of both sides, out of supply now (for the map's supply overlay)."""
    units = st.data["units"]
    return [
        uid
        for uid in U.static(st).units
        if units[uid]["status"] == "on_map" and not in_supply(st, uid)
    ]


class SupplyRules:
    """The variation points of 9.0 (a game's rules class may override them)."""

    def attrition_exempt(self, st: State, uid: str) -> bool:
        """Units the exclusive rules spare from attrition (e.g. Caporetto 9.22)."""
        return False


def attrition(st: State, uid: str, case: str, why: str) -> int:
    """9.22 roll for attrition: on 1-3 the unit loses half its remaining steps, rounded up.

    Returns the steps lost.
    """
    name = U.info(st, uid).name
    roll = st.roll(f"attrition of {name} ({why})", case)
    if roll not in ATTRITION_ROLLS:
        st.log(f"{name} suffers no attrition.", case=case)
        return 0
    half = -(-U.steps_left(st, uid) // 2)  # 9.22 half the remaining steps, rounded up
    return U.lose_steps(st, uid, half, case, "attrition")


# --- the segments ----------------------------------------------------------------------


def _open_feeding_choice(st: State, frame: Frame) -> tuple[str, list[str]] | None:
    """11.22 the first Friendly fortress where several units lack a line and the owner has
    not yet chosen, in this segment, which one feeds off it."""
    side = frame["side"]
    decided = set(frame["fed"])
    for h in sorted(U.static(st).fortress_side):
        if h in decided or not _friendly_fortress(st, h, side):
            continue
        candidates = feeding_candidates(st, h)
        if len(candidates) > 1:
            return h, candidates
    return None


class _DeterminationSegment(Handler):
    """A segment that determines the phasing player's supply (9.11).

    It is automatic unless units in a Friendly fortress must share it: then
    the phasing player first chooses which one feeds off it (11.22).
    """

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("fed", [])

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if _open_feeding_choice(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        choice = _open_feeding_choice(st, frame)
        if choice is None:
            return []
        h, candidates = choice
        return [{"type": FEED, "unit": uid, "fortress": h} for uid in candidates]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        h, uid = action["fortress"], action["unit"]
        st.data.setdefault(FORTRESS_FED, {})[h] = uid
        frame["fed"].append(h)
        others = len(feeding_candidates(st, h)) - 1
        st.log(
            f"{U.info(st, uid).name} feeds off {_fortress_name(st, h)} and is in supply;"
            f" {others} other unit{'s' if others > 1 else ''} there cannot.",
            case="11.22",
        )

    def run(self, st: State, frame: Frame) -> None:
        self._log_sole_feeders(st, frame)
        self.determine(st, frame)
        st.pop()

    def determine(self, st: State, frame: Frame) -> None:
        raise NotImplementedError

    def _log_sole_feeders(self, st: State, frame: Frame) -> None:
        """11.22 a single unit without a line in a Friendly fortress feeds off it (no choice)."""
        side = frame["side"]
        for h in sorted(U.static(st).fortress_side):
            if h not in frame["fed"] and _friendly_fortress(st, h, side):
                candidates = feeding_candidates(st, h)
                if len(candidates) == 1:
                    st.log(
                        f"{U.info(st, candidates[0]).name} feeds off {_fortress_name(st, h)}"
                        " and is in supply.",
                        case="11.22",
                    )

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        choice = _open_feeding_choice(st, frame)
        if choice is None:
            return ""
        return (
            f"{len(choice[1])} units in {_fortress_name(st, choice[0])} have no line of supply:"
            " choose the one that feeds off the fortress (11.22)."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused while a fortress's feeder is chosen."""
        choice = _open_feeding_choice(st, frame)
        if action.get("type") != FEED or choice is None:
            return "the only choice now is which unit feeds off a fortress", "11.22"
        h, candidates = choice
        if action.get("fortress") != h:
            return f"choose first which unit feeds off {_fortress_name(st, h)}", "11.22"
        uid = action.get("unit")
        return (
            f"{uid!r} is not one of the units in {h} without a line of supply"
            f" ({', '.join(candidates)}): only one of them may feed off the fortress",
            "11.22",
        )


def _fortress_name(st: State, hex_label: str) -> str:
    f = U.static(st).scenario.board.fortresses.get(hex_label)
    return f"{f.name} ({hex_label})" if f else hex_label


def _unit_list(st: State, ids: list[str], detail: dict[str, str] | None = None) -> str:
    names = []
    for uid in ids:
        extra = f" {detail[uid]}" if detail and uid in detail else ""
        names.append(f"{U.info(st, uid).name}{extra}")
    return ", ".join(names)


class InitialSupplySegment(_DeterminationSegment):
    """4.0 A.a Initial Supply Determination Segment (9.11).

    Each phasing unit out of supply now gets the ``out_of_supply`` marker,
    which halves its Movement Allowance for this Movement Phase (9.21,
    :func:`movement.allowance`); units in supply lose it.  Reinforcements
    placed later in this phase were not on the map now and are not marked.
    """

    kind = "initial_supply"
    case = "9.11"

    def determine(self, st: State, frame: Frame) -> None:
        side = frame["side"]
        units = U.on_map(st, side)
        out = [uid for uid in units if not in_supply(st, uid)]
        for uid in units:
            if uid in out:
                U.add_marker(st, uid, OUT_OF_SUPPLY)
            else:
                U.remove_marker(st, uid, OUT_OF_SUPPLY)
        if not out:
            st.log(
                f"Initial Supply Determination: every {side_name(st, side)} unit is in supply.",
                case="9.11",
            )
            return
        from greatwar.rules.gwite.movement import allowance

        halved = {uid: f"(MA {U.movement_allowance(st, uid)}→{allowance(st, uid)})" for uid in out}
        st.log(
            f"Initial Supply Determination: {len(out)} {side_name(st, side)} unit"
            f"{'s are' if len(out) > 1 else ' is'} out of supply, Movement Allowance halved"
            f" this Movement Phase (9.21): {_unit_list(st, out, halved)}.",
            case="9.11",
        )

    def title(self, st: State, frame: Frame) -> str:
        return "Initial Supply Determination Segment"


class AttritionSegment(_DeterminationSegment):
    """4.0 A.e Attrition Segment (9.11, 9.22).

    Supply is determined anew now for every phasing unit, before any die is
    rolled; each unit out of supply (HQs never, 9.24) rolls, in counter
    order.  The ``out_of_supply`` markers of the Initial Supply Segment have
    served their Movement Phase and are removed at the end of this segment.
    """

    kind = "attrition"
    case = "9.22"

    def determine(self, st: State, frame: Frame) -> None:
        side = frame["side"]
        due = [
            uid
            for uid in U.on_map(st, side)
            if not in_supply(st, uid) and not U.rules(st).attrition_exempt(st, uid)
        ]
        if due:
            st.log(
                f"Attrition Segment: {len(due)} {side_name(st, side)} unit"
                f"{'s' if len(due) > 1 else ''} out of supply roll for attrition:"
                f" {_unit_list(st, due)}.",
                case="9.22",
            )
        else:
            st.log(
                f"Attrition Segment: no {side_name(st, side)} unit is out of supply.", case="9.22"
            )
        for uid in due:
            attrition(st, uid, "9.22", "out of supply")
        U.clear_marker(st, OUT_OF_SUPPLY, side)

    def title(self, st: State, frame: Frame) -> str:
        return "Attrition Segment"
