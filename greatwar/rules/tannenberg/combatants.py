"""Who fights in the clash phase (9.1), and the small helpers every part of a clash uses.

A clash takes *pieces*: masking counters (16.2.5: they fight like units; the
units they hide are revealed in the clash, 16.2.9) and fighting units not
hidden under one — infantry and cavalry, not artillery, HQs or supply trains,
which support, command or follow.  A *clash hex* of a side is a hex holding
pieces of that side not yet in a clash this stage (9.1.5), or a garrisoned
fortification of that side not yet in one (12.3.3: garrisons defend like
units).  A clash takes every such piece of each hex it names (9.1.8: a stack
is never split).  Whether a unit fought this stage is a note in its record
(``clash_stage``), which the rest phase may read (2.3.8, 2.3.9).

Units already in a clash this stage that stand in a hex of a new clash
(units that fled or retreated onto a friendly stack, pursuers) take no part
in it but share its fate (9.5.5): the *passengers* of the clash.

Readings where the rules are silent:

* units face each other for a clash across any hexside but a lake drawn along
  it (8.1.6: no control zone reaches across; a strait between lakes is
  crossed, 9.7.7);
* 9.5.5's shared fate (endurance lost with the stack, and a point a hex when
  the stack flees) applies to every unit that fought earlier in the stage and
  stands in a stack of a later clash, whether it came there by flight,
  retreat or pursuit: the rule's reason (it shares the hex) is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.rules.tannenberg import fortified, masks, seats, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.static import derived_table

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State
    from greatwar.model.loader import Scenario

#: unit types that never form a clash themselves (11.5, 13.1.1, 15.3.5)
SUPPORT_TYPES = frozenset({"artillery", "hq", "supply_train"})
#: hexside features no clash is fought across (8.1.6)
NO_CLASH_SIDES = frozenset({"lake_shore"})
#: the unit note naming the stage a unit last fought in a clash (9.1.5; 2.3.8 rest)
CLASH_NOTE = "clash_stage"


def case(n: str) -> str:
    return f"tannenberg {n}"


# --- map ----------------------------------------------------------------------------------


def _build_fronts(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    board = scenario.board
    return {
        a: tuple(b for b in board.neighbours[a] if not board.features(a, b) & NO_CLASH_SIDES)
        for a in board.hexes
    }


def fronts(st: State, hex_label: str) -> tuple[str, ...]:
    """9.1.4 the hexes whose units may clash with units in ``hex_label`` (adjacent, not
    across a lake)."""
    table = derived_table(U.static(st), "clash_fronts", _build_fronts)
    return table[hex_label]  # type: ignore[no-any-return]


# --- the phase frame and who has fought --------------------------------------------------


def phase_frame(st: State) -> Frame:
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "clash_phase":
            return frame  # type: ignore[no-any-return]
    raise LookupError("not in a clash phase")


def clash_frame(st: State) -> Frame:
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "clash":
            return frame  # type: ignore[no-any-return]
    raise LookupError("no clash is being fought")


def clash_key(st: State, clash: Frame) -> str:
    """The clash's name in rulings (greatwar.sim.rulings): the stage and its number."""
    return f"stage {st.data['stage']} clash {clash['n']}"


def current_clash(st: State) -> Frame | None:
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "clash":
            return frame  # type: ignore[no-any-return]
    return None


def forms_clash(st: State, uid: str) -> bool:
    """Whether the unit is of a type that fights in clashes itself (not support)."""
    return U.info(st, uid).type not in SUPPORT_TYPES


def has_fought(st: State, uid: str) -> bool:
    """9.1.5 the unit (or masking counter) has taken part in a clash this stage."""
    return U.record(st, uid).get(CLASH_NOTE) == st.data["stage"]  # type: ignore[no-any-return]


def mark_fought(st: State, uids: list[str]) -> None:
    for uid in uids:
        U.set_note(st, uid, CLASH_NOTE, st.data["stage"])


def is_piece(st: State, uid: str) -> bool:
    """A counter the enemy sees and a clash takes: a masking counter (16.2.5), or a
    fighting unit not hidden under one (a hidden unit fights with its mask)."""
    if masks.is_mask(st, uid):
        return True
    return forms_clash(st, uid) and not masks.is_masked(st, uid)


def pieces(st: State, hex_label: str, side: str) -> list[str]:
    """The pieces of ``side`` in the hex that may still take part in a clash (9.1.5,
    9.1.8: all of them together)."""
    return [
        uid
        for uid in U.units_in(st, hex_label)
        if U.info(st, uid).side == side and is_piece(st, uid) and not has_fought(st, uid)
    ]


def contents(st: State, piece: str) -> list[str]:
    """The fighting units a piece stands for: a mask's hidden units, or the unit itself."""
    if masks.is_mask(st, piece):
        return masks.contents(st, piece)
    return [piece]


def passengers(st: State, hex_label: str, side: str) -> list[str]:
    """Units of ``side`` in the hex that fought earlier this stage (9.5.5's shared fate)."""
    return [
        uid
        for uid in U.units_in(st, hex_label)
        if U.info(st, uid).side == side
        and forms_clash(st, uid)
        and not masks.is_mask(st, uid)
        and has_fought(st, uid)
    ]


def garrison_available(st: State, phase: Frame, hex_label: str, side: str) -> bool:
    """12.3.3 a garrisoned fortification of ``side`` that has not fought this phase."""
    return (
        hex_label not in phase["forts_fought"]
        and fortified.garrisoned(st, hex_label)
        and fortified.fortification_side(st, hex_label) == side
    )


def clash_sides(st: State, phase: Frame) -> dict[str, str]:
    """hex -> the side that may fight from it now (units not yet in a clash, or an unused
    garrison)."""
    key = ("tannenberg-clash-hexes", st.data["stage"], U.revision(st), len(phase["forts_fought"]))
    return st.memo(key, lambda: _clash_sides(st, phase))  # type: ignore[no-any-return]


def _clash_sides(st: State, phase: Frame) -> dict[str, str]:
    found: dict[str, str] = {}
    static = U.static(st)
    for h, ids in U.occupancy(st).items():
        side = static.units[ids[0]].side
        if pieces(st, h, side):
            found[h] = side
    for side in static.side_ids:
        for h in fortified.garrison_hexes(st, side):
            free = U.hex_side(st).get(h, side) == side
            if h not in found and free and garrison_available(st, phase, h, side):
                found[h] = side
    return found


# --- names, sides and roles ------------------------------------------------------------------


def side_name(st: State, side: str) -> str:
    for s in st.game.scenario.sides:
        if s.id == side:
            return s.name
    return side


def public_name(st: State, uid: str) -> str:
    """A piece's name as every player may read it: a mask by its anonymous id, a hidden
    unit as nothing more than hidden (16.2.1)."""
    if masks.is_mask(st, uid):
        return masks.public_name(st, uid)
    if masks.is_masked(st, uid):
        return f"a hidden {side_name(st, U.info(st, uid).side)} unit"
    return str(U.info(st, uid).name)


def names(st: State, uids: list[str]) -> str:
    return ", ".join(public_name(st, u) for u in uids) or "no unit"


def deciding_role(st: State, side: str, uids: list[str]) -> str:
    """The role that decides for ``side`` in a clash (its card, flight, retreat, pursuit)."""
    return seats.deciding_role(st, side, uids)


def side_roles(st: State, side: str) -> list[str]:
    return seats.roles_of_side(st.game, side)


def alive(st: State, uids: list[str]) -> list[str]:
    units = st.data["units"]
    return [u for u in uids if units[u]["status"] == "on_map"]


def hexes_of(st: State, uids: list[str]) -> list[str]:
    units = st.data["units"]
    return sorted({units[u]["hex"] for u in uids if units[u]["status"] == "on_map"})


# --- control zones for withdrawals ---------------------------------------------------------


def enemy_zone(st: State, side: str) -> frozenset[str]:
    """The raw control zone of ``side``'s enemy (8.1)."""
    return zoc.controlled_by(st, U.enemy_of(st, side))


def neutralised(st: State, side: str, hex_label: str, moving: list[str]) -> bool:
    """8.1.4 another friendly unit (not one of ``moving``) stands in the hex and frees it
    from enemy zones."""
    return any(
        U.info(st, u).side == side and u not in moving and zoc.neutralising(st, u)
        for u in U.units_in(st, hex_label)
    )


def in_enemy_zone(st: State, side: str, hex_label: str, moving: list[str]) -> bool:
    """The hex is in an enemy control zone that no other friendly unit neutralises
    (8.1.4; 9.3.2, 9.5.6, 9.5.7)."""
    return hex_label in enemy_zone(st, side) and not neutralised(st, side, hex_label, moving)


def with_contents(st: State, pieces_: list[str]) -> list[str]:
    """The pieces and the units hidden under the masks among them."""
    out = list(pieces_)
    for p in pieces_:
        if masks.is_mask(st, p):
            out.extend(masks.contents(st, p))
    return out
