"""Helpers of the browser tests."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the server's JSON API (POST when there is a body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def get(base: str, game: dict[str, Any], role: str) -> Any:
    """A seat's payload (its view) through the API."""
    token = game["seats"][role]["token"]
    return api(base, f"/api/games/{game['game_id']}?token={token}")


def play_until(
    base: str, game: dict[str, Any], rng: random.Random, wanted: str, limit: int = 2000
) -> str:
    """Play random legal actions through the API (ending phases now and then) until a seat
    may take an action of type ``wanted``; that seat's role."""
    first = next(iter(game["seats"]))
    for _ in range(limit):
        roles = get(base, game, first)["view"]["active_roles"]
        role = rng.choice(roles)
        payload = get(base, game, role)
        actions = [a for a in payload["view"]["legal_actions"] if a["type"] != "undo"]
        if not actions:
            continue
        if any(a["type"] == wanted for a in actions):
            return str(role)
        ends = [a for a in actions if a["type"].startswith("end")]
        action = rng.choice(actions) if (rng.random() < 0.8 or not ends) else ends[0]
        body = {
            "token": game["seats"][role]["token"],
            "version": payload["version"],
            "action": action,
            "submission_id": f"kit-{payload['version']}-{role}",
        }
        api(base, f"/api/games/{game['game_id']}/actions", body)
    raise AssertionError(f"no {wanted!r} action within {limit} actions")


def new_game(
    base: str,
    scenario: str,
    *,
    seed: int,
    seats: dict[str, str],
    options: dict[str, Any] | None = None,
    hotseat: bool = False,
) -> Any:
    """Create a game through the API; its links by seat."""
    body = {
        "scenario": scenario,
        "options": options or {},
        "seed": seed,
        "seats": seats,
        "hotseat": hotseat,
    }
    return api(base, "/api/games", body)


def end_player_turn(base: str, game: dict[str, Any], role: str) -> int:
    """End ``role``'s phases through the API until another seat must act; the version
    after the last of them."""
    last = -1
    for n in range(60):
        payload = get(base, game, role)
        if role not in payload["view"]["active_roles"]:
            return last
        actions = [a for a in payload["view"]["legal_actions"] if a["type"].startswith("end")]
        assert actions, f"{role} has no end action: {payload['view']['legal_actions'][:3]}"
        body = {
            "token": game["seats"][role]["token"],
            "version": payload["version"],
            "action": actions[0],
            "submission_id": f"pace-{role}-{n}-{payload['version']}",
        }
        last = int(api(base, f"/api/games/{game['game_id']}/actions", body)["version"])
    raise AssertionError(f"{role}'s player-turn does not end")
