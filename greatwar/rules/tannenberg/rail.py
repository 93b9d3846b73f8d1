"""5.0 Railways, 5.4 cutting track and 6.0 destruction of bridges.

In its own movement phase (3.1 phases 5 and 6) a player may, besides moving
units normally (the movement phase, :mod:`movement_phase`, offers :func:`actions`
and calls :func:`apply` for every type in :data:`ACTION_TYPES`):

* ``load`` (5.1.3) a unit standing on a railway hex of its own country that
  has not moved this stage: it spends its whole allowance and gets the
  ``entrained`` marker (the rail transport counter).  It must be commanded and
  its corps HQ within its army HQ's range (5.1.4);
* ``rail_select`` an entrained unit, then ``rail_move`` it along the lines to
  any hex its 60 rail points reach (5.2.4), passing friendly units (5.1.7);
* ``unload`` (5.1.5) an entrained unit, for its whole allowance, commanded or
  not;
* ``leave_map`` at a rail exit hex (a line's end on the map edge), and
  ``rail_enter`` the next stage or later at an adjacent rail exit (5.1.8);
* ``cut_track`` (5.4.1) with a unit on a railway hex, for half its allowance
  (rounded down), cut if the die is at most its effectiveness; ``repair_track``
  (5.4.2) with a commanded unit on a cut hex, for its whole allowance;
* ``destroy_bridge`` (6.0) over the Vistula where either hex of the bridge is
  within the command range of one's own army HQ or a corps HQ: a 6 destroys
  it, one attempt a stage per side, never repaired.

Limits (numbers in ``constants.toml``): a unit loads, is carried or unloads,
only one of the three a stage (5.1.6), except army HQs, which load (10 rail
points), travel and unload (10 rail points) in one stage but never after
moving normally (5.2.5); a side moves, loads or unloads at most 7 (German) or
2 (Russian) units a stage, HQs and supply trains included, reinforcements
arriving by rail only from their unloading (5.2.2, 17.2.4); at most 5/3
(German) or 4/2 (Russian) units pass through a hex of double/single track a
stage (5.2.3); rail transport never crosses the Russian-German border
(5.2.1).  Entrained units have no control zone (5.3.1), fight only with the
DEFENCE card at half strength rounded up (5.3.2), entrained artillery takes no
part and entrained HQs give no modifier (5.3.3) and command nothing (5.3.4):
the other modules ask :mod:`railways` (:func:`only_defence`, :func:`clash_strength`,
:func:`takes_part`, :func:`gives_hq_modifier`, :func:`commands`), which also keeps the
rail net, the cut track, the destroyed bridges and the stage's book.

Choices made where the rules are silent (each also where it is coded):

* Gauge (5.2.1): a side's trains run only on railway hexes of its own country
  (the map's ``countries`` grid, matched against the side's nationalities) and
  never across a ``border`` hexside; so they never cross the border.
* A rail move costs one rail point a hex entered.  The hex a unit starts from
  (or enters the map at) is not "passed through" (5.2.3); every hex entered
  is, once per unit a stage.  A hex on any double-track line is double track.
* Entering an enemy control zone stops a train (8.2.1); a unit in an enemy
  zone may not start a rail move there unless its type may leave enemy zones
  (artillery 11.1.7, HQs 13.1.2, supply trains 15.3.2).  Trains never enter
  an enemy-occupied hex (4.2.1), a cut hex (5.4), nor leave one, nor cross a
  destroyed Vistula bridge (6.0).
* Loading and unloading "at the start of the movement phase" means before the
  unit has moved or spent any movement point this stage.  Units with a
  RESERVE counter may not load (4.5.7).  HQs and supply trains have no levels
  (2.3.2): the 2 endurance points of loading or unloading in an enemy control
  zone (5.1.9) apply to combat units only.
* 5.1.4 for a unit of no corps: it needs only to be commanded; for a corps HQ:
  it must be within its army HQ's range (13.2.7, which is its being
  commanded); an army HQ always may.
* An army HQ's rail stage (5.2.5) is all its movement that stage: after
  loading, travelling or unloading it does not move normally.
* A unit leaving the map (5.1.8) spends one rail point, and may leave only
  where an adjacent track would bring it back; it re-enters from the
  next stage on at either adjacent rail exit of its own country, the nearest
  exits along the map's edge (in perimeter order) on each side of the one it
  left by, and begins its rail movement there (no rail point for the exit hex,
  as for a reinforcement).  Not into an enemy-occupied hex or an enemy zone
  (as 17.2.8 for reinforcements).  Leaving and re-entering count as carried.
* 5.2.2 with three players: the Russian limit is the Russian side's, shared
  by both Russian players.
* Masking counters and masked units (16.1) take no rail action: a rail
  transport counter covers a unit the enemy sees, and a mask moves as one
  piece with what it hides (16.2.6).  A unit is unmasked in the orders phase.
* 5.3.2 in a clash: one entrained unit among a side's units makes that side
  play only DEFENCE (a stack fights as one, 9.1.8).
* Cutting track (5.4.1): once per unit a movement phase, by units with an
  effectiveness, commanded or not (13.4.2), not by RESERVE units (4.5.7); a
  hex already cut is not cut again.  Repair (5.4.2) is an action taken before
  the unit has moved this stage (it spends its whole allowance), and does not
  count as moving.
* Bridges (6.0): "the hex on whose edge the bridge lies" is either of the two
  hexes; the command range is the HQ's command reach as the command module
  finds it (a corps HQ under STOP, or an HQ on a train, reaches nothing); the
  HQ must belong to the role making the attempt; one attempt a stage for each
  side (both Russian players share it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame
from greatwar.rules.tannenberg import (
    command,
    entering,
    fog,
    masks,
    movement,
    railways,
    reserve,
    seats,
    special,
    zoc,
)
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.railways import (  # noqa: F401  (the railways' state: re-exported)
    ENTRAINED,
    EXEMPT,
    JOURNEY,
    OFF_MAP,
    RailNet,
    adjacent_exits,
    book,
    bridge_destroyed,
    bridges,
    build_net,
    clash_strength,
    commands,
    counted,
    countries_of,
    cut_cost,
    cut_hexes,
    entrained,
    exits_of,
    gives_hq_modifier,
    has_zoc,
    may_move_normally,
    mp_spent,
    off_map,
    only_defence,
    ops,
    own_rail_hex,
    passed,
    peek,
    points_used,
    rail_net,
    rail_step_open,
    side_key,
    takes_part,
    track_cut,
)
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: movement frame local: the train being moved (chosen by ``rail_select``)
TRAIN = "rail_train"
#: action types of the movement phase that this module handles
ACTION_TYPES: frozenset[str] = frozenset(
    {
        "load",
        "unload",
        "rail_select",
        "rail_move",
        "leave_map",
        "rail_enter",
        "cut_track",
        "repair_track",
        "destroy_bridge",
    }
)
LOAD, CARRY, UNLOAD = "load", "carry", "unload"

Why = tuple[str, str]


def _case(n: str) -> str:
    return f"tannenberg {n}"


# --- numbers (constants.toml) ------------------------------------------------------------


def _by_nation(st: State, name: str, side: str) -> int:
    """A constant kept by nationality ("germany", "russia"), for a side."""
    table = constant(name)
    return int(next(table[n] for n in countries_of(st, side) if n in table))


def units_per_stage(st: State, side: str) -> int:
    """5.2.2 units a side may carry, load or unload by rail in one stage."""
    return _by_nation(st, "rail_units_per_stage", side)


def hex_limit(st: State, side: str, track: str) -> int:
    """5.2.3 units of a side that may pass through one hex of ``track`` in one stage."""
    return _by_nation(st, f"rail_hex_capacity_{track}", side)


def rail_points() -> int:
    """5.2.4 rail movement points of a unit a stage."""
    return int(constant("rail_movement_points"))


def army_hq_cost(op: str) -> int:
    """5.2.5 rail points an army HQ pays to load or to unload."""
    return int(constant(f"army_hq_rail_{op}_cost"))


# --- the rail net (static, one per game) ----------------------------------------------


# --- who may use which track (5.2.1) --------------------------------------------------------


# --- state: markers, cut track, bridges, the stage's book -------------------------------------


def _note_op(st: State, uid: str, op: str, points: int = 0) -> None:
    b = railways.book_to_change(st)
    b["ops"].setdefault(uid, []).append(op)
    if points:
        b["points"][uid] = b["points"].get(uid, 0) + points
    if not U.record(st, uid).get(EXEMPT):
        side = U.info(st, uid).side
        units = b["counted"].setdefault(side, [])
        if uid not in units:
            units.append(uid)
            units.sort()
    movement.note_moved(st, uid)


# --- who may do what ----------------------------------------------------------------------


def is_army_hq(st: State, uid: str) -> bool:
    return U.info(st, uid).hq_level == "army"  # type: ignore[no-any-return]


def role_units(st: State, role: str, side: str) -> list[str]:
    """Units on the map that ``role`` decides for (seats: one of two Russian players),
    masking counters and masked units aside (see the module docstring); memoised on the
    side's units (who decides for a unit and which mask hides it are their records)."""
    key = ("tb_role_units", role, side, st.data["rev"][side])
    return list(st.memo(key, _role_units, st, role, side))


def _role_units(st: State, role: str, side: str) -> tuple[str, ...]:
    units = st.game.static.units
    hidden = masks.masked_units(st, side)
    return tuple(
        uid
        for uid in U.on_map(st, side)
        if units[uid].type != masks.MASK  # masks.is_mask
        and uid not in hidden  # masks.is_masked
        and seats.role_of_unit(st, uid) == role
    )


def _why_limit(st: State, uid: str) -> Why | None:
    """5.2.2 the side's limit of units moved, loaded or unloaded by rail this stage."""
    if U.record(st, uid).get(EXEMPT):
        return None
    side = U.info(st, uid).side
    units = counted(st, side)
    if uid in units or len(units) < units_per_stage(st, side):
        return None
    return (
        f"{len(units)} of the {units_per_stage(st, side)} units the {side} side may move, load or"
        " unload by rail this stage have done so",
        _case("5.2.2"),
    )


def _why_ops(st: State, uid: str, op: str) -> Why | None:
    """5.1.6 loading, being carried and unloading: one of them a stage (army HQs all three,
    5.2.5, with rail points for each)."""
    name = U.info(st, uid).name
    done = ops(st, uid)
    if is_army_hq(st, uid):
        need = army_hq_cost(op) if op in (LOAD, UNLOAD) else 1
        left = rail_points() - points_used(st, uid)
        if need > left:
            return (
                f"{name} has {left} of its {rail_points()} rail points left and needs {need}",
                _case("5.2.5" if op != CARRY else "5.2.4"),
            )
        if op == LOAD and UNLOAD in done:
            return f"{name} has already unloaded this stage", _case("5.2.5")
        return None
    if op == CARRY and (LOAD in done or UNLOAD in done):
        what = "loaded" if LOAD in done else "unloaded"
        return f"{name} {what} this stage: it is not carried by rail too", _case("5.1.6")
    if op != CARRY and done:
        if CARRY in done:
            return f"{name} was carried by rail this stage", _case("5.1.6")
        return f"{name} has already loaded or unloaded this stage", _case("5.1.6")
    if op == CARRY and points_used(st, uid) >= rail_points():
        return f"{name} has used its {rail_points()} rail points this stage", _case("5.2.4")
    return None


def _moved_normally(st: State, uid: str) -> bool:
    """The unit moved or spent movement points this stage other than by rail."""
    if book(st)["ops"].get(uid):  # ops(st, uid)
        return False
    return movement.moved_this_stage(st, uid) or uid in book(st)["tried"]


def _why_not_fresh(st: State, uid: str, case: str) -> Why | None:
    """5.1.3, 5.1.5, 5.2.5: loading and unloading take the whole allowance, at the start of
    the movement phase (before the unit moves; 4.5.7 RESERVE units do not move)."""
    name = U.info(st, uid).name
    if _moved_normally(st, uid):
        return f"{name} has already moved this stage", _case(case)
    if reserve.is_reserve(st, uid):
        return f"{name} holds a RESERVE counter: it does not move this stage", _case("4.5.7")
    return None


def corps_hq(st: State, uid: str) -> str | None:
    """The HQ of the unit's corps (13.2.4), on the map, or None."""
    ui = U.info(st, uid)
    if not ui.corps:
        return None
    for other in _corps_hqs(st).get(ui.corps, ()):
        if other != uid:
            return other if U.record(st, other)["status"] == "on_map" else None
    return None


def _corps_hqs(st: State) -> dict[str, tuple[str, ...]]:
    """Each corps' corps HQ counters, in counter order (built once a game)."""
    stat = U.static(st)
    found: dict[str, tuple[str, ...]] | None = stat.derived.get("rail:corps-hqs")
    if found is None:
        table: dict[str, list[str]] = {}
        for other, oi in stat.units.items():
            if oi.hq_level == "corps" and oi.corps:
                table.setdefault(oi.corps, []).append(other)
        found = stat.derived["rail:corps-hqs"] = {k: tuple(v) for k, v in table.items()}
    return found


def _why_not_commanded_to_load(st: State, uid: str) -> Why | None:
    """5.1.4 a unit loading is commanded, and its corps HQ is within the army HQ's command
    range (13.2.7; for a corps HQ, itself; an army HQ always may)."""
    ui = U.info(st, uid)
    if is_army_hq(st, uid):
        return None
    if not command.commanded(st, uid):
        return f"{ui.name} is not commanded", _case("5.1.4")
    hq = uid if ui.hq_level == "corps" else corps_hq(st, uid)
    if ui.corps and (hq is None or not command.in_army_range(st, hq)):
        return (
            f"the HQ of {ui.name}'s corps is not within its army HQ's command range",
            _case("5.1.4"),
        )
    return None


def _enemy_zone(st: State, side: str) -> frozenset[str]:
    """Hexes a moving unit of ``side`` must respect as enemy zones (8.1.4: not those a
    friendly unit holds)."""
    return zoc.enemy_controlled(st, side)


def _stands_in_enemy_zone(st: State, uid: str) -> bool:
    """The unit stands in an enemy control zone (its own presence does not free its hex)
    that no other friendly unit there neutralises (8.1.4)."""
    if not zoc.in_enemy_zoc(st, uid):
        return False
    here = U.record(st, uid)["hex"]
    return not any(o != uid and zoc.neutralising(st, o) for o in U.units_in(st, here))


def why_not_load(st: State, uid: str) -> Why | None:
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if entrained(st, uid):
        return f"{ui.name} is already loaded", _case("5.1.3")
    held = special.why_held_piece(st, uid)
    if held is not None:
        return held  # 18.1.1, 18.1.3 held units go by no means
    if not own_rail_hex(st, ui.side, here):
        return f"{here} holds no railway of {ui.side} gauge", _case("5.1.3")
    if track_cut(st, here):
        return f"the track in {here} is cut", _case("5.4.1")
    why = _why_not_fresh(st, uid, "5.2.5" if is_army_hq(st, uid) else "5.1.3")
    if why:
        return why
    return _why_ops(st, uid, LOAD) or _why_not_commanded_to_load(st, uid) or _why_limit(st, uid)


def why_not_unload(st: State, uid: str) -> Why | None:
    ui = U.info(st, uid)
    if not entrained(st, uid) or off_map(st, uid):
        return f"{ui.name} is not loaded on the map", _case("5.1.5")
    if not is_army_hq(st, uid):
        why = _why_not_fresh(st, uid, "5.1.5")
        if why:
            return why
    return _why_ops(st, uid, UNLOAD) or _why_limit(st, uid)


def _zone_loss(st: State, uid: str, what: str) -> None:
    """5.1.9 loading or unloading in an enemy control zone costs 2 endurance points
    (units with levels only: HQs and supply trains have none, 2.3.2)."""
    ui = U.info(st, uid)
    if _stands_in_enemy_zone(st, uid) and ui.level_count:
        points = int(constant("rail_load_in_enemy_zone_endurance"))
        U.lose_endurance(st, uid, points, _case("5.1.9"), f"{what} in an enemy control zone")


def _load(st: State, uid: str) -> None:
    army = is_army_hq(st, uid)
    _note_op(st, uid, LOAD, army_hq_cost(LOAD) if army else 0)
    U.add_marker(st, uid, ENTRAINED)
    here = U.record(st, uid)["hex"]
    cost = f"{army_hq_cost(LOAD)} rail points" if army else "its whole allowance"
    _log_unit(
        st, uid, f"{U.info(st, uid).name} loads in {here} for {cost}", "5.2.5" if army else "5.1.3"
    )
    _zone_loss(st, uid, "loading")


def _unload(st: State, uid: str) -> None:
    army = is_army_hq(st, uid)
    U.set_note(st, uid, EXEMPT, None)  # 17.2.4 a reinforcement counts from its unloading
    _note_op(st, uid, UNLOAD, army_hq_cost(UNLOAD) if army else 0)
    U.remove_marker(st, uid, ENTRAINED)
    here = U.record(st, uid)["hex"]
    cost = f"{army_hq_cost(UNLOAD)} rail points" if army else "its whole allowance"
    _log_unit(
        st,
        uid,
        f"{U.info(st, uid).name} unloads in {here} for {cost}",
        "5.2.5" if army else "5.1.5",
    )
    _zone_loss(st, uid, "unloading")


# --- rail movement (5.1.7, 5.2.3, 5.2.4) ---------------------------------------------------


def points_left(st: State, uid: str) -> int:
    return rail_points() - points_used(st, uid)


def _hex_full(st: State, uid: str, side: str, hex_label: str) -> bool:
    """5.2.3 the hex has passed as many units of the side this stage as its track allows."""
    units = passed(st, hex_label, side)
    track = rail_net(st).track.get(hex_label, "single")
    return uid not in units and len(units) >= hex_limit(st, side, track)


def rail_paths(st: State, uid: str) -> dict[str, list[str]]:
    """Hexes the train can reach now, each with the shortest path (5.2.4): breadth-first
    along its own country's lines, never into enemy units (4.2.1) or cut hexes (5.4), nor
    through full hexes (5.2.3); a train entering an enemy control zone stops (8.2.1).
    Friendly units are passed (5.1.7)."""
    # every change of the stage's book or of cut track and bridges bumps a revision
    key = ("rail_paths", uid, U.revision(st), st.data["stage"])
    return st.memo(key, lambda: _rail_paths(st, uid))  # type: ignore[no-any-return]


def _rail_step(
    st: State, uid: str, side: str, occupant: dict[str, str], here: str, there: str
) -> bool:
    """The train may go on from ``here`` to the next hex ``there`` of its line."""
    if occupant.get(there, side) != side or track_cut(st, there):
        return False
    return rail_step_open(st, side, here, there) and not _hex_full(st, uid, side, there)


def has_rail_path(st: State, uid: str) -> bool:
    """Whether :func:`rail_paths` reaches any hex (its first step, without the search)."""
    if points_left(st, uid) < 1:
        return False
    side = U.info(st, uid).side
    start = U.record(st, uid)["hex"]
    occupant = U.hex_side(st)
    return any(
        there != start and _rail_step(st, uid, side, occupant, start, there)
        for there in rail_net(st).next.get(start, ())
    )


def _rail_paths(st: State, uid: str) -> dict[str, list[str]]:
    side = U.info(st, uid).side
    start = U.record(st, uid)["hex"]
    limit = points_left(st, uid)
    nexts = rail_net(st).next
    occupant = U.hex_side(st)
    zone = _enemy_zone(st, side)
    prev: dict[str, str] = {}
    seen = {start}
    frontier = [start]
    for _ in range(limit):
        new = []
        for here in frontier:
            if here != start and here in zone:
                continue  # 8.2.1 a train entering an enemy zone stops
            for there in nexts.get(here, ()):
                if there in seen or not _rail_step(st, uid, side, occupant, here, there):
                    continue
                seen.add(there)
                prev[there] = here
                new.append(there)
        if not new:
            break
        frontier = new
    paths = {}
    for h in prev:
        path = [h]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        paths[h] = path[-2::-1]
    return paths


def why_not_rail_move(st: State, uid: str) -> Why | None:
    """Whether the entrained unit may start a rail move now (before a destination)."""
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if not entrained(st, uid) or off_map(st, uid):
        return f"{ui.name} is not loaded on the map", _case("5.1.2")
    why = _why_ops(st, uid, CARRY) or _why_limit(st, uid)
    if why:
        return why
    if track_cut(st, here):
        return f"the track in {here} is cut", _case("5.4.1")
    if _stands_in_enemy_zone(st, uid):
        if CARRY in ops(st, uid):
            return f"{ui.name} entered an enemy control zone and stops there", _case("8.2.1")
        if ui.type not in movement.LEAVE_ZONE_TYPES:
            return f"{ui.name} is in an enemy control zone and may not leave it", _case("8.2.5")
    return None


def _rail_move(st: State, uid: str, to: str) -> None:
    path = rail_paths(st, uid)[to]
    side = U.info(st, uid).side
    start = U.record(st, uid)["hex"]
    _note_op(st, uid, CARRY, len(path))
    b = railways.book_to_change(st)
    for h in path:
        units = b["passed"].setdefault(h, {}).setdefault(side, [])
        if uid not in units:
            units.append(uid)
            units.sort()
    text = (
        f"{U.info(st, uid).name} travels by rail {start}→{'→'.join(path)}, {len(path)} rail"
        f" points ({points_used(st, uid)} of {rail_points()} this stage)"
    )
    if to in _enemy_zone(st, side):
        text += "; it enters an enemy control zone and stops (8.2.1)"
    _log_unit(st, uid, text, "5.2.4")
    U.place(st, uid, to)
    _entered(st, uid, path)


def _entered(st: State, uid: str, path: list[str]) -> None:
    """What entering each hex does (:func:`entering.entered`, the one reckoning of every
    movement: fortifications 12.2.8, control 19.3, masks 16.2.7-16.2.8, lone artillery
    11.1.8, lone HQs 13.1.5)."""
    for h in path:
        entering.entered(st, uid, h)


# --- leaving and re-entering the map (5.1.8) -------------------------------------------------


def why_not_leave(st: State, uid: str) -> Why | None:
    return why_not_rail_move(st, uid) or _why_not_leave_here(st, uid)


def _why_not_leave_here(st: State, uid: str) -> Why | None:
    """What keeps a unit that may move by rail from leaving the map where it stands."""
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if here not in exits_of(st, ui.side):
        return f"{here} is not a rail exit of {ui.side} track at the map edge", _case("5.1.8")
    if not adjacent_exits(st, ui.side, here):
        return f"no adjacent {ui.side} track would bring {ui.name} back", _case("5.1.8")
    if points_left(st, uid) < 1:
        return f"{ui.name} has no rail points left", _case("5.2.4")
    return None


def _leave(st: State, uid: str) -> None:
    here = U.record(st, uid)["hex"]
    _log_unit(st, uid, f"{U.info(st, uid).name} leaves the map by rail at {here}", "5.1.8")
    _note_op(st, uid, CARRY, 1)
    U.set_status(st, uid, OFF_MAP)
    U.set_note(st, uid, JOURNEY, {"from": here, "stage": st.data["stage"]})


def reentry_hexes(st: State, uid: str) -> list[str]:
    """5.1.8 the adjacent track a train off the map may come back by, this stage."""
    journey = U.record(st, uid).get(JOURNEY)
    if not off_map(st, uid) or journey is None or journey["stage"] >= st.data["stage"]:
        return []
    side = U.info(st, uid).side
    return [h for h in adjacent_exits(st, side, journey["from"]) if entry_free(st, side, h)]


def entry_free(st: State, side: str, hex_label: str) -> bool:
    """A hex a unit may come onto the map at: no enemy unit (4.2.1) and no enemy control
    zone (17.2.8); for a train, not cut (5.4)."""
    if U.hex_side(st).get(hex_label, side) != side or hex_label in _enemy_zone(st, side):
        return False
    return not (hex_label in rail_net(st).track and track_cut(st, hex_label))


def why_not_reenter(st: State, uid: str, hex_label: Any) -> Why | None:
    ui = U.info(st, uid)
    journey = U.record(st, uid).get(JOURNEY)
    if not off_map(st, uid) or journey is None:
        return f"{ui.name} is not off the map by rail", _case("5.1.8")
    if journey["stage"] >= st.data["stage"]:
        return f"{ui.name} left the map this stage: it comes back next stage", _case("5.1.8")
    ways = adjacent_exits(st, ui.side, journey["from"])
    if hex_label not in ways:
        listed = ", ".join(ways) or "none"
        why = f"{ui.name} comes back by the track next to {journey['from']}: {listed}"
        return why, _case("5.1.8")
    if not entry_free(st, ui.side, hex_label):
        return f"{hex_label} holds the enemy, his control zone or cut track", _case("5.1.8")
    return _why_ops(st, uid, CARRY) or _why_limit(st, uid)


def _reenter(st: State, uid: str, hex_label: str) -> None:
    name = U.info(st, uid).name
    _log_unit(st, uid, f"{name} comes back onto the map by rail at {hex_label}", "5.1.8")
    _note_op(st, uid, CARRY)
    U.set_note(st, uid, JOURNEY, None)
    U.place(st, uid, hex_label)
    _entered(st, uid, [hex_label])


def arrive_by_rail(st: State, uid: str, hex_label: str) -> None:
    """17.2.4 a reinforcement comes onto the map loaded, at its entry hex, and begins its
    rail movement there; carried this stage (5.1.6) but not counted against the side's
    limit until it unloads (5.2.2)."""
    U.set_note(st, uid, EXEMPT, True)
    U.place(st, uid, hex_label)
    U.add_marker(st, uid, ENTRAINED)
    _note_op(st, uid, CARRY)
    _entered(st, uid, [hex_label])


# --- cutting and repairing track (5.4) -------------------------------------------------------


def why_not_cut(st: State, uid: str, mp_left: int, allowance: int) -> Why | None:
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if here not in rail_net(st).track:
        return f"{here} holds no railway", _case("5.4.1")
    if track_cut(st, here):
        return f"the track in {here} is already cut", _case("5.4.1")
    if entrained(st, uid):
        return f"{ui.name} is loaded on a train", _case("5.4.1")
    if U.effectiveness(st, uid) <= 0:
        return f"{ui.name} has no effectiveness to cut track with", _case("5.4.1")
    if uid in book(st)["tried"]:
        return f"{ui.name} has already tried to cut track this stage", _case("5.4.1")
    if reserve.is_reserve(st, uid):
        return f"{ui.name} holds a RESERVE counter: it does not move this stage", _case("4.5.7")
    cost = cut_cost(st, uid, allowance)
    if cost > mp_left:
        return f"cutting track costs {ui.name} {cost} MP and {mp_left} are left", _case("5.4.1")
    return None


def _cut(st: State, uid: str) -> None:
    b = railways.book_to_change(st)
    b["tried"].append(uid)
    b["tried"].sort()
    here = U.record(st, uid)["hex"]
    name = U.info(st, uid).name
    eff = U.effectiveness(st, uid)
    roll = st.roll(f"{name} tries to cut the track in {here} (effectiveness {eff})", _case("5.4.1"))
    _touch_all(st)  # the unit's movement points left have changed
    if roll <= eff:
        rail = railways.to_change(st)
        rail["cut"] = sorted({*rail["cut"], here})
        st.log(f"The track in {here} is cut (CUT TRACK).", case=_case("5.4.1"))
    else:
        st.log(f"The attempt to cut the track in {here} fails.", case=_case("5.4.1"))


def why_not_repair(st: State, uid: str) -> Why | None:
    ui = U.info(st, uid)
    here = U.record(st, uid)["hex"]
    if not track_cut(st, here):
        return f"the track in {here} is not cut", _case("5.4.2")
    if entrained(st, uid):
        return f"{ui.name} is loaded on a train", _case("5.4.2")
    if not command.commanded(st, uid):
        return f"{ui.name} is not commanded", _case("13.4.1")
    return _why_not_fresh(st, uid, "5.4.2")


def _repair(st: State, uid: str) -> None:
    here = U.record(st, uid)["hex"]
    rail = railways.to_change(st)
    rail["cut"] = [h for h in rail["cut"] if h != here]
    railways.book_to_change(st)["repaired"].append(uid)
    _touch_all(st)
    st.log(
        f"{U.info(st, uid).name} spends its whole allowance repairing the track in {here}.",
        case=_case("5.4.2"),
    )


def _touch_all(st: State) -> None:
    """Cut track changes supply lines and rail paths of both sides: bump the revisions."""
    for side in U.static(st).side_ids:
        st.data["rev"][side] += 1


# --- bridges (6.0) ------------------------------------------------------------------------


def _hq_reaches(st: State, role: str, *hexes: str) -> bool:
    """6.0 one of the hexes is within the command range of one of the role's army or
    corps HQs (an entrained HQ commands nothing, 5.3.4): :func:`role_command_hexes`, each
    HQ's range asked in turn rather than their union made."""
    for hq in _role_hqs(st, role):
        reach = command.command_reach(st, hq)
        if any(h in reach for h in hexes):
            return True
    return False


def _role_hqs(st: State, role: str) -> tuple[str, ...]:
    """The role's army and corps HQs on the map that command (memoised on its side's
    units: orders and rail counters are the units' own)."""
    side = seats.side_of_role(role)
    key = ("tb_role_hqs", role, st.data["rev"][side])
    return st.memo(key, _commanding_hqs, st, role, side)  # type: ignore[no-any-return]


def _commanding_hqs(st: State, role: str, side: str) -> tuple[str, ...]:
    return tuple(
        hq
        for hq in U.on_map(st, side)
        if U.info(st, hq).hq_level in ("army", "corps")
        and seats.role_of_unit(st, hq) == role
        and commands(st, hq)
    )


def role_command_hexes(st: State, role: str) -> frozenset[str]:
    """Hexes within the command range of one of the role's army or corps HQs (6.0),
    memoised on the units (command ranges, orders and rail counters are the units')."""
    key = ("tb_role_command_hexes", role, U.revision(st))
    return st.memo(key, lambda: _role_command_hexes(st, role))  # type: ignore[no-any-return]


def _role_command_hexes(st: State, role: str) -> frozenset[str]:
    return frozenset().union(*(command.command_reach(st, hq) for hq in _role_hqs(st, role)))


def why_not_destroy_bridge(st: State, role: str, key: Any) -> Why | None:
    side = seats.side_of_role(role)
    if key not in rail_net(st).bridges:
        return f"{key!r} is not a bridge over the Vistula", _case("6.0")
    if key in peek(st)["bridges_destroyed"]:
        return f"the bridge {key} is already destroyed", _case("6.0")
    if peek(st)["bridge_tried"].get(side) == st.data["stage"]:
        return "one attempt to destroy a bridge a stage: it has been made", _case("6.0")
    if not _hq_reaches(st, role, *key.split("/")):
        return (
            f"neither hex of the bridge {key} is within the command range of your army HQ"
            " or a corps HQ",
            _case("6.0"),
        )
    return None


def _destroy_bridge(st: State, role: str, key: str) -> None:
    rail = railways.to_change(st)
    rail["bridge_tried"][seats.side_of_role(role)] = st.data["stage"]
    success = [int(v) for v in constant("bridge_destruction_success")]
    roll = st.roll(f"attempt to destroy the Vistula bridge {key}", _case("6.0"))
    if roll in success:
        rail["bridges_destroyed"] = sorted({*rail["bridges_destroyed"], key})
        _touch_all(st)
        st.log(f"The Vistula bridge {key} is destroyed for good.", case=_case("6.0"))
    else:
        needed = " or ".join(str(v) for v in success)
        st.log(f"The bridge {key} stands (a {needed} was needed).", case=_case("6.0"))


# --- the hooks the movement phase calls ---------------------------------------------------


def _side(frame: Frame) -> str:
    return str(frame["side"])


def actions(st: State, frame: Frame, role: str, mp: Any = None) -> list[Action]:
    """Rail actions open to ``role`` in the movement phase: loading and unloading each unit,
    selecting a train and moving the selected one, leaving and re-entering the map, cutting
    and repairing track, one bridge attempt.  ``mp(uid) -> (left, allowance)`` gives a
    unit's movement points (for cutting track); without it no cut is offered."""
    side = _side(frame)
    if seats.side_of_role(role) != side:
        return []
    out: list[Action] = []
    train = frame.get(TRAIN)
    mine = role_units(st, role, side)
    track = rail_net(st).track
    for uid in mine:
        if not entrained(st, uid) and U.record(st, uid)["hex"] not in track:
            continue  # 5.1.3, 5.4.1, 5.4.2: loading, cutting, repairing are done on a railway
        if entrained(st, uid):
            if why_not_unload(st, uid) is None:
                out.append({"type": "unload", "unit": uid})
            may_go = why_not_rail_move(st, uid) is None  # (asked once for both)
            if may_go and uid != train and has_rail_path(st, uid):
                out.append({"type": "rail_select", "unit": uid})
            if may_go and _why_not_leave_here(st, uid) is None:  # why_not_leave
                out.append({"type": "leave_map", "unit": uid})
        else:
            if why_not_load(st, uid) is None:
                out.append({"type": "load", "unit": uid})
            if why_not_repair(st, uid) is None:
                out.append({"type": "repair_track", "unit": uid})
            if mp is not None:
                left, allowance = mp(uid)
                if why_not_cut(st, uid, left, allowance) is None:
                    out.append({"type": "cut_track", "unit": uid, "hex": U.record(st, uid)["hex"]})
    if train in mine and entrained(st, train) and why_not_rail_move(st, train) is None:
        for to, path in sorted(rail_paths(st, train).items()):
            out.append({"type": "rail_move", "unit": train, "to": to, "points": len(path)})
    for uid in _off_map_units(st, role, side):
        for h in reentry_hexes(st, uid):
            if why_not_reenter(st, uid, h) is None:
                out.append({"type": "rail_enter", "unit": uid, "hex": h})
    for key in bridges(st):
        if why_not_destroy_bridge(st, role, key) is None:
            out.append({"type": "destroy_bridge", "bridge": key})
    return out


def _off_map_units(st: State, role: str, side: str) -> list[str]:
    units = st.data["units"]
    return [
        uid
        for uid, ui in U.static(st).units.items()
        if ui.side == side
        and units[uid]["status"] == OFF_MAP
        and seats.role_of_unit(st, uid) == role
    ]


def apply(st: State, frame: Frame, action: Action, role: str | None = None) -> None:
    """Carry out a rail action (one of :data:`ACTION_TYPES`, already found legal) for
    ``role`` (the moving side when not given)."""
    kind = action["type"]
    uid: str = action.get("unit", "")  # (every kind but destroy_bridge names its unit)
    if kind == "load":
        _load(st, uid)
    elif kind == "unload":
        _unload(st, uid)
        if frame.get(TRAIN) == uid:
            frame[TRAIN] = None
    elif kind == "rail_select":
        frame[TRAIN] = uid
    elif kind == "rail_move":
        _rail_move(st, uid, action["to"])
    elif kind == "leave_map":
        _leave(st, uid)
        if frame.get(TRAIN) == uid:
            frame[TRAIN] = None
    elif kind == "rail_enter":
        _reenter(st, uid, action["hex"])
    elif kind == "cut_track":
        _cut(st, uid)
    elif kind == "repair_track":
        _repair(st, uid)
    elif kind == "destroy_bridge":
        _destroy_bridge(st, role or _side(frame), action["bridge"])


def explain(st: State, frame: Frame, role: str, action: Action, mp: Any = None) -> Why:
    """Why a rail action is refused, with the case that forbids it (``mp`` as for
    :func:`actions`: a unit's movement points, for cutting track)."""
    kind = action.get("type")
    side = _side(frame)
    if seats.side_of_role(role) != side:
        return "rail movement is made in one's own movement phase", _case("5.1.1")
    if kind == "destroy_bridge":
        return why_not_destroy_bridge(st, role, action.get("bridge")) or _mismatch(kind)
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", _case("5.0")
    ui = U.info(st, uid)
    if ui.side != side or seats.role_of_unit(st, uid) != role:
        return f"{ui.name} is not yours to move", _case("5.1.1")
    if kind == "rail_enter":
        return why_not_reenter(st, uid, action.get("hex")) or _mismatch(kind)
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", _case("5.0")
    if kind == "cut_track":
        return _why_not_cut_here(st, uid, action, mp) or _mismatch(kind)
    why = _why_not(st, frame, uid, kind, action)
    return why or _mismatch(kind)


def _why_not_cut_here(st: State, uid: str, action: Action, mp: Any) -> Why | None:
    """5.4.1 a unit cuts the track of the hex it stands in (and only if it may cut
    there: :func:`why_not_cut`)."""
    here = U.record(st, uid)["hex"]
    there = action.get("hex", here)
    if there != here:
        name = U.info(st, uid).name
        return f"{name} cuts track only in the hex it stands in, {here}", _case("5.4.1")
    if mp is None:
        return None
    left, allowance = mp(uid)
    return why_not_cut(st, uid, left, allowance)


def _why_not(st: State, frame: Frame, uid: str, kind: Any, action: Action) -> Why | None:
    if kind == "load":
        return why_not_load(st, uid)
    if kind == "unload":
        return why_not_unload(st, uid)
    if kind == "leave_map":
        return why_not_leave(st, uid)
    if kind == "repair_track":
        return why_not_repair(st, uid)
    if kind in ("rail_select", "rail_move"):
        why = why_not_rail_move(st, uid)
        if why or kind == "rail_select":
            return why
        if frame.get(TRAIN) != uid:
            return f"select {U.info(st, uid).name} (rail_select) before moving it", _case("5.2.4")
        return _why_not_to(st, uid, action)
    return None


def _why_not_to(st: State, uid: str, action: Action) -> Why | None:
    to = action.get("to")
    paths = rail_paths(st, uid)
    if to in paths:
        return None if action.get("points") == len(paths[to]) else _mismatch("rail_move")
    side = U.info(st, uid).side
    if not isinstance(to, str) or not own_rail_hex(st, side, to):
        return f"{to!r} is not a railway hex of {side} gauge", _case("5.2.1")
    if track_cut(st, to):
        return f"the track in {to} is cut", _case("5.4.1")
    if U.hex_side(st).get(to, side) != side:
        return f"{to} holds an enemy unit", _case("4.2.1")
    return (
        f"no open line reaches {to} within {points_left(st, uid)} rail points (cut track,"
        " enemy units or zones, full hexes or the border are in the way)",
        _case("5.2.3"),
    )


def _mismatch(kind: Any) -> Why:
    return f"the {kind} action does not match the legal one; its fields differ", _case("5.0")


# --- combat (5.3) -------------------------------------------------------------------------


# --- views and logs -------------------------------------------------------------------------


def _log_unit(st: State, uid: str, text: str, case: str) -> None:
    """A log entry about one unit (a masked unit's only to its own side, 16.1)."""
    fog.log_unit(st, uid, f"{text}.", case=_case(case))


def view(st: State, role: str) -> dict[str, Any]:
    """Cut track (5.4), destroyed bridges (6.0) and the rail use of the role's side this
    stage (5.2.2): what both players see on the board."""
    side = seats.side_of_role(role)
    return {
        "cut_track": cut_hexes(st),
        "bridges_destroyed": list(peek(st)["bridges_destroyed"]),
        "rail_units": {"used": len(counted(st, side)), "limit": units_per_stage(st, side)},
    }
