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
* a game is rebuilt by replaying its stored submissions, which must give the
  stored digest — otherwise it is refused (:class:`CorruptGame`).

The server's ``version`` of a game is the number of accepted submissions; it
only grows (an undo is a submission too), unlike the engine's ``version``
inside a view, which an undo takes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import greatwar
from greatwar.ai import AGENTS, DEFAULT_AGENT, make_agent
from greatwar.ai.base import decide, explanation, reasons_public
from greatwar.engine.errors import IllegalAction, shown_name
from greatwar.model.loader import scenario_ids
from greatwar.model.problems import ScenarioError
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
    DuplicateSubmission,
    GameRecord,
    Note,
    Storage,
    StoredAction,
    VersionConflict,
)
from greatwar.server.views import UNDO, public_view, seat_view

if TYPE_CHECKING:
    from greatwar.ai.base import Agent
    from greatwar.engine.state import State

log = logging.getLogger("greatwar.server")

HUMAN = "human"
COMPUTER = "computer"
#: the largest seed, 2**53 - 1: many read a JSON number as a double (browsers, schema
#: validators), which holds every whole number up to it exactly and no more, so each
#: reader agrees on a seed and on the range (issue 20, defect 4; storage keeps 64 bits)
MAX_SEED = 2**53 - 1


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
    """Replaying a game's stored submissions does not give its stored digest."""


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


def rebuild(
    record: GameRecord, actions: list[StoredAction], editor_root: Path | None = None
) -> State:
    """The game's state from its start and stored submissions, checked against the digest."""
    source: str | Path = played_path(editor_root, record.scenario) or record.scenario
    state = greatwar.load(source, record.options).new_state(record.seed)
    for stored in actions:
        apply_submission(state, stored.role, stored.action)
    if actions and state.digest() != actions[-1].digest:
        raise CorruptGame(
            f"game {record.game_id}: replaying {len(actions)} stored submissions gives digest"
            f" {state.digest()[:12]}, not the stored {actions[-1].digest[:12]}"
        )
    return state


@dataclass(eq=False)
class Connection:
    """A live subscriber (a WebSocket): its seat, the role it views, how to send to it."""

    seat: str
    role: str | None
    send: Callable[[dict[str, Any]], Awaitable[None]]


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

    def busy(self) -> bool:
        """Someone watches it, acts in it or plays for the computer: keep it in memory."""
        driving = self.driver is not None and not self.driver.done()
        return bool(self.connections) or driving or self.lock.locked()


@dataclass(frozen=True)
class Created:
    """A new game's id, tokens (seat -> token) and the commitment to its dice."""

    game_id: str
    tokens: dict[str, str]
    commitment: dict[str, Any]


class GameService:
    """The games the server serves (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        think_time: float = 0.0,
        cache_size: int = 64,
        editor_root: Path | None = None,
    ) -> None:
        self.storage = storage
        #: where the editor's projects are (``<data>/editor``): games of their snapshots
        self.editor_root = editor_root
        self.think_time = think_time
        self.cache_size = cache_size
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading = asyncio.Lock()

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
            game = greatwar.load(source, options)
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
        live = LiveGame(record, game.new_state(record.seed), 0, agents=self._agents(record))
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

    def _load(self, game_id: str) -> LiveGame:
        """Rebuild a stored game by replay (run in a worker thread: it may take a while)."""
        record = self.storage.load_game(game_id)
        if record is None:
            raise ApiError(404, "unknown_game", f"no game {shown_name(game_id)}")
        actions = self.storage.actions(game_id)
        try:
            state = rebuild(record, actions, self.editor_root)
        except (CorruptGame, IllegalAction, ScenarioError, ValueError) as exc:
            log.error("refusing to serve game %s: %s", game_id, exc)
            raise ApiError(
                503, "corrupt_game", f"game {game_id} cannot be restored from storage"
            ) from None
        live = LiveGame(record, state, len(actions), agents=self._agents(record))
        live.notes = self.storage.notes(game_id)
        live.dice = self.storage.dice_of(game_id)
        return live

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
        """Let the least recently used idle games go (they are rebuilt when asked for)."""
        for game_id in list(self._games):
            if len(self._games) <= self.cache_size:
                return
            if not self._games[game_id].busy():
                del self._games[game_id]

    def exists(self, game_id: str) -> bool:
        return game_id in self._games or self.storage.load_game(game_id) is not None

    # --- seats ------------------------------------------------------------------------------

    def seat(self, game_id: str, token: str | None) -> str:
        """The seat ``token`` holds in the game: a role, ``spectator`` or ``table``."""
        if not self.exists(game_id):
            raise ApiError(404, "unknown_game", f"no game {shown_name(game_id)}")
        found = self.storage.seat_of(token) if token else None
        if found is None or found[0] != game_id:
            raise ApiError(403, "bad_token", "this token is not a seat of this game")
        return found[1]

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

    def payload(self, live: LiveGame, seat: str, role: str | None) -> dict[str, Any]:
        """What a seat is sent: the game, its seat, the server version and its view."""
        state = live.state
        return {
            "game_id": live.record.game_id,
            "scenario": live.record.scenario,
            "seat": seat,
            "role": role,
            "version": live.version,
            "hotseat": live.record.hotseat,
            "seats": self.seats_info(live),
            "view": seat_view(state, role) if role is not None else public_view(state),
            "notes": [asdict(note) for note in self.visible_notes(live)],
            "commitment": payload_part(live.dice, state, live.version),
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
    ) -> dict[str, Any]:
        """Apply a seat's action; committed to storage before this returns."""
        seat = self.seat(game_id, token)
        live = await self.game(game_id)
        if seat == TABLE and role is None:
            raise ApiError(403, "not_your_seat", "the table must say which seat acts (role)")
        acting = self.viewed_role(live, seat, role)
        if acting is None:
            raise ApiError(403, "not_your_seat", "a spectator cannot act")
        async with live.lock:
            if self.storage.has_submission(game_id, submission_id):
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
            self._commit(live, acting, action, submission_id)
        await self.broadcast(live)
        self.drive(live)
        return {"version": live.version, "view": seat_view(live.state, acting)}

    def _commit(
        self,
        live: LiveGame,
        role: str,
        action: dict[str, Any],
        submission_id: str,
        reason: str | None = None,
    ) -> None:
        """Apply and store one submission, with the computer's ``reason`` for it if given
        (the caller holds the game's lock)."""
        game_id = live.record.game_id
        at = len(live.state.data["log"])
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
        try:
            self.storage.append_action(
                game_id, live.version + 1, role, action, submission_id, live.state.digest(), note
            )
        except DuplicateSubmission:
            self._games.pop(game_id, None)  # the state in memory is ahead of storage
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
        except Exception:
            self._games.pop(game_id, None)
            log.exception("could not store submission %d of game %s", live.version + 1, game_id)
            raise ApiError(500, "storage_failed", "the action could not be stored") from None
        live.version += 1
        if note is not None:
            live.notes.append(note)

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
        """Play the computer's seats until a human must act or the game ends."""
        while live.computer_to_move() is not None:
            # no think time: the computer plays as fast as it thinks (the page animates its
            # moves, issue 17); sleeping 0 still lets the server answer between moves
            await asyncio.sleep(self.think_time)
            async with live.lock:
                role = live.computer_to_move()
                if role is None:
                    return
                # the agent thinks on a copy, so the served state is never shared with a thread
                thinking = live.state.clone()
                agent = live.agents[role]
                action = await asyncio.to_thread(decide, agent, thinking, role)
                try:
                    sid = f"computer-{uuid.uuid4().hex}"
                    self._commit(live, role, action, sid, explanation(agent))
                except ApiError as exc:
                    if exc.code == "stale_version":  # another server moved first: no fault
                        log.info("the computer's %s move was not stored: %s", role, exc.message)
                    else:
                        log.error("the computer's %s move failed: %s", role, exc.message)
                    return
            await self.broadcast(live)

    # --- other server processes sharing the database ------------------------------------------

    async def follow(self, changes: AsyncIterator[tuple[str, int] | None]) -> None:
        """Bring the games in memory up to date with what other server processes store, as
        it happens: ``changes`` (:meth:`greatwar.server.storage.SharedStorage.changes`) gives
        (game id, n) for each stored action, None when every game must be checked."""
        async for change in changes:
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
            newer = (await asyncio.to_thread(self.storage.actions, game_id))[live.version :]
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
                apply_submission(live.state, stored.role, stored.action)
            except Exception:  # refused, or a fault in the rules: rebuild from storage
                return False
            if live.state.digest() != stored.digest:
                return False
            live.version = stored.n
        return True

    def _reload(self, live: LiveGame) -> None:
        """Replace the game's state in memory by the stored one, keeping its subscribers."""
        try:
            fresh = self._load(live.record.game_id)
        except ApiError:
            self._games.pop(live.record.game_id, None)
            raise
        live.state, live.version, live.notes = fresh.state, fresh.version, fresh.notes

    # --- live updates ----------------------------------------------------------------------------

    async def connect(self, live: LiveGame, connection: Connection) -> None:
        live.connections.add(connection)
        await self.broadcast(live)

    async def disconnect(self, live: LiveGame, connection: Connection) -> None:
        live.connections.discard(connection)
        await self.broadcast(live)

    async def broadcast(self, live: LiveGame) -> None:
        """Send every subscriber its own payload; drop those that cannot be reached."""
        for connection in list(live.connections):
            message = {"type": "state", **self.payload(live, connection.seat, connection.role)}
            try:
                await connection.send(message)
            except Exception:  # a closed socket: forget it
                live.connections.discard(connection)

    # --- records and lists ---------------------------------------------------------------------

    async def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The full game record (with its seed) once the game is over."""
        self.seat(game_id, token)
        live = await self.game(game_id)
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
        """Stop the computer players."""
        for live in self._games.values():
            if live.driver is not None:
                live.driver.cancel()
                with contextlib.suppress(BaseException):
                    await live.driver


def game_url(game_id: str, token: str) -> str:
    """The page of a seat (served by the web routes)."""
    return f"/game/{game_id}?token={token}"
