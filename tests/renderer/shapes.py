"""Views of boards beyond the FIDE 8x8, built directly: the renderer needs no rules for them."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.geometry import Shape, Square
from games.core.pieces import Piece
from games.core.placement import write_placement
from games.core.results import UNFINISHED
from scripts.samples import ESCHER_STAIRCASES, GOOD_SHAFTS, good_start
from views.model import BoardView

__all__ = ["ESCHER_STAIRCASES", "GOOD_SHAFTS", "good_start"]

ESCHER_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

# Ender's Chess as the notes reconstruct it: a 7x7 block on c3-i9 less its corners, two gates
ENDERS_CELLS = frozenset(
    Square(file, rank).name()
    for file in range(2, 9)
    for rank in range(2, 9)
    if (file in (2, 8)) + (rank in (2, 8)) < 2
) | {"f2", "f10"}
ENDERS = Shape(files=9, ranks=10, missing=frozenset(Shape(9, 10).squares) - ENDERS_CELLS)


def view_of(
    shape: Shape,
    pieces: Mapping[str, Piece],
    *,
    staircases: tuple[tuple[str, ...], ...] = (),
    last_move: tuple[str, str] | None = None,
    elevators: tuple[str, ...] = (),
    check: str | None = None,
) -> BoardView:
    """Return a view of a board of any shape in the middle of a game, White to move."""
    return BoardView(
        number=1,
        placement=write_placement(pieces, shape),
        turn="white",
        fullmove=12,
        elevators=elevators,
        result=UNFINISHED,
        ending="",
        transfer_pending=None,
        last_move=last_move,
        departure=None,
        arrivals=(),
        check=check,
        capturable=None,
        caption="A board of the family",
        shape=shape,
        staircases=staircases,
    )


def back_ranks(shape: Shape, row: str, level: int = 0) -> dict[str, Piece]:
    """Return a row of White's pieces on the first rank and pawns before them, Black mirrored."""
    pieces: dict[str, Piece] = {}
    top = shape.ranks - 1
    for file, letter in enumerate(row):
        for rank, kind, side in (
            (0, letter, "white"),
            (1, "P", "white"),
            (top - 1, "P", "black"),
            (top, letter, "black"),
        ):
            name = Square(file, rank, level).name(shape.levels)
            if name in shape:
                pieces[name] = Piece(kind, side)  # type: ignore[arg-type]
    return pieces
