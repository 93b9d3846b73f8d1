"""Hex numbers of two coordinates (Tannenberg's "A1 B29") are marked for the page to hide
them when zoomed out (issue 17, small screens); four-digit numbers are not."""

from __future__ import annotations

import re

from greatwar.render.numbers import is_coordinate_pair
from greatwar.server.mapdata import map_svg

NUMBER = re.compile(r'<text [^>]*class="hn"[^>]*>([^<]*)</text>')


def test_a_label_of_two_coordinates_is_a_pair() -> None:
    assert is_coordinate_pair("A1 B29")
    assert not is_coordinate_pair("0503")


def test_tannenberg_numbers_are_marked_as_pairs() -> None:
    numbers = NUMBER.findall(map_svg("tannenberg/teaching"))
    marked = re.findall(
        r'<text [^>]*class="hn" data-coords="pair">', map_svg("tannenberg/teaching")
    )
    assert numbers and len(marked) == len(numbers)


def test_gwite_numbers_are_not_marked() -> None:
    svg = map_svg("gwite/teaching")
    assert NUMBER.findall(svg)
    assert 'data-coords="pair"' not in svg
