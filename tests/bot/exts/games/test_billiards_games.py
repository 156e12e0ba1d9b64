"""Billiards chess through the offline Discord: challenged and played in DMs, and its rules."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.matches.test_variants import started, text
from tests.bot.exts.test_matches import club, move, posted
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_billiards_game_is_challenged_and_played_off_the_cushion(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "billiards", "Billiards chess, ")
            assert "Played e4 on board 1" in await move(discord, ana, ana_dm, "e4")
            assert "Played e5 on board 1" in await move(discord, bo, bo_dm, "e5")
            # f1-e2-d3-c4-b5-a6, off the cushion, b7
            assert "Played Bxb7 on board 1" in await move(discord, ana, ana_dm, "Bxb7")
            await dm_until(discord, bo, "Board 1: White played Bxb7.")
            # d8-e7-f6-g5-h4, off the cushion, g3-f2: a capture with check
            assert "Played Qxf2+ on board 1" in await move(discord, bo, bo_dm, "Qxf2")
            refused = await move(discord, ana, ana_dm, "Bc8")  # the king stands in check
            assert (
                "Bc8 is not legal for White on board 1: it would leave White's king in check"
                in refused
            )

    offline(scenario)


def test_a_billiards_floor_beside_fide_boards_lets_a_bishop_bounce_in_a_server_match(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, 3, text("floors", "fide,billiards,fide"))
            two = discord.channel_named(guild, "board-2")
            (first, *_) = await posted(discord, two)
            # said in words too, for those who cannot see the image's rails
            assert "Files a and h of this board are cushions: lines bounce off them." in (
                first.content
            )
            await move(discord, ana, two, "e3")
            await move(discord, bo, two, "h6")
            assert "Played Bxb7 on board 2" in await move(discord, ana, two, "Bxb7")

    offline(scenario)
