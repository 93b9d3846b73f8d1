"""19.0 Victory conditions.  STUB: no points yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import State


def unit_eliminated(st: State, uid: str) -> None:
    """19.3 points for an eliminated unit or HQ."""


def end_of_stage(st: State) -> None:
    """19.3 points scored at the end of each stage (towns, stage awards)."""


def result(st: State) -> dict[str, Any]:
    vp = st.data["vp"]
    winner = "russian" if vp > 0 else "german" if vp < 0 else None
    return {"winner": winner, "vp": vp, "level": "points", "summary": f"victory points {vp:+d}"}
