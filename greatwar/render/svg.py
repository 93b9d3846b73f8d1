"""SVG primitives: elements, groups, lines, text, numbers written short, text colours.

The bottom of the package: nothing here knows of maps or counters, and every
layer writes its markup with these helpers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from html import escape

SVG_NS = "http://www.w3.org/2000/svg"

Point = tuple[float, float]


def num(x: float) -> str:
    """A coordinate written short: one decimal, no trailing ``.0``."""
    out = f"{x:.1f}"
    if out.endswith(".0"):
        out = out[:-2]
    return "0" if out == "-0" else out


def _attr_value(value: object) -> str:
    """An attribute value: a number written short, anything else escaped."""
    if isinstance(value, float):
        return num(value)
    return escape(str(value), quote=True)


def el(tag: str, attrs: Mapping[str, object] | None = None, content: str | None = None) -> str:
    """One element; ``None`` attributes are left out, ``content`` (text) is escaped."""
    parts = [tag]
    for key, value in (attrs or {}).items():
        if value is not None:
            parts.append(f'{key}="{_attr_value(value)}"')
    head = " ".join(parts)
    if content is None:
        return f"<{head}/>"
    return f"<{head}>{escape(content, quote=False)}</{tag}>"


def group(attrs: Mapping[str, object] | None, children: Iterable[str]) -> str:
    """A ``<g>`` around ``children`` (markup already written)."""
    head = el("g", attrs)[:-2]
    return f"{head}>{''.join(children)}</g>"


def points(pts: Iterable[Point]) -> str:
    """The ``points`` attribute of a polygon or polyline."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def line(p: Point, q: Point, **attrs: object) -> str:
    """A ``<line>`` from ``p`` to ``q``; keyword attributes as in :func:`_css_names`."""
    return el(
        "line",
        {"x1": p[0], "y1": p[1], "x2": q[0], "y2": q[1], **_css_names(attrs)},
    )


def polyline(path: Iterable[Point], **attrs: object) -> str:
    """A ``<polyline>`` through ``path``; keyword attributes as in :func:`_css_names`."""
    return el("polyline", {"points": points(path), **_css_names(attrs)})


def _css_names(attrs: Mapping[str, object]) -> dict[str, object]:
    """``stroke_width=2`` -> ``{"stroke-width": 2}`` (``class_`` -> ``class``)."""
    return {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}


def text(x: float, y: float, content: str, **attrs: object) -> str:
    """A ``<text>`` at (x, y); keyword attributes as in :func:`_css_names`."""
    return el("text", {"x": x, "y": y, **_css_names(attrs)}, content)


def text_width(content: str, font_size: float) -> float:
    """A rough width of ``content`` in a sans-serif font (for layout only)."""
    return 0.6 * font_size * len(content)


def text_color_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    rgb = _parse_hex_color(fill)
    if rgb is None:
        return "#ffffff"
    r, g, b = rgb
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return "#111111" if luminance > 150 else "#ffffff"


def _parse_hex_color(color: str) -> tuple[int, int, int] | None:
    """Red, green and blue of ``#rgb`` or ``#rrggbb``; ``None`` for anything else."""
    digits = color.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) != 6:
        return None
    try:
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        return None


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int, turn: float) -> str:
    """The ``points`` of a star of ``tips`` tips around (cx, cy), turned by ``turn`` degrees."""
    pts = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + 180.0 * i / tips) - math.pi / 2
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points(pts)
