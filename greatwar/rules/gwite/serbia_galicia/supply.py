"""Supply in Serbia/Galicia (serbia-galicia 9.0, 9.1): friendly map edges by country,
ranges, Serbians always in supply in Serbia and never across a major river.

* serbia-galicia 9.0 a map edge is Friendly to each country behind its own border, an
  edge entirely in one country to that country only: the standard rules' Friendly map
  edges already go by the country of each edge hex (std 9.13: where a Friendly rail line
  exits the map, and the map's supply sources in a Friendly country), per supply class
  and so per nationality (serbia-galicia 5.3c: "their own country").  9.0's one change:
  the Austro-Hungarian Player may not treat any East map-edge hex of the Galician map
  (``[special] galicia_map``) as Friendly, even one in Austria-Hungary.
* serbia-galicia 9.1 ranges (three hexes for every nationality, Serbians outside Serbia
  too) are the scenario's ``parameters.supply_range``.  Serbian units in Serbia (a hex
  of country :data:`SERBIA`) are always in supply; outside it they trace a line, which
  never crosses a major river hexside (their own supply class, whose links leave major
  rivers out).  Serbian depots follow the same rule (a depot in Serbia is in supply and
  serves the Allied classes, std 9.16).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.serbia_galicia import data as D
from greatwar.rules.gwite.supply import SupplyClass

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: serbia-galicia 9.1: the Serbian nationality and its country (the map's ``[countries]``)
SERBIA = "serbia"
#: serbia-galicia 9.0: the nationality barred from the Galician East map edge
AUSTRIA_HUNGARY = "austria-hungary"
#: serbia-galicia 9.0: the Galician map edge the Austro-Hungarians may not use
EAST = "east"
#: serbia-galicia 9.1: the hexside Serbian supply may never be traced across
MAJOR_RIVER = "major_river"
#: serbia-galicia 9.1: the name of the Serbian supply class (no major rivers)
SERBIAN_CLASS = "serbian"


def galician_east_edge(st: State) -> frozenset[str]:
    """serbia-galicia 9.0 the East map-edge hexes of the Galician map."""
    board = U.static(st).scenario.board
    galicia = D.data(st).galicia_map
    return frozenset(h for h in board.edges.get(EAST, ()) if board.map_of(h) == galicia)


def in_serbia(st: State, uid: str) -> bool:
    """serbia-galicia 9.1 a Serbian unit on the map in a hex of Serbia."""
    rec = U.record(st, uid)
    if U.info(st, uid).nationality != SERBIA or rec["status"] != "on_map":
        return False
    return U.static(st).scenario.board.country.get(rec["hex"]) == SERBIA  # type: ignore[no-any-return]


def without_major_rivers(
    st: State, links: dict[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    """``links`` without the steps across major river hexsides (serbia-galicia 9.1)."""
    board = U.static(st).scenario.board
    return {
        h: tuple(n for n in there if MAJOR_RIVER not in board.features(h, n))
        for h, there in links.items()
    }


class SerbiaGaliciaSupply:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        """serbia-galicia 9.1 Serbian units trace as their own class (no major rivers)."""
        cls: SupplyClass = super().supply_class(st, uid)  # type: ignore[misc]
        if U.info(st, uid).nationality == SERBIA:
            return replace(cls, name=f"{cls.name} {SERBIAN_CLASS}".strip())
        return cls

    def supply_links(self, st: State, cls: SupplyClass) -> dict[str, tuple[str, ...]]:
        """serbia-galicia 9.1 Serbian supply is never traced across a major river hexside."""
        links: dict[str, tuple[str, ...]] = super().supply_links(st, cls)  # type: ignore[misc]
        if SERBIAN_CLASS in cls.name.split():
            return without_major_rivers(st, links)
        return links

    def supply_edges(self, st: State, cls: SupplyClass) -> frozenset[str]:
        """serbia-galicia 9.0 the Austro-Hungarians may not treat any East map-edge hex of
        the Galician map as Friendly (the rest of 9.0 is the standard rules' map edges by
        country)."""
        edges: frozenset[str] = super().supply_edges(st, cls)  # type: ignore[misc]
        if self._austro_hungarian_class(st, cls):
            return edges - galician_east_edge(st)
        return edges

    def _austro_hungarian_class(self, st: State, cls: SupplyClass) -> bool:
        """Whether the class is the Austro-Hungarian Player's (9.0 names the Player: all
        his units, whatever the class's nationality)."""
        sides = {ui.side for ui in U.static(st).units.values() if ui.nationality == AUSTRIA_HUNGARY}
        return cls.side in sides

    def always_supplied(self, st: State, uid: str) -> bool:
        """serbia-galicia 9.1 Serbian units are always in supply while in Serbia."""
        return in_serbia(st, uid) or bool(super().always_supplied(st, uid))  # type: ignore[misc]
