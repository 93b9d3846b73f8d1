"""17.34 German off-map rail movement: out by a rail line running off the map's east edge,
back in a later Game-Turn through any hex of the eastern band north of the Warta and south
of the Vistula (hindenburg 17.34).

A movement extension of the Movement Segment (:class:`OffMapRail`), with two actions:

* ``offmap_exit``: an entrained German unit (German Army units only) in a rail hex
  where a line it may use runs off the scenario's ``offmap_edge`` (the east edge; AV13)
  leaves the map.  It is rail movement: it counts against the German Rail Capacity
  (its first rail movement of the phase must fit, 5.31), and no more than 12 Stacking
  Points may be off the map at once.
* ``offmap_return``: in the German Movement Segment of a later Game-Turn the unit comes
  back through any hex of the scenario's ``offmap_band`` region that holds no Enemy unit
  and is not in an Enemy zone of control (5.37), at no Movement Point cost.  Where that
  hex is a rail hex the unit may use it stays entrained and may go on by rail (a new
  Movement Phase: its full Railroad Movement Rate); elsewhere it detrains there and
  moves on normally with its Movement Allowance (as an arriving reinforcement, 14.11,
  14.14).  Either way it has moved by rail this Player-Turn (5.31, 5.34).

While away a unit has the status ``off_map`` with the record field ``offmap_band``
(``{"turn": the Game-Turn it left, "from": the hex it left by}``) and keeps its
``entrained`` marker, so that 5.31's accounting (:func:`rail.usage`) counts its
Stacking Points against the German Rail Capacity of every Game-Turn until it is back
("as long as the exited units are not on the map"); the standard off-map links of 5.37
(``rail.OFF_MAP`` journeys) are another matter and never touch it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import rail, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.movement_extension import MovementExtension, blocked_hexes

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

CASE = "hindenburg 17.34"
#: 17.34 the most Stacking Points off the map at any one time
LIMIT = 12
#: the German nationality (17.34 German Army units only)
GERMANY = "germany"
#: unit record field of a unit off the map by 17.34
AWAY = "offmap_band"
EXIT = "offmap_exit"
RETURN = "offmap_return"

Why = tuple[str, str | None]


# --- where (static, one per game) ------------------------------------------------------


def exit_hexes(st: State) -> frozenset[str]:
    """Rail hexes where a line runs off the scenario's ``offmap_edge`` (17.34, AV13)."""

    def build() -> frozenset[str]:
        board = U.static(st).scenario.board
        edge = board.edges.get(D.data(st).offmap_edge, frozenset())
        return frozenset(
            h for line in board.rails for h in (line.hexes[0], line.hexes[-1]) if h in edge
        )

    return supply.per_game(st, "hindenburg-offmap-exits", build)  # type: ignore[no-any-return]


def band(st: State) -> frozenset[str]:
    """17.34 the hexes German units come back through (the scenario's ``offmap_band``)."""
    name = D.data(st).offmap_band
    if name is None:
        return frozenset()
    return U.static(st).scenario.board.regions.get(name, frozenset())  # type: ignore[no-any-return]


# --- who is away ---------------------------------------------------------------------


def away(st: State, uid: str) -> bool:
    """A unit off the map by 17.34."""
    u = st.data["units"][uid]
    return u["status"] == rail.OFF_MAP and AWAY in u


def away_units(st: State, side: str | None = None) -> list[str]:
    """Units off the map by 17.34 (of ``side``), in counter order."""
    units = st.data["units"]
    return [
        uid
        for uid, ui in U.static(st).units.items()
        if (side is None or ui.side == side)
        and units[uid]["status"] == rail.OFF_MAP
        and AWAY in units[uid]
    ]


def away_points(st: State) -> int:
    """17.34 the Stacking Points off the map now."""
    return sum(U.info(st, uid).stacking for uid in away_units(st))


def trip(st: State, uid: str) -> dict[str, Any]:
    """When and where an away unit left the map."""
    return U.record(st, uid)[AWAY]  # type: ignore[no-any-return]


# --- leaving ---------------------------------------------------------------------------


def why_not_exit(st: State, frame: Frame, uid: str) -> Why | None:
    """Why the unit may not leave the map by 17.34 now, or None."""
    ui = U.info(st, uid)
    rec = U.record(st, uid)
    if rec["status"] != "on_map":
        return f"{ui.name} is not on the map", "5.11"
    if ui.nationality != GERMANY:
        return f"{ui.name} is not a German Army unit: only they move by rail off the map", CASE
    if not rail.entrained(st, uid):
        return f"{ui.name} is not entrained: only entrained units leave the map by rail", CASE
    if not band(st):
        return "this scenario names no hexes to come back through (offmap_band)", CASE
    here = rec["hex"]
    if here not in exit_hexes(st) or not rail.unit_rail_hex(st, uid, here):
        edge = D.data(st).offmap_edge
        return (
            f"{here} is not a rail hex where a line {ui.name} may use leaves the {edge} edge",
            CASE,
        )
    need, out = ui.stacking, away_points(st)
    if out + need > LIMIT:
        return (
            f"{out} Stacking Points are off the map already: {ui.name}'s {need} would pass the"
            f" {LIMIT} allowed",
            CASE,
        )
    return rail.why_no_capacity_to_move(st, uid)


def leave(st: State, frame: Frame, uid: str) -> None:
    """17.34 the unit leaves the map by rail."""
    here = U.record(st, uid)["hex"]
    U.set_status(st, uid, rail.OFF_MAP)
    U.set_note(st, uid, AWAY, {"turn": st.data["turn"], "from": here})
    U.add_marker(st, uid, rail.MOVED_BY_RAIL)
    U.record(st, uid)["moved_turn"] = st.data["turn"]
    ui = U.info(st, uid)
    st.log(
        f"{ui.name} leaves the map by rail at {here}: it may come back from Game-Turn"
        f" {st.data['turn'] + 1}, and its {ui.stacking} Stacking Points count against the"
        f" German Rail Capacity while it is away ({away_points(st)} of {LIMIT} off the map).",
        case=CASE,
    )


# --- coming back -----------------------------------------------------------------------


def why_not_return(st: State, frame: Frame, uid: str, hex_label: Any) -> Why | None:
    """Why the away unit may not come back through ``hex_label`` now, or None."""
    ui = U.info(st, uid)
    if not away(st, uid):
        return f"{ui.name} is not off the map", CASE
    left = trip(st, uid)["turn"]
    if st.data["turn"] <= left:
        return (
            f"{ui.name} left the map this Game-Turn: it comes back in a later Game-Turn's"
            " Movement Segment",
            CASE,
        )
    if hex_label not in band(st):
        hexes = ", ".join(sorted(band(st))) or "none"
        return f"{hex_label!r} is not a hex German units come back through ({hexes})", CASE
    if hex_label in blocked_hexes(st, ui.side):
        return f"{hex_label} holds an Enemy unit or fortress", "5.13"
    if hex_label in zoc.enemy_controlled(st, ui.side):
        return f"{hex_label} is in an Enemy zone of control: no unit re-enters there", "5.37"
    return rail.why_no_capacity_to_move(st, uid)


def return_hexes(st: State, frame: Frame, uid: str) -> list[str]:
    """The band hexes the away unit may come back through now."""
    return [h for h in sorted(band(st)) if why_not_return(st, frame, uid, h) is None]


def come_back(st: State, frame: Frame, uid: str, hex_label: str) -> None:
    """17.34 the unit comes back through ``hex_label``: entrained on a rail hex it may use,
    else detrained there with its Movement Allowance to move on."""
    left = trip(st, uid)
    U.set_note(st, uid, AWAY, None)
    U.place(st, uid, hex_label)
    U.add_marker(st, uid, rail.MOVED_BY_RAIL)
    U.record(st, uid)["moved_turn"] = st.data["turn"]
    U.rules(st).entered_hexes(st, uid, [hex_label])
    ui = U.info(st, uid)
    if rail.unit_rail_hex(st, uid, hex_label):
        note = "still entrained: it may go on by rail or detrain"
    else:
        U.remove_marker(st, uid, rail.ENTRAINED)
        frame.setdefault("detrained", []).append(uid)  # one rail journey a phase (5.34)
        note = "off the rail lines it may use: it detrains and may move on normally"
    st.log(
        f"{ui.name} comes back onto the map through {hex_label} (it left by {left['from']} on"
        f" Game-Turn {left['turn']}), {note}.",
        case=CASE,
    )


# --- the movement extension ------------------------------------------------------------


class OffMapRail(MovementExtension):
    """17.34 German off-map rail movement in the Movement Segment."""

    action_types = frozenset({EXIT, RETURN})

    def setup(self, st: State, frame: Frame) -> None:
        units = away_units(st, frame["side"])
        if units:
            points = sum(U.info(st, uid).stacking for uid in units)
            names = ", ".join(U.info(st, uid).name for uid in units)
            st.log(
                f"Off the map by rail: {names}; their {points} Stacking Points count against"
                " the German Rail Capacity this Game-Turn.",
                case=CASE,
            )

    def extra_units(self, st: State, side: str) -> list[str]:
        return away_units(st, side)

    def can_act(self, st: State, frame: Frame, uid: str) -> bool:
        if away(st, uid):
            return bool(return_hexes(st, frame, uid))
        if U.info(st, uid).nationality != GERMANY or not rail.entrained(st, uid):
            return False
        return why_not_exit(st, frame, uid) is None

    def actions(self, st: State, frame: Frame, uid: str) -> list[Action]:
        if away(st, uid):
            return [{"type": RETURN, "unit": uid, "hex": h} for h in return_hexes(st, frame, uid)]
        if U.info(st, uid).nationality == GERMANY and why_not_exit(st, frame, uid) is None:
            return [{"type": EXIT, "unit": uid}]
        return []

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        if action["type"] == EXIT:
            leave(st, frame, action["unit"])
        else:
            come_back(st, frame, action["unit"], action["hex"])

    def explain(self, st: State, frame: Frame, action: Action) -> Why:
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in st.data["units"]:
            return f"there is no unit {uid!r}", CASE
        ui = U.info(st, uid)
        if ui.side != frame["side"]:
            return f"{ui.name} is not yours to move", "5.11"
        if action.get("type") == EXIT:
            why = why_not_exit(st, frame, uid)
        else:
            why = why_not_return(st, frame, uid, action.get("hex"))
        if why is not None:
            return why
        if uid in frame["done"]:
            return f"{ui.name} has finished moving this phase", "5.0"
        if uid != frame["current"]:
            return f"select {ui.name} before moving it", "5.0"
        return f"the {action.get('type')} action does not match the legal one", CASE

    def explain_select(self, st: State, frame: Frame, uid: str) -> Why | None:
        if not away(st, uid):
            return None
        return why_not_return(st, frame, uid, next(iter(sorted(band(st))), None)) or (
            f"{U.info(st, uid).name} is off the map and may come back through no hex now",
            CASE,
        )

    def explain_move(self, st: State, frame: Frame, uid: str) -> Why | None:
        if away(st, uid):
            return f"{U.info(st, uid).name} is off the map: it comes back by rail first", CASE
        return None

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        units = away_units(st, frame["side"])
        if not units:
            return ""
        return (
            f"Off the map by rail (17.34): {', '.join(U.info(st, u).name for u in units)},"
            f" {away_points(st)} of {LIMIT} Stacking Points."
        )


#: the extension (stateless: one for every game)
OFFMAP_RAIL = OffMapRail()
