"""Issue 20's defects 1 and 8, against a real uvicorn server on loopback.

Defect 1: no seat token, seed or salt in any log line, at any level (uvicorn's TRACE
included), while games are made and played over HTTP and over WebSockets.
Defect 8: a binary WebSocket frame is refused with a close code and a reason, and
nothing is logged as an error (no traceback).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_server import Live, live_server
from websockets.exceptions import ConnectionClosed
from websockets.frames import Close
from websockets.sync.client import ClientConnection, connect

from greatwar.server.run import REDACTED, RedactSecrets, redact
from greatwar.server.storage import SQLiteStorage, Storage
from tests.cli_kit import serving

#: the seed the test's game is made with (digits no other number in the log has)
SEED = 8_123_456_789_012_345
#: how many actions are played over HTTP while the WebSockets listen
ACTIONS = 6


def tokens_of(made: dict[str, Any]) -> dict[str, str]:
    """Every token of a new game: its seats', the spectator's and the table's."""
    tokens = {seat: link["token"] for seat, link in made["seats"].items()}
    tokens["spectator"] = made["spectator"]["token"]
    if made.get("table"):
        tokens["table"] = made["table"]["token"]
    return tokens


def ws_address(url: str, game_id: str, token: str, role: str | None = None) -> str:
    query = f"token={token}" + (f"&role={role}" if role else "")
    return f"{url.replace('http://', 'ws://')}/api/games/{game_id}/ws?{query}"


def until_version(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The socket's first state payload at ``version`` or later (bounded in time)."""
    while True:
        message = json.loads(ws.recv(timeout=60))
        if message.get("type") == "state" and message["version"] >= version:
            return message  # type: ignore[no-any-return]


def open_sockets(stack: ExitStack, url: str, game_id: str, tokens: dict[str, str]) -> list[Any]:
    """A WebSocket per token (the table viewing the allied seat), each past its first payload."""
    sockets = []
    for seat, token in tokens.items():
        role = "allied" if seat == "table" else None
        ws = stack.enter_context(connect(ws_address(url, game_id, token, role)))
        until_version(ws, 0)
        sockets.append(ws)
    return sockets


def play(http: httpx.Client, game_id: str, tokens: dict[str, str], sockets: list[Any]) -> None:
    """Play ACTIONS actions over HTTP (each seat with its own token, in the body, the header
    or the query), every socket following each one."""
    for n in range(ACTIONS):
        got = http.get(f"/api/games/{game_id}", params={"token": tokens["table"]}).json()
        role = got["view"]["active_roles"][0]
        mine = http.get(f"/api/games/{game_id}", headers={"X-Greatwar-Token": tokens[role]})
        action = mine.json()["view"]["legal_actions"][0]
        body = {"token": tokens[role], "version": n, "action": action, "submission_id": f"s{n}"}
        answer = http.post(f"/api/games/{game_id}/actions", json=body)
        assert answer.status_code == 200, answer.text
        for ws in sockets:
            until_version(ws, n + 1)
    sockets[0].send(json.dumps({"type": "ping"}))
    assert json.loads(sockets[0].recv(timeout=60)) == {"type": "pong"}


def visit_pages(http: httpx.Client, game_id: str, tokens: dict[str, str]) -> None:
    """The seats' pages, views, replays, downloads and chat, and a forged token."""
    for token in tokens.values():
        assert http.get(f"/game/{game_id}", params={"token": token}).status_code == 200
        for route in ("", "/replay", "/download", "/chat", "/record"):
            http.get(f"/api/games/{game_id}{route}", params={"token": token})
        http.post("/api/my-games", json={"tokens": [token]})
    assert http.get(f"/api/games/{game_id}", params={"token": "forged"}).status_code == 403


def secrets_of(storage: Storage, game_id: str, tokens: dict[str, str]) -> dict[str, str]:
    """What no log line may hold: the tokens, and the seed and salt of the game's dice."""
    dice = storage.dice_of(game_id)
    record = storage.load_game(game_id)
    assert dice is not None and record is not None
    found = {f"{seat} token": token for seat, token in tokens.items()}
    found |= {"server seed": str(dice.server_seed), "seed": str(record.seed), "salt": dice.salt}
    return found


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(tmp_path / "games.sqlite3", log_level="trace") as running:
        yield running


def test_defect_1_no_token_or_seed_in_any_log_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    secrets: dict[str, str] = {}
    with (
        live_server(tmp_path / "games.sqlite3", log_level="trace") as live,
        httpx.Client(base_url=live.url, timeout=60) as http,
        ExitStack() as stack,
    ):
        body = {"scenario": "gwite/teaching", "seed": SEED, "hotseat": True}
        made = http.post("/api/games", json=body).json()
        drawn = http.post("/api/games", json={"scenario": "tannenberg/teaching"}).json()
        for game in (made, drawn):
            tokens = tokens_of(game)
            secrets |= {f"{game['game_id']} {k}": v for k, v in tokens.items()}
            secrets |= secrets_of(live.service.storage, game["game_id"], tokens)
            visit_pages(http, game["game_id"], tokens)
        tokens = tokens_of(made)
        sockets = open_sockets(stack, live.url, made["game_id"], tokens)
        play(http, made["game_id"], tokens, sockets)
        refused = stack.enter_context(connect(ws_address(live.url, made["game_id"], "forged")))
        assert json.loads(refused.recv(timeout=60))["type"] == "error"
    printed = capfd.readouterr()
    logged = live.log.text()
    assert '"WebSocket /api/games/' in logged  # the handshakes were logged at INFO
    for where, text in (("log records", logged), ("printed log", printed.out + printed.err)):
        for name, secret in secrets.items():
            assert secret not in text, f"the {name} is in the {where}"
    assert f"token={REDACTED}" in logged


def test_defect_1_greatwar_serve_logs_no_token_even_at_trace(tmp_path: Path) -> None:
    """The shipped command, its whole error stream (uvicorn's log) read afterwards."""
    log_file = tmp_path / "server.log"
    db = tmp_path / "games.sqlite3"
    args = ["serve", "--port", "0", "--db", str(db), "--log-level", "trace"]
    with log_file.open("w") as stderr, serving(*args, stderr=stderr) as (_, line):
        url = line.split()[0].rstrip("/")  # "http://127.0.0.1:<port>/ (games in …)"
        with httpx.Client(base_url=url, timeout=60) as http, ExitStack() as stack:
            made = http.post("/api/games", json={"scenario": "gwite/teaching", "hotseat": True})
            tokens = tokens_of(made.json())
            game_id = made.json()["game_id"]
            visit_pages(http, game_id, tokens)
            play(http, game_id, tokens, open_sockets(stack, url, game_id, tokens))
    logged = log_file.read_text()
    assert "WebSocket" in logged and f"token={REDACTED}" in logged
    storage = SQLiteStorage(db)
    try:
        secrets = secrets_of(storage, game_id, tokens)
    finally:
        storage.close()
    for name, secret in secrets.items():
        assert secret not in logged, f"the {name} is in the log"


def test_the_redaction_hides_query_values_headers_and_tracebacks() -> None:
    assert (
        redact("GET /ws?role=allied&token=abc-_1&x=2")
        == f"GET /ws?role=allied&token={REDACTED}&x=2"
    )
    assert redact("/api/games?seed=123 HTTP/1.1") == f"/api/games?seed={REDACTED} HTTP/1.1"
    assert redact("< X-Greatwar-Token: abc") == f"< X-Greatwar-Token: {REDACTED}"
    assert "abc" not in redact("{'headers': [(b'x-greatwar-token', b'abc')]}")
    assert redact("tokens=3, a seat's token") == "tokens=3, a seat's token"
    try:
        raise ValueError("bad /ws?token=abc")
    except ValueError:
        failure = sys.exc_info()
    args = ("/ws?token=abc", 3)
    record = logging.LogRecord("x", logging.ERROR, "f", 1, "%s -> %s", args, failure)
    assert RedactSecrets().filter(record)
    assert "abc" not in record.getMessage() and "abc" not in (record.exc_text or "")
    assert record.getMessage() == f"/ws?token={REDACTED} -> 3"


def refusal(live: Live, frame: str | bytes) -> Close:
    """How the server closes a spectator's WebSocket after it sends ``frame``."""
    with httpx.Client(base_url=live.url, timeout=60) as http:
        made = http.post("/api/games", json={"scenario": "gwite/teaching"}).json()
    with connect(ws_address(live.url, made["game_id"], made["spectator"]["token"])) as ws:
        until_version(ws, 0)
        ws.send(frame)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=60)
    assert closed.value.rcvd is not None, "the server did not close the socket with a reason"
    return closed.value.rcvd


def faults(live: Live) -> list[str]:
    """What the server logged as a warning, an error or with a traceback."""
    return [r.getMessage() for r in live.log.records if r.levelno >= logging.WARNING or r.exc_info]


def test_defect_8_a_binary_frame_is_refused_without_a_traceback(live: Live) -> None:
    close = refusal(live, b"\x00\x01binary")
    assert close.code == 1003 and "binary" in close.reason  # unsupported data
    assert faults(live) == []


def test_a_message_that_is_not_json_is_refused_without_a_traceback(live: Live) -> None:
    close = refusal(live, "[" * 100_000)  # not JSON (and nested deeper than a reader goes)
    assert close.code == 1007 and "JSON" in close.reason  # invalid data
    assert faults(live) == []
