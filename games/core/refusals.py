"""Refusals of a move that boards keeping their own cells word alike (Escher, Cylindrical)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.core.errors import IllegalMoveError

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
