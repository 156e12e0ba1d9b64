"""Elevator squares of a chessboard, and why a ride or an arrival is refused on any board.

Squares are numbered in the order of their board's Shape.squares: on a chessboard as
python-chess numbers them, 0 (a1) to 63 (h8), file first; on any flat board, rank by rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from games.core.errors import MatchConfigError, shown
from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece, Side, side_name

_SQUARES: Final = {name: index for index, name in enumerate(CHESSBOARD.squares)}


def elevator_squares(
    number: int, names: Sequence[str], shape: Shape = CHESSBOARD
) -> tuple[int, ...]:
    """Return the numbers of board number's elevator squares; refuse unknown or repeated ones."""
    index = _SQUARES if shape == CHESSBOARD else {n: i for i, n in enumerate(shape.squares)}
    squares: list[int] = []
    for name in names:
        if name not in index:
            raise MatchConfigError(
                f"{shown(name)} is not a square of board {number}: name elevators like d4"
            )
        squares.append(index[name])
    if len(set(squares)) != len(squares):
        raise MatchConfigError(f"board {number} names an elevator square twice")
    return tuple(squares)


def ride_refusal(
    number: int,
    name: str,
    piece: Piece | None,
    side: Side,
    *,
    king_safety: bool,
    in_check: Callable[[], bool],
    pinned: Callable[[], bool],
    waiting: str | None = None,
) -> str | None:
    """Return why side may not ride piece from elevator name on board number, or None.

    king_safety: a side in check may not ride, nor may a pinned piece (in_check and pinned
    are asked only then, of side's own piece). waiting: a refusal of the board's own rules
    that comes before king safety (in Escher Staircase, a pawn awaiting its choice).
    """
    if piece is None:
        return f"there is no piece on {name} on board {number}"
    if piece.kind == "K":
        return "kings may not ride the elevators"
    if piece.side != side:
        return (
            f"the {piece.name} on {name} on board {number} is "
            f"{side_name(piece.side)}'s, not {side_name(side)}'s"
        )
    if waiting is not None:
        return waiting
    if king_safety:
        if in_check():
            return f"{side_name(side)} is in check on board {number}: a ride cannot answer a check"
        if pinned():
            return (
                f"the {piece.name} on {name} on board {number} is pinned: "
                "riding away would leave its king in check"
            )
    return None


def arrival_refusal(
    number: int, square: int, occupied: bool, piece: Piece, shape: Shape = CHESSBOARD
) -> str | None:
    """Return why piece may not arrive on elevator square of board number, or None if it may."""
    name = shape.squares[square]
    if occupied:
        return f"{name} on board {number} is occupied"
    rank = shape.parse(name)
    if piece.kind == "P" and rank is not None and rank.rank in (0, shape.ranks - 1):
        return f"a pawn may not ride onto {name} on board {number}: a first or last rank"
    return None
