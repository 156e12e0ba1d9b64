"""What an action did to victory transfers: those offered, changed, voided or cleared, and
when one offered now lapses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.app.unit import Change
from bot.hosted import Hosted, pending_transfer, transfer_options, transfers_settled
from games.core.clocks import TimeControl
from games.core.events import BoardEnded, Event
from games.core.pieces import Side


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
