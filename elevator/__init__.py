"""The rules of Elevator Chess: matches of 1 to 1,000 boards joined by elevators."""

from __future__ import annotations

from elevator.config import MatchConfig
from elevator.errors import (
    AmbiguousMoveError,
    ElevatorError,
    IllegalMoveError,
    MatchConfigError,
    RecordError,
)
from elevator.events import (
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
    TransferDeclined,
    Transferred,
)
from elevator.match import Match
from elevator.pieces import Piece, Side
from elevator.results import Ending
from elevator.shaft import Direction, Layout

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
    "TransferDeclined",
    "Transferred",
]
