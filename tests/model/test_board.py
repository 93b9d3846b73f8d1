"""The compiled board: hexes, neighbours, hexside features and lines, in both numberings."""

from __future__ import annotations

from scenario_copy import FIXTURES

from greatwar import hexgrid
from greatwar.model.board import Board, canonical, compile_board, entry_hexes, entry_known
from greatwar.model.loader import parse_file
from greatwar.model.schema import MapFile
from greatwar.rules import load_scenario


def tannenberg_board() -> Board:
    mf, problems = parse_file(FIXTURES / "tannenberg" / "map.toml", MapFile)
    assert mf is not None and problems.items == []
    board = compile_board(mf, problems)
    assert problems.items == []
    return board


def test_tannenberg_board_hexes_and_spellings() -> None:
    board = tannenberg_board()
    assert len(board.hexes) == 11  # 4 x 3 less one '-'
    assert "A4 B3" not in board.hexes
    assert board.unknown_terrain == ("A2 B2",)
    assert board.terrain["A3 B1"] == "forest"
    # a hex written 'a2b2' is filed under the map's own spelling
    assert set(board.cities) == {"A2 B2"}
    assert canonical(board, "a2, b2") == "A2 B2"


def test_tannenberg_board_neighbours_follow_the_diagonal() -> None:
    board = tannenberg_board()
    # up-right diagonals: A2 B1 is up and to the right of A1 B1
    assert set(board.neighbours["A1 B1"]) == {"A1 B2", "A2 B1", "A2 B2"}
    assert board.is_edge("A1 B1")
    assert board.distance("A1 B1", "A3 B1") == 2


def test_tannenberg_board_hexside_and_rail() -> None:
    board = tannenberg_board()
    assert board.features("A1 B1", "A1 B2") == {"minor_river"}
    assert board.features("A1 B2", "A1 B1") == {"minor_river"}
    assert board.features("A3 B2", "A2 B2") == {"minor_river"}
    assert board.features("A1 B1", "A2 B1") == frozenset()
    assert board.rail_between("A2 B1", "A1 B1") == ("single",)
    assert board.rail_between("A1 B1", "A1 B2") == ()


def test_teaching_board_features_from_both_sides() -> None:
    board = load_scenario("gwite/teaching").board
    assert len(board.hexes) == 320
    # the Kessel (major river) between 0109 and 0210, entered once
    assert "major_river" in board.features("0109", "0210")
    assert "major_river" in board.features("0210", "0109")
    # the Nordbahn (double track) from 0106 to 0207
    assert board.rail_between("0207", "0106") == ("double",)
    assert "0106" in board.edges["west"] and "2006" in board.edges["east"]
    assert set(board.within("0712", 1)) == {"0712", *board.neighbours["0712"]}
    assert set(board.neighbours["0712"]) == {"0711", "0713", "0612", "0613", "0812", "0813"}
    assert board.terrain["0204"] == "city" and board.cities["0204"].name == "Königsfeld"
    assert board.country["0101"] == "germany" and board.country["2016"] == "russia"


def test_14_11_entry_hexes_of_a_printed_arrival() -> None:
    board = load_scenario("gwite/teaching").board
    letter = sorted(board.entries)[0]
    assert entry_hexes(board, letter) == list(board.entries[letter].hexes)
    assert entry_hexes(board, "0106") == ["0106"]
    # no place named: not yet entered ('?'), printed without a letter ('any'), none
    for entry in ("?", "any", "", None):
        assert entry_hexes(board, entry) == []
        assert not entry_known(entry)
    assert entry_known(letter) and entry_known("0106")


def test_within_is_every_hex_at_most_that_far_each_answer_a_new_list() -> None:
    """Board.within keeps its answers per hex and radius: each equals the hexes the
    distance puts within the radius, asked twice or after the first list was changed."""
    board = load_scenario("gwite/teaching").board
    for label in board.hexes[::7]:
        for radius in range(4):
            near = {h for h in board.hexes if board.distance(label, h) <= radius}
            first = board.within(label, radius)
            assert set(first) == near and len(first) == len(near)
            first.clear()  # the caller's list, not the one kept
            assert set(board.within(label, radius)) == near


def test_side_key_is_the_hexside_between_asked_either_way() -> None:
    """Board.side_key keeps its answers per pair: each is the hexside the coordinates
    give, the same from both hexes."""
    board = load_scenario("gwite/teaching").board
    for a in board.hexes:
        for b in board.neighbours[a]:
            for _ in range(2):  # worked out, then kept
                assert board.side_key(a, b) == hexgrid.hexside_between(
                    board.coord[a], board.coord[b]
                )
                assert board.side_key(a, b) == board.side_key(b, a)
