"""``greatwar serve`` in a subprocess, and the HTTP calls the tests make of it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``greatwar serve`` in a subprocess."""

    def __init__(self, db: str | Path) -> None:
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
