"""Supply in Caporetto (caporetto 9.12-9.25): ranges, the lagoon link, the supply source,
ridges and the monitor, rail interdiction, attrition exemptions.

* caporetto 9.12 Supply Ranges (Allies 6, Central Powers 4) are the scenario's
  ``parameters.supply_range``.  The Allied lagoon line: from Venezia (``[special]
  venezia``) across Lagoon hexes (``lagoon``) to any Lagoon coastal hex
  (``lagoon_coast``), added to the Allied classes' links one way only (a line of supply
  is traced from a unit toward its source, the search runs from the sources outward):
  Venezia -> lagoon, lagoon -> lagoon, lagoon -> lagoon coast.  A line may therefore
  cross the lagoon only through Venezia, and Venezia must itself be reached by the line
  from a source ("if it is in supply"); every hex of the path counts in the unit's
  range (reading in docs/readings.md, Caporetto).
* caporetto 9.13 the map's ``supply_source`` entries of kind "other" in a Friendly
  country are sources (the standard rules read them); a rail map-edge hex named in
  ``[special] not_rail_sources`` is no map-edge source (std 9.13) but stays a rail hex
  that is one when its rail path reaches another Friendly map edge (std 9.15).
* caporetto 9.18 only TCR 1 units trace supply across Ridge hexsides: units of other
  TCRs trace as their own class (``name`` ``"no ridges"``) whose links leave ridges out.
  The monitor's hex blocks Central Powers lines as any Enemy-occupied hex does (std
  9.14); nothing more is needed.
* caporetto 9.19 (and 9.15, 17.17) Friendly rail hexes within 2 hexes of an Enemy
  artillery unit or the monitor, unless Mountain hexes, are no source and cut rail
  paths: automatic, whatever the artillery does otherwise.
* caporetto 9.22 (printed "9.22, 9.23, 9.24") Central Powers units in Clear or City
  hexes undergo no attrition out of supply (in the Attrition Segment, and as attackers).
* caporetto 9.25 the monitor is always in supply.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.supply import SupplyClass

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.board import Board
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

ALLIED = "allied"
CENTRAL = "central"
MONITOR = "monitor"
ARTILLERY = "artillery"
RIDGE = "ridge"
MOUNTAIN = "mountain"
#: caporetto 9.18: the supply class of units that may not trace across ridges
NO_RIDGES = "no ridges"
#: caporetto 9.19: the reach of an Enemy artillery unit or the monitor over rail hexes
INTERDICTION_RANGE = 2
#: caporetto 9.22: terrain where Central Powers units undergo no attrition
NO_ATTRITION_TERRAIN = frozenset({"clear", "city"})


def is_monitor(st: State, uid: str) -> bool:
    """The Italian monitor (counter type ``monitor``, caporetto 17.3)."""
    return U.info(st, uid).type == MONITOR  # type: ignore[no-any-return]


def ridge_free_links(st: State, links: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """``links`` without the steps across Ridge hexsides (caporetto 9.18, 13.0)."""
    board = U.static(st).scenario.board
    return {
        h: tuple(n for n in there if RIDGE not in board.features(h, n))
        for h, there in links.items()
    }


def lagoon_links(st: State) -> dict[str, tuple[str, ...]]:
    """caporetto 9.12 the one-way steps of the Allied lagoon line, from the source's end:
    Venezia -> Lagoon hexes -> Lagoon coastal hexes (each adjacent to the one before)."""
    data = D.data(st)
    lagoon = set(data.lagoon)
    coast = set(data.lagoon_coast)
    board = U.static(st).scenario.board
    steps: dict[str, list[str]] = {}
    if not data.venezia or not lagoon:
        return {}
    for h in sorted(lagoon | {data.venezia}):
        steps[h] = [n for n in board.neighbours[h] if n in lagoon or (h in lagoon and n in coast)]
    return {h: tuple(sorted(set(n))) for h, n in steps.items() if n}


def with_lagoon(st: State, links: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """``links`` with the lagoon line (caporetto 9.12): Venezia keeps its own steps and
    gains those into the lagoon; a Lagoon hex leads only on into the lagoon or to a
    Lagoon coastal hex."""
    extra = lagoon_links(st)
    if not extra:
        return links
    venezia = D.data(st).venezia
    joined = dict(links)
    for h in D.data(st).lagoon:
        joined[h] = extra.get(h, ())
    if venezia in extra:
        joined[venezia] = tuple(sorted({*links.get(venezia, ()), *extra[venezia]}))
    return joined


def interdicted_rail(st: State, side: str, rail: frozenset[str]) -> frozenset[str]:
    """caporetto 9.19 the hexes of ``rail`` (Friendly to ``side``) within 2 hexes of an
    Enemy artillery unit or the monitor, Mountain hexes excepted."""
    board = U.static(st).scenario.board
    guns = [
        uid
        for uid in U.on_map(st, U.enemy_of(st, side))
        if U.info(st, uid).type in (ARTILLERY, MONITOR)
    ]
    near: set[str] = set()
    for uid in guns:
        near.update(board.within(U.record(st, uid)["hex"], INTERDICTION_RANGE))
    return frozenset(h for h in near & rail if board.terrain.get(h) != MOUNTAIN)


def lagoon_problems(board: Board, data: D.CaporettoData) -> list[tuple[tuple[Any, ...], str]]:
    """caporetto 9.12 what is wrong with the lagoon data, by place."""
    found: list[tuple[tuple[Any, ...], str]] = []
    # a scenario whose map is still to be entered lacks Venezia (listed by ``lacks``)
    if (data.lagoon or data.lagoon_coast) and not data.venezia and board.cities:
        found.append(
            (("special", "venezia"), "caporetto 9.12: Lagoon hexes are given but no Venezia")
        )
    if data.venezia and not board.on_map(data.venezia):
        found.append(
            (("special", "venezia"), f"caporetto 9.12: Venezia {data.venezia!r} is not on the map")
        )
    for key, hexes in (("lagoon", data.lagoon), ("lagoon_coast", data.lagoon_coast)):
        for i, h in enumerate(hexes):
            if not board.on_map(h):
                found.append((("special", key, i), f"caporetto 9.12: {h!r} is not on the map"))
    return found


def rail_source_problems(board: Board, data: D.CaporettoData) -> list[tuple[tuple[Any, ...], str]]:
    """caporetto 9.13 each ``not_rail_sources`` hex must be a rail line's end on the map
    edge, and the hex its rail path leads to on the map."""
    exits = {h for line in board.rails for h in (line.hexes[0], line.hexes[-1]) if board.is_edge(h)}
    found: list[tuple[tuple[Any, ...], str]] = []
    for h, leads_to in data.not_rail_sources.items():
        if h not in exits and board.rails:  # no rails yet: the map lacks them (``lacks``)
            found.append(
                (
                    ("special", "not_rail_sources", h),
                    f"caporetto 9.13: {h!r} is no rail line's map-edge end",
                )
            )
        if not board.on_map(leads_to):
            found.append(
                (
                    ("special", "not_rail_sources", h),
                    f"caporetto 9.13: {leads_to!r}, where its rail path leads, is not on the map",
                )
            )
    return found


def spared_by_terrain(st: State, uid: str) -> bool:
    """caporetto 9.22 a Central Powers unit in a Clear or City hex."""
    if U.info(st, uid).side != CENTRAL:
        return False
    board = U.static(st).scenario.board
    return board.terrain.get(U.record(st, uid)["hex"]) in NO_ATTRITION_TERRAIN


class CaporettoSupply:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto 9.12, 9.13 the lagoon and rail-source data name hexes of the map."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # the game's own check reports malformed [special] data
        for place, text in lagoon_problems(scenario.board, found):
            problems.add(place, text)
        for place, text in rail_source_problems(scenario.board, found):
            problems.add(place, text)

    def supply_class(self, st: State, uid: str) -> SupplyClass:
        """caporetto 9.18 units of TCR 2 (or more) trace without crossing ridges."""
        cls: SupplyClass = super().supply_class(st, uid)  # type: ignore[misc]
        if U.tcr(st, uid) != 1:
            return replace(cls, name=f"{cls.name} {NO_RIDGES}".strip())
        return cls

    def supply_links(self, st: State, cls: SupplyClass) -> dict[str, tuple[str, ...]]:
        """caporetto 9.18 no ridges for TCR 2 classes; 9.12 the Allied lagoon line."""
        links: dict[str, tuple[str, ...]] = super().supply_links(st, cls)  # type: ignore[misc]
        if NO_RIDGES in cls.name:
            links = ridge_free_links(st, links)
        if cls.side == ALLIED:
            links = with_lagoon(st, links)
        return links

    def supply_edges(self, st: State, cls: SupplyClass) -> frozenset[str]:
        """caporetto 9.13 rail map-edge hexes named in ``not_rail_sources`` are no map-edge
        source (they remain rail hexes, sources by std 9.15 when joined to another)."""
        edges: frozenset[str] = super().supply_edges(st, cls)  # type: ignore[misc]
        return edges - set(D.data(st).not_rail_sources)

    def supply_interdicted(self, st: State, cls: SupplyClass) -> frozenset[str]:
        """caporetto 9.19 (9.15, 17.17) rail hexes near Enemy artillery or the monitor."""
        cut: frozenset[str] = super().supply_interdicted(st, cls)  # type: ignore[misc]
        rail = supply.class_network(st, cls).friendly_rail
        return cut | interdicted_rail(st, cls.side, rail)

    def negates_enemy_control(self, st: State, uid: str) -> bool:
        """caporetto 17.32 (9.18) the monitor opens no Enemy zone for Allied lines: it
        does not affect land units but to interdict Central Powers supply."""
        if is_monitor(st, uid):
            return False
        return bool(super().negates_enemy_control(st, uid))  # type: ignore[misc]

    def always_supplied(self, st: State, uid: str) -> bool:
        """caporetto 9.25 the Italian monitor is always in supply."""
        return is_monitor(st, uid) or bool(super().always_supplied(st, uid))  # type: ignore[misc]

    def attrition_exempt(self, st: State, uid: str) -> bool:
        """caporetto 9.22 Central Powers units in Clear or City hexes undergo no attrition
        out of supply (the Attrition Segment's and the attackers' of std 9.23)."""
        if spared_by_terrain(st, uid):
            return True
        return bool(super().attrition_exempt(st, uid))  # type: ignore[misc]

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """caporetto 9.22 name the units out of supply that the terrain spares from
        attrition in the Attrition Segment."""
        super().supply_determined(st, side, segment)  # type: ignore[misc]
        if segment != "attrition" or side != CENTRAL:
            return
        spared = [
            U.info(st, uid).name
            for uid in U.on_map(st, side)
            if not supply.in_supply(st, uid) and spared_by_terrain(st, uid)
        ]
        if spared:
            st.log(
                f"Out of supply in Clear or City terrain, no attrition: {', '.join(spared)}.",
                case="caporetto 9.22",
            )
