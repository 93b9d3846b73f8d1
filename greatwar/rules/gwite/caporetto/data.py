"""Caporetto 1917's own data: what a scenario gives in its ``[special]`` table (checked
as :class:`CaporettoData`, never silently ignored).

Numbers the rules themselves fix (the ridge costs of 5.4, the turns of 8.75 and 23.x,
the Victory Point schedule of 24.0) are constants of the section that applies them;
what a map or a counter sheet fixes (which river is the Tagliamento, where the lagoon
is, which counter is Rommel) is here, with its case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from greatwar.model.schema import Strict
from greatwar.rules.gwite import special
from greatwar.rules.gwite.special import option  # noqa: F401  (the game's sections read options here)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario


class CaporettoData(Strict):
    """A Caporetto scenario's ``[special]`` table."""

    source: str = ""
    #: 18.2: the names of the map's major rivers that cost the Central Powers 3 Movement
    #: Points to cross (the Tagliamento and the Piave); every other major river costs 2
    costly_rivers: list[str] = Field(default_factory=list)
    #: 9.12 (errata): the Lagoon hexes, the Lagoon coastal hexes, and Venezia (the hex the
    #: Allied lagoon supply line starts from)
    lagoon: list[str] = Field(default_factory=list)
    lagoon_coast: list[str] = Field(default_factory=list)
    venezia: str = ""
    #: 9.13: rail map-edge hexes that are not Central Powers Supply Sources under std 9.13
    #: (0334), each with the hex its rail path leads to under std 9.15 (0133)
    not_rail_sources: dict[str, str] = Field(default_factory=dict)
    #: 14.4: hexes (besides the lettered ones) where Central Powers reinforcements without
    #: a letter may arrive (0901, 2804, 2806)
    unlettered_entries: list[str] = Field(default_factory=list)
    #: 14.3: the one hex where Allied reinforcements arrive (1833)
    allied_entry: str = ""
    #: 22.0: the units whose arrival waits for the Milano strike to be crushed (the
    #: Italian 41st and 42nd Cavalry Divisions)
    milano_units: list[str] = Field(default_factory=list)
    #: 21.1 (optional): the Rommel counter and the division it is always stacked with
    #: (the Bayrischer Alpenkorps)
    rommel: str = ""
    rommel_division: str = ""
    #: 24.11, 24.21: the regions (``[[region]]`` names) where each side scores its
    #: supplied steps at the end of the game
    central_vp_region: str = ""
    allied_vp_region: str = ""
    #: 24.23: the hexes of Trieste and Trent
    allied_vp_cities: list[str] = Field(default_factory=list)
    #: Appendix C (optional): the old switch lines, as ``[[region]]`` names
    switch_lines: list[str] = Field(default_factory=list)


def parse(scenario: Scenario) -> CaporettoData:
    """The scenario's ``[special]`` table (a pydantic ValidationError when malformed)."""
    return special.parse(scenario, CaporettoData)


def parsed(scenario: Scenario) -> CaporettoData | None:
    """The scenario's ``[special]`` table, or None when it is malformed (reported by
    place by the game's scenario check)."""
    return special.parsed(scenario, CaporettoData)


def data(st: State) -> CaporettoData:
    """The game's ``[special]`` table, parsed once per game."""
    return special.game_data(st, "caporetto", CaporettoData)
