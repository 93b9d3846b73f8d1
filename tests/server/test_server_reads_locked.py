"""Reads of a live game never see an action still being stored (issue 20): the replay,
download, why, chat and record routes read the game as stored, under its lock, while an
action is applied and stored; an action that cannot be stored is taken back in memory, so
no read ever gives a state (or, at a game's end, a seed) the database does not hold."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from greatwar.server.app import create_app
from greatwar.server.games import GameService, LiveGame, apply_submission

#: the longest the test waits for something that should come at once (a bound, not a timing)
WAIT = 60.0


async def play_until_the_last_action(
    service: GameService, live: LiveGame, table: str
) -> tuple[str, dict[str, Any]]:
    """Random legal actions (stored) until the next one would end the game: that one."""
    rng = random.Random(0)
    game_id = live.record.game_id
    for _ in range(5000):
        role = live.state.active_roles()[0]
        action = rng.choice(live.state.legal_actions(role))
        probe = live.state.clone()
        apply_submission(probe, role, action)
        if probe.is_over():
            return role, action
        await service.submit(game_id, table, role, live.version, action, f"s{live.version}")
    raise AssertionError("the game did not end")


async def waiting_or_done(live: LiveGame, tasks: list[asyncio.Task[Any]]) -> None:
    """Until each task is answered or waits for the game's lock."""
    deadline = time.monotonic() + WAIT
    while sum(t.done() for t in tasks) + len(live.lock._waiters or ()) < len(tasks):
        assert time.monotonic() < deadline, "the reads neither answered nor waited"
        await asyncio.sleep(0.01)


def test_reads_while_the_last_action_is_stored_give_the_game_as_stored(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3", think_time=0)
    service: GameService = app.state.service

    async def play() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            body = {"scenario": "gwite/teaching", "seed": 3, "hotseat": True}
            made = (await client.post("/api/games", json=body)).json()
            game_id, table = made["game_id"], made["table"]["token"]
            spectator = made["spectator"]["token"]
            live = await service.game(game_id)
            role, last = await play_until_the_last_action(service, live, table)
            stored = live.version
            unit = live.view(role)["units"][0]["id"]

            # the last action is applied, then its storing hangs, and fails
            entered, release = threading.Event(), threading.Event()

            def failing(*args: Any) -> None:
                entered.set()
                release.wait(WAIT)
                raise OSError("the disk is full")

            store = service.storage.append_action
            service.storage.append_action = failing  # type: ignore[method-assign]
            post = {"token": table, "role": role, "version": stored, "action": last}
            final = asyncio.create_task(
                client.post(f"/api/games/{game_id}/actions", json=post | {"submission_id": "f"})
            )
            assert await asyncio.to_thread(entered.wait, WAIT)
            assert live.state.is_over()  # in memory, not stored

            base = f"/api/games/{game_id}"
            seat = {"token": table, "role": role}
            reads = {
                "record": client.get(f"{base}/record", params={"token": spectator}),
                "replay": client.get(f"{base}/replay", params={"token": spectator}),
                "step": client.get(f"{base}/replay/{stored}", params={"token": spectator}),
                "download": client.get(f"{base}/download", params=seat),
                "why": client.get(f"{base}/why", params=seat | {"unit": unit}),
                "chat": client.get(f"{base}/chat", params={"token": spectator}),
            }
            tasks = {name: asyncio.create_task(read) for name, read in reads.items()}
            await waiting_or_done(live, list(tasks.values()))
            release.set()
            assert (await final).json()["error"]["code"] == "storage_failed"
            answers = {name: await task for name, task in tasks.items()}

            # every read gave the game as stored: not over, no seed, nothing revealed
            record = answers["record"]
            assert record.status_code == 403, "the record (with the seed) of an unstored end"
            assert record.json()["error"]["code"] == "game_running"
            assert answers["replay"].json()["over"] is False
            assert answers["replay"].json()["count"] == stored
            assert not answers["step"].json()["view"].get("revealed")
            download = answers["download"].json()
            assert (download["over"], download["version"]) == (False, stored)
            why_again = await client.get(f"{base}/why", params=seat | {"unit": unit})
            assert answers["why"].json() == why_again.json()
            assert answers["chat"].status_code == 200
            payload = (await client.get(base, params={"token": spectator})).json()
            assert payload["version"] == stored and not payload["view"].get("over")

            # stored once the disk is back: then the game is over, and its record given
            service.storage.append_action = store  # type: ignore[method-assign]
            again = await client.post(f"{base}/actions", json=post | {"submission_id": "g"})
            assert again.status_code == 200, again.text
            record = await client.get(f"{base}/record", params={"token": spectator})
            assert record.status_code == 200 and record.json()["digest"]
        await service.close()
        service.storage.close()

    asyncio.run(play())
