"""A private PostgreSQL server for one test session: ``initdb`` in a temporary directory,
``pg_ctl start`` listening only on a Unix socket there, one fresh database per test.

Debian's server binaries are looked for in /usr/lib/postgresql/<version>/bin (or in
``$GREATWAR_PG_BIN``).  Without them the PostgreSQL tests are skipped with the reason; with
``GREATWAR_REQUIRE_POSTGRES=1`` (set by .ci/run) they fail instead, so CI always runs them.
As root, the server runs as the ``postgres`` user (root may not run ``initdb``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

#: the port naming the socket file (nothing listens on TCP)
PORT = 5432
#: the superuser initdb creates (trusted on the private socket)
USER = "greatwar"


def binaries() -> Path | None:
    """The directory of initdb and pg_ctl, newest version first, or None."""
    given = os.environ.get("GREATWAR_PG_BIN")
    found = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for directory in found:
        if (Path(directory) / "initdb").is_file() and (Path(directory) / "pg_ctl").is_file():
            return Path(directory)
    return None


def unavailable(reason: str) -> None:
    """Skip the test with ``reason``, or fail it where PostgreSQL is required (CI)."""
    if os.environ.get("GREATWAR_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"GREATWAR_REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(reason)


@dataclass
class Cluster:
    """A running private server: fresh databases on demand."""

    bin: Path
    root: Path
    owner: str | None
    #: fsync on (benchmarks/load.py measures a server whose commits are durable); the
    #: tests' databases do without
    durable: bool = False
    _names: itertools.count[int] = field(default_factory=itertools.count)

    def run(self, *args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        """A server binary, as the cluster's owner."""
        return subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            user=self.owner,
            check=True,
            capture_output=True,
            text=True,
            cwd=self.root,
            **kwargs,
        )

    def start(self) -> None:
        data = self.root / "data"
        self.run("initdb", "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8")
        options = f"-k {self.root} -p {PORT} -c listen_addresses=''"
        options += " -c max_connections=200" + ("" if self.durable else " -c fsync=off")
        log = str(self.root / "log")
        self.run("pg_ctl", "-D", str(data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop")

    def url(self, dbname: str) -> str:
        return f"postgresql://{USER}@/{dbname}?host={self.root}&port={PORT}"

    def new_database(self) -> str:
        """A fresh empty database: its URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def start_cluster(durable: bool = False) -> Cluster:
    """Start a private server (skipping, or failing in CI, when that cannot be done)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed (pip install 'psycopg[binary]')")
    found = binaries()
    if found is None:
        where = os.environ.get("GREATWAR_PG_BIN") or "/usr/lib/postgresql/*/bin"
        unavailable(
            f"PostgreSQL's server binaries (initdb, pg_ctl) are not in {where}"
            " (apt-get install postgresql, or set GREATWAR_PG_BIN)"
        )
        raise AssertionError("unreachable")
    owner = "postgres" if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="greatwar-pg-"))
    if owner is not None:
        try:
            user = pwd.getpwnam(owner)
        except KeyError:
            shutil.rmtree(root)
            unavailable("running as root, and there is no 'postgres' user to run the server as")
            raise
        os.chown(root, user.pw_uid, user.pw_gid)
    cluster = Cluster(found, root, owner, durable=durable)
    try:
        cluster.start()
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(root, ignore_errors=True)
        unavailable(f"the private PostgreSQL server did not start: {exc.stderr or exc}")
    return cluster


def run_sql(db: str | Path, sql: str) -> list[tuple[Any, ...]]:
    """Run one statement on a test database of either backend (committed): its rows."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            cursor = conn.execute(sql)
            return cursor.fetchall() if cursor.description else []
    import sqlite3

    con = sqlite3.connect(db, isolation_level=None)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()
