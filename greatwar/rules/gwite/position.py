"""A scenario's ``[position]`` under The Great War in the East: what it may say, how it is
checked, and how it becomes a game's state.

What a GWitE position holds (the README's "Positions" paragraph shows a file):

* ``turn``, ``phasing`` (required: the phasing player, 4.0), ``phase`` and
  ``segment`` (the game's ``SequenceRules.phases`` and ``segments``), ``vp``, ``control``;
* ``fortress_steps_lost``: fortress hex -> fortress steps lost (11.13; at two or
  more the fortress uses its smaller defense, 11.14; all four: destroyed, 11.15);
* per unit: ``hex``, ``status``, ``steps_lost`` (8.5), ``markers`` and, for a
  unit off the map by rail (``status = "off_map"``), ``rail = { from, to, mp }``:
  the map-exit hexes its off-map link joins and the Movement Points paid so far
  (5.37, 5.38).

The markers (:data:`STATE_MARKERS`, and those a game's rules add:
``position_markers``) are the ones the rules put on counters and
keep in a unit's record; :data:`FACT_MARKERS` are facts a rule remembers about a
unit, written as markers in a position (13.0: the unit moved or fought).  A
marker that only a phase sets is refused outside the phases that keep it.

Readings for positions (docs/readings.md, where the rules say nothing of setting up
mid-game):

* ``moved`` is a move in this Game-Turn, ``fought`` a combat in this Game-Turn,
  ``fought_last_turn`` one in the preceding Game-Turn (13.0 bars all three).
* ``retreated`` (8.66) is worn only in the Combat Phase, and ``withdrawn`` (12.17)
  in the Cavalry Withdrawal and Combat Phases, by the non-phasing player's units:
  the rules clear both at the end of the Combat Phase.
* A unit off the map by rail (5.37) is entrained without saying so; ``withheld``
  is a reinforcement still to enter, as ``pending`` is (14.24).
* An HQ marked out of supply or out of command is accepted: the marker has no
  effect on it (10.35; the command rules never find an HQ out of command).
* A position may be overstacked: 6.14 eliminates the excess at the end of the
  Phase, as in play (6.21); the counters' set-up of a scenario without a position
  may not (6.14: the limit holds at the end of every Phase, and a printed set-up
  is not in the middle of one).  A hex holding both sides' units, a unit on
  prohibited terrain and a unit in an undestroyed Enemy fortress are refused
  (5.13, 10.33).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from greatwar.model.board import canonical
from greatwar.rules.gwite import cavalry, command, rail, supply
from greatwar.rules.gwite.sequence import SequenceRules
from greatwar.rules.gwite.static import build_units
from greatwar.rules.placement import (
    Placed,
    check_placements,
    refuse_unused,
    stacks,
    start_placements,
)

if TYPE_CHECKING:
    from greatwar.engine.state import Game
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter, Position, PositionUnit

#: markers the rules set and keep in a unit's record, with the case that sets each
RETREATED = "retreated"
STATE_MARKERS: dict[str, str] = {
    command.OUT_OF_COMMAND: "10.31",
    supply.OUT_OF_SUPPLY: "9.1",
    rail.ENTRAINED: "5.32",
    rail.MOVED_BY_RAIL: "5.34",
    rail.RAIL_EXEMPT: "14.12",
    cavalry.WITHDRAWN: "12.17",
    RETREATED: "8.66",
}
#: facts a rule remembers about a unit, written as markers in a position:
#: moved this Game-Turn, fought this Game-Turn, fought in the preceding one (13.0)
FACT_MARKERS: dict[str, str] = {"moved": "13.0", "fought": "13.0", "fought_last_turn": "13.0"}
#: markers of units that entered a Friendly stack before this Combat Phase: only the
#: non-phasing player's units carry them, and only in these phases (8.66, 12.17)
PASSENGER_PHASES: dict[str, tuple[str, ...]] = {
    RETREATED: ("combat",),
    cavalry.WITHDRAWN: ("cavalry_withdrawal", "combat"),
}
POSITION_FIELDS = (
    "turn",
    "phasing",
    "phase",
    "segment",
    "vp",
    "control",
    "units",
    "fortress_steps_lost",
)
UNIT_FIELDS = ("hex", "status", "steps_lost", "markers", "rail")


# --- validation -------------------------------------------------------------------------


def validate(rules: SequenceRules, scenario: Scenario, problems: Problems) -> None:
    """Every problem of the scenario's ``[position]`` and of where its units start (the
    game's ``rules`` say which phases and segments there are, and which markers)."""
    placed = start_placements(scenario, problems)
    # the rules are a StandardRules: its MovementRules say which units set up on water
    on_water = partial(rules.moves_on_water, scenario)  # type: ignore[attr-defined]
    check_placements(scenario, placed, "5.13", on_water=on_water)
    _enemy_fortresses(scenario, placed)
    pos = scenario.file.position
    if pos is None:
        _setup_stacking(rules, scenario, placed)
        return
    refuse_unused(scenario, problems, "Great War in the East", POSITION_FIELDS, UNIT_FIELDS)
    if not pos.phasing:
        problems.add(("position", "phasing"), "a position names its phasing player (4.0)")
    _check_phase(rules, pos, problems)
    for uid, unit in pos.units.items():
        counter = scenario.counters.get(uid)
        if counter is not None:
            _check_unit(rules, scenario, pos, uid, unit, counter, problems)
    _check_fortresses(scenario, pos, problems)


def _check_phase(rules: SequenceRules, pos: Position, problems: Problems) -> None:
    phases = rules.phases()
    if pos.phase not in phases:
        problems.add(
            ("position", "phase"),
            f"{pos.phase!r}; a phase is one of {', '.join(phases)}",
        )
        return
    segments = rules.segments(phases[pos.phase])
    if pos.segment and pos.segment not in segments:
        known = ", ".join(segments)
        problems.add(("position", "segment"), f"{pos.segment!r}; segments of {pos.phase}: {known}")


def _check_unit(
    rules: Any,
    scenario: Scenario,
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid)
    steps = max(1, len(counter.steps))
    if unit.steps_lost >= steps:
        problems.add(
            (*loc, "steps_lost"),
            f"unit {uid} cannot have lost {unit.steps_lost} steps: the counter has {steps}"
            " (8.5: a unit that loses its last step is eliminated)",
        )
    _check_markers(rules.position_markers(), pos, uid, unit, counter, problems)
    _check_status(scenario, pos, uid, unit, counter, problems)
    if unit.status == "spare" and uid not in rules.substitutes(scenario):
        problems.add(
            (*loc, "status"),
            f"unit {uid} is spare, but no rule of this game substitutes its counter for"
            " others in play (R12): it would never enter",
        )


def _check_markers(
    state_markers: dict[str, str],
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid, "markers")
    known = (*state_markers, *FACT_MARKERS)
    for marker in unit.markers:
        if marker not in known:
            problems.add(loc, f"unknown marker {marker!r}; markers: {', '.join(known)}")
            continue
        phases = PASSENGER_PHASES.get(marker)
        case = state_markers.get(marker, "")
        if phases is not None and pos.phase not in phases:
            problems.add(
                loc,
                f"unit {uid} is marked {marker!r}, which lasts only from the unit's move into"
                f" the stack to the end of the Combat Phase; the position is in the"
                f" {pos.phase} phase ({case})",
            )
        elif phases is not None and pos.phasing and counter.side == pos.phasing:
            problems.add(
                loc,
                f"unit {uid} is marked {marker!r}, but only the non-phasing player's units"
                f" retreat or withdraw into a stack before the phasing player's combat ({case})",
            )
        if marker == "fought_last_turn" and pos.turn == 1:
            problems.add(loc, "no unit fought before Game-Turn 1 (13.0)")
        if marker in state_markers and unit.status not in ("on_map", "off_map"):
            problems.add(loc, f"unit {uid} is {unit.status}: only units in play carry markers")


def _check_status(
    scenario: Scenario,
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid)
    if unit.status == "off_map":
        _check_rail(scenario, uid, unit, counter, problems)
    elif unit.rail is not None:
        problems.add(
            (*loc, "rail"),
            f"unit {uid} is {unit.status}: only units off the map by"
            " rail have a rail journey (5.37)",
        )
    if unit.status in ("pending", "withheld"):
        if counter.arrive is None:
            problems.add(
                (*loc, "status"),
                f"unit {uid} is {unit.status}, but its counter has no arrival: it would never"
                " enter (14.1)",
            )
        elif unit.status == "withheld" and counter.arrive.turn > pos.turn:
            problems.add(
                (*loc, "status"),
                f"unit {uid} arrives on Game-Turn {counter.arrive.turn}: it cannot have been"
                f" withheld by Game-Turn {pos.turn} (14.24)",
            )


def _check_rail(
    scenario: Scenario, uid: str, unit: PositionUnit, counter: Counter, problems: Problems
) -> None:
    loc = ("position", "units", uid, "rail")
    trip = unit.rail
    if trip is None:
        problems.add(
            loc[:-1],
            f"unit {uid} is off the map: give rail = {{ from = ..., to = ..., mp = ... }},"
            " the map-exit hexes of its off-map link and the Movement Points paid (5.37, 5.38)",
        )
        return
    if trip.stage is not None:
        problems.add((*loc, "stage"), "stage is not used by the Great War in the East rules")
    index = link_index(scenario, trip.from_hex, trip.to)
    if index is None:
        problems.add(
            loc,
            f"unit {uid}: no off-map link joins {trip.from_hex!r} and {trip.to!r} (5.37)",
        )
        return
    link = scenario.board.offmap_links[index]
    side_ok = not link.sides or counter.side in link.sides
    if not side_ok or (link.countries and counter.nationality not in link.countries):
        problems.add(loc, f"unit {uid} may not use the off-map link {link.name or index} (5.37)")
    if trip.mp >= link.cost:
        problems.add(
            (*loc, "mp"),
            f"unit {uid} has paid {trip.mp} of the link's {link.cost} Movement Points: a unit"
            " that has paid them all re-enters the map (5.38)",
        )


def link_index(scenario: Scenario, a: str, b: str) -> int | None:
    """The off-map link joining map-exit hexes ``a`` and ``b`` (either way), if any."""
    board = scenario.board
    try:
        ends = {canonical(board, a), canonical(board, b)}
    except (KeyError, ValueError):
        return None
    for i, link in enumerate(board.offmap_links):
        if {canonical(board, h) for h in link.hexes} == ends and len(ends) == 2:
            return i
    return None


def _check_fortresses(scenario: Scenario, pos: Position, problems: Problems) -> None:
    board = scenario.board
    for label, lost in pos.fortress_steps_lost.items():
        loc = ("position", "fortress_steps_lost", label)
        try:
            fortress = board.fortresses.get(canonical(board, label))
        except (KeyError, ValueError):
            fortress = None
        if fortress is None:
            problems.add(loc, f"{label} holds no fortress (11.0)")
        elif not 1 <= lost <= fortress.steps:
            problems.add(
                loc,
                f"{fortress.name} has {fortress.steps} steps: it loses 1 to {fortress.steps}"
                f" of them, not {lost} (11.13)",
            )


def _enemy_fortresses(scenario: Scenario, placed: list[Placed]) -> None:
    """5.13 no unit stands in an undestroyed Enemy fortress."""
    board = scenario.board
    lost = _fortress_lost(scenario)
    for p in placed:
        fortress = board.fortresses.get(p.hex)
        if fortress is None or lost.get(p.hex, 0) >= fortress.steps:
            continue
        owner = scenario.side_of_nationality(fortress.country)
        if owner is not None and owner != p.side:
            p.problems.add(
                p.loc,
                f"unit {p.uid} ({p.side}) is set up in {fortress.name} ({p.hex}), an"
                " undestroyed Enemy fortress (5.13)",
            )


def _setup_stacking(rules: Any, scenario: Scenario, placed: list[Placed]) -> None:
    """6.14 the counters' set-up holds no hex over the stacking limit (the game's
    ``parameters.stacking_limit``), each unit counting the Stacking Points its game
    gives it (6.11, ``rules.unit_info``)."""
    limit = scenario.file.parameters.stacking_limit
    if not limit:
        return  # the rules' validation asks for one (6.0)
    units = build_units(scenario, rules)
    for here, pieces in stacks(placed).items():
        points = sum(units[p.uid].stacking for p in pieces)
        if points > limit:
            last = pieces[-1]
            names = ", ".join(f"{p.uid} ({units[p.uid].stacking})" for p in pieces)
            last.problems.add(
                last.loc,
                f"{here} is set up with {points} Stacking Points, over the limit of {limit}:"
                f" {names} (6.14: the limit holds at the end of every Phase)",
            )


def _fortress_lost(scenario: Scenario) -> dict[str, int]:
    pos = scenario.file.position
    out: dict[str, int] = {}
    if pos is None:
        return out
    for label, lost in pos.fortress_steps_lost.items():
        try:
            out[canonical(scenario.board, label)] = lost
        except (KeyError, ValueError):
            continue
    return out


# --- the state ----------------------------------------------------------------------------


def apply(game: Game, data: dict[str, Any], new_record: Any) -> None:
    """Write the scenario's position into a new game's ``data`` (built from the set-up);
    ``new_record(hex, status)`` makes a unit's record."""
    pos = game.scenario.file.position
    if pos is None:
        return
    board = game.scenario.board
    data["turn"] = pos.turn
    data["phasing"] = pos.phasing
    data["vp"] = pos.vp
    for h, side in pos.control.items():
        data["control"][canonical(board, h)] = side
    for h, lost in pos.fortress_steps_lost.items():
        data["fortress_lost"][canonical(board, h)] = lost  # 11.13
    for uid, p in pos.units.items():
        data["units"][uid] = _unit_record(game, pos, p, new_record)


def _unit_record(game: Game, pos: Position, p: PositionUnit, new_record: Any) -> dict[str, Any]:
    board = game.scenario.board
    status = "pending" if p.status == "withheld" else p.status  # 14.24: still to arrive
    record: dict[str, Any] = new_record(canonical(board, p.hex) if p.hex else None, status)
    record["lost"] = p.steps_lost
    markers = {m for m in p.markers if m in game.static.rules.position_markers()}
    if p.rail is not None:
        index = link_index(game.scenario, p.rail.from_hex, p.rail.to)
        record[rail.OFF_MAP] = {  # 5.38 the journey rail.journey reads
            "link": index,
            "from": canonical(board, p.rail.from_hex),
            "to": canonical(board, p.rail.to),
            "mp": p.rail.mp,
        }
        markers.add(rail.ENTRAINED)  # 5.37 only entrained units travel off the map
    record["markers"] = sorted(markers)
    if "moved" in p.markers:
        record["moved_turn"] = pos.turn  # 13.0
    if "fought" in p.markers:
        record["combat_turn"] = pos.turn  # 13.0
    elif "fought_last_turn" in p.markers:
        record["combat_turn"] = pos.turn - 1
    return record
