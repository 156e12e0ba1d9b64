"""A team match with an Escher Staircase floor, through the offline Discord."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.images import opened
from tests.bot.exts.test_matches import club, move, posted, replied, sent_files, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_team_match_with_an_escher_floor_rides_in_and_shows_its_staircases(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 3},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "Reds"},
                {"type": 3, "name": "black", "value": "Blues"},
                {"type": 3, "name": "floors", "value": "fide, escher, fide"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            first, second = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, second)
            assert "Played e4 on board 1" in await move(discord, ana, first, "e4")
            assert "Played e5 on board 1" in await move(discord, bo, first, "e5")
            assert "Pe4^2" in await move(discord, ana, first, "Pe4^2")
            arrived = await until(discord, second, "A white pawn arrives on e4 from board 1.")
            image = opened("escher-floor-arrival.png", arrived.files[0][1])
            assert image.width >= 400
            # a2 is on file a's staircase: the pawn lands on a3 and is carried to a4, the rook
            # from a1 to a2
            assert "Played a3 on board 2" in await move(discord, ana, second, "a3")
            shifted = await until(discord, second, "White played a3")
            opened("escher-floor-a3.png", shifted.files[0][1])

    offline(scenario)


def test_a_one_board_escher_game_runs_in_a_server_channel_with_a_clock(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 1},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "Ana"},
                {"type": 3, "name": "black", "value": "Bo"},
                {"type": 3, "name": "clock", "value": "10+5"},
                {"type": 3, "name": "game", "value": "escher"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            assert "Escher Staircase match 1: one board" in str(lobby["embeds"])
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            board = discord.channel_named(guild, "board-1")
            (first,) = await posted(discord, board)
            assert "Elevators" not in first.content
            assert "Played e4 on board 1" in await move(discord, ana, board, "e4")
            assert "Played e5 on board 1" in await move(discord, bo, board, "e5")
            shown = await until(discord, board, "Black played e5")
            opened("escher-server-e5.png", shown.files[0][1])
            exported = await discord.invoke(ana, board, "match", subcommand="export")
            assert "Escher Staircase" in str(await sent_files(discord, exported))

    offline(scenario)
