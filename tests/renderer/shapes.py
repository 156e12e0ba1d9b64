"""Views of boards beyond the FIDE 8x8, built directly: the renderer needs no rules for them."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.geometry import Shape, Square
from games.core.pieces import Piece, Side
from games.core.results import UNFINISHED
from games.good.cells import shape as good_shape
from scripts.samples import ESCHER_STAIRCASES
from views.model import BoardView
from views.placement import write_placement

__all__ = ["ESCHER_STAIRCASES"]

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


# Ben Good's Elevator, as views show it (camel L, prince Y, ox X): a start of the notes'
# shape (each side's 48 pieces fill its four home poles; White's king on 2e1, Black's on 3e8
# under pole c4's shaft on level 4), with shaft levels and back ranks of our own choosing,
# for images only
GOOD_SHAFTS = (3, 1, 0, 3, 1, 2, 2, 1, 2, 1, 1, 2, 0, 2, 3, 0)
GOOD_BACK = "RNBXXBNRLYRQRYLNBLXXLBNK"  # each side's first rank, level by level, files a to h
GOOD_KINGS = {"white": "2e1", "black": "3e8"}


def good_start(shafts: tuple[int, ...] = GOOD_SHAFTS) -> dict[str, Piece]:
    """Return the pieces of a start of Ben Good's Elevator, by cell, for the given shafts."""
    board = good_shape(shafts)
    pieces: dict[str, Piece] = {}
    sides: tuple[tuple[Side, int, int], ...] = (("white", 0, 1), ("black", 7, -1))
    for side, first, forward in sides:
        letters = iter(GOOD_BACK)
        for level in range(4):
            for file in range(8):
                back = Square(file, first, level).name(4)
                if back in board:
                    pieces[back] = Piece(next(letters), side)
                    pieces[Square(file, first + forward, level).name(4)] = Piece("P", side)
        king = next(name for name, piece in pieces.items() if piece == Piece("K", side))
        there = GOOD_KINGS[side]
        pieces[king], pieces[there] = pieces[there], pieces[king]
    return pieces
