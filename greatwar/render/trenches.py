"""Trench hexes: a zigzag along the bottom of the hex."""

from __future__ import annotations

from greatwar.render.geometry import Geometry
from greatwar.render.svg import group, polyline

TRENCH_COLOR = "#4a3214"


def trench_marks(cx: float, cy: float, size: float) -> str:
    """A zigzag one hex wide, half a hex below (cx, cy)."""
    y = cy + 0.5 * size
    x0, x1 = cx - 0.5 * size, cx + 0.5 * size
    teeth = 6
    step = (x1 - x0) / teeth
    pts = [(x0 + i * step, y + (0.07 * size if i % 2 else -0.07 * size)) for i in range(teeth + 1)]
    return polyline(
        pts, fill="none", stroke=TRENCH_COLOR, stroke_width=0.06 * size, stroke_linejoin="miter"
    )


def trench_layer(geo: Geometry) -> str:
    """A trench mark in every trench hex."""
    out = []
    for label in sorted(geo.board.trenches):
        cx, cy = geo.center(label)
        out.append(trench_marks(cx, cy, geo.size))
    return group({"class": "trenches", "pointer-events": "none"}, out)
