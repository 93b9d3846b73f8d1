"""The engine's contract (ARCHITECTURE.md, "Engine principles"), on the teaching scenario."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import greatwar
from greatwar import IllegalAction, State
from greatwar.ai import RandomAgent

SCENARIO = "gwite/teaching"


def random_walk(seed: int, steps: int) -> list[State]:
    """States after each of ``steps`` random actions (fewer if the game ends)."""
    game = greatwar.load(SCENARIO)
    state = game.new_state(seed)
    agent = RandomAgent(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        role = state.active_roles()[0]
        state.apply(role, agent.choose({"legal_actions": state.legal_actions(role)}))
        states.append(state.clone())
    return states


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_the_record_gives_the_same_digest_at_every_step(seed: int) -> None:
    states = random_walk(seed, 120)
    final = states[-1]
    record = json.loads(json.dumps(final.record()))
    game = greatwar.load(record["scenario"], record["options"])
    again = game.new_state(record["seed"])
    assert again.digest() == states[0].digest()
    for n, (role, action) in enumerate(record["actions"], start=1):
        again.apply(role, action)
        assert again.digest() == states[n].digest(), f"diverged at action {n}"
    assert greatwar.replay(record).digest() == final.digest()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_from_json_of_to_json_equals_the_state(seed: int) -> None:
    for state in random_walk(seed, 60)[::7]:
        restored = State.from_json(state.to_json())
        assert restored == state
        assert restored.digest() == state.digest()
        assert restored.legal_actions(restored.active_roles()[0]) == state.legal_actions(
            state.active_roles()[0]
        )


def test_a_restored_state_plays_on_exactly_like_the_original() -> None:
    state = random_walk(11, 40)[-1]
    restored = State.from_json(state.to_json())
    a, b = RandomAgent(5), RandomAgent(5)
    for _ in range(80):
        role = state.active_roles()[0]
        state.apply(role, a.choose({"legal_actions": state.legal_actions(role)}))
        restored.apply(role, b.choose({"legal_actions": restored.legal_actions(role)}))
    assert restored.digest() == state.digest()


def test_same_seed_same_game_different_seed_different_dice() -> None:
    game = greatwar.load(SCENARIO)
    assert game.new_state(3).digest() == game.new_state(3).digest()
    assert game.new_state(3).digest() != game.new_state(4).digest()


def test_clone_is_independent() -> None:
    state = random_walk(2, 10)[-1]
    before = state.digest()
    copy = state.clone()
    role = copy.active_roles()[0]
    copy.apply(role, copy.legal_actions(role)[-1])
    assert state.digest() == before
    assert copy.digest() != before


def test_state_is_plain_json() -> None:
    state = random_walk(4, 30)[-1]
    assert json.loads(json.dumps(state.data)) == state.data


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "move", "unit": "R-XIX", "to": "0101", "path": ["0101"], "cost": 1},
        {"type": "no such action"},
        {"type": "select", "unit": "G-I"},  # an enemy unit
        {"type": "select", "unit": "nobody"},
        {},
    ],
)
def test_an_illegal_action_is_refused_and_changes_nothing(bad: dict) -> None:
    state = greatwar.load(SCENARIO).new_state(1)
    before = state.digest()
    with pytest.raises(IllegalAction) as info:
        state.apply("allied", bad)
    assert info.value.reason
    assert state.digest() == before


def test_acting_out_of_turn_is_refused_with_the_case() -> None:
    state = greatwar.load(SCENARIO).new_state(1)
    before = state.digest()
    with pytest.raises(IllegalAction) as info:
        state.apply("central", {"type": "end_segment"})
    assert "waits for allied" in info.value.reason
    assert info.value.case
    assert state.digest() == before


def test_a_non_dict_action_is_refused() -> None:
    state = greatwar.load(SCENARIO).new_state(1)
    with pytest.raises(IllegalAction):
        state.apply("allied", ["select", "R-XIX"])  # type: ignore[arg-type]


def test_undo_takes_back_the_last_action_of_its_role() -> None:
    state = greatwar.load(SCENARIO).new_state(1)
    start = state.digest()
    state.apply("allied", {"type": "select", "unit": "R-XIX"})
    move = next(a for a in state.legal_actions("allied") if a["type"] == "move")
    after_select = state.digest()
    state.apply("allied", move)
    assert state.can_undo("allied")
    assert not state.can_undo("central")
    with pytest.raises(IllegalAction):
        state.undo("central")
    state.undo("allied")
    assert state.digest() == after_select
    state.undo("allied")
    assert state.digest() == start
    assert not state.can_undo("allied")
    with pytest.raises(IllegalAction):
        state.undo("allied")


def test_view_carries_legal_actions_and_prompt_but_never_the_seed() -> None:
    state = greatwar.load(SCENARIO).new_state(987654321)
    view = state.view("allied")
    assert view["legal_actions"] == state.legal_actions("allied")
    assert view["prompt"]
    assert view["fictional"] is True
    text = json.dumps(view)
    assert "987654321" not in text
    assert "dice" not in view
    other = state.view("central")
    assert other["legal_actions"] == []
    assert "Waiting for Allies" in other["prompt"]


def test_game_over_has_a_result_and_no_actions() -> None:
    game = greatwar.load(SCENARIO)
    state = game.new_state(8)
    agent = RandomAgent(8)
    while not state.is_over():
        role = state.active_roles()[0]
        state.apply(role, agent.choose({"legal_actions": state.legal_actions(role)}))
    result = state.result()
    assert result is not None and result["level"] and "vp" in result
    assert state.active_roles() == []
    with pytest.raises(IllegalAction):
        state.apply("allied", {"type": "end_segment"})


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        greatwar.load(SCENARIO, {"no_such_option": True})


def test_replay_refuses_a_record_with_an_illegal_action() -> None:
    record = greatwar.load(SCENARIO).new_state(1).record()
    record["actions"] = [["allied", {"type": "select", "unit": "G-I"}]]
    with pytest.raises(IllegalAction):
        greatwar.replay(record)


def test_random_walks_are_deterministic() -> None:
    rng = random.Random(0)
    seed = rng.randrange(1 << 30)
    assert random_walk(seed, 50)[-1].digest() == random_walk(seed, 50)[-1].digest()


def test_from_json_needs_only_the_state_class() -> None:
    # a fresh process that imports State alone can read a state back (its game is loaded
    # through the loader the library registers)
    import subprocess
    import sys

    code = (
        "import greatwar.api as api\n"
        "text = api.load('gwite/teaching').new_state(3).to_json()\n"
        "import sys\n"
        "sys.stdout.write(text)\n"
    )
    text = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    reader = (
        "import sys\nfrom greatwar import State\nprint(State.from_json(sys.stdin.read()).version)"
    )
    out = subprocess.run(
        [sys.executable, "-c", reader], input=text, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "0"
