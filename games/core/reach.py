"""What FIDE's pieces reach from each square of an 8x8 board, and the attacks that follow.

Squares are numbered 0 (a1) to 63 (h8), file first, as Shape.squares names them; cells hold
FEN letters (upper case White) or None. The board's Shape decides where a step or a ray
goes: off the edge, or round it where files wrap. A ray stops before it comes round to its
own square, so no move ends where it started.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.geometry import CHESSBOARD, Shape, Square
from games.core.pieces import Side

Cells = list[str | None]
Steps = tuple[tuple[int, int], ...]

FILES: Final = "abcdefgh"
NAMES: Final = CHESSBOARD.squares
INDEX: Final = {name: index for index, name in enumerate(NAMES)}
WHITE: Final = frozenset("PNBRQK")
BLACK: Final = frozenset("pnbrqk")
ROOK_STEPS: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))
BISHOP_STEPS: Final = ((1, 1), (-1, 1), (-1, -1), (1, -1))
KNIGHT_STEPS: Final = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

# What attacks along a diagonal and along a file or rank, for each side (True: White).
_SLIDERS: Final = {
    True: (frozenset("BQ"), frozenset("RQ")),
    False: (frozenset("bq"), frozenset("rq")),
}


def side_of(white: bool) -> Side:
    """Return the side white names."""
    return "white" if white else "black"


def find_king(cells: Cells, white: bool) -> int:
    """Return the square of white's king, or -1 if it has none."""
    try:
        return cells.index("K" if white else "k")
    except ValueError:
        return -1


class Reach:
    """The squares each piece reaches from each square of an 8x8 board of a shape.

    king_steps: the order a king's steps are tried in, which is the order its moves are
    listed in.
    """

    __slots__ = (
        "diagonal",
        "king",
        "knight",
        "last_rank",
        "lines",
        "orthogonal",
        "pawn_from",
        "pawn_takes",
    )

    def __init__(self, shape: Shape, king_steps: Steps = ROOK_STEPS + BISHOP_STEPS) -> None:
        self.knight = tuple(_steps(shape, i, KNIGHT_STEPS) for i in range(64))
        self.king = tuple(_steps(shape, i, king_steps) for i in range(64))
        self.diagonal = tuple(_rays(shape, i, BISHOP_STEPS) for i in range(64))
        self.orthogonal = tuple(_rays(shape, i, ROOK_STEPS) for i in range(64))
        forward, backward = ((-1, 1), (1, 1)), ((-1, -1), (1, -1))
        # Squares a pawn of each side captures onto from a square, and the squares from
        # which a pawn of that side attacks a square (True: White).
        self.pawn_takes = {
            True: tuple(_steps(shape, i, forward) for i in range(64)),
            False: tuple(_steps(shape, i, backward) for i in range(64)),
        }
        self.pawn_from = {
            True: tuple(_steps(shape, i, backward) for i in range(64)),
            False: tuple(_steps(shape, i, forward) for i in range(64)),
        }
        self.last_rank = {True: range(56, 64), False: range(8)}
        self.lines = self._lines()

    def _lines(self) -> tuple[frozenset[int], ...]:
        """Return every square a queen's line from each square passes, whatever is in the way."""
        return tuple(
            frozenset(s for ray in self.diagonal[i] + self.orthogonal[i] for s in ray)
            for i in range(64)
        )

    def piece_targets(self, cells: Cells, start: int, kind: str, own: frozenset[str]) -> list[int]:
        """Return where a knight, king, bishop, rook or queen on start may go: empty or enemy.

        kind: its upper-case letter; own: the letters of its side. Castling and pawns are
        each board's own; a square two rays reach (round a cylinder) is listed twice.
        """
        found: list[int] = []
        if kind == "N" or kind == "K":
            for s in (self.knight if kind == "N" else self.king)[start]:
                target = cells[s]
                if target is None or target not in own:
                    found.append(s)
            return found
        rays = (
            self.diagonal[start]
            if kind == "B"
            else self.orthogonal[start]
            if kind == "R"
            else self.diagonal[start] + self.orthogonal[start]
        )
        for ray in rays:
            for s in ray:
                target = cells[s]
                if target is None:
                    found.append(s)
                else:
                    if target not in own:
                        found.append(s)
                    break
        return found

    def attacked(self, cells: Cells, square: int, white: bool) -> bool:
        """Tell whether the side white names attacks square with FIDE's pieces."""
        knight, king, pawn = ("N", "K", "P") if white else ("n", "k", "p")
        for s in self.knight[square]:
            if cells[s] == knight:
                return True
        for s in self.pawn_from[white][square]:
            if cells[s] == pawn:
                return True
        for s in self.king[square]:
            if cells[s] == king:
                return True
        diagonal, orthogonal = _SLIDERS[white]
        for rays, sliders in (
            (self.diagonal[square], diagonal),
            (self.orthogonal[square], orthogonal),
        ):
            for ray in rays:
                for s in ray:
                    found = cells[s]
                    if found is not None:
                        if found in sliders:
                            return True
                        break
        return False

    def valid_ep(self, cells: Cells, white: bool, ep: int | None) -> int | None:
        """Return ep if the side white names may take en passant on it now, else None."""
        if ep is None or cells[ep] is not None:
            return None
        landing = ep - 8 if white else ep + 8
        if not 0 <= landing < 64 or cells[landing] != ("p" if white else "P"):
            return None
        pawn = "P" if white else "p"
        return ep if any(cells[s] == pawn for s in self.pawn_from[white][ep]) else None


def _index(square: Square) -> int:
    return square.rank * 8 + square.file


def _steps(shape: Shape, index: int, offsets: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    origin = Square(index % 8, index // 8)
    found = (shape.step(origin, files, ranks) for files, ranks in offsets)
    return tuple(_index(square) for square in found if square is not None)


def _rays(
    shape: Shape, index: int, directions: Sequence[tuple[int, int]]
) -> tuple[tuple[int, ...], ...]:
    rays = []
    for files, ranks in directions:
        ray: list[int] = []
        square = shape.step(Square(index % 8, index // 8), files, ranks)
        while square is not None and _index(square) != index:
            ray.append(_index(square))
            square = shape.step(square, files, ranks)
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)
