"""Helpers of the Brusilov movement, rail and armored car tests (FICTIONAL positions on
the teaching map and on small edited copies of it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from greatwar import State
from greatwar.rules.gwite import units as U
from tests.rules.gwite.kit import MAP

Action = dict[str, Any]

#: a Marine Brigade and a Naval Brigade in the south-east corner (both sides on the map)
SPARE = {"G-MB": "2016", "R-BNB": "2015"}

#: a FICTIONAL armored car (24.0): one step; its back, the breakdown face, moves 3
ARMORED_CAR = """
[[counter]]
id = "X-AC"
name = "Test armored car"
side = "allied"
nationality = "russia"
type = "armored_car"
size = "brigade"
movement = 6
steps = [[2, 1], { attack = 1, defense = 1, movement = 3 }]
setup = "2003"
"""

#: FICTIONAL reinforcements arriving entrained (18.23): a German and a Russian division
ENTRAINED_ARRIVALS = """
[[counter]]
id = "X-GR"
name = "Test German division arriving entrained on Game-Turn 2 at A"
side = "central"
nationality = "germany"
type = "infantry"
size = "division"
movement = 5
steps = [[4, 5], [2, 3]]
arrive = { turn = 2, entry = "A", entrained = true }
"""


def counters(tmp_path: Path, text: str, name: str = "brusilov-test-counters.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edited_map(tmp_path: Path, append: str = "", replace: dict[str, str] | None = None) -> Path:
    """A copy of the FICTIONAL teaching map, some text replaced and some appended."""
    text = MAP.read_text(encoding="utf-8")
    for old, new in (replace or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "brusilov-test-map.toml"
    path.write_text(text + "\n" + append, encoding="utf-8")
    return path


def of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a["type"] == kind]


def select(st: State, role: str, uid: str) -> list[Action]:
    st.apply(role, {"type": "select", "unit": uid})
    return st.legal_actions(role)


def entrain(st: State, role: str, uid: str) -> None:
    (action,) = of_type(select(st, role, uid), "entrain")
    st.apply(role, action)


def rail_moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), "rail_move")}


def moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), "move")}


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def status(st: State, uid: str) -> str:
    return U.record(st, uid)["status"]  # type: ignore[no-any-return]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def rolls(st: State, case: str) -> list[int]:
    return [e["roll"] for e in st.data["log"] if e.get("case") == case and "roll" in e]
