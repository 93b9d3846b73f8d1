"""A game's chat: stored with the game before it is acknowledged, sent live to every page,
signed with the seat; spectators read but do not write; messages have limits."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from server_client import Api

from greatwar.server.chat import MAX_CHAT_LENGTH
from greatwar.server.storage import SQLiteStorage


def chat(client: TestClient, game_id: str, token: str, text: str, role: str | None = None):  # type: ignore[no-untyped-def]
    body = {"token": token, "text": text} | ({"role": role} if role else {})
    return client.post(f"/api/games/{game_id}/chat", json=body)


def test_a_message_is_stored_signed_and_sent_live_to_every_seat(
    api: Api, client: TestClient, tmp_path: Path
) -> None:
    made = api.new_game(scenario="tannenberg/teaching", seed=2)
    game_id = made["game_id"]
    german, russian = made["seats"]["german"]["token"], made["seats"]["russian"]["token"]
    spectator = made["spectator"]["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={spectator}") as ws:
        ws.receive_json()  # the state on connecting
        answer = chat(client, game_id, german, "  Guten Tag  ")
        assert answer.status_code == 200
        message = answer.json()
        assert (message["n"], message["seat"], message["text"]) == (1, "german", "Guten Tag")
        assert message["name"] and message["time"] > 0
        assert ws.receive_json() == {"type": "chat", "message": message}
    # stored before acknowledged: the database has it, as every seat reads it
    stored = SQLiteStorage(tmp_path / "games.sqlite3").chat(game_id)
    assert [(m.n, m.seat, m.text) for m in stored] == [(1, "german", "Guten Tag")]
    chat(client, game_id, russian, "Dobryy den")
    for token in (german, russian, spectator):
        read = client.get(f"/api/games/{game_id}/chat", params={"token": token}).json()
        assert [(m["seat"], m["text"]) for m in read["messages"]] == [
            ("german", "Guten Tag"),
            ("russian", "Dobryy den"),
        ]


def test_a_spectator_reads_but_may_not_write(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=1)
    answer = chat(client, made["game_id"], made["spectator"]["token"], "hello")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "spectator_reads"
    read = client.get(f"/api/games/{made['game_id']}/chat", params={"token": "nope"})
    assert read.status_code == 403  # no seat, no chat


def test_empty_and_too_long_messages_are_refused_and_not_stored(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=1)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    for text in ("   ", "x" * (MAX_CHAT_LENGTH + 1)):
        answer = chat(client, game_id, token, text)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_chat"
    assert chat(client, game_id, token, "x" * MAX_CHAT_LENGTH).status_code == 200
    read = client.get(f"/api/games/{game_id}/chat", params={"token": token}).json()
    assert len(read["messages"]) == 1


def test_a_message_carries_no_token_and_a_token_of_another_game_is_refused(
    api: Api, client: TestClient
) -> None:
    one = api.new_game(scenario="gwite/teaching", seed=1)
    two = api.new_game(scenario="gwite/teaching", seed=1)
    token = one["seats"]["allied"]["token"]
    message = chat(client, one["game_id"], token, "secret plans").json()
    assert set(message) == {"n", "seat", "text", "time", "name"}
    assert token not in str(message)
    other = chat(client, two["game_id"], token, "intruder")
    assert other.status_code == 403 and other.json()["error"]["code"] == "bad_token"
    read = client.get(
        f"/api/games/{two['game_id']}/chat", params={"token": two["spectator"]["token"]}
    )
    assert read.json()["messages"] == []


def test_the_table_signs_with_the_seat_it_plays(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=1, hotseat=True)
    table = made["table"]["token"]
    message = chat(client, made["game_id"], table, "my move", role="central").json()
    assert message["seat"] == "central"
    assert chat(client, made["game_id"], table, "no seat").json()["seat"] == "table"


def test_a_message_goes_only_to_the_pages_of_its_game(api: Api, client: TestClient) -> None:
    one = api.new_game(scenario="gwite/teaching", seed=1)
    two = api.new_game(scenario="gwite/teaching", seed=1)
    watcher = two["spectator"]["token"]
    with client.websocket_connect(f"/api/games/{two['game_id']}/ws?token={watcher}") as ws:
        ws.receive_json()  # the state on connecting
        chat(client, one["game_id"], one["seats"]["allied"]["token"], "for game one only")
        chat(client, two["game_id"], two["seats"]["central"]["token"], "for game two")
        pushed = ws.receive_json()
    assert pushed["type"] == "chat" and pushed["message"]["text"] == "for game two"
