"""Issue 17, pace: ``greatwar play`` lets the computer play as fast as it thinks (no think
time by default), so its player-turn takes seconds, not half a minute.  (How fast is a
measurement, not a test: the limit below only guards against a hang.)"""

from __future__ import annotations

import inspect
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import httpx

from tests.cli_kit import serving

#: a guard against a hang only (the opening player-turn is 44 actions: a quarter of a second
#: of thought on a quiet machine, 22 s with the old 0.5 s think time)
PLAYER_TURN_LIMIT = 120.0


def test_play_has_no_think_time_by_default() -> None:
    from greatwar import cli

    assert inspect.signature(cli.play).parameters["think_time"].default == 0


def test_play_lets_the_computer_play_its_player_turn_in_seconds(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    args = ["play", "gwite/teaching", "--side", "central", "--no-browser", "--db", str(db)]
    with serving(*args, "--seed", "4", "--port", "0") as (_, line):
        started = time.monotonic()
        url = urlparse(line)
        game_id = url.path.removeprefix("/game/")
        token = parse_qs(url.query)["token"][0]
        with httpx.Client(base_url=f"http://127.0.0.1:{url.port}", timeout=60) as http:
            while True:
                got = http.get(f"/api/games/{game_id}", params={"token": token}).json()
                if "central" in got["view"]["active_roles"]:
                    break
                assert time.monotonic() - started < PLAYER_TURN_LIMIT, "the computer dawdles"
                time.sleep(0.2)
        assert got["version"] > 10  # the computer did play a player-turn of moves
