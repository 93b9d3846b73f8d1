"""18.12 What each seat may see while Gruppen are hidden: the Russian seat's and a
spectator's views, legal actions, refusals, previews, overlays and log (hindenburg 18.12,
18.31, 18.41).

"The numbered side of a Gruppe Marker is always placed face down on the map, and the
Hidden Unit Display should not be seen by the Russian Player" (18.12).  The rules act on
the true state, where a concealed unit keeps its own record and its hex (:mod:`.gruppen`);
what changes is what a seat is shown and what it is offered:

* **The Russian's perspective.**  Everything the Russian Player (and a spectator, who
  sees the board as he does) is shown or offered is worked out on a stand-in of the
  true state, :func:`knowledge`, that holds nothing he may not know: every concealed unit
  off the map (status :data:`CONCEALED`, its step losses as he last saw them), every
  marker on the map known only by its public handle and hex, with no contents, no box
  number and no other field (:data:`PUBLIC_MARKER_FIELDS`).  Two true states that differ
  only in what the markers hide give the same stand-in, so his view, legal actions,
  prompts, refusals, odds previews, supply overlay, command radii and the computer's
  samples cannot tell a dummy from a real Gruppe.  The engine asks for it through
  ``RuleSystem.perspective``.
* **What the truth makes of his choice** (:meth:`Redaction.perform`).  An action he may
  take on the board as he knows it is carried out on the true state.  When the truth
  forbids it (a concealed unit's hex or Zone of Control bars a retreat or a rail path),
  or would resolve an attack with other numbers than his preview showed (a concealed unit
  cuts an attacker's line of supply), the Gruppen that make the difference are revealed
  at once, a public log entry naming the case (hindenburg 18.31), and he chooses again
  (the paper game's player would have to say why the act is barred).
* **The log** (:meth:`Redaction.logged`): an entry written while it names a concealed
  unit (its id or name, anywhere in the entry) is addressed to the Central Powers only;
  for the entries that change the victory points or control (AV14) a public twin names
  the marker instead.  Each seat's log is numbered in its own sequence (the engine), so
  that gaps never betray entries it may not read.
* **The supply overlay** shown to the Russian is the one he can trace on the board as he
  knows it (:data:`OVERLAY`): his own units only, unrevealed Gruppen counted as nothing.
  The true state applies when supply is determined (9.11); when it differs, a public log
  entry says so (hindenburg 18.41).
* **The Central Powers** see everything: their concealed units marked ``masked_by`` the
  marker's handle, each marker with its box number and contents, and the Hidden Unit
  Display (18.43).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from greatwar.engine.state import content_key
from greatwar.engine.system import OptionSpec
from greatwar.rules.gwite import combat, stacking, supply, visibility, zoc
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.rules.gwite.hindenburg.data import data
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.phases import Action, Frame
    from greatwar.engine.state import Game, State

#: this section's optional rules (merged into :attr:`HindenburgRules.options`)
OPTIONS: dict[str, OptionSpec] = {}

CASE = "hindenburg 18.12"
REVEAL_CASE = "hindenburg 18.31"
SUPPLY_CASE = "hindenburg 18.41"
#: the status of a concealed unit in the Russian's perspective (never in the true state)
CONCEALED = "concealed"
#: the fields of a marker the Russian may know: where it is, the handle he knows it by and
#: whether he has learnt it is real (18.41: it exerted a Zone of Control on his unit)
PUBLIC_MARKER_FIELDS = ("hex", "handle", "known")
#: what else of the Hidden Unit Display's record he may know: how many handles were issued,
#: how many numbered boxes it has, whose it is, how many Central Powers Movement Segments
#: have begun (never the box ids: which are off the map, which were removed when)
PUBLIC_DISPLAY_FIELDS = ("issued", "boxes", "side", "phase")
#: the nationality whose units the markers may conceal (18.0 "only German units")
CONCEALABLE = "germany"
#: what the Russian's supply overlay means (18.12, 18.41; docs/readings.md, Von Hindenburg)
OVERLAY = (
    "your units' supply as you can trace it on the board as you see it: unrevealed Gruppen"
    " count as nothing, though a real one may block a line (hindenburg 18.41); the true"
    " state applies when supply is determined"
)
#: marker name shown on the map
MARKER_NAME = "Gruppe marker"
#: state key: concealed unit -> the steps it lost while concealed and the marker it was
#: under then (the Russian saw none of them)
HIDDEN_LOSSES = "gruppen_hidden_losses"
#: cases of the log entries that change what every seat sees (AV14 (a)): their public twin
#: names the marker instead of withholding the event
PUBLIC_EVENT_CASES = frozenset({"hindenburg 17.51", "hindenburg 23.11", "hindenburg 23.21"})
#: the parts of the rail view that tell what the phasing side's rail movement cost it
RAIL_CAPACITY = ("capacity_left", "capacity")
#: actions that commit an attack's numbers (the rulings the previews promised)
COMMITTING = frozenset({"resolve", "end_defense"})
#: random deals a determinization tries before the greedy one
DEALS = 20


# --- who hides what from whom ---------------------------------------------------------------


def hiding_side(st: State) -> str:
    """The side whose units the Gruppen may conceal: the Central Powers (18.0)."""
    for s in st.game.scenario.sides:
        if CONCEALABLE in s.nationalities:
            return s.id
    raise LookupError("no side of this scenario has German units (18.0)")


def hidden_from(st: State, role: str | None) -> bool:
    """Whether Gruppen hide something from ``role`` (a spectator: None) in this game."""
    return gruppen.active(st) and role != hiding_side(st)


def is_perspective(st: State) -> bool:
    """Whether ``st`` is a stand-in built by :func:`knowledge` (already without secrets)."""
    return bool(gruppen.active(st) and st.data["gruppen"].get("perspective"))


def handle_order(handle: str) -> tuple[str, int]:
    """Markers in the order of their public handles (which says nothing of their boxes)."""
    stem, _, n = handle.rpartition("-")
    return stem, int(n) if n.isdigit() else 0


def public_name(st: State, uid: str) -> str:
    """How every seat may name a unit in the log: its name, or "a German unit concealed by
    <handle>" while it is concealed (for the rules that reveal an event, AV14)."""
    box = gruppen.marker_of(st, uid)
    if box is None:
        return str(U.info(st, uid).name)
    return f"a German unit concealed by Gruppe {gruppen.markers(st)[box]['handle']}"


# --- the Russian's perspective --------------------------------------------------------------


def public_losses(st: State, uid: str) -> int:
    """The steps a concealed unit had lost when last seen (its losses under the current
    marker are the Central Powers' secret)."""
    lost = int(U.record(st, uid)["lost"])
    box = gruppen.marker_of(st, uid)
    hidden = st.data.get(HIDDEN_LOSSES, {}).get(uid)
    if box is None or hidden is None or hidden["handle"] != gruppen.markers(st)[box]["handle"]:
        return lost
    return max(0, lost - int(hidden["steps"]))


def knowledge(st: State) -> State:
    """The true state as the Russian Player may know it (see the module docstring): a
    stand-in whose data is the same whatever the markers hide.  Kept for the state as it
    stands (never for a state in the middle of an action: :func:`build_knowledge`)."""
    # (asked in the middle of an action too: a preview recomputed as a ruling takes its
    # numbers; the key names what an action changes, and the stand-in asks nothing of the
    # true state's memo, which is keyed on the action count alone)
    key = (
        "hindenburg-knowledge",
        st.version,
        len(st.data["log"]),
        U.revision(st),
        content_key(st.data["stack"][-1:]),
    )
    return st.memo(key, lambda: build_knowledge(st))  # type: ignore[no-any-return]


def build_knowledge(st: State) -> State:
    """A fresh :func:`knowledge` stand-in of ``st``."""
    seen = st.clone()
    seen._cache.clear()  # its data is edited below without a revision: none of st's tables
    units = seen.data["units"]
    for uid in sorted(gruppen.concealed(st)):
        units[uid] = {
            "hex": None,
            "status": CONCEALED,
            "lost": public_losses(st, uid),
            "markers": [],
            "moved_turn": 0,
            "combat_turn": 0,
        }
    on_map = sorted(gruppen.markers(st).values(), key=lambda m: handle_order(m["handle"]))
    display = st.data["gruppen"]
    seen.data["gruppen"] = {
        **{k: display[k] for k in PUBLIC_DISPLAY_FIELDS if k in display},
        # the markers by their place in the handles' order, not by their boxes (18.12)
        "markers": {
            str(n): {
                **{f: m[f] for f in PUBLIC_MARKER_FIELDS if f in m},
                # nothing of what it holds: of a marker he has learnt is real (18.41) the
                # Gruppen rules draw the zone he knows of round its hex
                # (:func:`reveal.known_zones`), never from its contents
                "units": [],
            }
            for n, m in enumerate(on_map, start=1)
        },
        "off": [],
        "perspective": True,
    }
    seen.data.pop(HIDDEN_LOSSES, None)
    return seen


def legal_on(st: State, role: str) -> list[Action]:
    """``role``'s legal actions on ``st`` (a stand-in or a probe), worked out afresh."""
    frame = st.top()
    return [] if frame is None else st.handler(frame).legal(st, frame, role)


def revealing(st: State, box: str) -> State:
    """The Russian's perspective of ``st`` had marker ``box`` been revealed."""
    probe = st.clone()
    gruppen.take_off(probe, box)
    return build_knowledge(probe)


def real_markers(st: State) -> list[str]:
    """Box ids of the markers on the map concealing units, in box order."""
    return sorted((b for b in gruppen.markers(st) if not gruppen.is_dummy(st, b)), key=int_key)


def int_key(box: str) -> tuple[int, str]:
    return (int(box), box) if box.isdigit() else (10**9, box)


def responsible(st: State, explains: Callable[[State], bool]) -> list[str]:
    """The real markers whose reveal alone makes ``explains`` true of the Russian's
    perspective; all real markers when none does alone."""
    found = [box for box in real_markers(st) if explains(revealing(st, box))]
    return found or real_markers(st)


def reveal_gruppe(st: State, box: str, why: str, alters: str | None = None) -> None:
    """Reveal marker ``box`` (18.31): it comes off the map, its units stand in view; a
    public log entry names what it held and why (``alters``: the ruling it changes)."""
    handle = gruppen.markers(st)[box]["handle"]
    where = gruppen.markers(st)[box]["hex"]
    units = gruppen.take_off(st, box)
    st.mark_irreversible()  # what was revealed cannot be taken back
    names = ", ".join(str(U.info(st, u).name) for u in units)
    st.log(
        f"Gruppe {handle} in {where} is revealed ({names}): {why}.",
        case=REVEAL_CASE,
        alters=alters,
    )


# --- the view ---------------------------------------------------------------------------------


def marker_piece(st: State, box: str, m: dict[str, Any], own: bool) -> dict[str, Any]:
    """A marker on the map as a piece of the view: to the Russian an anonymous piece (its
    handle and hex, 18.12), to its owner with its box and what it conceals."""
    piece: dict[str, Any] = {
        "id": m["handle"],
        "name": MARKER_NAME,
        "side": hiding_side(st),
        "type": "mask",
        "status": "on_map",
        "hex": m["hex"],
        "steps_lost": 0,
        "markers": [],
        "label": "Gruppe",
        "known": bool(m.get("known")),  # learnt to be real (public): its zone is drawn
    }
    if own:
        hides = list(m["units"])
        piece.update(box=box, hides=hides, empty=not hides, label=f"Gruppe {box}")
    return piece


def marker_pieces(st: State, own: bool) -> list[dict[str, Any]]:
    """Every marker on the map as a piece, in the order of the public handles."""
    ordered = sorted(gruppen.markers(st).items(), key=lambda bm: handle_order(bm[1]["handle"]))
    return [marker_piece(st, box, m, own) for box, m in ordered]


def hidden_unit_display(st: State) -> dict[str, Any]:
    """18.43 the Hidden Unit Display, the Central Powers' only: one box per marker (the 13
    printed and any added), with the marker's handle and hex when it is on the map."""
    boxes = []
    placed = gruppen.markers(st)
    for box in sorted({*placed, *gruppen.off_map(st)}, key=int_key):
        m = placed.get(box)
        boxes.append(
            {
                "box": box,
                "handle": m["handle"] if m else None,
                "hex": m["hex"] if m else None,
                "units": list(m["units"]) if m else [],
            }
        )
    return {"case": "hindenburg 18.43", "boxes": boxes}


def concealed_in(seen: State) -> list[str]:
    """The units of a perspective stand-in the viewer may not see."""
    return [uid for uid, u in seen.data["units"].items() if u["status"] == CONCEALED]


def name_pattern(st: State, uids: list[str], shared: bool = True) -> re.Pattern[str] | None:
    """A pattern finding any of the units by id or name (whole words only); without the
    names other counters share (``shared`` False: the teaching counters repeat some)."""
    names = {str(U.info(st, uid).name) for uid in uids}
    if not shared:
        others = {str(ui.name) for uid, ui in U.static(st).units.items() if uid not in uids}
        names -= others
    words = sorted({*uids, *names} - {""}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")


def scrub(value: Any, pattern: re.Pattern[str]) -> Any:
    """``value`` with every mention of a concealed unit taken out (a safety net behind the
    redaction: a list drops the id, a text reads "a concealed unit")."""
    if isinstance(value, dict):
        return {k: scrub(v, pattern) for k, v in value.items()}
    if isinstance(value, list):
        return [
            scrub(v, pattern) for v in value if not (isinstance(v, str) and pattern.fullmatch(v))
        ]
    if isinstance(value, str) and pattern.search(value):
        return pattern.sub("a concealed unit", value)
    return value


def redact_for_russian(seen: State, view: dict[str, Any]) -> dict[str, Any]:
    """The view of ``seen`` (the Russian's perspective) for the Russian or a spectator."""
    hidden = set(concealed_in(seen))
    russian = U.enemy_of(seen, hiding_side(seen))
    units = [u for u in view["units"] if u["id"] not in hidden]
    view["units"] = units + marker_pieces(seen, own=False)
    view["out_of_supply"] = [  # 18.41: his own units, as he can trace them
        uid for uid in view["out_of_supply"] if U.info(seen, uid).side == russian
    ]
    view["supply_overlay"] = {"shows": OVERLAY, "case": CASE}
    if view["phasing"] == hiding_side(seen):  # what their rail capacity pays for is theirs
        view["rail"] = {
            k: v for k, v in view["rail"].items() if k not in ("capacity_left", "capacity")
        }
    # a safety net: the stand-in's views name no concealed unit (their ids, and the names
    # no unit in view may bear: a Russian unit may share a concealed one's name)
    pattern = name_pattern(seen, sorted(hidden), shared=False)
    if pattern is None:
        return view
    return {k: v if k == "units" else scrub(v, pattern) for k, v in view.items()}


def redact_for_owner(st: State, view: dict[str, Any]) -> dict[str, Any]:
    """The Central Powers' view: everything, each concealed unit ``masked_by`` its marker,
    the markers with their boxes and contents, the Hidden Unit Display (18.43)."""
    placed = gruppen.markers(st)
    for entry in view["units"]:
        box = gruppen.marker_of(st, entry["id"])
        if box is not None:
            entry["masked_by"] = placed[box]["handle"]
    view["units"] = view["units"] + marker_pieces(st, own=True)
    view["hidden_unit_display"] = hidden_unit_display(st)
    return view


# --- the determinization of the Russian's world -------------------------------------------------


def russian_contact(st: State, hex_label: str) -> bool:
    """Whether a marker in ``hex_label`` stands where only a Gruppe holding a unit with a
    Zone of Control may stand unrevealed: in a Russian Zone of Control (18.42; 18.31
    removes a dummy, 18.32 reveals an HQ-only Gruppe, the moment a Russian unit is
    adjacent)."""
    return hex_label in zoc.enemy_controlled(st, hiding_side(st))


def exerts_zoc(st: State, uid: str) -> bool:
    return bool(U.rules(st).exerts_zoc(st, uid))


def deal(sample: State, units: list[str], rng: random.Random, randomly: bool) -> bool:
    """Deal ``units`` (off the map in ``sample``) to its markers: first one unit with a Zone
    of Control to each marker in Russian contact or known to be real, then the rest, each
    where it still fits the stacking limit; at random, or greedily in order.  Returns
    whether all were dealt."""
    markers = gruppen.markers(sample)
    handles = sorted(markers, key=lambda box: handle_order(markers[box]["handle"]))
    room = {
        h: U.rules(sample).stacking_limit(sample, markers[h]["hex"])
        - stacking.stacking_points(sample, markers[h]["hex"])
        for h in handles
    }
    pool = list(units)
    if randomly:
        rng.shuffle(pool)
    plan: dict[str, list[str]] = {h: [] for h in handles}
    must = [
        h for h in handles if markers[h].get("known") or russian_contact(sample, markers[h]["hex"])
    ]
    for h in must:
        fit = [u for u in pool if exerts_zoc(sample, u) and U.info(sample, u).stacking <= room[h]]
        if not fit:
            return False
        uid = fit[0]
        pool.remove(uid)
        plan[h].append(uid)
        room[h] -= U.info(sample, uid).stacking
    for uid in pool:
        fits = [h for h in handles if U.info(sample, uid).stacking <= room[h]]
        if not fits:
            return False
        h = rng.choice(fits) if randomly else fits[0]
        plan[h].append(uid)
        room[h] -= U.info(sample, uid).stacking
    for h, dealt in plan.items():
        markers[h]["units"] = sorted(dealt)
        for uid in dealt:
            record = U.record(sample, uid)
            record.update(status="on_map", hex=markers[h]["hex"])
            U._touch(sample, uid)
    return True


def determinize_russian(world: State, rng: random.Random) -> State:
    """A world the Russian cannot tell from the true one, built from his perspective only
    (it never reads what the markers hide): the German units he has not seen (those
    concealed) dealt afresh to the markers on the map, at random, each marker's hex within
    the stacking limit (18.11) and every marker in a Russian Zone of Control holding a unit
    that exerts one (18.31, 18.42); after :data:`DEALS` failed deals, greedily.  A unit
    that cannot be dealt at all stays off the map."""
    seen = build_knowledge(world)
    hidden = concealed_in(seen)
    boxes = int(seen.data["gruppen"].get("boxes", data(seen).gruppen_boxes))
    g = seen.data["gruppen"]
    g.pop("perspective", None)
    placed = len(g["markers"])
    g["off"] = [str(n) for n in range(placed + 1, max(boxes, placed) + 1)]
    seen._cache.clear()
    base = seen.clone()
    for attempt in range(DEALS + 1):
        sample = base.clone()
        if deal(
            sample, hidden, rng, randomly=attempt < DEALS
        ) and not sample.game.system.invariants(sample, "any"):
            return sample
    return base


# --- the rules' part ------------------------------------------------------------------------------


class Redaction:
    """18.12 What each seat may see while Gruppen are hidden (the hooks of
    :class:`~greatwar.rules.gwite.visibility.VisibilityRules`)."""

    def hides_information(self, game: Game) -> bool:
        """Seats see different things when hidden movement is on (18.0 is optional)."""
        return bool(game.options.get(gruppen.OPTION))

    def perspective(self, st: State, role: str | None) -> State:
        """The Russian's (and a spectator's) stand-in while markers are on the map."""
        if not hidden_from(st, role) or is_perspective(st) or not gruppen.markers(st):
            return st
        return knowledge(st)

    def redact_view(self, st: State, role: str | None, view: dict[str, Any]) -> dict[str, Any]:
        """The Russian and a spectator see the markers as anonymous pieces and nothing they
        hide (18.12); the Central Powers everything, and their Hidden Unit Display."""
        if not gruppen.active(st):
            return view
        if hidden_from(st, role):
            return redact_for_russian(st, view)
        return redact_for_owner(st, view)

    def public_view(self, st: State, common: Callable[[State], dict[str, Any]]) -> dict[str, Any]:
        """A spectator sees the board as the Russian Player does (the Russians hide
        nothing; the Hidden Unit Display is the Central Powers' only, 18.12)."""
        if not gruppen.active(st):
            return common(st)
        seen = self.perspective(st, None)
        return redact_for_russian(seen, visibility.board_view(seen, None))

    def actors(self, st: State, frame: Frame) -> list[str]:
        """Who must act now: as the truth says; and where the truth would go on by itself
        but the Russian's perspective gives him a choice, the Russian (whether he is asked
        must not tell a dummy from a real Gruppe; what the truth makes of his choice is
        :meth:`perform`'s)."""
        found: list[str] = super().actors(st, frame)  # type: ignore[misc]
        if found or is_perspective(st) or not gruppen.concealed(st):
            return found
        seen = build_knowledge(st)
        top = seen.top()
        assert top is not None
        asked = seen.handler(top).actors(seen, top)
        return [r for r in asked if hidden_from(st, r)]

    def perform(self, st: State, frame: Frame, role: str, action: Action) -> None:
        """The Russian's action on the truth: refused by what he cannot see, it reveals the
        Gruppen that forbid it instead (18.31) and he chooses again; an attack whose true
        numbers differ from his preview first reveals the Gruppen that make the difference
        (the log entry alters the ruling); else it is carried out."""
        if not hidden_from(st, role) or not gruppen.concealed(st):
            super().perform(st, frame, role, action)  # type: ignore[misc]
            return
        probe = st.clone()
        if action not in legal_on(probe, role):
            for box in responsible(st, lambda seen: action not in legal_on(seen, role)):
                reveal_gruppe(st, box, f"it bars the {side_name(st, role)}' {describe(action)}")
            return
        if action.get("type") in COMMITTING:
            reveal_for_numbers(st, role)
        super().perform(st, frame, role, action)  # type: ignore[misc]

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """A refusal worked out on the Russian's perspective names no concealed unit, not
        even one he named himself (18.12)."""
        reason, case = super().explain(st, frame, role, action)  # type: ignore[misc]
        pattern = name_pattern(st, concealed_in(st), False) if is_perspective(st) else None
        return (scrub(reason, pattern) if pattern is not None else reason), case

    def logged(self, st: State, entry: dict[str, Any]) -> None:
        """An entry naming a concealed unit reaches the Central Powers only; one that
        changes what every seat sees (victory points, control: AV14) gets a public twin
        naming the marker instead (18.12)."""
        if "to" in entry or not gruppen.active(st) or not gruppen.markers(st):
            return
        hidden = sorted(gruppen.concealed(st))
        pattern = st.memo(("hindenburg-names", tuple(hidden)), lambda: name_pattern(st, hidden))
        if pattern is None or not pattern.search(json.dumps(entry, ensure_ascii=False)):
            return
        entry["to"] = [hiding_side(st)]
        if entry.get("case") in PUBLIC_EVENT_CASES:
            twin = pattern.sub(lambda m: public_twin_name(st, m.group(0)), entry["text"])
            st.log(twin, case=entry["case"])

    def steps_lost(self, st: State, uid: str, steps: int, case: str) -> None:
        """A concealed unit's losses are the Central Powers' secret (18.12): kept, so the
        Russian's perspective shows the unit as he last saw it."""
        box = gruppen.marker_of(st, uid)
        if box is not None:
            handle = gruppen.markers(st)[box]["handle"]
            kept = st.data.setdefault(HIDDEN_LOSSES, {})
            before = kept.get(uid)
            earlier = before["steps"] if before and before["handle"] == handle else 0
            kept[uid] = {"handle": handle, "steps": earlier + steps}
        super().steps_lost(st, uid, steps, case)  # type: ignore[misc]

    def supply_determined(self, st: State, side: str, segment: str) -> None:
        """9.11 the Russian's supply is determined on the true board: a unit his overlay
        showed in supply that a concealed unit cuts off is named in a public entry
        (hindenburg 18.41)."""
        super().supply_determined(st, side, segment)  # type: ignore[misc]
        if side == hiding_side(st) or not gruppen.concealed(st):
            return
        seen = build_knowledge(st)
        for uid in U.on_map(st, side):
            if supply.in_supply(seen, uid) and not supply.in_supply(st, uid):
                st.log(
                    f"{U.info(st, uid).name} is out of supply, though its line looked open:"
                    " a concealed German unit blocks it (the Gruppe is no dummy).",
                    case=SUPPLY_CASE,
                )

    def determinize(self, world: State, role: str, rng: random.Random) -> State:
        """The Russian's sample: the markers' contents redrawn from his perspective."""
        if not hidden_from(world, role) or not gruppen.markers(world):
            return super().determinize(world, role, rng)  # type: ignore[misc,no-any-return]
        return determinize_russian(world, rng)


def public_twin_name(st: State, mention: str) -> str:
    """A mention of a concealed unit (its id or name) as every seat may read it."""
    for uid in gruppen.concealed(st):
        if mention in (uid, str(U.info(st, uid).name)):
            return public_name(st, uid)
    return "a concealed German unit"


def describe(action: Action) -> str:
    """An action in a player's words, for the log entry of the reveal it caused."""
    kind = str(action.get("type", "action")).replace("_", " ")
    where = action.get("path") or action.get("to") or action.get("hex") or action.get("target")
    if isinstance(where, list):
        where = " by " + ", ".join(str(h) for h in where)
    elif where:
        where = f" to {where}"
    return f"{kind}{where or ''}"


def reveal_for_numbers(st: State, role: str) -> None:
    """Before an attack's numbers are taken: when the Russian's preview differs from the
    truth's, the Gruppen that make the difference are revealed (the entry alters the
    ruling, so the preview recomputed after it is the promise)."""
    true = combat.view(st, role)
    if true is None or "key" not in true:
        return
    numbers = combat.ruling_numbers

    def agrees(seen: State) -> bool:
        found = combat.view(seen, role)
        return found is not None and numbers(found) == numbers(true)

    if agrees(build_knowledge(st)):
        return
    for box in responsible(st, agrees):
        reveal_gruppe(
            st, box, "it changes the odds of the attack as the Russian Player saw them", true["key"]
        )
