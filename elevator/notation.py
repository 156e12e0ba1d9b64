"""Ride notation: reading what players type and writing the canonical form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from elevator.shaft import Direction

# Each run of spaces is anchored between two required parts, so a long run cannot make the
# match backtrack over it (the text is stripped before matching).
_RIDE = re.compile(
    r"(?:(?P<piece>[pnbrqk])\s*)?(?P<square>[a-z][0-9]{1,2})\s*"
    r"(?P<direction>\^|v|>|up|down)(?:\s*(?P<board>[0-9]+))?",
    re.IGNORECASE,
)
_DIRECTIONS: dict[str, Direction | None] = {
    "^": "up",
    "up": "up",
    "v": "down",
    "down": "down",
    ">": None,
}


@dataclass(frozen=True, slots=True)
class RideText:
    """A ride as a player wrote it; what was left out is None."""

    piece: str | None
    square: str
    direction: Direction | None
    board: int | None


def parse_ride(text: str) -> RideText | None:
    """Read a ride such as Ne4^3, Pd5v1, Ne4^, e4 up, e4 down or Ne4>3; None if text is no ride."""
    found = _RIDE.fullmatch(text.strip())
    if found is None:
        return None
    piece = found["piece"]
    board = found["board"]
    return RideText(
        piece=piece.upper() if piece else None,
        square=found["square"].lower(),
        direction=_DIRECTIONS[found["direction"].lower()],
        board=int(board) if board else None,
    )


def ride_notation(kind: str, square: str, direction: Direction, board: int) -> str:
    """Write a ride canonically: Ne4^3 for up, Pd5v1 for down."""
    arrow = "^" if direction == "up" else "v"
    return f"{kind}{square}{arrow}{board}"
