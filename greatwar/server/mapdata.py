"""The static data a browser needs to draw and play a scenario.

Two documents per scenario, both built once per process and cached:

* :func:`map_svg` -- the map picture of :func:`greatwar.render.render_svg` without
  counters or legend (the page draws the counters itself, from the views);
* :func:`map_json` -- where each hex lies in that picture (centre, neighbours,
  terrain), the terrain legend with movement costs, the sides with their
  colours, the counter sheet (every unit's printed values, step by step) and the
  tables of the rule system with their provisional entries marked.

Nothing here depends on a game in progress, so both may be served to anyone:
the counter sheet is what is printed on the counters, not where they are.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from greatwar.model.loader import DATA_ROOT, Scenario
from greatwar.model.schema import Counter, StepValues
from greatwar.render import render_svg
from greatwar.rules import load_scenario
from greatwar.server.reference import legend_features, scenario_tables, table_title

#: hex size of the served map picture, in SVG units
HEX_SIZE = 40.0

_MAP_GROUP = re.compile(r'<g class="map" transform="translate\(([-\d.]+),([-\d.]+)\)"')
_HEX_POLYGON = re.compile(r'<polygon points="([^"]+)"[^>]*?data-hex="([^"]+)"')
_VIEWBOX = re.compile(r'<svg[^>]*?width="([\d.]+)" height="([\d.]+)"')

#: the printed values a counter's step may carry, in the order the page shows them
STEP_FIELDS = tuple(StepValues.model_fields)


@cache
def scenario(scenario_id: str) -> Scenario:
    """The loaded scenario (once per process)."""
    return load_scenario(scenario_id)


@cache
def map_svg(scenario_id: str) -> str:
    """The map picture without counters or legend; hex polygons carry ``data-hex``."""
    return map_svg_of(scenario(scenario_id))


def map_svg_of(sc: Scenario) -> str:
    """:func:`map_svg` of a loaded scenario (the editor's project, drawn after each edit)."""
    return render_svg(sc, None, hex_size=HEX_SIZE, counters=False, legend=False)


def hex_centres(svg: str) -> dict[str, tuple[float, float]]:
    """Centre of every hex in the picture's own coordinates (its map group translated)."""
    found = _MAP_GROUP.search(svg)
    dx, dy = (float(found.group(1)), float(found.group(2))) if found else (0.0, 0.0)
    out: dict[str, tuple[float, float]] = {}
    for points, label in _HEX_POLYGON.findall(svg):
        pts = [tuple(float(v) for v in p.split(",")) for p in points.split()]
        x = sum(p[0] for p in pts) / len(pts) + dx
        y = sum(p[1] for p in pts) / len(pts) + dy
        out[label] = (round(x, 1), round(y, 1))
    return out


def _svg_size(svg: str) -> tuple[float, float]:
    found = _VIEWBOX.search(svg)
    return (float(found.group(1)), float(found.group(2))) if found else (0.0, 0.0)


def _terrain_legend(sc: Scenario) -> list[dict[str, Any]]:
    """Terrain kinds used on the map: key, name, colour and movement cost."""
    used = set(sc.board.terrain.values())
    out = []
    for key, kind in sc.terrain.terrain.items():
        if key in used:
            out.append({"key": key, "name": kind.name, "color": kind.color, "move": kind.move})
    return out


def _hexside_legend(sc: Scenario) -> list[dict[str, Any]]:
    used = {k for kinds in sc.board.side_features.values() for k in kinds}
    return [
        {"key": key, "name": kind.name, "color": kind.color, "move": kind.move}
        for key, kind in sc.terrain.hexside.items()
        if key in used
    ]


def _step(step: StepValues) -> dict[str, int]:
    return {f: v for f in STEP_FIELDS if (v := getattr(step, f)) is not None}


def counter_entry(counter: Counter) -> dict[str, Any]:
    """What the counter sheet prints for one unit."""
    entry: dict[str, Any] = {
        "id": counter.id,
        "name": counter.name or counter.id,
        "side": counter.side,
        "nationality": counter.nationality,
        "type": counter.type,
        "size": counter.size,
        "designation": counter.designation(),
        "steps": [_step(s) for s in counter.steps],
    }
    optional = {
        "movement": counter.movement,
        "tcr": counter.tcr,
        "effectiveness": counter.effectiveness,
        "stacking": counter.stacking,
        "corps": counter.corps,
        "division": counter.division,
        "army": counter.army,
        "superior": counter.superior,
    }
    entry.update({k: v for k, v in optional.items() if v not in (None, "")})
    if counter.hq is not None:
        entry["hq"] = counter.hq.model_dump()
    if counter.stosstruppen:
        entry["stosstruppen"] = True
    if counter.arrive is not None:
        entry["arrive"] = counter.arrive.model_dump()
    return entry


def _places(sc: Scenario) -> dict[str, Any]:
    board = sc.board
    return {
        "cities": [
            {"hex": c.hex, "name": c.name, "size": c.size, "vp": c.vp}
            for c in board.cities.values()
        ],
        "fortresses": [
            {"hex": f.hex, "name": f.name, "country": f.country, "defense": list(f.defense)}
            for f in board.fortresses.values()
        ],
        "entries": [
            {"hex": h, "letter": e.letter} for e in board.entries.values() for h in e.hexes
        ],
        "trenches": sorted(board.trenches),
        # 5.37 off-map rail links (between two maps of a game on several: how units pass)
        "offmap_links": [
            {"name": link.name, "hexes": list(link.hexes), "cost": link.cost}
            for link in board.offmap_links
        ],
    }


def _maps(sc: Scenario) -> list[dict[str, Any]]:
    """The maps of a game on several (Serbia/Galicia 2.1), each with its hex prefix."""
    return [{"prefix": part.info.prefix, "name": part.info.name} for part in sc.board.maps]


@cache
def map_json(scenario_id: str) -> dict[str, Any]:
    """Everything static the page needs to draw and explain the scenario's map."""
    return map_json_of(scenario(scenario_id), scenario_id, map_svg(scenario_id))


def map_json_of(sc: Scenario, scenario_id: str, svg: str) -> dict[str, Any]:
    """:func:`map_json` of a loaded scenario drawn as ``svg`` (:func:`map_svg_of`)."""
    system = sc.info.system
    width, height = _svg_size(svg)
    centres = hex_centres(svg)
    board = sc.board
    hexes = {
        label: {
            "x": centres[label][0],
            "y": centres[label][1],
            "terrain": board.terrain.get(label, "unknown"),
            "n": [n for n in board.neighbours.get(label, ()) if n in centres],
            **({"map": board.map_of(label)} if board.maps else {}),
        }
        for label in board.hexes
        if label in centres
    }
    return {
        "scenario": scenario_id,
        "system": system,
        "name": sc.info.name,
        "fictional": sc.fictional,
        "turns": sc.info.turns,
        "hex_size": HEX_SIZE,
        "orientation": board.orientation,
        "width": width,
        "height": height,
        "hexes": hexes,
        "sides": [{"id": s.id, "name": s.name, "color": s.color} for s in sc.sides],
        "terrain": _terrain_legend(sc),
        "hexsides": _hexside_legend(sc),
        "places": _places(sc),
        "maps": _maps(sc),
        "counters": {c.id: counter_entry(c) for c in sc.counters.values()},
        "tables": [*system_tables(system), *scenario_tables(sc)],
        "legend": legend_features(sc),
    }


# --- tables -------------------------------------------------------------------------------


def _table_columns(data: dict[str, Any]) -> list[str]:
    if "columns" in data:
        return [str(c) for c in data["columns"]]
    groups = data.get("groups") or []
    return [str(c) for c in groups[0]["columns"]] if groups else []


def _table_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for row in data.get("rows", []):
        key = row.get("key", row.get("die", ""))
        values = row.get("values", row.get("results", []))
        rows.append(
            {
                "key": str(key),
                "values": [str(v) for v in values],
                "provisional": list(row.get("provisional", [])),
                "source": str(row.get("source", "")),
            }
        )
    return rows


def _column_groups(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"tcrs": list(g.get("tcrs", [])), "columns": [str(c) for c in g.get("columns", [])]}
        for g in data.get("groups", [])
    ]


def table_entry(path: Path) -> dict[str, Any] | None:
    """A grid table of the data directory as the page shows it (None if not a grid)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if "table" not in data or not isinstance(data.get("rows"), list):
        return None
    return {
        "id": path.stem,
        "title": table_title(path.stem),
        "table": data["table"],
        "source": str(data.get("source", "")),
        "description": str(data.get("description", "")),
        "row_label": str(data.get("row_label", "die roll")),
        "column_label": str(data.get("column_label", "")),
        "columns": _table_columns(data),
        "column_groups": _column_groups(data),
        "rows": _table_rows(data),
    }


@cache
def system_tables(system: str) -> list[dict[str, Any]]:
    """Every grid table shipped for ``system`` (combat results, independence ...)."""
    folder = DATA_ROOT / system
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.toml")):
        entry = table_entry(path)
        if entry is not None:
            out.append(entry)
    return out


__all__ = [
    "HEX_SIZE",
    "counter_entry",
    "hex_centres",
    "map_json",
    "map_json_of",
    "map_svg",
    "map_svg_of",
    "system_tables",
]
