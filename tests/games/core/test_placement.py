"""Placements of boards of any shape, read and written by our own code, and moves split."""

from __future__ import annotations

import pytest

from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece
from games.core.placement import (
    PlacementError,
    king,
    read_placement,
    read_rank,
    without,
    write_placement,
)
from views.model import split_move

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def test_an_8x8_placement_is_fens_field() -> None:
    pieces = read_placement(START, CHESSBOARD)
    assert len(pieces) == 32
    assert pieces["e1"] == Piece("K", "white") and pieces["d8"] == Piece("Q", "black")
    assert write_placement(pieces, CHESSBOARD) == START


def test_ranks_past_nine_and_runs_past_nine_read_back() -> None:
    shape = Shape(12, 11)
    pieces = {"a11": Piece("R", "black"), "l1": Piece("E", "white"), "f6": Piece("C", "black")}
    text = write_placement(pieces, shape)
    assert text.split("/")[0] == "r11" and text.split("/")[-1] == "11E"
    assert read_placement(text, shape) == pieces


def test_levels_are_written_level_1_first() -> None:
    shape = Shape(2, 2, levels=2)
    pieces = {"1a1": Piece("K", "white"), "2b2": Piece("K", "black")}
    assert write_placement(pieces, shape) == "2/K1|1k/2"
    assert read_placement("2/K1|1k/2", shape) == pieces


@pytest.mark.parametrize(
    "text", ["8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8", "7/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7?"]
)
def test_a_placement_that_does_not_fit_is_refused(text: str) -> None:
    with pytest.raises(PlacementError):
        read_placement(text, CHESSBOARD)


def test_the_same_rank_read_on_other_ranks_levels_and_boards_names_their_own_squares() -> None:
    rank = "1p6"
    assert read_placement(f"8/{rank}/8/8/8/8/8/8", CHESSBOARD) == {"b7": Piece("P", "black")}
    assert read_placement(f"8/8/8/8/8/8/{rank}/8", CHESSBOARD) == {"b2": Piece("P", "black")}
    two_levels = Shape(8, 8, 2)
    both = read_placement(f"{'8/' * 7}{rank}|{'8/' * 7}{rank}", two_levels)
    assert both == {"1b1": Piece("P", "black"), "2b1": Piece("P", "black")}
    assert read_rank(rank, CHESSBOARD, 6) == {"b7": Piece("P", "black")}
    assert read_rank(rank, two_levels, 0, level=1) == {"2b1": Piece("P", "black")}
    with pytest.raises(PlacementError, match="rank 1 of the placement has 8 files, not 9"):
        read_placement(f"{'9/' * 8}{rank}", Shape(9, 9))
    with pytest.raises(PlacementError, match="rank 1 of the placement has 8 files, not 9"):
        read_placement(f"{'9/' * 8}{rank}", Shape(9, 9))


def test_kings_are_found_and_pieces_taken_off() -> None:
    assert king(START, CHESSBOARD, "black") == "e8"
    assert king("8/8/8/8/8/8/8/8", CHESSBOARD, "white") is None
    assert "e2" not in read_placement(without(START, CHESSBOARD, ["e2"]), CHESSBOARD)


@pytest.mark.parametrize(
    ("uci", "shape", "squares"),
    [
        ("e2e4", CHESSBOARD, ("e2", "e4")),
        ("e7e8q", CHESSBOARD, ("e7", "e8")),
        ("a10a9", Shape(10, 10), ("a10", "a9")),
        ("a1a10", Shape(10, 10), ("a1", "a10")),
        ("j9j10c", Shape(10, 10), ("j9", "j10")),
        ("1a12a1", Shape(8, 8, levels=2), ("1a1", "2a1")),
    ],
)
def test_a_move_is_split_into_its_squares_by_the_board_shape(
    uci: str, shape: Shape, squares: tuple[str, str]
) -> None:
    assert split_move(uci, shape) == squares
