"""16.1-16.2 Masking: masking counters hide units from the enemy.

How masks are represented, and what every module asks of them, is :mod:`masks`
(its names are also this module's).  The rules of masking are here:

* **the orders phase** (command.OrdersPhase) offers the masking choices through
  an orders hook (:func:`masking_actions`: ``mask``, ``empty_mask``,
  ``lift_mask``, ``cancel_mask``); they go into a secret plan
  (``data["masking"]["plan"]``) that the automatic ``masking`` step after the
  orders phase carries out (:func:`carry_out_plans`).
* **movement / reserve**: a mask is a piece that moves (allowance
  :func:`movement_allowance`; may move: :func:`command.commanded`); a masked unit
  never moves on its own (:func:`masks.is_masked`): it moves with its mask.  Move
  any piece with :func:`masks.place_piece` (it carries the mask's units).  Call
  :func:`enemy_entered_zone` for every hex a unit enters in its own movement
  phase (16.2.7 second case, 16.2.8).  15.4.2: an unsupplied masked unit
  that moves loses its endurance point as any unit does (the log entry goes
  to its owner only: :func:`fog.log_unit` does that inside
  ``units.lose_endurance``).
* **zones of control**: masks have zones (16.2.5) — include every on-map
  piece whose ``has_zoc`` is true, masks included; a masked unit's own zone
  (if any) is in the same hex.
* **stacking (7.1, 16.2.4)**: count units, never masks (:func:`masks.is_mask`); the
  masked units are counted in their hex.  Any number of masks may share a hex.
* **"lone" HQs, artillery, supply trains (13.1.5, 11.1.8, 15.3.6)**: a unit
  hidden under a mask is revealed before a lone rule acts on it (16.2.8:
  :func:`enemy_entered_zone` reveals and calls the lone rules itself).
* **clash (16.2.9)**: call :func:`masks.reveal` (or :func:`masks.reveal_hex`) on the
  attacker's masks first, then on the defender's once the attacker has
  declared all his strength.  Designate enemy pieces by hex (9.1.8), or by
  their public id (:func:`fog.public_id`), never by a masked unit's id.
* **counting units** (victory 19.3, 18.1.1): skip masks when counting units;
  the masked units are on the map in their hex.
* **logs**: about a masked unit, log with :func:`fog.log_hidden` /
  :func:`fog.log_unit` / :func:`fog.log_piece` so that only its owner
  reads it; a die roll about one with :func:`fog.roll_hidden`.

Readings where the rules are silent (also in docs):

* A masking counter may hide several units of one hex (16.3.1 speaks of the
  *units* on its space, 16.2.6 of a mask hiding only cavalry).
* In the orders phase a player may also lift his own masks (the units show
  again, an empty mask goes back to the card): otherwise masked units could
  never split up.  The masking is planned in secret and carried out when
  every player has finished (the opponent sees the result, not the order of
  the choices), and both sides mask at the same time.
* 16.2.2 also forbids placing an empty mask on a hex in an enemy control
  zone (it would be removed at the start of the next phase anyway, 16.2.7).
* An empty mask moves 4 (it hides no unsupplied unit, 15.4.1) and needs no
  command (it belongs to no corps); a mask with units moves 3 if any of them
  is unsupplied, and only if all of them are commanded (13.4.1).
* A unit hidden under a mask is on the MASKING card, not on the board: it
  cannot reconnoitre (16.3).
* A unit masked again in the same orders phase as its mask is lifted is not
  shown to the enemy; nor is he told whether a lifted mask was empty.
* 16.2.8 "lone": the mask's hex holds no unit of its side with a control zone
  (only HQs, supply trains, artillery, units on rail transport); all the masks
  there are then revealed.  Any enemy piece entering the zone counts (its
  owner cannot tell a mask from a unit).
* 16.2.1 / 15.4.2: the losses of a masked unit are logged to its owner only;
  the enemy reads that "a masked unit is eliminated" when one is (he sees the
  victory points move anyway).
* The number of masking counters is not printed in the rules: a scenario gives
  it as ``special.masking_counters``; 8 a side when it does not (provisional).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from collections.abc import Sequence as Seq
from typing import TYPE_CHECKING, Any

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.rules.tannenberg import artillery, command, fog, movement, seats, zoc
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.masks import (  # noqa: F401  (what masks are: re-exported)
    CARD,
    COUNT_KEY,
    DEFAULT_MASKS,
    MASK,
    NOTE,
    add_initial_data,
    as_revealed,
    by_handle,
    contents,
    contents_table,
    handle,
    invariants,
    is_empty,
    is_empty_mask,
    is_mask,
    is_masked,
    mask_count,
    mask_id,
    mask_ids,
    mask_infos,
    mask_of,
    masks_in,
    on_map_masks,
    place_piece,
    private_name,
    public_name,
    put_mask,
    reveal,
    reveal_hex,
    to_card,
    visible_to,
)

if TYPE_CHECKING:
    from greatwar.engine.state import State

CASE_MASK = "tannenberg 16.1.2"
CASE_EMPTY = "tannenberg 16.2.3"


# --- movement ---------------------------------------------------------------------------


#: 16.2.6 a mask's movement allowance (the movement module finds every piece's)
movement_allowance = movement.mask_allowance


# --- lifting and revealing -------------------------------------------------------------


def lift(st: State, mask: str, masked_again: Collection[str] = ()) -> None:
    """The owner takes his own mask off in the orders phase (reading of 16.1.1): what it
    hid stands unmasked — except the units he masks again at once (``masked_again``),
    which the enemy is not told of; nor is he told whether the mask was empty."""
    where = st.data["units"][mask]["hex"]
    public, private = public_name(st, mask), private_name(st, mask)
    inside = to_card(st, mask)
    shown = [u for u in inside if u not in masked_again]
    names = ", ".join(U.info(st, u).name for u in shown)
    unmasked = f": {names} now unmasked" if shown else ""
    fog.log_hidden(
        st,
        U.info(st, mask).side,
        f"The {public} in {where} is lifted{unmasked}.",
        f"{private} in {where} is lifted{unmasked}.",
        "tannenberg 16.1.1",
    )


def _zone_reaches(st: State, a: str, b: str) -> bool:
    """8.1.1 / 8.1.6 a piece in ``a`` controls ``b`` (adjacent, no lake between)."""
    return b in zoc.zone_reach(st, a)


def _has_zone_unit(st: State, hex_label: str, side: str) -> bool:
    """Whether the hex holds a unit of ``side`` with a control zone now (masks aside;
    8.1.2, 5.3.1)."""
    return any(
        U.info(st, uid).side == side and not is_mask(st, uid) and zoc.has_zone(st, uid)
        for uid in U.units_in(st, hex_label)
    )


def enemy_entered_zone(st: State, hex_entered: str, by_side: str) -> bool:
    """A unit of ``by_side`` entered ``hex_entered`` in its own movement phase (the masks'
    owner's opponent's phase): empty enemy masks whose zone it entered are removed
    (16.2.7), and masks whose hex holds only HQs, supply trains or artillery are revealed
    and the lone rules applied (16.2.8: 13.1.5, 11.1.8, 15.3.6).  The moving unit may then
    go on (it has paid the zone's extra point, 8.2.2).  Returns whether any mask went."""
    owner = U.enemy_of(st, by_side)
    board = U.static(st).scenario.board
    near = [
        m
        for h in board.neighbours[hex_entered]
        if _zone_reaches(st, h, hex_entered)
        for m in masks_in(st, h, owner)
    ]
    if not near:
        return False
    for mask in sorted(near, key=lambda m: handle(st, m)):
        if is_empty(st, mask):
            reveal(
                st, mask, "tannenberg 16.2.7", f"an enemy unit entered its zone in {hex_entered}"
            )
    exposed = sorted(
        {st.data["units"][m]["hex"] for m in near if st.data["units"][m]["status"] == "on_map"}
    )
    lone = [h for h in exposed if not _has_zone_unit(st, h, owner)]
    for h in lone:
        reveal_hex(
            st, h, owner, "tannenberg 16.2.8", f"an enemy unit entered its zone in {hex_entered}"
        )
    if lone:
        _apply_lone_rules(st, hex_entered, by_side)
    return True


def _apply_lone_rules(st: State, hex_entered: str, by_side: str) -> None:
    """16.2.8: the revealed HQs and artillery now stand alone next to an enemy unit:
    13.1.5 and 11.1.8 apply at once.  A revealed supply train has no zone: the enemy
    unit may go on into its hex, which eliminates it (15.3.6, when movement enters it:
    ``supply.train_overrun``)."""
    artillery.check_lone_artillery(st, hex_entered, by_side)
    command.check_lone_hqs(st)  # last: it may push a frame


def remove_empty_in_enemy_zones(st: State) -> None:
    """16.2.7 at the start of the reconnaissance phase every empty mask standing in an
    enemy control zone is removed (it returns to the card)."""
    for side in U.static(st).side_ids:
        zone = _enemy_zone(st, side)
        for mask in sorted(on_map_masks(st, side), key=lambda m: handle(st, m)):
            if st.data["units"][mask]["hex"] in zone and is_empty(st, mask):
                reveal(st, mask, "tannenberg 16.2.7", "an empty mask in an enemy control zone")


# --- the orders phase: masking (16.1) ---------------------------------------------------
#
# The choices are made in the orders phase (command.OrdersPhase offers them through an
# orders hook, beside the orders of 13.x) and written into a secret plan,
# ``data["masking"]["plan"]`` (role -> {"new": [{"mask", "hex", "units"}], "lift": [mask]}).
# Nothing changes on the map until every player has ended his orders; then the automatic
# ``masking`` step lifts the masks to lift and puts the new ones down at once, their
# anonymous ids given in an order that tells nothing (:func:`keyed_order`).

MASK_ACTIONS = frozenset({"mask", "empty_mask", "lift_mask", "cancel_mask"})


def keyed_order(st: State, ids: Seq[str]) -> list[str]:
    """``ids`` in an order no player can foresee or steer (a hash keyed with the game's
    secret seed and the stage), so that anonymous ids say nothing of numbers or contents."""
    seed = st.data["dice"]["seed"]
    stage = st.data["stage"]

    def key(uid: str) -> str:
        return hashlib.sha256(f"{seed}:{stage}:{uid}".encode()).hexdigest()

    return sorted(ids, key=key)


def _plans(st: State) -> dict[str, Any]:
    return st.data["masking"]["plan"]  # type: ignore[no-any-return]


def plan_of(st: State, role: str) -> dict[str, Any]:
    """The role's secret masking plan of this orders phase."""
    return _plans(st).get(role) or {"new": [], "lift": []}


def _side_plans(st: State, side: str) -> list[dict[str, Any]]:
    return [plan_of(st, r) for r in seats.roles_of_side(st.game, side)]


def free_masks(st: State, side: str) -> list[str]:
    """16.1.1 masking counters of ``side`` on the card (or planned to come off), not yet
    planned to go down (the two Russian players share their side's)."""
    plans = _side_plans(st, side)
    lifted = {m for p in plans for m in p["lift"]}
    taken = {n["mask"] for p in plans for n in p["new"]}
    units = st.data["units"]
    return [
        m
        for m in mask_ids(st, side)
        if (units[m]["status"] == CARD or m in lifted) and m not in taken
    ]


def _enemy_zone(st: State, side: str) -> frozenset[str]:
    return zoc.controlled_by(st, U.enemy_of(st, side))


def maskable(st: State, role: str) -> list[str]:
    """16.1.2 / 16.2.2 the role's units that may go under a mask now: on the map, not in
    an enemy control zone, not masked (or under a mask planned to come off), not planned."""
    side = seats.side_of_role(role)
    plan = plan_of(st, role)
    planned = {u for n in plan["new"] for u in n["units"]}
    lifted = set(plan["lift"])
    zone = _enemy_zone(st, side)
    units = st.data["units"]
    out = []
    for uid in U.on_map(st, side):
        if is_mask(st, uid) or uid in planned or units[uid]["hex"] in zone:
            continue
        if seats.role_of_unit(st, uid) != role:
            continue
        mask = mask_of(st, uid)
        if mask is None or mask in lifted:
            out.append(uid)
    return out


def empty_mask_hexes(st: State, role: str) -> list[str]:
    """16.2.3 hexes of the role's own units or HQs (masked or not), outside enemy control
    zones (16.2.2, reading)."""
    side = seats.side_of_role(role)
    zone = _enemy_zone(st, side)
    units = st.data["units"]
    hexes = {
        units[uid]["hex"]
        for uid in U.on_map(st, side)
        if not is_mask(st, uid) and seats.role_of_unit(st, uid) == role
    }
    return sorted(h for h in hexes if h not in zone)


def masking_actions(st: State, role: str) -> list[Action]:
    """The role's masking choices now (offered in the orders phase)."""
    if "masking" not in st.data:
        return []
    side = seats.side_of_role(role)
    plan = plan_of(st, role)
    free = bool(free_masks(st, side))
    units = st.data["units"]
    actions: list[Action] = []
    for uid in maskable(st, role):
        if free:
            actions.append({"type": "mask", "unit": uid})
        for new in plan["new"]:
            if new["hex"] == units[uid]["hex"]:
                actions.append({"type": "mask", "unit": uid, "mask": new["mask"]})
    if free:
        actions.extend({"type": "empty_mask", "hex": h} for h in empty_mask_hexes(st, role))
    for mask in on_map_masks(st, side):
        if seats.role_of_unit(st, mask) == role and mask not in plan["lift"]:
            actions.append({"type": "lift_mask", "mask": mask})
    actions.extend({"type": "cancel_mask", "mask": n["mask"]} for n in plan["new"])
    return actions


def apply_masking_action(st: State, role: str, action: Action) -> None:
    """Write a masking choice into the role's secret plan (nothing moves yet)."""
    kind = action["type"]
    plan = _plans(st).setdefault(role, {"new": [], "lift": []})
    side = seats.side_of_role(role)
    if kind == "mask" and "mask" in action:
        joined = next(n for n in plan["new"] if n["mask"] == action["mask"])
        joined["units"].append(action["unit"])
    elif kind == "mask":
        hex_label = st.data["units"][action["unit"]]["hex"]
        plan["new"].append(
            {"mask": free_masks(st, side)[0], "hex": hex_label, "units": [action["unit"]]}
        )
    elif kind == "empty_mask":
        plan["new"].append({"mask": free_masks(st, side)[0], "hex": action["hex"], "units": []})
    elif kind == "lift_mask":
        plan["lift"].append(action["mask"])
    elif kind == "cancel_mask":
        plan["new"] = [n for n in plan["new"] if n["mask"] != action["mask"]]


def explain_masking_action(st: State, role: str, action: Action) -> tuple[str, str | None]:
    """Why a masking choice is refused, with the case."""
    kind = action.get("type")
    side = seats.side_of_role(role)
    units = st.data["units"]
    if kind in ("mask", "empty_mask") and not free_masks(st, side):
        return "every masking counter of yours is in use", "tannenberg 16.1.1"
    if kind == "mask":
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in units:
            return f"there is no unit {uid!r}", CASE_MASK
        name = U.info(st, uid).name
        if is_mask(st, uid):  # a click on a masking counter itself
            return (
                f"{name} is a masking counter: choose a unit or HQ to hide under a mask, or"
                " an empty mask's hex",
                CASE_MASK,
            )
        if seats.role_of_unit(st, uid) != role:
            return f"{name} is not yours to mask", "tannenberg 16.1.1"
        if units[uid]["status"] != "on_map":
            return f"{name} is not on the map", CASE_MASK
        if units[uid]["hex"] in _enemy_zone(st, side):
            return (
                f"{name} stands in an enemy control zone: it may not be masked",
                "tannenberg 16.2.2",
            )
        if "mask" in action:
            return f"{name} may join only a mask you plan this phase in its own hex", CASE_MASK
        return f"{name} is already masked, or planned to be", CASE_MASK
    if kind == "empty_mask":
        h = action.get("hex")
        if isinstance(h, str) and h in _enemy_zone(st, side):
            return f"{h} is in an enemy control zone: no masking there", "tannenberg 16.2.2"
        return f"{h!r} holds none of your units or HQs: an empty mask goes only on them", CASE_EMPTY
    return "that is not one of your masks (on the map, or planned this phase)", CASE_MASK


def carry_out_plans(st: State) -> None:
    """The end of the orders phase: planned lifts, then the new masks all at once."""
    roles = seats.roles(st.game)
    plans = {r: plan_of(st, r) for r in roles}
    st.data["masking"]["plan"] = {}
    remasked = {u for r in roles for n in plans[r]["new"] for u in n["units"]}
    lifted = [m for r in roles for m in plans[r]["lift"]]
    for mask in sorted(lifted, key=lambda m: handle(st, m)):
        lift(st, mask, remasked)
    new = {n["mask"]: (r, n) for r in roles for n in plans[r]["new"]}
    for mask in keyed_order(st, list(new)):
        role, n = new[mask]
        put_mask(st, mask, n["hex"], n["units"], role)
    for side in U.static(st).side_ids:
        placed = [m for m in keyed_order(st, list(new)) if U.info(st, m).side == side]
        if placed:
            public = _public_placing(st, side, placed)
            fog.log_hidden(st, side, public, f"{public} {_private_placing(st, placed)}", CASE_MASK)


class MaskingStep(Handler):
    """3.1 phase 1 / 16.1.2: the end of the orders phase, when the masking every player
    planned in secret is carried out at once (automatic)."""

    kind = "masking"
    case = "tannenberg 16.1.2"

    def run(self, st: State, frame: Frame) -> None:
        carry_out_plans(st)
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Orders phase: masking"


def _public_placing(st: State, side: str, placed: Seq[str]) -> str:
    """What the enemy learns: how many masks went down where (16.2.1)."""
    per_hex: dict[str, int] = {}
    for m in placed:
        h = st.data["units"][m]["hex"]
        per_hex[h] = per_hex.get(h, 0) + 1
    where = ", ".join(f"{h} ({n})" for h, n in sorted(per_hex.items()))
    name = next((s.name for s in st.game.scenario.sides if s.id == side), side)
    return f"{name}: {len(placed)} masking counter(s) placed in {where}."


def _private_placing(st: State, placed: Seq[str]) -> str:
    return (
        "Masked: "
        + "; ".join(f"{private_name(st, m)} in {st.data['units'][m]['hex']}" for m in placed)
        + "."
    )


def extra_handlers() -> list[Handler]:
    """The masking step's handler."""
    return [MaskingStep()]


# 16.1.2 the masking choices are offered in the orders phase, beside the orders of 13.x
command.register_orders_hook(
    command.OrdersHook(
        name="masking",
        types=MASK_ACTIONS,
        actions=masking_actions,
        apply=apply_masking_action,
        explain=explain_masking_action,
    )
)
