"""Lines across hexes: railroads (single and double track), roads, and the off-map
rail links (5.37) as dashed curves beyond the map edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.render.geometry import Geometry
from greatwar.render.svg import Point, el, group, num, points, text

RAIL_COLOR = "#1a1a1a"
ROAD_COLOR = "#8a5a2b"


def rail_marks(path: Sequence[Point], track: str, size: float) -> str:
    """A railroad along ``path``: ties, and one rail (single track) or two (double)."""
    pts = points(path)
    ties = el(
        "polyline",
        {
            "points": pts,
            "fill": "none",
            "stroke": RAIL_COLOR,
            "stroke-width": (0.3 if track == "double" else 0.22) * size,
            "stroke-dasharray": f"{num(0.04 * size)} {num(0.2 * size)}",
        },
    )
    if track == "double":
        rails = el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": RAIL_COLOR,
                "stroke-width": 0.17 * size,
                "stroke-linejoin": "round",
            },
        ) + el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": "#f4efe0",
                "stroke-width": 0.07 * size,
                "stroke-linejoin": "round",
            },
        )
    else:
        rails = el(
            "polyline",
            {
                "points": pts,
                "fill": "none",
                "stroke": RAIL_COLOR,
                "stroke-width": 0.06 * size,
                "stroke-linejoin": "round",
            },
        )
    return ties + rails


def road_marks(path: Sequence[Point], size: float) -> str:
    """A road along ``path``: a dashed brown line."""
    return el(
        "polyline",
        {
            "points": points(path),
            "fill": "none",
            "stroke": ROAD_COLOR,
            "stroke-width": 0.09 * size,
            "stroke-dasharray": f"{num(0.22 * size)} {num(0.12 * size)}",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )


def rail_layer(geo: Geometry) -> str:
    """Every rail line through the centres of its hexes (``data-rail``, ``data-track``)."""
    out = []
    # single track first so that double track lies on top where they share hexes
    for ln in sorted(geo.board.rails, key=lambda r: r.track == "double"):
        path = [geo.center(h) for h in ln.hexes]
        if ln.track == "road":
            marks = road_marks(path, geo.size)
        else:
            marks = rail_marks(path, ln.track, geo.size)
        out.append(group({"data-rail": ln.name or None, "data-track": ln.track}, [marks]))
    return group({"class": "rails", "pointer-events": "none"}, out)


def road_layer(geo: Geometry) -> str:
    """Every road through the centres of its hexes (``data-road``)."""
    out = []
    for ln in geo.board.roads:
        path = [geo.center(h) for h in ln.hexes]
        out.append(group({"data-road": ln.name or None}, [road_marks(path, geo.size)]))
    return group({"class": "roads", "pointer-events": "none"}, out)


def offmap_layer(geo: Geometry) -> str:
    """5.37 rail links off the map: a dashed curve bulging out beyond the edge."""
    if not geo.board.offmap_links:
        return ""
    min_x, min_y, max_x, max_y = geo.bounds()
    mid_x, mid_y = (min_x + max_x) / 2, (min_y + max_y) / 2
    out = []
    for link in geo.board.offmap_links:
        (ax, ay), (bx, by) = geo.center(link.hexes[0]), geo.center(link.hexes[1])
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        dx, dy = cx - mid_x, cy - mid_y
        norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        bulge = 1.6 * geo.size
        qx, qy = cx + dx / norm * bulge, cy + dy / norm * bulge
        label = f"off-map rail {link.cost} MP"
        out.append(
            group(
                {"data-offmap": f"{link.hexes[0]}/{link.hexes[1]}"},
                [
                    el(
                        "path",
                        {
                            "d": f"M{num(ax)},{num(ay)} Q{num(qx)},{num(qy)} {num(bx)},{num(by)}",
                            "fill": "none",
                            "stroke": "#222",
                            "stroke-width": 0.05 * geo.size,
                            "stroke-dasharray": f"{num(0.2 * geo.size)} {num(0.12 * geo.size)}",
                        },
                    ),
                    text(
                        (cx + qx) / 2,
                        (cy + qy) / 2,
                        label,
                        font_size=0.22 * geo.size,
                        text_anchor="middle",
                        fill="#222",
                        transform=f"rotate(-90 {num((cx + qx) / 2)} {num((cy + qy) / 2)})"
                        if abs(dx) > abs(dy)
                        else None,
                    ),
                ],
            )
        )
    return group({"class": "offmap-links", "pointer-events": "none"}, out)
