"""A post retried after a crash is shown once: the bot's nonce, which Discord enforces."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.exts.test_matches import club, move, posted, started, until
from tests.bot.test_main import bot_environment, offline, running_bot, start_bot, until_connected
from tests.fakediscord.server import FakeDiscord


async def crash_after_posting(
    tmp_path: Path, discord: FakeDiscord, ana: int, bo: int, guild: int
) -> int:
    """Start a match, then kill the bot just after Discord made e4's post but before it heard.

    Return board 1's channel, where the post stands that the bot never recorded as sent.
    """
    log = tmp_path / "killed.log"
    with log.open("ab") as output:
        killed = await start_bot(tmp_path, bot_environment(tmp_path, discord), output)
    try:
        await until_connected(discord, killed, log)
        await started(discord, ana, bo, guild)
        board = discord.channel_named(guild, "board-1")
        await posted(discord, board)
        discord.stalled[board] = asyncio.Event()  # the next post is made; its answer waits
        await move(discord, ana, board, "e4")
        await until(discord, board, "White played e4.")
    finally:
        killed.kill()  # SIGKILL before the bot could record the post as sent
        await killed.wait()
    discord.stalled.pop(board).set()  # the dead bot's request is answered, to nobody
    return board


def test_a_board_image_posted_just_before_a_crash_is_not_shown_again_after_the_restart(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        board = await crash_after_posting(tmp_path, discord, ana, bo, guild)
        async with running_bot(tmp_path, discord):
            await move(discord, bo, board, "e5")
            await until(discord, board, "Black played e5.")  # e4's notice was settled first
            shown = [m for m in discord.messages[board] if "White played e4." in m["content"]]
            assert len(shown) == 1, "the post retried after the crash was shown twice"
            assert len(shown[0]["nonce"]) <= 25

    offline(scenario)


def test_a_post_made_before_a_crash_is_not_shown_again_after_discord_forgot_its_nonce(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        board = await crash_after_posting(tmp_path, discord, ana, bo, guild)
        discord.nonce_window = 0.0  # the bot was down longer than Discord keeps a nonce
        async with running_bot(tmp_path, discord):
            await move(discord, bo, board, "e5")
            await until(discord, board, "Black played e5.")  # e4's notice was settled first
            shown = [m for m in discord.messages[board] if "White played e4." in m["content"]]
            assert len(shown) == 1, "the post retried after the outage was shown twice"

    offline(scenario)
