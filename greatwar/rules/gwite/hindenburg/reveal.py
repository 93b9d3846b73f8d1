"""18.3 Revealing the composition of Gruppen (hindenburg 18.31-18.33, 18.41): the rules
that show or remove a marker, and what the Russian knows of the markers he has met.

* 18.31 a dummy is removed from play as soon as a Russian unit moves adjacent to it;
  18.32 an HQ-only Gruppe is revealed then and its HQ placed with the nearest German
  combat unit; AV5 a Gruppe without a Zone of Control (a depot) is revealed then, in
  place.
* 18.31 a Gruppe holding a unit that exerts a Zone of Control is revealed at the end of
  every Movement and Combat Phase in which it is adjacent to a Russian combat unit (AV4
  reading (b): adjacent at the end; the option plays (a)), and whenever it attacks or is
  attacked.
* 18.41 the Zones of Control the Russian knows of: round a marker only once he has
  learnt it is real.

The state is :mod:`.gruppen`'s; the rules object's part (:class:`HiddenMovement`) calls
these at the moments the rules name, and the Central Powers' actions
(:mod:`.gruppen_moves`) at the end of a Russian Movement Segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Frame, Handler
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.hindenburg import data as D
from greatwar.rules.gwite.hindenburg import gruppen as G

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the frame that reveals Gruppen at the end of a Movement or Combat Phase (18.31)
REVEAL_FRAME = "hindenburg_gruppen_reveal"
#: the phases at whose end Gruppen adjacent to Russian combat units are revealed (18.31)
REVEAL_PHASES = ("movement_phase", "combat_phase")
#: AV4 (a): the frame that notes, as such a phase begins, the Gruppen adjacent then
WATCH_FRAME = "hindenburg_gruppen_watch"


# --- who is who -------------------------------------------------------------------------------


def hunter(st: State, uid: str) -> bool:
    """A unit of the side the markers hide from (the Russians), with markers on the map."""
    return G.active(st) and U.info(st, uid).side != G.side(st)


def russian_combat_unit(st: State, uid: str) -> bool:
    return U.info(st, uid).side != G.side(st) and G.combat_unit(st, uid)


def _handle(st: State, box: str) -> str:
    return str(G.markers(st)[box]["handle"])


def _names(st: State, units: list[str]) -> str:
    return ", ".join(U.info(st, u).name for u in units)


def prune(st: State) -> None:
    """Units a rule took off the map or out of the marker's hex (an elimination, 10.52's
    displacement) are no longer in its box."""
    for m in G.markers(st).values():
        gone = [
            uid
            for uid in m["units"]
            if U.record(st, uid)["status"] != "on_map" or U.record(st, uid)["hex"] != m["hex"]
        ]
        for uid in gone:
            G.release(st, uid)


# --- revealing ------------------------------------------------------------------------------


def reveal(st: State, box: str, case: str, why: str) -> list[str]:
    """The marker comes off the map and its units are in view where they stand."""
    here = G.markers(st)[box]["hex"]
    handle = _handle(st, box)
    units = G.take_off(st, box)
    st.log(f"The Gruppe {handle} in {here} is revealed ({why}): {_names(st, units)}.", case=case)
    return units


def remove_dummy(st: State, box: str, why: str) -> None:
    """18.31 a dummy is removed from play (it may come back later, 18.33)."""
    here = G.markers(st)[box]["hex"]
    handle = _handle(st, box)
    G.take_off(st, box)
    st.log(
        f"The Gruppe marker {handle} in {here} is a dummy: it is removed from play ({why}).",
        case="hindenburg 18.31",
    )


def nearest_combat_hex(st: State, start: str) -> str | None:
    """18.32 the hex of the nearest German combat unit (in view or not), ties to the hex
    with the most German stacking points, then the lowest number; None: there is none."""
    board = U.static(st).scenario.board
    hexes: set[str] = {
        U.record(st, uid)["hex"]
        for uid in U.on_map(st, G.side(st))
        if G.hides(st, uid) and G.combat_unit(st, uid)
    }
    if not hexes:
        return None

    def points(h: str) -> int:
        return sum(U.info(st, u).stacking for u in G.german_units_in(st, h))

    return min(hexes, key=lambda h: (board.distance(start, h), -points(h), h))


def reveal_hq_only(st: State, box: str, why: str) -> None:
    """18.32 the HQ-only Gruppe is revealed and its HQs placed with the nearest German
    combat unit (they stay where they are when there is none)."""
    here = G.markers(st)[box]["hex"]
    hqs = reveal(st, box, "hindenburg 18.32", why)
    to = nearest_combat_hex(st, here)
    if to is None or to == here:
        return
    for hq in hqs:
        U.place(st, hq, to)
    st.log(
        f"{_names(st, hqs)} is placed with the nearest German combat unit: {here}→{to}.",
        case="hindenburg 18.32",
    )


def adjacency_reveals(st: State, hex_label: str, by: str) -> None:
    """A Russian unit (``by``) has entered ``hex_label``: the dummies next to it (or in
    it) are removed (18.31), the HQ-only Gruppen revealed and their HQs placed (18.32),
    the Gruppen without a Zone of Control revealed in place (AV5)."""
    prune(st)
    board = U.static(st).scenario.board
    name = U.info(st, by).name
    around = {hex_label, *board.neighbours[hex_label]}
    for box in sorted(G.markers(st), key=int):
        if box not in G.markers(st) or G.markers(st)[box]["hex"] not in around:
            continue
        why = f"{name} moved next to it, into {hex_label}"
        what = G.kind(st, box)
        if what == "dummy":
            remove_dummy(st, box, why)
        elif what == "hq":
            reveal_hq_only(st, box, why)
        elif what == "quiet":
            reveal(st, box, "hindenburg 18.32", why + "; it has no Zone of Control (AV5)")


def hq_only_in_contact(st: State) -> None:
    """18.32 at the end of the Russian Movement Segment, an HQ-only Gruppe next to a
    Russian unit other than an HQ (one that was there already, or that it was formed or
    moved next to) is revealed and its HQ placed with the nearest German combat unit,
    as if the unit had just moved next to it: never is a hidden HQ displaced (10.52)."""
    prune(st)
    board = U.static(st).scenario.board
    for box in sorted(G.markers(st), key=int):
        if box not in G.markers(st) or G.kind(st, box) != "hq":
            continue
        here = G.markers(st)[box]["hex"]
        near = [
            uid
            for n in board.neighbours[here]
            for uid in U.units_in(st, n)
            if U.info(st, uid).side != G.side(st) and not U.info(st, uid).hq
        ]
        if near:
            reveal_hq_only(st, box, f"{U.info(st, near[0]).name} stands next to it")


def adjacent_to_russian_combat(st: State, hex_label: str) -> bool:
    board = U.static(st).scenario.board
    near = [uid for n in board.neighbours[hex_label] for uid in U.units_in(st, n)]
    return any(russian_combat_unit(st, uid) for uid in near)


def any_moment(st: State) -> bool:
    """AV4 reading (a), the option: adjacent at any moment of the phase counts."""
    return G.active(st) and bool(D.option(st, G.AV4_OPTION))


def watch(st: State, hexes: list[str] | None = None) -> None:
    """AV4 (a): note the Gruppen with a Zone of Control adjacent to a Russian combat unit
    now (only those next to or in ``hexes``, where units have just moved)."""
    board = U.static(st).scenario.board
    near = None if hexes is None else {n for h in hexes for n in (h, *board.neighbours[h])}
    for box in sorted(G.markers(st), key=int):
        here = G.markers(st)[box]["hex"]
        if near is not None and here not in near:
            continue
        if G.kind(st, box) == "zoc" and adjacent_to_russian_combat(st, here):
            G.note_seen(st, box)


def end_of_phase_reveals(st: State) -> None:
    """18.31: at the end of a Movement or Combat Phase, every Gruppe holding a unit with a
    Zone of Control adjacent to a Russian combat unit (AV4 (b)), or under the option
    adjacent to one at any moment of the phase (AV4 (a)), is revealed."""
    prune(st)
    earlier = set(G.seen(st)) if any_moment(st) else set()
    for box in sorted(G.markers(st), key=int):
        here = G.markers(st)[box]["hex"]
        if G.kind(st, box) != "zoc":
            continue
        if adjacent_to_russian_combat(st, here):
            why = "adjacent to a Russian combat unit at the end of the phase"
        elif box in earlier:
            why = "adjacent to a Russian combat unit during the phase (AV4 (a))"
        else:
            continue
        reveal(st, box, "hindenburg 18.31", why)
    if any_moment(st):
        G.clear_seen(st)


class GruppenWatch(Handler):
    """AV4 (a) the first step of a Movement or Combat Phase: the Gruppen adjacent to a
    Russian combat unit as it begins are noted."""

    kind = WATCH_FRAME
    case = "hindenburg 18.31"

    def run(self, st: State, frame: Frame) -> None:
        G.clear_seen(st)
        watch(st)
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Gruppen in contact as the phase begins"


class GruppenReveal(Handler):
    """18.31 the last step of a Movement or Combat Phase with hidden movement in play."""

    kind = REVEAL_FRAME
    case = "hindenburg 18.31"

    def run(self, st: State, frame: Frame) -> None:
        end_of_phase_reveals(st)
        st.pop()

    def title(self, st: State, frame: Frame) -> str:
        return "Gruppen revealed at the end of the phase"


def gruppen_broken(st: State) -> list[str]:
    """What is wrong with the markers now: a concealed unit off the map or away from its
    marker, not German, in two boxes or in an extra marker that holds none (AV7); a box
    both on and off the map."""
    broken = []
    seen: set[str] = set()
    for box, m in G.markers(st).items():
        if box in G.off_map(st):
            broken.append(f"Gruppe marker {box} is both on and off the map")
        if m["units"] and not G.holds_units(st, box):
            broken.append(f"extra Gruppe marker {box} holds units (AV7 (a))")
        for uid in m["units"]:
            record = U.record(st, uid)
            if record["status"] != "on_map" or record["hex"] != m["hex"]:
                broken.append(f"{uid} in Gruppe {box} is not in its hex {m['hex']}")
            if not G.hides(st, uid):
                broken.append(f"{uid} in Gruppe {box} is not German (18.0)")
            if uid in seen:
                broken.append(f"{uid} is in two Gruppen")
            seen.add(uid)
    return broken


# --- what the Russian knows -----------------------------------------------------------------


def known_zones(st: State) -> frozenset[str]:
    """The hexes the Russian knows the Central Powers control (7.1): the zones of their
    units in view and of their fortresses, and around each marker he has learnt is real
    (7.11 from its hex: what he learnt is that it exerts a zone, not what it holds, so
    this never depends on what it holds now); never around a marker he has not seen to
    be real."""

    def build(s: State) -> frozenset[str]:
        hidden = G.concealed(s)
        shown = [uid for uid in U.on_map(s, G.side(s)) if uid not in hidden]
        reach = U.static(s).zoc_reach
        learnt = {h for m in G.markers(s).values() if m.get("known") for h in reach[m["hex"]]}
        return frozenset(zoc.zones_of(s, shown) | learnt | zoc.fortress_zones(s, G.side(s)))

    return U.cached(st, "known_zoc", build, G.side(st))  # type: ignore[no-any-return]


def surprise_zones(st: State, hex_label: str) -> list[str]:
    """The markers whose concealed units control ``hex_label``, unknown to the Russian."""
    out = []
    for box in sorted(G.markers(st), key=int):
        if hex_label in zoc.zones_of(st, G.contents(st, box)):
            out.append(box)
    return out
