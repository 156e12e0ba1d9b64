"""Sides and pieces, as the match sees them whatever rules a board plays by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["white", "black"]
SIDES: tuple[Side, Side] = ("white", "black")


@dataclass(frozen=True, slots=True)
class PieceKind:
    """A kind of piece: its letter (upper case), its name, its moves in Betza's notation, and
    what it is worth in centipawns (to the practice opponent; a royal king nothing, as taking
    it ends the board)."""

    letter: str
    name: str
    betza: str
    value: int


PIECE_KINDS: dict[str, PieceKind] = {}
VALUES: dict[str, int] = {}  # each kind's worth by its letter, as the kinds are registered


def register_kind(*kinds: PieceKind) -> None:
    """Make piece kinds known by their letters; a letter keeps the first kind given it."""
    for kind in kinds:
        if len(kind.letter) != 1 or not kind.letter.isupper():
            raise ValueError(f"a piece kind's letter is one capital letter, not {kind.letter!r}")
        known = PIECE_KINDS.setdefault(kind.letter, kind)
        if known != kind:
            raise ValueError(f"the letter {kind.letter} is already the {known.name}'s")
        VALUES[kind.letter] = kind.value


register_kind(
    PieceKind("P", "pawn", "fmWfceF", 100),
    PieceKind("N", "knight", "N", 300),
    PieceKind("B", "bishop", "B", 320),
    PieceKind("R", "rook", "R", 500),
    PieceKind("Q", "queen", "Q", 900),
    PieceKind("K", "king", "K", 0),
)


def kind_name(letter: str) -> str:
    """Return the name of the kind of piece a letter stands for, or the letter if unknown."""
    known = PIECE_KINDS.get(letter.upper())
    return letter if known is None else known.name


def upper_first(words: str) -> str:
    """Return words with a capital first letter, keeping the rest (a Fibnif, a FAD) as written."""
    return words[:1].upper() + words[1:]


def opponent(side: Side) -> Side:
    """Return the other side."""
    return "black" if side == "white" else "white"


def side_name(side: Side) -> str:
    """Return a side as players write it: White or Black."""
    return side.capitalize()


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: its kind as an upper-case letter (P, N, B, R, Q, K or a fairy's) and its side."""

    kind: str
    side: Side

    @property
    def name(self) -> str:
        """Return the piece's name in words: knight, pawn, ..."""
        return kind_name(self.kind)

    @property
    def symbol(self) -> str:
        """Return the FEN letter: upper case for White, lower case for Black."""
        return self.kind if self.side == "white" else self.kind.lower()

    def describe(self) -> str:
        """Return the piece in words, as in 'white knight'."""
        return f"{self.side} {self.name}"
