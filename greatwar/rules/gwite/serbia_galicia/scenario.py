"""Serbia/Galicia scenarios (serbia-galicia 15.0, 16.0, 2.1-2.5, 6.11, 26.1-26.33): what a
scenario gives, what its ``[special]`` table refers to, and what it still lacks.

The scenarios are data (``data/gwite/scenarios/serbia-galicia-*.toml``): the Historical
Campaign Game (26.1), the Free Deployment Campaign (26.2) and 1 September 1914: Decision
in Galicia (26.3), each with every number the exclusive rules print, and FICTIONAL
teaching scenarios on two invented maps.  The rulebook includes neither the two maps
nor the counter sheet (set-up hexes and reinforcement designations are printed on the
counters, 26.1; the A-H and Russian Rail Capacities on the Game-Turn Track, 5.3):
:meth:`lacks` says what a scenario still needs before it can be played as printed.
:meth:`validate` refuses a ``[special]`` table that names a map, a region or an army
the scenario does not have, and numbers that are not the rules' own (2.3, 2.4, 6.11),
naming the place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import fortress
from greatwar.rules.gwite.serbia_galicia import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: serbia-galicia 2.5 Game Scale
HOURS_PER_TURN = 72
KM_PER_HEX = 12.87
#: serbia-galicia 2.4 the Tactical Competence Ratings, by nationality
TCR = {"austria-hungary": 4, "russia": 3, "serbia": 2}
#: serbia-galicia 6.11 the Stacking Limit
STACKING_LIMIT = 9
#: serbia-galicia 2.3 the Allied Player controls the Russians and the Serbians
ALLIED = {"russia", "serbia"}
CENTRAL = {"austria-hungary"}
#: serbia-galicia 2.32 the markers printed on the game map
FORT_DESTROYED = fortress.FORT_DESTROYED
FORT_WEAKENED = fortress.FORT_WEAKENED
OCC = "Out of Command Control"
CONTROL = {"central": "Austrian Control", "allied": "Russian Control"}
#: the word that marks a value the rulebook does not print
PROVISIONAL = "provisional"
#: serbia-galicia 5.3 (14.1 note) the nationalities whose capacities are on the track
TRACK_CAPACITIES = ("austria-hungary", "russia")


class SerbiaGaliciaScenario:
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """2.1 the maps, 2.3 the sides and HQs, 2.4 TCRs, 6.11 stacking, 26.31 the start
        line's regions: the ``[special]`` table's references must be the scenario's."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return  # reported by place by the standard rules' check of [special]
        _check_maps(scenario, special, problems)
        _check_sides(scenario, problems)
        _check_hqs(scenario, special, problems)
        _check_armies(scenario, special, problems)
        _check_regions(scenario, special, problems)
        _check_numbers(scenario, problems)

    def redact_view(self, st: State, role: str | None, view: dict[str, Any]) -> dict[str, Any]:
        """2.32 the markers on the map: Fort Destroyed / Fort Weakened on each fortress
        that has lost steps, and the Austrian / Russian Control markers on the cities
        that score (25.12).  (OCC markers are each unit's command record.)"""
        out: dict[str, Any] = super().redact_view(st, role, view)  # type: ignore[misc]
        forts = fortress.markers(st)
        if forts:
            out = {**out, "fort_markers": forts}
        control = control_markers(st)
        if control:
            out = {**out, "control_markers": control}
        return out

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a Serbia/Galicia scenario still lacks before it can be played as printed."""
        out: list[str] = list(super().lacks(scenario))  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return out  # reported as a problem by validate
        out += _lacks_capacities(scenario)
        out += _lacks_intermap(scenario)
        out += _lacks_countries(scenario)
        out += _lacks_places(scenario)
        out += _lacks_regions(scenario, special)
        out += _lacks_counters(scenario)
        return out


def control_markers(st: State) -> dict[str, str]:
    """2.32 (25.12) the control marker on each city or town with Victory Points."""
    cities = st.game.scenario.board.cities
    return {
        h: CONTROL[side]
        for h, side in sorted(st.data["control"].items())
        if side in CONTROL and h in cities and cities[h].vp
    }


# --- checks --------------------------------------------------------------------------


def _prefixes(scenario: Scenario) -> list[str]:
    board = scenario.board
    if board.maps:
        return [part.info.prefix for part in board.maps]
    return [board.info.prefix]


def _check_maps(scenario: Scenario, special: D.SerbiaGaliciaData, problems: Problems) -> None:
    """2.1 the game's maps are Galicia (g) and Serbia (s)."""
    known = {special.galicia_map, special.serbia_map}
    for prefix in _prefixes(scenario):
        if prefix not in known:
            problems.add(
                ("scenario", "maps"),
                f"map prefix {prefix!r} is neither the Galician ({special.galicia_map!r}) nor"
                f" the Serbian ({special.serbia_map!r}) map of [special] (serbia-galicia 2.1)",
            )


def _check_sides(scenario: Scenario, problems: Problems) -> None:
    """2.3 the Allied Player controls the Russians and Serbians; Austria-Hungary is the
    other Player."""
    for side in scenario.sides:
        want = ALLIED if side.id == "allied" else CENTRAL
        extra = set(side.nationalities) - want
        if extra:
            problems.add(
                ("side", side.id, "nationalities"),
                f"{', '.join(sorted(extra))} are not the {side.id} side's"
                " (serbia-galicia 2.3: the Allied Player controls the Russian and Serbian"
                " units)",
            )


def _check_hqs(scenario: Scenario, special: D.SerbiaGaliciaData, problems: Problems) -> None:
    """2.3 every HQ is army level but Putnik (SOK); 19.0 [special] putnik is an HQ."""
    counters = scenario.counters
    putnik = special.putnik
    if putnik and (putnik not in counters or counters[putnik].type != "hq"):
        why = f"there is no HQ counter {putnik!r} (serbia-galicia 19.0)"
        problems.add(("special", "putnik"), why)
    for uid, c in counters.items():
        if c.type != "hq" or c.hq is None or uid == putnik:
            continue
        if c.hq.level != "army":
            problems.add(
                ("counter", uid, "hq", "level"),
                f"HQ {uid!r} is {c.hq.level} level: all HQs but Putnik (SOK) are army level"
                " (serbia-galicia 2.3)",
            )


def _armies(scenario: Scenario, side: str) -> set[str]:
    return {c.superior for c in scenario.counters.values() if c.side == side and c.superior}


def _check_armies(scenario: Scenario, special: D.SerbiaGaliciaData, problems: Problems) -> None:
    """17.41, 17.42, 26.31: the armies [special] names are Superior Unit Designations of
    the side's counters (2.3)."""
    ah = _armies(scenario, "central")
    named: list[tuple[tuple[str | int, ...], str, str]] = [
        (("special", "balkan_armies", i), a, "central") for i, a in enumerate(special.balkan_armies)
    ]
    if special.late_army:
        named.append((("special", "late_army"), special.late_army, "central"))
    for side, armies in special.army_boundaries.items():
        named += [(("special", "army_boundaries", side, a), a, side) for a in armies]
    sides = {s.id for s in scenario.sides}
    for loc, army, side in named:
        if side not in sides:
            problems.add(loc[:3], f"{side!r} is not one of the sides {sorted(sides)}")
            continue
        known = ah if side == "central" else _armies(scenario, side)
        if known and army not in known:
            problems.add(
                loc,
                f"no {side} counter has the Superior Unit Designation {army!r} (its armies:"
                f" {', '.join(sorted(known))}; serbia-galicia 2.3)",
            )


def _regions(special: D.SerbiaGaliciaData) -> list[tuple[tuple[str | int, ...], str]]:
    out: list[tuple[tuple[str | int, ...], str]] = []
    if special.start_line:
        out.append((("special", "start_line"), special.start_line))
    for side, armies in special.army_boundaries.items():
        out += [(("special", "army_boundaries", side, a), r) for a, r in armies.items()]
    return out


def _check_regions(scenario: Scenario, special: D.SerbiaGaliciaData, problems: Problems) -> None:
    """26.31 the start line and the army boundaries are regions of the map."""
    regions = scenario.board.regions
    for loc, name in _regions(special):
        if name not in regions:
            known = ", ".join(sorted(regions)) or "none"
            problems.add(loc, f"the map has no region {name!r} (its regions: {known})")
    if special.army_boundaries and not special.start_line:
        problems.add(
            ("special", "army_boundaries"),
            "army boundaries without a start line (serbia-galicia 26.31)",
        )


def _check_numbers(scenario: Scenario, problems: Problems) -> None:
    """2.4 the TCRs and 6.11 the Stacking Limit are the rules' own."""
    params = scenario.file.parameters
    if params.stacking_limit != STACKING_LIMIT:
        problems.add(
            ("parameters", "stacking_limit"),
            f"the Stacking Limit is {STACKING_LIMIT} (serbia-galicia 6.11)",
        )
    for nationality, tcr in TCR.items():
        if params.tcr.get(nationality) != tcr:
            problems.add(
                ("parameters", "tcr", nationality),
                f"the {nationality} TCR is {tcr} (serbia-galicia 2.4)",
            )


# --- what a scenario lacks -----------------------------------------------------------


def _lacks_capacities(scenario: Scenario) -> list[str]:
    """5.3 the A-H and Russian Rail Capacities by Game-Turn (the Game-Turn Track: "18/13"
    is the text's example only)."""
    if scenario.fictional:
        return []
    capacity = scenario.file.parameters.rail_capacity
    missing = [n for n in TRACK_CAPACITIES if not isinstance(capacity.get(n), list)]
    if not missing:
        return []
    return [
        f"the {' and '.join(missing)} Rail Capacities by Game-Turn from the Game-Turn Track"
        " (serbia-galicia 5.3, 14.1 note: the example 18/13 stands in, provisional)"
    ]


def _lacks_intermap(scenario: Scenario) -> list[str]:
    """17.4 the A-H intermap transfer (std 5.37-5.38) between the two maps."""
    if scenario.fictional or len(_prefixes(scenario)) < 2 or scenario.file.offmap_link:
        return []
    return [
        "the rail exits and cost of the A-H intermap transfer ([[offmap_link]],"
        " serbia-galicia 17.4, std 5.37-5.38)"
    ]


def _lacks_countries(scenario: Scenario) -> list[str]:
    """5.3, 9.0, 9.1, 26.21, 26.22 each hex's country (Austria-Hungary, Russia, Serbia)."""
    if scenario.fictional or scenario.board.country:
        return []
    return [
        "the countries of the maps' hexes (serbia-galicia 5.3 own-country railroads, 9.0"
        " map edges, 9.1 Serbian supply, 26.21-26.22 free deployment)"
    ]


def _lacks_places(scenario: Scenario) -> list[str]:
    """25.2 the cities and towns the schedule names whose hexes the text does not give."""
    if scenario.fictional:
        return []
    special = D.parsed(scenario)
    missing = list(special.unplaced_cities) if special is not None else []
    if not missing:
        return []
    return [f"the hexes of {', '.join(missing)} (serbia-galicia 25.2)"]


def _lacks_regions(scenario: Scenario, special: D.SerbiaGaliciaData) -> list[str]:
    regions = scenario.board.regions
    empty = [name for _loc, name in _regions(special) if name in regions and not regions[name]]
    if not empty:
        return []
    names = ", ".join(sorted(set(empty)))
    return [f"the hexes of the map's regions {names} (serbia-galicia 26.31)"]


def _lacks_counters(scenario: Scenario) -> list[str]:
    if scenario.fictional:
        return []
    provisional = [c.id for c in scenario.counters.values() if PROVISIONAL in c.source]
    if not provisional:
        return []
    more = f" and {len(provisional) - 10} more" if len(provisional) > 10 else ""
    return [
        f"{len(provisional)} counters with provisional data (each source says which):"
        f" {', '.join(provisional[:10])}{more}"
    ]
