"""Running ``greatwar play`` in a subprocess (the CLI tests and the browser tests)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CODE = "from greatwar.cli import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def playing(db: Path, port: int, *extra: str) -> Iterator[tuple[str, str]]:
    """Run ``greatwar play`` until its seat address is printed: (first line, address)."""
    args = ["play", "gwite/teaching", "--no-browser", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(
        [sys.executable, "-c", CODE, *args, *extra], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        line = process.stdout.readline()
        yield first, line[line.index("http://") :].strip()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
