"""Cylindrical chess through the offline Discord: challenged and played in DMs."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.test_matches import club, move
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_cylindrical_game_is_challenged_and_played_across_the_edge(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(
                discord, ana, bo, guild, "cylinder", "Cylindrical chess, "
            )
            assert "Played e4 on board 1" in await move(discord, ana, ana_dm, "e4")
            assert "Played d5 on board 1" in await move(discord, bo, bo_dm, "d5")
            assert "Played Bb5+ on board 1" in await move(discord, ana, ana_dm, "Bb5")
            assert "Played c6 on board 1" in await move(discord, bo, bo_dm, "c6")
            # b5-a6-h7: the bishop takes across the edge.
            refused = await move(discord, ana, ana_dm, "bxh7")  # b is a file: no pawn takes
            assert refused.endswith("; did you mean Bxh7?")
            assert "Played Bxh7 on board 1" in await move(discord, ana, ana_dm, "Bxh7")
            await dm_until(discord, bo, "Board 1: White played Bxh7.")
            refused = await move(discord, bo, bo_dm, "a8a8")
            assert "a8a8 would leave the position unchanged on board 1" in refused

    offline(scenario)
