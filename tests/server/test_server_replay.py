"""The replay and the download (issue 17): a seat steps through the game's history as it
saw it, and downloads the game so far as it may know it — never more.

A Tannenberg teaching game (masks, hidden cards, hidden log entries) is played through
the API by random agents, keeping every seat's live view at every step; then each
step's replay view is compared with the live one, and every replay payload and the
download are searched for what the seat could not know at that step.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from server_client import Api
from test_leaks import SEED, secret_ids, secret_texts, strings_and_numbers

from greatwar.ai import make_agent
from greatwar.engine.state import State
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.rules.tannenberg import masking
from greatwar.server.views import UNDO, public_view, seat_view

SPECTATOR = "spectator"
#: played until the enemy's masks have been on the map for a while, or this many actions
MOST_STEPS = 400
#: steps with a masked piece on the map needed before stopping
MASKED_STEPS = 15


def masks_on_map(state: State) -> int:
    return sum(
        1
        for uid, record in state.data["units"].items()
        if record["status"] == "on_map" and masking.is_mask(state, uid)
    )


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what a replay never offers (actions, undo)."""
    return {k: v for k, v in view.items() if k not in ("legal_actions", "can_undo")}


@dataclass
class Played:
    game_id: str
    tokens: dict[str, str]
    roles: list[str]
    #: k -> the true state after k submissions
    states: list[State] = field(default_factory=list)
    #: k -> seat -> the live view then
    views: list[dict[str, dict[str, Any]]] = field(default_factory=list)


def live_views(state: State, roles: list[str]) -> dict[str, dict[str, Any]]:
    views = {role: comparable(seat_view(state, role)) for role in roles}
    views[SPECTATOR] = comparable(public_view(state))
    return views


def play(api: Api, scenario: str, options: dict[str, Any], steps: int) -> Played:
    """A game of two human seats played by random agents through the API, with each
    seat's live view kept at every step; it stops at ``steps`` actions, or once the
    first seat's enemy has had masked pieces on the map for :data:`MASKED_STEPS` steps
    (Tannenberg)."""
    made = api.new_game(scenario=scenario, seed=SEED, options=options)
    game_id = made["game_id"]
    tokens = {role: link["token"] for role, link in made["seats"].items()}
    tokens[SPECTATOR] = made["spectator"]["token"]
    roles = list(made["seats"])
    agents = {role: make_agent("random", 500 + i) for i, role in enumerate(roles)}
    game = Played(game_id, tokens, roles)
    masked_steps = 0
    for _ in range(steps + 1):
        state = api.state(game_id)
        game.states.append(state.clone())
        game.views.append(live_views(state, roles))
        if scenario.startswith("tannenberg/"):
            masked_steps += bool(secret_ids(state, roles[0]))
        if state.is_over() or masked_steps >= MASKED_STEPS or len(game.states) > steps:
            break
        role = state.active_roles()[0]
        legal = [a for a in state.view(role)["legal_actions"] if a != UNDO]
        api.act(game_id, tokens[role], agents[role].choose({"legal_actions": legal}))
    return game


@pytest.fixture
def played(api: Api) -> Played:
    game = play(api, "tannenberg/teaching", {}, MOST_STEPS)
    assert len(game.states) <= MOST_STEPS, "no masks were placed: the test proves nothing"
    return game


def replay_at(api: Api, game: Played, seat: str, k: int) -> dict[str, Any]:
    got = api.client.get(
        f"/api/games/{game.game_id}/replay/{k}", params={"token": game.tokens[seat]}
    )
    assert got.status_code == 200, got.text
    return got.json()  # type: ignore[no-any-return]


def steps_of(api: Api, game: Played, seat: str) -> dict[str, Any]:
    got = api.client.get(f"/api/games/{game.game_id}/replay", params={"token": game.tokens[seat]})
    assert got.status_code == 200, got.text
    return got.json()  # type: ignore[no-any-return]


def assert_nothing_hidden_in(payload: Any, state: State, seat: str) -> None:
    """Nothing ``seat`` may not know at ``state`` is in ``payload``."""
    text = json.dumps(payload, ensure_ascii=False)
    strings, numbers = strings_and_numbers(payload)
    assert SEED not in numbers and str(SEED) not in text
    assert "seed" not in strings and "dice" not in strings
    for uid in secret_ids(state, seat):
        assert uid not in strings, f"{seat} was shown the hidden piece {uid}"
    for secret in secret_texts(state, seat):
        assert json.dumps(secret, ensure_ascii=False)[1:-1] not in text, secret


def test_the_replay_view_at_each_step_is_the_live_view_then(api: Api, played: Played) -> None:
    for seat in [*played.roles, SPECTATOR]:
        for k, views in enumerate(played.views):
            got = replay_at(api, played, seat, k)
            assert got["step"] == k
            assert got["view"]["legal_actions"] == [] and not got["view"]["can_undo"]
            assert comparable(got["view"]) == views[seat], f"{seat} at step {k}"


def test_the_replay_never_shows_the_enemys_masked_pieces_or_hidden_moves(
    api: Api, played: Played
) -> None:
    last = len(played.states) - 1
    for seat in [*played.roles, SPECTATOR]:
        for k, state in enumerate(played.states):
            assert_nothing_hidden_in(replay_at(api, played, seat, k), state, seat)
        steps = steps_of(api, played, seat)
        assert steps["count"] == last and not steps["over"]
        assert_nothing_hidden_in(steps, played.states[-1], seat)
        for step in steps["steps"]:
            assert step["phase"], step
            if step["role"] == seat or step.get("action") == UNDO:
                assert "action" in step
            else:  # an enemy's (or, for a spectator, anyone's) action is never given
                assert step["hidden"] is True and "action" not in step, step
        mine = [s for s in steps["steps"] if s["role"] == seat]
        assert seat == SPECTATOR or mine, "the seat's own actions are listed"


def test_a_step_outside_the_game_is_refused(api: Api, played: Played) -> None:
    k = len(played.states)
    got = api.client.get(
        f"/api/games/{played.game_id}/replay/{k}", params={"token": played.tokens[SPECTATOR]}
    )
    assert got.status_code == 404 and got.json()["error"]["code"] == "no_step"
    bad = api.client.get(f"/api/games/{played.game_id}/replay/0", params={"token": "nope"})
    assert bad.status_code == 403


def test_the_download_is_what_the_seat_may_know_without_seed_or_hidden_actions(
    api: Api, played: Played
) -> None:
    for seat in [*played.roles, SPECTATOR]:
        got = api.client.get(
            f"/api/games/{played.game_id}/download", params={"token": played.tokens[seat]}
        )
        assert got.status_code == 200, got.text
        assert "attachment" in got.headers["content-disposition"]
        doc = got.json()
        assert doc["format"] == "greatwar-download/1"
        assert doc["version"] == len(played.states) - 1
        assert comparable(doc["view"]) == played.views[-1][seat]
        assert len(doc["steps"]) == doc["version"]
        assert_nothing_hidden_in(doc, played.states[-1], seat)
        assert all("action" not in s for s in doc["steps"] if s["role"] != seat and s.get("hidden"))


def test_after_the_game_everything_is_shown(api: Api) -> None:
    made = api.new_game(
        scenario="gwite/teaching", seed=3, seats={"central": "computer", "allied": "computer"}
    )
    game_id = made["game_id"]
    live = api.settle(game_id)
    assert live.state.is_over()
    steps = api.client.get(
        f"/api/games/{game_id}/replay", params={"token": made["spectator"]["token"]}
    ).json()
    assert steps["over"] and steps["count"] == live.version
    assert all("action" in s for s in steps["steps"])
    first = api.client.get(
        f"/api/games/{game_id}/replay/1", params={"token": made["spectator"]["token"]}
    ).json()
    assert first["view"]["revealed"] is True


def test_a_new_game_replays_its_start(api: Api) -> None:
    made = api.new_game(scenario="gwite/teaching", seed=5)
    token = made["spectator"]["token"]
    steps = api.client.get(f"/api/games/{made['game_id']}/replay", params={"token": token})
    assert steps.status_code == 200 and steps.json()["count"] == 0
    start = api.client.get(f"/api/games/{made['game_id']}/replay/0", params={"token": token})
    assert start.status_code == 200, start.text
    assert start.json()["view"] == {**public_view(api.state(made["game_id"]))}
    download = api.client.get(f"/api/games/{made['game_id']}/download", params={"token": token})
    assert download.status_code == 200 and download.json()["steps"] == []


def test_hindenburg_hidden_gruppen_replay_as_each_seat_saw_them(api: Api) -> None:
    """Von Hindenburg's hidden Gruppen (18.12): each seat's views are worked out on the
    state as it may know it; the replay gives the same, and the enemy's moves hidden."""
    game = play(api, "gwite/hindenburg-teaching", {gruppen.OPTION: True}, 90)
    for seat in [*game.roles, SPECTATOR]:
        for k in range(0, len(game.views), 3):
            got = replay_at(api, game, seat, k)
            assert comparable(got["view"]) == game.views[k][seat], f"{seat} at step {k}"
        steps = steps_of(api, game, seat)["steps"]
        for step in steps:
            if step["role"] != seat and step.get("action") != UNDO:
                assert step["hidden"] and "action" not in step
        assert any(s.get("hidden") for s in steps), "the enemy acted in the game"


def test_once_the_game_is_over_the_replay_shows_everything(api: Api) -> None:
    """After the end every seat may see all: the masked pieces at each step, every action."""
    made = api.new_game(scenario="tannenberg/teaching", seed=SEED)
    game_id = made["game_id"]
    tokens = {role: link["token"] for role, link in made["seats"].items()}
    tokens[SPECTATOR] = made["spectator"]["token"]
    rng = random.Random(2)
    states: list[State] = []
    masked = 0
    while not api.state(game_id).is_over() and len(states) < 3000:
        state = api.state(game_id)
        states.append(state.clone())
        masked += bool(secret_ids(state, SPECTATOR))
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        ends = [a for a in legal if a["type"].startswith("end")]
        pick = ends if ends and masked and rng.random() < 0.7 else legal
        api.act(game_id, tokens[role], rng.choice(pick))
    assert api.state(game_id).is_over() and masked
    hidden_then = [k for k, s in enumerate(states) if secret_ids(s, SPECTATOR)]
    for seat in tokens:
        steps = steps_of(api, Played(game_id, tokens, list(made["seats"])), seat)
        assert steps["over"] and all("action" in s and "hidden" not in s for s in steps["steps"])
        for k in hidden_then[:: max(1, len(hidden_then) // 5)]:
            got = replay_at(api, Played(game_id, tokens, []), seat, k)
            strings, _ = strings_and_numbers(got["view"])
            assert got["view"]["revealed"] is True
            assert secret_ids(states[k], seat) <= strings, f"{seat} sees everything at {k}"
            units = got["view"]["units"]
            shown = [u for u in units if u.get("type") == "mask" and u["status"] == "on_map"]
            assert len(shown) == masks_on_map(states[k]), "each mask once, as its owner sees it"


def test_the_hotseat_table_replays_as_the_seat_it_plays(api: Api) -> None:
    made = api.new_game(scenario="tannenberg/teaching", seed=SEED, hotseat=True)
    game_id, table = made["game_id"], made["table"]["token"]
    state = api.state(game_id)
    role = state.active_roles()[0]
    api.act(game_id, table, state.legal_actions(role)[0], role=role)
    for seat in made["seats"]:
        got = api.client.get(
            f"/api/games/{game_id}/replay/1", params={"token": table, "role": seat}
        )
        assert got.status_code == 200 and got.json()["role"] == seat
        assert comparable(got.json()["view"]) == comparable(seat_view(api.state(game_id), seat))
    bare = api.client.get(f"/api/games/{game_id}/replay/1", params={"token": table}).json()
    assert comparable(bare["view"]) == comparable(public_view(api.state(game_id)))
    spectator = made["spectator"]["token"]
    refused = api.client.get(
        f"/api/games/{game_id}/replay/1", params={"token": spectator, "role": role}
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_seat"
