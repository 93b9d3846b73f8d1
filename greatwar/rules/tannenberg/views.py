"""What each role may see (ARCHITECTURE.md principle 4): the redaction of every view.

A role sees its own side's pieces fully (with three seats a Russian role sees
its partner's too): units, the masks it placed with their numbers and what
they hide.  Of the enemy it sees the units not hidden by masks fully, and each
of his masks on the map only as an anonymous piece — its public id (new at
every placement, :func:`masks.handle`), its hex and the counters on it —
never a unit hidden under a mask: not its id, name, strength or endurance
(15.4.2), nor whether a mask is empty (16.1.2, 16.2.1).  Enemy masks are listed
in the order of their public ids, which says nothing of their numbers.

Log entries name the roles that may read them (``to``): the log helpers that keep
hidden information from the enemy are :mod:`fog` (its names are also this
module's).  Each role's log is numbered in its own sequence, so that gaps never
betray entries it may not read.

A rules module adds its own part of the view (the clash module its combat
cards, 9.3) by defining ``view(st, role) -> dict`` (``view(st)`` for public data):
:data:`SECTION_VIEWS` names the modules asked, each under the name of its part
(``view["clash"]``, drawn by :mod:`clash_view`; ``<name>_view`` if the name is a key
of the base view), and each module redacts its own data.

Each of the role's own units on the map carries its supply state (``supply``:
in supply, in supply from a fortification only, out of supply, isolated;
15.1.2, 15.2.8, 15.4, 15.5.1), found by the supply module's table, the one the
rules act on (memoised on the units' revisions, so a view costs no more
tracing than the rules do).  The enemy's units never carry it, masked or not,
and a spectator's view holds none.

Readings where the rules are silent:

* A player is shown the supply state of each of his own units, which he could
  trace on the board himself, and not the enemy's, even of units he sees: an
  enemy unit's state depends on what the enemy's masks hide (a supply train
  or a corps HQ under a mask extends lines, 15.3.7, 15.2.6), so it would tell
  him what a mask hides (16.2.1).  (He still reads the public isolation roll
  of an unmasked enemy unit, 15.5.2.)  With three seats each Russian seat
  sees the supply of every Russian unit, its partner's included: it sees
  those units fully anyway, and both players' units share one network (the
  same bases, railways and supply trains, 15.3.8).
* A supply state's inputs are all public or the owner's own: enemy units and
  zones of control block lines (15.2.3), and a masked enemy unit stands in
  its mask's hex, whose zone it shares (16.2.5), so the state tells nothing of
  what an enemy mask hides.
* A masking counter has no state of its own (the units it hides have theirs);
  HQs and supply trains are never isolated (isolation acts only on units with
  endurance, 15.5.2), so they show in or out of supply.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from greatwar.engine.state import content_key
from greatwar.rules.tannenberg import (
    artillery,
    clash_view,
    command,
    fortifications,
    fortified,
    initiative,
    masking,
    masks,
    movement,
    rail,
    reinforcements,
    reserve,
    seats,
    sequence,
    supply,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.fog import (  # noqa: F401  (the log helpers: re-exported)
    friendly,
    from_public_id,
    hidden_from_enemy,
    log_hidden,
    log_piece,
    log_unit,
    log_visible,
    public_id,
    readers,
    roll_about,
    roll_hidden,
    unit_name,
)

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the part each rules module adds to every view (its ``view(st, role)``, or ``view(st)``
#: for public data), by the part's name, in this order
SECTION_VIEWS: dict[str, ModuleType] = {
    "clash": clash_view,
    "command": command,
    "initiative": initiative,
    "reserve": reserve,
    "movement": movement,
    "rail": rail,
    "fortifications": fortifications,
    "reinforcements": reinforcements,
    "artillery": artillery,
}

#: the parts a view may keep while nothing they read changes: each is kept under the units'
#: revisions (every change of a unit's record bumps its side's) and the key this gives of
#: the rest of the state they read.  13.0 command: the command table, orders and rail
#: transport (markers), attachments and returns (the records' own fields), nothing else;
#: 17.2.1 the reinforcements track: the pending units' records and the map; 11.1.1 the
#: artillery that fired (the records) and was displaced this stage (the stage's record);
#: 12.0 trenches and fortifications: their own parts of the state.
OF_UNITS: dict[str, Callable[[State], tuple[Any, ...]]] = {
    "command": lambda st: (),
    "reinforcements": lambda st: (),
    "artillery": lambda st: (st.data["stage"], content_key(st.data.get(artillery.RECORD))),
    "fortifications": lambda st: (
        content_key(st.data.get(fortified.TRENCHES)),
        content_key(st.data.get(fortified.FORTIFICATIONS)),
    ),
}


# --- the view ---------------------------------------------------------------------------


def _unit_entry(st: State, uid: str, ui: Any, own: bool) -> dict[str, Any]:
    u = st.data["units"][uid]
    entry: dict[str, Any] = {
        "id": uid,
        "name": ui.name,
        "side": ui.side,
        "type": ui.type,
        "status": u["status"],
        "hex": u["hex"],
        "level": u["level"],
        "endurance_lost": u["lost"],
        "markers": list(u["markers"]),
    }
    if own:
        mask = masks.mask_of(st, uid)
        if mask is not None:
            entry["masked_by"] = mask
    return entry


def supply_entry(st: State, uid: str) -> dict[str, str]:
    """15.0 the supply state of one of the role's own units on the map (``supply``: one
    of :data:`supply.SUPPLY_STATES`), and the fortification feeding it when that is its
    only supply (``supply_from``, 15.1.2); nothing for a unit off the map."""
    return _supply_fields(st, uid, supply.supply_state(st, uid))


def _supply_fields(st: State, uid: str, state: str | None) -> dict[str, str]:
    """:func:`supply_entry` of a unit whose supply state is ``state``."""
    if state is None:
        return {}
    out = {"supply": state}
    if state == supply.FORTIFICATION_SUPPLY:
        out["supply_from"] = str(supply.fortification_feeding(st, uid))
    return out


def _own_mask_entry(st: State, mask: str) -> dict[str, Any]:
    u = st.data["units"][mask]
    entry: dict[str, Any] = {
        "id": mask,
        "name": U.info(st, mask).name,
        "side": U.info(st, mask).side,
        "type": masks.MASK,
        "status": u["status"],
        "hex": u["hex"],
        "markers": list(u["markers"]),
    }
    if u["status"] == "on_map":
        hidden = masks.contents(st, mask)
        entry.update(
            {
                "handle": masks.handle(st, mask),
                "placed_by": seats.role_of_unit(st, mask),
                "hides": hidden,
                "empty": not hidden,
            }
        )
    return entry


def _enemy_mask_entry(st: State, mask: str) -> dict[str, Any]:
    """An enemy mask as the role sees it: an anonymous piece (16.2.1)."""
    u = st.data["units"][mask]
    return {
        "id": masks.handle(st, mask),
        "name": "Masking counter",
        "side": U.info(st, mask).side,
        "type": masks.MASK,
        "status": "on_map",
        "hex": u["hex"],
        "markers": list(u["markers"]),
    }


def units_view(st: State, role: str, with_supply: bool = True) -> list[dict[str, Any]]:
    """Every piece ``role`` may see, as it may see it, its own units on the map with their
    supply state (:func:`supply_entry`) unless ``with_supply`` is false.

    The pieces as the board shows them are kept under the units' revisions (every change
    of a unit's record bumps its side's, and the supply states and masks' contents are
    found from the units alone): the entries are shared between calls, and a caller must
    not change them in place (the planned masks are laid over copies)."""
    slot = ("view:units", role, with_supply)
    board: list[dict[str, Any]] = st.kept(
        slot, U.revision(st), _board_pieces, st, role, with_supply
    )
    return _with_planned_masks(st, role, board)


def _board_pieces(st: State, role: str, with_supply: bool) -> list[dict[str, Any]]:
    """:func:`units_view` before the masks ``role`` plans (16.1.2)."""
    side = seats.side_of_role(role)  # the role's own pieces (:func:`friendly`)
    units = st.data["units"]
    states: dict[str, str] | None = None  # the side's supply states, found when first needed
    out: list[dict[str, Any]] = []
    enemy_masks: list[dict[str, Any]] = []
    for uid, ui in U.static(st).units.items():
        own = ui.side == side
        if ui.type == masks.MASK:
            if own:
                out.append(_own_mask_entry(st, uid))
            elif units[uid]["status"] == "on_map":
                enemy_masks.append(_enemy_mask_entry(st, uid))
        elif own or not masks.is_masked(st, uid):
            entry = _unit_entry(st, uid, ui, own)
            if own and with_supply and entry["status"] == "on_map":
                if states is None:
                    states = supply.supply_states(st, side)
                entry.update(_supply_fields(st, uid, states[uid]))
            out.append(entry)
    enemy_masks.sort(key=lambda e: _handle_order(e["id"]))
    return out + enemy_masks


def _with_planned_masks(st: State, role: str, pieces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """16.1.2 the masks ``role`` has planned in this orders phase, shown on his own map at
    once (marked ``planned``), over the units they will hide; the plan stays secret from
    everyone else until the masking step carries it out (:mod:`masking`).  A new list:
    the entries the plan changes are copies (``pieces`` is left as it is)."""
    if "masking" not in st.data:
        return list(pieces)
    new = masking.plan_of(st, role)["new"]
    if not new:
        return list(pieces)
    planned = {n["mask"]: n for n in new}
    hidden_by = {u: n["mask"] for n in new for u in n["units"]}
    out = []
    for entry in pieces:
        plan = planned.get(entry["id"])
        if plan is not None:
            entry = {
                **entry,
                "status": "on_map",
                "hex": plan["hex"],
                "planned": True,
                "placed_by": role,
                "hides": list(plan["units"]),
                "empty": not plan["units"],
            }
        elif entry["id"] in hidden_by:
            entry = {**entry, "masked_by": hidden_by[entry["id"]], "mask_planned": True}
        out.append(entry)
    return out


def _handle_order(handle: str) -> tuple[str, int]:
    side, _, n = handle.rpartition("-")
    return side, int(n) if n.isdigit() else 0


def _seat_names(st: State) -> dict[str, str]:
    """Each seat's name (the game's, fixed)."""
    return {r: seats.role_name(st.game, r) for r in seats.roles(st.game)}


def masks_summary(st: State) -> dict[str, dict[str, Any]]:
    """Public: how many masking counters each side has (``provisional`` when the scenario
    does not give the number, 16.1.1), and how many are on the map."""
    given = masks.COUNT_KEY in st.game.scenario.file.special
    out: dict[str, dict[str, Any]] = {}
    for side in U.static(st).side_ids:
        out[side] = {
            "total": len(masks.mask_ids(st, side)),
            "on_map": len(masks.on_map_masks(st, side)),
        }
        if not given:
            out[side]["provisional"] = True
    return out


def log_view(st: State, role: str) -> list[dict[str, Any]]:
    """The entries ``role`` may read (:func:`fog.log_visible`), numbered in its own
    sequence, each citing a case with the system's summary of it: the engine's own log
    view (:meth:`State.log_view`, built incrementally and kept apart from the memo, which
    is emptied now and then), placed among this module's parts."""
    return st.log_view(role)


@cache
def _section_view(name: str) -> tuple[Callable[..., dict[str, Any]], bool] | None:
    """A section module's ``view`` and whether it takes the role (None: it has none)."""
    part = getattr(SECTION_VIEWS[name], "view", None)
    if part is None:
        return None
    return part, len(inspect.signature(part).parameters) > 1


def _section_views(st: State, role: str) -> dict[str, Any]:
    """Each section module's own view (``view(st, role)``, or ``view(st)`` for public
    data), under the name of its part."""
    out: dict[str, Any] = {}
    for name in SECTION_VIEWS:
        found = _section_view(name)
        if found is None:
            continue
        part, takes_role = found
        kept = OF_UNITS.get(name)
        if kept is not None:  # shared between calls: not to be changed
            slot, key = ("view:" + name, role), (U.revision(st), kept(st))
            args = (st, role) if takes_role else (st,)
            found_part = st.kept(slot, key, part, *args)
            out[name] = dict(found_part)
        else:
            out[name] = part(st, role) if takes_role else part(st)
    return out


def view(st: State, role: str) -> dict[str, Any]:
    """The rule system's part of ``state.view(role)``, redacted for ``role``."""
    out: dict[str, Any] = {
        "system": "tannenberg",
        "stage": st.data["stage"],
        "stages": st.game.scenario.info.turns,
        "initiative": st.data["initiative"],
        "phase_track": sequence.phase_track(st),
        "sides": [{"id": s.id, "name": s.name} for s in st.game.scenario.sides],
        "seats": dict(st.memo(("view:seats",), _seat_names, st)),
        "units": units_view(st, role),
        "masks": {
            k: dict(v)
            for k, v in st.kept(("view:masks",), U.revision(st), masks_summary, st).items()
        },
        "vp": st.data["vp"],
        "log": log_view(st, role),
    }
    for name, part in _section_views(st, role).items():
        out[name if name not in out else f"{name}_view"] = part
    return out
