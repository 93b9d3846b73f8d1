"""The search agent: legal choices on every system and role, reproducible with an
iteration budget, finds a winning line in a constructed position, never undoes."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

import greatwar
from greatwar.ai import AGENTS, Budget, World, decide, make_agent
from greatwar.ai.search import SearchAgent, Settings, describe, usable
from greatwar.engine.errors import IllegalAction
from tests.ai.conftest import SYSTEMS, CheckedPlay, busy_state

TINY = Budget(iterations=4)


# --- a constructed game: race to ten ---------------------------------------------------
# Two roles add 1 or 2 to a total in turn; whoever brings it to exactly TARGET wins.
# From 8 the winning move is +2 (at once); from 6 it is +1 (the opponent is then left
# at 7, from where every move lets the mover's opponent finish). Undo is offered too.

TARGET = 10


class _RaceSystem:
    def determinize(self, st: _Race, role: str, rng: random.Random) -> _Race:
        return st.clone()


class _RaceGame:
    system = _RaceSystem()

    def roles(self) -> list[str]:
        return ["north", "south"]


class _Race:
    game = _RaceGame()

    def __init__(self, total: int, mover: str = "north", version: int = 0) -> None:
        self.total = total
        self.mover = mover
        self.version = version

    def active_roles(self) -> list[str]:
        return [] if self.is_over() else [self.mover]

    def legal_actions(self, role: str) -> list[dict[str, Any]]:
        if role != self.mover or self.is_over():
            return []
        steps = [{"type": "add", "n": n} for n in (1, 2) if self.total + n <= TARGET]
        return [{"type": "undo"}, *steps]

    def apply(self, role: str, action: dict[str, Any]) -> None:
        assert action["type"] != "undo", "a searching agent chose undo"
        assert action in self.legal_actions(role)
        self.total += action["n"]
        self.version += 1
        if not self.is_over():
            self.mover = "south" if self.mover == "north" else "north"

    def clone(self) -> _Race:
        return _Race(self.total, self.mover, self.version)

    def is_over(self) -> bool:
        return self.total >= TARGET

    def result(self) -> dict[str, Any] | None:
        return {"winner": self.mover} if self.is_over() else None

    def view(self, role: str) -> dict[str, Any]:
        return {"role": role, "version": self.version, "legal_actions": self.legal_actions(role)}


def _even(_state: Any, _role: str) -> float:
    return 0.0


def _no_guide(*_: Any) -> None:
    return None


def _race_choice(total: int, seed: int = 0, iterations: int = 300) -> dict[str, Any]:
    state = _Race(total)
    agent = SearchAgent(seed, Budget(iterations=iterations), evaluate=_even, guide=_no_guide)
    return agent.choose_in(state.view("north"), World(state, "north"))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_takes_the_winning_move_at_once(seed: int) -> None:
    assert _race_choice(8, seed) == {"type": "add", "n": 2}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sees_two_moves_ahead(seed: int) -> None:
    assert _race_choice(6, seed) == {"type": "add", "n": 1}


def test_never_chooses_undo_even_when_it_is_the_only_other_choice() -> None:
    assert _race_choice(9) == {"type": "add", "n": 1}


# --- the real systems ------------------------------------------------------------------


@pytest.mark.parametrize(("scenario", "options"), SYSTEMS)
def test_every_decision_of_a_short_game_is_legal_and_explained(
    scenario: str, options: dict[str, Any], play_checked: CheckedPlay
) -> None:
    game = greatwar.load(scenario, options)
    quick = Settings(rollout_depth=3)
    agents = {r: SearchAgent(n, TINY, settings=quick) for n, r in enumerate(game.roles())}
    decisions = dict.fromkeys(game.roles(), 0)

    def count(role: str, legal: list[dict[str, Any]]) -> int:
        decisions[role] += len(usable(legal)) > 1
        return decisions[role]

    counted = play_checked(game.new_state(seed=4), agents, count, enough=3)
    assert min(counted.values()) >= 3, counted


def _busy_state(scenario: str, steps: int) -> tuple[greatwar.State, str]:
    return busy_state(scenario, steps)


@pytest.mark.parametrize("scenario", ["gwite/teaching", "tannenberg/teaching"])
def test_an_iteration_budget_makes_the_choice_depend_only_on_the_seed(scenario: str) -> None:
    state, role = _busy_state(scenario, 30)
    before = state.digest()
    first = SearchAgent(7, Budget(iterations=12))
    second = SearchAgent(7, Budget(iterations=12))
    a = decide(first, state, role)
    b = decide(second, state, role)
    assert a == b
    assert first.last_explanation == second.last_explanation
    assert first.last_iterations == 12
    assert state.digest() == before  # the search never touches the true state


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    state, role = _busy_state("gwite/teaching", 30)
    agent = SearchAgent(1, Budget(seconds=0.0))
    assert decide(agent, state, role) in state.legal_actions(role)
    assert agent.last_iterations >= 1


def test_the_only_choice_is_taken_without_searching() -> None:
    state = _Race(9)
    agent = SearchAgent(0, Budget(iterations=50), evaluate=_even, guide=_no_guide)
    # at 9 only +1 (and undo) is legal
    assert agent.choose_in(state.view("north"), World(state, "north")) == {"type": "add", "n": 1}  # type: ignore[arg-type]
    assert agent.last_iterations == 0
    assert "only choice" in agent.last_explanation


def test_the_registry_makes_a_search_agent_with_its_budget() -> None:
    assert AGENTS["search"] is SearchAgent
    agent = make_agent("search", 3, Budget(iterations=5))
    assert isinstance(agent, SearchAgent)
    assert agent.budget == Budget(iterations=5)


def test_settings_shape_the_search() -> None:
    agent = SearchAgent(0, TINY, settings=Settings(rollout_depth=0, widening=1.0))
    assert agent.settings.rollout_depth == 0
    state, role = _busy_state("gwite/teaching", 10)
    assert decide(agent, state, role) in state.legal_actions(role)


def test_an_action_is_described_in_a_player_s_words() -> None:
    move = {"type": "move", "unit": "R-XIX", "to": "1005", "path": ["1004"], "cost": 2}
    assert describe(move) == "move unit R-XIX to 1005"
    assert describe({"type": "end_segment"}) == "end segment"
    assert describe({"type": "card", "card": "defence"}) == "card defence"
    assert describe(move, {"R-XIX": "XIX Corps"}) == "move unit XIX Corps to 1005"


def test_with_a_focus_other_decisions_are_left_to_the_heuristic() -> None:
    state, role = _busy_state("gwite/teaching", 10)
    kinds = {a["type"] for a in state.legal_actions(role)}
    elsewhere = SearchAgent(0, TINY, settings=Settings(focus=frozenset({"no-such-kind"})))
    assert decide(elsewhere, state, role) in state.legal_actions(role)
    assert (elsewhere.last_iterations, elsewhere.searched) == (0, 0)
    here = SearchAgent(0, TINY, settings=Settings(focus=frozenset(kinds)))
    decide(here, state, role)
    assert (here.last_iterations, here.searched) == (4, 1)


class _Fussy(_Race):
    """A race whose list offers a move its apply then refuses (as a sample may)."""

    BOGUS: ClassVar[dict[str, Any]] = {"type": "add", "n": 3}

    def legal_actions(self, role: str) -> list[dict[str, Any]]:
        listed = super().legal_actions(role)
        return [*listed, self.BOGUS] if listed else listed

    def apply(self, role: str, action: dict[str, Any]) -> None:
        if action == self.BOGUS:
            raise IllegalAction("three is too many")
        super().apply(role, action)

    def clone(self) -> _Fussy:
        return _Fussy(self.total, self.mover, self.version)


def test_an_action_a_sample_refuses_is_never_chosen() -> None:
    state = _Fussy(6)
    agent = SearchAgent(0, Budget(iterations=200), evaluate=_even, guide=_no_guide)
    choice = agent.choose_in(state.view("north"), World(state, "north"))  # type: ignore[arg-type]
    assert choice == {"type": "add", "n": 1}


def test_the_acting_role_and_its_choices_are_found_together_as_asked_apart() -> None:
    """actor_and_choices: the role acting_role names (``prefer`` when it may act, else the
    first active role with a usable action) and that role's usable actions, undo left out."""
    from greatwar.ai.search import acting_role, actor_and_choices

    for scenario in ("gwite/teaching", "tannenberg/teaching"):
        game = greatwar.load(scenario)
        st = game.new_state(3)
        rng = random.Random(3)
        for _ in range(120):
            if st.is_over():
                break
            active = st.active_roles()
            for prefer in (None, *game.roles()):
                found = actor_and_choices(st, prefer)
                if prefer in active and usable(st.legal_actions(prefer)):
                    role = prefer
                else:
                    role = next((r for r in active if usable(st.legal_actions(r))), None)
                assert acting_role(st, prefer) == role
                assert (found is None) == (role is None)
                if found is not None:
                    assert found == (role, usable(st.legal_actions(role)))
                    assert all(a.get("type") != "undo" for a in found[1])
            role = acting_role(st)
            assert role is not None
            st.apply(role, rng.choice(usable(st.legal_actions(role))))
