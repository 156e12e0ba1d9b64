"""Squares of an Escher board by number, and what pieces and staircases reach from each one.

Squares are numbered 0 (a1) to 63 (h8), file first (games.core.reach). Pieces are FEN
letters: upper case for White, lower case for Black.
"""

from __future__ import annotations

from typing import Final

from games.core.geometry import CHESSBOARD
from games.core.reach import INDEX, Reach
from games.escher.staircases import STAIRCASES

# A king's steps round from the east, which is the order its moves are listed in.
REACH: Final = Reach(
    CHESSBOARD, king_steps=((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
)
KNIGHT: Final = REACH.knight
KING: Final = REACH.king
DIAGONAL: Final = REACH.diagonal
ORTHOGONAL: Final = REACH.orthogonal
PAWN_TAKES: Final = REACH.pawn_takes
PAWN_FROM: Final = REACH.pawn_from
LAST_RANK: Final = REACH.last_rank
LINES: Final = REACH.lines
KNIGHT_SETS: Final = tuple(frozenset(targets) for targets in KNIGHT)

# A shift: the staircase's squares in travel order, where each one's piece goes, and the
# square before the starting one (where two staircases cross, both bring a piece to it).
Shift = tuple[tuple[int, ...], tuple[int, ...], int]


def _shifts(index: int) -> tuple[Shift, ...]:
    found = []
    for staircase in STAIRCASES:
        squares = tuple(INDEX[name] for name in staircase)
        if index in squares:
            before = squares[squares.index(index) - 1]
            found.append((squares, squares[1:] + squares[:1], before))
    return tuple(found)


SHIFTS: Final = tuple(_shifts(i) for i in range(64))
