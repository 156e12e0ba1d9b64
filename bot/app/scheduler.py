"""Scheduling: flags that fall, victory transfers that lapse and correspondence reminders."""

from __future__ import annotations

import logging

from bot import storage
from bot.app.actions import Actions
from bot.app.outcomes import Outcome
from bot.app.unit import Held, Units
from bot.errors import DamagedError
from bot.hosted import pending_transfer, with_transfers
from bot.news import CLOCK, DEADLINE
from bot.notices import Notice, Reminder, board_place
from bot.shards import Shards

logger = logging.getLogger(__name__)


class Scheduler:
    """Settles what falls due in matches, in the order it fell."""

    def __init__(self, units: Units, actions: Actions, shards: Shards | None = None) -> None:
        """Settle the matches of shards (a process's own; None: every match)."""
        self._units = units
        self._actions = actions
        self._shards = shards

    async def settle_due(self) -> list[Outcome]:
        """Settle every due flag, reminder and transfer deadline, the earliest match first.

        Only this process's shards' matches: another process settles the others'.

        The bot runs this every second and once on start, before it takes any action, so
        that what fell due while it was down is settled in the order it fell.
        """
        async with self._units.store.read() as db:
            due = await storage.due_matches(db, self._units.clock(), self._shards)
        outcomes = []
        for row in due:
            try:
                async with self._units.held(row["match_id"]) as held:
                    outcomes += await self.settle(held)
            except DamagedError:
                continue  # logged where found; the other matches go on
            except Exception:
                logger.exception("match %d: what fell due could not be settled", row["match_id"])
        return outcomes

    async def settle(self, held: Held) -> list[Outcome]:
        """Settle what has fallen due in an active match, in the order it fell.

        A flag ends its board as of when it fell; a transfer past its deadline lapses;
        a correspondence player to move is reminded. One may change what the next is.
        """
        outcomes: list[Outcome] = []
        while held.loaded.status == "active":
            loaded = held.loaded
            now = self._units.clock()
            due = [(at, "transfer", board) for board, at in loaded.deadlines.items() if at <= now]
            if loaded.clocks is not None:
                due += [(at, "clock", board) for at, board in loaded.clocks.due(now)]
            if not due:
                break
            at, kind, board = min(due)
            if kind == "transfer":
                winner = pending_transfer(loaded.match, board)
                if winner is None:  # the stored deadline outlived its transfer
                    async with held.change() as change:
                        change.clear_deadlines([board])
                    continue
                outcomes.append(
                    await self._actions.act(
                        held,
                        DEADLINE,
                        lambda match: with_transfers(match).skip_transfer(
                            board,  # noqa: B023
                            side=winner,  # noqa: B023
                        ),
                        at=at,
                    )
                )
                continue
            assert loaded.clocks is not None
            clock = loaded.clocks.boards[board]
            falls, side = clock.falls_at(), clock.running
            if falls is not None and falls <= now and side is not None:
                outcomes.append(
                    await self._actions.act(
                        held,
                        CLOCK,
                        lambda match: match.flag(board, side),  # noqa: B023
                        at=falls,
                    )
                )
            else:
                outcomes.append(await self._remind(held, board, now))
        return outcomes

    async def _remind(self, held: Held, board: int, now: float) -> Outcome:
        """Remind a correspondence board's player to move of the time they have left."""
        async with held.change() as change:
            clocks = change.clocks
            assert clocks is not None
            level = clocks.reminder(board, now)
            side = clocks.boards[board].running
            notices: list[Notice] = []
            if level is not None and side is not None:
                seated = change.roster.seated(board, side)
                notices.append(
                    Reminder(
                        board_place(board),
                        board,
                        side,
                        clocks.boards[board].left(side, now),
                        clocks.boards[board].falls_at(),
                        (seated,) if seated is not None else (),
                    )
                )
            # without a level (a rounding edge), note one more, so that the look moves on
            clocks.reminded(board, clocks.boards[board].reminded + 1 if level is None else level)
            change.save_clocks([board])
            change.announce(notices)
        return Outcome(change.id, (), tuple(notices))
