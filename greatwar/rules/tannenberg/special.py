"""17.3 Special reinforcements and 18.0 supplementary rules.

Both are data-driven: the scenario's ``[special]`` tables say which counters
and regions each rule concerns (the formats are documented in the teaching
scenario's file for 17.3, and below for 18.1); this module is the behaviour.

17.3 ``[[special.reinforcement]]``: a trigger (a lead on the victory point
index, 17.3.1-17.3.2, or units of a side in a region after a stage, 17.3.3),
a delay, counters that replace others (Hindenburg for v. Prittwitz, 17.3.1)
and counters that enter (scheduled on the reinforcements track, :mod:`arrivals`), and the
points scored when they enter (19.3).

18.1 supplementary rules, each switched by the game option of its name
(``guards_held``, ``artamonov_replaced``, ``pappritz_stays``) and given its
counters by the scenario::

    [special.guards_held]            # 18.1.1
    units = ["R-1-3G", "R-2-3G"]     # may not move until released
    release_rolls = [1]              # the Russian roll at the start of each movement phase
    country = "russia"               # any enemy piece in this country releases them
    [special.artamonov_replaced]     # 18.1.2
    side = "russian"
    corps = "I"                      # the corps whose lost levels count
    levels = 3
    replaces = { "R-HQ-I" = "R-HQ-I-Sirelius" }
    [special.pappritz_stays]         # 18.1.3
    units = ["G-HQ-Pappritz"]        # may never leave their hex

Readings where the rules are silent:

* A lead (17.3.1-17.3.2) is noticed whenever the index changes; it calls each
  special reinforcement once.  A replacement with delay 0 (Hindenburg) is made
  at the end of the stage, just before the next orders phase (17.3.1); units
  with a delay of N stages are due N stages after the stage in which the lead
  was gained (17.3.2 "9 stages after the moment"), and at least the next stage.
* A region trigger "after stage S" (17.3.3) is checked at the end of every
  stage after stage S; the units are due ``delay`` stages later.
* The points of a special reinforcement (19.3) are scored when the first of
  its counters is on the map: at once for a replacement, at the end of the
  movement phases or of the stage for units that enter.
* The new counter of a replacement takes the old one's place as it stands:
  hex, status, endurance, markers and notes (a MARCH or STOP order, an
  eliminated HQ's return); the old counter leaves the game (status
  ``replaced``), scoring nothing.
* 18.1.1: the Russian roll is made at the start of each movement phase (both
  phases 5 and 6: "each movement phase") while the division is held and any of
  its units is still in the game; the movement phase calls
  :func:`movement_phase_started`.  Any piece of the enemy (a masking counter
  too, as the rule says) in the country releases them, for good.
* 18.1.2: the lost levels of the corps are counted as they stand (a unit's
  level, all its levels once it is eliminated), at every loss of a level or
  elimination; once replaced, the commander stays replaced.
* 18.1.3: the held HQ may not move by any means its owner chooses (movement,
  rail); forced moves (13.1.5 displacement) are the command module's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import arrivals, command, initiative, masks, special_data, victory
from greatwar.rules.tannenberg import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

REPLACED = "replaced"
CASE_HINDENBURG = "tannenberg 17.3.1"
CASE_GUARDS = "tannenberg 18.1.1"
CASE_ARTAMONOV = "tannenberg 18.1.2"
CASE_PAPPRITZ = "tannenberg 18.1.3"


def initial_data(game: Game) -> dict[str, Any]:
    """The record kept in ``state.data["special"]``."""
    return {"triggered": {}, "entered": [], "guards_free": False, "replaced": []}


def _record(st: State) -> dict[str, Any]:
    return st.data["special"]  # type: ignore[no-any-return]


def reinforcements(st: State) -> list[dict[str, Any]]:
    """The scenario's special reinforcements (17.3)."""
    return st.game.scenario.file.special.get("reinforcement", [])  # type: ignore[no-any-return]


def supplementary(st: State, option: str) -> dict[str, Any] | None:
    """The scenario's data for an 18.1 rule, or None when the option is off or the
    scenario gives no data for it."""
    if not st.game.options.get(option):
        return None
    return st.game.scenario.file.special.get(option)


# --- 17.3 triggers -------------------------------------------------------------------


def index_changed(st: State) -> None:
    """17.3.1-17.3.2 a lead on the victory point index calls special reinforcements."""
    vp = st.data["vp"]
    index = victory.index_side(st)
    for spec in reinforcements(st):
        trigger = spec.get("trigger", {})
        if "lead" not in trigger or spec["id"] in _record(st)["triggered"]:
            continue
        lead = vp if trigger["lead"] == index else -vp
        if lead >= int(trigger["points"]):
            why = f"the {victory.side_name(st, trigger['lead'])} lead by {lead} victory points"
            _trigger(st, spec, why)


def _region_triggers(st: State) -> None:
    """17.3.3 units of a side in a region after a stage call special reinforcements."""
    stage = st.data["stage"]
    for spec in reinforcements(st):
        trigger = spec.get("trigger", {})
        if "region" not in trigger or spec["id"] in _record(st)["triggered"]:
            continue
        if stage <= int(trigger.get("after_stage", 0)):
            continue
        hexes = st.game.scenario.board.regions.get(trigger["region"], frozenset())
        count = victory.units_in(st, trigger["side"], hexes, trigger.get("types") or None)
        if count >= int(trigger.get("count", 1)):
            side = victory.side_name(st, trigger["side"])
            place = trigger["region"].replace("_", " ")  # a region's name may be an id
            _trigger(st, spec, f"{count} unit{'s' if count != 1 else ''} of the {side} in {place}")


def _trigger(st: State, spec: dict[str, Any], why: str) -> None:
    stage = st.data["stage"]
    delay = int(spec.get("delay", 0))
    _record(st)["triggered"][spec["id"]] = stage
    case = spec.get("case", "tannenberg 17.3")
    units = list(spec.get("units", []))
    if units:
        due = stage + max(1, delay)
        _schedule(st, spec, units, due)
        names = ", ".join(U.info(st, uid).name for uid in units)
        st.log(f"Special reinforcements ({why}): {names} are due on stage {due}.", case=case)
    if spec.get("replaces"):
        st.log(f"Special reinforcement ({why}): a new commander takes over.", case=case)


def _schedule(st: State, spec: dict[str, Any], units: list[str], stage: int) -> None:
    """17.3.2-17.3.3 the units arrive by rail over the side's own railway lines (from one
    map edge, or any), on the reinforcements track."""
    entry = spec.get("entry", {})
    arrivals.schedule(st, units, stage, bool(entry.get("rail", False)), edge=entry.get("edge"))


def _replacements_due(st: State) -> None:
    """17.3.1 a triggered replacement is made before the next orders phase."""
    for spec in reinforcements(st):
        if spec["id"] not in _record(st)["triggered"] or spec["id"] in _record(st)["entered"]:
            continue
        replaces = spec.get("replaces") or {}
        if not replaces:
            continue
        for old, new in sorted(replaces.items()):
            replace_counter(st, old, new, spec.get("case", CASE_HINDENBURG))
        if is_hindenburg(spec):
            initiative.mark_hindenburg_in(st)  # 10.2.3 two dice for the initiative
        _entered(st, spec)


def is_hindenburg(spec: dict[str, Any]) -> bool:
    """17.3.1's reinforcement: the scenario's entry with that case (or id "hindenburg")."""
    return spec.get("case") == CASE_HINDENBURG or spec.get("id") == "hindenburg"


def check_entries(st: State) -> None:
    """19.3 points for special reinforcements once the first of their units is on the map."""
    for spec in reinforcements(st):
        if spec["id"] in _record(st)["entered"] or not spec.get("units"):
            continue
        if any(U.record(st, uid)["status"] == "on_map" for uid in spec["units"]):
            _entered(st, spec)


def _entered(st: State, spec: dict[str, Any]) -> None:
    _record(st)["entered"].append(spec["id"])
    case = spec.get("case", "tannenberg 17.3")
    for side, points in sorted((spec.get("vp") or {}).items()):
        victory.award(st, side, int(points), f"special reinforcement {spec['id']} enters", case)


def entered(st: State, spec_id: str) -> bool:
    """Whether the special reinforcement ``spec_id`` (e.g. "hindenburg") has entered."""
    return spec_id in _record(st)["entered"]


def hindenburg_in(st: State) -> bool:
    """10.2.3 Hindenburg has entered the game (the Germans roll two dice for the initiative)."""
    return initiative.hindenburg_in(st)


def replace_counter(st: State, old: str, new: str, case: str) -> None:
    """A new counter takes the old one's place as it stands; the old one leaves the game."""
    before = dict(U.record(st, old))
    after = U.record(st, new)
    for key, value in before.items():
        if key not in ("hex", "status"):
            after[key] = list(value) if isinstance(value, list) else value
    if before["status"] == "on_map":
        U.place(st, new, before["hex"])
    else:
        U.set_status(st, new, before["status"])
    U.set_status(st, old, REPLACED)
    U.record(st, old)["markers"] = []
    _record(st)["replaced"].append(old)
    if U.info(st, old).hq:
        command.hq_replaced(st, old, new)  # 13.2.5 its units of no corps follow the new HQ
    where = f" in {before['hex']}" if before["hex"] else ""
    st.log(f"{U.info(st, new).name} replaces {U.info(st, old).name}{where}.", case=case)


# --- the end of a stage ----------------------------------------------------------------


def end_of_stage(st: State) -> None:
    """17.3 region triggers and replacements due; 18.1 checks."""
    _region_triggers(st)
    _replacements_due(st)
    _check_corps_losses(st)
    _check_border(st)


def hexes_entered(st: State, side: str, hexes: list[str]) -> None:
    """Pieces of ``side`` entered these hexes (18.1.1: the border)."""
    data = supplementary(st, "guards_held")
    if data is None or _record(st)["guards_free"]:
        return
    country = data.get("country", "")
    board = st.game.scenario.board
    held_side = U.info(st, data["units"][0]).side if data.get("units") else None
    if side != held_side and any(board.country.get(h) == country for h in hexes):
        _release_guards(st, "an enemy piece has crossed the border")


# --- 18.1.1 the Guards held ------------------------------------------------------------


def _border_crossed(st: State, data: dict[str, Any]) -> bool:
    """Whether an enemy piece stands in the held units' country now."""
    units = data.get("units") or []
    if not units:
        return False
    enemy = U.enemy_of(st, U.info(st, units[0]).side)
    country = data.get("country", "")
    board = st.game.scenario.board

    def build(s: State) -> bool:
        return any(
            board.country.get(U.record(s, uid)["hex"]) == country for uid in U.on_map(s, enemy)
        )

    return U.cached(st, "tannenberg-border-crossed", build, side=enemy)  # type: ignore[no-any-return]


def _check_border(st: State) -> None:
    data = supplementary(st, "guards_held")
    if data is not None and not _record(st)["guards_free"] and _border_crossed(st, data):
        _release_guards(st, "an enemy piece has crossed the border")


def _release_guards(st: State, why: str) -> None:
    _record(st)["guards_free"] = True
    st.log(f"The held division may move from now on: {why}.", case=CASE_GUARDS)


def guards_held(st: State) -> bool:
    """18.1.1 the division is still held."""
    data = supplementary(st, "guards_held")
    if data is None or _record(st)["guards_free"]:
        return False
    return not _border_crossed(st, data)


def movement_phase_started(st: State, side: str | None = None) -> None:
    """18.1.1 at the start of each movement phase the Russian player rolls: the release
    roll frees the division."""
    data = supplementary(st, "guards_held")
    if data is None or not guards_held(st):
        return
    units = data.get("units") or []
    if all(U.record(st, uid)["status"] in ("eliminated", REPLACED) for uid in units):
        return
    rolls = [int(r) for r in data.get("release_rolls", [1])]
    value = st.roll("release of the held division", case=CASE_GUARDS)
    if value in rolls:
        _release_guards(st, f"the roll was {value}")
    else:
        st.log("The held division stays where it is.", case=CASE_GUARDS)


# --- 18.1.2 Artamonov replaced ----------------------------------------------------------


def corps_levels_lost(st: State, side: str, corps: str) -> int:
    """The combat-efficiency levels the corps' units have lost (an eliminated unit all
    of its levels)."""
    total = 0
    for uid, ui in U.static(st).units.items():
        if ui.side != side or ui.corps != corps or not ui.level_count:
            continue
        rec = U.record(st, uid)
        total += ui.level_count if rec["status"] == "eliminated" else rec["level"]
    return total


def _check_corps_losses(st: State) -> None:
    data = supplementary(st, "artamonov_replaced")
    if data is None:
        return
    replaces = data.get("replaces") or {}
    todo = [
        (old, new) for old, new in sorted(replaces.items()) if old not in _record(st)["replaced"]
    ]
    if not todo:
        return
    lost = corps_levels_lost(st, data["side"], data["corps"])
    if lost < int(data.get("levels", 3)):
        return
    st.log(f"Corps {data['corps']} has lost {lost} combat-efficiency levels.", case=CASE_ARTAMONOV)
    for old, new in todo:
        replace_counter(st, old, new, CASE_ARTAMONOV)


def level_lost(st: State, uid: str) -> None:
    """A unit dropped to a lower level (2.3.5): 18.1.2 checks its corps."""
    _check_corps_losses(st)


def unit_eliminated(st: State, uid: str) -> None:
    """A unit was eliminated (2.3.6): 18.1.2 checks its corps."""
    _check_corps_losses(st)


# --- who may move ------------------------------------------------------------------------


def why_held(st: State, uid: str) -> tuple[str, str] | None:
    """Why the unit may not move now under 18.1 (reason, case), or None."""
    guards = supplementary(st, "guards_held")
    if guards is not None and uid in (guards.get("units") or []) and guards_held(st):
        return f"{U.info(st, uid).name} is held until released", CASE_GUARDS
    pappritz = supplementary(st, "pappritz_stays")
    if pappritz is not None and uid in (pappritz.get("units") or []):
        return f"{U.info(st, uid).name} may not leave its hex", CASE_PAPPRITZ
    return None


def why_held_piece(st: State, uid: str) -> tuple[str, str] | None:
    """Why a piece may not move under 18.1: a unit held, or a mask hiding one."""
    if masks.is_mask(st, uid):
        held = (why_held(st, u) for u in masks.contents(st, uid))
        return next((why for why in held if why is not None), None)
    return why_held(st, uid)


def may_move(st: State, uid: str) -> bool:
    """18.1.1, 18.1.3: whether the unit may move (by movement or rail) now."""
    return why_held(st, uid) is None


# --- validation --------------------------------------------------------------------------


def validate(scenario: Scenario, problems: Problems) -> None:
    """Problems of the scenario's ``[special]`` data: its tables' shape and sides
    (:mod:`.special_data`), then the counters and regions they name."""
    if special_data.check(scenario, problems) is None:
        return  # malformed (reported): what it names is not checked
    special = scenario.file.special
    counters = scenario.counters
    regions = scenario.board.regions

    def unit(uid: Any, where: tuple[Any, ...]) -> None:
        if uid not in counters:
            problems.add(("special", *where), f"no counter {uid!r}")

    def region(name: Any, where: tuple[Any, ...]) -> None:
        if name not in regions:
            problems.add(("special", *where), f"no region {name!r} on the map")

    for i, spec in enumerate(special.get("reinforcement", [])):
        for uid in spec.get("units", []):
            unit(uid, ("reinforcement", i, "units"))
        for old, new in (spec.get("replaces") or {}).items():
            unit(old, ("reinforcement", i, "replaces"))
            unit(new, ("reinforcement", i, "replaces"))
        if "region" in spec.get("trigger", {}):
            region(spec["trigger"]["region"], ("reinforcement", i, "trigger"))
    for i, condition in enumerate(special.get("automatic_victory", [])):
        for j, clause in enumerate(condition.get("clauses", [])):
            region(clause.get("region"), ("automatic_victory", i, "clauses", j))
    for option in ("guards_held", "pappritz_stays"):
        for uid in (special.get(option) or {}).get("units", []):
            unit(uid, (option, "units"))
    for old, new in ((special.get("artamonov_replaced") or {}).get("replaces") or {}).items():
        unit(old, ("artamonov_replaced", "replaces"))
        unit(new, ("artamonov_replaced", "replaces"))


U.follow_up("level_lost", "special", level_lost)  # 18.1.2
U.follow_up("eliminated", "special", unit_eliminated)  # 18.1.2
