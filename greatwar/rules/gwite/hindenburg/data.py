"""Von Hindenburg in Poland's own data: what a scenario gives in its ``[special]`` table
(checked as :class:`HindenburgData`, never silently ignored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from greatwar.model.schema import Strict
from greatwar.rules.gwite import special
from greatwar.rules.gwite.special import option  # noqa: F401  (the game's sections read options here)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario


class GarrisonRow(Strict):
    """21.21: what the Russians must keep in (or, with ``adjacent``, next to) a region."""

    region: str
    cavalry_divisions: int = Field(default=0, ge=0)
    infantry_corps: int = Field(default=0, ge=0)
    adjacent: bool = False
    source: str = ""


class DestroyedPoints(Strict):
    """23.11-23.12: what each destroyed unit of a nationality gives the enemy, per Stacking
    Point of the unit, and the case that awards it."""

    nationality: str
    per_stacking_point: int = Field(ge=0)
    case: str


class TextGap(Strict):
    """Something the printed rules break off before giving (the text of 23.2 is cut off):
    listed as what a historical scenario still lacks, with its case."""

    case: str
    gap: str


class HindenburgData(Strict):
    """A Von Hindenburg scenario's ``[special]`` table."""

    source: str = ""
    #: 20.12: the German 9th Army HQ (counter id), the one HQ that may command both
    #: nationalities and under which alone they attack together
    ninth_army_hq: str = ""
    #: 20.21-20.22: the cavalry corps HQs (counter ids), which command only cavalry
    cavalry_hqs: list[str] = Field(default_factory=list)
    #: 16.31: the Russian army HQs whose units may be depleted (the 4th and 5th Armies)
    depleted_hqs: list[str] = Field(default_factory=list)
    #: 16.31: the last Game-Turn on which the depletion is rolled for (Game-Turns 1-9)
    depletion_last_turn: int = Field(default=9, ge=0)
    #: 17.12: the map region (``[[region]]`` name) whose rail the Russians may use on
    #: Game-Turns 1-10
    rail_region: str | None = None
    #: 17.34: the map region of eastern-edge hexes where German units come back from
    #: off-map rail movement
    offmap_band: str | None = None
    #: 17.34 (AV13): the map edge German units leave by for off-map rail movement, on a
    #: rail line that runs off it (the text says the east edge)
    offmap_edge: Literal["north", "south", "east", "west"] = "east"
    #: 17.53: the region of Poland whose rail is Friendly to the Central Powers at the
    #: start (south and west of the Vistula), and the rail hexes excepted from it
    start_friendly_region: str | None = None
    start_friendly_exceptions: list[str] = Field(default_factory=list)
    #: 18.43: the numbered boxes of the Hidden Unit Display
    gruppen_boxes: int = Field(default=13, ge=0)
    #: 18.0: the nationality whose units may hide under Gruppen markers (German only)
    gruppen_nationality: str = "germany"
    #: 18.24, 18.42 (provisional): how far a dummy marker moves in a Movement Phase; none
    #: given: the largest Movement Allowance of the Gruppen nationality's combat units
    dummy_movement: int | None = Field(default=None, ge=1)
    #: 21.1: each Russian corps (counter id) and the two division counters that
    #: substitute for it
    breakdown: dict[str, list[str]] = Field(default_factory=dict)
    #: 21.21 (optional 21.2): the Russian garrison requirements
    garrison: list[GarrisonRow] = Field(default_factory=list)
    #: 23.22, 23.23: the areas each side scores (side id -> hexes of the map's cities,
    #: whose Victory Points the map gives)
    objectives: dict[str, list[str]] = Field(default_factory=dict)
    #: 23.11, 23.12: the points a destroyed unit gives the enemy, by its nationality
    destroyed_points: list[DestroyedPoints] = Field(default_factory=list)
    #: what the printed text breaks off before giving (23.22, 23.23, levels of victory)
    text_gaps: list[TextGap] = Field(default_factory=list)


def parse(scenario: Scenario) -> HindenburgData:
    """The scenario's ``[special]`` table (a pydantic ValidationError when malformed)."""
    return special.parse(scenario, HindenburgData)


def parsed(scenario: Scenario) -> HindenburgData | None:
    """The scenario's ``[special]`` table, or None when it is malformed (reported by
    place by the game's scenario check)."""
    return special.parsed(scenario, HindenburgData)


def data(st: State) -> HindenburgData:
    """The game's ``[special]`` table, parsed once per game."""
    return special.game_data(st, "hindenburg", HindenburgData)
