"""A scenario's ``[position]`` under Tannenberg 1914: what it may say, how it is checked,
and how it becomes a game's state.

What a Tannenberg position holds (the README's "Positions" paragraph shows a file):

* ``turn`` (the stage), ``phase`` (``sequence.PHASES``), ``vp``, ``control``;
* ``initiative``: the side holding the initiative (10.1; it moves first, 10.2.1,
  and designates the clashes, 10.2.2).  In the orders and initiative phases,
  before this stage's roll, it is the side that held it in the last stage and
  adds 1 to its roll (10.1.1).  Not given: nobody holds it yet (the scenario's
  ``first_side`` moves first), as before the first roll of the game;
* ``clashes_won``: side -> ``{ flight = n, retreat_with_losses = n }``, the
  clashes of the last stage the next initiative roll counts (10.1.1);
* ``trenches``: ``{ hex, facing, side }`` TRENCHES counters (12.1; ``facing`` a
  direction name of the map or 0-5, the middle of the three effective edges,
  12.1.8);
* ``fortifications``: hex -> ``"damaged"``, ``"destroyed"`` or ``"captured"``
  (12.2.7, 12.2.8; captured: destroyed by an enemy unit entering it, and
  scored for 19.3);
* ``masks``: ``{ side, hex, units }`` masking counters on the map and the units
  they hide (16.1.2; no units: an empty mask, 16.2.3);
* ``cut_track`` (5.4) and ``bridges_destroyed`` (6.0, each "a/b");
* ``special_entered``: the special reinforcements (17.3) that have entered;
* per unit: ``hex``, ``status``, ``steps_lost`` (combat-efficiency levels lost:
  1 is the back side, 2.3.5), ``endurance_lost`` (the endurance counter beneath
  it on its level, 0-4, 2.3.3), ``markers`` and, for a unit off the map by rail,
  ``rail = { from, stage }`` (the exit it left by and the stage it left in,
  5.1.8).

The markers (:data:`STATE_MARKERS`) are those the rules put on counters;
:data:`FACT_MARKERS` are facts a rule remembers about a unit, written as markers
in a position: ``moved`` (this stage, 2.3.8, 2.3.9, 12.1.2), ``built_trench``
(this stage, 2.3.8), ``fought`` (in the last clash phase, 2.3.8, 2.3.9) and
``fired`` (artillery that fired in the last clash phase, 11.1.1).

Readings for positions (where the rules say nothing of setting up mid-game):

* A ``fought`` or ``fired`` unit took part in the last clash phase: the previous
  stage's, or this stage's when the position starts at the clash phase (then it
  may not fight again in it).
* ``clashes_won`` are counted by the next initiative roll: the last stage's
  clashes when the position starts in the orders or initiative phase, this
  stage's otherwise.
* A unit off the map by rail carries its rail transport counter (5.1.2, 5.1.8):
  it is entrained without saying so.
* A captured fortification was destroyed by the enemy side of its country
  (12.2.8); its victory points (19.3) are in the position's ``vp`` already.  An
  entered special reinforcement's points (19.3) are in ``vp`` too, and one that
  replaced counters (17.3.1) has replaced them: the old counters leave the game.
* Masks are numbered in the order the position lists them, side by side; each is
  placed by the role of its first unit (the side's senior role for an empty one).
  16.2.2 and 16.2.3 bind only the placing of a mask: once down, a mask may stand
  in an enemy zone, and an empty one alone (the units beside it have moved on).
* Stacking (7.1.2, 7.1.4) is checked for a set-up and for a position outside
  the movement phases (during one, a hex may be over the limit until it ends).
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.model.board import canonical
from greatwar.model.problems import Problems, ScenarioError
from greatwar.rules.placement import (
    Placed,
    check_placements,
    refuse_unused,
    stacks,
    start_placements,
)
from greatwar.rules.tannenberg import (
    artillery,
    combatants,
    command,
    fortifications,
    fortified,
    initiative,
    masks,
    movement,
    railways,
    reserve,
    seats,
    sequence,
    special,
)
from greatwar.rules.tannenberg.static import unit_info
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Counter, Position, PositionUnit

#: markers the rules set and keep in a unit's record, with the case that sets each
STATE_MARKERS: dict[str, str] = {
    command.MARCH: "tannenberg 13.3.1",
    command.STOP: "tannenberg 13.3.1",
    command.HQ_BACK: "tannenberg 13.2.9",
    command.INDEPENDENT: "tannenberg 13.3.2",
    command.UNCOMMANDED: "tannenberg 13.3.2",
    command.ARRIVED: "tannenberg 17.2.7",
    reserve.RESERVE: "tannenberg 4.5.3",
    reserve.USED: "tannenberg 4.5.4",
    railways.ENTRAINED: "tannenberg 5.1.2",
}
MOVED, BUILT_TRENCH, FOUGHT, FIRED = "moved", "built_trench", "fought", "fired"
#: facts a rule remembers about a unit, written as markers in a position
FACT_MARKERS: dict[str, str] = {
    MOVED: "tannenberg 2.3.8",
    BUILT_TRENCH: "tannenberg 2.3.8",
    FOUGHT: "tannenberg 2.3.8",
    FIRED: "tannenberg 11.1.1",
}
MARKERS: tuple[str, ...] = (*STATE_MARKERS, *FACT_MARKERS)
#: markers only these phases see (a marker set later in the stage, cleared at its end)
LATE_MARKERS: dict[str, str] = {
    reserve.RESERVE: "reserve",
    reserve.USED: "movement_1",
    MOVED: "movement_1",
    BUILT_TRENCH: "movement_1",
}
POSITION_FIELDS = (
    "turn",
    "phase",
    "vp",
    "control",
    "units",
    "initiative",
    "clashes_won",
    "trenches",
    "fortifications",
    "masks",
    "cut_track",
    "bridges_destroyed",
    "special_entered",
)
UNIT_FIELDS = ("hex", "status", "steps_lost", "endurance_lost", "markers", "rail")
#: phases during which a hex may hold more units than 7.1.2 allows (until the phase ends)
MOVEMENT_PHASES = ("movement_1", "movement_2")
FORT_LEVELS = {
    "damaged": 1,
    "destroyed": fortified.DESTROYED,
    "captured": fortified.DESTROYED,  # 12.2.8
}


# --- validation -------------------------------------------------------------------------


def validate(scenario: Scenario, problems: Problems) -> None:
    """Every problem of the scenario's ``[position]`` and of where its pieces start."""
    pos = scenario.file.position
    gone = _replaced(scenario, pos) if pos is not None else set()
    placed = [p for p in start_placements(scenario, problems) if p.uid not in gone]
    masks = _mask_placements(scenario, problems) if pos is not None else []
    check_placements(scenario, [*placed, *masks], "tannenberg 4.2.1")
    _enemy_garrisons(scenario, placed)
    if pos is None or pos.phase not in MOVEMENT_PHASES:
        _check_stacking(scenario, placed)
    if pos is None:
        return
    refuse_unused(scenario, problems, "Tannenberg", POSITION_FIELDS, UNIT_FIELDS)
    sides = [s.id for s in scenario.sides]
    if pos.phase not in sequence.PHASES:
        problems.add(
            ("position", "phase"), f"{pos.phase!r}; a phase is one of {', '.join(sequence.PHASES)}"
        )
        return
    for uid, unit in pos.units.items():
        counter = scenario.counters.get(uid)
        if counter is not None:
            _check_unit(scenario, pos, uid, unit, counter, problems)
    _check_initiative(pos, sides, problems)
    _check_trenches(scenario, pos, sides, problems)
    _check_fortifications(scenario, pos, problems)
    _check_masks(scenario, pos, placed, problems)
    _check_rail_state(scenario, pos, problems)
    _check_special(scenario, pos, problems)


def levels(counter: Counter) -> int:
    """2.3.1 one or two combat-efficiency levels; HQs and supply trains none (2.3.2)."""
    return unit_info(counter).level_count


def _check_unit(
    scenario: Scenario,
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid)
    count = levels(counter)
    if count == 0 and (unit.steps_lost or unit.endurance_lost):
        field = "steps_lost" if unit.steps_lost else "endurance_lost"
        problems.add(
            (*loc, field),
            f"unit {uid} is a {counter.type.replace('_', ' ')}: it has no combat-efficiency"
            " levels or endurance to lose (tannenberg 2.3.2)",
        )
    elif unit.steps_lost >= max(1, count):
        problems.add(
            (*loc, "steps_lost"),
            f"unit {uid} has {count} combat-efficiency level(s): it cannot have lost"
            f" {unit.steps_lost} (a unit that loses its last level is eliminated,"
            " tannenberg 2.3.6)",
        )
    per_level = int(constant("endurance_per_level"))  # 2.3.3
    if unit.endurance_lost > per_level:
        problems.add(
            (*loc, "endurance_lost"),
            f"unit {uid} cannot have lost {unit.endurance_lost} endurance points on its level:"
            f" a level has {per_level} (tannenberg 2.3.3, 2.3.5)",
        )
    _check_markers(pos, uid, unit, counter, problems)
    _check_status(scenario, pos, uid, unit, counter, problems)


def _phase_index(phase: str) -> int:
    return sequence.PHASES[phase]


def _check_markers(
    pos: Position, uid: str, unit: PositionUnit, counter: Counter, problems: Problems
) -> None:
    loc = ("position", "units", uid, "markers")
    for marker in unit.markers:
        if marker not in MARKERS:
            problems.add(loc, f"unknown marker {marker!r}; markers: {', '.join(MARKERS)}")
            continue
        case = STATE_MARKERS.get(marker) or FACT_MARKERS[marker]
        why = _marker_refusal(pos, unit, counter, marker)
        if why is not None:
            problems.add(loc, f"unit {uid} may not carry {marker!r}: {why} ({case})")
    if command.MARCH in unit.markers and command.STOP in unit.markers:
        problems.add(loc, f"unit {uid} holds one order, MARCH or STOP (tannenberg 13.3.1)")
    if reserve.USED in unit.markers and reserve.RESERVE not in unit.markers:
        problems.add(
            loc, f"unit {uid} made a reserve move without a RESERVE counter (tannenberg 4.5.4)"
        )


def _marker_refusal(pos: Position, unit: PositionUnit, counter: Counter, marker: str) -> str | None:
    """Why the unit may not carry ``marker`` in this position, or None."""
    level = counter.hq.level if counter.hq else None
    if marker in (command.MARCH, command.STOP) and (counter.type != "hq" or level == "army"):
        return "orders are given to corps HQs"
    if marker == command.HQ_BACK and not (level == "army" and counter.nationality == "russia"):
        return "only Russian army HQs turn to their back side"
    if marker in (command.INDEPENDENT, command.UNCOMMANDED) and counter.type == "hq":
        return "HQs do not roll for independent command"
    if marker == FIRED and counter.type != "artillery":
        return "only artillery fires"
    if marker == BUILT_TRENCH and counter.type not in fortifications.TRENCH_BUILDERS:
        return "only infantry and cavalry build trenches"
    first = LATE_MARKERS.get(marker)
    if first is not None and _phase_index(pos.phase) < _phase_index(first):
        return f"it is set in the {first} phase or later, and the position is at {pos.phase}"
    if marker in (FOUGHT, FIRED) and pos.turn == 1 and pos.phase != "clash":
        return "no clash phase has been played before stage 1's"
    if unit.status not in ("on_map", "off_map") and marker in STATE_MARKERS:
        return f"the unit is {unit.status}"
    return None


def _check_status(
    scenario: Scenario,
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid)
    if unit.status == "withheld":
        problems.add(
            (*loc, "status"),
            "Tannenberg reinforcements are not withheld: a reinforcement not yet on the map"
            " is 'pending' (tannenberg 17.2)",
        )
    elif unit.status == "spare":
        problems.add(
            (*loc, "status"),
            "no Tannenberg rule substitutes counters in play: 'spare' is a Great War in the"
            " East status (tannenberg 17.3)",
        )
    elif (
        unit.status == "pending" and counter.arrive is None and uid not in _special_units(scenario)
    ):
        problems.add(
            (*loc, "status"),
            f"unit {uid} is pending, but it has no arrival and is no special reinforcement:"
            " it would never enter (tannenberg 17.2.1, 17.3)",
        )
    if unit.status == "off_map":
        _check_rail_trip(scenario, pos, uid, unit, counter, problems)
    elif unit.rail is not None:
        problems.add(
            (*loc, "rail"),
            f"unit {uid} is {unit.status}: only units off the map by rail have a journey"
            " (tannenberg 5.1.8)",
        )


def _special_units(scenario: Scenario) -> set[str]:
    """Counters that enter only as special reinforcements or replacements (17.3, 18.1)."""
    found: set[str] = set()
    data = scenario.file.special
    for spec in data.get("reinforcement", []):
        found.update(spec.get("units", []))
        found.update((spec.get("replaces") or {}).values())
    found.update(((data.get("artamonov_replaced") or {}).get("replaces") or {}).values())
    return found


def _check_rail_trip(
    scenario: Scenario,
    pos: Position,
    uid: str,
    unit: PositionUnit,
    counter: Counter,
    problems: Problems,
) -> None:
    loc = ("position", "units", uid, "rail")
    trip = unit.rail
    if trip is None or trip.stage is None:
        problems.add(
            loc if trip is not None else loc[:-1],
            f"unit {uid} is off the map: give rail = {{ from = ..., stage = ... }}, the rail"
            " exit it left by and the stage it left in (tannenberg 5.1.8)",
        )
        return
    for name in sorted(trip.model_fields_set & {"to", "mp"}):
        problems.add((*loc, name), f"{name} is not used by the Tannenberg rules")
    exit_hex = _canonical(scenario, trip.from_hex)
    if exit_hex is None or exit_hex not in railways.build_net(scenario).exits:
        problems.add(
            (*loc, "from"), f"{trip.from_hex!r} is not a rail exit on the map edge (5.1.8)"
        )
    elif scenario.board.country.get(exit_hex) not in _nationalities(scenario, counter.side):
        problems.add(
            (*loc, "from"),
            f"{exit_hex} is not a railway of {counter.side}'s own country (tannenberg 5.2.1)",
        )
    elif not _other_exits(scenario, counter.side, exit_hex):
        problems.add(
            (*loc, "from"),
            f"no other track of {counter.side}'s own country reaches the map edge: a train"
            f" that left by {exit_hex} could never come back (tannenberg 5.1.8)",
        )
    if trip.stage > pos.turn:
        problems.add(
            (*loc, "stage"), f"stage {trip.stage} is after the position's stage ({pos.turn})"
        )


def _other_exits(scenario: Scenario, side: str, exit_hex: str) -> list[str]:
    """The rail exits of the side's own country but ``exit_hex`` (5.1.8: the adjacent
    track is among them)."""
    own = _nationalities(scenario, side)
    exits = railways.build_net(scenario).exits
    return [h for h in exits if h != exit_hex and scenario.board.country.get(h) in own]


def _nationalities(scenario: Scenario, side: str) -> list[str]:
    return [n for s in scenario.sides if s.id == side for n in s.nationalities]


def _canonical(scenario: Scenario, label: str) -> str | None:
    try:
        return canonical(scenario.board, label)
    except (KeyError, ValueError):
        return None


def _hex_or_report(
    scenario: Scenario, label: str, loc: tuple[str | int, ...], problems: Problems
) -> str | None:
    found = _canonical(scenario, label)
    if found is None:
        problems.add(loc, f"hex {label} is not on the map")
    return found


def _check_initiative(pos: Position, sides: list[str], problems: Problems) -> None:
    if pos.initiative is not None and pos.initiative not in sides:
        problems.add(("position", "initiative"), f"{pos.initiative!r} is not one of {sides}")
    for side, won in pos.clashes_won.items():
        loc = ("position", "clashes_won", side)
        if side not in sides:
            problems.add(loc, f"{side!r} is not one of {sides}")
        elif _outcome_stage(pos) < 1 and (won.flight or won.retreat_with_losses):
            problems.add(
                loc,
                "the first initiative roll counts no clash: none was fought before stage 1"
                " (tannenberg 10.1.1)",
            )


def _outcome_stage(pos: Position) -> int:
    """The stage whose clashes the next initiative roll counts (10.1.1)."""
    before_roll = _phase_index(pos.phase) <= sequence.PHASES["initiative"]
    return pos.turn - 1 if before_roll else pos.turn


def facing(scenario: Scenario, value: str | int) -> int | None:
    """A trench's facing (12.1.8): a direction name of the map, or 0-5."""
    if isinstance(value, int):
        return value if 0 <= value < 6 else None
    names = hexgrid.DIRECTION_NAMES[scenario.board.orientation]
    upper = value.upper()
    return names.index(upper) if upper in names else None


def _check_trenches(
    scenario: Scenario, pos: Position, sides: list[str], problems: Problems
) -> None:
    board = scenario.board
    names = ", ".join(hexgrid.DIRECTION_NAMES[board.orientation])
    seen: set[str] = set()
    for i, t in enumerate(pos.trenches):
        loc = ("position", "trenches", i)
        here = _hex_or_report(scenario, t.hex, (*loc, "hex"), problems)
        if facing(scenario, t.facing) is None:
            problems.add(
                (*loc, "facing"), f"{t.facing!r}: a facing is one of {names}, or 0-5 (12.1.8)"
            )
        if t.side not in sides:
            problems.add((*loc, "side"), f"{t.side!r} is not one of {sides}")
        if here is None:
            continue
        if here in seen:
            problems.add((*loc, "hex"), f"{here} has one TRENCHES counter already (12.1.5)")
        seen.add(here)
        if here in board.fortifications:
            problems.add((*loc, "hex"), f"{here} is a fortification hex: no trenches (12.1.3)")
        if board.terrain.get(here) == "sea":
            problems.add((*loc, "hex"), f"{here} is sea: no trenches (tannenberg 12.1.3)")


def _check_fortifications(scenario: Scenario, pos: Position, problems: Problems) -> None:
    for label in pos.fortifications:
        loc = ("position", "fortifications", label)
        here = _hex_or_report(scenario, label, loc, problems)
        if here is not None and here not in scenario.board.fortifications:
            problems.add(loc, f"{here} holds no permanent fortification (tannenberg 12.2.1)")


def _mask_side_counts(scenario: Scenario, pos: Position, problems: Problems) -> None:
    counts = Tally(m.side for m in pos.masks)
    for side, n in counts.items():
        have = masks.mask_count(scenario, side) if side in _side_ids(scenario) else 0
        if n > have:
            i = [j for j, m in enumerate(pos.masks) if m.side == side][have]
            problems.add(
                ("position", "masks", i),
                f"{side} has {have} masking counters: {n} cannot be on the map"
                " (tannenberg 16.1.1; special.masking_counters)",
            )


def _side_ids(scenario: Scenario) -> list[str]:
    return [s.id for s in scenario.sides]


def _mask_placements(scenario: Scenario, problems: Problems) -> list[Placed]:
    """The masking counters as pieces on the map (numbered as :func:`mask_ids` does)."""
    pos = scenario.file.position
    if pos is None:
        return []
    out = []
    for i, (mask, m) in enumerate(zip(mask_ids(pos), pos.masks, strict=True)):
        here = _canonical(scenario, m.hex)
        if here is not None and m.side in _side_ids(scenario):
            out.append(Placed(mask, m.side, here, problems, ("position", "masks", i, "hex")))
    return out


def mask_ids(pos: Position) -> list[str]:
    """The masking counter each of the position's masks is: its side's next number."""
    numbers: Tally[str] = Tally()
    out = []
    for m in pos.masks:
        numbers[m.side] += 1
        out.append(masks.mask_id(m.side, numbers[m.side]))
    return out


def _check_masks(
    scenario: Scenario, pos: Position, placed: list[Placed], problems: Problems
) -> None:
    sides = _side_ids(scenario)
    where = {p.uid: p for p in placed}
    hidden: dict[str, int] = {}
    _mask_side_counts(scenario, pos, problems)
    for i, m in enumerate(pos.masks):
        loc = ("position", "masks", i)
        if m.side not in sides:
            problems.add((*loc, "side"), f"{m.side!r} is not one of {sides}")
            continue
        here = _hex_or_report(scenario, m.hex, (*loc, "hex"), problems)
        if here is None:
            continue
        for uid in m.units:
            why = _mask_unit_refusal(scenario, m.side, here, uid, where, hidden, i)
            if why is not None:
                problems.add((*loc, "units"), why)
            hidden.setdefault(uid, i)


def _mask_unit_refusal(
    scenario: Scenario,
    side: str,
    here: str,
    uid: str,
    where: dict[str, Placed],
    hidden: dict[str, int],
    index: int,
) -> str | None:
    counter = scenario.counters.get(uid)
    if counter is None:
        return f"no counter with id {uid!r}"
    if counter.side != side:
        return f"a {side} mask hides only {side} units, not {uid} ({counter.side}) (16.1.2)"
    placed = where.get(uid)
    if placed is None or placed.hex != here:
        at = f"stands in {placed.hex}" if placed else "is not on the map"
        return f"{uid} {at}: a mask hides units in its own hex (tannenberg 16.1.2)"
    if uid in hidden:
        return f"{uid} is under mask {hidden[uid] + 1} already: one mask hides a unit (16.1.2)"
    return None


def _check_rail_state(scenario: Scenario, pos: Position, problems: Problems) -> None:
    net = railways.build_net(scenario)
    for i, label in enumerate(pos.cut_track):
        loc = ("position", "cut_track", i)
        here = _hex_or_report(scenario, label, loc, problems)
        if here is not None and here not in net.track:
            problems.add(loc, f"{here} has no railway to cut (tannenberg 5.4.1)")
    for i, key in enumerate(pos.bridges_destroyed):
        loc = ("position", "bridges_destroyed", i)
        if _bridge_key(scenario, key) not in net.bridges:
            known = ", ".join(net.bridges) or "none"
            problems.add(loc, f"{key!r} is not a Vistula bridge 'a/b' (6.0); bridges: {known}")


def _bridge_key(scenario: Scenario, key: str) -> str | None:
    a, sep, b = key.partition("/")
    ends = (_canonical(scenario, a.strip()), _canonical(scenario, b.strip()))
    if not sep or ends[0] is None or ends[1] is None:
        return None
    return railways.side_key(ends[0], ends[1])


def _check_special(scenario: Scenario, pos: Position, problems: Problems) -> None:
    specs = {s.get("id"): s for s in special_specs(scenario)}
    for i, spec_id in enumerate(pos.special_entered):
        loc = ("position", "special_entered", i)
        spec = specs.get(spec_id)
        if spec is None:
            known = ", ".join(str(k) for k in specs) or "none"
            problems.add(loc, f"{spec_id!r} is no special reinforcement of the scenario ({known})")
            continue
        if pos.special_entered.index(spec_id) != i:
            problems.add(loc, f"{spec_id!r} is listed twice")
        for old, new in sorted((spec.get("replaces") or {}).items()):
            if old in pos.units and pos.units[old].status == "on_map":
                problems.add(
                    loc,
                    f"{spec_id} replaced {old} by {new} (tannenberg 17.3.1): {old} has left the"
                    " game and cannot be on the map",
                )
            if new not in pos.units:
                problems.add(
                    loc,
                    f"{spec_id} replaced {old} by {new} (tannenberg 17.3.1): say where {new}"
                    " is in [position.units]",
                )


def _check_stacking(scenario: Scenario, placed: list[Placed]) -> None:
    """7.1.2 outside the movement phases no hex holds more units than the limit: six of
    one corps, four otherwise; HQs do not count (7.1.3); one supply train (7.1.4)."""
    counted = [p for p in placed if scenario.counters[p.uid].type != "hq"]
    for here, pieces in stacks(counted).items():
        counters = [scenario.counters[p.uid] for p in pieces]
        corps = {c.corps for c in counters}
        same = len(corps) == 1 and "" not in corps
        most = int(constant("stacking_same_corps" if same else "stacking_mixed"))
        trains = sum(1 for c in counters if c.type == "supply_train")
        if len(pieces) > most or trains > int(constant("supply_trains_per_hex")):
            last = pieces[-1]
            last.problems.add(
                last.loc,
                f"{here} holds {len(pieces)} units ({trains} supply trains): at most {most}"
                f" {'of one corps' if same else 'of different corps'} and one supply train"
                " stand in a hex after a movement phase (tannenberg 7.1.2, 7.1.4)",
            )


def _replaced(scenario: Scenario, pos: Position) -> set[str]:
    """Counters an entered special reinforcement replaced (17.3.1): out of the game."""
    specs = {s.get("id"): s for s in special_specs(scenario)}
    return {
        old
        for spec_id in pos.special_entered
        for old in (specs.get(spec_id, {}).get("replaces") or {})
    }


def special_specs(scenario: Scenario) -> list[dict[str, Any]]:
    return list(scenario.file.special.get("reinforcement", []))


def _enemy_garrisons(scenario: Scenario, placed: list[Placed]) -> None:
    """12.3.4 no unit stands in an enemy fortification with its own garrison that is not
    destroyed."""
    board = scenario.board
    pos = scenario.file.position
    state = pos.fortifications if pos is not None else {}
    lost = {_canonical(scenario, h): v for h, v in state.items()}
    for p in placed:
        fort = board.fortifications.get(p.hex)
        if fort is None or not fort.strength or lost.get(p.hex) in ("destroyed", "captured"):
            continue
        if scenario.side_of_nationality(fort.country) not in (None, p.side):
            p.problems.add(
                p.loc,
                f"unit {p.uid} ({p.side}) is set up in {fort.name} ({p.hex}), an enemy"
                " fortification with its own garrison that is not destroyed (tannenberg 12.3.4)",
            )


# --- the state ----------------------------------------------------------------------------


def apply(game: Game, data: dict[str, Any], new_record: Any) -> None:
    """Write the scenario's position into a new game's ``data`` (built from the set-up;
    masks are placed by :func:`place_masks` once the state exists)."""
    pos = game.scenario.file.position
    if pos is None:
        return
    scenario = game.scenario
    board = scenario.board
    data["stage"] = pos.turn
    data["vp"] = pos.vp
    data["control"].update({canonical(board, h): s for h, s in pos.control.items()})
    data["initiative"] = pos.initiative  # 10.1
    data["clash_outcomes"] = _outcomes(pos)  # 10.1.1
    for uid, p in pos.units.items():
        data["units"][uid] = _unit_record(scenario, pos, p, new_record)
    if pos.trenches:
        data[fortified.TRENCHES] = {
            canonical(board, t.hex): _trench(scenario, t.facing, t.side) for t in pos.trenches
        }
    if pos.fortifications:
        data[fortified.FORTIFICATIONS] = _forts(game, pos)
        data["victory"]["captured"] = sorted(
            h
            for h, e in data[fortified.FORTIFICATIONS].items()
            if "captured_by" in e and board.fortifications[h].strength
        )
    if pos.cut_track or pos.bridges_destroyed:
        data["rail"] = {
            "cut": sorted({canonical(board, h) for h in pos.cut_track}),
            "bridges_destroyed": sorted(
                {_bridge_key(scenario, k) or k for k in pos.bridges_destroyed}
            ),
            "bridge_tried": {},
        }
    _special(game, pos, data)


def _outcomes(pos: Position) -> list[dict[str, Any]]:
    stage = _outcome_stage(pos)
    out: list[dict[str, Any]] = []
    for side, won in sorted(pos.clashes_won.items()):
        counts = {
            initiative.FLIGHT: won.flight,
            initiative.RETREAT_WITH_LOSSES: won.retreat_with_losses,
        }
        for kind, count in counts.items():
            out.extend({"stage": stage, "side": side, "kind": kind} for _ in range(count))
    return out


def _last_clash_stage(pos: Position) -> int:
    """The stage of the last clash phase played (this one when at the clash phase)."""
    return pos.turn if pos.phase == "clash" else pos.turn - 1


def _unit_record(
    scenario: Scenario, pos: Position, p: PositionUnit, new_record: Any
) -> dict[str, Any]:
    board = scenario.board
    record: dict[str, Any] = new_record(canonical(board, p.hex) if p.hex else None, p.status)
    record["level"] = p.steps_lost  # 2.3.5 levels lost: 1 is the back side
    record["lost"] = p.endurance_lost  # 2.3.3 the endurance counter beneath it
    markers = {m for m in p.markers if m in STATE_MARKERS}
    if p.rail is not None and p.rail.stage is not None:
        record[railways.JOURNEY] = {
            "from": canonical(board, p.rail.from_hex),
            "stage": p.rail.stage,
        }
        markers.add(railways.ENTRAINED)  # 5.1.8 it travels on its rail transport counter
    record["markers"] = sorted(markers)
    if MOVED in p.markers:
        record[movement.MOVED] = pos.turn
    if BUILT_TRENCH in p.markers:
        record[fortified.TRENCH_NOTE] = pos.turn
    if FOUGHT in p.markers:
        record[combatants.CLASH_NOTE] = _last_clash_stage(pos)
    if FIRED in p.markers:
        record[artillery.FIRED_NOTE] = _last_clash_stage(pos)
    return record


def _trench(scenario: Scenario, value: str | int, side: str) -> dict[str, Any]:
    d = facing(scenario, value)
    assert d is not None  # validated
    return {"facing": d, "edges": fortified.facing_edges(d), "side": side}


def _forts(game: Game, pos: Position) -> dict[str, dict[str, Any]]:
    scenario = game.scenario
    board = scenario.board
    out: dict[str, dict[str, Any]] = {}
    for label, state in pos.fortifications.items():
        here = canonical(board, label)
        entry: dict[str, Any] = {"lost": FORT_LEVELS[state]}
        if state == "captured":  # 12.2.8 by the enemy of its country's side
            owner = scenario.side_of_nationality(board.fortifications[here].country)
            entry["captured_by"] = game.static.enemy[owner]
        out[here] = entry
    return out


def _special(game: Game, pos: Position, data: dict[str, Any]) -> None:
    record = data["special"]
    specs = {s["id"]: s for s in special_specs(game.scenario)}
    for spec_id in pos.special_entered:
        spec = specs[spec_id]
        record["triggered"][spec_id] = pos.turn
        record["entered"].append(spec_id)
        for old in sorted(spec.get("replaces") or {}):
            data["units"][old].update(status=special.REPLACED, hex=None, markers=[])
            record["replaced"].append(old)
        if special.is_hindenburg(spec):
            data["hindenburg_in"] = True  # 10.2.3 two dice for the initiative


def place_masks(st: State) -> None:
    """16.1.2 the position's masks go down over their units (each placed by the role of
    its first unit, or the side's senior role when empty)."""
    pos = st.game.scenario.file.position
    if pos is None or not pos.masks:
        return
    board = st.game.scenario.board
    for i, (mask, m) in enumerate(zip(mask_ids(pos), pos.masks, strict=True)):
        roles = {seats.role_of_unit(st, uid) for uid in m.units}
        if len(roles) > 1:
            _refuse_mixed_mask(st, i, roles)
        role = roles.pop() if roles else seats.senior_role(st.game, m.side)
        masks.put_mask(st, mask, canonical(board, m.hex), list(m.units), role)


def _refuse_mixed_mask(st: State, index: int, roles: set[str]) -> None:
    """With three seats a mask hides the units of one player (seats, 16.1)."""
    path = st.game.scenario.path
    problems = Problems(path, path.read_text(encoding="utf-8"))
    problems.add(
        ("position", "masks", index, "units"),
        f"with three players a mask hides one player's units, not those of {sorted(roles)}"
        " (tannenberg 1.0, 16.1.2)",
    )
    raise ScenarioError(problems.items)
