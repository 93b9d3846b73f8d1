"""The JSON the editor page draws (``Project.state()``, the contract's ``state``)."""

from __future__ import annotations

import contextlib
import tomllib
from pathlib import Path
from typing import Any, Protocol

import tomlkit
from pydantic import ValidationError

from greatwar.editor.history import History
from greatwar.editor.places import lack_dicts
from greatwar.model.files import DATA_ROOT
from greatwar.model.loader import Scenario
from greatwar.model.schema import UNIT_SIZES, UNIT_TYPES, MapInfo
from greatwar.server.mapdata import map_json_of, map_svg_of


class Project(Protocol):
    """What the state reads of a project (:class:`greatwar.editor.project.Project`)."""

    id: str
    meta: dict[str, Any]
    history: History

    @property
    def revision(self) -> int: ...
    def texts(self) -> dict[str, str]: ...
    def scenario_path(self) -> Path: ...
    def problems(self) -> list[dict[str, Any]]: ...
    def scenario(self) -> Scenario | None: ...


FEATURES = (
    "hexside",
    "rail",
    "road",
    "city",
    "fortress",
    "fortification",
    "entry",
    "supply_source",
    "trench",
    "region",
)


def _chart(system: str) -> dict[str, Any]:
    with (DATA_ROOT / system / "terrain.toml").open("rb") as fh:
        return tomllib.load(fh)


def _plain(text: str) -> dict[str, Any]:
    return tomlkit.parse(text).unwrap()


def _scenario_data(project: Project) -> dict[str, Any]:
    return _plain(project.texts()[project.meta["scenario_file"]])


def _map_files(project: Project, scenario: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    import posixpath

    info = scenario.get("scenario", {})
    names = [info["map"]] if info.get("map") else list(info.get("maps", []))
    base = posixpath.dirname(project.meta["scenario_file"])
    texts = project.texts()
    out = []
    for name in names:
        rel = posixpath.normpath(posixpath.join(base, name))
        if rel in texts:
            out.append((rel, _plain(texts[rel])))
    return out


def _counter_files(project: Project, scenario: dict[str, Any]) -> list[str]:
    import posixpath

    base = posixpath.dirname(project.meta["scenario_file"])
    return [
        posixpath.normpath(posixpath.join(base, c))
        for c in scenario.get("scenario", {}).get("counters", [])
    ]


def _map_entry(rel: str, data: dict[str, Any]) -> dict[str, Any]:
    """A map's header as the page needs it, the schema's defaults filled in."""
    header = data.get("map", {})
    with contextlib.suppress(ValidationError):
        header = MapInfo.model_validate(header).model_dump()
    keys = ("prefix", "name", "numbering", "layout", "columns", "rows")
    return {"file": rel, **{k: header.get(k) for k in keys}}


def _palette(
    system: str, maps: list[tuple[str, dict[str, Any]]], scenario: dict[str, Any]
) -> dict[str, Any]:
    chart = _chart(system)
    chars: dict[str, str] = {}
    countries: list[str] = []
    for _, data in maps:
        for ch, tid in data.get("terrain", {}).get("legend", {}).items():
            chars.setdefault(tid, ch)
        countries += list(data.get("countries", {}).get("legend", {}).values())
    nationalities = [n for s in scenario.get("side", []) for n in s.get("nationalities", [])]
    return {
        "terrain": [
            {
                "id": tid,
                "name": t.get("name", tid),
                "color": t.get("color", "#dddddd"),
                "char": chars.get(tid, ""),
            }
            for tid, t in chart.get("terrain", {}).items()
        ],
        "hexside": [
            {"id": hid, "name": h.get("name", hid), "color": h.get("color", "#000000")}
            for hid, h in chart.get("hexside", {}).items()
        ],
        "countries": list(dict.fromkeys(countries + nationalities)),
        "nationalities": list(dict.fromkeys(nationalities)),
        "unit_types": list(UNIT_TYPES),
        "unit_sizes": list(UNIT_SIZES),
    }


def _features(project: Project, maps: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {k: [] for k in FEATURES}
    several = len(maps) > 1
    for _, data in maps:
        prefix = data.get("map", {}).get("prefix", "")
        for kind in FEATURES:
            for entry in data.get(kind, []):
                out[kind].append({**entry, **({"map": prefix} if several else {})})
    sc = project.scenario()
    out["countries"] = dict(sc.board.country) if sc is not None else {}
    return out


def state_of(project: Project) -> dict[str, Any]:
    scenario = _scenario_data(project)
    maps = _map_files(project, scenario)
    texts = project.texts()
    sc = project.scenario()
    svg = map_svg_of(sc) if sc is not None else ""
    counters = [
        {"file": rel, **c}
        for rel in _counter_files(project, scenario)
        if rel in texts
        for c in _plain(texts[rel]).get("counter", [])
    ]
    return {
        "project": {
            "id": project.id,
            "name": project.meta.get("name", ""),
            "system": project.meta.get("system", ""),
            "source": project.meta.get("source", ""),
            "scenario_file": project.meta["scenario_file"],
            "revision": project.revision,
            "can_undo": project.history.can_undo,
            "can_redo": project.history.can_redo,
        },
        "svg": svg,
        "map": map_json_of(sc, project.id, svg) if sc is not None else {},
        "maps": [_map_entry(rel, data) for rel, data in maps],
        "palette": _palette(project.meta.get("system", ""), maps, scenario),
        "features": _features(project, maps),
        "counters": counters,
        "scenario": scenario,
        "problems": list(project.problems()),
        "lacks": lack_dicts(sc) if sc is not None else [],
        "playable": sc is not None and not sc.blocking,
        "roles": _roles(project),
        "backdrop": project.meta.get("backdrop", {}),
    }


def _roles(project: Project) -> list[dict[str, str]]:
    sc = project.scenario()
    if sc is None:
        return []
    try:
        import greatwar

        roles = greatwar.load(project.scenario_path()).roles()
    except Exception:
        return []
    names = {s.id: s.name for s in sc.sides}
    return [{"id": r, "name": names.get(r, r)} for r in roles]
