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
permanently withheld, Brusilov 25.16; see :func:`remove_from_play`),
``out_of_play`` (a counter an option swaps in or out before the game, R8: it never
enters) or ``spare`` (a counter waiting off the map to substitute for others in play,
R12: a Russian corps's two division counters, and the corps while they stand for it,
Hindenburg 21.1; see :func:`substitute`).
The machinery every rule system shares (occupancy, markers, revision-keyed
caches, placing and removing units) lives in :mod:`greatwar.rules.pieces`
and is re-exported here; this module adds what steps mean in these rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules import pieces
from greatwar.rules.pieces import (  # noqa: F401  (the shared machinery, re-exported)
    _touch,
    add_marker,
    cached,
    cached_of,
    changed_between,
    changed_since,
    clear_marker,
    counts,
    eliminate,
    enemy_of,
    has_marker,
    hex_side,
    info,
    occupancy,
    on_map,
    order,
    record,
    remove_marker,
    revision,
    set_note,
    set_status,
    static,
    tally,
    units_in,
)

if TYPE_CHECKING:
    from greatwar.engine.state import State
    from greatwar.model.schema import StepValues


def overridden(rules: object, base: type, name: str) -> bool:
    """Whether the game's rules override ``base``'s method ``name`` (a hot path may then
    skip asking a hook whose standard answer it knows)."""
    return getattr(type(rules), name) is not getattr(base, name)


def rules(st: State) -> Any:
    """The rules of this game: a :class:`greatwar.rules.gwite.rules.StandardRules` (the
    standard rules, or a game's exclusive rules that override some of their methods).
    Typed ``Any`` so that this bottom module need not import the rules, which import
    every section."""
    return st.game.static.rules


def place(st: State, uid: str, hex_label: str) -> None:
    """Put a unit on the map (set-up, reinforcement, move, retreat, advance), then tell the
    game's rules (:meth:`MovementRules.unit_placed`: Caporetto 21.11, Rommel goes where
    the Alpenkorps goes)."""
    pieces.place(st, uid, hex_label)
    rules(st).unit_placed(st, uid, hex_label)


def movement_allowance(st: State, uid: str) -> int:
    """Printed movement allowance of the unit's current step."""
    ui = st.game.static.units[uid]
    lost = st.data["units"][uid]["lost"]
    return ui.movement[min(lost, len(ui.movement) - 1)]  # type: ignore[no-any-return]


# --- printed values of the current step -----------------------------------------


def steps_left(st: State, uid: str) -> int:
    """Steps the unit still has (8.5)."""
    return st.game.static.units[uid].step_count - st.data["units"][uid]["lost"]  # type: ignore[no-any-return]


def step_values(st: State, uid: str) -> StepValues:
    """The printed values of the unit's current step (8.52, 8.53)."""
    return st.game.static.units[uid].strengths(st.data["units"][uid]["lost"])  # type: ignore[no-any-return]


def printed_attack(st: State, uid: str) -> int:
    """Printed attack strength of the current step; an HQ's is its combat strength if
    heroic (10.23), else none (10.51)."""
    ui = st.game.static.units[uid]
    values = ui.strengths(st.data["units"][uid]["lost"])
    if ui.hq:
        return (values.combat_strength or 0) if ui.heroic else 0
    return values.attack or 0


def printed_defense(st: State, uid: str) -> int:
    """Printed defense strength of the current step (an HQ's combat strength, 10.53)."""
    ui = st.game.static.units[uid]
    values = ui.strengths(st.data["units"][uid]["lost"])
    if ui.hq:
        return values.combat_strength or 0
    return values.defense or 0


def tcr(st: State, uid: str) -> int:
    """The unit's Tactical Competence Rating (2.4)."""
    return st.game.static.units[uid].tcr  # type: ignore[no-any-return]


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


#: status of a counter off the map, waiting to substitute for others in play (R12)
SPARE = "spare"


def substitute(
    st: State,
    out_ids: list[str],
    in_ids: list[str],
    hex_label: str,
    case: str,
    *,
    lost: dict[str, int] | None = None,
    why: str = "",
) -> None:
    """Counters substitute on the map for others (R12): the spares ``in_ids`` are placed
    in ``hex_label`` and the units ``out_ids`` (on the map there) become spares.

    The newcomers carry what the counters they replace carried, so that no rule is
    dodged by the swap: every marker any of them wore (out of command, out of supply,
    entrained ...), and the last Game-Turn any of them moved and fought (13.0).  What a
    step is worth is the game's to say: ``lost`` gives the steps each newcomer has lost
    (none when not named); the counters going off the map keep none, nor any marker.
    What a phase remembers of the units (Movement Points spent) is carried by the
    phase (:func:`greatwar.rules.gwite.movement.substitute_units`).  Logged with the
    case."""
    before = [record(st, uid) for uid in out_ids]
    markers = sorted({m for u in before for m in u["markers"]})
    moved = max(u["moved_turn"] for u in before)
    fought = max(u["combat_turn"] for u in before)
    for uid in out_ids:
        u = record(st, uid)
        u.update(hex=None, status=SPARE, lost=0, markers=[])
        _touch(st, uid)
    for uid in in_ids:
        u = record(st, uid)
        u.update(
            lost=(lost or {}).get(uid, 0),
            markers=list(markers),
            moved_turn=moved,
            combat_turn=fought,
        )
        place(st, uid, hex_label)
    names = " and ".join(info(st, uid).name for uid in in_ids)
    replaced = " and ".join(info(st, uid).name for uid in out_ids)
    verb = "substitutes" if len(in_ids) == 1 else "substitute"
    st.log(
        f"{names} {verb} for {replaced} in {hex_label}{': ' + why if why else ''}.",
        case=case,
    )


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
