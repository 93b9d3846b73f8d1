"""The server's storage in a PostgreSQL database that several server processes share.

:class:`PostgresStorage` fills in :class:`greatwar.server.storage.Storage` with
the same tables and columns as the SQLite backend (read and written through
the row mapping of :mod:`greatwar.server.storage`), so a dump of one loads
into the other.  It is chosen by ``--db postgresql://…``
(:func:`greatwar.server.storage.open_storage`).

Several processes may serve the same games:

* two processes accepting an action for the same game version is refused by
  the database (the primary key ``(game_id, n)`` of ``actions``): the second
  gets :class:`VersionConflict`, as with SQLite;
* a process that stores an action NOTIFies :data:`CHANNEL` with the game and
  the action's number, in the same transaction (so only once it is
  committed); :meth:`PostgresStorage.changes` yields what the others stored,
  and :meth:`greatwar.server.games.GameService.follow` brings the games in memory
  up to date and sends them to their WebSocket clients;
* a chat message is NOTIFied alike (``<game id> chat <n>``, :data:`CHAT_NOTICE`), and
  each process sends it to the seats connected to it.

* one process at a time plays a game's computer seats: the one holding the game's
  advisory lock (:meth:`PostgresStorage.claim_driver`, on a session of its own), which
  the database lets go when that process releases it or its session ends (it stopped).

Connections come from a small pool (:mod:`psycopg_pool`) that replaces a
connection the server lost; every write is one transaction, committed before
the method returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from typing import Any

import psycopg
from psycopg import IsolationLevel
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from greatwar.server.dice_commitment import DiceCommitment
from greatwar.server.storage import (
    ACTION_COLUMNS,
    CHAT_COLUMNS,
    GAME_COLUMNS,
    NOTE_COLUMNS,
    Change,
    ChatChange,
    ChatMessage,
    DumpRefused,
    DuplicateSubmission,
    GameRecord,
    Note,
    SqlReads,
    StorageUnavailable,
    StoredAction,
    VersionConflict,
    action_text,
    dice_row,
    dump_order,
    dumped,
    game_values,
    hash_token,
    load_rows,
    refuse_filled,
)

log = logging.getLogger("greatwar.server")

#: the channel a process NOTIFies with "<game id> <n>" when it stores the n-th action of a game
CHANNEL = "greatwar_actions"
#: the advisory lock taken while a process creates the tables (several may start at once)
SCHEMA_LOCK = 1914
#: how long to wait for the database when connecting, in seconds
CONNECT_TIMEOUT = 10
#: how long to wait before listening again after the notifications' connection was lost
RELISTEN_DELAY = 1.0

#: the SQLite schema's tables and columns, in PostgreSQL's types (64-bit seeds, double times)
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        game_id   TEXT PRIMARY KEY,
        scenario  TEXT NOT NULL,
        options   TEXT NOT NULL,
        seed      BIGINT NOT NULL,
        seats     TEXT NOT NULL,
        hotseat   INTEGER NOT NULL,
        created   DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS tokens (
        token_hash TEXT PRIMARY KEY,
        game_id    TEXT NOT NULL REFERENCES games(game_id),
        seat       TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id       TEXT NOT NULL REFERENCES games(game_id),
        n             INTEGER NOT NULL,
        role          TEXT NOT NULL,
        action        TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        digest        TEXT NOT NULL,
        created       DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, n),
        UNIQUE (game_id, submission_id)
    )""",
    """CREATE TABLE IF NOT EXISTS notes (
        game_id TEXT NOT NULL REFERENCES games(game_id),
        n       INTEGER NOT NULL,
        role    TEXT NOT NULL,
        at      INTEGER NOT NULL,
        text    TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS chat (
        game_id TEXT NOT NULL REFERENCES games(game_id),
        n       INTEGER NOT NULL,
        seat    TEXT NOT NULL,
        text    TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        game_id TEXT PRIMARY KEY REFERENCES games(game_id),
        idx     INTEGER NOT NULL,
        state   TEXT NOT NULL,
        digest  TEXT NOT NULL
    )""",
    # which version of greatwar stored a game's submissions, as storage.CODE_SCHEMA
    """CREATE TABLE IF NOT EXISTS code_marks (
        game_id TEXT NOT NULL REFERENCES games(game_id),
        first_n INTEGER NOT NULL,
        code    TEXT NOT NULL,
        PRIMARY KEY (game_id, first_n)
    )""",
    # the verifiable dice's commitments (issue 20), as storage.DICE_SCHEMA
    """CREATE TABLE IF NOT EXISTS dice (
        game_id     TEXT PRIMARY KEY REFERENCES games(game_id),
        server_seed BIGINT NOT NULL,
        salt        TEXT NOT NULL,
        entropy     TEXT NOT NULL
    )""",
)

Statement = tuple[str, tuple[Any, ...]]


def shown_url(url: str) -> str:
    """The database a URL names, for messages: its name, host and port, never a password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "a PostgreSQL database (unreadable URL)"
    where = info.get("host") or "localhost"
    port = f":{info['port']}" if info.get("port") else ""
    return f"PostgreSQL database {info.get('dbname') or '(default)'} on {where}{port}"


#: the word of a notification's payload that names a chat message (``<game id> chat <n>``)
CHAT_NOTICE = "chat"


def driver_key(game_id: str) -> int:
    """The advisory lock key of a game's computer seats: 64 bits of a hash of its id."""
    digest = hashlib.sha256(f"greatwar-driver:{game_id}".encode()).hexdigest()
    return int(digest[:16], 16) - 2**63


def parse_change(payload: str) -> tuple[str, int] | ChatChange | None:
    """(game id, n) of an action's notification, a ChatChange of a chat message's, or None
    for one of another kind."""
    game_id, _, rest = payload.partition(" ")
    kind, _, n = rest.rpartition(" ")
    if not game_id or not n.isdigit():
        return None
    if kind == CHAT_NOTICE:
        return ChatChange(game_id, int(n))
    return (game_id, int(n)) if not kind else None


class PostgresStorage(SqlReads):
    """:class:`greatwar.server.storage.Storage` in a PostgreSQL database (see the module)."""

    def __init__(self, url: str, pool_size: int = 4) -> None:
        self.url = url
        #: what messages call the database (never the password)
        self.path = shown_url(url)
        self._create_schema()
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True},
            check=ConnectionPool.check_connection,
            open=False,
            name="greatwar",
        )
        self._pool.open(wait=True, timeout=CONNECT_TIMEOUT)
        #: the session holding this process's advisory locks on the games it drives
        self._drivers: psycopg.Connection[Any] | None = None
        self._driving: set[str] = set()
        self._drivers_lock = threading.Lock()

    def _connect(self, **kwargs: Any) -> psycopg.Connection[Any]:
        """A connection of its own; StorageUnavailable says which database failed and why."""
        try:
            return psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT, **kwargs)
        except psycopg.OperationalError as exc:
            raise StorageUnavailable(f"cannot connect to the {self.path}: {exc}") from None

    def _create_schema(self) -> None:
        with self._connect() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                conn.execute(statement)

    def _write(self, statements: list[Statement]) -> None:
        """Run ``statements`` in one transaction, committed before returning: sent together
        (pipeline mode), so that a write waits for the database once, not once a statement."""
        with self._pool.connection() as conn, conn.pipeline(), conn.transaction():
            for sql, args in statements:
                conn.execute(sql, args)

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._read(sql.replace("?", "%s"), args)  # psycopg's marks

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._pool.connection() as conn:
            return conn.execute(sql, args).fetchall()

    # --- games and their actions ------------------------------------------------------------

    @staticmethod
    def _game_statements(game: GameRecord, token_hashes: dict[str, str]) -> list[Statement]:
        """The statements storing a game's record and its seats' token hashes."""
        statements: list[Statement] = [
            (f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({_marks(7)})", game_values(game))
        ]
        statements += [
            ("INSERT INTO tokens VALUES (%s, %s, %s)", (h, game.game_id, seat))
            for h, seat in token_hashes.items()
        ]
        return statements

    @staticmethod
    def _action_statement(game_id: str, action: StoredAction, created: float) -> Statement:
        return (
            f"INSERT INTO actions ({ACTION_COLUMNS}, game_id, created) VALUES ({_marks(7)})",
            (
                action.n,
                action.role,
                action_text(action.action),
                action.submission_id,
                action.digest,
                game_id,
                created,
            ),
        )

    @staticmethod
    def _note_statement(game_id: str, note: Note) -> Statement:
        return (
            f"INSERT INTO notes (game_id, {NOTE_COLUMNS}) VALUES ({_marks(5)})",
            (game_id, note.n, note.role, note.at, note.text),
        )

    def create_game(self, game: GameRecord, tokens: dict[str, str]) -> None:
        hashes = {hash_token(token): seat for seat, token in tokens.items()}
        self._write(self._game_statements(game, hashes))

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
        stored = StoredAction(n, role, action, submission_id, digest)
        statements = [self._action_statement(game_id, stored, time.time())]
        if note is not None:
            statements.append(self._note_statement(game_id, note))
        # delivered to the other processes when (and only if) the transaction commits
        statements.append(("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {n}")))
        try:
            self._write(statements)
        except psycopg.IntegrityError as exc:
            if self.has_submission(game_id, submission_id):
                raise DuplicateSubmission(submission_id) from exc
            raise VersionConflict(f"submission {n} of game {game_id} exists already") from exc

    # --- chat ----------------------------------------------------------------------------------

    def add_chat(self, game_id: str, seat: str, text: str) -> ChatMessage:
        with self._pool.connection() as conn, conn.transaction():
            # the game's row locked: two processes never number a message alike
            conn.execute("SELECT 1 FROM games WHERE game_id = %s FOR UPDATE", (game_id,))
            row = conn.execute(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = %s", (game_id,)
            ).fetchone()
            assert row is not None
            message = ChatMessage(int(row[0]), seat, text, time.time())
            conn.execute(
                f"INSERT INTO chat (game_id, {CHAT_COLUMNS}) VALUES ({_marks(5)})",
                (game_id, message.n, seat, text, message.time),
            )
            # the other processes send it to their seats once it is committed
            notice = f"{game_id} {CHAT_NOTICE} {message.n}"
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
        return message

    # --- whole games (greatwar games export / import) -----------------------------------------

    def import_game(
        self,
        game: GameRecord,
        token_hashes: dict[str, str],
        actions: list[StoredAction],
        notes: list[Note],
    ) -> None:
        """Store a whole exported game (already checked by replaying it) in one transaction."""
        now = time.time()
        statements = self._game_statements(game, token_hashes)
        statements += [self._action_statement(game.game_id, a, now) for a in actions]
        statements += [self._note_statement(game.game_id, n) for n in notes]
        self._write(statements)

    # --- snapshots ----------------------------------------------------------------------------

    def save_snapshot(self, game_id: str, index: int, state_json: str, digest: str) -> None:
        """Keep the game's state after ``index`` stored actions (replacing an older one; a
        newer one another process saved meanwhile is kept)."""
        self._write(
            [
                (
                    "INSERT INTO snapshots (game_id, idx, state, digest) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT (game_id) DO UPDATE"
                    " SET idx = EXCLUDED.idx, state = EXCLUDED.state, digest = EXCLUDED.digest"
                    " WHERE snapshots.idx <= EXCLUDED.idx",
                    (game_id, index, state_json, digest),
                )
            ]
        )

    def latest_snapshot(self, game_id: str) -> tuple[int, str, str] | None:
        """(index, state_json, digest) of the newest snapshot, or None."""
        rows = self._read("SELECT idx, state, digest FROM snapshots WHERE game_id = %s", (game_id,))
        return (int(rows[0][0]), rows[0][1], rows[0][2]) if rows else None

    # --- which version of greatwar stored a game's submissions --------------------------------

    def mark_code(self, game_id: str, first_n: int, code: str) -> None:
        self._write(
            [
                (
                    "INSERT INTO code_marks VALUES (%s, %s, %s)"
                    " ON CONFLICT (game_id, first_n) DO UPDATE SET code = EXCLUDED.code",
                    (game_id, first_n, code),
                )
            ]
        )

    def rewrite_digests(self, game_id: str, digests: dict[int, str]) -> None:
        self._write(
            [
                ("UPDATE actions SET digest = %s WHERE game_id = %s AND n = %s", (d, game_id, n))
                for n, d in sorted(digests.items())
            ]
        )

    # --- verifiable dice (issue 20) ----------------------------------------------------------

    def save_dice(self, game_id: str, dice: DiceCommitment, seed: int) -> None:
        self._write(
            [
                (
                    "INSERT INTO dice VALUES (%s, %s, %s, %s) ON CONFLICT (game_id) DO UPDATE"
                    " SET server_seed = EXCLUDED.server_seed, salt = EXCLUDED.salt,"
                    " entropy = EXCLUDED.entropy",
                    dice_row(game_id, dice),
                ),
                ("UPDATE games SET seed = %s WHERE game_id = %s", (seed, game_id)),
            ]
        )

    # --- dump and load_dump (backups: greatwar.server.backup) ---------------------------------

    @staticmethod
    def _columns(conn: psycopg.Connection[Any]) -> dict[str, list[str]]:
        """Each table of the database's schema (table -> its columns)."""
        rows = conn.execute(
            "SELECT c.table_name, c.column_name FROM information_schema.columns c"
            " JOIN information_schema.tables t"
            " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
            " ORDER BY c.table_name, c.ordinal_position"
        ).fetchall()
        columns: dict[str, list[str]] = {}
        for table, column in rows:
            columns.setdefault(table, []).append(column)
        return columns

    def dump(self) -> Iterator[dict[str, Any]]:
        # one REPEATABLE READ transaction: every table as of one moment, while the server
        # goes on writing; each table streamed through a server-side cursor
        with self._connect() as conn:
            conn.isolation_level = IsolationLevel.REPEATABLE_READ
            conn.read_only = True
            columns = self._columns(conn)
            for table in dump_order(columns):
                names = columns[table]
                order = ", ".join(str(i + 1) for i in range(min(2, len(names))))
                with conn.cursor(name=f"dump_{table}") as cursor:
                    cursor.execute(f"SELECT {', '.join(names)} FROM {table} ORDER BY {order}")
                    yield from dumped(table, names, cursor)

    def load_dump(self, rows: Iterable[dict[str, Any]]) -> None:
        with self._pool.connection() as conn:
            try:
                with conn.transaction():
                    columns = self._columns(conn)
                    # no other process writes while the database is being filled
                    conn.execute(f"LOCK TABLE {', '.join(columns)} IN EXCLUSIVE MODE")
                    refuse_filled({t: _count(conn, t) for t in columns})
                    with conn.pipeline():
                        load_rows(rows, columns, _inserter(conn))
            except (psycopg.DataError, psycopg.IntegrityError, psycopg.ProgrammingError) as exc:
                raise DumpRefused(f"the rows do not fit the database: {exc}") from exc

    # --- who plays a game's computer seats ---------------------------------------------------

    def claim_driver(self, game_id: str) -> bool:
        """Take the game's advisory lock, if no process (this one included) holds it: a
        session-level lock on this process's own session, which the database releases when
        :meth:`release_driver` is called or the session ends (the process stopped)."""
        with self._drivers_lock:
            if game_id in self._driving:
                return False
            try:
                if self._drivers is None or self._drivers.closed:
                    self._driving.clear()  # a new session: the old one's locks are gone
                    self._drivers = self._connect(autocommit=True)
                sql = "SELECT pg_try_advisory_lock(%s)"
                row = self._drivers.execute(sql, (driver_key(game_id),)).fetchone()
            except (psycopg.Error, StorageUnavailable) as exc:  # lost: try again later
                log.warning("could not claim game %s's computer seats: %s", game_id, exc)
                self._drop_drivers()
                return False
            if not (row and row[0]):
                return False
            self._driving.add(game_id)
            return True

    def release_driver(self, game_id: str) -> None:
        with self._drivers_lock:
            if game_id not in self._driving:
                return
            self._driving.discard(game_id)
            try:
                assert self._drivers is not None
                sql = "SELECT pg_advisory_unlock(%s)"
                self._drivers.execute(sql, (driver_key(game_id),))
            except psycopg.Error:  # the session is gone, and its locks with it
                self._drop_drivers()

    def _drop_drivers(self) -> None:
        """Forget the session of the advisory locks (closed: the database lets them go)."""
        if self._drivers is not None:
            with contextlib.suppress(psycopg.Error):
                self._drivers.close()
        self._drivers = None
        self._driving.clear()

    # --- other processes' actions ------------------------------------------------------------

    async def changes(self) -> AsyncIterator[Change]:
        """What the processes sharing the database store: (game id, n) for the n-th action of
        a game, a ChatChange for a chat message; None once listening (again), when whatever
        came before may have been missed."""
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT
                )
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    yield None
                    async for notify in conn.notifies():
                        change = parse_change(notify.payload)
                        if change is not None:
                            yield change
            except psycopg.OperationalError as exc:
                log.warning("listening to the %s failed (%s); again soon", self.path, exc)
            await asyncio.sleep(RELISTEN_DELAY)

    def close(self) -> None:
        with self._drivers_lock:
            self._drop_drivers()
        self._pool.close()


def _marks(count: int) -> str:
    """``count`` parameter placeholders."""
    return ", ".join(["%s"] * count)


def _count(conn: psycopg.Connection[Any], table: str) -> int:
    row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0


def _inserter(conn: psycopg.Connection[Any]) -> Callable[[str, list[str], tuple[Any, ...]], None]:
    """The insert of one dump row into ``conn``'s transaction."""

    def insert(table: str, names: list[str], values: tuple[Any, ...]) -> None:
        conn.execute(
            f"INSERT INTO {table} ({', '.join(names)}) VALUES ({_marks(len(names))})", values
        )

    return insert
