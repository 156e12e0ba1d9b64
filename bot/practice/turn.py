"""What the practice opponent is asked to play: a game, its board and side, and its time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import games
from bot.hosted import Hosted
from games.core.pieces import Side

STRENGTHS: Final = range(1, 6)  # 1 the weakest, 5 the strongest
DEFAULT_STRENGTH: Final = 3


@dataclass(frozen=True)
class Turn:
    """One turn for the practice opponent to play, in a form another process can take."""

    kind: str  # the game's kind in games.KINDS
    record: str  # the game as its JSON record (GameRecords.to_json), to replay anywhere
    board: int
    side: Side
    strength: int  # in STRENGTHS
    budget: float  # seconds it may think: what its clock allows, at most its strength's own

    @classmethod
    def of(cls, game: Hosted, board: int, side: Side, strength: int, budget: float) -> Turn:
        """Ask for side's turn on a board of a game."""
        return cls(game.KIND, game.to_json(), board, side, strength, budget)

    def game(self) -> Hosted:
        """Rebuild the game the turn is played in."""
        return games.game_class(self.kind).from_json(self.record)
