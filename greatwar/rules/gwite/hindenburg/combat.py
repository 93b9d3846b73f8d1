"""15.0 Modifications to the standard rules' combat: one added to the die for attacks
across Major Rivers (hindenburg 5.4), the "TCR 2 and 3" row for attacks by
Austro-Hungarian and German units together (the errata's addition to 8.3, indexed as
hindenburg 8.3).  The TCRs themselves (Russian 3, Austro-Hungarian 4, German 1:
hindenburg 2.4, 19.2) are the scenario's ``[parameters] tcr``.

Readings (docs/readings.md, Von Hindenburg):

* 5.4 replaces the Major River's die modifier of the Terrain Effects Chart (provisional
  +2 in the standard table) by +1, no longer provisional; the standard table's other
  effects are kept;
* the errata's row is read whenever the attacking combat units include both
  nationalities, whatever else attacks with them (HQs, which have no TCR row of their
  own, left out), as Brusilov 17.0's is; the CRT row is logged with the case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.model.schema import DieModifier
from greatwar.rules.gwite.combat import JointRow

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

#: the terrain table's hexside feature of 5.4
MAJOR_RIVER = "major_river"
#: hindenburg 5.4: only one is added to the die roll for attacks across Major Rivers
MAJOR_RIVER_DIE = DieModifier(
    value=1, why="an attacker attacks across a Major River: one added", case="hindenburg 5.4"
)
#: errata to 8.3: the "TCR 2 and 3" row of the Combat Results Table
JOINT_ROW_TCR = 2


class HindenburgCombat:
    """15.0 Modifications to the standard rules' combat (a part of
    :class:`HindenburgRules`)."""

    #: hindenburg 8.3 (errata): Austro-Hungarian and German units attacking together
    #: read the "TCR 2 and 3" row for the odds column
    joint_attack_row: ClassVar[JointRow | None] = JointRow(
        frozenset({"germany", "austria-hungary"}),
        JOINT_ROW_TCR,
        'Austro-Hungarian and German units attack together: the "TCR 2 and 3" row is read (errata)',
        "hindenburg 8.3",
    )

    def hexside_effect(self, st: State, feature: str, kind: str, effect: Any) -> Any:
        """hindenburg 5.4: a Major River adds one to the die (the standard table's
        provisional value replaced)."""
        if feature == MAJOR_RIVER and kind == "die":
            return MAJOR_RIVER_DIE
        return super().hexside_effect(st, feature, kind, effect)  # type: ignore[misc]

    def attack_rolled(self, st: State, attack: Frame, report: dict[str, Any]) -> None:
        """Log the joint row an attack was read on (hindenburg 8.3, errata)."""
        super().attack_rolled(st, attack, report)  # type: ignore[misc]
        row = report.get("tcr_row")
        if row is not None:
            st.log(f"{row['why']}: column {report['column']}.", case=row["case"])
