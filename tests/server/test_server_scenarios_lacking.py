"""The start page's scenario list: a scenario whose map or counters are still to be
entered (The Brusilov Offensive's historical scenarios, Tannenberg's) is listed as not yet
playable with what it lacks, and no game of it is made; the playable ones are offered."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_client import Api, error_code

from greatwar.rules import load_scenario

HISTORICAL = "gwite/brusilov-historical"
ON_SCHEDULE = "gwite/brusilov-attack-on-schedule"
TEACHING = "gwite/brusilov-teaching"


def listed(client: TestClient) -> dict[str, dict]:  # type: ignore[type-arg]
    return {s["id"]: s for s in client.get("/api/scenarios").json()}


def test_a_scenario_still_to_be_entered_is_listed_as_not_playable_with_its_lacks(
    client: TestClient,
) -> None:
    by_id = listed(client)
    for sid in (HISTORICAL, ON_SCHEDULE, "tannenberg/historical"):
        entry = by_id[sid]
        assert entry["playable"] is False, sid
        assert entry["lacks"] == load_scenario(sid).lacks and entry["lacks"]
    assert any("hexes without terrain" in lack for lack in by_id[HISTORICAL]["lacks"])
    assert any("brusilov 26.11" in lack for lack in by_id[HISTORICAL]["lacks"])


def test_the_playable_scenarios_are_offered(client: TestClient) -> None:
    by_id = listed(client)
    for sid in (TEACHING, "gwite/brusilov-teaching-schedule", "gwite/teaching"):
        assert by_id[sid]["playable"] is True and by_id[sid]["lacks"] == []
    assert by_id["tannenberg/teaching"]["playable"] is True  # lacks only what it may lack
    brusilov = by_id[TEACHING]
    assert brusilov["fictional"] is True
    assert "14 km" in brusilov["description"] and "72 hours" in brusilov["description"]
    options = {o["name"]: o for o in brusilov["options"]}
    assert options["better_commanders"]["case"] == "brusilov 26.34"
    assert options["west_front"]["default"] is False


def test_no_game_is_made_of_a_scenario_not_yet_playable(client: TestClient, api: Api) -> None:
    response = client.post("/api/games", json={"scenario": HISTORICAL})
    assert response.status_code == 409
    assert error_code(response) == "not_playable"
    assert "hexes without terrain" in response.json()["error"]["message"]
    made = api.new_game(scenario=TEACHING, options={"better_commanders": True})
    assert made["game_id"]


def test_the_start_page_says_what_a_scenario_lacks(client: TestClient) -> None:
    page = client.get("/").text
    assert 'id="scenario-lacks"' in page
    script = client.get("/static/js/start.js").text
    assert "Not yet playable" in script and "s.playable === false" in script
