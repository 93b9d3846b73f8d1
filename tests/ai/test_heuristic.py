"""The heuristic agent: legal, never undo, deterministic, and sensible in set positions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import greatwar
from greatwar.ai import AGENTS, make_agent
from greatwar.ai.base import decide, explanation
from greatwar.ai.heuristic import HeuristicAgent
from greatwar.ai.heuristic_gwite import front
from greatwar.engine.state import State

GWITE_KIT = Path(__file__).parents[1] / "rules" / "gwite" / "conftest.py"


def _positions() -> Any:
    """The GWitE rules tests' position writer (tests/rules/gwite/conftest.py)."""
    spec = importlib.util.spec_from_file_location("gwite_positions", GWITE_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _position(tmp_path: Path, units: dict[str, str], **kw: Any) -> State:
    path = _positions().write_position(tmp_path, units, **kw)
    return greatwar.load(path).new_state(1)


def _play(scenario: str, seed: int, max_steps: int, **options: Any) -> tuple[State, list[str]]:
    """Heuristic agents on every seat; each choice is checked legal and not undo."""
    game = greatwar.load(scenario, options=options)
    state = game.new_state(seed)
    agents = {role: HeuristicAgent(seed + i) for i, role in enumerate(game.roles())}
    reasons: list[str] = []
    for _ in range(max_steps):
        if state.is_over():
            break
        role = state.active_roles()[0]
        action = decide(agents[role], state, role)
        assert action in state.legal_actions(role)
        assert action["type"] != "undo"
        reasons.append(explanation(agents[role]) or "")
        state.apply(role, action)
    return state, reasons


def test_the_heuristic_agent_is_registered() -> None:
    assert AGENTS["heuristic"] is HeuristicAgent
    assert isinstance(make_agent("heuristic", seed=3), HeuristicAgent)


def test_a_whole_gwite_game_with_legal_choices_and_reasons() -> None:
    state, reasons = _play("gwite/teaching", seed=4, max_steps=5_000)
    assert state.is_over()
    assert state.result()["winner"] in ("allied", "central", None)
    assert all(reasons)


@pytest.mark.parametrize("options", [{}, {"three_players": True}])
def test_tannenberg_decisions_are_legal_for_every_seat(options: dict[str, Any]) -> None:
    state, reasons = _play("tannenberg/teaching", seed=2, max_steps=400, **options)
    roles = {role for role, _ in state.data["actions"]}
    assert roles == set(state.game.roles())
    assert all(reasons)


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = _play("gwite/teaching", seed=9, max_steps=300)
    second, _ = _play("gwite/teaching", seed=9, max_steps=300)
    assert first.data["actions"] == second.data["actions"]


def test_never_undo_even_when_undo_is_offered() -> None:
    state = greatwar.load("gwite/teaching").new_state(1)
    role = state.active_roles()[0]
    view = state.view(role)
    view["legal_actions"] = [{"type": "undo"}, *view["legal_actions"]]
    from greatwar.ai.base import World

    action = HeuristicAgent(1).choose_in(view, World(state, role))
    assert action["type"] != "undo"


def test_attacks_the_weak_stack_rather_than_the_strong_one(tmp_path: Path) -> None:
    # German I Corps (8-8) in 1004 next to a Russian corps (6-8) in 1005, 1-1,
    # and a Russian rifle regiment (1-2) in 1103, 4-1.
    units = {"G-I": "1004", "R-XIX": "1005", "R-RR1": "1103", "G-MB": "2001", "R-BNB": "2002"}
    state = _position(
        tmp_path, units, phasing="central", phase="combat", segment="combat_resolution"
    )
    agent = HeuristicAgent(5)
    action = decide(agent, state, "central")
    assert action == {"type": "declare", "target": "1103"}
    assert "1103" in (explanation(agent) or "")


def test_declines_an_attack_at_poor_odds(tmp_path: Path) -> None:
    # a Russian rifle regiment (1-2) next to a German corps (8-8): no attack worth making
    units = {"R-RR1": "1005", "G-I": "1004", "G-MB": "2001", "R-BNB": "2002"}
    state = _position(
        tmp_path, units, phasing="allied", phase="combat", segment="combat_resolution"
    )
    action = decide(HeuristicAgent(5), state, "allied")
    assert action["type"] == "end_segment"


def test_a_hex_behind_the_enemy_is_out_of_supply_reach(tmp_path: Path) -> None:
    units = {"G-35R": "0805", "R-XIX": "1106", "R-V": "1305", "G-MB": "2001", "R-BNB": "2002"}
    state = _position(tmp_path, units, phasing="central")
    f = front(state, "central")
    assert f.supply_gap(f, "G-35R", "0805") <= 0
    assert f.supply_gap(f, "G-35R", "1905") > 0
    assert f.hex_value("G-35R", "1905", "0805") < f.hex_value("G-35R", "0906", "0805")


def test_the_heuristic_agent_is_the_default_computer_opponent() -> None:
    from greatwar.ai import DEFAULT_AGENT

    assert DEFAULT_AGENT == "heuristic"


def test_a_trench_facing_off_the_map_edge_is_handled() -> None:
    # a facing toward the map's edge has no "toward" hex (fortifications.py)
    import random

    from greatwar.ai import heuristic_tannenberg
    from greatwar.ai.heuristic import Turn

    state = greatwar.load("tannenberg/teaching").new_state(1)
    edge = {"type": "trench_facing", "unit": "G-1-1-I", "facing": 0, "edges": ["N"]}
    inland = {**edge, "facing": 1, "edges": ["NE"], "toward": "A17 B19"}
    for legal, expected in (([edge, inland], inland), ([edge], edge)):
        turn = Turn("german", {}, legal, state, set(), random.Random(1))
        choice = heuristic_tannenberg.choose(turn)
        assert choice is not None and choice.action == expected
