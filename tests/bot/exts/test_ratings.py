"""/rating and /leaderboard against the offline Discord, after a rated casual game."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.test_matches import club, move, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction, Sent
from tests.waiting import eventually

CHESS = [{"type": 3, "name": "game", "value": "chess"}]
FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]


async def embedded(discord: FakeDiscord, interaction: Interaction) -> Sent:
    """Wait for the bot's answer with an embed to an interaction, and return it."""
    found = await eventually(
        lambda: [sent for sent in discord.replies(interaction) if sent.embeds],
        "an answer with an embed",
        changes=discord.changes,
        seen=lambda: interaction.responses,
    )
    return found[0]


def test_a_rated_casual_game_shows_in_rating_and_leaderboard_where_it_was_challenged(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "chess")
            await dm_until(discord, ana, "Your move on board 1.")
            ana_dm, bo_dm = discord.dm_of(ana), discord.dm_of(bo)
            for turn, text in enumerate(FOOLS_MATE):
                user, channel = (ana, ana_dm) if turn % 2 == 0 else (bo, bo_dm)
                assert "Played" in await move(discord, user, channel, text)
            await dm_until(discord, ana, "Final result")

            board = await embedded(
                discord, await discord.invoke(ana, general, "leaderboard", CHESS)
            )
            (embed,) = board.embeds
            assert board.ephemeral and embed["title"] == "Chess: Players, Chess Club"
            lines = embed["description"].splitlines()
            assert lines[0].startswith("**1.** bo · 1,662? · 1 game")
            assert lines[1].startswith("**2.** ana · 1,338? · 1 game") and "← you" in lines[1]

            mine = await embedded(discord, await discord.invoke(ana, general, "rating"))
            (embed,) = mine.embeds
            assert embed["title"] == "ana's ratings, Chess Club"
            assert embed["description"] == "**Chess**: 1,338? (±290, 1 game)"
            (recent,) = embed["fields"]
            assert recent["name"] == "Last rated games"
            assert "game 1 · Chess · lost against bo · 1,338? (-162)" in recent["value"]
            ((name, png),) = mine.files
            image = Image.open(io.BytesIO(png))
            assert name == "rating.png" and image.size == (400, 200)

            in_dms = await discord.invoke(ana, ana_dm, "leaderboard", CHESS)
            (embed,) = (await embedded(discord, in_dms)).embeds
            assert embed["description"] == (
                "No rated games of Chess in DM games yet: finish a rated game to appear here."
            )
            far = await discord.invoke(
                ana, general, "leaderboard", [*CHESS, {"type": 4, "name": "page", "value": 3}]
            )
            assert await replied(discord, far) == "Page 3 is past the last one (1)"

    offline(scenario)


SCHOLARS_MATE = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]


def test_your_rating_in_dms_shows_every_server_you_are_rated_in_and_the_dm_games(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = discord.dm_of(ana), discord.dm_of(bo)
            for channel, moves in ((None, FOOLS_MATE), (ana_dm, SCHOLARS_MATE)):
                await challenged(discord, ana, bo, guild, "chess", channel=channel)
                for turn, text in enumerate(moves):
                    user, dm = (ana, ana_dm) if turn % 2 == 0 else (bo, bo_dm)
                    assert "Played" in await move(discord, user, dm, text)
                await dm_until(
                    discord,
                    ana,
                    "Final result: 1-0" if moves == SCHOLARS_MATE else "Final result: 0-1",
                )

            mine = await embedded(discord, await discord.invoke(ana, ana_dm, "rating"))
            (embed,) = mine.embeds
            assert embed["title"] == "ana's ratings, in every server and in DM games"
            fields = [(f["name"], f["value"]) for f in embed["fields"]]
            assert fields[:2] == [
                ("DM games", "**Chess**: 1,662? (±290, 1 game)"),
                ("Chess Club", "**Chess**: 1,338? (±290, 1 game)"),
            ]
            assert fields[2][0] == "Last rated games"
            recent = fields[2][1].splitlines()
            assert "DM games · game 2 · Chess · won against bo · 1,662? (+162)" in recent[0]
            assert "Chess Club · game 1 · Chess · lost against bo · 1,338? (-162)" in recent[1]
            assert [name for name, _ in mine.files] == ["rating.png"]

            someone = [{"type": 6, "name": "player", "value": str(bo)}]
            theirs = await embedded(discord, await discord.invoke(ana, ana_dm, "rating", someone))
            assert theirs.embeds[0]["title"] == "bo's ratings, DM games"  # their servers are theirs
            assert theirs.embeds[0]["description"] == "**Chess**: 1,338? (±290, 1 game)"

    offline(scenario)


def test_rating_in_dms_reads_the_dm_games_pool_and_says_whose_ratings_are_missing(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, _ = club(discord)
        me = discord.application_id
        async with running_bot(tmp_path, discord):
            dm = discord.dm_of(ana)
            board = await embedded(discord, await discord.invoke(ana, dm, "leaderboard", CHESS))
            assert board.embeds[0]["title"] == "Chess: Players, DM games"  # everyone's, not hers
            mine = await embedded(discord, await discord.invoke(ana, dm, "rating"))
            (embed,) = mine.embeds
            assert embed["title"] == "ana's ratings, in every server and in DM games"
            assert embed["description"] == (
                "No rated games of any game yet, in a server or in DM games: finish a rated "
                "game to have a rating."
            )
            someone = [{"type": 6, "name": "player", "value": str(bo)}]
            theirs = await embedded(discord, await discord.invoke(ana, dm, "rating", someone))
            assert theirs.embeds[0]["description"] == (
                "bo has no rated games of any game in DM games yet."
            )
            bot = [{"type": 6, "name": "player", "value": str(me)}]
            mine = await embedded(discord, await discord.invoke(ana, dm, "rating", bot))
            assert mine.embeds[0]["description"] == (
                "I am never rated: games against me are practice."
            )

    offline(scenario)
