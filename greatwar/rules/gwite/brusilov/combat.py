"""The Brusilov Offensive, Combat: 17.0 the mixed Austro-Hungarian/German attack row, 21.1
HQ defensive shifts, 24.1 the armored car's attack shift, 23.11/23.51 trench benefit,
19.42 cavalry living off the land attacking at half.

Readings (docs/readings.md, The Brusilov Offensive):

* trenches (the map's ``[[trench]]`` hexes) double every unit defending in them, of
  either side: PROVISIONAL, the Terrain Effects Chart's trench entry is missing; the
  benefit is cumulative with the hex's terrain (5.4 Notes);
* 21.13 the defensive shift has the attack shift's restrictions: half the defending
  steps (HQs and depots left out) within the HQ's radius (10.21), one HQ per command
  level (10.22), one combat per HQ per Combat Phase (10.11), a heroic leader whose
  Combat Strength defended another hex this phase shifts no other combat (10.24);
* AB11 the defensive shift moves the column read on the table after the attacker's
  odds and shifts, never off either edge (option ``defensive_shift_on_table``);
* 24.12 the armored car counts as one of the two Russian units (option
  ``armored_car_counts_itself``);
* 19.42 the half strength of cavalry living off the land is the out-of-supply halving
  (9.21) restated, not a second one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov.data import option
from greatwar.rules.gwite.combat import Halving, JointRow
from greatwar.rules.gwite.defensive_shift import (  # noqa: F401  (massed artillery reads them here)
    USED,
    DefensiveShifts,
    column_on_table,
    defending_units,
    defense_choices,
    defense_record,
)

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

#: 24.12 the armored car is one of the two Russian units its shift needs
CAR_COUNTS_ITSELF = "armored_car_counts_itself"
#: AB11 the defensive shift moves the column on the table, never off it
SHIFT_ON_TABLE = "defensive_shift_on_table"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    CAR_COUNTS_ITSELF: OptionSpec(
        True,
        "The armored car counts as one of the two Russian units its attack shift needs"
        " (off: two other Russian units must attack with it)",
        "brusilov 24.12",
    ),
    SHIFT_ON_TABLE: OptionSpec(
        True,
        "An HQ's defensive shift moves the column read on the table (the attacker's odds"
        " and shifts capped at its edges) and never below its lowest column (off: it is"
        " added to the raw odds like attack shifts, and may leave the attack off the table)",
        "brusilov 21.12",
    ),
}

#: provisional trench benefit: the Terrain Effects Chart's trench entry is missing
TRENCH_FACTOR = 2
MIXED_CP_TCR = 2  # 17.0 the "TCR 2 and 3" row


class BrusilovCombat(DefensiveShifts):
    """The Brusilov Offensive's combat rules (a part of :class:`BrusilovRules`)."""

    #: 21.11 the defender adds them before the die, 21.12 the shift, 21.13 its limits
    defensive_shift_cases: ClassVar[tuple[str, str, str]] = (
        "brusilov 21.11",
        "brusilov 21.12",
        "brusilov 21.13",
    )

    # -- 17.0 one TCR per nationality; the mixed row ------------------------------------

    #: 17.0 Austro-Hungarian and German units attacking together use the "TCR 2 and 3"
    #: row (otherwise the standard reading: the worst TCR among them)
    joint_attack_row: ClassVar[JointRow | None] = JointRow(
        frozenset({"germany", "austria-hungary"}),
        MIXED_CP_TCR,
        'Austro-Hungarian and German units attack together: the "TCR 2 and 3" row',
        "brusilov 17.0",
    )

    # -- 19.42 living off the land ---------------------------------------------------------

    def attack_halvings(
        self, st: State, uid: str, targets: list[str], attack: Frame | None = None
    ) -> list[Halving]:
        """19.42 cavalry living off the land attack at half: the out-of-supply halving
        (9.21) restated, so it replaces it rather than halving twice."""
        halvings: list[Halving] = super().attack_halvings(st, uid, targets, attack)  # type: ignore[misc]
        if not self.living_off_the_land(st, uid):  # type: ignore[attr-defined]
            return halvings
        kept = [h for h in halvings if h.modifier["case"] != "9.21"]
        why = "cavalry living off the land: attacks at half, never below 1"
        return [Halving({"why": why, "case": "brusilov 19.42"}, 1), *kept]

    # -- trenches, 23.11 / 23.51 ------------------------------------------------------------

    def trench_benefit(self, st: State, uid: str) -> bool:
        """Whether a unit defending in a trench hex has the trench's defensive benefit
        (23.11 panicked and 23.51 reduced Austro-Hungarian units have none)."""
        return not self.reduced_austro_hungarian(st, uid)

    def reduced_austro_hungarian(self, st: State, uid: str) -> bool:
        """23.51 an Austro-Hungarian unit that has lost a step (for the whole game)."""
        ui = U.info(st, uid)
        return ui.nationality == "austria-hungary" and U.record(st, uid)["lost"] > 0  # type: ignore[no-any-return]

    def defense_factors(
        self, st: State, uid: str, hex_label: str
    ) -> list[tuple[int, dict[str, Any]]]:
        """The hex's terrain (5.4), then a trench's benefit (PROVISIONAL: doubled)."""
        factors: list[tuple[int, dict[str, Any]]] = super().defense_factors(  # type: ignore[misc]
            st, uid, hex_label
        )
        line = U.static(st).scenario.board.trenches.get(hex_label)
        if line is None:
            return factors
        if not self.trench_benefit(st, uid):
            return [*factors, (1, self.trench_denied(st, uid, line))]
        why = f"in a trench ({line}): doubled (provisional: the trench entry is missing)"
        mod = {"why": why, "case": "5.4", "provisional": True, "trench": line}
        return [*factors, (TRENCH_FACTOR, mod)]

    def trench_denied(self, st: State, uid: str, line: str) -> dict[str, Any]:
        """Why a unit in a trench hex has no trench benefit (named in the odds report)."""
        if self.reduced_austro_hungarian(st, uid):
            why = f"in a trench ({line}), but a reduced Austro-Hungarian unit: no benefit"
            return {"why": why, "case": "brusilov 23.51"}
        return {"why": f"in a trench ({line}), but panicked: no benefit", "case": "brusilov 23.11"}

    # -- column shifts: 24.1 the armored car, 21.1 the HQs' defensive shift ------------------

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        """10.21 the attacker's HQ shifts, 24.11 the armored car's, 21.12 the defender's
        HQ shifts (negative)."""
        out: list[dict[str, Any]] = super().odds_shifts(st, seg, attack)  # type: ignore[misc]
        out += self.armored_car_shifts(st, attack["attackers"])
        out += self.defensive_shift_entries(st, attack)
        return out

    def armored_car_shifts(self, st: State, attackers: list[str]) -> list[dict[str, Any]]:
        """24.11 one column right for an attack the armored car takes part in; 24.12
        only with at least two Russian units attacking."""
        cars = [u for u in attackers if U.info(st, u).type == "armored_car"]
        if not cars:
            return []
        russians = [
            u for u in attackers if U.info(st, u).nationality == "russia" and not U.info(st, u).hq
        ]
        others = [u for u in russians if u not in cars]
        enough = len(russians if option(st, CAR_COUNTS_ITSELF) else others) >= 2
        out = []
        for car in cars:
            name = U.info(st, car).name
            if enough:
                why = f"{name} takes part: one column right"
                out.append({"unit": car, "shift": 1, "case": "brusilov 24.11", "why": why})
            else:
                why = f"{name}: no shift with fewer than two Russian units attacking"
                out.append({"unit": car, "shift": 0, "case": "brusilov 24.12", "why": why})
        return out

    def odds_column(
        self, st: State, tcr: int, raw: int, shifts: list[dict[str, Any]]
    ) -> tuple[int, str | None]:
        """AB11 (option ``defensive_shift_on_table``): the attacker's odds and shifts give
        a column on the table (8.8 note: above it, its highest); the defensive shifts
        (21.12) then move that column left, never below the table's lowest."""
        defensive = sum(int(s["shift"]) for s in shifts if s.get("defensive"))
        if not defensive or not option(st, SHIFT_ON_TABLE):
            return super().odds_column(st, tcr, raw, shifts)  # type: ignore[misc, no-any-return]
        return column_on_table(tcr, raw, shifts)

    # -- 21.1 the defender's step: HQ defensive shifts ---------------------------------------

    def defensive_shift_refusal(self, st: State, attack: Frame, hq: str) -> str:
        """21.13 the attack shift's restrictions."""
        return (
            f"{U.info(st, hq).name} may not shift this attack: half the defending steps within"
            " its radius, one HQ per command level, one combat a phase (10.21, 10.22, 10.11)"
        )

    def defensive_shift_candidates(
        self, st: State, seg: Frame, attack: Frame
    ) -> list[dict[str, Any]]:
        """21.13 HQs that may shift this attack left: the attack shift's restrictions
        (10.21 half the defending steps within the radius, 10.11 one combat a phase,
        10.22 one per command level, 10.24 a heroic leader defending elsewhere)."""
        defending = defending_units(st, attack)
        if not defending:
            return []
        targets = set(attack["targets"])
        busy = [
            u
            for u in seg["defended"]
            if U.info(st, u).heroic and U.record(st, u)["hex"] not in targets
        ]
        used = seg.get(USED, [])
        chosen = defense_choices(attack).get("shifts", [])
        levels = {U.info(st, hq).hq_level for hq in chosen}
        return [
            c
            for c in command.shift_candidates(st, defending, used, busy)
            if c["hq"] not in chosen and c["level"] not in levels
        ]

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """21.11 the defensive shifts are spent (one combat a phase, 10.11); a provisional
        trench benefit used in the odds is said so in the log."""
        super().attack_rolled(st, attack, report)
        trenched = [
            d["name"]
            for d in report["defenders"]
            if any(m.get("trench") and m.get("provisional") for m in d.get("modifiers", []))
        ]
        if trenched:
            st.log(
                f"Trench benefit (defence doubled) for {', '.join(trenched)} is provisional:"
                " the Terrain Effects Chart's trench entry is missing.",
                case="5.4",
                provisional=True,
            )
