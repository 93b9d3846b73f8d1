"""A small client of the server's API for the tests, with a peek at the true state."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

from fastapi.testclient import TestClient

from greatwar.engine.state import State
from greatwar.server.dice_commitment import DiceCommitment
from greatwar.server.games import GameService, LiveGame

_ids = itertools.count(1)


class Api:
    """The API as a test uses it, with a peek at the true state behind it."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    @property
    def service(self) -> GameService:
        return self.client.app.state.service  # type: ignore[attr-defined,no-any-return]

    def live(self, game_id: str) -> LiveGame:
        return self.service._games[game_id]

    def state(self, game_id: str) -> State:
        return self.live(game_id).state

    def new_game(self, **body: Any) -> dict[str, Any]:
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def get(
        self, game_id: str, token: str, role: str | None = None, log_key: str | None = None
    ) -> dict[str, Any]:
        params = {"token": token} | ({"role": role} if role else {})
        params |= {"log_key": log_key} if log_key is not None else {}
        response = self.client.get(f"/api/games/{game_id}", params=params)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def post(
        self,
        game_id: str,
        token: str | None,
        action: dict[str, Any],
        version: int,
        role: str | None = None,
        submission_id: str | None = None,
        log_key: str | None = None,
    ) -> Any:
        body: dict[str, Any] = {
            "token": token,
            "version": version,
            "action": action,
            "submission_id": submission_id or f"s{next(_ids)}",
        }
        if role is not None:
            body["role"] = role
        if log_key is not None:
            body["log_key"] = log_key
        return self.client.post(f"/api/games/{game_id}/actions", json=body)

    def act(
        self,
        game_id: str,
        token: str,
        action: dict[str, Any],
        role: str | None = None,
        log_key: str | None = None,
    ) -> Any:
        """Submit at the game's current version; the response must accept it."""
        version = self.live(game_id).version
        response = self.post(game_id, token, action, version, role, log_key=log_key)
        assert response.status_code == 200, response.text
        return response.json()

    def dice(self, game_id: str) -> DiceCommitment:
        """The commitment to the game's dice, as stored (seed and salt included)."""
        dice = self.service.storage.dice_of(game_id)
        assert dice is not None
        return dice

    def settle(self, game_id: str) -> LiveGame:
        """Wait (bounded) until the computer has nothing to play in the game.

        The state is only looked at on the server's own event loop: it may be in the middle
        of an action anywhere else."""
        live = self.live(game_id)
        for _ in range(20_000):
            if self.client.portal.call(_idle, live):  # type: ignore[union-attr]
                return live
            time.sleep(0.005)
        raise AssertionError("the computer never finished its moves")


class Page:
    """The log as the game page keeps it (greatwar/web/js/log-keys.js ``wholeLog``): payloads
    send the entries after those of the key the page gave (``log_base``); the page keeps
    the keys of the log it holds, each naming a prefix of it, and starts again from a
    whole log."""

    def __init__(self) -> None:
        self.log: list[dict[str, Any]] = []
        self.keys: dict[str, int] = {}
        self.key: str | None = None

    def take(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The payload's view with the whole log (the page's own entries before the sent)."""
        sent, base = payload["view"]["log"], payload["log_base"]
        if base is None:
            assert payload["log_after"] == 0
            log, self.keys = sent, {}
        else:
            after = payload["log_after"]
            assert self.keys[base] == after, "a log continued that the page lacks"
            log = self.log[:after] + sent
            # the entries after the first ``after`` were replaced by those sent: a key
            # naming more of them names entries no longer held
            self.keys = {key: count for key, count in self.keys.items() if count <= after}
        self.log, self.key = log, payload["log_key"]
        self.keys[self.key] = len(log)
        return {**payload["view"], "log": log}


async def _idle(live: LiveGame) -> bool:
    return live.computer_to_move() is None and (live.driver is None or live.driver.done())


def error_code(response: Any) -> str:
    """The code of an error response (and it has the documented shape)."""
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message", "case"}, body
    assert body["error"]["message"]
    return body["error"]["code"]  # type: ignore[no-any-return]


def check_commitment(dice: DiceCommitment, payload: dict[str, Any], over: bool) -> None:
    """What a payload may say of the game's dice (issue 20): the commitment's hash and who
    sent entropy; the salt (and the seed) only in the part revealed once the game is over."""
    shown = payload.get("commitment")
    if shown is not None:
        assert shown["hash"] == dice.commitment
        assert (shown["revealed"] is not None) == over, "the commitment revealed too early"
    if not over:
        assert dice.salt not in json.dumps(payload), "the salt of the dice was sent"
