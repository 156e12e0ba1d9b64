"""Reading a move as a player typed it: as written first, then as the one legal move it
can only mean when its letters are in the wrong case (nf3 for Nf3, o-o for O-O).

A move that reads as written but is illegal is never swapped for another: a lowercase b
is a file as well as a careless bishop, so bxc3 is refused, naming Bxc3, not played as it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from games.core.errors import AmbiguousMoveError, IllegalMoveError, NotAMoveError, typed

T = TypeVar("T")

_CASTLING = re.compile(r"[o0](-[o0]){1,2}[+#]*")
_MARKS = "+#!? "  # checks and annotations, which neither side of the comparison needs


def read_move(text: str, board: int, read: Callable[[str], T], legal: Callable[[], list[str]]) -> T:
    """Return what read makes of text, or of the one legal move text is in another case.

    Raises the refusal of text as written when no legal move equals it ignoring case, and
    AmbiguousMoveError, naming them, when several do.
    """
    try:
        return read(text)
    except AmbiguousMoveError:
        raise
    except NotAMoveError:
        meant = same_but_case(text, legal())
        if len(meant) == 1:
            return read(meant[0])
        if meant:
            raise AmbiguousMoveError(
                f"{typed(text)} could be {' or '.join(meant)} on board {board}: "
                "write the one you mean as shown"
            ) from None
        written = recased(text)
        if written != text.strip():
            try:
                return read(written)  # E2E4 as UCI; else why the move it names is illegal
            except NotAMoveError:
                pass
            except IllegalMoveError as illegal:
                raise type(illegal)(_quoting(str(illegal), written, text)) from None
        raise
    except IllegalMoveError as refusal:
        meant = same_but_case(text, legal())
        if meant:
            raise IllegalMoveError(f"{refusal}; did you mean {' or '.join(meant)}?") from None
        raise


def recased(text: str) -> str:
    """Return text in the case moves are written in: Qxd8 for qxd8, O-O for o-o, e4 for E4."""
    token = text.strip().lower()
    if _CASTLING.fullmatch(token):
        return token.upper()
    if token[:1] in "nbrqk" and token[:1]:
        return token[0].upper() + token[1:]
    return token


def _quoting(message: str, written: str, text: str) -> str:
    """Return a refusal of written that quotes the move as the player typed it instead."""
    return typed(text) + message[len(written) :] if message.startswith(written) else message


def same_but_case(text: str, legal: list[str]) -> list[str]:
    """Return the legal moves equal to text when case, checks and annotations are ignored."""
    wanted = folded(text)
    return [move for move in legal if folded(move) == wanted]


def folded(text: str) -> str:
    """Return a move as compared ignoring case, checks and annotations: nf3 for Nf3+."""
    return text.strip().rstrip(_MARKS).lower()
