"""The eight staircases of Escher Staircase, and how they carry pieces when they shift.

Each staircase is six squares in the order its pieces travel: a shift moves every piece one
square along, and the piece on the last square wraps round to the first. A move shifts the
staircases its starting square belongs to (two where two cross).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Final, TypeVar

T = TypeVar("T")

STAIRCASES: Final[tuple[tuple[str, ...], ...]] = (
    ("a8", "b8", "c8", "d8", "e8", "f8"),  # row 8, east
    ("h6", "g6", "f6", "e6", "d6", "c6"),  # row 6, west
    ("a3", "b3", "c3", "d3", "e3", "f3"),  # row 3, east
    ("h1", "g1", "f1", "e1", "d1", "c1"),  # row 1, west
    ("c8", "c7", "c6", "c5", "c4", "c3"),  # file c, south
    ("h8", "h7", "h6", "h5", "h4", "h3"),  # file h, south
    ("a1", "a2", "a3", "a4", "a5", "a6"),  # file a, north
    ("f1", "f2", "f3", "f4", "f5", "f6"),  # file f, north
)


class StaircaseJamError(ValueError):
    """Two shifting staircases would carry two pieces onto one square."""

    def __init__(self, square: str) -> None:
        super().__init__(f"the staircases would move two pieces onto {square}")
        self.square = square


def staircases_of(square: str) -> tuple[tuple[str, ...], ...]:
    """Return the staircases a move starting on square shifts (none, one or two)."""
    return tuple(staircase for staircase in STAIRCASES if square in staircase)


def shift(placement: Mapping[str, T], staircases: Iterable[tuple[str, ...]]) -> dict[str, T]:
    """Return placement (square name to piece) after the given staircases each shift one step.

    Raise StaircaseJamError if two pieces would end on one square, which happens only where
    two shifting staircases meet and both bring a piece. That meeting square is where the
    move started, so it is empty: a piece there would have to ride both, a ValueError.
    """
    moving = tuple(staircases)
    for first, second in combinations(moving, 2):
        crossing = set(first).intersection(second, placement)
        if crossing:
            raise ValueError(f"the piece on {min(crossing)} cannot ride two staircases at once")
    shifted = {
        square: piece
        for square, piece in placement.items()
        if not any(square in staircase for staircase in moving)
    }
    for staircase in moving:
        for place, square in enumerate(staircase):
            if square in placement:
                target = staircase[(place + 1) % len(staircase)]
                if target in shifted:
                    raise StaircaseJamError(target)
                shifted[target] = placement[square]
    return shifted
