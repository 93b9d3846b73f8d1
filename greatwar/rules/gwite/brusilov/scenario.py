"""The Brusilov Offensive, 26.0 Scenarios: what a Brusilov scenario gives and still lacks;
the variations of 26.3; the unit designations of 27.0.

The scenarios are data (``data/gwite/scenarios/brusilov-*.toml``): 26.1 The Glorious
Fourth of June (GT1-14, VP 0), 26.2 Attack On Schedule (GT5-18, VP -8, the surprise
rules on GT5: ``[special] surprise_turn``), and a FICTIONAL teaching scenario.  The
variations of 26.3 are the game's on/off options below; what each changes is written in
the scenario as ``[option_effects.<name>]`` (:mod:`greatwar.rules.gwite.option_effects`):
initial VP, arrivals, delays, Rail Capacity, the HQs swapped in at the start (26.34).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.brusilov import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter

SPECIAL_GUARDS = "special_guards"
WEST_FRONT = "west_front"
INCREASED_SUPPLY = "increased_supply"
BETTER_COMMANDERS = "better_commanders"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`): 26.3's
#: variations, each lowering the initial Russian VP Total (the scenario's option_effects)
OPTIONS: dict[str, OptionSpec] = {
    SPECIAL_GUARDS: OptionSpec(
        False,
        "Early release of the Russian Special Guards Army: the SGA units arrive on"
        " Game-Turn 6 (initial VP -6)",
        "brusilov 26.31",
    ),
    WEST_FRONT: OptionSpec(
        False,
        "West Front offensive: every Central Powers reinforcement arrives one Game-Turn"
        " later (initial VP -6; not with Increased Supply)",
        "brusilov 26.32",
    ),
    INCREASED_SUPPLY: OptionSpec(
        False,
        "Increased supply and rail capacity: Russian Rail Capacity 8, two supply depots a"
        " Game-Turn (initial VP -6; not with the West Front)",
        "brusilov 26.33",
    ),
    BETTER_COMMANDERS: OptionSpec(
        False,
        "Better commanders: HQ 8 KL replaces 8 KA (and GGU replaces GBZ with the Special"
        " Guards), initial VP -1 each",
        "brusilov 26.34",
    ),
}

#: 27.0 the designation abbreviations printed on the counters, by case
GLOSSARY: dict[str, dict[str, str]] = {
    "27.11": {
        "B": "Bavarian",
        "BI": "Biss",
        "GR": "Gruppe",
        "JA": "Jachmann",
        "R": "reserve",
        "PL": "Polish Legion",
        "RF": "Rifle",
    },
    "27.12": {
        "AC": "armored car",
        "C": "Cossack",
        "DC": "Don Cossack",
        "F": "Finnish",
        "GD": "guard",
        "NC": "Native Cossack",
        "OR": "Orenburg",
        "RF": "rifle",
        "S": "Siberian",
        "SI": "Sarat",
        "TBC": "Trans-Baikal Cossack",
        "TR": "Transumer",
        "TRF": "Terek rifle",
        "TU": "Turkostan",
        "UC": "Ussuri Cossack",
        "VOL": "volunteer",
        "Z": "combined",
    },
    "27.21": {
        "BH": "Bernhardi",
        "SA": "Sud Armee",
        "BA": "Baltin",
        "BE": "Boehm-Ermolli",
        "FE": "Archduke Ferdinand",
    },
    "27.22": {
        "GBZ": "Guards Army, Bezob",
        "GGU": "Guards Army, Gurko",
        "KA": "Kaledin",
        "KL": "Klembowski",
        "LE": "Lech",
        "SA": "Sakharov",
        "SH": "Shscherbachev",
    },
}

#: the cases of each side's abbreviations (27.11/27.21 Central Powers, 27.12/27.22 Russian)
_GLOSSARY_SIDE = {"27.11": "central", "27.21": "central", "27.12": "allied", "27.22": "allied"}


def expand(abbreviation: str, side: str, hq: bool = False) -> str | None:
    """27.0 what a printed abbreviation stands for on ``side``'s counters (an HQ's by
    27.21/27.22, a unit's by 27.11/27.12); None when it is none of them."""
    for case, table in GLOSSARY.items():
        if _GLOSSARY_SIDE[case] != side or (case in ("27.21", "27.22")) != hq:
            continue
        if abbreviation in table:
            return table[abbreviation]
    return None


def designation(text: str, side: str, hq: bool = False) -> str:
    """27.0 a printed designation with its abbreviations spelt out, e.g. "11B" ->
    "11B (11 Bavarian)", "8 KA" -> "8 KA (8 Kaledin)"; unchanged when it has none."""
    parts = re.findall(r"\d+|[A-Z]+|\S", text)
    spelt = [expand(p, side, hq) or p for p in parts]
    if spelt == parts:
        return text
    return f"{text} ({' '.join(spelt)})"


class BrusilovScenario:
    """The Brusilov Offensive's scenario rules (a part of :class:`BrusilovRules`)."""

    def track_limit_case(self, st: State) -> str | None:
        """18.3 (optional, "strongly urged") the track limits of 18.31 apply.  The rail
        part (:class:`~greatwar.rules.gwite.brusilov.rail.BrusilovRail`) comes first in
        the rules' order and decides when it overrides this; the scenarios give the
        limits (``parameters.track_limit``)."""
        return "brusilov 18.31"

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a Brusilov scenario still lacks before it can be played as printed: the
        data the rulebook leaves to the map and the counter sheet."""
        out: list[str] = list(super().lacks(scenario))  # type: ignore[misc]
        out += _lacks_map(scenario)
        out += _lacks_special(scenario)
        out += _lacks_counters(scenario)
        out += _lacks_variations(scenario)
        return out


# --- what a scenario lacks -------------------------------------------------------------


def _lacks_map(scenario: Scenario) -> list[str]:
    board = scenario.board
    out: list[str] = []
    friendly = {c for cs in scenario.file.parameters.friendly_countries.values() for c in cs}
    if not friendly & set(board.country.values()):
        out.append(
            "the start line (brusilov 18.27, 19.1): the map's [countries] grid naming the"
            " sides of the start line that parameters.friendly_countries makes Friendly"
        )
    if not board.trenches:
        out.append("the trench lines of the map (brusilov 18.27, 23.11, 23.51)")
    if not board.rails:
        out.append("the rail lines of the map, single and double track (brusilov 18.2, 18.3)")
    if not board.entries:
        out.append("the Friendly entry hexes of the map (brusilov 20.12)")
    if not any(c.vp for c in board.cities.values()):
        out.append("the towns with Victory Points printed on the map (brusilov 25.11)")
    return out


def _lacks_special(scenario: Scenario) -> list[str]:
    special = D.parsed(scenario)
    if special is None:
        return []  # reported as a problem by BrusilovRules.validate
    out: list[str] = []
    if not special.panic_exempt:
        out.append("the Austro-Hungarian units that do not panic ([special] panic_exempt, 23.42)")
    else:
        missing = [u for u in special.panic_exempt if u not in scenario.counters]
        if missing:
            out.append(
                "the counters of the units that do not panic (brusilov 23.42):"
                f" {', '.join(missing)}"
            )
    region = board_region(scenario, special.forage_region)
    if not region:
        out.append(
            "the hexes south of both the Dniester and hex row 1900 (brusilov 19.41):"
            " a map [[region]] named by [special] forage_region"
        )
    return out


def board_region(scenario: Scenario, name: str | None) -> frozenset[str]:
    """The hexes of the map's region ``name`` (none: no such region or no name)."""
    return scenario.board.regions.get(name, frozenset()) if name else frozenset()


def _lacks_counters(scenario: Scenario) -> list[str]:
    counters = list(scenario.counters.values())
    out: list[str] = []
    hqs = [c.id for c in counters if c.type == "hq" and not _has_command(c)]
    if hqs:
        out.append(f"{len(hqs)} HQ counters without command values: {_sample(hqs)}")
    if not any(c.type == "armored_car" for c in counters):
        out.append("the Russian armored car counter (brusilov 24.0)")
    for side in scenario.sides:
        if not any(c.arrive is not None for c in counters if c.side == side.id):
            out.append(
                f"the {side.name}' reinforcements and their Game-Turns of arrival printed on"
                " the counters (brusilov 26.11)"
            )
    provisional = [c.id for c in counters if "provisional" in c.source]
    if provisional:
        out.append(
            f"{len(provisional)} counters with provisional data (each source says which):"
            f" {_sample(provisional)}"
        )
    return out


def _has_command(c: Counter) -> bool:
    return bool(c.steps) and all(s.command_radius is not None for s in c.steps)


def _lacks_variations(scenario: Scenario) -> list[str]:
    effects = scenario.file.option_effects
    out: list[str] = []
    guards = effects.get(SPECIAL_GUARDS)
    if guards is not None and not guards.arrivals:
        out.append(
            "the units marked SGA on the counters, which the Special Guards option brings"
            " on Game-Turn 6 (brusilov 26.31)"
        )
    commanders = effects.get(BETTER_COMMANDERS)
    if commanders is not None and not commanders.substitute:
        out.append("the HQ counters 8 KA and 8 KL that Better Commanders swaps (brusilov 26.34)")
    return out


def _sample(items: list[str], limit: int = 10) -> str:
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more
