"""12.0 Fortifications: trenches (12.1), permanent fortifications (12.2), fortifications
with their own garrison (12.3) and wire (12.4).

State (plain data):

* ``data["trenches"]``: hex -> ``{"facing": d, "edges": [d-1, d, d+1], "side": s}``,
  the TRENCHES counters on the map; ``d`` are axial directions 0-5 (N, NE, SE,
  S, SW, NW of the flat map), ``side`` the side that built them (both sides
  may use them, 12.1.3).
* ``data["fortifications"]``: hex -> ``{"lost": n}`` the levels a permanent
  fortification has lost (1 damaged, 2 destroyed, 12.2.7), and
  ``"captured_by"`` the side whose unit first entered it (12.2.8; 19.3 scores
  garrisoned forts captured).

The map lists the permanent fortifications (``fortification``: hex, country,
own garrison ``strength``) and their effective edges (``fortified_edge``
hexsides).  A fortification belongs to the side of its country; its effects
help only that side's units (an enemy unit entering it destroys it, 12.2.8).

What other modules call:

* movement, at the end of a side's own movement phase:
  :func:`begin_trench_building` (pushes the ``trench_building`` frame when a
  unit of that side may build or destroy trenches, 12.1.2, 12.1.4); a unit
  passing through a hex with trenches may destroy them: offer
  :func:`destroy_trench_action` and carry it out with :func:`destroy_trench`;
* movement, flight, retreat and pursuit, whenever a unit enters a hex:
  :func:`entered` (12.2.8), and :func:`blocks_entry` before it may (12.3.4);
* zones of control: :func:`garrison_zoc` (12.3.2, the forefield of each
  garrisoned fortification across its fortified edges);
* the clash: :func:`hex_defence` (the modifiers and strength effects of the
  fortification, trenches and wire of one defending hex, used by
  :mod:`modifiers`), :func:`garrison_hexes` (garrisons defend like units,
  12.3.3) and :func:`clash_losses` (12.2.9) after a clash the defenders stayed
  in;
* rest: :func:`built_trench_this_stage` (2.3.8).

Readings where the rules are silent:

* 12.1.8: the TRENCHES counter's three effective edges are three adjacent
  edges (a front); the builder chooses the direction it faces (six choices).
* The edge an attacking unit attacks through is the hexside between its hex
  and the defender's; artillery firing alone from two hexes away (11.4)
  attacks through the edge its line of fire crosses.  Supporting artillery
  (11.2) adds fire and does not decide edges: "every attacking unit" means the
  units in contact.
* 12.2.7: a damaged fortification gives only the lesser benefit of 12.2.5
  (the -2, not the doubling, which 12.2.4 calls its "maximum" benefit, the
  level 12.2.7 calls "maximum"); a damaged garrison's own strength is halved,
  rounded up (12.3.5), and halved again through a free edge (12.3.8).
* 12.2.4 doubles the defenders only when every attacking unit attacks through
  fortified edges (as 12.1.8 does for trenches); one attacker through a free
  edge leaves the -2 alone (12.2.5).
* 12.2.9: the levels a fortification loses are half the endurance points of
  the COMBAT RESULTS table's defender's number (before flight), rounded down.
* A unit may build one trench a stage; units on rail transport build none.
  Trenches may not be built on a map fortification hex even once destroyed.
* Masked units may build trenches; the log then names no unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar import hexgrid
from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import masks, railways, seats, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario
    from greatwar.model.schema import Fortification

TRENCHES = "trenches"
FORTIFICATIONS = "fortifications"
TRENCH_BUILDERS = frozenset({"infantry", "cavalry"})
#: unit note: the stage in which the unit built trenches (2.3.8)
TRENCH_NOTE = "trench_stage"
DESTROYED = 2


# --- the map's fortifications (static) -------------------------------------------------


def _board(st: State) -> Any:
    return U.static(st).scenario.board


def printed(st: State, hex_label: str) -> Fortification | None:
    """The map's permanent fortification in a hex, if any (12.2.1)."""
    return _board(st).fortifications.get(hex_label)  # type: ignore[no-any-return]


def fortification_side(st: State, hex_label: str) -> str | None:
    """The side whose country the fortification stands in."""
    f = printed(st, hex_label)
    if f is None:
        return None
    return U.static(st).scenario.side_of_nationality(f.country)  # type: ignore[no-any-return]


def _build_fortified_edges(scenario: Scenario) -> dict[str, frozenset[int]]:
    board = scenario.board
    edges: dict[str, frozenset[int]] = {}
    for hex_label in board.fortifications:
        here = board.coord[hex_label]
        found = set()
        for d in range(6):
            side_key = hexgrid.hexside(here, d)
            if "fortified_edge" in board.side_features.get(side_key, frozenset()):
                found.add(d)
        edges[hex_label] = frozenset(found)
    return edges


def fortified_edges(st: State, hex_label: str) -> frozenset[int]:
    """12.2.4 the directions of a fortification's effective (fortified) edges."""
    table = derived_table(U.static(st), "fortified_edges", _build_fortified_edges)
    return table.get(hex_label, frozenset())  # type: ignore[no-any-return]


def _forts(st: State) -> dict[str, dict[str, Any]]:
    return st.data.setdefault(FORTIFICATIONS, {})  # type: ignore[no-any-return]


def levels_lost(st: State, hex_label: str) -> int:
    """12.2.7: 0 intact, 1 damaged, 2 destroyed."""
    entry = st.data.get(FORTIFICATIONS, {}).get(hex_label)
    return 0 if entry is None else int(entry.get("lost", 0))


def destroyed(st: State, hex_label: str) -> bool:
    return levels_lost(st, hex_label) >= DESTROYED


def damaged(st: State, hex_label: str) -> bool:
    return levels_lost(st, hex_label) == 1


def active(st: State, hex_label: str) -> bool:
    """A fortification stands in the hex and is not destroyed (12.2.7)."""
    return printed(st, hex_label) is not None and not destroyed(st, hex_label)


def captures(st: State) -> dict[str, str]:
    """Fortification hexes an enemy unit has entered, and by which side (12.2.8, 19.3)."""
    return {
        h: e["captured_by"]
        for h, e in sorted(st.data.get(FORTIFICATIONS, {}).items())
        if "captured_by" in e
    }


def _bump(st: State, hex_label: str) -> None:
    """Zones of control and supply depend on garrisons: bump both sides' revisions."""
    for side in U.static(st).side_ids:
        st.data["rev"][side] += 1


def lose_levels(st: State, hex_label: str, levels: int, case: str, why: str = "") -> int:
    """The fortification loses combat-effectiveness levels (12.2.7, 12.2.9, 12.3.5);
    returns the levels lost."""
    f = printed(st, hex_label)
    if f is None or levels <= 0 or destroyed(st, hex_label):
        return 0
    before = levels_lost(st, hex_label)
    after = min(DESTROYED, before + levels)
    _forts(st).setdefault(hex_label, {})["lost"] = after
    _bump(st, hex_label)
    state = "destroyed" if after >= DESTROYED else "damaged"
    st.log(f"{f.name} ({hex_label}) is {state}{': ' + why if why else ''}.", case=case)
    return after - before


def entered(st: State, hex_label: str, side: str) -> None:
    """12.2.8 a fortification an enemy unit enters is destroyed (12.3.5: a garrisoned one
    by pursuit after its defenders fled, or after combat destroyed it, 12.3.4)."""
    f = printed(st, hex_label)
    if f is None or fortification_side(st, hex_label) == side:
        return
    entry = _forts(st).setdefault(hex_label, {})
    if "captured_by" not in entry:
        entry["captured_by"] = side
    lose_levels(st, hex_label, DESTROYED, "tannenberg 12.2.8", "an enemy unit entered it")


# --- garrisons (12.3) -------------------------------------------------------------------


def garrison_printed(st: State, hex_label: str) -> int:
    f = printed(st, hex_label)
    return 0 if f is None else f.strength


def garrisoned(st: State, hex_label: str) -> bool:
    """12.3.1 a fortification with its own strength, not destroyed."""
    return garrison_printed(st, hex_label) > 0 and not destroyed(st, hex_label)


def garrison_hexes(st: State, side: str) -> list[str]:
    """Hexes of ``side``'s garrisoned fortifications (12.3.3: they defend like units)."""
    return [
        h
        for h in _board(st).fortifications
        if garrisoned(st, h) and fortification_side(st, h) == side
    ]


def _ceil_div(value: int, divisor: int) -> int:
    return -(-value // divisor)


def garrison_strength(st: State, hex_label: str, through_fortified_edge: bool = True) -> int:
    """12.3.7 the garrison's own strength (added, never doubled); 12.3.5 halved, rounded
    up, when damaged; 12.3.8 half of it, rounded up, through a free edge."""
    if not garrisoned(st, hex_label):
        return 0
    value = garrison_printed(st, hex_label)
    divisor = int(constant("garrison_damaged_divisor"))
    if damaged(st, hex_label):
        value = _ceil_div(value, divisor)
    if not through_fortified_edge:
        value = _ceil_div(value, divisor)
    return value


def _build_garrison_zoc(st: State, side: str) -> frozenset[str]:
    board = _board(st)
    hexes: set[str] = set()
    for h in garrison_hexes(st, side):
        here = board.coord[h]
        for d in fortified_edges(st, h):
            other = board.label_at.get(hexgrid.neighbour(here, d))
            if other is not None:
                hexes.add(other)
    return frozenset(hexes)


def garrison_zoc(st: State, side: str) -> frozenset[str]:
    """12.3.2 hexes in the control zone of ``side``'s garrisons: the forefield, the hexes
    across each fortified edge.  The zoc module adds them to the side's zone (a friendly
    unit in the hex neutralises them as any zone, 8.1.4)."""
    key = ("tannenberg-garrison-zoc", side, U.revision(st))
    return st.memo(key, lambda: _build_garrison_zoc(st, side))  # type: ignore[no-any-return]


def blocks_entry(st: State, hex_label: str, side: str, pursuit: bool = False) -> bool:
    """12.3.4 a unit of ``side`` may not enter an enemy garrisoned fortification until it
    is destroyed, except in pursuit after its defenders fled (12.3.5)."""
    if pursuit or not garrisoned(st, hex_label):
        return False
    return fortification_side(st, hex_label) != side


# --- trenches (12.1) ----------------------------------------------------------------------


def trench(st: State, hex_label: str) -> dict[str, Any] | None:
    return st.data.get(TRENCHES, {}).get(hex_label)  # type: ignore[no-any-return]


def trench_edges(st: State, hex_label: str) -> frozenset[int]:
    """12.1.8 the three effective edges of the TRENCHES counter in a hex (none: empty)."""
    t = trench(st, hex_label)
    return frozenset(t["edges"]) if t else frozenset()


def facing_edges(facing: int) -> list[int]:
    """12.1.8 (our reading): the three adjacent edges centred on ``facing``."""
    return sorted({(facing - 1) % 6, facing % 6, (facing + 1) % 6})


def built_trench_this_stage(st: State, uid: str) -> bool:
    """2.3.8 the unit built trenches this stage (it may not rest)."""
    return U.record(st, uid).get(TRENCH_NOTE) == st.data["stage"]


def build_refusal(st: State, uid: str) -> tuple[str, str] | None:
    """Why a unit may not build trenches now (reason, case), or None (12.1.2, 12.1.3)."""
    from greatwar.rules.tannenberg import movement

    ui = U.info(st, uid)
    u = U.record(st, uid)
    if u["status"] != "on_map":
        return f"{ui.name} is not on the map", "tannenberg 12.1.2"
    if ui.type not in TRENCH_BUILDERS:
        return f"{ui.name} is not infantry or cavalry", "tannenberg 12.1.2"
    if movement.moved_this_stage(st, uid):
        return f"{ui.name} moved this stage", "tannenberg 12.1.2"
    if zoc.in_enemy_zoc(st, uid):
        return f"{ui.name} stands in an enemy control zone", "tannenberg 12.1.2"
    if railways.entrained(st, uid):
        return f"{ui.name} is on rail transport", "tannenberg 12.1.2"
    if built_trench_this_stage(st, uid):
        return f"{ui.name} has built trenches this stage", "tannenberg 12.1.2"
    here = u["hex"]
    if printed(st, here) is not None:
        return f"{here} is a fortification hex", "tannenberg 12.1.3"
    if _board(st).terrain.get(here) == "sea":
        return f"{here} is sea", "tannenberg 12.1.3"
    if trench(st, here) is not None:
        return f"{here} already has trenches", "tannenberg 12.1.5"
    return None


def builders(st: State, role: str) -> list[str]:
    """Units of ``role`` that may build trenches now (12.1.2)."""
    side = seats.side_of_role(role)
    return [
        uid
        for uid in U.on_map(st, side)
        if seats.role_of_unit(st, uid) == role and build_refusal(st, uid) is None
    ]


def _direction_name(st: State, d: int) -> str:
    return hexgrid.DIRECTION_NAMES[_board(st).orientation][d % 6]


def facing_choices(st: State, uid: str) -> list[Action]:
    """12.1.8 the six ways the TRENCHES counter may face (the builder's choice)."""
    board = _board(st)
    here = U.record(st, uid)["hex"]
    choices = []
    for d in range(6):
        action: Action = {
            "type": "trench_facing",
            "unit": uid,
            "facing": d,
            "edges": [_direction_name(st, e) for e in facing_edges(d)],
        }
        toward = board.label_at.get(hexgrid.neighbour(board.coord[here], d))
        if toward is not None:
            action["toward"] = toward
        choices.append(action)
    return choices


def build_trench(st: State, uid: str, facing: int) -> None:
    """12.1.2 a TRENCHES counter is placed beneath the unit, facing as chosen (12.1.8)."""
    here = U.record(st, uid)["hex"]
    side = U.info(st, uid).side
    edges = facing_edges(facing)
    st.data.setdefault(TRENCHES, {})[here] = {"facing": facing, "edges": edges, "side": side}
    U.set_note(st, uid, TRENCH_NOTE, st.data["stage"])
    names = ", ".join(_direction_name(st, e) for e in edges)
    who = "" if masks.is_masked(st, uid) else f" by {U.info(st, uid).name}"
    st.log(f"Trenches are built in {here}{who}, effective edges {names}.", case="tannenberg 12.1.2")


def destroy_trench_action(st: State, uid: str, hex_label: str) -> Action | None:
    """12.1.4 the choice to destroy the trenches in a hex the unit passes through or stands
    on (None when there are none)."""
    if trench(st, hex_label) is None:
        return None
    return {"type": "destroy_trench", "unit": uid, "hex": hex_label}


def destroy_trench(st: State, hex_label: str, uid: str | None = None) -> None:
    """12.1.4 the trenches are removed (they may be rebuilt, 12.1.5)."""
    trenches = st.data.get(TRENCHES, {})
    if hex_label not in trenches:
        return
    del trenches[hex_label]
    who = "" if uid is None or masks.is_masked(st, uid) else f" by {U.info(st, uid).name}"
    st.log(f"The trenches in {hex_label} are destroyed{who}.", case="tannenberg 12.1.4")


def _destroy_choices(st: State, role: str) -> list[Action]:
    """12.1.4 trenches in hexes where the role's units stand."""
    side = seats.side_of_role(role)
    seen: dict[str, Action] = {}
    for uid in U.on_map(st, side):
        if seats.role_of_unit(st, uid) != role:
            continue
        here = U.record(st, uid)["hex"]
        action = destroy_trench_action(st, uid, here)
        if action is not None and here not in seen:
            seen[here] = action
    return [seen[h] for h in sorted(seen)]


class TrenchBuilding(Handler):
    """12.1.2 at the end of a side's own movement phase its infantry and cavalry that did
    not move and are not in an enemy zone may build trenches; units standing on trenches
    may destroy them (12.1.4).  Each role of the side acts for its own units and ends when
    done (``done`` lists the roles that have)."""

    kind = "trench_building"
    case = "tannenberg 12.1.2"

    def setup(self, st: State, frame: Frame) -> None:
        """Roles of the side with nothing to build or destroy are done at once."""
        roles = seats.roles_of_side(st.game, frame["side"])
        idle = [r for r in roles if not builders(st, r) and not _destroy_choices(st, r)]
        frame.setdefault("done", idle)
        frame.setdefault("pick", {})

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [r for r in seats.roles_of_side(st.game, frame["side"]) if r not in frame["done"]]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        picked = frame["pick"].get(role)
        if picked is not None:
            return [*facing_choices(st, picked), {"type": "cancel_trench", "unit": picked}]
        actions: list[Action] = [
            {"type": "build_trench", "unit": uid, "hex": U.record(st, uid)["hex"]}
            for uid in builders(st, role)
        ]
        actions.extend(_destroy_choices(st, role))
        actions.append({"type": "end_trenches"})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        kind = action["type"]
        if kind == "build_trench":
            frame["pick"][role] = action["unit"]
        elif kind == "cancel_trench":
            frame["pick"].pop(role, None)
        elif kind == "trench_facing":
            frame["pick"].pop(role, None)
            build_trench(st, action["unit"], action["facing"])
        elif kind == "destroy_trench":
            destroy_trench(st, action["hex"], action["unit"])
        elif kind == "end_trenches":
            frame["done"].append(role)
            if not self.actors(st, frame):
                st.pop()

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        uid = action.get("unit")
        if action.get("type") == "build_trench" and uid in st.data["units"]:
            if seats.role_of_unit(st, uid) != role:
                return f"{U.info(st, uid).name} is not one of your units", self.case
            refusal = build_refusal(st, uid)
            if refusal is not None:
                return refusal
        return super().explain(st, frame, role, action)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        picked = frame["pick"].get(role)
        if picked is not None:
            return f"Choose the facing of {U.info(st, picked).name}'s trenches (12.1.8)."
        return "Build trenches with units that did not move, or end (12.1.2)."

    def title(self, st: State, frame: Frame) -> str:
        return f"Trench building ({frame['side']})"


def begin_trench_building(st: State, side: str) -> None:
    """Called by the movement module at the end of ``side``'s own movement phase: pushes
    the trench-building frame when some unit of the side may build or destroy trenches."""
    roles = seats.roles_of_side(st.game, side)
    if any(builders(st, r) or _destroy_choices(st, r) for r in roles):
        st.push({"kind": TrenchBuilding.kind, "side": side})


def extra_handlers() -> list[Handler]:
    return [TrenchBuilding()]


# --- effects on a clash ---------------------------------------------------------------


def attack_direction(st: State, defender_hex: str, attacker_hex: str) -> int:
    """The edge of ``defender_hex`` an attack from ``attacker_hex`` comes through: the
    shared hexside, or for fire from further away the edge its line crosses (our
    reading)."""
    board = _board(st)
    here, there = board.coord[defender_hex], board.coord[attacker_hex]
    step = hexgrid.line(here, there)[1]
    return hexgrid.direction(here, step)


def _edges_attacked(st: State, defender_hex: str, attacker_hexes: list[str]) -> set[int]:
    return {attack_direction(st, defender_hex, a) for a in attacker_hexes if a != defender_hex}


def hex_defence(
    st: State, defender_hex: str, attacker_hexes: list[str], defending_side: str, defence: bool
) -> dict[str, Any]:
    """The effects of trenches (12.1), a permanent fortification (12.2) and its garrison
    (12.3) on the defence of one hex attacked from ``attacker_hexes`` (the hexes of the
    attacking units in contact, or of independently firing artillery).

    ``defence`` is true when the defender laid down the DEFENCE card (12.1.7, 12.2.3).
    Returns ``{"modifiers": [...], "double": bool, "garrison": n, "through": bool}``:
    ratio modifiers, whether the units in the hex defend doubled (12.2.4), the
    garrison's strength to add (12.3.7, 12.3.8) and whether every attack comes through
    fortified edges."""
    result: dict[str, Any] = {"modifiers": [], "double": False, "garrison": 0, "through": False}
    if not defence or not attacker_hexes:
        return result
    edges = _edges_attacked(st, defender_hex, attacker_hexes)
    effective = trench_edges(st, defender_hex)
    if effective and edges <= effective:
        result["modifiers"].append(
            {
                "why": f"trenches in {defender_hex}, attacked through their effective edges",
                "value": int(constant("trench_modifier")),
                "case": "tannenberg 12.1.9",
            }
        )
    if active(st, defender_hex) and fortification_side(st, defender_hex) == defending_side:
        f = printed(st, defender_hex)
        assert f is not None
        through = edges <= fortified_edges(st, defender_hex)
        result["modifiers"].append(
            {
                "why": f"fortification {f.name} ({defender_hex})",
                "value": int(constant("fortification_modifier")),
                "case": "tannenberg 12.2.4" if through else "tannenberg 12.2.5",
            }
        )
        result["through"] = through
        result["double"] = through and not damaged(st, defender_hex)
        result["garrison"] = garrison_strength(st, defender_hex, through)
    return result


def clash_losses(st: State, defender_hexes: list[str], defender_loss: int) -> None:
    """12.2.9 the defenders stayed in place at the cost of losses: each fortification they
    held loses half the defender's result, rounded down, in levels (12.3.5 garrisons too)."""
    levels = defender_loss // int(constant("fortification_loss_divisor"))
    for h in sorted(set(defender_hexes)):
        if active(st, h):
            lose_levels(
                st, h, levels, "tannenberg 12.2.9", f"{defender_loss} points of losses held"
            )


# --- view ---------------------------------------------------------------------------------


def view(st: State) -> dict[str, Any]:
    """Trenches and the state of the permanent fortifications (public, on the board)."""
    trenches = [
        {"hex": h, "facing": t["facing"], "edges": list(t["edges"]), "side": t["side"]}
        for h, t in sorted(st.data.get(TRENCHES, {}).items())
    ]
    forts = []
    for h, f in sorted(_board(st).fortifications.items()):
        lost = levels_lost(st, h)
        forts.append(
            {
                "hex": h,
                "name": f.name,
                "side": fortification_side(st, h),
                "state": ("intact", "damaged", "destroyed")[lost],
                "garrison": garrison_strength(st, h),
            }
        )
    return {"trenches": trenches, "fortifications": forts}
