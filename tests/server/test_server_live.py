"""Live updates over the WebSocket: each connection gets its own seat's payload."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_client import Api, Page

from greatwar.server.views import public_view, seat_view


def ws_url(game_id: str, token: str, role: str | None = None) -> str:
    return f"/api/games/{game_id}/ws?token={token}" + (f"&role={role}" if role else "")


def test_a_seat_gets_the_state_on_connecting_and_after_every_action(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=3)
    game_id = made["game_id"]
    allied, central = made["seats"]["allied"]["token"], made["seats"]["central"]["token"]
    page = Page()
    with client.websocket_connect(ws_url(game_id, central)) as ws:
        first = ws.receive_json()
        assert (first["type"], first["version"], first["seat"]) == ("state", 0, "central")
        assert page.take(first) == seat_view(api.state(game_id), "central")
        assert first["seats"]["central"]["connected"] is True
        assert first["seats"]["allied"]["connected"] is False
        action = api.state(game_id).legal_actions("allied")[0]
        api.act(game_id, allied, action)
        update = ws.receive_json()
        assert update["version"] == 1
        assert page.take(update) == seat_view(api.state(game_id), "central")
        assert update["view"]["legal_actions"] == []  # it is not central's move
        assert set(update) == {"type", *api.get(game_id, central)}
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_two_seats_and_a_spectator_each_get_their_own_view(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario="tannenberg/teaching", seed=2)
    game_id = made["game_id"]
    german, russian = made["seats"]["german"]["token"], made["seats"]["russian"]["token"]
    spectator = made["spectator"]["token"]
    with (
        client.websocket_connect(ws_url(game_id, german)) as ws_g,
        client.websocket_connect(ws_url(game_id, russian)) as ws_r,
        client.websocket_connect(ws_url(game_id, spectator)) as ws_s,
    ):
        pages = {ws_g: Page(), ws_r: Page(), ws_s: Page()}
        # each connection is told of the ones after it (its seat shows as connected)
        for ws, count in ((ws_g, 3), (ws_r, 2), (ws_s, 1)):
            for _ in range(count):
                last = ws.receive_json()
                pages[ws].take(last)
            assert last["seats"]["german"]["connected"] and last["seats"]["russian"]["connected"]
        action = api.state(game_id).legal_actions("russian")[0]
        api.act(game_id, russian, action)
        state = api.state(game_id)
        assert pages[ws_g].take(ws_g.receive_json()) == seat_view(state, "german")
        assert pages[ws_r].take(ws_r.receive_json()) == seat_view(state, "russian")
        shown = ws_s.receive_json()
        assert (shown["seat"], shown["role"]) == ("spectator", None)
        assert pages[ws_s].take(shown) == public_view(state)


def test_the_hotseat_table_follows_the_seat_it_names(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=3, hotseat=True)
    game_id, table = made["game_id"], made["table"]["token"]
    with client.websocket_connect(ws_url(game_id, table, "allied")) as ws:
        got = ws.receive_json()
        assert (got["seat"], got["role"]) == ("table", "allied")
        assert got["seats"]["allied"]["connected"] and got["seats"]["central"]["connected"]
        assert (
            got["view"]["legal_actions"] == seat_view(api.state(game_id), "allied")["legal_actions"]
        )


def refused(client: TestClient, url: str) -> dict[str, Any]:
    with client.websocket_connect(url) as ws:
        message = ws.receive_json()
    assert message["type"] == "error"
    return message["error"]  # type: ignore[no-any-return]


def test_a_bad_connection_is_told_why_and_closed(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=3)
    game_id = made["game_id"]
    assert refused(client, ws_url("nope", "x"))["code"] == "unknown_game"
    assert refused(client, ws_url(game_id, "forged"))["code"] == "bad_token"
    token = made["seats"]["allied"]["token"]
    assert refused(client, ws_url(game_id, token, "central"))["code"] == "not_your_seat"
    assert api.live(game_id).connections == set()
