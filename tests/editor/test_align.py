"""The grid-alignment maths of the editor's backdrop (greatwar.editor.align)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from greatwar.editor.align import (
    Affine,
    AlignmentError,
    alignment_json,
    compose,
    fit,
    solve,
)

Point = tuple[float, float]


def close(p: Point, q: Point, tol: float = 1e-6) -> bool:
    scale = max(1.0, abs(q[0]), abs(q[1]))
    return math.dist(p, q) <= tol * scale


def close_affine(m: Affine, n: Affine, tol: float = 1e-6) -> bool:
    return all(
        math.isclose(x, y, rel_tol=tol, abs_tol=tol * max(1.0, abs(y)))
        for x, y in zip(m.as_list(), n.as_list(), strict=True)
    )


# --- strategies ----------------------------------------------------------------------

coordinates = st.floats(min_value=-2000, max_value=2000, allow_subnormal=False)
points = st.tuples(coordinates, coordinates)

decompositions = st.fixed_dictionaries(
    {
        "origin": st.tuples(
            st.floats(min_value=-5000, max_value=5000), st.floats(min_value=-5000, max_value=5000)
        ),
        "size_x": st.floats(min_value=0.05, max_value=20),
        "size_y": st.floats(min_value=0.05, max_value=20),
        "rotation": st.floats(min_value=-179.9, max_value=179.9),
        "skew": st.floats(min_value=-60, max_value=60),
    }
)
affines = decompositions.map(lambda parts: compose(**parts))


def spread(triangle: tuple[Point, Point, Point]) -> float:
    """Twice the triangle's area over its longest side squared: 0 for a line."""
    p, q, r = triangle
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1])
    longest = max(math.dist(p, q), math.dist(q, r), math.dist(p, r))
    return abs(cross) / (longest * longest) if longest > 1e-6 else 0.0


triangles = st.tuples(points, points, points).filter(
    lambda t: max(math.dist(t[0], t[1]), math.dist(t[0], t[2])) > 10 and spread(t) > 0.05
)


# --- invariants ----------------------------------------------------------------------


@given(affine=affines, triangle=triangles)
def test_solve_recovers_the_affine_that_moved_three_points(
    affine: Affine, triangle: tuple[Point, Point, Point]
) -> None:
    image = [affine.apply(p) for p in triangle]
    solved = solve(list(triangle), image)
    for p, q in zip(triangle, image, strict=True):
        assert close(solved.apply(p), q)
    assert close_affine(solved, affine, tol=1e-5)


@given(affine=affines, point=points)
def test_inverse_after_affine_is_the_identity(affine: Affine, point: Point) -> None:
    inverse = affine.inverse()
    assert close(inverse.apply(affine.apply(point)), point, tol=1e-6)
    assert close_affine(affine.then(inverse), Affine.identity(), tol=1e-6)


@given(parts=decompositions)
def test_compose_then_decompose_gives_the_parts_back(parts: dict) -> None:
    back = compose(**parts).decompose()
    assert close(back["origin"], parts["origin"])
    for key in ("size_x", "size_y", "rotation", "skew"):
        assert math.isclose(back[key], parts[key], rel_tol=1e-6, abs_tol=1e-6), key


@given(affine=affines)
def test_decompose_then_compose_gives_the_affine_back(affine: Affine) -> None:
    assert close_affine(compose(**affine.decompose()), affine)


@given(affine=affines, hex_size=st.floats(min_value=1, max_value=100))
def test_decompose_with_a_hex_size_scales_sizes_and_composes_back(
    affine: Affine, hex_size: float
) -> None:
    parts = affine.decompose(hex_size)
    assert math.isclose(parts["size_x"], affine.decompose()["size_x"] * hex_size, rel_tol=1e-9)
    assert close_affine(compose(**parts, hex_size=hex_size), affine)


@given(affine=affines, triangle=triangles)
def test_fit_on_three_points_equals_solve(
    affine: Affine, triangle: tuple[Point, Point, Point]
) -> None:
    image = [affine.apply(p) for p in triangle]
    assert fit(list(triangle), image) == solve(list(triangle), image)


@given(
    affine=affines,
    triangle=triangles,
    more=st.lists(points, min_size=1, max_size=12),
)
def test_fit_is_exact_for_noiseless_points(
    affine: Affine, triangle: tuple[Point, Point, Point], more: list[Point]
) -> None:
    grid = [*triangle, *more]
    fitted = fit(grid, [affine.apply(p) for p in grid])
    assert close_affine(fitted, affine, tol=1e-5)


def test_fit_averages_out_noise_between_the_clicks() -> None:
    truth = compose((40, 25), 2.0, 2.0, rotation=3.0)
    grid = [(0, 0), (100, 0), (0, 100), (100, 100), (50, 50), (200, 80)]
    noise = [(0.5, -0.5), (-0.5, 0.5), (0.5, 0.5), (-0.5, -0.5), (0.0, 0.0), (0.0, 0.0)]
    image = [
        (x + dx, y + dy) for (x, y), (dx, dy) in zip(map(truth.apply, grid), noise, strict=True)
    ]
    fitted = fit(grid, image)
    # each click is off by up to 0.7 px; the fit lands within 1 px everywhere on the map
    for p in grid:
        assert math.dist(fitted.apply(p), truth.apply(p)) < 1.0
    assert fitted != solve(grid[:3], image[:3])


# --- worked examples -----------------------------------------------------------------


def test_identity_when_the_image_points_are_the_grid_points() -> None:
    grid = [(0, 0), (100, 0), (0, 100)]
    affine = solve(grid, grid)
    assert close_affine(affine, Affine.identity())
    assert affine.decompose() == {
        "origin": (0.0, 0.0),
        "size_x": 1.0,
        "size_y": 1.0,
        "rotation": 0.0,
        "skew": 0.0,
    }


def test_pure_translation_moves_the_origin_only() -> None:
    grid = [(10, 20), (110, 20), (10, 220)]
    image = [(x + 35, y - 12) for x, y in grid]
    affine = solve(grid, image)
    assert close_affine(affine, Affine(1, 0, 0, 1, 35, -12))
    parts = affine.decompose()
    assert close(parts["origin"], (35, -12))
    assert math.isclose(parts["rotation"], 0, abs_tol=1e-9)
    assert math.isclose(parts["skew"], 0, abs_tol=1e-9)


def test_a_scan_at_twice_the_size_turned_a_quarter_clockwise() -> None:
    # the scan was put on the scanner turned 90 degrees: the grid's x axis runs down the
    # image, its y axis runs right to left; 2 pixels a unit, origin at pixel (1000, 50)
    grid = [(0, 0), (100, 0), (0, 100)]
    image = [(1000, 50), (1000, 250), (800, 50)]
    affine = solve(grid, image)
    assert close_affine(affine, Affine(0, 2, -2, 0, 1000, 50))
    parts = affine.decompose(hex_size=30)
    assert close(parts["origin"], (1000, 50))
    assert math.isclose(parts["size_x"], 60) and math.isclose(parts["size_y"], 60)
    assert math.isclose(parts["rotation"], 90)
    assert math.isclose(parts["skew"], 0, abs_tol=1e-9)
    # a hex centre the owner did not click lands where the scan shows it
    assert close(affine.apply((50, 50)), (900, 150))
    assert close(affine.inverse().apply((900, 150)), (50, 50))


def test_a_phone_photo_with_a_small_skew() -> None:
    # a photo taken slightly from the side: 1.6 px a unit across, 1.5 down, turned
    # -2 degrees, the grid's columns leaning 4 degrees
    truth = compose((312.5, 208.0), 1.6, 1.5, rotation=-2.0, skew=4.0)
    grid = [(43.3, 25.0), (476.3, 50.0), (216.5, 575.0)]
    affine = solve(grid, [truth.apply(p) for p in grid])
    parts = affine.decompose()
    assert close(parts["origin"], (312.5, 208.0))
    assert math.isclose(parts["size_x"], 1.6) and math.isclose(parts["size_y"], 1.5)
    assert math.isclose(parts["rotation"], -2.0) and math.isclose(parts["skew"], 4.0)
    summary = alignment_json(affine, hex_size=50)
    assert summary["rotation"] == pytest.approx(-2.0)
    assert summary["size"] == pytest.approx(50 * math.sqrt(1.6 * 1.5), rel=1e-9)
    assert summary["inverse"] == pytest.approx(affine.inverse().as_list())


def test_matrix_round_trips_through_its_list() -> None:
    affine = Affine(1.5, 0.1, -0.2, 1.4, 10, 20)
    assert Affine.from_list(affine.as_list()) == affine


# --- degenerate input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "image", "message"),
    [
        ([(0, 0), (100, 0), (200, 0)], [(0, 0), (1, 0), (0, 1)], "grid points lie on one line"),
        ([(0, 0), (100, 100), (0, 100)], [(5, 5), (10, 10), (20, 20)], "image points lie on one"),
        ([(0, 0), (0, 0), (0, 100)], [(0, 0), (1, 0), (0, 1)], "grid points 1 and 2 are the same"),
        ([(0, 0), (1, 0), (0, 1)], [(3, 4), (7, 7), (7, 7)], "image points 2 and 3 are the same"),
        ([(0, 0), (1, 0), (0, math.nan)], [(0, 0), (1, 0), (0, 1)], "grid point 3 y must be a f"),
        ([(0, 0), (1, 0), (0, 1)], [(math.inf, 0), (1, 0), (0, 1)], "image point 1 x must be a f"),
        ([(0, 0), (1, 0)], [(0, 0), (1, 0)], "takes 3 point pairs, got 2"),
        ([(0, 0), (1, 0), (0, 1)], [(0, 0), (1, 0)], "3 grid points, 2 image points"),
        ([(0, 0), (1, 0), "ab"], [(0, 0), (1, 0), (0, 1)], "grid point 3 must be [x, y]"),
        ([(0, 0), (1, 0), 7], [(0, 0), (1, 0), (0, 1)], "grid point 3 must be [x, y]"),
    ],
)
def test_solve_refuses_degenerate_points_with_a_clear_message(
    grid: list, image: list, message: str
) -> None:
    with pytest.raises(AlignmentError, match=message.replace("[", r"\[").replace("]", r"\]")):
        solve(grid, image)


def test_fit_refuses_many_points_on_one_line() -> None:
    grid = [(0, 0), (10, 10), (20, 20), (30, 30), (40, 40)]
    with pytest.raises(AlignmentError, match="grid points lie on one line"):
        fit(grid, [(x + 1, y) for x, y in grid])


def test_fit_accepts_a_hex_clicked_twice_among_many() -> None:
    grid = [(0, 0), (100, 0), (0, 100), (100, 0)]
    truth = compose((5, 5), 2, 2)
    assert close_affine(fit(grid, [truth.apply(p) for p in grid]), truth)


def test_a_singular_matrix_has_no_inverse() -> None:
    with pytest.raises(AlignmentError, match="no inverse"):
        Affine(1, 2, 2, 4, 0, 0).inverse()


def test_from_list_refuses_a_wrong_length_or_a_non_number() -> None:
    with pytest.raises(AlignmentError, match="six numbers"):
        Affine.from_list([1, 0, 0, 1, 0])
    with pytest.raises(AlignmentError, match=r"matrix\[4\] must be a number"):
        Affine.from_list([1, 0, 0, 1, "x", 0])
