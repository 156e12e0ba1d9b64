"""A draw offered in a DM game reaches the other player with buttons to answer it."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_until
from tests.bot.exts.test_matches import club, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_the_player_offered_a_draw_in_a_dm_game_accepts_it_with_a_button(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [{"type": 6, "name": "opponent", "value": str(bo)}]
            await replied(discord, await discord.invoke(ana, general, "challenge", options))
            (invitation,) = discord.messages[discord.dms[bo]]
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            await dm_until(discord, ana, "Your move on boards 1 and 2.")
            offer = [
                {"type": 3, "name": "action", "value": "offer"},
                {"type": 4, "name": "board", "value": 2},
            ]
            made = await discord.invoke(ana, discord.dms[ana], "draw", offer)
            assert await replied(discord, made) == "You offered a draw on board 2."
            await dm_until(discord, bo, "Board 2: White offers a draw")
            (shown,) = [
                m
                for m in discord.messages[discord.dms[bo]]
                if "White offers a draw" in m["content"]
            ]
            buttons = [c["custom_id"] for row in shown["components"] for c in row["components"]]
            assert "board:1:2:accept-draw" in buttons and "board:1:2:decline-draw" in buttons
            mine = [
                m
                for m in discord.messages[discord.dms[ana]]
                if "White offers a draw" in m["content"]
            ]
            assert not any(
                "accept-draw" in c["custom_id"]
                for m in mine
                for row in m["components"]
                for c in row["components"]
            ), "the player who offered got buttons to accept their own offer"
            accepted = await discord.click(bo, int(shown["id"]), "board:1:2:accept-draw")
            assert "board 2 is drawn" in await replied(discord, accepted)
            await dm_until(discord, ana, "Board 2 ends 1/2-1/2")

    offline(scenario)
