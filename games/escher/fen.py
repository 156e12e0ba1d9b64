"""FEN of an Escher position: read (refusing what a game cannot start from) and written.

Castling does not exist in Escher Staircase: a castling field is read and ignored, and
always written as '-'.
"""

from __future__ import annotations

from games.core.fen import kings_problem, read_fields, unusable, write_fen8
from games.core.reach import Cells
from games.escher.position import Position, valid_ep


def read_fen(fen: str, number: int, *, strict: bool) -> tuple[Position, int, int]:
    """Return the position, halfmove count and fullmove number of a FEN for board number.

    strict: refuse positions a game cannot start from (kings missing, pawns waiting).
    """
    read = read_fields(fen, number, castling=r"-|[KQkq]{1,4}")
    cells, white = read.cells, read.white
    if strict:
        problem = _unusable(cells, white, read.ep)
        if problem is not None:
            raise unusable(number, problem)
    return Position(cells, white, valid_ep(cells, white, read.ep)), read.halfmove, read.fullmove


def write_fen(position: Position, halfmove: int, fullmove: int) -> str:
    """Return the FEN of a position with its move counters; castling is always '-'."""
    return write_fen8(position.cells, position.white, "-", position.ep, halfmove, fullmove)


def _unusable(cells: Cells, white: bool, ep: int | None) -> str | None:
    """Return why a game cannot start from this placement, or None if it can."""
    problem = kings_problem(cells)
    if problem is not None:
        return problem
    if "P" in cells[56:64] and not white:
        return "a white pawn stands on the last rank while Black is to move"
    if "p" in cells[:8] and white:
        return "a black pawn stands on the first rank while White is to move"
    if ep is not None:
        landing = ep - 8 if white else ep + 8
        if (
            ep // 8 not in ((5, 6) if white else (1, 2))
            or cells[ep] is not None
            or cells[landing] != ("p" if white else "P")
        ):
            return "its en passant square is impossible"
    return None
