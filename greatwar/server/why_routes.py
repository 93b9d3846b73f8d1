"""``GET /api/games/{id}/why``: why a seat cannot act on a unit or a hex (issue 17).

The answer (:func:`greatwar.refusals.why_not`) is worked out on what the seat may know;
a unit is named by an id the seat's view lists (any other id is answered alike).  Naming
neither a unit nor a hex is refused: 400 ``nothing_named`` (a well-formed request, since
both are optional, that asks nothing).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from greatwar.refusals import why_not
from greatwar.server.games import ApiError, GameService
from greatwar.server.strict import errors


def why_router(service: GameService) -> APIRouter:
    """The route, answering from ``service``'s games."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/why", responses=errors(400))
    async def why(
        game_id: str,
        token: Annotated[str | None, Query(description="Seat token")] = None,
        role: Annotated[str | None, Query(description="Seat viewed (table token)")] = None,
        unit: Annotated[str | None, Query(description="A unit id the seat's view lists")] = None,
        hex: Annotated[str | None, Query(description="A hex label")] = None,
        x_greatwar_token: Annotated[str | None, Header(alias="X-Greatwar-Token")] = None,
    ) -> dict[str, Any]:
        """Whether the seat may act on ``unit`` or ``hex`` now, and if not why: the
        reason, the rule case that forbids it and the case's summary."""
        seat = service.seat(game_id, token or x_greatwar_token)
        live = await service.game(game_id)
        viewed = service.viewed_role(live, seat, role)
        if viewed is None:
            raise ApiError(403, "not_your_seat", "a spectator acts on nothing")
        if unit is None and hex is None:
            raise ApiError(400, "nothing_named", "name a unit or a hex")
        async with live.lock:  # the game as stored, never an action still being stored
            return why_not(live.state, viewed, unit, hex).as_dict()

    return router
