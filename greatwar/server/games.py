"""Games being served: seats and tokens, submissions, the computer's moves, live updates.

:class:`GameService` holds the games in memory (least recently used ones are
let go, and rebuilt from storage when asked for again) and does everything
the HTTP and WebSocket routes need:

* a game is created with one secret token per human seat, one for spectators
  and, for hotseat play, a *table* token that acts for every human seat;
* a submission is checked (seat, version, duplicate id), applied to the game,
  **committed to storage, and only then** answered and broadcast;
* computer seats are played by the server (``greatwar.ai``), through
  :func:`greatwar.ai.base.decide`, after a configurable think time;
* a game is rebuilt from its newest stored *snapshot* (its state every
  :data:`SNAPSHOT_EVERY` actions and whenever the player to move changes, kept only
  when it hashes to the digest stored with its action) and the submissions stored
  after it, which must give the stored digest — otherwise it is refused
  (:class:`CorruptGame`);
* the games kept in memory fit a memory budget (an estimate per game,
  :class:`Footprint`), not a count; the least recently used idle ones are let go;
* the computer thinks in worker processes (:class:`Thinkers`), never on the event
  loop, on a copy of the game and of its agent (the agent is kept only when its move
  is).

The server's ``version`` of a game is the number of accepted submissions; it
only grows (an undo is a submission too), unlike the engine's ``version``
inside a view, which an undo takes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import gc
import hashlib
import json
import logging
import multiprocessing
import os
import random
import secrets
import sys
import types
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import greatwar
from greatwar.ai import AGENTS, DEFAULT_AGENT, make_agent
from greatwar.ai.base import decide, explanation, reasons_public
from greatwar.engine.errors import IllegalAction, shown_name
from greatwar.engine.state import State
from greatwar.model.loader import scenario_ids
from greatwar.model.problems import ScenarioError
from greatwar.server import upgrades
from greatwar.server.dice_commitment import (
    DiceCommitment,
    draw,
    payload_part,
    record_document,
    shown,
)
from greatwar.server.storage import (
    SPECTATOR,
    TABLE,
    Change,
    ChatChange,
    ChatMessage,
    DuplicateSubmission,
    GameRecord,
    Note,
    SharedStorage,
    Storage,
    StoredAction,
    VersionConflict,
    hash_token,
)
from greatwar.server.upgrades import CarriedOver, all_ours, code_of, code_version
from greatwar.server.views import UNDO, LogChain, public_view, seat_view, with_log_after
from greatwar.workers import exit_with_parent

if TYPE_CHECKING:
    from greatwar.ai.base import Agent
    from greatwar.engine.state import Game

log = logging.getLogger("greatwar.server")

HUMAN = "human"
COMPUTER = "computer"
#: the largest seed, 2**53 - 1: many read a JSON number as a double (browsers, schema
#: validators), which holds every whole number up to it exactly and no more, so each
#: reader agrees on a seed and on the range (issue 20, defect 4; storage keeps 64 bits)
MAX_SEED = 2**53 - 1

#: the memory the games kept in memory may take by default (``greatwar serve --cache-mib``)
DEFAULT_CACHE_MIB = 512
#: a game's state is stored as a snapshot at least every this many actions (and whenever
#: the player to move changes), so that rebuilding it replays no more than that
SNAPSHOT_EVERY = 50
#: scenarios (with their options) whose game objects are kept for the games in memory
GAMES_KEPT = 32
#: token hashes whose seats are remembered
SEATS_KEPT = 100_000
#: threads for storage calls (the writes among them are committed together)
STORAGE_THREADS = 16
#: seconds a process waits before trying again to play a game's computer seats that another
#: process sharing the database plays (it takes over if that one has stopped)
DRIVER_RETRY = 2.0
#: worker processes where the computer players think
THINK_WORKERS = max(1, (os.cpu_count() or 2) - 1)
#: how much lower the workers' scheduling priority is than the server's (os.nice)
THINK_NICENESS = 10


class ApiError(Exception):
    """A refusal: HTTP status, a stable code, a message, and the rule case if one applies."""

    def __init__(self, status: int, code: str, message: str, case: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.case = case

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "case": self.case}}


class CorruptGame(Exception):
    """Replaying a game's stored submissions does not give its stored digest, or one of them
    is refused; ``first`` is the first submission replayed (after the snapshot)."""

    def __init__(self, message: str, first: int) -> None:
        super().__init__(message)
        self.first = first


def parse_seat(spec: str) -> tuple[str, str | None]:
    """``"human"`` -> (human, None); ``"computer[:agent]"`` -> (computer, agent name)."""
    kind, _, agent = spec.partition(":")
    if kind == HUMAN and not agent:
        return HUMAN, None
    if kind == COMPUTER:
        name = agent or DEFAULT_AGENT
        if name not in AGENTS:
            raise ApiError(
                400,
                "bad_seats",
                f"no agent {shown_name(name)}; agents: {', '.join(sorted(AGENTS))}",
            )
        return COMPUTER, name
    raise ApiError(
        400,
        "bad_seats",
        f"a seat is 'human', 'computer' or 'computer:<agent>', not {shown_name(spec)}",
    )


def apply_submission(state: State, role: str, action: dict[str, Any]) -> None:
    """Apply an action (or :data:`UNDO`) for ``role``; IllegalAction changes nothing."""
    if action == UNDO:
        state.undo(role)
    else:
        state.apply(role, action)


def replay_submission(state: State, role: str, action: dict[str, Any]) -> None:
    """Apply a stored submission again: as :func:`apply_submission`, but an action a later
    version words otherwise is the same action (:meth:`State.replay`)."""
    if action == UNDO:
        state.undo(role)
    else:
        state.replay(role, action)


#: a game of an editor project names its scenario ``editor:<path under <data>/editor>``
#: (a frozen snapshot, :meth:`greatwar.editor.project.Project.snapshot`)
PLAYED_PREFIX = "editor:"


def played_name(editor_root: Path, scenario_path: Path) -> str:
    """The name a game's record gives a snapshot's scenario file under ``editor_root``."""
    relative = scenario_path.resolve().relative_to(editor_root.resolve())
    return PLAYED_PREFIX + relative.as_posix()


def played_path(editor_root: Path | None, name: str) -> Path | None:
    """The snapshot's scenario file a played name stands for, or None: only a ``.toml``
    file under ``editor_root``'s ``<project>/played/`` (no path tricks)."""
    if editor_root is None or not name.startswith(PLAYED_PREFIX):
        return None
    relative = name.removeprefix(PLAYED_PREFIX)
    parts = relative.split("/")
    if len(parts) < 4 or parts[1] != "played" or any(p in ("", ".", "..") for p in parts):
        return None
    root = editor_root.resolve()
    target = (root / relative).resolve()
    if not target.is_relative_to(root) or target.suffix != ".toml" or not target.is_file():
        return None
    return target


def load_game_of(record: GameRecord, editor_root: Path | None = None) -> Game:
    """The game (scenario and options) a record is played in."""
    source: str | Path = played_path(editor_root, record.scenario) or record.scenario
    return greatwar.load(source, record.options)


def state_text(state: State) -> tuple[str, str]:
    """The state's JSON (a snapshot) and its digest: :meth:`State.digest` of the same text."""
    return state.text_and_digest()


#: (index, state JSON, digest): a game's state after ``index`` stored submissions
Snapshot = tuple[int, str, str]


def snapshot_start(
    record: GameRecord, game: Game, actions: list[StoredAction], snapshot: Snapshot | None
) -> tuple[State, int]:
    """Where a rebuild starts: the snapshot's state and index when it is the state that the
    digest stored with its action names, else the game's start (the mismatch is logged)."""
    if snapshot is not None:
        index, text, digest = snapshot
        stored = actions[index - 1].digest if 0 < index <= len(actions) else None
        if digest == stored and hashlib.sha256(text.encode("utf-8")).hexdigest() == digest:
            return State(game, json.loads(text)), index
        log.warning(
            "game %s: its snapshot after %d actions does not match the stored digest;"
            " replaying the whole game",
            record.game_id,
            index,
        )
    return game.new_state(record.seed), 0


def _replayed(
    record: GameRecord,
    actions: list[StoredAction],
    game: Game,
    snapshot: Snapshot | None,
    digests: dict[int, str] | None = None,
) -> tuple[State, int]:
    """The state after the stored submissions, from the snapshot when it checks out, and
    how many came from the snapshot; ``digests`` (when given) gains each replayed
    submission's digest.  CorruptGame when one is refused."""
    state, start = snapshot_start(record, game, actions, snapshot)
    for stored in actions[start:]:
        try:
            replay_submission(state, stored.role, stored.action)
        except IllegalAction as exc:
            raise CorruptGame(
                f"game {record.game_id}: its stored submission {stored.n} is refused: {exc}",
                start + 1,
            ) from None
        if digests is not None:
            digests[stored.n] = state.digest()
    return state, start


def restore(
    record: GameRecord,
    actions: list[StoredAction],
    game: Game,
    snapshot: Snapshot | None = None,
) -> tuple[State, int]:
    """The game's state after its stored submissions, from the snapshot when it checks out,
    checked against the last stored digest; and how many submissions were replayed."""
    state, start = _replayed(record, actions, game, snapshot)
    if actions and state.digest() != actions[-1].digest:
        raise CorruptGame(
            f"game {record.game_id}: replaying {len(actions)} stored submissions gives digest"
            f" {state.digest()[:12]}, not the stored {actions[-1].digest[:12]}",
            start + 1,
        )
    return state, len(actions) - start


def carry_over(
    record: GameRecord,
    actions: list[StoredAction],
    game: Game,
    snapshot: Snapshot | None = None,
) -> tuple[State, CarriedOver]:
    """A game another version of greatwar stored, replayed by this one from the snapshot
    (:mod:`greatwar.server.upgrades`): its state and the digests this version gives the
    submissions replayed.  CorruptGame when this version refuses one of them."""
    digests: dict[int, str] = {}
    state, start = _replayed(record, actions, game, snapshot, digests)
    return state, CarriedOver(start + 1, digests)


def rebuild(
    record: GameRecord, actions: list[StoredAction], editor_root: Path | None = None
) -> State:
    """The game's state from its start and stored submissions, checked against the digest."""
    return restore(record, actions, load_game_of(record, editor_root))[0]


# --- where the computer thinks -----------------------------------------------------------------


@dataclass(frozen=True)
class Thought:
    """An agent's decision: the action, the agent after it (its random draws taken) and
    its reason."""

    action: dict[str, Any]
    agent: Agent
    reason: str | None


#: the games the worker processes keep (scenario and options -> game), the last few
_worker_games: OrderedDict[tuple[str, str], Game] = OrderedDict()


def think(
    source: str | Path, options: dict[str, Any], text: str, agent: Agent, role: str
) -> Thought:
    """What ``agent`` plays for ``role`` in the state ``text`` (in a worker process)."""
    key = (str(source), json.dumps(options, sort_keys=True))
    game = _worker_games.get(key)
    if game is None:
        game = _worker_games[key] = greatwar.load(source, options)
        while len(_worker_games) > GAMES_KEPT:
            _worker_games.popitem(last=False)
    action = decide(agent, State(game, json.loads(text)), role)
    return Thought(action, agent, explanation(agent))


def think_behind_humans() -> None:
    """(In a worker, when it starts) Think at a lower scheduling priority than the server
    (:data:`THINK_NICENESS`): on a busy machine the players' requests are answered
    first, and the computer's moves wait, never the other way round."""
    with contextlib.suppress(OSError, AttributeError):  # (no nice on this platform)
        os.nice(THINK_NICENESS)
    exit_with_parent()  # a server killed outright leaves no worker thinking on alone


class Thinkers:
    """Worker processes where the computer players think, so that their thinking never
    holds the event loop (nor the interpreter lock it runs under).  Each decision is made
    on a copy of the state (its JSON) and of the agent, sent back with its action: the
    agent's random draws go on exactly as if it had thought in the server."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def think(
        self, source: str | Path, options: dict[str, Any], text: str, agent: Agent, role: str
    ) -> Thought:
        loop = asyncio.get_running_loop()
        try:
            # (sent to the worker, the agent is copied: the one in the game stays as it was)
            return await loop.run_in_executor(
                self.pool(), think, source, options, text, agent, role
            )
        except BrokenProcessPool:  # a worker died: start others, think in a thread meanwhile
            log.error("a computer player's worker process died; starting another")
            self._pool = None
            return await asyncio.to_thread(think, source, options, text, copy.deepcopy(agent), role)

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a threaded server
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=think_behind_humans
            )
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


# --- how much memory a game in memory takes (an estimate) ------------------------------------


@dataclass(frozen=True)
class Footprint:
    """What a game of one scenario takes in memory, measured once on a sample game: what
    does not grow with the game (the engine's memo, bounded; the views kept), and what
    does, per byte of the state's JSON (its data, the seats' log views, the texts kept)."""

    memo: int
    per_json_byte: float

    def estimate(self, json_size: int) -> int:
        """Bytes a game whose state's JSON has ``json_size`` characters is taken to hold
        (its data, its memo and views, and the JSON text kept beside it)."""
        return self.memo + int((self.per_json_byte + 1) * json_size)


#: what a game is taken to hold until its scenario is measured
PROVISIONAL_FOOTPRINT = Footprint(memo=4 << 20, per_json_byte=12.0)
#: the sample game a scenario's footprint is measured on: random actions, a view of each
#: seat after every one of them (as the server builds them)
SAMPLE_ACTIONS = 80
#: what :func:`deep_size` does not follow: what a game's objects point to but do not own
_NOT_HELD = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
)


def _held(value: Any, shared: Mapping[int, Any] | None = None) -> Iterator[Any]:
    """``value`` and every object it holds, each once (followed through the collector's
    referents: dicts, lists, tuples, sets, instances and their slots), leaving out
    classes, modules, functions and the objects of ``shared`` (ids)."""
    seen: set[int] = set(shared or ())
    todo = [value]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, _NOT_HELD):
            continue
        seen.add(id(item))
        yield item
        todo.extend(gc.get_referents(item))


def deep_size(value: Any, shared: Mapping[int, Any] | None = None) -> int:
    """Bytes of ``value`` and every object it holds, each counted once (:func:`_held`)."""
    return sum(map(sys.getsizeof, _held(value, shared)))


def held_ids(value: Any) -> dict[int, Any]:
    """``value`` and every object it holds (as :func:`deep_size` follows), by id.  The
    objects are kept with their ids: one the game lets go of later (a table its caches
    drop) could otherwise free its id for a new object, which would then be taken for
    shared and left uncounted."""
    return {id(item): item for item in _held(value)}


def measure_footprint(game: Game) -> Footprint:
    """A scenario's :class:`Footprint`, measured on a sample game of random play: the state
    (data, memo, log views, texts kept) and the seats' last views, less what the game
    itself holds (its static tables, shared by all its states)."""
    state = game.new_state(0)
    rng = random.Random(0)
    views: list[dict[str, Any]] = []
    for _ in range(SAMPLE_ACTIONS):
        if state.is_over():
            break
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
        views = [seat_view(state, role) for role in game.roles()]
    text_size = max(1, len(state.to_json()))
    shared = held_ids(game)
    whole = deep_size((state, views), shared)
    growing = deep_size((state.data, state._logs, state._texts), shared)
    return Footprint(whole - growing, growing / text_size)


@dataclass(eq=False)
class Connection:
    """A live subscriber (a WebSocket): its seat, the role it views, how to send to it."""

    seat: str
    role: str | None
    send: Callable[[dict[str, Any]], Awaitable[None]]
    #: the key of the log the page holds (:mod:`greatwar.server.views`): what it was last
    #: sent, or what it said it had when it connected
    log_key: str | None = None


@dataclass(eq=False)
class LiveGame:
    """A game in memory: its record, state, server version and subscribers."""

    record: GameRecord
    state: State
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[str, Agent] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    #: the computer's reasons for its actions (issue 6: explained in the game log)
    notes: list[Note] = field(default_factory=list)
    #: the commitment to its dice (issue 20; None for a game made before commitments)
    dice: DiceCommitment | None = None
    #: the state's JSON (what a snapshot stores and the computer thinks on), its digest
    #: (stored with the submission that led to it) and the version they are of
    text: str = ""
    digest: str = ""
    text_at: int = -1
    #: how many stored submissions the newest stored snapshot follows
    snapshot_at: int = 0
    #: bytes the game is taken to hold in memory (:class:`Footprint`)
    footprint: int = 0
    #: the chat messages (their n) sent to the subscribers: each is sent once, whichever
    #: process stored it
    chat_sent: set[int] = field(default_factory=set)
    #: the views sent at ``version`` (role, or None for a spectator's -> view)
    views: dict[str | None, dict[str, Any]] = field(default_factory=dict)
    viewed_at: int = -1
    #: the keys of each seat's log (:class:`~greatwar.server.views.LogChain`), and the
    #: state's log they were made from and its length then
    log_chains: dict[str | None, LogChain] = field(default_factory=dict)
    _chained_log: list[dict[str, Any]] | None = None
    _chained_size: int = 0
    #: the ids of its stored submissions (a used one is refused without asking storage)
    submissions: set[str] = field(default_factory=set)
    #: the notes as sent (each note's dict made once): (the notes list, its dicts)
    _sent_notes: tuple[list[Note] | None, list[dict[str, Any]]] = (None, [])

    def notes_sent(self) -> list[dict[str, Any]]:
        """The computer's notes as dicts, each made once (the list only grows until it is
        replaced by a reload)."""
        kept, dicts = self._sent_notes
        if kept is not self.notes:
            kept, dicts = self.notes, []
        if len(dicts) != len(self.notes):
            dicts = dicts + [asdict(note) for note in self.notes[len(dicts) :]]
        self._sent_notes = (kept, dicts)
        return dicts

    def kind(self, role: str) -> str:
        return parse_seat(self.record.seats[role])[0]

    def human_roles(self) -> list[str]:
        return [r for r in self.record.seats if self.kind(r) == HUMAN]

    def computer_to_move(self) -> str | None:
        """The first active role the computer plays, if any."""
        for role in self.state.active_roles():
            if self.kind(role) == COMPUTER:
                return role
        return None

    def written(self, text: str, digest: str) -> None:
        """The state's JSON and digest at the game's version."""
        self.text, self.digest, self.text_at = text, digest, self.version

    def state_replaced(self) -> None:
        """Forget the JSON and views kept of the state (it was replaced at the same version:
        a reseed, or a reload from storage)."""
        self.text_at = self.viewed_at = -1

    def current_text(self) -> tuple[str, str]:
        """The state's JSON and digest now (written again if the state changed since)."""
        if self.text_at != self.version:
            self.written(*state_text(self.state))
        return self.text, self.digest

    def view(self, role: str | None) -> dict[str, Any]:
        """The view a seat is sent now, built once per version."""
        if self.viewed_at != self.version:
            self.views.clear()
            self.viewed_at = self.version
        view = self.views.get(role)
        if view is None:
            view = seat_view(self.state, role) if role is not None else public_view(self.state)
            self.views[role] = view
        return view

    def log_chain(self, role: str | None) -> LogChain:
        """The keys of ``role``'s log now: kept while the state's log only grows; started
        afresh when it is another log (an undo or a reload rebuilds the state's data)."""
        log: list[dict[str, Any]] = self.state.data["log"]
        if log is not self._chained_log or len(log) < self._chained_size:
            self.log_chains.clear()
            self._chained_log = log
        self._chained_size = len(log)
        chain = self.log_chains.get(role)
        if chain is None:
            chain = self.log_chains[role] = LogChain()
        chain.extend(self.view(role)["log"])
        return chain

    def sent_view(self, role: str | None, held: str | None) -> dict[str, Any]:
        """The view ``role`` is sent now by a page holding the log of key ``held``, with the
        log entries after those it holds, and the keys: ``log_key`` of the whole log,
        ``log_base`` of the log the entries continue (None: the whole log is sent) and
        ``log_after``, how many entries the page keeps."""
        chain = self.log_chain(role)
        kept = chain.held(held)
        return {
            "view": with_log_after(self.view(role), kept),
            "log_key": chain.key(),
            "log_base": held if kept else None,
            "log_after": kept,
        }

    def busy(self) -> bool:
        """Someone watches it, acts in it or plays for the computer: keep it in memory."""
        driving = self.driver is not None and not self.driver.done()
        return bool(self.connections) or driving or self.lock.locked()


@dataclass(frozen=True)
class Moment:
    """A live game as stored at one version, read at once under its lock: what the reads
    that go on off the event loop (replay, download) work from, never the live state that
    an action being applied (and stored) changes meanwhile."""

    record: GameRecord
    version: int
    over: bool
    game: Game
    #: the computer's reasons the seats may read (:meth:`GameService.visible_notes`)
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Created:
    """A new game's id, tokens (seat -> token) and the commitment to its dice."""

    game_id: str
    tokens: dict[str, str]
    commitment: dict[str, Any]


class HeldGames(OrderedDict[str, LiveGame]):
    """The games in memory by id, least recently used first, and the bytes they are taken
    to hold together (kept as games come, go and grow: not summed on every request)."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = 0

    def __setitem__(self, game_id: str, live: LiveGame) -> None:
        old = self.get(game_id)
        if old is not None:
            self.bytes -= old.footprint
        super().__setitem__(game_id, live)
        self.bytes += live.footprint

    def __delitem__(self, game_id: str) -> None:
        self.bytes -= self[game_id].footprint
        super().__delitem__(game_id)

    def pop(self, game_id: str, default: Any = None) -> Any:
        if game_id not in self:
            return default
        live = self[game_id]
        del self[game_id]
        return live

    def clear(self) -> None:
        super().clear()
        self.bytes = 0

    def resize(self, live: LiveGame, footprint: int) -> None:
        """The game's new footprint (counted when it is the game held under its id)."""
        if self.get(live.record.game_id) is live:
            self.bytes += footprint - live.footprint
        live.footprint = footprint


class GameService:
    """The games the server serves (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        think_time: float = 0.0,
        cache_bytes: int = DEFAULT_CACHE_MIB << 20,
        editor_root: Path | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.storage = storage
        #: where the editor's projects are (``<data>/editor``): games of their snapshots
        self.editor_root = editor_root
        self.think_time = think_time
        #: the memory the games kept in memory may take (estimated: :class:`Footprint`)
        self.cache_bytes = cache_bytes
        self.thinkers = thinkers or shared_thinkers()
        self._games = HeldGames()
        #: several server processes share the storage (PostgreSQL)
        self._shared = isinstance(storage, SharedStorage)
        self._loading = asyncio.Lock()
        #: how many stored submissions rebuilding games replayed (the rest came from snapshots)
        self.replayed = 0
        #: one game object per scenario and options, shared by its games in memory
        self._played: OrderedDict[tuple[str, str], Game] = OrderedDict()
        self._footprints: dict[tuple[str, str], Footprint] = {}
        #: token hash -> (game id, seat): a token's seat never changes
        self._seats: dict[str, tuple[str, str]] = {}
        #: storage calls run here, off the event loop (several at once: group commit)
        self._storage_pool = ThreadPoolExecutor(STORAGE_THREADS, thread_name_prefix="storage")
        self._background: set[asyncio.Future[None]] = set()

    async def _stored(self, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)`` on the storage, in a storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._storage_pool, functools.partial(call, *args))

    def _game_of(self, record: GameRecord, loaded: Game | None = None) -> Game:
        """The game a record is played in: one object per scenario and options for all
        their games in memory (its static tables are built once), the last few kept."""
        key = (record.scenario, json.dumps(record.options, sort_keys=True))
        game = self._played.get(key)
        if game is None:
            game = self._keep_game(key, loaded or load_game_of(record, self.editor_root))
        return game

    def _offered(self, name: str, source: str | Path, options: dict[str, Any]) -> Game:
        """The game of a scenario with the options a new game asks for (loaded once)."""
        key = (name, json.dumps(options, sort_keys=True))
        game = self._played.get(key)
        if game is None:
            game = self._keep_game(key, greatwar.load(source, options))
        return game

    def _keep_game(self, key: tuple[str, str], game: Game) -> Game:
        self._played[key] = game
        while len(self._played) > GAMES_KEPT:
            self._played.popitem(last=False)
        return game

    def _footprint(self, live: LiveGame) -> int:
        """The estimated bytes of a game in memory (its scenario measured once)."""
        record = live.record
        key = (record.scenario, json.dumps(record.options, sort_keys=True))
        footprint = self._footprints.get(key)
        if footprint is None:  # until measured (in a thread), a generous guess
            footprint = self._footprints[key] = PROVISIONAL_FOOTPRINT
            self._measure_later(key, live.state.game)
        return footprint.estimate(len(live.text))

    def _measure_later(self, key: tuple[str, str], game: Game) -> None:
        def measure() -> None:
            self._footprints[key] = measure_footprint(game)

        self._in_background(measure)

    def _in_background(self, work: Callable[..., None], *args: Any) -> None:
        """``work(*args)`` in a storage thread, not waited for (at once when called off the
        event loop, from a worker thread already)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            work(*args)
            return
        future = loop.run_in_executor(self._storage_pool, work, *args)
        self._background.add(future)
        future.add_done_callback(self._background.discard)

    # --- creating ------------------------------------------------------------------------

    def create(
        self,
        scenario: str,
        options: dict[str, Any],
        seed: int | None,
        seats: dict[str, str],
        hotseat: bool,
    ) -> Created:
        """Store a new game; tokens for its human seats, spectators and (hotseat) the table."""
        if scenario not in scenario_ids():
            raise ApiError(
                404,
                "unknown_scenario",
                f"no scenario {shown_name(scenario)}; known: {', '.join(scenario_ids())}",
            )
        return self._create(scenario, scenario, options, seed, seats, hotseat)

    def create_played(
        self,
        scenario_path: Path,
        options: dict[str, Any],
        seed: int | None,
        seats: dict[str, str],
        hotseat: bool,
    ) -> Created:
        """A new game of a scenario file the SERVER made (an editor project's snapshot
        under ``editor_root``; never a path a client names): its record names the file
        by :func:`played_name`, so the game is rebuilt from the same frozen files."""
        if self.editor_root is None:
            raise ApiError(404, "unknown_scenario", "this server keeps no editor projects")
        name = played_name(self.editor_root, scenario_path)
        source = played_path(self.editor_root, name)
        if source is None:
            raise ApiError(404, "unknown_scenario", f"no played scenario {name!r}")
        return self._create(name, source, options, seed, seats, hotseat)

    def _create(
        self,
        name: str,
        source: str | Path,
        options: dict[str, Any],
        seed: int | None,
        seats: dict[str, str],
        hotseat: bool,
    ) -> Created:
        """Store a new game of ``source`` (id or file) whose record names it ``name``."""
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise ApiError(400, "bad_seed", f"a seed is 0 to {MAX_SEED} (2**53 - 1)")
        try:
            game = self._offered(name, source, options)
        except (ValueError, TypeError, ScenarioError) as exc:
            raise ApiError(400, "bad_options", str(exc)) from None
        if game.scenario.blocking:
            raise ApiError(
                409,
                "not_playable",
                f"{game.scenario.info.name} is not yet playable; it lacks: "
                + "; ".join(game.scenario.blocking),
            )
        roles = game.roles()
        unknown = sorted(set(seats) - set(roles))
        if unknown:
            raise ApiError(
                400,
                "bad_seats",
                f"no seat {', '.join(map(shown_name, unknown))}; seats: {', '.join(roles)}",
            )
        chosen = {r: seats.get(r, HUMAN) for r in roles}
        for spec in chosen.values():
            parse_seat(spec)
        dice = draw(seed)  # verifiable dice: the seed committed to (issue 20)
        record = GameRecord(
            game_id=secrets.token_hex(8),
            scenario=name,
            options=dict(game.options),
            seed=dice.server_seed,
            seats=chosen,
            hotseat=hotseat,
        )
        tokens = {r: secrets.token_urlsafe(24) for r in roles if parse_seat(chosen[r])[0] == HUMAN}
        tokens[SPECTATOR] = secrets.token_urlsafe(24)
        if hotseat:
            tokens[TABLE] = secrets.token_urlsafe(24)
        self.storage.create_game(record, tokens)
        self.storage.save_dice(record.game_id, dice, record.seed)
        self.storage.mark_code(record.game_id, 1, code_version())  # (greatwar.server.upgrades)
        state = self._game_of(record, game).new_state(record.seed)
        live = LiveGame(record, state, 0, agents=self._agents(record))
        live.written(*state_text(state))
        live.footprint = self._footprint(live)
        live.dice = dice
        self._games[record.game_id] = live
        self._forget_old()
        self.drive(live)
        return Created(record.game_id, tokens, shown(dice, live.state, 0))

    # --- loading -----------------------------------------------------------------------------

    async def game(self, game_id: str) -> LiveGame:
        """The game in memory (rebuilt from storage when needed); 404 when unknown."""
        live = self._games.get(game_id)
        if live is None:
            async with self._loading:  # one game rebuilt at a time, each only once
                live = self._games.get(game_id)
                if live is None:
                    live = await asyncio.to_thread(self._load, game_id)
                    self._games[game_id] = live
        self._games.move_to_end(game_id)
        self._forget_old()
        self.drive(live)
        return live

    def stored_game(self, game_id: str) -> LiveGame | None:
        """The game as :meth:`game` gives it (from memory, or rebuilt from its newest snapshot
        and the actions after it), without an event loop (``greatwar play`` before serving);
        kept in memory for the page that opens it next.  None when no such game is stored
        or it cannot be restored."""
        live = self._games.get(game_id)
        if live is None:
            try:
                live = self._load(game_id)
            except ApiError:
                return None
            self._games[game_id] = live
            self._forget_old()
        return live

    def _load(self, game_id: str) -> LiveGame:
        """Rebuild a stored game from its snapshot and the submissions after it (run in a
        worker thread: it may take a while)."""
        record = self.storage.load_game(game_id)
        if record is None:
            raise ApiError(404, "unknown_game", f"no game {shown_name(game_id)}")
        actions = self.storage.actions(game_id)
        snapshot = self.storage.latest_snapshot(game_id)
        marks = self.storage.code_marks(game_id)
        try:
            try:
                state, replayed = restore(record, actions, self._game_of(record), snapshot)
            except CorruptGame as exc:
                if all_ours(marks, exc.first, len(actions)):
                    raise  # this version stored them: not what it replays to, corrupt
                state, replayed = self._carried_over(record, actions, snapshot, marks)
                marks = self.storage.code_marks(game_id)
        except (CorruptGame, IllegalAction, ScenarioError, ValueError) as exc:
            log.error("refusing to serve game %s: %s", game_id, exc)
            raise ApiError(
                503, "corrupt_game", f"game {game_id} cannot be restored from storage"
            ) from None
        if code_of(marks, len(actions) + 1) != code_version():
            self.storage.mark_code(game_id, len(actions) + 1, code_version())
        self.replayed += replayed
        log.debug("game %s rebuilt: %d submissions replayed", game_id, replayed)
        live = LiveGame(record, state, len(actions), agents=self._agents(record))
        live.submissions = {stored.submission_id for stored in actions}
        live.written(*state_text(state))
        live.snapshot_at = len(actions) - replayed
        live.footprint = self._footprint(live)
        live.notes = self.storage.notes(game_id)
        live.dice = self.storage.dice_of(game_id)
        return live

    def _carried_over(
        self,
        record: GameRecord,
        actions: list[StoredAction],
        snapshot: Snapshot | None,
        marks: list[tuple[int, str]],
    ) -> tuple[State, int]:
        """A game another version stored, carried over to this one
        (:mod:`greatwar.server.upgrades`): replayed, its log told, the replayed
        submissions' digests stored as this version gives them (the last one's with the
        log's notice), marked as this version's, and a snapshot of it kept; the state and
        how many submissions were replayed.  CorruptGame when this version refuses one."""
        game_id = record.game_id
        state, carried = carry_over(record, actions, self._game_of(record), snapshot)
        upgrades.tell(state, carried)
        digests = {**carried.digests, len(actions): state.digest()}
        log.warning(
            "game %s was stored by another version of greatwar (%s): submissions %d to %d"
            " replayed by this one (%s) and their digests stored anew",
            game_id,
            ", ".join(upgrades.others_of(marks, carried.first, len(actions))),
            carried.first,
            len(actions),
            code_version(),
        )
        self.storage.rewrite_digests(game_id, digests)
        self.storage.mark_code(game_id, carried.first, code_version())
        self._save_snapshot(game_id, len(actions), *state_text(state))
        return state, len(carried.digests)

    @staticmethod
    def _agents(record: GameRecord) -> dict[str, Agent]:
        """One agent per computer seat, seeded from the game seed and the seat's place."""
        out = {}
        for i, (role, spec) in enumerate(record.seats.items()):
            kind, name = parse_seat(spec)
            if kind == COMPUTER and name is not None:
                out[role] = make_agent(name, record.seed + i)
        return out

    def _forget_old(self) -> None:
        """Let the least recently used idle games go while the games in memory take more
        than the budget (each keeps a snapshot, and is rebuilt from it when asked for)."""
        if self._games.bytes <= self.cache_bytes:
            return
        for game_id in list(self._games)[:-1]:  # never the one just asked for
            if self._games.bytes <= self.cache_bytes:
                return
            live = self._games[game_id]
            if not live.busy():
                self._snapshot_later(live)
                del self._games[game_id]

    # --- snapshots ------------------------------------------------------------------------------

    @staticmethod
    def _snapshot_due(live: LiveGame, before: list[str]) -> bool:
        """A snapshot is kept every SNAPSHOT_EVERY actions and when the player to move
        changes (``before``: the roles to move before the last action)."""
        return (
            live.version - live.snapshot_at >= SNAPSHOT_EVERY or live.state.active_roles() != before
        )

    def _snapshot_later(self, live: LiveGame) -> None:
        """Store the game's state at its version as its snapshot, in a storage thread (a
        snapshot only saves replaying: the game is stored without it)."""
        if live.version <= live.snapshot_at:
            return
        live.snapshot_at = live.version
        args = (live.record.game_id, live.version, *live.current_text())
        self._in_background(self._save_snapshot, *args)

    def _save_snapshot(self, game_id: str, index: int, text: str, digest: str) -> None:
        try:
            self.storage.save_snapshot(game_id, index, text, digest)
        except Exception as exc:  # a game without its newest snapshot is only slower to load
            log.warning(
                "game %s: could not store its snapshot after %d actions: %s",
                game_id,
                index,
                type(exc).__name__,
            )

    def exists(self, game_id: str) -> bool:
        return game_id in self._games or self.storage.load_game(game_id) is not None

    # --- seats ------------------------------------------------------------------------------

    def seat(self, game_id: str, token: str | None) -> str:
        """The seat ``token`` holds in the game: a role, ``spectator`` or ``table``."""
        if not self.exists(game_id):
            raise ApiError(404, "unknown_game", f"no game {shown_name(game_id)}")
        found = self.seat_of(token) if token else None
        if found is None or found[0] != game_id:
            raise ApiError(403, "bad_token", "this token is not a seat of this game")
        return found[1]

    def seat_of(self, token: str) -> tuple[str, str] | None:
        """(game id, seat) of a token, remembered (by its hash) once found."""
        key = hash_token(token)
        found = self._seats.get(key)
        if found is None:
            found = self.storage.seat_of(token)
            if found is not None:
                if len(self._seats) >= SEATS_KEPT:
                    self._seats.clear()
                self._seats[key] = found
        return found

    @staticmethod
    def viewed_role(live: LiveGame, seat: str, role: str | None) -> str | None:
        """The role a seat views (and acts for): its own; the table's chosen human seat."""
        if seat == SPECTATOR:
            if role is not None:
                raise ApiError(403, "not_your_seat", "a spectator views no seat")
            return None
        if seat == TABLE:
            if role is None:
                return None
            if role not in live.human_roles():
                raise ApiError(
                    403, "not_your_seat", f"the table plays the human seats, not {shown_name(role)}"
                )
            return role
        if role is not None and role != seat:
            raise ApiError(
                403, "not_your_seat", f"this token holds the {seat} seat, not {shown_name(role)}"
            )
        return seat

    def seats_info(self, live: LiveGame) -> dict[str, dict[str, Any]]:
        """Each seat's name, kind and whether anyone holds it now."""
        game = live.state.game
        present = {c.seat for c in live.connections}
        out: dict[str, dict[str, Any]] = {}
        for role, spec in live.record.seats.items():
            kind, agent = parse_seat(spec)
            entry: dict[str, Any] = {"name": game.system.role_name(game, role), "kind": kind}
            if kind == COMPUTER:
                entry["agent"] = agent
                entry["connected"] = True
            else:
                entry["connected"] = role in present or TABLE in present
            out[role] = entry
        return out

    def payload(
        self, live: LiveGame, seat: str, role: str | None, log_held: str | None = None
    ) -> dict[str, Any]:
        """What a seat is sent: the game, its seat, the server version and its view, whose
        log starts after the entries of ``log_held`` (:mod:`greatwar.server.views`)."""
        return {
            "game_id": live.record.game_id,
            "scenario": live.record.scenario,
            "seat": seat,
            "role": role,
            "version": live.version,
            "hotseat": live.record.hotseat,
            "seats": self.seats_info(live),
            **live.sent_view(role, log_held),
            "notes": live.notes_sent() if self.visible_notes(live) else [],
            "commitment": payload_part(live.dice, live.state, live.version),
        }

    @staticmethod
    def visible_notes(live: LiveGame) -> list[Note]:
        """The computer's reasons, shown to every seat where nothing is hidden; where the
        rule system hides information (a reason may name a secret choice), only once the
        game is over, when the record with everything is given too."""
        return live.notes if reasons_public(live.state) else []

    # --- acting --------------------------------------------------------------------------------

    async def submit(
        self,
        game_id: str,
        token: str | None,
        role: str | None,
        version: int,
        action: dict[str, Any],
        submission_id: str,
        log_held: str | None = None,
    ) -> dict[str, Any]:
        """Apply a seat's action; committed to storage before this returns.  The answer's
        view has the log entries after those of ``log_held`` (:mod:`greatwar.server.views`)."""
        seat = self.seat(game_id, token)
        live = await self.game(game_id)
        if seat == TABLE and role is None:
            raise ApiError(403, "not_your_seat", "the table must say which seat acts (role)")
        acting = self.viewed_role(live, seat, role)
        if acting is None:
            raise ApiError(403, "not_your_seat", "a spectator cannot act")
        async with live.lock:
            if self._used(live, submission_id):
                raise ApiError(
                    409,
                    "duplicate_submission",
                    f"submission {shown_name(submission_id)} was already used",
                )
            if version != live.version:
                raise ApiError(
                    409,
                    "stale_version",
                    f"the game is at version {live.version}, not {version}: reload and retry",
                )
            await self._commit(live, acting, action, submission_id)
            answer = {"version": live.version, **live.sent_view(acting, log_held)}
        await self.broadcast(live)
        self.drive(live)
        return answer

    @staticmethod
    def _used(live: LiveGame, submission_id: str) -> bool:
        """Whether the game has stored this submission id, as far as this process knows
        (every submission it stored or applied from storage).  One stored by another
        process sharing the database, not applied here yet, breaks the UNIQUE constraint
        when this one is stored: refused then, as a duplicate or a stale version."""
        return submission_id in live.submissions

    async def _commit(
        self,
        live: LiveGame,
        role: str,
        action: dict[str, Any],
        submission_id: str,
        reason: str | None = None,
    ) -> None:
        """Apply and store one submission, with the computer's ``reason`` for it if given
        (the caller holds the game's lock, so nobody sees the state until it is stored)."""
        game_id = live.record.game_id
        at = len(live.state.data["log"])
        before = live.state.active_roles()
        stored_text = live.current_text()[0]  # the state as stored, put back if this is not
        try:
            apply_submission(live.state, role, action)
        except IllegalAction as exc:
            message = f"{exc.reason}" + (f" — {exc.summary}" if exc.summary else "")
            raise ApiError(400, "illegal", message, exc.case) from None
        except Exception:  # a fault in the rules: the engine has put the state back
            if action != UNDO and action not in live.state.legal_actions(role):
                reason = "this is not one of your legal actions now"
                raise ApiError(400, "illegal", reason) from None
            log.exception("game %s: %s %s failed", game_id, role, action)
            reason = "the rules failed on this action; nothing changed"
            raise ApiError(500, "internal", reason) from None
        note = None if not reason else Note(live.version + 1, role, at, reason)
        text, digest = state_text(live.state)
        try:
            await self._stored(
                self.storage.append_action,
                game_id,
                live.version + 1,
                role,
                action,
                submission_id,
                digest,
                note,
            )
        except DuplicateSubmission:
            self._put_back(live, stored_text)  # the state in memory was ahead of storage
            raise ApiError(
                409,
                "duplicate_submission",
                f"submission {shown_name(submission_id)} was already used",
            ) from None
        except VersionConflict:
            # another server process sharing the database stored this version first
            tried = live.version + 1
            self._reload(live)
            raise ApiError(
                409,
                "stale_version",
                f"version {tried} was stored by another server first; the game is at version"
                f" {live.version}: reload and retry",
            ) from None
        except asyncio.CancelledError:  # stored or not: the game is rebuilt from storage
            self._put_back(live, stored_text)
            raise
        except Exception:
            self._put_back(live, stored_text)
            log.exception("could not store submission %d of game %s", live.version + 1, game_id)
            raise ApiError(500, "storage_failed", "the action could not be stored") from None
        live.version += 1
        live.submissions.add(submission_id)
        live.written(text, digest)
        self._games.resize(live, self._footprint(live))
        if note is not None:
            live.notes.append(note)
        if self._snapshot_due(live, before):
            self._snapshot_later(live)

    def _put_back(self, live: LiveGame, stored_text: str) -> None:
        """An action applied in memory was not stored (or may not have been): the game in
        memory goes back to the state as stored before it (so that whoever waits for its
        lock reads that, never the unstored one), and is rebuilt from storage when next
        asked for."""
        live.state = State(live.state.game, json.loads(stored_text))
        live.state_replaced()
        self._games.pop(live.record.game_id, None)

    # --- the computer's moves ----------------------------------------------------------------

    def drive(self, live: LiveGame) -> None:
        """Start playing the computer's seats, if one must move and no driver runs yet."""
        if live.computer_to_move() is None:
            return
        if live.driver is not None and not live.driver.done():
            return
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to drive with
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    async def _drive(self, live: LiveGame) -> None:
        """Play the computer's seats until a human must act or the game ends, when this
        process holds the game's driver lease (:meth:`Storage.claim_driver`): with several
        processes sharing the database, one of them plays each computer move.  Another
        holding it, this one waits and tries again (it takes over if that one stops)."""
        game_id = live.record.game_id
        while live.computer_to_move() is not None:
            if not await self._stored(self.storage.claim_driver, game_id):
                await asyncio.sleep(DRIVER_RETRY)
                continue
            try:
                if self._shared:  # what the last driver stored
                    await self.catch_up(game_id)
                played = await self._play_computer(live)
            finally:
                await self._stored(self.storage.release_driver, game_id)
            if not played:
                return

    async def _play_computer(self, live: LiveGame) -> bool:
        """Play the computer's seats until a human must act or the game ends (the caller
        holds the game's driver lease); False when a move could not be stored."""
        while live.computer_to_move() is not None:
            # no think time: the computer plays as fast as it thinks (the page animates its
            # moves, issue 17); sleeping 0 still lets the server answer between moves
            await asyncio.sleep(self.think_time)
            async with live.lock:
                role = live.computer_to_move()
                if role is None:
                    return True
                version, (text, _), agent = live.version, live.current_text(), live.agents[role]
            # the agent thinks in a worker, on copies of the state and of itself
            source = played_path(self.editor_root, live.record.scenario) or live.record.scenario
            thought = await self.thinkers.think(source, live.record.options, text, agent, role)
            async with live.lock:
                if live.version != version:
                    continue  # someone moved meanwhile: think again, the agent as it was
                live.agents[role] = thought.agent
                try:
                    sid = f"computer-{uuid.uuid4().hex}"
                    await self._commit(live, role, thought.action, sid, thought.reason)
                except ApiError as exc:
                    if exc.code == "stale_version":  # another server moved first: no fault
                        log.info("the computer's %s move was not stored: %s", role, exc.message)
                    else:
                        log.error("the computer's %s move failed: %s", role, exc.message)
                    return False
            await self.broadcast(live)
        return True

    # --- other server processes sharing the database ------------------------------------------

    async def follow(self, changes: AsyncIterator[Change]) -> None:
        """Bring the games in memory up to date with what other server processes store, as
        it happens: ``changes`` (:meth:`greatwar.server.storage.SharedStorage.changes`) gives
        (game id, n) for each stored action, a ChatChange for each chat message, None when
        every game must be checked."""
        async for change in changes:
            if isinstance(change, ChatChange):
                try:
                    await self.chat_arrived(change.game_id, change.n)
                except Exception:  # one message's trouble does not stop following the others
                    log.exception(
                        "could not send chat message %d of game %s", change.n, change.game_id
                    )
                continue
            wanted: list[tuple[str, int | None]] = (
                [(g, None) for g in list(self._games)] if change is None else [change]
            )
            for game_id, n in wanted:
                try:
                    await self.catch_up(game_id, n)
                except Exception:  # one game's trouble does not stop following the others
                    log.exception("could not bring game %s up to date", game_id)

    async def catch_up(self, game_id: str, n: int | None = None) -> None:
        """Apply the actions stored elsewhere since this process's version of the game (when
        it is in memory and behind action ``n``), then send it to its subscribers.  The
        process that stored an action plays the computer's answer to it, not this one."""
        live = self._games.get(game_id)
        if live is None or (n is not None and n <= live.version):
            return  # rebuilt from storage when asked for, or up to date (our own action)
        async with live.lock:
            newer = await asyncio.to_thread(self.storage.actions, game_id, live.version)
            if not newer:
                return
            if self._apply_stored(live, newer):
                live.notes = await asyncio.to_thread(self.storage.notes, game_id)
            else:
                await asyncio.to_thread(self._reload, live)
        await self.broadcast(live)

    @staticmethod
    def _apply_stored(live: LiveGame, newer: list[StoredAction]) -> bool:
        """Apply stored submissions to the game in memory; False when one does not give its
        stored digest (then the game must be rebuilt from storage)."""
        for stored in newer:
            try:
                replay_submission(live.state, stored.role, stored.action)
            except Exception:  # refused, or a fault in the rules: rebuild from storage
                return False
            if live.state.digest() != stored.digest:
                return False
            live.version = stored.n
            live.submissions.add(stored.submission_id)
        return True

    def _reload(self, live: LiveGame) -> None:
        """Replace the game's state in memory by the stored one, keeping its subscribers."""
        try:
            fresh = self._load(live.record.game_id)
        except ApiError:
            self._games.pop(live.record.game_id, None)
            raise
        live.state, live.version, live.notes = fresh.state, fresh.version, fresh.notes
        live.submissions = fresh.submissions
        live.snapshot_at = fresh.snapshot_at
        live.state_replaced()

    # --- the chat (greatwar.server.chat) ----------------------------------------------------

    @staticmethod
    def chat_shown(live: LiveGame, message: ChatMessage) -> dict[str, Any]:
        """A message as the pages receive it: with its seat's name."""
        game = live.state.game
        if message.seat in live.record.seats:
            name = game.system.role_name(game, message.seat)
        else:
            name = "hotseat table" if message.seat == TABLE else message.seat
        return {**asdict(message), "name": name}

    async def send_chat(self, live: LiveGame, message: ChatMessage) -> dict[str, Any]:
        """Send a stored message to every live page of the game connected here (once)."""
        shown_message = self.chat_shown(live, message)
        if message.n in live.chat_sent:
            return shown_message
        live.chat_sent.add(message.n)
        for connection in list(live.connections):
            try:
                await connection.send({"type": "chat", "message": shown_message})
            except Exception:  # a closed socket: the broadcast of the game forgets it
                live.connections.discard(connection)
        return shown_message

    async def chat_arrived(self, game_id: str, n: int) -> None:
        """A message another process stored (or this one): sent to the pages connected here
        that have not had it."""
        live = self._games.get(game_id)
        if live is None or n in live.chat_sent or not live.connections:
            return  # nobody here to tell: the page reads the chat when it opens
        messages = await self._stored(self.storage.chat, game_id)
        for message in messages:
            if message.n == n:
                await self.send_chat(live, message)

    # --- live updates ----------------------------------------------------------------------------

    async def connect(self, live: LiveGame, connection: Connection) -> None:
        live.connections.add(connection)
        await self.broadcast(live)

    async def disconnect(self, live: LiveGame, connection: Connection) -> None:
        live.connections.discard(connection)
        await self.broadcast(live)

    async def broadcast(self, live: LiveGame) -> None:
        """Send every subscriber its own payload; drop those that cannot be reached."""
        async with live.lock:  # the payloads of a stored state, all of the same version
            messages = []
            for c in list(live.connections):
                message = {"type": "state", **self.payload(live, c.seat, c.role, c.log_key)}
                c.log_key = message["log_key"]  # the page's log once it reads this
                messages.append((c, message))
        for connection, message in messages:
            try:
                await connection.send(message)
            except Exception:  # a closed socket: forget it
                live.connections.discard(connection)

    async def moment(self, live: LiveGame) -> Moment:
        """The game as stored now (never while an action is being stored)."""
        async with live.lock:
            notes = tuple(self.visible_notes(live))
            return Moment(live.record, live.version, live.state.is_over(), live.state.game, notes)

    async def current_payload(
        self, live: LiveGame, seat: str, role: str | None, log_held: str | None = None
    ) -> dict[str, Any]:
        """:meth:`payload` of the game as stored (never while an action is being stored)."""
        async with live.lock:
            return self.payload(live, seat, role, log_held)

    # --- records and lists ---------------------------------------------------------------------

    async def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The full game record (with its seed) once the game is over."""
        self.seat(game_id, token)
        live = await self.game(game_id)
        async with live.lock:  # the game as stored: never an end still being stored
            if not live.state.is_over():
                raise ApiError(
                    403, "game_running", "the record (with its seed) is given once the game is over"
                )
            return record_document(live.state, live.dice, game_id)

    # --- verifiable dice (issue 20; see greatwar.server.dice_commitment) ------------------

    def reseed(self, live: LiveGame, dice: DiceCommitment) -> None:
        """Deal the game's start afresh with the seed ``dice`` gives (a seat's entropy mixed
        in; before the first action only, the caller holding the lock), stored first."""
        seed = dice.seed(live.state.game.roles())
        self.storage.save_dice(live.record.game_id, dice, seed)
        live.record = replace(live.record, seed=seed)
        live.state = live.state.game.new_state(seed)
        live.agents = self._agents(live.record)
        live.dice = dice
        live.state_replaced()

    async def my_games(self, tokens: list[str]) -> list[dict[str, Any]]:
        """A summary of each game a token opens (unknown tokens are left out)."""
        out = []
        for token in tokens:
            found = self.storage.seat_of(token)
            if found is None:
                continue
            game_id, seat = found
            try:
                live = await self.game(game_id)
            except ApiError:
                continue
            out.append(
                {
                    "game_id": game_id,
                    "scenario": live.record.scenario,
                    "name": live.state.game.scenario.info.name,
                    "seat": seat,
                    "version": live.version,
                    "over": live.state.is_over(),
                    "waiting_for": live.state.active_roles(),
                    "url": game_url(game_id, token),
                }
            )
        return out

    async def close(self) -> None:
        """Stop the computer players; keep a snapshot of every game in memory (a restart
        then replays nothing)."""
        for live in self._games.values():
            if live.driver is not None:
                live.driver.cancel()
                with contextlib.suppress(BaseException):
                    await live.driver
        for live in list(self._games.values()):
            self._snapshot_later(live)
        # the storage work told to this loop is waited for here; work some other event
        # loop was told of (a caller on another loop's thread, as a browser driver runs
        # one) cannot be awaited here, its loop maybe never running again: the pool's
        # shutdown below waits for every storage thread's work alike
        loop = asyncio.get_running_loop()
        ours = [f for f in self._background if f.get_loop() is loop]
        if ours:
            await asyncio.wait(ours)
        self._storage_pool.shutdown()


def game_url(game_id: str, token: str) -> str:
    """The page of a seat (served by the web routes)."""
    return f"/game/{game_id}?token={token}"
