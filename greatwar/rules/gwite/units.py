"""Where the units are, and the only functions that change that.

A unit's record in ``state.data["units"]`` is plain data::

    {"hex": "0712", "status": "on_map", "lost": 1, "markers": []}

``status`` is ``on_map``, ``pending`` (a reinforcement not yet arrived or
withheld), ``eliminated`` or ``off_map`` (off-map rail movement, 5.37).
Every change goes through this module, which bumps the changed side's count
in ``data["rev"]`` so that derived tables (occupancy, zones of control) are
recomputed only when the units they depend on have changed: while one side
moves, the other side's zones of control are computed once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.rules.gwite.static import GwiteStatic, UnitInfo


def static(st: State) -> GwiteStatic:
    return st.game.static  # type: ignore[no-any-return]


def info(st: State, uid: str) -> UnitInfo:
    return static(st).units[uid]


def record(st: State, uid: str) -> dict[str, Any]:
    return st.data["units"][uid]  # type: ignore[no-any-return]


def revision(st: State, side: str | None = None) -> int | tuple[int, ...]:
    """How many times the units of ``side`` (or of any side) have changed."""
    rev = st.data["rev"]
    if side is not None:
        return rev[side]  # type: ignore[no-any-return]
    return tuple(rev[s] for s in static(st).side_ids)


def cached(st: State, name: str, build: Callable[[State], Any], side: str | None = None) -> Any:
    """A table derived from the units of ``side`` (or all), rebuilt only when they change."""
    return st.memo((name, side, revision(st, side)), lambda: build(st))


# Rules never depend on the order of keys in the state's dicts (a state read
# back from JSON may order them differently): units are always visited in the
# scenario's counter order.


def _occupancy(st: State) -> dict[str, list[str]]:
    occ: dict[str, list[str]] = defaultdict(list)
    units = st.data["units"]
    for uid in static(st).units:
        u = units[uid]
        if u["status"] == "on_map":
            occ[u["hex"]].append(uid)
    return dict(occ)


def occupancy(st: State) -> dict[str, list[str]]:
    """Units on the map by hex."""
    return cached(st, "occupancy", _occupancy)  # type: ignore[no-any-return]


def units_in(st: State, hex_label: str) -> list[str]:
    return occupancy(st).get(hex_label, [])


def _hex_sides(st: State) -> dict[str, str]:
    units = static(st).units
    return {h: units[ids[0]].side for h, ids in occupancy(st).items()}


def hex_side(st: State) -> dict[str, str]:
    """The side occupying each occupied hex."""
    return cached(st, "hex_side", _hex_sides)  # type: ignore[no-any-return]


def on_map(st: State, side: str | None = None) -> list[str]:
    """Ids of units on the map, of one side or all."""
    units = st.data["units"]
    return [
        uid
        for uid, ui in static(st).units.items()
        if units[uid]["status"] == "on_map" and (side is None or ui.side == side)
    ]


def enemy_of(st: State, side: str) -> str:
    return next(s for s in static(st).side_ids if s != side)


def movement_allowance(st: State, uid: str) -> int:
    """Printed movement allowance of the unit's current step."""
    ui = info(st, uid)
    lost = record(st, uid)["lost"]
    return ui.movement[min(lost, len(ui.movement) - 1)]


# --- changes --------------------------------------------------------------------


def _touch(st: State, uid: str) -> None:
    st.data["rev"][info(st, uid).side] += 1


def place(st: State, uid: str, hex_label: str) -> None:
    """Put a unit on the map (set-up, reinforcement, move)."""
    u = record(st, uid)
    u["hex"] = hex_label
    u["status"] = "on_map"
    _touch(st, uid)


def eliminate(st: State, uid: str) -> None:
    """Remove a unit from play."""
    u = record(st, uid)
    u["hex"] = None
    u["status"] = "eliminated"
    u["markers"] = []
    _touch(st, uid)


def set_status(st: State, uid: str, status: str) -> None:
    u = record(st, uid)
    u["status"] = status
    if status != "on_map":
        u["hex"] = None
    _touch(st, uid)
