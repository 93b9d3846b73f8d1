"""Hexside features (rivers, ridges, straits, wire, fortified edges, bridges, ...): how
each is drawn along its hexside, their colours and names (the terrain table's, or
defaults for types it does not list) and the layer of every feature on the map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from greatwar.render.geometry import Geometry, along, unit_vector
from greatwar.render.svg import Point, el, group, line, num, points

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario

#: draws a hexside feature along p-q: (p, q, colour, hex size) -> markup
SideMarks = Callable[[Point, Point, str, float], str]

DEFAULT_BORDER_COLOR = "#b03060"

# Hexside types the terrain table may not list (or may list without a colour).
DEFAULT_SIDE_COLORS = {
    "minor_river": "#3b7dd8",
    "major_river": "#1f4fa8",
    "ridge": "#7a4a1e",
    "prohibited": "#202020",
    "blocked": "#6a1b9a",
    "lake_shore": "#2b6cb0",
    "strait": "#5fa8e8",
    "wire": "#333333",
    "fortified_edge": "#8b1a1a",
    "bridge": "#6b4f2a",
    "border": DEFAULT_BORDER_COLOR,
}
DEFAULT_SIDE_NAMES = {
    "lake_shore": "Lake shore",
    "strait": "Strait",
    "wire": "Wire",
    "fortified_edge": "Fortified hexside",
    "bridge": "Bridge",
}

# Drawing order of hexside features: water first, crossings (bridges) last.
SIDE_ORDER = (
    "strait",
    "lake_shore",
    "major_river",
    "minor_river",
    "border",
    "ridge",
    "wire",
    "fortified_edge",
    "prohibited",
    "blocked",
    "bridge",
)


def side_color(scenario: Scenario, kind: str) -> str:
    """A hexside type's colour: the terrain table's if it sets one, else a default."""
    known = scenario.terrain.sides.get(kind)
    if known is not None and "color" in known.model_fields_set:
        return known.color
    if kind in DEFAULT_SIDE_COLORS:
        return DEFAULT_SIDE_COLORS[kind]
    return known.color if known is not None else "#000000"


def side_name(scenario: Scenario, kind: str) -> str:
    """A hexside type's name in the legend."""
    known = scenario.terrain.sides.get(kind)
    if known is not None:
        return known.name
    return DEFAULT_SIDE_NAMES.get(kind, kind.replace("_", " ").capitalize())


def side_rank(kind: str) -> int:
    """Where a hexside type comes in the drawing order (unlisted types last)."""
    return SIDE_ORDER.index(kind) if kind in SIDE_ORDER else len(SIDE_ORDER)


def border_marks(p: Point, q: Point, color: str, size: float) -> str:
    """A border along ``p``-``q``: a pale band under a dashed line."""
    band = line(
        p, q, stroke=color, stroke_width=0.24 * size, stroke_opacity=0.28, stroke_linecap="round"
    )
    dash = line(
        p,
        q,
        stroke=color,
        stroke_width=0.08 * size,
        stroke_dasharray=f"{num(0.2 * size)} {num(0.1 * size)}",
    )
    return band + dash


def hexside_marks(kind: str, p: Point, q: Point, color: str, size: float) -> str:
    """The picture of one hexside feature along the segment ``p``-``q``."""
    return _MARKS.get(kind, _OTHER)(p, q, color, size)


def _solid(width: float) -> SideMarks:
    """A plain line ``width`` hexes wide (rivers, lake shores, prohibited hexsides)."""

    def marks(p: Point, q: Point, color: str, size: float) -> str:
        return line(p, q, stroke=color, stroke_width=width * size, stroke_linecap="round")

    return marks


def _dashed_over(width: float, dash: float, gap: float) -> SideMarks:
    """A line ``width`` wide with white dashes along it (straits, blocked hexsides)."""

    def marks(p: Point, q: Point, color: str, size: float) -> str:
        return _solid(width)(p, q, color, size) + line(
            p,
            q,
            stroke="#ffffff",
            stroke_width=0.05 * size,
            stroke_dasharray=f"{num(dash * size)} {num(gap * size)}",
        )

    return marks


def _ridge(p: Point, q: Point, color: str, size: float) -> str:
    """A line with four ticks across it."""
    _, (nx, ny) = unit_vector(p, q)
    ticks = []
    for t in (0.2, 0.4, 0.6, 0.8):
        mx, my = along(p, q, t)
        a = (mx - nx * 0.13 * size, my - ny * 0.13 * size)
        b = (mx + nx * 0.13 * size, my + ny * 0.13 * size)
        ticks.append(f"M{num(a[0])},{num(a[1])}L{num(b[0])},{num(b[1])}")
    return _solid(0.1)(p, q, color, size) + el(
        "path", {"d": "".join(ticks), "stroke": color, "stroke-width": 0.05 * size}
    )


def _wire(p: Point, q: Point, color: str, size: float) -> str:
    """A thin line with three crosses on it."""
    crosses = []
    r = 0.07 * size
    for t in (0.2, 0.5, 0.8):
        mx, my = along(p, q, t)
        crosses.append(
            f"M{num(mx - r)},{num(my - r)}l{num(2 * r)},{num(2 * r)}"
            f"M{num(mx - r)},{num(my + r)}l{num(2 * r)},{num(-2 * r)}"
        )
    return line(p, q, stroke=color, stroke_width=0.035 * size) + el(
        "path", {"d": "".join(crosses), "stroke": color, "stroke-width": 0.03 * size}
    )


def _fortified_edge(p: Point, q: Point, color: str, size: float) -> str:
    """A line with three teeth on one side."""
    _, (nx, ny) = unit_vector(p, q)
    teeth = []
    for t in (0.15, 0.45, 0.75):
        a, b = along(p, q, t), along(p, q, t + 0.15)
        m = along(p, q, t + 0.075)
        tip = (m[0] + nx * 0.14 * size, m[1] + ny * 0.14 * size)
        teeth.append(points([a, tip, b]))
    return line(p, q, stroke=color, stroke_width=0.06 * size) + "".join(
        el("polygon", {"points": pts, "fill": color}) for pts in teeth
    )


def _bridge(p: Point, q: Point, color: str, size: float) -> str:
    """A small plank across the middle of the hexside."""
    (ux, uy), (nx, ny) = unit_vector(p, q)
    mx, my = along(p, q, 0.5)
    half_len, half_w = 0.2 * size, 0.08 * size
    corners = [
        (mx - nx * half_len - ux * half_w, my - ny * half_len - uy * half_w),
        (mx + nx * half_len - ux * half_w, my + ny * half_len - uy * half_w),
        (mx + nx * half_len + ux * half_w, my + ny * half_len + uy * half_w),
        (mx - nx * half_len + ux * half_w, my - ny * half_len + uy * half_w),
    ]
    return el(
        "polygon",
        {
            "points": points(corners),
            "fill": "#f3ead2",
            "stroke": color,
            "stroke-width": 0.04 * size,
        },
    )


_MARKS: dict[str, SideMarks] = {
    "minor_river": _solid(0.09),
    "major_river": _solid(0.17),
    "lake_shore": _solid(0.07),
    "strait": _dashed_over(0.2, 0.12, 0.1),
    "ridge": _ridge,
    "prohibited": _solid(0.2),
    "blocked": _dashed_over(0.16, 0.06, 0.1),
    "wire": _wire,
    "fortified_edge": _fortified_edge,
    "bridge": _bridge,
    "border": border_marks,
}
_OTHER = _solid(0.08)  # a hexside type drawn by no rule above


def hexside_layer(scenario: Scenario, geo: Geometry) -> str:
    """Every hexside feature of the map (``data-side="<type>"``), water first."""
    items = [
        (kind, side) for side, kinds in geo.board.side_features.items() for kind in sorted(kinds)
    ]
    items.sort(key=lambda item: (side_rank(item[0]), item[1]))
    out = []
    for kind, side in items:
        p, q = geo.side(side)
        color = side_color(scenario, kind)
        out.append(
            group(
                {"data-side": kind},
                [hexside_marks(kind, p, q, color, geo.size)],
            )
        )
    return group({"class": "hexsides", "pointer-events": "none"}, out)
