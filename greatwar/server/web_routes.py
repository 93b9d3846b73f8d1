"""Routes of the browser client: the start page, the game page, static files and map data.

``router`` is included by the server's application (``greatwar.server.app``).  It
serves only public, static things: the pages are the same for every seat (a
page proves its seat with the token in its address when it calls the API), and
the map data is what is printed on the map and the counter sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, JSONResponse, Response

import greatwar
from greatwar.engine.errors import OptionError, shown_name
from greatwar.model.loader import scenario_ids
from greatwar.model.problems import ScenarioError
from greatwar.server import mapdata
from greatwar.server.games import ApiError
from greatwar.server.strict import errors

router = APIRouter()

#: the browser client's static files
WEB_ROOT = (Path(__file__).resolve().parent.parent / "web").resolve()
#: map data never changes while the server runs
CACHE = {"Cache-Control": "public, max-age=3600"}
#: the pages and scripts may change with an upgrade: always revalidate
NO_CACHE = {"Cache-Control": "no-cache"}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(ApiError(status, code, message).body(), status_code=status)


def _known(scenario_id: str) -> None:
    """Nothing when the scenario is shipped; 404 ``unknown_scenario`` otherwise."""
    if scenario_id not in scenario_ids():
        known = ", ".join(scenario_ids())
        message = f"no scenario {shown_name(scenario_id)}; known: {known}"
        raise ApiError(404, "unknown_scenario", message)


class SvgResponse(Response):
    media_type = "image/svg+xml"


@router.get("/", include_in_schema=False)
def start_page() -> FileResponse:
    """The start page: new game, and the list of one's games."""
    return FileResponse(WEB_ROOT / "index.html", headers=NO_CACHE)


@router.get("/game/{game_id}", include_in_schema=False)
def game_page(game_id: str) -> FileResponse:
    """The game page; its script reads the game id and token from the address."""
    return FileResponse(WEB_ROOT / "game.html", headers=NO_CACHE)


def static_path(relative: str) -> Path | None:
    """The file under the web root that ``relative`` names, or None (also for ``..`` tricks)."""
    target = (WEB_ROOT / relative).resolve()
    if not target.is_relative_to(WEB_ROOT) or not target.is_file():
        return None
    return target


@router.get("/static/{relative:path}", include_in_schema=False, response_model=None)
def static_file(relative: str) -> Response:
    """A static file of the browser client (scripts, styles)."""
    target = static_path(relative)
    if target is None:
        return _error(404, "not_found", f"no static file {relative!r}")
    media = "text/javascript" if target.suffix == ".js" else None
    return FileResponse(target, media_type=media, headers=NO_CACHE)


@router.get(
    "/api/scenarios/{scenario_id:path}/map.svg", response_model=None, response_class=SvgResponse
)
def map_svg(scenario_id: str) -> Response:
    """The scenario's map as SVG, without counters (the page draws them from the view)."""
    _known(scenario_id)
    try:
        svg = mapdata.map_svg(scenario_id)
    except ScenarioError as exc:
        return _error(500, "bad_scenario", str(exc))
    return SvgResponse(svg, headers=CACHE)


@router.get("/api/scenarios/{scenario_id:path}/map.json", response_model=None)
def map_json(scenario_id: str) -> Any:
    """Hex centres in the map's SVG coordinates, legend, counter sheet and tables."""
    _known(scenario_id)
    try:
        data = mapdata.map_json(scenario_id)
    except ScenarioError as exc:
        return _error(500, "bad_scenario", str(exc))
    return JSONResponse(data, headers=CACHE)


def seats_for(scenario_id: str, options: dict[str, Any]) -> list[dict[str, str]]:
    """The seats of a scenario played with ``options`` (Tannenberg's three players ...)."""
    game = greatwar.load(scenario_id, options=options)
    return [{"id": r, "name": game.system.role_name(game, r)} for r in game.roles()]


#: the roles' ``options`` parameter: a JSON object (described as JSON content, not text)
OPTIONS_PARAMETER = {
    "name": "options",
    "in": "query",
    "required": False,
    "description": "The options chosen (JSON: option -> value of its type)",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "additionalProperties": {"type": ["boolean", "integer", "string"]},
            }
        }
    },
}


def options_query(raw: str) -> dict[str, Any]:
    """The roles' ``options`` query: a JSON object, else 422 ``malformed``."""
    try:
        chosen = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(422, "malformed", "options: not JSON") from None
    if not isinstance(chosen, dict):
        raise ApiError(422, "malformed", "options: a JSON object (option -> value)")
    return chosen


@router.get(
    "/api/scenarios/{scenario_id:path}/roles",
    responses=errors(400),
    openapi_extra={"parameters": [OPTIONS_PARAMETER]},
)
def scenario_roles(
    scenario_id: str, options: Annotated[str, Query(include_in_schema=False)] = "{}"
) -> list[dict[str, str]]:
    """The seats a game of the scenario has with the options the start page chose;
    options the rule system refuses (issue 20, defect 3): 400 ``bad_options``."""
    _known(scenario_id)
    chosen = options_query(options)
    try:
        return seats_for(scenario_id, chosen)
    except OptionError as exc:
        raise ApiError(400, "bad_options", str(exc)) from None
