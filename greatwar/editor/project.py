"""An editable project: a scenario and every file it names, under ``<data>/editor/<id>/``.

The files keep their shipped relative layout (``gwite/scenarios/x.toml`` names
``../maps/x.toml``), so ``greatwar validate`` and ``greatwar.load`` work on them directly.
Every batch of ops is checked as ``greatwar validate`` would (the rule system's checks
too) on a temporary copy; a batch that makes a new problem is refused and nothing
changes (a problem the files already had, e.g. written by hand, is shown, not held
against every later edit).
Each accepted batch is written at once (autosave) and kept for undo (:mod:`.history`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import tomllib
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from tomlkit.toml_document import TOMLDocument

from greatwar.editor.errors import EditorError, problem, refuse
from greatwar.editor.history import History, Texts, write_atomic
from greatwar.editor.ops import Batch, apply_op, op_counters, op_hexes
from greatwar.editor.places import problem_dict
from greatwar.editor.state import state_of
from greatwar.model.files import DATA_ROOT
from greatwar.model.loader import Scenario, resolve
from greatwar.model.problems import ScenarioError
from greatwar.rules import load_scenario

PROJECT_ID = re.compile(r"^[a-z0-9-]{1,60}$")
META = "project.json"

#: the two sides of a new scenario, by rule system (as the shipped scenarios name them)
SIDES: dict[str, list[dict[str, Any]]] = {
    "gwite": [
        {"id": "allied", "name": "Allies", "nationalities": ["russia"], "color": "#4f7d3a"},
        {
            "id": "central",
            "name": "Central Powers",
            "nationalities": ["germany", "austria-hungary"],
            "color": "#5a6f8c",
        },
    ],
    "tannenberg": [
        {"id": "german", "name": "Germans", "nationalities": ["germany"], "color": "#5a6f8c"},
        {"id": "russian", "name": "Russians", "nationalities": ["russia"], "color": "#4f7d3a"},
    ],
}


def check_id(project_id: str) -> str:
    """The id itself, or refuse one that is not ``[a-z0-9-]{1,60}`` (no path tricks)."""
    if not isinstance(project_id, str) or not PROJECT_ID.match(project_id):
        raise refuse(
            f"project id {project_id!r} is not allowed: use 1-60 lower-case letters, digits and '-'"
        )
    return project_id


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "project"


def _safe_rel(rel: str) -> str:
    """A project-relative file path without '..' or an absolute start."""
    p = PurePosixPath(rel)
    if p.is_absolute() or ".." in p.parts or not rel:
        raise refuse(f"file {rel!r} is not a file of the project", file=rel)
    return p.as_posix()


def _named_files(scenario_path: Path) -> list[Path]:
    """The files a scenario file names (maps, counters, a terrain table of its own)."""
    with scenario_path.open("rb") as fh:
        info = tomllib.load(fh).get("scenario", {})
    names = ([info["map"]] if info.get("map") else []) + list(info.get("maps", []))
    names += list(info.get("counters", []))
    if info.get("terrain_table"):
        names.append(info["terrain_table"])
    return [(scenario_path.parent / n).resolve() for n in names]


def _layout(files: list[Path], system: str) -> dict[Path, str]:
    """Each file's path in the project: a shipped file's path in the package's data
    folder (``gwite/maps/teaching.toml``); a file on disk, its path below the files'
    common folder, under the system's folder (``gwite/scenarios/mine.toml``)."""
    root = DATA_ROOT.resolve()
    if all(f.is_relative_to(root) for f in files):
        return {f: f.relative_to(root).as_posix() for f in files}
    if not system or "/" in system or system.startswith("."):
        raise refuse(f"the scenario names no rule system ([scenario] system): {system!r}")
    common = Path(os.path.commonpath([f.parent for f in files]))
    return {f: f"{system}/{f.relative_to(common).as_posix()}" for f in files}


class Project:
    """An editable copy of a scenario (see the module's docstring)."""

    def __init__(self, root: Path, meta: dict[str, Any], texts: Texts) -> None:
        self.root = root
        self.id: str = meta["id"]
        self.meta = meta
        self._texts = texts
        self.history = History.open(root / "history")
        self._scenario: Scenario | None = None
        #: parsed documents equal to ``_texts`` (a batch reuses them; painting stays quick)
        self._docs: dict[str, TOMLDocument] = {}
        self._problems: list[dict[str, Any]] = []
        self._check_current()

    # --- making and finding projects ----------------------------------------------------

    @staticmethod
    def _folder(data_dir: Path) -> Path:
        return Path(data_dir) / "editor"

    @classmethod
    def _new_id(cls, data_dir: Path, wanted: str | None, base: str) -> str:
        if wanted is not None:
            check_id(wanted)
            if (cls._folder(data_dir) / wanted).exists():
                raise refuse(f"project {wanted!r} already exists")
            return wanted
        base = slug(base)[:54]
        candidate, n = base, 1
        while (cls._folder(data_dir) / candidate).exists():
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    @classmethod
    def _create(
        cls, data_dir: Path, project_id: str, meta: dict[str, Any], texts: Texts
    ) -> Project:
        root = cls._folder(data_dir) / project_id
        for rel, text in texts.items():
            write_atomic(root / _safe_rel(rel), text)
        now = _now()
        meta = {
            "id": project_id,
            **meta,
            "files": sorted(texts),
            "revision": 0,
            "backdrop": {},
            "created": now,
            "updated": now,
        }
        write_atomic(root / META, json.dumps(meta, indent=1))
        return cls(root, meta, dict(texts))

    @classmethod
    def create_from(cls, data_dir: Path, scenario: str, project_id: str | None = None) -> Project:
        """A project holding a scenario and every file it names: a shipped one
        (``gwite/teaching``), or a scenario file on disk (its files keep their layout below
        their common folder, under the system's folder of the project)."""
        try:
            sid, path = resolve(scenario)
            with path.open("rb") as fh:
                info = tomllib.load(fh)["scenario"]
        except ScenarioError as exc:
            raise refuse(str(exc)) from exc
        except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
            raise refuse(f"{scenario} is not a scenario file ({exc})", file=str(scenario)) from exc
        files = [path.resolve(), *_named_files(path)]
        missing = [f for f in files if not f.is_file()]
        if missing:
            raise refuse(
                f"{scenario} names files that do not exist: {', '.join(map(str, missing))}"
            )
        layout = _layout(files, str(info.get("system", "")))
        texts: Texts = {layout[f]: f.read_text(encoding="utf-8") for f in files}
        meta = {
            "name": info.get("name", sid),
            "system": info.get("system", ""),
            "source": sid,
            "scenario_file": layout[files[0]],
        }
        base = sid.replace("/", "-") if not sid.endswith(".toml") else path.stem
        pid = cls._new_id(data_dir, project_id, base)
        return cls._create(data_dir, pid, meta, texts)

    @classmethod
    def create_blank(
        cls,
        data_dir: Path,
        system: str,
        *,
        name: str,
        numbering: str,
        columns: tuple[int, int],
        rows: tuple[int, int],
        prefix: str = "",
        project_id: str | None = None,
    ) -> Project:
        """A new scenario on an empty map (every hex '?'), two sides, no counters."""
        if system not in SIDES:
            raise refuse(f"no rule system {system!r}; known: {', '.join(SIDES)}")
        if numbering not in ("spi", "tannenberg"):
            raise refuse(f"numbering is 'spi' or 'tannenberg', not {numbering!r}")
        (c0, c1), (r0, r1) = columns, rows
        if c1 < c0 or (c1 - c0 + 1) * (abs(r1 - r0) + 1) > 20_000:
            raise refuse(f"columns {c0}-{c1} and rows {r0}-{r1} make no map (at most 20000 hexes)")
        pid = cls._new_id(data_dir, project_id, slug(name))
        texts = _blank_texts(system, pid, name, numbering, (c0, c1), (r0, r1), prefix)
        meta = {
            "name": name,
            "system": system,
            "source": "",
            "scenario_file": f"{system}/scenarios/{pid}.toml",
        }
        project = cls._create(data_dir, pid, meta, texts)
        if project._problems:
            problems = project._problems
            import shutil

            shutil.rmtree(project.root)
            raise EditorError(problems)
        return project

    @classmethod
    def open(cls, data_dir: Path, project_id: str) -> Project:
        root = cls._folder(data_dir) / check_id(project_id)
        if not (root / META).is_file():
            raise refuse(f"no project {project_id!r}")
        meta = json.loads((root / META).read_text(encoding="utf-8"))
        texts = {rel: (root / _safe_rel(rel)).read_text(encoding="utf-8") for rel in meta["files"]}
        return cls(root, meta, texts)

    @staticmethod
    def summaries(data_dir: Path) -> list[dict[str, Any]]:
        out = []
        folder = Project._folder(data_dir)
        for meta_file in sorted(folder.glob(f"*/{META}")) if folder.is_dir() else []:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
            out.append({k: meta.get(k) for k in ("id", "name", "system", "source", "updated")})
        return out

    # --- reading --------------------------------------------------------------------------

    @property
    def revision(self) -> int:
        return int(self.meta["revision"])

    def texts(self) -> Texts:
        return dict(self._texts)

    def scenario_path(self) -> Path:
        return self.root / self.meta["scenario_file"]  # type: ignore[no-any-return]

    def problems(self) -> list[dict[str, Any]]:
        """The problems of the files as they stand (none once a batch was accepted)."""
        return list(self._problems)

    def scenario(self) -> Scenario | None:
        """The loaded scenario as it now stands (None when its files have problems)."""
        return self._scenario

    # --- checking -------------------------------------------------------------------------

    def _check(self, texts: Texts) -> tuple[Scenario | None, list[dict[str, Any]]]:
        """Load ``texts`` as ``greatwar validate`` would, from a temporary copy."""
        with tempfile.TemporaryDirectory(prefix="gw-edit-") as tmp:
            base = Path(tmp)
            for rel, text in texts.items():
                target = base / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8", newline="")
            try:
                return load_scenario(base / self.meta["scenario_file"]), []
            except ScenarioError as exc:
                known = _counter_ids(texts)
                board = self._scenario.board if self._scenario is not None else None
                hexes = set(board.hexes) if board is not None else None
                return None, [problem_dict(p, base, texts, known, hexes) for p in exc.problems]

    def _check_current(self) -> None:
        self._scenario, self._problems = self._check(self._texts)

    # --- editing --------------------------------------------------------------------------

    def apply(self, ops: list[dict[str, Any]]) -> None:
        """Apply a batch of ops, all or nothing (EditorError: nothing changed)."""
        if not isinstance(ops, list):
            raise refuse("ops are a list")
        batch = Batch(dict(self._texts), self.meta["scenario_file"], self._docs)
        self._docs = batch.cache  # the documents the batch edits leave the cache
        for op in ops:
            try:
                apply_op(batch, op)
            except EditorError as exc:
                raise EditorError([_with_places(p, [op]) for p in exc.problems]) from exc
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise EditorError(
                    [_with_places(problem(f"op {op!r} cannot apply: {exc}"), [op])]
                ) from exc
        changed = batch.changed()
        if not changed:
            return
        sc, problems = self._check({**self._texts, **changed})
        new = [p for p in problems if _key(p) not in {_key(q) for q in self._problems}]
        if new:
            raise EditorError([_with_places(p, ops) for p in new])
        before = {rel: self._texts[rel] for rel in changed}
        self._write(changed)
        self.history.record(before, changed)
        self._scenario, self._problems = sc, problems
        self._docs = batch.valid_docs()
        self._bump()

    def undo(self) -> None:
        if not self.history.can_undo:
            raise refuse("nothing to undo")
        self._write(self.history.peek_undo())
        self.history.moved(-1)
        self._check_current()
        self._bump()

    def redo(self) -> None:
        if not self.history.can_redo:
            raise refuse("nothing to redo")
        self._write(self.history.peek_redo())
        self.history.moved(1)
        self._check_current()
        self._bump()

    def set_backdrop(self, prefix: str, matrix: list[float], opacity: float, image: str) -> None:
        """The backdrop alignment of one map (the image's file name only, never the image)."""
        if len(matrix) != 6 or not all(isinstance(x, int | float) for x in matrix):
            raise refuse("a backdrop matrix is six numbers [a, b, c, d, e, f]")
        if not 0 <= float(opacity) <= 1:
            raise refuse(f"opacity is between 0 and 1, not {opacity}")
        self.meta["backdrop"][prefix] = {
            "matrix": [float(x) for x in matrix],
            "opacity": float(opacity),
            "image": PurePosixPath(str(image).replace("\\", "/")).name,
        }
        self._bump()

    def _write(self, texts: Texts) -> None:
        for rel, text in texts.items():
            self._docs.pop(rel, None)
            write_atomic(self.root / _safe_rel(rel), text)
            self._texts[rel] = text

    def _bump(self) -> None:
        self.meta["revision"] = self.revision + 1
        self.meta["updated"] = _now()
        write_atomic(self.root / META, json.dumps(self.meta, indent=1))

    def snapshot(self) -> Path:
        """A frozen copy of the files for a game, named by their contents; its scenario file."""
        digest = hashlib.sha256(
            json.dumps(sorted(self._texts.items())).encode("utf-8")
        ).hexdigest()[:16]
        folder = self.root / "played" / digest
        for rel, text in self._texts.items():
            target = folder / _safe_rel(rel)
            if not target.is_file():
                write_atomic(target, text)
        return folder / self.meta["scenario_file"]  # type: ignore[no-any-return]

    # --- the page's JSON --------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return state_of(self)


def _now() -> str:
    """The time in ISO 8601, UTC, to the second (a project's ``created``/``updated``)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _counter_ids(texts: Texts) -> set[str]:
    ids: set[str] = set()
    for text in texts.values():
        ids.update(re.findall(r'^\s*id\s*=\s*"([^"]+)"', text, re.MULTILINE))
    return ids


def _key(p: dict[str, Any]) -> tuple[str, str, str]:
    """What makes a problem the same one after an edit (its line may move)."""
    return p["file"], p["field"], p["message"]


def _with_places(p: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """A problem naming no place takes the places of the ops that made it."""
    if p.get("hexes") or p.get("counters"):
        return p
    hexes = [h for op in ops if isinstance(op, dict) for h in op_hexes(op)]
    counters = [c for op in ops if isinstance(op, dict) for c in op_counters(op)]
    return {**p, "hexes": list(dict.fromkeys(hexes)), "counters": list(dict.fromkeys(counters))}


def _blank_texts(
    system: str,
    pid: str,
    name: str,
    numbering: str,
    columns: tuple[int, int],
    rows: tuple[int, int],
    prefix: str,
) -> Texts:
    (c0, c1), (r0, r1) = columns, rows
    step = 1 if r1 >= r0 else -1
    width = c1 - c0 + 1
    row_width = max(len(str(r0)), len(str(r1)), 2)
    grid = "".join(f"{r:0{row_width}d} {'?' * width}\n" for r in range(r0, r1 + step, step))
    q = json.dumps
    map_text = (
        f"# Map of {name}, entered with the scenario editor (greatwar edit).\n"
        "[map]\n"
        f"id = {q(pid)}\n"
        f"name = {q(name)}\n"
        f"numbering = {q(numbering)}\n"
        + (f"prefix = {q(prefix)}\n" if prefix else "")
        + f"columns = [{c0}, {c1}]\n"
        f"rows = [{r0}, {r1}]\n\n"
        "[terrain]\n"
        "legend = {}\n"
        f'# row, then one character per column {c0}..{c1}; "?" not yet entered, "-" no hex\n'
        f'grid = """\n{grid}"""\n'
    )
    sides = SIDES[system]
    side_text = "".join(
        "\n[[side]]\n"
        f"id = {q(s['id'])}\nname = {q(s['name'])}\n"
        f"nationalities = [{', '.join(q(n) for n in s['nationalities'])}]\n"
        f"color = {q(s['color'])}\n"
        for s in sides
    )
    scenario_text = (
        f"# {name}: a scenario entered with the scenario editor (greatwar edit).\n"
        "[scenario]\n"
        f"id = {q(pid)}\n"
        f"system = {q(system)}\n"
        f"name = {q(name)}\n"
        f'map = "../maps/{pid}.toml"\n'
        f'counters = ["../counters/{pid}.toml"]\n'
        "turns = 1  # provisional: enter the scenario's Game-Turns\n"
        f"first_side = {q(sides[0]['id'])}  # provisional: enter who moves first\n" + side_text
    )
    if system == "gwite":  # the standard rules need a stacking limit (6.0)
        scenario_text += (
            "\n[parameters]\n"
            "stacking_limit = 8  # provisional: enter the game's limit (6.0); 8 as Brusilov 16.0\n"
        )
    counters_text = f"# The counter sheet of {name}, entered with the scenario editor.\n"
    return {
        f"{system}/scenarios/{pid}.toml": scenario_text,
        f"{system}/maps/{pid}.toml": map_text,
        f"{system}/counters/{pid}.toml": counters_text,
    }
