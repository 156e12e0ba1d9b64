"""A board's replay as a GIF to post, made to fit Discord's upload limit, in a worker process."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

import discord

from bot.drawing import REPLAY_WAIT, draw_replay, drawn
from bot.errors import NotFoundError
from bot.service import MatchService
from games.core.pieces import Side
from renderer import RenderError, Replay
from renderer.replay import MIN_BYTES

logger = logging.getLogger(__name__)

TOO_LARGE: Final = 40005  # Discord's code for a request over the upload limit (HTTP 413)


@dataclass(frozen=True)
class ReplayPost:
    """A replay's file and the line that goes with it."""

    file: discord.File
    words: str
    size: int  # the file's bytes


def upload_limit(channel: object) -> int:
    """Return the bytes a file may have in a channel: its server's limit, or a DM's."""
    guild = getattr(channel, "guild", None)
    if isinstance(guild, discord.Guild):
        return guild.filesize_limit
    return discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES


async def replay_post(
    service: MatchService,
    match_id: int,
    board: int,
    *,
    limit: int,
    upto: int | None = None,
    perspective: Side = "white",
) -> ReplayPost:
    """Draw a board's replay (as the log's first upto events left it) within limit bytes."""
    log = await service.replay_log(match_id, board, upto)
    try:
        replay, over = await drawn(REPLAY_WAIT, draw_replay, log, board, limit, perspective)
    except RenderError as error:
        raise NotFoundError(str(error)) from None
    words = replay_words(board, replay, over=over)
    file = discord.File(
        io.BytesIO(replay.gif), filename=f"replay-board-{board}.gif", description=words
    )
    return ReplayPost(file, words, len(replay.gif))


async def send_replay(
    send: Callable[[ReplayPost], Awaitable[object]],
    service: MatchService,
    match_id: int,
    board: int,
    *,
    limit: int,
    upto: int | None = None,
    perspective: Side = "white",
) -> None:
    """Draw a board's replay within limit and send it; if Discord finds it too large, halve.

    The limit comes from Discord (an interaction's, a server's boost tier); a refusal says
    it was lower than that, so the replay is drawn again to half the refused size.
    """
    while True:
        replay = await replay_post(
            service, match_id, board, limit=limit, upto=upto, perspective=perspective
        )
        try:
            await send(replay)
            return
        except discord.HTTPException as error:
            if error.code != TOO_LARGE or replay.size // 2 < MIN_BYTES:
                raise
        logger.info("match %d: board %d's replay was too large", match_id, board)
        limit = replay.size // 2


def replay_words(board: int, replay: Replay, *, over: bool) -> str:
    """Say what a replay shows, and which frames it left out to fit the upload limit."""
    so_far = "" if over else " so far"
    frames = f"{replay.total} frame{'s' if replay.total != 1 else ''}"
    if not replay.dropped:
        return f"Board {board}'s replay{so_far}: {frames}, one for each move and event."
    return (
        f"Board {board}'s replay{so_far}: {replay.frames} of its {frames} (one in "
        f"{replay.step}, and the last), to fit Discord's upload limit."
    )
