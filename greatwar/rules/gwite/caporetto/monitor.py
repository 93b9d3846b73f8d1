"""The Italian monitor (caporetto 17.3): its own movement class on sea and coastal hexes
(17.31), and a unit that neither affects nor is affected by land units (7.26, 6.11,
17.32).

Our maps have no part-sea hexes: a hex is water (sea, lagoon) or land.  The monitor's
waters (docs/readings.md, Caporetto) are the sea and lagoon hexes ("all-sea")
and the land hexes beside them ("coastal": the hex's coastal waters); it moves from one
to the next through water, 1 Movement Point a hex: between two coastal land hexes only
where a water hex borders both (the coast runs between them), never inland (so never
up a river).  Enemy zones of control cost it nothing, it has none itself and no
Stacking Points; Enemy land units move through its hex, and it through theirs, but no
move ends in a hex holding the other side's units (the one-side-per-hex rule, 5.13).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.static import MoveCosts
from greatwar.rules.placement import start_placements

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter
    from greatwar.rules.gwite.static import UnitInfo

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

MONITOR = "monitor"  # the counter type
MONITOR_CLASS = "caporetto-monitor"
#: the terrain (the chart's keys) that is water to the monitor: the sea, and the lagoon
#: (provisional: shallow inshore water, its element)
WATER = frozenset({"sea", "lagoon"})
#: caporetto 17.31 one Movement Point per hex
MONITOR_HEX_COST = 1


def is_monitor(st: State, uid: str) -> bool:
    return U.info(st, uid).type == MONITOR  # type: ignore[no-any-return]


def water_hexes(scenario: Scenario) -> frozenset[str]:
    """The sea and lagoon hexes (the monitor's "all-sea" hexes)."""
    board = scenario.board
    return frozenset(h for h in board.hexes if board.terrain.get(h) in WATER)


def coastal_hexes(scenario: Scenario) -> frozenset[str]:
    """Land hexes beside a water hex (caporetto 17.31 "coastal": they hold coastal
    waters)."""
    board = scenario.board
    water = water_hexes(scenario)
    return frozenset(
        h for h in board.hexes if h not in water and any(n in water for n in board.neighbours[h])
    )


def navigable(scenario: Scenario) -> frozenset[str]:
    """Every hex the monitor may stand in (caporetto 17.31)."""
    return water_hexes(scenario) | coastal_hexes(scenario)


def monitor_table(scenario: Scenario) -> MoveCosts:
    """caporetto 17.31 the monitor's moves: between water or coastal hexes through a
    contiguous path of water, 1 Movement Point a hex; Enemy zones cost it nothing
    (17.32) and it has none (7.26)."""
    board = scenario.board
    water = water_hexes(scenario)
    hexes = water | coastal_hexes(scenario)
    mc = MoveCosts(zoc_cost=0, zoc_reach={h: () for h in board.hexes})
    for a in board.hexes:
        enter: dict[str, int] = {}
        mc.enter[a] = enter
        if a not in hexes:
            continue
        around = set(board.neighbours[a])
        for b in board.neighbours[a]:
            if b not in hexes:
                continue
            shared = around & set(board.neighbours[b])
            if a in water or b in water or shared & water:
                enter[b] = MONITOR_HEX_COST
    return mc


def _monitor_hexes(st: State, side: str) -> dict[str, tuple[str, str]]:
    """Hexes holding no unit but ``side``'s monitors (17.32: the other side's land units
    pass through them)."""
    through = {}
    for h, ids in U.occupancy(st).items():
        if ids and all(is_monitor(st, o) and U.info(st, o).side == side for o in ids):
            through[h] = (
                f"{h} holds the Enemy monitor: it does not block movement, but no move"
                " ends in a hex holding an Enemy unit",
                "caporetto 17.32",
            )
    return through


class Monitor:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def unit_info(self, scenario: Scenario, counter: Counter, info: UnitInfo) -> UnitInfo:
        """caporetto 6.11 the monitor has no Stacking Points."""
        info = super().unit_info(scenario, counter, info)  # type: ignore[misc]
        return replace(info, stacking=0) if info.type == MONITOR else info

    def moves_on_water(self, scenario: Scenario, uid: str) -> bool:
        """caporetto 17.31 the monitor moves (and sets up) on the sea."""
        counter = scenario.counters.get(uid)
        if counter is not None and counter.type == MONITOR:
            return True
        return super().moves_on_water(scenario, uid)  # type: ignore[misc, no-any-return]

    def movement_class(self, st: State, uid: str) -> str:
        if is_monitor(st, uid):
            return MONITOR_CLASS
        return super().movement_class(st, uid)  # type: ignore[misc, no-any-return]

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        if name == MONITOR_CLASS:
            return monitor_table(U.static(st).scenario)
        return super().build_movement_table(st, name)  # type: ignore[misc, no-any-return]

    def exerts_zoc(self, st: State, uid: str) -> bool:
        """caporetto 7.26, 17.32 the monitor never exerts a Zone of Control."""
        if is_monitor(st, uid):
            return False
        return super().exerts_zoc(st, uid)  # type: ignore[misc, no-any-return]

    def pass_through_hexes(self, st: State, uid: str) -> dict[str, tuple[str, str]]:
        """caporetto 17.32 the monitor does not block movement, nor is it blocked by land
        units: each moves through the other's hex, but never ends a move there."""
        through: dict[str, tuple[str, str]] = dict(super().pass_through_hexes(st, uid))  # type: ignore[misc]
        side = U.info(st, uid).side
        enemy = U.enemy_of(st, side)
        if is_monitor(st, uid):
            for h in U.occupancy(st):
                if U.hex_side(st)[h] == enemy:
                    through[h] = (
                        f"{h} holds Enemy units: the monitor passes them, but a hex never"
                        " holds both sides' units",
                        "caporetto 17.32",
                    )
            return through
        key = "caporetto monitor hexes"
        through.update(U.cached(st, key, lambda s: _monitor_hexes(s, enemy), enemy))
        return through

    def terrain_refusal(self, st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
        """caporetto 17.31 the monitor enters only all-sea and coastal hexes."""
        if is_monitor(st, uid) and hex_label not in navigable(U.static(st).scenario):
            return (
                f"{hex_label} is inland: the monitor moves only in all-sea or coastal hexes",
                "caporetto 17.31",
            )
        return super().terrain_refusal(st, uid, hex_label)  # type: ignore[misc, no-any-return]

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto 17.31 the monitor sets up (or stands in a position) on the sea or a
        coastal hex."""
        super().validate(scenario, problems)  # type: ignore[misc]
        allowed = navigable(scenario)
        for p in start_placements(scenario, problems):
            if scenario.counters[p.uid].type == MONITOR and p.hex not in allowed:
                p.problems.add(
                    p.loc,
                    f"monitor {p.uid} is set up in {p.hex}, inland: it stands only in"
                    " all-sea or coastal hexes (caporetto 17.31)",
                )
