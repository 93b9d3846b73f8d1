"""Fixtures of the browser tests: a real server in a subprocess and Debian's chromium.

The server runs ``greatwar.server.app.create_app`` under uvicorn on a free port
with a fresh SQLite file and no think time for computer seats.  Chromium is the
system's (``/usr/bin/chromium``, installed by ``.ci/run``): the tests fail loudly
when it is missing, they never skip.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("GREATWAR_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SERVER_CODE = """
import sys
from pathlib import Path
import uvicorn
from greatwar.server.app import create_app
app = create_app(Path(sys.argv[2]), think_time=0.0, editor=sys.argv[3] == "editor")
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(base: str, proc: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/api/scenarios", timeout=2):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


@contextmanager
def running_server(data: Path, editor: bool) -> Iterator[str]:
    """A server on a free port keeping its games (and editor projects) in ``data``."""
    db = data / "games.sqlite3"
    port = free_port()
    log = (data / "web-server.log").open("wb")
    kind = "editor" if editor else "games"
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER_CODE, str(port), str(db), kind], stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, proc)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base address of a running server (without the scenario editor)."""
    with running_server(tmp_path_factory.mktemp("web-db"), editor=False) as base:
        yield base


@pytest.fixture(scope="session")
def editor_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base address of a running server with the scenario editor (``greatwar edit``)."""
    with running_server(tmp_path_factory.mktemp("web-editor"), editor=True) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright (no ``playwright install``)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Open pages in fresh browser contexts (separate localStorage); errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page() -> Any:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
