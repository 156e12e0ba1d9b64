"""The games the service hosts: any kind of games.KINDS, and what only Elevator Chess has."""

from __future__ import annotations

from typing import Any

from bot.errors import RulesError
from games.core.boardgame import BoardGame
from games.core.pieces import Side
from games.elevator import Match
from views.model import side_scores

Hosted = BoardGame[Any]  # a game of any kind in games.KINDS, as the service holds it


def elevator_match(game: Hosted, what: str) -> Match:
    """Return the game as an Elevator Chess match, or refuse what only such a match has."""
    if not isinstance(game, Match):
        raise RulesError(f"{game.TITLE} has no {what}: only Elevator Chess has")
    return game


def has_transfers(game: Hosted) -> bool:
    """Tell whether the winner of a board may send a piece onward: only Elevator Chess."""
    return isinstance(game, Match)


def pending_transfer(game: Hosted, board: int) -> Side | None:
    """Return who may make a victory transfer from a board: only Elevator Chess has them."""
    return game.pending_transfer(board) if isinstance(game, Match) else None


def transfer_options(game: Hosted, board: int) -> list[str]:
    """Return the victory transfers on offer from a board: only Elevator Chess has them."""
    return game.transfer_options(board) if isinstance(game, Match) else []


def scores(game: Hosted, names: tuple[str, str] | None) -> dict[str, float]:
    """Return each team's points (each player's, in a game without teams), White's first."""
    if isinstance(game, Match):
        return game.team_scores()
    return dict(side_scores(game, names))
