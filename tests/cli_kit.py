"""Running a ``greatwar`` command that serves (``play``, ``serve``, ``edit``) in a
subprocess until it prints its address; Ctrl-C stops it afterwards."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

CODE = "from greatwar.cli import main; main()"


@contextmanager
def serving(*args: str, stderr: IO[Any] | None = None) -> Iterator[tuple[list[str], str]]:
    """Run ``greatwar <args>``: (the lines printed before the address, the address);
    its error stream (the server's log) goes to ``stderr`` when given."""
    process = subprocess.Popen(
        [sys.executable, "-c", CODE, *args], stdout=subprocess.PIPE, stderr=stderr, text=True
    )
    try:
        assert process.stdout is not None
        before: list[str] = []
        line = process.stdout.readline()
        while "http://" not in line:
            assert line, f"greatwar {' '.join(args)} ended before printing an address"
            before.append(line)
            line = process.stdout.readline()
        yield before, line[line.index("http://") :].strip()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
