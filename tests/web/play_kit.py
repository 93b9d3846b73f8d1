"""Running ``greatwar play`` in a subprocess (the CLI tests and the browser tests)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.cli_kit import CODE, serving

__all__ = ["CODE", "free_port", "playing"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def playing(db: Path, port: int, *extra: str) -> Iterator[tuple[str, str]]:
    """Run ``greatwar play`` until its seat address is printed: (first line, address)."""
    args = ["play", "gwite/teaching", "--no-browser", "--port", str(port), "--db", str(db)]
    with serving(*args, *extra) as (before, address):
        yield (before[0] if before else ""), address
