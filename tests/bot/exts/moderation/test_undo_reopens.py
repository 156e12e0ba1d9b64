"""An undo that brings a finished match back opens its board channels to the players again."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, move, replied, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually

SEND_MESSAGES = 1 << 11


async def can_send(discord: FakeDiscord, channel: int, user: int, expected: bool) -> None:
    """Wait until user's overwrite in channel allows (or denies) sending messages."""

    def as_expected() -> bool:
        allow, deny = discord.overwrite(channel, user) or (0, 0)
        return bool(allow & SEND_MESSAGES) == expected and bool(deny & SEND_MESSAGES) != expected

    await eventually(
        as_expected,
        f"{user} to {'be able' if expected else 'be unable'} to send in {channel}",
        changes=discord.changes,
        seen=lambda: discord.overwrite(channel, user),
    )


def test_undoing_a_captains_resignation_reopens_every_board_and_its_channel(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)  # ana owns the server: she moderates
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            overview = discord.channel_named(guild, "overview")
            boards = [discord.channel_named(guild, f"board-{b}") for b in (1, 2)]
            asked = await discord.invoke(bo, overview, "match", subcommand="resign")
            await replied(discord, asked)
            await discord.press(bo, asked)
            await until(discord, overview, "Final result")
            for channel in boards:
                await can_send(discord, channel, ana, False)
            undo = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 4, "name": "events", "value": 1},
                {"type": 3, "name": "reason", "value": "resigned by mistake"},
            ]
            asked = await discord.invoke(ana, general, "mod", undo, subcommand="undo")
            assert "Black resigned every board left" in await replied(discord, asked)
            await discord.press(ana, asked)
            await until(discord, overview, "The match is on again")
            for channel in boards:
                await can_send(discord, channel, ana, True)
                await can_send(discord, channel, bo, True)
            assert "Played e4 on board 1" in await move(discord, ana, boards[0], "e4")
            assert "Played d4 on board 2" in await move(discord, ana, boards[1], "d4")

    offline(scenario)
