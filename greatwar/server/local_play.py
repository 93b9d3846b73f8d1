"""``greatwar play`` on one's own machine: a stable address and one's games kept.

The server stores only the hashes of seat tokens, so to print the same link
again ``play`` keeps the seats it made in a small file beside the games'
database (``play-seats.json``, readable by its owner only).  From it:

* :func:`resume` finds the last unfinished game of a scenario for a side
  (``greatwar play`` continues it unless ``--new`` is given), rebuilt as ``serve``
  rebuilds a game: from its newest snapshot and the actions stored after it;
* :func:`local_router` lists those games to the start page (``GET
  /api/local-games``), so "My games" does not depend on the port the browser
  remembered them under.  Only ``play`` (listening on 127.0.0.1) includes it:
  a public ``serve`` never hands out tokens it was not given.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from greatwar.server.games import GameService

#: the file of the seats ``play`` made, beside the games' database
SEATS_FILE = "play-seats.json"


@dataclass(frozen=True)
class LocalSeat:
    """A seat ``greatwar play`` made for the player on this machine."""

    game_id: str
    scenario: str
    seat: str
    token: str
    created: float


def seats_path(db_path: Path | str) -> Path:
    """Where the seats of ``play`` are kept for the database ``db_path`` (a file or URL)."""
    from greatwar.server.run import data_dir

    return data_dir(db_path) / SEATS_FILE


def load_seats(path: Path) -> list[LocalSeat]:
    """The seats kept in ``path``, oldest first (none when the file is missing or unreadable)."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return [LocalSeat(**row) for row in rows]
    except (OSError, ValueError, TypeError):
        return []


def remember_seat(path: Path, seat: LocalSeat) -> None:
    """Add a seat to the file (created readable by its owner only)."""
    rows = [asdict(s) for s in load_seats(path)] + [asdict(seat)]
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(rows, out, indent=1)
    temporary.replace(path)


def new_seat(game_id: str, scenario: str, seat: str, token: str) -> LocalSeat:
    return LocalSeat(game_id, scenario, seat, token, time.time())


def unfinished(service: GameService, game_id: str) -> int | None:
    """The number of actions of a stored game still running, or None (over, gone, broken).
    The game is rebuilt as ``serve`` rebuilds it (from its newest snapshot, replaying only
    the actions after it) and kept in memory for the page that resumes it."""
    try:
        live = service.stored_game(game_id)
    except Exception:  # a game that no longer replays is not resumed
        return None
    return None if live is None or live.state.is_over() else live.version


def resume(service: GameService, path: Path, scenario: str, side: str) -> LocalSeat | None:
    """The last game of ``scenario`` the player holds ``side`` in that is not over yet."""
    for seat in reversed(load_seats(path)):
        if seat.scenario != scenario or seat.seat != side:
            continue
        if service.storage.seat_of(seat.token) != (seat.game_id, seat.seat):
            continue
        if unfinished(service, seat.game_id) is not None:
            return seat
    return None


def local_router(service: GameService, path: Path) -> APIRouter:
    """``GET /api/local-games``: the games ``play`` made on this machine (for ``play`` only)."""
    router = APIRouter()

    @router.get("/api/local-games")
    async def local_games() -> list[dict[str, Any]]:
        """Summaries of the games ``greatwar play`` made here, newest first, with their seats'
        tokens: the start page adds them to "My games" whatever port it was opened on."""
        tokens = [s.token for s in reversed(load_seats(path))]
        return await service.my_games(tokens)  # each with its seat's address ("url")

    return router
