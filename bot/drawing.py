"""The images nobody waits on at once, and the worker processes that draw them.

A practice game's images and every replay are drawn in worker processes that give way to the
bot (bot/workers.py): drawn in a thread of the bot's, they held Python's lock while people's
moves waited for it. A person's image is drawn in a thread of the bot's, at the bot's own
priority, as it is what a player waits for.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Final

from bot.hosted import MatchLog
from bot.shown import ShownGame
from bot.workers import Worker
from games.core.pieces import Side
from renderer import Replay, board_view_png, fitted_replay, overview_view_png

# Two: a practice game's image need not wait for a long replay.
DRAWER: Final = Worker(2, idle=False)
DRAWING: Final = 120.0  # seconds an image may take to draw, its worker's start included


def game_image(game: ShownGame, side: Side, mine: list[int]) -> bytes:
    """Draw a DM game for one player: its overview, or a board of levels at its full size.

    Levels stand side by side, so the board's own image (without a side panel) is the one
    a player can read at Discord's preview size.
    """
    views = game.view.views
    clocks = {
        board: (timedelta(seconds=white), timedelta(seconds=black))
        for board, (white, black) in game.clocks.items()
    }
    if len(views) == 1 and views[0].shape.levels > 1:
        (white, _), (black, _) = game.view.scores[:2]
        return board_view_png(
            views[0], side, names=(white, black), clocks=clocks.get(views[0].number)
        )
    return overview_view_png(game.view, perspective=side, marked=mine, clocks=clocks)


def draw_replay(log: MatchLog, board: int, limit: int, perspective: Side) -> tuple[Replay, bool]:
    """Return a board's replay within limit bytes, and whether the board is over."""
    game = log.replayed()
    replay = fitted_replay(game, board, limit=limit, perspective=perspective)
    return replay, not game.is_open(board)
