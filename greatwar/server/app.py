"""The game server's HTTP and WebSocket API (FastAPI); OpenAPI at ``/openapi.json``.

Every request proves its seat with a token (query ``token``, header
``X-Greatwar-Token``, or the body's ``token``).  Errors are always
``{"error": {"code", "message", "case"}}``:

==========  ========================  ===============================================
status      code                      when
==========  ========================  ===============================================
404         ``unknown_game``          no such game
404         ``unknown_scenario``      no such scenario (creating a game)
400         ``bad_options``           an option unknown to the scenario's rule system, a
                                      value not of the option's type, options that
                                      exclude each other
400         ``bad_seed``              a seed outside 0 to 2**53 - 1 (the CLI's)
400         ``bad_seats``             a seat the scenario has not, or a bad seat kind
403         ``bad_token``             the token is no seat of this game
403         ``not_your_seat``         acting or viewing for a role the seat does not hold
409         ``stale_version``         the submission's version is not the game's
409         ``duplicate_submission``  the submission id was used already
409         ``not_playable``          the scenario's map or counters are still to be entered
422         ``malformed``             the request is not what the API expects: a body not
                                      JSON, a missing, unknown or mistyped field
404         ``not_found``             no such address
405         ``method_not_allowed``    the address does not answer the method (``Allow``)
413         ``too_large``             a request body over 256 kB
400         ``illegal``               the rules forbid the action (reason and ``case``)
403         ``game_running``          the record is asked for before the game is over
503         ``corrupt_game``          the stored game does not replay to its digest
500         ``internal``              a fault in the server (the game is unchanged)
==========  ========================  ===============================================

A refused request changes nothing, and its message never repeats the values it was
sent (:mod:`greatwar.server.strict`).  An accepted action is committed to the
database before the response and before any WebSocket update.

Taking back one's last action (when the view's ``can_undo`` is true) is the
action ``{"type": "undo"}``, listed in the view's ``legal_actions`` then.

A view's log grows all game: a page keeps it and is sent only what follows.  Each
payload (the ``GET``, an action's answer, a WebSocket push) carries ``log_key``, the
key of its whole log (its length and a hash chained over its entries), ``log_after``,
how many entries the page keeps before the view's ``log``, and ``log_base``, the key of
the log those continue; the page sends back the key of the log it holds (``log_key`` in
the query, the action's body, or the WebSocket's address; the WebSocket then goes on
from what it sent).  Keys name entries, so any server process takes them; without a
key, or with one the seat's log does not begin with (an undo took its entries back),
the whole log is sent (``log_after`` 0, ``log_base`` null) (:mod:`greatwar.server.views`).

With the scenario editor (``create_app(..., editor=True)``), its routes are
``/edit`` and ``/api/editor/...`` (:mod:`greatwar.server.editor_routes`, whose
errors may add ``problems``: the places and rules a refused edit breaks).

A game's chat is ``/api/games/{id}/chat`` (:mod:`greatwar.server.chat`; refusals
``spectator_reads``, ``bad_chat``, ``chat_full``), its messages pushed as
``{"type": "chat"}`` over the WebSocket.

``GET /api/games/{id}/record`` gives the full record, seed included, once the
game is over, to any seat of the game; while it runs it is refused
(``game_running``), since the seed foretells every die roll.

Every game is made with a commitment to its dice (``commitment``: a hash of its secret
seed, in the create response and every payload; revealed once the game is over), and
each human seat may mix a string of its own into the dice before the first action
(``POST /api/games/{id}/entropy``, :mod:`greatwar.server.dice_routes`; refusals
``entropy_closed``, ``entropy_given``, ``bad_entropy``); ``greatwar verify RECORD``
checks a finished game's record against it (:mod:`greatwar.server.dice_commitment`).

``GET /api/games/{id}/replay`` lists the game's steps as the seat may know them,
``/replay/{k}`` gives the seat's view after ``k`` actions (``no_step``, 404, outside
the game) and ``/download`` the game so far as the seat may know it
(:mod:`greatwar.server.replay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect, status
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, Field

import greatwar
from greatwar.model.loader import scenario_ids
from greatwar.server import editor_routes, replay, strict, web_routes
from greatwar.server.chat import chat_router
from greatwar.server.dice_routes import Commitment, entropy_router
from greatwar.server.encoding import FastJSONResponse, dumps_text
from greatwar.server.games import (
    DEFAULT_CACHE_MIB,
    ApiError,
    Connection,
    GameService,
    game_url,
)
from greatwar.server.run import data_dir
from greatwar.server.storage import SPECTATOR, TABLE, SharedStorage, open_storage
from greatwar.server.strict import JsonInt, Seed, StrictBody, errors, shallow_action
from greatwar.server.why_routes import why_router

#: the scenario a new game starts with unless another is chosen
DEFAULT_SCENARIO = "gwite/teaching"
#: seconds the computer waits before each decision, unless told otherwise: none, it plays
#: as fast as it thinks and the page animates its moves (issue 17)
DEFAULT_THINK_TIME = 0.0


# --- request and response bodies ---------------------------------------------------------


class NewGame(StrictBody):
    """A game to start."""

    scenario: str = Field(DEFAULT_SCENARIO, description="Scenario id (GET /api/scenarios)")
    options: dict[str, bool | int | str] = Field(
        default_factory=dict, description="Option -> value of its type (GET /api/scenarios)"
    )
    seed: Seed | None = Field(None, description="Dice seed, 0 to 2**53 - 1; random when null")
    seats: dict[str, str] = Field(
        default_factory=dict,
        description='role -> "human" | "computer" | "computer:<agent>" (missing: human)',
    )
    hotseat: bool = Field(False, description="Also make a table token for all human seats")


class SeatLink(BaseModel):
    token: str
    url: str


class CreatedGame(BaseModel):
    game_id: str
    seats: dict[str, SeatLink]
    spectator: SeatLink
    table: SeatLink | None
    commitment: Commitment


class Submission(StrictBody):
    """An action of one seat."""

    token: str | None = Field(None, description="Seat token (or header X-Greatwar-Token)")
    role: str | None = Field(None, description="The seat acting, for a table token")
    version: JsonInt = Field(description="The game's version the action was chosen at")
    action: Annotated[dict[str, Any], AfterValidator(shallow_action)] = Field(
        description="One of the view's legal_actions"
    )
    submission_id: str = Field(min_length=1, max_length=200, description="Unique per submission")
    log_key: str | None = Field(
        None, max_length=200, description="log_key of the log the page holds: sent what follows"
    )


class MyGames(StrictBody):
    tokens: list[str] = Field(max_length=1000)


ERRORS = errors(400, 403, 404, 409)


# --- the scenarios -------------------------------------------------------------------------


@cache
def scenario_list() -> list[dict[str, Any]]:
    """Every shipped scenario with its seats and options (built once)."""
    out = []
    for sid in scenario_ids():
        game = greatwar.load(sid)
        sc = game.scenario
        system = game.system
        out.append(
            {
                "id": sid,
                "system": sc.info.system,
                "name": sc.info.name,
                "fictional": sc.fictional,
                "description": sc.info.description,
                # a scenario whose map or counters are still to be entered is listed,
                # not offered: the start page says what it lacks
                "playable": not sc.blocking,
                "lacks": list(sc.lacks),
                "roles": [{"id": r, "name": system.role_name(game, r)} for r in game.roles()],
                "options": [
                    {
                        "name": name,
                        "default": game.options.get(name, spec.default),
                        "type": type(spec.default).__name__,
                        "description": spec.description,
                        "case": spec.case or None,
                    }
                    for name, spec in system.options_for(sc).items()
                ],
                "default": sid == DEFAULT_SCENARIO,
            }
        )
    return out


def edit_url(scenario_id: str) -> str:
    """The editor's address that opens (or starts) the project of a shipped scenario."""
    return f"/edit?from={quote(scenario_id, safe='/')}"


def scenarios_for(editor: bool) -> list[dict[str, Any]]:
    """The scenario list; with the editor, each scenario says where to edit it."""
    if not editor:
        return scenario_list()
    return [{**s, "edit_url": edit_url(s["id"])} for s in scenario_list()]


# --- the application -------------------------------------------------------------------------


def create_app(
    db_path: Path | str,
    *,
    think_time: float = DEFAULT_THINK_TIME,
    editor: bool = False,
    cache_mib: int = DEFAULT_CACHE_MIB,
) -> FastAPI:
    """The server application, keeping its games in ``db_path``: an SQLite file, or a
    PostgreSQL database named by a ``postgresql://`` URL, which other server processes may
    share (their actions are followed live: :meth:`GameService.follow`).

    ``editor``: also serve the scenario editor (:mod:`greatwar.server.editor_routes`),
    whose projects live in ``editor/`` beside the SQLite file
    (:func:`greatwar.server.run.data_dir`).  Off for a public server: the editor writes
    files on the server's machine.  ``cache_mib``: the memory the games kept in memory
    may take (:class:`~greatwar.server.games.GameService`)."""
    storage = open_storage(db_path)
    data = data_dir(db_path)
    editor_root = data / "editor"
    service = GameService(
        storage, think_time=think_time, cache_bytes=cache_mib << 20, editor_root=editor_root
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        following = (
            asyncio.create_task(service.follow(storage.changes()))
            if isinstance(storage, SharedStorage)
            else None
        )
        yield
        if following is not None:
            following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await following
        await service.close()
        storage.close()

    app = FastAPI(
        title="greatwar game server",
        description=__doc__,
        version=greatwar.__dict__.get("__version__", "0.1.0"),
        lifespan=lifespan,
        # the server exports no telemetry: FastAPI's own spans, metrics and logs of each
        # request cost time under load (and a span would carry the request's query string)
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.service = service

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    _routes(app, service, editor)
    app.include_router(why_router(service))  # why a click cannot act (issue 17)
    app.include_router(chat_router(service))
    app.include_router(entropy_router(service))
    app.include_router(replay.replay_router(service))
    # a game made in the editor keeps its map (before the shipped scenarios' map routes)
    app.include_router(editor_routes.played_router(editor_root))
    if editor:
        app.include_router(editor_routes.editor_router(data, service))
    app.include_router(web_routes.router)
    strict.install(app)  # strict bodies, the error shape everywhere (issue 20)
    return app


def _token(query: str | None, header: str | None, body: str | None = None) -> str | None:
    return body or query or header


TokenQuery = Annotated[str | None, Query(description="Seat token")]
TokenHeader = Annotated[str | None, Header(alias="X-Greatwar-Token")]
LogKeyQuery = Annotated[
    str | None,
    Query(max_length=200, description="log_key of the log the page holds: sent what follows"),
]


def _routes(app: FastAPI, service: GameService, editor: bool) -> None:
    """The API routes (see the module docstring)."""

    @app.get("/api/scenarios")
    def scenarios() -> list[dict[str, Any]]:
        """Every scenario: system, name, seats and options; ``default`` marks the default;
        with the editor, ``edit_url`` where to enter what a scenario lacks."""
        return scenarios_for(editor)

    @app.post("/api/games", responses=ERRORS)
    async def create_game(body: NewGame) -> CreatedGame:
        """Start a game: one secret link per human seat, spectators, and (hotseat) the table."""
        created = service.create(body.scenario, body.options, body.seed, body.seats, body.hotseat)
        links = {
            seat: SeatLink(token=token, url=game_url(created.game_id, token))
            for seat, token in created.tokens.items()
        }
        return CreatedGame(
            game_id=created.game_id,
            seats={s: link for s, link in links.items() if s not in (SPECTATOR, TABLE)},
            spectator=links[SPECTATOR],
            table=links.get(TABLE),
            commitment=Commitment(**created.commitment),
        )

    @app.get(
        "/api/games/{game_id}",
        responses=ERRORS,
        response_model=dict[str, Any],
        response_class=FastJSONResponse,
    )
    async def get_game(
        game_id: str,
        token: TokenQuery = None,
        role: Annotated[str | None, Query(description="Seat viewed (table token)")] = None,
        log_key: LogKeyQuery = None,
        x_greatwar_token: TokenHeader = None,
    ) -> FastJSONResponse:
        """The game as the seat sees it: seats, server version and the seat's view."""
        seat = service.seat(game_id, _token(token, x_greatwar_token))
        live = await service.game(game_id)
        viewed = service.viewed_role(live, seat, role)
        return FastJSONResponse(await service.current_payload(live, seat, viewed, log_key))

    @app.post(
        "/api/games/{game_id}/actions",
        responses=ERRORS,
        response_model=dict[str, Any],
        response_class=FastJSONResponse,
    )
    async def submit(
        game_id: str, body: Submission, x_greatwar_token: TokenHeader = None
    ) -> FastJSONResponse:
        """Take an action: answered once it is stored; refusals change nothing."""
        answer = await service.submit(
            game_id,
            _token(None, x_greatwar_token, body.token),
            body.role,
            body.version,
            body.action,
            body.submission_id,
            body.log_key,
        )
        return FastJSONResponse(answer)

    @app.get("/api/games/{game_id}/record", responses=ERRORS)
    async def record(
        game_id: str, token: TokenQuery = None, x_greatwar_token: TokenHeader = None
    ) -> dict[str, Any]:
        """The game record (seed included), for any seat, once the game is over."""
        return await service.record(game_id, _token(token, x_greatwar_token))

    @app.post("/api/my-games", responses=ERRORS)
    async def my_games(body: MyGames) -> list[dict[str, Any]]:
        """Summaries of the games these tokens open (unknown tokens are left out)."""
        return await service.my_games(body.tokens)

    @app.websocket("/api/games/{game_id}/ws")
    async def live_updates(
        websocket: WebSocket,
        game_id: str,
        token: str | None = None,
        role: str | None = None,
        log_key: str | None = None,
    ) -> None:
        """The seat's payload on connecting and after every accepted action (each view's log
        from where the page has it: after ``log_key``'s, then after the last one sent)."""
        await websocket.accept()
        try:
            seat = service.seat(game_id, token)
            live = await service.game(game_id)
            viewed = service.viewed_role(live, seat, role)
        except ApiError as exc:
            await websocket.send_json({"type": "error", **exc.body()})
            await websocket.close(code=4000 + exc.status)
            return

        async def send(message: dict[str, Any]) -> None:
            await websocket.send_text(dumps_text(message))

        connection = Connection(seat, viewed, send, log_key)
        await service.connect(live, connection)
        try:
            while (message := await _json_message(websocket)) is not None:
                if message.get("type") == "ping":
                    await websocket.send_json({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await service.disconnect(live, connection)


async def _json_message(websocket: WebSocket) -> dict[str, Any] | None:
    """The next message a page sends (a JSON object; other JSON: ``{}``, ignored), or None
    once the socket is closed.  A
    binary frame (defect 8) or text that is not JSON closes it with a code and a short
    reason (1003 unsupported data, 1007 invalid data): refused, no traceback."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        reason = "binary frames are not accepted: send JSON text"
        await websocket.close(code=status.WS_1003_UNSUPPORTED_DATA, reason=reason)
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        reason = "a message is JSON text"
        await websocket.close(code=status.WS_1007_INVALID_FRAME_PAYLOAD_DATA, reason=reason)
        return None
    return message if isinstance(message, dict) else {}
