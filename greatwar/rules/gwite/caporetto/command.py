"""Command control in Caporetto (caporetto 10.0, 10.2, 10.33, 10.55): no Command Strength,
ridges, the monitor.

* caporetto 10.0 HQs have no Command Strength: every unit within an HQ's Command Radius
  is in Command Control (the standard rules' unlimited strength, always on); any HQ
  commands any Friendly unit, whatever its nationality (the standard rules already let
  it: nothing to change).
* caporetto 10.33 a Command Radius crosses a Ridge hexside only to reach a TCR 1 unit:
  to any other unit it is traced on the grid without ridges (``radius_variant``
  ``"no ridges"``).
* caporetto 10.55 (17.32) the monitor is always in Command Control and never affects
  Central Powers command (its hex blocks no radius; it opens no Enemy zone for the
  Allies either: "does not affect land units"); an Allied unit stacked with it is always
  in Command Control.
* caporetto 10.2: Rommel is the leaders' part (21.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.caporetto.supply import NO_RIDGES, is_monitor, ridge_free_links
from greatwar.rules.gwite.supply import per_game

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`CaporettoRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

ALLIED = "allied"


def with_monitor(st: State, uid: str) -> bool:
    """caporetto 10.55 an Allied unit stacked with the monitor (the monitor itself too)."""
    ui = U.info(st, uid)
    if ui.side != ALLIED or U.record(st, uid)["status"] != "on_map":
        return False
    return any(is_monitor(st, other) for other in U.units_in(st, U.record(st, uid)["hex"]))


def ridge_free_adjacency(
    st: State, variant: str, full: dict[str, dict[str, int]]
) -> dict[str, dict[str, int]]:
    """caporetto 10.33 the grid ``full`` without ridges: radii to units not of TCR 1."""

    def build() -> dict[str, dict[str, int]]:
        kept = ridge_free_links(st, {h: tuple(there) for h, there in full.items()})
        return {h: {n: full[h][n] for n in there} for h, there in kept.items()}

    return per_game(st, ("caporetto-radius", variant), build)  # type: ignore[no-any-return]


class CaporettoCommand:
    """A part of :class:`CaporettoRules` (every override calls ``super()`` and keeps what
    the parts after it in the rules' bases give)."""

    def unlimited_strength(self, st: State) -> bool:
        """caporetto 10.0 no Command Strength: every unit within a radius is commanded."""
        return True

    def commanded_without_hq(self, st: State, uid: str) -> bool:
        """caporetto 10.55 the monitor, and Allied units stacked with it."""
        if with_monitor(st, uid):
            return True
        return bool(super().commanded_without_hq(st, uid))  # type: ignore[misc]

    def commanded_without_hq_case(self, st: State, uid: str) -> str:
        if with_monitor(st, uid):
            return "caporetto 10.55"
        return str(super().commanded_without_hq_case(st, uid))  # type: ignore[misc]

    def counts_for_radius(self, st: State, uid: str) -> bool:
        """caporetto 10.55, 17.32 the monitor neither blocks nor opens a command radius."""
        if is_monitor(st, uid):
            return False
        return bool(super().counts_for_radius(st, uid))  # type: ignore[misc]

    def radius_variant(self, st: State, hq: str, uid: str) -> str:
        """caporetto 10.33 radii cross ridges only to TCR 1 units."""
        variant = str(super().radius_variant(st, hq, uid))  # type: ignore[misc]
        if U.tcr(st, uid) != 1:
            return f"{variant} {NO_RIDGES}".strip()
        return variant

    def radius_adjacency(self, st: State, variant: str) -> dict[str, dict[str, int]]:
        adjacency: dict[str, dict[str, int]] = super().radius_adjacency(st, variant)  # type: ignore[misc]
        if NO_RIDGES in variant:
            return ridge_free_adjacency(st, variant, adjacency)
        return adjacency

    def radius_refusal(self, st: State, hq: str, uid: str) -> tuple[str, str] | None:
        """caporetto 10.33 names the refusal when only a ridge keeps the unit out."""
        if U.tcr(st, uid) != 1:
            through = bool(self.radius_through_zoc(st, hq, uid))  # type: ignore[attr-defined]
            across = command.trace_radius(st, hq, through)
            if U.record(st, uid)["hex"] in across:
                return (
                    f"{U.info(st, hq).name}'s Command Radius reaches {U.info(st, uid).name}"
                    f" (TCR {U.info(st, uid).tcr}) only across a Ridge hexside: radii cross"
                    " ridges only to TCR 1 units",
                    "caporetto 10.33",
                )
        return super().radius_refusal(st, hq, uid)  # type: ignore[misc,no-any-return]
