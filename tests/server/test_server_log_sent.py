"""A view's log is sent from where the page has it (issue 20, the load goal: the log grows
all game, and sending it whole with every payload made each action cost more as games
aged).  The page sends back ``log_key``; the server sends the entries after it, or the
whole log when the key names no log the seat's log begins with."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given, settings
from hypothesis import strategies as st
from server_client import Api, Page, error_code

from greatwar.server.app import create_app
from greatwar.server.views import UNDO, LogChain, seat_view

GWITE, TANNENBERG = "gwite/teaching", "tannenberg/teaching"


def moves(api: Api, game_id: str, tokens: dict[str, str], count: int, rng: random.Random) -> None:
    """``count`` random actions (never undo) by whoever must act."""
    for _ in range(count):
        state = api.state(game_id)
        if state.is_over():
            return
        role = state.active_roles()[0]
        api.act(game_id, tokens[role], rng.choice(state.legal_actions(role)))


def tokens_of(made: dict[str, Any]) -> dict[str, str]:
    return {role: seat["token"] for role, seat in made["seats"].items()}


def test_an_action_s_answer_sends_the_log_after_the_key_the_page_holds(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, tokens = made["game_id"], tokens_of(made)
    page = Page()
    page.take(api.get(game_id, tokens["allied"]))
    held = len(page.log)
    action = api.state(game_id).legal_actions("allied")[0]
    answer = api.act(game_id, tokens["allied"], action, log_key=page.key)
    assert (answer["log_base"], answer["log_after"]) == (page.key, held)
    assert [e["n"] for e in answer["view"]["log"]] == list(
        range(held + 1, held + 1 + len(answer["view"]["log"]))
    )
    assert page.take(answer) == seat_view(api.state(game_id), "allied")
    # the GET too, and with nothing new it sends no entry
    again = api.get(game_id, tokens["allied"], log_key=page.key)
    assert (again["view"]["log"], again["log_after"]) == ([], len(page.log))
    assert page.take(again) == seat_view(api.state(game_id), "allied")


def test_after_an_undo_the_key_of_the_longer_log_gets_the_whole_log(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, allied = made["game_id"], made["seats"]["allied"]["token"]
    page = Page()
    page.take(api.get(game_id, allied))
    before = len(page.log)
    while len(page.log) == before:  # a select writes nothing; the move after it does
        state = api.state(game_id)
        move = next(a for a in state.legal_actions("allied") if a["type"] in ("select", "move"))
        page.take(api.act(game_id, allied, move, log_key=page.key))
    longer = page.key
    undone = api.act(game_id, allied, UNDO, log_key=longer)
    assert (undone["log_base"], undone["log_after"]) == (None, 0)
    assert page.take(undone) == seat_view(api.state(game_id), "allied")
    assert api.get(game_id, allied, log_key=longer)["log_base"] is None
    # the key of a log the undo kept is still good
    first = next(iter(page.keys))
    assert api.get(game_id, allied, log_key=first)["log_base"] == first


@pytest.mark.parametrize(
    "key", ["", "abc", "0", "3", "3-", "3-00", "-1-00", "99999999999-00", "1-zz", "2-" + "0" * 18]
)
def test_a_key_naming_no_log_of_the_seat_gets_the_whole_log(api: Api, key: str) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, allied = made["game_id"], made["seats"]["allied"]["token"]
    got = api.get(game_id, allied, log_key=key)
    assert (got["log_base"], got["log_after"]) == (None, 0)
    assert got["view"] == seat_view(api.state(game_id), "allied")


def test_a_key_too_long_is_refused_as_malformed(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, allied = made["game_id"], made["seats"]["allied"]["token"]
    response = api.client.get(
        f"/api/games/{game_id}", params={"token": allied, "log_key": "1-" + "a" * 300}
    )
    assert response.status_code == 422 and error_code(response) == "malformed"
    response = api.post(game_id, allied, {"type": "end_segment"}, 0, log_key="1-" + "a" * 300)
    assert response.status_code == 422 and error_code(response) == "malformed"
    assert api.live(game_id).version == 0


def test_hidden_information_a_key_of_the_other_seat_s_log_is_not_taken(api: Api) -> None:
    """Tannenberg hides entries from the other side: a key names one seat's log only, and a
    seat given the other's key is sent its own whole log (nothing of the other's)."""
    made = api.new_game(scenario=TANNENBERG, seed=2)
    game_id, tokens = made["game_id"], tokens_of(made)
    moves(api, game_id, tokens, 40, random.Random(1))
    german, russian = (api.get(game_id, tokens[r]) for r in ("german", "russian"))
    assert german["view"]["log"] != russian["view"]["log"]  # each sees entries the other not
    crossed = api.get(game_id, tokens["russian"], log_key=german["log_key"])
    assert (crossed["log_base"], crossed["view"]) == (None, russian["view"])


def test_a_restarted_server_takes_the_key_a_page_got_before(tmp_path: Path) -> None:
    """Keys name the entries, not a server: after a restart (or from another server process
    on the same database) the page is still sent only what follows."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=GWITE, seed=2)
        game_id, tokens = made["game_id"], tokens_of(made)
        moves(api, game_id, tokens, 30, random.Random(5))
        page = Page()
        page.take(api.get(game_id, tokens["allied"]))
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        got = api.get(game_id, tokens["allied"], log_key=page.key)
        assert (got["log_base"], got["view"]["log"]) == (page.key, [])
        moves(api, game_id, tokens, 10, random.Random(6))
        got = api.get(game_id, tokens["allied"], log_key=page.key)
        assert got["log_base"] == page.key and got["log_after"] == len(page.log)
        assert page.take(got) == seat_view(api.state(game_id), "allied")


def test_the_websocket_goes_on_from_the_key_it_was_opened_with(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, tokens = made["game_id"], tokens_of(made)
    moves(api, game_id, tokens, 5, random.Random(2))
    page = Page()
    page.take(api.get(game_id, tokens["central"]))
    url = f"/api/games/{game_id}/ws?token={tokens['central']}&log_key={page.key}"
    with client.websocket_connect(url) as ws:
        first = ws.receive_json()
        assert (first["log_base"], first["view"]["log"]) == (page.key, [])
        page.take(first)
        for _ in range(3):
            moves(api, game_id, tokens, 1, random.Random(3))
            update = ws.receive_json()
            assert update["log_base"] is not None
            assert page.take(update) == seat_view(api.state(game_id), "central")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**20), scenario=st.sampled_from([GWITE, TANNENBERG]))
@example(seed=317, scenario=GWITE)  # an undo's answer shortens the log; a key of the longer one
def test_a_page_following_answers_and_undos_always_holds_the_seat_s_whole_log(
    tmp_path_factory: pytest.TempPathFactory, seed: int, scenario: str
) -> None:
    """Whatever the play and undos, the page's log put together from the answers is the
    seat's whole log, and a key the server takes is one of the page's."""
    rng = random.Random(seed)
    db = tmp_path_factory.mktemp("log") / "games.sqlite"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=scenario, seed=seed)
        game_id, tokens = made["game_id"], tokens_of(made)
        pages = {role: Page() for role in tokens}
        for role, page in pages.items():
            page.take(api.get(game_id, tokens[role]))
        for _ in range(40):
            state = api.state(game_id)
            if state.is_over():
                break
            role = state.active_roles()[0]
            page = pages[role]
            can_undo = state.can_undo(role)
            action = (
                UNDO if can_undo and rng.random() < 0.3 else rng.choice(state.legal_actions(role))
            )
            key = rng.choice([page.key, *page.keys]) if page.keys else None
            answer = api.act(game_id, tokens[role], action, log_key=key)
            assert answer["log_base"] in (None, key)
            assert page.take(answer) == seat_view(api.state(game_id), role)


def test_log_chain_keys_differ_for_different_entries_and_name_each_prefix() -> None:
    one, other = LogChain(), LogChain()
    entries = [{"n": i, "text": f"entry {i}"} for i in range(1, 6)]
    one.extend(entries)
    other.extend([*entries[:3], {"n": 4, "text": "another entry"}])
    assert [one.held(one.key(k)) for k in range(1, 6)] == [1, 2, 3, 4, 5]
    assert one.key(3) == other.key(3) and one.key(4) != other.key(4)
    assert one.held(other.key()) == 0
    one.extend(entries[:2])  # a shorter log is another log
    assert one.held(other.key(3)) == 0 and one.held(other.key(2)) == 2
