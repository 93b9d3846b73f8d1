"""Movement on Caporetto's alpine front: TCR by Movement Allowance (caporetto 2.4), ridge
and river costs by unit type and side (5.4, 18.1, 18.2), stacking (6.0, 6.11), zones of
control of Stosstruppen, trench lines and Alpine units (7.0, 7.1), the Stosstruppen's
allowances (9.21, 23.2).

Each land unit moves with a *movement class* named by what prices its moves: its TCR's
column of the chart (terrain), its kind for the ridge (5.4: Alpine, foot, HQ, or
artillery and depots which never cross), its side for the major rivers (18.2), and
whether it is Stosstruppen (7.0: Enemy zones of control cost it nothing).  Where its
zone of control reaches depends on whether it is Alpine (7.1: across ridges) and on the
trench lines (7.1), the same for every unit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D
from greatwar.rules.gwite.static import PROVISIONAL, build_costs, build_zoc_reach, terrain_table

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter
    from greatwar.rules.gwite.static import MoveCosts, UnitInfo

#: AC2 (9.21 with 23.2): an unsupplied Stosstruppen unit on Game-Turns 1-2 moves half of
#: its temporary 10 (5) instead of the fixed 6
HALF_OF_TEMPORARY = "caporetto_stoss_unsupplied_half_of_ten"

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    HALF_OF_TEMPORARY: OptionSpec(
        False,
        "Unsupplied Stosstruppen on Game-Turns 1-2 move 5 (half their temporary 10),"
        " not 6 (reading AC2)",
        "caporetto 9.21",
    ),
}

# caporetto 2.4 Tactical Competence Rating by Movement Allowance
TCR_BY_MA = {8: 1, 10: 1, 4: 2, 6: 2}
# counter types
ALPINE = "mountain_infantry"
WHEELED = frozenset({"artillery", "supply_depot"})  # caporetto 5.4 never cross a ridge
# caporetto 5.4 ridge hexsides: +1 Alpine units, +2 infantry and cavalry; HQs are not
# named: provisional +2, as the infantry that escorts them (docs/readings.md, Caporetto)
RIDGE_COST = {"alpine": 1, "foot": 2, "hq": 2}
# caporetto 18.1 minor rivers: 1 for all; 18.2 major rivers: the Central Powers 3 (the
# costly rivers) or 2, the Allies 1
MINOR_RIVER_COST = 1
COSTLY_RIVER_COST = 2 + 1
MAJOR_RIVER_COST = 2
ALLIED_MAJOR_RIVER_COST = 1
# caporetto 7.0 entering an Enemy-controlled hex: Stosstruppen 0, all others 1
STOSS_ZOC_COST = 0
ZOC_COST = 1
# caporetto 6.11 a Corps is 9 Stacking Points
CORPS_STACKING = 9
# caporetto 23.2 Stosstruppen's temporary Movement Allowance on Game-Turns 1 and 2
TEMPORARY_TURNS = (1, 2)
TEMPORARY_MA = 10
# caporetto 9.21 Stosstruppen out of supply: Movement Allowance 6, not 4
UNSUPPLIED_STOSS_MA = 6

CLASS_PREFIX = "caporetto"


def stosstruppen(st: State, uid: str) -> bool:
    """Whether the unit is Stosstruppen (caporetto 2.4: marked by a stripe, the
    counter's ``stosstruppen``)."""
    return st.game.scenario.counters[uid].stosstruppen


def central_side(scenario: Scenario) -> str:
    """The Central Powers' side: the first Player's (caporetto 4.0)."""
    return scenario.info.first_side


def ridge_kind(ui: UnitInfo) -> str:
    """How a unit crosses a ridge hexside (caporetto 5.4)."""
    if ui.type == ALPINE:
        return "alpine"
    if ui.type in WHEELED:
        return "wheeled"
    return "hq" if ui.hq else "foot"


def class_name(tcr: int, kind: str, side: str, stoss: bool) -> str:
    return f"{CLASS_PREFIX}:{tcr}:{kind}:{side}:{'stoss' if stoss else 'line'}"


def parse_class(name: str) -> tuple[int, str, str, bool] | None:
    """A Caporetto land movement class's parts, or None for another class."""
    parts = name.split(":")
    if len(parts) != 5 or parts[0] != CLASS_PREFIX or not parts[1].isdigit():
        return None
    return int(parts[1]), parts[2], parts[3], parts[4] == "stoss"


# --- the move tables ------------------------------------------------------------------


def hexside_price(scenario: Scenario, tcr: int, kind: str, side: str, costly: frozenset[str]):
    """The price of crossing each hexside feature for one movement class (caporetto 5.4
    ridges, 18.1-18.2 rivers); other features as the chart's column."""
    board = scenario.board
    hexsides = terrain_table(scenario).sides
    central = side == central_side(scenario)

    def price(a: str, b: str, feature: str) -> tuple[int, bool] | None:
        if feature == "ridge":
            if kind == "wheeled":
                return None  # caporetto 5.4 impassable to artillery and supply depots
            return RIDGE_COST[kind], kind == "hq"
        if feature == "minor_river":
            return MINOR_RIVER_COST, False  # caporetto 18.1
        if feature == "major_river":  # caporetto 18.2
            if not central:
                return ALLIED_MAJOR_RIVER_COST, False
            named = board.side_names_between(a, b)
            return (COSTLY_RIVER_COST if named & costly else MAJOR_RIVER_COST), False
        s = hexsides[feature]
        assert s.move != "prohibited"  # (the chart's prohibited hexsides are never priced)
        return s.move[tcr - 1], s.source == PROVISIONAL

    return price


def trench_lines(scenario: Scenario) -> dict[str, tuple[str, int]]:
    """Each trench hex's contiguous trench line (caporetto 7.1): the map's ``[[trench]]``
    line it belongs to and the contiguous run of that line's hexes it stands in."""
    board = scenario.board
    by_name: dict[str, set[str]] = {}
    for h, name in board.trenches.items():
        by_name.setdefault(name, set()).add(h)
    line: dict[str, tuple[str, int]] = {}
    for name, hexes in sorted(by_name.items()):
        run = 0
        for start in sorted(hexes):
            if start in line:
                continue
            run += 1
            todo = [start]
            line[start] = (name, run)
            while todo:
                here = todo.pop()
                for n in board.neighbours[here]:
                    if n in hexes and n not in line:
                        line[n] = (name, run)
                        todo.append(n)
    return line


def zoc_reach(scenario: Scenario, alpine: bool) -> dict[str, tuple[str, ...]]:
    """Where the zone of control of a unit reaches from each hex (7.11), not from one
    trench hex into another unless both are of the same contiguous trench line, and
    across a ridge hexside only for Alpine units (caporetto 7.1)."""
    board = scenario.board
    lines = trench_lines(scenario)
    reach = build_zoc_reach(scenario)
    out: dict[str, tuple[str, ...]] = {}
    for a, hexes in reach.items():
        out[a] = tuple(
            b
            for b in hexes
            if not (a in lines and b in lines and lines[a] != lines[b])
            and (alpine or "ridge" not in board.features(a, b))
        )
    return out


def build_table(st: State, tcr: int, kind: str, side: str, stoss: bool) -> MoveCosts:
    """The move table of one Caporetto land movement class."""
    stat = U.static(st)
    scenario = stat.scenario
    alpine = kind == "alpine"
    key = ("caporetto zoc reach", alpine)
    reach = stat.derived.get(key)
    if reach is None:
        reach = stat.derived[key] = zoc_reach(scenario, alpine)
    costly = frozenset(D.data(st).costly_rivers)
    return build_costs(
        scenario,
        tcr,
        STOSS_ZOC_COST if stoss else ZOC_COST,
        reach,
        hexside_price(scenario, tcr, kind, side, costly),
    )


class CaporettoMovement:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    # --- 2.4, 6.11 the counters --------------------------------------------------------

    def counter_tcr(self, scenario: Scenario, counter: Counter) -> int | None:
        """caporetto 2.4 (AC1): the TCR follows the printed Movement Allowance, 8 or 10 ->
        1, 4 or 6 -> 2; any other allowance: the counter's or nationality's TCR."""
        ma = counter.movement
        if ma is None and counter.steps:
            ma = counter.steps[0].movement
        if ma in TCR_BY_MA:
            return TCR_BY_MA[ma]
        return super().counter_tcr(scenario, counter)  # type: ignore[misc, no-any-return]

    def unit_info(self, scenario: Scenario, counter: Counter, info: UnitInfo) -> UnitInfo:
        """caporetto 6.11 a Corps is 9 Stacking Points (a combat unit: a corps HQ has none,
        std 6.11)."""
        info = super().unit_info(scenario, counter, info)  # type: ignore[misc]
        if info.size == "corps" and not info.hq and counter.stacking is None:
            return replace(info, stacking=CORPS_STACKING)
        return info

    # --- 5.4, 7.0, 7.1, 18.1, 18.2 the move tables ----------------------------------------

    def movement_class(self, st: State, uid: str) -> str:
        """A land unit's class: its TCR column, ridge kind, side and Stosstruppen."""
        name: str = super().movement_class(st, uid)  # type: ignore[misc]
        if not name.startswith("tcr"):
            return name  # another part's class (the monitor's)
        ui = U.info(st, uid)
        return class_name(ui.tcr, ridge_kind(ui), ui.side, stosstruppen(st, uid))

    def build_movement_table(self, st: State, name: str) -> MoveCosts:
        parts = parse_class(name)
        if parts is None:
            return super().build_movement_table(st, name)  # type: ignore[misc, no-any-return]
        return build_table(st, *parts)

    def build_zoc_reach(self, scenario: Scenario) -> dict[str, tuple[str, ...]]:
        """caporetto 7.1 for the fortresses' zones (7.0), which are not Alpine units."""
        super().build_zoc_reach(scenario)  # type: ignore[misc]
        return zoc_reach(scenario, alpine=False)

    # --- 9.21, 23.2 the Stosstruppen's allowances --------------------------------------------

    def allowance_base(self, st: State, uid: str) -> int:
        """caporetto 23.2 on Game-Turns 1 and 2 Stosstruppen have a temporary Movement
        Allowance of 10, not 8."""
        base: int = super().allowance_base(st, uid)  # type: ignore[misc]
        if st.data["turn"] in TEMPORARY_TURNS and stosstruppen(st, uid):
            return base + max(0, TEMPORARY_MA - U.movement_allowance(st, uid))
        return base

    def allowance(self, st: State, uid: str) -> int:
        """caporetto 9.21 Stosstruppen out of supply have a Movement Allowance of 6, not
        half (AC2: also on Game-Turns 1-2, unless the option halves their 10)."""
        allowance: int = super().allowance(st, uid)  # type: ignore[misc]
        if not (stosstruppen(st, uid) and supply.movement_halved(st, uid)):
            return allowance
        if st.data["turn"] in TEMPORARY_TURNS and D.option(st, HALF_OF_TEMPORARY):
            return allowance  # half of the temporary 10
        return UNSUPPLIED_STOSS_MA

    def allowance_note(self, st: State, uid: str) -> tuple[str, str] | None:
        """Why a Stosstruppen unit's allowance is not its printed one."""
        if stosstruppen(st, uid):
            if supply.movement_halved(st, uid):
                return "Stosstruppen out of supply", "caporetto 9.21"
            if st.data["turn"] in TEMPORARY_TURNS:
                return (
                    f"Stosstruppen: a temporary {TEMPORARY_MA} on Game-Turns 1 and 2",
                    "caporetto 23.2",
                )
        return super().allowance_note(st, uid)  # type: ignore[misc, no-any-return]

    def terrain_refusal(self, st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
        """caporetto 5.4 artillery and supply depots never cross a ridge hexside (the
        refusal when the hex is adjacent across one)."""
        ui = U.info(st, uid)
        here = U.record(st, uid)["hex"]
        board = U.static(st).scenario.board
        if (
            ridge_kind(ui) == "wheeled"
            and here in board.neighbours.get(hex_label, ())
            and "ridge" in board.features(here, hex_label)
        ):
            return (
                f"{ui.name} may not cross the ridge hexside {here}/{hex_label}: ridges are"
                " impassable to artillery and supply depots",
                "caporetto 5.4",
            )
        return super().terrain_refusal(st, uid, hex_label)  # type: ignore[misc, no-any-return]
