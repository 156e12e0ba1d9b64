"""What a fairy board's position plays by: its size, its pieces' rays, castling and promotion.

Rules are data shared by every position of a board: the kinds it may hold (each by its
Betza from games.core.pieces), where each side's king castles with what, and what each
side's pawns promote to there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from games.core.pieces import PIECE_KINDS
from games.fairy.betza import Ray, rays, reverse_rays

Move = tuple[int, int, str | None]  # start, target, promotion kind (upper case) or None

KINGSIDE: Final = "kingside"
QUEENSIDE: Final = "queenside"


@dataclass(frozen=True, slots=True)
class Castling:
    """One castling of one side: the FEN right it needs and where king and partner go."""

    right: str  # K, Q, k or q
    king_from: int
    king_to: int
    partner_from: int
    partner_to: int

    def span(self) -> range:
        """Return the squares of the rank from the leftmost to the rightmost one it uses."""
        squares = (self.king_from, self.king_to, self.partner_from, self.partner_to)
        return range(min(squares), max(squares) + 1)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one board: size, kinds it holds, castlings and promotions per side."""

    files: int
    ranks: int
    kinds: frozenset[str]  # upper-case letters, pawn and king included
    castlings: tuple[Castling, ...] = ()
    white_promotions: tuple[str, ...] = ("Q", "R", "B", "N")
    black_promotions: tuple[str, ...] = ("Q", "R", "B", "N")
    moves: dict[str, tuple[tuple[Ray, ...], ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    attacks: dict[str, tuple[tuple[Ray, ...], ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        moves: dict[str, tuple[tuple[Ray, ...], ...]] = {}
        attacks: dict[str, tuple[tuple[Ray, ...], ...]] = {}
        for kind in self.kinds - {"P"}:
            betza = PIECE_KINDS[kind].betza
            for symbol, white in ((kind, True), (kind.lower(), False)):
                moves[symbol] = rays(betza, white, self.files, self.ranks)
                attacks[symbol] = reverse_rays(betza, white, self.files, self.ranks)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "attacks", attacks)

    @property
    def size(self) -> int:
        """Return the number of squares."""
        return self.files * self.ranks

    def promotions(self, white: bool) -> tuple[str, ...]:
        """Return what a pawn of a side promotes to on this board, strongest first."""
        return self.white_promotions if white else self.black_promotions

    def castlings_of(self, white: bool) -> tuple[Castling, ...]:
        """Return the castlings a side has on this board."""
        return tuple(c for c in self.castlings if c.right.isupper() == white)
