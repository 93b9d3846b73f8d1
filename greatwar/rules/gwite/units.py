"""Where the units are, and the only functions that change that.

A unit's record in ``state.data["units"]`` is plain data::

    {"hex": "0712", "status": "on_map", "lost": 1, "markers": [],
     "moved_turn": 0, "combat_turn": 0}

``lost`` counts steps lost (8.5); ``markers`` are the markers on the counter
(``out_of_command``, ``out_of_supply``, ``entrained``, ...); ``moved_turn``
and ``combat_turn`` are the last Game-Turn the unit moved and fought (13.0).

``status`` is ``on_map``, ``pending`` (a reinforcement not yet arrived or
withheld), ``eliminated``, ``off_map`` (off-map rail movement, 5.37),
``removed`` (taken out of play by a rule without being eliminated: a supply
depot burned for Massed Artillery Fire, Brusilov 19.21; a reinforcement
permanently withheld, Brusilov 25.16; see :func:`remove_from_play`) or
``out_of_play`` (a counter an option swaps in or out, R8).
The machinery every rule system shares (occupancy, markers, revision-keyed
caches, placing and removing units) lives in :mod:`greatwar.rules.pieces`
and is re-exported here; this module adds what steps mean in these rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.pieces import (  # noqa: F401  (the shared machinery, re-exported)
    _touch,
    add_marker,
    cached,
    clear_marker,
    eliminate,
    enemy_of,
    has_marker,
    hex_side,
    info,
    occupancy,
    on_map,
    place,
    record,
    remove_marker,
    revision,
    set_note,
    set_status,
    static,
    units_in,
)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import StepValues


def rules(st: State) -> Any:
    """The rules of this game: a :class:`greatwar.rules.gwite.rules.StandardRules` (the
    standard rules, or a game's exclusive rules that override some of their methods).
    Typed ``Any`` so that this bottom module need not import the rules, which import
    every section."""
    return st.game.static.rules


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


# --- changes with consequences in these rules --------------------------------------


def eliminate_unit(st: State, uid: str, case: str, why: str = "") -> None:
    """Eliminate a unit, log it with the case, and score it for victory (the game's
    rules hear of it before and after, R7)."""
    game_rules = rules(st)
    game_rules.before_eliminated(st, uid, case)
    where = record(st, uid)["hex"]
    eliminate(st, uid)
    text = f"{info(st, uid).name} is eliminated"
    if where:
        text += f" in {where}"
    st.log(f"{text}{': ' + why if why else ''}.", case=case)
    game_rules.unit_eliminated(st, uid, case)


#: status of a unit taken out of play without being eliminated (never scored)
REMOVED = "removed"


def remove_from_play(st: State, uid: str, case: str, why: str = "") -> None:
    """Take a unit out of play without eliminating it, and log it with the case.

    Unlike :func:`eliminate_unit`, the game's rules hear nothing of it: no victory
    points are scored (Brusilov AB13: a supply depot burned for Massed Artillery Fire is
    "removed from play", 19.21, and is no eliminated Central Powers unit; Brusilov
    25.16: a reinforcement permanently withheld never enters).  The unit's status is
    ``removed``; a supply depot so removed may come back as a later depot (Brusilov
    20.2, the counter mix)."""
    where = record(st, uid)["hex"]
    eliminate(st, uid)  # off the map, its markers gone
    set_status(st, uid, REMOVED)
    text = f"{info(st, uid).name} is removed from play"
    if where:
        text += f" from {where}"
    st.log(f"{text}{': ' + why if why else ''}.", case=case)


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
    rules(st).steps_lost(st, uid, taken, case)
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
