"""Where the computer thinks: worker processes, never the server's event loop.

The server sends a worker a :class:`Position` — the state's JSON and digest, and the
actions that led to it since the server last asked about the same game — and the
agent (a copy, pickled); the worker sends back a :class:`Thought`: the action, the
agent after it (its random draws taken) and its reason.

A worker keeps the last states it thought on, one a game (:data:`WARM_STATES` of
them): asked again about a game it kept, it applies the newer actions to that state
instead of reading the whole JSON afresh, so that the tables the rules and the agent
derived from it (supply, zones of control, command, the agent's own) stay warm.  The
kept state is used only when it then has the position's digest — the same state as
the JSON's, byte for byte — else (another worker thought last, an undo, a state the
agent changed) the JSON is read, as it always was.  The same decisions either way:
an agent decides on the state, never on how it was reached (a test plays whole games
both ways).
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import greatwar
from greatwar.ai.base import decide, explanation
from greatwar.engine.state import State

if TYPE_CHECKING:
    from greatwar.ai.base import Agent
    from greatwar.engine.game import Game

log = logging.getLogger("greatwar.server")

#: worker processes where the computer players think
THINK_WORKERS = max(1, (os.cpu_count() or 2) - 1)
#: scenarios (with their options) whose game objects a worker keeps, the last few
WORKER_GAMES = 32
#: games whose last state a worker keeps warm, the last few thought on
WARM_STATES = 32


@dataclass(frozen=True)
class Thought:
    """An agent's decision: the action, the agent after it (its random draws taken) and
    its reason."""

    action: dict[str, Any]
    agent: Agent
    reason: str | None


@dataclass(frozen=True)
class Position:
    """The state a computer player thinks on, as a worker is sent it: the game it is of,
    its JSON and digest, and its actions after the first ``since`` of them (``newer``:
    what a worker that kept the game's state at ``since`` actions applies)."""

    game_id: str
    text: str
    digest: str
    since: int
    newer: tuple[tuple[str, dict[str, Any]], ...]

    @classmethod
    def of(cls, game_id: str, state: State, text: str, digest: str, since: int) -> Position:
        """``state`` (whose JSON and digest are ``text`` and ``digest``), with its actions
        after the first ``since`` (none when ``since`` is not within them: an undo)."""
        actions = state.data["actions"]
        if not 0 <= since <= len(actions):
            since = len(actions)
        newer = tuple((role, action) for role, action in actions[since:])
        return cls(game_id, text, digest, since, newer)


#: (in a worker) the games it keeps: scenario and options -> game
_worker_games: OrderedDict[tuple[str, str], Game] = OrderedDict()
#: (in a worker) the state it last thought on, by game id
_warm_states: OrderedDict[str, State] = OrderedDict()


def worker_game(source: str | Path, options: dict[str, Any]) -> Game:
    """The game a worker plays ``source`` with ``options`` in (loaded once, the last
    :data:`WORKER_GAMES` kept)."""
    key = (str(source), json.dumps(options, sort_keys=True))
    game = _worker_games.get(key)
    if game is None:
        game = _worker_games[key] = greatwar.load(source, options)
        while len(_worker_games) > WORKER_GAMES:
            _worker_games.popitem(last=False)
    return game


def position_state(game: Game, position: Position) -> State:
    """The state of ``position``: the one this worker kept of its game, brought up to it by
    the newer actions when it then has the position's digest; else read from its JSON.
    Kept for the next decision either way."""
    state = _warm_states.pop(position.game_id, None)
    if state is not None and not _brought_up(state, game, position):
        state = None
    if state is None:
        state = State(game, json.loads(position.text))
    _warm_states[position.game_id] = state
    while len(_warm_states) > WARM_STATES:
        _warm_states.popitem(last=False)
    return state


def _brought_up(state: State, game: Game, position: Position) -> bool:
    """Apply the position's newer actions to a kept state; whether it is then the
    position's state (same game, same digest)."""
    if state.game is not game or len(state.data["actions"]) != position.since:
        return False
    try:
        for role, action in position.newer:
            state.apply(role, action)
    except Exception:  # a kept state that is not where the server was: read the JSON
        return False
    return state.digest() == position.digest


def think(
    source: str | Path, options: dict[str, Any], position: Position, agent: Agent, role: str
) -> Thought:
    """What ``agent`` plays for ``role`` in ``position`` (in a worker process)."""
    state = position_state(worker_game(source, options), position)
    action = decide(agent, state, role)
    return Thought(action, agent, explanation(agent))


def think_afresh(
    source: str | Path, options: dict[str, Any], position: Position, agent: Agent, role: str
) -> Thought:
    """:func:`think` on the position's JSON, keeping nothing (the server's own fallback
    while its workers are started again)."""
    state = State(worker_game(source, options), json.loads(position.text))
    action = decide(agent, state, role)
    return Thought(action, agent, explanation(agent))


class Thinkers:
    """Worker processes where the computer players think, so that their thinking never
    holds the event loop (nor the interpreter lock it runs under).  Each decision is made
    on the position sent (a kept state brought up to it, or its JSON) and on a copy of
    the agent, sent back with its action: the agent's random draws go on exactly as if it
    had thought in the server."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def think(
        self,
        source: str | Path,
        options: dict[str, Any],
        position: Position,
        agent: Agent,
        role: str,
    ) -> Thought:
        loop = asyncio.get_running_loop()
        try:
            # (sent to the worker, the agent is copied: the one in the game stays as it was)
            return await loop.run_in_executor(
                self.pool(), think, source, options, position, agent, role
            )
        except BrokenProcessPool:  # a worker died: start others, think in a thread meanwhile
            log.error("a computer player's worker process died; starting another")
            self._pool = None
            return await asyncio.to_thread(
                think_afresh, source, options, position, copy.deepcopy(agent), role
            )

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a threaded server
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


_shared: Thinkers | None = None


def shared_thinkers() -> Thinkers:
    """The worker processes every game service of this process shares (started on the
    computer's first move)."""
    global _shared
    if _shared is None:
        _shared = Thinkers(THINK_WORKERS)
    return _shared
