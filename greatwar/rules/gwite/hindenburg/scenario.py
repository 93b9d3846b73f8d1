"""Von Hindenburg scenarios: what a scenario gives and what it still lacks (the text breaks
off in 23.2: provisional values are labelled).

The scenarios are data (``data/gwite/scenarios/hindenburg-*.toml``): the historical game
(15 Game-Turns, the Russian Player first, every number of 15.0-23.2 and the errata's
set-ups, as far as the rulebook prints them) and a FICTIONAL teaching scenario.  The
rulebook has no scenario section: set-up hexes and arrivals are printed on the counters
(14.1), and neither the map nor the counter sheet is in it.  :meth:`lacks` says what a
scenario still needs before it can be played as printed; a FICTIONAL scenario's own
invented values lack nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg import victory as V

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the countries the rules name (16.22, 17.12, 17.22, 17.32, 17.53, 22.13, 22.22)
COUNTRIES = ("poland", "germany", "austria-hungary")
#: the regions of ``[special]`` and the cases that use them
REGION_KEYS = {
    "rail_region": "hindenburg 17.12",
    "offmap_band": "hindenburg 17.34",
    "start_friendly_region": "hindenburg 17.53",
}


class HindenburgScenario:
    """Von Hindenburg scenarios (a part of :class:`HindenburgRules`)."""

    def lacks(self, scenario: Scenario) -> list[str]:
        """What a Von Hindenburg scenario still lacks before it can be played as printed:
        the map's and the counter sheet's data, and what the text breaks off before."""
        out: list[str] = list(super().lacks(scenario))  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return out  # reported as a problem by HindenburgRules.validate
        out += _lacks_map(scenario)
        out += _lacks_regions(scenario, special)
        out += _lacks_counters(scenario, special)
        if not scenario.fictional:  # a FICTIONAL scenario's invented values lack nothing
            out += _lacks_text(scenario, special)
        return out


# --- what a scenario lacks -------------------------------------------------------------


def _lacks_map(scenario: Scenario) -> list[str]:
    board = scenario.board
    out: list[str] = []
    missing = [c for c in COUNTRIES if c not in set(board.country.values())]
    if missing:
        out.append(
            f"the map's countries ({', '.join(missing)}): a [countries] grid (hindenburg 16.22,"
            " 17.12, 17.22, 17.32, 17.53, 22.13, 22.22)"
        )
    features = {kind for kinds in board.side_features.values() for kind in kinds}
    if "major_river" not in features:
        out.append("the Vistula, a major river of the map (hindenburg 5.4, 17.12, 17.53)")
    if "minor_river" not in features:
        out.append(
            "the Warta, the San and the Itzanka, rivers of the map (hindenburg 17.34, 21.21,"
            " errata to 3.0)"
        )
    if not board.rails:
        out.append("the rail lines of the map, single and double track (hindenburg 17.0, 17.4)")
    if not board.entries:
        out.append("the areas of entrance printed on the map (hindenburg 14.1)")
    return out


def _lacks_regions(scenario: Scenario, special: D.HindenburgData) -> list[str]:
    regions = scenario.board.regions
    named = [(getattr(special, key), case) for key, case in REGION_KEYS.items()]
    named += [(row.region, "hindenburg 21.21") for row in special.garrison]
    out: list[str] = []
    for name, case in named:
        if name and not regions.get(name):
            out.append(f"the hexes of the map's region {name!r} ({case})")
    return out


def _lacks_counters(scenario: Scenario, special: D.HindenburgData) -> list[str]:
    counters = list(scenario.counters.values())
    out: list[str] = []
    hqs = [c.id for c in counters if c.type == "hq" and not _has_command(c)]
    if hqs:
        out.append(f"{len(hqs)} HQ counters without command values: {_sample(hqs)}")
    german = {c.id for c in counters if c.nationality == "germany" and c.type == "hq"}
    if not german & set(special.cavalry_hqs):
        out.append("the German cavalry corps HQs ([special] cavalry_hqs, hindenburg 20.21-20.22)")
    if any(c.size == "corps" and c.nationality == "russia" for c in counters) and not (
        special.breakdown
    ):
        out.append(
            "the division counters each Russian corps breaks down into ([special] breakdown,"
            " hindenburg 21.1)"
        )
    for side in scenario.sides:
        if not any(c.arrive is not None for c in counters if c.side == side.id):
            out.append(
                f"the {side.name}' reinforcements, their areas of entrance and Game-Turns of"
                " arrival printed on the counters (hindenburg 14.1)"
            )
    free = [c.id for c in counters if c.type == "supply_depot" and not (c.setup or c.arrive)]
    if free:
        out.append(
            f"{len(free)} supply depots set up freely (errata to 3.0: {_sample(free)}): a"
            " deployment before Game-Turn 1 is still to be written"
        )
    provisional = [c.id for c in counters if V.PROVISIONAL in c.source]
    if provisional:
        out.append(
            f"{len(provisional)} counters with provisional data (each source says which):"
            f" {_sample(provisional)}"
        )
    return out


def _lacks_text(scenario: Scenario, special: D.HindenburgData) -> list[str]:
    """What the printed text breaks off before giving, and the provisional values the
    scenario supplies in its place (23.0, 23.22, 23.23)."""
    out = [f"{gap.gap} ({gap.case})" for gap in special.text_gaps]
    out += [f"provisional: {note}" for note in V.provisional(scenario)]
    return out


def _has_command(c: Counter) -> bool:
    return bool(c.steps) and all(s.command_radius is not None for s in c.steps)


def _sample(items: list[str], limit: int = 10) -> str:
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more
