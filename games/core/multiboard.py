"""The events of games whose boards stand together: pieces ride between boards and arrive,
a won board's winner sends one piece onward, teams resign and a match is decided, a side's
moves are held until given on every board. Elevator Chess has them all; a game with one of
the capabilities (games.core.capabilities) writes its events with these kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core.directions import Direction
from games.core.events import Event, Moved, register
from games.core.pieces import Piece, Side


def ride_notation(kind: str, square: str, direction: Direction, board: int) -> str:
    """Write a ride canonically: Ne4^3 for up, Pd5v1 for down."""
    arrow = "^" if direction == "up" else "v"
    return f"{kind}{square}{arrow}{board}"


@dataclass(frozen=True, slots=True)
class Rode(Event):
    """A piece rode an elevator away from a board, using its side's turn there."""

    KIND: ClassVar[str] = "ride"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side
    fullmove: int
    piece: str
    square: str
    direction: Direction
    to_board: int

    @property
    def notation(self) -> str:
        """Return the ride in canonical notation, as Ne4^3."""
        return ride_notation(self.piece, self.square, self.direction, self.to_board)


@dataclass(frozen=True, slots=True)
class Transferred(Event):
    """The winner of a board sent one piece onward as its victory transfer."""

    KIND: ClassVar[str] = "transfer"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side
    piece: str
    square: str
    direction: Direction
    to_board: int

    @property
    def notation(self) -> str:
        """Return the transfer in canonical ride notation, as Qd4v1."""
        return ride_notation(self.piece, self.square, self.direction, self.to_board)


@dataclass(frozen=True, slots=True)
class TransferDeclined(Event):
    """The winner of a board let its victory transfer go."""

    KIND: ClassVar[str] = "decline-transfer"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class MatchResigned(Event):
    """A side resigned every board still being played, as one action (a captain's)."""

    KIND: ClassVar[str] = "resign-match"
    ACTION: ClassVar[bool] = True
    side: Side


@dataclass(frozen=True, slots=True)
class TeamResigned(Event):
    """A team resigned every board it still plays, as one action (its captain's)."""

    KIND: ClassVar[str] = "resign-team"
    ACTION: ClassVar[bool] = True
    team: str


@dataclass(frozen=True, slots=True)
class Arrived(Event):
    """A piece arrived by elevator on a board.

    check: the side to move there, the arriving piece's enemy, is now in check.
    king_capturable: the arriving piece's side is to move there and may take the king.
    """

    KIND: ClassVar[str] = "arrive"
    board: int
    side: Side
    piece: str
    square: str
    from_board: int
    check: bool
    king_capturable: bool

    @property
    def arriving(self) -> Piece:
        """Return the piece that arrived."""
        return Piece(self.piece, self.side)


@dataclass(frozen=True, slots=True)
class BoardCleared(Event):
    """A finished board was emptied; its floor stays closed."""

    KIND: ClassVar[str] = "board-clear"
    board: int


@dataclass(frozen=True, slots=True)
class MatchDecided(Event):
    """The match result can no longer change: these teams have won (several: shared)."""

    KIND: ClassVar[str] = "match-decided"
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PassedThrough(Event):
    """In Alice's Elevator Chess, the piece a move that captured nothing left on square
    passed through to the same square of to_board (where an Arrived event follows)."""

    KIND: ClassVar[str] = "pass-through"
    board: int
    side: Side
    piece: str
    square: str
    to_board: int


@dataclass(frozen=True, slots=True)
class Held(Event):
    """In Automatic Elevator Chess, a side gave its move on a board; it is played when the
    side has given one on every board where it is to move (a later one replaces it)."""

    KIND: ClassVar[str] = "hold"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side
    fullmove: int
    uci: str
    san: str


@dataclass(frozen=True, slots=True)
class TurnMoved(Moved):
    """In Automatic Elevator Chess, a held move played when its side's turn completed."""

    KIND: ClassVar[str] = "turn-move"
    ACTION: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Carried(Event):
    """In Automatic Elevator Chess, the conveyor carried a piece from square of board to the
    same elevator of to_board (where an Arrived event follows), using nobody's turn."""

    KIND: ClassVar[str] = "carry"
    board: int
    side: Side
    piece: str
    square: str
    direction: Direction
    to_board: int

    @property
    def notation(self) -> str:
        """Return the carry in ride notation, as Ne4^3."""
        return ride_notation(self.piece, self.square, self.direction, self.to_board)


register(
    Rode,
    Transferred,
    TransferDeclined,
    MatchResigned,
    TeamResigned,
    Arrived,
    BoardCleared,
    MatchDecided,
    PassedThrough,
    Held,
    TurnMoved,
    Carried,
)
