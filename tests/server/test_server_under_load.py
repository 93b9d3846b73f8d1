"""The server's short cuts under load (issue 20) keep its rulings: a used submission id is
refused from memory and after a rebuild from storage, the games in memory are counted as
they come, go and grow, and the payloads encoded in C are the JSON the standard library
gives."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from server_client import Api, error_code

from greatwar.server.encoding import dumps
from greatwar.server.games import HeldGames, LiveGame

GWITE = "gwite/teaching"


def _first_action(api: Api, game_id: str, role: str) -> dict[str, Any]:
    return api.state(game_id).legal_actions(role)[0]


def test_a_used_submission_id_is_refused_after_the_game_is_rebuilt_from_storage(
    api: Api,
) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    api.post(game_id, token, _first_action(api, game_id, "allied"), 0, submission_id="once")
    action = _first_action(api, game_id, "allied")
    api.service._games.clear()  # forgotten: rebuilt from storage when next asked for
    again = api.post(game_id, token, action, 1, "allied", "once")
    assert again.status_code == 409 and error_code(again) == "duplicate_submission"
    assert [s.submission_id for s in api.service.storage.actions(game_id)] == ["once"]


def test_a_new_submission_id_after_a_rebuild_is_accepted(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    api.post(game_id, token, _first_action(api, game_id, "allied"), 0, submission_id="one")
    action = _first_action(api, game_id, "allied")
    api.service._games.clear()
    answer = api.post(game_id, token, action, 1, "allied", "two")
    assert answer.status_code == 200 and answer.json()["version"] == 2


class _Record:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id


def _live(game_id: str, footprint: int) -> LiveGame:
    live = LiveGame.__new__(LiveGame)
    live.record = _Record(game_id)  # type: ignore[assignment]
    live.footprint = footprint
    return live


_steps = st.lists(
    st.tuples(
        st.sampled_from(["set", "del", "pop", "resize", "clear"]),
        st.sampled_from(["a", "b", "c"]),
        st.integers(0, 10_000),
    ),
    max_size=40,
)


@given(_steps)
def test_the_games_in_memory_are_counted_as_they_come_go_and_grow(steps: list[Any]) -> None:
    held = HeldGames()
    for op, game_id, size in steps:
        if op == "set":
            held[game_id] = _live(game_id, size)
        elif op == "del" and game_id in held:
            del held[game_id]
        elif op == "pop":
            held.pop(game_id)
        elif op == "resize" and game_id in held:
            held.resize(held[game_id], size)
        elif op == "clear":
            held.clear()
        assert held.bytes == sum(live.footprint for live in held.values())


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(_json)
def test_a_payload_encoded_in_c_reads_back_as_the_standard_librarys(payload: Any) -> None:
    assert json.loads(dumps(payload)) == json.loads(json.dumps(payload))
