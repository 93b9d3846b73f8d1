"""17.0 Set-up and reinforcements.

17.1 The set-up is the scenario's: every counter with a ``setup`` hex starts
there (:mod:`greatwar.rules.tannenberg.system`).  17.2 Reinforcements are
the counters with an ``arrive`` (stage and entry hex, 17.2.1); the special
reinforcements of 17.3 are scheduled during play by the module of special
rules (:func:`schedule`).

In its own movement phase a player brings on, at any moment (17.2.2), each
reinforcement due, one action a unit (the movement phase, :mod:`movement_phase`,
offers :func:`actions` and calls :func:`apply` for every type in
:data:`ACTION_TYPES`):

* ``enter`` at its entry hex, where it begins its movement; several units
  entering at one hex form a stack (17.2.3).  Where the entry hex lies on a
  railway of its own country it arrives loaded and begins by rail (17.2.4),
  except at the scenario's on-foot entry hexes (``special.foot_entry_hexes``,
  the historical A24 B20); it is not counted against the rail limit until it
  unloads (5.2.2);
* ``delay_entry`` (17.2.5, 5.1.8): a unit arriving by rail may instead come
  one stage later by the nearest adjacent track.

Arriving corps HQs hold a MARCH order (17.2.6) and arriving units are
commanded that stage (17.2.7): :func:`arrived_this_stage` tells the command
module.  A reinforcement may not enter a hex in an enemy control zone
(17.2.8); one whose every entry hex is so barred at the end of its side's
movement phase arrives a stage later, from any map-edge hex within 3 hexes of
its entry hex, or by rail along the adjacent track (:func:`end_movement_phase`).

Choices made where the rules are silent (each also where it is coded):

* Entering costs nothing: the entry hex is where the unit "begins its
  movement" (17.2.1); it then has its whole allowance (or 60 rail points).
  The entry hex is not "passed through" by rail (5.2.3).
* A reinforcement due that the player does not bring on although it could
  enter stays due: it may enter in a later movement phase (the rules never
  make a side lose units by waiting).
* 17.2.8 "hex adjacent to the map edge" is a hex on the map edge (with fewer
  than six neighbours); the original entry hex is among those within 3 hexes
  and may be used again if free.  Enemy units bar an entry hex like their
  zones (4.2.1).  A friendly unit in the entry hex neutralises the enemy zone
  there (8.1.4).
* 17.2.5 "the nearest adjacent hex ... through which a railway line runs":
  the adjacent rail exits of the side's own country along the map edge
  (:func:`railways.adjacent_exits`), the nearest of them; a unit is delayed so
  only once, from its scheduled entry.
* A unit arriving by rail at a hex whose track is cut (5.4) cannot enter
  there; if every entry hex it has is so closed at the end of the phase it is
  treated as barred (17.2.8).
* By rail or on foot is the rule's (17.2.4: the map's railways and the foot
  entry hexes), not the counter's ``arrive.entrained`` flag; a counter flagged
  entrained where no railway of its own brings it is a data error
  (:func:`validate`).
* The reinforcement track is public: both sides see what arrives when.
* 17.2.8 for a unit arriving by rail where no adjacent track of its own
  country reaches the map edge: it comes on foot by the map-edge hexes within
  3 hexes, as a reinforcement not by rail would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame
from greatwar.model.board import canonical, check_hex
from greatwar.rules.tannenberg import command, entering, rail, railways, seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.arrivals import (  # noqa: F401  (the track: re-exported)
    ARRIVAL,
    arrival,
    by_rail_at,
    due,
    entry_hex,
    on_foot_entries,
    rail_exits,
    schedule,
)
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems

ACTION_TYPES: frozenset[str] = frozenset({"enter", "delay_entry"})

Why = tuple[str, str]


def _case(n: str) -> str:
    return f"tannenberg {n}"


# --- the schedule ---------------------------------------------------------------------------


def validate(scenario: Scenario, problems: Problems) -> None:
    """17.2.4 data: ``special.foot_entry_hexes`` are hexes of the map; a counter said to
    arrive ``entrained`` enters where a railway of its own country runs (and not at a
    foot entry hex), since there the rule, not the flag, decides."""
    board = scenario.board
    listed = scenario.file.special.get("foot_entry_hexes", [])
    if not isinstance(listed, list):
        problems.add(("special", "foot_entry_hexes"), 'a list of hexes, e.g. ["A24 B20"]')
        return
    foot = set()
    for i, label in enumerate(listed):
        if check_hex(board, str(label), ("special", "foot_entry_hexes", i), problems):
            foot.add(canonical(board, str(label)))
    rail_hexes = {h for line in board.rails for h in line.hexes}
    for uid, c in scenario.counters.items():
        if c.arrive is None or not c.arrive.entrained:
            continue
        entry = c.arrive.entry
        try:
            where = board.entries[entry].hex if entry in board.entries else canonical(board, entry)
        except (KeyError, ValueError):
            continue  # the loader reports a bad entry hex
        countries = next((s.nationalities for s in scenario.sides if s.id == c.side), [])
        if where not in rail_hexes or board.country.get(where) not in countries or where in foot:
            problems.add(
                ("counter", uid, "arrive", "entrained"),
                f"counter {uid} arrives entrained at {where}, where no railway of its own"
                " country brings reinforcements (tannenberg 17.2.4)",
            )


def arrived_this_stage(st: State, uid: str) -> bool:
    """17.2.7 the unit came onto the map this stage: it is commanded (and a corps HQ holds
    MARCH, 17.2.6); the command module keeps the mark."""
    return U.has_marker(st, uid, command.ARRIVED)


# --- entering -------------------------------------------------------------------------------


def entry_free(st: State, side: str, hex_label: str, by_rail: bool) -> bool:
    """17.2.8 no enemy control zone (nor enemy unit, 4.2.1); by rail, own track not cut."""
    if by_rail and not railways.own_rail_hex(st, side, hex_label):
        return False
    return rail.entry_free(st, side, hex_label)


def entry_hexes(st: State, uid: str) -> list[str]:
    """Hexes the unit may enter at now."""
    when = arrival(st, uid)
    if when is None:
        return []
    side = U.info(st, uid).side
    return [h for h in when["entries"] if entry_free(st, side, h, when["rail"])]


def why_not_enter(st: State, uid: str, hex_label: Any) -> Why | None:
    ui = U.info(st, uid)
    when = arrival(st, uid)
    if U.record(st, uid)["status"] != "pending" or when is None:
        return f"{ui.name} is not a reinforcement waiting to arrive", _case("17.2.1")
    if when["stage"] > st.data["stage"]:
        return f"{ui.name} arrives in stage {when['stage']}", _case(when["case"])
    if hex_label not in when["entries"]:
        return f"{ui.name} enters at {', '.join(when['entries'])}", _case(when["case"])
    if not entry_free(st, ui.side, hex_label, when["rail"]):
        return (
            f"{hex_label} is held by the enemy or in his control zone"
            + (", or its track is cut" if when["rail"] else ""),
            _case("17.2.8"),
        )
    return None


def _enter(st: State, uid: str, hex_label: str) -> None:
    when = arrival(st, uid)
    assert when is not None
    ui = U.info(st, uid)
    if when["rail"]:
        how, case = "by rail, loaded; not counted against the rail limit until it unloads", "17.2.4"
    else:
        how, case = "and begins its movement there", "17.2.2"
    if when["case"] in ("17.2.5", "17.2.8", "17.3"):
        case = when["case"]
    if ui.hq_level == "corps":
        how += "; as a corps HQ arriving it holds a MARCH order (17.2.6)"
    _log(st, uid, f"{ui.name} arrives at {hex_label} {how}", case)
    U.set_note(st, uid, ARRIVAL, None)
    command.reinforcement_arrived(st, uid)  # 17.2.6, 17.2.7
    if when["rail"]:
        rail.arrive_by_rail(st, uid, hex_label)
    else:
        U.place(st, uid, hex_label)
        entering.entered(st, uid, hex_label)


def _log(st: State, uid: str, text: str, case: str) -> None:
    st.log(f"{text}.", case=_case(case))


# --- delays (17.2.5, 17.2.8) ------------------------------------------------------------------


def delay_hexes(st: State, uid: str) -> list[str]:
    """17.2.5 the nearest adjacent track a unit arriving by rail may come by a stage late."""
    when = arrival(st, uid)
    if when is None or not when["rail"] or when["case"] != "17.2.1":
        return []
    side = U.info(st, uid).side
    origin = when["entries"][0]
    board = U.static(st).scenario.board
    ways = railways.adjacent_exits(st, side, origin)
    if not ways:
        return []
    best = min(board.distance(origin, h) for h in ways)
    return [h for h in ways if board.distance(origin, h) == best]


def why_not_delay(st: State, uid: str, hex_label: Any) -> Why | None:
    ui = U.info(st, uid)
    when = arrival(st, uid)
    if U.record(st, uid)["status"] != "pending" or when is None:
        return f"{ui.name} is not a reinforcement waiting to arrive", _case("17.2.1")
    if when["stage"] > st.data["stage"]:
        return f"{ui.name} arrives in stage {when['stage']}", _case(when["case"])
    if not when["rail"]:
        return f"{ui.name} does not arrive by rail", _case("17.2.5")
    ways = delay_hexes(st, uid)
    if hex_label not in ways:
        if when["case"] != "17.2.1":
            return f"{ui.name} has already been delayed", _case("17.2.5")
        return f"the nearest adjacent track is at {', '.join(ways) or 'no hex'}", _case("17.2.5")
    return None


def _delay(st: State, uid: str, hex_label: str) -> None:
    stage = st.data["stage"] + 1
    U.set_note(
        st, uid, ARRIVAL, {"stage": stage, "entries": [hex_label], "rail": True, "case": "17.2.5"}
    )
    name = U.info(st, uid).name
    _log(
        st, uid, f"{name} is delayed: it arrives by rail at {hex_label} in stage {stage}", "17.2.5"
    )


def alternative_entries(st: State, uid: str) -> tuple[list[str], bool]:
    """17.2.8 where a unit barred from its entry hex arrives a stage later, and whether by
    rail: by rail the adjacent track; otherwise (or where no adjacent track of its own
    country reaches the edge) any map-edge hex within 3 hexes of the entry hex, on foot."""
    when = arrival(st, uid)
    if when is None:
        return [], False
    side = U.info(st, uid).side
    origin = when.get("origin") or when["entries"][0]
    if when["rail"]:
        ways = railways.adjacent_exits(st, side, origin)
        if ways:
            return ways, True
    scenario = U.static(st).scenario
    board = scenario.board
    reach = int(constant("reinforcement_blocked_shift_hexes"))
    out = []
    for h in board.within(origin, reach):
        terrain = scenario.terrain.terrain.get(board.terrain.get(h, ""))
        if board.is_edge(h) and terrain is not None and terrain.move != "prohibited":
            out.append(h)
    return sorted(out), False


def end_movement_phase(st: State, side: str) -> None:
    """17.2.8 at the end of the side's movement phase, reinforcements due whose every entry
    hex is barred (enemy zone or unit) arrive one stage later by the alternatives."""
    for uid in due(st, side):
        if entry_hexes(st, uid):
            continue
        when = arrival(st, uid)
        assert when is not None
        if not when["entries"] and not when.get("origin"):
            continue  # it has no hex to enter by on this map (said when it was scheduled)
        origin = when.get("origin") or when["entries"][0]
        hexes, by_rail = alternative_entries(st, uid)
        stage = st.data["stage"] + 1
        U.set_note(
            st,
            uid,
            ARRIVAL,
            {
                "stage": stage,
                "entries": hexes,
                "rail": by_rail,
                "case": "17.2.8",
                "origin": origin,
            },
        )
        name = U.info(st, uid).name
        _log(
            st,
            uid,
            f"{name} cannot enter at {', '.join(when['entries'])} (enemy control zone): it"
            f" arrives in stage {stage} at {', '.join(hexes) or 'no free hex'}",
            "17.2.8",
        )


# --- the hooks the movement phase calls ---------------------------------------------------


def actions(st: State, frame: Frame, role: str) -> list[Action]:
    """Reinforcement actions open to ``role`` in its movement phase."""
    side = str(frame["side"])
    if seats.side_of_role(role) != side:
        return []
    out: list[Action] = []
    for uid in due(st, side):
        if seats.role_of_unit(st, uid) != role:
            continue
        for h in entry_hexes(st, uid):
            out.append({"type": "enter", "unit": uid, "hex": h})
        for h in delay_hexes(st, uid):
            out.append({"type": "delay_entry", "unit": uid, "hex": h})
    return out


def apply(st: State, frame: Frame, action: Action, role: str | None = None) -> None:
    """Carry out a reinforcement action (already found legal)."""
    if action["type"] == "enter":
        _enter(st, action["unit"], action["hex"])
    else:
        _delay(st, action["unit"], action["hex"])


def explain(st: State, frame: Frame, role: str, action: Action) -> Why:
    """Why a reinforcement action is refused, with the case that forbids it."""
    side = str(frame["side"])
    uid = action.get("unit")
    if seats.side_of_role(role) != side:
        return "reinforcements enter in their own movement phase", _case("17.2.2")
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", _case("17.2")
    ui = U.info(st, uid)
    if ui.side != side or seats.role_of_unit(st, uid) != role:
        return f"{ui.name} is not yours", _case("17.2.2")
    if action.get("type") == "enter":
        why = why_not_enter(st, uid, action.get("hex"))
    else:
        why = why_not_delay(st, uid, action.get("hex"))
    return why or (f"the {action.get('type')} action's fields differ", _case("17.2"))


def view(st: State, role: str) -> dict[str, Any]:
    """The reinforcements track (17.2.1): what arrives when and where (both sides)."""
    track = []
    for uid in U.static(st).units:
        if U.record(st, uid)["status"] != "pending":
            continue
        when = arrival(st, uid)
        if when is not None:
            track.append(
                {
                    "unit": uid,
                    "stage": when["stage"],
                    "entries": list(when["entries"]),
                    "rail": when["rail"],
                }
            )
    return {"reinforcements": track}
