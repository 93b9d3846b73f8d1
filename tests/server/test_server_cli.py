"""``greatwar play``: a local server with a new game against the computer, and its address
(the server has the scenario editor too)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlparse

import httpx

from tests.cli_kit import serving


def test_play_starts_a_game_against_the_computer_and_prints_its_address(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    args = ["play", "gwite/teaching", "--side", "central", "--no-browser", "--port", "0"]
    with serving(*args, "--db", str(db)) as (_, url):
        address = urlparse(url)
        assert address.hostname == "127.0.0.1" and address.path.startswith("/game/")
        game_id = address.path.removeprefix("/game/")
        token = parse_qs(address.query)["token"][0]
        with httpx.Client(base_url=f"http://127.0.0.1:{address.port}", timeout=60) as http:
            got = http.get(f"/api/games/{game_id}", params={"token": token}).json()
            editor = http.get("/api/editor/projects")  # `play` serves the editor too
        assert got["seat"] == "central"
        assert got["seats"]["allied"]["kind"] == "computer"
        assert got["seats"]["central"]["kind"] == "human"
        assert db.exists()
        assert editor.status_code == 200 and editor.json() == []


def test_play_level_hard_seats_the_turn_planner(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    args = ["play", "gwite/teaching", "--side", "allied", "--level", "hard", "--no-browser"]
    with serving(*args, "--port", "0", "--db", str(db)) as (before, url):
        address = urlparse(url)
        game_id = address.path.removeprefix("/game/")
        token = parse_qs(address.query)["token"][0]
        with httpx.Client(base_url=f"http://127.0.0.1:{address.port}", timeout=60) as http:
            got = http.get(f"/api/games/{game_id}", params={"token": token}).json()
    assert any("Level hard: the planner agent" in line for line in before)
    assert got["seats"]["central"]["kind"] == "computer"
    assert got["seats"]["allied"]["kind"] == "human"
