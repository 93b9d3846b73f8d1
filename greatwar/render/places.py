"""Places: city and town markers, fortress stars, and (in a layer drawn above the
counters) their names, victory points and fortress defence strengths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.render.geometry import Geometry
from greatwar.render.svg import el, group, star_points, text, text_width

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


FORTRESS_COLOR = "#8b1a1a"


def city_marker(cx: float, cy: float, size_kind: str, size: float) -> str:
    """A town (black dot) or city (red square) centred on (cx, cy)."""
    if size_kind == "town":
        return el(
            "circle",
            {
                "cx": cx,
                "cy": cy,
                "r": 0.12 * size,
                "fill": "#222222",
                "stroke": "#ffffff",
                "stroke-width": 0.03 * size,
            },
        )
    half = 0.16 * size
    return el(
        "rect",
        {
            "x": cx - half,
            "y": cy - half,
            "width": 2 * half,
            "height": 2 * half,
            "fill": "#c0392b",
            "stroke": "#222222",
            "stroke-width": 0.05 * size,
        },
    )


def _fortress_marker(cx: float, cy: float, size: float) -> str:
    """An eight-pointed star filling most of the hex."""
    return el(
        "polygon",
        {
            "points": star_points(cx, cy, 0.64 * size, 0.46 * size, 8, 22.5),
            "fill": FORTRESS_COLOR,
            "fill-opacity": 0.12,
            "stroke": FORTRESS_COLOR,
            "stroke-width": 0.06 * size,
            "stroke-linejoin": "miter",
        },
    )


def fortress_sample(cx: float, cy: float, h: float, size: float) -> str:
    """The fortress star of the legend, ``h`` high."""
    return el(
        "polygon",
        {
            "points": star_points(cx, cy, 0.42 * h, 0.3 * h, 8, 22.5),
            "fill": FORTRESS_COLOR,
            "fill-opacity": 0.12,
            "stroke": FORTRESS_COLOR,
            "stroke-width": 0.05 * size,
        },
    )


def place_layer(scenario: Scenario, geo: Geometry) -> str:
    """Fortress stars (``data-fortress``) and city markers (``data-city``), under the counters."""
    board = geo.board
    out = []
    for label in sorted(board.fortresses):
        cx, cy = geo.center(label)
        out.append(group({"data-fortress": label}, [_fortress_marker(cx, cy, geo.size)]))
    for label, city in sorted(board.cities.items()):
        cx, cy = geo.center(label)
        out.append(group({"data-city": label}, [city_marker(cx, cy, city.size, geo.size)]))
    return group({"class": "places", "pointer-events": "none"}, out)


def _fitted_font(words: str, preferred: float, max_width: float) -> float:
    """``preferred`` font size, made smaller if ``words`` would be wider than ``max_width``."""
    return min(preferred, max_width / max(1.0, 0.62 * len(words)))


def _place_name(x: float, y: float, name: str, font: float, label: str, fortress: bool) -> str:
    """A place's name on a halo; a fortress's in italics, in the fortress colour."""
    return text(
        x,
        y,
        name,
        class_="halo",
        font_size=font,
        font_weight="bold",
        font_style="italic" if fortress else None,
        fill=FORTRESS_COLOR if fortress else "#1a1a1a",
        stroke_width=0.4 * font,
        text_anchor="middle",
        data_hex=label,
    )


def _fortress_badge(x: float, y: float, value: str, size: float) -> str:
    """The defence strength of a fortress (full/reduced) in a small plate."""
    font = 0.2 * size
    w, h = text_width(value, font) + 0.1 * size, 0.28 * size
    return el(
        "rect",
        {
            "x": x - w / 2,
            "y": y - h / 2,
            "width": w,
            "height": h,
            "rx": 0.05 * size,
            "fill": FORTRESS_COLOR,
            "stroke": "#ffffff",
            "stroke-width": 0.03 * size,
        },
    ) + text(
        x, y + 0.07 * size, value, font_size=font, font_weight="bold", fill="#ffffff",
        text_anchor="middle",
    )  # fmt: skip


def place_label_layer(geo: Geometry) -> str:
    """City names with their victory points; fortress names and defence strengths.

    Names are kept about two hexes wide so that they do not run under the
    counters of the neighbouring hexes.
    """
    size = geo.size
    width = 2.0 * size
    out = []
    for label in geo.board.hexes:
        city = geo.board.cities.get(label)
        fortress = geo.board.fortresses.get(label)
        if city is None and fortress is None:
            continue
        cx, cy = geo.center(label)
        y = cy + 0.7 * size
        if city is not None:
            caption = f"{city.name} {city.vp}"
            font = _fitted_font(caption, 0.28 * size, width)
            out.append(_place_name(cx, y, caption, font, label, False))
            y += 0.22 * size
        if fortress is not None:
            font = _fitted_font(fortress.name, 0.18 * size, width)
            out.append(_place_name(cx, y, fortress.name, font, label, True))
            full, reduced = fortress.defense
            out.append(
                _fortress_badge(cx + 0.68 * size, cy + 0.28 * size, f"{full}/{reduced}", size)
            )
    return group({"class": "place-labels tx"}, out)
