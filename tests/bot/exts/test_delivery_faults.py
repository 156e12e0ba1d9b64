"""A board channel that Discord fails or rate-limits holds up no other match's images."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.bot.exts.test_matches import club, move, posted, started
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Sent
from tests.waiting import eventually

PROMPTLY = 3.0  # seconds: the images of a match whose channel works come at once


async def start(discord: FakeDiscord, number: int, white: int, black: int, guild: int) -> int:
    """Open match number in a guild's #general, seat white and black, start it; return board 1."""
    await started(discord, white, black, guild, number=number)
    board = discord.channel_named(guild, "board-1")
    await posted(discord, board)
    return board


async def refused(discord: FakeDiscord, channel: int, status: int, after: int = 0) -> None:
    """Wait until Discord has refused a request to a channel's messages with status."""
    await eventually(
        lambda: (channel, status) in discord.refused[after:],
        f"a {status} in channel {channel}",
        changes=discord.changes,
        seen=lambda: discord.refused,
    )


async def image_after_move(
    discord: FakeDiscord, user: int, board: int, text: str
) -> tuple[Sent, float]:
    """Play a move and wait for its board image; return it and how long after the answer."""
    count = len([s for s in discord.sent if s.channel_id == board and s.interaction_id is None])
    assert "Played" in await move(discord, user, board, text)
    answered = asyncio.get_running_loop().time()
    image = (await posted(discord, board, count + 1))[count]
    return image, asyncio.get_running_loop().time() - answered


def outbox_row(tmp_path: Path, match_id: int, place: str) -> tuple[object, ...]:
    """Read the oldest pending notice of a place from the bot's database, as it stands."""
    with sqlite3.connect(f"file:{tmp_path / 'elevator.db'}?mode=ro", uri=True) as database:
        found = database.execute(
            "SELECT attempts, last_error, next_attempt_at - created_at FROM outbox "
            "WHERE match_id = ? AND place = ? AND done_at IS NULL ORDER BY id LIMIT 1",
            (match_id, place),
        ).fetchone()
    database.close()
    return tuple(found) if found else ()


def waited(tmp_path: Path, match_id: int, place: str) -> tuple[object, ...] | None:
    """Return a place's oldest pending notice once the bot has recorded why it waits, or None."""
    row = outbox_row(tmp_path, match_id, place)
    return row if row and row[1] is not None else None


def test_a_board_channel_failing_or_rate_limited_holds_up_no_other_match(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, first_club = club(discord)
        cy, di, second_club = club(discord)
        async with running_bot(tmp_path, discord):
            a_board = await start(discord, 1, ana, bo, first_club)
            b_board = await start(discord, 2, cy, di, second_club)

            discord.fail_messages(a_board)  # Discord answers 500 there, over and over
            assert "Played" in await move(discord, ana, a_board, "e4")
            assert "Played" in await move(discord, bo, a_board, "e5")  # queued behind it
            await refused(discord, a_board, 500)
            image, late = await image_after_move(discord, cy, b_board, "d4")
            assert "White played d4" in image.content and image.files
            assert late < PROMPTLY and a_board in discord.faults
            assert len(await posted(discord, a_board)) == 1  # nothing got through there yet

            discord.heal(a_board)
            shown = await posted(discord, a_board, 3)
            assert "White played e4" in shown[1].content  # in the order they were played
            assert "Black played e5" in shown[2].content
            assert all(sent.files for sent in shown)

            discord.rate_limit_messages(a_board, 60.0)
            since = len(discord.refused)
            assert "Played" in await move(discord, ana, a_board, "Nf3")
            await refused(discord, a_board, 429, since)
            attempts, why, wait = await eventually(  # recorded in the bot's database: polled
                lambda: waited(tmp_path, 1, "board:1"),
                "the bot to record the wait Discord asked for board 1",
                seen=lambda: outbox_row(tmp_path, 1, "board:1"),
            )
            assert (attempts, why) == (0, "rate limited by Discord for 60 s")
            assert 59.0 < float(wait) < 65.0  # type: ignore[arg-type]
            image, late = await image_after_move(discord, di, b_board, "d5")
            assert "Black played d5" in image.content
            assert late < PROMPTLY and discord.faults[a_board] == 60.0
            assert len(await posted(discord, a_board)) == 3  # A waits out its minute alone

    offline(scenario)
