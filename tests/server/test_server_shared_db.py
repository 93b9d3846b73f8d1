"""Several server processes on one database: the database refuses two actions for the same
version (each backend), and with PostgreSQL each server sends its WebSocket clients the
actions the others store, as they are stored (LISTEN/NOTIFY)."""

from __future__ import annotations

import asyncio
import copy
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import Cluster, run_sql
from server_client import Page
from server_process import Server, act
from websockets.sync.client import connect as ws_connect

from greatwar.server.games import ApiError, Connection, GameService, LiveGame, Thought, think
from greatwar.server.storage import open_storage
from greatwar.server.storage_postgres import CHANNEL, PostgresStorage
from greatwar.server.views import public_view

#: the longest a test waits for an update that should come at once (a bound, not a timing)
WAIT = 30.0


def first_move(live: LiveGame) -> tuple[str, dict[str, Any]]:
    """The first active role and its first legal action."""
    role = live.state.active_roles()[0]
    return role, live.state.legal_actions(role)[0]


def test_two_servers_accepting_the_same_version_is_refused_by_the_database(
    db: str | Path,
) -> None:
    async def play() -> None:
        one, other = GameService(open_storage(db)), GameService(open_storage(db))
        made = one.create("gwite/teaching", {}, 4, {}, False)
        game_id = made.game_id
        here, there = await one.game(game_id), await other.game(game_id)
        role, action = first_move(here)
        await one.submit(game_id, made.tokens[role], None, 0, action, "first")
        # the other server has not heard of it yet: it accepts version 0 too, but may not
        # store it (the database's key on the game and version refuses it)
        with pytest.raises(ApiError) as refused:
            await other.submit(game_id, made.tokens[role], None, 0, action, "second")
        assert (refused.value.status, refused.value.code) == (409, "stale_version")
        stored = other.storage.actions(game_id)
        assert [s.submission_id for s in stored] == ["first"]
        # the refused server now serves the stored game (its clients stay subscribed)
        assert other._games[game_id] is there
        assert (there.version, there.state.digest()) == (1, stored[0].digest)
        assert here.state.digest() == there.state.digest()
        for service in (one, other):
            await service.close()
            service.storage.close()

    asyncio.run(play())


# --- live updates between servers (PostgreSQL) -----------------------------------------------


def listeners(url: str) -> int:
    """How many connections to the database listen for stored actions."""
    rows = run_sql(url, f"SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN {CHANNEL}'")
    return int(rows[0][0])


async def until(check: Callable[[], bool]) -> None:
    """Wait until ``check()`` holds (at most WAIT seconds)."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.05)


class Watcher:
    """A subscriber of a game on one server: the payloads it is sent."""

    def __init__(self) -> None:
        self.received: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.page = Page()

    def connection(self) -> Connection:
        send: Callable[[dict[str, Any]], Awaitable[None]] = self.received.put
        return Connection("spectator", None, send)

    async def next(self) -> dict[str, Any]:
        """The next payload, its view with the whole log (as the page keeps it)."""
        payload = await asyncio.wait_for(self.received.get(), WAIT)
        return {**payload, "view": self.page.take(payload)}


async def two_servers(url: str) -> tuple[GameService, GameService, list[asyncio.Task[None]]]:
    """Two services on the database, each following the other's actions, once listening."""
    services = [GameService(PostgresStorage(url)), GameService(PostgresStorage(url))]
    following = [asyncio.create_task(s.follow(s.storage.changes())) for s in services]
    await until(lambda: listeners(url) == 2)
    return services[0], services[1], following


async def stop(services: list[GameService], following: list[asyncio.Task[None]]) -> None:
    for task in following:
        task.cancel()
    await asyncio.gather(*following, return_exceptions=True)
    for service in services:
        await service.close()
        service.storage.close()


def test_each_server_sends_its_clients_the_actions_the_other_stored(
    pg_cluster: Cluster,
) -> None:
    url = pg_cluster.new_database()

    async def play() -> None:
        one, other, following = await two_servers(url)
        made = one.create("tannenberg/teaching", {}, 2, {}, False)
        game_id = made.game_id
        lives = [await one.game(game_id), await other.game(game_id)]
        watchers = [Watcher(), Watcher()]
        for service, live, watcher in zip((one, other), lives, watchers, strict=True):
            await service.connect(live, watcher.connection())
            assert (await watcher.next())["version"] == 0
        # the servers take turns storing actions; both clients see every one
        for version in range(6):
            acting = (one, other)[version % 2]
            role, action = first_move(lives[version % 2])
            await acting.submit(game_id, made.tokens[role], None, version, action, f"s{version}")
            for watcher, live in zip(watchers, lives, strict=True):
                update = await watcher.next()
                assert update["version"] == version + 1
                assert update["view"] == public_view(live.state)
        assert lives[0].state.digest() == lives[1].state.digest()
        assert lives[1].state.digest() == one.storage.actions(game_id)[-1].digest
        await stop([one, other], following)

    asyncio.run(play())


def test_a_server_that_lost_its_notifications_catches_up_when_listening_again(
    pg_cluster: Cluster,
) -> None:
    url = pg_cluster.new_database()

    async def play() -> None:
        one, other, following = await two_servers(url)
        made = one.create("gwite/teaching", {}, 5, {}, False)
        game_id = made.game_id
        here, there = await one.game(game_id), await other.game(game_id)
        watcher = Watcher()
        await other.connect(there, watcher.connection())
        await watcher.next()
        # the database drops the listening connections (as a restart of it would)
        run_sql(
            url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            f" WHERE query = 'LISTEN {CHANNEL}'",
        )
        role, action = first_move(here)
        await one.submit(game_id, made.tokens[role], None, 0, action, "while-deaf")
        update = await watcher.next()
        assert update["version"] == 1
        assert there.state.digest() == here.state.digest()
        await stop([one, other], following)

    asyncio.run(play())


def test_two_server_processes_share_a_game_live(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    one, other = Server(url), Server(url)
    try:
        made = one.http.post(
            "/api/games", json={"scenario": "gwite/teaching", "seed": 7, "hotseat": True}
        ).json()
        game_id, table = made["game_id"], made["table"]["token"]
        asyncio.run(until(lambda: listeners(url) == 2))
        address = f"ws://127.0.0.1:{other.port}/api/games/{game_id}/ws?token={table}"
        with ws_connect(address, open_timeout=WAIT) as ws:
            assert json.loads(ws.recv(timeout=WAIT))["version"] == 0
            for n in range(3):
                view = one.http.get(f"/api/games/{game_id}", params={"token": table}).json()
                role = view["view"]["active_roles"][0]
                seat = one.http.get(
                    f"/api/games/{game_id}", params={"token": table, "role": role}
                ).json()
                body = {
                    "token": table,
                    "role": role,
                    "version": seat["version"],
                    "action": seat["view"]["legal_actions"][0],
                    "submission_id": f"a{n}",
                }
                answer = one.http.post(f"/api/games/{game_id}/actions", json=body)
                assert answer.status_code == 200, answer.text
                # the other process tells its client, which never spoke to the first
                assert json.loads(ws.recv(timeout=WAIT))["version"] == n + 1
            # and the other process accepts the next action at the version it was told
            spectator = made["spectator"]["token"]
            shown = other.http.get(f"/api/games/{game_id}", params={"token": spectator}).json()
            assert shown["version"] == 3
        # a seat's token acts through either process
        seats = {r: s["token"] for r, s in made["seats"].items()}
        role = shown["view"]["active_roles"][0]
        token = seats[role]
        legal = other.http.get(f"/api/games/{game_id}", params={"token": token}).json()
        assert act(other, game_id, token, legal["view"]["legal_actions"][0], "b")["version"] == 4
    finally:
        one.kill()
        other.kill()


# --- the chat between server processes (PostgreSQL) -------------------------------------------


def next_chat(ws: Any) -> dict[str, Any]:
    """The next chat message a WebSocket is sent (the state payloads passed over)."""
    while True:
        message = json.loads(ws.recv(timeout=WAIT))
        if message["type"] == "chat":
            return dict(message["message"])


def test_a_chat_message_sent_to_one_process_reaches_the_seats_on_another(
    pg_cluster: Cluster,
) -> None:
    url = pg_cluster.new_database()
    one, other = Server(url), Server(url)
    try:
        made = one.http.post(
            "/api/games",
            json={"scenario": "gwite/teaching", "seed": 8, "seats": {"central": "human"}},
        ).json()
        game_id = made["game_id"]
        allied, central = made["seats"]["allied"]["token"], made["seats"]["central"]["token"]
        asyncio.run(until(lambda: listeners(url) == 2))
        here = f"ws://127.0.0.1:{one.port}/api/games/{game_id}/ws?token={allied}"
        there = f"ws://127.0.0.1:{other.port}/api/games/{game_id}/ws?token={central}"
        with ws_connect(here, open_timeout=WAIT) as ws_one, ws_connect(there) as ws_other:
            for ws in (ws_one, ws_other):
                assert json.loads(ws.recv(timeout=WAIT))["type"] == "state"
            for n, (sender, token) in enumerate([(one, allied), (other, central)], 1):
                body = {"token": token, "text": f"message {n}"}
                sent = sender.http.post(f"/api/games/{game_id}/chat", json=body)
                assert sent.status_code == 200, sent.text
                # both processes' seats get it, once: the next chat each receives is it
                for ws in (ws_one, ws_other):
                    assert next_chat(ws) == sent.json()
        # and either process reads the whole chat
        read = other.http.get(f"/api/games/{game_id}/chat", params={"token": allied}).json()
        assert [m["text"] for m in read["messages"]] == ["message 1", "message 2"]
    finally:
        one.kill()
        other.kill()


# --- one process plays a computer seat (PostgreSQL) -------------------------------------------


class CountingThinkers:
    """The computer thinks here (in the test's process), counting its decisions."""

    def __init__(self) -> None:
        self.decisions = 0

    async def think(
        self, source: str | Path, options: dict[str, Any], text: str, agent: Any, role: str
    ) -> Thought:
        self.decisions += 1
        await asyncio.sleep(0)  # let the other server run meanwhile
        return think(source, options, text, copy.deepcopy(agent), role)


def moves_committed(service: GameService) -> list[int]:
    """The versions of the computer moves ``service`` applies (recorded as it does)."""
    committed: list[int] = []
    commit = service._commit

    async def recording(live: LiveGame, role: str, action: Any, sid: str, *rest: Any) -> None:
        if sid.startswith("computer-"):
            committed.append(live.version + 1)
        await commit(live, role, action, sid, *rest)

    service._commit = recording  # type: ignore[method-assign]
    return committed


def test_two_servers_never_both_play_a_computer_move(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()

    async def play() -> None:
        thinkers = [CountingThinkers(), CountingThinkers()]
        services = [GameService(PostgresStorage(url), thinkers=t) for t in thinkers]  # type: ignore[arg-type]
        following = [asyncio.create_task(s.follow(s.storage.changes())) for s in services]
        await until(lambda: listeners(url) == 2)
        one, other = services
        made = [moves_committed(s) for s in services]
        seats = {"allied": "computer:random", "central": "computer:random"}
        game = one.create("gwite/teaching", {}, 11, seats, False)
        # both servers have the game in memory and both start its computer players
        lives = [await one.game(game.game_id), await other.game(game.game_id)]
        deadline = time.monotonic() + 600
        while not all(live.state.is_over() for live in lives):
            assert time.monotonic() < deadline, "the computer players did not finish"
            await asyncio.sleep(0.1)
        stored = one.storage.actions(game.game_id)
        # every computer move was decided and applied by one server only, and stored once
        assert not set(made[0]) & set(made[1])
        assert sorted(made[0] + made[1]) == [a.n for a in stored]
        assert thinkers[0].decisions + thinkers[1].decisions == len(stored)
        assert lives[0].state.digest() == lives[1].state.digest() == stored[-1].digest
        await stop(services, following)

    asyncio.run(play())


def test_the_computer_seats_of_a_stopped_server_are_taken_over(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    one, other = PostgresStorage(url), PostgresStorage(url)
    try:
        assert one.claim_driver("g1") and not other.claim_driver("g1")
        assert not one.claim_driver("g1")  # one driver per game in a process too
        assert other.claim_driver("g2")  # another game is free
        one.release_driver("g1")
        assert other.claim_driver("g1") and not one.claim_driver("g1")
        other.close()  # the process stopped: its session and its locks are gone
        assert one.claim_driver("g1") and one.claim_driver("g2")
    finally:
        one.close()
