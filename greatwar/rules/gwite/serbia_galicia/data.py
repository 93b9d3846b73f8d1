"""Serbia/Galicia's own data: what a scenario gives in its ``[special]`` table (checked as
:class:`SerbiaGaliciaData`, never silently ignored).

Numbers the rules themselves fix (the entrain roll of 17.11, the replenishment table of
20.2, the Victory Point schedule of 25.2) are constants of the section that applies
them; what a map or a counter sheet fixes (which map is Galicia, which HQ is Putnik,
which armies are the Balkan armies) is here, with its case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from greatwar.model.schema import Strict
from greatwar.rules.gwite import special
from greatwar.rules.gwite.special import option  # noqa: F401  (the game's sections read options here)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario


class SerbiaGaliciaData(Strict):
    """A Serbia/Galicia scenario's ``[special]`` table."""

    source: str = ""
    #: 2.1: the prefixes of the Galician and the Serbian maps
    galicia_map: str = "g"
    serbia_map: str = "s"
    #: 19.0: the Putnik HQ (SOK), whose Attack Shift is parenthesized
    putnik: str = ""
    #: 17.41: the Superior Unit Designations (armies) of the Balkan armies, whose units,
    #: HQs and depots never transfer between the maps
    balkan_armies: list[str] = Field(default_factory=list)
    #: 17.42: the army whose units may not leave the Serbian map before a Game-Turn
    late_army: str = ""
    late_army_turn: int = Field(default=3, ge=1)
    #: 25.2: -20 if this many Serbian Stacking Points or fewer remain on the map at the end
    #: (the rules' 10; a scenario with a smaller Serbian army may scale it, labelled)
    serbian_remnant: int = Field(default=10, ge=0)
    #: 20.3: the Serbian Supply Points of a game starting at a set [position] (None: the
    #: four of 20.3)
    serbian_supply_points: int | None = Field(default=None, ge=0)
    #: 22.0: the entry letters on the Galician map where the wrong envelope's 2nd Army
    #: may arrive (empty: every entry in its own country on the Galician map; provisional)
    wrong_envelope_entries: list[str] = Field(default_factory=list)
    #: 26.2: free deployment: the set-up hexes printed on the counters are disregarded
    #: (26.21 the Serbians anywhere in Serbia, then 26.22 the A-H anywhere in Austria)
    free_deployment: bool = False
    #: 26.3: the Game-Turn the scenario starts with (the first Player's Player-Turn)
    start_turn: int = Field(default=1, ge=1)
    #: 26.33: the Allied Victory Points the game begins with
    start_vp: int = 0
    #: 26.31: the map's region of the Sept. 1 Scenario Start Line (empty: no start line)
    start_line: str = ""
    #: 26.31: each army's boundaries on the start line, by side id, then Superior Unit
    #: Designation (both sides have a 3rd and a 4th Army): the map's region its units may
    #: set up in
    army_boundaries: dict[str, dict[str, str]] = Field(default_factory=dict)
    #: 26.32: the pre-game attrition rolls after each side's set-up
    pregame_attrition: bool = False
    #: 25.2: the cities the Victory Point schedule names whose hexes the text does not
    #: give (the map's: Lublin, Chelm, Kowel, Dubno), listed by what a scenario lacks
    unplaced_cities: list[str] = Field(default_factory=list)


def parse(scenario: Scenario) -> SerbiaGaliciaData:
    """The scenario's ``[special]`` table (a pydantic ValidationError when malformed)."""
    return special.parse(scenario, SerbiaGaliciaData)


def parsed(scenario: Scenario) -> SerbiaGaliciaData | None:
    """The scenario's ``[special]`` table, or None when it is malformed (reported by
    place by the game's scenario check)."""
    return special.parsed(scenario, SerbiaGaliciaData)


def data(st: State) -> SerbiaGaliciaData:
    """The game's ``[special]`` table, parsed once per game."""
    return special.game_data(st, "serbia-galicia", SerbiaGaliciaData)
