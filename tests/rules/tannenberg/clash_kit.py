"""Helpers for the clash tests (9.0) on the FICTIONAL teaching map.

The arena: the clear country around A16 B21 (German territory, no river, no
town).  The six neighbours of A16 B21 are A16 B22, A17 B21, A17 B20, A16 B20,
A15 B21 and A15 B22.  Positions start at the clash phase of the last stage
(stage 10 of 10), so the game ends when the phase does and no later phase
rolls a die.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from greatwar.engine.state import State

Position = Callable[..., State]


def at_clash(position: Position, units: dict[str, Any], **kw: Any) -> State:
    """A position at the clash phase of the last stage."""
    kw.setdefault("stage", 10)
    kw.setdefault("turns", 10)
    return position(units, phase="clash", **kw)


def form(
    st: State, focal: str, drop: Iterable[str] = (), add: Iterable[str] = (), role: str = "german"
) -> None:
    """The holder names a clash at ``focal`` (every enemy hex next to it, less ``drop``,
    plus ``add``) and fights it."""
    st.apply(role, {"type": "clash", "hex": focal})
    for h in drop:
        st.apply(role, {"type": "drop_hex", "hex": h})
    for h in add:
        st.apply(role, {"type": "add_hex", "hex": h})
    st.apply(role, {"type": "fight"})


def play_cards(st: State, german: str, russian: str) -> None:
    """Both sides lay down their cards (the German first)."""
    st.apply("german", {"type": "card", "card": german})
    st.apply("russian", {"type": "card", "card": russian})


def texts(st: State, role: str | None = None) -> list[str]:
    """The log's texts (as ``role`` reads them, or all)."""
    if role is None:
        return [e["text"] for e in st.data["log"]]
    return [e["text"] for e in st.view(role)["log"]]


def lost(st: State, uid: str) -> tuple[str, int, int]:
    """(status, level, endurance lost on the level) of a unit."""
    u = st.data["units"][uid]
    return u["status"], u["level"], u["lost"]


def hex_of(st: State, uid: str) -> str | None:
    return st.data["units"][uid]["hex"]  # type: ignore[no-any-return]


def top_kind(st: State) -> str | None:
    top = st.top()
    return None if top is None else top["kind"]


def act(st: State, role: str, action_type: str, **fields: Any) -> None:
    """Apply the first legal action of ``role`` of a type (and fields) — it must exist."""
    for a in st.legal_actions(role):
        if a["type"] == action_type and all(a.get(k) == v for k, v in fields.items()):
            st.apply(role, a)
            return
    raise AssertionError(f"no {action_type} {fields} among {st.legal_actions(role)}")


def masked_clash(
    position: Position, units: dict[str, Any], masks: dict[str, tuple[str, list[str]]]
) -> State:
    """A position at the clash phase of the last stage with masks already down (as
    ``masking_kit.masked``); the phase's list of who must fight (9.1.2) is taken with the
    masks in place, as it is when a game reaches the phase."""
    from greatwar.rules.tannenberg import clash, masking, seats

    st = position(units, paused=True, phase="clash", stage=10, turns=10)
    for mask, (hex_label, hidden) in masks.items():
        side = st.game.static.units[mask].side
        role = seats.role_of_unit(st, hidden[0]) if hidden else seats.senior_role(st.game, side)
        masking.put_mask(st, mask, hex_label, hidden, role)
    phase = st.top()
    assert phase is not None and phase["kind"] == "clash_phase"
    phase["must"], phase["must_forts"] = clash.must_fight(st)
    st._settle()
    return st
