"""The computer players use the barrage (caporetto 17.11, 17.15, 17.21): the heuristic
agent adds a supporter's barrage to its attack, cuts a barrage its attack is too weak
for, and gives its own supporters' barrage to a defense."""

from __future__ import annotations

from typing import Any

from greatwar import State
from greatwar.ai import HeuristicAgent, decide
from tests.rules.gwite.kit import COMBAT, attack, resolve


def fight(make: Any, units: dict[str, Any]) -> State:
    return make(units, phasing="central", turn=3, **COMBAT)  # type: ignore[no-any-return]


def test_17_11_the_heuristic_attacker_adds_the_barrage(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {"I-46": "1810", "G-12": "1710", "G-A1": "1710"})
    attack(st, "central", "1810", ["G-12"])
    agent = HeuristicAgent(seed=1)
    first = decide(agent, st, "central")
    assert first == {"type": "barrage", "unit": "G-A1", "points": 6}
    st.apply("central", first)
    assert decide(agent, st, "central")["type"] == "resolve"


def test_17_15_the_heuristic_attacker_cuts_a_barrage_too_big_for_its_attack(
    caporetto_position: Any,
) -> None:
    st = fight(caporetto_position, {"I-46": "1810", "AH-EDW": "1710", "G-A1": "1710"})
    attack(st, "central", "1810", ["AH-EDW"])
    st.apply("central", {"type": "barrage", "unit": "G-A1", "points": 6})
    agent = HeuristicAgent(seed=1)
    assert decide(agent, st, "central") == {"type": "reduce_barrage", "unit": "G-A1", "points": 2}


def test_17_21_the_heuristic_defender_allocates_its_barrage(caporetto_position: Any) -> None:
    st = fight(caporetto_position, {"I-46": "1810", "G-12": "1710", "I-A2": "1910"})
    attack(st, "central", "1810", ["G-12"])
    resolve(st, "central")  # committed: the defender's step
    agent = HeuristicAgent(seed=1)
    first = decide(agent, st, "allied")
    assert first == {"type": "defensive_barrage", "unit": "I-A2", "hex": "1810"}
    st.apply("allied", first)
    assert decide(agent, st, "allied")["type"] == "end_defense"
