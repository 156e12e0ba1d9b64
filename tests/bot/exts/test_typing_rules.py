"""Where players and spectators may type: the offline Discord keeps Discord's rules."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.bot.exts.test_matches import club, move, replied, started
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord

SEND_MESSAGES = 1 << 11


def test_spectators_and_players_use_the_overview_commands_in_the_overview(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")  # a spectator
        discord.add_member(guild, cy)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            overview = discord.channel_named(guild, "overview")
            assert discord.permissions(overview, cy) & SEND_MESSAGES
            for user in (cy, bo):
                status = await discord.invoke(user, overview, "match", [], subcommand="status")
                assert "Match 1 (active" in await replied(discord, status)
            board = discord.channel_named(guild, "board-1")
            with pytest.raises(CommandRefused):  # a spectator only watches the boards
                await discord.invoke(
                    cy, board, "move", [{"type": 3, "name": "move", "value": "e4"}]
                )
            assert "Played e4 on board 1" in await move(discord, ana, board, "e4")

    offline(scenario)


def test_a_channel_made_without_overwrites_in_a_category_takes_the_categorys() -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        deny_send = {"id": str(guild), "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}
        headers = {"Authorization": "Bot offline-token"}
        url = f"{discord.api_base}/guilds/{guild}/channels"
        async with aiohttp.ClientSession(headers=headers) as http:
            made = await http.post(
                url, json={"name": "match", "type": 4, "permission_overwrites": [deny_send]}
            )
            category = int((await made.json())["id"])
            made = await http.post(
                url,
                json={"name": "overview", "parent_id": str(category), "permission_overwrites": []},
            )
            overview = int((await made.json())["id"])
        assert not discord.permissions(overview, bo) & SEND_MESSAGES
        assert discord.permissions(overview, ana) & SEND_MESSAGES  # the owner may do anything
        with pytest.raises(CommandRefused):
            await discord.invoke(bo, overview, "rules")

    offline(scenario)
