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
* ``issued``: the number of public handles issued so far.

A concealed unit keeps its own record and its hex (the marker's hex): every rule that
acts on units acts on it as before; only what a seat is shown changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from greatwar.rules.gwite import units as U

if TYPE_CHECKING:
    from greatwar.engine.state import State

#: the optional rule's name (18.0 Hidden Movement (Optional))
OPTION = "hidden_movement"
CASE = "hindenburg 18.11"


def active(st: State) -> bool:
    """Whether hidden movement is in play in this game."""
    return "gruppen" in st.data


def init(st: State, boxes: int) -> None:
    """Start the Hidden Unit Display: ``boxes`` markers, none on the map (18.43)."""
    st.data["gruppen"] = {
        "markers": {},
        "off": [str(n) for n in range(1, boxes + 1)],
        "issued": 0,
    }


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


def place(st: State, box: str, hex_label: str, units: list[str]) -> None:
    """Put marker ``box`` (off the map) on ``hex_label`` concealing ``units`` (18.11)."""
    g = st.data["gruppen"]
    g["off"].remove(box)
    g["markers"][box] = {"hex": hex_label, "units": sorted(units), "handle": _new_handle(st)}


def take_off(st: State, box: str) -> list[str]:
    """Take marker ``box`` off the map; its units stay where they are, in view.  Returns
    the units it concealed."""
    g = st.data["gruppen"]
    m = g["markers"].pop(box)
    g["off"].append(box)
    g["off"].sort(key=int)
    return list(m["units"])
