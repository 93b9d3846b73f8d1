"""Games let go from memory and rebuilt (issue 20, defect 2), measured: ``--games`` hotseat
games played in turn, ``--actions`` random actions at a time, in a server (in this process)
with room for one game in memory, so that each turn rebuilds its game from storage.

Reports the rebuilds, the stored actions they replayed and the CPU time they took, beside
the CPU time of the whole run (measured, never asserted).  The server is whatever
``greatwar`` the interpreter imports: run with ``PYTHONPATH=<tree>`` to measure another
checkout (before issue 20, the cache held a count of games: ``cache_size`` is set too).

    python benchmarks/rebuilds.py --games 8 --rounds 25 --actions 8
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from greatwar.server import games
from greatwar.server.app import create_app
from greatwar.server.games import GameService

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

SCENARIOS = ("gwite/teaching", "tannenberg/teaching")
UNDO = {"type": "undo"}


class Rebuilds:
    """Each rebuild's replayed actions and CPU time (counted in the rebuilding thread)."""

    def __init__(self) -> None:
        self.done: list[tuple[int, float]] = []
        self._here = threading.local()
        apply, load = games.apply_submission, GameService._load

        def counting_apply(state: Any, role: str, action: dict[str, Any]) -> None:
            if getattr(self._here, "on", False):
                self._here.replayed += 1
            apply(state, role, action)

        def counting_load(service: GameService, game_id: str) -> Any:
            self._here.on, self._here.replayed = True, 0
            start = time.thread_time()
            try:
                return load(service, game_id)
            finally:
                self._here.on = False
                self.done.append((self._here.replayed, time.thread_time() - start))

        games.apply_submission = counting_apply
        GameService._load = counting_load  # type: ignore[method-assign, assignment]


def play_turn(client: TestClient, made: dict[str, Any], actions: int, rng: random.Random) -> int:
    """Up to ``actions`` random actions at the game's table; how many were taken."""
    game_id, table = made["game_id"], made["table"]["token"]
    for taken in range(actions):
        payload = client.get(f"/api/games/{game_id}", params={"token": table}).json()
        if payload["view"]["over"]:
            return taken
        role = payload["view"]["active_roles"][0]
        seen = client.get(f"/api/games/{game_id}", params={"token": table, "role": role}).json()
        action = rng.choice([a for a in seen["view"]["legal_actions"] if a != UNDO])
        body = {
            "token": table,
            "role": role,
            "version": seen["version"],
            "action": action,
            "submission_id": f"{game_id}-{seen['version']}",
        }
        answer = client.post(f"/api/games/{game_id}/actions", json=body)
        answer.raise_for_status()
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--actions", type=int, default=8, help="actions per game and round")
    args = parser.parse_args()
    rebuilds = Rebuilds()
    rng = random.Random(1)
    start = time.process_time()
    taken = 0
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "games.sqlite3", think_time=0)
        with TestClient(app) as client:
            service = app.state.service
            service.cache_size = 1  # the server before issue 20 counted games
            service.cache_bytes = 1  # room for the game just asked for only
            made = [
                client.post(
                    "/api/games",
                    json={"scenario": SCENARIOS[i % 2], "seed": i, "hotseat": True},
                ).json()
                for i in range(args.games)
            ]
            for _ in range(args.rounds):
                for game in made:
                    taken += play_turn(client, game, args.actions, rng)
    total = time.process_time() - start
    replayed = sum(n for n, _ in rebuilds.done)
    rebuilding = sum(t for _, t in rebuilds.done)
    print(
        f"{taken} actions in {args.games} games: {len(rebuilds.done)} rebuilds replayed"
        f" {replayed} stored actions in {rebuilding:.1f} CPU-s, of {total:.1f} CPU-s in all"
    )


if __name__ == "__main__":
    main()
