"""Squares of an Escher board by number, and what pieces and staircases reach from each one.

Squares are numbered 0 (a1) to 63 (h8), file first. Pieces are FEN letters: upper case
for White, lower case for Black.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.pieces import Piece, Side
from games.escher.staircases import STAIRCASES

FILES: Final = "abcdefgh"
NAMES: Final = tuple(f"{FILES[index % 8]}{index // 8 + 1}" for index in range(64))
INDEX: Final = {name: index for index, name in enumerate(NAMES)}
WHITE: Final = frozenset("PNBRQK")
BLACK: Final = frozenset("pnbrqk")


def side_of(white: bool) -> Side:
    """Return the side white names."""
    return "white" if white else "black"


def piece_of(symbol: str) -> Piece:
    """Return the piece a FEN letter stands for."""
    return Piece(symbol.upper(), side_of(symbol in WHITE))


def _steps(index: int, offsets: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    file, rank = index % 8, index // 8
    return tuple(
        (rank + dr) * 8 + file + df
        for df, dr in offsets
        if 0 <= file + df < 8 and 0 <= rank + dr < 8
    )


def _rays(index: int, directions: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    file, rank = index % 8, index // 8
    rays = []
    for df, dr in directions:
        ray = []
        f, r = file + df, rank + dr
        while 0 <= f < 8 and 0 <= r < 8:
            ray.append(r * 8 + f)
            f, r = f + df, r + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


KNIGHT: Final = tuple(
    _steps(i, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
    for i in range(64)
)
KING: Final = tuple(
    _steps(i, ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)))
    for i in range(64)
)
DIAGONAL: Final = tuple(_rays(i, ((1, 1), (-1, 1), (-1, -1), (1, -1))) for i in range(64))
ORTHOGONAL: Final = tuple(_rays(i, ((1, 0), (0, 1), (-1, 0), (0, -1))) for i in range(64))
# Squares a pawn of each side captures onto from a square, and the squares from which a pawn
# of that side attacks a square (True: White).
PAWN_TAKES: Final = {
    True: tuple(_steps(i, ((-1, 1), (1, 1))) for i in range(64)),
    False: tuple(_steps(i, ((-1, -1), (1, -1))) for i in range(64)),
}
PAWN_FROM: Final = {
    True: tuple(_steps(i, ((-1, -1), (1, -1))) for i in range(64)),
    False: tuple(_steps(i, ((-1, 1), (1, 1))) for i in range(64)),
}
LAST_RANK: Final = {True: range(56, 64), False: range(8)}
KNIGHT_SETS: Final = tuple(frozenset(targets) for targets in KNIGHT)
# Every square a queen's line from a square passes, whatever stands in the way.
LINES: Final = tuple(
    frozenset(s for ray in DIAGONAL[i] + ORTHOGONAL[i] for s in ray) for i in range(64)
)

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
