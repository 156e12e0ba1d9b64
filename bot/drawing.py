"""The images nobody waits on at once, and the worker processes that draw them.

A practice game's images and every replay are drawn in worker processes that run only when
the CPU has nothing else to do (bot/workers.py, bot/giving_way.py): drawn in a thread of the
bot's, they held Python's lock while people's moves waited for it, and drawn by a process
that is only nicer, they kept the CPU for the rest of its slice when a move woke the bot.
On a machine kept busy such a process gets next to no CPU: an image it has not drawn in
time is drawn in a thread of the bot's after all. A person's image is drawn at once, in a
thread of the bot's, as it is what a player waits for.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Final, TypeVar

from bot.delivery import SEND_TIMEOUT
from bot.hosted import MatchLog
from bot.shown import ShownGame, all_clocks
from bot.workers import Worker, WorkerDied
from games.core.pieces import Side
from renderer import Replay, board_view_png, fitted_replay, overview_view_png

T = TypeVar("T")

logger = logging.getLogger(__name__)

# Two: a practice game's image need not wait for a long replay.
DRAWER: Final = Worker(2, idle=True)
# seconds the workers have, their start included, before the bot draws it itself
IMAGE_WAIT: Final = 3.0  # a practice game's image: some 5 ms of drawing
# a replay: up to a few seconds of drawing. A third of the outbox's least time for a send
# (bot/delivery.py; the bot gives its own 45 s, bot/bot.py): a replay posted by the outbox
# that its workers, starved on a busy machine, have not drawn is drawn by the bot within the
# same send, not given up and drawn again while what follows it in its channel waits
REPLAY_WAIT: Final = SEND_TIMEOUT / 3


async def drawn(wait: float, job: Callable[..., T], *args: object) -> T:
    """Return job(*args), drawn by the workers, or by a thread of the bot's after wait seconds."""
    try:
        return await DRAWER.run(wait, job, *args)
    except (TimeoutError, WorkerDied) as error:
        logger.warning("drawing %s in the bot, as its worker did not (%r)", job.__name__, error)
        return await asyncio.to_thread(job, *args)


def game_image(game: ShownGame, side: Side, mine: list[int]) -> bytes:
    """Draw a DM game for one player: its overview, or a board of levels at its full size.

    Levels stand side by side, so the board's own image (without a side panel) is the one
    a player can read at Discord's preview size.
    """
    views = game.view.views
    clocks = all_clocks(game.clocks)
    if len(views) == 1 and views[0].shape.levels > 1:
        (white, _), (black, _) = game.view.scores[:2]
        # the viewer's own name says so, as an overview's line does (You play White)
        names = (f"{white} (you)", black) if side == "white" else (white, f"{black} (you)")
        return board_view_png(views[0], side, names=names, clocks=clocks.get(views[0].number))
    return overview_view_png(game.view, perspective=side, marked=mine, clocks=clocks, viewer=side)


def draw_replay(log: MatchLog, board: int, limit: int, perspective: Side) -> tuple[Replay, bool]:
    """Return a board's replay within limit bytes, and whether the board is over."""
    game = log.replayed()
    replay = fitted_replay(game, board, limit=limit, perspective=perspective)
    return replay, not game.is_open(board)
