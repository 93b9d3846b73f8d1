"""``greatwar games export|import``: the server owner moves whole games between databases
(into each backend); an import is replayed first and refused, with the reason, when it does
not replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_client import Api
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.server.app import create_app
from greatwar.server.games import rebuild
from greatwar.server.storage import open_storage
from greatwar.server.upgrades import code_version

SEED = 41
ACTIONS = 30


@pytest.fixture
def exported(tmp_path: Path) -> tuple[Path, str, str, str]:
    """A game of 30 actions in one database, exported to a file: (file, game id, a seat's
    token, the digest it ends at)."""
    db = tmp_path / "old" / "games.sqlite3"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario="tannenberg/teaching", seed=SEED)
        game_id = made["game_id"]
        tokens = {role: link["token"] for role, link in made["seats"].items()}
        for _ in range(ACTIONS):
            state = api.state(game_id)
            role = state.active_roles()[0]
            api.act(game_id, tokens[role], state.legal_actions(role)[-1])
        digest = api.state(game_id).digest()
    file = tmp_path / "game.json"
    run = CliRunner().invoke(app, ["games", "export", game_id, str(file), "--db", str(db)])
    assert run.exit_code == 0, run.output
    return file, game_id, next(iter(tokens.values())), digest


def test_an_exported_game_imports_into_a_fresh_database_and_replays_identically(
    db: str | Path, exported: tuple[Path, str, str, str]
) -> None:
    file, game_id, token, digest = exported
    doc = json.loads(file.read_text())
    assert doc["record"]["seed"] == SEED and len(doc["actions"]) == ACTIONS
    fresh = db
    run = CliRunner().invoke(app, ["games", "import", str(file), "--db", str(fresh)])
    assert run.exit_code == 0, run.output
    assert game_id in run.output and "carried over" not in run.output
    storage = open_storage(fresh)
    try:
        record = storage.load_game(game_id)
        assert record is not None and record.seed == SEED
        assert rebuild(record, storage.actions(game_id)).digest() == digest
        assert storage.seat_of(token) is not None  # the players' links still open it
    finally:
        storage.close()
    with TestClient(create_app(fresh, think_time=0)) as client:
        got = client.get(f"/api/games/{game_id}", params={"token": token})
        assert got.status_code == 200 and got.json()["version"] == ACTIONS
    again = CliRunner().invoke(app, ["games", "import", str(file), "--db", str(fresh)])
    assert again.exit_code == 1 and "already" in again.output


def test_a_corrupted_file_is_refused_and_nothing_is_stored(
    tmp_path: Path, db: str | Path, exported: tuple[Path, str, str, str]
) -> None:
    file, _, _, _ = exported
    doc = json.loads(file.read_text())
    doc["actions"][11]["digest"] = "0" * 64  # an action that does not give what it gave
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    fresh = db
    run = CliRunner().invoke(app, ["games", "import", str(bad), "--db", str(fresh)])
    assert run.exit_code == 1
    assert "does not replay: after action 12" in run.output
    doc["actions"][11]["digest"] = json.loads(file.read_text())["actions"][11]["digest"]
    doc["actions"][5]["action"] = {"type": "no such action"}
    bad.write_text(json.dumps(doc))
    run = CliRunner().invoke(app, ["games", "import", str(bad), "--db", str(fresh)])
    assert run.exit_code == 1 and "action 6" in run.output and "refused" in run.output
    bad.write_text("{not json")
    run = CliRunner().invoke(app, ["games", "import", str(bad), "--db", str(fresh)])
    assert run.exit_code == 1 and "cannot read" in run.output
    storage = open_storage(fresh)
    try:
        assert storage.game_ids() == []
    finally:
        storage.close()


@pytest.mark.parametrize("marks", [[[1, "an-older-version"]], None])
def test_a_game_another_version_exported_imports_and_is_carried_over_when_served(
    tmp_path: Path, db: str | Path, exported: tuple[Path, str, str, str], marks: Any
) -> None:
    """The digests another version stored (by the export's code marks; every action of an
    export made before versions were marked) are this version's to work out again: the
    import checks that every action replays, and the game is carried over when served
    (greatwar.server.upgrades)."""
    file, game_id, token, _ = exported
    doc = json.loads(file.read_text())
    assert doc["code_marks"] == [[1, code_version()]]
    for stored in doc["actions"][11:]:
        stored["digest"] = "0" * 64  # what another version's replay gave
    if marks is None:
        del doc["code_marks"]
    else:
        doc["code_marks"] = marks
    older = tmp_path / "older.json"
    older.write_text(json.dumps(doc))
    run = CliRunner().invoke(app, ["games", "import", str(older), "--db", str(db)])
    assert run.exit_code == 0, run.output
    assert "carried over when first served" in run.output
    with TestClient(create_app(db, think_time=0)) as client:
        got = client.get(f"/api/games/{game_id}", params={"token": token})
        assert got.status_code == 200 and got.json()["version"] == ACTIONS
        log = got.json()["view"]["log"]
        assert any("another version of greatwar" in e["text"] for e in log)
    doc["actions"][5]["action"] = {"type": "no such action"}  # and one it refuses
    older.write_text(json.dumps(doc))
    storage = open_storage(db)
    try:
        before = storage.game_ids()
    finally:
        storage.close()
    doc["record"]["game_id"] = "another"
    older.write_text(json.dumps(doc))
    run = CliRunner().invoke(app, ["games", "import", str(older), "--db", str(db)])
    assert run.exit_code == 1 and "action 6" in run.output and "refused" in run.output
    storage = open_storage(db)
    try:
        assert storage.game_ids() == before
    finally:
        storage.close()
