"""The errors of the rules core: each message is one a player can act on."""

from __future__ import annotations


class ElevatorError(ValueError):
    """Base of every error the rules core raises."""


class IllegalMoveError(ElevatorError):
    """Refuse an action on a board: the match is left exactly as it was."""


class AmbiguousMoveError(IllegalMoveError):
    """Refuse a move or ride that could mean more than one thing."""


class MatchConfigError(ElevatorError):
    """Refuse a match configuration (board count, layout, positions, elevators, teams)."""


class RecordError(ElevatorError):
    """Refuse a match record that is malformed or does not replay."""
