"""18.0 Hidden Movement: the state of the Gruppen markers and the Hidden Unit Display.

This module holds the data model only (what is where, who may know it) and its small
mutators; the actions that form, merge, split and drop off Gruppen, and the rules that
reveal them, are :mod:`.hidden_movement`'s; what each seat may see of them is
:mod:`.redaction`'s.

The state lives in ``st.data["gruppen"]`` (absent when the optional rule is off):

* ``markers``: box id (``"1"`` .. ``"13"``, 18.43; higher ids are the extra markers
  the Central Powers Player may add, 18.0) -> the marker on the map: ``hex``, the
  ``units`` concealed in its box (empty: a dummy), and ``handle``, the public name
  the enemy knows it by (new at every placement, so that it says nothing of the box
  number printed face down, 18.12);
* ``off``: box ids of markers not on the map (never placed yet, or removed: 18.31,
  18.33);
* ``issued``: the number of public handles issued so far;
* ``boxes``: how many numbered boxes the display has (18.43; a higher box id is one of
  the extra markers of 18.0);
* ``side``: the side whose markers these are (the Central Powers);
* ``phase``: how many Central Powers Movement Segments have begun (18.33: a marker
  removed comes back in a later one), and ``removed``: box id -> that count when the
  marker last left the map;
* ``seen`` (only under the option of AV4 reading (a)): the markers that have been
  adjacent to an enemy combat unit at some moment of the current phase.

A marker also says whether the enemy has learnt it is real (``known``: it exerted a
Zone of Control into a hex one of his units was about to enter; public, as the event
that taught him).

A concealed unit keeps its own record and its hex (the marker's hex): every rule that
acts on units acts on it as before; only what a seat is shown changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import data as D

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the optional rule's name (18.0 Hidden Movement (Optional))
OPTION = "hidden_movement"
CASE = "hindenburg 18.11"
#: AV4 reading (a): a Gruppe adjacent at any moment of the phase is revealed at its end
AV4_OPTION = "gruppen_revealed_if_ever_adjacent"
#: AV7 reading (b): extra markers may hold units (off: reading (a), dummies only)
EXTRA_OPTION = "extra_gruppen_hold_units"


def active(st: State) -> bool:
    """Whether hidden movement is in play in this game."""
    return "gruppen" in st.data


def init(st: State, boxes: int, side: str = "central") -> None:
    """Start the Hidden Unit Display: ``boxes`` markers, none on the map (18.43)."""
    init_data(st.data, boxes, side)


def init_data(data: dict[str, Any], boxes: int, side: str) -> None:
    """:func:`init` on a new game's data (before it is a state)."""
    data["gruppen"] = {
        "markers": {},
        "off": [str(n) for n in range(1, boxes + 1)],
        "issued": 0,
        "boxes": boxes,
        "side": side,
        "phase": 0,
        "removed": {},
    }


def side(st: State) -> str:
    """The side that hides its units under the markers (the Central Powers)."""
    return str(st.data["gruppen"]["side"])


def is_extra(st: State, box: str) -> bool:
    """One of the markers beyond the display's numbered boxes (18.0, AV7)."""
    return int(box) > int(st.data["gruppen"]["boxes"])


def known(st: State, box: str) -> bool:
    """Whether the enemy has learnt that marker ``box`` is real (public)."""
    return bool(markers(st)[box].get("known"))


def hexes(st: State) -> frozenset[str]:
    """The hexes holding markers."""
    return frozenset(m["hex"] for m in markers(st).values())


def markers(st: State) -> dict[str, dict[str, Any]]:
    """The markers on the map, by box id (empty when hidden movement is off)."""
    if not active(st):
        return {}
    found: dict[str, dict[str, Any]] = st.data["gruppen"]["markers"]
    return found


def off_map(st: State) -> list[str]:
    """Box ids of the markers not on the map (18.33: may be brought back)."""
    return list(st.data["gruppen"]["off"]) if active(st) else []


def contents(st: State, box: str) -> list[str]:
    """The units concealed by marker ``box`` (empty: a dummy)."""
    return list(markers(st)[box]["units"])


def is_dummy(st: State, box: str) -> bool:
    """A marker with no units in its box (18.0)."""
    return not markers(st)[box]["units"]


def marker_of(st: State, uid: str) -> str | None:
    """The box id of the marker concealing unit ``uid``, or None."""
    for box, m in markers(st).items():
        if uid in m["units"]:
            return box
    return None


def concealed(st: State) -> set[str]:
    """Every unit concealed by a marker on the map."""
    return {uid for m in markers(st).values() for uid in m["units"]}


def at(st: State, hex_label: str) -> list[str]:
    """Box ids of the markers in ``hex_label``."""
    return sorted(box for box, m in markers(st).items() if m["hex"] == hex_label)


def by_handle(st: State, handle: str) -> str | None:
    """The box id of the marker the enemy knows as ``handle``, or None."""
    for box, m in markers(st).items():
        if m["handle"] == handle:
            return box
    return None


def hq_only(st: State, box: str) -> bool:
    """A marker concealing only HQ units (18.32, 18.41, 18.42)."""
    units = contents(st, box)
    return bool(units) and all(U.info(st, uid).hq for uid in units)


# --- mutators ------------------------------------------------------------------------------


def _new_handle(st: State) -> str:
    g = st.data["gruppen"]
    g["issued"] += 1
    return f"gruppe-{g['issued']}"


def _touch(st: State) -> None:
    """The markers changed: what is derived from the units of their side (zones of
    control, occupied hexes, memoised moves) is worked out afresh."""
    st.data["rev"][side(st)] += 1


def new_extra(st: State) -> str:
    """The box id of one more extra marker (18.0 "as many additional ... as he wants"),
    put with the markers off the map."""
    g = st.data["gruppen"]
    taken = [int(b) for b in (*g["markers"], *g["off"])]
    box = str(max([int(g["boxes"]), *taken]) + 1)
    g["off"].append(box)
    return box


def place(st: State, box: str, hex_label: str, units: list[str]) -> None:
    """Put marker ``box`` (off the map) on ``hex_label`` concealing ``units`` (18.11)."""
    g = st.data["gruppen"]
    g["off"].remove(box)
    g["markers"][box] = {"hex": hex_label, "units": sorted(units), "handle": _new_handle(st)}
    _touch(st)


def take_off(st: State, box: str) -> list[str]:
    """Take marker ``box`` off the map; its units stay where they are, in view.  Returns
    the units it concealed.  It may come back in a later Central Powers Movement Phase
    (18.33)."""
    g = st.data["gruppen"]
    m = g["markers"].pop(box)
    g["off"].append(box)
    g["off"].sort(key=int)
    g.setdefault("removed", {})[box] = g.get("phase", 0)
    _touch(st)
    return list(m["units"])


def conceal(st: State, box: str, uid: str) -> None:
    """Put unit ``uid`` (in the marker's hex, in no other marker) in box ``box``."""
    units = markers(st)[box]["units"]
    units.append(uid)
    units.sort()
    _touch(st)


def release(st: State, uid: str) -> str | None:
    """Take unit ``uid`` out of its box (it is in view where it stands); returns the box
    it was in (the marker stays, a dummy if it held nothing else)."""
    box = marker_of(st, uid)
    if box is not None:
        markers(st)[box]["units"].remove(uid)
        _touch(st)
    return box


def move(st: State, box: str, hex_label: str) -> None:
    """Marker ``box`` now stands in ``hex_label`` (its units are moved by the caller)."""
    markers(st)[box]["hex"] = hex_label
    _touch(st)


def learn_real(st: State, box: str) -> None:
    """The enemy has learnt that marker ``box`` is real (public)."""
    markers(st)[box]["known"] = True
    _touch(st)


def note_seen(st: State, box: str) -> None:
    """AV4 (a): marker ``box`` has been adjacent to an enemy combat unit this phase."""
    seen = st.data["gruppen"].setdefault("seen", [])
    if box not in seen:
        seen.append(box)
        seen.sort(key=int)


def seen(st: State) -> list[str]:
    """AV4 (a): the markers adjacent to an enemy combat unit at some moment this phase."""
    return list(st.data["gruppen"].get("seen", []))


def clear_seen(st: State) -> None:
    st.data["gruppen"]["seen"] = []


def begin_phase(st: State) -> None:
    """A Central Powers Movement Segment begins (18.33: markers removed before it may
    come back now)."""
    g = st.data["gruppen"]
    g["phase"] = g.get("phase", 0) + 1


def returnable(st: State, box: str) -> bool:
    """Whether marker ``box`` (off the map) may be placed now: never removed, or removed
    before this Central Powers Movement Phase (18.33)."""
    g = st.data["gruppen"]
    removed = g.get("removed", {})
    return box not in removed or removed[box] < g.get("phase", 0)


def was_removed(st: State, box: str) -> bool:
    """Whether marker ``box`` has been on the map and removed (18.33 says where it comes
    back)."""
    return box in st.data["gruppen"].get("removed", {})


# --- what a marker is, as the rules sort them ----------------------------------------------


def hides(st: State, uid: str) -> bool:
    """18.0 only German units take advantage of hidden movement."""
    return U.info(st, uid).nationality == D.data(st).gruppen_nationality  # type: ignore[no-any-return]


def combat_unit(st: State, uid: str) -> bool:
    """Neither an HQ nor a supply depot."""
    ui = U.info(st, uid)
    return not ui.hq and ui.type != "supply_depot"


def kind(st: State, box: str) -> str:
    """What a marker is, as the reveal rules sort them: ``dummy`` (no units, 18.0),
    ``hq`` (only HQs, 18.32), ``zoc`` (a unit exerting a Zone of Control, 18.31) or
    ``quiet`` (units, none with a Zone of Control nor all HQs: a depot, AV5)."""
    units = contents(st, box)
    if not units:
        return "dummy"
    if all(U.info(st, uid).hq for uid in units):
        return "hq"
    rules = U.rules(st)
    return "zoc" if any(rules.exerts_zoc(st, uid) for uid in units) else "quiet"


def holds_units(st: State, box: str) -> bool:
    """18.43 / AV7: a numbered box holds units; an extra marker only under reading (b)."""
    return not is_extra(st, box) or bool(D.option(st, EXTRA_OPTION))


def german_units_in(st: State, hex_label: str) -> list[str]:
    return [uid for uid in U.units_in(st, hex_label) if hides(st, uid)]
