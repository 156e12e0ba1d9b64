"""Clocks against the offline Discord: chosen, shown, falling while the bot was down, reminding."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_texts, dm_until
from tests.bot.exts.test_matches import club, move, posted, replied, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord

HOUR = 3600


def set_back(tmp_path: Path, seconds: float, board: int | None = None) -> None:
    """Make the clocks read as if seconds more had passed, as while the bot was down."""
    where = "" if board is None else f" WHERE board = {board}"
    with sqlite3.connect(tmp_path / "elevator.db") as connection:
        connection.execute(
            f"UPDATE clocks SET since = since - ?, due_at = due_at - ?{where}", (seconds, seconds)
        )


def test_a_live_match_shows_its_clock_and_a_flag_that_fell_while_away_is_settled_on_start(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 2},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "Reds"},
                {"type": 3, "name": "black", "value": "Blues"},
                {"type": 3, "name": "clock", "value": "10+5"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            assert (
                "Clock: 10+5 (10 minutes per board + 5 s a move)"
                in (lobby["embeds"][0]["description"])
            )
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            assert "Played e4 on board 1" in await move(discord, ana, one, "e4")
            image = (await posted(discord, one, 2))[1].files[0][1]
            assert image.startswith(b"\x89PNG")
        set_back(tmp_path, 700, board=2)  # White's ten minutes on board 2 ran out meanwhile
        async with running_bot(tmp_path, discord):
            told = await until(discord, two, "White ran out of time.")
            assert "Board 2 is over: 0-1 (timeout)." in told.content and told.files
            overview = discord.channel_named(guild, "overview")
            await until(discord, overview, "Board 2: White ran out of time.")
            await until(discord, overview, "Board 2 ends 0-1 (timeout).")
            late = await move(discord, ana, two, "d4")
            assert "Board 2 is finished (0-1 by timeout)" in late
            assert "Played e5 on board 1" in await move(discord, bo, one, "e5")
            given = await discord.invoke(
                ana,
                overview,
                "mod",
                [
                    {"type": 4, "name": "match", "value": 1},
                    {"type": 4, "name": "board", "value": 1},
                    {"type": 3, "name": "side", "value": "white"},
                    {"type": 10, "name": "minutes", "value": 2},
                    {"type": 3, "name": "reason", "value": "lag"},
                ],
                subcommand="add-time",
            )
            assert "Gave white 2 minutes on board 1 of match 1 (lag)" in await replied(
                discord, given
            )
            await until(discord, overview, "A moderator gave White 2 minutes on board 1: lag.")
            await until(discord, one, "A moderator gave White 2 minutes on board 1: lag.")
            status = await discord.invoke(bo, overview, "match", subcommand="status")
            assert "10 minutes per board + 5 s a move" in await replied(discord, status)

    offline(scenario)


def test_a_correspondence_game_reminds_the_player_to_move_in_their_dms(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            typed = [{"type": 3, "name": "clock", "value": "2d", "focused": True}]
            choices = await discord.autocomplete(ana, general, "challenge", typed)
            assert choices[0] == {"name": "2d: 2 days a move", "value": "2d"}
            options = [
                {"type": 6, "name": "opponent", "value": str(bo)},
                {"type": 4, "name": "boards", "value": 1},
                {"type": 3, "name": "clock", "value": "1d"},
            ]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "Challenge sent" in await replied(discord, sent)
            (invitation,) = discord.messages[discord.dms[bo]]
            assert "on 1 board in a line, 1 day a move" in invitation["content"]
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            await dm_until(discord, ana, "Your move on board 1.")
            refused = await discord.invoke(
                ana,
                general,
                "challenge",
                [*options[:2], {"type": 3, "name": "clock", "value": "fast"}],
            )
            assert "'fast' is not a time control" in await replied(discord, refused)
        set_back(tmp_path, 19 * HOUR)  # under a quarter of the day is left: about 5 hours
        async with running_bot(tmp_path, discord):
            reminder = await dm_until(discord, ana, "waits on your move")
            assert reminder.startswith("Game 1: Board 1 waits on your move as White: 4 hours 5")
            assert "the board is lost on time <t:" in reminder
            before = len(await dm_texts(discord, bo, 1))
            assert "Played e4 on board 1" in await move(discord, ana, discord.dms[ana], "e4")
            await dm_until(discord, bo, "Board 1: White played e4.")
            texts = await dm_texts(discord, bo, before + 1)
            assert not any("waits on your move" in text for text in texts)
            listed = await discord.invoke(bo, discord.dms[bo], "games")
            assert "your move on board 1 (23 hours 59 minutes left)" in await replied(
                discord, listed
            )

    offline(scenario)
