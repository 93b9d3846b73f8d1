"""Running the server: a listening socket and uvicorn on it (``greatwar serve`` / ``play``)."""

from __future__ import annotations

import socket
from pathlib import Path

import uvicorn
from fastapi import FastAPI

#: where games are kept unless ``--db`` says otherwise
DEFAULT_DB = Path("greatwar-data") / "games.sqlite3"


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


def run(app: FastAPI, sock: socket.socket, log_level: str = "warning") -> None:
    """Serve ``app`` on ``sock`` until interrupted (Ctrl-C)."""
    # no access log: the addresses carry the seats' secret tokens
    config = uvicorn.Config(app, log_level=log_level, ws="websockets-sansio", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
