"""Lines across hexes: railroads (single and double track), roads, and the off-map
rail links (5.37) as dashed curves beyond the map edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.model.schema import OffMapLink
from greatwar.render.geometry import Geometry
from greatwar.render.svg import Point, el, group, num, polyline, text

RAIL_COLOR = "#1a1a1a"
ROAD_COLOR = "#8a5a2b"


def rail_marks(path: Sequence[Point], track: str, size: float) -> str:
    """A railroad along ``path``: ties, and one rail (single track) or two (double)."""
    double = track == "double"
    ties = polyline(
        path,
        fill="none",
        stroke=RAIL_COLOR,
        stroke_width=(0.3 if double else 0.22) * size,
        stroke_dasharray=f"{num(0.04 * size)} {num(0.2 * size)}",
    )
    if not double:
        return ties + _rail(path, RAIL_COLOR, 0.06 * size)
    # two rails: a broad black line with a pale one down its middle
    return ties + _rail(path, RAIL_COLOR, 0.17 * size) + _rail(path, "#f4efe0", 0.07 * size)


def _rail(path: Sequence[Point], color: str, width: float) -> str:
    """One solid line of a railroad."""
    return polyline(path, fill="none", stroke=color, stroke_width=width, stroke_linejoin="round")


def road_marks(path: Sequence[Point], size: float) -> str:
    """A road along ``path``: a dashed brown line."""
    return polyline(
        path,
        fill="none",
        stroke=ROAD_COLOR,
        stroke_width=0.09 * size,
        stroke_dasharray=f"{num(0.22 * size)} {num(0.12 * size)}",
        stroke_linecap="round",
        stroke_linejoin="round",
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
    middle = (min_x + max_x) / 2, (min_y + max_y) / 2
    between = geo.intermap_links()
    out = [
        _intermap_link(geo, link, between.index(i))
        if i in between
        else _offmap_link(geo, link, middle)
        for i, link in enumerate(geo.board.offmap_links)
    ]
    return group({"class": "offmap-links", "pointer-events": "none"}, out)


def _intermap_link(geo: Geometry, link: OffMapLink, nth: int) -> str:
    """An off-map link between two maps of a game on several (Serbia/Galicia 17.4 works
    like 5.37): a dashed line down from each end, along under the maps, labelled with its
    two hexes and its cost."""
    (ax, ay), (bx, by) = geo.center(link.hexes[0]), geo.center(link.hexes[1])
    bottom = max(y for label in geo.board.hexes for _, y in geo.corners(label))
    y = bottom + geo.intermap_depth(nth) - 0.45 * geo.size
    path = el(
        "path",
        {
            "d": f"M{num(ax)},{num(ay)} V{num(y)} H{num(bx)} V{num(by)}",
            "fill": "none",
            "stroke": "#222",
            "stroke-width": 0.05 * geo.size,
            "stroke-dasharray": f"{num(0.2 * geo.size)} {num(0.12 * geo.size)}",
        },
    )
    caption = f"{link.name or 'off-map rail'}: {link.hexes[0]} – {link.hexes[1]}, {link.cost} MP"
    label = text(
        (ax + bx) / 2,
        y - 0.12 * geo.size,
        caption,
        font_size=0.26 * geo.size,
        text_anchor="middle",
        fill="#222",
        class_="halo",
        stroke_width=0.08 * geo.size,
    )
    return group(
        {"data-offmap": f"{link.hexes[0]}/{link.hexes[1]}", "data-intermap": "yes"}, [path, label]
    )


def _offmap_link(geo: Geometry, link: OffMapLink, middle: Point) -> str:
    """One off-map link: a curve between its two hexes pushed away from the map's middle,
    labelled with its cost (written upright along a west or east edge)."""
    (ax, ay), (bx, by) = geo.center(link.hexes[0]), geo.center(link.hexes[1])
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    dx, dy = cx - middle[0], cy - middle[1]
    norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
    bulge = 1.6 * geo.size
    qx, qy = cx + dx / norm * bulge, cy + dy / norm * bulge
    curve = el(
        "path",
        {
            "d": f"M{num(ax)},{num(ay)} Q{num(qx)},{num(qy)} {num(bx)},{num(by)}",
            "fill": "none",
            "stroke": "#222",
            "stroke-width": 0.05 * geo.size,
            "stroke-dasharray": f"{num(0.2 * geo.size)} {num(0.12 * geo.size)}",
        },
    )
    lx, ly = (cx + qx) / 2, (cy + qy) / 2
    label = text(
        lx,
        ly,
        f"off-map rail {link.cost} MP",
        font_size=0.22 * geo.size,
        text_anchor="middle",
        fill="#222",
        transform=f"rotate(-90 {num(lx)} {num(ly)})" if abs(dx) > abs(dy) else None,
    )
    return group({"data-offmap": f"{link.hexes[0]}/{link.hexes[1]}"}, [curve, label])
