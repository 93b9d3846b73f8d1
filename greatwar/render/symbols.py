"""NATO-style unit-type symbols (infantry, cavalry, artillery, HQ, ...) and the heroic
leader's star; shared by the counters and the legend.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from greatwar.render.svg import el, num, points, star_points, text

TYPE_NAMES = {
    "infantry": "Infantry",
    "cavalry": "Cavalry",
    "artillery": "Artillery",
    "naval_infantry": "Naval infantry",
    "mountain_infantry": "Mountain infantry",
    "supply_depot": "Supply depot",
    "hq": "Headquarters (HQ)",
    "armored_car": "Armored car",
    "monitor": "Monitor",
    "supply_train": "Supply train",
}
# unit types drawn as a letter in the frame
TYPE_LETTERS = {"supply_depot": "S", "supply_train": "ST", "monitor": "M"}


@dataclass(frozen=True)
class _Frame:
    """The box a symbol is drawn in (x, y, width, height), its ink and line width."""

    x: float
    y: float
    w: float
    h: float
    ink: str
    stroke: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def path(self, d: str, fill: str = "none") -> str:
        """A path in the frame's ink."""
        return el("path", {"d": d, "stroke": self.ink, "stroke-width": self.stroke, "fill": fill})

    def rising_diagonal(self) -> str:
        """The diagonal from bottom left to top right (cavalry, armoured cars)."""
        return self.path(f"M{num(self.x)},{num(self.y1)}L{num(self.x1)},{num(self.y)}")

    def cross(self) -> str:
        """Both diagonals (infantry)."""
        x, y, x1, y1 = self.x, self.y, self.x1, self.y1
        return self.path(
            f"M{num(x)},{num(y)}L{num(x1)},{num(y1)}M{num(x)},{num(y1)}L{num(x1)},{num(y)}"
        )

    def letters(self, words: str, dy: float, font: float) -> str:
        """Bold ``words`` in the middle of the frame, ``dy`` and ``font`` in frame heights."""
        return text(
            self.cx,
            self.cy + dy * self.h,
            words,
            font_size=font * self.h,
            font_weight="bold",
            fill=self.ink,
            text_anchor="middle",
        )


def unit_symbol(kind: str, box: tuple[float, float, float, float], ink: str, c: float) -> str:
    """The NATO-style unit-type symbol inside ``box`` (x, y, width, height)."""
    x, y, w, h = box
    f = _Frame(x, y, w, h, ink, 0.045 * c)
    outline = el(
        "rect",
        {
            "x": x,
            "y": y,
            "width": w,
            "height": h,
            "fill": "none",
            "stroke": ink,
            "stroke-width": f.stroke,
        },
    )
    marks = _MARKS.get(kind)
    return outline + (marks(f) if marks else f.letters(TYPE_LETTERS.get(kind, "?"), 0.3, 0.8))


def _artillery(f: _Frame) -> str:
    """A filled disc."""
    return el("circle", {"cx": f.cx, "cy": f.cy, "r": 0.22 * f.h, "fill": f.ink})


def _mountain_infantry(f: _Frame) -> str:
    """The infantry cross over a small mountain."""
    tri = points([(f.cx - 0.2 * f.w, f.y1), (f.cx, f.y1 - 0.45 * f.h), (f.cx + 0.2 * f.w, f.y1)])
    return f.cross() + el("polygon", {"points": tri, "fill": f.ink})


def _naval_infantry(f: _Frame) -> str:
    """An anchor."""
    cx, h = f.cx, f.h
    top, bottom, r = f.cy - 0.36 * h, f.cy + 0.34 * h, 0.3 * h
    d = (
        f"M{num(cx)},{num(top)}V{num(bottom)}"
        f"M{num(cx - 0.18 * h)},{num(top + 0.14 * h)}h{num(0.36 * h)}"
        f"M{num(cx - r)},{num(bottom - r)}A{num(r)},{num(r)} 0 0 0 {num(cx + r)},"
        f"{num(bottom - r)}"
    )
    return el("path", {"d": d, "stroke": f.ink, "stroke-width": f.stroke, "fill": "none"})


def _armored_car(f: _Frame) -> str:
    """An oval (armour) with the cavalry diagonal."""
    oval = el(
        "ellipse",
        {
            "cx": f.cx,
            "cy": f.cy,
            "rx": 0.34 * f.w,
            "ry": 0.28 * f.h,
            "fill": "none",
            "stroke": f.ink,
            "stroke-width": f.stroke,
        },
    )
    return oval + f.rising_diagonal()


def _hq(f: _Frame) -> str:
    """A staff below the frame's left edge and the letters HQ."""
    staff = f.path(f"M{num(f.x)},{num(f.y1)}v{num(0.55 * f.h)}")
    return staff + f.letters("HQ", 0.25, 0.68)


_MARKS: dict[str, Callable[[_Frame], str]] = {
    "infantry": _Frame.cross,
    "cavalry": _Frame.rising_diagonal,
    "artillery": _artillery,
    "mountain_infantry": _mountain_infantry,
    "naval_infantry": _naval_infantry,
    "armored_car": _armored_car,
    "hq": _hq,
}


def heroic_star(x: float, y: float, c: float) -> str:
    """The gold star of a heroic leader's HQ, on a counter of side ``c``."""
    return el(
        "polygon",
        {
            "points": star_points(x, y, 0.09 * c, 0.04 * c, 5, 0.0),
            "fill": "#f2c230",
            "stroke": "#5a4300",
            "stroke-width": 0.015 * c,
        },
    )
