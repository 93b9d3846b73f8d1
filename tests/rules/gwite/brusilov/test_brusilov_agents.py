"""The computer players use the Brusilov defender's step: the heuristic agent takes every
defensive shift its HQs give (21.1) and then lets the die be rolled."""

from __future__ import annotations

from typing import Any

from greatwar.ai import HeuristicAgent, decide
from tests.rules.gwite.brusilov.test_brusilov_combat import defensive_position
from tests.rules.gwite.kit import attack, resolve


def test_the_heuristic_defender_takes_his_defensive_shift_then_ends_defense(
    brusilov_position: Any,
) -> None:
    st = defensive_position(brusilov_position)
    attack(st, "central", "1005", ["G-35R", "G-36R"])
    resolve(st, "central")  # committed: the defender's step
    agent = HeuristicAgent(seed=1)
    first = decide(agent, st, "allied")
    assert first == {"type": "defensive_shift", "hq": "R-HQ-XIX", "shift": -1}
    assert "defensive shift" in (agent.last_explanation or "")
    st.apply("allied", first)
    assert st.view("allied")["combat"]["column"] == "1-1"
    assert decide(agent, st, "allied")["type"] == "end_defense"
