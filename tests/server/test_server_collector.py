"""The server paces the garbage collector for many games in memory (issue 20): the
thresholds are set before it serves (greatwar.server.run.pace_collector)."""

from __future__ import annotations

import gc
import socket

import pytest

from greatwar.server import run


class Recorder:
    """Stands for uvicorn's server: records the collector's thresholds when it would serve."""

    def __init__(self) -> None:
        self.thresholds: tuple[int, ...] | None = None

    def run(self, sockets: list[socket.socket]) -> None:
        self.thresholds = gc.get_threshold()


def test_the_server_serves_with_the_paced_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    monkeypatch.setattr(run, "server", lambda app, log_level: recorder)
    before = gc.get_threshold()
    try:
        with socket.socket() as sock:
            run.run(lambda *args: None, sock)  # type: ignore[arg-type]
    finally:
        gc.set_threshold(*before)
    assert recorder.thresholds == run.SERVER_GC_THRESHOLDS
    young, middle, full = run.SERVER_GC_THRESHOLDS
    default_young, default_middle, default_full = 700, 10, 10
    assert young > default_young and full >= default_full and middle >= default_middle
