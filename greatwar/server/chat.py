"""A game's chat (notes between the players), kept with the game.

``GET /api/games/{id}/chat`` gives it to any seat of the game, spectators
included; ``POST /api/games/{id}/chat`` adds a message of a player's seat (a
spectator reads but does not write).  A message is stored before it is
acknowledged, then sent to every live page of the game as
``{"type": "chat", "message": ...}`` over its WebSocket — by every server
process sharing the database (PostgreSQL tells the others:
:meth:`greatwar.server.games.GameService.follow`).  A message says its seat, the
seat's name and the time; it carries nothing else (no token).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from pydantic import Field

from greatwar.server.games import ApiError, GameService, LiveGame
from greatwar.server.storage import SPECTATOR, TABLE
from greatwar.server.strict import StrictBody, errors

#: the longest message, in characters
MAX_CHAT_LENGTH = 500
#: the most messages a game keeps
MAX_CHAT_MESSAGES = 2000


class ChatPost(StrictBody):
    """A message of one seat."""

    token: str | None = Field(None, description="Seat token (or header X-Greatwar-Token)")
    role: str | None = Field(None, description="The seat writing, for a table token")
    text: str = Field(description=f"The message (1 to {MAX_CHAT_LENGTH} characters)")


def writer(service: GameService, live: LiveGame, seat: str, role: str | None) -> str:
    """The seat a message is signed with; a spectator may not write."""
    if seat == SPECTATOR:
        raise ApiError(403, "spectator_reads", "a spectator reads the chat but does not write")
    viewed = service.viewed_role(live, seat, role)
    return viewed or TABLE


def checked_text(text: str) -> str:
    """The message without surrounding blanks; refused when empty or too long."""
    text = text.strip()
    if not text:
        raise ApiError(400, "bad_chat", "an empty message is not sent")
    if len(text) > MAX_CHAT_LENGTH:
        raise ApiError(
            400,
            "bad_chat",
            f"a message has at most {MAX_CHAT_LENGTH} characters, not {len(text)}",
        )
    return text


async def post_chat(
    service: GameService, game_id: str, token: str | None, role: str | None, text: str
) -> dict[str, Any]:
    """Store a seat's message, then send it to every live page of the game."""
    seat = service.seat(game_id, token)
    live = await service.game(game_id)
    signed = writer(service, live, seat, role)
    text = checked_text(text)
    if len(service.storage.chat(game_id)) >= MAX_CHAT_MESSAGES:
        raise ApiError(409, "chat_full", f"this game's chat holds {MAX_CHAT_MESSAGES} messages")
    stored = service.storage.add_chat(game_id, signed, text)
    # sent here at once; the other processes sharing the database are told by it
    # (PostgreSQL's NOTIFY) and send it to the pages connected to them
    return await service.send_chat(live, stored)


def chat_router(service: GameService) -> APIRouter:
    """The chat's routes (see the module docstring)."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/chat")
    async def read_chat(
        game_id: str,
        token: Annotated[str | None, Query(description="Seat token")] = None,
        x_greatwar_token: Annotated[str | None, Header(alias="X-Greatwar-Token")] = None,
    ) -> dict[str, Any]:
        """The game's chat, oldest first, for any seat of the game (spectators too)."""
        service.seat(game_id, token or x_greatwar_token)
        live = await service.game(game_id)
        messages = await asyncio.to_thread(service.storage.chat, game_id)
        async with live.lock:  # the seats' names of the game as stored (a reseed replaces it)
            return {"messages": [service.chat_shown(live, m) for m in messages]}

    @router.post("/api/games/{game_id}/chat", responses=errors(400, 409))
    async def write_chat(
        game_id: str,
        body: ChatPost,
        x_greatwar_token: Annotated[str | None, Header(alias="X-Greatwar-Token")] = None,
    ) -> dict[str, Any]:
        """Add a message of a player's seat: answered once it is stored."""
        return await post_chat(
            service, game_id, body.token or x_greatwar_token, body.role, body.text
        )

    return router
