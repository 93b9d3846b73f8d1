"""The scenario editor's HTTP routes (issue 16): projects, edits, files, backdrop, play.

:func:`editor_router` gives the routes of the editor; the server has them only when
started with the editor (``greatwar edit``, ``greatwar play``, ``greatwar serve
--editor``), since they write files on the server's machine.  Projects live under
``<data>/editor/<project-id>/`` (``<data>``: the directory of the games' SQLite file).

:func:`played_router` serves the map of a game made from a project (its frozen
snapshot); it is read-only and always present, so such a game stays viewable when the
server later runs without the editor.

Errors have the server's shape ``{"error": {"code", "message", "case", "problems"?}}``:

======  ====================  ======================================================
status  code                  when
======  ====================  ======================================================
400     ``bad_project_id``    a project id other than ``[a-z0-9-]{1,60}``
404     ``unknown_project``   no such project
404     ``unknown_scenario``  no shipped scenario of that id (a new project)
404     ``unknown_file``      no such file in the project (download)
409     ``project_exists``    a new project's id is taken
409     ``stale``             the edit's revision is not the project's (reload)
409     ``nothing_to_undo``   undo with nothing to undo (``nothing_to_redo`` likewise)
409     ``not_playable``      play, while something blocks the scenario (``problems``)
422     ``refused``           the edit would make a problem (``problems``; nothing changed)
422     ``bad_alignment``     three alignment points on one line, or not numbers
422     ``malformed``         the body is not what the route expects
======  ====================  ======================================================
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from greatwar.editor import EditorError, Project
from greatwar.editor.align import AlignmentError, alignment_json, solve
from greatwar.editor.counters_csv import CsvError, from_csv, to_csv
from greatwar.model.loader import scenario_ids
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario
from greatwar.server import mapdata
from greatwar.server.games import ApiError, GameService, game_url, played_path
from greatwar.server.storage import SPECTATOR
from greatwar.server.strict import Seed, StrictBody
from greatwar.server.web_routes import NO_CACHE, WEB_ROOT

#: a project id: nothing that could name another place on disk
PROJECT_ID = re.compile(r"[a-z0-9-]{1,60}")


class EditorApiError(ApiError):
    """A refusal of the editor's routes, with the problems (places and rules) if any."""

    def __init__(
        self, status: int, code: str, message: str, problems: list[dict[str, Any]] | None = None
    ) -> None:
        super().__init__(status, code, message)
        self.problems = problems

    def body(self) -> dict[str, Any]:
        out = super().body()
        if self.problems is not None:
            out["error"]["problems"] = self.problems
        return out


# --- request bodies ----------------------------------------------------------------------


class BlankMap(BaseModel):
    system: str
    name: str
    numbering: str
    columns: tuple[int, int]
    rows: tuple[int, int]
    prefix: str = ""


class NewProject(BaseModel):
    """A project from a shipped scenario (``from``) or a blank map (``blank``)."""

    source: str | None = Field(None, alias="from", description="Shipped scenario id")
    blank: BlankMap | None = None
    id: str | None = Field(None, description="The project's id (default: from the name)")


class Ops(BaseModel):
    ops: list[dict[str, Any]]
    revision: int


class Revision(BaseModel):
    revision: int


class Backdrop(BaseModel):
    """A map's backdrop alignment (the image itself stays in the browser)."""

    map: str = ""
    matrix: tuple[float, float, float, float, float, float]
    opacity: float = Field(0.5, ge=0.0, le=1.0)
    image: str = Field("", max_length=255)


class Alignment(BaseModel):
    grid: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
    image: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


class PlayProject(StrictBody):
    seats: dict[str, str] = Field(default_factory=dict)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seed: Seed | None = None


# --- the projects ---------------------------------------------------------------------------


def check_project_id(project_id: str) -> str:
    """``project_id`` if it is a project id; 400 ``bad_project_id`` otherwise."""
    if not PROJECT_ID.fullmatch(project_id):
        raise EditorApiError(
            400,
            "bad_project_id",
            f"a project id is 1 to 60 of a-z, 0-9 and '-', not {project_id[:80]!r}",
        )
    return project_id


def problems_of(exc: Exception) -> list[dict[str, Any]]:
    """The problems an EditorError carries (as JSON)."""
    return list(getattr(exc, "problems", None) or [])


class Projects:
    """The open projects of a data directory, one lock each (edits are one at a time)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._open: dict[str, Project] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def _lock(self, project_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(project_id, threading.Lock())

    @contextmanager
    def editing(self, project_id: str) -> Iterator[Project]:
        """The project, held for this request alone."""
        check_project_id(project_id)
        with self._lock(project_id):
            project = self._open.get(project_id)
            if project is None:
                if not (self.data_dir / "editor" / project_id / "project.json").is_file():
                    raise EditorApiError(404, "unknown_project", f"no project {project_id!r}")
                try:
                    project = Project.open(self.data_dir, project_id)
                except EditorError as exc:
                    raise EditorApiError(
                        404, "unknown_project", str(exc), problems_of(exc)
                    ) from None
                self._open[project_id] = project
            yield project

    def exists(self, project_id: str) -> bool:
        return (self.data_dir / "editor" / project_id / "project.json").is_file()

    def create(self, body: NewProject) -> Project:
        """A new project from a shipped scenario or a blank map."""
        if body.id is not None:
            check_project_id(body.id)
            if self.exists(body.id):
                raise EditorApiError(409, "project_exists", f"project {body.id!r} exists")
        if (body.source is None) == (body.blank is None):
            raise EditorApiError(422, "malformed", "give either 'from' (a scenario) or 'blank'")
        try:
            if body.source is not None:
                if body.source not in scenario_ids():
                    known = ", ".join(scenario_ids())
                    raise EditorApiError(
                        404, "unknown_scenario", f"no scenario {body.source!r}; known: {known}"
                    )
                project = Project.create_from(self.data_dir, body.source, body.id)
            else:
                assert body.blank is not None
                blank = body.blank
                project = Project.create_blank(
                    self.data_dir,
                    blank.system,
                    name=blank.name,
                    numbering=blank.numbering,
                    columns=blank.columns,
                    rows=blank.rows,
                    prefix=blank.prefix,
                    project_id=body.id,
                )
        except EditorError as exc:
            raise EditorApiError(422, "refused", str(exc), problems_of(exc)) from None
        with self._guard:
            self._open[project.id] = project
        return project


def check_revision(project: Project, revision: int) -> None:
    """409 ``stale`` unless ``revision`` is the project's."""
    current = int(project.revision)
    if revision != current:
        raise EditorApiError(
            409,
            "stale",
            f"the project is at revision {current}, not {revision}: reload and retry",
        )


def project_file(project: Project, relative: str) -> str:
    """The text of one of the project's files (404 ``unknown_file`` otherwise)."""
    texts = project.texts()
    if relative not in texts:
        raise EditorApiError(
            404, "unknown_file", f"no file {relative!r}; files: {', '.join(sorted(texts))}"
        )
    return texts[relative]


def counter_ops(project: Project, counters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ops replacing the project's counters by ``counters`` (rows of the CSV)."""
    current = {c["id"] for c in project.state()["counters"]}
    wanted = {c["id"] for c in counters}
    ops: list[dict[str, Any]] = [
        {"op": "counter", "id": cid, "fields": None} for cid in sorted(current - wanted)
    ]
    for counter in counters:
        fields = {k: v for k, v in counter.items() if k != "id"}
        ops.append({"op": "counter", "id": counter["id"], "fields": fields})
    return ops


# --- the routes ---------------------------------------------------------------------------------


def editor_router(data_dir: Path, service: GameService) -> APIRouter:
    """The editor's pages and API on projects kept under ``data_dir/editor``."""
    router = APIRouter()
    projects = Projects(data_dir)

    @router.get("/edit", include_in_schema=False)
    def editor_chooser() -> FileResponse:
        """The editor's start: open a project, or start one from a scenario or blank."""
        return FileResponse(WEB_ROOT / "editor.html", headers=NO_CACHE)

    @router.get("/edit/{project_id}", include_in_schema=False)
    def editor_page(project_id: str) -> FileResponse:
        """The editor on a project (the page's script reads the id from the address)."""
        check_project_id(project_id)
        return FileResponse(WEB_ROOT / "editor.html", headers=NO_CACHE)

    @router.get("/api/editor/projects")
    def list_projects() -> list[dict[str, Any]]:
        """Every project: id, name, system, source, updated."""
        return Project.summaries(data_dir)

    @router.post("/api/editor/projects", status_code=201)
    def create_project(body: NewProject) -> dict[str, Any]:
        """A new project from a shipped scenario or a blank map: its state."""
        project = projects.create(body)
        with projects.editing(project.id) as opened:
            return opened.state()

    @router.get("/api/editor/projects/{project_id}")
    def get_project(project_id: str) -> dict[str, Any]:
        """The project's state: map, palette, features, counters, problems, lacks."""
        with projects.editing(project_id) as project:
            return project.state()

    @router.post("/api/editor/projects/{project_id}/ops")
    def apply_ops(project_id: str, body: Ops) -> dict[str, Any]:
        """Apply a batch of edits, all or nothing; saved before the answer."""
        with projects.editing(project_id) as project:
            check_revision(project, body.revision)
            try:
                project.apply(body.ops)
            except EditorError as exc:
                raise EditorApiError(422, "refused", str(exc), problems_of(exc)) from None
            return project.state()

    def step(project_id: str, body: Revision, redo: bool) -> dict[str, Any]:
        with projects.editing(project_id) as project:
            check_revision(project, body.revision)
            try:
                project.redo() if redo else project.undo()
            except EditorError as exc:
                code = "nothing_to_redo" if redo else "nothing_to_undo"
                raise EditorApiError(409, code, str(exc)) from None
            return project.state()

    @router.post("/api/editor/projects/{project_id}/undo")
    def undo(project_id: str, body: Revision) -> dict[str, Any]:
        """Take back the last edit."""
        return step(project_id, body, redo=False)

    @router.post("/api/editor/projects/{project_id}/redo")
    def redo(project_id: str, body: Revision) -> dict[str, Any]:
        """Do again the last edit taken back."""
        return step(project_id, body, redo=True)

    @router.get("/api/editor/projects/{project_id}/files")
    def files(project_id: str) -> dict[str, str]:
        """Every file of the project: relative path -> TOML text."""
        with projects.editing(project_id) as project:
            return project.texts()

    @router.get("/api/editor/projects/{project_id}/download", response_model=None)
    def download(project_id: str, file: Annotated[str, Query()]) -> Response:
        """One file of the project, as a download."""
        with projects.editing(project_id) as project:
            text = project_file(project, file)
        name = Path(file).name
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(text, media_type="application/toml", headers=headers)

    @router.get("/api/editor/projects/{project_id}/counters.csv", response_model=None)
    def counters_csv_out(project_id: str) -> Response:
        """The counter sheet as CSV (one row a counter)."""
        with projects.editing(project_id) as project:
            counters = project.state()["counters"]
        headers = {"Content-Disposition": f'attachment; filename="{project_id}-counters.csv"'}
        return Response(to_csv(counters), media_type="text/csv", headers=headers)

    @router.post("/api/editor/projects/{project_id}/counters.csv")
    async def counters_csv_in(project_id: str, request: Request) -> dict[str, Any]:
        """Replace the counters by the CSV's rows (all or nothing)."""
        raw = await request.body()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise EditorApiError(422, "refused", "the CSV is not UTF-8 text", []) from None
        return await run_in_threadpool(replace_counters, projects, project_id, text)

    @router.put("/api/editor/projects/{project_id}/backdrop")
    def backdrop(project_id: str, body: Backdrop) -> dict[str, Any]:
        """Keep a map's backdrop alignment (matrix, opacity, the image's file name)."""
        with projects.editing(project_id) as project:
            image = Path(body.image).name  # a name only: the image never leaves the browser
            project.set_backdrop(body.map, list(body.matrix), body.opacity, image)
            return project.state()

    @router.post("/api/editor/align")
    def align(body: Alignment) -> dict[str, Any]:
        """The affine map from the map's SVG to the image's pixels, from three hex centres."""
        try:
            return alignment_json(solve(body.grid, body.image))
        except AlignmentError as exc:
            raise EditorApiError(422, "bad_alignment", str(exc)) from None

    @router.post("/api/editor/projects/{project_id}/play")
    async def play(project_id: str, body: PlayProject) -> dict[str, Any]:
        """A game of the project as it is now (a frozen copy: later edits leave it be)."""
        scenario = await run_in_threadpool(playable_snapshot, projects, project_id)
        # the games are the event loop's: made here, as POST /api/games makes them
        created = service.create_played(scenario, body.options, body.seed, body.seats, False)
        humans = [r for r in created.tokens if r != SPECTATOR]
        first = humans[0] if humans else SPECTATOR
        return {
            "game_id": created.game_id,
            "tokens": created.tokens,
            "url": game_url(created.game_id, created.tokens[first]),
        }

    return router


def playable_snapshot(projects: Projects, project_id: str) -> Path:
    """The scenario file of a frozen copy of the project; 409 ``not_playable`` (with the
    blocking lacks) while something blocks it."""
    with projects.editing(project_id) as project:
        state = project.state()
        if not state["playable"]:
            blocking = [lack for lack in state["lacks"] if lack.get("blocking")]
            raise EditorApiError(
                409,
                "not_playable",
                "the scenario is not yet playable; it lacks: "
                + "; ".join(lack["message"] for lack in blocking),
                blocking,
            )
        return project.snapshot()


def replace_counters(projects: Projects, project_id: str, text: str) -> dict[str, Any]:
    """Replace a project's counters by a CSV's rows, as one batch of ops."""
    with projects.editing(project_id) as project:
        try:
            counters = from_csv(text, source=f"{project_id}-counters.csv")
        except CsvError as exc:
            raise EditorApiError(422, "refused", str(exc), problems_of(exc)) from None
        try:
            project.apply(counter_ops(project, counters))
        except EditorError as exc:
            raise EditorApiError(422, "refused", str(exc), problems_of(exc)) from None
        return project.state()


# --- games of projects: their maps ---------------------------------------------------------


def played_router(editor_root: Path) -> APIRouter:
    """The map of a game made from a project (``/api/scenarios/editor:<...>/map.*``)."""
    router = APIRouter()

    @lru_cache(maxsize=32)
    def drawn(name: str) -> tuple[str, dict[str, Any]]:
        path = played_path(editor_root, name)
        if path is None:
            raise EditorApiError(404, "unknown_scenario", f"no played scenario {name!r}")
        sc = load_scenario(path)
        svg = mapdata.map_svg_of(sc)
        return svg, mapdata.map_json_of(sc, name, svg)

    def map_of(rest: str) -> tuple[str, dict[str, Any]]:
        try:
            return drawn("editor:" + rest)
        except ScenarioError as exc:
            raise EditorApiError(500, "bad_scenario", str(exc)) from None

    @router.get("/api/scenarios/editor:{rest:path}/map.svg", include_in_schema=False)
    def played_svg(rest: str) -> Response:
        return Response(map_of(rest)[0], media_type="image/svg+xml", headers=NO_CACHE)

    @router.get("/api/scenarios/editor:{rest:path}/map.json", include_in_schema=False)
    def played_json(rest: str) -> JSONResponse:
        return JSONResponse(map_of(rest)[1], headers=NO_CACHE)

    return router
