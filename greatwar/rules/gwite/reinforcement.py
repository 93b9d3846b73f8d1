"""14.0 Reinforcements (14.1 arrival, 14.2 restrictions).

In the Reinforcement Segment the phasing player brings on each unit due this
turn (or withheld earlier) at its lettered entry hex at no movement cost
(14.11), stacked if several arrive together (14.13), or withholds it to a
later turn (14.24).  An entry hex held or controlled by the enemy may not be
used (14.21).  Units designated as arriving entrained are placed entrained
when they enter on a rail line, at no cost (14.12); whether they count
against Rail Capacity on their turn of arrival is the scenario's
``rail_capacity_counts_reinforcements``.

When the scheduled entry hex is Enemy-occupied or Enemy-controlled (14.22)
the player may ``delay`` the unit to the alternative hex: it enters there in
a later Reinforcement Segment (the next Game-Turn at the earliest), or still
at its scheduled hex if that is free again.  An entrained reinforcement so
blocked may instead travel ``off_map`` by rail (14.23) when an off-map link
of the map ends at its entry hex: it then moves like any unit off the map
(5.37, 5.38).

Choices made where the rules are silent:

* The alternative hex (14.22) is chosen when the unit is delayed, from the
  position then, and kept: the player knows where it will arrive.  Among the
  map-edge hexes where a reinforcement could enter now (14.21), it is the
  nearest to the scheduled hex of those nearer than it to the nearest
  Friendly unit ("in the direction of"); with no Friendly unit on the map, or
  none such, the nearest of all.  Hexes equally near are all offered: the
  player chooses.
* An entry letter may name several hexes (an area, as Hindenburg 14.1's
  "area of entrance"): the unit enters by any of them that is free, and its
  entry counts as blocked by the Enemy (14.22, 14.23) only when every one of
  them is; its alternative hex is the nearest to any of them.
* A delayed unit may also enter at its scheduled hex on a later turn when
  that hex is free, and may be withheld (14.24); if its alternative hex is
  blocked in turn, it may be delayed again.
* A reinforcement is placed entrained only when it enters on a rail hex
  (14.12 "when they enter the map on a rail line"); entering costs no Rail
  Capacity by itself: a unit counts when it moves by rail or remains
  entrained at the end of the Movement Segment (5.31), so one that detrains
  at once does not count (Brusilov 18.23 "employing rail movement").
* A reinforcement that travels off the map (14.23) is exempt from Rail
  Capacity on its turn of arrival exactly as one arriving entrained on the
  map, and needs the capacity when it counts (it cannot detrain off the map).
* A reinforcement the scenario gives no hex to enter by (its entry not yet
  entered, '?': ``greatwar validate`` lists it) cannot arrive: it is not due,
  stays pending, and the log says why at each Reinforcement Segment it waits
  (docs/readings.md, Movement).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.model.board import ANY_ENTRY, UNKNOWN
from greatwar.model.board import entry_hexes as entry_hexes_of
from greatwar.rules.gwite import rail, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.movement_extension import blocked_hexes
from greatwar.rules.gwite.names import side_name
from greatwar.rules.gwite.static import terrain_table

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.problems import Problems
    from greatwar.model.schema import Counter

#: unit record field of a delayed reinforcement: {"hex": alternative hex, "turn": earliest}
ALTERNATIVE = "alternative_entry"


def printed_entry_hexes(st: State, uid: str) -> list[str]:
    """14.11 the hexes of the unit's printed arrival: the hex of its lettered entry, or
    every hex of an entry that names several (an area: any of them will do), or the
    hex its arrival names; none while its entry is not yet entered ('?': :func:`no_entry`)."""
    return entry_hexes_of(U.static(st).scenario.board, U.info(st, uid).arrive_entry)


def scheduled_hexes(st: State, uid: str) -> list[str]:
    """14.11 where the unit is scheduled to enter (the game's
    :meth:`ReinforcementRules.reinforcement_entry_hexes`; Brusilov 20.12 widens it)."""
    return U.rules(st).reinforcement_entry_hexes(st, uid)  # type: ignore[no-any-return]


def entry_hex(st: State, uid: str) -> str:
    """The scheduled entry hex (the first, for an entry of several hexes)."""
    return scheduled_hexes(st, uid)[0]


def _scheduled_text(st: State, uid: str) -> str:
    hexes = scheduled_hexes(st, uid)
    return hexes[0] if len(hexes) == 1 else f"{', '.join(hexes[:-1])} or {hexes[-1]}"


def _arriving(st: State, side: str) -> list[str]:
    """Reinforcements of ``side`` whose Game-Turn of arrival has come (scheduled now or
    withheld), whether or not the scenario gives them a hex to enter by."""
    turn = st.data["turn"]
    rules = U.rules(st)
    out = []
    for uid, u in st.data["units"].items():
        ui = U.info(st, uid)
        if (
            ui.side == side
            and u["status"] == "pending"
            and (rules.arrival_turn(st, uid) or 0) <= turn
            and rules.arrives_by_schedule(st, uid)
        ):
            out.append(uid)
    return sorted(out)


def due(st: State, side: str) -> list[str]:
    """Reinforcements of ``side`` that may arrive this turn (scheduled now or withheld):
    not those the scenario gives no hex to enter by (:func:`no_entry`)."""
    return [uid for uid in _arriving(st, side) if no_entry(st, uid) is None]


def no_entry(st: State, uid: str) -> tuple[str, str] | None:
    """Why the unit cannot arrive at all, or None: 14.11 it arrives at its printed entry,
    and the scenario gives it no hex to enter by: its entry is not yet entered ('?',
    ``greatwar validate`` lists it as lacking), or (Brusilov 20.12, Caporetto 14.4) the
    map has none of the entry hexes its game's rules let it use.  It waits, pending,
    until the scenario's data gives one (docs/readings.md, Movement)."""
    if scheduled_hexes(st, uid) or U.record(st, uid).get(ALTERNATIVE) is not None:
        return None
    ui = U.info(st, uid)
    if ui.arrive_entry == UNKNOWN:
        what = "its entry hex is not yet entered in the scenario's data ('?')"
    else:
        what = "the scenario's map has no entry hex it may use yet"
    return (
        f"{ui.name} cannot arrive: {what}; it stays off the map until the scenario gives"
        " one (greatwar validate lists what the scenario lacks)",
        U.rules(st).reinforcement_entry_case(st, uid),
    )


def entry_blocked(st: State, side: str, hex_label: str) -> str | None:
    """Why a reinforcement may not enter at ``hex_label`` (14.21), or None."""
    occupant = U.hex_side(st).get(hex_label)
    if occupant is not None and occupant != side:
        return f"{hex_label} is occupied by the enemy"
    if hex_label in zoc.enemy_controlled(st, side):
        return f"{hex_label} is in an Enemy zone of control"
    if hex_label in blocked_hexes(st, side):
        # 5.13: no unit is ever placed in an undestroyed Enemy fortress
        return f"{hex_label} is an undestroyed Enemy fortress"
    return None


def blocked_by_enemy(st: State, side: str, hex_label: str) -> bool:
    """14.22 "if, and only if" the entry hex is Enemy-occupied or Enemy-controlled."""
    occupant = U.hex_side(st).get(hex_label)
    return (occupant is not None and occupant != side) or hex_label in zoc.enemy_controlled(
        st, side
    )


def schedule_blocked(st: State, uid: str) -> bool:
    """14.22 the unit's scheduled entry is blocked by the Enemy: its hex, or every hex of an
    entry of several."""
    side = U.info(st, uid).side
    hexes = scheduled_hexes(st, uid)  # (none: no entry to be blocked, 14.11)
    return bool(hexes) and all(blocked_by_enemy(st, side, h) for h in hexes)


def _enterable_edge_hexes(st: State, side: str) -> list[str]:
    """Map-edge hexes a reinforcement of ``side`` could enter now (14.21, 5.4)."""
    scenario = U.static(st).scenario
    board, table = scenario.board, terrain_table(scenario)
    out = []
    for h in board.hexes:
        if not board.is_edge(h):
            continue
        terrain = table.terrain.get(board.terrain.get(h, ""))
        if terrain is None or terrain.move == "prohibited":
            continue
        if entry_blocked(st, side, h) is None:
            out.append(h)
    return out


def alternative_hexes(st: State, uid: str) -> list[str]:
    """14.22 the nearest unblocked map-edge hexes to the scheduled entry hex in the
    direction of the nearest Friendly unit (all those equally near; see the module), on
    the scheduled entry's map (a game on several maps: serbia-galicia 2.1)."""
    board = U.static(st).scenario.board
    side = U.info(st, uid).side
    scheduled = scheduled_hexes(st, uid)

    def away(h: str) -> int:  # from the scheduled hex (the nearest of an area's)
        return min(board.distance(s, h) for s in scheduled)  # type: ignore[no-any-return]

    friends = [U.record(st, f)["hex"] for f in U.on_map(st, side)]
    nearest: list[str] = []
    if friends:
        least = min(away(h) for h in friends)
        nearest = sorted({h for h in friends if away(h) == least})
    maps = {board.map_of(h) for h in scheduled}  # on the scheduled entry's map (R10)
    edge = [
        h for h in _enterable_edge_hexes(st, side) if h not in scheduled and board.map_of(h) in maps
    ]
    toward = [h for h in edge if any(board.distance(h, f) < away(f) for f in nearest)]
    candidates = toward or edge
    if not candidates:
        return []
    best = min(away(h) for h in candidates)
    return sorted(h for h in candidates if away(h) == best)


def alternative(st: State, uid: str) -> str | None:
    """The alternative entry hex of a delayed reinforcement, once it may be used (14.22)."""
    alt = U.record(st, uid).get(ALTERNATIVE)
    if alt is None or alt["turn"] > st.data["turn"]:
        return None
    return alt["hex"]  # type: ignore[no-any-return]


def entry_hexes(st: State, uid: str) -> list[str]:
    """Where the unit may enter now: its scheduled hex, its alternative hex (14.22)."""
    out: list[str] = []
    for h in (*scheduled_hexes(st, uid), alternative(st, uid)):
        if h is not None and h not in out and entry_refusal(st, uid, h) is None:
            out.append(h)
    return out


def entry_refusal(st: State, uid: str, hex_label: str) -> tuple[str, str] | None:
    """Why the unit may not enter at ``hex_label`` now (reason, case), or None: the game's
    :meth:`ReinforcementRules.reinforcement_entry_refusal` (14.21)."""
    return U.rules(st).reinforcement_entry_refusal(st, uid, hex_label)  # type: ignore[no-any-return]


def no_alternative(st: State, uid: str) -> tuple[str, str] | None:
    """Why the unit has no alternative to a blocked entry (14.22, 14.23), or None: the
    game's :meth:`ReinforcementRules.reinforcement_reroute_refusal`."""
    return U.rules(st).reinforcement_reroute_refusal(st, uid)  # type: ignore[no-any-return]


def _links_from_schedule(st: State, uid: str) -> list[tuple[str, int, str]]:
    """14.23 off-map links from the scheduled entry hexes: (entry hex, link, other end)."""
    return [
        (h, index, other)
        for h in scheduled_hexes(st, uid)
        for index, other in rail.usable_links(st, uid, h)
    ]


def _entrain_optional(st: State, uid: str, hex_label: str) -> bool:
    """Whether the unit, arriving entrained at ``hex_label``, may arrive not entrained at
    its owner's option (:meth:`ReinforcementRules.reinforcement_entrain_optional`)."""
    return (
        _entrained(st, uid)
        and hex_label in U.static(st).rail_hexes
        and U.rules(st).reinforcement_entrain_optional(st, uid)
    )


def _exempt(st: State, uid: str) -> bool:
    return not U.rules(st).reinforcement_counts_rail(st, uid)


def _entrained(st: State, uid: str) -> bool:
    return U.rules(st).reinforcement_entrained(st, uid)  # type: ignore[no-any-return]


def _why_not_off_map(st: State, uid: str, to: Any) -> tuple[str, str] | None:
    """14.23 an entrained reinforcement whose entry hex is blocked may travel off the map."""
    ui = U.info(st, uid)
    scheduled = _scheduled_text(st, uid)
    if not _entrained(st, uid):
        return f"{ui.name} does not arrive entrained", "14.23"
    why = U.rules(st).off_map_refusal(st, uid, to)
    if why is not None:
        return why  # type: ignore[no-any-return]
    if not schedule_blocked(st, uid):
        return f"the entry hex {scheduled} of {ui.name} is not blocked by the Enemy", "14.23"
    ends = {other for _, _, other in _links_from_schedule(st, uid)}
    if to not in ends:
        if not ends:
            return f"no off-map rail line leads from {scheduled} for {ui.name}", "14.23"
        return f"from {scheduled} the off-map line leads to {', '.join(sorted(ends))}", "5.37"
    if not _exempt(st, uid):
        left = rail.capacity_left(st, ui.side).get(rail.capacity_pool(st, uid), 0)
        if ui.stacking > left:
            return (
                f"{ui.name} needs {ui.stacking} stacking points of Rail Capacity off the map"
                f" and {max(0, left)} are left",
                "5.38",
            )
    return None


class ReinforcementSegment(Handler):
    """4.0 A.b Reinforcement Segment."""

    kind = "reinforcement"
    case = "14.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("decided", [])

    def _undecided(self, st: State, frame: Frame) -> list[str]:
        decided = set(frame["decided"])
        return [uid for uid in due(st, frame["side"]) if uid not in decided]

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if self._undecided(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        for uid in self._undecided(st, frame):
            actions.extend(self._choices(st, role, uid))
            if U.rules(st).withhold_refusal(st, uid) is None:
                actions.append({"type": "withhold", "unit": uid})
        return actions

    def _choices(self, st: State, role: str, uid: str) -> list[Action]:
        entries = entry_hexes(st, uid)
        out: list[Action] = []
        for h in entries:
            out.append({"type": "enter", "unit": uid, "hex": h})
            if _entrain_optional(st, uid, h):  # (Serbia/Galicia 14.1) or on foot
                out.append({"type": "enter", "unit": uid, "hex": h, "entrained": False})
        delays = list(U.rules(st).reinforcement_reroutes(st, uid))
        if schedule_blocked(st, uid) and no_alternative(st, uid) is None:
            for h in alternative_hexes(st, uid):
                if h not in entries:  # 14.22 (a usable alternative is entered, not delayed)
                    delays.append(h)
        for h in dict.fromkeys(delays):
            out.append({"type": "delay", "unit": uid, "hex": h})
        if schedule_blocked(st, uid) and no_alternative(st, uid) is None:
            for _, _, other in _links_from_schedule(st, uid):
                if _why_not_off_map(st, uid, other) is None:
                    out.append({"type": "off_map", "unit": uid, "to": other})  # 14.23
        return out

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid = action["unit"]
        frame["decided"].append(uid)
        kind = action["type"]
        if kind == "enter":
            if action.get("entrained", True):
                self._enter(st, uid, action["hex"])
            else:  # (Serbia/Galicia 14.1: offered only where the game's hook allows it)
                self._enter(st, uid, action["hex"], entrain=False)
        elif kind == "delay":
            self._delay(st, uid, action["hex"])
        elif kind == "off_map":
            self._off_map(st, uid, action["to"])
        else:
            self._withhold(st, role, uid)

    def _enter(self, st: State, uid: str, hex_label: str, entrain: bool = True) -> None:
        name = U.info(st, uid).name
        scheduled = scheduled_hexes(st, uid)
        U.set_note(st, uid, ALTERNATIVE, None)
        U.place(st, uid, hex_label)
        if hex_label in scheduled:
            st.log(f"{name} arrives at {hex_label}.", case="14.11")
        else:
            st.log(
                f"{name} arrives at {hex_label}, the alternative to its blocked entry hex"
                f" {_scheduled_text(st, uid)}.",
                case="14.22",
            )
        U.rules(st).entered_hexes(st, uid, [hex_label])
        if entrain and _entrained(st, uid) and hex_label in U.static(st).rail_hexes:
            U.add_marker(st, uid, rail.ENTRAINED)
            note = ""
            if _exempt(st, uid):
                U.add_marker(st, uid, rail.RAIL_EXEMPT)
                note = "; it does not count against Rail Capacity this Game-Turn"
            st.log(f"{name} arrives entrained, at no Movement Point cost{note}.", case="14.12")
        U.rules(st).reinforcement_arrived(st, uid)

    def _delay(self, st: State, uid: str, hex_label: str) -> None:
        reroute = U.rules(st).reinforcement_reroutes(st, uid).get(hex_label)
        if reroute is not None and not (
            schedule_blocked(st, uid) and hex_label in alternative_hexes(st, uid)
        ):
            self._reroute(st, uid, hex_label, *reroute)
            return
        turn = st.data["turn"] + 1
        U.set_note(st, uid, ALTERNATIVE, {"hex": hex_label, "turn": turn})
        st.log(
            f"The entry hex {_scheduled_text(st, uid)} of {U.info(st, uid).name} is blocked by the"
            f" Enemy: it is delayed one Game-Turn and may enter at {hex_label} from Game-Turn"
            f" {turn}.",
            case="14.22",
        )

    def _reroute(self, st: State, uid: str, hex_label: str, delay: int, case: str) -> None:
        """A game's choice of another entry hex with a delay (Serbia/Galicia 26.24)."""
        turn = st.data["turn"] + delay
        U.set_note(st, uid, ALTERNATIVE, {"hex": hex_label, "turn": turn})
        st.log(
            f"{U.info(st, uid).name} is brought in at {hex_label} instead of"
            f" {_scheduled_text(st, uid)}, {delay} Game-Turn{'s' if delay > 1 else ''} later:"
            f" it may enter there from Game-Turn {turn}.",
            case=case,
        )

    def _off_map(self, st: State, uid: str, to: str) -> None:
        scheduled, index = next(
            (h, i) for h, i, other in _links_from_schedule(st, uid) if other == to
        )
        U.set_note(st, uid, ALTERNATIVE, None)
        U.set_status(st, uid, rail.OFF_MAP)
        U.set_note(st, uid, rail.OFF_MAP, {"link": index, "from": scheduled, "to": to, "mp": 0})
        U.add_marker(st, uid, rail.ENTRAINED)
        if _exempt(st, uid):
            U.add_marker(st, uid, rail.RAIL_EXEMPT)
        cost = rail.link(st, index).cost
        st.log(
            f"The entry hex {scheduled} of {U.info(st, uid).name} is blocked: it travels"
            f" entrained off the map toward {to} ({cost} MP).",
            case="14.23",
        )

    def _withhold(self, st: State, role: str, uid: str) -> None:
        name = U.info(st, uid).name
        why = entry_refusal(st, uid, entry_hex(st, uid))  # (an area's first hex)
        if why and not entry_hexes(st, uid):
            st.log(f"{name} cannot arrive: {why[0]}; it waits for a later turn.", case=why[1])
        else:
            st.log(f"{side_name(st, role)} withholds {name} to a later turn.", case="14.24")

    def run(self, st: State, frame: Frame) -> None:
        for uid in _arriving(st, frame["side"]):
            why = no_entry(st, uid)
            if why is not None:  # 14.11 no hex to enter by: said each Game-Turn it waits
                st.log(f"{why[0]}.", case=why[1])
        st.pop()

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why a reinforcement action is refused, with the case that forbids it."""
        kind = action.get("type")
        if kind in ("select", "move", "finish", *rail.ACTION_TYPES - {"off_map"}):
            # 4.0 A: the Reinforcement Segment comes before the Movement Segment (14.14)
            return "units move in the Movement Segment, after the Reinforcement Segment", "4.0"
        uid = action.get("unit")
        if kind not in ("enter", "withhold", "delay", "off_map") or not isinstance(uid, str):
            return super().explain(st, frame, role, action)
        if uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "14.0"
        ui = U.info(st, uid)
        if ui.side != role:
            return f"{ui.name} is not yours", "14.0"
        if uid in frame.get("decided", []):
            return f"{ui.name} has already entered or been withheld this turn", "14.24"
        if uid not in due(st, role):
            if U.record(st, uid)["status"] != "pending":
                return f"{ui.name} is not a reinforcement waiting to arrive", "14.0"
            if uid in _arriving(st, role):
                stranded = no_entry(st, uid)
                if stranded is not None:
                    return stranded
            return U.rules(st).arrival_refusal(st, uid)  # type: ignore[no-any-return]
        why = self._why_not(st, role, uid, kind, action)
        if why is not None:
            return why
        return super().explain(st, frame, role, action)

    def _why_not(
        self, st: State, role: str, uid: str, kind: Any, action: Action
    ) -> tuple[str, str] | None:
        ui = U.info(st, uid)
        scheduled = _scheduled_text(st, uid)
        if kind == "enter":
            return self._why_not_enter(st, role, uid, action.get("hex"))
        if kind == "withhold":
            return U.rules(st).withhold_refusal(st, uid)  # type: ignore[no-any-return]
        if kind == "delay" and action.get("hex") in U.rules(st).reinforcement_reroutes(st, uid):
            return None
        if kind in ("delay", "off_map") and schedule_blocked(st, uid):
            rerouted = no_alternative(st, uid)
            if rerouted is not None:
                return rerouted
        if kind == "off_map":
            return _why_not_off_map(st, uid, action.get("to"))
        if kind == "delay":
            if not schedule_blocked(st, uid):
                why = entry_blocked(st, role, entry_hex(st, uid))
                if why:
                    return (
                        f"{why}: only Enemy units or zones of control give an alternative",
                        "14.22",
                    )
                return f"the entry hex {scheduled} of {ui.name} is not blocked", "14.22"
            options = alternative_hexes(st, uid)
            if action.get("hex") not in options:
                listed = ", ".join(options) or "none is free"
                return f"the alternative entry hexes of {ui.name} are: {listed}", "14.22"
        return None

    def _why_not_enter(self, st: State, role: str, uid: str, hex_label: Any) -> tuple[str, str]:
        ui = U.info(st, uid)
        scheduled = _scheduled_text(st, uid)
        allowed = scheduled_hexes(st, uid)
        alt = U.record(st, uid).get(ALTERNATIVE)
        if alt is not None:
            if hex_label == alt["hex"] and alt["turn"] > st.data["turn"]:
                return (
                    f"{ui.name} was delayed: it may enter at {alt['hex']} from Game-Turn"
                    f" {alt['turn']}",
                    "14.22",
                )
            allowed.append(alt["hex"])
        if hex_label not in allowed:
            if alt is not None:
                return f"{ui.name} enters at {' or '.join(allowed)}, nowhere else", "14.22"
            return (
                f"{ui.name} enters at its entry hex {scheduled}, nowhere else",
                U.rules(st).reinforcement_entry_case(st, uid),
            )
        refused = entry_refusal(st, uid, hex_label)
        if refused:
            return f"{ui.name} may not enter: {refused[0]}", refused[1]
        return f"an enter action names the unit and the hex: {hex_label}", "14.11"

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        names = ", ".join(U.info(st, uid).name for uid in self._undecided(st, frame))
        return f"Reinforcement Segment: bring on or withhold {names}."

    def title(self, st: State, frame: Frame) -> str:
        return "Reinforcement Segment"


class ReinforcementRules:
    """The variation points of 14.0 (a game's rules class may override them): where a
    reinforcement may enter, whether it enters entrained and counts against Rail
    Capacity on its turn of arrival, which units arrive by their printed schedule, and
    which may not be withheld."""

    def reinforcement_entry_hexes(self, st: State, uid: str) -> list[str]:
        """14.11 the hexes where the unit is scheduled to enter: its printed entry's
        (Brusilov 20.12: any appropriate Friendly entry hex)."""
        return printed_entry_hexes(st, uid)

    def reinforcement_entry_case(self, st: State, uid: str) -> str:
        """The case that says where the unit enters (named when it may not enter
        elsewhere): 14.11 its printed entry (Caporetto 14.3, 14.4)."""
        return "14.11"

    def reinforcement_entrained(self, st: State, uid: str) -> bool:
        """14.12 whether the unit arrives entrained: as its counter says (Brusilov 20.11:
        every reinforcement)."""
        return rail.arrives_entrained(st, uid)

    def reinforcement_entrain_optional(self, st: State, uid: str) -> bool:
        """Whether the owner may bring a unit that arrives entrained (14.12) onto the map not
        entrained instead (an ``enter`` action with ``entrained: false``): not in the
        standard rules (Serbia/Galicia 14.1: at the owning Player's option)."""
        return False

    def reinforcement_counts_rail(self, st: State, uid: str) -> bool:
        """14.12 whether an entrained arrival counts against Rail Capacity on its turn of
        arrival: the scenario's ``rail_capacity_counts_reinforcements`` (Brusilov 20.11,
        18.23: always)."""
        return rail.counts_reinforcements(st, uid)

    def arrives_by_schedule(self, st: State, uid: str) -> bool:
        """14.1 whether a pending unit arrives by its printed schedule (Brusilov 20.2's
        supply depots arrive by the game's depot schedule instead)."""
        return True

    def arrival_turn(self, st: State, uid: str) -> int | None:
        """14.1 the Game-Turn a pending unit is due: its printed one (Caporetto 22.0: two
        Game-Turns after the Milano strike is crushed, None until then)."""
        return U.info(st, uid).arrive_turn  # type: ignore[no-any-return]

    def arrival_refusal(self, st: State, uid: str) -> tuple[str, str]:
        """Why a pending unit may not enter yet (reason, case): not due before its
        :meth:`arrival_turn`."""
        name, turn = U.info(st, uid).name, self.arrival_turn(st, uid)
        if turn is None:
            return f"{name} is not a reinforcement waiting to arrive", "14.0"
        return f"{name} is due on Game-Turn {turn}, not before", "14.0"

    def reinforcement_arrived(self, st: State, uid: str) -> None:
        """A reinforcement was just placed on the map (14.11, 14.22), entrained and exempt
        as 14.12 says: what a game's rules do then (Hindenburg 14.1 charges Russian
        arrivals to the Rail Capacity).  Nothing in the standard rules."""

    def reinforcement_entry_refusal(
        self, st: State, uid: str, hex_label: str
    ) -> tuple[str, str] | None:
        """Why the unit may not enter at ``hex_label`` now (reason, case), or None: 14.21 an
        Enemy-occupied or Enemy-controlled hex, or an Enemy fortress (Caporetto 14.3: the
        Allies' entry hex only when Enemy-occupied)."""
        why = entry_blocked(st, U.info(st, uid).side, hex_label)
        return None if why is None else (why, "14.21")

    def reinforcement_reroute_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """Why the unit, its entry blocked by the Enemy, may neither be delayed to an
        alternative hex (14.22) nor travel off the map (14.23), or None: it may in the
        standard rules (Caporetto 14.3: the Allies arrive at their one hex only)."""
        return None

    def unlettered_entry_case(self, scenario: Scenario, counter: Counter) -> str | None:
        """The case that says where a reinforcement printed without an entry letter
        (``entry = "any"``) arrives, or None: the counter may not have one (the standard
        rules say nothing of it; Caporetto 14.4 the Central Powers')."""
        return None

    def reinforcement_reroutes(self, st: State, uid: str) -> dict[str, tuple[int, str]]:
        """Other entry hexes a due reinforcement may be brought in at by choice, each with
        its delay in Game-Turns and the case (a ``delay`` action): none in the standard
        rules, where only a blocked entry gives an alternative (14.22; Serbia/Galicia
        26.24 in free deployment)."""
        return {}

    def withhold_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """14.24 why a due reinforcement may not be withheld (reason, case), or None: any
        may be in the standard rules (Brusilov 20.13: supply depots may not)."""
        return None


def validate(rules: ReinforcementRules, scenario: Scenario, problems: Problems) -> None:
    """A reinforcement printed without an entry letter (``entry = "any"``) only where the
    game's rules say where it arrives (:meth:`ReinforcementRules.unlettered_entry_case`)."""
    for c in scenario.counters.values():
        if c.arrive is None or c.arrive.entry != ANY_ENTRY:
            continue
        if rules.unlettered_entry_case(scenario, c) is None:
            problems.add(
                ("counters", c.id, "arrive", "entry"),
                f"counter {c.id}: entry {ANY_ENTRY!r} (printed without a letter) is not"
                " allowed: these rules do not say where such a reinforcement of its side"
                " arrives (Caporetto 14.4 does, for the Central Powers)",
            )
