"""Tables the agents derive and keep for every state of a game (speed, issue 18).

The heuristic agent reads the same position many times over: a rollout plays
the heuristic for every seat, and each of its decisions builds a
:class:`~greatwar.ai.heuristic_moves.Front` and values every destination of a
unit.  What such a value depends on only through the game's static data and a
few small inputs (the places to reach, the hexes closed to a line of supply)
is kept here, per game, under a key naming *everything* it depends on: a
table is a pure function of its key and the game, so keeping it changes no
choice.

Each kind of table holds at most :data:`LIMIT` entries; past that it starts
afresh (a rebuilt table equals the dropped one).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from greatwar.engine.state import Game

#: entries kept per kind of table and game
LIMIT = 512

_GAMES: weakref.WeakKeyDictionary[Game, dict[str, dict[Any, Any]]] = weakref.WeakKeyDictionary()


def kept(game: Game, kind: str, key: Any, build: Callable[..., Any], *args: Any) -> Any:
    """The table ``build(*args)`` of ``game``, kept under ``(kind, key)``: ``key`` must
    name everything the table depends on besides the game's static data."""
    tables = _of(game)
    store = tables.get(kind)
    if store is None:
        store = tables[kind] = {}
    value = store.get(key)
    if value is None:
        if len(store) >= LIMIT:
            store.clear()
        value = store[key] = build(*args)
    return value


#: the game asked about last and its tables (a weak reference: a game is never kept alive)
_last: tuple[weakref.ref[Game], dict[str, dict[Any, Any]]] | None = None


def _of(game: Game) -> dict[str, dict[Any, Any]]:
    """``game``'s tables (the last game's without a look-up in the weak dictionary, which
    makes a weak reference at every call)."""
    global _last
    last = _last
    if last is not None and last[0]() is game:
        return last[1]
    tables = _GAMES.get(game)
    if tables is None:
        tables = _GAMES[game] = {}
    _last = (weakref.ref(game), tables)
    return tables
