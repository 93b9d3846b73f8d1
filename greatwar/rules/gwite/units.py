"""Where the units are, and the only functions that change that.

A unit's record in ``state.data["units"]`` is plain data::

    {"hex": "0712", "status": "on_map", "lost": 1, "markers": [],
     "moved_turn": 0, "combat_turn": 0}

``lost`` counts steps lost (8.5); ``markers`` are the markers on the counter
(``out_of_command``, ``out_of_supply``, ``entrained``, ...); ``moved_turn``
and ``combat_turn`` are the last Game-Turn the unit moved and fought (13.0).

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
    from greatwar.model.schema import StepValues
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
    return static(st).enemy[side]


def movement_allowance(st: State, uid: str) -> int:
    """Printed movement allowance of the unit's current step."""
    ui = info(st, uid)
    lost = record(st, uid)["lost"]
    return ui.movement[min(lost, len(ui.movement) - 1)]


# --- printed values of the current step -----------------------------------------


def steps_left(st: State, uid: str) -> int:
    """Steps the unit still has (8.5)."""
    return info(st, uid).step_count - record(st, uid)["lost"]


def step_values(st: State, uid: str) -> StepValues:
    """The printed values of the unit's current step (8.52, 8.53)."""
    return info(st, uid).strengths(record(st, uid)["lost"])


def printed_attack(st: State, uid: str) -> int:
    """Printed attack strength of the current step; an HQ's is its combat strength if
    heroic (10.23), else none (10.51)."""
    ui = info(st, uid)
    values = step_values(st, uid)
    if ui.hq:
        return (values.combat_strength or 0) if ui.heroic else 0
    return values.attack or 0


def printed_defense(st: State, uid: str) -> int:
    """Printed defense strength of the current step (an HQ's combat strength, 10.53)."""
    ui = info(st, uid)
    values = step_values(st, uid)
    if ui.hq:
        return values.combat_strength or 0
    return values.defense or 0


def tcr(st: State, uid: str) -> int:
    """The unit's Tactical Competence Rating (2.4)."""
    return info(st, uid).tcr


# --- markers --------------------------------------------------------------------


def has_marker(st: State, uid: str, marker: str) -> bool:
    return marker in record(st, uid)["markers"]


def add_marker(st: State, uid: str, marker: str) -> None:
    markers = record(st, uid)["markers"]
    if marker not in markers:
        markers.append(marker)
        markers.sort()
        _touch(st, uid)


def remove_marker(st: State, uid: str, marker: str) -> None:
    markers = record(st, uid)["markers"]
    if marker in markers:
        markers.remove(marker)
        _touch(st, uid)


def clear_marker(st: State, marker: str, side: str | None = None) -> None:
    """Remove a marker from every unit (of one side)."""
    for uid in list(static(st).units):
        if side is None or info(st, uid).side == side:
            remove_marker(st, uid, marker)


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
    """Remove a unit from play (no scoring; see :func:`eliminate_unit`)."""
    u = record(st, uid)
    u["hex"] = None
    u["status"] = "eliminated"
    u["markers"] = []
    _touch(st, uid)


def eliminate_unit(st: State, uid: str, case: str, why: str = "") -> None:
    """Eliminate a unit, log it with the case, and score it for victory."""
    from greatwar.rules.gwite.victory import unit_eliminated

    where = record(st, uid)["hex"]
    eliminate(st, uid)
    text = f"{info(st, uid).name} is eliminated"
    if where:
        text += f" in {where}"
    st.log(f"{text}{': ' + why if why else ''}.", case=case)
    unit_eliminated(st, uid, case)


def lose_steps(st: State, uid: str, steps: int, case: str, why: str = "") -> int:
    """A unit loses ``steps`` steps (8.5); it is eliminated when it has none left.

    Returns the steps actually lost.
    """
    left = steps_left(st, uid)
    taken = min(steps, left)
    if taken <= 0:
        return 0
    if taken == left:
        eliminate_unit(st, uid, case, why)
        return taken
    record(st, uid)["lost"] += taken
    _touch(st, uid)
    values = step_values(st, uid)
    st.log(
        f"{info(st, uid).name} loses {taken} step{'s' if taken > 1 else ''}"
        f"{' (' + why + ')' if why else ''}; now {values.attack}-{values.defense}.",
        case=case,
    )
    return taken


def restore_steps(st: State, uid: str, steps: int, case: str) -> None:
    """A unit regains lost steps (13.0)."""
    u = record(st, uid)
    regained = min(steps, u["lost"])
    if regained:
        u["lost"] -= regained
        _touch(st, uid)
        st.log(f"{info(st, uid).name} regains {regained} step(s).", case=case)


def reduce_step(st: State, uid: str) -> None:
    """Turn a unit with a step left to its next weaker step, without scoring or logging
    (the caller logs why: an army HQ flipping instead of elimination, 10.54)."""
    u = record(st, uid)
    if steps_left(st, uid) > 1:
        u["lost"] += 1
        _touch(st, uid)


def set_note(st: State, uid: str, key: str, value: Any) -> None:
    """Set an extra field of a unit's record (None removes it): the journey of a unit off
    the map (5.38), the alternative entry hex of a delayed reinforcement (14.22)."""
    u = record(st, uid)
    if value is None:
        if key not in u:
            return
        del u[key]
    else:
        u[key] = value
    _touch(st, uid)


def set_status(st: State, uid: str, status: str) -> None:
    u = record(st, uid)
    u["status"] = status
    if status != "on_map":
        u["hex"] = None
    _touch(st, uid)
