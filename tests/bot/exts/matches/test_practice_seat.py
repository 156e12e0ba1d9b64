"""A team one short seats the practice opponent through the offline Discord, and it plays."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_until
from tests.bot.exts.test_matches import club, replied, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


async def reds_field(discord: FakeDiscord, lobby: int, words: str) -> str:
    """Wait until the lobby's first team (Reds) lists words; return that team's field."""

    def field() -> str:
        message = discord.message(lobby)
        return str(message["embeds"][0]["fields"][0]["value"]) if message else ""

    return await eventually(
        lambda: field() if words in field() else None,
        f"the lobby's Reds to list {words!r}",
        changes=discord.changes,
        seen=field,
    )


def test_a_team_one_short_seats_the_bot_which_plays_its_board_after_a_practice_game(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")
        me = discord.application_id
        async with running_bot(tmp_path, discord):
            practice = [
                {"type": 6, "name": "opponent", "value": str(me)},
                {"type": 3, "name": "game", "value": "chess"},
            ]  # a practice game first: Ana's DMs with the bot are open when the match starts
            await replied(discord, await discord.invoke(ana, general, "challenge", practice))
            await dm_until(discord, ana, "Your move on board 1.")
            teams = [
                {"type": 4, "name": "boards", "value": 2},
                {"type": 3, "name": "white", "value": "Reds"},
                {"type": 3, "name": "black", "value": "Blues"},
            ]
            made = await discord.invoke(ana, general, "match", teams, subcommand="create")
            assert made.original is not None
            lobby = int(made.original["id"])
            await discord.click(ana, lobby, "lobby:2:join-white")
            await discord.click(bo, lobby, "lobby:2:join-black")
            await discord.click(cy, lobby, "lobby:2:join-black")
            seat = [
                {"type": 4, "name": "board", "value": 1},
                {"type": 3, "name": "team", "value": "white"},
                {"type": 6, "name": "player", "value": str(me)},
                {"type": 4, "name": "strength", "value": 1},
            ]
            seated = await discord.invoke(ana, general, "match", seat, subcommand="seat")
            assert await replied(discord, seated) == (
                "I will play White on board 1 as the practice opponent, at strength 1 of 5."
            )
            listed = f"<@{me}> (practice opponent, strength 1: White on board 1)"
            assert await reds_field(discord, lobby, listed) == f"<@{ana}> (captain)\n{listed}"
            begun = await discord.click(ana, lobby, "lobby:2:start")
            assert "has started" in await replied(discord, begun)
            board = discord.channel_named(guild, "board-1")
            assert (
                f"Black to move: <@{bo}>" in (await until(discord, board, "White played")).content
            )
            overview = discord.channel_named(guild, "overview")
            status = await discord.invoke(ana, overview, "match", subcommand="status")
            assert f"\n<@{me}>: practice opponent, strength 1: White on board 1" in await replied(
                discord, status
            )

    offline(scenario)
