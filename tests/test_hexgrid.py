"""Hex grid geometry and the two numbering schemes (greatwar.hexgrid)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from greatwar import hexgrid
from greatwar.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    Hexside,
    SpiNumbering,
    TannenbergNumbering,
)

LAYOUTS = ("odd-q", "even-q", "odd-r", "even-r")
COORD = st.integers(min_value=-500, max_value=500)
HEXES = st.builds(Hex, COORD, COORD)
DIRS = st.integers(min_value=0, max_value=5)
SETTINGS = settings(max_examples=100, deadline=None)


def spi_label(col: int, row: int, prefix: str = "") -> str:
    return f"{prefix}{col:02d}{row:02d}"


# --- SPI CCRR numbering ------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("prefix", ["", "g"])
@SETTINGS
@given(col=st.integers(0, 99), row=st.integers(0, 99))
def test_spi_label_round_trip(layout: str, prefix: str, col: int, row: int) -> None:
    numbering = SpiNumbering(layout, prefix)  # type: ignore[arg-type]
    text = spi_label(col, row, prefix)
    h = numbering.parse(text)
    assert numbering.label(h) == text
    assert numbering.to_offset(h) == (col, row)


@pytest.mark.parametrize("layout", LAYOUTS)
@SETTINGS
@given(col=COORD, row=COORD)
def test_spi_offset_round_trip(layout: str, col: int, row: int) -> None:
    numbering = SpiNumbering(layout)  # type: ignore[arg-type]
    assert numbering.to_offset(numbering.from_offset(col, row)) == (col, row)


@pytest.mark.parametrize("layout", LAYOUTS)
@SETTINGS
@given(h=HEXES)
def test_spi_axial_round_trip(layout: str, h: Hex) -> None:
    numbering = SpiNumbering(layout)  # type: ignore[arg-type]
    assert numbering.from_offset(*numbering.to_offset(h)) == h


def test_spi_prefix_is_case_insensitive_and_kept_in_labels() -> None:
    numbering = SpiNumbering("odd-q", prefix="g")
    assert numbering.parse("G0712") == numbering.parse("g0712")
    assert numbering.label(numbering.parse("G0712")) == "g0712"
    with pytest.raises(ValueError, match="form gCCRR"):
        numbering.parse("s0712")  # the other map's prefix


@pytest.mark.parametrize("bad", ["", "712", "07123", "07x2", "A53 B4", "-0712"])
def test_spi_garbage_is_refused_with_the_expected_form(bad: str) -> None:
    with pytest.raises(ValueError, match=r"CCRR \(4 digits\)"):
        SpiNumbering("odd-q").parse(bad)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_spi_hexes_without_a_label_are_refused(layout: str) -> None:
    numbering = SpiNumbering(layout)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no label"):
        numbering.label(numbering.from_offset(-1, 5))
    with pytest.raises(ValueError, match="no label"):
        numbering.label(numbering.from_offset(100, 5))


def test_spi_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown offset layout"):
        SpiNumbering("odd-x")  # type: ignore[arg-type]


def neighbour_labels(numbering: SpiNumbering, label: str) -> set[str]:
    return {numbering.label(n) for n in hexgrid.neighbours(numbering.parse(label))}


def test_odd_q_neighbours_of_an_odd_column() -> None:
    # odd-q (redblobgames "offset coordinates"): odd columns are shoved down, so an
    # odd column's hex (c, r) touches (c, r±1), (c±1, r) and (c±1, r+1).
    assert neighbour_labels(SpiNumbering("odd-q"), "0712") == {
        "0711",
        "0713",
        "0612",
        "0613",
        "0812",
        "0813",
    }


def test_odd_q_neighbours_of_an_even_column() -> None:
    # ... and an even column's hex (c, r) touches (c, r±1), (c±1, r-1) and (c±1, r).
    assert neighbour_labels(SpiNumbering("odd-q"), "0812") == {
        "0811",
        "0813",
        "0711",
        "0712",
        "0911",
        "0912",
    }


def test_even_q_neighbours_of_an_odd_column() -> None:
    assert neighbour_labels(SpiNumbering("even-q"), "0712") == {
        "0711",
        "0713",
        "0611",
        "0612",
        "0811",
        "0812",
    }


def test_odd_r_neighbours() -> None:
    numbering = SpiNumbering("odd-r")
    # odd rows are shoved right
    assert neighbour_labels(numbering, "0707") == {
        "0607",
        "0807",
        "0706",
        "0806",
        "0708",
        "0808",
    }
    assert neighbour_labels(numbering, "0706") == {
        "0606",
        "0806",
        "0605",
        "0705",
        "0607",
        "0707",
    }


def test_even_r_neighbours_of_an_odd_row() -> None:
    assert neighbour_labels(SpiNumbering("even-r"), "0707") == {
        "0607",
        "0807",
        "0606",
        "0706",
        "0608",
        "0708",
    }


@pytest.mark.parametrize(
    ("layout", "orientation"),
    [("odd-q", "flat"), ("even-q", "flat"), ("odd-r", "pointy"), ("even-r", "pointy")],
)
def test_spi_orientation_follows_the_layout(layout: str, orientation: str) -> None:
    assert SpiNumbering(layout).orientation == orientation  # type: ignore[arg-type]


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_column_layouts_shift_the_right_columns_down(layout: str) -> None:
    numbering = SpiNumbering(layout)  # type: ignore[arg-type]
    shifted = 1 if layout == "odd-q" else 0
    for col in range(1, 6):
        _, y = hexgrid.center(numbering.from_offset(col, 3), 1.0, "flat")
        _, y_left = hexgrid.center(numbering.from_offset(col - 1, 3), 1.0, "flat")
        expected = math.sqrt(3) / 2 if col % 2 == shifted else -math.sqrt(3) / 2
        assert math.isclose(y - y_left, expected)


@pytest.mark.parametrize("layout", ["odd-r", "even-r"])
def test_row_layouts_shift_the_right_rows_right(layout: str) -> None:
    numbering = SpiNumbering(layout)  # type: ignore[arg-type]
    shifted = 1 if layout == "odd-r" else 0
    for row in range(1, 6):
        x, _ = hexgrid.center(numbering.from_offset(3, row), 1.0, "pointy")
        x_above, _ = hexgrid.center(numbering.from_offset(3, row - 1), 1.0, "pointy")
        expected = math.sqrt(3) / 2 if row % 2 == shifted else -math.sqrt(3) / 2
        assert math.isclose(x - x_above, expected)


# --- Tannenberg numbering ------------------------------------------------------------

DIAGONALS = ("up-right", "down-right")


@pytest.mark.parametrize("diagonal", DIAGONALS)
@SETTINGS
@given(a=COORD, b=COORD)
def test_tannenberg_label_round_trip(diagonal: str, a: int, b: int) -> None:
    numbering = TannenbergNumbering(diagonal)  # type: ignore[arg-type]
    text = f"A{a} B{b}"
    h = numbering.parse(text)
    assert numbering.label(h) == text
    assert numbering.to_ab(h) == (a, b)


@pytest.mark.parametrize("diagonal", DIAGONALS)
@SETTINGS
@given(h=HEXES)
def test_tannenberg_axial_round_trip(diagonal: str, h: Hex) -> None:
    numbering = TannenbergNumbering(diagonal)  # type: ignore[arg-type]
    assert numbering.from_ab(*numbering.to_ab(h)) == h
    assert numbering.parse(numbering.label(h)) == h


@pytest.mark.parametrize("diagonal", DIAGONALS)
@pytest.mark.parametrize("spelling", ["A53 B4", "A53,B4", "a53b4", "A53, B4", " a 53  b 4 "])
def test_tannenberg_accepted_spellings(diagonal: str, spelling: str) -> None:
    numbering = TannenbergNumbering(diagonal)  # type: ignore[arg-type]
    assert numbering.parse(spelling) == numbering.from_ab(53, 4)
    assert numbering.label(numbering.parse(spelling)) == "A53 B4"


@pytest.mark.parametrize("bad", ["", "A53", "B4 A53", "A53 B", "53 4", "A53 C4", "0712", "A5x B4"])
def test_tannenberg_garbage_is_refused_clearly(bad: str) -> None:
    with pytest.raises(ValueError, match=r"is not a hex coordinate of the form 'A53 B4'"):
        TannenbergNumbering().parse(bad)


def test_tannenberg_unknown_diagonal_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown diagonal"):
        TannenbergNumbering("sideways")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("diagonal", "screen_direction"), [("up-right", "NE"), ("down-right", "SE")]
)
def test_tannenberg_diagonal_rows_run_the_named_way(diagonal: str, screen_direction: str) -> None:
    # a diagonal row B holds the hexes A, A+1, ... stepping in one direction
    numbering = TannenbergNumbering(diagonal)  # type: ignore[arg-type]
    here, there = numbering.from_ab(10, 4), numbering.from_ab(11, 4)
    d = hexgrid.direction(here, there)
    assert DIRECTION_NAMES["flat"][d] == screen_direction
    # and a column A runs straight down: row B+1 is south of row B
    below = numbering.from_ab(10, 5)
    assert DIRECTION_NAMES["flat"][hexgrid.direction(here, below)] == "S"


# --- distance, neighbours, rings ------------------------------------------------------


@SETTINGS
@given(a=HEXES, b=HEXES, c=HEXES)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert hexgrid.distance(a, a) == 0
    assert (hexgrid.distance(a, b) == 0) == (a == b)
    assert hexgrid.distance(a, b) == hexgrid.distance(b, a)
    assert hexgrid.distance(a, c) <= hexgrid.distance(a, b) + hexgrid.distance(b, c)
    assert hexgrid.distance(a, b) >= 0


@SETTINGS
@given(h=HEXES)
def test_six_distinct_neighbours_at_distance_one(h: Hex) -> None:
    around = hexgrid.neighbours(h)
    assert len(around) == 6
    assert len(set(around)) == 6
    assert all(hexgrid.distance(h, n) == 1 for n in around)
    assert around == tuple(hexgrid.neighbour(h, d) for d in range(6))


@SETTINGS
@given(h=HEXES, d=DIRS)
def test_direction_inverts_neighbour(h: Hex, d: int) -> None:
    n = hexgrid.neighbour(h, d)
    assert hexgrid.direction(h, n) == d
    assert hexgrid.direction(n, h) == (d + 3) % 6
    assert hexgrid.neighbour(h, d + 6) == n
    assert hexgrid.neighbour(h, d - 6) == n


def test_direction_of_a_hex_not_adjacent_is_refused() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        hexgrid.direction(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        hexgrid.direction(Hex(0, 0), Hex(0, 0))


@SETTINGS
@given(c=HEXES, n=st.integers(0, 12))
def test_ring(c: Hex, n: int) -> None:
    hexes = hexgrid.ring(c, n)
    assert len(hexes) == (6 * n if n else 1)
    assert len(set(hexes)) == len(hexes)
    assert all(hexgrid.distance(c, h) == n for h in hexes)
    # clockwise walk: each hex of the ring touches the next
    if n > 0:
        assert all(
            hexgrid.distance(hexes[i], hexes[(i + 1) % len(hexes)]) == 1 for i in range(len(hexes))
        )


def test_ring_of_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        hexgrid.ring(Hex(0, 0), -1)


@SETTINGS
@given(c=HEXES, n=st.integers(0, 12))
def test_within(c: Hex, n: int) -> None:
    hexes = hexgrid.within(c, n)
    assert len(hexes) == 3 * n * (n + 1) + 1
    assert len(set(hexes)) == len(hexes)
    assert all(hexgrid.distance(c, h) <= n for h in hexes)
    assert set(hexes) == {h for k in range(n + 1) for h in hexgrid.ring(c, k)}


# --- hexsides ------------------------------------------------------------------------


@SETTINGS
@given(h=HEXES, d=DIRS)
def test_hexside_key_is_the_same_from_both_sides(h: Hex, d: int) -> None:
    n = hexgrid.neighbour(h, d)
    side = hexgrid.hexside(h, d)
    assert side == hexgrid.hexside(n, d + 3)
    assert side == hexgrid.hexside_between(h, n) == hexgrid.hexside_between(n, h)
    assert isinstance(side, Hexside)
    assert side.d in (0, 1, 2)
    assert set(hexgrid.hexside_hexes(side)) == {h, n}
    assert hexgrid.hexside_direction(side, h) == d
    assert hexgrid.hexside_direction(side, n) == (d + 3) % 6


@SETTINGS
@given(h=HEXES)
def test_a_hex_has_six_distinct_hexsides(h: Hex) -> None:
    sides = {hexgrid.hexside(h, d) for d in range(6)}
    assert len(sides) == 6


def test_hexside_hexes_puts_the_canonical_hex_first() -> None:
    side = hexgrid.hexside(Hex(3, 3), 4)
    first, second = hexgrid.hexside_hexes(side)
    assert first == Hex(side.q, side.r)
    assert second == Hex(3, 3)


def test_hexside_direction_from_a_stranger_is_refused() -> None:
    side = hexgrid.hexside(Hex(0, 0), 1)
    with pytest.raises(ValueError, match="not on hexside"):
        hexgrid.hexside_direction(side, Hex(5, 5))


def test_hexside_between_hexes_not_adjacent_is_refused() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        hexgrid.hexside_between(Hex(0, 0), Hex(0, 2))


# --- lines ---------------------------------------------------------------------------


@SETTINGS
@given(a=HEXES, b=HEXES)
def test_line(a: Hex, b: Hex) -> None:
    hexes = hexgrid.line(a, b)
    assert len(hexes) == hexgrid.distance(a, b) + 1
    assert hexes[0] == a
    assert hexes[-1] == b
    assert all(hexgrid.distance(x, y) == 1 for x, y in pairwise(hexes))


@SETTINGS
@given(a=HEXES, d=DIRS, n=st.integers(0, 30))
def test_line_along_a_direction_is_straight(a: Hex, d: int, n: int) -> None:
    b = Hex(a.q + DIRECTIONS[d].q * n, a.r + DIRECTIONS[d].r * n)
    expected = [Hex(a.q + DIRECTIONS[d].q * i, a.r + DIRECTIONS[d].r * i) for i in range(n + 1)]
    assert hexgrid.line(a, b) == expected


# --- pixel geometry ----------------------------------------------------------------------


def close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.isclose(p[0], q[0], abs_tol=1e-6) and math.isclose(p[1], q[1], abs_tol=1e-6)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@SETTINGS
@given(h=st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60)), d=DIRS)
def test_side_segments_coincide_from_both_hexes(orientation: str, h: Hex, d: int) -> None:
    size = 10.0
    n = hexgrid.neighbour(h, d)
    a0, a1 = hexgrid.side_segment(h, d, size, orientation)  # type: ignore[arg-type]
    b0, b1 = hexgrid.side_segment(n, d + 3, size, orientation)  # type: ignore[arg-type]
    # the same segment, walked the other way round
    assert close(a0, b1)
    assert close(a1, b0)
    pts = hexgrid.corners(h, size, orientation)  # type: ignore[arg-type]
    assert (a0, a1) == (pts[d], pts[(d + 1) % 6])


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_side_faces_its_neighbour(orientation: str) -> None:
    # the midpoint of side d lies halfway between the two centres
    h = Hex(2, -1)
    for d in range(6):
        (x0, y0), (x1, y1) = hexgrid.side_segment(h, d, 1.0, orientation)  # type: ignore[arg-type]
        cx, cy = hexgrid.center(h, 1.0, orientation)  # type: ignore[arg-type]
        nx, ny = hexgrid.center(hexgrid.neighbour(h, d), 1.0, orientation)  # type: ignore[arg-type]
        assert close(((x0 + x1) / 2, (y0 + y1) / 2), ((cx + nx) / 2, (cy + ny) / 2))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_direction_names_match_the_screen(orientation: str) -> None:
    compass = {
        "N": (0, -1),
        "NE": (1, -1),
        "E": (1, 0),
        "SE": (1, 1),
        "S": (0, 1),
        "SW": (-1, 1),
        "W": (-1, 0),
        "NW": (-1, -1),
    }
    cx, cy = hexgrid.center(Hex(0, 0), 1.0, orientation)  # type: ignore[arg-type]
    for d, name in enumerate(DIRECTION_NAMES[orientation]):
        nx, ny = hexgrid.center(hexgrid.neighbour(Hex(0, 0), d), 1.0, orientation)  # type: ignore[arg-type]
        sx, sy = compass[name]
        assert (nx - cx > 1e-9) - (nx - cx < -1e-9) == sx
        assert (ny - cy > 1e-9) - (ny - cy < -1e-9) == sy


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@SETTINGS
@given(h=st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60)))
def test_corners_are_at_the_circumradius(orientation: str, h: Hex) -> None:
    size = 7.5
    cx, cy = hexgrid.center(h, size, orientation)  # type: ignore[arg-type]
    pts = hexgrid.corners(h, size, orientation)  # type: ignore[arg-type]
    assert len(pts) == 6
    assert all(math.isclose(math.hypot(x - cx, y - cy), size) for x, y in pts)


def test_iter_offset_rect_covers_the_rectangle_column_by_column() -> None:
    numbering = SpiNumbering("odd-q")
    hexes = list(hexgrid.iter_offset_rect(numbering, range(1, 4), range(1, 3)))
    assert [numbering.label(h) for h in hexes] == ["0101", "0102", "0201", "0202", "0301", "0302"]


@pytest.mark.parametrize("diagonal", DIAGONALS)
@given(a=st.integers(-60, 60), b=st.integers(-60, 60))
def test_tannenberg_rows_increasing_north_round_trip(diagonal: str, a: int, b: int) -> None:
    north = TannenbergNumbering(diagonal, "north")  # type: ignore[arg-type]
    assert north.to_ab(north.from_ab(a, b)) == (a, b)
    assert north.parse(north.label(north.from_ab(a, b))) == north.from_ab(a, b)


def test_tannenberg_rows_increasing_north_put_higher_rows_up_the_map() -> None:
    """The printed map (17.1): in one column, a higher B lies further north."""
    north = TannenbergNumbering("up-right", "north")
    lower, higher = north.parse("A37 B32"), north.parse("A37 B42")  # Lotzen, Insterburg
    assert hexgrid.center(higher, 1.0)[1] < hexgrid.center(lower, 1.0)[1]  # y grows downward
    # rows rise to the east: the same row one column east is a step to the north-east
    assert hexgrid.direction(north.parse("A10 B20"), north.parse("A11 B20")) == 1  # NE
