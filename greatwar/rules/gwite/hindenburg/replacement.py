"""22.0 Step Replacement for German and Austro-Hungarian units at the start of the Central
Powers Movement Phase (hindenburg 11.0, 22.11-22.22).

"11.0 Step Replacement: See Section 22.0" changes standard 13.0 (the case it means: std
11.0 is Fortresses).  There is no Step Replacement Phase in this game: at the start of the
Central Powers' (second Player's) Movement Phase, in its own Disruption Removal Segment,
the Central Powers Player may attempt to undisrupt German and Austro-Hungarian units, one
attempt per unit per Game-Turn, each a die roll he chooses to make (a legal action);
Russian units are never rebuilt (22.0: "Depleted Russian units may not be rebuilt"), and
the segment has no place in the Russian Player-Turn.

* 22.11-22.13 German: attempts for up to 4 Stacking Points a Game-Turn; a unit that has
  not moved, in supply and within 4 hexes of a supply source of its own (its supply
  class's rail hexes and depots, 16.0), anywhere in Poland, Austria-Hungary or Germany;
  it undisrupts on a 1 or 2.
* 22.21-22.22 Austro-Hungarian: attempts for up to 8 Stacking Points a Game-Turn; a unit
  that has not moved, inside Austria-Hungary, at least six hexes from every Russian unit
  (HQs and depots too: "any Russian units"); it undisrupts on a 1 or 2.

Readings (docs/readings.md, Von Hindenburg):

* AV10 (a) "disrupted" means having lost a step; undisrupting gives one step back
  (:meth:`HindenburgReplacement.steps_restored`).  The budgets count the Stacking Points
  of the units that attempt (success or not): "may attempt to rebuild 4 Stacking Points".
  22.0 names divisions: corps are rebuilt only with the option ``rebuild_corps``.
* AV9 (b) "must not have moved during the Movement Segment of the Game-Turn in which it
  is attempting": the attempts come before the Central Powers Movement Segment, so a unit
  that attempts may not move in it (option ``rebuild_freezes_movement``, on; off,
  reading (a): the clause only repeats 13.0's "not moved this Game-Turn").
* What 22.0 does not change of 13.0 stays: cavalry, supply depots and HQs are not
  eligible, nor a unit that took part in combat in the preceding Game-Turn (or in this
  one: :func:`greatwar.rules.gwite.replacement.fought_recently`), nor one that moved
  this Game-Turn (:func:`greatwar.rules.gwite.replacement.moved_this_turn`).
* "Within 4 hexes of a supply source" and "six hexes away" are counted on the hex grid,
  whatever lies between (as 13.0's distance is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import replacement as R
from greatwar.rules.gwite import supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg.data import option
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

FREEZE_OPTION = "rebuild_freezes_movement"
CORPS_OPTION = "rebuild_corps"

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {
    FREEZE_OPTION: OptionSpec(
        True,
        "A unit that attempts to undisrupt may not move in the Movement Segment that"
        " follows (reading AV9 b; off, reading a: only 13.0's not moved this Game-Turn)",
        "hindenburg 22.12",
    ),
    CORPS_OPTION: OptionSpec(
        False,
        "German and Austro-Hungarian corps may be rebuilt too, one step a success, charged"
        " their Stacking Points (reading AV10; off: divisions only, as 22.0 says)",
        "hindenburg 22.0",
    ),
}

#: the segment's name in positions and its frame kind
SEGMENT = "disruption_removal"
KIND = "hindenburg_disruption_removal"
#: unit record note: the Game-Turn of the unit's last attempt to undisrupt
ATTEMPTED = "undisrupt_turn"
CASE = "hindenburg 22.0"
#: 11.0 the standard Step Replacement Phase this game replaces by 22.0
STEP_REPLACEMENT = "step_replacement"


@dataclass(frozen=True)
class RebuildRule:
    """One nationality's disruption removal (22.1 German, 22.2 Austro-Hungarian)."""

    nationality: str
    adjective: str
    #: Stacking Points of attempts per Game-Turn, and its case
    budget: int
    budget_case: str
    #: the case of the unit's own criteria (not moved; supply or distance)
    criteria_case: str
    #: map countries the unit may be in, and their case
    countries: tuple[str, ...]
    countries_case: str
    #: die rolls that undisrupt, and their case
    success: tuple[int, ...]
    roll_case: str
    #: 22.12 within this many hexes of a supply source, and in supply
    source_within: int | None = None
    #: 22.22 at least this many hexes from every Enemy unit
    enemy_at_least: int | None = None


GERMAN = RebuildRule(
    nationality="germany",
    adjective="German",
    budget=4,  # hindenburg 22.11
    budget_case="hindenburg 22.11",
    criteria_case="hindenburg 22.12",
    countries=("poland", "austria-hungary", "germany"),  # hindenburg 22.13
    countries_case="hindenburg 22.13",
    success=(1, 2),  # hindenburg 22.13
    roll_case="hindenburg 22.13",
    source_within=4,  # hindenburg 22.12
)
AUSTRO_HUNGARIAN = RebuildRule(
    nationality="austria-hungary",
    adjective="Austro-Hungarian",
    budget=8,  # hindenburg 22.21
    budget_case="hindenburg 22.21",
    criteria_case="hindenburg 22.22",
    countries=("austria-hungary",),  # hindenburg 22.22
    countries_case="hindenburg 22.22",
    success=(1, 2),  # hindenburg 22.22
    roll_case="hindenburg 22.22",
    enemy_at_least=6,  # hindenburg 22.22
)
#: 22.0 the nationalities that rebuild (never the Russians)
REBUILD: dict[str, RebuildRule] = {r.nationality: r for r in (GERMAN, AUSTRO_HUNGARIAN)}


# --- the criteria ----------------------------------------------------------------------------


def rule_of(st: State, uid: str) -> RebuildRule | None:
    """The unit's nationality's disruption removal, or None (Russians: 22.0)."""
    return REBUILD.get(U.info(st, uid).nationality)


def rebuilding_side(st: State) -> str | None:
    """22.0 the side that rebuilds: the Central Powers (the side of the German and
    Austro-Hungarian units)."""
    return side_that_rebuilds(st.game.scenario)


def side_that_rebuilds(scenario: Scenario) -> str | None:
    """22.0 the scenario's side with German or Austro-Hungarian units, or None."""
    for s in scenario.sides:
        if set(s.nationalities) & set(REBUILD):
            return str(s.id)
    return None


def attempted(st: State, uid: str) -> bool:
    """The unit has attempted to undisrupt this Game-Turn."""
    return U.record(st, uid).get(ATTEMPTED) == st.data["turn"]  # type: ignore[no-any-return]


def spent(st: State, rule: RebuildRule) -> int:
    """22.11, 22.21 Stacking Points of the nationality's attempts this Game-Turn."""
    return sum(
        ui.stacking
        for uid, ui in U.static(st).units.items()
        if ui.nationality == rule.nationality and attempted(st, uid)
    )


def left(st: State, rule: RebuildRule) -> int:
    """22.11, 22.21 Stacking Points of attempts the nationality has left this Game-Turn."""
    return rule.budget - spent(st, rule)


def kind_refusal(st: State, uid: str) -> tuple[str, str] | None:
    """13.0's kinds (AV10: a disrupted unit is one that has lost a step), and 22.0's
    divisions (corps only with the option)."""
    why = U.rules(st).kind_refusal(st, uid)
    if why is not None:
        return why, "13.0"
    ui = U.info(st, uid)
    if ui.size == "corps" and not option(st, CORPS_OPTION):
        return f"22.0 rebuilds divisions, and {ui.name} is a corps (reading AV10)", CASE
    return None


def source_refusal(st: State, uid: str, rule: RebuildRule) -> tuple[str, str] | None:
    """22.12 in supply, and within ``source_within`` hexes of a supply source of its own."""
    if rule.source_within is None:
        return None
    name = U.info(st, uid).name
    if not supply.in_supply(st, uid):
        return f"{name} is out of supply", rule.criteria_case
    nearest = nearest_source(st, uid)
    if nearest is None:
        return f"{name} has no supply source of its own", rule.criteria_case
    if nearest > rule.source_within:
        return (
            f"{name} must be within {rule.source_within} hexes of a supply source; the"
            f" nearest is {nearest} hexes away",
            rule.criteria_case,
        )
    return None


def nearest_source(st: State, uid: str) -> int | None:
    """Hexes (on the grid) from the unit to the nearest supply source of its supply class
    (16.0: Friendly rail hexes it may draw on, its own nationality's supplied depots)."""
    side = U.info(st, uid).side
    tab = supply.table(st, side)
    cls = U.rules(st).supply_class(st, uid)
    found = tab.classes.get(cls)
    if found is None or not found.sources:
        return None
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    return min(board.distance(here, h) for h in found.sources)  # type: ignore[no-any-return]


def enemy_refusal(st: State, uid: str, rule: RebuildRule) -> tuple[str, str] | None:
    """22.22 at least ``enemy_at_least`` hexes from every Enemy unit on the map."""
    if rule.enemy_at_least is None:
        return None
    board = U.static(st).scenario.board
    here = U.record(st, uid)["hex"]
    side = U.info(st, uid).side
    for enemy in U.on_map(st, U.enemy_of(st, side)):
        away = board.distance(here, U.record(st, enemy)["hex"])
        if away < rule.enemy_at_least:
            return (
                f"{U.info(st, uid).name} must be at least {rule.enemy_at_least} hexes from"
                f" every Russian unit; {U.info(st, enemy).name} is {away} away",
                rule.criteria_case,
            )
    return None


def country_refusal(st: State, uid: str, rule: RebuildRule) -> tuple[str, str] | None:
    """22.13, 22.22 the unit stands in a country where its nationality rebuilds."""
    here = U.record(st, uid)["hex"]
    country = U.static(st).scenario.board.country.get(here)
    if country in rule.countries:
        return None
    where = " or ".join(c.title() for c in rule.countries)
    return (
        f"{rule.adjective} units undisrupt only in {where}; {U.info(st, uid).name} stands in"
        f" {country.title() if country else 'no country'}",
        rule.countries_case,
    )


def refusal(st: State, uid: str) -> tuple[str, str] | None:
    """Why the unit may not attempt to undisrupt now, with the case; None if it may."""
    ui = U.info(st, uid)
    rule = rule_of(st, uid)
    if rule is None:
        return f"{ui.name}: Russian units are never rebuilt", CASE
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", CASE
    if attempted(st, uid):
        return f"{ui.name} has already attempted to undisrupt this Game-Turn", rule.budget_case
    why = kind_refusal(st, uid)
    if why is not None:
        return why
    if R.fought_recently(st, uid):
        return f"{ui.name} took part in combat in the preceding or current Game-Turn", "13.0"
    if R.moved_this_turn(st, uid):
        return f"{ui.name} has moved in this Game-Turn", rule.criteria_case
    why = (
        source_refusal(st, uid, rule)
        or enemy_refusal(st, uid, rule)
        or country_refusal(st, uid, rule)
    )
    if why is not None:
        return why
    if ui.stacking > left(st, rule):
        return (
            f"{ui.name} has {ui.stacking} Stacking Points and only {left(st, rule)} of the"
            f" {rule.budget} {rule.adjective} Stacking Points of attempts are left this"
            " Game-Turn",
            rule.budget_case,
        )
    return None


def eligible(st: State, side: str) -> list[str]:
    """The disrupted units of ``side`` that may attempt to undisrupt now."""
    rules = U.rules(st)
    return [
        uid
        for uid in U.on_map(st, side)
        if rule_of(st, uid) is not None
        and rules.needs_replacement(st, uid)
        and refusal(st, uid) is None
    ]


def budgets_text(st: State) -> str:
    """22.11, 22.21 what is left of each budget, for prompts and the log."""
    return ", ".join(
        f"{rule.adjective} {left(st, rule)} of {rule.budget}" for rule in REBUILD.values()
    )


# --- the segment ----------------------------------------------------------------------------


class DisruptionRemoval(Handler):
    """22.0 at the start of the Central Powers Movement Phase: attempts to undisrupt,
    one legal action per unit that may (the segment passes by itself when none may)."""

    kind = KIND
    case = CASE

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if eligible(st, frame["side"]) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = [
            {"type": "undisrupt", "unit": uid} for uid in eligible(st, frame["side"])
        ]
        return [*actions, {"type": "end_segment"}]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        if action["type"] == "end_segment":
            st.log(
                f"{side_name(st, role)} end the Disruption Removal Segment"
                f" (Stacking Points left: {budgets_text(st)}).",
                case=CASE,
            )
            st.pop()
            return
        attempt(st, action["unit"])

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        return (
            "Disruption removal (22.0): attempt to undisrupt a disrupted unit (Stacking"
            f" Points of attempts left this Game-Turn: {budgets_text(st)}), or end the segment."
        )

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why an action is refused in the Disruption Removal Segment (22.0)."""
        kind, uid = action.get("type"), action.get("unit")
        if kind not in ("undisrupt", "end_segment"):
            return (
                f"{kind!r} is not an action of the Disruption Removal Segment"
                " (undisrupt, end_segment)",
                CASE,
            )
        if kind == "end_segment":
            return "end_segment takes no other fields", CASE
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", CASE
        ui = U.info(st, uid)
        if ui.side != frame["side"]:
            return f"{ui.name} is not the Central Powers Player's: only he rebuilds", CASE
        why = refusal(st, uid)
        if why is not None:
            return why
        if not U.rules(st).needs_replacement(st, uid):
            return f"{ui.name} is not disrupted: it has lost no step (reading AV10)", CASE
        return f"an attempt names only the unit: {{'type': 'undisrupt', 'unit': {uid!r}}}", CASE

    def title(self, st: State, frame: Frame) -> str:
        return "Disruption Removal"


def attempt(st: State, uid: str) -> None:
    """22.13, 22.22 one attempt: its Stacking Points are spent (22.11, 22.21), the unit
    rolls, and undisrupts on a success (one step back, AV10)."""
    rule = rule_of(st, uid)
    assert rule is not None
    U.set_note(st, uid, ATTEMPTED, st.data["turn"])
    name = U.info(st, uid).name
    value = st.roll(
        f"undisrupting {name} (succeeds on {', '.join(map(str, rule.success))})",
        case=rule.roll_case,
    )
    if value in rule.success:
        U.rules(st).replace(st, uid, case=rule.roll_case)
        outcome = f"{name} is undisrupted"
    else:
        outcome = f"{name} stays disrupted"
    st.log(
        f"{outcome}; {rule.adjective} Stacking Points of attempts left this Game-Turn:"
        f" {left(st, rule)} of {rule.budget}.",
        case=rule.budget_case,
    )


# --- the rules ----------------------------------------------------------------------------


class HindenburgReplacement:
    """22.0 Step Replacement (a part of :class:`HindenburgRules`): the Disruption Removal
    Segment first in the Central Powers Movement Phase, no Step Replacement Phase."""

    def phases(self) -> dict[str, str]:
        """11.0 no Step Replacement Phase: 22.0 takes its place."""
        out: dict[str, str] = super().phases()  # type: ignore[misc]
        out.pop(STEP_REPLACEMENT, None)
        return out

    def segments(self, phase_kind: str) -> dict[str, str]:
        """22.0 the Disruption Removal Segment opens the Movement Phase."""
        out: dict[str, str] = super().segments(phase_kind)  # type: ignore[misc]
        if phase_kind == "movement_phase":
            out = {SEGMENT: KIND, **out}
        return out

    def phase_children(self, st: State, phase_kind: str) -> list[str]:
        """22.0 only the Central Powers Movement Phase has the Disruption Removal Segment."""
        out: list[str] = super().phase_children(st, phase_kind)  # type: ignore[misc]
        if st.data["phasing"] != rebuilding_side(st):
            out = [kind for kind in out if kind != KIND]
        return out

    @classmethod
    def handlers(cls) -> list[Handler]:
        return [*super().handlers(), DisruptionRemoval()]  # type: ignore[misc]

    def validate(self, scenario: Scenario, problems: Problems) -> None:
        """22.0 a position may stand in the Disruption Removal Segment only in the
        Central Powers' Movement Phase."""
        super().validate(scenario, problems)  # type: ignore[misc]
        pos = scenario.file.position
        if pos is None or pos.segment != SEGMENT:
            return
        side = side_that_rebuilds(scenario)
        if pos.phasing != side:
            problems.add(
                ("position", "segment"),
                f"the Disruption Removal Segment is in the Movement Phase of {side} only, not"
                f" of {pos.phasing} (hindenburg 22.0)",
            )

    def steps_restored(self, st: State, uid: str) -> int:
        """22.0 undisrupting gives one step back (reading AV10 a)."""
        return 1

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """22.12, 22.22 a unit that attempted to undisrupt this Game-Turn does not move in
        its Movement Segment (reading AV9 b)."""
        rule = rule_of(st, uid)
        if rule is not None and attempted(st, uid) and option(st, FREEZE_OPTION):
            return (
                f"{U.info(st, uid).name} attempted to undisrupt this Game-Turn: it may not"
                " move in the Movement Segment (reading AV9)",
                rule.criteria_case,
            )
        return super().movement_refusal(st, uid)  # type: ignore[misc,no-any-return]
