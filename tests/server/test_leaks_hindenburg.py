"""Leak tests of Von Hindenburg's hidden Gruppen (18.12): no payload the server sends the
Russian seat or a spectator tells a dummy from a real Gruppe or names a concealed unit.

FICTIONAL teaching games with hidden movement on are played through the API — two human
seats choosing with random agents, a computer Central Powers against a human Russian, a
hotseat table — and every payload sent to the Russian seat or a spectator (the answers to
its actions, its GETs, its WebSocket updates, ``my games``, the record endpoint while the
game runs) is checked against the true state at that moment:

* no concealed unit's id or name, anywhere;
* every marker an anonymous piece: its handle and hex, no box number, no contents, no
  dummy flag; no Hidden Unit Display;
* the text of every log entry the seat may not read, nowhere;
* the computer's reasons withheld while the game runs;
* of the dice, only the commitment's hash (issue 20), never the salt it hides;
* and the payload is the one the seat would get in another game that differs only in what
  the markers hide (the Russian's own sample of the game: its deal of the concealed units
  to the markers is drawn afresh).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from server_client import Api, check_commitment, error_code

from greatwar.ai import make_agent
from greatwar.engine.state import State
from greatwar.rules.gwite.hindenburg import gruppen
from greatwar.server.views import UNDO, public_view, seat_view

SCENARIO = "gwite/hindenburg-teaching"
OPTIONS = {gruppen.OPTION: True}
SEED = 4_180_914
RUSSIAN, CENTRAL, SPECTATOR = "allied", "central", "spectator"
#: what the games must have shown before they stop (or this many actions): concealed
#: units and dummies kept, entries withheld, the Russian choosing while units are
#: concealed, a reveal read (18.31), and the views held to a twin game
STEPS = 1500
SECRETS = ("concealed", "dummy", "log", "russian choice", "reveal", "twin")
#: and not before this many actions (several Game-Turns of hidden movement)
LEAST = 400
PRIVATE_MARKER_KEYS = {"box", "hides", "empty"}
REVEAL = "hindenburg 18.31"


def strings_of(value: Any) -> set[str]:
    """Every string (and every key) inside a payload."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return found


def dicts_of(value: Any) -> list[dict[str, Any]]:
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


def unique_names(state: State) -> dict[str, str]:
    """unit -> its name, for the units no other counter shares a name with (the teaching
    counters repeat some: the German and the Russian 8th Cavalry Divisions)."""
    units = state.game.static.units
    count = Counter(str(ui.name) for ui in units.values())
    return {uid: str(ui.name) for uid, ui in units.items() if count[str(ui.name)] == 1}


def without_log(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without its log (whose entries written before a unit was concealed name it
    as everyone saw it then, AV6; those written since are :func:`secret_texts`), and
    without the list of units of its view (which may name a visible unit that bears a
    concealed one's name: the teaching counters repeat some; ids are checked there)."""
    view = payload.get("view", payload)
    kept = {k: v for k, v in view.items() if k not in ("log", "units")}
    kept["unit_ids"] = [u["id"] for u in view.get("units", [])]
    return {**{k: v for k, v in payload.items() if k != "view"}, "view": kept}


def secret_texts(state: State, role: str | None) -> set[str]:
    """Texts of the log entries ``role`` (a spectator: None, who reads what all may) may not
    read, that no entry it reads contains."""
    system = state.game.system
    readers = [role] if role else state.game.roles()

    def readable(entry: dict[str, Any]) -> bool:
        return all(system.log_visible(entry, r) for r in readers)

    log = state.data["log"]
    seen = [e["text"] for e in log if readable(e)]
    return {e["text"] for e in log if not readable(e) and not any(e["text"] in s for s in seen)}


class Checker:
    """Holds payloads to the Russian and a spectator against the true state."""

    def __init__(self, api: Api, game_id: str) -> None:
        self.api = api
        self.game_id = game_id
        self.kept: Counter[str] = Counter()
        self.dice = api.dice(game_id)

    def state(self) -> State:
        return self.api.state(self.game_id)

    def check(self, seat: str, payload: dict[str, Any]) -> None:
        if seat not in (RUSSIAN, SPECTATOR):
            return
        state = self.state()
        text = json.dumps(payload, ensure_ascii=False)
        board = json.dumps(without_log(payload), ensure_ascii=False)  # the log: below
        strings = strings_of(without_log(payload))
        names = unique_names(state)
        for uid in sorted(gruppen.concealed(state)):
            assert uid not in strings, f"{seat} was sent the concealed unit {uid}"
            at = board.find(names.get(uid, uid))
            assert at < 0, f"{seat} was sent the name of {uid}: {board[max(0, at - 200) : at + 80]}"
            self.kept["concealed"] += 1
        self.kept["dummy"] += sum(1 for b in gruppen.markers(state) if gruppen.is_dummy(state, b))
        for marker in (d for d in dicts_of(payload) if d.get("type") == "mask"):
            assert not PRIVATE_MARKER_KEYS & set(marker), f"{seat} was sent {marker}"
            assert marker["label"] == "Gruppe"
        assert "hidden_unit_display" not in strings
        for secret in secret_texts(state, None if seat == SPECTATOR else seat):
            assert json.dumps(secret, ensure_ascii=False)[1:-1] not in text, (
                f"{seat} was sent a log entry it may not read: {secret}"
            )
            self.kept["log"] += 1
        check_commitment(self.dice, payload, state.is_over())
        if "notes" in payload and not state.is_over():
            assert payload["notes"] == [], f"{seat} was sent the computer's reasons"
        view = payload.get("view", {})
        if gruppen.concealed(state) and view.get("legal_actions") and seat == RUSSIAN:
            self.kept["russian choice"] += 1
        if any(e.get("case") == REVEAL for e in view.get("log", [])):
            self.kept["reveal"] += 1

    def check_twin(self, step: int) -> None:
        """The Russian's and a spectator's views are those of a game that differs only in
        what the markers hide (its contents dealt afresh from the Russian's perspective)."""
        state = self.state()
        if not gruppen.concealed(state):
            return
        twin = state.game.system.determinize(state, RUSSIAN, random.Random(step))
        assert seat_view(twin, RUSSIAN) == seat_view(state, RUSSIAN)
        assert public_view(twin) == public_view(state)
        self.kept["twin"] += 1

    def done(self) -> bool:
        state = self.state()
        kept = all(self.kept[k] > 0 for k in SECRETS)
        return state.is_over() or (kept and state.version >= LEAST)


def ws_url(game_id: str, token: str, role: str | None = None) -> str:
    return f"/api/games/{game_id}/ws?token={token}" + (f"&role={role}" if role else "")


def check_side_doors(client: TestClient, checker: Checker, tokens: dict[str, str]) -> None:
    """``my games`` and the record endpoint while the game runs."""
    mine = client.post("/api/my-games", json={"tokens": [tokens[RUSSIAN]]})
    assert mine.status_code == 200
    checker.check(RUSSIAN, {"my_games": mine.json()})
    running = client.get(
        f"/api/games/{checker.game_id}/record", params={"token": tokens[SPECTATOR]}
    )
    if not checker.state().is_over():
        assert running.status_code == 403 and error_code(running) == "game_running"


def test_no_payload_to_the_russian_or_a_spectator_tells_a_dummy_from_a_gruppe(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario=SCENARIO, seed=SEED, options=OPTIONS)
    game_id = made["game_id"]
    tokens = {role: link["token"] for role, link in made["seats"].items()}
    tokens[SPECTATOR] = made["spectator"]["token"]
    agents = {role: make_agent("random", 500 + i) for i, role in enumerate(made["seats"])}
    checker = Checker(api, game_id)
    with ExitStack() as stack:
        sockets = {}
        for n, (seat, token) in enumerate(tokens.items()):
            sockets[seat] = stack.enter_context(client.websocket_connect(ws_url(game_id, token)))
            for earlier in list(sockets)[: n + 1]:  # each is told of the newcomer
                checker.check(earlier, sockets[earlier].receive_json())
        for step in range(STEPS):
            state = api.state(game_id)
            if checker.done():
                break
            role = state.active_roles()[0]
            if step % 10 == 0:
                for seat, token in tokens.items():
                    checker.check(seat, api.get(game_id, token))
                check_side_doors(client, checker, tokens)
            if step % 25 == 0:
                checker.check_twin(step)
            view = api.get(game_id, tokens[role])["view"]
            legal = [a for a in view["legal_actions"] if a != UNDO]
            answer = api.act(game_id, tokens[role], agents[role].choose({"legal_actions": legal}))
            checker.check(role, answer)
            for seat, ws in sockets.items():
                message = ws.receive_json()
                assert message["version"] == step + 1
                checker.check(seat, message)
    assert all(checker.kept[k] > 0 for k in SECRETS), checker.kept


def test_a_computer_central_powers_hides_its_gruppen_from_a_human_russian(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(
        scenario=SCENARIO, seed=SEED + 1, options=OPTIONS, seats={CENTRAL: "computer"}
    )
    game_id = made["game_id"]
    tokens = {RUSSIAN: made["seats"][RUSSIAN]["token"], SPECTATOR: made["spectator"]["token"]}
    russian = make_agent("random", 77)
    checker = Checker(api, game_id)
    for step in range(STEPS):
        api.settle(game_id)  # the computer has played its seat (its reasons stored)
        if checker.done():
            break
        for seat, token in tokens.items():
            checker.check(seat, api.get(game_id, token))
        if step % 10 == 0:
            checker.check_twin(step)
            check_side_doors(client, checker, tokens)
        view = api.get(game_id, tokens[RUSSIAN])["view"]
        legal = [a for a in view["legal_actions"] if a != UNDO]
        if legal:
            answer = api.act(game_id, tokens[RUSSIAN], russian.choose({"legal_actions": legal}))
            checker.check(RUSSIAN, answer)
    assert checker.kept["concealed"] > 0, checker.kept


def test_the_hotseat_table_sees_as_the_seat_it_plays(api: Api, client: TestClient) -> None:
    made = api.new_game(scenario=SCENARIO, seed=SEED + 2, options=OPTIONS, hotseat=True)
    game_id, table = made["game_id"], made["table"]["token"]
    agent = make_agent("random", 9)
    checker = Checker(api, game_id)
    with client.websocket_connect(ws_url(game_id, table, RUSSIAN)) as ws:
        checker.check(RUSSIAN, ws.receive_json())
        for step in range(STEPS):
            state = api.state(game_id)
            if checker.done():
                break
            role = state.active_roles()[0]
            view = api.get(game_id, table, role)["view"]
            legal = [a for a in view["legal_actions"] if a != UNDO]
            answer = api.act(game_id, table, agent.choose({"legal_actions": legal}), role=role)
            checker.check(role, answer)
            checker.check(RUSSIAN, ws.receive_json())
            if step % 10 == 0:
                checker.check(RUSSIAN, api.get(game_id, table, RUSSIAN))
                checker.check(SPECTATOR, api.get(game_id, table))  # the table, no seat chosen
                checker.check_twin(step)
    assert checker.kept["concealed"] > 0, checker.kept
