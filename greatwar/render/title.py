"""The title block above the map: the scenario's name, the map and the state of play
(turn, phasing side, game over), and the FICTIONAL label of a teaching scenario;
also the document's ``<title>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from greatwar.render.svg import el, group, text, text_width

if TYPE_CHECKING:
    from greatwar.model.loader import Scenario


FICTIONAL_LABEL = "FICTIONAL teaching scenario"


@dataclass(frozen=True)
class TitleLine:
    """One line of the title block."""

    text: str
    font: float  # relative to the hex size
    kind: str  # "title", "sub" or "fictional"


def title_lines(scenario: Scenario, data: Mapping[str, Any] | None) -> list[TitleLine]:
    """The scenario's name; its map and the state of play; the FICTIONAL label if it is."""
    lines = [TitleLine(scenario.info.name, 0.6, "title")]
    caption = _state_caption(scenario, data) or "set-up"
    lines.append(TitleLine(f"{scenario.board.info.name} · {caption}", 0.4, "sub"))
    if scenario.fictional:
        lines.append(
            TitleLine(f"{FICTIONAL_LABEL} — invented map and units, not history", 0.42, "fictional")
        )
    return lines


def _state_caption(scenario: Scenario, data: Mapping[str, Any] | None) -> str:
    """``Turn 2 of 6, Allies phasing, game over`` from a state's data (``""`` without)."""
    if data is None:
        return ""
    parts = []
    turn = data.get("turn")
    if isinstance(turn, int):
        parts.append(f"Turn {turn} of {scenario.info.turns}")
    phasing = data.get("phasing")
    names = {s.id: s.name for s in scenario.sides}
    if isinstance(phasing, str) and phasing:
        parts.append(f"{names.get(phasing, phasing)} phasing")
    if data.get("over"):
        parts.append("game over")
    return ", ".join(parts)


def title_height(lines: Sequence[TitleLine], size: float) -> float:
    """The height of the title block, the map's top margin included."""
    return size * (0.5 + sum(line.font * 1.45 for line in lines) + 0.5)


def title_width(lines: Sequence[TitleLine], size: float) -> float:
    """A rough width of the widest title line."""
    return max(text_width(line.text, line.font * size) + 0.6 * size for line in lines)


def title_block(lines: Sequence[TitleLine], margin: float, size: float) -> str:
    """The title lines, the FICTIONAL label framed in red."""
    out = []
    y = 0.5 * size
    for line in lines:
        font = line.font * size
        y += font * 1.45
        if line.kind == "fictional":
            out.append(_fictional_frame(line.text, margin, y, font, size))
            out.append(
                text(margin, y, line.text, font_size=font, font_weight="bold", fill="#b0281b")
            )
        elif line.kind == "title":
            out.append(text(margin, y, line.text, font_size=font, font_weight="bold", fill="#222"))
        else:
            out.append(text(margin, y, line.text, font_size=font, fill="#555"))
    return group({"class": "title"}, out)


def _fictional_frame(words: str, x: float, y: float, font: float, size: float) -> str:
    """The red frame behind the FICTIONAL line, whose text starts at (x, y)."""
    pad = 0.2 * size
    return el(
        "rect",
        {
            "x": x - pad,
            "y": y - font * 1.05,
            "width": text_width(words, font) + 2 * pad,
            "height": font * 1.4,
            "rx": 0.1 * size,
            "fill": "#fff0f0",
            "stroke": "#c0392b",
            "stroke-width": 0.05 * size,
        },
    )


def document_title(scenario: Scenario) -> str:
    """The document's ``<title>``: scenario and map, and the FICTIONAL label if it is."""
    name = f"{scenario.info.name} — {scenario.board.info.name}"
    return f"{name} ({FICTIONAL_LABEL})" if scenario.fictional else name
