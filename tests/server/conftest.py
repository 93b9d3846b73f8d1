"""Fixtures of the server tests: an application on a temporary database, and its client;
``db``: a fresh database of each storage backend (SQLite, and PostgreSQL on a private
server started once per session: :mod:`pg_cluster`)."""

from __future__ import annotations

import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():  # starlette's note that httpx2 will replace httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from pg_cluster import Cluster, start_cluster
from server_client import Api

from greatwar.server.app import create_app

#: the storage backends the ``db`` fixture gives
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0)) as c:
        yield c


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A private PostgreSQL server for the session (skipped, or failed in CI, without one)."""
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(cluster.root, ignore_errors=True)


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A fresh empty database of each backend: an SQLite file's path, a PostgreSQL URL."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite3"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture
def db_client(db: str | Path) -> Iterator[TestClient]:
    """A client of an application on ``db`` (each backend)."""
    with TestClient(create_app(db, think_time=0)) as c:
        yield c


@pytest.fixture
def db_api(db_client: TestClient) -> Api:
    return Api(db_client)
