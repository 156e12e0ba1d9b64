"""What /move's autocomplete offers: legal moves matching what was typed, and in a game whose
turns are many actions (Ender's Chess), the next actions after those already typed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bot.hosted import Hosted
from games.core.errors import IllegalMoveError

MAX_VALUE: Final = 100  # characters in an autocomplete choice's value or name, Discord's limit
_SEPARATOR: Final = re.compile(r"[\s;]+")


def split_typed(typed: str) -> tuple[str, str]:
    """Return the whole actions typed (those a space or ; follows) and the one being typed.

    "B@f2 Bf2-" is ("B@f2", "Bf2-"); "B@f2 " is ("B@f2", ""); "B@f2" is ("", "B@f2").
    """
    tokens = _SEPARATOR.split(typed.lstrip())
    return " ".join(token for token in tokens[:-1] if token), tokens[-1]


def matching(legal: Sequence[str], partial: str) -> list[str]:
    """Return the legal moves that start with partial, then those that contain it, any case."""
    typed = partial.strip().lower()
    found = [move for move in legal if move.lower().startswith(typed)]
    return found + [move for move in legal if typed in move.lower() and move not in found]


def continuations(copy: Hosted, board: int, done: str, partial: str) -> list[str]:
    """Return the choices after whole actions typed in a turn of many actions, playing on copy.

    Each choice is the actions typed followed by one legal next action that matches the one
    being typed; once the typed actions end the turn, the typed actions are the one choice.
    Typed actions that are not legal, and choices over Discord's 100 characters, give none.
    """
    mover = copy.side_to_move(board)
    try:
        copy.play(board, done, side=mover)
    except IllegalMoveError:
        return []
    if not copy.is_open(board) or copy.side_to_move(board) != mover:
        return [done] if not partial and len(done) <= MAX_VALUE else []
    found = [f"{done} {action}" for action in matching(copy.legal_moves(board), partial)]
    return [choice for choice in found if len(choice) <= MAX_VALUE]
