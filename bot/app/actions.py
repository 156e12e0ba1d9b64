"""A rules-core action on a match, as one change: its events, clocks, offers and notices."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.app import transfer_watch
from bot.app.outcomes import Moderator, Outcome
from bot.app.unit import Held
from bot.hosted import Hosted
from bot.news import News, boards_of
from bot.notices import Ruling
from games.core.clocks import Clocks
from games.core.events import BoardEnded, Event, Moved
from games.core.multiboard import Held as HeldMove
from games.core.multiboard import Rode
from games.core.pieces import Side

logger = logging.getLogger(__name__)

Action = Callable[[Hosted], list[Event]]


@dataclass(frozen=True)
class Audit:
    """A moderator's ruling: who, the notice that says it, and the details audited."""

    moderator: Moderator
    ruling: Ruling
    details: Mapping[str, object]


class Actions:
    """Apply rules-core actions to matches, given how long a victory transfer stays open."""

    def __init__(self, window: float) -> None:
        self.window = window  # seconds a transfer offered in live play stays open

    async def act(
        self,
        held: Held,
        actor: str,
        action: Action,
        *,
        at: float | None = None,
        audit: Audit | None = None,
    ) -> Outcome:
        """Apply an action to the match and commit it with all it caused.

        at: when the action happened, if not now (a flag falls when the time ran out).
        audit: a moderator's action, recorded and said first.
        """
        return await _act(held, actor, action, self.window, at, audit)


async def _act(
    held: Held,
    actor: str,
    action: Action,
    window: float,
    at: float | None,
    audit: Audit | None,
) -> Outcome:
    clock = held.units.clock
    now = clock() if at is None else at
    async with held.change() as change:
        match = change.match
        seq = len(match.events)
        watch = transfer_watch.watch(match, change.deadlines)
        events = change.apply(lambda: action(match))
        marks = _run_clocks(change.clocks, events, now, match, seq + 1)
        finished = all(match.is_closed(board) for board in range(1, match.boards + 1))
        found = transfer_watch.after(watch, change, events, window, clock())
        withdrawn = _withdrawn_offers(change.offers, events)
        news = News(
            change.roster,
            match,
            actor,
            withdrawn,
            found.offered | found.changed,
            found.voided,
            names=change.before.names,
        )
        notices = news.of_events(events, finished=finished)
        if audit is not None:
            notices.insert(0, audit.ruling)
            change.audit(audit.moderator, audit.ruling.kind, audit.ruling.reason, audit.details)
        change.record(events, actor, now)
        if marks:
            change.save_clocks(sorted({board for marked in marks.values() for board in marked}))
            for first, marked in marks.items():
                change.save_clock_marks(first, marked)
        if finished:
            change.set_status("finished")
        change.withdraw(list(withdrawn))
        change.set_deadlines(found.offered)
        change.clear_deadlines(found.cleared)
        change.announce(notices)
    touched = sorted({board for event in events for board in boards_of(event)})
    logger.info("match %d: %s by %s on boards %s", change.id, events[0].KIND, actor, touched)
    return Outcome(change.id, tuple(events), tuple(notices))


def _run_clocks(
    clocks: Clocks | None, events: Sequence[Event], now: float, match: Hosted, first: int
) -> dict[int, dict[int, tuple[float, float, int]]]:
    """Run the clocks as an action's events say.

    Return, by the log position of each action among the events (the first at first), the
    boards whose clocks it changed with their clocks as they stood before it (which an undo
    of that action gives back). A move or a ride that ends its side's turn stops the mover's
    clock on its board and starts the opponent's (in Ender's Chess a turn is many actions,
    all charged to the mover, and one /move may hold several); an arrival touches no clock;
    a board that ends stops its clocks.
    """
    marks: dict[int, dict[int, tuple[float, float, int]]] = {}
    if clocks is None:
        return marks
    action = first
    for index, event in enumerate(events):
        if event.ACTION:
            action = first + index
        if not isinstance(event, (Moved, Rode, BoardEnded)):
            continue
        marks.setdefault(action, {}).setdefault(event.board, clocks.mark(event.board, now))
        if isinstance(event, BoardEnded):
            clocks.stop(event.board, now)
        elif _turn_passed(events, index, match):
            clocks.moved(event.board, now)
    return marks


def _turn_passed(events: Sequence[Event], index: int, match: Hosted) -> bool:
    """Tell whether the move or ride at index ended its side's turn on its board."""
    played = events[index]
    assert isinstance(played, (Moved, Rode))
    later = next(
        (
            e
            for e in events[index + 1 :]
            if isinstance(e, (Moved, Rode)) and e.board == played.board
        ),
        None,
    )
    if later is not None:
        return later.side != played.side
    return not match.is_open(played.board) or match.side_to_move(played.board) != played.side


def _withdrawn_offers(offers: Mapping[int, Side], events: Sequence[Event]) -> dict[int, Side]:
    """Return the draw offers (board: who offered) that an action's events take back.

    An offer stands through its maker's own moves, as in over-the-board chess, and falls
    when the opponent acts on the board, or when anything else changes it.
    """
    by_board: dict[int, list[Event]] = {}
    for event in events:
        for board in boards_of(event):
            by_board.setdefault(board, []).append(event)
    return {
        board: side
        for board, side in offers.items()
        if board in by_board
        and not all(
            isinstance(e, (Moved, Rode, HeldMove)) and e.side == side for e in by_board[board]
        )
    }
