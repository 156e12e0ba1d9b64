"""Escher Staircase through the offline Discord: challenged and played in DMs."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.images import latest_image
from tests.bot.exts.test_matches import club, move
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_an_escher_game_is_challenged_and_played_in_dms(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "escher", "Escher Staircase, ")
            assert "Played e4 on board 1" in await move(discord, ana, ana_dm, "e4")
            assert "Played e5 on board 1" in await move(discord, bo, bo_dm, "e5")
            refused = await move(discord, ana, ana_dm, "Bc4=Q")
            assert "Bc4=Q promotes no pawn on board 1: write Bc4" in refused
            assert "Played Bc4 on board 1" in await move(discord, ana, ana_dm, "Bc4")
            await dm_until(discord, bo, "Board 1: White played Bc4.")
            image = latest_image(discord, bo_dm, "escher-bc4.png")
            assert image.width >= 400
            refused = await move(discord, bo, bo_dm, "Pe5^")  # a one-board game has no elevators
            assert "'Pe5^' is not a move on board 1: write a move in SAN (Nf3) or UCI (g1f3)" in (
                refused
            )
            assert "ride" not in refused

    offline(scenario)
