"""Sides and pieces, as the match sees them whatever rules a board plays by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["white", "black"]
SIDES: tuple[Side, Side] = ("white", "black")

PIECE_NAMES = {
    "P": "pawn",
    "N": "knight",
    "B": "bishop",
    "R": "rook",
    "Q": "queen",
    "K": "king",
}


def opponent(side: Side) -> Side:
    """Return the other side."""
    return "black" if side == "white" else "white"


def side_name(side: Side) -> str:
    """Return a side as players write it: White or Black."""
    return side.capitalize()


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: its kind as an upper-case letter (P, N, B, R, Q, K) and its side."""

    kind: str
    side: Side

    @property
    def name(self) -> str:
        """Return the piece's name in words: knight, pawn, ..."""
        return PIECE_NAMES.get(self.kind, self.kind)

    @property
    def symbol(self) -> str:
        """Return the FEN letter: upper case for White, lower case for Black."""
        return self.kind if self.side == "white" else self.kind.lower()

    def describe(self) -> str:
        """Return the piece in words, as in 'white knight'."""
        return f"{self.side} {self.name}"
