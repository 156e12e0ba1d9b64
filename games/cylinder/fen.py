"""FEN of a Cylindrical chess position: read (refusing what a game cannot start from) and written.

The castling field is FIDE's (KQkq); rights whose king or rook has left its start square
are dropped when read, as python-chess cleans them.
"""

from __future__ import annotations

import re

from games.core.errors import MatchConfigError, shown
from games.core.reach import BLACK, INDEX, NAMES, WHITE, Cells
from games.cylinder.position import Position, valid_castling, valid_ep


def read_fen(fen: str, number: int, *, strict: bool) -> tuple[Position, int, int]:
    """Return the position, halfmove count and fullmove number of a FEN for board number.

    strict: refuse positions a game cannot start from (kings missing, pawns on an end rank).
    """
    fields = fen.split()
    if not 4 <= len(fields) <= 6:
        raise _bad(number, "it needs six fields")
    placement, turn, castling, ep_text = fields[:4]
    counters = fields[4:] + ["0", "1"][len(fields) - 4 :]
    rows = placement.split("/")
    if len(rows) != 8:
        raise _bad(number, "its placement needs eight ranks")
    cells: Cells = [None] * 64
    for row_number, row in enumerate(rows):
        rank = 7 - row_number
        file = 0
        for char in row:
            if char in "12345678":
                file += int(char)
            elif char in WHITE or char in BLACK:
                if file < 8:
                    cells[rank * 8 + file] = char
                file += 1
            else:
                raise _bad(number, f"{shown(char)} is not a piece")
        if file != 8:
            raise _bad(number, f"rank {rank + 1} does not have eight squares")
    if turn not in ("w", "b"):
        raise _bad(number, "the side to move must be w or b")
    if not re.fullmatch(r"-|K?Q?k?q?", castling) or not castling:
        raise _bad(number, "its castling field is malformed")
    if not all(text.isdigit() for text in counters) or int(counters[1]) < 1:
        raise _bad(number, "its move counters are malformed")
    white = turn == "w"
    ep: int | None = None
    if ep_text != "-":
        if ep_text not in INDEX:
            raise _bad(number, "its en passant square is malformed")
        ep = INDEX[ep_text]
    if strict:
        problem = _unusable(cells, white, ep)
        if problem is not None:
            raise MatchConfigError(f"the position for board {number} is unusable: {problem}")
    rights = valid_castling(cells, castling)
    return (
        Position(cells, white, rights, valid_ep(cells, white, ep)),
        int(counters[0]),
        int(counters[1]),
    )


def write_fen(position: Position, halfmove: int, fullmove: int) -> str:
    """Return the FEN of a position with its move counters."""
    cells = position.cells
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for piece in cells[rank * 8 : rank * 8 + 8]:
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    ep = "-" if position.ep is None else NAMES[position.ep]
    turn = "w" if position.white else "b"
    return f"{'/'.join(rows)} {turn} {position.castling or '-'} {ep} {halfmove} {fullmove}"


def _bad(number: int, reason: str) -> MatchConfigError:
    return MatchConfigError(f"the FEN for board {number} is not valid: {reason}")


def _unusable(cells: Cells, white: bool, ep: int | None) -> str | None:
    """Return why a game cannot start from this placement, or None if it can."""
    if cells.count("K") > 1 or cells.count("k") > 1:
        return "a side has more than one king"
    if "K" not in cells:
        return "White has no king"
    if "k" not in cells:
        return "Black has no king"
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
