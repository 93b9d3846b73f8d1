"""``greatwar backup`` and ``greatwar restore``: a whole database as of one moment, even
while a game is played; restored into a fresh database of either backend, the game goes
on from the same digest; a backup cut short or corrupt is refused and changes nothing."""

from __future__ import annotations

import gzip
import json
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from pg_cluster import Cluster
from server_client import Api
from server_process import Server
from typer.testing import CliRunner

from greatwar.ai import make_agent
from greatwar.cli import app
from greatwar.server.app import create_app
from greatwar.server.backup import read_backup, write_backup
from greatwar.server.games import rebuild
from greatwar.server.storage import NotEmpty, Storage, open_storage

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def cli(*args: str) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def other_db(db: str | Path, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """A fresh database of the other backend than ``db``'s (SQLite <-> PostgreSQL)."""
    if isinstance(db, str):
        return tmp_path / "other" / "games.sqlite3"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@contextmanager
def opened(db: str | Path) -> Iterator[Storage]:
    storage = open_storage(db)
    try:
        yield storage
    finally:
        storage.close()


def rows_of(db: str | Path) -> list[dict[str, Any]]:
    """Every row of the database, in a backend-neutral order."""
    with opened(db) as storage:
        return sorted(storage.dump(), key=lambda r: json.dumps(r, sort_keys=True))


def play(api: Api, made: dict[str, Any], steps: int) -> None:
    """``steps`` actions of the hotseat table, each the first legal one."""
    game_id, table = made["game_id"], made["table"]["token"]
    for _ in range(steps):
        state = api.state(game_id)
        role = state.active_roles()[0]
        api.act(game_id, table, state.legal_actions(role)[0], role=role)


def test_a_backup_is_the_database_as_of_the_moment_it_began(
    db_api: Api, db: str | Path, tmp_path: Path
) -> None:
    made = db_api.new_game(scenario="gwite/teaching", seed=3, hotseat=True)
    play(db_api, made, 4)
    storage = db_api.service.storage
    rows = storage.dump()
    first = next(rows)  # the dump's transaction has begun ...
    play(db_api, made, 3)  # ... and the game goes on meanwhile
    dumped = [first, *rows]
    actions = [r["row"] for r in dumped if r["table"] == "actions"]
    assert [a["n"] for a in actions] == [1, 2, 3, 4]
    assert len(storage.actions(made["game_id"])) == 7


def test_restoring_a_backup_taken_while_playing_continues_the_game(
    db: str | Path, other_db: str | Path, tmp_path: Path
) -> None:
    server = Server(db)
    made = server.http.post(
        "/api/games", json={"scenario": "tannenberg/teaching", "seed": 8, "hotseat": True}
    ).json()
    game_id, table = made["game_id"], made["table"]["token"]
    stop = threading.Event()
    played = [0]

    def keep_playing() -> None:
        agent = make_agent("random", 1)
        with httpx.Client(base_url=server.url, timeout=60) as http:
            while not stop.is_set():
                seen = http.get(f"/api/games/{game_id}", params={"token": table}).json()
                role = seen["view"]["active_roles"][0]
                view = http.get(
                    f"/api/games/{game_id}", params={"token": table, "role": role}
                ).json()
                body = {
                    "token": table,
                    "role": role,
                    "version": view["version"],
                    "action": agent.choose(view["view"]),
                    "submission_id": f"p{played[0]}",
                }
                assert http.post(f"/api/games/{game_id}/actions", json=body).is_success
                played[0] += 1

    player = threading.Thread(target=keep_playing)
    player.start()
    try:
        while played[0] < 3:
            stop.wait(0.05)
        backup = tmp_path / "games.backup.gz"
        result = cli("backup", "--db", db, backup)
        assert result.exit_code == 0, result.output
        more = played[0]
        while played[0] < more + 3:  # the game goes on after the backup
            stop.wait(0.05)
    finally:
        stop.set()
        player.join()
        server.kill()
    result = cli("restore", "--db", other_db, backup)
    assert result.exit_code == 0, result.output
    assert "1 games restored" in result.output
    with opened(db) as original, opened(other_db) as restored:
        kept = restored.actions(game_id)
        assert 3 <= len(kept) < len(original.actions(game_id))
        assert kept == original.actions(game_id)[: len(kept)]  # one moment: a prefix
        record = restored.load_game(game_id)
        assert record == original.load_game(game_id)
        assert rebuild(record, kept).digest() == kept[-1].digest
        assert restored.seat_of(table) == (game_id, "table")
    # the restored server serves the game from the same digest, and it goes on
    with TestClient(create_app(other_db, think_time=0)) as client:
        api = Api(client)
        shown = api.get(game_id, table)
        assert shown["version"] == len(kept)
        assert api.state(game_id).digest() == kept[-1].digest
        play(api, made, 1)
        assert api.get(game_id, table)["version"] == len(kept) + 1


def test_a_backup_restores_into_either_backend_row_for_row(
    db_api: Api, db: str | Path, other_db: str | Path, tmp_path: Path
) -> None:
    made = db_api.new_game(scenario="gwite/teaching", seed=5, hotseat=True)
    play(db_api, made, 5)
    db_api.client.post(
        f"/api/games/{made['game_id']}/chat",
        json={"token": made["table"]["token"], "role": "allied", "text": "ü, a chat line"},
    )
    backup = tmp_path / "b.gz"
    write_backup(db_api.service.storage, backup)
    with opened(other_db) as restored:
        restored.load_dump(read_backup(backup))
    assert rows_of(other_db) == rows_of(db)
    if isinstance(other_db, str):  # and back: PostgreSQL -> SQLite gives the same rows too
        again = tmp_path / "again.sqlite3"
        with opened(other_db) as storage:
            write_backup(storage, tmp_path / "c.gz")
        assert cli("restore", "--db", again, tmp_path / "c.gz").exit_code == 0
        assert rows_of(again) == rows_of(db)


def test_restore_refuses_a_database_that_is_not_empty(
    db_api: Api, db: str | Path, tmp_path: Path
) -> None:
    made = db_api.new_game(scenario="gwite/teaching", seed=5, hotseat=True)
    play(db_api, made, 2)
    storage = db_api.service.storage
    before = rows_of(db)
    with pytest.raises(NotEmpty, match="not empty"):
        storage.load_dump(list(storage.dump()))
    write_backup(storage, tmp_path / "backup.gz")
    result = cli("restore", "--db", db, tmp_path / "backup.gz")
    assert result.exit_code == 1
    assert "not empty" in result.output and "games: 1" in result.output
    assert rows_of(db) == before


def damaged(backup: Path, out: Path) -> dict[str, Path]:
    """Copies of ``backup`` spoiled in each way a backup is refused for."""
    raw = backup.read_bytes()
    lines = gzip.decompress(raw).decode().splitlines(keepends=True)
    assert len(lines) > 6
    ways = {
        "cut in its gzip stream": raw[: len(raw) * 2 // 3],
        "cut at a line": gzip.compress("".join(lines[:-3]).encode()),
        "without its end line": gzip.compress("".join(lines[:-1]).encode()),
        "a bad byte": raw[:40] + bytes([raw[40] ^ 0xFF]) + raw[41:],
        "a line not JSON": gzip.compress("".join([*lines[:4], "{oops\n", *lines[4:]]).encode()),
        "a row twice": gzip.compress("".join([*lines[:-1], lines[3], lines[-1]]).encode()),
        "another count": gzip.compress("".join([*lines[:-1], '{"end":{"rows":99}}\n']).encode()),
        "not a backup": gzip.compress(b'{"hello": 1}\n'),
        "not gzip": b"".join(line.encode() for line in lines),
    }
    paths = {}
    for n, (way, data) in enumerate(ways.items()):
        paths[way] = out / f"damaged-{n}.gz"
        paths[way].write_bytes(data)
    return paths


def test_a_damaged_backup_is_refused_and_changes_nothing(
    db_api: Api, other_db: str | Path, tmp_path: Path
) -> None:
    made = db_api.new_game(scenario="tannenberg/teaching", seed=6, hotseat=True)
    play(db_api, made, 4)
    backup = tmp_path / "whole.gz"
    write_backup(db_api.service.storage, backup)
    empty = rows_of(other_db)
    assert empty == []
    for way, path in damaged(backup, tmp_path).items():
        result = cli("restore", "--db", other_db, path)
        assert result.exit_code == 1, way
        assert "refused, nothing restored" in result.output, (way, result.output)
        assert rows_of(other_db) == [], way
    result = cli("restore", "--db", other_db, backup)  # the whole one still restores
    assert result.exit_code == 0, result.output
    assert len(rows_of(other_db)) > 4


def test_an_unreachable_database_is_a_clear_error_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://owner:s3cret-pw@/games?host={tmp_path}&port=5999"
    for command in (["backup", tmp_path / "b.gz"], ["restore", tmp_path / "b.gz"]):
        result = cli(*command, "--db", url)
        assert result.exit_code == 1
        assert "error:" in result.output and "games" in result.output
        assert "s3cret-pw" not in result.output
    assert not (tmp_path / "b.gz").exists()
