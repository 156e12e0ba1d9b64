"""What stands where on a board of any shape, written as FEN writes a chessboard's placement.

A placement lists the ranks from the last to the first, separated by `/`, each from its
first file: a letter for a piece (upper case White, lower case Black) and a number for a run
of empty cells (`10` is ten of them; missing cells count as empty). A board of several levels
writes each level so, level 1 first, separated by `|`. On an 8x8 board it is FEN's field.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Final

from games.core.geometry import Shape, Square
from games.core.pieces import Piece, Side

LEVELS: Final = "|"


class PlacementError(ValueError):
    """A placement does not fit its board: a rank too long, too few ranks, or a stray sign."""


def read_placement(text: str, shape: Shape) -> dict[str, Piece]:
    """Return the pieces a placement shows on a board, by square name."""
    levels = text.split(LEVELS)
    if len(levels) != shape.levels:
        raise PlacementError(f"the placement has {len(levels)} levels, the board {shape.levels}")
    pieces: dict[str, Piece] = {}
    for level, written in enumerate(levels):
        ranks = written.split("/")
        if len(ranks) != shape.ranks:
            raise PlacementError(f"the placement has {len(ranks)} ranks, the board {shape.ranks}")
        for row, rank_text in enumerate(ranks):
            rank = shape.ranks - 1 - row
            pieces.update(_read_rank(rank_text, rank, level, shape.files, shape.levels))
    return pieces


def read_rank(text: str, shape: Shape, rank: int, level: int = 0) -> dict[str, Piece]:
    """Return the pieces one rank of a placement shows (its text between slashes), by square."""
    return dict(_read_rank(text, rank, level, shape.files, shape.levels))


# ranks read once: a move changes one or two of them, and every image reads them all again
@functools.lru_cache(maxsize=1024)
def _read_rank(
    text: str, rank: int, level: int, files: int, levels: int
) -> tuple[tuple[str, Piece], ...]:
    """Return the pieces a rank of a placement shows, by square name."""
    pieces: list[tuple[str, Piece]] = []
    file = 0
    run = ""
    for char in text:
        if char.isdigit():
            run += char
            continue
        if run:
            file, run = file + int(run), ""
        if not char.isalpha() or file >= files:
            raise PlacementError(f"rank {rank + 1} of the placement does not fit the board")
        side: Side = "white" if char.isupper() else "black"
        pieces.append((Square(file, rank, level).name(levels), Piece(char.upper(), side)))
        file += 1
    if run:
        file += int(run)
    if file != files:
        raise PlacementError(f"rank {rank + 1} of the placement has {file} files, not {files}")
    return tuple(pieces)


def write_placement(pieces: Mapping[str, Piece], shape: Shape) -> str:
    """Write the pieces on a board as a placement; read_placement reads it back."""
    levels: list[str] = []
    for level in range(shape.levels):
        ranks: list[str] = []
        for rank in range(shape.ranks - 1, -1, -1):
            ranks.append(_rank(pieces, shape, level, rank))
        levels.append("/".join(ranks))
    return LEVELS.join(levels)


def _rank(pieces: Mapping[str, Piece], shape: Shape, level: int, rank: int) -> str:
    out: list[str] = []
    empty = 0
    for file in range(shape.files):
        piece = pieces.get(Square(file, rank, level).name(shape.levels))
        if piece is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(piece.symbol)
    if empty:
        out.append(str(empty))
    return "".join(out)


def without(text: str, shape: Shape, squares: Iterable[str]) -> str:
    """Return a placement with the pieces on some squares taken off."""
    pieces = read_placement(text, shape)
    for square in squares:
        pieces.pop(square, None)
    return write_placement(pieces, shape)


def king(text: str, shape: Shape, side: Side) -> str | None:
    """Return the square of a side's king in a placement, or None if it has none."""
    return next(
        (name for name, piece in read_placement(text, shape).items() if piece == Piece("K", side)),
        None,
    )
