"""21.1 Breakdown of Russian Corps into Divisions and their recombination (hindenburg
21.11-21.16).

The scenario's ``[special] breakdown`` names each corps (counter id) and the two
division counters that substitute for it.  The division counters wait off the map as
spares (``units.SPARE``, R12) until their corps breaks down; the corps waits as a spare
while they stand for it.  In its owner's Movement Segment, whichever unit is selected
(a movement extension's segment actions, :class:`CorpsMovement`):

* ``break_down`` (21.11): an undisrupted corps on the map, in Command Control and in
  supply, is replaced in its hex by its two divisions (``units.substitute``), at no
  Movement Point cost (21.14): they have the Movement Points it had left, carry its
  markers (none of Out of Command or Out of Supply, so they stay in command and supply
  for the rest of the segment) and its moved and fought Game-Turns;
* ``reconstitute`` (21.12): its two divisions (21.13: only they), both on the map
  (21.16) in one hex, are replaced by the corps whatever their command and supply: it
  carries every marker either wore (out of command or supply if either was, 21.12) and
  the steps they had lost (disrupted if either was, 21.13).

Divisions otherwise move, attack and defend as any unit (21.15): no rule here touches
them.

Readings (docs/readings.md, Von Hindenburg):

* AV10 (a): "disrupted" is having lost a step (no separate state).  A corps that has
  lost a step may not break down; a reconstituted corps has lost the steps its two
  divisions had lost together (the steps are conserved: a corps's steps are its two
  divisions' together, which validation requires of the counters).
* In supply (21.11) is as found in this Movement Phase's Initial Supply Segment, which
  decides supply for movement (9.11), as for entraining (5.32); in Command Control is
  not marked Out of Command (10.4).
* The divisions recombine only in their owner's Movement Segment, the segment 21.0
  gives to breaking down (21.12 names no time).
* Movement Points: a unit gains none by a substitution (the segment's
  :func:`movement.substitute_units`): the divisions have what the corps had left, the
  corps the fewest either division had left; a unit that had finished moving stays
  finished (the corps if either division had).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import command, movement, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.movement_extension import MovementExtension, mp_left
from greatwar.rules.gwite.names import unit_name

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

BREAK_DOWN = "break_down"
RECONSTITUTE = "reconstitute"
CASE_BREAK = "hindenburg 21.11"
CASE_REFORM = "hindenburg 21.12"
CASE_PAIR = "hindenburg 21.13"
CASE_COST = "hindenburg 21.14"
CASE_EXTANT = "hindenburg 21.16"

Why = tuple[str, str]
#: 21.12 the markers a reconstituted corps wears if either division wore one, and what
#: they say it is out of
_CARRIED = ((command.OUT_OF_COMMAND, "Command Control"), (supply.OUT_OF_SUPPLY, "supply"))


def divisions_of(st: State, corps: str) -> list[str]:
    """The two division counters that substitute for ``corps`` (21.11)."""
    return list(D.data(st).breakdown[corps])


def corps_of(st: State, side: str) -> list[str]:
    """The corps of ``side`` that break down (the scenario's order)."""
    return [c for c in D.data(st).breakdown if U.info(st, c).side == side]


def disrupted(st: State, uid: str) -> bool:
    """AV10 (a): a unit is disrupted when it has lost a step."""
    return bool(U.record(st, uid)["lost"] > 0)


def _name(st: State, uid: str) -> str:
    return str(U.info(st, uid).name)


# --- 21.11 breaking down ------------------------------------------------------------------


def why_not_break_down(st: State, corps: str) -> Why | None:
    """Why ``corps`` may not break down now (21.11), or None."""
    name = _name(st, corps)
    if U.record(st, corps)["status"] != "on_map":
        return f"{name} is not on the map: only a corps on the map breaks down", CASE_BREAK
    if disrupted(st, corps):
        return (
            f"{name} has lost a step: a disrupted corps may not break down (reading AV10 a)",
            CASE_BREAK,
        )
    if not command.in_command(st, corps):
        return f"{name} is out of Command Control: it may not break down", CASE_BREAK
    if U.has_marker(st, corps, supply.OUT_OF_SUPPLY):
        return (
            f"{name} was found out of supply this Movement Phase: it may not break down",
            CASE_BREAK,
        )
    for uid in divisions_of(st, corps):
        status = U.record(st, uid)["status"]
        if status != U.SPARE:
            return (
                f"{_name(st, uid)} is {status.replace('_', ' ')}, not waiting to substitute"
                f" for {name}",
                CASE_BREAK,
            )
    return None


def break_down(st: State, frame: Frame, corps: str) -> None:
    """21.11 the two divisions replace the corps in its hex, at no cost (21.14)."""
    here = U.record(st, corps)["hex"]
    pair = divisions_of(st, corps)
    left = mp_left(st, frame, corps)
    movement.substitute_units(
        st,
        frame,
        [corps],
        pair,
        here,
        CASE_BREAK,
        why=f"{_name(st, corps)} breaks down; its divisions stay in Command Control and"
        " supply for the rest of the Movement Segment",
    )
    st.log(
        f"Breaking down costs no Movement Points: {' and '.join(_name(st, d) for d in pair)}"
        f" have the {left} Movement Points {_name(st, corps)} had left.",
        case=CASE_COST,
    )


# --- 21.12-21.16 reconstituting ------------------------------------------------------------


def why_not_reconstitute(st: State, corps: str) -> Why | None:
    """Why ``corps`` may not be reconstituted now (21.12, 21.16), or None."""
    name = _name(st, corps)
    status = U.record(st, corps)["status"]
    if status != U.SPARE:
        return (
            f"{name} is {status.replace('_', ' ')}: only a corps its divisions stand for is"
            " reconstituted",
            CASE_REFORM,
        )
    pair = divisions_of(st, corps)
    for uid in pair:
        if U.record(st, uid)["status"] != "on_map":
            if U.record(st, uid)["status"] == "eliminated":
                return (
                    f"{_name(st, uid)} is eliminated: {name} may not be reconstituted from"
                    " one division",
                    CASE_EXTANT,
                )
            return f"{_name(st, uid)} is not on the map", CASE_REFORM
    a, b = (U.record(st, uid)["hex"] for uid in pair)
    if a != b:
        return (
            f"{_name(st, pair[0])} ({a}) and {_name(st, pair[1])} ({b}) are not in the same hex",
            CASE_REFORM,
        )
    return None


def reconstitute(st: State, frame: Frame, corps: str) -> None:
    """21.12 the corps replaces its two divisions in their hex, whatever their command and
    supply, with every marker either wore (21.12) and the steps they had lost (21.13)."""
    pair = divisions_of(st, corps)
    here = U.record(st, pair[0])["hex"]
    lost = sum(U.record(st, uid)["lost"] for uid in pair)
    was = {uid: list(U.record(st, uid)["markers"]) for uid in pair}
    movement.substitute_units(
        st,
        frame,
        pair,
        [corps],
        here,
        CASE_REFORM,
        lost={corps: lost},
        why=f"{_name(st, corps)} is reconstituted, at no Movement Point cost ({CASE_COST})",
    )
    for marker, what in _CARRIED:
        out = [_name(st, uid) for uid in pair if marker in was[uid]]
        if out:
            st.log(
                f"{_name(st, corps)} is out of {what}, as {' and '.join(out)} was.",
                case=CASE_REFORM,
            )
    if lost:
        st.log(
            f"{_name(st, corps)} returns disrupted: its divisions had lost {lost}"
            f" step{'s' if lost > 1 else ''}, which it has lost (reading AV10 a).",
            case=CASE_PAIR,
        )


# --- the movement extension ----------------------------------------------------------------


def _break_action(st: State, corps: str) -> Action:
    return {"type": BREAK_DOWN, "unit": corps, "divisions": divisions_of(st, corps)}


def _reform_action(st: State, corps: str) -> Action:
    pair = divisions_of(st, corps)
    here = U.record(st, pair[0])["hex"]
    return {"type": RECONSTITUTE, "unit": corps, "divisions": pair, "hex": here}


class CorpsMovement(MovementExtension):
    """21.1 breaking down and reconstituting corps in the Movement Segment, whichever
    unit is selected (a corps that has finished moving too: "at any point", 21.11)."""

    action_types: ClassVar[frozenset[str]] = frozenset({BREAK_DOWN, RECONSTITUTE})

    def segment_actions(self, st: State, frame: Frame) -> list[Action]:
        actions: list[Action] = []
        for corps in corps_of(st, frame["side"]):
            if why_not_break_down(st, corps) is None:
                actions.append(_break_action(st, corps))
            elif why_not_reconstitute(st, corps) is None:
                actions.append(_reform_action(st, corps))
        return actions

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == BREAK_DOWN:
            break_down(st, frame, action["unit"])
        else:
            reconstitute(st, frame, action["unit"])

    def explain(self, st: State, frame: Frame, action: Action) -> tuple[str, str | None]:
        kind = action.get("type")
        corps = action.get("unit")
        case = CASE_BREAK if kind == BREAK_DOWN else CASE_REFORM
        if not isinstance(corps, str) or corps not in D.data(st).breakdown:
            return f"{unit_name(st, corps)} is no corps that breaks down into divisions", case
        if U.info(st, corps).side != frame["side"]:
            return f"{_name(st, corps)} is not yours", case
        pair = divisions_of(st, corps)
        if action.get("divisions") != pair:
            names = " and ".join(_name(st, d) for d in pair)
            return (
                f"{_name(st, corps)}'s divisions are {names}, and only they substitute for it",
                CASE_PAIR,
            )
        if kind == BREAK_DOWN:
            why = why_not_break_down(st, corps)
        else:
            why = why_not_reconstitute(st, corps)
        if why is not None:
            return why
        if kind == RECONSTITUTE:
            here = U.record(st, pair[0])["hex"]
            return f"the divisions of {_name(st, corps)} stand in {here}", CASE_REFORM
        return f"a {kind} action names the corps and its divisions only", case


CORPS_MOVEMENT = CorpsMovement()


# --- the rules ----------------------------------------------------------------------------


class CorpsBreakdown:
    """21.1 Breakdown of Russian Corps into Divisions and their recombination."""

    def movement_extensions(self, st: State) -> tuple[MovementExtension, ...]:
        """21.1 corps break down and reform in the Movement Segment (when the scenario
        names any)."""
        exts: tuple[MovementExtension, ...] = super().movement_extensions(st)  # type: ignore[misc]
        if D.data(st).breakdown:
            return (*exts, CORPS_MOVEMENT)
        return exts

    def substitutes(self, scenario: Scenario) -> dict[str, str]:
        """21.11 every corps of ``[special] breakdown`` and its two division counters."""
        out: dict[str, str] = dict(super().substitutes(scenario))  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return out  # reported by place (HindenburgRules.validate)
        breakdown = found.breakdown
        for corps, pair in breakdown.items():
            out[corps] = CASE_BREAK
            out.update(dict.fromkeys(pair, CASE_BREAK))
        return out

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """21.1 each corps of ``[special] breakdown`` and its two divisions are counters of
        one side, a corps and two divisions whose steps together are the corps's; either
        the corps or both divisions start in play, never both."""
        super().validate(scenario, problems)  # type: ignore[misc]
        found = D.parsed(scenario)
        if found is None:
            return  # reported by place (HindenburgRules.validate)
        breakdown = found.breakdown
        seen: dict[str, str] = {}
        for corps, pair in breakdown.items():
            loc = ("special", "breakdown", corps)
            for uid in (corps, *pair):
                if uid in seen:
                    problems.add(loc, f"{uid} is named for {seen[uid]} already (hindenburg 21.13)")
                seen[uid] = corps
            _check_breakdown(scenario, corps, pair, loc, problems)
            _check_position(scenario, corps, pair, problems)


def _check_breakdown(
    scenario: Scenario,
    corps: str,
    pair: list[str],
    loc: tuple[str | int, ...],
    problems: Problems,
) -> None:
    """One ``[special] breakdown`` entry (21.11)."""
    if len(pair) != 2:
        problems.add(
            loc,
            f"a corps breaks down into two division counters, not {len(pair)} (hindenburg 21.11)",
        )
        return
    counters = scenario.counters
    missing = [uid for uid in (corps, *pair) if uid not in counters]
    for uid in missing:
        problems.add(loc, f"no counter with id {uid!r} in the scenario's counter files")
    if missing:
        return
    head, divisions = counters[corps], [counters[uid] for uid in pair]
    if head.size != "corps":
        problems.add(loc, f"{corps} is a {head.size}, not a corps (hindenburg 21.11)")
    for c in divisions:
        if c.size != "division":
            problems.add(loc, f"{c.id} is a {c.size}, not a division (hindenburg 21.11)")
        if c.side != head.side:
            problems.add(loc, f"{c.id} is not on the side of {corps}, for which it substitutes")
    steps = sum(max(1, len(c.steps)) for c in divisions)
    if max(1, len(head.steps)) != steps:
        problems.add(
            loc,
            f"{corps} has {max(1, len(head.steps))} steps and its divisions {steps} together:"
            " the steps a corps has lost become its divisions' and back (hindenburg"
            " 21.13, reading AV10 a), so they must be as many",
        )
    _check_start(corps, head, divisions, loc, problems)


def _placed(c: Counter) -> bool:
    return c.setup is not None or c.arrive is not None


def _check_start(
    corps: str,
    head: Counter,
    divisions: list[Counter],
    loc: tuple[str | int, ...],
    problems: Problems,
) -> None:
    """The corps starts in play (set up or arriving) and its divisions wait as spares, or
    both divisions start in play and the corps waits (broken down at the start)."""
    placed = [c.id for c in divisions if _placed(c)]
    if _placed(head) and placed:
        problems.add(
            loc,
            f"{', '.join(placed)} has a set-up or arrival, and so has {corps}: a division"
            " counter waits off the map until its corps breaks down (hindenburg 21.11)",
        )
    elif not _placed(head) and len(placed) != 2:
        problems.add(
            loc,
            f"{corps} has neither set-up nor arrival: both its divisions need one (the corps"
            " broken down at the start), or it never enters (hindenburg 21.11)",
        )


#: statuses of a unit in play in a ``[position]`` (or still to enter)
_IN_PLAY = ("on_map", "pending", "withheld", "off_map")


def _check_position(scenario: Scenario, corps: str, pair: list[str], problems: Problems) -> None:
    """A ``[position]`` never has a corps and one of its divisions in play at once: the
    divisions stand for the corps (21.11, 21.12)."""
    pos = scenario.file.position
    if pos is None or any(uid not in scenario.counters for uid in (corps, *pair)):
        return

    def in_play(uid: str) -> bool:
        unit = pos.units.get(uid)
        return unit.status in _IN_PLAY if unit is not None else _placed(scenario.counters[uid])

    if not in_play(corps):
        return
    for uid in pair:
        if in_play(uid) and uid in pos.units:
            problems.add(
                ("position", "units", uid, "status"),
                f"{uid} is in play, and so is {corps}, for which it substitutes: a division"
                " counter waits off the map while its corps is in play (hindenburg 21.11)",
            )
