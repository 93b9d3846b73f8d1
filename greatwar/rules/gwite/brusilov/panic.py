"""The Brusilov Offensive, 23.0 Austro-Hungarian panic on the surprise turn (23.1-23.4).

On the surprise turn (Game-Turn 1; 5 in "Attack On Schedule", 26.24b) every
Austro-Hungarian unit but the Sud Armee's (23.42, the scenario's ``panic_exempt``)
defends with 1 and without trenches (23.11); its A-H cavalry may not withdraw before
combat (23.31).  A Russian attack's result is applied by :class:`PanicResult`
(:mod:`.panic_result`): panicking units retreat the result's number of hexes (E: 4),
divisions lose a step afterwards (23.12-23.15), their neighbours catch the panic
(23.21-23.26), and the Russians may advance along the path of the rout (23.16).
German units never panic (23.41).  The readings are in docs/readings.md, The Brusilov Offensive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.brusilov import data as D
from greatwar.rules.gwite.brusilov.data import option

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

AUSTRIA_HUNGARY = "austria-hungary"
RUSSIA = "russia"
#: ``st.data`` key: the units that have panicked this game (23.26 only once)
PANICKED = "brusilov_panicked"

#: AB1 a mixed A-H/German stack: the Germans stay and take their own 8.9 option
SPLIT_MIXED_STACKS = "panic_mixed_stack_splits"
#: AB2 a retreating German unit spreads no panic to its A-H neighbours
GERMAN_CONTAGION = "panic_contagion_from_germans"
#: AB3 a unit already panicked takes a later adverse result by the 8.9 options
ONCE_ONLY = "panic_only_once"
#: AB4 the panic retreat counts the result as 10.43 worsened it
PRINTED_RESULT = "panic_retreat_by_printed_result"
#: AB5 a corps under panic loses a step like a division
CORPS_LOSE_STEP = "panic_corps_lose_step"
#: AB6 contagion may not retreat into the defeated unit's path of retreat
AVOID_PATH = "panic_contagion_avoids_path"

#: this section's optional rules (merged into :attr:`BrusilovRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    SPLIT_MIXED_STACKS: OptionSpec(
        True,
        "AB1: in a mixed Austro-Hungarian/German stack only the A-H units panic; the"
        " Germans stay and take their result by the standard options (off: the whole"
        " stack retreats with the panic)",
        "brusilov 23.41",
    ),
    GERMAN_CONTAGION: OptionSpec(
        False,
        "AB2: a German unit retreating after combat spreads panic to adjacent A-H units",
        "brusilov 23.21",
    ),
    ONCE_ONLY: OptionSpec(
        True,
        "AB3: a unit already panicked takes a later adverse result by the 8.9 options"
        " (off: it panics again)",
        "brusilov 23.26",
    ),
    PRINTED_RESULT: OptionSpec(
        False,
        "AB4: the panic retreat counts the printed CRT result, not the result 10.43"
        " worsens for defenders beyond every HQ's radius",
        "brusilov 23.13",
    ),
    CORPS_LOSE_STEP: OptionSpec(
        True,
        "AB5: an A-H corps loses a step after a panic retreat, like a division",
        "brusilov 23.12",
    ),
    AVOID_PATH: OptionSpec(
        True,
        "AB6: units catching the panic may not retreat into the defeated units' path of"
        " retreat (off: only the hexes the Russians enter, which they cannot enter anyway)",
        "brusilov 23.22",
    ),
}


def panic_subject(st: State, uid: str) -> bool:
    """23.0, 23.41, 23.42: on the surprise turn, an Austro-Hungarian unit not under the
    Sud Armee (the scenario's ``panic_exempt``)."""
    if not D.surprise_turn(st):
        return False
    return U.info(st, uid).nationality == AUSTRIA_HUNGARY and uid not in D.data(st).panic_exempt


def panicked(st: State, uid: str) -> bool:
    """23.26 the unit has panicked already (directly or by contagion)."""
    return uid in st.data.get(PANICKED, [])


def mark_panicked(st: State, uids: list[str]) -> None:
    """23.26 remember who has panicked: a unit panics only once."""
    done = st.data.setdefault(PANICKED, [])
    done.extend(u for u in uids if u not in done)


def loses_panic_step(st: State, uid: str) -> bool:
    """23.12 divisions lose a step after a panic retreat, brigades (and smaller) do not;
    corps as the option AB5 says; HQs have no steps to lose."""
    ui = U.info(st, uid)
    if ui.hq:
        return False
    return ui.size == "division" or (ui.size == "corps" and bool(option(st, CORPS_LOSE_STEP)))


def russian_attack(st: State, report: dict[str, Any]) -> bool:
    """An attack by Russian units on the surprise turn (the Russian Combat Phase, 23.0)."""
    if not D.surprise_turn(st):
        return False
    return any(
        "unit" in a and U.info(st, a["unit"]).nationality == RUSSIA
        for a in report.get("attackers", [])
    )


class Panic:
    """The Brusilov Offensive's panic rules (a part of :class:`BrusilovRules`)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """23.42 the units exempt from panic are Austro-Hungarian counters of the game."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place by BrusilovRules.validate
        exempt = found.panic_exempt
        for cid in exempt:
            counter = scenario.counters.get(cid)
            if counter is None or counter.nationality != AUSTRIA_HUNGARY:
                problems.add(
                    ("special", "panic_exempt"),
                    f"{cid!r} is not an Austro-Hungarian counter: only A-H units are exempt"
                    " from panic (23.42)",
                )

    def defense_base(self, st: State, uid: str, hex_label: str) -> tuple[int, list[dict[str, Any]]]:
        """23.11 a panicking A-H unit defends with 1 (German units, 23.41, and the Sud
        Armee's, 23.42, defend normally)."""
        if panic_subject(st, uid) and not U.info(st, uid).hq:
            return 1, [{"why": "23.11 panic: defends with 1", "case": "brusilov 23.11"}]
        return super().defense_base(st, uid, hex_label)  # type: ignore[misc,no-any-return]

    def trench_benefit(self, st: State, uid: str) -> bool:
        """23.11 a panicking A-H unit has no defensive benefit from trenches."""
        return not panic_subject(st, uid) and super().trench_benefit(st, uid)  # type: ignore[misc]

    def retreat_zoc_last_resort(self, st: State, units: list[str]) -> bool:
        """23.24 on the surprise turn A-H units retreat through Enemy zones of control
        when no other path is open."""
        return any(panic_subject(st, u) for u in units if not U.info(st, u).hq)

    def may_withdraw(self, st: State, uid: str) -> bool:
        """23.31 on the surprise turn A-H cavalry may not withdraw before combat."""
        if U.info(st, uid).type == "cavalry" and panic_subject(st, uid):
            return False
        return super().may_withdraw(st, uid)  # type: ignore[misc,no-any-return]

    def withdraw_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """23.31 names its own case."""
        if U.info(st, uid).type == "cavalry" and panic_subject(st, uid):
            return (
                f"{U.info(st, uid).name} may not withdraw: on the surprise turn Austro-Hungarian"
                " cavalry cannot attempt to withdraw before combat",
                "brusilov 23.31",
            )
        return super().withdraw_refusal(st, uid)  # type: ignore[misc,no-any-return]
