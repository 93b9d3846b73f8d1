"""12.0 Fortifications: trenches (12.1), permanent fortifications (12.2), fortifications
with their own garrison (12.3) and wire (12.4).

The state (``data["trenches"]``, ``data["fortifications"]``) and what the other
sections ask of fortifications are :mod:`fortified` (its names are also this module's);
building and destroying trenches is here.

What other modules call:

* movement, at the end of a side's own movement phase:
  :func:`begin_trench_building` (pushes the ``trench_building`` frame when a
  unit of that side may build or destroy trenches, 12.1.2, 12.1.4); a unit
  passing through a hex with trenches may destroy them: offer
  :func:`destroy_trench_action` and carry it out with :func:`destroy_trench`;
* movement, flight, retreat and pursuit, whenever a unit enters a hex:
  :func:`fortified.entered` (12.2.8), and :func:`fortified.blocks_entry` before it may (12.3.4);
* zones of control: :func:`fortified.garrison_zoc` (12.3.2, the forefield of each
  garrisoned fortification across its fortified edges);
* the clash: :func:`fortified.hex_defence` (the modifiers and strength effects of the
  fortification, trenches and wire of one defending hex, used by
  :mod:`modifiers`), :func:`fortified.garrison_hexes` (garrisons defend like units,
  12.3.3) and :func:`fortified.clash_losses` (12.2.9) after a clash the defenders stayed
  in;
* rest: :func:`fortified.built_trench_this_stage` (2.3.8).

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
from greatwar.rules.tannenberg import masks, movement, railways, seats, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.fortified import (  # noqa: F401  (what fortifications are: re-exported)
    DESTROYED,
    FORTIFICATIONS,
    TRENCH_NOTE,
    TRENCHES,
    active,
    attack_direction,
    blocks_entry,
    built_trench_this_stage,
    captures,
    clash_losses,
    damaged,
    destroyed,
    entered,
    facing_edges,
    fortification_side,
    fortified_edges,
    garrison_hexes,
    garrison_printed,
    garrison_strength,
    garrison_zoc,
    garrisoned,
    hex_defence,
    levels_lost,
    lose_levels,
    printed,
    trench,
    trench_edges,
)

if TYPE_CHECKING:
    from greatwar.engine.state import State

TRENCH_BUILDERS = frozenset({"infantry", "cavalry"})


def _board(st: State) -> Any:
    return U.static(st).scenario.board


# --- building and destroying trenches (12.1.2-12.1.4) ------------------------------------


def build_refusal(st: State, uid: str) -> tuple[str, str] | None:
    """Why a unit may not build trenches now (reason, case), or None (12.1.2, 12.1.3)."""
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
        if (
            action.get("type") == "build_trench"
            and isinstance(uid, str)
            and uid in st.data["units"]
        ):
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
    """Called by the movement phase at the end of ``side``'s own movement phase: pushes
    the trench-building frame when some unit of the side may build or destroy trenches."""
    roles = seats.roles_of_side(st.game, side)
    if any(builders(st, r) or _destroy_choices(st, r) for r in roles):
        st.push({"kind": TrenchBuilding.kind, "side": side})


def extra_handlers() -> list[Handler]:
    return [TrenchBuilding()]


# --- effects on a clash ---------------------------------------------------------------


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
