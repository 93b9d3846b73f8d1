"""What each role may see of the clash phase (``view["clash"]``).

Before the cards are revealed a role sees, for every pairing of its card with
the opponent's, what the pairing would make of the clash (9.3.1-9.3.7) and —
as far as it may know — the strengths, modifiers, ratio and column (9.1.9),
the retreat attempt's column and die modifiers (9.3.6), computed only from
what it may see: while any enemy piece of the clash is a masking counter (or
hides under one) the enemy's strength, the modifiers and the ratio are
unknown (16.2.1) and only the role's own strength is shown.  Artillery not
yet declared is not included.

Once the cards are revealed, and until the die, a role that may see every
piece of the clash (and every gun declared in it) sees its numbers as they
stand (``preview``): with the artillery declared so far (11.1.3), the units
counted across a strait (9.7.7) or the first hexes of a retreat named so far
(9.8).  A shelling being formed (11.4) shows its ratio before the holder
fires.  Every one of these numbers comes from the function the resolution
uses (:func:`strength.assess`, :func:`retreat.attempt_numbers`).

A role sees its own card once laid down, the opponent's only after the
reveal; enemy units hidden under masks are never named (only the mask's
anonymous id).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.tannenberg import cards, masks, modifiers, seats, strength
from greatwar.rules.tannenberg import units as U
from greatwar.rules.tannenberg.clash import pending_hexes, shelling_clash
from greatwar.rules.tannenberg.combatants import alive, clash_key, current_clash
from greatwar.rules.tannenberg.retreat import attempt_numbers
from greatwar.rules.tannenberg.retreat import ruling_numbers as retreat_numbers
from greatwar.rules.tannenberg.strength import column_results

if TYPE_CHECKING:
    from greatwar.engine.phases import Frame
    from greatwar.engine.state import State


def _phase(st: State) -> Frame | None:
    for frame in reversed(st.data["stack"]):
        if frame["kind"] == "clash_phase":
            return frame  # type: ignore[no-any-return]
    return None


def _cards_frame(st: State) -> Frame | None:
    top = st.top()
    return top if top is not None and top["kind"] == cards.CardsFrame.kind else None


def _unit_entry(st: State, uid: str) -> dict[str, Any]:
    ui = U.info(st, uid)
    return {
        "id": uid,
        "name": ui.name,
        "type": ui.type,
        "hex": U.record(st, uid)["hex"],
        "strength": U.strength(st, uid),
        "effectiveness": U.effectiveness(st, uid),
    }


def _hidden(st: State, uid: str, role: str) -> bool:
    return not masks.visible_to(st, uid, role)


def side_view(st: State, clash: Frame, side: str, role: str) -> dict[str, Any]:
    """One side of the clash as ``role`` may see it."""
    entry = clash["sides"][side]
    shown: list[dict[str, Any]] = []
    mask_entries: list[dict[str, Any]] = []
    for uid in alive(st, entry["units"]):
        if not _hidden(st, uid, role):
            shown.append(_unit_entry(st, uid))
    for mask in entry["masks"]:
        if U.record(st, mask)["status"] != "on_map":
            continue
        if seats.side_of_role(role) == side:
            mask_entries.append({"id": mask, "hex": U.record(st, mask)["hex"]})
        else:
            mask_entries.append({"id": masks.handle(st, mask), "hex": U.record(st, mask)["hex"]})
    return {
        "hexes": list(entry["hexes"]),
        "units": shown,
        "masks": mask_entries,
        "garrisons": list(entry["garrisons"]),
        "artillery": [
            {"unit": e["unit"], "name": U.info(st, e["unit"]).name, "triple": e["triple"]}
            for e in entry["artillery"]
            if not _hidden(st, e["unit"], role)
        ],
        "role": entry["role"],
    }


def _known(st: State, clash: Frame, role: str) -> bool:
    """Every piece of the clash, and every gun declared to fire in it, is visible to
    ``role``."""
    for entry in clash["sides"].values():
        pieces = [
            *alive(st, entry["units"]),
            *entry["masks"],
            *(e["unit"] for e in entry["artillery"]),
        ]
        for uid in pieces:
            if U.record(st, uid)["status"] == "on_map" and _hidden(st, uid, role):
                return False
    return True


def as_fought(st: State, clash: Frame) -> State:
    """The board as the clash will be fought: 16.2.9 reveals every mask of the clash
    before the die (and the mask of every gun firing in it), and an empty one is removed
    (so it closes no ring, 9.2.2).  A
    preview is shown only to a role that sees every piece of the clash, so the masks
    revealed here are its own."""
    to_reveal = [
        m
        for entry in clash["sides"].values()
        for m in entry["masks"]
        if U.record(st, m)["status"] == "on_map"
    ]
    for entry in clash["sides"].values():  # 16.2.9 a masked gun that fires shows itself
        for gun in entry["artillery"]:
            mask = masks.mask_of(st, gun["unit"])
            if mask is not None and mask not in to_reveal:
                to_reveal.append(mask)
    if not to_reveal:
        return st
    key = ("clash as fought", st.version, U.revision(st), tuple(to_reveal))
    return st.memo(key, lambda: masks.as_revealed(st, to_reveal))  # type: ignore[no-any-return]


def _ratio_preview(
    st: State, clash: Frame, attacker: str, played: dict[str, str], role: str
) -> dict[str, Any]:
    """The ratio of the clash if ``attacker`` attacked with the cards ``played``
    (:func:`strength.assess`, the function the resolution uses), on the board as the
    clash will be fought."""
    world = as_fought(st, clash)
    report = strength.assess(world, clash, attacker=attacker, played=played, role=role)
    return {
        "attacker": attacker,
        "condition": strength.condition(attacker, played),
        "attack": report["attack"],
        "defence": report["defence"],
        "ratio": report["ratio"],
        "modifiers": report["modifiers"],
        "shift": report["shift"],
        "column": report["column"],
        "results": column_results(report["column"]),
        "losses_doubled": report["losses_doubled"],
    }


def _own_strength(st: State, clash: Frame, side: str) -> int:
    return sum(modifiers.unit_strength(st, u) for u in alive(st, clash["sides"][side]["units"]))


def _retreat_preview(
    st: State, clash: Frame, attacker: str, played: dict[str, str]
) -> dict[str, Any]:
    """The retreat attempt under ``attacker`` with the cards ``played`` and the first hexes
    named so far (:func:`retreat.attempt_numbers`, the function the roll uses)."""
    report = attempt_numbers(as_fought(st, clash), clash, attacker, played, clash["routes"])
    return {
        **report,
        "condition": strength.condition(attacker, played),
        "note": "the first hex of each route may add 9.8.3-9.8.4 modifiers",
    }


def pairings(st: State, clash: Frame, role: str) -> list[dict[str, Any]]:
    """For each pairing of ``role``'s card with the opponent's, what it would give."""
    me = seats.side_of_role(role)
    them = U.enemy_of(st, me)
    sides = U.static(st).side_ids
    known = _known(st, clash, role)
    out = []
    for mine in cards.CARDS:
        for theirs in cards.CARDS:
            played = {me: mine, them: theirs}
            result = cards.outcome(played, clash["holder"], (sides[0], sides[1]))
            entry: dict[str, Any] = {
                "mine": mine,
                "theirs": theirs,
                "outcome": result.kind,
                "case": result.case,
                "retreating": list(result.retreating),
            }
            if result.kind == cards.CLASH:
                att = result.attacker or me
                entry["attacker"] = att
                if known:
                    entry["ratio"] = _ratio_preview(st, clash, att, played, role)
            elif result.kind == cards.RETREAT_ATTEMPT:
                att = result.attacker or me
                entry["attacker"] = att
                if known:
                    entry["retreat_attempt"] = _retreat_preview(st, clash, att, played)
            elif result.kind == cards.ENCOUNTER and known:
                entry["if_attacker"] = {
                    s: _ratio_preview(st, clash, s, played, role) for s in (me, them)
                }
            if not known and result.kind in (cards.CLASH, cards.ENCOUNTER):
                entry["own_strength"] = _own_strength(st, clash, me)
                entry["unknown"] = "the enemy's strength is hidden by masking counters"
            out.append(entry)
    return out


def clash_part(st: State, clash: Frame, role: str) -> dict[str, Any]:
    me = seats.side_of_role(role)
    out: dict[str, Any] = {
        "n": clash["n"],
        "focal": clash["focal"],
        "holder": clash["holder"],
        "outcome": clash["outcome"],
        "attacker": clash["attacker"],
        "defender": clash["defender"],
        "sides": {s: side_view(st, clash, s, role) for s in U.static(st).side_ids},
    }
    if clash["cards"] and clash["outcome"] is not None:
        out["cards"] = dict(clash["cards"])
    else:
        chosen = (_cards_frame(st) or {}).get("chosen", {})
        out["cards"] = {me: chosen[me]} if me in chosen else {}
        out["pairings"] = pairings(st, clash, role)
    if "report" in clash:
        out["report"] = clash["report"]
    else:
        preview = current_preview(st, clash, role)
        if preview is not None:
            out["preview"] = preview
    return out


def current_preview(st: State, clash: Frame, role: str) -> dict[str, Any] | None:
    """Once the cards are revealed and until the die: the numbers of the clash (or of the
    retreat attempt) as they stand, with the artillery, counted units and first hexes
    declared so far — when ``role`` may see every piece of it."""
    attacker = clash["attacker"]
    if attacker is None or clash["outcome"] is None or not _known(st, clash, role):
        return None
    if clash["outcome"] == cards.RETREAT_ATTEMPT:
        return _retreat_preview(st, clash, attacker, clash["cards"])
    if clash["outcome"] in (cards.CLASH, cards.ENCOUNTER):
        return _ratio_preview(st, clash, attacker, clash["cards"], role)
    return None


def _shelling_preview(st: State, phase: Frame, role: str) -> dict[str, Any] | None:
    """11.4 the ratio of the shelling being formed, before the holder fires."""
    clash = shelling_clash(st, phase)
    return None if clash is None else current_preview(st, clash, role)


def previews(st: State, role: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The numbers ``role``'s view previews for the current clash, by condition (see
    RuleSystem.previews): the card matrix's entries, or the live preview; or those of
    the shelling being formed."""
    clash = current_clash(st)
    if clash is None:
        return _shelling_previews(st, role)
    if "report" in clash:
        return {}
    part = clash_part(st, clash, role)
    shown: list[dict[str, Any]] = []
    for entry in part.get("pairings", []):
        shown.extend(e for e in (entry.get("ratio"), entry.get("retreat_attempt")) if e)
        shown.extend(entry.get("if_attacker", {}).values())
    if "preview" in part:
        shown.append(part["preview"])
    numbers: dict[str, dict[str, Any]] = {}
    for e in shown:
        rule = retreat_numbers if e.get("kind") == "retreat_attempt" else strength.ruling_numbers
        numbers[e["condition"]] = rule(e)
    return {clash_key(st, clash): numbers} if numbers else {}


def _shelling_previews(st: State, role: str) -> dict[str, dict[str, dict[str, Any]]]:
    phase = _phase(st)
    clash = None if phase is None else shelling_clash(st, phase)
    preview = None if clash is None else current_preview(st, clash, role)
    if clash is None or preview is None:
        return {}
    return {clash_key(st, clash): {preview["condition"]: strength.ruling_numbers(preview)}}


def view(st: State, role: str) -> dict[str, Any] | None:
    """The clash phase as ``role`` may see it (``view["clash"]``), or None outside it."""
    clash = current_clash(st)
    phase = _phase(st)
    if phase is None:
        return None
    shelling = phase["shelling"]
    if shelling is not None:
        guns = [g for g in shelling["guns"] if not _hidden(st, g["unit"], role)]
        shelling = {"target": shelling["target"], "guns": guns}
        preview = _shelling_preview(st, phase, role)
        if preview is not None:
            shelling["preview"] = preview
    out: dict[str, Any] = {
        "to_fight": sorted(pending_hexes(st, phase)),
        "clashes": phase["count"],
        "forming": phase["forming"],
        "shelling": shelling,
    }
    if clash is not None:
        out["current"] = clash_part(st, clash, role)
    return out
