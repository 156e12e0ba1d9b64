"""What a game tells the bot, the views and the practice opponent of itself, beyond its rules.

BoardGame's defaults, for a game of pieces on cells whose FEN says all; a game that is more
(levels of moving elevators, reserves, boards in a ring, moves held or passed on) answers
for itself, so that nobody outside games/ asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.core.beside import Beside, Lifted
from games.core.pieces import VALUES


@dataclass(frozen=True, slots=True)
class Size:
    """Games of so many boards, which players count as a game apart (and rate apart)."""

    name: str  # short, as a category's key: "3-6"
    most: int | None  # boards at most; None for any more (the last size)
    words: str  # as players read it: "three to six boards"


class Told:
    """The answers every game gives, its own where it differs."""

    PLATFORM: ClassVar[int] = 0  # the side, in cells, of an elevator that moves with its pieces
    PIECE_FIELDS: ClassVar[tuple[int, ...]] = (0,)  # the FEN fields that hold pieces
    SIZES: ClassVar[tuple[Size, ...]] = ()  # by board count, fewest first; () for one game

    @property
    def layout(self) -> str:
        """Return how the boards stand: 'line' (one board, or several side by side) or 'ring'."""
        return "line"

    @property
    def holds_moves(self) -> bool:
        """Tell whether a side's moves are held until given on every board, then played."""
        return False

    def plays_fide(self, board: int) -> bool:
        """Tell whether a board plays FIDE chess exactly, so that a chess engine may play it."""
        return False

    def described(self) -> str | None:
        """Say in a line which variant the game plays, or None for its core game."""
        return None

    def passes_to(self, board: int) -> int | None:
        """Return the board a move capturing nothing passes to, where the rules say so."""
        return None

    def piece_values(self) -> Mapping[str, int]:
        """Return each piece's worth in centipawns, by the upper-case letter its FEN writes."""
        return VALUES

    def view_placement(self, board: int, fen: str) -> str:
        """Return the placement of a board's FEN as views read any board.

        That is games.core.placement's: pieces by the registry's letters, missing cells
        empty. FEN's own first field is it for every game whose FEN says no more.
        """
        return fen.split(" ", 1)[0]

    def lifted(self, board: int, uci: str) -> Lifted | None:
        """Return the cells an elevator fills after an action and those it left; None if none."""
        return None

    def beside(self, board: int, fen: str) -> Beside | None:
        """Return what a board's FEN shows beside its cells (reserves, gates), or None."""
        return None
