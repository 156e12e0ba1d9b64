"""Nobody is pinged through the bot but the players it means; typed names show as typed."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, move, posted, replied, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_team_names_and_reasons_that_mention_everyone_or_a_role_ping_nobody(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        role = discord.add_role(guild, "Everyone we know", [bo])
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await discord.invoke(
                ana,
                general,
                "config",
                [{"type": 7, "name": "channel", "value": str(general)}],
                subcommand="log-channel",
            )
            options = [
                {"type": 4, "name": "boards", "value": 2},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "@everyone **Reds**"},
                {"type": 3, "name": "black", "value": f"<@&{role}> @here"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            names = [field["name"] for field in lobby["embeds"][0]["fields"]]
            assert names[0].startswith("@\u200beveryone \\*\\*Reds\\*\\*")
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            board = discord.channel_named(guild, "board-1")
            overview = discord.channel_named(guild, "overview")
            await move(discord, ana, board, "e4")
            after = (await posted(discord, board, 2))[1]
            assert after.pings == {f"user:{bo}"}  # the player to move, and nobody else
            pause = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 3, "name": "reason", "value": f"@everyone @here <@&{role}> look"},
            ]
            paused = await discord.invoke(ana, general, "mod", pause, subcommand="pause")
            await replied(discord, paused)
            logged = await until(discord, general, "look")
            assert "@\u200beveryone @\u200bhere" in logged.content
            await until(discord, overview, "look")
            status = await discord.invoke(ana, overview, "match", [], subcommand="status")
            assert "\\*\\*Reds\\*\\*" in await replied(discord, status)
            for sent in discord.sent:
                assert "everyone" not in sent.pings, sent.content
                assert not any(p.startswith("role:") for p in sent.pings), sent.content
                assert sent.pings <= {f"user:{ana}", f"user:{bo}"}, sent.content

    offline(scenario)
