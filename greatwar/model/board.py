"""A map file compiled into fast look-up tables for the rules.

Everything here is static for a whole game, so it is computed once per
scenario and shared by every state (and every clone a search makes).
Hexes are named everywhere by their printed label (``"0712"``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise

from greatwar import hexgrid
from greatwar.hexgrid import Hex, Hexside
from greatwar.model.problems import Problems
from greatwar.model.schema import City, EntryHex, Fortress, Grid, MapFile, MapInfo, SupplySource

UNKNOWN = "?"
NO_HEX = "-"


@dataclass
class RailLine:
    name: str
    track: str
    hexes: tuple[str, ...]


@dataclass
class Board:
    """The static map: hexes, terrain, hexside features, lines, places."""

    info: MapInfo
    numbering: hexgrid.SpiNumbering | hexgrid.TannenbergNumbering
    hexes: tuple[str, ...] = ()
    coord: dict[str, Hex] = field(default_factory=dict)
    label_at: dict[Hex, str] = field(default_factory=dict)
    terrain: dict[str, str] = field(default_factory=dict)
    country: dict[str, str] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    side_features: dict[Hexside, frozenset[str]] = field(default_factory=dict)
    rails: list[RailLine] = field(default_factory=list)
    roads: list[RailLine] = field(default_factory=list)
    rail_sides: dict[Hexside, tuple[str, ...]] = field(default_factory=dict)
    road_sides: set[Hexside] = field(default_factory=set)
    cities: dict[str, City] = field(default_factory=dict)
    fortresses: dict[str, Fortress] = field(default_factory=dict)
    entries: dict[str, EntryHex] = field(default_factory=dict)
    supply_sources: list[SupplySource] = field(default_factory=list)
    trenches: dict[str, str] = field(default_factory=dict)
    regions: dict[str, frozenset[str]] = field(default_factory=dict)
    edges: dict[str, frozenset[str]] = field(default_factory=dict)
    unknown_terrain: tuple[str, ...] = ()

    # --- queries ---------------------------------------------------------------

    @property
    def orientation(self) -> hexgrid.Orientation:
        return self.numbering.orientation

    def on_map(self, label: str) -> bool:
        return label in self.coord

    def side_key(self, a: str, b: str) -> Hexside:
        return hexgrid.hexside_between(self.coord[a], self.coord[b])

    def features(self, a: str, b: str) -> frozenset[str]:
        """Hexside features between two adjacent hexes."""
        return self.side_features.get(self.side_key(a, b), frozenset())

    def distance(self, a: str, b: str) -> int:
        return hexgrid.distance(self.coord[a], self.coord[b])

    def within(self, label: str, radius: int) -> list[str]:
        """On-map hexes at most ``radius`` from ``label`` (ignoring terrain)."""
        out = []
        for h in hexgrid.within(self.coord[label], radius):
            other = self.label_at.get(h)
            if other is not None:
                out.append(other)
        return out

    def is_edge(self, label: str) -> bool:
        return len(self.neighbours[label]) < 6

    def rail_between(self, a: str, b: str) -> tuple[str, ...]:
        """Track types of the rail lines crossing the hexside between ``a`` and ``b``."""
        return self.rail_sides.get(self.side_key(a, b), ())


def numbering_of(info: MapInfo) -> hexgrid.SpiNumbering | hexgrid.TannenbergNumbering:
    if info.numbering == "spi":
        return hexgrid.SpiNumbering(info.layout, info.prefix)
    return hexgrid.TannenbergNumbering(info.diagonal)


def parse_grid(
    grid: Grid,
    where: str,
    board_cols: range,
    board_rows: range,
    problems: Problems,
    text_line: int | None,
) -> dict[tuple[int, int], str]:
    """Read text rows into ``{(column, row): character}``; report malformed rows."""
    cells: dict[tuple[int, int], str] = {}
    rows = [ln for ln in grid.grid.splitlines()]
    # the grid string starts on the line after `grid = """`
    first_line = (text_line + 1) if text_line is not None else None
    expected = iter(board_rows)
    seen_rows: set[int] = set()
    for offset, raw in enumerate(rows):
        line_no = None if first_line is None else first_line + offset
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        label, _, chars = raw.strip().partition(" ")
        loc = (where, "grid")
        if not label.lstrip("-").isdigit():
            problems.add(loc, f"row {raw.strip()[:12]!r} must start with its row number", line_no)
            continue
        row = int(label)
        want = next(expected, None)
        if row != want:
            problems.add(loc, f"row {row} found where row {want} was expected", line_no)
            if row in seen_rows or row not in board_rows:
                continue
        seen_rows.add(row)
        chars = chars.replace(" ", "")
        if len(chars) != len(board_cols):
            problems.add(
                loc,
                f"row {row} has {len(chars)} hexes; the map has {len(board_cols)} columns"
                f" ({board_cols.start}-{board_cols.stop - 1})",
                line_no,
            )
        for col, ch in zip(board_cols, chars, strict=False):
            if ch != NO_HEX and ch != UNKNOWN and ch not in grid.legend:
                problems.add(loc, f"row {row}: character {ch!r} is not in the legend", line_no)
                ch = UNKNOWN
            cells[(col, row)] = ch
    missing = [r for r in board_rows if r not in seen_rows]
    if missing:
        problems.add((where, "grid"), f"rows missing: {_ranges(missing)}", text_line)
    return cells


def _ranges(numbers: list[int]) -> str:
    out, start, prev = [], None, None
    for n in numbers:
        if start is None:
            start = prev = n
        elif n == prev + 1:  # type: ignore[operator]
            prev = n
        else:
            out.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = prev = n
    if start is not None:
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
    return ", ".join(out)


def _grid_line(text: str, table: str) -> int | None:
    """Line of ``grid =`` inside ``[table]``."""
    from greatwar.model.tomlpos import locate

    return locate(text, (table, "grid"))


def compile_board(mf: MapFile, problems: Problems) -> Board:
    """Build the look-up tables of a validated map file, reporting semantic problems."""
    info = mf.map
    numbering = numbering_of(info)
    board = Board(info=info, numbering=numbering)
    cols = range(info.columns[0], info.columns[1] + 1)
    rows = range(info.rows[0], info.rows[1] + 1)

    def to_hex(col: int, row: int) -> Hex:
        if isinstance(numbering, hexgrid.SpiNumbering):
            return numbering.from_offset(col, row)
        return numbering.from_ab(col, row)

    terrain_cells = parse_grid(
        mf.terrain, "terrain", cols, rows, problems, _grid_line(problems.text, "terrain")
    )
    labels: list[str] = []
    unknown: list[str] = []
    for col in cols:
        for row in rows:
            ch = terrain_cells.get((col, row), UNKNOWN)
            if ch == NO_HEX:
                continue
            h = to_hex(col, row)
            try:
                label = numbering.label(h)
            except ValueError as exc:
                problems.add(("map",), str(exc))
                continue
            labels.append(label)
            board.coord[label] = h
            board.label_at[h] = label
            if ch == UNKNOWN:
                unknown.append(label)
            else:
                board.terrain[label] = mf.terrain.legend[ch]
    board.hexes = tuple(labels)
    board.unknown_terrain = tuple(unknown)

    for label in labels:
        h = board.coord[label]
        board.neighbours[label] = tuple(
            board.label_at[n] for n in hexgrid.neighbours(h) if n in board.label_at
        )

    if mf.countries is not None:
        cells = parse_grid(
            mf.countries, "countries", cols, rows, problems, _grid_line(problems.text, "countries")
        )
        for (col, row), ch in cells.items():
            label = board.label_at.get(to_hex(col, row))
            if label is not None and ch not in (UNKNOWN, NO_HEX):
                board.country[label] = mf.countries.legend[ch]

    _compile_edges(board, cols, rows, to_hex)
    _compile_hexsides(mf, board, problems)
    board.rails = _compile_lines(mf.rail, "rail", board, problems)
    board.roads = _compile_lines(mf.road, "road", board, problems)
    rail_sides: dict[Hexside, list[str]] = defaultdict(list)
    for ln in board.rails:
        for a, b in pairwise(ln.hexes):
            rail_sides[board.side_key(a, b)].append(ln.track)
    board.rail_sides = {k: tuple(v) for k, v in rail_sides.items()}
    for ln in board.roads:
        for a, b in pairwise(ln.hexes):
            board.road_sides.add(board.side_key(a, b))

    _index_places(mf, board, problems)
    return board


def _compile_edges(board: Board, cols: range, rows: range, to_hex) -> None:  # type: ignore[no-untyped-def]
    edges: dict[str, set[str]] = {"north": set(), "south": set(), "east": set(), "west": set()}
    if not board.hexes:
        board.edges = {k: frozenset(v) for k, v in edges.items()}
        return
    for col in cols:
        present = [r for r in rows if to_hex(col, r) in board.label_at]
        if present:
            edges["north"].add(board.label_at[to_hex(col, present[0])])
            edges["south"].add(board.label_at[to_hex(col, present[-1])])
    for row in rows:
        present = [c for c in cols if to_hex(c, row) in board.label_at]
        if present:
            edges["west"].add(board.label_at[to_hex(present[0], row)])
            edges["east"].add(board.label_at[to_hex(present[-1], row)])
    board.edges = {k: frozenset(v) for k, v in edges.items()}


def check_hex(board: Board, label: str, loc: tuple[str | int, ...], problems: Problems) -> bool:
    """Report a hex label that does not parse or is not on the map."""
    try:
        board.numbering.parse(label)
    except ValueError as exc:
        problems.add(loc, str(exc))
        return False
    if label not in board.coord:
        # accept other spellings of a hex that is on the map (e.g. 'a53b4')
        h = board.numbering.parse(label)
        if h not in board.label_at:
            problems.add(loc, f"hex {label} is not on the map")
            return False
    return True


def canonical(board: Board, label: str) -> str:
    """The map's own spelling of a hex label."""
    return board.label_at[board.numbering.parse(label)]


def _compile_hexsides(mf: MapFile, board: Board, problems: Problems) -> None:
    features: dict[Hexside, set[str]] = defaultdict(set)
    for i, feat in enumerate(mf.hexside):
        for j, text in enumerate(feat.sides):
            loc = ("hexside", i, "sides", j)
            a, sep, b = text.partition("/")
            if not sep:
                problems.add(loc, f"{text!r}: a hexside is written as two hexes, '0712/0713'")
                continue
            try:
                ha, hb = board.numbering.parse(a), board.numbering.parse(b)
            except ValueError as exc:
                problems.add(loc, str(exc))
                continue
            if hexgrid.distance(ha, hb) != 1:
                problems.add(loc, f"{a} and {b} are not adjacent, so share no hexside")
                continue
            if ha not in board.label_at and hb not in board.label_at:
                problems.add(loc, f"neither {a} nor {b} is on the map")
                continue
            features[hexgrid.hexside_between(ha, hb)].add(feat.type)
    board.side_features = {k: frozenset(v) for k, v in features.items()}


def _compile_lines(lines, kind: str, board: Board, problems: Problems) -> list[RailLine]:  # type: ignore[no-untyped-def]
    out = []
    for i, ln in enumerate(lines):
        ok = True
        for j, label in enumerate(ln.hexes):
            ok &= check_hex(board, label, (kind, i, "hexes", j), problems)
        if not ok:
            continue
        chain = [canonical(board, x) for x in ln.hexes]
        for j, (a, b) in enumerate(pairwise(chain)):
            if board.distance(a, b) != 1:
                problems.add(
                    (kind, i, "hexes", j + 1),
                    f"{kind} line {ln.name or i + 1}: {a} and {b} are not adjacent",
                )
                ok = False
        if ok:
            out.append(RailLine(ln.name, ln.track, tuple(chain)))
    return out


def _index_places(mf: MapFile, board: Board, problems: Problems) -> None:
    for i, c in enumerate(mf.city):
        if check_hex(board, c.hex, ("city", i, "hex"), problems):
            key = canonical(board, c.hex)
            if key in board.cities:
                problems.add(
                    ("city", i, "hex"), f"hex {key} already holds {board.cities[key].name}"
                )
            board.cities[key] = c
    for i, f in enumerate(mf.fortress):
        if check_hex(board, f.hex, ("fortress", i, "hex"), problems):
            board.fortresses[canonical(board, f.hex)] = f
    for i, e in enumerate(mf.entry):
        if check_hex(board, e.hex, ("entry", i, "hex"), problems):
            if e.letter in board.entries:
                problems.add(("entry", i, "letter"), f"entry hex {e.letter} is defined twice")
            board.entries[e.letter] = e
    for i, s in enumerate(mf.supply_source):
        if check_hex(board, s.hex, ("supply_source", i, "hex"), problems):
            board.supply_sources.append(s)
    for i, t in enumerate(mf.trench):
        for j, label in enumerate(t.hexes):
            if check_hex(board, label, ("trench", i, "hexes", j), problems):
                board.trenches[canonical(board, label)] = t.name or f"line {i + 1}"
    for i, r in enumerate(mf.region):
        members = set()
        for j, label in enumerate(r.hexes):
            if check_hex(board, label, ("region", i, "hexes", j), problems):
                members.add(canonical(board, label))
        board.regions[r.name] = frozenset(members)
