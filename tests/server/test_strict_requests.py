"""Issue 20's strict requests: options of their declared type (defect 3), seeds in range
and no input reaching a 500 (defect 4), the error shape everywhere and documented
(defect 6), no loose request, a body size limit and no input echoed (defect 7)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from server_client import Api, error_code

import greatwar
from greatwar.engine.errors import OptionError
from greatwar.model.files import DATA_ROOT
from greatwar.model.problems import ScenarioError
from greatwar.server.games import MAX_SEED, ApiError
from greatwar.server.strict import MAX_BODY_BYTES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from contract import run_contract  # benchmarks/ is a folder of scripts, not a package

GWITE = "gwite/teaching"
TANNENBERG = "tannenberg/teaching"
ROLES = f"/api/scenarios/{TANNENBERG}/roles"

#: a value no refusal may repeat: not a short identifier, so not even as a name
MARKER = "echo <me> back!"
#: nor this one: a name, but not a short one of ASCII letters
LONG_NAME = "échoué" * 20


def refused(response: Any, status: int, code: str) -> str:
    """The message of a refusal with this status and code, in the documented shape."""
    assert response.status_code == status, response.text
    assert error_code(response) == code
    return str(response.json()["error"]["message"])


def new_game(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json=body)


# --- defect 3: options of their declared type -----------------------------------------


OPTION_VALUES_NOT_BOOLEAN = ["false", "no", "", "yes", 2, 0, 1.5, None, [], {}]


@pytest.mark.parametrize("value", OPTION_VALUES_NOT_BOOLEAN)
@pytest.mark.parametrize(
    ("scenario", "option"),
    [(TANNENBERG, "three_players"), (GWITE, "unlimited_command_strength")],
)
def test_defect_3_options_are_type_checked_on_create(
    client: TestClient, api: Api, scenario: str, option: str, value: Any
) -> None:
    """``{"three_players": "false"}`` made a three-seat game; each of these values is
    refused, naming the option and its type, and no game is made."""
    response = new_game(client, scenario=scenario, options={option: value})
    assert response.status_code in (400, 422), response.text
    message = refused(response, response.status_code, error_code(response))
    assert option in message
    assert "true or false" in message or "boolean" in message
    assert api.service.storage.game_ids() == []


@pytest.mark.parametrize("value", OPTION_VALUES_NOT_BOOLEAN)
def test_defect_3_options_are_type_checked_on_the_roles(client: TestClient, value: Any) -> None:
    """The start page's seats follow the options: the same values are refused there."""
    options = json.dumps({"three_players": value})
    message = refused(client.get(ROLES, params={"options": options}), 400, "bad_options")
    assert "three_players" in message and "true or false" in message


@pytest.mark.parametrize("value", [False, True])
def test_defect_3_a_boolean_option_takes_true_and_false(
    client: TestClient, api: Api, value: bool
) -> None:
    seats = 3 if value else 2
    made = api.new_game(scenario=TANNENBERG, options={"three_players": value})
    assert len(made["seats"]) == seats
    roles = client.get(ROLES, params={"options": json.dumps({"three_players": value})})
    assert len(roles.json()) == seats


def test_defect_3_unknown_options_are_refused_on_create_and_roles(client: TestClient) -> None:
    on_create = new_game(client, scenario=TANNENBERG, options={"three_player": True})
    on_roles = client.get(ROLES, params={"options": json.dumps({"three_player": True})})
    for response in (on_create, on_roles):
        message = refused(response, 400, "bad_options")
        assert "'three_player'" in message and "three_players" in message


def test_defect_3_the_library_checks_option_types_too() -> None:
    with pytest.raises(OptionError, match="three_players takes true or false"):
        greatwar.load(TANNENBERG, {"three_players": "false"})
    assert len(greatwar.load(TANNENBERG, {"three_players": True}).roles()) == 3


def test_defect_3_a_scenario_files_option_of_the_wrong_type_is_a_problem(
    tmp_path: Path,
) -> None:
    folder = DATA_ROOT / "tannenberg"
    text = (folder / "scenarios" / "teaching.toml").read_text(encoding="utf-8")
    copy = tmp_path / "options.toml"
    copy.write_text(
        text.replace('"../', f'"{folder.as_posix()}/') + '\n[options]\nthree_players = "no"\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as caught:
        greatwar.load(copy)
    problems = [p for p in caught.value.problems if p.field == "options.three_players"]
    assert problems and "true or false" in problems[0].message


# --- defect 4: seeds in range, no input reaches a 500 ------------------------------------


@pytest.mark.parametrize("seed", [2**64, 2**70, 2**63, -1, MAX_SEED + 1, True, "5", 1.5])
def test_defect_4_a_seed_out_of_range_or_type_is_refused(
    client: TestClient, api: Api, seed: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A seed outside 64 bits answered 500 and logged a traceback twice."""
    caplog.set_level(logging.DEBUG)
    message = refused(new_game(client, scenario=GWITE, seed=seed), 422, "malformed")
    assert "seed" in message
    assert api.service.storage.game_ids() == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("seed", [0, MAX_SEED, float(MAX_SEED - 1)])
def test_defect_4_a_seed_in_range_is_kept(api: Api, seed: int | float) -> None:
    made = api.new_game(scenario=GWITE, seed=seed)
    assert api.service.storage.load_game(made["game_id"]).seed == int(seed)


def test_defect_4_the_service_refuses_a_seed_out_of_range(api: Api) -> None:
    """Callers other than the API (``greatwar games create``, the editor) are checked too."""
    with pytest.raises(ApiError) as caught:
        api.service.create(GWITE, {}, 2**64, {}, False)
    assert caught.value.status == 400 and caught.value.code == "bad_seed"


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)
NAMES = st.sampled_from(["three_players", "allied", "german", "human"]) | st.text(max_size=8)
#: a good new game, and what a field of it may be changed to (anything, and what is near)
GOOD = {"scenario": GWITE, "options": {}, "seed": 1, "seats": {}, "hotseat": False}
FIELDS = {
    "scenario": st.sampled_from([TANNENBERG, "gwite/nowhere"]) | JSON_VALUES,
    "options": st.dictionaries(NAMES, JSON_VALUES, max_size=2) | JSON_VALUES,
    "seed": st.integers(2**53, 2**63)
    | st.integers(2**63)
    | st.integers(max_value=-1)
    | JSON_VALUES,
    "seats": st.dictionaries(NAMES, NAMES | JSON_VALUES, max_size=2) | JSON_VALUES,
    "hotseat": JSON_VALUES,
}
CHANGE = st.sampled_from(sorted(FIELDS)).flatmap(
    lambda name: st.tuples(st.just(name), FIELDS[name])
) | st.tuples(st.text(max_size=8), JSON_VALUES)
CREATE_BODIES = st.builds(
    lambda changes, dropped: {
        k: v for k, v in {**GOOD, **dict(changes)}.items() if k not in dropped
    },
    st.lists(CHANGE, max_size=2),
    st.sets(st.sampled_from(sorted(GOOD)), max_size=2),
)


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for many examples (a fresh one per example would be slow)."""
    from greatwar.server.app import create_app

    path = tmp_path_factory.mktemp("fuzz") / "games.sqlite3"
    with TestClient(create_app(path, think_time=0)) as c:
        yield c


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=CREATE_BODIES)
@example(body={**GOOD, "seed": 2**64})  # issue 20's: storage could not keep it (500)
@example(body={**GOOD, "seed": -(2**64)})
def test_defect_4_no_create_body_reaches_a_500(
    shared_client: TestClient, body: dict[str, Any]
) -> None:
    """Any JSON object as a new game: accepted, or refused in the error shape (the test
    client raises what the application lets escape)."""
    response = shared_client.post("/api/games", json=body)
    assert response.status_code < 500, response.text
    if response.status_code != 200:
        assert error_code(response)


def test_defect_4_a_fault_is_answered_500_and_logged_once(
    client: TestClient, api: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault of the server is logged once (by the server, method and path) and answered
    in the error shape; it no longer escapes the application for uvicorn to log again."""

    def fails(*args: Any) -> None:
        raise RuntimeError("a fault")

    monkeypatch.setattr(api.service, "create", fails)
    caplog.set_level(logging.DEBUG)
    refused(new_game(client, scenario=GWITE), 500, "internal")
    logged = [r for r in caplog.records if r.exc_info]
    assert len(logged) == 1 and "POST /api/games" in logged[0].getMessage()


# --- defect 6: the error shape everywhere, documented --------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b'{"scenario": "\xff\xfe"}',  # not UTF-8
        b"[" * 100_000 + b"]" * 100_000,  # nested too deep for a JSON reader
        b'{"scenario": ',  # not JSON
    ],
)
@pytest.mark.parametrize("path", ["/api/games", "/api/games/any/actions", "/api/my-games"])
def test_defect_6_a_body_that_is_not_json_is_malformed(
    client: TestClient, path: str, content: bytes
) -> None:
    headers = {"Content-Type": "application/json"}
    refused(client.post(path, content=content, headers=headers), 422, "malformed")


def test_defect_6_an_action_nested_deep_is_malformed(client: TestClient, api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    token = made["seats"]["allied"]["token"]
    deep: dict[str, Any] = {"type": "end_segment"}
    for _ in range(50):
        deep = {"type": "end_segment", "inner": deep}
    response = api.post(made["game_id"], token, deep, 0)
    assert "nests" in refused(response, 422, "malformed")


def test_defect_6_unknown_routes_and_methods_answer_in_the_error_shape(
    client: TestClient,
) -> None:
    refused(client.get("/api/nothing-here"), 404, "not_found")
    refused(client.get("/nothing/at/all"), 404, "not_found")
    response = client.delete("/api/games/any/chat")
    refused(response, 405, "method_not_allowed")
    assert {"GET", "POST"} <= {m.strip() for m in response.headers["allow"].split(",")}


@pytest.mark.parametrize("what", ["map.json", "map.svg", "roles"])
def test_defect_6_the_map_and_roles_404s_are_in_the_error_shape(
    client: TestClient, what: str
) -> None:
    refused(client.get(f"/api/scenarios/gwite/nowhere/{what}"), 404, "unknown_scenario")


def test_defect_6_every_error_status_is_documented_in_the_error_shape(
    client: TestClient,
) -> None:
    spec = client.get("/openapi.json").json()
    shape = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            for status in ("422", "500"):
                assert responses[status]["content"]["application/json"]["schema"] == shape
            if "requestBody" in operation:
                assert "413" in responses, (method, path)
            if "{game_id}" in path or "{scenario_id}" in path:
                assert "404" in responses, (method, path)
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    svg = spec["paths"]["/api/scenarios/{scenario_id}/map.svg"]["get"]["responses"]["200"]
    assert "image/svg+xml" in svg["content"]


@pytest.mark.parametrize("seated", [False, True], ids=["stranger", "player"])
def test_defect_6_the_api_keeps_its_contract_under_schemathesis(
    tmp_path: Path, seated: bool
) -> None:
    """Schemathesis' every phase and check (``schemathesis.toml``), briefly, in-process: as
    a stranger, and as a player of a game; ``make contract`` runs it longer."""
    report = run_contract(tmp_path, examples=5, seated=seated)
    assert report.requests > 300 and len(report.operations) >= 15
    assert report.deviations == [] and report.errors == []


# --- defect 7: no loose requests ---------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"scenario": GWITE, "bogus": 1},
        {"scenario": GWITE, "hotseat": 0},
        {"scenario": GWITE, "hotseat": "true"},
        {"scenario": GWITE, "seats": {"allied": 1}},
        {"scenario": GWITE, "options": {"unlimited_command_strength": [True]}},
    ],
)
def test_defect_7_a_loose_new_game_is_refused(
    client: TestClient, api: Api, body: dict[str, Any]
) -> None:
    refused(new_game(client, **body), 422, "malformed")
    assert api.service.storage.game_ids() == []


@pytest.mark.parametrize(
    "change",
    [{"version": "0"}, {"version": True}, {"bogus": 1}, {"submission_id": 7}, {"action": []}],
)
def test_defect_7_a_loose_submission_is_refused(
    client: TestClient, api: Api, change: dict[str, Any]
) -> None:
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    action = api.state(game_id).legal_actions("allied")[0]
    body = {"token": token, "version": 0, "action": action, "submission_id": "s1", **change}
    refused(client.post(f"/api/games/{game_id}/actions", json=body), 422, "malformed")
    assert api.live(game_id).version == 0


def test_defect_7_an_action_with_a_field_of_its_own_is_refused(api: Api) -> None:
    """An action's payload is one of the view's legal actions, exactly: a field more is an
    illegal action, not one with the field ignored."""
    made = api.new_game(scenario=GWITE, seed=3)
    game_id, token = made["game_id"], made["seats"]["allied"]["token"]
    action = api.state(game_id).legal_actions("allied")[0]
    refused(api.post(game_id, token, {**action, "bogus": 1}, 0), 400, "illegal")
    assert api.live(game_id).version == 0
    api.act(game_id, token, action)


def test_defect_7_a_body_over_the_limit_is_refused_before_it_is_read(
    client: TestClient, api: Api
) -> None:
    big = {"scenario": GWITE, "seats": {"x" * MAX_BODY_BYTES: "human"}}
    refused(new_game(client, **big), 413, "too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while read
        yield b'{"scenario": "' + b"x" * MAX_BODY_BYTES
        yield b'"}'

    headers = {"Content-Type": "application/json"}
    refused(client.post("/api/games", content=chunks(), headers=headers), 413, "too_large")
    assert api.service.storage.game_ids() == []
    assert api.new_game(scenario=GWITE, seats={"allied": "human"})["game_id"]


@pytest.mark.parametrize(
    "body",
    [
        {"scenario": MARKER},
        {"scenario": GWITE, "seats": {MARKER: "human"}},
        {"scenario": GWITE, "seats": {"allied": MARKER}},
        {"scenario": GWITE, "options": {MARKER: True}},
        {"scenario": GWITE, "seats": MARKER},
        {"scenario": GWITE, "seed": MARKER},
        {"scenario": GWITE, MARKER: 1},
        {"scenario": GWITE, "hotseat": {"secret": MARKER}},
        {"scenario": GWITE, LONG_NAME: 1},
        {"scenario": GWITE, "options": {LONG_NAME: True}},
    ],
)
def test_defect_7_refusals_never_echo_the_input(client: TestClient, body: dict[str, Any]) -> None:
    response = new_game(client, **body)
    assert response.status_code in (400, 404, 422)
    assert error_code(response)
    assert MARKER not in response.text and "echo" not in response.text
    assert "échoué" not in response.json()["error"]["message"]


def test_defect_7_refusals_echo_nothing_on_the_other_routes(client: TestClient) -> None:
    for response in (
        client.get(f"/api/games/{MARKER}", params={"token": MARKER}),
        client.get(ROLES, params={"options": json.dumps({MARKER: True})}),
        client.get(f"/api/scenarios/{MARKER}/roles"),
        client.post("/api/my-games", json={"tokens": MARKER}),
        client.post("/api/games/x/actions", json={"version": MARKER}),
    ):
        assert 400 <= response.status_code < 500 and error_code(response)
        assert MARKER not in response.text and "echo" not in response.text
