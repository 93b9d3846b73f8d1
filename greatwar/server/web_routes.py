"""Routes of the browser client: the start page, the game page, static files and map data.

``router`` is included by the server's application (``greatwar.server.app``).  It
serves only public, static things: the pages are the same for every seat (a
page proves its seat with the token in its address when it calls the API), and
the map data is what is printed on the map and the counter sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

import greatwar
from greatwar.model.loader import scenario_ids
from greatwar.model.problems import ScenarioError
from greatwar.server import mapdata

router = APIRouter()

#: the browser client's static files
WEB_ROOT = (Path(__file__).resolve().parent.parent / "web").resolve()
#: map data never changes while the server runs
CACHE = {"Cache-Control": "public, max-age=3600"}
#: the pages and scripts may change with an upgrade: always revalidate
NO_CACHE = {"Cache-Control": "no-cache"}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _unknown_scenario(scenario_id: str) -> JSONResponse:
    known = ", ".join(scenario_ids())
    return _error(404, "unknown_scenario", f"no scenario {scenario_id!r}; known: {known}")


def _known(scenario_id: str) -> bool:
    return scenario_id in scenario_ids()


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


@router.get("/api/scenarios/{scenario_id:path}/map.svg", response_model=None)
def map_svg(scenario_id: str) -> Response:
    """The scenario's map as SVG, without counters (the page draws them from the view)."""
    if not _known(scenario_id):
        return _unknown_scenario(scenario_id)
    try:
        svg = mapdata.map_svg(scenario_id)
    except ScenarioError as exc:
        return _error(500, "bad_scenario", str(exc))
    return Response(svg, media_type="image/svg+xml", headers=CACHE)


@router.get("/api/scenarios/{scenario_id:path}/map.json", response_model=None)
def map_json(scenario_id: str) -> Any:
    """Hex centres in the map's SVG coordinates, legend, counter sheet and tables."""
    if not _known(scenario_id):
        return _unknown_scenario(scenario_id)
    try:
        data = mapdata.map_json(scenario_id)
    except ScenarioError as exc:
        return _error(500, "bad_scenario", str(exc))
    return JSONResponse(data, headers=CACHE)


def seats_for(scenario_id: str, options: dict[str, Any]) -> list[dict[str, str]]:
    """The seats of a scenario played with ``options`` (Tannenberg's three players ...)."""
    game = greatwar.load(scenario_id, options=options)
    return [{"id": r, "name": game.system.role_name(game, r)} for r in game.roles()]


@router.get("/api/scenarios/{scenario_id:path}/roles", response_model=None)
def scenario_roles(scenario_id: str, options: str = "{}") -> Any:
    """The seats a game of the scenario has with the options (JSON) the start page chose."""
    if not _known(scenario_id):
        return _unknown_scenario(scenario_id)
    try:
        chosen = json.loads(options)
        if not isinstance(chosen, dict):
            raise ValueError("options must be a JSON object")
        return seats_for(scenario_id, chosen)
    except (ValueError, TypeError, KeyError) as exc:
        return _error(422, "malformed", f"bad options: {exc}")
