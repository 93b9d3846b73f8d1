"""Aligning the hex grid to a scan or photo of the map sheet (issue 16).

The owner drags three known hex centres onto the backdrop image; the editor then knows
the affine map from the map SVG's coordinates (``state.map.hexes[label].x/y``) to the
image's pixels, and draws the grid over the scan (or the scan under the grid).

An :class:`Affine` is written as SVG's ``matrix(a, b, c, d, e, f)``::

    x' = a x + c y + e
    y' = b x + d y + f

:func:`solve` finds it exactly from three point pairs, :func:`fit` by least squares from
three or more. :meth:`Affine.decompose` reads it as the owner thinks of it (where the
grid's origin lies on the image, how large a hex is across and down, how far the scan is
turned and how far the camera skewed it) and :func:`compose` builds it back from those.
Degenerate input (points on one line, one point twice, numbers that are not finite)
raises :class:`AlignmentError` with a message that says which points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

Point = tuple[float, float]

#: a triangle whose doubled area is below this fraction of its longest side squared is
#: taken as a line: three hex centres an owner clicks are never that flat
COLLINEAR_TOLERANCE = 1e-9


class AlignmentError(ValueError):
    """The points cannot fix an alignment; the message says why and which points."""


class Decomposition(TypedDict):
    """An affine as the owner thinks of it (see :meth:`Affine.decompose`)."""

    origin: tuple[float, float]
    size_x: float
    size_y: float
    rotation: float
    skew: float


@dataclass(frozen=True)
class Affine:
    """SVG's ``matrix(a, b, c, d, e, f)``: ``x' = a x + c y + e``, ``y' = b x + d y + f``."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    @classmethod
    def identity(cls) -> Affine:
        return cls(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    @classmethod
    def from_list(cls, values: Sequence[float]) -> Affine:
        """From ``[a, b, c, d, e, f]`` (the JSON the page and project.json keep)."""
        if len(values) != 6:
            raise AlignmentError(f"a matrix is six numbers [a, b, c, d, e, f], got {len(values)}")
        numbers = [_finite(v, f"matrix[{i}]") for i, v in enumerate(values)]
        return cls(*numbers)

    def as_list(self) -> list[float]:
        return [self.a, self.b, self.c, self.d, self.e, self.f]

    def determinant(self) -> float:
        return self.a * self.d - self.b * self.c

    def apply(self, point: Sequence[float]) -> Point:
        x, y = point
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def then(self, other: Affine) -> Affine:
        """This map followed by ``other`` (``other.apply(self.apply(p))``)."""
        return Affine(
            other.a * self.a + other.c * self.b,
            other.b * self.a + other.d * self.b,
            other.a * self.c + other.c * self.d,
            other.b * self.c + other.d * self.d,
            other.a * self.e + other.c * self.f + other.e,
            other.b * self.e + other.d * self.f + other.f,
        )

    def inverse(self) -> Affine:
        """The map from the image back to the grid; AlignmentError when it is singular."""
        det = self.determinant()
        scale = max(abs(self.a), abs(self.b), abs(self.c), abs(self.d))
        if not math.isfinite(det) or scale == 0 or abs(det) <= COLLINEAR_TOLERANCE * scale * scale:
            raise AlignmentError(
                "this alignment squashes the grid onto a line (or a point): it has no inverse"
            )
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(a, b, c, d, -(a * self.e + c * self.f), -(b * self.e + d * self.f))

    def decompose(self, hex_size: float = 1.0) -> Decomposition:
        """The alignment as origin, hex size, rotation and skew.

        The linear part is read as ``rotate(rotation) . skewX(skew) . scale(sx, sy)``:

        * ``origin``: where the SVG's (0, 0) lies on the image, in pixels;
        * ``size_x``, ``size_y``: image pixels per SVG unit across and down, times
          ``hex_size`` (pass the map's hex size to get a hex's size in pixels); a
          mirrored image gives a negative ``size_y``;
        * ``rotation``: degrees the grid's x axis is turned on the image (clockwise on
          screen, since y points down);
        * ``skew``: degrees the grid's y axis leans off the perpendicular.
        """
        sx = math.hypot(self.a, self.b)
        if sx == 0:
            raise AlignmentError("this alignment squashes the grid's x axis to a point")
        rotation = math.atan2(self.b, self.a)
        cos, sin = math.cos(rotation), math.sin(rotation)
        # the y axis's image turned back by the rotation: (sy tan(skew), sy)
        shear = cos * self.c + sin * self.d
        sy = -sin * self.c + cos * self.d
        if sy == 0:
            raise AlignmentError("this alignment squashes the grid onto a line")
        return {
            "origin": (self.e, self.f),
            "size_x": sx * hex_size,
            "size_y": sy * hex_size,
            "rotation": math.degrees(rotation),
            "skew": math.degrees(math.atan(shear / sy)),
        }


def compose(
    origin: Sequence[float],
    size_x: float,
    size_y: float,
    rotation: float = 0.0,
    skew: float = 0.0,
    hex_size: float = 1.0,
) -> Affine:
    """The inverse of :meth:`Affine.decompose` (same arguments, same meanings)."""
    if hex_size == 0:
        raise AlignmentError("the hex size must not be 0")
    sx, sy = size_x / hex_size, size_y / hex_size
    theta, k = math.radians(rotation), math.radians(skew)
    cos, sin, tan = math.cos(theta), math.sin(theta), math.tan(k)
    ex, fy = origin
    return Affine(
        cos * sx,
        sin * sx,
        (cos * tan - sin) * sy,
        (sin * tan + cos) * sy,
        float(ex),
        float(fy),
    )


def solve(grid_pts: Sequence[Sequence[float]], image_pts: Sequence[Sequence[float]]) -> Affine:
    """The affine taking each of three grid points exactly onto its image point."""
    grid, image = _pairs(grid_pts, image_pts, exactly=3)
    _check_spread(grid, "grid")
    _check_spread(image, "image")
    (x0, y0), (x1, y1), (x2, y2) = grid
    # with u = p1 - p0, v = p2 - p0: M u = q1 - q0, M v = q2 - q0
    ux, uy, vx, vy = x1 - x0, y1 - y0, x2 - x0, y2 - y0
    det = ux * vy - vx * uy
    (X0, Y0), (X1, Y1), (X2, Y2) = image
    UX, UY, VX, VY = X1 - X0, Y1 - Y0, X2 - X0, Y2 - Y0
    a = (UX * vy - VX * uy) / det
    c = (VX * ux - UX * vx) / det
    b = (UY * vy - VY * uy) / det
    d = (VY * ux - UY * vx) / det
    return Affine(a, b, c, d, X0 - a * x0 - c * y0, Y0 - b * x0 - d * y0)


def fit(grid_pts: Sequence[Sequence[float]], image_pts: Sequence[Sequence[float]]) -> Affine:
    """The least-squares affine through three or more point pairs (exact for three, and
    for any number of points that one affine maps exactly)."""
    grid, image = _pairs(grid_pts, image_pts, exactly=None)
    _check_spread(grid, "grid")
    _check_spread(image, "image")
    if len(grid) == 3:
        return solve(grid, image)
    # centre the points: the translation drops out and the normal equations are 2 x 2
    n = len(grid)
    gx = sum(p[0] for p in grid) / n
    gy = sum(p[1] for p in grid) / n
    ix = sum(p[0] for p in image) / n
    iy = sum(p[1] for p in image) / n
    sxx = sum((p[0] - gx) ** 2 for p in grid)
    syy = sum((p[1] - gy) ** 2 for p in grid)
    sxy = sum((p[0] - gx) * (p[1] - gy) for p in grid)
    det = sxx * syy - sxy * sxy

    def row(target: int, centre: float) -> tuple[float, float]:
        tx = sum((p[0] - gx) * (q[target] - centre) for p, q in zip(grid, image, strict=True))
        ty = sum((p[1] - gy) * (q[target] - centre) for p, q in zip(grid, image, strict=True))
        return (syy * tx - sxy * ty) / det, (sxx * ty - sxy * tx) / det

    a, c = row(0, ix)
    b, d = row(1, iy)
    return Affine(a, b, c, d, ix - a * gx - c * gy, iy - b * gx - d * gy)


def alignment_json(affine: Affine, hex_size: float = 1.0) -> dict[str, object]:
    """What ``POST /api/editor/align`` answers: ``matrix``, ``inverse``, ``origin``,
    ``size`` (a hex's size in image pixels: the map's hex size times the mean scale),
    ``size_x``, ``size_y``, ``rotation`` and ``skew`` (degrees)."""
    parts = affine.decompose(hex_size)
    return {
        "matrix": affine.as_list(),
        "inverse": affine.inverse().as_list(),
        "origin": list(parts["origin"]),
        "size": math.sqrt(abs(affine.determinant())) * hex_size,
        "size_x": parts["size_x"],
        "size_y": parts["size_y"],
        "rotation": parts["rotation"],
        "skew": parts["skew"],
    }


# --- checking the points ---------------------------------------------------------------


def _finite(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AlignmentError(f"{where} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise AlignmentError(f"{where} must be a finite number, got {value!r}")
    return number


def _points(points: Sequence[Sequence[float]], kind: str) -> list[Point]:
    result: list[Point] = []
    for i, point in enumerate(points, start=1):
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise AlignmentError(f"{kind} point {i} must be [x, y], got {point!r}")
        result.append(
            (_finite(point[0], f"{kind} point {i} x"), _finite(point[1], f"{kind} point {i} y"))
        )
    return result


def _pairs(
    grid_pts: Sequence[Sequence[float]],
    image_pts: Sequence[Sequence[float]],
    *,
    exactly: int | None,
) -> tuple[list[Point], list[Point]]:
    grid, image = _points(grid_pts, "grid"), _points(image_pts, "image")
    if len(grid) != len(image):
        raise AlignmentError(
            "each grid point needs its image point:"
            f" {len(grid)} grid points, {len(image)} image points"
        )
    if exactly is not None and len(grid) != exactly:
        raise AlignmentError(f"an exact alignment takes {exactly} point pairs, got {len(grid)}")
    if len(grid) < 3:
        raise AlignmentError(f"an alignment takes at least 3 point pairs, got {len(grid)}")
    return grid, image


def _check_spread(points: list[Point], kind: str) -> None:
    """Three points must be distinct; any number must not all lie on one line."""
    for i, p in enumerate(points if len(points) == 3 else []):
        for j in range(i + 1, len(points)):
            if p == points[j]:
                raise AlignmentError(
                    f"{kind} points {i + 1} and {j + 1} are the same point {p}: "
                    "pick three hexes apart from each other"
                )
    longest = max(math.dist(p, q) for p in points for q in points)
    p0 = points[0]
    widest = max(
        abs((q[0] - p0[0]) * (r[1] - p0[1]) - (r[0] - p0[0]) * (q[1] - p0[1]))
        for q in points
        for r in points
    )
    if widest <= COLLINEAR_TOLERANCE * longest * longest:
        raise AlignmentError(
            f"the {kind} points lie on one line: pick three hexes that are not in a row"
        )
