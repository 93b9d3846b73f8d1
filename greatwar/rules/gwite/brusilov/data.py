"""The Brusilov Offensive's own data: what a scenario gives in its ``[special]`` table
(checked as :class:`BrusilovData`, never silently ignored), and the turn the surprise
rules apply to (Game-Turn 1, Game-Turn 5 in "Attack On Schedule": 18.1, 21.21, 23.0,
23.52, 26.24b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from greatwar.model.schema import NonNegative, Strict
from greatwar.rules.gwite import special
from greatwar.rules.gwite.brusilov.schedule import HISTORICAL_WITHHOLDING, DepotRow, WithholdingRow
from greatwar.rules.gwite.special import option  # noqa: F401  (the game's sections read options here)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario


class BrusilovData(Strict):
    """A Brusilov scenario's ``[special]`` table."""

    #: 18.1, 21.21, 23.0, 23.52: the Game-Turn of the Russian surprise (1; 5 in 26.24b)
    surprise_turn: int = Field(default=1, ge=1)
    #: 23.42: the Austro-Hungarian units under the Sud Armee that do not panic (counter ids)
    panic_exempt: list[str] = Field(default_factory=list)
    #: 19.41: the map region (``[[region]]`` name) south of both the Dniester and hex
    #: row 1900, where cavalry may live off the land
    forage_region: str | None = None
    source: str = ""
    #: 20.12: the entry letters Friendly to each side or nationality (none given: the
    #: entries whose hexes lie in a country Friendly to the side, 18.27)
    entries: dict[str, list[str]] = Field(default_factory=dict)
    #: 20.21-20.22, 26.23, 26.33: the supply depots each side receives per Game-Turn
    depots: list[DepotRow] = Field(default_factory=list)
    #: 20.23: the most supply depots each side may have on the map at one time
    depot_caps: dict[str, NonNegative] = Field(default_factory=dict)
    #: 25.2, 25.13: victory points per stacking point eliminated while surrounded
    surrounded_per_stacking_point: int = Field(default=2, ge=0)
    #: 25.16, 25.2, 26.22: victory points per reinforcement permanently withheld, by turn
    withholding: list[WithholdingRow] = Field(default_factory=lambda: list(HISTORICAL_WITHHOLDING))


def parse(scenario: Scenario) -> BrusilovData:
    """The scenario's ``[special]`` table (a pydantic ValidationError when malformed)."""
    return special.parse(scenario, BrusilovData)


def parsed(scenario: Scenario) -> BrusilovData | None:
    """The scenario's ``[special]`` table, or None when it is malformed (reported by
    place by the game's scenario check)."""
    return special.parsed(scenario, BrusilovData)


def data(st: State) -> BrusilovData:
    """The game's ``[special]`` table, parsed once per game."""
    return special.game_data(st, "brusilov", BrusilovData)


def surprise_turn(st: State) -> bool:
    """Whether this is the Game-Turn of the Russian surprise (18.1, 21.21, 23.0, 23.52)."""
    return int(st.data["turn"]) == data(st).surprise_turn
