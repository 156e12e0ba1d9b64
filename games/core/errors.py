"""The errors of the rules of every game: each message is one a player can act on."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the rules of a game raise."""


class IllegalMoveError(GameError):
    """Refuse an action on a board: the match is left exactly as it was."""


class AmbiguousMoveError(IllegalMoveError):
    """Refuse a move or ride that could mean more than one thing."""


class NotAMoveError(IllegalMoveError):
    """Refuse text that is written as no move at all (not a move that is illegal there)."""


class MatchConfigError(GameError):
    """Refuse how a game is set up (board count, layout, positions, elevators, teams)."""


class RecordError(GameError):
    """Refuse a game record that is malformed or does not replay."""


def shown(value: object, limit: int = 20) -> str:
    """Quote what a player gave for an error message, cut to about limit characters."""
    if isinstance(value, str):
        text = repr(value if len(value) <= limit else value[: limit - 1] + "…")
        # escapes (\U0001342f for a character) make a quote up to ten times as long
        return text if len(text) <= 2 * limit else text[: 2 * limit - 2] + "…'"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past str()'s digit limit, a nest too deep
        return "a number too long to show" if isinstance(value, int) else "a value too deep to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def typed(text: str, limit: int = 20) -> str:
    """Return a move as the player typed it, stripped and cut to about limit characters."""
    token = text.strip()
    return token if len(token) <= limit else token[: limit - 1] + "…"


def not_a_move(token: str, board: int, *, rides: bool) -> NotAMoveError:
    """Refuse text that names no move at all, saying how moves (and rides, if any) are written."""
    ride = ", or a ride such as Ne4^2" if rides else ""
    return NotAMoveError(
        f"{shown(token)} is not a move on board {board}: write a move in SAN (Nf3) "
        f"or UCI (g1f3){ride}"
    )
