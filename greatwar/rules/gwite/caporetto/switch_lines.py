"""The old switch lines (caporetto Appendix C, optional, option ``switch_lines``; cited
"caporetto C"): units of either player in a hex of the switch lines (``[special]
switch_lines``, names of the map's ``[[region]]`` tables) add 1 to their Defense
Strength; the lines have no other effect.

Reading (provisional, docs/readings.md, Caporetto): the 1 is added to the unit's
own Defense Strength, before its halvings and its terrain's factor (as a unit's
strength is modified in 8.0); HQs' Combat Strength (10.53) is not a unit's Defense
Strength and gets nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: caporetto Appendix C: the optional switch lines
SWITCH_LINES = "switch_lines"
#: caporetto Appendix C: what a unit in the lines adds to its Defense Strength
SWITCH_LINE_BONUS = 1

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    SWITCH_LINES: OptionSpec(
        False,
        "Switch lines: units of either player in the old switch lines add 1 to their"
        " Defense Strength (Appendix C, optional)",
        "caporetto C",
    ),
}


def switch_line_hexes(st: State) -> frozenset[str]:
    """The hexes of the switch lines (the regions ``[special] switch_lines`` names)."""

    def build(s: State) -> frozenset[str]:
        regions = U.static(s).scenario.board.regions
        return frozenset(h for name in D.data(s).switch_lines for h in regions[name])

    derived = U.static(st).derived
    found = derived.get("caporetto_switch_lines")
    if found is None:
        found = derived["caporetto_switch_lines"] = build(st)
    return found  # type: ignore[no-any-return]


class SwitchLines:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """caporetto C: each switch line is a region of the map."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place by the standard check of [special]
        regions = scenario.board.regions
        for i, name in enumerate(found.switch_lines):
            if name not in regions:
                problems.add(
                    ("special", "switch_lines", i),
                    f"{name!r} is not a region of the map ([[region]] name): the switch"
                    f" lines (caporetto Appendix C) are regions; the map has"
                    f" {', '.join(sorted(regions)) or 'none'}",
                )

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """caporetto C: with the option, a unit in a switch line hex adds 1 to its Defense
        Strength."""
        value, mods = super().defense_base(st, uid, hex_label)  # type: ignore[misc]
        if not D.option(st, SWITCH_LINES) or hex_label not in switch_line_hexes(st):
            return value, mods
        modifier = {"why": "in an old switch line: +1", "case": "caporetto C"}
        return value + SWITCH_LINE_BONUS, [*mods, modifier]
