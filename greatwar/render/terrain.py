"""The hexes: each hex filled with its terrain colour (``data-hex``, ``data-terrain``),
a light texture over some terrains, the grid; and the patterns those fills use
(terrain textures, the hatching of terrain not yet entered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from greatwar.render.geometry import Geometry
from greatwar.render.svg import el, group, line, num, points

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


GRID_COLOR = "#6b6b6b"
UNKNOWN_FILL = "url(#gw-unknown)"


def hatch_pattern(size: float) -> str:
    """The grey hatching of a hex whose terrain is not yet entered (``UNKNOWN_FILL``)."""
    step = 0.25 * size
    return (
        f'<pattern id="gw-unknown" patternUnits="userSpaceOnUse" width="{num(step)}"'
        f' height="{num(step)}" patternTransform="rotate(45)">'
        + el("rect", {"width": step, "height": step, "fill": "#cfcfcf"})
        + line((0, 0), (0, step), stroke="#8a8a8a", stroke_width=0.06 * size)
        + "</pattern>"
    )


def terrain_pattern(name: str, size: float) -> str:
    """A light texture for some terrains, drawn over the terrain colour."""
    w, h, marks = _TEXTURES.get(name, _city)(size)
    return (
        f'<pattern id="gw-tex-{name}" patternUnits="userSpaceOnUse"'
        f' width="{num(w)}" height="{num(h)}">{marks}</pattern>'
    )


def _forest(s: float) -> tuple[float, float, str]:
    """Two green dots a tile (each texture: its tile's width, height and marks)."""
    dot = {"r": 0.07 * s, "fill": "#4f8a3c", "opacity": 0.6}
    marks = el("circle", {"cx": 0.15 * s, "cy": 0.15 * s, **dot}) + el(
        "circle", {"cx": 0.4 * s, "cy": 0.37 * s, **dot}
    )
    return 0.5 * s, 0.45 * s, marks


def _swamp(s: float) -> tuple[float, float, str]:
    """A tuft of reeds: a short line with three strokes rising from it."""
    marks = el(
        "path",
        {
            "d": f"M{num(0.05 * s)},{num(0.15 * s)}h{num(0.2 * s)}"
            f"M{num(0.1 * s)},{num(0.1 * s)}v{num(0.05 * s)}"
            f"M{num(0.15 * s)},{num(0.08 * s)}v{num(0.07 * s)}"
            f"M{num(0.2 * s)},{num(0.1 * s)}v{num(0.05 * s)}",
            "stroke": "#3f7f6e",
            "stroke-width": 0.03 * s,
            "fill": "none",
        },
    )
    return 0.5 * s, 0.3 * s, marks


def _stippled(tile: float) -> Callable[[float], tuple[float, float, str]]:
    """Brown dots, one a tile ``tile`` hexes square (rough: dense, broken: sparse)."""

    def texture(s: float) -> tuple[float, float, str]:
        w = h = tile * s
        marks = el(
            "circle",
            {"cx": w / 2, "cy": h / 2, "r": 0.03 * s, "fill": "#6b4a2a", "opacity": 0.55},
        )
        return w, h, marks

    return texture


def _mountain(s: float) -> tuple[float, float, str]:
    """A small peak."""
    marks = el(
        "path",
        {
            "d": f"M{num(0.08 * s)},{num(0.3 * s)}l{num(0.12 * s)},{num(-0.17 * s)}"
            f"l{num(0.12 * s)},{num(0.17 * s)}",
            "stroke": "#5a4330",
            "stroke-width": 0.035 * s,
            "fill": "none",
            "opacity": 0.7,
        },
    )
    return 0.5 * s, 0.42 * s, marks


def _city(s: float) -> tuple[float, float, str]:
    """A faint street grid."""
    w = h = 0.2 * s
    marks = el(
        "path",
        {
            "d": f"M0,0h{num(w)}M0,0v{num(h)}",
            "stroke": "#a86f66",
            "stroke-width": 0.02 * s,
            "fill": "none",
        },
    )
    return w, h, marks


_TEXTURES: dict[str, Callable[[float], tuple[float, float, str]]] = {
    "forest": _forest,
    "swamp": _swamp,
    "rough": _stippled(0.3),
    "broken": _stippled(0.4),
    "mountain": _mountain,
    "city": _city,
}
# Terrains drawn with a light texture over their colour, in the order of the patterns
TERRAIN_PATTERNS = tuple(_TEXTURES)


def _terrain_fill(scenario: Scenario, label: str) -> tuple[str, str | None]:
    """Fill colour of a hex and its texture pattern (if any)."""
    name = scenario.board.terrain.get(label)
    kind = scenario.terrain.terrain.get(name) if name else None
    if kind is None:
        return UNKNOWN_FILL, None
    texture = f"url(#gw-tex-{name})" if name in TERRAIN_PATTERNS else None
    return kind.color, texture


def hex_layer(scenario: Scenario, geo: Geometry) -> str:
    """Every hex filled with its terrain, the textures over some terrains, and the grid."""
    fills, textures, outlines = [], [], []
    for label in geo.board.hexes:
        pts = points(geo.corners(label))
        fill, texture = _terrain_fill(scenario, label)
        terrain = geo.board.terrain.get(label, "unknown")
        fills.append(
            el("polygon", {"points": pts, "fill": fill, "data-hex": label, "data-terrain": terrain})
        )
        if texture:
            textures.append(el("polygon", {"points": pts, "fill": texture}))
        outlines.append(pts)
    grid = el(
        "path",
        {"d": "".join(f"M{pts}Z" for pts in outlines), "fill": "none", "class": "hx"},
    )
    return (
        group({"class": "hexes"}, fills)
        + group({"class": "terrain-texture", "pointer-events": "none"}, textures)
        + group({"class": "grid", "pointer-events": "none"}, [grid])
    )
