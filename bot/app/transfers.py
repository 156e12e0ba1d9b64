"""Victory transfers, in the games that have them: the winner's answer.

A won board's winner may send one piece onward before a deadline (transfer_watch.py: what
an action did to the transfers offered, and when one lapses).
"""

from __future__ import annotations

from bot.app import guards
from bot.app.actions import Actions
from bot.app.outcomes import Outcome
from bot.app.scheduler import Scheduler
from bot.app.unit import Held, Units
from bot.errors import NotAllowedError, WrongStateError
from bot.hosted import (
    pending_transfer,
    transfers_settled,
    with_transfers,
)
from bot.loading import Loaded
from games.core.pieces import Side, side_name


class Transfers:
    """The winner's answer to a victory transfer: a piece sent onward, or none."""

    def __init__(self, units: Units, actions: Actions, scheduler: Scheduler) -> None:
        self._units = units
        self._actions = actions
        self._scheduler = scheduler

    async def transfer(self, match_id: int, user: str, board: int, text: str) -> Outcome:
        """Send one piece onward from a won board, for the winner's seat."""
        guards.check_move_text(text)
        async with self._units.held(match_id) as held:
            winner = await self._winner_seat(held, user, board)
            return await self._actions.act(
                held,
                user,
                lambda match: with_transfers(match).transfer(board, text, side=winner),
            )

    async def skip_transfer(self, match_id: int, user: str, board: int) -> Outcome:
        """Let a won board's victory transfer go, for the winner's seat."""
        async with self._units.held(match_id) as held:
            winner = await self._winner_seat(held, user, board)
            return await self._actions.act(
                held,
                user,
                lambda match: with_transfers(match).skip_transfer(board, side=winner),
            )

    async def _winner_seat(self, held: Held, user: str, board: int) -> Side:
        """Settle what fell due, then return the board's winner if user holds that seat.

        The deadline holds whenever the scheduler last ran: a late answer finds it lapsed,
        which is what the refusal then says.
        """
        settled = await self._scheduler.settle(held)
        lapsed = any(
            board in transfers_settled(held.loaded.match, outcome.events).declined
            for outcome in settled
        )
        loaded: Loaded = held.loaded
        guards.playing(loaded)
        guards.check_board(loaded, board)
        winner = pending_transfer(loaded.match, board)
        if winner is None and lapsed:
            raise WrongStateError(f"the time for the victory transfer on board {board} has run out")
        if winner is None:
            raise WrongStateError(f"board {board} has no victory transfer waiting")
        if loaded.roster.seated(board, winner) != user:
            raise NotAllowedError(
                f"only {side_name(winner)}'s player on board {board} makes its victory transfer"
            )
        return winner
