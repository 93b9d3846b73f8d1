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


class SetUp(Strict):
    """One set-up a scenario gives a Player before Game-Turn 1 (caporetto 25.21, 25.22,
    25.33): the counters, printed with no set-up hex, and where they may go."""

    case: str
    side: str
    units: list[str]
    #: the ``[[region]]`` whose hexes they may set up in (25.21, 25.22)
    region: str = ""
    #: 25.33: in the side's own fortress hexes instead
    fortresses: bool = False
    #: Appendix B: the set-up applies only when this option is on / is off ("" always)
    if_option: str = ""
    unless_option: str = ""


class Transfer(Strict):
    """caporetto 25.23: set-up units the Central Powers Player may transfer elsewhere
    before Game-Turn 1 (the limits of 4 divisions, 2 for a corps HQ and 4 for an army HQ
    are the case's own, :mod:`.deployment`)."""

    case: str = "caporetto 25.23"
    side: str = "central"
    #: the German Stosstruppen divisions that may be transferred
    units: list[str]
    #: the ``[[region]]`` they may go to ("in or behind the A-H trench lines between 0833
    #: and 0209")
    region: str
    corps_hqs: list[str] = Field(default_factory=list)
    army_hqs: list[str] = Field(default_factory=list)
    #: the unit that may set up in any hex vacated (the A-H 33rd Infantry Division)
    vacated_unit: str = ""
    #: Appendix B: as :class:`SetUp`
    if_option: str = ""
    unless_option: str = ""


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
    #: caporetto 25.21, 25.22, 25.33: counters set up by their Player before Game-Turn 1
    deployment: list[SetUp] = Field(default_factory=list)
    #: caporetto 25.23: the Stosstruppen transfer of the Tyrol Offensive
    transfer: Transfer | None = None
    #: Appendix A (free deployment): each side's side of the trench lines, as a
    #: ``[[region]]`` name by side id
    deployment_regions: dict[str, str] = Field(default_factory=dict)


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
