"""A map file compiled into fast look-up tables for the rules.

Everything here is static for a whole game, so it is computed once per
scenario and shared by every state (and every clone a search makes).
Hexes are named everywhere by their printed label (``"0712"``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from greatwar import hexgrid
from greatwar.hexgrid import Hex, Hexside
from greatwar.model.problems import Problems
from greatwar.model.schema import (
    City,
    EntryHex,
    Fortification,
    Fortress,
    Grid,
    Line,
    MapFile,
    MapInfo,
    OffMapLink,
    Road,
    SupplySource,
)

UNKNOWN = "?"
#: a reinforcement's entry printed without a letter: it arrives where its game's rules say
#: (Caporetto 14.4: any lettered hex or the hexes the scenario names); a game whose rules
#: say nothing refuses it (``ReinforcementRules.unlettered_entry_case``)
ANY_ENTRY = "any"
NO_HEX = "-"
MAX_HEXES = 100_000  # far beyond any printed map; guards against a typo in columns or rows


@dataclass
class RailLine:
    name: str
    track: str
    hexes: tuple[str, ...]


@dataclass
class MapPart:
    """One map of a game played on several: its own board (in its own axial coordinates)
    and the axial offset that places it on the composite board's drawing."""

    info: MapInfo
    board: Board
    offset: Hex


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
    #: the names the map gives its hexside features (a river's), by hexside: what a rule
    #: naming one river reads (Caporetto 18.2: the Tagliamento and the Piave)
    side_names: dict[Hexside, frozenset[str]] = field(default_factory=dict)
    rails: list[RailLine] = field(default_factory=list)
    roads: list[RailLine] = field(default_factory=list)
    rail_sides: dict[Hexside, tuple[str, ...]] = field(default_factory=dict)
    road_sides: set[Hexside] = field(default_factory=set)
    cities: dict[str, City] = field(default_factory=dict)
    fortresses: dict[str, Fortress] = field(default_factory=dict)
    #: Tannenberg 12.2-12.3 permanent fortifications by hex (the map's own spelling)
    fortifications: dict[str, Fortification] = field(default_factory=dict)
    entries: dict[str, EntryHex] = field(default_factory=dict)
    supply_sources: list[SupplySource] = field(default_factory=list)
    trenches: dict[str, str] = field(default_factory=dict)
    regions: dict[str, frozenset[str]] = field(default_factory=dict)
    edges: dict[str, frozenset[str]] = field(default_factory=dict)
    #: rail map-exit hexes joined off the map (5.37), hexes in the map's own spelling
    offmap_links: list[OffMapLink] = field(default_factory=list)
    unknown_terrain: tuple[str, ...] = ()
    #: the maps of a game played on several (:mod:`greatwar.model.composite`); empty for a
    #: game on one map
    maps: tuple[MapPart, ...] = ()
    #: :meth:`side_key`'s answers by pair of hexes (the map does not change once loaded)
    _sides: dict[tuple[str, str], Hexside] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    #: :meth:`within`'s answers by hex and radius (the map does not change once loaded)
    _within: dict[tuple[str, int], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    # --- queries ---------------------------------------------------------------

    @property
    def orientation(self) -> hexgrid.Orientation:
        return self.numbering.orientation

    def on_map(self, label: str) -> bool:
        return label in self.coord

    def map_of(self, label: str) -> str:
        """The prefix of the map ``label`` lies on (a game on one map: its prefix, often "")."""
        return self.info.prefix

    def side_key(self, a: str, b: str) -> Hexside:
        """The hexside between the adjacent ``a`` and ``b`` (worked out once a pair)."""
        key = self._sides.get((a, b))
        if key is None:
            key = self._sides[(a, b)] = hexgrid.hexside_between(self.coord[a], self.coord[b])
        return key

    def features(self, a: str, b: str) -> frozenset[str]:
        """Hexside features between two adjacent hexes."""
        return self.side_features.get(self.side_key(a, b), frozenset())

    def side_names_between(self, a: str, b: str) -> frozenset[str]:
        """The names of the hexside features between two adjacent hexes."""
        return self.side_names.get(self.side_key(a, b), frozenset())

    def distance(self, a: str, b: str) -> int:
        return hexgrid.distance(self.coord[a], self.coord[b])

    def within(self, label: str, radius: int) -> list[str]:
        """On-map hexes at most ``radius`` from ``label`` (ignoring terrain; a new list,
        worked out once for each hex and radius)."""
        found = self._within.get((label, radius))
        if found is None:
            label_at = self.label_at
            found = tuple(
                label_at[h] for h in hexgrid.within(self.coord[label], radius) if h in label_at
            )
            self._within[(label, radius)] = found
        return list(found)

    def is_edge(self, label: str) -> bool:
        return len(self.neighbours[label]) < 6

    def rail_between(self, a: str, b: str) -> tuple[str, ...]:
        """Track types of the rail lines crossing the hexside between ``a`` and ``b``."""
        return self.rail_sides.get(self.side_key(a, b), ())


def numbering_of(info: MapInfo) -> hexgrid.SpiNumbering | hexgrid.TannenbergNumbering:
    if info.numbering == "spi":
        return hexgrid.SpiNumbering(info.layout, info.prefix)
    return hexgrid.TannenbergNumbering(info.diagonal, info.rows_increase)


def parse_grid(
    grid: Grid,
    where: str,
    board_cols: range,
    board_rows: range,
    problems: Problems,
    first_line: int | None,
) -> dict[tuple[int, int], str]:
    """Read text rows into ``{(column, row): character}``; report malformed rows.

    ``first_line`` is the line of the data file on which the grid's text
    begins, so that each problem names the line of its row.
    """
    cells: dict[tuple[int, int], str] = {}
    loc = (where, "grid")
    legend = ", ".join(repr(k) for k in grid.legend)
    seen: dict[int, int | None] = {}  # row number -> its line
    previous: int | None = None
    last_line = first_line
    first_row, last_row = board_rows.start, board_rows.stop - 1
    for offset, raw in enumerate(grid.grid.splitlines()):
        line_no = None if first_line is None else first_line + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        last_line = line_no
        label, _, chars = text.partition(" ")
        if not label.lstrip("-").isdigit():
            problems.add(loc, f"row {text[:12]!r} must start with its row number", line_no)
            continue
        row = int(label)
        if row in seen:
            where_first = "" if seen[row] is None else f" (first on line {seen[row]})"
            problems.add(loc, f"row {row} is given twice{where_first}", line_no)
            continue
        if row not in board_rows:
            problems.add(
                loc, f"row {row} is not a row of the map (rows {first_row}-{last_row})", line_no
            )
            continue
        if previous is not None and (row - previous) * board_rows.step < 0:  # rows may count down
            problems.add(loc, f"row {row} is out of order: it comes after row {previous}", line_no)
        seen[row] = line_no
        previous = row
        chars = chars.replace(" ", "")
        if len(chars) != len(board_cols):
            problems.add(
                loc,
                f"row {row} has {len(chars)} hexes; the map has {len(board_cols)} columns"
                f" ({board_cols.start}-{board_cols.stop - 1})",
                line_no,
            )
        bad: dict[str, list[int]] = {}
        for col, ch in zip(board_cols, chars, strict=False):
            if ch != NO_HEX and ch != UNKNOWN and ch not in grid.legend:
                bad.setdefault(ch, []).append(col)
                ch = UNKNOWN
            cells[(col, row)] = ch
        for ch, columns in bad.items():
            problems.add(
                loc,
                f"row {row}, column {_ranges(columns)}: character {ch!r} is not in the legend"
                f" ({legend}; '?' is not yet entered, '-' is no hex)",
                line_no,
            )
    missing = [r for r in board_rows if r not in seen]
    for run in _runs(missing):
        rows_text = _ranges(run)
        noun = "row" if len(run) == 1 else "rows"
        after = [r for r in sorted(seen) if r > run[-1]]
        if not seen:
            problems.add(loc, f"no rows: the map has rows {first_row}-{last_row}", first_line)
        elif after:
            problems.add(
                loc, f"{noun} {rows_text} missing (expected before row {after[0]})", seen[after[0]]
            )
        else:
            problems.add(loc, f"{noun} {rows_text} missing at the end", last_line)
    return cells


def _runs(numbers: list[int]) -> list[list[int]]:
    """Consecutive runs of a sorted list of numbers."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _ranges(numbers: list[int]) -> str:
    return ", ".join(
        str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in _runs(numbers)
    )


def _grid_line(text: str, table: str) -> int | None:
    """Line on which the text of ``grid`` inside ``[table]`` begins."""
    from greatwar.model.tomlpos import string_first_line

    return string_first_line(text, (table, "grid"))


def compile_board(mf: MapFile, problems: Problems) -> Board:
    """Build the look-up tables of a validated map file, reporting semantic problems."""
    info = mf.map
    numbering = numbering_of(info)
    board = Board(info=info, numbering=numbering)
    cols = range(info.columns[0], info.columns[1] + 1)
    r0, r1 = info.rows
    rows = range(r0, r1 + 1) if r0 <= r1 else range(r0, r1 - 1, -1)
    if len(cols) * len(rows) > MAX_HEXES:
        problems.add(
            ("map",),
            f"columns {info.columns[0]}-{info.columns[1]} and rows {info.rows[0]}-{info.rows[1]}"
            f" make {len(cols) * len(rows)} hexes; a map has at most {MAX_HEXES}",
        )
        return board

    def to_hex(col: int, row: int) -> Hex:
        if isinstance(numbering, hexgrid.SpiNumbering):
            return numbering.from_offset(col, row)
        return numbering.from_ab(col, row)

    if isinstance(numbering, hexgrid.SpiNumbering):
        for name, (first, last), digits in (
            ("columns", info.columns, numbering.col_digits),
            ("rows", tuple(sorted(info.rows)), numbering.row_digits),
        ):
            if first < 0 or last >= 10**digits:
                problems.add(
                    ("map", name),
                    f"{name} {first}-{last} cannot all be written in {numbering.prefix}CCRR hex"
                    f" numbers: each takes {digits} digits (0-{10**digits - 1})",
                )
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
            except ValueError:
                continue  # reported above: the column or row has no number
            labels.append(label)
            board.coord[label] = h
            board.label_at[h] = label
            if ch == UNKNOWN:
                unknown.append(label)
            else:
                board.terrain[label] = mf.terrain.legend[ch]
    board.hexes = tuple(labels)
    if not labels and not problems.items:
        problems.add(("terrain", "grid"), "the map has no hexes: every hex is marked '-'")
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
            at = board.label_at.get(to_hex(col, row))
            if at is not None and ch not in (UNKNOWN, NO_HEX):
                board.country[at] = mf.countries.legend[ch]

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
    board.offmap_links = compile_offmap_links(mf.offmap_link, board, problems, mf.rail)
    return board


def compile_offmap_links(
    links: Sequence[OffMapLink],
    board: Board,
    problems: Problems,
    rail: Sequence[Line] | None = None,
) -> list[OffMapLink]:
    """5.37 off-map rail links: each joins two different rail hexes on the map edge (of
    one map, or of two maps of a game on several); ``rail`` the map file's lines, else
    the board's compiled ones."""
    # hexes the map's rail lines name (a line with a gap is reported once, not again here)
    rail_hexes = set()
    named = [ln.hexes for ln in rail] if rail is not None else [ln.hexes for ln in board.rails]
    for hexes in named:
        for label in hexes:
            try:
                rail_hexes.add(canonical(board, label))
            except (KeyError, ValueError):
                continue
    out = []
    for i, link in enumerate(links):
        ok = True
        for j, label in enumerate(link.hexes):
            ok &= check_hex(board, label, ("offmap_link", i, "hexes", j), problems)
        if not ok:
            continue
        ends = tuple(canonical(board, h) for h in link.hexes)
        for j, h in enumerate(ends):
            if h not in rail_hexes or not board.is_edge(h):
                problems.add(
                    ("offmap_link", i, "hexes", j),
                    f"off-map link {link.name or i + 1}: {h} is not a rail hex on the map edge"
                    " (5.37: links join rail map-exit hexes)",
                )
                ok = False
        if ends[0] == ends[1]:
            problems.add(("offmap_link", i, "hexes"), f"off-map link joins {ends[0]} to itself")
            ok = False
        if ok:
            out.append(link.model_copy(update={"hexes": ends}))
    return out


def _compile_edges(board: Board, cols: range, rows: range, to_hex) -> None:
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


def check_hex(
    board: Board,
    label: str,
    loc: tuple[str | int, ...],
    problems: Problems,
    subject: str = "",
) -> bool:
    """Report a hex label that does not parse or is not on the map.

    ``subject`` (e.g. ``"counter G-I"``) starts the message when given.
    """
    lead = f"{subject}: " if subject else ""
    for part in board.maps:  # several maps: the map the label's prefix names checks it
        if part.board.numbering.matches(label):
            return check_hex(part.board, label, loc, problems, subject)
    try:
        h = board.numbering.parse(label)
    except ValueError as exc:
        problems.add(loc, f"{lead}{exc}")
        return False
    # other spellings of a hex that is on the map are accepted (e.g. 'a53b4')
    if label not in board.coord and h not in board.label_at:
        problems.add(loc, f"{lead}hex {label} is not on the map {_extent(board, h)}")
        return False
    return True


def _extent(board: Board, h: Hex) -> str:
    """Why a hex is not on the map: outside its columns and rows, or a hole in it."""
    info = board.info
    numbering = board.numbering
    if isinstance(numbering, hexgrid.SpiNumbering):
        col, row = numbering.to_offset(h)
        names = ("columns", "rows")
    else:
        col, row = numbering.to_ab(h)
        names = ("columns A", "rows B")
    (c0, c1), (r0, r1) = info.columns, sorted(info.rows)
    if c0 <= col <= c1 and r0 <= row <= r1:
        return "(there is no hex there: '-' in the terrain grid)"

    return f"(the map has {names[0]} {c0}-{c1} and {names[1]} {r0}-{r1})"


def canonical(board: Board, label: str) -> str:
    """The map's own spelling of a hex label."""
    return board.label_at[board.numbering.parse(label)]


def entry_known(entry: str | None) -> bool:
    """Whether a reinforcement's printed entry names where it arrives: a letter or a hex;
    not ``'?'`` (not yet entered: ``greatwar validate`` lists it as lacking), not
    ``'any'`` (printed without a letter: the game's rules say where), not none."""
    return bool(entry) and entry not in (UNKNOWN, ANY_ENTRY)


def entry_hexes(board: Board, entry: str | None) -> list[str]:
    """14.11 the hexes of a reinforcement's printed entry: every hex of its lettered entry
    (an area: any of them will do), or the hex it names; none when the entry names no
    place (:func:`entry_known`): such a unit cannot arrive by its printed entry."""
    if entry is None or not entry_known(entry):
        return []
    if entry in board.entries:
        return list(board.entries[entry].hexes)
    return [canonical(board, entry)]


def _compile_hexsides(mf: MapFile, board: Board, problems: Problems) -> None:
    features: dict[Hexside, set[str]] = defaultdict(set)
    names: dict[Hexside, set[str]] = defaultdict(set)
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
            if feat.name:
                names[hexgrid.hexside_between(ha, hb)].add(feat.name)
    board.side_features = {k: frozenset(v) for k, v in features.items()}
    board.side_names = {k: frozenset(v) for k, v in names.items()}


def _compile_lines(
    lines: Sequence[Line | Road], kind: str, board: Board, problems: Problems
) -> list[RailLine]:
    """Rail lines and roads as chains of the map's own hex labels (gaps are problems)."""
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
            track = ln.track if isinstance(ln, Line) else "road"
            out.append(RailLine(ln.name, track, tuple(chain)))
    return out


def _index_places(mf: MapFile, board: Board, problems: Problems) -> None:
    for i, c in enumerate(mf.city):
        if check_hex(board, c.hex, ("city", i, "hex"), problems):
            key = canonical(board, c.hex)
            if key in board.cities:
                problems.add(
                    ("city", i, "hex"),
                    f"hex {key} already holds {board.cities[key].name}"
                    " (a map prints one city or town a hex)",
                )
            board.cities[key] = c.model_copy(update={"hex": key})
    for i, f in enumerate(mf.fortress):
        if check_hex(board, f.hex, ("fortress", i, "hex"), problems):
            key = canonical(board, f.hex)
            board.fortresses[key] = f.model_copy(update={"hex": key})
    for i, fo in enumerate(mf.fortification):
        if check_hex(board, fo.hex, ("fortification", i, "hex"), problems):
            key = canonical(board, fo.hex)
            board.fortifications[key] = fo.model_copy(update={"hex": key})
    for i, e in enumerate(mf.entry):
        field, given = ("hex", [e.hex]) if e.hex else ("hexes", e.hexes)
        locs = (
            [("entry", i, "hex")]
            if e.hex
            else [("entry", i, "hexes", j) for j in range(len(given))]
        )
        ok = [
            check_hex(board, label, loc, problems) for label, loc in zip(given, locs, strict=True)
        ]
        if not all(ok):
            continue
        if e.letter in board.entries:
            problems.add(("entry", i, "letter"), f"entry hex {e.letter} is defined twice")
        # every place is kept under the map's own spelling of its hex; an entry of
        # several hexes (an area) keeps them all, its first as its hex
        hexes = list(dict.fromkeys(canonical(board, label) for label in given))
        if len(hexes) < len(given):
            problems.add(("entry", i, field), f"entry {e.letter} names a hex twice")
        board.entries[e.letter] = e.model_copy(update={"hex": hexes[0], "hexes": hexes})
    for i, s in enumerate(mf.supply_source):
        if check_hex(board, s.hex, ("supply_source", i, "hex"), problems):
            board.supply_sources.append(s.model_copy(update={"hex": canonical(board, s.hex)}))
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
