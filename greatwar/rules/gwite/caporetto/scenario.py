"""Caporetto scenarios (caporetto 15.0, 16.0, 2.3-2.5, 4.1, 25.0-25.33): what a scenario
gives, what its ``[special]`` table refers to, and what it still lacks.

The scenarios are data (``data/gwite/scenarios/caporetto-*.toml``): the historical game
and the Tyrol Offensive (25.0), each with every number the exclusive rules print, and
FICTIONAL teaching scenarios on an invented map.  The rulebook includes neither the map
nor the counter sheet (each unit's set-up hex or arrival is printed on its counter):
:meth:`lacks` says what a scenario still needs before it can be played as printed; a
FICTIONAL scenario's invented values lack nothing.  :meth:`validate` refuses a
``[special]`` table that names a region, a counter or a hex the scenario does not have,
naming the place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.model.board import check_hex
from greatwar.rules.gwite import fortress
from greatwar.rules.gwite.caporetto import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: caporetto 2.32 the fortress markers printed on the game sheet
FORT_DESTROYED = fortress.FORT_DESTROYED
FORT_WEAKENED = fortress.FORT_WEAKENED

#: the word that marks a value the rulebook does not print
PROVISIONAL = "provisional"
#: caporetto 2.5 Game Scale
HOURS_PER_TURN = 48
KM_PER_HEX = 5.55


class CaporettoScenario:
    """Caporetto scenarios (a part of :class:`CaporettoRules`)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """The ``[special]`` table's regions, counters and hexes must be the scenario's;
        HQs have no Command Strength (2.3, 2.31)."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return  # reported by place by the standard rules' check of [special]
        _check_regions(scenario, special, problems)
        _check_counters(scenario, special, problems)
        _check_hexes(scenario, special, problems)
        _check_sides(scenario, special, problems)
        _check_options(special, set(self.options), problems)  # type: ignore[attr-defined]
        _check_transfer(scenario, special, problems)
        _check_hqs(scenario, problems)

    def redact_view(self, st: State, role: str | None, view: dict[str, Any]) -> dict[str, Any]:
        """2.32 the fortress markers on the map: each fortress that has lost steps, Fort
        Weakened (its smaller defense, std 11.14) or Fort Destroyed (11.15).  (The corps
        reduction markers are each unit's ``steps_lost``.)"""
        out: dict[str, Any] = super().redact_view(st, role, view)  # type: ignore[misc]
        markers = fort_markers(st)
        if markers:
            out = {**out, "fort_markers": markers}
        return out

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a Caporetto scenario still lacks before it can be played as printed: the
        map's and the counter sheet's data the rules need."""
        out: list[str] = list(super().lacks(scenario))  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return out  # reported as a problem by validate
        out += _lacks_map(scenario, special)
        out += _lacks_places(special)
        out += _lacks_regions(scenario, special)
        out += _lacks_counters(scenario)
        out += _lacks_set_ups(special)
        return out


def fort_markers(st: State) -> dict[str, str]:
    """2.32 the marker on each fortress that has lost steps (:func:`fortress.markers`)."""
    return fortress.markers(st)


# --- references of [special] ---------------------------------------------------------


def _regions(special: D.CaporettoData) -> list[tuple[tuple[str | int, ...], str]]:
    """Every region ``[special]`` names, with its place."""
    out: list[tuple[tuple[str | int, ...], str]] = [
        (("special", key), getattr(special, key))
        for key in ("central_vp_region", "allied_vp_region")
        if getattr(special, key)
    ]
    out += [(("special", "switch_lines", i), name) for i, name in enumerate(special.switch_lines)]
    out += [
        (("special", "deployment", i, "region"), s.region)
        for i, s in enumerate(special.deployment)
        if s.region
    ]
    if special.transfer is not None:
        out.append((("special", "transfer", "region"), special.transfer.region))
    out += [
        (("special", "deployment_regions", side), name)
        for side, name in special.deployment_regions.items()
    ]
    return out


def _check_regions(scenario: Scenario, special: D.CaporettoData, problems: Problems) -> None:
    regions = scenario.board.regions
    for loc, name in _regions(special):
        if name not in regions:
            known = ", ".join(sorted(regions)) or "none"
            problems.add(loc, f"the map has no region {name!r} (its regions: {known})")


def _counters(special: D.CaporettoData) -> list[tuple[tuple[str | int, ...], str]]:
    """Every counter ``[special]`` names, with its place."""
    out: list[tuple[tuple[str | int, ...], str]] = [
        (("special", "milano_units", i), uid) for i, uid in enumerate(special.milano_units)
    ]
    out += [(("special", key), getattr(special, key)) for key in ("rommel", "rommel_division")]
    for i, s in enumerate(special.deployment):
        out += [(("special", "deployment", i, "units", j), uid) for j, uid in enumerate(s.units)]
    t = special.transfer
    if t is not None:
        for key in ("units", "corps_hqs", "army_hqs"):
            out += [(("special", "transfer", key, j), u) for j, u in enumerate(getattr(t, key))]
        out.append((("special", "transfer", "vacated_unit"), t.vacated_unit))
    return [(loc, uid) for loc, uid in out if uid]


def _check_counters(scenario: Scenario, special: D.CaporettoData, problems: Problems) -> None:
    counters = scenario.counters
    for loc, uid in _counters(special):
        if uid not in counters:
            problems.add(loc, f"there is no counter {uid!r} in the scenario's counters")
    for i, s in enumerate(special.deployment):
        for j, uid in enumerate(s.units):
            if uid in counters and counters[uid].setup is not None:
                problems.add(
                    ("special", "deployment", i, "units", j),
                    f"counter {uid!r} has a set-up hex: {s.case} sets up counters printed"
                    " without one",
                )
    t = special.transfer
    if t is not None:
        for j, uid in enumerate(t.units):
            if uid in counters and counters[uid].setup is None:
                problems.add(
                    ("special", "transfer", "units", j),
                    f"counter {uid!r} has no set-up hex to be transferred from ({t.case})",
                )


def _hexes(special: D.CaporettoData) -> list[tuple[tuple[str | int, ...], str]]:
    """Every hex ``[special]`` names, with its place."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    for key in ("lagoon", "lagoon_coast", "unlettered_entries", "allied_vp_cities"):
        out += [(("special", key, i), h) for i, h in enumerate(getattr(special, key))]
    for key in ("venezia", "allied_entry"):
        if getattr(special, key):
            out.append((("special", key), getattr(special, key)))
    for source, path in special.not_rail_sources.items():
        out += [(("special", "not_rail_sources", source), h) for h in (source, path)]
    return out


def _check_hexes(scenario: Scenario, special: D.CaporettoData, problems: Problems) -> None:
    for loc, h in _hexes(special):
        check_hex(scenario.board, h, loc, problems)


def _check_sides(scenario: Scenario, special: D.CaporettoData, problems: Problems) -> None:
    sides = {s.id for s in scenario.sides}
    places: list[tuple[tuple[str | int, ...], str]] = [
        (("special", "deployment", i, "side"), s.side) for i, s in enumerate(special.deployment)
    ]
    if special.transfer is not None:
        places.append((("special", "transfer", "side"), special.transfer.side))
    places += [(("special", "deployment_regions", s), s) for s in special.deployment_regions]
    for loc, side in places:
        if side not in sides:
            problems.add(loc, f"{side!r} is not one of the sides {sorted(sides)}")


def _check_options(special: D.CaporettoData, known: set[str], problems: Problems) -> None:
    """Appendix B: a set-up's ``if_option`` / ``unless_option`` names one of the game's
    options."""
    entries: list[tuple[tuple[str | int, ...], D.SetUp | D.Transfer]] = [
        (("special", "deployment", i), s) for i, s in enumerate(special.deployment)
    ]
    if special.transfer is not None:
        entries.append((("special", "transfer"), special.transfer))
    for loc, entry in entries:
        for key in ("if_option", "unless_option"):
            name = getattr(entry, key)
            if name and name not in known:
                problems.add((*loc, key), f"{name!r} is not one of the game's options")


def _check_transfer(scenario: Scenario, special: D.CaporettoData, problems: Problems) -> None:
    """25.23 the divisions transferred are German Stosstruppen divisions; the HQs are
    corps and army HQs."""
    t = special.transfer
    if t is None:
        return
    counters = scenario.counters
    for j, uid in enumerate(t.units):
        c = counters.get(uid)
        if c is not None and not (c.stosstruppen and c.nationality == "germany"):
            problems.add(
                ("special", "transfer", "units", j),
                f"counter {uid!r} is no German Stosstruppen division ({t.case})",
            )
    for key, level in (("corps_hqs", "corps"), ("army_hqs", "army")):
        for j, uid in enumerate(getattr(t, key)):
            c = counters.get(uid)
            if c is not None and (c.hq is None or c.hq.level != level):
                problems.add(
                    ("special", "transfer", key, j),
                    f"counter {uid!r} is no {level} HQ ({t.case})",
                )


def _check_hqs(scenario: Scenario, problems: Problems) -> None:
    """2.3 HQs have no Command Strength; 2.31 (errata) the top-left number is the Attack
    Shift."""
    for uid, c in scenario.counters.items():
        if c.type == "hq" and any(s.command_strength is not None for s in c.steps):
            problems.add(
                ("counter", uid, "steps"),
                f"HQ {uid!r} has a Command Strength: Caporetto's HQs have none, the number"
                " on the top left is the Attack Shift (caporetto 2.3, 2.31 errata)",
            )


# --- what a scenario lacks -----------------------------------------------------------


def _lacks_map(scenario: Scenario, special: D.CaporettoData) -> list[str]:
    board = scenario.board
    out: list[str] = []
    features = {kind for kinds in board.side_features.values() for kind in kinds}
    if not board.trenches:
        out.append(
            "the trench lines of the map (caporetto 5.32, 7.1, 25.21-25.23: the A-H lines"
            " from 0833 to 0222 and 0209)"
        )
    if "ridge" not in features:
        out.append("the ridge hexsides of the map (caporetto 5.4, 7.1, 8.61, 9.18, 10.33)")
    if "major_river" not in features:
        costly = " and ".join(special.costly_rivers) or "Tagliamento and Piave"
        out.append(f"the major rivers of the map, the {costly} among them (caporetto 18.2)")
    if not board.rails:
        out.append("the rail lines of the map (caporetto 5.31-5.34, 9.13, 9.19)")
    if not board.country:
        out.append("the map's countries: the sides of the trench system (caporetto 5.32)")
    allied = {special.allied_entry} if special.allied_entry else set()
    if not {h for e in board.entries.values() for h in e.hexes} - allied:
        out.append("the Central Powers' lettered entry hexes of the map (caporetto 14.4)")
    if not board.fortresses:
        out.append("the Italian fortresses of the map (caporetto 13.0, 24.12, 25.33)")
    return out


def _lacks_places(special: D.CaporettoData) -> list[str]:
    out = []
    if not special.venezia:
        out.append("the hex of Venezia ([special] venezia, caporetto 9.12)")
    if not special.allied_vp_cities:
        out.append("the hexes of Trieste and Trent ([special] allied_vp_cities, caporetto 24.23)")
    return out


def _lacks_regions(scenario: Scenario, special: D.CaporettoData) -> list[str]:
    regions = scenario.board.regions
    cases: dict[str, list[str]] = {}
    for loc, name in _regions(special):
        if name in regions and not regions[name]:
            case = _case(special, loc)
            if case not in cases.setdefault(name, []):
                cases[name].append(case)
    return [f"the hexes of the map's region {n!r} ({', '.join(c)})" for n, c in cases.items()]


def _lacks_set_ups(special: D.CaporettoData) -> list[str]:
    """The set-ups whose counters are still to be entered (25.23, 25.33)."""
    out = [
        f"the counters set up under {s.case} ([special] deployment units)"
        for s in special.deployment
        if not s.units
    ]
    t = special.transfer
    if t is not None and not t.units:
        out.append(
            f"the German Stosstruppen divisions and HQs that may be transferred ({t.case}:"
            " [special] transfer units, corps_hqs, army_hqs)"
        )
    return out


def _case(special: D.CaporettoData, loc: tuple[str | int, ...]) -> str:
    key = str(loc[1])
    if key == "deployment":
        return special.deployment[int(loc[2])].case
    return {
        "central_vp_region": "caporetto 24.11",
        "allied_vp_region": "caporetto 24.21",
        "switch_lines": "caporetto Appendix C",
        "transfer": "caporetto 25.23",
        "deployment_regions": "caporetto Appendix A",
    }.get(key, "caporetto")


def _lacks_counters(scenario: Scenario) -> list[str]:
    counters = list(scenario.counters.values())
    out: list[str] = []
    hqs = [c.id for c in counters if c.type == "hq" and not _has_hq_values(c)]
    if hqs:
        out.append(
            f"{len(hqs)} HQ counters without Attack Shift and Command Radius (caporetto 2.31,"
            f" 10.0): {_sample(hqs)}"
        )
    provisional = [c.id for c in counters if PROVISIONAL in c.source]
    if provisional and not scenario.fictional:
        out.append(
            f"{len(provisional)} counters with provisional data (each source says which):"
            f" {_sample(provisional)}"
        )
    return out


def _has_hq_values(c: Counter) -> bool:
    if c.hq is not None and c.hq.heroic:
        return True  # 21.12 Rommel: a Heroic Leader Combat Value, no command values
    return bool(c.steps) and all(
        s.attack_shift is not None and s.command_radius is not None for s in c.steps
    )


def _sample(items: list[str], limit: int = 10) -> str:
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more
