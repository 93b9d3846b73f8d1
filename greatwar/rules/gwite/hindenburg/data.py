"""Von Hindenburg in Poland's own data: what a scenario gives in its ``[special]`` table
(checked as :class:`HindenburgData`, never silently ignored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field

from greatwar.model.schema import Strict
from greatwar.rules.gwite import units as U

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
    #: 17.12: the map region (``[[region]]`` name) whose rail the Russians may use on
    #: Game-Turns 1-10
    rail_region: str | None = None
    #: 17.34: the map region of eastern-edge hexes where German units come back from
    #: off-map rail movement
    offmap_band: str | None = None
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


def parse(scenario: Scenario) -> HindenburgData:
    """The scenario's Von Hindenburg data (a pydantic ValidationError when malformed)."""
    return HindenburgData.model_validate(scenario.file.special)


def data(st: State) -> HindenburgData:
    """The game's Von Hindenburg data, parsed once per game."""
    derived = U.static(st).derived
    found = derived.get("hindenburg")
    if found is None:
        found = derived["hindenburg"] = parse(U.static(st).scenario)
    return found


def option(st: State, name: str) -> Any:
    """The game's setting of one of its options (the rules' default where the game does
    not list it: a test game played under a Von Hindenburg rules object)."""
    value = st.game.options.get(name)
    return U.rules(st).options[name].default if value is None else value
