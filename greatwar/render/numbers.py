"""Hex numbers, written small at the top of each hex.

A label of two coordinates (Tannenberg's "A1 B29": one per map sheet) is marked
``data-coords="pair"`` so that a page may hide the longer labels sooner when zoomed out.
"""

from __future__ import annotations

from greatwar.render.geometry import Geometry
from greatwar.render.svg import group, text


def hex_number_layer(geo: Geometry) -> str:
    """Each hex's label near its top edge, smaller where a long label would not fit."""
    size = geo.size
    out = []
    for label in geo.board.hexes:
        cx, cy = geo.center(label)
        font = min(0.2 * size, 1.05 * size / max(1, 0.6 * len(label)))
        y = cy - (0.64 if geo.orientation == "flat" else 0.58) * size
        attrs: dict[str, object] = {"class": "hn"}
        if font < 0.2 * size:
            attrs["font-size"] = font
        if is_coordinate_pair(label):
            attrs["data_coords"] = "pair"
        out.append(text(cx, y, label, **attrs))
    return group({"class": "hex-numbers tx"}, out)


def is_coordinate_pair(label: str) -> bool:
    """Whether a hex label holds two coordinates (one per map sheet, as "A1 B29")."""
    return len(label.split()) == 2
