"""Moves of a position on a Reach in writing: SAN and UCI, read and written, and refusals.

SAN is FIDE's. Where lines wrap or bounce, two pieces of a kind can reach a square from
unusual sides, so a move names its piece's file, rank or square whenever another of its kind
could also legally go there.
"""

from __future__ import annotations

import re
from typing import Final

from games.core.errors import AmbiguousMoveError, IllegalMoveError, not_a_move
from games.core.reach import INDEX, NAMES
from games.core.reachboard.position import CASTLINGS, Position
from games.core.refusals import (
    PROMOTIONS,
    chosen_move,
    refused_move,
    turn_of,
)
from games.core.san import UCI, read_san, starts, write_san

_CASTLING: Final = re.compile(r"([0O])-\1(-\1)?[+#]*[!?]*")


def san(position: Position, start: int, target: int, choice: str | None) -> str:
    """Return a legal move in SAN, without its check suffix."""
    right = position.castling_right(start, target)
    if right is not None:
        return "O-O" if right in "Kk" else "O-O-O"
    return write_san(
        position.cells,
        start,
        target,
        choice,
        lambda other: target in position.targets(other) and position.is_legal(other, target),
    )


def suffix(position: Position) -> str:
    """Return the check suffix a position earns the move that made it: '', + or #."""
    if not position.in_check():
        return ""
    return "+" if position.has_moves() else "#"


def legal_sans(position: Position) -> list[str]:
    """Return the legal moves of the side to move in SAN, each promotion choice apart."""
    moves = []
    for start, target in position.legal():
        for choice in PROMOTIONS if position.needs_choice(start, target) else (None,):
            written = san(position, start, target, choice)
            moves.append(written + suffix(position.play(start, target, choice)))
    return moves


def parse(position: Position, text: str, number: int, *, rides: bool = True) -> str:
    """Return the UCI of the legal move text names in SAN or UCI on board number.

    rides: the board has elevators, so a refusal mentions how rides are written.
    """
    token = text.strip()
    if found := UCI.fullmatch(token):
        return _parse_uci(position, token, found, number)
    if found := _CASTLING.fullmatch(token):
        return _parse_castling(position, token, long=found[2] is not None, number=number)
    written = read_san(token)
    if written is None:
        raise not_a_move(token, number, rides=rides)
    target = written.target
    candidates = starts(
        position.cells,
        position.white,
        written,
        lambda start, to: (
            to in position.targets(start) and position.castling_right(start, to) is None
        ),
    )
    if not candidates:
        raise IllegalMoveError(refused_move(position, token, number))
    legal = [start for start in candidates if position.is_legal(start, target)]
    if not legal:
        raise IllegalMoveError(_into_check(position, token, number))
    if len(legal) > 1:
        options = " or ".join(san(position, start, target, None) for start in legal)
        raise AmbiguousMoveError(f"{token} is ambiguous on board {number}: write {options}")
    return chosen_move(position, token, (legal[0], target), written.choice, number, san)


def _parse_uci(position: Position, token: str, found: re.Match[str], number: int) -> str:
    start, target = INDEX[found[1]], INDEX[found[2]]
    piece = position.cells[start]
    if start == target:
        raise IllegalMoveError(
            f"{token} would leave the position unchanged on board {number}: "
            "a piece may not go round the cylinder back to its own square"
        )
    if piece is None or piece.isupper() != position.white:
        raise IllegalMoveError(refused_move(position, token, number))
    if piece in ("K", "k") and position.cells[target] == ("R" if position.white else "r"):
        # A castling typed as the king taking its own rook (e1h1), as python-chess reads it.
        for right in position.castling:
            king, king_target, rook, _, _, _ = CASTLINGS[right]
            if (king, rook) == (start, target):
                target = king_target
    if target not in position.targets(start):
        raise IllegalMoveError(refused_move(position, token, number))
    if not position.is_legal(start, target):
        raise IllegalMoveError(_into_check(position, token, number))
    choice = found[3].upper() if found[3] else None
    return chosen_move(position, token, (start, target), choice, number, san)


def _parse_castling(position: Position, token: str, *, long: bool, number: int) -> str:
    right = ("Q" if long else "K") if position.white else ("q" if long else "k")
    king, target, _, _, between, _ = CASTLINGS[right]
    turn = turn_of(position)
    if right not in position.castling:
        raise IllegalMoveError(f"{turn} may no longer castle that way on board {number}")
    if any(position.cells[s] is not None for s in between):
        raise IllegalMoveError(
            f"{token} is not legal on board {number}: the squares between king and rook "
            "must be empty"
        )
    if not position.is_legal(king, target):
        reason = (
            f"{turn} is in check"
            if position.in_check()
            else "the king may not pass or land on an attacked square"
        )
        raise IllegalMoveError(f"{token} is not legal on board {number}: {reason}")
    return f"{NAMES[king]}{NAMES[target]}"


def _into_check(position: Position, token: str, number: int) -> str:
    turn = turn_of(position)
    reason = f"it would leave {turn}'s king in check"
    return f"{token} is not legal for {turn} on board {number}: {reason}"
