"""Helpers for the supply tests (FICTIONAL teaching map): rail damage set by hand.

``with_rail(st, cut=..., bridges=...)`` records cut track (5.4) and destroyed Vistula
bridges (6.0) as the rail module does, and bumps both sides' revisions as it does (the
supply tables are memoised on them).  The two bridges of the teaching map are
:data:`VISTULA_BRIDGES`: with both gone, the west bank holds no Russian base.
"""

from __future__ import annotations

from typing import Any

VISTULA_BRIDGES = ("A4 B16/A5 B15", "A4 B22/A5 B21")


def with_rail(st: Any, cut: tuple[str, ...] = (), bridges: tuple[str, ...] = ()) -> Any:
    """``st`` with its rail damage replaced by ``cut`` and ``bridges`` (returned)."""
    st.data["rail"] = {"cut": list(cut), "bridges_destroyed": list(bridges), "bridge_tried": {}}
    for side in st.data["rev"]:
        st.data["rev"][side] += 1
    return st
