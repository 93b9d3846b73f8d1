"""Where the server keeps its games: one small interface, one SQLite implementation.

A game is stored as what starts it (scenario, options, seed, seats) and the
list of accepted submissions, each with the state digest after it; a game is
rebuilt by replaying that list (:mod:`greatwar.server.games`), which must
reproduce the stored digest.  Seat tokens are never stored, only their
SHA-256 hashes.

:class:`Storage` is the interface the server uses; :class:`SQLiteStorage`
keeps everything in one SQLite file in WAL mode and commits each call before
it returns; :class:`greatwar.server.storage_postgres.PostgresStorage` fills in
the same methods on a PostgreSQL database that several server processes share
(:func:`open_storage` picks one by the ``--db`` given).  Both have the same
tables and columns, read and written through the row mapping below, so a
:meth:`Storage.dump` of one loads into the other.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from greatwar.server.dice_commitment import DiceCommitment

#: a seat that may only watch
SPECTATOR = "spectator"
#: the hotseat token that may act for every human seat
TABLE = "table"


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    """What starts a game: everything needed, with its actions, to rebuild it."""

    game_id: str
    scenario: str
    options: dict[str, Any]
    seed: int
    #: role -> "human" or "computer:<agent>"
    seats: dict[str, str]
    hotseat: bool = False
    created: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Note:
    """Why the computer took the ``n``-th action: its reason in a player's words, given
    when the log had ``at`` entries (so it is shown after the ``at``-th)."""

    n: int
    role: str
    at: int
    text: str


@dataclass(frozen=True)
class StoredAction:
    """One accepted submission: the ``n``-th (from 1) of its game."""

    n: int
    role: str
    action: dict[str, Any]
    submission_id: str
    digest: str


@dataclass(frozen=True)
class ChatMessage:
    """The ``n``-th (from 1) message of a game's chat: who wrote it (a seat) and when."""

    n: int
    seat: str
    text: str
    time: float


class DuplicateSubmission(Exception):
    """A submission id already used in the game."""


class VersionConflict(Exception):
    """A submission numbered ``n`` exists already (someone else got there first)."""


class NotEmpty(Exception):
    """:meth:`Storage.load_dump` into a database that holds something already."""


class StorageUnavailable(Exception):
    """The database cannot be reached (the message names it, never with a password)."""


class DumpRefused(Exception):
    """Rows given to :meth:`Storage.load_dump` that do not fit the database (nothing stored)."""


# --- rows: how every backend maps records to the same tables and columns ---------------------

#: the columns read back into a GameRecord, a StoredAction, a Note, a ChatMessage
GAME_COLUMNS = "game_id, scenario, options, seed, seats, hotseat, created"
ACTION_COLUMNS = "n, role, action, submission_id, digest"
NOTE_COLUMNS = "n, role, at, text"
CHAT_COLUMNS = "n, seat, text, created"


def action_text(action: dict[str, Any]) -> str:
    """The stored form of an action."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def game_values(game: GameRecord) -> tuple[Any, ...]:
    """A game's row, in the order of :data:`GAME_COLUMNS`."""
    return (
        game.game_id,
        game.scenario,
        json.dumps(game.options, sort_keys=True),
        game.seed,
        json.dumps(game.seats, sort_keys=True),
        int(game.hotseat),
        game.created,
    )


def record_from_row(row: Iterable[Any]) -> GameRecord:
    gid, scenario, options, seed, seats, hotseat, created = row
    return GameRecord(
        gid, scenario, json.loads(options), int(seed), json.loads(seats), bool(hotseat), created
    )


def action_from_row(row: Iterable[Any]) -> StoredAction:
    n, role, action, submission_id, digest = row
    return StoredAction(int(n), role, json.loads(action), submission_id, digest)


def note_from_row(row: Iterable[Any]) -> Note:
    n, role, at, text = row
    return Note(int(n), role, int(at), text)


def chat_from_row(row: Iterable[Any]) -> ChatMessage:
    n, seat, text, created = row
    return ChatMessage(int(n), seat, text, float(created))


class Storage(Protocol):
    """The storage interface of the server."""

    def create_game(self, game: GameRecord, tokens: dict[str, str]) -> None:
        """Store a new game with its seat tokens (seat -> token; only hashes are kept)."""
        ...

    def load_game(self, game_id: str) -> GameRecord | None:
        """The game, or None when there is none with that id."""
        ...

    def append_action(
        self,
        game_id: str,
        n: int,
        role: str,
        action: dict[str, Any],
        submission_id: str,
        digest: str,
        note: Note | None = None,
    ) -> None:
        """Commit the ``n``-th submission (with the computer's note on it, if any) in one
        transaction; raise DuplicateSubmission or VersionConflict."""
        ...

    def notes(self, game_id: str) -> list[Note]:
        """The computer's notes on the game's actions, in order."""
        ...

    def actions(self, game_id: str, after: int = 0) -> list[StoredAction]:
        """Every accepted submission of the game, in order; those after the first ``after``
        when given (what a process that has applied ``after`` of them lacks)."""
        ...

    def has_submission(self, game_id: str, submission_id: str) -> bool:
        """Whether the submission id was already accepted in the game."""
        ...

    def seat_of(self, token: str) -> tuple[str, str] | None:
        """(game id, seat) of a token, or None for an unknown token."""
        ...

    def game_ids(self) -> list[str]:
        """Every stored game, oldest first."""
        ...

    def dump(self) -> Iterator[dict[str, Any]]:
        """Every row of every table, in one consistent read (a transaction), as
        ``{"table": <table>, "row": {<column>: <value>, ...}}``, games before their actions."""
        ...

    def load_dump(self, rows: Iterable[dict[str, Any]]) -> None:
        """Fill an EMPTY database from :meth:`dump` rows, all or nothing; raise NotEmpty
        for a database holding anything, DumpRefused for rows that do not fit."""
        ...

    def add_chat(self, game_id: str, seat: str, text: str) -> ChatMessage:
        """Store a chat message of the game (committed before returning)."""
        ...

    def chat(self, game_id: str) -> list[ChatMessage]:
        """The game's chat, oldest first."""
        ...

    # --- verifiable dice (issue 20): the commitment kept beside the game ---------------

    def save_dice(self, game_id: str, dice: DiceCommitment, seed: int) -> None:
        """Keep the game's dice commitment (replacing its older one) and set the game's
        dice seed to ``seed``, in one transaction."""
        ...

    def dice_of(self, game_id: str) -> DiceCommitment | None:
        """The game's dice commitment, or None (a game made before commitments)."""
        ...

    def save_snapshot(self, game_id: str, index: int, state_json: str, digest: str) -> None:
        """Keep the game's state after ``index`` stored actions (replace an older one of the
        same game)."""
        ...

    # --- which version of greatwar stored a game's submissions (greatwar.server.upgrades) ---

    def mark_code(self, game_id: str, first_n: int, code: str) -> None:
        """Note that the game's submissions from the ``first_n``-th on are ``code``'s (a
        version of greatwar, :func:`greatwar.server.upgrades.code_version`): accepted by
        it, or their digests worked out again by it (replacing a mark at ``first_n``)."""
        ...

    def code_marks(self, game_id: str) -> list[tuple[int, str]]:
        """The game's marks, (first_n, code), in order of ``first_n``."""
        ...

    def rewrite_digests(self, game_id: str, digests: dict[int, str]) -> None:
        """Replace the stored digests of the game's submissions numbered in ``digests``
        (n -> digest), in one transaction."""
        ...

    def latest_snapshot(self, game_id: str) -> tuple[int, str, str] | None:
        """(index, state_json, digest) of the newest snapshot, or None."""
        ...

    # --- who plays a game's computer seats ---------------------------------------------------

    def claim_driver(self, game_id: str) -> bool:
        """Whether this process may play the game's computer seats now: True once per game
        until :meth:`release_driver`, while no other process sharing the database holds it."""
        ...

    def release_driver(self, game_id: str) -> None:
        """Let another process play the game's computer seats."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class ChatChange:
    """The ``n``-th chat message of a game was stored (by any process sharing the database)."""

    game_id: str
    n: int


#: what a shared storage tells of a change: (game id, n) for the n-th action of a game, a
#: chat message, or None when whatever came before may have been missed
Change = tuple[str, int] | ChatChange | None


@runtime_checkable
class SharedStorage(Protocol):
    """A storage several server processes share, telling each what the others store."""

    def changes(self) -> AsyncIterator[Change]:
        """(game id, n) as the n-th action of a game is stored (by any process), a
        :class:`ChatChange` as a chat message is; None once listening (again), when
        whatever came before may have been missed."""
        ...


def _game_row(game: GameRecord) -> tuple[str, tuple[Any, ...]]:
    """The statement storing a game's record."""
    return "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", game_values(game)


# --- dumps: a whole database as rows, the same for every backend ------------------------------

#: the tables in the order a dump lists them and load_dump refills them (a game before the rows
#: that refer to it); a table not named here comes after them
TABLE_ORDER = ("games", "tokens", "actions", "notes", "chat", "snapshots", "dice", "code_marks")


def dump_order(tables: Iterable[str]) -> list[str]:
    """``tables`` in the order of :data:`TABLE_ORDER`, any others after them by name."""
    known = [t for t in TABLE_ORDER if t in tables]
    return known + sorted(set(tables) - set(TABLE_ORDER))


def dumped(
    table: str, columns: list[str], rows: Iterable[Iterable[Any]]
) -> Iterator[dict[str, Any]]:
    """The dump rows of one table's rows (given in ``columns``' order)."""
    for row in rows:
        yield {"table": table, "row": dict(zip(columns, row, strict=True))}


def checked_dump_row(
    item: Any, number: int, columns: dict[str, list[str]]
) -> tuple[str, list[str], tuple[Any, ...]]:
    """(table, columns, values) of the ``number``-th dump row, checked against the database's
    tables and their ``columns``; DumpRefused names what does not fit."""
    if not isinstance(item, dict) or set(item) != {"table", "row"}:
        raise DumpRefused(f"row {number}: not a {{'table': ..., 'row': {{...}}}} dump row")
    table, row = item["table"], item["row"]
    if table not in columns:
        raise DumpRefused(f"row {number}: this database has no table {table!r}")
    if not isinstance(row, dict) or set(row) != set(columns[table]):
        raise DumpRefused(
            f"row {number}: table {table} has the columns {', '.join(columns[table])},"
            f" not {', '.join(map(str, row)) if isinstance(row, dict) else repr(row)}"
        )
    names = columns[table]
    return table, names, tuple(row[name] for name in names)


def load_rows(
    rows: Iterable[dict[str, Any]],
    columns: dict[str, list[str]],
    insert: Callable[[str, list[str], tuple[Any, ...]], None],
) -> int:
    """Check and ``insert`` every dump row (inside the caller's transaction): how many."""
    count = 0
    for count, item in enumerate(rows, start=1):
        insert(*checked_dump_row(item, count, columns))
    return count


def refuse_filled(counts: dict[str, int]) -> None:
    """Raise NotEmpty when any table (table -> rows) holds a row."""
    filled = [f"{t}: {counts[t]}" for t in dump_order(counts) if counts[t]]
    if filled:
        raise NotEmpty(
            f"the database is not empty (rows in {', '.join(filled)}): restore into an empty one"
        )


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id   TEXT PRIMARY KEY,
    scenario  TEXT NOT NULL,
    options   TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    seats     TEXT NOT NULL,
    hotseat   INTEGER NOT NULL,
    created   REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    token_hash TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games(game_id),
    seat       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id       TEXT NOT NULL REFERENCES games(game_id),
    n             INTEGER NOT NULL,
    role          TEXT NOT NULL,
    action        TEXT NOT NULL,
    submission_id TEXT NOT NULL,
    digest        TEXT NOT NULL,
    created       REAL NOT NULL,
    PRIMARY KEY (game_id, n),
    UNIQUE (game_id, submission_id)
);
CREATE TABLE IF NOT EXISTS notes (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    n       INTEGER NOT NULL,
    role    TEXT NOT NULL,
    at      INTEGER NOT NULL,
    text    TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games(game_id),
    idx     INTEGER NOT NULL,
    state   TEXT NOT NULL,
    digest  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    n       INTEGER NOT NULL,
    seat    TEXT NOT NULL,
    text    TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""

#: the verifiable dice's commitments (issue 20), beside the games they belong to
DICE_SCHEMA = """
CREATE TABLE IF NOT EXISTS dice (
    game_id     TEXT PRIMARY KEY REFERENCES games(game_id),
    server_seed INTEGER NOT NULL,
    salt        TEXT NOT NULL,
    entropy     TEXT NOT NULL
);
"""


#: which version of greatwar stored each run of a game's submissions (Storage.mark_code)
CODE_SCHEMA = """
CREATE TABLE IF NOT EXISTS code_marks (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    first_n INTEGER NOT NULL,
    code    TEXT NOT NULL,
    PRIMARY KEY (game_id, first_n)
);
"""


def dice_row(game_id: str, dice: DiceCommitment) -> tuple[str, int, str, str]:
    """A commitment as the dice table keeps it (the entropy as JSON)."""
    return game_id, dice.server_seed, dice.salt, json.dumps(dice.entropy, sort_keys=True)


def dice_of_row(row: tuple[Any, ...]) -> DiceCommitment:
    server_seed, salt, entropy = row
    return DiceCommitment(int(server_seed), str(salt), dict(json.loads(entropy)))


class SqlReads:
    """The reads both SQL backends make alike (:class:`SQLiteStorage`,
    ``storage_postgres.PostgresStorage``): written with ``?`` marks, which
    :meth:`_select` turns into the driver's own."""

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def load_game(self, game_id: str) -> GameRecord | None:
        rows = self._select(f"SELECT {GAME_COLUMNS} FROM games WHERE game_id = ?", (game_id,))
        return record_from_row(rows[0]) if rows else None

    def actions(self, game_id: str, after: int = 0) -> list[StoredAction]:
        rows = self._select(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND n > ? ORDER BY n",
            (game_id, after),
        )
        return [action_from_row(row) for row in rows]

    def notes(self, game_id: str) -> list[Note]:
        rows = self._select(
            f"SELECT {NOTE_COLUMNS} FROM notes WHERE game_id = ? ORDER BY n", (game_id,)
        )
        return [note_from_row(row) for row in rows]

    def has_submission(self, game_id: str, submission_id: str) -> bool:
        rows = self._select(
            "SELECT 1 FROM actions WHERE game_id = ? AND submission_id = ?",
            (game_id, submission_id),
        )
        return bool(rows)

    def seat_of(self, token: str) -> tuple[str, str] | None:
        rows = self._select(
            "SELECT game_id, seat FROM tokens WHERE token_hash = ?", (hash_token(token),)
        )
        return (rows[0][0], rows[0][1]) if rows else None

    def game_ids(self) -> list[str]:
        return [r[0] for r in self._select("SELECT game_id FROM games ORDER BY created, game_id")]

    def chat(self, game_id: str) -> list[ChatMessage]:
        rows = self._select(
            f"SELECT {CHAT_COLUMNS} FROM chat WHERE game_id = ? ORDER BY n", (game_id,)
        )
        return [chat_from_row(row) for row in rows]

    def token_hashes(self, game_id: str) -> dict[str, str]:
        """The game's stored token hashes (hash -> seat), for a whole-game export."""
        rows = self._select("SELECT token_hash, seat FROM tokens WHERE game_id = ?", (game_id,))
        return {h: seat for h, seat in rows}

    def code_marks(self, game_id: str) -> list[tuple[int, str]]:
        rows = self._select(
            "SELECT first_n, code FROM code_marks WHERE game_id = ? ORDER BY first_n", (game_id,)
        )
        return [(int(first), str(code)) for first, code in rows]

    def dice_of(self, game_id: str) -> DiceCommitment | None:
        rows = self._select(
            "SELECT server_seed, salt, entropy FROM dice WHERE game_id = ?", (game_id,)
        )
        return dice_of_row(rows[0]) if rows else None


@dataclass(eq=False)
class _Pending:
    """A transaction waiting to be committed (:meth:`SQLiteStorage._write`)."""

    statements: list[tuple[str, tuple[Any, ...]]]
    done: bool = False
    error: BaseException | None = None

    def outcome(self) -> None:
        if self.error is not None:
            raise self.error


class SQLiteStorage(SqlReads):
    """:class:`Storage` in one SQLite file (WAL); every write is committed on return.

    Reads go through a connection of their own, so that they never wait for a write's
    sync to disk (in WAL mode they see every committed write).  Writes arriving while
    another is being committed are committed together next (group commit, one sync)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._db.executescript(DICE_SCHEMA)
        self._db.executescript(CODE_SCHEMA)
        self._read_lock = threading.Lock()
        self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._queue_changed = threading.Condition()
        self._queued: list[_Pending] = []
        self._committing = False

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` in one transaction, committed before returning.

        Group commit: the writers that arrive while a commit is under way wait for it, and
        the first of them then commits them all in one transaction, each in a savepoint of
        its own (a writer's failure is its own; the others are committed)."""
        pending = _Pending(statements)
        with self._queue_changed:
            self._queued.append(pending)
            while self._committing and not pending.done:
                self._queue_changed.wait()
            if pending.done:
                pending.outcome()
                return
            batch, self._queued = self._queued, []
            self._committing = True
        try:
            self._commit_batch(batch)
        finally:
            with self._queue_changed:
                self._committing = False
                self._queue_changed.notify_all()
        pending.outcome()

    def _commit_batch(self, batch: list[_Pending]) -> None:
        """Commit the waiting writers' statements in one transaction; each learns its fate."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                for pending in batch:
                    self._db.execute("SAVEPOINT writer")
                    try:
                        for sql, args in pending.statements:
                            self._db.execute(sql, args)
                    except Exception as exc:
                        self._db.execute("ROLLBACK TO writer")
                        pending.error = exc
                    self._db.execute("RELEASE writer")
                self._db.execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                for pending in batch:
                    pending.error = pending.error or exc
            finally:
                for pending in batch:
                    pending.done = True

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._read(sql, args)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._read_lock:
            return self._reader.execute(sql, args).fetchall()

    # --- dump and load_dump (backups: greatwar.server.backup) ---------------------------------

    def _columns(self, db: sqlite3.Connection) -> dict[str, list[str]]:
        """Each table of the file (table -> its columns)."""
        tables = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {t: [c[1] for c in db.execute(f"PRAGMA table_info({t})")] for t in tables}

    def dump(self) -> Iterator[dict[str, Any]]:
        # a connection of its own: in WAL mode its read transaction sees one moment of the
        # file while the server goes on writing through its own
        uri = self.path.resolve().as_uri() + "?mode=ro"
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
        try:
            db.execute("BEGIN")
            columns = self._columns(db)
            for table in dump_order(columns):
                names = columns[table]
                cursor = db.execute(f"SELECT {', '.join(names)} FROM {table} ORDER BY rowid")
                yield from dumped(table, names, cursor)
            db.execute("COMMIT")
        finally:
            db.close()

    def load_dump(self, rows: Iterable[dict[str, Any]]) -> None:
        def insert(table: str, names: list[str], values: tuple[Any, ...]) -> None:
            marks = ", ".join("?" * len(names))
            self._db.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", values)

        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                columns = self._columns(self._db)
                refuse_filled(
                    {
                        t: self._db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                        for t in columns
                    }
                )
                load_rows(rows, columns, insert)
            except (sqlite3.Error, OverflowError) as exc:
                self._db.execute("ROLLBACK")
                raise DumpRefused(f"the rows do not fit the database: {exc}") from exc
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_game(self, game: GameRecord, tokens: dict[str, str]) -> None:
        statements: list[tuple[str, tuple[Any, ...]]] = [_game_row(game)]
        statements += [
            ("INSERT INTO tokens VALUES (?, ?, ?)", (hash_token(token), game.game_id, seat))
            for seat, token in tokens.items()
        ]
        self._write(statements)

    def append_action(
        self,
        game_id: str,
        n: int,
        role: str,
        action: dict[str, Any],
        submission_id: str,
        digest: str,
        note: Note | None = None,
    ) -> None:
        # a used submission id breaks the UNIQUE constraint: told apart below, after the write
        text = action_text(action)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, n, role, text, submission_id, digest, time.time()),
            )
        ]
        if note is not None:
            statements.append(
                (
                    "INSERT INTO notes VALUES (?, ?, ?, ?, ?)",
                    (game_id, note.n, note.role, note.at, note.text),
                )
            )
        try:
            self._write(statements)
        except sqlite3.IntegrityError as exc:
            if self.has_submission(game_id, submission_id):
                raise DuplicateSubmission(submission_id) from exc
            raise VersionConflict(f"submission {n} of game {game_id} exists already") from exc

    def add_chat(self, game_id: str, seat: str, text: str) -> ChatMessage:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute(
                    "SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = ?", (game_id,)
                ).fetchone()
                message = ChatMessage(int(row[0]), seat, text, time.time())
                self._db.execute(
                    "INSERT INTO chat VALUES (?, ?, ?, ?, ?)",
                    (game_id, message.n, seat, text, message.time),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return message

    def import_game(
        self,
        game: GameRecord,
        token_hashes: dict[str, str],
        actions: list[StoredAction],
        notes: list[Note],
    ) -> None:
        """Store a whole exported game (already checked by replaying it) in one transaction."""
        statements: list[tuple[str, tuple[Any, ...]]] = [_game_row(game)]
        statements += [
            ("INSERT INTO tokens VALUES (?, ?, ?)", (h, game.game_id, seat))
            for h, seat in token_hashes.items()
        ]
        now = time.time()
        statements += [
            (
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game_id,
                    a.n,
                    a.role,
                    action_text(a.action),
                    a.submission_id,
                    a.digest,
                    now,
                ),
            )
            for a in actions
        ]
        statements += [
            ("INSERT INTO notes VALUES (?, ?, ?, ?, ?)", (game.game_id, n.n, n.role, n.at, n.text))
            for n in notes
        ]
        self._write(statements)

    # --- verifiable dice (issue 20) ----------------------------------------------------------

    def save_dice(self, game_id: str, dice: DiceCommitment, seed: int) -> None:
        self._write(
            [
                ("INSERT OR REPLACE INTO dice VALUES (?, ?, ?, ?)", dice_row(game_id, dice)),
                ("UPDATE games SET seed = ? WHERE game_id = ?", (seed, game_id)),
            ]
        )

    # --- snapshots: a game's state every so often, so a rebuild replays only the tail ---------

    def save_snapshot(self, game_id: str, index: int, state_json: str, digest: str) -> None:
        self._write(
            [
                (
                    "INSERT INTO snapshots VALUES (?, ?, ?, ?) ON CONFLICT(game_id) DO UPDATE"
                    " SET idx = excluded.idx, state = excluded.state, digest = excluded.digest"
                    " WHERE excluded.idx > snapshots.idx",
                    (game_id, index, state_json, digest),
                )
            ]
        )

    def latest_snapshot(self, game_id: str) -> tuple[int, str, str] | None:
        rows = self._read("SELECT idx, state, digest FROM snapshots WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), rows[0][1], rows[0][2]) if rows else None

    # --- which version of greatwar stored a game's submissions --------------------------------

    def mark_code(self, game_id: str, first_n: int, code: str) -> None:
        self._write(
            [("INSERT OR REPLACE INTO code_marks VALUES (?, ?, ?)", (game_id, first_n, code))]
        )

    def rewrite_digests(self, game_id: str, digests: dict[int, str]) -> None:
        self._write(
            [
                ("UPDATE actions SET digest = ? WHERE game_id = ? AND n = ?", (d, game_id, n))
                for n, d in sorted(digests.items())
            ]
        )

    def claim_driver(self, game_id: str) -> bool:
        """One process serves an SQLite file: its driver of a game is the only one (two
        processes on one file: the second computer move stored is refused, VersionConflict)."""
        return True

    def release_driver(self, game_id: str) -> None:
        return None

    def close(self) -> None:
        with self._lock, self._read_lock:
            self._db.close()
            self._reader.close()


# --- choosing the backend ---------------------------------------------------------------------

#: how a ``--db`` naming a PostgreSQL database begins
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(db: str | Path) -> bool:
    """Whether ``db`` names a PostgreSQL database (a URL) rather than an SQLite file."""
    return isinstance(db, str) and db.startswith(POSTGRES_SCHEMES)


def open_storage(db: str | Path) -> Storage:
    """The storage ``db`` names: a ``postgresql://`` URL, else an SQLite file's path."""
    if is_postgres(db):
        try:
            from greatwar.server.storage_postgres import PostgresStorage
        except ImportError as exc:
            raise ImportError(
                f"a PostgreSQL database needs psycopg ({exc}): pip install 'greatwar[postgres]'"
            ) from exc
        return PostgresStorage(str(db))
    return SQLiteStorage(Path(db))
