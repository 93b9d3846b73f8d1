"""A generated, FICTIONAL full-size GWitE scenario for the benchmarks (issue 18).

``python benchmarks/big_scenario.py [--seed N] [--out DIR]`` writes ``map.toml``,
``counters.toml`` and ``scenario.toml`` (default ``benchmarks/generated/big-<seed>/``,
git-ignored) and prints the scenario's path: a 50 x 50 map (2,500 hexes) of varied
terrain, with rivers, rail lines and cities, and about 150 units a side (corps,
divisions, cavalry, brigades, army and corps HQs with command values, supply depots)
in two facing lines across a river.  The same seed writes the same files.  Nothing
here is historical: it exists to measure the forward model on a map the size of the
real ones (``benchmarks/run.py``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from greatwar.hexgrid import Hex, SpiNumbering, neighbours

HERE = Path(__file__).resolve().parent
GENERATED = HERE / "generated"
SPI = SpiNumbering("odd-q")

#: terrain letters and their weights away from the cities and lakes
TERRAIN = {".": 58, "f": 14, "b": 10, "s": 7, "r": 8, "m": 3}
LEGEND = (
    '{ "." = "clear", "f" = "forest", "b" = "broken", "s" = "swamp", "r" = "rough", '
    '"m" = "mountain", "c" = "city", "~" = "lake" }'
)
#: each side's lines, from the front backwards (columns on a 50-column map)
CENTRAL_LINES = (24, 22, 20, 18, 16)
ALLIED_LINES = (27, 29, 31, 33, 35)


@dataclass(frozen=True)
class Layout:
    """Where things go on a ``size`` x ``size`` map."""

    size: int

    @property
    def middle(self) -> int:
        """The last column of the Central Powers' half (the river runs east of it)."""
        return self.size // 2

    def rail_rows(self) -> list[int]:
        return list(range(5, self.size + 1, 10))

    def lateral_columns(self) -> tuple[int, int]:
        return self.size // 5, self.size - self.size // 5 + 1

    def country(self, col: int, row: int) -> str:
        if col > self.middle:
            return "russia"
        return "germany" if row <= self.size // 2 else "austria-hungary"

    def lines(self, side: str) -> tuple[int, ...]:
        base = CENTRAL_LINES if side == "central" else ALLIED_LINES
        shift = self.middle - 25
        return tuple(c + shift for c in base)


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def offset(h: Hex) -> tuple[int, int]:
    return SPI.to_offset(h)


def adjacent(col: int, row: int, size: int) -> Iterator[tuple[int, int]]:
    for n in neighbours(SPI.from_offset(col, row)):
        c, r = offset(n)
        if 1 <= c <= size and 1 <= r <= size:
            yield c, r


def terrain_grid(layout: Layout, rng: random.Random, cities: set[tuple[int, int]]) -> list[str]:
    """One string of terrain letters per row; lakes only far behind the lines."""
    letters, weights = zip(*TERRAIN.items(), strict=True)
    size = layout.size
    rows = []
    for row in range(1, size + 1):
        line = []
        for col in range(1, size + 1):
            if (col, row) in cities:
                line.append("c")
            elif col in (3, size - 2) and row % 17 == 8:
                line.append("~")
            else:
                line.append(rng.choices(letters, weights)[0])
        rows.append("".join(line))
    return rows


def rail_lines(layout: Layout) -> list[tuple[str, str, list[str]]]:
    """(name, track, hexes) of each rail line: east-west lines from each map edge towards
    the front, and one north-south lateral line behind each front."""
    size, middle = layout.size, layout.middle
    out = []
    for n, row in enumerate(layout.rail_rows()):
        track = "double" if n % 2 == 0 else "single"
        west = [label(c, row) for c in range(1, middle - 1)]
        east = [label(c, row) for c in range(size, middle + 3, -1)]
        out.append((f"Westbahn {n + 1}", track, west))
        out.append((f"Eastern line {n + 1}", track, east))
    for n, col in enumerate(layout.lateral_columns()):
        out.append((f"Lateral line {n + 1}", "single", [label(col, r) for r in range(1, size + 1)]))
    return out


def city_hexes(layout: Layout) -> list[tuple[int, int]]:
    """Cities where the lateral lines cross the east-west lines, and towns on the lines."""
    out = [(col, row) for col in layout.lateral_columns() for row in layout.rail_rows()]
    out += [(layout.middle - 6, row) for row in layout.rail_rows()[::2]]
    out += [(layout.middle + 7, row) for row in layout.rail_rows()[1::2]]
    return out


def river_sides(layout: Layout) -> tuple[list[str], list[str]]:
    """Minor-river hexsides between the two halves, and a major river across each rear."""
    size, middle = layout.size, layout.middle
    minor = [
        f"{label(middle, row)}/{label(c, r)}"
        for row in range(1, size + 1)
        for c, r in adjacent(middle, row, size)
        if c == middle + 1
    ]
    row = size * 3 // 5
    rear = list(range(1, middle - 10)) + list(range(middle + 12, size + 1))
    major = [
        f"{label(col, row)}/{label(c, r)}"
        for col in rear
        for c, r in adjacent(col, row, size)
        if r == row + 1
    ]
    return minor, major


def quoted(items: list[str], per_line: int = 10) -> str:
    chunks = [items[i : i + per_line] for i in range(0, len(items), per_line)]
    body = ",\n".join("  " + ", ".join(f'"{x}"' for x in chunk) for chunk in chunks)
    return "[\n" + body + ",\n]"


def map_toml(layout: Layout, rng: random.Random) -> str:
    size = layout.size
    cities = city_hexes(layout)
    grid = terrain_grid(layout, rng, set(cities))
    countries = [
        "".join(
            "GAR"[["germany", "austria-hungary", "russia"].index(layout.country(c, r))]
            for c in range(1, size + 1)
        )
        for r in range(1, size + 1)
    ]
    parts = [
        "# GENERATED, FICTIONAL map for the benchmarks (benchmarks/big_scenario.py).",
        "[map]",
        'id = "bench-big"',
        'name = "Benchmark map (generated, fictional)"',
        "fictional = true",
        'description = "A generated full-size front for measuring the forward model."',
        'numbering = "spi"',
        'layout = "odd-q"',
        f"columns = [1, {size}]",
        f"rows = [1, {size}]",
        "",
        "[terrain]",
        f"legend = {LEGEND}",
        'grid = """',
        *(f"{r:02d} {line}" for r, line in enumerate(grid, 1)),
        '"""',
        "",
        "[countries]",
        'legend = { "G" = "germany", "A" = "austria-hungary", "R" = "russia" }',
        'grid = """',
        *(f"{r:02d} {line}" for r, line in enumerate(countries, 1)),
        '"""',
    ]
    minor, major = river_sides(layout)
    for kind, name, sides in (
        ("minor_river", "Grenzfluss", minor),
        ("major_river", "Strom", major),
    ):
        parts += [
            "",
            "[[hexside]]",
            f'type = "{kind}"',
            f'name = "{name}"',
            f"sides = {quoted(sides, 6)}",
        ]
    for name, track, hexes in rail_lines(layout):
        parts += [
            "",
            "[[rail]]",
            f'name = "{name}"',
            f'track = "{track}"',
            f"hexes = {quoted(hexes)}",
        ]
    for n, (col, row) in enumerate(cities, 1):
        size_name, vp = ("city", 2) if n % 3 else ("town", 1)
        parts += [
            "",
            "[[city]]",
            f'hex = "{label(col, row)}"',
            f'name = "Stadt {n}"',
            f'size = "{size_name}"',
            f"vp = {vp}",
        ]
    for row in layout.rail_rows():
        for col in (1, size):
            parts += [
                "",
                "[[supply_source]]",
                f'hex = "{label(col, row)}"',
                f'country = "{layout.country(col, row)}"',
                'kind = "rail_edge"',
                'source = "9.13"',
            ]
    return "\n".join(parts) + "\n"


@dataclass(frozen=True)
class Kind:
    """One kind of counter: how many a side has and what they are."""

    key: str
    count: int
    body: str  # the TOML lines after nationality


KINDS = (
    Kind("D", 80, 'type = "infantry"\nsize = "division"\nmovement = 5\nsteps = [[4, 5], [2, 3]]'),
    Kind(
        "K",
        30,
        'type = "infantry"\nsize = "corps"\nmovement = 4\nsteps = [[7, 7], [6, 6], [4, 4], [3, 3]]',
    ),
    Kind("C", 10, 'type = "cavalry"\nsize = "division"\nmovement = 8\nsteps = [[2, 2], [1, 1]]'),
    Kind("B", 6, 'type = "infantry"\nsize = "brigade"\nmovement = 5\nsteps = [[2, 3]]'),
    Kind("A", 4, 'type = "artillery"\nsize = "brigade"\nmovement = 3\nsteps = [[3, 2]]'),
    Kind(
        "H",
        10,
        'type = "hq"\nsize = "corps"\nhq = { level = "corps" }\nmovement = 6\nsteps = [{ '
        "attack_shift = 1, command_radius = 3, command_strength = 6, combat_strength = 1 }]",
    ),
    Kind(
        "AH",
        2,
        'type = "hq"\nsize = "army"\nhq = { level = "army" }\nmovement = 6\nsteps = [\n'
        "  { attack_shift = 2, command_radius = 5, command_strength = 12, combat_strength = 1 },\n"
        "  { attack_shift = 1, command_radius = 4, command_strength = 6, combat_strength = 1 },\n]",
    ),
    Kind(
        "S",
        8,
        'type = "supply_depot"\nstacking = 1\nmovement = 4\nsteps = [[0, 1]]',
    ),
)
#: the line (0 = the front) each kind stands in
LINE_OF = {"D": 0, "K": 1, "C": 2, "B": 2, "A": 2, "H": 3, "AH": 3, "S": 4}


def spread(count: int, size: int) -> list[int]:
    """``count`` rows spread evenly over 1..size."""
    return [1 + (i * size + size // 2) // count for i in range(count)] if count else []


def interleave(groups: list[list[str]]) -> list[str]:
    """The groups' items taken in turn, so each stretch of a line has a bit of everything."""
    longest = max((len(g) for g in groups), default=0)
    return [g[i] for i in range(longest) for g in groups if i < len(g)]


def placements(layout: Layout, side: str) -> Iterator[tuple[str, int, int]]:
    """(kind key, column, row) of every counter of ``side``; a line holding more counters
    than rows overflows into the next line."""
    lines = layout.lines(side)
    per_line: dict[int, list[list[str]]] = {}
    for kind in KINDS:
        per_line.setdefault(LINE_OF[kind.key], []).append([kind.key] * kind.count)
    extra: list[str] = []
    for index, col in enumerate(lines):
        keys = extra + interleave(per_line.get(index, []))
        keys, extra = keys[: layout.size], keys[layout.size :]
        for key, row in zip(keys, spread(len(keys), layout.size), strict=True):
            yield key, col, row


def counters_toml(layout: Layout) -> str:
    kinds = {k.key: k for k in KINDS}
    parts = ["# GENERATED, FICTIONAL counters for the benchmarks (benchmarks/big_scenario.py)."]
    for side, prefix in (("central", "C"), ("allied", "R")):
        numbers: dict[str, int] = {}
        for key, col, row in placements(layout, side):
            n = numbers[key] = numbers.get(key, 0) + 1
            parts += [
                "",
                "[[counter]]",
                f'id = "{prefix}-{key}{n}"',
                f'name = "{key} {n} ({side})"',
                f'side = "{side}"',
                f'nationality = "{layout.country(col, row)}"',
                kinds[key].body,
                f'setup = "{label(col, row)}"',
            ]
    return "\n".join(parts) + "\n"


SCENARIO = """# GENERATED, FICTIONAL benchmark scenario (benchmarks/big_scenario.py, seed {seed}).
[scenario]
id = "bench-big-{seed}"
system = "gwite"
name = "Benchmark front (generated, fictional)"
fictional = true
description = "A generated {size} x {size} front with about 150 units a side, for measuring."
map = "map.toml"
counters = ["counters.toml"]
turns = {turns}
first_side = "allied"
source = "generated by benchmarks/big_scenario.py"

[[side]]
id = "allied"
name = "Allies"
nationalities = ["russia"]
color = "#4f7d3a"

[[side]]
id = "central"
name = "Central Powers"
nationalities = ["germany", "austria-hungary"]
color = "#5a6f8c"

[parameters]
stacking_limit = 8
tcr = {{ germany = 1, "austria-hungary" = 4, russia = 3 }}
supply_range = {{ germany = 5, "austria-hungary" = 3, russia = 3 }}
rail_capacity = {{ allied = 6, central = 8 }}
rail_rate = {{ russia = 20, germany = 25, "austria-hungary" = 25 }}
friendly_countries = {{ allied = ["russia"], central = ["germany", "austria-hungary"] }}
source = "generated (values as in the teaching scenario)"

[victory]
index_side = "allied"
cities = "net"
per_stacking_point_eliminated = 1
per_hq_eliminated = 1
source = "generated (as the teaching scenario)"
control_case = "brusilov 25.12"
elimination_case = "brusilov 25.2"

[[victory.levels]]
max = -1
result = "Central Powers victory"
winner = "central"

[[victory.levels]]
min = 0
max = 0
result = "Draw"

[[victory.levels]]
min = 1
result = "Allied victory"
winner = "allied"
"""


def generate(out: Path | None = None, seed: int = 1, size: int = 50, turns: int = 3) -> Path:
    """Write the scenario's three files into ``out`` and return the scenario's path."""
    folder = out or GENERATED / f"big-{seed}"
    folder.mkdir(parents=True, exist_ok=True)
    layout = Layout(size)
    rng = random.Random(seed)
    (folder / "map.toml").write_text(map_toml(layout, rng), encoding="utf-8")
    (folder / "counters.toml").write_text(counters_toml(layout), encoding="utf-8")
    scenario = folder / "scenario.toml"
    text = SCENARIO.format(seed=seed, size=size, turns=turns)
    scenario.write_text(text, encoding="utf-8")
    return scenario


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    print(generate(args.out, args.seed, turns=args.turns))


if __name__ == "__main__":
    main()
