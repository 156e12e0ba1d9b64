"""The games the service hosts: any kind of games.KINDS, and what only Elevator Chess has."""

from __future__ import annotations

from typing import Any

from bot.errors import RulesError
from bot.lobby import Roster
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


def team_lineup(game: Hosted) -> tuple[tuple[str, str], ...]:
    """Return the teams of White and Black on each board of a match of more than two teams.

    A match of two teams returns (): its teams are known as 'white' and 'black'.
    """
    if not isinstance(game, Match) or len(game.teams()) <= 2:
        return ()
    return tuple((game.team(b, "white"), game.team(b, "black")) for b in range(1, game.boards + 1))


def new_roster(game: Hosted) -> Roster:
    """Return an empty roster with a place for every team of a game."""
    lineup = team_lineup(game)
    if not lineup:
        return Roster()
    return Roster({team: [] for team in elevator_match(game, "teams").teams()}, lineup=lineup)


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
