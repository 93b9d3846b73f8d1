"""NATO-style unit-type symbols (infantry, cavalry, artillery, HQ, ...) and the heroic
leader's star; shared by the counters and the legend.
"""

from __future__ import annotations

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


def unit_symbol(kind: str, box: tuple[float, float, float, float], ink: str, c: float) -> str:
    """The NATO-style unit-type symbol inside ``box`` (x, y, width, height)."""
    x, y, w, h = box
    stroke = 0.045 * c
    frame = el(
        "rect",
        {
            "x": x,
            "y": y,
            "width": w,
            "height": h,
            "fill": "none",
            "stroke": ink,
            "stroke-width": stroke,
        },
    )
    x1, y1 = x + w, y + h
    cx, cy = x + w / 2, y + h / 2

    def path(d: str, fill: str = "none") -> str:
        return el("path", {"d": d, "stroke": ink, "stroke-width": stroke, "fill": fill})

    cross = f"M{num(x)},{num(y)}L{num(x1)},{num(y1)}M{num(x)},{num(y1)}L{num(x1)},{num(y)}"
    if kind == "infantry":
        marks = path(cross)
    elif kind == "cavalry":
        marks = path(f"M{num(x)},{num(y1)}L{num(x1)},{num(y)}")
    elif kind == "artillery":
        marks = el("circle", {"cx": cx, "cy": cy, "r": 0.22 * h, "fill": ink})
    elif kind == "mountain_infantry":
        tri = points([(cx - 0.2 * w, y1), (cx, y1 - 0.45 * h), (cx + 0.2 * w, y1)])
        marks = path(cross) + el("polygon", {"points": tri, "fill": ink})
    elif kind == "naval_infantry":
        marks = _anchor(cx, cy, h, ink, stroke)
    elif kind == "armored_car":
        marks = el(
            "ellipse",
            {
                "cx": cx,
                "cy": cy,
                "rx": 0.34 * w,
                "ry": 0.28 * h,
                "fill": "none",
                "stroke": ink,
                "stroke-width": stroke,
            },
        ) + path(f"M{num(x)},{num(y1)}L{num(x1)},{num(y)}")
    elif kind == "hq":
        staff = path(f"M{num(x)},{num(y1)}v{num(0.55 * h)}")
        marks = staff + text(
            cx,
            cy + 0.25 * h,
            "HQ",
            font_size=0.68 * h,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    else:
        letter = {"supply_depot": "S", "supply_train": "ST", "monitor": "M"}.get(kind, "?")
        marks = text(
            cx,
            cy + 0.3 * h,
            letter,
            font_size=0.8 * h,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    return frame + marks


def _anchor(cx: float, cy: float, h: float, ink: str, stroke: float) -> str:
    """An anchor (naval infantry) of height about ``h`` around (cx, cy)."""
    top, bottom, r = cy - 0.36 * h, cy + 0.34 * h, 0.3 * h
    d = (
        f"M{num(cx)},{num(top)}V{num(bottom)}"
        f"M{num(cx - 0.18 * h)},{num(top + 0.14 * h)}h{num(0.36 * h)}"
        f"M{num(cx - r)},{num(bottom - r)}A{num(r)},{num(r)} 0 0 0 {num(cx + r)},"
        f"{num(bottom - r)}"
    )
    return el("path", {"d": d, "stroke": ink, "stroke-width": stroke, "fill": "none"})


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
