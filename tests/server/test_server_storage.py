"""Storage: what is stored replays to its digest, tokens are kept only as hashes, a
tampered game is refused, and a killed server resumes every game exactly — on each
backend (the ``db`` fixture: an SQLite file, a PostgreSQL database)."""

from __future__ import annotations

import json
import logging
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pg_cluster import run_sql
from server_client import Api, error_code
from server_process import Server, act, views

from greatwar.ai import make_agent
from greatwar.server.app import create_app
from greatwar.server.games import rebuild

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def play_randomly(api: Api, made: dict[str, Any], steps: int, seed: int) -> None:
    """Each seat picks from its own view's legal actions (undo included) with a random agent."""
    game_id = made["game_id"]
    agents = {role: make_agent("random", seed + i) for i, role in enumerate(made["seats"])}
    for _ in range(steps):
        live = api.live(game_id)
        if live.state.is_over():
            return
        role = live.state.active_roles()[0]
        token = made["seats"][role]["token"]
        view = api.get(game_id, token)["view"]
        api.act(game_id, token, agents[role].choose(view))


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31), steps=st.integers(1, 60))
def test_replaying_the_stored_submissions_gives_each_stored_digest(
    db: str | Path, seed: int, steps: int
) -> None:
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario="gwite/teaching", seed=seed)
        play_randomly(api, made, steps, seed)
        storage = api.service.storage
        record = storage.load_game(made["game_id"])
        stored = storage.actions(made["game_id"])
        assert [s.n for s in stored] == list(range(1, len(stored) + 1))
        for k in range(1, len(stored) + 1):
            assert rebuild(record, stored[:k]).digest() == stored[k - 1].digest
        assert stored[-1].digest == api.state(made["game_id"]).digest()
        # what a process that has applied the first k lacks (catch_up reads only that)
        for k in (0, len(stored) // 2, len(stored)):
            assert storage.actions(made["game_id"], after=k) == stored[k:]


def all_tokens(made: dict[str, Any]) -> list[str]:
    tokens = [made["spectator"]["token"], made["table"]["token"]]
    return tokens + [s["token"] for s in made["seats"].values()]


def test_the_database_is_in_wal_mode_and_keeps_no_token(api: Api, tmp_path: Path) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=1, hotseat=True)
    db = api.service.storage.path
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    for token in all_tokens(made):
        assert token.encode() not in stored


def test_no_table_keeps_a_token(db_api: Api) -> None:
    made = db_api.new_game(scenario="gwite/teaching", seed=1, hotseat=True)
    stored = json.dumps(list(db_api.service.storage.dump()))
    assert made["game_id"] in stored  # the dump has the game ...
    for token in all_tokens(made):
        assert token not in stored  # ... and no token of it


def test_a_game_that_does_not_replay_to_its_digest_is_refused(
    db: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario="gwite/teaching", seed=1)
        token = made["seats"]["allied"]["token"]
        api.act(made["game_id"], token, api.state(made["game_id"]).legal_actions("allied")[0])
    run_sql(db, "UPDATE actions SET digest = 'tampered'")
    with TestClient(create_app(db, think_time=0)) as client, caplog.at_level(logging.ERROR):
        response = client.get(f"/api/games/{made['game_id']}", params={"token": token})
        assert response.status_code == 503 and error_code(response) == "corrupt_game"
    assert "refusing to serve game" in caplog.text and "digest" in caplog.text


# --- the restart test ------------------------------------------------------------------------


def test_a_killed_server_resumes_every_game_exactly(db: str | Path) -> None:
    server = Server(db)
    try:
        made = server.http.post(
            "/api/games", json={"scenario": "tannenberg/teaching", "seed": 9}
        ).json()
        game_id = made["game_id"]
        tokens = {r: s["token"] for r, s in made["seats"].items()}
        tokens["spectator"] = made["spectator"]["token"]
        agents = {role: make_agent("random", i) for i, role in enumerate(made["seats"])}
        for n in range(12):
            seen = views(server, game_id, tokens)
            role = seen["spectator"]["view"]["active_roles"][0]
            act(server, game_id, tokens[role], agents[role].choose(seen[role]["view"]), f"a{n}")
        before = views(server, game_id, tokens)
    finally:
        server.kill()  # kill -9 right after the last answer: nothing accepted may be lost
    again = Server(db)
    try:
        after = views(again, game_id, tokens)
        assert before["spectator"]["version"] == 12
        for seat in tokens:
            assert after[seat]["version"] == before[seat]["version"]
            assert after[seat]["view"] == before[seat]["view"]
        role = after["spectator"]["view"]["active_roles"][0]
        answer = act(again, game_id, tokens[role], after[role]["view"]["legal_actions"][0], "b")
        assert answer["version"] == 13
    finally:
        again.kill()
