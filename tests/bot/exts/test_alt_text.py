"""Every image the bot posts says in words what it shows, as Discord's alt text."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game
from tests.bot.exts.test_matches import club, move, posted, started
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


def test_board_images_in_a_server_say_the_board_in_words(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            (first,) = await posted(discord, board)
            assert first.alt[0] is not None
            assert first.alt[0].startswith("Board 1: White to move, move 1. White: king e1")
            assert "Played" in await move(discord, ana, board, "e4")
            second = (await posted(discord, board, 2))[1]
            assert "Board 1: Black to move, move 1. Last move from e2 to e4." in str(second.alt[0])
            shown = await discord.invoke(ana, board, "board", [], subcommand="show")
            drawn = await eventually(
                lambda: next((s for s in discord.replies(shown) if s.files), None),
                "the board shown",
                changes=discord.changes,
            )
            assert str(drawn.alt[0]).startswith("Board 1: Black to move, move 1.")
            status = await discord.invoke(
                ana, discord.channel_named(guild, "overview"), "match", [], subcommand="status"
            )
            sent = await eventually(
                lambda: next((s for s in discord.replies(status) if s.files), None),
                "the status image",
                changes=discord.changes,
            )
            assert str(sent.alt[0]).startswith("Match 1. Score: ")

    offline(scenario)


def test_a_dm_games_image_says_its_boards_in_words(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, _ = await dm_game(discord, ana, bo, guild, "chess", "Chess")
            image = next(m for m in discord.messages[ana_dm] if m["attachments"])
            said = image["attachments"][0]["description"]
            assert (
                said.startswith("Game 1, you play White. Score: ")
                and "Board 1: White to move, move 1." in said
            )

    offline(scenario)
