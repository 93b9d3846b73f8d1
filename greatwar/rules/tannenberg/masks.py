"""Masking counters (16.1): what they are, what they hide, and the moves that place,
carry and reveal them.  The rules of masking are :mod:`masking`'s; this module is what
every other module asks of masks.

How masks are represented (every module relies on this):

* **Masking counters are pseudo-units.**  The static tables create, per side,
  ``mask-<side>-<n>`` for ``n`` = 1 .. the scenario's number of masking
  counters (:func:`mask_count`), of type ``"mask"`` (:data:`MASK`), with a
  movement allowance of 4 (16.2.6) and a control zone (16.2.5: type ``mask``
  is not among the types without one).  Their records sit in
  ``state.data["units"]`` like every unit's: status ``"card"`` while on the
  MASKING card (16.1.1), ``"on_map"`` with a hex when placed.  A placed
  mask's record also holds ``handle`` — the anonymous id the enemy sees, new
  at every placement, so it tells nothing of the mask's number (16.2.1) —
  and ``role``, the role that placed it.
* **A masked unit keeps its hex** and its status ``on_map``; its record holds
  ``mask``, the id of the masking counter hiding it.  So occupancy, zones of
  control, supply, command and stacking keep working on it unchanged.  Only
  what the enemy is *told* changes (:mod:`fog`, :mod:`views`).  A mask whose
  units are all gone is an empty mask.

This module works on the shared pieces machinery (:mod:`greatwar.rules.pieces`)
directly: :mod:`units`, whose losses are logged according to masks, stands above it.
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from typing import TYPE_CHECKING, Any

from greatwar.model.schema import StepValues
from greatwar.rules import pieces as P
from greatwar.rules.tannenberg import seats
from greatwar.rules.tannenberg.static import UnitInfo
from greatwar.rules.tannenberg.tables import constant

if TYPE_CHECKING:
    from greatwar.engine.state import Game, State
    from greatwar.model.loader import Scenario

MASK = "mask"
#: status of a masking counter on its side's MASKING card (16.1.1)
CARD = "card"
#: the scenario's ``special`` key giving the number of masking counters (an int for
#: each side, or a table side -> int)
COUNT_KEY = "masking_counters"
#: masking counters per side when the scenario does not say (provisional)
DEFAULT_MASKS = 8
#: the note in a masked unit's record naming its mask
NOTE = "mask"


# --- the counters -----------------------------------------------------------------------


def mask_count(scenario: Scenario, side: str) -> int:
    """16.1.1 how many masking counters ``side`` has (scenario ``special.masking_counters``;
    :data:`DEFAULT_MASKS`, provisional, when not given)."""
    value = scenario.file.special.get(COUNT_KEY, DEFAULT_MASKS)
    if isinstance(value, dict):
        value = value.get(side, DEFAULT_MASKS)
    return int(value)


def mask_id(side: str, number: int) -> str:
    return f"{MASK}-{side}-{number}"


def mask_infos(scenario: Scenario) -> dict[str, UnitInfo]:
    """The masking counters of both sides as pseudo-units for the static tables."""
    allowance = int(constant("mask_movement"))  # 16.2.6
    out: dict[str, UnitInfo] = {}
    for side in scenario.sides:
        for n in range(1, mask_count(scenario, side.id) + 1):
            uid = mask_id(side.id, n)
            out[uid] = UnitInfo(
                id=uid,
                name=f"Masking counter {n}",
                side=side.id,
                nationality="",
                type=MASK,
                size="none",
                corps="",
                division="",
                army="",
                levels=(StepValues(movement=allowance),),
                hq=False,
                hq_level=None,
                activity="",
                setup=None,
                arrive_turn=None,
                arrive_entry=None,
                arrive_entrained=False,
            )
    return out


def add_initial_data(game: Game, data: dict[str, Any]) -> None:
    """Every masking counter starts on its MASKING card (16.1.1); no handle given yet."""
    for uid, ui in game.static.units.items():
        if ui.type == MASK:
            data["units"][uid] = {"hex": None, "status": CARD, "level": 0, "lost": 0, "markers": []}
    data["masking"] = {"handles": {side.id: 0 for side in game.scenario.sides}, "plan": {}}


# --- queries ----------------------------------------------------------------------------


def mask_ids(st: State, side: str) -> list[str]:
    """Every masking counter of ``side``, in number order."""
    return st.memo(  # type: ignore[no-any-return]
        ("mask_ids", side),
        lambda: [
            uid for uid, ui in P.static(st).units.items() if ui.type == MASK and ui.side == side
        ],
    )


def is_mask(st: State, uid: str) -> bool:
    return st.game.static.units[uid].type == MASK  # type: ignore[no-any-return]


def on_map_masks(st: State, side: str) -> list[str]:
    units = st.data["units"]
    return [m for m in mask_ids(st, side) if units[m]["status"] == "on_map"]


def _contents_table(st: State, side: str) -> dict[str, list[str]]:
    units = st.data["units"]
    table: dict[str, list[str]] = {m: [] for m in on_map_masks(st, side)}
    for uid in P.on_map(st, side):
        mask = units[uid].get(NOTE)
        if mask in table and units[mask]["hex"] == units[uid]["hex"]:
            table[mask].append(uid)
    return table


def contents_table(st: State, side: str) -> dict[str, list[str]]:
    """Each on-map mask of ``side`` -> the units it hides (counter order)."""
    return P.cached(st, "mask_contents", lambda s: _contents_table(s, side), side)  # type: ignore[no-any-return]


def contents(st: State, mask: str) -> list[str]:
    """The units ``mask`` hides (none when it is empty or on the card)."""
    return list(contents_table(st, P.info(st, mask).side).get(mask, []))


def is_empty(st: State, mask: str) -> bool:
    return not contents(st, mask)


def is_empty_mask(st: State, uid: str) -> bool:
    """``uid`` is a masking counter on the map hiding no unit."""
    return is_mask(st, uid) and st.data["units"][uid]["status"] == "on_map" and is_empty(st, uid)


def mask_of(st: State, uid: str) -> str | None:
    """The masking counter hiding ``uid``, or None."""
    mask = st.data["units"][uid].get(NOTE)
    if mask is None:
        return None
    side = P.info(st, uid).side
    return mask if uid in contents_table(st, side).get(mask, ()) else None


def is_masked(st: State, uid: str) -> bool:
    """The unit is hidden under a masking counter (16.1.2)."""
    return mask_of(st, uid) is not None


def masked_units(st: State, side: str) -> set[str]:
    """The units of ``side`` hidden under its masking counters now (each :func:`is_masked`),
    read off the masks' contents at once."""
    return {uid for inside in contents_table(st, side).values() for uid in inside}


def masks_in(st: State, hex_label: str, side: str | None = None) -> list[str]:
    """On-map masking counters in a hex (of one side or both)."""
    return [
        uid
        for uid in P.units_in(st, hex_label)
        if is_mask(st, uid) and (side is None or P.info(st, uid).side == side)
    ]


def handle(st: State, mask: str) -> str:
    """The anonymous id of a placed mask (what the enemy sees, 16.2.1)."""
    return st.data["units"][mask]["handle"]  # type: ignore[no-any-return]


def by_handle(st: State, public: str) -> str | None:
    """The mask placed under the anonymous id ``public``, if it is on the map."""
    for side in P.static(st).side_ids:
        for m in on_map_masks(st, side):
            if st.data["units"][m].get("handle") == public:
                return m
    return None


def visible_to(st: State, uid: str, role: str) -> bool:
    """Whether ``role`` may see which unit ``uid`` is: its own side's pieces always (a
    partner's too), the enemy's unless it is a mask or hidden under one (16.2.1)."""
    if P.info(st, uid).side == seats.side_of_role(role):
        return True
    return not is_mask(st, uid) and not is_masked(st, uid)


def public_name(st: State, uid: str) -> str:
    """How the enemy names a piece: a mask as an anonymous masked stack numbered as its
    anonymous id ("German masked stack 3", never the id itself), a unit by its name.  A
    mask not placed (on its card, 16.1.2) has no anonymous id and no enemy sees it: its
    counter's name."""
    if is_mask(st, uid):
        public = st.data["units"][uid].get("handle")
        if public is not None:
            return handle_name(public)
    return P.info(st, uid).name  # type: ignore[no-any-return]


def handle_name(public: str | None) -> str:
    """A mask's anonymous id in words: "german-masked-3" -> "German masked stack 3"."""
    side, _, number = str(public).rpartition("-masked-")
    return f"{side.capitalize()} masked stack {number}" if side else "a masked stack"


def private_name(st: State, uid: str) -> str:
    """How the owner names a piece: a mask with its number and what it hides."""
    if not is_mask(st, uid):
        return P.info(st, uid).name  # type: ignore[no-any-return]
    inside = contents(st, uid)
    what = f"hiding {', '.join(P.info(st, u).name for u in inside)}" if inside else "empty"
    return f"{P.info(st, uid).name} ({what})"


def invariants(st: State) -> list[str]:
    """Broken rules of masking: a unit noted under a mask must stand on the map in that
    mask's hex (else it was moved without its mask: use :func:`place_piece`), and a mask
    on the map has a public id; one on the card has none."""
    broken = []
    units = st.data["units"]
    for uid in P.static(st).units:
        u = units[uid]
        mask = u.get(NOTE)
        if mask is not None and u["status"] == "on_map":
            m = units[mask]
            if m["status"] != "on_map" or m["hex"] != u["hex"]:
                broken.append(f"{uid} in {u['hex']} is noted under {mask}, which is not there")
        if P.info(st, uid).type == MASK and (u["status"] == "on_map") != ("handle" in u):
            broken.append(f"{uid} ({u['status']}) has a public id: {u.get('handle')!r}")
    return broken


# --- placing, carrying, revealing ------------------------------------------------------


def place_piece(st: State, uid: str, hex_label: str) -> None:
    """Put a piece in a hex: a mask carries the units it hides (they keep its hex)."""
    inside = contents(st, uid) if is_mask(st, uid) else []
    P.place(st, uid, hex_label)
    for hidden in inside:
        P.place(st, hidden, hex_label)


def put_mask(st: State, mask: str, hex_label: str, hidden: Seq[str], role: str) -> None:
    """Place a masking counter from the card on ``hex_label`` over ``hidden`` (16.1.2) —
    none for an empty one (16.2.3) — with a new anonymous id."""
    side = P.info(st, mask).side
    handles = st.data["masking"]["handles"]
    handles[side] += 1
    P.place(st, mask, hex_label)
    P.set_note(st, mask, "handle", f"{side}-masked-{handles[side]}")
    P.set_note(st, mask, "role", role)
    for uid in hidden:
        P.set_note(st, uid, NOTE, mask)


def to_card(st: State, mask: str) -> list[str]:
    """The mask goes back to its MASKING card; its units stay in the hex, unmasked."""
    inside = contents(st, mask)
    for uid in inside:
        P.set_note(st, uid, NOTE, None)
    P.set_status(st, mask, CARD)
    P.set_note(st, mask, "handle", None)
    P.set_note(st, mask, "role", None)
    return inside


def _names(st: State, uids: Seq[str]) -> str:
    return ", ".join(P.info(st, u).name for u in uids)


def as_revealed(st: State, masks: Seq[str]) -> State:
    """A copy of ``st`` in which the masks are revealed (their units unmasked, an empty
    one removed), logging nothing: the board as a clash will be fought once 16.2.9 has
    revealed its masks, for previews.  ``st`` itself is unchanged."""
    world = st.clone()
    for mask in masks:
        if world.data["units"][mask]["status"] == "on_map":
            to_card(world, mask)
    return world


def reveal(st: State, uid: str, case: str, why: str = "") -> list[str]:
    """16.3.1 a masking counter is revealed — ``uid`` is the mask or a unit it hides: it
    returns to the card and the units it hid stand in its hex (an empty one is simply
    removed).  Public; nothing before it can be undone.  Returns the units revealed."""
    mask = uid if is_mask(st, uid) else mask_of(st, uid)
    if mask is None or st.data["units"][mask]["status"] != "on_map":
        return []
    where = st.data["units"][mask]["hex"]
    name = public_name(st, mask)
    inside = to_card(st, mask)
    st.mark_irreversible()
    because = f" ({why})" if why else ""
    if inside:
        st.log(f"The {name} in {where} is revealed{because}: {_names(st, inside)}.", case=case)
    else:
        st.log(
            f"The {name} in {where} is revealed{because}: it was empty and is removed.", case=case
        )
    return inside


def reveal_hex(st: State, hex_label: str, side: str, case: str, why: str = "") -> list[str]:
    """Reveal every masking counter of ``side`` in a hex (16.3.4, 16.2.9)."""
    revealed: list[str] = []
    for mask in sorted(masks_in(st, hex_label, side), key=lambda m: handle(st, m)):
        revealed.extend(reveal(st, mask, case, why))
    return revealed
