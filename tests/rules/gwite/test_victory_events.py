"""Victory's variation points (R7): a game's rules hear of an elimination before the unit
leaves its hex (Brusilov 25.13 scores surrounded units there) and of every step lost, by
cause; the cases the log cites for control and scoring are the scenario's."""

from __future__ import annotations

from typing import Any

from kit import SPARE, attack, fight, north

from greatwar.engine.state import State
from greatwar.rules.gwite import units as U
from greatwar.rules.gwite.rules import StandardRules


class Listening(StandardRules):
    """A FICTIONAL test game that notes what victory's events tell it."""

    def __init__(self) -> None:
        self.heard: list[tuple[Any, ...]] = []

    def before_eliminated(self, st: State, uid: str, case: str) -> None:
        u = U.record(st, uid)
        self.heard.append(("before", uid, u["status"], u["hex"], case))

    def steps_lost(self, st: State, uid: str, steps: int, case: str) -> None:
        self.heard.append(("steps", uid, steps, case))


def test_8_9_an_elimination_is_heard_before_the_unit_leaves_its_hex(
    position: Any, fixed_dice: Any
) -> None:
    # 16 to 4 is 4-1, die 1: -/E: the 3rd Siberian is eliminated in 1005
    rules = Listening()
    units = {"R-3S": "1005", "G-I": "0904", "G-XVII": "0905"}
    st = fight(position, north(**units, **SPARE), rules=rules)
    attack(st, "central", "1005", ["G-I", "G-XVII"])
    fixed_dice(1)
    st.apply("central", {"type": "resolve"})
    assert ("before", "R-3S", "on_map", "1005", "8.9") in rules.heard
    scored = [e for e in st.data["log"] if e["text"].startswith("Victory points")]
    assert scored and scored[-1]["case"] == "brusilov 25.2"  # the teaching scenario's case


def test_9_22_steps_lost_are_heard_with_their_cause(position: Any) -> None:
    rules = Listening()
    st = fight(position, north(**{"R-XIX": "1205"}, **SPARE), rules=rules)
    U.lose_steps(st, "R-XIX", 1, "9.22", "attrition")
    assert rules.heard == [("steps", "R-XIX", 1, "9.22")]
