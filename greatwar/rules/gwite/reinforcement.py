"""14.0 Reinforcements (14.1 arrival; 14.21 and 14.24 restrictions).

In the Reinforcement Segment the phasing player brings on each unit due this
turn (or withheld earlier) at its lettered entry hex at no movement cost
(14.11), stacked if several arrive together (14.13), or withholds it to a
later turn (14.24).  An entry hex held or controlled by the enemy may not be
used (14.21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.engine.phases import Action, Frame, Handler
from greatwar.model.board import canonical
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite import zoc
from greatwar.rules.gwite.movement import blocked_hexes
from greatwar.rules.gwite.names import side_name

if TYPE_CHECKING:
    from greatwar.engine.state import State


def entry_hex(st: State, uid: str) -> str:
    board = U.static(st).scenario.board
    entry = U.info(st, uid).arrive_entry or ""
    if entry in board.entries:
        return canonical(board, board.entries[entry].hex)
    return canonical(board, entry)


def due(st: State, side: str) -> list[str]:
    """Reinforcements of ``side`` that may arrive this turn (scheduled now or withheld)."""
    turn = st.data["turn"]
    out = []
    for uid, u in st.data["units"].items():
        ui = U.info(st, uid)
        if ui.side == side and u["status"] == "pending" and (ui.arrive_turn or 0) <= turn:
            out.append(uid)
    return sorted(out)


def entry_blocked(st: State, side: str, hex_label: str) -> str | None:
    """Why a reinforcement may not enter at ``hex_label`` (14.21), or None."""
    occupant = U.hex_side(st).get(hex_label)
    if occupant is not None and occupant != side:
        return f"{hex_label} is occupied by the enemy"
    if hex_label in zoc.enemy_controlled(st, side):
        return f"{hex_label} is in an Enemy zone of control"
    if hex_label in blocked_hexes(st, side):
        # 5.13: no unit is ever placed in an undestroyed Enemy fortress
        return f"{hex_label} is an undestroyed Enemy fortress"
    return None


class ReinforcementSegment(Handler):
    """4.0 A.b Reinforcement Segment."""

    kind = "reinforcement"
    case = "14.1"

    def setup(self, st: State, frame: Frame) -> None:
        frame.setdefault("decided", [])

    def _undecided(self, st: State, frame: Frame) -> list[str]:
        decided = set(frame["decided"])
        return [uid for uid in due(st, frame["side"]) if uid not in decided]

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [frame["side"]] if self._undecided(st, frame) else []

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        actions: list[Action] = []
        for uid in self._undecided(st, frame):
            hex_label = entry_hex(st, uid)
            if entry_blocked(st, role, hex_label) is None:
                actions.append({"type": "enter", "unit": uid, "hex": hex_label})
            actions.append({"type": "withhold", "unit": uid})
        return actions

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        uid = action["unit"]
        name = U.info(st, uid).name
        frame["decided"].append(uid)
        if action["type"] == "enter":
            U.place(st, uid, action["hex"])
            st.log(f"{name} arrives at {action['hex']}.", case="14.11")
            from greatwar.rules.gwite.victory import passed_through

            passed_through(st, uid, [action["hex"]])
        else:
            hex_label = entry_hex(st, uid)
            why = entry_blocked(st, role, hex_label)
            if why:
                st.log(f"{name} cannot arrive: {why}; it waits for a later turn.", case="14.21")
            else:
                st.log(f"{side_name(st, role)} withholds {name} to a later turn.", case="14.24")

    def run(self, st: State, frame: Frame) -> None:
        st.pop()

    def explain(self, st: State, frame: Frame, role: str, action: Action) -> tuple[str, str | None]:
        """Why a reinforcement action is refused, with the case that forbids it."""
        kind = action.get("type")
        if kind in ("select", "move", "finish"):
            # 4.0 A: the Reinforcement Segment comes before the Movement Segment (14.14)
            return "units move in the Movement Segment, after the Reinforcement Segment", "4.0"
        uid = action.get("unit")
        if kind not in ("enter", "withhold") or not isinstance(uid, str):
            return super().explain(st, frame, role, action)
        if uid not in st.data["units"]:
            return f"there is no unit {uid!r}", "14.0"
        ui = U.info(st, uid)
        if ui.side != role:
            return f"{ui.name} is not yours", "14.0"
        if uid in frame.get("decided", []):
            return f"{ui.name} has already entered or been withheld this turn", "14.24"
        if uid not in due(st, role):
            if ui.arrive_turn is None or U.record(st, uid)["status"] != "pending":
                return f"{ui.name} is not a reinforcement waiting to arrive", "14.0"
            return f"{ui.name} is due on Game-Turn {ui.arrive_turn}, not before", "14.0"
        hex_label = entry_hex(st, uid)
        if kind == "enter":
            why = entry_blocked(st, role, hex_label)
            if why:
                return f"{ui.name} may not enter: {why}", "14.21"
            if action.get("hex") != hex_label:
                return f"{ui.name} enters at its entry hex {hex_label}, nowhere else", "14.11"
        return super().explain(st, frame, role, action)

    def prompt(self, st: State, frame: Frame, role: str) -> str:
        names = ", ".join(U.info(st, uid).name for uid in self._undecided(st, frame))
        return f"Reinforcement Segment: bring on or withhold {names}."

    def title(self, st: State, frame: Frame) -> str:
        return "Reinforcement Segment"
