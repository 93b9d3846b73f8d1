"""National borders: the hexsides between hexes of different countries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar import hexgrid
from greatwar.hexgrid import Hexside
from greatwar.model.board import Board
from greatwar.render.geometry import Geometry
from greatwar.render.hexsides import border_marks, side_color
from greatwar.render.svg import group

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


def national_border_sides(board: Board) -> list[Hexside]:
    """Hexsides whose two hexes lie in different countries."""
    out = []
    for label in board.hexes:
        mine = board.country.get(label)
        if mine is None:
            continue
        h = board.coord[label]
        for d in range(3):
            other = board.label_at.get(hexgrid.neighbour(h, d))
            theirs = board.country.get(other) if other else None
            if theirs is not None and theirs != mine:
                out.append(hexgrid.hexside(h, d))
    return out


def border_layer(scenario: Scenario, geo: Geometry) -> str:
    """Every national border, in the colour of the ``border`` hexside type."""
    color = side_color(scenario, "border")
    out = []
    for side in national_border_sides(geo.board):
        p, q = geo.side(side)
        out.append(border_marks(p, q, color, geo.size))
    return group({"class": "borders", "pointer-events": "none"}, out)
