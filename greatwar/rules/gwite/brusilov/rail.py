"""The Brusilov Offensive, Rail: 18.2 restrictions, 18.3 track limits, 23.53 reduced
Austro-Hungarian units entraining.

* 18.21-18.22 Rail Capacity (6 Russian, 8 Central Powers stacking points) and Railroad
  Movement Rate (20 Russian, 25 Central Powers hexes) are the scenario's
  ``parameters.rail_capacity`` and ``rail_rate``; the refusals name 18.21 or 18.22.
* 18.23 reinforcements always count against Rail Capacity on their turn of arrival
  (whatever ``rail_capacity_counts_reinforcements`` says).
* 18.24 every supply depot has 2 stacking points (whatever its counter says).
* 18.25 a unit whose Movement Allowance is below its TCR entrains for its whole
  Movement Allowance, only from the hex it began the Movement Phase in.
* 18.26 units in Command Control entrain without a die roll (as in the standard rules:
  only 23.53 rolls).
* 18.27 Friendly rail lines: the map's ``[countries]`` grid names each side of the start
  line (pseudo-countries) and ``parameters.friendly_countries`` gives each side its own;
  hexes between the trench lines are a third pseudo-country, Friendly to neither (AB15).
* 18.3 (optional, on by default: option ``track_limits``) stacking points that may cross
  a hexside on one rail line in a Movement Phase: ``parameters.track_limit`` when the
  scenario gives it, else the printed table of 18.31.
* 23.53 a reduced Austro-Hungarian unit rolls to entrain as 23.52 says; eliminated, the
  Rail Capacity it would have used is spent all the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from greatwar.engine.system import OptionSpec
from greatwar.model.schema import side_value
from greatwar.rules.gwite import parameters as P
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import reduced
from greatwar.rules.gwite.brusilov.data import option
from greatwar.rules.gwite.rail import EntrainRoll

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter
    from greatwar.rules.gwite.static import UnitInfo

TRACK_LIMITS_OPTION = "track_limits"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    TRACK_LIMITS_OPTION: OptionSpec(
        True,
        "Track limitations: stacking points per hexside and rail line each Movement Phase"
        " (optional rule, strongly urged)",
        "brusilov 18.3",
    ),
}

#: 18.31 the printed track limits, by track and side (used when the scenario gives none)
TRACK_LIMITS: dict[str, dict[str, int]] = {
    "single": {"russia": 2, "central": 4},
    "double": {"russia": 8, "central": 8},
}

#: 18.24 a supply depot's stacking points
DEPOT_STACKING = 2


def russian(st: State, uid: str) -> bool:
    """A unit of the Russian Player (his side holds the Russian nationality)."""
    return U.info(st, uid).side == reduced.russian_side(st)  # type: ignore[no-any-return]


class BrusilovRail:
    """The Brusilov Offensive's rail rules (a part of :class:`BrusilovRules`)."""

    def unit_info(self, scenario: Scenario, counter: Counter, info: UnitInfo) -> UnitInfo:
        """18.24 every supply depot has a Stacking Point value of 2."""
        info = super().unit_info(scenario, counter, info)  # type: ignore[misc]
        if info.type == "supply_depot" and info.stacking != DEPOT_STACKING:
            return replace(info, stacking=DEPOT_STACKING)
        return info

    def reinforcement_counts(self, st: State, uid: str) -> bool:
        """18.23 reinforcements moving by rail on their turn of arrival count against the
        Rail Capacity (both Players)."""
        return True

    def rail_case(self, st: State, uid: str, limit: str) -> str:
        """18.21 (Russian) and 18.22 (Central Powers) Rail Capacity and Railroad Movement
        Rate; 18.27 Friendly rail lines."""
        if limit in ("capacity", "rate"):
            return "brusilov 18.21" if russian(st, uid) else "brusilov 18.22"
        if limit == "friendly":
            return "brusilov 18.27"
        return super().rail_case(st, uid, limit)  # type: ignore[misc, no-any-return]

    # --- 18.25 slow units ------------------------------------------------------------

    def _slow(self, st: State, uid: str) -> bool:
        """18.25 a unit whose Movement Allowance is less than its TCR (and not none)."""
        allowance: int = self.allowance(st, uid)  # type: ignore[attr-defined]
        return 0 < allowance < U.tcr(st, uid)

    def entrain_cost(self, st: State, uid: str) -> int:
        """18.25 a unit with a Movement Allowance below its TCR entrains at the cost of its
        entire Movement Allowance (exception to 5.32)."""
        if self._slow(st, uid):
            return self.allowance(st, uid)  # type: ignore[attr-defined, no-any-return]
        return super().entrain_cost(st, uid)  # type: ignore[misc, no-any-return]

    def entrain_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
        """18.25 such a unit entrains only in the hex it began the Movement Phase in (a
        Friendly rail hex): before it has spent any Movement Point."""
        if self._slow(st, uid) and frame["spent"].get(uid, 0):
            ui = U.info(st, uid)
            return (
                f"{ui.name} (Movement Allowance {self.allowance(st, uid)}, below its TCR"  # type: ignore[attr-defined]
                f" {ui.tcr}) entrains only for its whole Movement Allowance, in the hex it"
                " began the Movement Phase in",
                "brusilov 18.25",
            )
        return super().entrain_refusal(st, frame, uid)  # type: ignore[misc, no-any-return]

    # --- 18.3 track limitations -------------------------------------------------------

    def track_limit_case(self, st: State) -> str | None:
        """18.31 track limits apply while the optional rule 18.3 is on."""
        if option(st, TRACK_LIMITS_OPTION):
            return "brusilov 18.31"
        return None

    def track_limit(self, st: State, uid: str, track: str) -> int | None:
        """18.31 stacking points per hexside and line: the scenario's table, else the
        printed one (single track 2 Russian, 4 Central Powers; double track 8)."""
        if self.track_limit_case(st) is None:
            return None
        table = P.parameters(st).track_limit.get(track)  # type: ignore[call-overload]
        if table:
            return side_value(table, P.unit_keys(st, uid), st.data["turn"])
        printed = TRACK_LIMITS.get(track)
        if printed is None:
            return None
        return printed["russia" if russian(st, uid) else "central"]

    # --- 23.53 reduced Austro-Hungarian units entraining ------------------------------------

    def entrain_roll(self, st: State, uid: str) -> EntrainRoll | None:
        """23.53 a reduced Austro-Hungarian unit rolls as 23.52 says to entrain; 18.26 any
        other unit entrains without a die roll."""
        if reduced.subject(st, uid):
            lose = reduced.eliminating_rolls(st)
            return EntrainRoll(tuple(d for d in range(1, 7) if d not in lose), "brusilov 23.53")
        return super().entrain_roll(st, uid)  # type: ignore[misc, no-any-return]

    def entrain_failed(self, st: State, frame: Frame, uid: str, case: str) -> None:
        """23.53 the unit that fails is eliminated (scored for the Russian Player); the
        Rail Capacity it would have used is spent for the phase (charged already)."""
        if case != "brusilov 23.53":
            super().entrain_failed(st, frame, uid, case)  # type: ignore[misc]
            return
        U.eliminate_unit(
            st, uid, "brusilov 23.53", "a reduced Austro-Hungarian unit fails to entrain"
        )
