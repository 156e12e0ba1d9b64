"""Ben Good's Wonkavator through the offline Discord: a game in DMs and one in a server."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.games.test_enders_games import typed
from tests.bot.exts.matches.test_enders_match import act, started
from tests.bot.exts.test_matches import club, move, replied, sent_files, until
from tests.bot.exts.test_rematch import with_button
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_wonkavator_game_in_dms_moves_an_elevator_sideways(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(
                discord, ana, bo, guild, "wonkavator", "Ben Good's Wonkavator"
            )
            # autocomplete offers the sideways lifts beside the ups and downs
            offered = await typed(discord, ana, ana_dm, "E2b1")
            assert "E2b1N" in offered
            assert "Played E2b1N on board 1" in await move(discord, ana, ana_dm, "E2b1N")
            await dm_until(discord, bo, "White played E2b1N.")
            # into no shaft, refused with why, and nothing changes
            refused = await move(discord, bo, bo_dm, "E2c4W")
            assert refused == (
                "An elevator moves sideways into a shaft on its level: pole b4 has none on "
                "level 2, so pole c4's elevator cannot go west on board 1"
            )
            assert "Played E2c4S on board 1" in await move(discord, bo, bo_dm, "E2c4S")
            await dm_until(discord, ana, "Black played E2c4S.")

    offline(scenario)


def test_a_wonkavator_game_is_played_and_exported_in_a_server_channel(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            game = ("wonkavator", "Ben Good's Wonkavator")
            board = await started(discord, ana, bo, guild, game=game)
            assert "Played E2b1N on board 1" in await act(discord, ana, board, "E2b1N")
            assert "Played E2c4S on board 1" in await act(discord, bo, board, "E2c4S")
            shown = await until(discord, board, "Black played E2c4S.")
            assert Image.open(io.BytesIO(shown.files[-1][1])).width >= 600
            exported = await discord.invoke(ana, board, "match", subcommand="export")
            ((name, data),) = await sent_files(discord, exported)
            pgn = data.decode()
            assert name.endswith(".pgn") and '[Variant "Ben Good\'s Wonkavator"]' in pgn
            assert "1. E2b1N E2c4S *" in pgn

    offline(scenario)


def test_a_move_in_dms_says_its_game_when_the_player_has_two(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, _ = await dm_game(discord, ana, bo, guild, "chess", "Chess")
            general = discord.channel_named(guild, "general")
            options = [
                {"type": 6, "name": "opponent", "value": str(bo)},
                {"type": 3, "name": "game", "value": "wonkavator"},
            ]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "Challenge sent" in await replied(discord, sent)
            await discord.click(
                bo,
                int(with_button(discord, discord.dms[bo], "invite:2:accept")["id"]),
                "invite:2:accept",
            )
            await dm_until(discord, ana, "Game 2:")
            # E2b1N is a move of the Wonkavator alone: it goes to game 2, which the reply says
            assert await move(discord, ana, ana_dm, "E2b1N") == "Game 2: Played E2b1N on board 1."

    offline(scenario)
