"""What Discord's app lets a player send once the commands are registered: required options and
lengths, for a one-board Ender's Chess match created without a layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.exts.test_matches import club, replied
from tests.bot.test_commands import sync
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord


def test_a_one_board_enders_match_is_created_without_a_layout_and_discord_bounds_a_move(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        await sync(tmp_path, discord, guild)
        async with running_bot(tmp_path, discord):
            with pytest.raises(CommandRefused, match="needs its option boards"):
                await discord.invoke(ana, general, "match", [], subcommand="create")
            options = [
                {"type": 4, "name": "boards", "value": 1},
                {"type": 3, "name": "game", "value": "enders"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            assert created.original is not None
            assert "Ender's Chess match 1: one board" in str(created.original["embeds"])
            with pytest.raises(CommandRefused, match="takes no text 201 long"):
                await discord.invoke(
                    ana, general, "move", [{"type": 3, "name": "move", "value": "e" * 201}]
                )
            moved = await discord.invoke(
                ana, general, "move", [{"type": 3, "name": "move", "value": "e4"}]
            )
            assert "no game under way" in await replied(discord, moved)

    offline(scenario)
