"""The scenario editor's HTTP routes (issue 16): every route, every refusal's status and
shape, revisions, the routes' absence from a server without the editor, no path tricks,
and games played from a project (a frozen snapshot: later edits leave them be)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_client import Api

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.model.files import DATA_ROOT
from greatwar.server.app import create_app
from greatwar.server.editor_routes import PROJECT_ID

TEACHING = "gwite/teaching"
HISTORICAL = "gwite/brusilov-historical"
PROJECTS = "/api/editor/projects"


@pytest.fixture
def editor(tmp_path: Path) -> Iterator[TestClient]:
    """A server with the editor, its games and projects under ``tmp_path``."""
    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0, editor=True)) as c:
        yield c


@pytest.fixture
def teaching(editor: TestClient) -> dict[str, Any]:
    """The state of a project made from the teaching scenario."""
    response = editor.post(PROJECTS, json={"from": TEACHING, "id": "teach"})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def refusal(response: Any, status: int) -> dict[str, Any]:
    """The error of a refused request, with the server's error shape."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    assert {"code", "message"} <= set(body["error"]) <= {"code", "message", "case", "problems"}
    assert body["error"]["message"]
    return body["error"]  # type: ignore[no-any-return]


def some_hex(state: dict[str, Any]) -> tuple[str, str]:
    """A hex of the map and a terrain of the chart it does not have."""
    label, hex_ = next(iter(state["map"]["hexes"].items()))
    terrains = [t["id"] for t in state["palette"]["terrain"]]
    other = next(t for t in terrains if t not in (hex_["terrain"], "unknown"))
    return label, other


def terrain_op(state: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    label, value = some_hex(state)
    return label, value, {"op": "terrain", "hexes": [label], "value": value}


def post_ops(client: TestClient, state: dict[str, Any], *ops: dict[str, Any]) -> Any:
    pid = state["project"]["id"]
    revision = state["project"]["revision"]
    return client.post(f"{PROJECTS}/{pid}/ops", json={"ops": list(ops), "revision": revision})


def files(client: TestClient, pid: str = "teach") -> dict[str, str]:
    response = client.get(f"{PROJECTS}/{pid}/files")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


# --- a server without the editor -------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/edit"),
        ("get", "/edit/teach"),
        ("get", PROJECTS),
        ("post", PROJECTS),
        ("get", f"{PROJECTS}/teach"),
        ("post", f"{PROJECTS}/teach/ops"),
        ("post", f"{PROJECTS}/teach/play"),
        ("put", f"{PROJECTS}/teach/backdrop"),
        ("post", "/api/editor/align"),
    ],
)
def test_a_server_without_the_editor_has_none_of_its_routes(
    client: TestClient, method: str, path: str
) -> None:
    response = client.request(method, path, json={"from": TEACHING})
    assert response.status_code in (404, 405)
    assert not (Path(client.app.state.service.editor_root) / "teach").exists()  # type: ignore[attr-defined]


def test_a_server_without_the_editor_does_not_link_to_it(client: TestClient) -> None:
    assert all("edit_url" not in s for s in client.get("/api/scenarios").json())


# --- pages and the project list --------------------------------------------------------------


def test_the_editor_pages_are_served(editor: TestClient) -> None:
    for path in ("/edit", "/edit/teach"):
        page = editor.get(path)
        assert page.status_code == 200
        assert "scenario editor" in page.text and "js/editor/main.js" in page.text


def test_a_new_project_from_a_scenario_is_listed_and_opened(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    project = teaching["project"]
    assert project["id"] == "teach" and project["source"] == TEACHING
    assert project["can_undo"] is False and teaching["playable"] is True
    assert "<svg" in teaching["svg"] and teaching["map"]["hexes"]
    assert {r["id"] for r in teaching["roles"]} == {"allied", "central"}
    listed = editor.get(PROJECTS).json()
    assert [(p["id"], p["source"]) for p in listed] == [("teach", TEACHING)]
    assert editor.get(f"{PROJECTS}/teach").json()["project"] == project


def test_the_project_s_files_are_the_shipped_files_byte_for_byte(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    texts = files(editor)
    assert "gwite/scenarios/teaching.toml" in texts
    for relative, text in texts.items():
        assert text == (DATA_ROOT / relative).read_text(encoding="utf-8"), relative
    got = editor.get(f"{PROJECTS}/teach/download", params={"file": "gwite/maps/teaching.toml"})
    assert got.status_code == 200 and got.text == texts["gwite/maps/teaching.toml"]
    assert 'filename="teaching.toml"' in got.headers["content-disposition"]


def test_a_blank_project_is_made_lacking_its_terrain(editor: TestClient) -> None:
    blank = {
        "system": "gwite",
        "name": "My front",
        "numbering": "spi",
        "columns": [1, 6],
        "rows": [1, 5],
    }
    response = editor.post(PROJECTS, json={"blank": blank, "id": "mine"})
    assert response.status_code == 201, response.text
    state = response.json()
    assert state["project"]["name"] == "My front" and state["playable"] is False
    assert state["problems"] == []
    assert any("without terrain" in lack["message"] for lack in state["lacks"])
    assert len(state["map"]["hexes"]) == 30


def test_new_project_refusals(editor: TestClient, teaching: dict[str, Any]) -> None:
    taken = refusal(editor.post(PROJECTS, json={"from": TEACHING, "id": "teach"}), 409)
    assert taken["code"] == "project_exists"
    unknown = refusal(editor.post(PROJECTS, json={"from": "gwite/nowhere"}), 404)
    assert unknown["code"] == "unknown_scenario" and "gwite/teaching" in unknown["message"]
    both = {"from": TEACHING, "blank": {"system": "gwite", "name": "x", "numbering": "spi",
                                        "columns": [1, 2], "rows": [1, 2]}}  # fmt: skip
    assert refusal(editor.post(PROJECTS, json=both), 422)["code"] == "malformed"
    assert refusal(editor.post(PROJECTS, json={}), 422)["code"] == "malformed"
    assert refusal(editor.post(PROJECTS, json={"from": 3}), 422)["code"] == "malformed"
    assert [p["id"] for p in editor.get(PROJECTS).json()] == ["teach"]


@pytest.mark.parametrize("bad", ["../teach", "Teach", "a" * 61, "te_ach", "", "..", "a/b"])
def test_a_new_project_with_a_path_trick_for_its_id_is_refused(
    editor: TestClient, tmp_path: Path, bad: str
) -> None:
    error = refusal(editor.post(PROJECTS, json={"from": TEACHING, "id": bad}), 400)
    assert error["code"] == "bad_project_id"
    assert editor.get(PROJECTS).json() == []
    assert not any((tmp_path / "editor").glob("*")) if (tmp_path / "editor").exists() else True


@pytest.mark.parametrize("bad", ["Teach", "a" * 61, "te_ach", "..%2Fteach", "%2E%2E", "te.ach"])
def test_project_ids_with_path_tricks_are_refused_on_every_route(
    editor: TestClient, teaching: dict[str, Any], bad: str
) -> None:
    for method, suffix in (("get", ""), ("get", "/files"), ("post", "/ops"), ("post", "/undo")):
        response = editor.request(
            method, f"{PROJECTS}/{bad}{suffix}", json={"ops": [], "revision": 0}
        )
        assert response.status_code in (400, 404), (bad, suffix, response.text)
        if response.status_code == 400:
            assert response.json()["error"]["code"] == "bad_project_id"


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=70))
def test_any_project_id_is_refused_or_unknown_and_nothing_is_written(
    editor: TestClient, tmp_path: Path, project_id: str
) -> None:
    path = quote(project_id, safe="")
    response = editor.post(f"{PROJECTS}/{path}/undo", json={"revision": 0})
    assert response.status_code in (400, 404, 405), response.text
    # an id with "/" or a dot segment is no route at all (the client folds "..")
    if "/" not in project_id and project_id not in (".", ".."):
        code = response.json()["error"]["code"]
        assert code == ("unknown_project" if PROJECT_ID.fullmatch(project_id) else "bad_project_id")
    assert not (tmp_path / "editor").exists() or not any((tmp_path / "editor").iterdir())


def test_an_unknown_project_is_404(editor: TestClient) -> None:
    for method, suffix in (("get", ""), ("get", "/files"), ("post", "/undo")):
        response = editor.request(method, f"{PROJECTS}/nobody{suffix}", json={"revision": 0})
        assert refusal(response, 404)["code"] == "unknown_project"


# --- edits -----------------------------------------------------------------------------------


def test_an_edit_is_applied_saved_and_bumps_the_revision(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    label, value, op = terrain_op(teaching)
    before = files(editor)
    response = post_ops(editor, teaching, op)
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["map"]["hexes"][label]["terrain"] == value
    assert state["project"]["revision"] == teaching["project"]["revision"] + 1
    assert state["project"]["can_undo"] is True
    assert files(editor)["gwite/maps/teaching.toml"] != before["gwite/maps/teaching.toml"]
    assert editor.get(f"{PROJECTS}/teach").json()["map"]["hexes"][label]["terrain"] == value


def test_an_edit_at_a_stale_revision_is_refused_and_changes_nothing(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    _, _, op = terrain_op(teaching)
    assert post_ops(editor, teaching, op).status_code == 200
    before = files(editor)
    stale = refusal(post_ops(editor, teaching, op), 409)  # teaching's revision is old now
    assert stale["code"] == "stale"
    assert files(editor) == before
    undo = editor.post(f"{PROJECTS}/teach/undo", json={"revision": 0})
    assert refusal(undo, 409)["code"] == "stale"


def test_an_edit_making_a_problem_is_refused_with_its_problems_and_changes_nothing(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    label, _ = some_hex(teaching)
    before = files(editor)
    bad = {"op": "terrain", "hexes": [label], "value": "lava-lake"}
    error = refusal(post_ops(editor, teaching, bad), 422)
    assert error["code"] == "refused"
    assert error["problems"] and all(p["message"] for p in error["problems"])
    assert files(editor) == before
    state = editor.get(f"{PROJECTS}/teach").json()
    assert state["project"]["revision"] == teaching["project"]["revision"]


def test_a_malformed_edit_is_422(editor: TestClient, teaching: dict[str, Any]) -> None:
    response = editor.post(f"{PROJECTS}/teach/ops", json={"ops": "paint it"})
    assert refusal(response, 422)["code"] == "malformed"


def test_undo_and_redo_give_the_files_back(editor: TestClient, teaching: dict[str, Any]) -> None:
    original = files(editor)
    _, _, op = terrain_op(teaching)
    edited = post_ops(editor, teaching, op).json()
    changed = files(editor)
    undone = editor.post(f"{PROJECTS}/teach/undo", json={"revision": edited["project"]["revision"]})
    assert undone.status_code == 200, undone.text
    assert files(editor) == original and undone.json()["project"]["can_redo"] is True
    redone = editor.post(
        f"{PROJECTS}/teach/redo", json={"revision": undone.json()["project"]["revision"]}
    )
    assert redone.status_code == 200, redone.text
    assert files(editor) == changed
    nothing = editor.post(
        f"{PROJECTS}/teach/redo", json={"revision": redone.json()["project"]["revision"]}
    )
    assert refusal(nothing, 409)["code"] == "nothing_to_redo"


def test_undo_with_nothing_to_undo_is_409(editor: TestClient, teaching: dict[str, Any]) -> None:
    revision = teaching["project"]["revision"]
    response = editor.post(f"{PROJECTS}/teach/undo", json={"revision": revision})
    assert refusal(response, 409)["code"] == "nothing_to_undo"


@pytest.mark.parametrize(
    "file", ["gwite/maps/nowhere.toml", "../games.sqlite3", "project.json", "/etc/passwd"]
)
def test_only_the_project_s_own_data_files_are_downloaded(
    editor: TestClient, teaching: dict[str, Any], file: str
) -> None:
    response = editor.get(f"{PROJECTS}/teach/download", params={"file": file})
    assert refusal(response, 404)["code"] == "unknown_file"


# --- counters as CSV -------------------------------------------------------------------------


def test_the_counter_sheet_goes_out_as_csv_and_comes_back_unchanged(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    got = editor.get(f"{PROJECTS}/teach/counters.csv")
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
    ids = [c["id"] for c in teaching["counters"]]
    assert all(cid in got.text for cid in ids)
    back = editor.post(
        f"{PROJECTS}/teach/counters.csv", content=got.text, headers={"Content-Type": "text/csv"}
    )
    assert back.status_code == 200, back.text
    assert [c["id"] for c in back.json()["counters"]] == ids
    assert back.json()["problems"] == []


def test_a_csv_dropping_a_counter_removes_it(editor: TestClient, teaching: dict[str, Any]) -> None:
    text = editor.get(f"{PROJECTS}/teach/counters.csv").text
    lines = text.splitlines(keepends=True)
    kept = teaching["counters"][0]["id"]
    rows = [lines[0]] + [line for line in lines[1:] if line.startswith(kept + ",")]
    back = editor.post(
        f"{PROJECTS}/teach/counters.csv",
        content="".join(rows),
        headers={"Content-Type": "text/csv"},
    )
    assert back.status_code == 200, back.text
    assert [c["id"] for c in back.json()["counters"]] == [kept]
    assert back.json()["project"]["can_undo"] is True
    undone = editor.post(
        f"{PROJECTS}/teach/undo", json={"revision": back.json()["project"]["revision"]}
    )
    assert [c["id"] for c in undone.json()["counters"]] == [c["id"] for c in teaching["counters"]]


def test_a_bad_csv_is_refused_with_its_row_and_column(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    before = files(editor)
    text = editor.get(f"{PROJECTS}/teach/counters.csv").text
    header, first, *rest = text.splitlines()
    columns = header.split(",")
    cells = first.split(",")
    cells[columns.index("movement")] = "fast"
    bad = "\n".join([header, ",".join(cells), *rest]) + "\n"
    response = editor.post(
        f"{PROJECTS}/teach/counters.csv", content=bad, headers={"Content-Type": "text/csv"}
    )
    error = refusal(response, 422)
    assert error["code"] == "refused"
    assert any(p.get("column") == "movement" and p.get("row") for p in error["problems"])
    assert files(editor) == before


# --- backdrop and alignment ------------------------------------------------------------------


def test_the_backdrop_alignment_is_kept_with_the_image_s_name_only(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    body = {"map": "", "matrix": [2, 0, 0, 2, 10, 20], "opacity": 0.4, "image": "/home/me/scan.jpg"}
    response = editor.put(f"{PROJECTS}/teach/backdrop", json=body)
    assert response.status_code == 200, response.text
    kept = response.json()["backdrop"][""]
    assert kept["matrix"] == [2, 0, 0, 2, 10, 20] and kept["opacity"] == 0.4
    assert kept["image"] == "scan.jpg"
    assert editor.get(f"{PROJECTS}/teach").json()["backdrop"][""] == kept
    too_opaque = editor.put(f"{PROJECTS}/teach/backdrop", json=body | {"opacity": 3})
    assert refusal(too_opaque, 422)["code"] == "malformed"


def test_three_hex_centres_give_the_alignment(editor: TestClient) -> None:
    grid = [[0, 0], [100, 0], [0, 100]]
    image = [[10, 20], [210, 20], [10, 220]]  # twice the size, moved by (10, 20)
    response = editor.post("/api/editor/align", json={"grid": grid, "image": image})
    assert response.status_code == 200, response.text
    got = response.json()
    assert got["matrix"] == pytest.approx([2, 0, 0, 2, 10, 20])
    assert got["inverse"] == pytest.approx([0.5, 0, 0, 0.5, -5, -10])
    assert got["rotation"] == pytest.approx(0) and got["skew"] == pytest.approx(0)
    assert got["origin"] == pytest.approx([10, 20])


def test_three_centres_on_one_line_are_refused(editor: TestClient) -> None:
    grid = [[0, 0], [50, 50], [100, 100]]
    response = editor.post("/api/editor/align", json={"grid": grid, "image": grid})
    assert refusal(response, 422)["code"] == "bad_alignment"


# --- playing a project -----------------------------------------------------------------------


def play(editor: TestClient, pid: str = "teach") -> Any:
    seats = {"allied": "human", "central": "human"}
    return editor.post(f"{PROJECTS}/{pid}/play", json={"seats": seats, "options": {}})


def first_action(editor: TestClient, game_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Apply the first legal action of the first seat to move; the answer."""
    for role, token in tokens.items():
        view = editor.get(f"/api/games/{game_id}", params={"token": token}).json()
        actions = view["view"].get("legal_actions") or []
        if actions:
            body = {
                "token": token,
                "version": view["version"],
                "action": actions[0],
                "submission_id": f"first-{role}",
            }
            response = editor.post(f"/api/games/{game_id}/actions", json=body)
            assert response.status_code == 200, response.text
            return response.json()  # type: ignore[no-any-return]
    raise AssertionError("no seat has a legal action")


def test_a_project_is_played_and_its_first_action_applied(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    response = play(editor)
    assert response.status_code == 200, response.text
    made = response.json()
    game_id, tokens = made["game_id"], made["tokens"]
    assert {"allied", "central"} <= set(tokens)
    assert made["url"].startswith(f"/game/{game_id}?token=")
    assert first_action(editor, game_id, tokens)["version"] == 1
    scenario = editor.get(f"/api/games/{game_id}", params={"token": tokens["allied"]}).json()
    name = scenario["scenario"]
    assert name.startswith("editor:teach/played/") and name.endswith(".toml")
    svg = editor.get(f"/api/scenarios/{name}/map.svg")
    assert svg.status_code == 200 and "<svg" in svg.text
    hexes = editor.get(f"/api/scenarios/{name}/map.json").json()["hexes"]
    assert hexes.keys() == teaching["map"]["hexes"].keys()


def test_a_played_game_survives_later_edits_of_its_project(
    editor: TestClient, teaching: dict[str, Any], tmp_path: Path
) -> None:
    made = play(editor).json()
    first_action(editor, made["game_id"], made["tokens"])
    label, value, op = terrain_op(teaching)
    assert post_ops(editor, teaching, op).status_code == 200
    # a fresh server on the same data rebuilds the game from its stored actions
    with TestClient(create_app(tmp_path / "games.sqlite3", think_time=0)) as again:
        token = made["tokens"]["allied"]
        got = again.get(f"/api/games/{made['game_id']}", params={"token": token})
        assert got.status_code == 200, got.text
        assert got.json()["version"] == 1
        name = got.json()["scenario"]
        hexes = again.get(f"/api/scenarios/{name}/map.json").json()["hexes"]
        assert hexes[label]["terrain"] == teaching["map"]["hexes"][label]["terrain"] != value


def test_a_project_not_yet_playable_is_not_played(editor: TestClient) -> None:
    made = editor.post(PROJECTS, json={"from": HISTORICAL, "id": "brusilov"})
    assert made.status_code == 201, made.text
    error = refusal(play(editor, "brusilov"), 409)
    assert error["code"] == "not_playable" and "without terrain" in error["message"]
    assert error["problems"] and all(p["blocking"] for p in error["problems"])


def test_a_game_cannot_name_a_project_file_through_the_game_api(
    editor: TestClient, teaching: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "editor" / "teach" / "gwite" / "scenarios" / "teaching.toml"
    for scenario in (str(path), "editor:teach/gwite/scenarios/teaching.toml"):
        response = editor.post("/api/games", json={"scenario": scenario})
        assert (
            response.status_code == 404 and response.json()["error"]["code"] == "unknown_scenario"
        )


def test_a_played_map_name_with_a_path_trick_is_refused(editor: TestClient) -> None:
    for name in ("editor:../games.sqlite3", "editor:teach/gwite/scenarios/teaching.toml"):
        assert editor.get(f"/api/scenarios/{name}/map.svg").status_code == 404


# --- the start page --------------------------------------------------------------------------


def test_with_the_editor_each_scenario_says_where_to_edit_it(editor: TestClient) -> None:
    listed = {s["id"]: s for s in editor.get("/api/scenarios").json()}
    historical = listed[HISTORICAL]
    assert historical["playable"] is False
    assert historical["edit_url"] == f"/edit?from={HISTORICAL}"
    assert all(s["edit_url"] == f"/edit?from={sid}" for sid, s in listed.items())


def test_the_computer_plays_its_seat_in_a_game_of_a_project(
    editor: TestClient, teaching: dict[str, Any]
) -> None:
    seats = {"allied": "computer", "central": "human"}  # the Allies move first
    made = editor.post(f"{PROJECTS}/teach/play", json={"seats": seats}).json()
    assert set(made["tokens"]) == {"central", "spectator"}
    assert made["url"] == f"/game/{made['game_id']}?token={made['tokens']['central']}"
    api = Api(editor)
    editor.get(f"/api/games/{made['game_id']}", params={"token": made["tokens"]["central"]})
    assert api.settle(made["game_id"]).version > 0
