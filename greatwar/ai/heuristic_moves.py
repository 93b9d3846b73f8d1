"""Where a unit should go: the rules of thumb for movement both rule systems share.

A :class:`Front` is read once per decision from a sampled state: where each
side's fighting units and strength stand, which cities and towns score and who
holds them, and which of one's own objectives the enemy threatens. Its
:meth:`Front.hex_value` says how good a hex is for one of one's units to end
its move in, so that choosing among a selected unit's destinations (and
deciding to stop) needs no look-ahead:

* closer to enemy-held objectives is better (the nearest ones pull hardest),
  and entering one takes it: worth its points again (:data:`CAPTURE_WEIGHT`);
* an own objective the enemy is near (:attr:`Front.threat_range`: a rule
  system may say an enemy move) wants a garrison: standing in it (or next to
  it) is worth its points, leaving it empty is not;
* contact with the enemy is worth something to a strong unit (it can attack
  in the combat that follows) and costs a weak one;
* overstacking costs, and so does ending where the enemy masses against a
  lone unit;
* ending out of supply costs dearly (the rule system says how far a line
  reaches, and how much it weighs: :attr:`Front.supply_weight`).

HQs follow their troops: their value is being near the centre of the own
fighting units, not in contact with the enemy; a piece that feeds lines of
supply (a depot) is worth, besides, what it would feed where it stands
(:attr:`Front.feeds`).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.ai import tables

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: pieces that do not fight (their moves follow other rules)
NOT_COMBAT = frozenset({"hq", "supply_train", "mask"})
#: how far (hexes) an enemy unit must be to threaten an own objective
THREAT_RANGE = 3
#: the supply gap of a piece that needs no supply line
SUPPLY_SLACK = 99


#: how much better a hex must look than staying put for a unit to move there
MOVE_GAIN = 0.05
#: what taking an objective is worth, per point, on top of its pull
CAPTURE_WEIGHT = 2.0
#: a threatened own objective's worth to its only defender, per point (1 to any other,
#: or :attr:`Front.guard_short`)
GUARD_ALONE = 3.0
#: how near (hexes) enemy strength counts against an objective's defenders: he may move
#: next to it and attack
CLOSING = 2
#: what losing the moving unit weighs against a move (as overstacking, 6.14)
LOSS_WEIGHT = 50.0


@dataclass
class Front:
    """The position as one side sees it for choosing moves (see the module docstring)."""

    state: State
    side: str
    strength: Callable[[State, str], float]
    stack_room: Callable[[State, str, str], bool] = lambda st, uid, h: True
    #: hexes beyond the reach of the unit's line of supply if it stood in the hex
    #: (0: at the very end of the line; negative: the hexes to spare)
    supply_gap: Callable[[Front, str, str], int] = lambda f, uid, h: -SUPPLY_SLACK
    #: the fighting weight a moving piece carries (None: it does not fight, e.g. an HQ);
    #: by default a fighting unit's strength
    carried: Callable[[State, str], float | None] | None = None
    #: more places ``side`` wants to reach, each a group of hexes with its worth (e.g.
    #: the regions of an automatic victory)
    goals: Callable[[State, str], list[tuple[list[str], float]]] = lambda st, side: []
    #: hexes the enemy must not reach (one of his units there wins him the game), each
    #: with its worth: always guarded
    threats: Callable[[State, str], list[tuple[list[str], float]]] = lambda st, side: []
    #: the chance a move (an offered action) costs the moving unit itself (a roll the rules
    #: make as it moves), weighed as :data:`LOSS_WEIGHT` times that chance
    risk: Callable[[State, str, dict[str, Any]], float] = lambda st, uid, a: 0.0
    #: what a move is worth on its way, beyond the hex it ends in (e.g. the side's own rail
    #: hexes the enemy took that the unit takes back by passing through them)
    path_value: Callable[[Front, str, dict[str, Any]], float] = lambda f, uid, a: 0.0
    #: what a piece that does not fight (e.g. a supply depot) is worth standing in a hex
    #: for the lines of supply it would open there (a rule system says how)
    feeds: Callable[[Front, str, str], float] = lambda f, uid, h: 0.0
    #: how far (hexes) an enemy unit must be to threaten an own objective
    threat_range: int = THREAT_RANGE
    #: hexes where the enemy may attack with no unit next to them (e.g. a flotilla's
    #: river banks): a piece that does not fight keeps out of them unless fighting units
    #: stand there, as out of contact
    exposed: frozenset[str] = frozenset()
    #: a threatened own objective's worth, per point, to one of defenders weaker than
    #: the enemy within :data:`CLOSING` hexes of it (more than 1 where losing it for a
    #: single Game-Turn costs points)
    guard_short: float = 1.0
    #: how many times a city's points count from now on (more than once where a game
    #: scores its towns every Game-Turn), by which its worth is multiplied
    city_weight: float = 1.0
    #: how much ending out of supply weighs (less where it no longer matters, e.g. the
    #: last Game-Turn of a game that traces supply at the start of the next)
    supply_weight: float = 1.0
    #: hexes where ending out of supply weighs otherwise (hex -> weight), e.g. the last
    #: Game-Turn's towns held only to keep the enemy from scoring them
    supply_weight_in: dict[str, float] = field(default_factory=dict)
    #: objectives the side would score only in its supply that no line of its supply
    #: could reach (e.g. towns beyond every source's Supply Range): not worth taking
    out_of_reach: Callable[[State, str], frozenset[str]] = lambda st, side: frozenset()
    #: the enemy's units worth closing in on where no place is left to take (e.g. his
    #: steps that score when lost in combat), each group of hexes with its worth
    prey: Callable[[State, str], list[tuple[list[str], float]]] = lambda st, side: []
    own: dict[str, float] = field(default_factory=dict)  # hex -> own fighting strength
    enemy: dict[str, float] = field(default_factory=dict)  # hex -> enemy fighting strength
    #: places to reach: their hexes and worth (an enemy-held city is a group of one)
    targets: list[tuple[tuple[hexgrid.Hex, ...], float]] = field(default_factory=list)
    guard: list[tuple[hexgrid.Hex, str, float]] = field(default_factory=list)
    #: objectives the side does not hold, by hex: entering one takes it
    capture: dict[str, float] = field(default_factory=dict)
    centre: hexgrid.Hex | None = None
    #: what a rule system's hooks keep between calls (e.g. supply distances)
    notes: dict[Any, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        st = self.state
        rev = st.data["rev"]
        board = st.game.scenario.board
        self._coord: dict[str, hexgrid.Hex] = board.coord
        self._neighbours: dict[str, tuple[str, ...]] = board.neighbours
        self.own = {}
        self.enemy = {}
        for side in st.game.static.side_ids:
            # each side's table kept with the state until that side's units change
            key = ("ai-front-strength", self.strength, side, rev[side])
            table = st.memo(key, _strength_of, st, side, self.strength)
            if side == self.side:
                self.own = table
            else:
                self.enemy.update(table)
        #: the enemy's strength next to each hex asked about, kept per game for the enemy's
        #: strength by hex (it stands while one side moves; a sampled world starts afresh)
        self._enemy_key = frozenset(self.enemy.items())
        self._enemy_near: dict[str, float] = tables.kept(
            st.game, "ai-enemy-near", self._enemy_key, dict
        )
        self._own_near: dict[str, float] = {}
        self._enemy_within: dict[str, float] = {}
        self._weights: dict[str, float | None] = {}
        self._pulls: _Pulls | None = None
        self._objectives()
        self._centre()

    def coord(self, h: str) -> hexgrid.Hex:
        return self._coord[h]

    def _objectives(self) -> None:
        control = self.state.data["control"]
        threatened = self._threatened()
        beyond = self.out_of_reach(self.state, self.side)
        for h, c, points in tables.kept(self.state.game, "vp-places", None, _vp_places, self):
            if h in beyond:
                continue
            worth = points * self.city_weight
            if control.get(h) != self.side:
                self.targets.append(((c,), worth))
                self.capture[h] = worth
            elif h in threatened:
                self.guard.append((c, h, worth))
        for hexes, worth in self.goals(self.state, self.side):
            self.targets.append((tuple(self.coord(h) for h in hexes), worth))
        for hexes, worth in self.threats(self.state, self.side):
            self.guard.extend((self.coord(h), h, worth) for h in hexes)
        if not self.targets:  # nothing to take: close in on the enemy's units
            for hexes, worth in self.prey(self.state, self.side):
                self.targets.append((tuple(self.coord(h) for h in hexes), worth))

    def _threatened(self) -> frozenset[str]:
        """The scoring places with an enemy unit within :attr:`threat_range` (kept per game
        for the enemy's strength by hex)."""
        key = (self._enemy_key, self.threat_range)
        return tables.kept(self.state.game, "ai-threatened", key, self._near_enemy)  # type: ignore[no-any-return]

    def _near_enemy(self) -> frozenset[str]:
        enemy_hexes = [self.coord(h) for h in self.enemy]
        places = tables.kept(self.state.game, "vp-places", None, _vp_places, self)
        return frozenset(
            h
            for h, c, _ in places
            if any(hexgrid.distance(c, e) <= self.threat_range for e in enemy_hexes)
        )

    def _centre(self) -> None:
        hexes = [self.coord(h) for h in self.own]
        if hexes:
            q = round(sum(h.q for h in hexes) / len(hexes))
            r = round(sum(h.r for h in hexes) / len(hexes))
            self.centre = hexgrid.Hex(q, r)

    # --- values -------------------------------------------------------------------------

    def neighbours(self, h: str) -> tuple[str, ...]:
        return self._neighbours.get(h, ())

    def enemy_next_to(self, h: str) -> float:
        """Enemy fighting strength adjacent to ``h``."""
        near = self._enemy_near.get(h)
        if near is None:
            near = self._enemy_near[h] = sum(map(self.enemy.get, self.neighbours(h), _NONE))
        return near

    def enemy_within(self, h: str) -> float:
        """Enemy fighting strength within :data:`CLOSING` hexes of ``h``."""
        near = self._enemy_within.get(h)
        if near is None:
            c = self._coord[h]
            near = self._enemy_within[h] = sum(
                s for e, s in self.enemy.items() if hexgrid.distance(c, self._coord[e]) <= CLOSING
            )
        return near

    def own_next_to(self, h: str) -> float:
        near = self._own_near.get(h)
        if near is None:
            near = self._own_near[h] = sum(map(self.own.get, self.neighbours(h), _NONE))
        return near

    def objective_pull(self, c: hexgrid.Hex) -> float:
        """The pull of the places to reach on a hex: nearest ones pull hardest."""
        pulls = self._pulls
        if pulls is not None:
            pull = pulls.known.get(c)
            if pull is not None:
                return pull
        else:  # kept per game for these places (they change rarely)
            pulls = self._pulls = tables.kept(
                self.state.game, "pulls", tuple(self.targets), _Pulls, self
            )
        pull = pulls.known.get(c)
        if pull is None:
            pull = pulls.known[c] = pulls.pull(c, self.map_at(c))
        return pull

    def map_at(self, c: hexgrid.Hex) -> str:
        """The prefix of the map hex ``c`` lies on (a game on several maps: places on
        another map pull nothing, no hex of one is near a hex of another)."""
        board = self.state.game.scenario.board
        return board.map_of(board.label_at[c])

    def guard_value(self, h: str, c: hexgrid.Hex, others: float) -> float:
        """Standing in (or next to) a threatened own objective: most as its only
        defender, and :attr:`guard_short` times as much while the others there are
        weaker than the enemy near it (:meth:`enemy_within`: he could close in and
        attack)."""
        value = 0.0
        q, r = c
        for (gq, gr), gh, vp in self.guard:
            if gh == h:
                if others <= 0:
                    value += vp * GUARD_ALONE
                else:
                    short = self.guard_short != 1.0 and others < self.enemy_within(h)
                    value += vp * (self.guard_short if short else 1.0)
            elif abs(q - gq) + abs(r - gr) + abs(q - gq + r - gr) == 2:  # hexgrid.distance 1
                value += vp * 0.3
        return value

    def best_move(self, uid: str, moves: list[Any], here: str) -> Any | None:
        """The move of ``uid`` to the best hex, if it beats staying by :data:`MOVE_GAIN`
        (shorter paths preferred a little); None to stay."""
        best, value = None, self.hex_value(uid, here, here) + MOVE_GAIN
        for a in moves:
            v = self.move_value(uid, a, here)
            if v > value:
                best, value = a, v
        return best

    def move_value(self, uid: str, a: dict[str, Any], here: str) -> float:
        """What the move ``a`` of ``uid`` from ``here`` is worth: the hex it ends in, a
        little less the longer its path, what it is worth on its way, less its risk."""
        v = self.hex_value(uid, a["to"], here) - 0.01 * len(a.get("path", ()))
        return v + self.path_value(self, uid, a) - LOSS_WEIGHT * self.risk(self.state, uid, a)

    def hex_value(self, uid: str, h: str, here: str | None = None) -> float:
        """How good ``h`` is for unit ``uid`` to end its move in (``here`` is where it
        stands now, so its own strength is not counted twice)."""
        c = self._coord[h]
        # a unit (fighting or not: a depot too) that would overstack is lost at the end of
        # the phase (6.14)
        crowded = LOSS_WEIGHT if h != here and not self.stack_room(self.state, uid, h) else 0.0
        mine = self._weights.get(uid) if uid in self._weights else self.weight(uid)
        if mine is None:
            support = self._support_value(h, c) + self.feeds(self, uid, h)
            return support - self._supply_cost(uid, h) - crowded
        others = self.own.get(h, 0.0) - (mine if h == here else 0.0)
        value = 2.0 * self.objective_pull(c) + CAPTURE_WEIGHT * self.capture.get(h, 0.0)
        value += self.guard_value(h, c, others) if self.guard else 0.0
        value += self._contact_value(h, mine + others)
        return value - crowded - self._supply_cost(uid, h)

    def _supply_cost(self, uid: str, h: str) -> float:
        """Out of supply costs dearly; at the very end of the line a little, since one
        enemy move may cut it."""
        gap = self.supply_gap(self, uid, h)
        if gap < 0:
            return 0.0
        weight = self.supply_weight_in.get(h, self.supply_weight)
        return weight * (6.0 + 2.0 * gap) if gap > 0 else weight * 1.5

    def weight(self, uid: str) -> float | None:
        """The fighting weight ``uid`` carries when it moves (None if it does not fight)."""
        if uid not in self._weights:
            self._weights[uid] = self._weight(uid)
        return self._weights[uid]

    def _weight(self, uid: str) -> float | None:
        if self.carried is not None:
            return self.carried(self.state, uid)
        if self.state.game.static.units[uid].type in NOT_COMBAT:
            return None
        return self.strength(self.state, uid)

    def _contact_value(self, h: str, stack: float) -> float:
        """Next to the enemy: good for a stack that outweighs what it touches."""
        touching = self.enemy_next_to(h)
        if not touching:
            return 0.0
        support = self.own_next_to(h) * 0.5 + stack
        ratio = support / max(touching, 0.5)
        return 1.5 if ratio >= 1.5 else (0.5 if ratio >= 1.0 else -1.5)

    def _support_value(self, h: str, c: hexgrid.Hex) -> float:
        """HQs and trains: near the own troops, out of the enemy's reach."""
        centre = self.centre
        if centre is None:
            value = 0.0
        else:  # hexgrid.distance, inline
            dq, dr = c[0] - centre[0], c[1] - centre[1]
            value = -0.5 * ((abs(dq) + abs(dr) + abs(dq + dr)) // 2)
        value += 0.4 * min(self.own_next_to(h) + self.own.get(h, 0.0), 10.0)
        if self.enemy_next_to(h) or (h in self.exposed and not self.own.get(h)):
            value -= 8.0
        return value


#: no strength, as often as a look-up needs it
_NONE = itertools.repeat(0.0)


def _vp_places(front: Front) -> list[tuple[str, hexgrid.Hex, float]]:
    """The cities and towns that score, in the order of their hexes, with their points as
    a worth: a town's points may be signed for the side that scores them (Serbia/Galicia
    25.11), to the other it is worth as much to deny."""
    cities = front.state.game.scenario.board.cities
    return [
        (h, front.coord(h), float(abs(city.vp))) for h, city in sorted(cities.items()) if city.vp
    ]


def _strength_of(st: State, side: str, strength: Callable[[State, str], float]) -> dict[str, float]:
    """``side``'s fighting strength by hex (units in the order of the state's records)."""
    units = st.game.static.units
    table: dict[str, float] = defaultdict(float)
    for uid, rec in st.data["units"].items():
        ui = units[uid]
        if ui.side != side or rec["status"] != "on_map" or not rec["hex"] or ui.type in NOT_COMBAT:
            continue
        table[rec["hex"]] += strength(st, uid)
    return dict(table)


class _Pulls:
    """The pull of a front's places to reach (:meth:`Front.objective_pull`) on each hex,
    worked out as asked: the places grouped by the map they lie on (2.1: places on
    another map pull nothing); a large group's distance from each hex kept per game (a
    region to reach stays while the cities change hands)."""

    def __init__(self, front: Front) -> None:
        self.known: dict[hexgrid.Hex, float] = {}
        #: map -> each group's points, its hexes on that map (groups with none left out)
        #: and, for a large group, the distances from it kept per game
        self.by_map: dict[
            str, list[tuple[float, tuple[hexgrid.Hex, ...], dict[hexgrid.Hex, int] | None]]
        ] = {}
        game = front.state.game
        maps = {front.map_at(t) for group, _ in front.targets for t in group}
        for prefix in sorted(maps):
            groups = self.by_map[prefix] = []
            for group, vp in front.targets:
                near = tuple(t for t in group if front.map_at(t) == prefix)
                if near:
                    large = len(near) > LARGE_GROUP
                    kept = tables.kept(game, "ai-group-distance", near, dict) if large else None
                    groups.append((vp, near, kept))

    def pull(self, c: hexgrid.Hex, here: str) -> float:
        q, r = c
        pull = 0.0
        for vp, near, kept in self.by_map.get(here, ()):
            closest = None if kept is None else kept.get(c)
            if closest is None:
                closest = min(
                    (abs(q - tq) + abs(r - tr) + abs(q - tq + r - tr)) // 2 for tq, tr in near
                )
                if kept is not None:
                    kept[c] = closest
            pull += vp / (1.0 + closest)
        return pull


#: a group of places to reach with more hexes than this keeps its distances per game
LARGE_GROUP = 3
