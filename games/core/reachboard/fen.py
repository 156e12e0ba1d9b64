"""FEN of a position on a Reach: read (refusing what a game cannot start from) and written.

The castling field is FIDE's (KQkq); rights whose king or rook has left its start square
are dropped when read, as python-chess cleans them.
"""

from __future__ import annotations

from games.core.fen import kings_problem, read_fields, unusable, write_fen8
from games.core.reach import Cells, Reach
from games.core.reachboard.position import Position, valid_castling


def read_fen(reach: Reach, fen: str, number: int, *, strict: bool) -> tuple[Position, int, int]:
    """Return the position, halfmove count and fullmove number of a FEN for board number.

    strict: refuse positions a game cannot start from (kings missing, pawns on an end rank).
    """
    read = read_fields(fen, number, castling=r"-|K?Q?k?q?")
    cells, white = read.cells, read.white
    if strict:
        problem = _unusable(cells, white, read.ep)
        if problem is not None:
            raise unusable(number, problem)
    castling, ep = valid_castling(cells, read.castling), reach.valid_ep(cells, white, read.ep)
    position = Position(reach, cells, white, castling, ep)
    return position, read.halfmove, read.fullmove


def write_fen(position: Position, halfmove: int, fullmove: int) -> str:
    """Return the FEN of a position with its move counters."""
    castling = position.castling or "-"
    return write_fen8(position.cells, position.white, castling, position.ep, halfmove, fullmove)


def _unusable(cells: Cells, white: bool, ep: int | None) -> str | None:
    """Return why a game cannot start from this placement, or None if it can."""
    problem = kings_problem(cells)
    if problem is not None:
        return problem
    if any(piece in ("P", "p") for piece in cells[:8] + cells[56:]):
        return "a pawn stands on the first or last rank"
    if ep is not None:
        landing = ep - 8 if white else ep + 8
        if (
            ep // 8 != (5 if white else 2)
            or cells[ep] is not None
            or cells[landing] != ("p" if white else "P")
        ):
            return "its en passant square is impossible"
    return None
