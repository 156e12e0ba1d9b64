"""Where any game of the family meets the bot: the protocol every game offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

from games.core.events import Event
from games.core.geometry import Shape
from games.core.pieces import Piece, Side


@runtime_checkable
class Game(Protocol):
    """A game of one or more boards, played by two sides, with a log of events.

    Every action either changes the game and returns its events, or raises an
    IllegalMoveError (a ValueError) whose message a player can act on, changing nothing.
    Results are in PGN terms: "1-0", "0-1", "1/2-1/2", or "*" while still being played.
    """

    KIND: ClassVar[str]  # its name in games.KINDS

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        ...

    @property
    def events(self) -> tuple[Event, ...]:
        """Return the log of everything that happened, in order."""
        ...

    def shape(self, board: int) -> Shape:
        """Return the cells of a board."""
        ...

    def turn(self, board: int) -> Side | None:
        """Return the side to move on a board, or None once the board is over.

        Elevator Chess's Match keeps the answer it always gave, a side on every board (on a
        finished one, as its last position has it): tell a finished board by is_open.
        """
        ...

    def is_open(self, board: int) -> bool:
        """Tell whether a board is still being played."""
        ...

    def piece_at(self, board: int, square: str) -> Piece | None:
        """Return the piece on a square of a board."""
        ...

    def legal_moves(self, board: int) -> list[str]:
        """Return what the side to move may play on a board, as it would be written."""
        ...

    def play(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play a move written as players write it; side, when given, must be to move."""
        ...

    def resign(self, board: int, side: Side) -> list[Event]:
        """Let a side resign a board."""
        ...

    def draw(self, board: int) -> list[Event]:
        """Draw a board both sides agreed to draw."""
        ...

    def claim_draw(self, board: int, *, side: Side | None = None) -> list[Event]:
        """Let the side to move claim a draw (threefold repetition, fifty moves)."""
        ...

    def claimable_draw(self, board: int) -> str | None:
        """Return the draw the side to move may claim on a board, if any."""
        ...

    def board_result(self, board: int) -> str:
        """Return a board's result."""
        ...

    def result(self) -> str:
        """Return the game's result."""
        ...

    def undo(self, count: int = 1) -> list[Event]:
        """Take back the last count actions; return the events they had made."""
        ...

    def to_json(self) -> str:
        """Return the whole game as JSON, which games.from_json rebuilds exactly."""
        ...


def board_numbers(game: Game) -> Sequence[int]:
    """Return the numbers of a game's boards, from 1."""
    return range(1, game.boards + 1)
