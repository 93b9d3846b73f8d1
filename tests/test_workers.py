"""Worker processes end when the process that started them is killed outright (kill -9):
a ladder's or simulation's pool (``PoolBackend``) and the server's computer players
(``Thinkers``) leave no worker running on alone (``greatwar.workers``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from greatwar.workers import WATCH_SECONDS

ROOT = Path(__file__).resolve().parents[1]

#: a parent that starts one worker busy for five minutes and prints the worker's pid
PARENTS = {
    "pool": """
        import multiprocessing, threading, time
        from greatwar.sim.backends import PoolBackend

        if __name__ == "__main__":
            games = PoolBackend(1).map(time.sleep, [300.0])
            threading.Thread(target=lambda: next(games, None), daemon=True).start()
            while not multiprocessing.active_children():
                time.sleep(0.05)
            print(multiprocessing.active_children()[0].pid, flush=True)
            time.sleep(300)
    """,
    "thinkers": """
        import time
        from greatwar.server.games import Thinkers

        if __name__ == "__main__":
            pool = Thinkers(1).pool()
            pool.submit(time.sleep, 300.0)
            while not pool._processes:
                time.sleep(0.05)
            print(next(iter(pool._processes)), flush=True)
            time.sleep(300)
    """,
}


def _gone(pid: int) -> bool:
    """The process has ended (gone, or a zombie nobody has reaped yet)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return any(
        line.split()[1:2] == ["Z"] for line in status.splitlines() if line.startswith("State:")
    )


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("parent", sorted(PARENTS))
def test_a_worker_ends_when_its_parent_is_killed_outright(parent: str, tmp_path: Path) -> None:
    script = tmp_path / f"{parent}.py"
    script.write_text(textwrap.dedent(PARENTS[parent]))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env
    )
    worker = 0
    try:
        assert process.stdout is not None
        worker = int(process.stdout.readline())
        assert not _gone(worker)
        time.sleep(2 * WATCH_SECONDS)
        assert not _gone(worker)  # (alive while its parent is)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        deadline = time.monotonic() + 10 * WATCH_SECONDS + 5
        while not _gone(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _gone(worker)
    finally:
        process.kill()
        process.wait(timeout=10)
        if worker and not _gone(worker):  # (a failed test leaves no orphan behind)
            os.kill(worker, signal.SIGKILL)
