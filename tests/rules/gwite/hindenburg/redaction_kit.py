"""Helpers of the Von Hindenburg hidden-information tests (18.12): positions on the
FICTIONAL teaching map with Gruppen markers on it, in pairs that look the same to the
Russian Player but differ in what the markers hide."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from greatwar import State
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.rules.gwite.hindenburg import redaction as R

RUSSIAN = "allied"
CENTRAL = "central"
#: (box, hex, units concealed) in the order the markers are placed (the handles follow it)
Boxes = list[tuple[str, str, list[str]]]
Action = dict[str, Any]
#: a far corner of Germany where a marker stands out of every test's way
FAR = "0205"


def conceal(st: State, boxes: Boxes) -> State:
    """Start the Hidden Unit Display (13 boxes, 18.43) and place the markers (18.11)."""
    gruppen.init(st, 13)
    for box, hex_label, units in boxes:
        gruppen.place(st, box, hex_label, units)
    return st


def hidden(position: Callable[..., State], units: dict[str, Any], boxes: Boxes, **kw: Any) -> State:
    """A position with markers on the map (the concealed units stand in their hexes)."""
    return conceal(position(units, **kw), boxes)


def twins(
    position: Callable[..., State],
    units: dict[str, Any],
    unit: str,
    near: str,
    far: str = FAR,
    **kw: Any,
) -> tuple[State, State]:
    """Two positions the Russian cannot tell apart: a marker in ``near`` and one in ``far``
    (placed in that order, so their handles match); in the first ``unit`` is concealed
    in ``near`` and the far marker is a dummy, in the second the other way round."""
    real = hidden(position, {**units, unit: near}, [("3", near, [unit]), ("7", far, [])], **kw)
    dummy = hidden(position, {**units, unit: far}, [("3", near, []), ("7", far, [unit])], **kw)
    return real, dummy


def truth_legal(st: State, role: str = RUSSIAN) -> list[Action]:
    """The actions the true state would allow (what the Russian must not be offered)."""
    return R.legal_on(st.clone(), role)


def text_of(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def mentions(payload: Any, st: State, *uids: str) -> list[str]:
    """The ids of ``uids`` that ``payload`` mentions anywhere, and their names it mentions
    outside its list of units (where another counter may bear the same name: the teaching
    counters have a German and an Austro-Hungarian 35th Infantry Division)."""
    text = text_of(payload)
    found = [u for u in uids if u in text]
    rest = (
        {k: v for k, v in payload.items() if k != "units"} if isinstance(payload, dict) else payload
    )
    names = [str(st.game.static.units[u].name) for u in uids]
    return found + [n for n in names if n in text_of(rest)]


def apply_all(st: State, role: str, actions: list[Action]) -> None:
    for action in actions:
        st.apply(role, action)
