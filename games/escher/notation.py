"""Moves of an Escher position in writing: SAN and UCI, read and written, and refusals.

A promotion choice is written after the move that brings the pawn to its last rank
(`e8=Q`, `Bc4=N`); a choice awaited for a pawn the opponent carried there is written as
its square and kind (`a1=Q`).
"""

from __future__ import annotations

import re
from typing import Final

from games.core.errors import AmbiguousMoveError, IllegalMoveError, not_a_move
from games.core.reach import BLACK, INDEX, NAMES, WHITE
from games.core.refusals import (
    PROMOTIONS,
    chosen_move,
    promotion_choices,
    refused_move,
    turn_of,
)
from games.core.san import UCI, read_san, starts, write_san
from games.escher.position import CHECK, LEGAL, Position

_CHOICE: Final = re.compile(r"([a-h][1-8])=?([QRBNqrbn])[+#]*")
_CASTLING: Final = re.compile(r"[0Oo](-[0Oo]){1,2}[+#]*")


def choice_san(square: int, kind: str) -> str:
    """Return the SAN of the choice of what the pawn on square becomes: `a1=Q`."""
    return f"{NAMES[square]}={kind}"


def san(position: Position, start: int, target: int, choice: str | None) -> str:
    """Return a legal move in SAN, without its check suffix."""
    return write_san(
        position.cells,
        start,
        target,
        choice,
        lambda other: (
            target in position.targets(other) and position.refusal(other, target) == LEGAL
        ),
    )


def suffix(position: Position) -> str:
    """Return the check suffix a position earns the move that made it: '', + or #."""
    if not position.in_check():
        return ""
    return "+" if position.has_moves() else "#"


def legal_sans(position: Position) -> list[str]:
    """Return the legal moves of the side to move in SAN, each promotion choice apart.

    While a pawn awaits its owner's choice, the four choices are the only moves.
    """
    pending = position.pending()
    if pending >= 0:
        return [choice_san(pending, kind) for kind in PROMOTIONS]
    moves = []
    for start, target, needs in position.legal():
        for choice in PROMOTIONS if needs else (None,):
            written = san(position, start, target, choice)
            moves.append(written + suffix(position.play(start, target, choice)))
    return moves


def parse(position: Position, text: str, number: int, *, rides: bool = True) -> str:
    """Return the UCI of the legal move text names in SAN or UCI on board number.

    rides: the board has elevators, so a refusal mentions how rides are written.
    """
    token = text.strip()
    pending = position.pending()
    if pending >= 0:
        return _parse_choice(position, token, pending, number)
    if found := UCI.fullmatch(token):
        start, target = INDEX[found[1]], INDEX[found[2]]
        choice = found[3].upper() if found[3] else None
        piece = position.cells[start]
        if piece is None or piece not in (WHITE if position.white else BLACK):
            raise IllegalMoveError(refused_move(position, token, number))
        if target not in position.targets(start):
            raise IllegalMoveError(refused_move(position, token, number))
        _refuse(position, token, position.refusal(start, target), number)
        return chosen_move(position, token, (start, target), choice, number, san)
    if _CASTLING.fullmatch(token):
        raise IllegalMoveError(f"there is no castling in Escher Staircase (board {number})")
    written = read_san(token)
    if written is None:
        raise not_a_move(token, number, rides=rides)
    target = written.target
    candidates = starts(
        position.cells, position.white, written, lambda start, to: to in position.targets(start)
    )
    if not candidates:
        raise IllegalMoveError(refused_move(position, token, number))
    verdicts = [(start, position.refusal(start, target)) for start in candidates]
    legal = [start for start, verdict in verdicts if verdict == LEGAL]
    if not legal:
        _refuse(position, token, verdicts[0][1], number)
    if len(legal) > 1:
        options = " or ".join(san(position, start, target, None) for start in legal)
        raise AmbiguousMoveError(f"{token} is ambiguous on board {number}: write {options}")
    return chosen_move(position, token, (legal[0], target), written.choice, number, san)


def _parse_choice(position: Position, token: str, pending: int, number: int) -> str:
    square = NAMES[pending]
    found = _CHOICE.fullmatch(token)
    if found is not None and found[1] == square:
        return f"{square}{square}{found[2].lower()}"
    found = UCI.fullmatch(token)
    if found is not None and found[1] == found[2] == square and found[3]:
        return token
    raise IllegalMoveError(
        f"{turn_of(position)} must first choose what the pawn on {square} becomes on "
        f"board {number}: write {promotion_choices(square)}"
    )


def _refuse(position: Position, token: str, verdict: int, number: int) -> None:
    if verdict == LEGAL:
        return
    turn = turn_of(position)
    reason = (
        f"it would leave {turn}'s king in check"
        if verdict == CHECK
        else f"the staircases would move two pieces onto {NAMES[verdict]}"
    )
    raise IllegalMoveError(f"{token} is not legal for {turn} on board {number}: {reason}")
