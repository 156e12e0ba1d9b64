"""How a board's image reads what was played: a move's squares and its caption."""

from __future__ import annotations

import re
from typing import Final

from games.core.events import BoardEnded, Moved
from games.core.geometry import Shape
from games.core.multiboard import Arrived, Rode, Transferred
from games.core.pieces import kind_name, opponent, side_name
from games.core.results import winner_of

# The events that change what a board's picture shows: one replay frame each.
SHOWN = (Moved, Rode, Arrived, Transferred, BoardEnded)
Shown = Moved | Rode | Arrived | Transferred | BoardEnded
_LONG: Final = re.compile(r"([1-9]?[a-z][0-9]{1,2})[-x]([1-9]?[a-z][0-9]{1,2})(?:[=/].*)?")


def caption(event: Shown) -> str:
    """Describe an event in a line a player reads under the board."""
    if isinstance(event, Moved):
        dots = "." if event.side == "white" else "..."
        return f"{event.fullmove}{dots} {event.san}"
    if isinstance(event, Rode):
        dots = "." if event.side == "white" else "..."
        return (
            f"{event.fullmove}{dots} {event.notation}: the {kind_name(event.piece)} "
            f"rides {event.direction} to board {event.to_board}"
        )
    if isinstance(event, Transferred):
        return (
            f"Victory transfer {event.notation}: the {kind_name(event.piece)} "
            f"goes {event.direction} to board {event.to_board}"
        )
    if isinstance(event, Arrived):
        text = (
            f"A {event.arriving.describe()} arrives on {event.square} from board {event.from_board}"
        )
        if event.check:
            text += ": check"
        if event.king_capturable:
            text += f": the {opponent(event.side)} king can be captured"
        return text
    winner = winner_of(event.result)
    outcome = "drawn" if winner is None else f"{side_name(winner)} wins"
    return f"{event.result}: {outcome} by {event.ending}"


def split_move(uci: str, shape: Shape) -> tuple[str, str]:
    """Return the squares a move in UCI goes from and to; names may have two-digit ranks.

    A move is its from and to squares' names, then a promotion's letter if any; a drop
    (B@f10) goes from and to the square it lands on.
    """
    _, at, square = uci.partition("@")
    if at and square in shape:
        return square, square
    written = _LONG.fullmatch(uci)  # Ben Good's long form: 2b1-2c3, 2d4x2e5, 2a1-2a3/Pa4
    if written is not None and written[1] in shape and written[2] in shape:
        return written[1], written[2]
    for cut in range(2, len(uci) - 1):
        start, rest = uci[:cut], uci[cut:]
        if start not in shape:
            continue
        for end in (rest, rest[:-1]):
            if end in shape and (end == rest or rest[-1].isalpha()):
                return start, end
    raise ValueError(f"{uci!r} is no move between two squares of the board")
