"""Hex grid geometry and the two map numbering schemes of the rulebooks.

Every hex is held internally in *axial* coordinates ``Hex(q, r)``.  The two
printed schemes map onto it:

* SPI four-digit ``CCRR`` (The Great War in the East): column and row of an
  offset layout.  Which columns (or rows) are shifted is an attribute of the
  map (``odd-q``, ``even-q``, ``odd-r``, ``even-r``); a map may also carry a
  one-letter prefix (Serbia/Galicia prints ``g0712`` and ``s0307``).
* Tannenberg ``A53 B4``: the vertical column ``A`` crossed with the diagonal
  row ``B`` (rulebook 2.1).  Which way the diagonals run is a map attribute.

Hexsides get a canonical key shared by the two hexes they separate, so a
river entered on either side is the same river.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Literal, NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates."""

    q: int
    r: int


class Hexside(NamedTuple):
    """Canonical key of a hexside: hex ``(q, r)`` and one of its directions 0, 1, 2."""

    q: int
    r: int
    d: int


# Axial neighbour offsets, clockwise from direction 0.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)

Orientation = Literal["flat", "pointy"]

# Names of the six directions as seen on a map of each orientation.
DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "pointy": ("NW", "NE", "E", "SE", "SW", "W"),
}


def neighbour(h: Hex, d: int) -> Hex:
    """The hex next to ``h`` in direction ``d`` (0-5)."""
    off = DIRECTIONS[d % 6]
    return Hex(h.q + off.q, h.r + off.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, in direction order."""
    q, r = h
    return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    aq, ar = a
    bq, br = b
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


#: the direction of each offset to an adjacent hex (a look-up, not a search)
_DIRECTION_OF: dict[tuple[int, int], int] = {(o.q, o.r): d for d, o in enumerate(DIRECTIONS)}


def direction(a: Hex, b: Hex) -> int:
    """Direction (0-5) from ``a`` to the adjacent hex ``b``."""
    d = _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))
    if d is None:
        raise ValueError(f"{b} is not adjacent to {a}")
    return d


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center`` (clockwise)."""
    if radius < 0:
        raise ValueError("radius must not be negative")
    if radius == 0:
        return [center]
    result = []
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    for d in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbour(h, d)
    return result


def within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at most ``radius`` steps from ``center``."""
    result = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            result.append(Hex(center.q + dq, center.r + dr))
    return result


def hexside(h: Hex, d: int) -> Hexside:
    """Canonical key of the side of ``h`` facing direction ``d``."""
    d %= 6
    q, r = h
    if d < 3:
        return Hexside(q, r, d)
    dq, dr = DIRECTIONS[d]
    return Hexside(q + dq, r + dr, d - 3)


def hexside_between(a: Hex, b: Hex) -> Hexside:
    """Canonical key of the hexside shared by the adjacent hexes ``a`` and ``b``."""
    return hexside(a, direction(a, b))


def hexside_hexes(side: Hexside) -> tuple[Hex, Hex]:
    """The two hexes a hexside separates (the canonical one first)."""
    h = Hex(side.q, side.r)
    return h, neighbour(h, side.d)


def hexside_direction(side: Hexside, seen_from: Hex) -> int:
    """Direction of the hexside as seen from one of its two hexes."""
    first, second = hexside_hexes(side)
    if seen_from == first:
        return side.d
    if seen_from == second:
        return side.d + 3
    raise ValueError(f"{seen_from} is not on hexside {side}")


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on a straight line from ``a`` to ``b``, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    result = []
    for i in range(n + 1):
        t = i / n
        result.append(_round(a.q + (b.q - a.q) * t + 1e-6, a.r + (b.r - a.r) * t + 1e-6))
    return result


def _round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


# --- pixel geometry (for rendering) -------------------------------------------

SQRT3 = math.sqrt(3.0)


def center(h: Hex, size: float, orientation: Orientation = "flat") -> tuple[float, float]:
    """Pixel centre of ``h`` for hexes of circumradius ``size`` (y grows downward)."""
    if orientation == "flat":
        return size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)
    return size * SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r


def corners(h: Hex, size: float, orientation: Orientation = "flat") -> list[tuple[float, float]]:
    """The six corners of ``h``; corner ``i`` and ``i+1`` bound the side in direction ``i``."""
    cx, cy = center(h, size, orientation)
    start = 240.0 if orientation == "flat" else 210.0
    pts = []
    for i in range(6):
        angle = math.radians(start + 60.0 * i)
        pts.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return pts


def side_segment(
    h: Hex, d: int, size: float, orientation: Orientation = "flat"
) -> tuple[tuple[float, float], tuple[float, float]]:
    """End points of the side of ``h`` facing direction ``d``."""
    pts = corners(h, size, orientation)
    return pts[d % 6], pts[(d + 1) % 6]


# --- numbering schemes ----------------------------------------------------------

OffsetLayout = Literal["odd-q", "even-q", "odd-r", "even-r"]


class SpiNumbering:
    """SPI ``CCRR`` labels: two-digit column then two-digit row of an offset grid."""

    scheme = "spi"

    def __init__(
        self,
        layout: OffsetLayout = "odd-q",
        prefix: str = "",
        col_digits: int = 2,
        row_digits: int = 2,
    ) -> None:
        if layout not in ("odd-q", "even-q", "odd-r", "even-r"):
            raise ValueError(f"unknown offset layout {layout!r}")
        self.layout: OffsetLayout = layout
        self.prefix = prefix
        self.col_digits = col_digits
        self.row_digits = row_digits
        self.orientation: Orientation = "flat" if layout.endswith("-q") else "pointy"
        self._pattern = re.compile(
            rf"^{re.escape(prefix)}(\d{{{col_digits}}})(\d{{{row_digits}}})$", re.IGNORECASE
        )

    def from_offset(self, col: int, row: int) -> Hex:
        """Axial hex of offset column ``col`` and row ``row``."""
        if self.layout == "odd-q":
            return Hex(col, row - (col - (col & 1)) // 2)
        if self.layout == "even-q":
            return Hex(col, row - (col + (col & 1)) // 2)
        if self.layout == "odd-r":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Offset ``(column, row)`` of an axial hex."""
        q, r = h
        if self.layout == "odd-q":
            return q, r + (q - (q & 1)) // 2
        if self.layout == "even-q":
            return q, r + (q + (q & 1)) // 2
        if self.layout == "odd-r":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r

    def matches(self, label: str) -> bool:
        """Whether ``label`` is written in this numbering (its prefix and digits)."""
        return self._pattern.match(label.strip()) is not None

    def parse(self, label: str) -> Hex:
        """Axial hex of a printed label such as ``0712``."""
        m = self._pattern.match(label.strip())
        if not m:
            width = self.col_digits + self.row_digits
            raise ValueError(
                f"{label!r} is not a hex number of the form {self.prefix}CCRR ({width} digits)"
            )
        return self.from_offset(int(m.group(1)), int(m.group(2)))

    def label(self, h: Hex) -> str:
        """Printed label of an axial hex."""
        col, row = self.to_offset(h)
        if col < 0 or row < 0:
            raise ValueError(f"{h} has no label in this numbering")
        text = f"{col:0{self.col_digits}d}{row:0{self.row_digits}d}"
        if len(text) != self.col_digits + self.row_digits:
            raise ValueError(f"{h} has no label in this numbering")
        return self.prefix + text


class TannenbergNumbering:
    """Tannenberg ``A53 B4`` labels: vertical column A, diagonal row B (rulebook 2.1).

    ``diagonal`` says which way the diagonal rows run (up-right or down-right
    as A grows) and ``rows_increase`` whether B grows toward the south (down
    the map) or the north.  The printed Tannenberg map's set-up (17.1) puts
    higher B further north within a column and rows rising to the east.
    """

    scheme = "tannenberg"
    orientation: Orientation = "flat"
    _pattern = re.compile(r"^\s*A\s*(-?\d+)\s*[, ]?\s*B\s*(-?\d+)\s*$", re.IGNORECASE)

    def __init__(
        self,
        diagonal: Literal["down-right", "up-right"] = "up-right",
        rows_increase: Literal["south", "north"] = "south",
    ) -> None:
        if diagonal not in ("down-right", "up-right"):
            raise ValueError(f"unknown diagonal direction {diagonal!r}")
        if rows_increase not in ("south", "north"):
            raise ValueError(f"rows increase to the south or the north, not {rows_increase!r}")
        self.diagonal = diagonal
        self.sign = 1 if rows_increase == "south" else -1

    def from_ab(self, a: int, b: int) -> Hex:
        """Axial hex of column ``a`` and diagonal row ``b``."""
        b *= self.sign
        if self.diagonal == "down-right":
            return Hex(a, b)
        return Hex(a, b - a)

    def to_ab(self, h: Hex) -> tuple[int, int]:
        """Column and diagonal row of an axial hex."""
        if self.diagonal == "down-right":
            return h.q, h.r * self.sign
        return h.q, (h.r + h.q) * self.sign

    def matches(self, label: str) -> bool:
        """Whether ``label`` is written in this numbering (``A53 B4``)."""
        return self._pattern.match(label) is not None

    def parse(self, label: str) -> Hex:
        """Axial hex of a printed label such as ``A53 B4``."""
        m = self._pattern.match(label)
        if not m:
            raise ValueError(f"{label!r} is not a hex coordinate of the form 'A53 B4'")
        return self.from_ab(int(m.group(1)), int(m.group(2)))

    def label(self, h: Hex) -> str:
        """Printed label of an axial hex."""
        a, b = self.to_ab(h)
        return f"A{a} B{b}"


Numbering = SpiNumbering | TannenbergNumbering


def iter_offset_rect(numbering: SpiNumbering, cols: range, rows: range) -> Iterator[Hex]:
    """Every hex of a rectangular offset map, column by column."""
    for col in cols:
        for row in rows:
            yield numbering.from_offset(col, row)
