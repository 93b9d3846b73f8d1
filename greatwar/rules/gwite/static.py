"""Static tables of one Great War in the East game, built once and shared.

Unit values (TCR, stacking points, movement allowance), the cost of every
move between adjacent hexes for each TCR column of the Terrain Effects Chart
(5.4), and where zones of control reach (7.11).  Nothing here changes while
a game is played, so states, clones and searches share it.

The move tables are built lazily: one per TCR column of the chart
(:meth:`GwiteStatic.column`), and one per *movement class* a game's rules name
(kept in ``GwiteStatic.movement_tables`` by the rules' ``movement_table``; the
standard rules' classes are the four columns themselves, ``"tcr1"`` .. ``"tcr4"``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from greatwar import hexgrid
from greatwar.model.board import Board
from greatwar.model.loader import Scenario
from greatwar.model.schema import Counter, StepValues, TerrainTable

# 6.11 stacking point value by unit size
STACKING_BY_SIZE = {"regiment": 1, "brigade": 1, "division": 2, "corps": 4}

PROVISIONAL = "provisional"

#: a game's price of crossing one hexside feature between two hexes (``a``, ``b``, the
#: feature's type): the extra Movement Points and whether the value is provisional, or
#: None when the hexside is impassable to the movement class (Caporetto 5.4, 18.2)
HexsidePrice = Callable[[str, str, str], "tuple[int, bool] | None"]


@dataclass(frozen=True)
class UnitInfo:
    """What a counter says, resolved against the scenario's parameters."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    size: str
    tcr: int
    stacking: int
    steps: tuple[StepValues, ...]
    movement: tuple[int, ...]  # movement allowance with 0, 1, ... steps lost
    hq: bool
    heroic: bool
    hq_level: str | None
    setup: str | None
    arrive_turn: int | None
    arrive_entry: str | None
    #: the values of a counter's back face when it is not a step (Brusilov 24.32: the
    #: armored car's "breakdown" side), shown while the unit carries the game's marker
    back: StepValues | None = None

    @property
    def step_count(self) -> int:
        return max(1, len(self.steps))

    def strengths(self, lost: int) -> StepValues:
        return self.steps[min(lost, len(self.steps) - 1)] if self.steps else StepValues()


#: the features of a hexside that has none
NO_FEATURES: frozenset[str] = frozenset()
#: a hex not looked at yet (build_costs)
_UNSEEN: Any = object()


@dataclass
class MoveCosts:
    """The move table of one movement class: the cost to enter each adjacent hex (5.4),
    which costs are provisional, the extra cost of entering an Enemy-controlled hex
    (7.21), and the hexes a unit of the class controls from each hex (7.11)."""

    enter: dict[str, dict[str, int]] = field(default_factory=dict)
    provisional: set[tuple[str, str]] = field(default_factory=set)
    zoc_cost: int = 1
    zoc_reach: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``enter`` and ``provisional`` as the searches read them, each hex's built on first
    #: use (a table is complete before any search reads it, and never changes after; not
    #: an argument, so that ``dataclasses.replace`` starts a new table without them)
    _steps: dict[str, tuple[tuple[str, int, bool], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    #: the least cost of any step of the table (worked out on first use, as ``_steps``)
    _least: int | None = field(default=None, init=False, repr=False, compare=False)

    def least(self) -> int:
        """The least cost of entering any hex from any other (a search need not look on
        from a hex with fewer points left than this)."""
        if self._least is None:
            costs = [cost for row in self.enter.values() for cost in row.values()]
            self._least = min(costs, default=0)
        return self._least

    def steps(self, a: str) -> tuple[tuple[str, int, bool], ...]:
        """The adjacent hexes a move from ``a`` may enter, in ``enter``'s order, each with
        its cost and whether a provisional chart entry priced it (5.4)."""
        found = self._steps.get(a)
        if found is None:
            prov = self.provisional
            found = self._steps[a] = tuple(
                [(b, cost, (a, b) in prov) for b, cost in self.enter[a].items()]
            )
        return found


class Bounded(dict[Any, Any]):
    """A table of at most ``limit`` entries, the oldest dropped first (:meth:`put`): each
    entry a pure function of its key, so a dropped one is only worked out again."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, value: Any) -> Any:
        """``value`` kept under ``key`` (the oldest entry dropped if the table is full)."""
        if key not in self and len(self) >= self.limit:
            del self[next(iter(self))]
        self[key] = value
        return value


@dataclass
class GwiteStatic:
    scenario: Scenario
    units: dict[str, UnitInfo]
    zoc_reach: dict[str, tuple[str, ...]]  # hexes a unit (or fortress) here controls (7.11)
    #: neighbours not across a prohibited hexside: where attacks may go (see combat.py)
    combat_reach: dict[str, frozenset[str]]
    enemy: dict[str, str]  # each side's enemy
    stacking_limit: int
    side_ids: tuple[str, ...]
    first_side: str
    fortress_side: dict[str, str]  # fortress hex -> owning side
    city_side: dict[str, str | None]  # city hex -> side controlling it at the start
    zoc_cost: int  # 7.21 the cost of entering an Enemy-controlled hex (the chart's)
    rail_hexes: frozenset[str]  # every hex a railroad line passes through
    #: the game's rules object (greatwar.rules.gwite.rules), set by the rule system
    rules: Any = None
    #: move tables built so far, by TCR column of the chart and by movement class, and
    #: each unit's (its class's), as the rules' ``movement_table`` finds them
    columns: dict[int, MoveCosts] = field(default_factory=dict)
    movement_tables: dict[str, MoveCosts] = field(default_factory=dict)
    unit_tables: dict[str, MoveCosts] = field(default_factory=dict)
    #: the rules' movement extensions (movement.extensions), once asked
    movement_extensions: tuple[Any, ...] | None = None
    #: tables supply and rail derive once per game (or Game-Turn) as ``supply.per_game``
    #: builds them: units' supply classes, Supply Ranges, Friendly rail hexes; and the
    #: searches kept per game (:meth:`bounded`)
    derived: dict[object, Any] = field(default_factory=dict)

    def bounded(self, name: object, limit: int) -> Bounded:
        """The table of answers kept per game under ``name``, at most ``limit`` of them
        (searches a game's states and a computer player's trials ask again)."""
        table = self.derived.get(name)
        if table is None:
            table = self.derived[name] = Bounded(limit)
        return table

    def column(self, tcr: int) -> MoveCosts:
        """The move table of one TCR column of the Terrain Effects Chart (5.4), built on
        first use."""
        table = self.columns.get(tcr)
        if table is None:
            table = self.columns[tcr] = build_costs(
                self.scenario, tcr, self.zoc_cost, self.zoc_reach
            )
        return table

    def adjacency(self) -> dict[str, dict[str, int]]:
        """Adjacent hexes not across prohibited or blocked hexsides nor into prohibited
        terrain: what the chart leaves out is the same in every column (5.4), so its
        first column's table gives them (for command radii and supply lines)."""
        return self.column(1).enter


def unit_tcr(scenario: Scenario, c: Counter) -> int | None:
    """A unit's Tactical Competence Rating: its own, else its nationality's (2.4)."""
    if c.tcr is not None:
        return c.tcr
    return scenario.file.parameters.tcr.get(c.nationality)


def unit_stacking(c: Counter) -> int | None:
    """A unit's stacking points: printed, else by size (6.11); HQs have none."""
    if c.stacking is not None:
        return c.stacking
    if c.type == "hq":
        return 0
    return STACKING_BY_SIZE.get(c.size)


def build_units(scenario: Scenario, rules: Any = None) -> dict[str, UnitInfo]:
    """Every counter's values; the game's rules may change what a counter's printed values
    mean (``rules.unit_info``: Brusilov 18.24 depots of 2 stacking points)."""
    units = {}
    for c in scenario.counters.values():
        steps = tuple(c.steps)
        movement = tuple(
            (s.movement if s.movement is not None else c.movement or 0) for s in steps
        ) or (c.movement or 0,)
        # 2.4 the counter's TCR, as the game's rules read it (Caporetto 2.4: by its MA)
        tcr = rules.counter_tcr(scenario, c) if rules is not None else unit_tcr(scenario, c)
        units[c.id] = UnitInfo(
            id=c.id,
            name=c.name or c.id,
            side=c.side,
            nationality=c.nationality,
            type=c.type,
            size=c.size,
            tcr=tcr or 4,
            stacking=unit_stacking(c) or 0,
            steps=steps,
            movement=movement,
            hq=c.type == "hq",
            heroic=bool(c.hq and c.hq.heroic),
            hq_level=c.hq.level if c.hq else None,
            setup=c.setup,
            arrive_turn=c.arrive.turn if c.arrive else None,
            arrive_entry=c.arrive.entry if c.arrive else None,
        )
        if rules is not None:
            units[c.id] = rules.unit_info(scenario, c, units[c.id])
    return units


def pair_features(board: Board) -> dict[tuple[str, str], frozenset[str]]:
    """``board.features(a, b)`` of every pair of adjacent hexes with some hexside feature,
    both ways round (the others have none): one pass over the hexsides with features,
    not a look-up per pair."""
    out: dict[tuple[str, str], frozenset[str]] = {}
    label_at = board.label_at
    for side, features in board.side_features.items():
        first, second = hexgrid.hexside_hexes(side)
        a, b = label_at.get(first), label_at.get(second)
        if a is not None and b is not None:
            out[(a, b)] = out[(b, a)] = features
    return out


def terrain_table(scenario: Scenario) -> TerrainTable:
    """A GWitE scenario's Terrain Effects Chart (5.4; Tannenberg's table is another kind)."""
    table = scenario.terrain
    assert isinstance(table, TerrainTable), f"{scenario.info.id}: not a Terrain Effects Chart"
    return table


def build_costs(
    scenario: Scenario,
    tcr: int,
    zoc_cost: int,
    zoc_reach: dict[str, tuple[str, ...]],
    hexside_price: HexsidePrice | None = None,
) -> MoveCosts:
    """Terrain Effects Chart (5.4) applied to every pair of adjacent hexes, in the
    column of one TCR; the zone of control costs ``zoc_cost`` to enter (7.21) and
    reaches as ``zoc_reach`` says (7.11).  ``hexside_price`` (a game's movement class)
    prices the passable hexside features in place of the chart's column (prohibited
    hexsides stay prohibited, bridges still cancel rivers)."""
    board = scenario.board
    table = terrain_table(scenario)
    hexsides = table.sides
    mc = MoveCosts(zoc_cost=zoc_cost, zoc_reach=zoc_reach)
    featured = pair_features(board)
    # each hex entered: its terrain, the column's cost and whether it is provisional
    # (None: no entry), found once for its six neighbours
    entering: dict[str, tuple[Any, int, bool] | None] = {}
    for a in board.hexes:
        enter: dict[str, int] = {}
        mc.enter[a] = enter
        for b in board.neighbours[a]:
            entry = entering.get(b, _UNSEEN)
            if entry is _UNSEEN:
                terrain = table.terrain.get(board.terrain.get(b, ""))
                entering[b] = entry = (
                    None  # unknown terrain, lake or sea: no entry
                    if terrain is None or terrain.move == "prohibited"
                    else (terrain, terrain.move[tcr - 1], terrain.source == PROVISIONAL)
                )
            if entry is None:
                continue
            terrain, plain_cost, plain_provisional = entry
            features = featured.get((a, b))
            if features is None:  # no hexside feature: the terrain's cost alone
                enter[b] = plain_cost
                if plain_provisional:
                    mc.provisional.add((a, b))
                continue
            sides = [hexsides[f] for f in sorted(features) if f in hexsides]
            if any(s.move == "prohibited" for s in sides):
                continue  # 8.61, 10.33: prohibited hexsides are never crossed
            bridged = "bridge" in features
            cost = terrain.move[tcr - 1]
            provisional = terrain.source == PROVISIONAL
            passable = True
            for name in sorted(features):
                s = hexsides.get(name)
                if s is None or (bridged and s.river):
                    continue
                if hexside_price is None:
                    extra, prov = s.move[tcr - 1], s.source == PROVISIONAL
                else:
                    price = hexside_price(a, b, name)
                    if price is None:
                        passable = False
                        break
                    extra, prov = price
                if extra:
                    cost += extra
                    provisional |= prov
            if not passable:
                continue
            enter[b] = cost
            if provisional:
                mc.provisional.add((a, b))
    return mc


def build_combat_reach(scenario: Scenario) -> dict[str, frozenset[str]]:
    """Adjacent hexes not across a prohibited (or blocked) hexside."""
    board = scenario.board
    prohibited = {n for n, s in terrain_table(scenario).sides.items() if s.move == "prohibited"}
    barred = {pair for pair, features in pair_features(board).items() if features & prohibited}
    return {
        a: frozenset(b for b in board.neighbours[a] if (a, b) not in barred) for a in board.hexes
    }


def build_zoc_reach(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """7.11: a zone of control covers the six adjacent hexes, not across prohibited hexsides."""
    board = scenario.board
    blocking = {name for name, s in terrain_table(scenario).sides.items() if s.blocks_zoc}
    barred = {pair for pair, features in pair_features(board).items() if features & blocking}
    reach = {}
    for a in board.hexes:
        reach[a] = tuple(b for b in board.neighbours[a] if (a, b) not in barred)
    return reach


def _country_side(scenario: Scenario, country: str) -> str | None:
    """The side a map country belongs to: the side of that nationality, else the one side
    whose ``friendly_countries`` name it (a pseudo-country: Brusilov 18.27 names each side
    of the start line)."""
    side = scenario.side_of_nationality(country)
    if side is not None:
        return side
    table = scenario.file.parameters.friendly_countries
    owners = {s.id for s in scenario.sides if country in table.get(s.id, ())}
    return owners.pop() if len(owners) == 1 else None


def build_static(scenario: Scenario, rules: Any) -> GwiteStatic:
    """The game's static tables, its units' values as its rules read the counters
    (``rules``: the game's rules object, kept on the tables)."""
    side_ids = tuple(s.id for s in scenario.sides)
    fortress_side = {}
    for hex_label, f in scenario.board.fortresses.items():
        side = scenario.side_of_nationality(f.country)
        if side is not None:
            fortress_side[hex_label] = side
    params = scenario.file.parameters
    city_side: dict[str, str | None] = {}
    for hex_label in scenario.board.cities:
        country = scenario.board.country.get(hex_label)
        city_side[hex_label] = _country_side(scenario, country) if country else None
    return GwiteStatic(
        scenario=scenario,
        units=build_units(scenario, rules),
        zoc_reach=rules.build_zoc_reach(scenario)
        if rules is not None
        else build_zoc_reach(scenario),
        combat_reach=build_combat_reach(scenario),
        enemy={side_ids[0]: side_ids[1], side_ids[1]: side_ids[0]},
        stacking_limit=params.stacking_limit or 0,
        side_ids=side_ids,
        first_side=scenario.info.first_side,
        fortress_side=fortress_side,
        city_side=city_side,
        zoc_cost=scenario.terrain.enemy_zoc_cost,
        rail_hexes=frozenset(h for line in scenario.board.rails for h in line.hexes),
        rules=rules,
    )
