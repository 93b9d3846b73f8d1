"""The maps of a game played on several (Serbia/Galicia 2.1): each map's title over its
hexes, so that the sheet shows which surface is which and how its hexes are numbered.
"""

from __future__ import annotations

from greatwar.render.geometry import Geometry
from greatwar.render.svg import group, text


def map_title_layer(geo: Geometry) -> str:
    """Over each map of a game on several, its name and the prefix of its hex numbers
    (in the room ``Geometry.bounds`` leaves above them, ``MAP_TITLE_ROOM``)."""
    if not geo.board.maps:
        return ""
    out = []
    for part in geo.board.maps:
        corners = [p for label in part.board.hexes for p in geo.corners(label)]
        left = min(x for x, _ in corners)
        top = min(y for _, y in corners)
        caption = f"{part.info.name} — hexes {part.info.prefix}CCRR"
        label = text(left, top - 0.3 * geo.size, caption, font_size=0.4 * geo.size, fill="#222")
        out.append(group({"data-map": part.info.prefix}, [label]))
    return group({"class": "map-titles tx"}, out)
