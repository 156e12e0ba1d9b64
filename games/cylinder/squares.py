"""Squares of a cylindrical board by number, and what each piece reaches from each one.

Files a and h are neighbours: every step and every ray wraps across that edge. Squares are
numbered 0 (a1) to 63 (h8), file first, as on an ordinary board. A ray along a rank stops
before it comes round to its own square, so no move ends where it started.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.geometry import Shape, Square
from games.core.pieces import Piece, Side

CYLINDER: Final = Shape(wrap_files=True)
FILES: Final = "abcdefgh"
NAMES: Final = tuple(f"{FILES[index % 8]}{index // 8 + 1}" for index in range(64))
INDEX: Final = {name: index for index, name in enumerate(NAMES)}
WHITE: Final = frozenset("PNBRQK")
BLACK: Final = frozenset("pnbrqk")

_ROOK: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))
_BISHOP: Final = ((1, 1), (-1, 1), (-1, -1), (1, -1))
_KNIGHT: Final = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def side_of(white: bool) -> Side:
    """Return the side white names."""
    return "white" if white else "black"


def piece_of(symbol: str) -> Piece:
    """Return the piece a FEN letter stands for."""
    return Piece(symbol.upper(), side_of(symbol in WHITE))


def _index(square: Square) -> int:
    return square.rank * 8 + square.file


def _steps(index: int, offsets: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    origin = Square(index % 8, index // 8)
    found = (CYLINDER.step(origin, files, ranks) for files, ranks in offsets)
    return tuple(_index(square) for square in found if square is not None)


def _rays(index: int, directions: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    rays = []
    for files, ranks in directions:
        ray: list[int] = []
        square = CYLINDER.step(Square(index % 8, index // 8), files, ranks)
        while square is not None and _index(square) != index:
            ray.append(_index(square))
            square = CYLINDER.step(square, files, ranks)
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


KNIGHT: Final = tuple(_steps(i, _KNIGHT) for i in range(64))
KING: Final = tuple(_steps(i, _ROOK + _BISHOP) for i in range(64))
DIAGONAL: Final = tuple(_rays(i, _BISHOP) for i in range(64))
ORTHOGONAL: Final = tuple(_rays(i, _ROOK) for i in range(64))
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
# Every square a queen's line from a square passes, whatever stands in the way.
LINES: Final = tuple(
    frozenset(s for ray in DIAGONAL[i] + ORTHOGONAL[i] for s in ray) for i in range(64)
)
