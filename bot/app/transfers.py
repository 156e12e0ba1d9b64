"""Victory transfers, in the games that have them: their deadlines, and the winner's answer.

A won board's winner may send one piece onward before a deadline; what other boards do
meanwhile may change where it can go, or leave it nowhere, which the winner must hear of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.app import guards
from bot.app.outcomes import Outcome
from bot.app.unit import Change, Held, Units
from bot.errors import NotAllowedError, WrongStateError
from bot.hosted import (
    Hosted,
    pending_transfer,
    transfer_options,
    transfers_settled,
    with_transfers,
)
from bot.loading import Loaded
from games.core.clocks import TimeControl
from games.core.events import BoardEnded, Event
from games.core.pieces import Side, side_name

if TYPE_CHECKING:
    from bot.app.actions import Actions
    from bot.app.scheduler import Scheduler


@dataclass(frozen=True)
class Watch:
    """The transfers offered before an action: each one's options and winner."""

    options: Mapping[int, list[str]]
    winners: Mapping[int, Side | None]


@dataclass(frozen=True)
class Found:
    """What an action did to victory transfers.

    offered: boards whose transfer is offered now, with when it lapses.
    changed: boards whose transfer, offered before, can now go elsewhere (same deadline).
    voided: transfers (board: winner) the action left nowhere to go.
    cleared: boards cleared, whose deadlines go.
    """

    offered: dict[int, float]
    changed: dict[int, float]
    voided: dict[int, Side]
    cleared: list[int]


def watch(match: Hosted, deadlines: Mapping[int, float]) -> Watch:
    """Note the transfers offered before an action, to tell what it changed of them."""
    return Watch(
        {board: transfer_options(match, board) for board in deadlines},
        {board: pending_transfer(match, board) for board in deadlines},
    )


def after(
    before: Watch, change: Change, events: Sequence[Event], window: float, now: float
) -> Found:
    """Say what an action's events did to victory transfers, judged once it is all done.

    One action may end a board and clear it at once.
    """
    match = change.match
    lapse = deadline(change.paused_at, change.before.control, window, now)
    offered = {
        e.board: lapse
        for e in events
        if isinstance(e, BoardEnded) and pending_transfer(match, e.board) is not None
    }
    news = transfers_settled(match, events)
    cleared = list(news.cleared)
    settled = news.made | news.declined
    voided = {
        board: side
        for board, side in before.winners.items()
        if side is not None and board in cleared and board not in settled
    }
    changed = {
        board: change.deadlines[board]
        for board, options in before.options.items()
        if board not in cleared and transfer_options(match, board) != options
    }
    return Found(offered, changed, voided, cleared)


def deadline(paused_at: float | None, control: TimeControl, window: float, now: float) -> float:
    """Return when a transfer offered now lapses; in a pause, the clock starts on resuming.

    Offered as a flag settles after a restart, it gets its whole window from now.
    """
    start = paused_at if paused_at is not None else now
    return start + control.transfer_window(window)


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
