"""How a match's turns and elevators work (its mode), behind the few hooks Match asks.

The standard mode is Betza's core game and changes nothing; Alice's and Automatic
Elevator Chess (games/elevator/alice.py, automatic.py) override what they change.
"""

from __future__ import annotations

from typing import ClassVar

from games.core.board import Board
from games.core.boardgame import Change
from games.core.events import Event
from games.elevator.parts import Parts


class Mode:
    """The standard mode: each board at its own pace, rides by choice."""

    NAME: ClassVar[str] = "standard"
    TITLE: ClassVar[str] = "Elevator Chess"
    RIDES: ClassVar[bool] = True  # whether a piece on an elevator may ride instead of moving
    NO_RIDES: ClassVar[str] = ""  # why there are no rides, when there are none

    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    def move(self, board: int, uci: str) -> Change:
        """Return the change a legal normal move makes, or refuse it under the mode's rules."""
        return lambda: self.parts.move(board, uci)

    def normal_moves(self, board: int) -> list[str]:
        """Return the side to move's normal moves on an open board, in SAN."""
        return self.parts.boards[board - 1].legal_moves()

    def has_moves(self, board: int) -> bool:
        """Tell whether the side to move on an open board has a normal move."""
        return self.parts.boards[board - 1].has_moves()

    def boards_ended(self) -> None:
        """Follow an action that ended one board or more."""

    def recall(self, event: Event) -> None:
        """Take what an event of the log says into the mode's state, as a restore does."""

    def state_refusal(self, board: Board, last: Event) -> str | None:
        """Say how a board's position contradicts the mode's last event on it, if it does."""
        return None

    def held_moves(self) -> dict[int, str]:
        """Return the moves the side to move has given and not yet played, by board (SAN)."""
        return {}

    def passes_to(self, board: int) -> int | None:
        """Return the open board a move capturing nothing passes to, or None."""
        return None

    def awaiting(self) -> list[int]:
        """Return the boards where the side to move has still to give its move this turn."""
        return []
