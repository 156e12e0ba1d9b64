"""The games the service hosts: any kind of games.KINDS, and what only some of them can do.

What a game can do beyond moves is asked of it by protocol (games.core.capabilities): teams,
victory transfers, held moves; a game without one is refused with a sentence saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import RulesError
from bot.lobby import Roster
from games.core.boardgame import BoardGame
from games.core.capabilities import HeldMoves, Teams, TransfersSettled, VictoryTransfers
from games.core.events import Event
from games.core.pieces import Side
from views.model import side_scores

Hosted = BoardGame[Any]  # a game of any kind in games.KINDS, as the service holds it


@dataclass(frozen=True)
class MatchLog:
    """A game's kind, configuration and events: what rebuilds it, in this process or another."""

    kind: type[Hosted]
    config: Any
    events: tuple[Event, ...]

    def replayed(self) -> Hosted:
        """Rebuild the game by replaying its events."""
        return self.kind.replay(self.config, self.events)


def _refused(game: Hosted, what: str) -> RulesError:
    return RulesError(f"{game.TITLE} has no {what}")


def with_teams(game: Hosted, what: str) -> Teams:
    """Return the game as one played by teams, or refuse what only such a game has."""
    if not isinstance(game, Teams):
        raise _refused(game, what)
    return game


def with_transfers(game: Hosted) -> VictoryTransfers:
    """Return the game as one with victory transfers, or refuse them."""
    if not isinstance(game, VictoryTransfers):
        raise _refused(game, "victory transfers")
    return game


def with_held_moves(game: Hosted) -> HeldMoves:
    """Return the game as one whose moves are held till the turn is given, or refuse it."""
    if not isinstance(game, HeldMoves):
        raise _refused(game, "held moves")
    return game


def team_lineup(game: Hosted) -> tuple[tuple[str, str], ...]:
    """Return the teams of White and Black on each board of a match of more than two teams.

    A match of two teams returns (): its teams are known as 'white' and 'black'.
    """
    if not isinstance(game, Teams) or len(game.teams()) <= 2:
        return ()
    return tuple((game.team(b, "white"), game.team(b, "black")) for b in range(1, game.boards + 1))


def new_roster(game: Hosted) -> Roster:
    """Return an empty roster with a place for every team of a game."""
    lineup = team_lineup(game)
    if not lineup:
        return Roster()
    return Roster({team: [] for team in with_teams(game, "teams").teams()}, lineup=lineup)


def has_transfers(game: Hosted) -> bool:
    """Tell whether the winner of a board may send a piece onward."""
    return isinstance(game, VictoryTransfers)


def pending_transfer(game: Hosted, board: int) -> Side | None:
    """Return who may make a victory transfer from a board, or None (or a game without them)."""
    return game.pending_transfer(board) if isinstance(game, VictoryTransfers) else None


def transfer_options(game: Hosted, board: int) -> list[str]:
    """Return the victory transfers on offer from a board ([] in a game without them)."""
    return game.transfer_options(board) if isinstance(game, VictoryTransfers) else []


def transfer_labels(game: Hosted, board: int) -> dict[str, str]:
    """Return the victory transfers on offer from a board, each with the words a menu shows."""
    if not isinstance(game, VictoryTransfers):
        return {}
    return {
        pick.move: f"{pick.piece_words}, {pick.target_words}" for pick in game.transfer_picks(board)
    }


def transfers_settled(game: Hosted, events: Sequence[Event]) -> TransfersSettled:
    """Say what a game's events did to its victory transfers (nothing, in a game without)."""
    if not isinstance(game, VictoryTransfers):
        return TransfersSettled()
    return game.transfers_settled(events)


def scores(game: Hosted, names: tuple[str, str] | None) -> dict[str, float]:
    """Return each team's points (each player's, in a game without teams), White's first."""
    if isinstance(game, Teams):
        return game.team_scores()
    return dict(side_scores(game, names))
