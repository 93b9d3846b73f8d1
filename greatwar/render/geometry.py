"""Pixel geometry of a board: hex centres and corners, hexside segments, the map's
bounds and edges, and the map's own spelling of a hex label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from greatwar import hexgrid
from greatwar.hexgrid import Hexside
from greatwar.model.board import Board
from greatwar.render.svg import Point

#: room above the hexes of a game on several maps for each map's title, in hex sizes
MAP_TITLE_ROOM = 0.8


@dataclass(frozen=True)
class Geometry:
    """Pixel positions of a board's hexes for one hex size."""

    board: Board
    size: float

    @property
    def orientation(self) -> hexgrid.Orientation:
        """``flat`` or ``pointy`` hexes, as the map says."""
        return self.board.orientation

    def center(self, label: str) -> Point:
        """The centre of a hex."""
        return hexgrid.center(self.board.coord[label], self.size, self.orientation)

    def corners(self, label: str) -> list[Point]:
        """The six corners of a hex."""
        return hexgrid.corners(self.board.coord[label], self.size, self.orientation)

    def side(self, side: Hexside) -> tuple[Point, Point]:
        """End points of a hexside (whichever of its hexes is on the map)."""
        first, second = hexgrid.hexside_hexes(side)
        if first in self.board.label_at or second not in self.board.label_at:
            return hexgrid.side_segment(first, side.d, self.size, self.orientation)
        return hexgrid.side_segment(second, side.d + 3, self.size, self.orientation)

    def bounds(self) -> tuple[float, float, float, float]:
        """Smallest box around every hex: min x, min y, max x, max y."""
        xs: list[float] = []
        ys: list[float] = []
        for label in self.board.hexes:
            for x, y in self.corners(label):
                xs.append(x)
                ys.append(y)
        if not xs:
            return 0.0, 0.0, self.size, self.size
        # a game on several maps: room above them for each map's title (render/maps.py)
        # and below them for the off-map links between them (render/lines.py)
        room = MAP_TITLE_ROOM * self.size if self.board.maps else 0.0
        return (
            min(xs),
            min(ys) - room,
            max(xs),
            max(ys) + self.intermap_depth(0) * bool(self.intermap_links()),
        )

    def intermap_links(self) -> list[int]:
        """Indexes of the off-map links joining two maps of a game on several."""
        board = self.board
        if not board.maps:
            return []
        return [
            i
            for i, link in enumerate(board.offmap_links)
            if board.map_of(link.hexes[0]) != board.map_of(link.hexes[1])
        ]

    def intermap_depth(self, nth: int) -> float:
        """How far below the maps' hexes the ``nth`` off-map link between maps runs (the
        deepest, ``nth`` 0, leaves room for its label)."""
        count = len(self.intermap_links())
        return (0.9 + 0.6 * (count - 1 - nth)) * self.size

    def edge_of(self, label: str) -> str:
        """The map edge a hex lies on (``west``, ``east``, ``north``, ``south``) or ``""``."""
        for edge in ("west", "east", "north", "south"):
            if label in self.board.edges.get(edge, frozenset()):
                return edge
        return ""


def canonical_label(board: Board, label: str | None) -> str | None:
    """The map's own spelling of a hex label, or ``None`` if it is not on the map."""
    if label is None:
        return None
    if label in board.coord:
        return label
    try:
        return board.label_at.get(board.numbering.parse(label))
    except ValueError:
        return None


def unit_vector(p: Point, q: Point) -> tuple[Point, Point]:
    """Unit direction from ``p`` to ``q`` and the unit normal to it."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return (ux, uy), (-uy, ux)


def along(p: Point, q: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``p`` to ``q``."""
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
