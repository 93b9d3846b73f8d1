"""What the API accepts, and how it refuses the rest (issue 20, defects 3, 4, 6 and 7).

* Request bodies are :class:`StrictBody` models: an unknown field is refused, not
  ignored, and no value is coerced (``"version": "17"``, ``"hotseat": 0`` are type
  errors); a seed is a :data:`Seed`, 0 to :data:`~greatwar.server.games.MAX_SEED`.
* A body has at most :data:`MAX_BODY_BYTES` (the scenario editor's
  :data:`EDITOR_MAX_BODY_BYTES`): more is refused with 413 ``too_large`` before it is read
  (:class:`BodyLimit`).
* Every refusal, unknown addresses and methods included, is ``{"error": {"code",
  "message", "case"}}`` with the status the API's description documents
  (:func:`document_errors`), and never repeats a value the client sent: a refusal names
  the field, option or seat (a client's name only when it is a short identifier,
  :func:`greatwar.engine.errors.shown_name`) and the rule.
* A fault of the server answers 500 ``internal`` and is logged once (method and path,
  never the query string, which may carry a token) by :class:`CatchFaults`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from greatwar.engine.errors import showable
from greatwar.server.games import MAX_SEED, ApiError, log

#: the largest request body, in bytes (a game's biggest request is a few kB)
MAX_BODY_BYTES = 256 * 1024
#: the scenario editor's (a whole counter sheet as CSV, a batch of map edits)
EDITOR_MAX_BODY_BYTES = 4 * 1024 * 1024
#: the paths whose bodies may be as large as the editor's
EDITOR_PREFIX = "/api/editor/"
#: how deep an action's JSON may nest (the rules' actions nest 2 levels)
MAX_ACTION_DEPTH = 4


def whole_number(value: Any) -> Any:
    """A JSON number without a fraction (``17.0``) is an integer, as JSON Schema says;
    anything else is left for strict validation to refuse (``"17"``, ``true``, ``1.5``)."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value


#: an integer field of a request body: no string or boolean is taken for one
JsonInt = Annotated[int, BeforeValidator(whole_number)]
Seed = Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(whole_number)]


class StrictBody(BaseModel):
    """A request body: unknown fields are refused and no value is coerced to a type."""

    model_config = ConfigDict(extra="forbid", strict=True)


def json_depth(value: Any) -> int:
    """How deep a JSON value nests (a scalar: 0)."""
    if isinstance(value, dict):
        return 1 + max(map(json_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(json_depth, value), default=0)
    return 0


def shallow_action(action: dict[str, Any]) -> dict[str, Any]:
    """An action nests no deeper than :data:`MAX_ACTION_DEPTH` (a pydantic validator)."""
    if json_depth(action) > MAX_ACTION_DEPTH:
        raise ValueError(f"an action nests at most {MAX_ACTION_DEPTH} levels")
    return action


# --- the error shape ---------------------------------------------------------------------


class ErrorBody(BaseModel):
    code: str
    message: str
    case: str | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody


def error_response(error: ApiError, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status, headers=headers)


def _place(loc: Sequence[int | str]) -> str:
    """Where a validation error is (``body.options.x``), client's names shown only when
    they are short identifiers."""
    parts = [str(p) if isinstance(p, int) or showable(p) else "(not shown)" for p in loc]
    return ".".join(parts)


async def malformed(request: Request, exc: Exception) -> JSONResponse:
    """A request not of the API's shape: 422 ``malformed``, each problem's place and rule,
    never the input (pydantic's ``input`` is dropped)."""
    assert isinstance(exc, RequestValidationError)
    problems = "; ".join(f"{_place(e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors())
    return error_response(ApiError(422, "malformed", f"malformed request: {problems}"))


#: codes and messages of the refusals the framework makes itself
HTTP_ERRORS: dict[int, tuple[str, str]] = {
    404: ("not_found", "nothing is served at this address (the API: /openapi.json)"),
    405: ("method_not_allowed", "this address does not answer this method"),
}


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """The framework's refusals in the API's error shape: unknown address (404), method
    (405, with every method the address answers in ``Allow``), a body too large (413) or
    that is not JSON text (FastAPI's 400 for bad UTF-8 or nesting too deep: 422
    ``malformed``, as for any body that is not JSON)."""
    assert isinstance(exc, HTTPException)
    status = exc.status_code
    if status == 400:
        status, code, message = (
            422,
            "malformed",
            "the request body is not JSON text in UTF-8 (or nests too deep)",
        )
    elif status == 413:
        code, message = "too_large", str(exc.detail)
    else:
        code, message = HTTP_ERRORS.get(status, ("http_error", "the request is refused"))
    headers = dict(exc.headers or {})
    if status == 405:
        headers["Allow"] = ", ".join(allowed_methods(request.app, request.scope))
    return error_response(ApiError(status, code, message), headers)


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method the request's address answers (FastAPI makes a route per method, and
    the framework's own ``Allow`` names only the first route's).  The routers are
    included without a prefix: each route matches as it was declared."""
    methods: set[str] = set()
    for context in iter_route_contexts(app.router.routes):
        route = context.original_route
        if route.matches(scope)[0] != Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


# --- middleware ----------------------------------------------------------------------------


class BodyLimit:
    """Refuse a request body over its limit (413 ``too_large``), by its declared length
    before the application runs, or while it is read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope["path"])
        too_large = HTTPException(413, f"a request body has at most {limit} bytes")
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            error = ApiError(413, "too_large", str(too_large.detail))
            await error_response(error, {"Connection": "close"})(scope, receive, send)
            return
        read = 0

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > limit:
                raise too_large  # FastAPI passes it on while reading the body
            return message

        await self.app(scope, counted, send)


def body_limit(path: str) -> int:
    """The largest body a request to ``path`` may have."""
    return EDITOR_MAX_BODY_BYTES if path.startswith(EDITOR_PREFIX) else MAX_BODY_BYTES


class CatchFaults:
    """A fault of the server: logged once (method and path only) and answered 500
    ``internal`` in the error shape; the framework does not log it a second time."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            if not started:
                error = ApiError(500, "internal", "the server failed on this request")
                await error_response(error)(scope, receive, send)


# --- the API's description -----------------------------------------------------------------

#: the documented meaning of each error status
STATUS_TEXT = {
    400: "Refused by the rules (code says why)",
    403: "Not this token's seat",
    404: "No such game, scenario or step",
    409: "In conflict with the game's state",
    413: "Request body too large",
    422: "Malformed request",
    500: "A fault of the server (nothing changed)",
    503: "The stored game cannot be restored",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses`` documenting these error statuses in the error shape."""
    return {s: {"model": ErrorResponse, "description": STATUS_TEXT[s]} for s in statuses}


def statuses_for(path: str, operation: dict[str, Any]) -> set[int]:
    """The error statuses any API operation may answer: 422 and 500; 413 with a body;
    403, 404 and 503 for a game's routes (token, game, storage); 404 for a scenario's."""
    out = {422, 500}
    if "requestBody" in operation:
        out.add(413)
    if "{game_id}" in path:
        out |= {403, 404, 503}
    if "{scenario_id}" in path or "{project_id}" in path:
        out.add(404)
    return out


def document_errors(app: FastAPI) -> None:
    """Describe every API operation's error statuses in the error shape (FastAPI's own
    422 ``HTTPValidationError`` replaced), whichever router the route came from."""
    generate: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = generate()
        models = schema.setdefault("components", {}).setdefault("schemas", {})
        shape = ErrorResponse.model_json_schema(ref_template="#/components/schemas/{model}")
        models.update(shape.pop("$defs", {}))
        models["ErrorResponse"] = shape
        for name in ("HTTPValidationError", "ValidationError"):
            models.pop(name, None)
        ref = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
        for path, item in schema.get("paths", {}).items():
            for operation in item.values():
                if not path.startswith("/api/") or not isinstance(operation, dict):
                    continue
                responses = operation.setdefault("responses", {})
                for status in statuses_for(path, operation):
                    responses[str(status)] = {"description": STATUS_TEXT[status], "content": ref}
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def install(app: FastAPI) -> None:
    """The strict handling above, on ``app`` (after its routes are included)."""
    app.add_exception_handler(RequestValidationError, malformed)
    app.add_exception_handler(HTTPException, http_error)
    app.add_middleware(BodyLimit)
    app.add_middleware(CatchFaults)
    document_errors(app)
