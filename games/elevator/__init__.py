"""The rules of Elevator Chess: matches of 1 to 1,000 boards joined by elevators."""

from __future__ import annotations

from games.core.errors import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    MatchConfigError,
    RecordError,
)
from games.core.pieces import Piece, Side
from games.core.results import Ending
from games.elevator.config import MatchConfig
from games.elevator.events import (
    Adjudicated,
    Arrived,
    BoardCleared,
    BoardEnded,
    DrawAgreed,
    DrawClaimed,
    Event,
    Flagged,
    MatchDecided,
    MatchResigned,
    Moved,
    Resigned,
    Rode,
    TeamResigned,
    TransferDeclined,
    Transferred,
)
from games.elevator.match import Match
from games.elevator.shaft import Direction, Layout

ElevatorError = GameError  # the name this API had before the games were a family

__all__ = [
    "Adjudicated",
    "AmbiguousMoveError",
    "Arrived",
    "BoardCleared",
    "BoardEnded",
    "Direction",
    "DrawAgreed",
    "DrawClaimed",
    "ElevatorError",
    "Ending",
    "Event",
    "Flagged",
    "GameError",
    "IllegalMoveError",
    "Layout",
    "Match",
    "MatchConfig",
    "MatchConfigError",
    "MatchDecided",
    "MatchResigned",
    "Moved",
    "Piece",
    "RecordError",
    "Resigned",
    "Rode",
    "Side",
    "TeamResigned",
    "TransferDeclined",
    "Transferred",
]
