"""What a match hands the rules of its mode and its victory transfers: never the match itself.

Its public reads (the Reads protocol), the very boards, log and shaft it plays on, and the
few acts they may take. The match makes its Parts whenever it sets itself up, when it also
makes its mode and its transfers anew, so that every reference here stays its own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from games.core.board import Board, Played
from games.core.events import BoardEnded, Event
from games.core.pieces import Piece, Side
from games.core.results import Ending
from games.elevator.config import MatchConfig
from games.elevator.rides import Rides
from games.elevator.shaft import Shaft


class Reads(Protocol):
    """What the mode and the transfers read of the match, as anyone may."""

    @property
    def config(self) -> MatchConfig:
        """Return the match's configuration."""
        ...

    def is_open(self, board: int) -> bool:
        """Tell whether a board is still being played."""
        ...

    def is_closed(self, board: int) -> bool:
        """Tell whether a board has ended."""
        ...


@dataclass(slots=True)  # not frozen: a copy of the match (a pickle) copies its parts with it
class Parts:
    """A match's parts, as its mode and victory transfers may use them."""

    game: Reads
    boards: list[Board]  # board n at n - 1: the list the match plays on
    events: list[Event]  # its log, which an act appends to
    dirty: deque[int]  # boards an act may have ended, looked at before the action returns
    shaft: Shaft
    rides: Rides
    board: Callable[[int], Board]  # a board by its number, refusing one the match lacks
    move: Callable[[int, str], Played]  # play a legal normal move, marking its neighbours
    has_moves: Callable[[int], bool]  # whether the side to move has a normal move
    end: Callable[[int, Side | None, Ending], BoardEnded]  # finish a board, scored
    settle: Callable[[], None]  # end the boards the act ended, in order
    arrive: Callable[[int, int, Piece, int], None]  # a piece arrives on an elevator
    mark_neighbours: Callable[[int], None]  # a board's elevators changed: look again

    @property
    def count(self) -> int:
        """Return how many boards the match has."""
        return len(self.boards)
