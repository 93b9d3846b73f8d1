"""The engine on a toy rule system: simultaneous choices, dice, undo floor, sequences.

The toy is a two-round guessing game: both players secretly pick a number at
the same time, then a die is rolled and the closer guess scores.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from greatwar import IllegalAction
from greatwar.engine.phases import Action, Frame, Handler, Sequence
from greatwar.engine.state import Game, State
from greatwar.engine.system import RuleSystem


class Guess(Handler):
    kind = "guess"
    case = "toy 1"

    def setup(self, st: State, frame: Frame) -> None:
        frame["picks"] = {}

    def actors(self, st: State, frame: Frame) -> list[str]:
        return [r for r in ("a", "b") if r not in frame["picks"]]

    def legal(self, st: State, frame: Frame, role: str) -> list[Action]:
        return [{"type": "pick", "n": n} for n in range(1, 7)]

    def apply(self, st: State, frame: Frame, role: str, action: Action) -> None:
        frame["picks"][role] = action["n"]
        st.log(f"{role} picks", to=[role])  # hidden from the other player
        if len(frame["picks"]) == 2:
            roll = st.roll("the toy die", case="toy 2")
            da, db = (abs(frame["picks"][r] - roll) for r in ("a", "b"))
            if da != db:
                winner = "a" if da < db else "b"
                st.data["score"][winner] += 1
            st.pop()


class Loop(Handler):
    kind = "loop"

    def run(self, st: State, frame: Frame) -> None:
        pass  # never pushes or pops: the engine must notice


class Toy(RuleSystem):
    name = "toy"

    def __init__(self, looping: bool = False) -> None:
        super().__init__()
        self.looping = looping
        self.register(Guess(), Loop(), Sequence("game", ["guess", "guess"], title="Toy game"))

    def roles(self, game: Game) -> list[str]:
        return ["a", "b"]

    def initial_data(self, game: Game) -> dict[str, Any]:
        return {"score": {"a": 0, "b": 0}}

    def start(self, st: State) -> None:
        st.push({"kind": "loop" if self.looping else "game"})

    def result(self, st: State) -> dict[str, Any]:
        a, b = st.data["score"]["a"], st.data["score"]["b"]
        winner = None if a == b else ("a" if a > b else "b")
        return {"winner": winner, "summary": f"{a}-{b}"}


def toy_game(looping: bool = False) -> Game:
    scenario = SimpleNamespace(info=SimpleNamespace(name="toy"), fictional=True)
    return Game(scenario, {}, Toy(looping), "toy")  # type: ignore[arg-type]


def test_two_roles_act_at_once() -> None:
    st = toy_game().new_state(1)
    assert st.active_roles() == ["a", "b"]
    st.apply("b", {"type": "pick", "n": 3})
    assert st.active_roles() == ["a"]
    assert st.legal_actions("b") == []


def test_undo_never_goes_back_past_a_die_roll() -> None:
    st = toy_game().new_state(1)
    st.apply("a", {"type": "pick", "n": 2})
    assert st.can_undo("a")
    st.undo("a")
    assert st.active_roles() == ["a", "b"]
    st.apply("a", {"type": "pick", "n": 2})
    st.apply("b", {"type": "pick", "n": 5})  # completes the round: the die is rolled
    assert not st.can_undo("b")
    assert not st.can_undo("a")
    with pytest.raises(IllegalAction, match="die roll"):
        st.undo("b")
    st.apply("a", {"type": "pick", "n": 1})
    assert st.can_undo("a")


def test_the_game_plays_to_its_end_with_a_result_and_a_logged_roll() -> None:
    st = toy_game().new_state(4)
    for _ in range(2):
        st.apply("a", {"type": "pick", "n": 1})
        st.apply("b", {"type": "pick", "n": 6})
    assert st.is_over()
    assert st.result() is not None
    rolls = [e for e in st.data["log"] if "roll" in e]
    assert len(rolls) == 2 and all(e["case"] == "toy 2" for e in rolls)


def test_a_log_entry_addressed_to_one_role_is_hidden_from_the_other() -> None:
    st = toy_game().new_state(1)
    st.apply("a", {"type": "pick", "n": 4})
    assert any(e["text"] == "a picks" for e in st.view("a")["log"])
    assert not any(e["text"] == "a picks" for e in st.view("b")["log"])


def test_an_automatic_frame_that_never_finishes_is_reported() -> None:
    with pytest.raises(RuntimeError, match="did not settle"):
        toy_game(looping=True).new_state(1)


def test_a_failing_rule_leaves_the_state_unchanged() -> None:
    st = toy_game().new_state(1)
    st.apply("a", {"type": "pick", "n": 4})
    before = st.digest()
    original = Guess.apply

    def broken(self, st, frame, role, action):  # type: ignore[no-untyped-def]
        if role == "a":
            return original(self, st, frame, role, action)
        frame["picks"][role] = action["n"]  # changes the state, then fails
        raise ZeroDivisionError("a bug in a rule")

    Guess.apply = broken  # type: ignore[method-assign]
    try:
        with pytest.raises(ZeroDivisionError):
            st.apply("b", {"type": "pick", "n": 2})
    finally:
        Guess.apply = original  # type: ignore[method-assign]
    assert st.digest() == before
