"""Helpers of the Von Hindenburg hidden movement tests (18.0): FICTIONAL positions on the
teaching map with the optional rule on, markers set on the map as a position gives them.

The teaching map is clear around the tests (rows 06-09, columns 04-08); German units
(TCR 1) and Russian units (TCR 3) pay 1 per clear hex and 1 more to enter an Enemy
zone of control (7.21).
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import gruppen as G

Action = dict[str, Any]
ON = {"hidden_movement": True}
CP, RU = "central", "allied"


def hidden(
    position: Any,
    units: dict[str, Any],
    markers: dict[str, tuple[str, list[str]]] | None = None,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> State:
    """A position under hidden movement, with markers ``{box: (hex, [units])}`` set on
    the map as the position's (the units stand in the marker's hex)."""
    st: State = position(units, options={**ON, **(options or {})}, **kw)
    for box, (hex_label, inside) in (markers or {}).items():
        G.place(st, box, hex_label, inside)
    return st


def of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


def apply(st: State, role: str, kind: str, **fields: Any) -> Action:
    """Apply the legal action of ``kind`` whose fields match."""
    for a in st.legal_actions(role):
        if a["type"] == kind and all(a.get(k) == v for k, v in fields.items()):
            st.apply(role, a)
            return a
    raise AssertionError(f"no {kind} {fields} among {st.legal_actions(role)}")


def offered(st: State, role: str, kind: str, **fields: Any) -> bool:
    return any(
        a["type"] == kind and all(a.get(k) == v for k, v in fields.items())
        for a in st.legal_actions(role)
    )


def moves(st: State, role: str, kind: str = "move") -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), kind)}


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def spent(st: State, uid: str) -> int:
    top = st.top()
    assert top is not None
    return int(top["spent"].get(uid, 0))


def contents(st: State) -> dict[str, tuple[str, list[str]]]:
    """The markers on the map: box -> (hex, units)."""
    return {box: (m["hex"], list(m["units"])) for box, m in G.markers(st).items()}


def entries(st: State, case: str) -> list[dict[str, Any]]:
    return [e for e in st.data["log"] if e.get("case") == case]


def public(st: State, case: str) -> list[str]:
    """The texts of the log entries everyone reads, citing ``case``."""
    return [e["text"] for e in entries(st, case) if "to" not in e]


def private(st: State, case: str) -> list[str]:
    """The texts of the log entries for the Central Powers only, citing ``case``."""
    return [e["text"] for e in entries(st, case) if e.get("to") == [CP]]
