"""Play whole games between agents: the loop shared by autoplay, fuzz and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from greatwar.ai.base import Agent, decide
from greatwar.engine.errors import InvariantViolation
from greatwar.engine.state import Game, State, stdlib_text
from greatwar.sim.rulings import RulingCheck


class GameFailure(Exception):
    """A game could not be played on: what went wrong, where, and the action that did it.

    ``kind`` is ``exception``, ``agent error`` (the agent failed to choose),
    ``broken invariant``, ``dead end`` or ``runaway game``.
    ``state`` is the last good state; ``action`` the ``[role, action]`` that failed, if any.
    """

    def __init__(
        self, kind: str, message: str, state: State, action: list[Any] | None = None
    ) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.state = state
        self.action = action

    def record(self) -> dict[str, Any]:
        """A game record that reproduces the failure when replayed."""
        record = self.state.record()
        if self.action is not None:
            record["actions"].append(self.action)
        return record


@dataclass
class PlayedGame:
    state: State
    steps: int
    #: attacks and clashes whose resolution was held to its preview (with checks on)
    rulings: int = 0


def play_game(
    game: Game,
    seed: int,
    agents: Mapping[str, Agent],
    *,
    max_steps: int = 50_000,
    check_invariants: bool = False,
    on_step: Callable[[State, str, dict[str, Any]], None] | None = None,
) -> PlayedGame:
    """Play one game to its end, or raise :class:`GameFailure`.

    ``check_invariants`` checks the rule system's invariants after every action, and
    that every ruling resolved is the one its preview showed (:mod:`greatwar.sim.rulings`).
    """
    rulings = RulingCheck(game).attach() if check_invariants else None
    try:
        return _play(game, seed, agents, max_steps, rulings, on_step)
    finally:
        if rulings is not None:
            rulings.detach()


def _play(
    game: Game,
    seed: int,
    agents: Mapping[str, Agent],
    max_steps: int,
    rulings: RulingCheck | None,
    on_step: Callable[[State, str, dict[str, Any]], None] | None,
) -> PlayedGame:
    check_invariants = rulings is not None
    state = game.new_state(seed)
    order = random.Random(seed ^ 0x5EED)
    steps = 0
    while not state.is_over():
        if steps >= max_steps:
            raise GameFailure("runaway game", f"not over after {max_steps} actions", state)
        try:
            active = state.active_roles()
            candidates = [r for r in active if state.legal_actions(r)]
        except Exception as exc:
            raise GameFailure("exception", f"{type(exc).__name__}: {exc}", state) from exc
        if not candidates:
            who = ", ".join(active) or "anyone"
            raise GameFailure("dead end", f"no legal action for {who}: {state.prompt()}", state)
        role = candidates[0] if len(candidates) == 1 else order.choice(candidates)
        try:
            action = decide(agents[role], state, role)
        except Exception as exc:
            message = f"{role}'s agent: {type(exc).__name__}: {exc}"
            raise GameFailure("agent error", message, state) from exc
        if rulings is not None:
            rulings.before(state, role)
        try:
            state.apply(role, action)
        except InvariantViolation as exc:
            raise GameFailure("broken invariant", str(exc), state, [role, action]) from exc
        except Exception as exc:
            message = f"{type(exc).__name__}: {exc}"
            raise GameFailure("exception", message, state, [role, action]) from exc
        steps += 1
        if check_invariants:
            broken = game.system.invariants(state, "any")
            if rulings is not None:
                broken += rulings.after(state)
            if broken:
                raise GameFailure("broken invariant", "; ".join(broken), state)
        if on_step is not None:
            on_step(state, role, action)
    if check_invariants and state.to_json() != stdlib_text(state):
        # the digest's text is written by orjson where it is json.dumps's (state._canonical)
        raise GameFailure("broken invariant", "the state's text is not json.dumps's", state)
    return PlayedGame(state, steps, rulings.checked if rulings is not None else 0)
