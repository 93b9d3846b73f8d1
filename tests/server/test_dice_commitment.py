"""Verifiable dice for remote games (issue 20): every seat is shown a commitment to the
seed at creation, the seats may mix in entropy before the first action, the seed is
revealed only once the game is over, and ``greatwar verify`` checks a record against its
commitment: every roll and the final digest, naming the first thing a tampered record
gets wrong."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_client import Api, error_code
from typer.testing import CliRunner

import greatwar
from greatwar.ai import make_agent
from greatwar.cli import app
from greatwar.server.app import create_app
from greatwar.server.dice_commitment import Discrepancy, commitment_of, mixed_seed
from greatwar.server.verify import verify

GWITE = "gwite/teaching"
SEED = 5_551_212_777


def ws_url(game_id: str, token: str) -> str:
    return f"/api/games/{game_id}/ws?token={token}"


def send_entropy(client: TestClient, game_id: str, text: str, **who: Any) -> Any:
    """POST a seat's entropy; ``who``: token (in the body), header, role."""
    body = {"entropy": text, **{k: v for k, v in who.items() if k in ("token", "role")}}
    headers = {"X-Greatwar-Token": who["header"]} if "header" in who else {}
    return client.post(f"/api/games/{game_id}/entropy", json=body, headers=headers)


def play_to_the_end(api: Api, game_id: str, table: str) -> None:
    """Both seats (the hotseat table) play random legal actions until the game is over."""
    agents = {role: make_agent("random", i) for i, role in enumerate(("allied", "central"))}
    for _ in range(5000):
        state = api.state(game_id)
        if state.is_over():
            return
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        api.act(game_id, table, agents[role].choose({"legal_actions": legal}), role=role)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A game of two human seats that both sent entropy, played to its end (once for the
    module): what its creation showed, its record, its database and its last payload."""
    db = tmp_path_factory.mktemp("finished") / "games.sqlite3"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=GWITE, seed=SEED, hotseat=True)
        game_id = made["game_id"]
        allied, central = made["seats"]["allied"]["token"], made["seats"]["central"]["token"]
        assert send_entropy(client, game_id, "allied's own dice", token=allied).status_code == 200
        assert send_entropy(client, game_id, "central 🎲", header=central).status_code == 200
        play_to_the_end(api, game_id, made["table"]["token"])
        url = f"/api/games/{game_id}/record"
        record = client.get(url, params={"token": made["spectator"]["token"]}).json()
        last = api.get(game_id, made["spectator"]["token"])
    yield {"made": made, "record": record, "db": db, "last": last}


# --- the commitment, and the seed kept until the end ----------------------------------------


def test_every_seat_is_shown_the_commitment_and_never_the_seed_while_the_game_runs(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario=GWITE, seed=SEED)
    game_id = made["game_id"]
    dice = api.service.storage.dice_of(game_id)
    assert dice is not None and dice.server_seed == SEED
    shown = made["commitment"]
    assert shown["hash"] == commitment_of(SEED, dice.salt)
    assert shown["entropy_open"] is True and shown["revealed"] is None
    tokens = [link["token"] for link in made["seats"].values()] + [made["spectator"]["token"]]
    secrets = (str(SEED), dice.salt)
    with client.websocket_connect(ws_url(game_id, tokens[0])) as ws:
        first = ws.receive_json()
        api.act(
            game_id, made["seats"]["allied"]["token"], api.state(game_id).legal_actions("allied")[0]
        )
        update = ws.receive_json()
    payloads = [first, update, *(api.get(game_id, t) for t in tokens)]
    payloads += [
        client.get(f"/api/games/{game_id}/{r}", params={"token": tokens[0]}).json()
        for r in ("replay", "replay/1", "download")
    ]
    for payload in payloads:
        text = json.dumps(payload)
        assert all(secret not in text for secret in secrets)
    for payload in (first, update, *payloads[2:5]):
        assert payload["commitment"]["hash"] == shown["hash"]
        assert payload["commitment"]["revealed"] is None
    assert first["commitment"]["entropy_open"] and not update["commitment"]["entropy_open"]


def test_the_seed_salt_and_entropy_are_revealed_once_the_game_is_over(
    finished: dict[str, Any],
) -> None:
    made, record = finished["made"], finished["record"]
    revealed = finished["last"]["commitment"]["revealed"]
    assert revealed == record["commitment"]
    assert revealed["hash"] == made["commitment"]["hash"]
    assert revealed["server_seed"] == SEED
    assert revealed["entropy"] == [["allied", "allied's own dice"], ["central", "central 🎲"]]
    assert record["seed"] == mixed_seed(SEED, [tuple(e) for e in revealed["entropy"]]) != SEED


def test_the_formulas_are_the_documented_ones() -> None:
    """docs/web.md, "Verifiable dice", recomputed with hashlib alone."""

    def sha(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()

    salt, seed = "0123456789abcdef0123456789abcdef", 987_654_321
    assert commitment_of(seed, salt) == sha(f"greatwar-dice/1:{salt}:{seed}")
    mixed = sha(f"greatwar-dice/1:{seed}|allied={sha('a')}|central={sha('b')}")
    assert mixed_seed(seed, [("allied", "a"), ("central", "b")]) == int(mixed[:16], 16) >> 11
    assert mixed_seed(seed, []) == seed


# --- the seats' entropy ---------------------------------------------------------------------


def test_a_seats_entropy_reseeds_the_dice_and_deals_the_start_afresh(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario=GWITE, seed=SEED)
    game_id = made["game_id"]
    before = api.state(game_id).clone()
    allied = made["seats"]["allied"]["token"]
    with client.websocket_connect(ws_url(game_id, made["spectator"]["token"])) as ws:
        ws.receive_json()
        answer = send_entropy(client, game_id, "a string of mine", token=allied)
        assert answer.status_code == 200, answer.text
        pushed = ws.receive_json()
    seed = mixed_seed(SEED, [("allied", "a string of mine")])
    state = api.state(game_id)
    assert state.data["dice"]["seed"] == seed
    assert state == before.game.new_state(seed) != before  # the start's own rolls dealt anew
    assert set(answer.json()["entropy"]) == {"allied"} and answer.json()["entropy_open"]
    assert pushed["commitment"] == answer.json()
    assert pushed["commitment"]["hash"] == made["commitment"]["hash"]  # the commitment stays
    record = api.service.storage.load_game(game_id)
    assert record is not None and record.seed == seed


def test_a_restarted_server_keeps_the_mixed_seed_and_the_commitment(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, think_time=0)) as client:
        api = Api(client)
        made = api.new_game(scenario=GWITE, seed=SEED)
        game_id, allied = made["game_id"], made["seats"]["allied"]["token"]
        assert send_entropy(client, game_id, "xyz", token=allied).status_code == 200
        digest = api.state(game_id).digest()
    with TestClient(create_app(db, think_time=0)) as client:
        again = Api(client).get(game_id, allied)
        assert Api(client).state(game_id).digest() == digest
    assert again["commitment"]["hash"] == made["commitment"]["hash"]
    assert set(again["commitment"]["entropy"]) == {"allied"}


def test_entropy_is_refused_to_spectators_after_the_first_action_and_twice(
    api: Api, client: TestClient
) -> None:
    made = api.new_game(scenario=GWITE, seed=SEED, hotseat=True)
    game_id = made["game_id"]
    allied, table = made["seats"]["allied"]["token"], made["table"]["token"]
    refusals = {
        "spectator_reads": send_entropy(client, game_id, "x", token=made["spectator"]["token"]),
        "not_your_seat": send_entropy(client, game_id, "x", token=table),
        "bad_token": send_entropy(client, game_id, "x", token="forged"),
        "bad_entropy": send_entropy(client, game_id, "", token=allied),
    }
    assert send_entropy(client, game_id, "x" * 201, token=allied).status_code == 400
    for code, response in refusals.items():
        assert error_code(response) == code
    assert api.service.storage.dice_of(game_id).entropy == {}  # type: ignore[union-attr]
    assert send_entropy(client, game_id, "mine", token=table, role="central").status_code == 200
    assert error_code(send_entropy(client, game_id, "again", role="central", token=table)) == (
        "entropy_given"
    )
    api.act(game_id, allied, api.state(game_id).legal_actions("allied")[0])
    closed = send_entropy(client, game_id, "late", token=allied)
    assert closed.status_code == 409 and error_code(closed) == "entropy_closed"
    assert set(api.service.storage.dice_of(game_id).entropy) == {"central"}  # type: ignore[union-attr]


# --- greatwar verify ------------------------------------------------------------------------


def write(tmp_path: Path, doc: dict[str, Any], name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_remote_games_record_verifies_against_its_commitment(
    tmp_path: Path, finished: dict[str, Any]
) -> None:
    made, record = finished["made"], finished["record"]
    verdict = verify(record, made["commitment"]["hash"])
    assert verdict.contributors == ["allied", "central"]
    assert verdict.rolls == len(record["rolls"]) > 0 and verdict.digest == record["digest"]
    shown = made["commitment"]["hash"]
    run = CliRunner().invoke(app, ["verify", str(write(tmp_path, record)), "--commitment", shown])
    assert run.exit_code == 0, run.output
    assert "verifies" in run.output and shown in run.output


def tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    """A copy of ``record`` with one thing changed, as a cheat might."""
    doc = copy.deepcopy(record)
    if change == "roll":
        roll = doc["rolls"][len(doc["rolls"]) // 2]
        roll["value"] = roll["value"] % 6 + 1
    elif change == "action":
        doc["actions"][1][1] = {"type": "not an action"}
    elif change == "seed":
        doc["seed"] += 1
    elif change == "commitment":
        doc["commitment"]["hash"] = "0" * 64
    elif change == "salt":
        doc["commitment"]["salt"] = "f" * 32
    elif change == "entropy":
        doc["commitment"]["entropy"][0][1] = "someone else's"
    elif change == "digest":
        doc["digest"] = "1" * 64
    return doc


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ("roll", "roll "),
        ("action", "action 2"),
        ("seed", "the dice seed"),
        ("commitment", "the commitment does not match"),
        ("salt", "the commitment does not match"),
        ("entropy", "the dice seed"),
        ("digest", "the final digest"),
    ],
)
def test_a_tampered_record_fails_verification_naming_what_failed(
    tmp_path: Path, finished: dict[str, Any], change: str, named: str
) -> None:
    doc = tampered(finished["record"], change)
    with pytest.raises(Discrepancy, match=named):
        verify(doc)
    run = CliRunner().invoke(app, ["verify", str(write(tmp_path, doc))])
    assert run.exit_code == 1 and "does NOT verify" in run.output and named in run.output


def test_a_record_recommitted_by_a_cheat_fails_against_the_commitment_the_seat_saw(
    finished: dict[str, Any],
) -> None:
    """A cheat who changes the server seed must hash a new commitment: the player's saved
    one (``--commitment``) tells."""
    made, doc = finished["made"], copy.deepcopy(finished["record"])
    doc["commitment"]["salt"] = "a" * 32
    doc["commitment"]["hash"] = commitment_of(doc["commitment"]["server_seed"], "a" * 32)
    verify(doc)  # consistent in itself ...
    with pytest.raises(Discrepancy, match="not the one the game showed"):
        verify(doc, made["commitment"]["hash"])  # ... but not what the seats were shown


def test_a_changed_legal_action_is_caught_by_the_rolls_or_the_digest(
    finished: dict[str, Any],
) -> None:
    """A cheat's other legal choice at the first point there is one."""
    doc = copy.deepcopy(finished["record"])
    state = greatwar.load(doc["scenario"], doc["options"]).new_state(doc["seed"])
    for i, (role, action) in enumerate(doc["actions"]):
        others = [a for a in state.legal_actions(role) if a != action]
        if others:
            doc["actions"][i][1] = others[0]
            break
        state.apply(role, action)
    with pytest.raises(Discrepancy, match=r"roll|digest|does not replay"):
        verify(doc)


def test_a_record_without_a_commitment_is_not_verified(finished: dict[str, Any]) -> None:
    doc = {k: v for k, v in finished["record"].items() if k != "commitment"}
    with pytest.raises(Discrepancy, match="no dice commitment"):
        verify(doc)


def test_the_owners_export_keeps_the_commitment_and_verifies(
    tmp_path: Path, finished: dict[str, Any]
) -> None:
    made, db = finished["made"], finished["db"]
    file = tmp_path / "export.json"
    run = CliRunner().invoke(app, ["games", "export", made["game_id"], str(file), "--db", str(db)])
    assert run.exit_code == 0, run.output
    run = CliRunner().invoke(app, ["verify", str(file), "--commitment", made["commitment"]["hash"]])
    assert run.exit_code == 0, run.output
    doc = json.loads(file.read_text())
    doc["actions"][3]["digest"] = "2" * 64
    with pytest.raises(Discrepancy, match="after action 4"):
        verify(doc)
    fresh = tmp_path / "new" / "games.sqlite3"
    run = CliRunner().invoke(app, ["games", "import", str(file), "--db", str(fresh)])
    assert run.exit_code == 0, run.output
    with TestClient(create_app(fresh, think_time=0)) as other:
        again = Api(other).get(made["game_id"], made["spectator"]["token"])
    assert again["commitment"]["revealed"]["hash"] == made["commitment"]["hash"]
