"""The browser client's routes and map data: pages, static files, map.svg and map.json."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from greatwar.rules import load_scenario
from greatwar.server import mapdata
from greatwar.server.app import create_app
from greatwar.server.web_routes import WEB_ROOT, static_path

SCENARIOS = ["gwite/teaching", "tannenberg/teaching"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("routes") / "games.sqlite3", think_time=0.0)
    with TestClient(app) as c:
        yield c


# --- pages and static files ----------------------------------------------------------------


def test_start_page_is_served_with_its_script(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert "text/html" in r.headers["content-type"]
    assert "/static/js/start.js" in r.text


def test_the_start_page_offers_every_level_with_its_agent_and_think_time(
    client: TestClient,
) -> None:
    from greatwar.ai import DEFAULT_AGENT, LEVELS

    page = client.get("/").text
    script = client.get("/static/js/start.js").text
    assert "three levels" in page
    for name, level in LEVELS.items():
        seat = "computer" if level.agent == DEFAULT_AGENT else f"computer:{level.agent}"
        assert re.search(rf'name: "{name}", seat: "{seat}", think: "[^"]+"', script), name
    # the server creates a game with the hardest level's agent in a seat
    body = {
        "scenario": "gwite/teaching",
        "seats": {"allied": "human", "central": "computer:planner"},
    }
    made = client.post("/api/games", json=body)
    assert made.status_code in (200, 201), made.text


def test_game_page_is_the_same_for_every_game_id(client: TestClient) -> None:
    r = client.get("/game/anything-at-all")
    assert r.status_code == 200
    assert "/static/js/game.js" in r.text
    assert 'id="handover"' in r.text


def test_every_module_a_page_imports_is_served_as_javascript(client: TestClient) -> None:
    scripts = sorted(p.relative_to(WEB_ROOT).as_posix() for p in (WEB_ROOT / "js").glob("*.js"))
    for script in scripts:
        r = client.get(f"/static/{script}")
        assert r.status_code == 200, script
        assert "javascript" in r.headers["content-type"]
        for imported in re.findall(r'from "\./([\w.]+)"', r.text):
            assert f"js/{imported}" in scripts, f"{script} imports missing {imported}"


def test_stylesheet_is_served(client: TestClient) -> None:
    r = client.get("/static/css/style.css")
    assert r.status_code == 200
    assert "text/css" in r.headers["content-type"]


@pytest.mark.parametrize("bad", ["../server/app.py", "nothing.js", "js/../../server/app.py"])
def test_static_refuses_what_is_not_a_client_file(client: TestClient, bad: str) -> None:
    assert static_path(bad) is None
    r = client.get(f"/static/{bad}")
    assert r.status_code == 404
    assert "server" not in r.text or r.json()["error"]["code"] == "not_found"


# --- map.svg ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_map_svg_has_every_hex_and_no_counter(client: TestClient, scenario_id: str) -> None:
    r = client.get(f"/api/scenarios/{scenario_id}/map.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert "max-age" in r.headers["cache-control"]
    board = load_scenario(scenario_id).board
    labels = set(re.findall(r'<polygon [^>]*data-hex="([^"]+)"', r.text))
    assert labels == set(board.hexes)
    assert "data-unit" not in r.text


def test_unknown_scenario_is_refused_clearly(client: TestClient) -> None:
    for doc in ("map.svg", "map.json"):
        r = client.get(f"/api/scenarios/gwite/nowhere/{doc}")
        assert r.status_code == 404
        error = r.json()["error"]
        assert error["code"] == "unknown_scenario"
        assert "gwite/teaching" in error["message"]


# --- map.json ----------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_hex_centres_lie_inside_the_picture_one_hex_apart(scenario_id: str) -> None:
    data = mapdata.map_json(scenario_id)
    board = load_scenario(scenario_id).board
    assert set(data["hexes"]) == set(board.hexes)
    size = data["hex_size"]
    for label, h in data["hexes"].items():
        assert 0 < h["x"] < data["width"] and 0 < h["y"] < data["height"]
        for n in h["n"]:
            other = data["hexes"][n]
            gap = math.hypot(other["x"] - h["x"], other["y"] - h["y"])
            assert gap == pytest.approx(math.sqrt(3) * size, rel=0.01), (label, n)
            assert label in other["n"]


def test_hex_centres_match_the_polygons_of_the_picture() -> None:
    svg = mapdata.map_svg("gwite/teaching")
    centres = mapdata.hex_centres(svg)
    offset = re.search(r'<g class="map" transform="translate\(([-\d.]+),([-\d.]+)\)"', svg)
    assert offset is not None
    dx, dy = float(offset.group(1)), float(offset.group(2))
    points = re.search(r'<polygon points="([^"]+)"[^>]*data-hex="0101"', svg)
    assert points is not None
    corners = [tuple(map(float, p.split(","))) for p in points.group(1).split()]
    x = sum(c[0] for c in corners) / 6 + dx
    y = sum(c[1] for c in corners) / 6 + dy
    assert centres["0101"] == pytest.approx((x, y), abs=0.1)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_counter_sheet_prints_every_counter(client: TestClient, scenario_id: str) -> None:
    r = client.get(f"/api/scenarios/{scenario_id}/map.json")
    assert r.status_code == 200
    data = r.json()
    scenario = load_scenario(scenario_id)
    assert set(data["counters"]) == set(scenario.counters)
    for cid, counter in scenario.counters.items():
        entry = data["counters"][cid]
        assert entry["side"] == counter.side and entry["type"] == counter.type
        assert len(entry["steps"]) == len(counter.steps)
        assert "setup" not in entry  # the sheet says what a counter is, never where
        if counter.hq is not None:
            assert entry["hq"]["level"] == counter.hq.level
    assert {s["id"] for s in data["sides"]} == {s.id for s in scenario.sides}


def test_counter_sheet_keeps_printed_step_values() -> None:
    sheet = mapdata.map_json("gwite/teaching")["counters"]
    corps = sheet["G-I"]
    assert corps["size"] == "corps" and corps["designation"] == "I"
    assert corps["steps"][0] == {"attack": 8, "defense": 8}
    assert corps["movement"] == 4
    hq = sheet["G-HQ-AOK"]
    assert hq["steps"][0]["command_radius"] == 5 and hq["designation"] == "AOK"
    assert sheet["G-3R"]["arrive"] == {"turn": 2, "entry": "A", "entrained": True}


def test_terrain_legend_gives_movement_costs() -> None:
    terrain = {t["key"]: t for t in mapdata.map_json("gwite/teaching")["terrain"]}
    assert terrain["clear"]["move"] == [1, 1, 1, 1]
    assert all(t["color"].startswith("#") for t in terrain.values())


def test_tables_mark_their_provisional_entries() -> None:
    tables = {t["id"]: t for t in mapdata.system_tables("gwite")}
    crt = tables["crt"]
    die = {r["key"]: r for r in crt["rows"]}
    assert die["1"]["provisional"] == []  # printed (8.8)
    assert die["3"]["provisional"] == [4, 5, 6, 7]  # printed only up to the fourth column
    assert len(crt["columns"]) == len(die["1"]["values"])
    assert [g["tcrs"] for g in crt["column_groups"]] == [[1], [2, 3], [4]]
    tannenberg = {t["id"] for t in mapdata.system_tables("tannenberg")}
    assert {"combat_results", "independence"} <= tannenberg


def test_table_entry_ignores_files_that_are_not_grids(tmp_path: Path) -> None:
    path = tmp_path / "constants.toml"
    path.write_text('table = "constants"\nsystem = "x"\n[values]\n', encoding="utf-8")
    assert mapdata.table_entry(path) is None


# --- seats by options ---------------------------------------------------------------------


def test_seats_follow_the_options(client: TestClient) -> None:
    base = "/api/scenarios/tannenberg/teaching/roles"
    two = client.get(base).json()
    assert [r["id"] for r in two] == ["german", "russian"]
    three = client.get(base, params={"options": json.dumps({"three_players": True})}).json()
    assert [r["id"] for r in three] == ["german", "russian-1", "russian-2"]
    assert all(r["name"] for r in three)


@pytest.mark.parametrize(
    ("options", "status", "code"),
    [
        ("[1]", 422, "malformed"),
        ("not json", 422, "malformed"),
        # the rule system refuses it, as creating a game does (issue 20, defect 3)
        ('{"no_such_option": true}', 400, "bad_options"),
    ],
)
def test_seats_refuse_bad_options(client: TestClient, options: str, status: int, code: str) -> None:
    r = client.get("/api/scenarios/tannenberg/teaching/roles", params={"options": options})
    assert r.status_code == status
    assert r.json()["error"]["code"] == code
