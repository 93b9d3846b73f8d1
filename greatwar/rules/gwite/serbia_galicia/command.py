"""Command control in Serbia/Galicia (serbia-galicia 18.1, 18.2): army combat integrity and
defensive shifts.

* serbia-galicia 18.1 an HQ's shift (attack or defense) benefits a combat only when over
  half of the affected force's steps (HQs and depots left out, as in 10.21) belong to the
  HQ's army: each unit's Superior Unit Designation (2.3), the army HQ's own.  An HQ
  without an army (Putnik) never qualifies by itself (his shift goes through a second
  HQ, 19.1: :mod:`.putnik`).
* serbia-galicia 18.2 every HQ with a non-parenthesized Attack Shift (all but Putnik,
  19.13) may shift one combat a Combat Phase to the left for Friendly units defending
  within its Command Radius, their Stacking Points within its Command Strength; the
  defender adds it once the attacker has committed the attack (after all his shifts),
  the mechanism of :mod:`greatwar.rules.gwite.defensive_shift` (Brusilov 21.1's).
  Readings (docs/readings.md, Serbia/Galicia): AS1 the size is the HQ's Attack
  Shift (option ``defensive_shift_combat_strength``: its Combat Strength); AS10 every
  defending unit within the radius (option ``defensive_shift_half_in_radius``: half the
  defending steps, as 10.21); one HQ per command level (10.22); the column is read on
  the table after the attacker's odds and shifts, never off its lowest column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import segment
from greatwar.rules.gwite.defensive_shift import (
    USED,
    DefensiveShifts,
    chosen_shifts,
    column_on_table,
    defending_units,
)
from greatwar.rules.gwite.serbia_galicia.data import option

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

INTEGRITY = "serbia-galicia 18.1"
DEFENSIVE = "serbia-galicia 18.2"
#: AS1 the defensive shift is the HQ's Combat Strength (off: its Attack Shift)
BY_COMBAT_STRENGTH = "defensive_shift_combat_strength"
#: AS10 half the defending steps within the radius suffice (off: every defending unit)
HALF_IN_RADIUS = "defensive_shift_half_in_radius"

#: this section's optional rules (merged into :attr:`SerbiaGaliciaRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    BY_COMBAT_STRENGTH: OptionSpec(
        False,
        "An HQ's defensive shift is as many columns as its Combat Strength (off: as its"
        " Attack Shift, 'utilize that value'; reading AS1)",
        DEFENSIVE,
    ),
    HALF_IN_RADIUS: OptionSpec(
        False,
        "An HQ shifts a combat defensively when half the defending steps are within its"
        " radius, as 10.21 for attacks (off: every defending unit must be; reading AS10)",
        DEFENSIVE,
    ),
}


def army_of(st: State, uid: str) -> str:
    """2.3 the unit's Superior Unit Designation: its army ("" for none, Putnik)."""
    return U.static(st).scenario.counters[uid].superior  # type: ignore[no-any-return]


def counted(st: State, force: list[str]) -> list[str]:
    """The units whose steps measure a force (10.21: HQs and depots left out)."""
    return [u for u in force if U.info(st, u).type not in ("hq", "supply_depot")]


def army_steps(st: State, hq: str, force: list[str]) -> tuple[int, int]:
    """18.1 the steps of ``force`` belonging to the HQ's army, and all its steps."""
    units = counted(st, force)
    army = army_of(st, hq)
    total = sum(U.steps_left(st, u) for u in units)
    mine = sum(U.steps_left(st, u) for u in units if army and army_of(st, u) == army)
    return mine, total


def integrity_refusal(st: State, hq: str, force: list[str]) -> tuple[str, str] | None:
    """18.1 why the HQ's shift may not benefit the combat of ``force``: not over half its
    steps belong to the HQ's army."""
    mine, total = army_steps(st, hq, force)
    if total == 0 or 2 * mine > total:
        return None
    army = army_of(st, hq) or "none"
    return (
        f"{U.info(st, hq).name} (army {army}): only {mine} of the {total} steps in the combat"
        " belong to its army; over half must (army combat integrity)",
        INTEGRITY,
    )


class SerbiaGaliciaCommand(DefensiveShifts):
    """A part of :class:`SerbiaGaliciaRules` (every override calls ``super()`` and keeps
    what the parts after it in the rules' bases give)."""

    defensive_shift_cases: ClassVar[tuple[str, str, str]] = (DEFENSIVE, DEFENSIVE, DEFENSIVE)

    # -- 18.1 army combat integrity -----------------------------------------------------

    def shift_refusal(self, st: State, hq: str, force: list[str]) -> tuple[str, str] | None:
        """18.1 over half of the affected force's steps must belong to the HQ's army."""
        refused = super().shift_refusal(st, hq, force)  # type: ignore[misc]
        if refused is not None:
            return refused  # type: ignore[no-any-return]
        return integrity_refusal(st, hq, force)

    # -- 18.2 defensive shifts ----------------------------------------------------------

    def defensive_shift_size(self, st: State, hq: str) -> int:
        """18.2 (AS1) the HQ's Attack Shift, or its Combat Strength by option."""
        if option(st, BY_COMBAT_STRENGTH):
            return command.combat_strength(st, hq)
        return command.attack_shift(st, hq)

    def defensive_refusal(self, st: State, seg: Frame, attack: Frame, hq: str) -> str | None:
        """18.2 why this HQ may not shift this attack left now (None: it may)."""
        name = U.info(st, hq).name
        defending = defending_units(st, attack)
        if U.info(st, hq).side != U.enemy_of(st, attack["side"]):
            return f"{name} is not the defender's"
        if U.record(st, hq)["status"] != "on_map":
            return f"{name} is not on the map"
        if self.parenthesized_shift(st, hq):  # type: ignore[attr-defined]  # .putnik
            return f"{name}'s Attack Shift is parenthesized: never defensively (19.13)"
        if self.defensive_shift_size(st, hq) <= 0:
            return f"{name} has no shift to give"
        if hq in seg.get(USED, []):
            return f"{name} shifted another combat this phase: one combat only"
        chosen = chosen_shifts(attack)
        if hq in chosen:
            return f"{name} already shifts this attack"
        if U.info(st, hq).hq_level in {U.info(st, c).hq_level for c in chosen}:
            return f"another {U.info(st, hq).hq_level} HQ shifts this attack (10.22)"
        units = counted(st, defending)
        within = [u for u in units if U.record(st, u)["hex"] in command.radius_to(st, hq, u)]
        if option(st, HALF_IN_RADIUS):
            near = sum(U.steps_left(st, u) for u in within)
            if 2 * near < sum(U.steps_left(st, u) for u in units):
                return f"fewer than half the defending steps are within {name}'s radius"
        elif len(within) < len(units):
            return f"not every defending unit is within {name}'s Command Radius"
        points = sum(U.info(st, u).stacking for u in defending if not U.info(st, u).hq)
        strength = command.command_strength(st, hq)
        if points > strength:
            return (
                f"the defending units' {points} Stacking Points exceed {name}'s Command"
                f" Strength {strength}"
            )
        refused = self.shift_refusal(st, hq, defending)
        if refused is not None:
            return f"{refused[0]} ({refused[1]})"
        return None

    def defensive_shift_candidates(
        self, st: State, seg: Frame, attack: Frame
    ) -> list[dict[str, Any]]:
        """18.2 the defender's HQs that may shift this attack left."""
        out: list[dict[str, Any]] = list(super().defensive_shift_candidates(st, seg, attack))
        if not counted(st, defending_units(st, attack)):
            return out
        for hq in command.hqs_of(st, U.enemy_of(st, attack["side"])):
            if self.defensive_refusal(st, seg, attack, hq) is None:
                shift = self.defensive_shift_size(st, hq)
                out.append({"hq": hq, "level": U.info(st, hq).hq_level, "shift": shift})
        return out

    def defensive_shift_refusal(self, st: State, attack: Frame, hq: str) -> str:
        why = self.defensive_refusal(st, segment(st), attack, hq)
        return why or f"{U.info(st, hq).name} may not shift this attack"

    def odds_shifts(self, st: State, seg: Frame, attack: Frame) -> list[dict[str, Any]]:
        """18.2 the defender's shifts come after every shift of the attacker."""
        out: list[dict[str, Any]] = super().odds_shifts(st, seg, attack)  # type: ignore[misc]
        return [*out, *self.defensive_shift_entries(st, attack)]

    def odds_column(
        self, st: State, tcr: int, raw: int, shifts: list[dict[str, Any]]
    ) -> tuple[int, str | None]:
        """18.2 the defensive shifts move the column the attacker's odds and shifts give
        on the table, never below its lowest."""
        if any(s.get("defensive") for s in shifts):
            return column_on_table(tcr, raw, shifts)
        return super().odds_column(st, tcr, raw, shifts)  # type: ignore[misc, no-any-return]
