"""16.3 Special Restrictions on Russian Supply (optional): the depletion of the 4th and 5th
Armies' units on Game-Turns 1-9 (hindenburg 16.31-16.33).

With the option ``russian_depletion`` on:

* 16.31 at the end of the Command Control Segment of the Russian Movement Phase on
  Game-Turns 1 to ``[special] depletion_last_turn`` (9), once the Command Strength is
  allocated, a die is rolled for each HQ of ``[special] depleted_hqs`` on the map (the
  4th and 5th Army HQs); on 1-4 the HQ is marked ``depleted_army`` and every unit
  allocated to it ``depleted``: Attack Strength and Movement Allowance reduced by 25%,
  fractions rounded up (AV12 reading (b): the reduced value is rounded up, 6 -> 5 and
  3 -> 3; option ``depletion_rounds_the_reduction`` plays reading (a), 6 -> 4, 3 -> 2).
  The reduction applies to the printed value, before the halvings of 9.21 and 10.42.
* 16.32 the depletion lasts one complete Game-Turn: the markers come off when the next
  Russian Movement Phase begins (its Initial Supply Determination Segment); an HQ may be
  depleted again and again.
* 16.33 units allocated in the Russian Combat Phase to an HQ depleted this Game-Turn are
  depleted too; units that leave its command stay depleted (the marker stays).
* Because it decides who is depleted, the Russian player allocates those segments' Command
  Strength himself whenever a depleted (or to-be-rolled) HQ's radius reaches a unit.

Units in Command Control by their own die roll (10.41) are under no HQ's command: never
depleted.  The text's 16.32-16.33 cite "17.31" for 16.31 (a transcription defect).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg.command import allocation, reaches_any
from greatwar.rules.gwite.hindenburg.data import option

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

#: the optional rule 16.3
DEPLETION_OPTION = "russian_depletion"
#: AV12 reading (a): the 25% reduction itself is rounded up
ROUND_REDUCTION = "depletion_rounds_the_reduction"
#: a depleted unit (16.31, 16.33)
DEPLETED = "depleted"
#: an HQ whose units are depleted this Game-Turn (16.31, 16.33)
DEPLETED_ARMY = "depleted_army"
#: 16.31 the die rolls that deplete
DEPLETING_ROLLS = range(1, 5)
MOVEMENT_PHASE = "Movement Phase"
COMBAT_PHASE = "Combat Phase"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    DEPLETION_OPTION: OptionSpec(
        False,
        "Special restrictions on Russian supply: on Game-Turns 1-9 the units under the"
        " 4th and 5th Army HQs may be depleted, Attack Strength and Movement Allowance"
        " reduced by 25% (optional rule)",
        "hindenburg 16.3",
    ),
    ROUND_REDUCTION: OptionSpec(
        False,
        "Depletion: the 25% reduction is rounded up (Attack 6 becomes 4, MA 3 becomes 2)"
        " (off: the reduced value is rounded up, 6 becomes 5, 3 stays 3; AV12)",
        "hindenburg 16.31",
    ),
}


def active(st: State) -> bool:
    """Whether the optional rule 16.3 is in play."""
    return bool(option(st, DEPLETION_OPTION))


def reduced(st: State, value: int) -> int:
    """16.31 a value reduced by 25%, fractions rounded up (AV12)."""
    if option(st, ROUND_REDUCTION):
        return value - (value + 3) // 4  # (a) the reduction rounded up
    return (3 * value + 3) // 4  # (b) the reduced value rounded up


def depleted(st: State, uid: str) -> bool:
    """Whether the unit is depleted now (16.31, 16.33; never an HQ), the optional rule
    being in play."""
    return not U.info(st, uid).hq and U.has_marker(st, uid, DEPLETED) and active(st)


def army_hqs(st: State, side: str) -> list[str]:
    """The HQs of ``side`` on the map whose units 16.31 may deplete."""
    return [
        hq
        for hq in D.data(st).depleted_hqs
        if U.info(st, hq).side == side and U.record(st, hq)["status"] == "on_map"
    ]


def rolling_turn(st: State) -> bool:
    """16.31 a Game-Turn on which the depletion is rolled for (1-9)."""
    return 1 <= int(st.data["turn"]) <= D.data(st).depletion_last_turn


def change(st: State, uid: str) -> str:
    """What depletion does to a unit, for the log: ``attack 6→5, MA 4→3``."""
    attack = U.printed_attack(st, uid)
    allowance = U.movement_allowance(st, uid)
    return f"attack {attack}→{reduced(st, attack)}, MA {allowance}→{reduced(st, allowance)}"


def deplete(st: State, units: list[str]) -> list[str]:
    """Mark ``units`` depleted; return those not already so."""
    fresh = [uid for uid in units if not U.has_marker(st, uid, DEPLETED)]
    for uid in fresh:
        U.add_marker(st, uid, DEPLETED)
    return fresh


def listing(st: State, units: list[str]) -> str:
    return ", ".join(f"{U.info(st, u).name} ({change(st, u)})" for u in units) or "none"


def end_depletion(st: State, side: str) -> None:
    """16.32 the depletion of the last Game-Turn is over."""
    marked = [
        uid
        for uid in U.static(st).units
        if U.info(st, uid).side == side
        and (U.has_marker(st, uid, DEPLETED) or U.has_marker(st, uid, DEPLETED_ARMY))
    ]
    if not marked:
        return
    U.clear_marker(st, DEPLETED, side)
    U.clear_marker(st, DEPLETED_ARMY, side)
    st.log(
        "The depletion of the last Game-Turn is over: it lasts one complete Game-Turn.",
        case="hindenburg 16.32",
    )


def roll_for(st: State, hq: str, alloc: dict[str, str]) -> None:
    """16.31 the die for one army HQ: on 1-4 it and every unit it commands are depleted."""
    name = U.info(st, hq).name
    die = st.roll(
        f"depletion roll for {name} (1-4 depletes the units under its command)",
        "hindenburg 16.31",
    )
    if die not in DEPLETING_ROLLS:
        st.log(f"{name}: the units under its command are not depleted.", case="hindenburg 16.31")
        return
    U.add_marker(st, hq, DEPLETED_ARMY)
    units = deplete(st, [uid for uid, by in alloc.items() if by == hq])
    st.log(
        f"{name}: the units under its command are depleted for this Game-Turn, Attack"
        f" Strength and Movement Allowance reduced by 25%, fractions rounded up:"
        f" {listing(st, units)}.",
        case="hindenburg 16.31",
    )


def newly_commanded(st: State, alloc: dict[str, str]) -> None:
    """16.33 units allocated to a depleted army HQ for combat are depleted too."""
    for hq in sorted({by for by in alloc.values() if U.has_marker(st, by, DEPLETED_ARMY)}):
        units = deplete(st, [uid for uid, by in alloc.items() if by == hq])
        if units:
            st.log(
                f"Coming under {U.info(st, hq).name}'s command for combat, these units are"
                f" depleted too: {listing(st, units)}.",
                case="hindenburg 16.33",
            )


class Depletion:
    """16.3 Special Restrictions on Russian Supply (optional; a part of
    :class:`HindenburgRules`)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """16.31 the depleted army HQs are Russian HQ counters."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return  # reported by place by HindenburgRules.validate
        for i, cid in enumerate(special.depleted_hqs):
            counter = scenario.counters.get(cid)
            if counter is None or counter.type != "hq" or counter.nationality != "russia":
                problems.add(
                    ("special", "depleted_hqs", i),
                    f"{cid!r} is not a Russian HQ counter (hindenburg 16.31)",
                )

    def position_markers(self) -> dict[str, str]:
        """16.31 a position may show depleted units and the army HQs depleted this turn."""
        return {
            **super().position_markers(),  # type: ignore[misc]
            DEPLETED: "hindenburg 16.31",
            DEPLETED_ARMY: "hindenburg 16.31",
        }

    # -- the roll and who is depleted --------------------------------------------------------

    def allocation_matters(self, st: State, side: str, phase: str, candidates: list[str]) -> bool:
        """16.31, 16.33: whom the 4th and 5th Army HQs command decides who is depleted."""
        if active(st) and reaches_any(st, self.depleting_hqs(st, side, phase), candidates):
            return True
        return super().allocation_matters(st, side, phase, candidates)  # type: ignore[misc, no-any-return]

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """16.32 the last Game-Turn's depletion is over when the Russian Player's next
        Movement Phase begins (its Initial Supply Determination Segment)."""
        super().supply_determined(st, side, segment)  # type: ignore[misc]
        if segment == "initial_supply" and active(st):
            end_depletion(st, side)

    def depleting_hqs(self, st: State, side: str, phase: str) -> list[str]:
        """The HQs whose units are depleted by being allocated to them in this segment:
        those about to be rolled for (16.31), or depleted this Game-Turn (16.33)."""
        hqs = army_hqs(st, side)
        if phase == MOVEMENT_PHASE:
            return hqs if rolling_turn(st) else []
        return [hq for hq in hqs if U.has_marker(st, hq, DEPLETED_ARMY)]

    def command_determined(self, st: State, side: str, phase: str) -> None:
        """16.31 the roll (Movement Phase), 16.32 the end of the last one, 16.33 units newly
        commanded for combat."""
        super().command_determined(st, side, phase)  # type: ignore[misc]
        if not active(st) or not any(U.info(st, hq).side == side for hq in D.data(st).depleted_hqs):
            return
        alloc = allocation(st, side, phase)
        if phase == COMBAT_PHASE:
            newly_commanded(st, alloc)
            return
        if rolling_turn(st):
            for hq in army_hqs(st, side):
                roll_for(st, hq, alloc)

    # -- the effects: Movement Allowance and Attack Strength ----------------------------------

    def allowance_base(self, st: State, uid: str) -> int:
        """16.31 a depleted unit's Movement Allowance, reduced by 25%."""
        base: int = super().allowance_base(st, uid)  # type: ignore[misc]
        return reduced(st, base) if depleted(st, uid) else base

    def allowance_note(self, st: State, uid: str) -> tuple[str, str] | None:
        """16.31 names the depletion when a move beyond the reduced allowance is refused."""
        if depleted(st, uid):
            printed = U.movement_allowance(st, uid)
            return (
                f"depleted: its Movement Allowance of {printed} is reduced by 25% to"
                f" {reduced(st, printed)}",
                "hindenburg 16.31",
            )
        return super().allowance_note(st, uid)  # type: ignore[misc, no-any-return]

    def attack_base(self, st: State, uid: str) -> tuple[int, list[dict[str, Any]]]:
        """16.31 a depleted unit's Attack Strength, reduced by 25% before any halving."""
        value, mods = super().attack_base(st, uid)  # type: ignore[misc]
        if not depleted(st, uid):
            return value, mods
        cut = reduced(st, value)
        why = f"depleted: Attack Strength {value} reduced by 25% to {cut}"
        return cut, [*mods, {"why": why, "case": "hindenburg 16.31"}]
