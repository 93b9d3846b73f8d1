"""The shapes of the data files (TOML), validated with pydantic.

These models check structure and types only; whether a hex exists, a terrain
is known to the rule system or a rail chain is contiguous is checked later by
:mod:`greatwar.model.loader`, which reports every problem at once.

Conventions shared by every file:

* hexes are written as printed on the map (``"0712"``, ``"A53 B4"``);
* a hexside is written as the two hexes it separates, ``"0712/0713"``;
* every entry taken from a rulebook carries ``source = "<case>"``; every
  value the project had to supply carries ``source = "provisional"``;
* a number the exclusive rules give per army (Rail Capacity, Railroad Movement
  Rate, Supply Range, track limits) is a :data:`SideValues` table: keyed by side
  id or nationality (a unit's nationality wins over its side), each either one
  number for the whole game or a list of Game-Turn ranges, read by
  :func:`side_value`::

      rail_capacity = { allied = 6, central = 8 }
      rail_capacity = { serbia = 5, "austria-hungary" = [
          { to_turn = 3, value = 18 },              # Game-Turns 1-3
          { from_turn = 4, to_turn = 7, value = 13 },
          { from_turn = 8, value = 10 },            # Game-Turn 8 to the end
      ] }

  A turn the list leaves out has no value (a capacity or range of none).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, cast, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    field_validator,
    model_validator,
)


class Strict(BaseModel):
    """Base: unknown keys are errors, so a misspelt field is never silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Source = Annotated[str, Field(min_length=1)]

#: the most Game-Turns (GWitE) or stages (Tannenberg) a scenario may last: the longest
#: game of either system has 30 (Tannenberg's stages); the bound keeps every game finite
#: and its record small, with room for invented scenarios (docs/readings.md, "Impossible
#: data")
MAX_TURNS = 100


def _within_max_turns(turn: int) -> int:
    if turn > MAX_TURNS:
        raise ValueError(
            f"at most {MAX_TURNS} (a game lasts at most {MAX_TURNS} Game-Turns or stages),"
            f" not {turn}"
        )
    return turn


#: a Game-Turn (GWitE) or stage (Tannenberg) number: 1 to :data:`MAX_TURNS`
Turn = Annotated[int, Field(ge=1), AfterValidator(_within_max_turns)]
#: a number no rule lets go below zero: a strength, an allowance, a range, a capacity,
#: a cost, victory points a side scores
NonNegative = Annotated[int, Field(ge=0)]
#: a Tactical Competence Rating (2.4)
Tcr = Annotated[int, Field(ge=1, le=4)]


# --- numbers by side or nationality, optionally by Game-Turn ---------------------------


class TurnValue(Strict):
    """A number for Game-Turns ``from_turn`` to ``to_turn`` (both included; no
    ``to_turn``: to the end of the game), e.g. Serbia/Galicia 5.3's capacities read
    from the Game-Turn Track."""

    from_turn: Turn = 1
    to_turn: Turn | None = None
    value: NonNegative


def _turns_in_order(values: list[TurnValue]) -> list[TurnValue]:
    if not values:
        raise ValueError("at least one range of Game-Turns")
    last = 0  # the last Game-Turn given so far
    for v in values:
        if v.to_turn is not None and v.to_turn < v.from_turn:
            raise ValueError(
                f"ranges that end after they start (Game-Turns {v.from_turn}-{v.to_turn})"
            )
        if v.from_turn <= last:
            raise ValueError(
                "ranges in Game-Turn order without overlap"
                f" (Game-Turn {v.from_turn} is given twice or out of order)"
            )
        last = v.to_turn if v.to_turn is not None else 1 << 30
    return values


#: Game-Turn ranges in order, without overlap
ByTurn = Annotated[list[TurnValue], AfterValidator(_turns_in_order)]


_BY_TURN = "list of Game-Turn ranges"


def _number_or_turns(v: Any) -> str:
    return _BY_TURN if isinstance(v, list) else "number"


#: one number for the whole game, or numbers by Game-Turn
SideValue = Annotated[
    Annotated[int, Field(ge=0, strict=True), Tag("number")] | Annotated[ByTurn, Tag(_BY_TURN)],
    Discriminator(_number_or_turns),
]
#: a number by side id or nationality: one for the whole game, or by Game-Turn (see above)
SideValues = dict[str, SideValue]


def side_value(table: SideValues, keys: Iterable[str], turn: int) -> int | None:
    """The number ``table`` gives the first of ``keys`` it names (a nationality before its
    side) on Game-Turn ``turn``; None when it names none of them, or when the named
    key's Game-Turn ranges leave ``turn`` out."""
    for key in keys:
        given = table.get(key)
        if given is None:
            continue
        if isinstance(given, int):
            return given
        for v in given:
            if v.from_turn <= turn and (v.to_turn is None or turn <= v.to_turn):
                return v.value
        return None
    return None


# --- maps ---------------------------------------------------------------------

HexsideKind = Literal[
    "minor_river",
    "major_river",
    "great_river",
    "ridge",
    "prohibited",
    "blocked",
    "lake_shore",
    "strait",
    "wire",
    "fortified_edge",
    "bridge",
    "border",
]
HEXSIDE_TYPES: tuple[str, ...] = get_args(HexsideKind)


class MapInfo(Strict):
    id: str
    name: str
    fictional: bool = False
    description: str = ""
    numbering: Literal["spi", "tannenberg"]
    layout: Literal["odd-q", "even-q", "odd-r", "even-r"] = "odd-q"
    diagonal: Literal["down-right", "up-right"] = "up-right"
    rows_increase: Literal["south", "north"] = "south"
    prefix: str = ""
    columns: tuple[int, int] = Field(description="first and last column number")
    rows: tuple[int, int] = Field(
        description="row numbers of the grid's first and last lines (may count down, so that"
        " the grid reads north to south whichever way the printed rows are numbered)"
    )

    @field_validator("columns")
    @classmethod
    def _ordered(cls, v: tuple[int, int]) -> tuple[int, int]:
        if v[0] > v[1]:
            raise ValueError("first number must not exceed the last")
        return v


class Grid(Strict):
    """A property of every hex written as text rows: one character per hex.

    Each line of ``grid`` is a row: its printed row number, a space, then one
    character per column from the first column to the last.  ``legend`` says
    what each character means; ``?`` means "not yet entered" and ``-`` means
    "no hex here" (an irregular map edge).
    """

    legend: dict[str, str]
    grid: str

    @field_validator("legend")
    @classmethod
    def _single_chars(cls, v: dict[str, str]) -> dict[str, str]:
        for key in v:
            if len(key) != 1:
                raise ValueError(f"legend keys are single characters, not {key!r}")
            if key in "?-":
                raise ValueError(f"{key!r} is reserved ('?' not entered, '-' no hex)")
        return v


class HexsideFeature(Strict):
    type: HexsideKind
    name: str = ""
    sides: list[str] = Field(min_length=1)


class Line(Strict):
    """A railroad as a chain of adjacent hexes (its hexsides are those between them)."""

    name: str = ""
    track: Literal["single", "double"] = "single"
    gauge: str = ""
    hexes: list[str] = Field(min_length=2)


class Road(Strict):
    """A road as a chain of adjacent hexes."""

    name: str = ""
    hexes: list[str] = Field(min_length=2)


class City(Strict):
    hex: str
    name: str
    size: Literal["city", "town"] = "city"
    #: signed as the victory point index counts (Serbia/Galicia 25.2: negative points)
    vp: int = 0
    source: str = ""


class Fortress(Strict):
    hex: str
    name: str
    country: str
    defense: tuple[NonNegative, NonNegative] = Field(
        description="full, and after two step losses (11.14)"
    )
    steps: int = Field(default=4, ge=1)
    source: str = ""


class Fortification(Strict):
    """Tannenberg 12.2-12.3 permanent fortifications: the hex, and its own garrison
    strength if it has one (0 for none).  Its fortified edges are hexside features
    of type ``fortified_edge``."""

    hex: str
    name: str
    country: str
    strength: int = Field(default=0, ge=0)
    source: str = ""


class EntryHex(Strict):
    """A lettered entry for reinforcements (14.11): one hex (``hex``), or an area of
    several (``hexes``: e.g. Hindenburg 14.1's "area of entrance printed on the map"),
    any of which a unit scheduled at the letter may enter by.  Compiled, both are
    filled in: ``hexes`` every hex, ``hex`` the first."""

    letter: str = Field(min_length=1)
    hex: str = ""
    hexes: list[str] = Field(default_factory=list)
    edge: Literal["north", "south", "east", "west", ""] = ""

    @model_validator(mode="after")
    def _one_or_several(self) -> EntryHex:
        if bool(self.hex) == bool(self.hexes):
            raise ValueError("an entry names its hex (hex = ...) or its hexes (hexes = [...])")
        return self


class SupplySource(Strict):
    hex: str
    country: str
    kind: Literal["rail_edge", "map_edge", "city", "depot", "other"] = "map_edge"
    source: str = ""


class Trench(Strict):
    name: str = ""
    country: str = ""
    hexes: list[str] = Field(min_length=1)


class Region(Strict):
    name: str
    hexes: list[str] = Field(default_factory=list)
    description: str = ""


class OffMapLink(Strict):
    """Two rail map-exit hexes joined by rail off the map (5.37): an entrained unit that
    leaves by one re-enters by the other after paying ``cost`` Movement Points (5.38).

    ``sides`` (side ids) and ``countries`` (unit nationalities) say who may use it;
    an empty list does not restrict.
    """

    name: str = ""
    hexes: tuple[str, str]
    sides: list[str] = Field(default_factory=list)
    countries: list[str] = Field(default_factory=list)
    cost: int = Field(ge=0, description="Movement Points from one end to the other (5.37)")
    source: Source


class MapFile(Strict):
    map: MapInfo
    terrain: Grid
    countries: Grid | None = None
    hexside: list[HexsideFeature] = Field(default_factory=list)
    rail: list[Line] = Field(default_factory=list)
    road: list[Road] = Field(default_factory=list)
    city: list[City] = Field(default_factory=list)
    fortress: list[Fortress] = Field(default_factory=list)
    fortification: list[Fortification] = Field(default_factory=list)
    entry: list[EntryHex] = Field(default_factory=list)
    supply_source: list[SupplySource] = Field(default_factory=list)
    trench: list[Trench] = Field(default_factory=list)
    region: list[Region] = Field(default_factory=list)
    offmap_link: list[OffMapLink] = Field(default_factory=list)


# --- counters -----------------------------------------------------------------

UnitType = Literal[
    "infantry",
    "cavalry",
    "artillery",
    "naval_infantry",
    "mountain_infantry",
    "supply_depot",
    "hq",
    "armored_car",
    "monitor",
    "supply_train",
]
UnitSize = Literal[
    "battalion", "regiment", "detachment", "brigade", "division", "corps", "army", "none"
]
UNIT_TYPES: tuple[str, ...] = get_args(UnitType)
UNIT_SIZES: tuple[str, ...] = get_args(UnitSize)


class StepValues(Strict):
    """The printed values of one step (GWitE) or combat-efficiency level (Tannenberg).

    A value left out falls back on the counter's own value of the same name.
    """

    attack: NonNegative | None = None
    defense: NonNegative | None = None
    strength: NonNegative | None = None
    barrage: NonNegative | None = None
    attack_fire: NonNegative | None = None
    defence_fire: NonNegative | None = None
    movement: NonNegative | None = None
    tcr: Tcr | None = None
    effectiveness: NonNegative | None = None
    attack_shift: NonNegative | None = None
    #: an HQ's combat table modifier, +attacking and -defending (Tannenberg 13.5)
    combat_modifier: NonNegative | None = None
    command_radius: NonNegative | None = None
    command_strength: NonNegative | None = None
    combat_strength: NonNegative | None = None

    @model_validator(mode="before")
    @classmethod
    def _pair_shorthand(cls, v: Any) -> Any:
        # [attack, defense] is shorthand for {attack = .., defense = ..}
        if isinstance(v, (list, tuple)):
            if len(v) != 2:
                raise ValueError("a step written as a list is [attack, defense]")
            return {"attack": v[0], "defense": v[1]}
        return v


class HqInfo(Strict):
    level: Literal["army", "corps", "front", "other"] = "army"
    heroic: bool = False
    activity: Literal["A", "N", "B", ""] = ""


class Arrival(Strict):
    turn: Turn
    entry: str = Field(
        description='lettered entry hex, or a hex number; "?" not yet entered; "any" printed'
        " without a letter (where the game's rules say: Caporetto 14.4)"
    )
    entrained: bool = False


class ArrivalChange(Strict):
    """An option's change to a counter's arrival (``OptionEffects.arrivals``): the fields
    given replace the printed ones (a counter printed without an arrival needs turn and
    entry)."""

    turn: Turn | None = None
    entry: str | None = None
    entrained: bool | None = None


class Counter(Strict):
    id: str = Field(min_length=1)
    name: str = ""
    side: str
    nationality: str
    type: UnitType
    size: UnitSize = "none"
    superior: str = ""
    steps: list[StepValues] = Field(default_factory=list)
    movement: NonNegative | None = None
    tcr: Tcr | None = None
    effectiveness: NonNegative | None = None
    stacking: int | None = Field(default=None, ge=0)
    hq: HqInfo | None = None
    stosstruppen: bool = False
    #: affiliation (Tannenberg 13.2, 14.1): corps, division and army ids; "" for none
    corps: str = ""
    division: str = ""
    army: str = ""
    setup: str | None = None
    arrive: Arrival | None = None
    source: str = ""

    @model_validator(mode="after")
    def _placement(self) -> Counter:
        if self.setup is not None and self.arrive is not None:
            raise ValueError("a counter has either a set-up hex or an arrival, not both")
        if self.type == "hq" and self.hq is None:
            raise ValueError("an HQ counter needs an [hq] table (level, heroic)")
        return self

    def designation(self) -> str:
        """A short designation for the counter face, from its id: ``G-XVII`` -> ``XVII``,
        ``R-HQ-5A`` -> ``5A``."""
        parts = [p for p in self.id.replace("_", "-").split("-") if p]
        if len(parts) > 1 and len(parts[0]) <= 3 and parts[0].isalpha() and parts[0].isupper():
            parts = parts[1:]
        if len(parts) > 1 and parts[0].upper() == "HQ":
            parts = parts[1:]
        return "-".join(parts) or self.id


class CounterFile(Strict):
    counter: list[Counter] = Field(default_factory=list)


# --- tables -------------------------------------------------------------------


class CombatEffect(Strict):
    """A terrain's effect on combat, as the odds breakdown names it: our own words for
    it (``why``), the rule case that gives it, and whether the project supplied it."""

    why: str
    case: str
    provisional: bool = False


class DefenseFactor(CombatEffect):
    """Defending units in the hex are multiplied (GWitE 5.4: a City doubles)."""

    factor: int = Field(ge=1)


class DieModifier(CombatEffect):
    """Added to the combat die roll when any attacker attacks across (GWitE 5.4 Ridge)."""

    value: int


class TerrainType(Strict):
    """Movement cost by TCR 1-4 (GWitE 5.4) and effect on combat of a hex terrain
    (``combat`` describes it for people; ``defense`` is what the rules apply)."""

    name: str
    color: str = "#dddddd"
    move: list[NonNegative] | Literal["prohibited"]
    combat: str = "none"
    defense: DefenseFactor | None = None
    source: Source

    @field_validator("move")
    @classmethod
    def _four(cls, v: list[int] | str) -> list[int] | str:
        if isinstance(v, list) and len(v) != 4:
            raise ValueError("move lists the cost for TCR 1, 2, 3 and 4")
        return v


class HexsideType(Strict):
    """Extra movement cost of crossing a hexside, by TCR 1-4, and its combat effect
    (``combat`` describes it for people; ``attack_halved`` and ``die`` are what the
    rules apply, in the order of the table); a ``river`` a bridge crosses."""

    name: str
    color: str = "#000000"
    move: list[NonNegative] | Literal["prohibited"] = [0, 0, 0, 0]
    blocks_zoc: bool = False
    river: bool = False
    combat: str = "none"
    attack_halved: CombatEffect | None = None
    die: DieModifier | None = None
    source: Source


class TerrainTable(Strict):
    table: Literal["terrain_effects"]
    system: str
    terrain: dict[str, TerrainType]
    hexside: dict[HexsideKind, HexsideType]
    enemy_zoc_cost: NonNegative = 1
    enemy_zoc_source: Source = "7.21"

    @property
    def sides(self) -> dict[str, HexsideType]:
        """``hexside`` looked up by a map's feature names (plain strings)."""
        return cast("dict[str, HexsideType]", self.hexside)


class Characteristic(Strict):
    """A terrain or hexside of the Tannenberg TERRAIN CHARACTERISTICS table: movement
    cost (terrain) or extra cost (hexside), and combat ratio modifier for the defender
    (9.7, a negative number helps the defender)."""

    name: str
    color: str = "#dddddd"
    move: NonNegative | Literal["prohibited"] = 1
    combat: int = 0
    source: Source


class TerrainCharacteristics(Strict):
    """Tannenberg's terrain table (4.3, 9.7): the printed table is lost, so most
    values are provisional and say so in ``source``."""

    table: Literal["terrain_characteristics"]
    system: str
    terrain: dict[str, Characteristic]
    hexside: dict[HexsideKind, Characteristic]
    enemy_zoc_cost: NonNegative = 1
    enemy_zoc_source: str = ""

    @property
    def sides(self) -> dict[str, Characteristic]:
        """``hexside`` looked up by a map's feature names (plain strings)."""
        return cast("dict[str, Characteristic]", self.hexside)


class GridRow(Strict):
    """One row of a look-up table: its key (die roll, modified pips) and a value per column."""

    key: int | str
    values: list[str]
    source: Source
    #: 0-based columns of this row supplied by the project (the rest are printed)
    provisional: list[int] = Field(default_factory=list)


class GridTable(Strict):
    """A printed look-up table: rows by key, one value per column (e.g. Tannenberg's
    COMBAT RESULTS, RETREAT ATTEMPT and INDEPENDENCE OF COMMAND tables)."""

    table: str
    system: str
    source: Source
    description: str = ""
    row_label: str = ""
    column_label: str = ""
    columns: list[str] = Field(min_length=1)
    rows: list[GridRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> GridTable:
        n = len(self.columns)
        for row in self.rows:
            if len(row.values) != n:
                raise ValueError(f"row {row.key}: {len(row.values)} values for {n} columns")
            if any(not 0 <= c < n for c in row.provisional):
                raise ValueError(f"row {row.key}: provisional column out of range")
        keys = [r.key for r in self.rows]
        if len(set(keys)) != len(keys):
            raise ValueError("row keys must be distinct")
        return self


class RuleConstant(Strict):
    value: int | str | bool | list[int] | dict[str, int]
    source: Source


class RuleConstants(Strict):
    """Numbers a rule system's own rules fix (not a scenario's), each with its case."""

    table: Literal["constants"]
    system: str
    values: dict[str, RuleConstant]


# --- scenarios ----------------------------------------------------------------


class SideInfo(Strict):
    id: str
    name: str
    nationalities: list[str] = Field(min_length=1)
    color: str = "#888888"


class VictoryLevel(Strict):
    min: int | None = None
    max: int | None = None
    result: str
    winner: str | None = None


class Victory(Strict):
    """A victory point index (e.g. Brusilov 25.0): one side's points, the other's subtracted."""

    index_side: str = Field(description="the side whose points the index counts (others subtract)")
    cities: Literal["index_side", "net", "none"] = Field(
        default="index_side",
        description=(
            "index_side: only that side scores cities it controls; net: others subtract;"
            " none: no city scores at the end (the game's rules score them otherwise:"
            " Serbia/Galicia 25.13, each Interphase)"
        ),
    )
    per_stacking_point_eliminated: NonNegative = 0
    per_hq_eliminated: NonNegative = 0
    levels: list[VictoryLevel] = Field(default_factory=list)
    source: str = ""
    #: the rule cases the log cites for control of a city (Brusilov 25.12) and for points
    #: scored by an elimination (Brusilov 25.2): each game's own
    control_case: str = ""
    elimination_case: str = ""


class RailTrip(Strict):
    """A unit off the map by rail (``status = "off_map"``): the rail map-exit hex it left
    by (``from``) and, in The Great War in the East, the exit hex it re-enters by and
    the Movement Points paid toward the off-map link so far (5.37, 5.38)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    from_hex: str = Field(alias="from", description="the rail map-exit hex the unit left by")
    to: str = Field(default="", description="GWitE: the map-exit hex it re-enters by (5.37)")
    mp: int = Field(default=0, ge=0, description="GWitE: Movement Points paid so far (5.38)")
    stage: int | None = Field(
        default=None, ge=1, description="Tannenberg: the stage it left the map in (5.1.8)"
    )


class PositionUnit(Strict):
    """One unit of a ``[position]``: where it is and what it carries.

    ``steps_lost`` counts steps lost in The Great War in the East (8.5) and
    combat-efficiency levels lost in Tannenberg (2.3.5: 1 = back side up);
    ``endurance_lost`` is Tannenberg's endurance points lost on the current level
    (2.3.3, the endurance counter beneath the unit, 0-4).  ``markers`` are the
    markers on the counter and the facts a rule remembers about it (each rule
    system lists the names it knows).  ``rail`` describes a unit off the map by
    rail.
    """

    hex: str | None = None
    #: ``removed``: taken out of play by a rule without being eliminated (Brusilov 19.21,
    #: 25.16); ``spare``: off the map, waiting to substitute for others in play (GWitE
    #: R12: Hindenburg 21.1's corps and their divisions)
    status: Literal[
        "on_map", "eliminated", "pending", "withheld", "off_map", "removed", "spare"
    ] = "on_map"
    steps_lost: int = Field(default=0, ge=0)
    endurance_lost: int = Field(default=0, ge=0)
    markers: list[str] = Field(default_factory=list)
    rail: RailTrip | None = None


class PositionTrench(Strict):
    """Tannenberg 12.1: a TRENCHES counter on the map, its three effective edges centred
    on ``facing`` (a direction name of the map, e.g. "N", or 0-5), built by ``side``."""

    hex: str
    facing: str | int
    side: str


class ClashesWon(Strict):
    """Tannenberg 10.1.1: clashes a side won in the last stage, counted by the next
    initiative roll."""

    flight: int = Field(default=0, ge=0, description="clashes in which the enemy fled")
    retreat_with_losses: int = Field(
        default=0, ge=0, description="clashes in which the enemy retreated with losses"
    )


class PositionMask(Strict):
    """Tannenberg 16.1: a masking counter on the map, owned by ``side``, hiding
    ``units`` (none: an empty mask, 16.2.3)."""

    side: str
    hex: str
    units: list[str] = Field(default_factory=list)


class Position(Strict):
    """A mid-game starting point: everything needed to play on from there.

    Shared by both rule systems; each system refuses the fields it has no use for
    (a value the loader accepts is a value the game uses).
    """

    turn: Turn
    #: GWitE: the phasing player (required); Tannenberg has none (see ``initiative``)
    phasing: str = ""
    phase: str
    segment: str = ""
    vp: int = 0
    control: dict[str, str] = Field(default_factory=dict)
    units: dict[str, PositionUnit] = Field(default_factory=dict)
    #: GWitE 11.13: fortress steps lost, by fortress hex
    fortress_steps_lost: dict[str, NonNegative] = Field(default_factory=dict)
    #: Tannenberg 10.1: the side holding the initiative (before this stage's roll: the
    #: side that held it in the last stage, which adds 1 to its roll, 10.1.1)
    initiative: str | None = None
    #: Tannenberg 10.1.1: the clashes each side won that the next initiative roll counts
    clashes_won: dict[str, ClashesWon] = Field(default_factory=dict)
    #: Tannenberg 12.1: TRENCHES counters on the map
    trenches: list[PositionTrench] = Field(default_factory=list)
    #: Tannenberg 12.2.7-12.2.8: permanent fortifications no longer intact, by hex:
    #: "damaged", "destroyed", or "captured" (destroyed by an enemy unit entering it)
    fortifications: dict[str, Literal["damaged", "destroyed", "captured"]] = Field(
        default_factory=dict
    )
    #: Tannenberg 16.1: masking counters on the map
    masks: list[PositionMask] = Field(default_factory=list)
    #: Tannenberg 5.4: hexes whose railway is cut (a CUT TRACK counter)
    cut_track: list[str] = Field(default_factory=list)
    #: Tannenberg 6.0: destroyed Vistula bridges, each written as its hexside "a/b"
    bridges_destroyed: list[str] = Field(default_factory=list)
    #: Tannenberg 17.3: special reinforcements that have entered (their points scored)
    special_entered: list[str] = Field(default_factory=list)


class ScenarioInfo(Strict):
    id: str
    system: Literal["gwite", "tannenberg"]
    #: the game of the system whose rules apply: a GWitE scenario's exclusive rules
    #: (Tannenberg has one game)
    game: Literal["standard", "brusilov", "caporetto", "serbia-galicia", "hindenburg"] = "standard"
    name: str
    fictional: bool = False
    description: str = ""
    #: the map file; or ``maps``: several, one game on them all (Serbia/Galicia 2.1), each
    #: with its own ``prefix`` written in every hex label (``g0512``)
    map: str = ""
    maps: list[str] = Field(default_factory=list)
    counters: list[str] = Field(min_length=1)
    terrain_table: str = ""
    turns: Turn
    first_side: str
    source: str = ""

    @model_validator(mode="after")
    def _one_map_field(self) -> ScenarioInfo:
        if bool(self.map) == bool(self.maps):
            raise ValueError(
                "name the map file in exactly one of 'map' (one map) or 'maps' (several)"
            )
        if len(self.maps) == 1:
            raise ValueError("'maps' names several map files; one map goes in 'map'")
        return self


class ReplacementRoll(Strict):
    """Die rolls that replace a step (13.0), for some nationalities and Game-Turns."""

    nationalities: list[str] = Field(min_length=1)
    first_turn: Turn = 1
    last_turn: Turn | None = None
    success: list[int] = Field(description="die rolls that succeed; empty: not allowed")
    #: the rule case the row's rolls and refusals cite (e.g. Brusilov 22.11); "" = 13.0
    case: str = ""


class Replacement(Strict):
    """13.0 parameters each game's exclusive rules give."""

    min_distance: int = Field(ge=1, description="no Enemy unit within this many hexes")
    #: None: any or all of the Phasing Player's units may roll (Brusilov 22.0)
    max_units: int | None = Field(
        default=None, ge=0, description="units that may roll per Step Replacement Phase"
    )
    rolls: list[ReplacementRoll] = Field(default_factory=list)
    source: str = ""


class Parameters(Strict):
    """Numbers a game's exclusive rules (or a teaching scenario) set for the standard rules.

    ``supply_range``, ``rail_capacity``, ``rail_rate`` and ``track_limit`` are
    :data:`SideValues`: by side id or nationality, optionally by Game-Turn.
    """

    stacking_limit: int | None = Field(default=None, ge=1)
    #: TCR by nationality (2.4)
    tcr: dict[str, Tcr] = Field(default_factory=dict)
    #: supply range in hexes by nationality or side id (9.12)
    supply_range: SideValues = Field(default_factory=dict)
    #: stacking points per Movement Phase by side id (one capacity for the side, Brusilov
    #: 18.21-18.22) or nationality (one per nationality, Hindenburg 5.31) (5.31)
    rail_capacity: SideValues = Field(default_factory=dict)
    #: rail movement rate in hexes by nationality or side id (5.31)
    rail_rate: SideValues = Field(default_factory=dict)
    #: stacking points that may cross a hexside on one rail line in a Movement Phase, by
    #: track (``single``, ``double``) and side id or nationality (Brusilov 18.3,
    #: Serbia/Galicia 17.5, Hindenburg 17.4: applied only when the game's rules say so)
    track_limit: dict[Literal["single", "double"], SideValues] = Field(default_factory=dict)
    #: countries whose railroads and map edges are Friendly, by side id or nationality (a
    #: nationality's own list wins: Serbia/Galicia 5.3 "their own country") (5.32, 9.13)
    friendly_countries: dict[str, list[str]] = Field(default_factory=dict)
    #: whether reinforcements count against Rail Capacity on their Game-Turn of arrival,
    #: by side id or nationality; true when not given (14.12, Brusilov 18.23,
    #: Caporetto 14.12, Hindenburg 14.1)
    rail_capacity_counts_reinforcements: dict[str, bool] = Field(default_factory=dict)
    #: Movement Points to entrain for every unit; not given: the unit's TCR (5.32,
    #: Caporetto 5.32)
    entrain_cost: int | None = Field(default=None, ge=0)
    replacement: Replacement | None = None
    source: str = ""


class OptionEffects(Strict):
    """What one of the game's options changes when it is on (``[option_effects.<name>]``;
    e.g. Brusilov 26.3's variations).

    ``parameters`` gives only the fields that change: a table (by side or nationality,
    by track) is merged key by key into the scenario's, any other field replaced.
    ``arrivals`` changes the arrival of counters by id; ``delay`` puts off every
    arrival of a side's or nationality's units by some Game-Turns (after
    ``arrivals``); ``vp`` is added to the initial victory points; an option in
    ``excludes`` may not be on at the same time.  Several options apply in the order
    of their names.
    """

    parameters: Parameters = Parameters()
    arrivals: dict[str, ArrivalChange] = Field(default_factory=dict)
    delay: dict[str, Turn] = Field(default_factory=dict)
    vp: int = 0
    excludes: list[str] = Field(default_factory=list)
    #: counters swapped at the start, replaced id -> replacement id: the replacement takes
    #: the replaced counter's set-up or arrival, the replaced counter is out of play (a
    #: replacement is printed with neither, so it is out of play without the option)
    #: (Brusilov 26.34 8 KL for 8 KA)
    substitute: dict[str, str] = Field(default_factory=dict)
    #: further effects that apply only while the named option is on too (Brusilov 26.34:
    #: GGU for GBZ "if the Special Guards option is being employed")
    with_option: dict[str, OptionEffects] = Field(default_factory=dict)
    source: str = ""


class ScenarioFile(Strict):
    scenario: ScenarioInfo
    side: list[SideInfo] = Field(min_length=2)
    parameters: Parameters = Parameters()
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    #: GWitE: what an option changes when it is on, by option name
    option_effects: dict[str, OptionEffects] = Field(default_factory=dict)
    victory: Victory | None = None
    position: Position | None = None
    #: off-map rail links between two maps of a game on several (5.37-5.38): their hexes
    #: are written with their maps' prefixes; a link within one map is in its map file
    offmap_link: list[OffMapLink] = Field(default_factory=list)
    #: data only one rule system understands (e.g. Tannenberg's automatic victories and
    #: special reinforcements); the rule system validates it (``RuleSystem.validate``)
    special: dict[str, Any] = Field(default_factory=dict)


# --- combat tables --------------------------------------------------------------

CombatResult = Annotated[str, Field(pattern=r"^(-|[0-9]|E)/(-|[0-9]|E)$")]


class CrtRow(Strict):
    """One die-roll row: a result per odds column, "attacker/defender" (8.54)."""

    die: int = Field(ge=1)
    results: list[CombatResult]
    source: Source
    #: 0-based columns of this row that the project supplied (the rest are printed)
    provisional: list[int] = Field(default_factory=list)


class CrtGroup(Strict):
    """The odds columns used by attackers of some TCRs (8.8)."""

    tcrs: list[int] = Field(min_length=1)
    columns: list[str] = Field(min_length=1)


class CombatResultsTable(Strict):
    table: Literal["combat_results"]
    system: str
    source: Source
    description: str = ""
    groups: list[CrtGroup] = Field(min_length=1)
    rows: list[CrtRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> CombatResultsTable:
        width = {len(g.columns) for g in self.groups}
        if len(width) != 1:
            raise ValueError("every TCR group must have the same number of odds columns")
        (n,) = width
        for row in self.rows:
            if len(row.results) != n:
                raise ValueError(f"die {row.die}: {len(row.results)} results for {n} columns")
            if any(not 0 <= c < n for c in row.provisional):
                raise ValueError(f"die {row.die}: provisional column out of range")
        dice = [r.die for r in self.rows]
        if dice != sorted(set(dice)):
            raise ValueError("rows must be in die order without repeats")
        return self


class CombatOption(Strict):
    """One option of the Combat Result Option Table (8.9)."""

    lose: Literal["none", "half", "all"] = "none"
    retreat: int = Field(default=0, ge=0)
    case: str = ""
    text: str


class CombatOptionsTable(Strict):
    table: Literal["combat_options"]
    system: str
    source: Source
    attacker: dict[str, list[CombatOption]]
    defender: dict[str, list[CombatOption]]
