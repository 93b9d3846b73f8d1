"""A seat's entropy for the game's dice: ``POST /api/games/{id}/entropy`` (issue 20).

Each human seat may send one string until the first action is accepted; it is mixed into
the dice seed and the game's start is dealt afresh (the formula:
:mod:`greatwar.server.dice_commitment`).  Refusals: ``spectator_reads`` (403, a spectator
has no say), ``entropy_closed`` (409, an action was accepted already), ``entropy_given``
(409, the seat sent its string already), ``bad_entropy`` (400, empty or too long).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header
from pydantic import BaseModel, Field

from greatwar.server.dice_commitment import MAX_ENTROPY, shown
from greatwar.server.games import ApiError, GameService, LiveGame
from greatwar.server.storage import SPECTATOR, TABLE
from greatwar.server.strict import StrictBody, errors


class Commitment(BaseModel):
    """The commitment to a game's dice every seat is shown (``revealed`` once it is over)."""

    scheme: str = Field(description="How the hash and the seed are computed")
    hash: str = Field(description="SHA-256 of the scheme, the secret salt and the server seed")
    entropy: dict[str, str] = Field(description="role -> SHA-256 of the string the seat sent")
    entropy_open: bool = Field(description="Whether the seats may still send entropy")
    revealed: dict[str, Any] | None = Field(
        None, description="The server seed, salt and strings, once the game is over"
    )


class EntropyPost(StrictBody):
    """A seat's string for the dice."""

    token: str | None = Field(None, description="Seat token (or header X-Greatwar-Token)")
    role: str | None = Field(None, description="The seat sending it, for a table token")
    entropy: str = Field(description=f"Any text (1 to {MAX_ENTROPY} characters)")


def contributor(service: GameService, live: LiveGame, seat: str, role: str | None) -> str:
    """The human seat a string is sent for (the table names it; a spectator has none)."""
    if seat == SPECTATOR:
        raise ApiError(403, "spectator_reads", "a spectator has no say in the dice")
    if seat == TABLE and role is None:
        raise ApiError(403, "not_your_seat", "the table must say which seat sends it (role)")
    viewed = service.viewed_role(live, seat, role)
    assert viewed is not None
    return viewed


def checked_entropy(text: str) -> str:
    if not 1 <= len(text) <= MAX_ENTROPY:
        raise ApiError(
            400, "bad_entropy", f"entropy is 1 to {MAX_ENTROPY} characters, not {len(text)}"
        )
    return text


def refuse_unless_open(live: LiveGame, role: str) -> None:
    """Entropy is taken before the first action only, once per seat."""
    if live.dice is None:
        raise ApiError(409, "entropy_closed", "this game was made without a dice commitment")
    if live.version > 0 or live.state.is_over():
        raise ApiError(409, "entropy_closed", "an action was taken already: the dice seed is fixed")
    if role in live.dice.entropy:
        raise ApiError(409, "entropy_given", f"the {role} seat has sent its entropy already")


async def contribute(
    service: GameService, game_id: str, token: str | None, role: str | None, text: str
) -> dict[str, Any]:
    """Mix a seat's string into the dice (stored first), then send everyone the new start."""
    seat = service.seat(game_id, token)
    live = await service.game(game_id)
    sender = contributor(service, live, seat, role)
    text = checked_entropy(text)
    async with live.lock:
        refuse_unless_open(live, sender)
        assert live.dice is not None  # refuse_unless_open refuses a game without one
        dice = live.dice.with_entropy(sender, text)
        service.reseed(live, dice)
    await service.broadcast(live)
    service.drive(live)
    return shown(dice, live.state, live.version)


TokenHeader = Annotated[str | None, Header(alias="X-Greatwar-Token")]


def entropy_router(service: GameService) -> APIRouter:
    """``POST /api/games/{id}/entropy`` (see the module docstring)."""
    router = APIRouter()

    @router.post("/api/games/{game_id}/entropy", responses=errors(400, 403, 404, 409))
    async def send_entropy(
        game_id: str, body: EntropyPost, x_greatwar_token: TokenHeader = None
    ) -> Commitment:
        """Mix the seat's string into the dice seed (before the first action, once)."""
        token = body.token or x_greatwar_token
        return Commitment(**await contribute(service, game_id, token, body.role, body.entropy))

    return router
