"""Leak tests: no payload the server sends a seat holds what that seat may not see.

A Tannenberg teaching game (two and three seats) is played through the API,
each seat choosing with a random agent from its own view's legal actions;
masking, reserve-reaction windows and combat cards all happen on the way.
Every payload sent to a seat — the answers to its actions, its GETs and its
WebSocket updates, the spectator's too — is checked against what is secret
from that seat in the true state at that moment:

* the ids of enemy units hidden under masking counters, and the real ids of
  the enemy's masks on the map (a seat sees only their anonymous handles);
* the opponent's combat card while it is not yet revealed;
* the text of every log entry the seat may not read;
* the supply state of every enemy unit, masked or not (15.0: a seat sees its own
  units' states, a spectator none);
* the dice seed (and with it every future roll: a view does not change when
  the seed does), and the salt of its commitment: a payload shows only the commitment's
  hash (issue 20).
"""

from __future__ import annotations

import json
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_client import Api, check_commitment

from greatwar.ai import make_agent
from greatwar.engine.state import State
from greatwar.rules.tannenberg import masking, seats
from greatwar.server.views import UNDO, public_view, seat_view

SEED = 7_340_021_119
#: the game is played until every kind of secret has been kept at least once (masks,
#: a hidden card, a reserve reaction, hidden log entries), or this many actions
STEPS = 700
SECRETS = ("masked", "card", "reaction", "log", "supply")
SPECTATOR = "spectator"


def side(state: State, uid: str) -> str:
    return state.game.static.units[uid].side  # type: ignore[no-any-return]


def visible_roles(state: State, seat: str) -> list[str]:
    """The roles whose knowledge a seat has (none for a spectator)."""
    return [] if seat == SPECTATOR else [seat]


def secret_ids(state: State, seat: str) -> set[str]:
    """Ids of the enemy's masked units and of his masks on the map (every side's for a
    spectator)."""
    mine = {seats.side_of_role(r) for r in visible_roles(state, seat)}
    out = set()
    for uid, record in state.data["units"].items():
        if side(state, uid) in mine or record["status"] != "on_map":
            continue
        if masking.is_mask(state, uid) or masking.is_masked(state, uid):
            out.add(uid)
    return out


def secret_texts(state: State, seat: str) -> set[str]:
    """Texts of the log entries the seat may not read (and no entry it reads contains:
    the enemy's short public note of an event may be part of its owner's full one)."""
    system = state.game.system
    readers = visible_roles(state, seat) or state.game.roles()

    def readable(entry: dict[str, Any]) -> bool:
        return all(system.log_visible(entry, r) for r in readers)

    log = state.data["log"]
    hidden = {e["text"] for e in log if not readable(e)}
    seen = [e["text"] for e in log if readable(e)]
    return {h for h in hidden if not any(h in s for s in seen)}


def hidden_cards(state: State, seat: str) -> dict[str, str]:
    """side -> card laid down but not yet revealed, of the sides the seat does not play."""
    top = state.top()
    if top is None or top["kind"] != "clash_cards":
        return {}
    mine = {seats.side_of_role(r) for r in visible_roles(state, seat)}
    return {s: c for s, c in top.get("chosen", {}).items() if s not in mine}


def strings_and_numbers(value: Any) -> tuple[set[str], set[int]]:
    texts: set[str] = set()
    numbers: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            texts.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            texts.add(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            numbers.add(item)
    return texts, numbers


def all_dicts(value: Any) -> list[dict[str, Any]]:
    """Every mapping inside a payload."""
    found = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def card_dicts(value: Any) -> list[dict[str, Any]]:
    """Every ``cards`` mapping inside a payload."""
    return [d["cards"] for d in all_dicts(value) if isinstance(d.get("cards"), dict)]


def supply_sides(value: Any) -> list[str]:
    """The sides of the pieces a payload gives a supply state (15.0)."""
    return [d.get("side", "?") for d in all_dicts(value) if "supply" in d or "supply_from" in d]


def enemy_units_on_map(state: State, seat: str) -> int:
    """How many units of the sides the seat does not play are on the map."""
    mine = {seats.side_of_role(r) for r in visible_roles(state, seat)}
    return sum(
        1
        for uid, record in state.data["units"].items()
        if record["status"] == "on_map" and side(state, uid) not in mine
    )


class Checker:
    """Checks payloads against the true state; counts the secrets it saw kept."""

    def __init__(self, api: Api, game_id: str) -> None:
        self.api = api
        self.game_id = game_id
        self.kept: Counter[str] = Counter()
        self.payloads = 0
        self.own_supply = 0  # payloads giving the seat its own units' supply states
        self.dice = api.dice(game_id)

    def check(self, seat: str, payload: dict[str, Any]) -> None:
        state = self.api.state(self.game_id)
        text = json.dumps(payload, ensure_ascii=False)
        strings, numbers = strings_and_numbers(payload)
        self.payloads += 1
        assert SEED not in numbers and str(SEED) not in text
        assert "dice" not in strings and "seed" not in strings
        check_commitment(self.dice, payload, state.is_over())
        for uid in secret_ids(state, seat):
            assert uid not in strings, f"{seat} was sent the hidden piece {uid}"
            self.kept["masked"] += 1
        for secret in secret_texts(state, seat):
            assert json.dumps(secret, ensure_ascii=False)[1:-1] not in text, (
                f"{seat} was sent a log entry it may not read: {secret}"
            )
            self.kept["log"] += 1
        for hidden_side in hidden_cards(state, seat):
            for cards in card_dicts(payload):
                assert hidden_side not in cards, f"{seat} was sent the {hidden_side} card"
            self.kept["card"] += 1
        mine = {seats.side_of_role(r) for r in visible_roles(state, seat)}
        shown = supply_sides(payload)
        assert set(shown) <= mine, f"{seat} was sent the supply state of a {set(shown) - mine} unit"
        self.own_supply += bool(shown)
        self.kept["supply"] += enemy_units_on_map(state, seat)
        if state.top() is not None and state.top()["kind"] == "reserve_reaction":
            self.kept["reaction"] += 1

    def check_seed_independence(self, seat: str) -> None:
        """The seat's view is the same whatever the dice seed: it tells no future roll."""
        state = self.api.state(self.game_id)
        other = state.clone()
        other.data["dice"]["seed"] = SEED + 1
        if seat == SPECTATOR:
            assert public_view(other) == public_view(state)
        else:
            assert seat_view(other, seat) == seat_view(state, seat)


def ws_url(game_id: str, token: str) -> str:
    return f"/api/games/{game_id}/ws?token={token}"


@pytest.mark.parametrize("three_players", [False, True], ids=["two seats", "three seats"])
def test_no_payload_holds_what_its_seat_may_not_see(
    api: Api, client: TestClient, three_players: bool
) -> None:
    made = api.new_game(
        scenario="tannenberg/teaching", seed=SEED, options={"three_players": three_players}
    )
    game_id = made["game_id"]
    tokens = {role: link["token"] for role, link in made["seats"].items()}
    tokens[SPECTATOR] = made["spectator"]["token"]
    agents = {role: make_agent("random", 1000 + i) for i, role in enumerate(made["seats"])}
    checker = Checker(api, game_id)
    with ExitStack() as stack:
        sockets = {}
        for n, (seat, token) in enumerate(tokens.items()):
            sockets[seat] = stack.enter_context(client.websocket_connect(ws_url(game_id, token)))
            for earlier in list(sockets)[: n + 1]:  # each is told of the newcomer
                checker.check(earlier, sockets[earlier].receive_json())
        for step in range(STEPS):
            state = api.state(game_id)
            if state.is_over() or all(checker.kept[k] > 0 for k in SECRETS):
                break
            role = state.active_roles()[0]
            if step % 5 == 0:
                for seat, token in tokens.items():
                    checker.check(seat, api.get(game_id, token))
            if step % 20 == 0:
                for seat in tokens:
                    checker.check_seed_independence(seat)
            view = api.get(game_id, tokens[role])["view"]
            legal = [a for a in view["legal_actions"] if a != UNDO]
            answer = api.act(game_id, tokens[role], agents[role].choose({"legal_actions": legal}))
            checker.check(role, answer)
            for seat, ws in sockets.items():
                message = ws.receive_json()
                assert message["version"] == step + 1
                checker.check(seat, message)
    # the secrets the test is about were there to be kept
    assert checker.kept["masked"] > 0
    assert checker.kept["card"] > 0
    assert checker.kept["reaction"] > 0
    assert checker.kept["log"] > 0
    assert checker.kept["supply"] > 0 and checker.own_supply > 0
