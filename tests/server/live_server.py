"""A real uvicorn server on loopback in a thread of the test (as ``greatwar serve`` runs
it: :func:`greatwar.server.run.server`), and every log record it makes, at every level."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from greatwar.server.app import create_app
from greatwar.server.games import GameService
from greatwar.server.run import address, listen, server

#: the loggers of the test's own clients (httpx, the websockets client): they print the
#: addresses they open, tokens included, and are no part of the server
CLIENT_LOGGERS = ("httpx", "httpcore", "websockets.client")
#: loggers that do not pass their records on to the root logger (uvicorn's)
UNPROPAGATED = ("uvicorn", "uvicorn.access")


class Captured(logging.Handler):
    """Every record of the server, formatted with its traceback, kept in ``lines``."""

    def __init__(self) -> None:
        super().__init__(level=1)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
        self.lines: list[str] = []
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(CLIENT_LOGGERS):
            return
        self.records.append(record)
        self.lines.append(self.format(record))

    def text(self) -> str:
        return "\n".join(self.lines)


@contextmanager
def capturing_everything() -> Iterator[Captured]:
    """Capture every record, at every level (uvicorn's TRACE, 5, too)."""
    handler = Captured()
    root = logging.getLogger()
    level = root.level
    root.setLevel(1)
    loggers = [root, *(logging.getLogger(name) for name in UNPROPAGATED)]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
        root.setLevel(level)


@dataclass(frozen=True)
class Live:
    """A running server: its address, its game service and everything it logged."""

    url: str
    service: GameService
    log: Captured


@contextmanager
def live_server(db: Path, log_level: str = "trace") -> Iterator[Live]:
    """A server on a free loopback port logging at ``log_level``, every record of it
    captured from before it starts until it has stopped."""
    app = create_app(db, think_time=0)
    sock = listen("127.0.0.1", 0)
    running = server(app, log_level)  # configures uvicorn's logging: capture after it
    with capturing_everything() as log:
        thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        try:
            for _ in range(3000):  # bounded: up to 30 s on a loaded machine
                if running.started:
                    break
                time.sleep(0.01)
            assert running.started, "the server did not start"
            yield Live(address(sock), app.state.service, log)
        finally:
            running.should_exit = True
            thread.join(timeout=30)
            sock.close()
