"""``greatwar play`` keeps its address: a fixed default port (a clear message when it is
taken), the last unfinished game resumed (``--new`` for a fresh one), and the games it
made listed to the start page whatever port it runs on."""

from __future__ import annotations

import asyncio
import random
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import httpx
from typer.testing import CliRunner

from greatwar.cli import PLAY_PORT, app
from greatwar.engine.state import State
from tests.web.play_kit import CODE, free_port, playing


def test_the_default_port_is_fixed_and_said_in_the_help() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert f"default {PLAY_PORT}" in result.output
    assert "--new" in result.output


def test_a_taken_port_says_how_to_choose_another(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["play", "--no-browser", "--port", str(port), "--db", str(tmp_path / "g.sqlite3")]
        done = subprocess.run(
            [sys.executable, "-c", CODE, *args], capture_output=True, text=True, timeout=120
        )
    assert done.returncode == 1
    message = " ".join(done.stderr.split())
    assert f"cannot listen on 127.0.0.1:{port}" in message
    assert "--port N" in message and "--port 0" in message


def test_play_resumes_the_last_game_with_the_same_link_and_new_starts_another(
    tmp_path: Path,
) -> None:
    db = tmp_path / "data" / "games.sqlite3"
    port = free_port()
    with playing(db, port) as (first, url):
        assert first.startswith("A new game")
    with playing(db, port) as (again, same):
        assert again.startswith("Resuming your last game")
        assert same == url
    with playing(db, port, "--seed", "5") as (seeded, seeded_url):
        assert seeded.startswith("A new game")  # a seed describes a new game
    with playing(db, port, "--new") as (fresh, other):
        assert fresh.startswith("A new game")
        assert other != url
        address = urlparse(other)
        with httpx.Client(base_url=f"http://127.0.0.1:{address.port}", timeout=60) as http:
            listed = http.get("/api/local-games").json()
    # newest first, each with its seat's address (the start page adds them to "My games")
    assert [g["url"] for g in listed] == [
        urlparse(u).path + "?" + urlparse(u).query for u in (other, seeded_url, url)
    ]
    assert (db.parent / "play-seats.json").stat().st_mode & 0o077 == 0


def test_a_public_server_lists_no_local_games(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/api/local-games").status_code == 404


def test_a_game_that_is_over_is_not_resumed(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from greatwar.server import local_play
    from greatwar.server.games import GameService
    from greatwar.server.storage import SQLiteStorage

    service = GameService(SQLiteStorage(tmp_path / "g.sqlite3"))
    seats = local_play.seats_path(tmp_path / "g.sqlite3")
    created = service.create("gwite/teaching", {}, 1, {"central": "computer"}, False)
    token = created.tokens["allied"]
    local_play.remember_seat(
        seats, local_play.new_seat(created.game_id, "gwite/teaching", "allied", token)
    )
    assert local_play.resume(service, seats, "gwite/teaching", "allied") is not None
    assert local_play.resume(service, seats, "gwite/teaching", "central") is None
    assert local_play.resume(service, seats, "tannenberg/teaching", "allied") is None
    monkeypatch.setattr(State, "is_over", lambda self: True)
    assert local_play.resume(service, seats, "gwite/teaching", "allied") is None


def test_resuming_replays_only_the_actions_after_the_snapshot(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from greatwar.server import games, local_play
    from greatwar.server.games import GameService
    from greatwar.server.storage import SQLiteStorage

    db = tmp_path / "g.sqlite3"
    seats = local_play.seats_path(db)

    async def play_a_while() -> str:
        """A game of two seats, 120 random actions into it (its snapshots kept as it goes)."""
        service = GameService(SQLiteStorage(db))
        created = service.create("gwite/teaching", {}, 1, {}, True)
        token = created.tokens["allied"]
        local_play.remember_seat(
            seats, local_play.new_seat(created.game_id, "gwite/teaching", "allied", token)
        )
        live = await service.game(created.game_id)
        rng = random.Random(2)
        for n in range(120):
            role = live.state.active_roles()[0]
            action = rng.choice(live.state.legal_actions(role))
            await service.submit(created.game_id, created.tokens["table"], role, n, action, f"{n}")
        service._games.clear()  # stopped without the snapshot taken on stopping
        if service._background:
            await asyncio.wait(list(service._background))
        service.storage.close()
        return created.game_id

    game_id = asyncio.run(play_a_while())
    storage = SQLiteStorage(db)
    snapshot = storage.latest_snapshot(game_id)
    assert snapshot is not None
    stored = len(storage.actions(game_id))
    tail = stored - snapshot[0]
    assert 0 < snapshot[0] < stored  # a snapshot, and actions after it

    applied: list[int] = []
    replay = games.replay_submission
    monkeypatch.setattr(games, "replay_submission", lambda *a: applied.append(1) or replay(*a))
    service = GameService(storage)
    kept = local_play.resume(service, seats, "gwite/teaching", "allied")
    assert kept is not None and kept.game_id == game_id
    assert len(applied) == tail  # not the whole game: only the actions after the snapshot
    # and the page that resumes it finds the game in memory, rebuilt once
    asyncio.run(service.game(game_id))
    assert len(applied) == tail and service.replayed == tail
    storage.close()
