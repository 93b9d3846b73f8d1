"""The service closes on its own event loop even when storage work was told to another
loop first (a caller on a thread where some other loop runs: the browser tests' driver
runs one in the test process, and the API contract's seated game is created there).
Before, the close waited for that loop's future, which its stopped loop never completes:
a schemathesis run after the browser tests hung at its teardown."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from greatwar.server.games import GameService
from greatwar.server.storage import SQLiteStorage

GWITE = "gwite/teaching"


def test_a_service_closes_when_storage_work_was_told_to_a_loop_that_no_longer_runs(
    tmp_path: Path,
) -> None:
    storage = SQLiteStorage(tmp_path / "games.sqlite3")
    service = GameService(storage, think_time=0)
    release = threading.Event()
    done: list[str] = []

    def slow_work() -> None:  # (storage work still going when that loop stops)
        release.wait(10)
        done.append("stored")

    async def on_another_loop() -> str:
        created = service.create(GWITE, {}, 1, {}, False)
        service._in_background(slow_work)
        return created.game_id

    other = asyncio.new_event_loop()
    try:
        game_id = other.run_until_complete(on_another_loop())  # (then never runs again)
        release.set()
        asyncio.run(asyncio.wait_for(service.close(), 10))  # the service's own loop
    finally:
        other.close()
        storage.close()
    assert done == ["stored"]  # (the work was waited for: the storage pool's shutdown)
    assert SQLiteStorage(tmp_path / "games.sqlite3").load_game(game_id) is not None
