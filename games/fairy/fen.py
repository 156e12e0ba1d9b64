"""FEN of a fairy board of any size: read (refusing what a game cannot start from) and written.

Ranks may hold more than nine empty squares (`10` on a 10x10 board); pieces are the
letters of games.core.pieces; castling rights are K Q k q, each kept only while the king
and the piece it castles with stand where that castling starts.
"""

from __future__ import annotations

import re
from typing import Final

from games.core.errors import shown
from games.core.fen import bad_fen, kings_problem, unusable, write_placement
from games.core.geometry import FILES
from games.fairy.position import Cells, Position
from games.fairy.rules import Rules

_ROW: Final = re.compile(r"\d+|[A-Za-z]")


def square_name(rules: Rules, square: int) -> str:
    """Return the name of a numbered square: a1, j10."""
    return f"{FILES[square % rules.files]}{square // rules.files + 1}"


def square_index(rules: Rules, name: str) -> int | None:
    """Return the number of a named square, or None if it is not on the board."""
    match = re.fullmatch(r"([a-z])([1-9][0-9]?)", name)
    if match is None:
        return None
    file, rank = FILES.index(match[1]), int(match[2]) - 1
    if file >= rules.files or rank >= rules.ranks:
        return None
    return rank * rules.files + file


def read_fen(rules: Rules, fen: str, number: int, *, strict: bool) -> tuple[Position, int, int]:
    """Return the position, halfmove count and fullmove number of a FEN for board number.

    strict: refuse positions a game cannot start from (kings missing, pawns on an end rank).
    """
    if not isinstance(fen, str):
        raise bad_fen(number, "it must be text")
    fields = fen.split()
    if not 4 <= len(fields) <= 6:
        raise bad_fen(number, "it needs six fields")
    placement, turn, castling_text, ep_text = fields[:4]
    counters = fields[4:] + ["0", "1"][len(fields) - 4 :]
    rows = placement.split("/")
    if len(rows) != rules.ranks:
        raise bad_fen(number, f"its placement needs {rules.ranks} ranks")
    cells: Cells = [None] * rules.size
    for row_number, row in enumerate(rows):
        rank = rules.ranks - 1 - row_number
        file = 0
        for token in _ROW.findall(row) if _ROW.sub("", row) == "" else [row]:
            if token.isdigit():
                file += int(token)
            elif token.upper() in rules.kinds:
                if file < rules.files:
                    cells[rank * rules.files + file] = token
                file += 1
            else:
                raise bad_fen(number, f"{shown(token)} is not a piece this board holds")
        if file != rules.files:
            raise bad_fen(number, f"rank {rank + 1} does not have {rules.files} squares")
    if turn not in ("w", "b"):
        raise bad_fen(number, "the side to move must be w or b")
    if not re.fullmatch(r"-|[KQkq]{1,4}", castling_text):
        raise bad_fen(number, "its castling field is malformed")
    if not all(text.isdigit() for text in counters) or int(counters[1]) < 1:
        raise bad_fen(number, "its move counters are malformed")
    ep: int | None = None
    if ep_text != "-":
        ep = square_index(rules, ep_text)
        if ep is None:
            raise bad_fen(number, "its en passant square is malformed")
    white = turn == "w"
    if strict:
        problem = _unusable(rules, cells)
        if problem is not None:
            raise unusable(number, problem)
    position = Position(rules, cells, white, frozenset(castling_text) - {"-"}, ep)
    position.castling = frozenset(r for r in position.castling if _castles(position, r))
    position.ep = _possible_ep(position, ep)
    return position, int(counters[0]), int(counters[1])


def write_fen(position: Position, halfmove: int, fullmove: int) -> str:
    """Return the FEN of a position with its move counters."""
    rules = position.rules
    rights = "".join(r for r in "KQkq" if r in position.castling) or "-"
    ep = "-" if position.ep is None else square_name(rules, position.ep)
    turn = "w" if position.white else "b"
    rows = write_placement(position.cells, rules.files, rules.ranks)
    return f"{rows} {turn} {rights} {ep} {halfmove} {fullmove}"


def _castles(position: Position, right: str) -> bool:
    """Tell whether the king and its partner stand where a castling right needs them."""
    cells = position.cells
    for castling in position.rules.castlings:
        if castling.right == right:
            king, partner = cells[castling.king_from], cells[castling.partner_from]
            white = right.isupper()
            own = partner is not None and partner.isupper() == white and partner not in "PpKk"
            return king == ("K" if white else "k") and own
    return False


def _possible_ep(position: Position, ep: int | None) -> int | None:
    """Keep an en passant square only where a pawn just passed it."""
    if ep is None:
        return None
    files, cells = position.rules.files, position.cells
    landing = ep - files if position.white else ep + files
    if not 0 <= landing < len(cells) or cells[landing] != ("p" if position.white else "P"):
        return None
    return ep if cells[ep] is None else None


def _unusable(rules: Rules, cells: Cells) -> str | None:
    """Return why a game cannot start from this placement, or None if it can."""
    problem = kings_problem(cells)
    if problem is not None:
        return problem
    ends = cells[: rules.files] + cells[-rules.files :]
    if "P" in ends or "p" in ends:
        return "a pawn stands on the first or last rank"
    return None
