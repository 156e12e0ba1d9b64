"""Ride notation: reading what players type and writing the canonical form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.core.errors import IllegalMoveError, shown
from games.core.picks import Pick, piece_words
from games.elevator.config import MAX_BOARDS
from games.elevator.shaft import Direction

# Each run of spaces is anchored between two required parts, so a long run cannot make the
# match backtrack over it (the text is stripped before matching). Any letter may name the
# piece, as fairy kinds have their own (Id5^2 for a Fibnif); the match checks it is the one.
_RIDE = re.compile(
    r"(?:(?P<piece>[a-z])\s*)?(?P<square>[a-z][0-9]{1,2})\s*"
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
    """Read a ride such as Ne4^3, Pd5v1, Ne4^, e4 up, e4 down or Ne4>3; None if text is no ride.

    Raises IllegalMoveError for a ride to a board number no match can have.
    """
    found = _RIDE.fullmatch(text.strip())
    if found is None:
        return None
    piece = found["piece"]
    board: int | None = None
    if found["board"]:
        # Leading zeros are harmless; a number past the longest board number is no board,
        # and int() refuses digit strings past Python's digit limit with a bare ValueError.
        digits = found["board"].lstrip("0") or "0"
        if len(digits) > len(str(MAX_BOARDS)):
            raise IllegalMoveError(
                f"there is no board {shown(found['board'])}: a match has at most "
                f"{MAX_BOARDS} boards"
            )
        board = int(digits)
    return RideText(
        piece=piece.upper() if piece else None,
        square=found["square"].lower(),
        direction=_DIRECTIONS[found["direction"].lower()],
        board=board,
    )


def ride_pick(name: str, letter: str) -> Pick:
    """Return a ride written in full (Nd4^3) as a picker offers it: ride up to board 3, d4."""
    ride = parse_ride(name)
    assert ride is not None and ride.direction is not None and ride.board is not None, name
    where = f"ride {ride.direction} to board {ride.board}, {ride.square}"
    key = f"{ride.direction} {ride.board}"
    return Pick(ride.square, piece_words(letter, ride.square), key, where, "", name)
