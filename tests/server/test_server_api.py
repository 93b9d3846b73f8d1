"""The HTTP API of the game server: every endpoint, and every refusal changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_client import Api, error_code

import greatwar
from greatwar.ai import DEFAULT_AGENT
from greatwar.model.loader import scenario_ids
from greatwar.server.views import seat_view

GWITE = "gwite/teaching"
TANNENBERG = "tannenberg/teaching"


# --- scenarios and new games --------------------------------------------------------------


def test_scenarios_lists_every_shipped_scenario_with_seats_and_options(client: TestClient) -> None:
    listed = client.get("/api/scenarios").json()
    assert [s["id"] for s in listed] == scenario_ids()
    by_id = {s["id"]: s for s in listed}
    assert [s["id"] for s in listed if s["default"]] == [GWITE]
    tannenberg = by_id[TANNENBERG]
    assert tannenberg["system"] == "tannenberg" and tannenberg["fictional"] is True
    assert [r["id"] for r in tannenberg["roles"]] == ["german", "russian"]
    assert all(r["name"] for r in tannenberg["roles"])
    three = next(o for o in tannenberg["options"] if o["name"] == "three_players")
    assert three["default"] is False and three["type"] == "bool" and three["description"]


def test_a_new_game_has_a_link_per_human_seat_and_one_for_spectators(api: Api) -> None:
    made = api.new_game(scenario=TANNENBERG, seed=4, seats={"russian": "computer"})
    game_id = made["game_id"]
    assert set(made["seats"]) == {"german"}
    assert made["table"] is None
    links = [made["seats"]["german"], made["spectator"]]
    assert len({link["token"] for link in links}) == 2
    for link in links:
        assert link["url"] == f"/game/{game_id}?token={link['token']}"
    seats = api.get(game_id, made["spectator"]["token"])["seats"]
    assert seats["russian"]["kind"] == "computer"
    assert seats["russian"]["agent"] == DEFAULT_AGENT  # "computer" plays the default agent
    assert seats["german"]["kind"] == "human"


def test_three_player_tannenberg_has_three_seats(api: Api) -> None:
    made = api.new_game(scenario=TANNENBERG, options={"three_players": True})
    assert set(made["seats"]) == {"german", "russian-1", "russian-2"}


def test_the_seed_given_is_the_games_seed_and_none_draws_one(api: Api) -> None:
    given = api.new_game(scenario=GWITE, seed=11)
    assert api.service.storage.load_game(given["game_id"]).seed == 11
    drawn = [api.new_game(scenario=GWITE)["game_id"] for _ in range(2)]
    seeds = {api.service.storage.load_game(g).seed for g in drawn}
    assert len(seeds) == 2


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"scenario": "gwite/nowhere"}, 404, "unknown_scenario"),
        ({"scenario": "/etc/passwd"}, 404, "unknown_scenario"),
        ({"scenario": GWITE, "options": {"no_such_rule": True}}, 400, "bad_options"),
        ({"scenario": GWITE, "seats": {"martians": "human"}}, 400, "bad_seats"),
        ({"scenario": GWITE, "seats": {"allied": "robot"}}, 400, "bad_seats"),
        ({"scenario": GWITE, "seats": {"allied": "computer:nobody"}}, 400, "bad_seats"),
        ({"scenario": GWITE, "seed": "seven"}, 422, "malformed"),
    ],
)
def test_a_bad_new_game_is_refused_and_nothing_is_stored(
    client: TestClient, api: Api, body: dict[str, Any], status: int, code: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    assert error_code(response) == code
    assert api.service.storage.game_ids() == []


# --- viewing -------------------------------------------------------------------------------


def test_a_seat_gets_its_own_view_and_the_seats(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    token = made["seats"]["allied"]["token"]
    got = api.get(made["game_id"], token)
    assert got["game_id"] == made["game_id"] and got["scenario"] == GWITE
    assert (got["seat"], got["role"], got["version"]) == ("allied", "allied", 0)
    assert got["view"] == api.state(made["game_id"]).view("allied")
    assert got["seats"]["central"] == {
        "name": "Central Powers",
        "kind": "human",
        "connected": False,
    }
    by_header = client.get(f"/api/games/{made['game_id']}", headers={"X-Greatwar-Token": token})
    assert by_header.json() == got


def test_a_spectator_sees_no_legal_actions_and_only_public_log(api: Api) -> None:
    made = api.new_game(scenario=TANNENBERG, seed=2)
    got = api.get(made["game_id"], made["spectator"]["token"])
    assert (got["seat"], got["role"]) == ("spectator", None)
    view = got["view"]
    assert view["legal_actions"] == [] and view["can_undo"] is False
    assert view["active_roles"] == ["german", "russian"]
    assert all("to" not in entry for entry in view["log"])
    assert [e["n"] for e in view["log"]] == list(range(1, len(view["log"]) + 1))


# --- acting --------------------------------------------------------------------------------


def first_action(api: Api, game_id: str, role: str) -> dict[str, Any]:
    return api.state(game_id).legal_actions(role)[0]


def test_an_accepted_action_is_stored_then_answered(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    action = first_action(api, game_id, "allied")
    answer = api.post(game_id, token, action, 0, submission_id="first").json()
    assert answer["version"] == 1
    assert answer["view"] == seat_view(api.state(game_id), "allied")
    stored = api.service.storage.actions(game_id)
    assert [(s.n, s.role, s.action, s.submission_id) for s in stored] == [
        (1, "allied", action, "first")
    ]
    assert stored[0].digest == api.state(game_id).digest()


@pytest.fixture
def two_humans(api: Api) -> dict[str, Any]:
    """A gwite teaching game of two human seats, after one accepted action."""
    made = api.new_game(scenario=GWITE, seed=3)
    game_id = made["game_id"]
    api.act(game_id, made["seats"]["allied"]["token"], first_action(api, game_id, "allied"))
    return made


def _unknown_game(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["allied"]["token"]
    return api.post("nosuchgame", token, first_action(api, made["game_id"], "allied"), 1)


def _bad_token(api: Api, made: dict[str, Any]) -> Any:
    action = first_action(api, made["game_id"], "allied")
    return api.post(made["game_id"], "forged-token", action, 1)


def _other_games_token(api: Api, made: dict[str, Any]) -> Any:
    other = api.new_game(scenario=GWITE)
    action = first_action(api, made["game_id"], "allied")
    return api.post(made["game_id"], other["seats"]["allied"]["token"], action, 1)


def _no_token(api: Api, made: dict[str, Any]) -> Any:
    return api.post(made["game_id"], None, first_action(api, made["game_id"], "allied"), 1)


def _for_another_seat(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["central"]["token"]
    return api.post(
        made["game_id"], token, first_action(api, made["game_id"], "allied"), 1, "allied"
    )


def _spectator_acts(api: Api, made: dict[str, Any]) -> Any:
    token = made["spectator"]["token"]
    return api.post(made["game_id"], token, first_action(api, made["game_id"], "allied"), 1)


def _stale(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["allied"]["token"]
    return api.post(made["game_id"], token, first_action(api, made["game_id"], "allied"), 0)


def _duplicate(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["allied"]["token"]
    first_id = api.service.storage.actions(made["game_id"])[0].submission_id
    action = first_action(api, made["game_id"], "allied")
    return api.post(made["game_id"], token, action, 1, submission_id=first_id)


def _illegal(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["allied"]["token"]
    return api.post(made["game_id"], token, {"type": "teleport", "unit": "x"}, 1)


def _odd_values(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["allied"]["token"]
    action = {"type": "move", "unit": ["a", {"b": None}], "to": {"x": 1.5}, "path": 7}
    return api.post(made["game_id"], token, action, 1)


def _out_of_turn(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["central"]["token"]
    return api.post(made["game_id"], token, first_action(api, made["game_id"], "allied"), 1)


def _no_undo(api: Api, made: dict[str, Any]) -> Any:
    token = made["seats"]["central"]["token"]
    return api.post(made["game_id"], token, {"type": "undo"}, 1)


def _raw(body: Any) -> Callable[[Api, dict[str, Any]], Any]:
    def send(api: Api, made: dict[str, Any]) -> Any:
        url = f"/api/games/{made['game_id']}/actions"
        if isinstance(body, str):
            return api.client.post(url, content=body, headers={"content-type": "application/json"})
        filled = {"token": made["seats"]["allied"]["token"], **body}
        return api.client.post(url, json=filled)

    return send


REFUSALS: dict[str, tuple[Callable[[Api, dict[str, Any]], Any], int, str]] = {
    "unknown game": (_unknown_game, 404, "unknown_game"),
    "forged token": (_bad_token, 403, "bad_token"),
    "another game's token": (_other_games_token, 403, "bad_token"),
    "no token": (_no_token, 403, "bad_token"),
    "acting for another seat": (_for_another_seat, 403, "not_your_seat"),
    "spectator acting": (_spectator_acts, 403, "not_your_seat"),
    "stale version": (_stale, 409, "stale_version"),
    "duplicate submission": (_duplicate, 409, "duplicate_submission"),
    "illegal action": (_illegal, 400, "illegal"),
    "odd values in an action": (_odd_values, 400, "illegal"),
    "not this seat's move": (_out_of_turn, 400, "illegal"),
    "nothing to undo": (_no_undo, 400, "illegal"),
    "no version": (_raw({"action": {}, "submission_id": "m1"}), 422, "malformed"),
    "action not an object": (
        _raw({"version": 1, "action": [1, 2], "submission_id": "m2"}),
        422,
        "malformed",
    ),
    "empty submission id": (
        _raw({"version": 1, "action": {"type": "x"}, "submission_id": ""}),
        422,
        "malformed",
    ),
    "not JSON": (_raw("{not json"), 422, "malformed"),
}


@pytest.mark.parametrize("name", list(REFUSALS))
def test_each_refusal_has_its_code_and_changes_nothing(
    api: Api, two_humans: dict[str, Any], name: str
) -> None:
    send, status, code = REFUSALS[name]
    game_id = two_humans["game_id"]
    live = api.live(game_id)
    before = (live.version, live.state.digest(), len(api.service.storage.actions(game_id)))
    response = send(api, two_humans)
    assert response.status_code == status, response.text
    assert error_code(response) == code
    after = (live.version, live.state.digest(), len(api.service.storage.actions(game_id)))
    assert after == before
    assert api.live(game_id) is live


def test_an_illegal_action_says_why_with_the_rule_case(
    api: Api, two_humans: dict[str, Any]
) -> None:
    response = _out_of_turn(api, two_humans)
    error = response.json()["error"]
    assert "not central's move" in error["message"]
    assert error["case"]


def test_unknown_game_and_bad_token_when_viewing(
    client: TestClient, two_humans: dict[str, Any]
) -> None:
    token = two_humans["seats"]["allied"]["token"]
    assert error_code(client.get("/api/games/nope", params={"token": token})) == "unknown_game"
    game = f"/api/games/{two_humans['game_id']}"
    assert error_code(client.get(game, params={"token": "x"})) == "bad_token"
    assert error_code(client.get(game)) == "bad_token"
    other = client.get(game, params={"token": token, "role": "central"})
    assert other.status_code == 403 and error_code(other) == "not_your_seat"


def test_undo_is_offered_after_ones_own_move_and_takes_it_back(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    start = api.state(game_id).digest()
    assert {"type": "undo"} not in api.get(game_id, token)["view"]["legal_actions"]
    moved = api.act(game_id, token, first_action(api, game_id, "allied"))
    assert moved["view"]["can_undo"] is True
    assert moved["view"]["legal_actions"][-1] == {"type": "undo"}
    undone = api.act(game_id, token, {"type": "undo"})
    assert undone["version"] == 2  # the server's version only grows
    assert undone["view"]["version"] == 0  # the engine's: the action is taken back
    assert api.state(game_id).digest() == start


# --- hotseat -------------------------------------------------------------------------------


def test_the_hotseat_table_views_and_acts_for_each_human_seat(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario=TANNENBERG, seed=2, hotseat=True)
    game_id, table = made["game_id"], made["table"]["token"]
    assert made["table"]["url"] == f"/game/{game_id}?token={table}"
    neutral = api.get(game_id, table)
    assert (neutral["seat"], neutral["role"], neutral["view"]["legal_actions"]) == (
        "table",
        None,
        [],
    )
    for role in ("german", "russian"):
        seen = api.get(game_id, table, role)
        assert seen["role"] == role
        assert seen["view"] == api.state(game_id).view(role)
        answer = api.act(game_id, table, first_action(api, game_id, role), role=role)
        assert answer["view"]["role"] == role
    assert [s.role for s in api.service.storage.actions(game_id)] == ["german", "russian"]
    no_role = api.post(game_id, table, first_action(api, game_id, "german"), 2)
    assert error_code(no_role) == "not_your_seat"


def test_the_table_does_not_play_or_see_a_computer_seat(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario=GWITE, seed=3, hotseat=True, seats={"central": "computer"})
    game_id, table = made["game_id"], made["table"]["token"]
    response = client.get(f"/api/games/{game_id}", params={"token": table, "role": "central"})
    assert error_code(response) == "not_your_seat"


# --- the computer --------------------------------------------------------------------------


def test_the_computer_plays_its_seat_until_a_human_must_act(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=5, seats={"central": "computer"})
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    rng = random.Random(1)
    for _ in range(400):
        live = api.settle(game_id)
        if live.state.is_over():
            break
        assert live.state.active_roles() == ["allied"]
        version = api.get(game_id, token)["version"]
        assert version == live.version
        actions = live.state.legal_actions("allied")
        assert api.post(game_id, token, rng.choice(actions), version).status_code == 200
    roles = {s.role for s in api.service.storage.actions(game_id)}
    assert roles == {"allied", "central"}


def test_the_computer_s_reasons_are_stored_with_its_actions_and_shown_in_the_log(
    api: Api,
) -> None:
    # issue 6: the computer's choices are explained in the game log in a player's terms
    made = api.new_game(scenario=GWITE, seed=5, seats={"central": "computer"})
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    live = api.settle(game_id)
    for _ in range(200):  # the Allies pass until the computer has acted
        if live.notes or live.state.is_over():
            break
        passive = [a for a in live.state.legal_actions("allied") if a["type"] != "undo"]
        api.act(game_id, token, passive[-1])
        live = api.settle(game_id)
    central = [s.n for s in api.service.storage.actions(game_id) if s.role == "central"]
    notes = api.service.storage.notes(game_id)
    assert notes and {n.role for n in notes} == {"central"}
    assert {n.n for n in notes} <= set(central)  # each note belongs to a computer action
    shown = api.get(game_id, token)["notes"]
    assert [note["text"] for note in shown] == [n.text for n in notes]
    assert all(note["text"] and note["at"] >= 0 for note in shown)


def test_where_information_is_hidden_the_computer_s_reasons_wait_for_the_end(api: Api) -> None:
    # a Tannenberg reason may name a secret choice (a mask, a card): nothing before the end
    made = api.new_game(scenario=TANNENBERG, seed=4, seats={"russian": "computer"})
    game_id = made["game_id"]
    live = api.settle(game_id)
    assert api.service.storage.notes(game_id)  # the computer has given its reasons ...
    for seat in ("german", "spectator"):
        token = made["seats"]["german"]["token"] if seat == "german" else made["spectator"]["token"]
        assert api.get(game_id, token)["notes"] == []  # ... and nobody sees them yet
    assert not live.state.is_over()


def test_a_game_of_two_computers_plays_to_the_end_and_gives_its_record(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(
        scenario=GWITE, seed=6, seats={"allied": "computer", "central": "computer:random"}
    )
    game_id, token = made["game_id"], made["spectator"]["token"]
    running = client.get(f"/api/games/{game_id}/record", params={"token": token})
    if running.status_code == 403:  # refused while the game runs
        assert error_code(running) == "game_running"
    live = api.settle(game_id)
    assert live.state.is_over()
    record = client.get(f"/api/games/{game_id}/record", params={"token": token}).json()
    assert record["seed"] == 6 and record["scenario"] == GWITE
    assert greatwar.replay(record).digest() == live.state.digest()


def test_the_record_is_refused_while_the_game_runs(
    client: TestClient, two_humans: dict[str, Any]
) -> None:
    url = f"/api/games/{two_humans['game_id']}/record"
    for token in (two_humans["seats"]["allied"]["token"], two_humans["spectator"]["token"]):
        response = client.get(url, params={"token": token})
        assert response.status_code == 403 and error_code(response) == "game_running"
    assert error_code(client.get(url, params={"token": "forged"})) == "bad_token"


# --- my games ------------------------------------------------------------------------------


def test_my_games_summarises_the_games_of_known_tokens(api: Api, client: TestClient) -> None:
    one = api.new_game(scenario=GWITE, seed=1)
    two = api.new_game(scenario=TANNENBERG, seed=2)
    tokens = [one["seats"]["central"]["token"], "unknown", two["spectator"]["token"]]
    listed = client.post("/api/my-games", json={"tokens": tokens}).json()
    assert [(g["game_id"], g["seat"]) for g in listed] == [
        (one["game_id"], "central"),
        (two["game_id"], "spectator"),
    ]
    assert listed[0]["waiting_for"] == ["allied"] and listed[0]["over"] is False
    assert listed[0]["url"] == one["seats"]["central"]["url"]
    assert listed[1]["version"] == 0 and listed[1]["scenario"] == TANNENBERG
    bad = client.post("/api/my-games", json={"tokens": "abc"})
    assert error_code(bad) == "malformed"


# --- the API description -------------------------------------------------------------------


def test_the_api_is_described_by_openapi(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/scenarios",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record",
        "/api/my-games",
    ):
        assert path in spec["paths"]
    assert "Submission" in spec["components"]["schemas"]
    assert client.get("/docs").status_code == 200


def test_a_game_let_go_from_memory_is_rebuilt_when_asked_for(api: Api) -> None:
    api.service.cache_bytes = 1
    one = api.new_game(scenario=GWITE, seed=3)
    game_id, token = one["game_id"], one["seats"]["allied"]["token"]
    api.act(game_id, token, first_action(api, game_id, "allied"))
    digest = api.state(game_id).digest()
    api.new_game(scenario=GWITE, seed=4)
    assert game_id not in api.service._games
    assert api.get(game_id, token)["version"] == 1
    assert api.state(game_id).digest() == digest
