"""Issue 20, defect 2: games let go from memory come back from a snapshot (never by replaying
the whole game), a snapshot that does not match its stored digest is not trusted, and the
games kept in memory fit a memory budget."""

from __future__ import annotations

import logging
import random
import socket
import sqlite3
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_client import Api

import greatwar
from greatwar.ai import RandomAgent, make_agent
from greatwar.ai.base import decide
from greatwar.server import games
from greatwar.server.app import create_app
from greatwar.server.games import GameService, LiveGame
from greatwar.server.run import listen
from greatwar.server.storage import DuplicateSubmission, GameRecord, SQLiteStorage, StoredAction

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

GWITE = "gwite/teaching"
UNDO = {"type": "undo"}
TANNENBERG = "tannenberg/teaching"
#: a rebuild replays at most this many stored submissions (games.SNAPSHOT_EVERY)
TAIL = 50


class Replays:
    """How many stored submissions each rebuild of a game replayed: (stored, replayed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loads: list[tuple[int, int]] = []
        self._here = threading.local()
        replay, load = games.replay_submission, GameService._load

        def counting_apply(state: Any, role: str, action: dict[str, Any]) -> None:
            if getattr(self._here, "loading", False):
                self._here.count += 1
            replay(state, role, action)

        def counting_load(service: GameService, game_id: str) -> LiveGame:
            self._here.loading, self._here.count = True, 0
            try:
                live = load(service, game_id)
            finally:
                self._here.loading = False
            self.loads.append((live.version, self._here.count))
            return live

        monkeypatch.setattr(games, "replay_submission", counting_apply)
        monkeypatch.setattr(GameService, "_load", counting_load)


def play(api: Api, made: dict[str, Any], steps: int, rng: random.Random) -> None:
    """``steps`` random actions at a hotseat table, each chosen from the acting seat's view."""
    game_id, table = made["game_id"], made["table"]["token"]
    for _ in range(steps):
        payload = api.get(game_id, table)
        if payload["view"]["over"]:
            return
        role = payload["view"]["active_roles"][0]
        view = api.get(game_id, table, role)["view"]
        action = rng.choice([a for a in view["legal_actions"] if a != UNDO])
        response = api.post(game_id, table, action, view["version"], role)
        assert response.status_code == 200, response.text


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def app_client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, think_time=0)) as client:
        yield client


def test_defect_2_many_games_with_a_tiny_cache_never_replay_a_whole_game(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = Api(app_client)
    api.service.cache_bytes = 1  # only the game just asked for stays in memory
    replays = Replays(monkeypatch)
    rng = random.Random(5)
    made = [
        api.new_game(scenario=(GWITE, TANNENBERG)[i % 2], seed=i, hotseat=True) for i in range(4)
    ]
    for _ in range(14):
        for game in made:
            play(api, game, 8, rng)  # every other game is let go meanwhile
    rebuilt = [(stored, replayed) for stored, replayed in replays.loads if stored > TAIL]
    assert len(rebuilt) >= 8, replays.loads  # late in the games, rebuilt again and again
    for stored, replayed in replays.loads:
        assert replayed <= TAIL, f"a rebuild of a game of {stored} actions replayed {replayed}"
    whole = sum(stored for stored, _ in replays.loads)
    assert sum(replayed for _, replayed in replays.loads) <= whole // 10


@pytest.mark.parametrize(
    "corruption",
    [
        "UPDATE snapshots SET state = replace(state, '\"over\":false', '\"over\":true')",
        "UPDATE snapshots SET idx = idx - 1",
        "UPDATE snapshots SET idx = idx + 100",
        "UPDATE snapshots SET state = substr(state, 2)",
    ],
    ids=["state-changed", "wrong-index", "index-beyond-the-game", "not-json"],
)
def test_defect_2_a_corrupted_snapshot_is_detected_and_the_game_still_loads(
    db: Path, corruption: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=TANNENBERG, seed=8, hotseat=True)
        game_id, table = made["game_id"], made["table"]["token"]
        play(api, made, 30, random.Random(1))
        before = api.get(game_id, table)
        digest = api.state(game_id).digest()
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT idx FROM snapshots").fetchall() == [(before["version"],)]
        con.execute(corruption)
    replays = Replays(monkeypatch)
    with TestClient(create_app(db, think_time=0)) as client, caplog.at_level(logging.DEBUG):
        api = Api(client)
        after = api.get(game_id, table)
        assert after == before
        assert api.state(game_id).digest() == digest
        play(api, made, 3, random.Random(2))  # and it plays on
    assert replays.loads == [(before["version"], before["version"])]  # replayed from the start
    server_log = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("greatwar"))
    assert "snapshot" in server_log and "does not match" in server_log
    for token in [made["spectator"]["token"], table, *(s["token"] for s in made["seats"].values())]:
        assert token not in server_log


def test_defect_2_a_restarted_server_rebuilds_from_the_snapshot(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=GWITE, seed=2, hotseat=True)
        game_id, table = made["game_id"], made["table"]["token"]
        play(api, made, 70, random.Random(3))
        before = api.get(game_id, table)
    replays = Replays(monkeypatch)
    with TestClient(create_app(db, think_time=0)) as client:
        assert Api(client).get(game_id, table) == before
    assert replays.loads == [(before["version"], 0)]  # the snapshot kept on stopping


def test_defect_2_after_a_crash_the_periodic_snapshots_bound_the_replay(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = TestClient(create_app(db, think_time=0))
    client.__enter__()
    api = Api(client)
    made = api.new_game(scenario=TANNENBERG, seed=6, hotseat=True)
    game_id, table = made["game_id"], made["table"]["token"]
    play(api, made, 2 * TAIL + 17, random.Random(4))
    before = api.get(game_id, table)
    # no orderly stop: the server's snapshots are those it kept while playing
    api.service._background.clear()
    monkeypatch.setattr(GameService, "_snapshot_later", lambda self, live: None)
    client.__exit__(None, None, None)
    monkeypatch.undo()
    replays = Replays(monkeypatch)
    with TestClient(create_app(db, think_time=0)) as again:
        assert Api(again).get(game_id, table) == before
    [(stored, replayed)] = replays.loads
    assert stored == before["version"] and replayed <= TAIL


# --- a snapshot restores the very same game -------------------------------------------------


def stored_game(scenario: str, options: dict[str, Any], seed: int, steps: int) -> tuple[Any, ...]:
    """A game played at random, as the server stores it: record and submissions."""
    game = greatwar.load(scenario, options)
    record = GameRecord("g", scenario, dict(game.options), seed, {r: "human" for r in game.roles()})
    state = game.new_state(seed)
    agent = RandomAgent(seed)
    actions = []
    for n in range(1, steps + 1):
        if state.is_over():
            break
        role = state.active_roles()[0]
        action = agent.choose({"legal_actions": state.legal_actions(role)})
        state.apply(role, action)
        actions.append(StoredAction(n, role, action, f"s{n}", state.digest()))
    return game, record, actions, state


@pytest.mark.parametrize(
    ("scenario", "options"),
    [(GWITE, {}), (TANNENBERG, {}), (TANNENBERG, {"three_players": True})],
)
def test_a_game_restored_from_a_snapshot_is_the_same_game(
    scenario: str, options: dict[str, Any]
) -> None:
    game, record, actions, original = stored_game(scenario, options, 11, 90)
    at = len(actions) // 2
    midway = games.restore(record, actions[:at], game)[0]
    snapshot = (at, *games.state_text(midway))
    restored, replayed = games.restore(record, actions, game, snapshot)
    assert replayed == len(actions) - at
    assert restored.digest() == original.digest()
    for role in game.roles():
        assert restored.view(role) == original.view(role)
    # the same future: the same dice and the same answers to the same choices
    agent_a, agent_b = RandomAgent(3), RandomAgent(3)
    for _ in range(60):
        if original.is_over():
            break
        role = original.active_roles()[0]
        assert restored.legal_actions(role) == original.legal_actions(role)
        original.apply(role, agent_a.choose({"legal_actions": original.legal_actions(role)}))
        restored.apply(role, agent_b.choose({"legal_actions": restored.legal_actions(role)}))
        assert restored.digest() == original.digest()
    assert restored.data["dice"] == original.data["dice"]


def test_state_text_gives_the_states_own_digest() -> None:
    _, _, _, state = stored_game(TANNENBERG, {}, 2, 40)
    text, digest = games.state_text(state)
    assert text == state.to_json() and digest == state.digest()


# --- the memory budget ------------------------------------------------------------------------


def test_defect_2_the_games_in_memory_fit_the_memory_budget(api: Api) -> None:
    made = [api.new_game(scenario=GWITE, seed=0)]
    for _ in range(300):  # the scenario's footprint is measured in a storage thread
        if games.PROVISIONAL_FOOTPRINT not in api.service._footprints.values():
            break
        time.sleep(0.1)
    made += [api.new_game(scenario=GWITE, seed=s) for s in range(1, 8)]
    kept = api.service._games
    # the first game was taken at the provisional guess; the others at the measured size
    one = max(live.footprint for game_id, live in kept.items() if game_id != made[0]["game_id"])
    assert one > 100_000  # a game's state, its derived tables and views: not nothing
    api.service.cache_bytes = 3 * one + one // 2
    made.append(api.new_game(scenario=GWITE, seed=9))
    assert 3 <= len(kept) < len(made)
    assert list(kept)[-1] == made[-1]["game_id"]
    assert sum(live.footprint for live in kept.values()) <= api.service.cache_bytes
    api.service.cache_bytes = 100 * one
    for game in made:  # every game comes back when asked for
        assert api.get(game["game_id"], game["spectator"]["token"])["version"] == 0
    assert all(game["game_id"] in kept for game in made)


@pytest.mark.parametrize("scenario", [GWITE, TANNENBERG])
def test_defect_2_a_games_estimated_footprint_is_near_what_it_holds(scenario: str) -> None:
    """The estimate the budget counts is measured through every object a state and its
    views hold (not only dicts and lists): along a game it stays within a factor of two
    of what the game holds then, the game's shared static tables aside."""
    game = greatwar.load(scenario)
    footprint = games.measure_footprint(game)
    shared = games.held_ids(game)
    state = game.new_state(3)
    rng = random.Random(3)
    for n in range(1, 401):
        if state.is_over():
            break
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
        views = [games.seat_view(state, r) for r in game.roles()]
        if n % 100 == 0:
            text = state.to_json()
            held = games.deep_size((state, views), shared) + len(text)
            assert held / 2 <= footprint.estimate(len(text)) <= 2 * held, n


def test_deep_size_counts_instances_slots_and_tuples_and_leaves_out_what_is_shared() -> None:
    class Slotted:
        __slots__ = ("payload",)

        def __init__(self, payload: Any) -> None:
            self.payload = payload

    big = list(range(10_000))
    alone = games.deep_size(big)
    assert games.deep_size(Slotted((big,))) > alone
    assert games.deep_size(Slotted((big,)), shared=games.held_ids(big)) < alone // 10


# --- the computer thinks in worker processes ---------------------------------------------------


def test_the_computer_thinks_in_a_worker_process_and_plays_as_it_would_in_the_server(
    api: Api,
) -> None:
    made = api.new_game(scenario=GWITE, seed=12, seats={"central": "computer:random"})
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    rng = random.Random(1)
    for _ in range(15):
        if api.settle(game_id).state.is_over():
            break
        view = api.get(game_id, token)["view"]
        api.act(game_id, token, rng.choice([a for a in view["legal_actions"] if a != UNDO]))
    live = api.settle(game_id)
    assert api.service.thinkers._pool is not None  # the workers thought
    stored = api.service.storage.actions(game_id)
    assert sum(s.role == "central" for s in stored) >= 10
    # the same agent, thinking here on the same states, chooses the same actions
    state = greatwar.load(GWITE).new_state(12)
    agent = make_agent("random", 12 + 1)  # the second seat's agent
    for submission in stored:
        if submission.role == "central":
            assert submission.action == decide(agent, state.clone(), "central")
        state.apply(submission.role, submission.action)
    assert state.digest() == live.state.digest()


# --- storage: writes committed together, snapshots kept newest --------------------------------


def test_writers_at_once_are_each_committed_or_refused_on_their_own(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "g.sqlite3")
    ids = [f"g{i}" for i in range(12)]
    for game_id in ids:
        storage.create_game(GameRecord(game_id, GWITE, {}, 1, {"allied": "human"}), {})
    storage.append_action("g0", 1, "allied", {"type": "pass"}, "used", "d")
    failures: dict[str, BaseException] = {}
    start = threading.Barrier(len(ids))

    def write(game_id: str) -> None:
        start.wait()
        first = 2 if game_id == "g0" else 1
        try:
            for k in range(first, first + 5):
                # g0's first submission here repeats the id of its stored one
                sid = "used" if (game_id, k) == ("g0", 2) else f"{game_id}-{k}"
                storage.append_action(game_id, k, "allied", {"k": k}, sid, "d")
        except Exception as exc:
            failures[game_id] = exc

    threads = [threading.Thread(target=write, args=(game_id,)) for game_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert list(failures) == ["g0"] and isinstance(failures["g0"], DuplicateSubmission)
    for game_id in ids[1:]:
        assert [a.n for a in storage.actions(game_id)] == [1, 2, 3, 4, 5]
    assert [a.n for a in storage.actions("g0")] == [1]
    storage.close()


def test_a_snapshot_replaces_only_an_older_one(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "g.sqlite3")
    storage.create_game(GameRecord("g", GWITE, {}, 1, {"allied": "human"}), {})
    assert storage.latest_snapshot("g") is None
    storage.save_snapshot("g", 5, "{five}", "d5")
    storage.save_snapshot("g", 3, "{three}", "d3")  # late: an older state
    assert storage.latest_snapshot("g") == (5, "{five}", "d5")
    storage.save_snapshot("g", 9, "{nine}", "d9")
    assert storage.latest_snapshot("g") == (9, "{nine}", "d9")
    storage.close()


def test_the_server_socket_is_tcp_so_its_answers_are_not_delayed() -> None:
    sock = listen("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP  # asyncio then sets TCP_NODELAY per connection
    finally:
        sock.close()


def test_defect_2_greatwar_serve_keeps_the_servers_own_memory_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``greatwar serve`` without ``--cache-mib`` gives the server its own default budget
    (one number, :data:`games.DEFAULT_CACHE_MIB`, which its help states), and passes the
    budget given."""
    from typer.testing import CliRunner

    from greatwar import cli

    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(cli, "_app", lambda create, db, **options: seen.append(options))
    monkeypatch.setattr("uvicorn.Server.run", lambda self, *a, **k: None)
    runner = CliRunner()
    helped = runner.invoke(cli.app, ["serve", "--help"], env={"COLUMNS": "200"})
    words = " ".join(helped.output.replace("│", " ").split())  # the text out of its box
    assert f"(default {games.DEFAULT_CACHE_MIB})" in words
    runner.invoke(cli.app, ["serve", "--port", "0"])
    runner.invoke(cli.app, ["serve", "--port", "0", "--cache-mib", "64"])
    assert [options.get("cache_mib") for options in seen] == [None, 64]


def test_defect_2_shared_objects_are_kept_so_their_ids_name_no_new_object() -> None:
    # a game's caches drop tables as it goes; an id noted as shared must not be freed and
    # given to a new object (a state's own), which would then be left uncounted
    shared = games.held_ids([[f"old {n}"] for n in range(1_000)])  # (the list itself dropped)
    fresh = [[f"new {n}"] for n in range(1_000)]  # (allocated where the dropped ones were)
    assert all(id(item) == key for key, item in shared.items())
    assert games.deep_size(fresh, shared) == games.deep_size(fresh)
