"""Refusals of a move that boards keeping their own cells word alike (Escher, Cylindrical)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, TypeVar

from games.core.errors import IllegalMoveError
from games.core.pieces import side_name
from games.core.reach import NAMES, side_of

PROMOTIONS: Final = "QRBN"  # what a pawn may become, strongest first


def promotion_choices(written: str) -> str:
    """Return a move's promotion choices as a player writes them: e8=Q, e8=R, e8=B or e8=N."""
    options = ", ".join(f"{written}={kind}" for kind in PROMOTIONS[:-1])
    return f"{options} or {written}={PROMOTIONS[-1]}"


def illegal_move(token: str, turn: str, number: int, *, in_check: bool) -> str:
    """Say that a move is not legal for the side to move, and that it is in check if so."""
    message = f"{token} is not a legal move for {turn} on board {number}"
    return message + f": {turn} is in check" if in_check else message


def with_choice(
    token: str,
    uci: str,
    turn: str,
    number: int,
    *,
    needs: bool,
    choice: str | None,
    plain: Callable[[], str],
) -> str:
    """Return a move's UCI with its promotion choice; refuse a choice missing or not wanted.

    plain: the move's SAN without a choice, written only for a refusal.
    """
    if needs and choice is None:
        raise IllegalMoveError(
            f"{token} promotes {turn}'s pawn on board {number}: write {promotion_choices(plain())}"
        )
    if not needs and choice is not None:
        raise IllegalMoveError(f"{token} promotes no pawn on board {number}: write {plain()}")
    return uci if choice is None else uci + choice.lower()


class Choosing(Protocol):
    """What the refusals read of an 8x8 position: its side to move, check, promotions."""

    @property
    def white(self) -> bool:
        """Tell whether White is to move."""
        ...

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        ...

    def needs_choice(self, start: int, target: int) -> bool:
        """Tell whether a legal move is a pawn's that must name what it becomes."""
        ...


PositionT = TypeVar("PositionT", bound=Choosing)


def turn_of(position: Choosing) -> str:
    """Return the side to move as players write it: White or Black."""
    return side_name(side_of(position.white))


def refused_move(position: Choosing, token: str, number: int) -> str:
    """Say that a move is not legal for the side to move, and whether it is in check."""
    return illegal_move(token, turn_of(position), number, in_check=position.in_check())


def chosen_move(
    position: PositionT,
    token: str,
    move: tuple[int, int],
    choice: str | None,
    number: int,
    san: Callable[[PositionT, int, int, str | None], str],
) -> str:
    """Return a legal move's UCI with its promotion choice, refusing one missing or unwanted.

    move: its start and target; san: the game's SAN of a move, for a refusal.
    """
    start, target = move
    return with_choice(
        token,
        f"{NAMES[start]}{NAMES[target]}",
        turn_of(position),
        number,
        needs=position.needs_choice(start, target),
        choice=choice,
        plain=lambda: san(position, start, target, None),
    )
