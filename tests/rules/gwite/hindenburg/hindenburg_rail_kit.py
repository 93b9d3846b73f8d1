"""Helpers of the Von Hindenburg rail, control, supply and reinforcement tests (FICTIONAL
positions on the Von Hindenburg teaching map).

The map's rail lines (index: name, track, hexes; G Germany, A Austria-Hungary, P Poland):
0 Schlesische Bahn, double, 0201 ... 0211 (G) 0212 0213 0214 (A); 1 Lodsch line, double,
0106 0206 0306 0406 (G) 0506 0606 0706 0806 0906 0905 1005 1105 (P); 2 Warschau-Iwanowo,
single, 1105 1106 1107 1008 1009 1010 1011 (P) 1012 1013 (A); 3 Brest line, double, 1105
1205 ... 1805 (P); 4 Nowy Dwor branch, single, 1005 1105 1205 (P); 5 Radom line, single,
1009 1109 1209 1308 1408 1508 1608 1708 1808 (P); 6 Mlawa line, single, 1105 1104 1103
1102 1101 (P); 7 Tschenstochau branch, single, 0506 ... 0511 (P) 0512 0513 (A); 8 Galizische
Bahn, double, 0113 0213 ... 1813 (A).  At the start (17.53) the Central Powers hold the rail
of Germany, Austria-Hungary and Poland's 0506-0511, 0606, 0706, 0806; the Russians the rest
of Poland's (0905 and 0906 are the scenario's exceptions).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import greatwar
from greatwar import IllegalAction, State
from greatwar.rules.gwite import rail, supply
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.hindenburg import control
from tests.rules.gwite.brusilov.brusilov_kit import of_type, select
from tests.rules.gwite.hindenburg.conftest import write_hindenburg_position
from tests.rules.gwite.kit import play_until

Action = dict[str, Any]
Refuse = Callable[[State, str, Action], IllegalAction]
ENTRAINED = {"markers": ["entrained"]}


def at(hex_label: str, **extra: Any) -> dict[str, Any]:
    """A position entry: the unit in ``hex_label`` (with markers ...)."""
    return {"hex": hex_label, **extra}


def entrained(hex_label: str) -> dict[str, Any]:
    """A position entry: the unit entrained in ``hex_label``."""
    return at(hex_label, **ENTRAINED)


def long_game(
    tmp_path: Path,
    units: dict[str, str | dict[str, Any]],
    *,
    turns: int = 15,
    extra_counters: str = "",
    options: dict[str, Any] | None = None,
    seed: int = 1,
    **kw: Any,
) -> State:
    """A position of the teaching scenario lengthened to ``turns`` Game-Turns (the game's
    15, hindenburg 2.5: the teaching scenario plays 8), with FICTIONAL counters added."""
    path = write_hindenburg_position(tmp_path, units, **kw)
    text = path.read_text(encoding="utf-8").replace('"turns" = 8', f'"turns" = {turns}', 1)
    if extra_counters:
        more = tmp_path / "hindenburg-test-counters.toml"
        more.write_text(extra_counters, encoding="utf-8")
        text = text.replace('"counters" = ["', f'"counters" = ["{more}", "', 1)
    path.write_text(text, encoding="utf-8")
    game = greatwar.load(path, options or {})
    game.checking = True
    return game.new_state(seed)


def entrain(st: State, role: str, uid: str) -> None:
    """Select the unit and try to entrain it (the game rolls where 17.13, 17.23 say)."""
    (action,) = of_type(select(st, role, uid), "entrain")
    st.apply(role, action)


def rail_moves(st: State, role: str) -> dict[str, Action]:
    return {a["to"]: a for a in of_type(st.legal_actions(role), "rail_move")}


def rail_to(st: State, role: str, uid: str, to: str) -> None:
    """Select the entrained unit (unless it is) and move it by rail to ``to``."""
    top = st.top()
    if top is None or top.get("current") != uid:
        select(st, role, uid)
    st.apply(role, rail_moves(st, role)[to])


def left(st: State, side: str) -> dict[str, int]:
    """Rail Capacity left to ``side`` now, per army (5.31)."""
    return rail.capacity_left(st, side)


def owner(st: State, hex_label: str) -> tuple[str | None, int]:
    return control.owner(st, hex_label)


def supplied(st: State, *uids: str) -> list[bool]:
    return [supply.in_supply(st, uid) for uid in uids]


def hex_of(st: State, uid: str) -> str | None:
    return U.record(st, uid)["hex"]  # type: ignore[no-any-return]


def status(st: State, uid: str) -> str:
    return U.record(st, uid)["status"]  # type: ignore[no-any-return]


def logged(st: State, case: str) -> list[str]:
    return [e["text"] for e in st.data["log"] if e.get("case") == case]


def rolls(st: State, case: str) -> list[int]:
    return [e["roll"] for e in st.data["log"] if e.get("case") == case and "roll" in e]


def to_movement_segment(st: State, side: str, turn: int) -> None:
    """Play on (ending segments and phases) to ``side``'s Movement Segment of ``turn``."""

    def there(s: State) -> bool:
        top = s.top()
        return (
            s.data["turn"] == turn
            and s.data["phasing"] == side
            and top is not None
            and top["kind"] == "movement"
        )

    play_until(st, there)
