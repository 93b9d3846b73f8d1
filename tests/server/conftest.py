"""Fixtures of the server tests: an application on a temporary database, and its client."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():  # starlette's note that httpx2 will replace httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from server_client import Api

from greatwar.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0)) as c:
        yield c


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)
