"""20.0 Cavalry HQs and the limits on German and Austro-Hungarian cooperation: who commands
whom, joint attacks only under the 9th Army HQ (hindenburg 20.11-20.22).

* 20.11 Austro-Hungarian corps and army HQs and German corps HQs command only units of
  their own nationality (refused naming the case, never offered).
* 20.21-20.22 the cavalry corps HQs (``[special] cavalry_hqs``) command only cavalry of
  their own nationality (Hauer H only Austro-Hungarian cavalry).
* 20.12 the German 9th Army HQ (``[special] ninth_army_hq``) commands German units, and
  Austro-Hungarian units only for an attack they make together with German units (AV8
  reading (b); option ``ninth_army_commands_austro_hungarians_any_time`` plays reading
  (a)): under (b) it may not command them in the Movement Phase, it may be allocated
  them in the Central Powers' Combat Phase, and an Austro-Hungarian unit it commands
  that attacks with no German unit attacks out of Command Control (10.42 halved, 10.43);
  its Attack Shift counts such units only in an attack with German units (10.21).
* 20.12 Austro-Hungarian and German units attack the same Russian unit only when every
  attacking unit is under the 9th Army HQ's command, allocated in this Combat Phase's
  Command Control Segment (units in command by die roll, 10.41, are under no HQ's):
  adding a unit that would break this is refused naming the case.  Which HQ commands a
  unit then matters, so the Central Powers allocate their Combat Phase's Command
  Strength themselves whenever the 9th Army HQ's radius reaches a unit.

The allocation of each side's last Command Control Segment is kept in
``st.data["hindenburg_command"]`` (side -> turn, phase and unit -> HQ).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg.data import option

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

GERMANY = "germany"
AUSTRIA_HUNGARY = "austria-hungary"
NATIONS = {GERMANY: "German", AUSTRIA_HUNGARY: "Austro-Hungarian", "russia": "Russian"}
COMBAT_PHASE = "Combat Phase"
#: AV8 reading (a): the 9th Army HQ commands Austro-Hungarian units at any time
NINTH_ARMY_ANY_TIME = "ninth_army_commands_austro_hungarians_any_time"
#: st.data key: each side's last allocation of Command Strength
ALLOCATION = "hindenburg_command"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    NINTH_ARMY_ANY_TIME: OptionSpec(
        False,
        "The German 9th Army HQ may command Austro-Hungarian units at any time (off: only"
        " for an attack they make together with German units; AV8)",
        "hindenburg 20.12",
    ),
}


# --- who may command whom ------------------------------------------------------------------


def nation(nationality: str) -> str:
    return NATIONS.get(nationality, nationality)


def ninth_army(st: State) -> str:
    """The German 9th Army HQ's counter id ("" when the scenario names none)."""
    return D.data(st).ninth_army_hq


def ninth_army_commands_austrians(st: State) -> bool:
    """20.12 whether the 9th Army HQ may command Austro-Hungarian units now: in the Central
    Powers' Combat Phase (AV8 b), or always (AV8 a, the option)."""
    if option(st, NINTH_ARMY_ANY_TIME):
        return True
    hq = ninth_army(st)
    return bool(hq) and command.in_combat_phase(st, U.info(st, hq).side)


def cavalry_hq_refusal(st: State, hq: str, uid: str) -> tuple[str, str] | None:
    """20.21 a cavalry corps HQ commands only cavalry; 20.22 of its own nationality."""
    h, u = U.info(st, hq), U.info(st, uid)
    if u.type != "cavalry":
        return f"{h.name} is a cavalry corps HQ: it commands only cavalry units", "hindenburg 20.21"
    if u.nationality != h.nationality:
        return (
            f"{h.name} commands only {nation(h.nationality)} cavalry, not {u.name}",
            "hindenburg 20.22",
        )
    return None


def ninth_army_refusal(st: State, hq: str, uid: str) -> tuple[str, str] | None:
    """20.12 the 9th Army HQ commands Austro-Hungarian units only for joint attacks."""
    u = U.info(st, uid)
    if u.nationality == AUSTRIA_HUNGARY and not ninth_army_commands_austrians(st):
        return (
            f"{U.info(st, hq).name} commands Austro-Hungarian units only for an attack they"
            f" make together with German units, in the Combat Phase: not {u.name} now",
            "hindenburg 20.12",
        )
    return None


def own_nation_refusal(st: State, hq: str, uid: str) -> tuple[str, str] | None:
    """20.11 Austro-Hungarian corps and army HQs and German corps HQs command only units
    of their own nationality."""
    h, u = U.info(st, hq), U.info(st, uid)
    limited = h.nationality == AUSTRIA_HUNGARY or (
        h.nationality == GERMANY and h.hq_level == "corps"
    )
    if limited and u.nationality != h.nationality:
        return (
            f"{h.name} commands only {nation(h.nationality)} units, not {u.name}",
            "hindenburg 20.11",
        )
    return None


def hq_limit(st: State, hq: str, uid: str) -> tuple[str, str] | None:
    """Why this HQ may not command this unit under 20.11-20.22, or None."""
    if hq in D.data(st).cavalry_hqs:
        return cavalry_hq_refusal(st, hq, uid)
    if hq == ninth_army(st):
        return ninth_army_refusal(st, hq, uid)
    return own_nation_refusal(st, hq, uid)


# --- who commands whom this phase ------------------------------------------------------------


def allocation(st: State, side: str, phase: str) -> dict[str, str]:
    """The unit -> HQ allocation of ``side``'s Command Control Segment of the ``phase``
    in its current Player-Turn (empty when there was none)."""
    kept = st.data.get(ALLOCATION, {}).get(side)
    if not kept or kept["turn"] != st.data["turn"] or kept["phase"] != phase:
        return {}
    if st.data.get("phasing") != side:
        return {}
    by: dict[str, str] = kept["by"]
    return by


def commanded_in_combat(st: State, uid: str) -> str | None:
    """The HQ commanding the unit for its side's current Combat Phase, or None."""
    side = U.info(st, uid).side
    if not command.in_combat_phase(st, side):
        return None
    return allocation(st, side, COMBAT_PHASE).get(uid)


def reaches_any(st: State, hqs: list[str], units: list[str]) -> bool:
    """Whether the Command Radius of one of ``hqs`` reaches one of ``units`` that it may
    command now."""
    if not units or not hqs:
        return False
    cover = command.covering(st, U.info(st, units[0]).side)
    wanted = set(hqs)
    return any(wanted & set(cover.get(uid, [])) for uid in units)


def combat_units(st: State, units: list[str]) -> list[str]:
    return [u for u in units if not U.info(st, u).hq]


def nationalities(st: State, units: list[str]) -> set[str]:
    return {U.info(st, u).nationality for u in combat_units(st, units)}


def joint(st: State, units: list[str]) -> bool:
    """Whether Austro-Hungarian and German units attack together (20.12)."""
    return {GERMANY, AUSTRIA_HUNGARY} <= nationalities(st, units)


def joint_attack_refusal(st: State, attackers: list[str], uid: str) -> tuple[str, str] | None:
    """20.12 why ``uid`` may not join ``attackers``: Austro-Hungarian and German units
    attack the same unit only when all of them are under the 9th Army HQ's command."""
    force = [*attackers, uid]
    if not joint(st, force):
        return None
    hq = ninth_army(st)
    if not hq:
        return (
            "Austro-Hungarian and German units attack the same unit only under the 9th Army"
            " HQ, and this scenario has none",
            "hindenburg 20.12",
        )
    outside = [u for u in combat_units(st, force) if commanded_in_combat(st, u) != hq]
    if not outside:
        return None
    first = uid if uid in outside else outside[0]
    return (
        "Austro-Hungarian and German units attack the same unit only when every attacking"
        f" unit is under {U.info(st, hq).name}'s command: {U.info(st, first).name} is not",
        "hindenburg 20.12",
    )


def beyond_ninth_army(st: State, uid: str, attackers: list[str]) -> bool:
    """20.12 (AV8 b): the 9th Army HQ may not command this unit in an attack by
    ``attackers``: an Austro-Hungarian unit in an attack with no German unit."""
    if option(st, NINTH_ARMY_ANY_TIME) or U.info(st, uid).nationality != AUSTRIA_HUNGARY:
        return False
    return GERMANY not in nationalities(st, attackers)


def uncommanded_austrian(st: State, uid: str, attackers: list[str]) -> bool:
    """20.12 (AV8 b): an Austro-Hungarian unit allocated to the 9th Army HQ, attacking with
    no German unit: the 9th Army HQ does not command it in this attack."""
    hq = ninth_army(st)
    return bool(hq) and commanded_in_combat(st, uid) == hq and beyond_ninth_army(st, uid, attackers)


class HindenburgCommand:
    """20.0 Cavalry HQs and the limits on German and Austro-Hungarian cooperation (a part
    of :class:`HindenburgRules`)."""

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """20.12, 20.21: the 9th Army HQ is a German HQ counter; the cavalry HQs are
        German or Austro-Hungarian HQ counters."""
        super().validate(scenario, problems)  # type: ignore[misc]
        special = D.parsed(scenario)
        if special is None:
            return  # reported by place by HindenburgRules.validate
        if special.ninth_army_hq:
            _check_hq(
                scenario,
                problems,
                ("special", "ninth_army_hq"),
                special.ninth_army_hq,
                {GERMANY},
                "hindenburg 20.12",
            )
        for i, cid in enumerate(special.cavalry_hqs):
            _check_hq(
                scenario,
                problems,
                ("special", "cavalry_hqs", i),
                cid,
                {GERMANY, AUSTRIA_HUNGARY},
                "hindenburg 20.21",
            )

    # -- 20.11-20.22 who may command whom ---------------------------------------------------

    def command_refusal(self, st: State, hq: str, uid: str) -> tuple[str, str] | None:
        """20.11, 20.12, 20.21, 20.22."""
        why = hq_limit(st, hq, uid)
        if why is not None:
            return why
        return super().command_refusal(st, hq, uid)  # type: ignore[misc, no-any-return]

    def command_context(self, st: State) -> str:
        """20.12 (AV8 b): whether the 9th Army HQ may command Austro-Hungarian units now."""
        here = "9A-joint" if ninth_army(st) and ninth_army_commands_austrians(st) else ""
        return f"{super().command_context(st)}{here}"  # type: ignore[misc]

    def shift_counts(self, st: State, hq: str, uid: str, attackers: list[str]) -> bool:
        """20.12 (AV8 b): the 9th Army HQ's Attack Shift counts an Austro-Hungarian unit only
        in an attack with German units."""
        if hq == ninth_army(st) and beyond_ninth_army(st, uid, attackers):
            return False
        return super().shift_counts(st, hq, uid, attackers)  # type: ignore[misc, no-any-return]

    def allocation_matters(self, st: State, side: str, phase: str, candidates: list[str]) -> bool:
        """20.12 in the Central Powers' Combat Phase, when the 9th Army HQ's radius reaches
        a unit, which HQ commands it decides the joint attacks it may join."""
        hq = ninth_army(st)
        if phase == COMBAT_PHASE and hq and reaches_any(st, [hq], candidates):
            return True
        return super().allocation_matters(st, side, phase, candidates)  # type: ignore[misc, no-any-return]

    def command_allocated(self, st: State, side: str, phase: str, alloc: dict[str, str]) -> None:
        """Keep the allocation: 20.12 joint attacks, 16.31-16.33 depletion read it."""
        super().command_allocated(st, side, phase, alloc)  # type: ignore[misc]
        kept = st.data.setdefault(ALLOCATION, {})
        kept[side] = {"turn": st.data["turn"], "phase": phase, "by": dict(sorted(alloc.items()))}

    # -- 20.12 joint attacks -------------------------------------------------------------------

    def attacker_refusal(self, st: State, attack: Frame, uid: str) -> tuple[str, str] | None:
        """20.12 Austro-Hungarian and German units together only under the 9th Army HQ."""
        why = joint_attack_refusal(st, list(attack["attackers"]), uid)
        if why is not None:
            return why
        return super().attacker_refusal(st, attack, uid)  # type: ignore[misc, no-any-return]

    def attacker_out_of_command(
        self, st: State, uid: str, attack: Frame | None
    ) -> dict[str, Any] | None:
        """20.12 (AV8 b): an Austro-Hungarian unit under the 9th Army HQ attacking with no
        German unit is out of Command Control in that attack (10.42, 10.43)."""
        found = super().attacker_out_of_command(st, uid, attack)  # type: ignore[misc]
        if found is not None or attack is None:
            return found  # type: ignore[no-any-return]
        if uncommanded_austrian(st, uid, list(attack["attackers"])):
            return {
                "why": "under the 9th Army HQ, which commands Austro-Hungarian units only in"
                " an attack with German units: out of command control, halved",
                "case": "hindenburg 20.12",
            }
        return None


def _check_hq(
    scenario: Scenario,
    problems: Problems,
    where: tuple[str | int, ...],
    cid: str,
    nations: set[str],
    case: str,
) -> None:
    counter = scenario.counters.get(cid)
    if counter is None:
        problems.add(where, f"{cid!r} is not a counter of this scenario ({case})")
    elif counter.type != "hq" or counter.nationality not in nations:
        wanted = " or ".join(nation(n) for n in sorted(nations))
        problems.add(where, f"{cid!r} is not a {wanted} HQ counter ({case})")
