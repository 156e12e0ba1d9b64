"""Moves of a fairy position in writing: SAN and UCI, read and written, and refusals.

A piece is written by its kind's letter (games.core.pieces: Dxc3 is a Bede's capture),
castling as O-O (towards the h side) or O-O-O, a promotion as e8=C.
"""

from __future__ import annotations

import re
from typing import Final

from games.core.errors import AmbiguousMoveError, IllegalMoveError, not_a_move
from games.core.pieces import side_name
from games.fairy.fen import square_index, square_name
from games.fairy.position import Position
from games.fairy.rules import Move

_UCI: Final = re.compile(r"([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)([a-z])?")
_SAN: Final = re.compile(
    r"([A-Z])?([a-wyz])?([1-9][0-9]?)?([x:])?([a-z][1-9][0-9]?)(?:=?([A-Za-z]))?[+#]*[!?]*"
)
_CASTLING: Final = re.compile(r"([0O])-\1(-\1)?[+#]*[!?]*")


def uci(position: Position, move: Move) -> str:
    """Return a move in UCI: e2e4, e7e8c."""
    start, target, promotion = move
    rules = position.rules
    tail = "" if promotion is None else promotion.lower()
    return f"{square_name(rules, start)}{square_name(rules, target)}{tail}"


def from_uci(position: Position, text: str) -> Move | None:
    """Return the move a UCI string names on this board's squares, legal or not."""
    match = _UCI.fullmatch(text)
    if match is None:
        return None
    start, target = square_index(position.rules, match[1]), square_index(position.rules, match[2])
    if start is None or target is None:
        return None
    return start, target, None if match[3] is None else match[3].upper()


def san(position: Position, move: Move) -> str:
    """Return a legal move in SAN, its check suffix included."""
    return bare_san(position, move) + suffix(position.play(move))


def bare_san(position: Position, move: Move) -> str:
    """Return a legal move in SAN without its check suffix."""
    start, target, promotion = move
    rules, cells = position.rules, position.cells
    castling = position.castling_of(move)
    if castling is not None:
        return "O-O" if castling.right in "Kk" else "O-O-O"
    piece = cells[start]
    assert piece is not None, "a move starts on a piece"
    takes = cells[target] is not None
    name = square_name(rules, target)
    tail = "" if promotion is None else f"={promotion}"
    if piece in "Pp":
        takes = takes or target == position.ep
        prefix = f"{square_name(rules, start)[0]}x" if takes else ""
        return f"{prefix}{name}{tail}"
    which = ""
    if cells.count(piece) > 1:
        rivals = [m[0] for m in position.moves_to(target) if m[0] != start and cells[m[0]] == piece]
        rivals = [s for s in rivals if position.castling_of((s, target, None)) is None]
        if rivals:
            files = rules.files
            if all(s % files != start % files for s in rivals):
                which = square_name(rules, start)[0]
            elif all(s // files != start // files for s in rivals):
                which = str(start // files + 1)
            else:
                which = square_name(rules, start)
    return f"{piece.upper()}{which}{'x' if takes else ''}{name}{tail}"


def suffix(after: Position) -> str:
    """Return the check suffix a position earns the move that made it: '', + or #."""
    if not after.in_check():
        return ""
    return "+" if after.has_moves() else "#"


def parse(position: Position, text: str, number: int, *, rides: bool) -> Move:
    """Return the legal move text names in SAN or UCI, or raise why there is none."""
    token = text.strip()
    if _CASTLING.fullmatch(token):
        wing = "Q" if token.count("-") == 2 or token.rstrip("+#!?").count("-") == 2 else "K"
        for move in position.legal():
            castling = position.castling_of(move)
            if castling is not None and castling.right.upper() == wing:
                return move
        raise IllegalMoveError(_illegal(position, token, number))
    named = from_uci(position, token)
    if named is not None:
        if position.is_legal(named):
            return named
        raise IllegalMoveError(_illegal(position, token, number))
    match = _SAN.fullmatch(token)
    if match is None:
        raise not_a_move(token, number, rides=rides)
    kind, file, rank, _, target_name, promotion = match.groups()
    target = square_index(position.rules, target_name)
    if target is None or (file is not None and square_index(position.rules, f"{file}1") is None):
        raise not_a_move(token, number, rides=rides)  # ic3 is no pawn move: read as Ic3
    kind = kind or "P"
    cells = position.cells
    found = [
        move
        for move in position.moves_to(target)
        if (cells[move[0]] or "").upper() == kind
        and position.castling_of(move) is None
        and (file is None or square_name(position.rules, move[0])[0] == file)
        and (rank is None or str(move[0] // position.rules.files + 1) == rank)
        and (promotion is None or move[2] == promotion.upper())
    ]
    if promotion is None and found and all(move[2] is not None for move in found):
        choices = " or ".join(bare_san(position, move) for move in found[:4])
        raise IllegalMoveError(f"{token} needs what the pawn becomes on board {number}: {choices}")
    if not found:
        raise IllegalMoveError(_illegal(position, token, number))
    if len(found) > 1:
        options = " or ".join(bare_san(position, move) for move in found)
        raise AmbiguousMoveError(f"{token} is ambiguous on board {number}: write {options}")
    return found[0]


def _illegal(position: Position, token: str, number: int) -> str:
    turn = side_name("white" if position.white else "black")
    message = f"{token} is not a legal move for {turn} on board {number}"
    if position.in_check():
        message += f": {turn} is in check"
    return message
