"""/export against the offline Discord: DM games as PGN and JSON, for their players alone."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.test_matches import club, move, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction


def exported(discord: FakeDiscord, interaction: Interaction) -> tuple[str, str]:
    """Return the file an /export answered with: its name and its text."""
    (reply,) = discord.replies(interaction)
    ((name, data),) = reply.files
    return name, data.decode()


def test_a_finished_dm_game_is_exported_by_its_players_as_pgn_and_json(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "chess")
            await dm_until(discord, ana, "Your move on board 1.")
            ana_dm, bo_dm = discord.dm_of(ana), discord.dm_of(bo)
            for user, channel, text in [
                (ana, ana_dm, "f3"),
                (bo, bo_dm, "e5"),
                (ana, ana_dm, "g4"),
                (bo, bo_dm, "Qh4#"),
            ]:
                assert "Played" in await move(discord, user, channel, text)
            await dm_until(discord, ana, "Final result")
            typed = [{"type": 4, "name": "game", "value": "", "focused": True}]
            choices = await discord.autocomplete(ana, ana_dm, "export", typed)
            assert choices == [{"name": "Game 1: Chess, ana against bo (finished)", "value": 1}]
            as_pgn = await discord.invoke(
                ana, ana_dm, "export", [{"type": 4, "name": "game", "value": 1}]
            )
            name, pgn = exported(discord, as_pgn)
            assert name == "game-1-board-1.pgn"
            assert "1. f3 e5 2. g4 Qh4# { 0-1 by checkmate } 0-1" in pgn
            assert '[White "ana"]' in pgn and '[Black "bo"]' in pgn and '[Result "0-1"]' in pgn
            as_json = await discord.invoke(
                bo, bo_dm, "export", [{"type": 3, "name": "format", "value": "json"}]
            )
            name, record = exported(discord, as_json)
            assert name == "game-1.json" and json.loads(record)
            refused = await discord.invoke(
                cy, discord.dm_of(cy), "export", [{"type": 4, "name": "game", "value": 1}]
            )
            assert (
                await replied(discord, refused)
                == "Only the players of game 1 can export it outside its channels"
            )
            nothing = await discord.invoke(cy, discord.dm_of(cy), "export")
            assert "You have no game to export yet" in await replied(discord, nothing)

    offline(scenario)


def test_an_elevator_game_exports_every_board_in_one_pgn_file(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "elevator")
            await dm_until(discord, ana, "Your move on boards 1 and 2.")
            played = await discord.invoke(
                ana,
                discord.dm_of(ana),
                "move",
                [
                    {"type": 3, "name": "move", "value": "e4"},
                    {"type": 4, "name": "board", "value": 2},
                ],
            )
            assert "Played e4 on board 2" in await replied(discord, played)
            asked = await discord.invoke(
                bo,
                discord.channel_named(guild, "general"),  # elsewhere: the player's latest game
                "export",
                [{"type": 3, "name": "format", "value": "pgn"}],
            )
            name, pgn = exported(discord, asked)
            assert name == "game-1.pgn" and pgn.count("[Event ") == 2
            assert discord.replies(asked)[0].ephemeral  # a DM game is not shown to the server
            first, second = pgn.split("\n\n[Event ")
            assert "1. e4" not in first and "1. e4 *" in second

    offline(scenario)
