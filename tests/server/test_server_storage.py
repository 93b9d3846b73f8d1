"""Storage: what is stored replays to its digest, tokens are kept only as hashes, a
tampered game is refused, and a killed server resumes every game exactly."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_client import Api, error_code

from greatwar.ai import make_agent
from greatwar.server.app import create_app
from greatwar.server.games import rebuild

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def play_randomly(api: Api, made: dict[str, Any], steps: int, seed: int) -> None:
    """Each seat picks from its own view's legal actions (undo included) with a random agent."""
    game_id = made["game_id"]
    agents = {role: make_agent("random", seed + i) for i, role in enumerate(made["seats"])}
    for _ in range(steps):
        live = api.live(game_id)
        if live.state.is_over():
            return
        role = live.state.active_roles()[0]
        token = made["seats"][role]["token"]
        view = api.get(game_id, token)["view"]
        api.act(game_id, token, agents[role].choose(view))


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31), steps=st.integers(1, 60))
def test_replaying_the_stored_submissions_gives_each_stored_digest(
    tmp_path: Path, seed: int, steps: int
) -> None:
    db = tmp_path / f"g{seed}-{steps}.sqlite3"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario="gwite/teaching", seed=seed)
        play_randomly(api, made, steps, seed)
        storage = api.service.storage
        record = storage.load_game(made["game_id"])
        stored = storage.actions(made["game_id"])
        assert [s.n for s in stored] == list(range(1, len(stored) + 1))
        for k in range(1, len(stored) + 1):
            assert rebuild(record, stored[:k]).digest() == stored[k - 1].digest
        assert stored[-1].digest == api.state(made["game_id"]).digest()


def test_the_database_is_in_wal_mode_and_keeps_no_token(api: Api, tmp_path: Path) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=1, hotseat=True)
    db = api.service.storage.path
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    tokens = [made["spectator"]["token"], made["table"]["token"]]
    tokens += [s["token"] for s in made["seats"].values()]
    for token in tokens:
        assert token.encode() not in stored


def test_a_game_that_does_not_replay_to_its_digest_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario="gwite/teaching", seed=1)
        token = made["seats"]["allied"]["token"]
        api.act(made["game_id"], token, api.state(made["game_id"]).legal_actions("allied")[0])
    with sqlite3.connect(db) as con:
        con.execute("UPDATE actions SET digest = 'tampered'")
    with TestClient(create_app(db, think_time=0)) as client, caplog.at_level(logging.ERROR):
        response = client.get(f"/api/games/{made['game_id']}", params={"token": token})
        assert response.status_code == 503 and error_code(response) == "corrupt_game"
    assert "refusing to serve game" in caplog.text and "digest" in caplog.text


# --- the restart test ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``greatwar serve`` in a subprocess."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = ["serve", "--port", str(self.port), "--db", str(db), "--think-time", "0"]
        code = "from greatwar.cli import main; main()"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.http = httpx.Client(base_url=self.url, timeout=60)
        for _ in range(600):
            if self.process.poll() is not None:
                raise AssertionError("the server did not start")
            try:
                self.http.get("/api/scenarios")
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("the server never answered")

    def kill(self) -> None:
        self.http.close()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def act(server: Server, game_id: str, token: str, action: dict[str, Any], n: str) -> Any:
    got = server.http.get(f"/api/games/{game_id}", params={"token": token}).json()
    body = {"token": token, "version": got["version"], "action": action, "submission_id": n}
    response = server.http.post(f"/api/games/{game_id}/actions", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def views(server: Server, game_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    return {
        seat: server.http.get(f"/api/games/{game_id}", params={"token": token}).json()
        for seat, token in tokens.items()
    }


def test_a_killed_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = Server(db)
    try:
        made = server.http.post(
            "/api/games", json={"scenario": "tannenberg/teaching", "seed": 9}
        ).json()
        game_id = made["game_id"]
        tokens = {r: s["token"] for r, s in made["seats"].items()}
        tokens["spectator"] = made["spectator"]["token"]
        agents = {role: make_agent("random", i) for i, role in enumerate(made["seats"])}
        for n in range(12):
            seen = views(server, game_id, tokens)
            role = seen["spectator"]["view"]["active_roles"][0]
            act(server, game_id, tokens[role], agents[role].choose(seen[role]["view"]), f"a{n}")
        before = views(server, game_id, tokens)
    finally:
        server.kill()  # kill -9 right after the last answer: nothing accepted may be lost
    again = Server(db)
    try:
        after = views(again, game_id, tokens)
        assert before["spectator"]["version"] == 12
        for seat in tokens:
            assert after[seat]["version"] == before[seat]["version"]
            assert after[seat]["view"] == before[seat]["view"]
        role = after["spectator"]["view"]["active_roles"][0]
        answer = act(again, game_id, tokens[role], after[role]["view"]["legal_actions"][0], "b")
        assert answer["version"] == 13
    finally:
        again.kill()
