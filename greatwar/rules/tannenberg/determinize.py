"""Determinization for searching agents: a Tannenberg state a role cannot tell from the
true one, with what it may not see drawn afresh.

What a role may not see of the enemy (:mod:`views`), and how a sample redraws it:

* **which units stand under the enemy's masks, and how many under each (16.2.1)**: each
  of the enemy's masked units is dealt to one of the enemy's masks on the map (its mask
  and hex), at random, so neither which units nor how many a mask hides is carried over.
  A deal is kept only if the sample still looks the same to the role (its view) and
  breaks no rule of the game (stacking 7.1 and 16.2.4, every invariant); after a few
  failed deals the units are shuffled among their own places instead, only among units
  of the same type, size, corps and owning seat (each mask keeps its count: always
  legal, but it carries the counts over — the one place a sample may know more than
  the role). A unit keeps its own endurance, level and markers. Units named by a frame
  of the phase stack (a unit on the move, in a clash being fought) or by a masking plan
  kept (below) stay where they are;
* **the enemy's combat card laid down but not yet revealed (9.1.9)**: drawn again,
  uniformly from the cards that side could lay down (5.3.2, 12.3.3);
* **the pieces the enemy picked for reserve movement, not yet shown (4.5.3)**: as many
  drawn again from the pieces he could pick;
* **the enemy's masking plan of this orders phase (16.1.2)**: dropped — the sample's
  enemy has planned no masking yet (if he has ended his orders, he masks nothing this
  phase; a reading of ignorance, not a guess at his plan), unless that would change who
  is still to act;
* **the dice to come**: reseeded (the base rule system's part).

The true state is never changed: everything is done to a clone.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import cards, masks, reserve, seats
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.combatants import clash_frame

if TYPE_CHECKING:
    from greatwar.engine.state import State


#: how many free deals of masked units are tried before the shuffle that keeps counts
DEALS = 3


def determinize(world: State, role: str, rng: random.Random) -> State:
    """Redraw in ``world`` (a fresh clone) what ``role`` may not see; returns ``world``."""
    mine = seats.side_of_role(role)
    for side in U.static(world).side_ids:
        if side != mine:
            drop_masking_plans(world, side)
            deal_masked_units(world, side, role, rng)
            redraw_cards(world, side, rng)
            redraw_reserve_choices(world, side, rng)
    return world


# --- masked units -------------------------------------------------------------------------


def _pinned(st: State) -> set[str]:
    """Unit ids named anywhere in the phase stack or a masking plan (they stay put)."""
    text = json.dumps([st.data["stack"], st.data.get("masking", {}).get("plan")])
    return {uid for uid in st.data["units"] if f'"{uid}"' in text}


def _shuffle_key(st: State, uid: str) -> tuple[str, str, str, str]:
    """Units that may trade places unseen: same type, size, corps and owning seat."""
    info = U.info(st, uid)
    return info.type, info.size, info.corps, seats.role_of_unit(st, uid)


def _movable_masked(st: State, side: str) -> list[str]:
    """``side``'s masked units a sample may move (not pinned), in counter order."""
    pinned = _pinned(st)
    hidden = masks.contents_table(st, side)
    return [u for _, units in sorted(hidden.items()) for u in units if u not in pinned]


def deal_masked_units(st: State, side: str, role: str, rng: random.Random) -> None:
    """Deal ``side``'s masked units to its masks at random, keeping a deal only if ``role``
    sees the same and no rule is broken; else :func:`shuffle_masked_units`."""
    movable = _movable_masked(st, side)
    placed = sorted(masks.contents_table(st, side))
    if not movable or len(placed) < 2:
        shuffle_masked_units(st, side, rng)
        return
    units = st.data["units"]
    where = {m: units[m]["hex"] for m in placed}
    before = {u: (units[u]["hex"], units[u][masks.NOTE]) for u in movable}
    seen = st.view(role)
    for _ in range(DEALS):
        for uid in movable:
            mask = rng.choice(placed)
            units[uid]["hex"], units[uid][masks.NOTE] = where[mask], mask
        st._cache.clear()  # occupancy and mask contents are derived from the records
        if not st.game.system.invariants(st, "any") and st.view(role) == seen:
            return
        for uid, (hex_label, mask) in before.items():
            units[uid]["hex"], units[uid][masks.NOTE] = hex_label, mask
        st._cache.clear()
    shuffle_masked_units(st, side, rng)


def shuffle_masked_units(st: State, side: str, rng: random.Random) -> None:
    """Shuffle ``side``'s masked units among their places (mask and hex)."""
    pinned = _pinned(st)
    groups: dict[tuple[str, str, str, str], list[str]] = defaultdict(list)
    for _mask, hidden in sorted(masks.contents_table(st, side).items()):
        for uid in hidden:
            if uid not in pinned:
                groups[_shuffle_key(st, uid)].append(uid)
    units = st.data["units"]
    changed = False
    for group in groups.values():
        places = [(units[uid]["hex"], units[uid][masks.NOTE]) for uid in group]
        rng.shuffle(places)
        for uid, (hex_label, mask) in zip(group, places, strict=True):
            changed = changed or (units[uid]["hex"], units[uid][masks.NOTE]) != (hex_label, mask)
            units[uid]["hex"] = hex_label
            units[uid][masks.NOTE] = mask
    if changed:  # (else the memo, its parent's, still holds: it is kept)
        st._cache.clear()  # occupancy and mask contents are derived from the records


# --- secret choices -----------------------------------------------------------------------


def _frames(st: State, kind: str) -> list[dict[str, Any]]:
    return [f for f in st.data["stack"] if f["kind"] == kind]


def redraw_cards(st: State, side: str, rng: random.Random) -> None:
    """The enemy's unrevealed combat card, drawn again from those he could lay (9.3)."""
    for frame in _frames(st, cards.CardsFrame.kind):
        if side in frame.get("chosen", {}):
            allowed, _ = cards.allowed_cards(st, clash_frame(st), side)
            frame["chosen"][side] = rng.choice(allowed)
            st._cache.clear()  # what was worked out with the card laid


def redraw_reserve_choices(st: State, side: str, rng: random.Random) -> None:
    """The pieces the enemy picked for reserve movement, as many drawn again (4.5.3)."""
    for frame in _frames(st, reserve.ReservePhase.kind):
        for role in seats.roles_of_side(st.game, side):
            chosen = frame.get("chosen", {}).get(role)
            if chosen:
                pool = sorted(set(reserve.candidates(st, role)) | set(chosen))
                frame["chosen"][role] = rng.sample(pool, len(chosen))
                st._cache.clear()  # what was worked out with the pieces picked


def drop_masking_plans(st: State, side: str) -> None:
    """The enemy's secret masking plan of this orders phase is not known: none — unless
    dropping it would change who is still to act (the role sees who is), then it stays."""
    plans = st.data.get("masking", {}).get("plan", {})
    roles = [r for r in seats.roles_of_side(st.game, side) if r in plans]
    if not roles:
        return
    acting = st.active_roles()
    kept = {r: plans.pop(r) for r in roles}
    st._cache.clear()
    if st.active_roles() != acting:
        plans.update(kept)
        st._cache.clear()
