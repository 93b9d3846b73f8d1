"""Running the server: a listening socket and uvicorn on it (``greatwar serve`` / ``play``).

**No secret in the log** (issue 20, defect 1).  A seat's token travels in the query of
its page and WebSocket addresses (``?token=…``), which uvicorn logs (the WebSocket
handshake at INFO, the raw request and the ASGI messages at DEBUG and TRACE).  So:

* the server's own copy of each request's query has the values of ``token`` and ``seed``
  replaced by ``[redacted]`` before uvicorn logs it (:class:`SecretsOutOfServerLog`: the
  application still gets the request as sent);
* every record of the server's loggers (:data:`SERVER_LOGGERS`), and everything uvicorn's
  handlers print, passes :class:`RedactSecrets`, which redacts those values, and the
  ``X-Greatwar-Token`` header, wherever they appear in a message or a traceback;
* the access log stays off.

**The garbage collector paced for a server** (issue 20): a server holds many games,
whose derived tables are rebuilt action after action, so objects reach the collector's
oldest generation fast, and Python's default thresholds ran a full collection every
few seconds, each going over the whole heap for up to 0.6 s and finding next to
nothing (21 of them in a minute of ``benchmarks/load.py``: 7.8 of the server's 56 CPU
seconds, and its p99).  :data:`SERVER_GC_THRESHOLDS` let the young generations fill
more before they are collected: one full collection a minute in the same run.
"""

from __future__ import annotations

import copy
import gc
import logging
import re
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG

#: the garbage collector's thresholds while serving (``gc.set_threshold``: objects
#: allocated before a young collection, young collections before a middle one, middle
#: ones before a full one; Python's defaults are 700, 10, 10)
SERVER_GC_THRESHOLDS = (10_000, 10, 20)
#: where games are kept unless ``--db`` says otherwise
DEFAULT_DB = Path("greatwar-data") / "games.sqlite3"

#: what stands for a secret in a log line
REDACTED = "[redacted]"
#: a secret query value (``token=…``, ``seed=…``) or the token header (``X-Greatwar-Token: …``)
SECRET = re.compile(
    r"(?i)(?P<name>(?:token|seed)(?:=|%3D))[^&\s\"'#%]*"
    r"|(?P<header>x-greatwar-token['\"]?[:,]\s*b?['\"]?)[^\s'\"]+"
)
#: the loggers whose records may quote a request (uvicorn's, the websockets protocol it
#: drives, ours, asyncio's reports of failed tasks)
SERVER_LOGGERS = (
    "uvicorn",
    "uvicorn.error",
    "uvicorn.access",
    "uvicorn.asgi",
    "websockets",
    "websockets.server",
    "greatwar",
    "greatwar.server",
    "asyncio",
)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def redact(text: str) -> str:
    """``text`` with the values of secret query parameters and the token header hidden."""
    return SECRET.sub(lambda m: (m.group("name") or m.group("header")) + REDACTED, text)


class RedactSecrets(logging.Filter):
    """Hides secrets in a log record (its message, arguments and traceback); keeps it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit the message: show neither
            record.msg, record.args = f"{redact(str(record.msg))} (arguments withheld)", ()
            message = record.msg
        if redact(message) != message:  # a secret that only the formatted message shows
            record.msg, record.args = redact(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


#: the one filter put on every server logger (once)
REDACTION = RedactSecrets()


def install_redaction() -> None:
    """Put :data:`REDACTION` on each of :data:`SERVER_LOGGERS` (the records they make are
    redacted before any handler, ours or another's, sees them)."""
    for name in SERVER_LOGGERS:
        logger = logging.getLogger(name)
        if REDACTION not in logger.filters:
            logger.addFilter(REDACTION)


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactSecrets` on its handlers."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
    return config


class SecretsOutOfServerLog:
    """An ASGI wrapper: the application gets each request as sent, while the server's own
    copy of its query, the one uvicorn logs, has its secret values redacted."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = scope.get("query_string") or b""
        if scope["type"] not in ("http", "websocket") or not query:
            await self.app(scope, receive, send)
            return
        as_sent = dict(scope)
        scope["query_string"] = redact(query.decode("latin-1")).encode("latin-1")
        await self.app(as_sent, receive, send)


def data_dir(db: str | Path) -> Path:
    """Where the editor's projects and ``play``'s seats are kept: beside an SQLite file;
    for a PostgreSQL database (a URL), the default's folder (greatwar-data)."""
    from greatwar.server.storage import is_postgres

    return DEFAULT_DB.parent if is_postgres(db) else Path(db).parent


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (port 0: a free port the system picks)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # TCP named, so that asyncio sets TCP_NODELAY on each connection: else a small answer
    # written in two parts (head, body) waits for the client's delayed ACK, 40 ms
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)  # a browser opened before the server loop starts waits in the backlog
    return sock


def address(sock: socket.socket) -> str:
    """The http address of a listening socket."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def server(app: ASGIApp, log_level: str = "warning") -> uvicorn.Server:
    """A uvicorn server for ``app`` whose log holds no secret (see the module docstring)."""
    config = uvicorn.Config(
        SecretsOutOfServerLog(app),
        log_level=log_level,
        log_config=log_config(),
        ws="websockets-sansio",
        access_log=False,
    )
    install_redaction()
    return uvicorn.Server(config)


def pace_collector() -> None:
    """The cyclic garbage collector's thresholds for a server (see the module docstring)."""
    gc.set_threshold(*SERVER_GC_THRESHOLDS)


def run(app: ASGIApp, sock: socket.socket, log_level: str = "warning") -> None:
    """Serve ``app`` on ``sock`` until interrupted (Ctrl-C)."""
    pace_collector()
    server(app, log_level).run(sockets=[sock])
