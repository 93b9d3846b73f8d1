"""Helpers for the movement, reserve, stacking and control-zone tests (FICTIONAL teaching
map).

Positions start in the first movement phase of a stage (3.1 phase 5) of the side
named (it holds the initiative).  The German "arena" north of the lakes lies along
the Ostbahn (A9 B20 - A12 B20 - A13 B19 - A19 B18), which keeps German units
within two hexes of it supplied (15.2.5, 15.2.7); the 8th Army HQ (command range 5)
commands every unit within five hexes of it (13.2.6).

Hex labels are "A<column> B<diagonal row>"; the six neighbours of A<a> B<b> are
A<a> B<b+1>, A<a+1> B<b>, A<a+1> B<b-1>, A<a> B<b-1>, A<a-1> B<b> and A<a-1> B<b+1>.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from greatwar import IllegalAction, State
from greatwar.rules.tannenberg import units as U

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]
GERMAN, RUSSIAN = "german", "russian"
#: the German 8th Army HQ, commanding the north arena (range 5)
ARMY_HQ = {"G-HQ-8A": "A10 B19"}


def moving(position: Any, units: dict[str, Any], side: str = GERMAN, **kw: Any) -> State:
    """A position in ``side``'s movement phase (it moves first: 3.1 phase 5)."""
    return position(units, phase="movement_1", first_side=side, **kw)  # type: ignore[no-any-return]


def moves(st: State, role: str, uid: str) -> dict[str, Action]:
    """The legal moves of ``uid`` now, by destination."""
    return {a["to"]: a for a in st.legal_actions(role) if a["type"] == "move" and a["unit"] == uid}


def select(st: State, role: str, uid: str) -> dict[str, Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return moves(st, role, uid)


def move(st: State, role: str, uid: str, to: str) -> None:
    """Select ``uid`` if needed and move it to ``to`` by the legal action."""
    options = moves(st, role, uid)
    if not options:
        options = select(st, role, uid)
    st.apply(role, options[to])


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def frame_of(st: State, kind: str = "movement_phase") -> dict[str, Any]:
    """The topmost frame of ``kind`` on the stack."""
    return next(f for f in reversed(st.data["stack"]) if f["kind"] == kind)


def selectable(st: State, role: str) -> list[str]:
    return [a["unit"] for a in st.legal_actions(role) if a["type"] == "select"]


def cases_logged(st: State) -> list[str]:
    return [e["case"] for e in st.data["log"] if "case" in e]


def near(st: State, hex_label: str, rng: random.Random, most: int = 2) -> str:
    """A hex of the map at most ``most`` steps from ``hex_label`` (a random walk), for
    the tests that change a position at random."""
    neighbours = st.game.static.scenario.board.neighbours
    here = hex_label
    for _ in range(rng.randint(0, most)):
        here = rng.choice(sorted(neighbours[here]))
    return here


def toggle_marker(st: State, uid: str, marker: str) -> None:
    """Take the marker off the unit if it has it, else put it on."""
    if U.has_marker(st, uid, marker):
        U.remove_marker(st, uid, marker)
    else:
        U.add_marker(st, uid, marker)
