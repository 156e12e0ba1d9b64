"""How a board ends, and what a result is worth."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from games.core.pieces import Side

WHITE_WINS: Final = "1-0"
BLACK_WINS: Final = "0-1"
DRAWN: Final = "1/2-1/2"
UNFINISHED: Final = "*"
FINAL_RESULTS: Final = (WHITE_WINS, BLACK_WINS, DRAWN)


class Ending(StrEnum):
    """Why a board ended."""

    CHECKMATE = "checkmate"
    KING_CAPTURE = "king capture"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient material"
    SEVENTY_FIVE_MOVES = "seventy-five-move rule"
    FIVEFOLD_REPETITION = "fivefold repetition"
    THREEFOLD_REPETITION = "threefold repetition"
    FIFTY_MOVES = "fifty-move rule"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    ADJUDICATION = "adjudication"
    TIMEOUT = "timeout"
    TIMEOUT_DRAW = "timeout vs insufficient material"
    GATE_REACHED = "gate reached"
    GATE_ANSWERED = "gate answered"
    NO_PIECES = "no pieces left"
    REPETITION_CAUSED = "third repetition caused"


def result_for(winner: Side | None) -> str:
    """Return the result string of a board won by winner (None: drawn)."""
    if winner is None:
        return DRAWN
    return WHITE_WINS if winner == "white" else BLACK_WINS


def winner_of(result: str) -> Side | None:
    """Return the side that won a finished result, or None for a draw."""
    if result == WHITE_WINS:
        return "white"
    if result == BLACK_WINS:
        return "black"
    return None


def points(result: str, side: Side) -> float:
    """Return what a finished result is worth to side: 1, 1/2 or 0."""
    winner = winner_of(result)
    if winner is None:
        return 0.5
    return 1.0 if winner == side else 0.0
