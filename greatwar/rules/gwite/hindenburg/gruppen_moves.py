"""18.1-18.2 the Central Powers Player's Gruppen in his Movement Segment (hindenburg
18.11, 18.21-18.24, 18.33, 18.42, 18.43): a movement extension whose actions are open
whichever unit is selected (:meth:`MovementExtension.segment_actions`).

* ``gruppe_form`` {unit}: a German unit in view goes under a new marker in its hex
  (18.11); ``gruppe_join`` {unit, gruppe}: a German unit (in view, or in another marker
  of the hex) goes into a marker of its hex (18.21); ``gruppe_leave`` {unit}: a unit
  comes out of its marker, in view (18.21; the marker stays, a dummy if empty);
  ``gruppe_split`` {unit}: a unit of a Gruppe of two or more goes under a new marker of
  its own in the hex (18.23); ``gruppe_merge`` {gruppe, into}: two markers of one hex
  become one (18.22); ``gruppe_dummy`` {hex}: a dummy marker is placed in a hex with a
  German unit or marker, never in an Enemy-controlled hex (18.0, 18.42).  None costs a
  Movement Point (18.21); forming, joining and merging keep the hex within the stacking
  limit (18.11, 18.22); only German units (18.0); an extra marker holds no units unless
  the option ``extra_gruppen_hold_units`` says so (18.43, AV7).
* ``gruppe_select`` {gruppe} and ``gruppe_move`` {gruppe, to, path, cost}: a marker moves
  with all its units (18.24): as far as the least Movement Points its units have left,
  and no farther this phase than its slowest unit's allowance (a dummy's:
  ``[special] dummy_movement``); every unit pays the cost.  A dummy or an HQ-only Gruppe
  never enters an Enemy-controlled hex (18.42).
* A marker placed takes the lowest box that may be used (18.33: one removed comes back
  in a later Central Powers Movement Phase, with a German Gruppe or a supplied German
  unit).

Frame locals: ``gruppe`` (the selected marker's box) and ``gruppen_spent`` (box -> the
Movement Points each marker has moved this phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from greatwar.engine.state import content_key
from greatwar.rules.gwite import command, stacking, supply, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg import gruppen as G
from greatwar.rules.gwite.hindenburg.reveal import hq_only_in_contact
from greatwar.rules.gwite.movement import Reach, _displace_hqs, reach_over
from greatwar.rules.gwite.movement_extension import MovementExtension, blocked_for, blocked_hexes
from greatwar.rules.gwite.movement_extension import mp_left as unit_mp_left
from greatwar.rules.gwite.rail import ENTRAINED

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import State

Why = tuple[str, str | None]

SELECTED = "gruppe"
SPENT = "gruppen_spent"

FORM, JOIN, LEAVE, SPLIT = "gruppe_form", "gruppe_join", "gruppe_leave", "gruppe_split"
MERGE, DUMMY, SELECT, MOVE = "gruppe_merge", "gruppe_dummy", "gruppe_select", "gruppe_move"
ACTIONS = frozenset({FORM, JOIN, LEAVE, SPLIT, MERGE, DUMMY, SELECT, MOVE})
#: the case each action applies (and names when refused)
CASES = {
    FORM: "hindenburg 18.11",
    JOIN: "hindenburg 18.21",
    LEAVE: "hindenburg 18.21",
    SPLIT: "hindenburg 18.23",
    MERGE: "hindenburg 18.22",
    DUMMY: "hindenburg 18.0",
    SELECT: "hindenburg 18.24",
    MOVE: "hindenburg 18.24",
}


# --- who and what ---------------------------------------------------------------------------


def cp_segment(st: State, frame: Frame) -> bool:
    """A Central Powers Movement Segment with hidden movement in play (18.11)."""
    return G.active(st) and frame.get("side") == G.side(st)


def room(st: State, hex_label: str) -> bool:
    """18.11, 18.22: the hex is within its stacking limit."""
    return stacking.stacking_points(st, hex_label) <= U.rules(st).stacking_limit(st, hex_label)  # type: ignore[no-any-return]


def supplied_german(st: State, hex_label: str) -> bool:
    """18.33 a supplied German unit in the hex."""
    return any(
        not U.info(st, uid).hq and supply.in_supply(st, uid)
        for uid in G.german_units_in(st, hex_label)
    )


# --- which box a new marker takes (18.33, 18.43, AV7) -------------------------------------


def box_for(st: State, hex_label: str, with_units: bool) -> str | None:
    """The lowest box whose marker may be placed in ``hex_label`` now (18.33): off the
    map and never removed, or removed before this Central Powers Movement Phase and
    placed with a German Gruppe or supplied German unit; a numbered box for units
    (18.43) unless extra markers hold them (AV7 (b)); a new extra marker when no box
    may be used (18.0).  None: no marker may be placed there."""
    returning_ok = bool(G.at(st, hex_label)) or supplied_german(st, hex_label)
    for box in G.off_map(st):
        if not G.returnable(st, box):
            continue
        if G.was_removed(st, box) and not returning_ok:
            continue
        if with_units and not G.holds_units(st, box):
            continue
        return box
    if with_units and not D.option(st, G.EXTRA_OPTION):
        return None
    return "new"


def _take_box(st: State, hex_label: str, with_units: bool) -> str:
    box = box_for(st, hex_label, with_units)
    assert box is not None, hex_label
    return G.new_extra(st) if box == "new" else box


# --- Movement Points of a marker (18.24) ----------------------------------------------------


def dummy_allowance(st: State) -> int:
    """A dummy's Movement Allowance (provisional): ``[special] dummy_movement``, else the
    largest Movement Allowance of the German combat units in the game."""
    given = D.data(st).dummy_movement
    if given is not None:
        return int(given)
    found = [
        max(ui.movement)
        for uid, ui in U.static(st).units.items()
        if G.hides(st, uid) and G.combat_unit(st, uid) and ui.movement
    ]
    return max(found, default=1)


def allowance(st: State, box: str) -> int:
    """18.24 a Gruppe's Movement Allowance: its slowest unit's (a dummy's, provisional)."""
    units = G.contents(st, box)
    if not units:
        return dummy_allowance(st)
    rules = U.rules(st)
    return min(int(rules.allowance(st, uid)) for uid in units)


def member_left(st: State, frame: Frame, uid: str) -> int:
    """Movement Points a unit in a Gruppe has left: none when a rule keeps it still this
    phase (10.4 out of Command Control, a game's rule), else its own (5.14)."""
    rules = U.rules(st)
    if not command.may_move(st, uid):
        return 0
    if super(GruppeMembers, rules).movement_refusal(st, uid) is not None:
        return 0
    return unit_mp_left(st, frame, uid)


def mp_left(st: State, frame: Frame, box: str) -> int:
    """18.24 what marker ``box`` may still move this phase: the least its units have
    left, and no more than its allowance less what the marker has moved."""
    own: int = allowance(st, box) - frame.get(SPENT, {}).get(box, 0)
    return min([own, *(member_left(st, frame, uid) for uid in G.contents(st, box))])


def fresh(st: State, frame: Frame, box: str) -> bool:
    """5.17: neither the marker nor any of its units has spent a Movement Point."""
    if frame.get(SPENT, {}).get(box, 0):
        return False
    return not any(uid in frame["spent"] for uid in G.contents(st, box))


def _table_unit(st: State, box: str) -> str | None:
    """The unit whose move table prices the marker's moves: its slowest unit; for a
    dummy the first German combat unit of the counter mix (their column, 5.4)."""
    units = G.contents(st, box)
    if units:
        rules = U.rules(st)
        return min(units, key=lambda uid: (rules.allowance(st, uid), uid))
    for uid in U.static(st).units:
        if G.hides(st, uid) and G.combat_unit(st, uid):
            return uid  # type: ignore[no-any-return]
    return None


def barred_by_zoc(st: State, box: str) -> bool:
    """18.42 dummies and HQ-only Gruppen never move into an Enemy-controlled hex."""
    return G.kind(st, box) in ("dummy", "hq")


def reach(st: State, frame: Frame, box: str) -> Reach:
    """Hexes marker ``box`` can reach now, with their paths and costs."""
    spent = (frame.get(SPENT, {}), frame["spent"])
    key = ("gruppe_reach", box, U.revision(st), content_key(spent))
    return st.memo(key, lambda: _reach(st, frame, box))  # type: ignore[no-any-return]


def _reach(st: State, frame: Frame, box: str) -> Reach:
    rep = _table_unit(st, box)
    left = mp_left(st, frame, box)
    if rep is None or left <= 0:
        return Reach()
    side = G.side(st)
    enemy_zoc = zoc.enemy_controlled(st, side)
    units = G.contents(st, box)
    strong = [uid for uid in units if U.printed_attack(st, uid) > 0]
    blocked = blocked_for(st, strong[0]) if strong else blocked_hexes(st, side)
    if barred_by_zoc(st, box):
        blocked = blocked | enemy_zoc  # 18.42
    costs = U.rules(st).movement_table(st, rep)
    here = G.markers(st)[box]["hex"]
    return reach_over(costs, here, left, fresh(st, frame, box), blocked, enemy_zoc)


# --- the actions ----------------------------------------------------------------------------


def _unit_actions(st: State, uid: str) -> list[Action]:
    here = U.record(st, uid)["hex"]
    box = G.marker_of(st, uid)
    out: list[Action] = []
    if box is None:
        if why_not_hide(st, uid) is not None:
            return []
        if room(st, here) and box_for(st, here, True) is not None:
            out.append({"type": FORM, "unit": uid})
    else:
        out.append({"type": LEAVE, "unit": uid})
        if len(G.contents(st, box)) > 1 and box_for(st, here, True) is not None:
            out.append({"type": SPLIT, "unit": uid})
    if room(st, here):
        for other in G.at(st, here):
            if other != box and G.holds_units(st, other):
                out.append({"type": JOIN, "unit": uid, "gruppe": other})
    return out


def why_not_hide(st: State, uid: str) -> Why | None:
    """Why a unit in view may not go under a marker now, or None."""
    ui = U.info(st, uid)
    if not G.hides(st, uid):
        return f"{ui.name} is not German: only German units hide under Gruppen", "hindenburg 18.0"
    if U.record(st, uid)["status"] != "on_map":
        return f"{ui.name} is not on the map", "hindenburg 18.11"
    if U.has_marker(st, uid, ENTRAINED):
        return f"{ui.name} is entrained: it moves only by rail until it detrains", "5.33"
    return None


def _marker_actions(st: State, frame: Frame) -> list[Action]:
    out: list[Action] = []
    selected = frame.get(SELECTED)
    for box, m in sorted(G.markers(st).items(), key=lambda kv: int(kv[0])):
        here = m["hex"]
        if room(st, here):
            for into in G.at(st, here):
                if into != box and (not m["units"] or G.holds_units(st, into)):
                    out.append({"type": MERGE, "gruppe": box, "into": into})
        if box != selected and mp_left(st, frame, box) > 0:
            out.append({"type": SELECT, "gruppe": box})
    if selected is not None and selected in G.markers(st):
        r = reach(st, frame, selected)
        for to in sorted(r.cost):
            out.append(
                {"type": MOVE, "gruppe": selected, "to": to, "path": r.path(to), "cost": r.cost[to]}
            )
    return out


def dummy_hexes(st: State) -> list[str]:
    """Hexes a dummy may be placed in now (18.0, 18.33, 18.42)."""
    side = G.side(st)
    enemy_zoc = zoc.enemy_controlled(st, side)
    candidates = set(G.hexes(st))
    candidates.update(U.record(st, uid)["hex"] for uid in U.on_map(st, side) if G.hides(st, uid))
    return sorted(h for h in candidates if h not in enemy_zoc and box_for(st, h, False) is not None)


def free_actions(st: State, frame: Frame) -> list[Action]:
    """Every Gruppen action open now (18.11, 18.21-18.24)."""
    if not cp_segment(st, frame):
        return []
    out: list[Action] = []
    for uid in U.on_map(st, G.side(st)):
        if G.hides(st, uid):
            out.extend(_unit_actions(st, uid))
    out.extend({"type": DUMMY, "hex": h} for h in dummy_hexes(st))
    out.extend(_marker_actions(st, frame))
    return out


# --- carrying them out --------------------------------------------------------------------


def _cp_log(st: State, text: str, case: str) -> None:
    """A Gruppen action, logged for the Central Powers only (18.12)."""
    st.log(text, case=case, to=[G.side(st)])


def _public(st: State, text: str, case: str) -> None:
    """What the map shows of a Gruppen action (a marker appears, moves, leaves)."""
    st.log(text, case=case)


def _name(st: State, uid: str) -> str:
    return U.info(st, uid).name  # type: ignore[no-any-return]


def _label(st: State, box: str) -> str:
    m = G.markers(st)[box]
    return f"Gruppe {box} ({m['handle']})"


def _placed(st: State, box: str, hex_label: str) -> None:
    handle = G.markers(st)[box]["handle"]
    text = f"The Central Powers place a Gruppe marker ({handle}) in {hex_label}."
    _public(st, text, "hindenburg 18.11")


def apply(st: State, frame: Frame, action: Action) -> None:
    kind_ = action["type"]
    {
        FORM: _form,
        JOIN: _join,
        LEAVE: _leave,
        SPLIT: _split,
        MERGE: _merge,
        DUMMY: _dummy,
        SELECT: _select,
        MOVE: _move,
    }[kind_](st, frame, action)


def _form(st: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    here = U.record(st, uid)["hex"]
    box = _take_box(st, here, True)
    G.place(st, box, here, [uid])
    _cp_log(st, f"{_name(st, uid)} goes under {_label(st, box)} in {here}.", CASES[FORM])
    _placed(st, box, here)


def _join(st: State, frame: Frame, action: Action) -> None:
    uid, into = action["unit"], action["gruppe"]
    came_from = G.release(st, uid)
    G.conceal(st, into, uid)
    whence = f" from Gruppe {came_from}" if came_from is not None else ""
    _cp_log(st, f"{_name(st, uid)} joins {_label(st, into)}{whence}.", CASES[JOIN])


def _leave(st: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    box = G.release(st, uid)
    assert box is not None
    if uid in frame["done"]:
        frame["done"].remove(uid)  # it may move on alone with what it has left (18.24)
    left = "" if G.contents(st, box) else "; the marker stays, a dummy"
    _cp_log(st, f"{_name(st, uid)} leaves {_label(st, box)}, in view{left}.", CASES[LEAVE])


def _split(st: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    here = U.record(st, uid)["hex"]
    old = G.release(st, uid)
    box = _take_box(st, here, True)
    G.place(st, box, here, [uid])
    _cp_log(
        st, f"Gruppe {old} splits: {_name(st, uid)} goes under {_label(st, box)}.", CASES[SPLIT]
    )
    _placed(st, box, here)


def _merge(st: State, frame: Frame, action: Action) -> None:
    box, into = action["gruppe"], action["into"]
    handle = G.markers(st)[box]["handle"]
    here = G.markers(st)[box]["hex"]
    if G.known(st, box):
        G.learn_real(st, into)  # the enemy saw the real marker go into the other
    if box in G.seen(st):
        G.note_seen(st, into)  # AV4 (a): its units were in contact this phase
    units = G.take_off(st, box)
    for uid in units:
        G.conceal(st, into, uid)
    names = ", ".join(_name(st, u) for u in units) or "a dummy"
    _cp_log(st, f"Gruppe {box} ({names}) combines with {_label(st, into)}.", CASES[MERGE])
    _public(st, f"A Gruppe marker ({handle}) is taken off the map in {here}.", CASES[MERGE])
    if frame.get(SELECTED) == box:
        frame[SELECTED] = None


def _dummy(st: State, frame: Frame, action: Action) -> None:
    here = action["hex"]
    box = _take_box(st, here, False)
    G.place(st, box, here, [])
    _cp_log(st, f"A dummy, {_label(st, box)}, is placed in {here}.", CASES[DUMMY])
    _placed(st, box, here)


def _select(st: State, frame: Frame, action: Action) -> None:
    frame[SELECTED] = action["gruppe"]


def _move(st: State, frame: Frame, action: Action) -> None:
    box = action["gruppe"]
    r = reach(st, frame, box)
    path = r.path(action["to"])
    cost = r.cost[action["to"]]
    start = G.markers(st)[box]["hex"]
    units = G.contents(st, box)
    rules = U.rules(st)
    for uid in units:
        _displace_hqs(st, uid, path)  # 10.52, as the units themselves would
        U.place(st, uid, path[-1])
        frame["spent"][uid] = frame["spent"].get(uid, 0) + cost
        U.record(st, uid)["moved_turn"] = st.data["turn"]
    if bool(D.option(st, G.AV4_OPTION)) and G.kind(st, box) == "zoc":
        _watch_path(st, box, path)  # AV4 (a): adjacent on the way
    G.move(st, box, path[-1])
    spent = frame.setdefault(SPENT, {})
    spent[box] = spent.get(box, 0) + cost
    for uid in units:
        rules.entered_hexes(st, uid, path)  # control of rail hexes and cities (AV14 (a))
    route = "→".join([start, *path])
    names = ", ".join(_name(st, u) for u in units) or "a dummy"
    _cp_log(
        st,
        f"{_label(st, box)} ({names}) moves {route}, {cost} MP ({mp_left(st, frame, box)} left).",
        CASES[MOVE],
    )
    _public(st, f"A Gruppe marker ({G.markers(st)[box]['handle']}) moves {route}.", CASES[MOVE])


def _watch_path(st: State, box: str, path: list[str]) -> None:
    """AV4 (a): the Gruppe passed next to a Russian combat unit on its way."""
    board = U.static(st).scenario.board
    side = G.side(st)
    for h in path:
        for n in board.neighbours[h]:
            if any(U.info(st, u).side != side and G.combat_unit(st, u) for u in U.units_in(st, n)):
                G.note_seen(st, box)
                return


# --- refusals -------------------------------------------------------------------------------


def explain(st: State, frame: Frame, action: Action) -> Why:
    kind_ = action.get("type")
    case = CASES.get(str(kind_), "hindenburg 18.11")
    if not G.active(st):
        return "hidden movement (18.0) is not in play in this game", "hindenburg 18.0"
    if not cp_segment(st, frame):
        return (
            "Gruppen are formed and moved only in the Central Powers Movement Phase",
            "hindenburg 18.11",
        )
    if kind_ in (FORM, JOIN, LEAVE, SPLIT):
        return _why_not_unit(st, frame, action, case)
    if kind_ in (MERGE, SELECT, MOVE):
        return _why_not_marker(st, frame, action, case)
    if kind_ == DUMMY:
        return _why_not_dummy(st, action)
    return f"{kind_!r} is not a Gruppen action", case


def _why_not_unit(st: State, frame: Frame, action: Action, case: str) -> Why:
    uid = action.get("unit")
    if not isinstance(uid, str) or uid not in st.data["units"]:
        return f"there is no unit {uid!r}", case
    why = why_not_hide(st, uid) if action["type"] != LEAVE else None
    if why is not None:
        return why
    if U.record(st, uid)["status"] != "on_map":
        return f"{_name(st, uid)} is not on the map", case
    here = U.record(st, uid)["hex"]
    box = G.marker_of(st, uid)
    kind_ = action["type"]
    if kind_ in (LEAVE, SPLIT) and box is None:
        return f"{_name(st, uid)} is in no Gruppe", case
    if kind_ == FORM and box is not None:
        return f"{_name(st, uid)} is already in Gruppe {box}", case
    if kind_ == SPLIT and len(G.contents(st, box or "")) < 2:
        return f"Gruppe {box} holds {_name(st, uid)} alone: nothing to split", case
    if kind_ in (FORM, JOIN) and not room(st, here):
        return f"{here} is over its stacking limit", "hindenburg 18.11"
    if kind_ == JOIN:
        into = action.get("gruppe")
        if into not in G.markers(st) or G.markers(st)[str(into)]["hex"] != here:
            return f"there is no Gruppe {into!r} in {here}", case
        if into == box:
            return f"{_name(st, uid)} is already in Gruppe {box}", case
        if not G.holds_units(st, str(into)):
            return _extra_refusal(str(into))
    if kind_ in (FORM, SPLIT) and box_for(st, here, True) is None:
        return _no_box(st, here)
    return f"{_name(st, uid)}: that is not how the action is given", case


def _extra_refusal(box: str) -> Why:
    return (
        f"marker {box} is one of the extra markers beyond the display's numbered boxes:"
        " it is a dummy only (AV7)",
        "hindenburg 18.43",
    )


def _no_box(st: State, hex_label: str) -> Why:
    numbered = [b for b in G.off_map(st) if not G.is_extra(st, b)]
    waiting = [b for b in numbered if not G.returnable(st, b)]
    if waiting:
        return (
            f"the markers of boxes {', '.join(waiting)} were removed this phase: they come"
            " back in a later Central Powers Movement Phase",
            "hindenburg 18.33",
        )
    if numbered:
        return (
            f"the markers of boxes {', '.join(numbered)} were removed: one comes back only"
            f" with a German Gruppe or a supplied German unit, which {hex_label} lacks",
            "hindenburg 18.33",
        )
    return (
        "every numbered box of the Hidden Unit Display is on the map; the extra markers"
        " are dummies only (AV7)",
        "hindenburg 18.43",
    )


def _why_not_marker(st: State, frame: Frame, action: Action, case: str) -> Why:
    box = action.get("gruppe")
    if box not in G.markers(st):
        return f"there is no Gruppe marker {box!r} on the map", case
    box = str(box)
    here = G.markers(st)[box]["hex"]
    kind_ = action["type"]
    if kind_ == MERGE:
        into = action.get("into")
        if into == box or into not in G.markers(st) or G.markers(st)[str(into)]["hex"] != here:
            return f"there is no other Gruppe {into!r} in {here}", case
        if not room(st, here):
            return f"{here} is over its stacking limit", case
        return _extra_refusal(str(into))
    if mp_left(st, frame, box) <= 0:
        return f"Gruppe {box} has no Movement Points left this phase", "hindenburg 18.24"
    if kind_ == SELECT:
        if frame.get(SELECTED) == box:
            return f"Gruppe {box} is already selected", case
        return f"Gruppe {box} cannot enter any adjacent hex", case
    if frame.get(SELECTED) != box:
        return f"select Gruppe {box} before moving it", case
    return _why_not_move_to(st, frame, box, action)


def _why_not_move_to(st: State, frame: Frame, box: str, action: Action) -> Why:
    to = action.get("to")
    if not isinstance(to, str) or not U.static(st).scenario.board.on_map(to):
        return f"{to!r} is not a hex on this map", "5.0"
    if to in blocked_hexes(st, G.side(st)):
        return f"{to} holds an Enemy unit or fortress", "5.13"
    if barred_by_zoc(st, box) and to in zoc.enemy_controlled(st, G.side(st)):
        what = "a dummy" if G.kind(st, box) == "dummy" else "an HQ-only Gruppe"
        return (
            f"Gruppe {box} is {what}: it may not move into the Enemy-controlled hex {to}",
            "hindenburg 18.42",
        )
    r = reach(st, frame, box)
    if to in r.cost:
        return (
            f"Gruppe {box} reaches {to} for {r.cost[to]} MP by {'→'.join(r.path(to))};"
            " the action gives another path or cost",
            "5.12",
        )
    return (
        f"Gruppe {box} cannot reach {to}: {mp_left(st, frame, box)} MP left (its slowest"
        " unit's, 18.24)",
        "hindenburg 18.24",
    )


def _why_not_dummy(st: State, action: Action) -> Why:
    h = action.get("hex")
    if not isinstance(h, str) or not U.static(st).scenario.board.on_map(h):
        return f"{h!r} is not a hex on this map", "hindenburg 18.0"
    side = G.side(st)
    if h in zoc.enemy_controlled(st, side):
        return f"{h} is Enemy-controlled: no dummy may be placed there", "hindenburg 18.42"
    if not G.at(st, h) and not G.german_units_in(st, h):
        return f"a dummy is placed with a German unit or Gruppe; {h} has none", "hindenburg 18.0"
    return (
        "every marker that may be used is on the map or was removed this phase; one removed"
        " comes back in a later Central Powers Movement Phase with a German Gruppe or a"
        " supplied German unit",
        "hindenburg 18.33",
    )


class GruppenMoves(MovementExtension):
    """18.1-18.2 the Gruppen actions of the Central Powers Movement Segment."""

    action_types: ClassVar[frozenset[str]] = ACTIONS
    moves_units: ClassVar[bool] = False  # joining, leaving ... move no unit

    def setup(self, st: State, frame: Frame) -> None:
        if cp_segment(st, frame):
            frame.setdefault(SELECTED, None)
            frame.setdefault(SPENT, {})
            G.begin_phase(st)  # 18.33 markers removed before now may come back

    def holds(self, st: State, uid: str) -> bool:
        """18.24 a unit in a Gruppe makes no move of its own (it moves with its marker)."""
        return G.active(st) and G.marker_of(st, uid) is not None

    def segment_actions(self, st: State, frame: Frame) -> list[Action]:
        return free_actions(st, frame)

    def apply(self, st: State, frame: Frame, action: Action) -> None:
        apply(st, frame, action)

    def explain(self, st: State, frame: Frame, action: Action) -> Why:
        return explain(st, frame, action)

    def close(self, st: State, frame: Frame) -> None:
        """The Russian Movement Segment ends: an HQ-only Gruppe a Russian unit stands next
        to is revealed and placed (18.32) before 10.52 would displace its HQ."""
        if G.active(st) and frame.get("side") != G.side(st):
            hq_only_in_contact(st)

    def explain_select(self, st: State, frame: Frame, uid: str) -> Why | None:
        box = G.marker_of(st, uid)
        if box is None:
            return None
        return (
            f"{_name(st, uid)} is in Gruppe {box}: it moves with its marker (gruppe_move),"
            " or leaves it first",
            "hindenburg 18.24",
        )

    def prompt_note(self, st: State, frame: Frame, uid: str | None) -> str:
        if not cp_segment(st, frame):
            return ""
        on = len(G.markers(st))
        selected = frame.get(SELECTED)
        note = f"Gruppen: {on} marker(s) on the map"
        if selected in G.markers(st):
            note += f"; Gruppe {selected} selected ({mp_left(st, frame, selected)} MP left)"
        return note + "."


GRUPPEN_MOVES = GruppenMoves()


class GruppeMembers:
    """The units under the markers, as the rules object's part (18.24): they move with
    their marker."""

    def movement_refusal(self, st: State, uid: str) -> tuple[str, str] | None:
        """18.24 a unit in a Gruppe moves only with its marker."""
        box = G.marker_of(st, uid) if G.active(st) else None
        if box is not None:
            return (
                f"{U.info(st, uid).name} is in Gruppe {box}: it moves with its marker"
                " (gruppe_move), or leaves it first",
                "hindenburg 18.24",
            )
        return super().movement_refusal(st, uid)  # type: ignore[misc, no-any-return]

    def entrain_refusal(self, st: State, frame: Frame, uid: str) -> tuple[str, str] | None:
        """18.24 a unit in a Gruppe does not entrain (it moves with its marker)."""
        why = self.movement_refusal(st, uid)
        if why is not None and G.active(st) and G.marker_of(st, uid) is not None:
            return why
        return super().entrain_refusal(st, frame, uid)  # type: ignore[misc, no-any-return]


def describe(st: State, box: str) -> dict[str, Any]:
    """A marker as its owner sees it (for prompts and the computer player)."""
    m = G.markers(st)[box]
    return {"box": box, "hex": m["hex"], "units": list(m["units"]), "kind": G.kind(st, box)}
