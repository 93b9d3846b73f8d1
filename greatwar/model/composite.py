"""A game played on several maps at once (Serbia/Galicia 2.1: "two entirely different
playing surfaces"): one :class:`CompositeBoard` holding every map's hexes.

Each map keeps its own labels, written with its own prefix (``g0512``, ``s0307``), and
is placed on the composite's axial grid with an offset: the maps lie side by side with
a gap of empty columns, so that one picture shows them all and no hex of one map is
ever the neighbour of a hex of another.  The offset is a translation of the hex
lattice, so each map keeps its shape, its hexsides and its drawing.

Nothing joins two maps but the off-map rail links (5.37-5.38) a scenario names between
their map-exit hexes.  A distance between hexes of two maps is :data:`UNREACHABLE`:
farther than any range a rule counts, never a number of hexes; ``within`` stays on the
hex's own map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from greatwar import hexgrid
from greatwar.hexgrid import Hex, Hexside
from greatwar.model.board import Board, MapPart
from greatwar.model.problems import Problems
from greatwar.model.schema import MapInfo

#: the distance between hexes of two different maps: beyond every range and radius, so
#: that no rule counts hexes across maps (a unit passes only by an off-map link)
UNREACHABLE = 1_000_000
#: empty columns between two maps on the composite's drawing
GAP_COLUMNS = 3


class CompositeNumbering:
    """The numbering of several maps: a label's prefix names its map (``g0512``)."""

    scheme = "composite"

    def __init__(self, parts: Sequence[tuple[hexgrid.SpiNumbering, Hex, MapInfo]]) -> None:
        self.parts = tuple(parts)
        self.orientation: hexgrid.Orientation = parts[0][0].orientation
        self.prefix = ""

    def matches(self, label: str) -> bool:
        return any(n.matches(label) for n, _, _ in self.parts)

    def parse(self, label: str) -> Hex:
        """The composite's axial hex of a prefixed label."""
        for numbering, offset, _ in self.parts:
            if numbering.matches(label):
                h = numbering.parse(label)
                return Hex(h.q + offset.q, h.r + offset.r)
        forms = ", ".join(f"{n.prefix}CCRR" for n, _, _ in self.parts)
        raise ValueError(f"{label!r} is not a hex number of any map (one of {forms})")

    def label(self, h: Hex) -> str:
        """The label of a composite hex: the map whose placed columns and rows hold it
        names it (a hex between the maps has no label)."""
        for numbering, offset, info in self.parts:
            local = Hex(h.q - offset.q, h.r - offset.r)
            col, row = numbering.to_offset(local)
            (c0, c1), (r0, r1) = info.columns, sorted(info.rows)
            if c0 <= col <= c1 and r0 <= row <= r1:
                return numbering.label(local)
        raise ValueError(f"{h} has no label on any map")


@dataclass
class CompositeBoard(Board):
    """Every map of a game in one board; hexes of different maps are never neighbours,
    never within a radius of each other and :data:`UNREACHABLE` apart."""

    map_at: dict[str, str] = field(default_factory=dict)

    def map_of(self, label: str) -> str:
        return self.map_at[label]

    def distance(self, a: str, b: str) -> int:
        if self.map_at[a] != self.map_at[b]:
            return UNREACHABLE
        return hexgrid.distance(self.coord[a], self.coord[b])

    def within(self, label: str, radius: int) -> list[str]:
        here = self.map_at[label]
        return [h for h in super().within(label, radius) if self.map_at[h] == here]


def check_parts(boards: Sequence[tuple[Board, Problems]]) -> bool:
    """Several maps must each have a distinct prefix and share one numbering and layout
    (reported at each offending map file's ``[map]``)."""
    ok = True
    seen: dict[str, str] = {}
    first = boards[0][0].info
    for board, problems in boards:
        info = board.info
        if info.numbering != "spi":
            problems.add(
                ("map", "numbering"),
                f"map {info.id}: a game on several maps needs SPI numbering with a prefix",
            )
            ok = False
            continue
        if not info.prefix:
            problems.add(
                ("map", "prefix"),
                f"map {info.id}: a game on several maps needs each map's prefix (e.g. 'g'),"
                " so that every hex label names its map",
            )
            ok = False
        elif info.prefix.lower() in seen:
            problems.add(
                ("map", "prefix"),
                f"map {info.id}: prefix {info.prefix!r} is also map {seen[info.prefix.lower()]}'s;"
                " each map needs its own",
            )
            ok = False
        else:
            seen[info.prefix.lower()] = info.id
        if info.layout != first.layout:
            problems.add(
                ("map", "layout"),
                f"map {info.id}: layout {info.layout!r} differs from map {first.id}'s"
                f" ({first.layout!r}); the maps of one game share one layout",
            )
            ok = False
    return ok


def compose(boards: Sequence[tuple[Board, Problems]]) -> CompositeBoard:
    """One board of several checked maps (:func:`check_parts`), side by side, left to
    right in the scenario's order, their tops level."""
    offsets = _offsets([b for b, _ in boards])
    first = boards[0][0]
    numbering = CompositeNumbering(
        [(b.numbering, off, b.info) for (b, _), off in zip(boards, offsets, strict=True)]  # type: ignore[misc]
    )
    info = first.info.model_copy(
        update={
            "id": "+".join(b.info.id for b, _ in boards),
            "name": " / ".join(b.info.name for b, _ in boards),
            "fictional": any(b.info.fictional for b, _ in boards),
            "prefix": "",
        }
    )
    out = CompositeBoard(info=info, numbering=numbering)  # type: ignore[arg-type]
    out.maps = tuple(MapPart(b.info, b, off) for (b, _), off in zip(boards, offsets, strict=True))
    for (board, problems), offset in zip(boards, offsets, strict=True):
        _merge(out, board, offset, problems)
    out.hexes = tuple(h for b, _ in boards for h in b.hexes)
    return out


def _offsets(boards: Sequence[Board]) -> list[Hex]:
    """Each map's axial offset: a translation by whole offset columns (an even number,
    so that the column parity of the layout holds) and rows, GAP_COLUMNS empty columns
    right of the map before it, its first row level with the first map's."""
    first = boards[0]
    numbering = first.numbering
    assert isinstance(numbering, hexgrid.SpiNumbering)
    top = min(first.info.rows)
    out = [Hex(0, 0)]
    right = first.info.columns[1]
    for board in boards[1:]:
        dcol = right + 1 + GAP_COLUMNS - board.info.columns[0]
        drow = top - min(board.info.rows)
        if numbering.layout.endswith("-q"):
            dcol += dcol % 2
        else:
            drow += drow % 2
        out.append(numbering.from_offset(dcol, drow))
        right = board.info.columns[1] + dcol
    return out


def _shift(side: Hexside, offset: Hex) -> Hexside:
    return Hexside(side.q + offset.q, side.r + offset.r, side.d)


def _merge(out: CompositeBoard, board: Board, offset: Hex, problems: Problems) -> None:
    """Add one map's tables to the composite, its coordinates moved by ``offset``."""
    prefix = board.info.prefix
    for label, h in board.coord.items():
        moved = Hex(h.q + offset.q, h.r + offset.r)
        out.coord[label] = moved
        out.label_at[moved] = label
        out.map_at[label] = prefix
    out.terrain.update(board.terrain)
    out.country.update(board.country)
    out.neighbours.update(board.neighbours)
    out.side_features.update({_shift(k, offset): v for k, v in board.side_features.items()})
    out.side_names.update({_shift(k, offset): v for k, v in board.side_names.items()})
    out.rail_sides.update({_shift(k, offset): v for k, v in board.rail_sides.items()})
    out.road_sides.update(_shift(k, offset) for k in board.road_sides)
    out.rails += board.rails
    out.roads += board.roads
    out.cities.update(board.cities)
    out.fortresses.update(board.fortresses)
    out.fortifications.update(board.fortifications)
    for letter, entry in board.entries.items():
        if letter in out.entries:
            problems.add(
                ("entry",),
                f"entry hex {letter} is also on another map ({out.entries[letter].hex});"
                " the maps of one game need different letters",
            )
        out.entries[letter] = entry
    out.supply_sources += board.supply_sources
    out.trenches.update(board.trenches)
    for name, hexes in board.regions.items():  # a region named on two maps spans both
        out.regions[name] = out.regions.get(name, frozenset()) | hexes
    for edge, hexes in board.edges.items():
        out.edges[edge] = out.edges.get(edge, frozenset()) | hexes
    out.offmap_links += board.offmap_links
    out.unknown_terrain += board.unknown_terrain
