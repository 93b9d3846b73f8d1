"""Stored games across versions of greatwar (``greatwar.server.upgrades``).

A game is rebuilt from its newest snapshot and the submissions stored after it.  When
another version stored them and this one words or rules them otherwise, the replay gives
another digest: the game is carried over (served, its log told, its digests stored
anew), not refused.  When this version stored them all, a different digest is a fault
and the game is refused, as before.  "Another version" is simulated here by marking the
stored submissions as another code's and by a log that words every entry otherwise.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from greatwar.engine.state import State
from greatwar.server import upgrades
from greatwar.server.games import ApiError, GameService
from greatwar.server.storage import SQLiteStorage

OLDER = "an-older-version"


#: each game's table token (a test plays on with it)
TABLES: dict[str, str] = {}


async def _random_actions(service: GameService, game_id: str, steps: int, seed: int) -> None:
    """``steps`` random actions at the game's hotseat table (fewer when the game ends)."""
    live = await service.game(game_id)
    rng = random.Random(seed)
    for n in range(steps):
        if live.state.is_over():
            break
        role = live.state.active_roles()[0]
        action = rng.choice(live.state.legal_actions(role))
        await service.submit(game_id, TABLES[game_id], role, live.version, action, f"{seed}-{n}")


async def _stop(service: GameService) -> None:
    """The service stopped without the snapshot taken on stopping."""
    service._games.clear()
    if service._background:
        await asyncio.wait(list(service._background))
    service.storage.close()


def _play_a_while(db: Path, steps: int = 60) -> tuple[str, int, int]:
    """A hotseat gwite/teaching game ``steps`` random actions into it, its service stopped
    without the snapshot taken on stopping: (game id, stored actions, snapshot's index)."""

    async def play() -> str:
        service = GameService(SQLiteStorage(db))
        created = service.create("gwite/teaching", {}, 1, {}, True)
        TABLES[created.game_id] = created.tokens["table"]
        await _random_actions(service, created.game_id, steps, 3)
        await _stop(service)
        return created.game_id

    game_id = asyncio.run(play())
    storage = SQLiteStorage(db)
    try:
        snapshot = storage.latest_snapshot(game_id)
        stored = len(storage.actions(game_id))
    finally:
        storage.close()
    if steps < 20:
        return game_id, stored, 0
    assert snapshot is not None and 0 < snapshot[0] < stored  # a tail to replay
    return game_id, stored, snapshot[0]


def _sql(db: Path, statement: str, *args: Any) -> None:
    with sqlite3.connect(db) as con:
        con.execute(statement, args)


def reword(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, this version words every log entry otherwise than the one that stored
    the game."""
    log = State.log

    def worded_now(self: State, text: str, case: str | None = None, **extra: Any) -> None:
        log(self, text + " (as worded now)", case, **extra)

    monkeypatch.setattr(State, "log", worded_now)


def _stored_by(db: Path, game_id: str, code: str | None) -> None:
    """Mark every stored action of the game as ``code``'s (None: no mark, as before marks)."""
    if code is None:
        _sql(db, "DELETE FROM code_marks WHERE game_id = ?", game_id)
    else:
        _sql(db, "UPDATE code_marks SET code = ? WHERE game_id = ?", code, game_id)


def _older_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str | None = OLDER
) -> tuple[Path, str, int, int]:
    """A game ``code`` stored (:func:`_play_a_while`), which this version words otherwise:
    (database, game id, stored actions, snapshot's index)."""
    db = tmp_path / "games.db"
    game_id, stored, at = _play_a_while(db)
    reword(monkeypatch)
    _stored_by(db, game_id, code)
    return db, game_id, stored, at


def _refused(db: Path, game_id: str) -> GameService:
    """The game refused with 503 and nothing of it rewritten; the service, still open."""
    before = [a.digest for a in SQLiteStorage(db).actions(game_id)]
    service = GameService(SQLiteStorage(db))
    with pytest.raises(ApiError) as refused:
        service._load(game_id)
    assert refused.value.status == 503 and refused.value.code == "corrupt_game"
    assert [a.digest for a in service.storage.actions(game_id)] == before
    return service


def _load(db: Path, game_id: str) -> tuple[GameService, Any]:
    service = GameService(SQLiteStorage(db))
    return service, service._load(game_id)


def test_a_new_game_is_marked_as_this_versions(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    game_id, _, _ = _play_a_while(db, steps=5)
    storage = SQLiteStorage(db)
    assert storage.code_marks(game_id) == [(1, upgrades.code_version())]
    storage.close()


def test_a_game_another_version_stored_is_carried_over_and_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    db, game_id, stored, at = _older_game(tmp_path, monkeypatch)
    before = {a.n: a.digest for a in SQLiteStorage(db).actions(game_id)}

    with caplog.at_level(logging.WARNING):
        service, live = _load(db, game_id)
    assert f"stored by another version of greatwar ({OLDER})" in caplog.text  # the owner's
    assert live.version == stored
    assert service.replayed == stored - at  # the tail after the snapshot, replayed
    told = [e for e in live.state.data["log"] if "another version of greatwar" in e["text"]]
    assert len(told) == 1 and OLDER not in told[0]["text"]  # a player's words
    assert f"actions {at + 1} to {stored}" in told[0]["text"]
    assert "case" not in told[0] and "to" not in told[0]  # public: every seat reads it
    after = {a.n: a.digest for a in service.storage.actions(game_id)}
    assert all(after[n] == before[n] for n in range(1, at + 1))  # the snapshot's part kept
    assert all(after[n] != before[n] for n in range(at + 1, stored + 1))  # worded anew
    assert after[stored] == live.state.digest()
    marks = service.storage.code_marks(game_id)
    assert marks == [(1, OLDER), (at + 1, upgrades.code_version())]
    snapshot = service.storage.latest_snapshot(game_id)
    assert snapshot is not None and snapshot[0] == stored and snapshot[2] == after[stored]
    service.storage.close()

    # rebuilt again by this version: from the new snapshot, nothing replayed, told once
    again, reloaded = _load(db, game_id)
    assert again.replayed == 0 and reloaded.state.digest() == live.state.digest()
    assert sum("another version" in e["text"] for e in reloaded.state.data["log"]) == 1
    again.storage.close()


def test_a_game_carried_over_is_played_on_and_rebuilt_to_its_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, game_id, stored, _ = _older_game(tmp_path, monkeypatch)

    async def play_on() -> str:
        service = GameService(SQLiteStorage(db))
        await _random_actions(service, game_id, 10, 5)
        live = await service.game(game_id)
        assert live.version > stored
        digest = live.state.digest()
        await _stop(service)
        return digest

    digest = asyncio.run(play_on())
    again, live = _load(db, game_id)
    assert live.state.digest() == digest  # rebuilt to the digest its last action stored
    again.storage.close()


def test_a_game_stored_before_versions_were_marked_is_carried_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    db, game_id, stored, _ = _older_game(tmp_path, monkeypatch, None)
    with caplog.at_level(logging.WARNING):
        service, live = _load(db, game_id)
    assert "stored by another version of greatwar (unmarked)" in caplog.text
    told = [e["text"] for e in live.state.data["log"] if "another version" in e["text"]]
    assert len(told) == 1
    assert live.version == stored
    service.storage.close()


def test_a_game_this_version_stored_that_replays_otherwise_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.db"
    game_id, _, _ = _play_a_while(db)
    reword(monkeypatch)
    service = _refused(db, game_id)
    assert service.storage.code_marks(game_id) == [(1, upgrades.code_version())]
    service.storage.close()


def test_a_game_another_version_stored_whose_action_this_one_refuses_is_refused(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    game_id, stored, _ = _play_a_while(db)
    _stored_by(db, game_id, OLDER)
    no_action = '{"type":"no such action"}'
    _sql(
        db, "UPDATE actions SET action = ? WHERE game_id = ? AND n = ?", no_action, game_id, stored
    )
    service = _refused(db, game_id)
    assert service.storage.code_marks(game_id) == [(1, OLDER)]
    service.storage.close()


def test_a_game_another_version_stored_that_replays_alike_is_marked_as_this_ones(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    game_id, stored, _ = _play_a_while(db)
    _stored_by(db, game_id, OLDER)
    service, live = _load(db, game_id)
    assert not any("another version" in e["text"] for e in live.state.data["log"])
    assert service.storage.code_marks(game_id) == [
        (1, OLDER),
        (stored + 1, upgrades.code_version()),
    ]
    service.storage.close()


def test_the_code_version_follows_the_packages_code_and_data(tmp_path: Path) -> None:
    """A version is its ``.py`` and ``.toml`` files: a change to one is another version,
    a change to the browser's scripts or a cache is not."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "combat.py").write_text("X = 1\n")
    (tmp_path / "scenario.toml").write_text("turns = 5\n")
    (tmp_path / "web.js").write_text("let a = 1;\n")
    first = upgrades.tree_digest(tmp_path)
    assert len(first) == 16 and upgrades.tree_digest(tmp_path) == first
    (tmp_path / "web.js").write_text("let a = 2;\n")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "combat.py").write_text("cached")
    assert upgrades.tree_digest(tmp_path) == first
    (tmp_path / "scenario.toml").write_text("turns = 6\n")
    second = upgrades.tree_digest(tmp_path)
    assert second != first
    (tmp_path / "rules" / "combat.py").write_text("X = 2\n")
    assert upgrades.tree_digest(tmp_path) not in (first, second)
    assert upgrades.code_version() == upgrades.tree_digest(Path(upgrades.__file__).parent.parent)


def test_the_notice_says_which_actions_were_replayed_and_whose_the_log_before_is() -> None:
    whole = upgrades.notice(1, 888)
    assert "actions 1 to 888" in whole and "log before" not in whole
    tail = upgrades.notice(864, 888)
    assert "actions 864 to 888" in tail and "log before them" in tail
    assert "replayed action 9 " in upgrades.notice(9, 9)
    assert upgrades.others_of([(1, "a"), (5, "b")], 1, 6) == ["a", "b"]
    assert upgrades.others_of([(3, upgrades.code_version())], 1, 4) == ["unmarked"]


def test_a_submission_belongs_to_the_version_marked_last_before_it() -> None:
    assert upgrades.code_of([(1, "a"), (5, "b")], 4) == "a"
    assert upgrades.code_of([(1, "a"), (5, "b")], 5) == "b"
    assert upgrades.code_of([(3, "a")], 2) is None


def test_each_backend_keeps_the_marks_and_rewrites_digests(db: str | Path) -> None:
    from greatwar.server.storage import GameRecord, open_storage

    storage = open_storage(db)
    try:
        record = GameRecord("g1", "gwite/teaching", {}, 1, {"allied": "human"}, False)
        storage.create_game(record, {"allied": "t"})
        for n in (1, 2, 3):
            storage.append_action("g1", n, "allied", {"type": "x", "n": n}, f"s{n}", f"d{n}")
        assert storage.code_marks("g1") == []
        storage.mark_code("g1", 1, "a")
        storage.mark_code("g1", 3, "b")
        storage.mark_code("g1", 3, "c")  # a mark at the same submission replaces it
        assert storage.code_marks("g1") == [(1, "a"), (3, "c")]
        storage.rewrite_digests("g1", {2: "new2", 3: "new3"})
        assert [a.digest for a in storage.actions("g1")] == ["d1", "new2", "new3"]
        dumped = [row for row in storage.dump() if row["table"] == "code_marks"]
        assert [r["row"]["first_n"] for r in dumped] == [1, 3]
    finally:
        storage.close()


#: a Tannenberg game exported by greatwar 29d8266, before versions were marked and before
#: its 17.3.3 log line was reworded (f01bedd): 868 actions, the line at the 863rd
#: (made by /tmp scripts of the seventeenth session: the export of ``greatwar games
#: export`` of a random game, seed 7, played at that commit)
EARLIER = Path(__file__).parents[1] / "fixtures" / "upgrades" / "tannenberg-29d8266.json.gz"


def test_a_game_an_earlier_version_exported_is_imported_and_carried_over(tmp_path: Path) -> None:
    from greatwar.server.replay import import_game

    doc = json.loads(gzip.decompress(EARLIER.read_bytes()))
    assert "code_marks" not in doc and len(doc["actions"]) == 868
    db = tmp_path / "games.db"
    storage = SQLiteStorage(db)
    game_id = import_game(storage, doc)
    assert storage.code_marks(game_id) == []
    storage.close()

    service, live = _load(db, game_id)
    assert live.version == 868 and service.replayed == 868
    told = [e["text"] for e in live.state.data["log"] if "another version" in e["text"]]
    assert len(told) == 1 and "actions 1 to 868" in told[0]
    assert live.state.digest() != doc["actions"][-1]["digest"]  # this version words it otherwise
    assert service.storage.actions(game_id)[-1].digest == live.state.digest()
    assert service.storage.code_marks(game_id) == [(1, upgrades.code_version())]
    service.storage.close()
