"""Helpers of the Caporetto combat, retreat, pursuit and withdrawal tests.

Positions are on the FICTIONAL teaching map, in the plain west of the Sontia (a minor
river between columns 12 and 13), where the Central Powers trace supply to their rail
sources in column 15 and the Italians to the Carnia and Veneto lines (1105-1109, 1009)::

    1111's neighbours: 1110 (N), 1211 (NE), 1212 (SE), 1112 (S), 1012 (SW), 1011 (NW)

Attacks of TCR 1 units read the "TCR 1" row of the CRT: at 1-1 die 1 gives -/2, die 2
1/2; at 2-1 die 1 gives -/3.  TCR 2 units read the "TCR 2 and 3" row: at 2-1 die 1
gives -/2.
"""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.combat import DEFENDING, END_DEFENSE
from tests.rules.gwite.kit import attack, attack_log, choose, stage  # noqa: F401  (shared)

COMBAT = {"phase": "combat", "segment": "combat_resolution"}
#: an Austro-Hungarian and an Italian division face each other in the Tyrol, far from every
#: test: the Combat Resolution Segment stays open after a test's attack
SPARE = {"AH-T1": "0502", "I-34": "0403"}


def fight(position: Any, units: dict[str, Any], turn: int = 6, **kw: Any) -> State:
    """The Central Powers' Combat Resolution Segment on ``turn`` (6: after the first
    five Game-Turns of caporetto 8.75 and the first of 23.3)."""
    return position({**SPARE, **units}, turn=turn, **{**COMBAT, **kw})  # type: ignore[no-any-return]


def strike(
    st: State, target: str, attackers: list[str], fixed_dice: Any, *dice: int, side: str = "central"
) -> dict[str, Any]:
    """Declare and resolve an attack with the dice fixed; return its preview."""
    shown = attack(st, side, target, attackers)
    fixed_dice(*dice)
    st.apply(side, {"type": "resolve"})
    top = st.top()
    if top is not None and top.get("stage") == DEFENDING:  # caporetto 17.25: no barrage
        st.apply(st.active_roles()[0], {"type": END_DEFENSE})
    return shown


def result(st: State) -> str:
    """The result of the last resolved attack, as the 8.8 log line gives it."""
    line = attack_log(st)["text"]
    return line.rsplit(": ", 1)[1].rstrip(".").split(" ")[0]


def options(st: State, role: str = "allied") -> list[int]:
    return [a["index"] for a in st.legal_actions(role) if a["type"] == "option"]


def take_option(st: State, index: int, role: str = "allied") -> None:
    choose(st, role, "option", index=index)


def retreat_paths(st: State, role: str = "allied") -> list[list[str]]:
    return [a["path"] for a in st.legal_actions(role) if a["type"] == "retreat"]


def moves(st: State, kind: str, role: str = "central") -> list[tuple[str, str]]:
    return [(a["unit"], a["to"]) for a in st.legal_actions(role) if a["type"] == kind]


def hex_of(st: State, uid: str) -> str | None:
    rec = U.record(st, uid)
    return rec["hex"] if rec["status"] == "on_map" else None
