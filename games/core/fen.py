"""FEN of boards that keep their own cells: the fields every such board reads and writes alike.

Cells are numbered rank by rank from a1 and hold FEN letters (upper case White) or None.
What a field means beyond its form (which castling rights hold, whether a pawn may take
en passant, what a game cannot start from) is each board's own rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.core.errors import MatchConfigError, shown
from games.core.reach import BLACK, INDEX, NAMES, WHITE, Cells


@dataclass(frozen=True, slots=True)
class Fields:
    """The fields of an 8x8 FEN, checked for form."""

    cells: Cells
    white: bool
    castling: str
    ep: int | None
    halfmove: int
    fullmove: int


def read_fields(fen: str, number: int, *, castling: str) -> Fields:
    """Return the fields of an 8x8 FEN of FIDE's letters for board number.

    castling: the pattern the castling field must match. Missing counters read as 0 1.
    """
    fields = fen.split()
    if not 4 <= len(fields) <= 6:
        raise bad_fen(number, "it needs six fields")
    placement, turn, castling_text, ep_text = fields[:4]
    counters = fields[4:] + ["0", "1"][len(fields) - 4 :]
    rows = placement.split("/")
    if len(rows) != 8:
        raise bad_fen(number, "its placement needs eight ranks")
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
                raise bad_fen(number, f"{shown(char)} is not a piece")
        if file != 8:
            raise bad_fen(number, f"rank {rank + 1} does not have eight squares")
    if turn not in ("w", "b"):
        raise bad_fen(number, "the side to move must be w or b")
    if not re.fullmatch(castling, castling_text):
        raise bad_fen(number, "its castling field is malformed")
    if not all(text.isdigit() for text in counters) or int(counters[1]) < 1:
        raise bad_fen(number, "its move counters are malformed")
    ep: int | None = None
    if ep_text != "-":
        if ep_text not in INDEX:
            raise bad_fen(number, "its en passant square is malformed")
        ep = INDEX[ep_text]
    return Fields(cells, turn == "w", castling_text, ep, int(counters[0]), int(counters[1]))


def write_placement(cells: Cells, files: int, ranks: int) -> str:
    """Return the placement field of cells on a board of files by ranks."""
    rows = []
    for rank in range(ranks - 1, -1, -1):
        row, empty = "", 0
        for piece in cells[rank * files : (rank + 1) * files]:
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def write_fen8(
    cells: Cells, white: bool, castling: str, ep: int | None, halfmove: int, fullmove: int
) -> str:
    """Return the FEN of an 8x8 position; castling is its field as written ('-' if none)."""
    ep_text = "-" if ep is None else NAMES[ep]
    turn = "w" if white else "b"
    return f"{write_placement(cells, 8, 8)} {turn} {castling} {ep_text} {halfmove} {fullmove}"


def bad_fen(number: int, reason: str) -> MatchConfigError:
    """Return the error of a FEN for board number that is not valid."""
    return MatchConfigError(f"the FEN for board {number} is not valid: {reason}")


def kings_problem(cells: Cells) -> str | None:
    """Return why a game cannot start with these kings (one a side), or None if it can."""
    if cells.count("K") > 1 or cells.count("k") > 1:
        return "a side has more than one king"
    if "K" not in cells:
        return "White has no king"
    if "k" not in cells:
        return "Black has no king"
    return None


def unusable(number: int, problem: str) -> MatchConfigError:
    """Return the error of a position for board number that a game cannot start from."""
    return MatchConfigError(f"the position for board {number} is unusable: {problem}")
