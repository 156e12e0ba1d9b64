"""Board shapes: square names with two-digit ranks and levels, missing cells, wrapping files."""

from __future__ import annotations

import pytest

from games.core.errors import MatchConfigError
from games.core.geometry import CHESSBOARD, Shape, Square


def test_the_chessboard_names_its_64_squares_from_a1_rank_by_rank() -> None:
    assert len(CHESSBOARD.squares) == 64
    assert CHESSBOARD.squares[:3] == ("a1", "b1", "c1") and CHESSBOARD.squares[-1] == "h8"
    assert CHESSBOARD.parse("e4") == Square(4, 3)
    assert "i1" not in CHESSBOARD and "a9" not in CHESSBOARD and "e4" in CHESSBOARD


def test_ranks_past_nine_have_two_digit_names() -> None:
    grand = Shape(files=10, ranks=10)
    assert grand.squares[-1] == "j10"
    assert grand.parse("j10") == Square(9, 9)
    assert grand.name(Square(0, 9)) == "a10"
    assert "a11" not in grand and "k1" not in grand


def test_a_board_of_several_levels_names_squares_with_the_level_first() -> None:
    stacked = Shape(files=4, ranks=4, levels=3)
    assert stacked.parse("2e1") is None  # no file e on four files
    assert stacked.parse("2b1") == Square(1, 0, 1)
    assert stacked.name(Square(3, 3, 2)) == "3d4"
    assert "b1" not in stacked  # a level is part of every name here
    assert len(stacked.squares) == 48 and stacked.squares[16] == "2a1"
    assert Shape(files=8, ranks=8, levels=2).parse("2e1") == Square(4, 0, 1)


def test_missing_cells_are_not_squares_and_steps_do_not_land_on_them() -> None:
    holed = Shape(missing=frozenset({"d4", "e5"}))
    assert "d4" not in holed and "d4" not in holed.squares and len(holed.squares) == 62
    assert holed.parse("d4") == Square(3, 3)  # inside the block, though missing
    assert holed.step(Square(2, 2), 1, 1) is None
    assert holed.step(Square(2, 2), 2, 1) == Square(4, 3)


def test_wrapped_files_join_the_first_and_last_file() -> None:
    cylinder = Shape(wrap_files=True)
    assert cylinder.step(Square(7, 0), 1, 0) == Square(0, 0)
    assert cylinder.step(Square(0, 0), -1, 1) == Square(7, 1)
    assert cylinder.step(Square(0, 7), 0, 1) is None  # ranks do not wrap
    assert CHESSBOARD.step(Square(7, 0), 1, 0) is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"files": 27}, "1 to 26 files"),
        ({"ranks": 100}, "1 to 99 ranks"),
        ({"levels": 10}, "1 to 9 levels"),
        ({"missing": frozenset({"i9"})}, "i9 is not a square of a 8x8 board"),
    ],
)
def test_an_impossible_shape_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(MatchConfigError, match=message):
        Shape(**options)  # type: ignore[arg-type]
