"""/mod as Discord shows it: hidden from members without Manage Server, its match found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bot.exts.test_matches import club, replied, started
from tests.bot.test_commands import MANAGE_GUILD, sync
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord


def option(name: str, value: Any, *, kind: int = 3, focused: bool = False) -> dict[str, Any]:
    """Return an option as Discord sends it (focused: the one being typed)."""
    return {"type": kind, "name": name, "value": value} | ({"focused": True} if focused else {})


def test_mod_is_refused_to_members_without_manage_server_until_an_admin_allows_their_role(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy, di = discord.add_user("cy"), discord.add_user("di")
        for user in (cy, di):
            discord.add_member(guild, user)
        referees = discord.add_role(guild, "Referees", [cy])
        discord.add_role(guild, "Admins", [di], permissions=MANAGE_GUILD)
        general = discord.channel_named(guild, "general")
        await sync(tmp_path, discord, guild)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "overview")  # where anyone may type
            pause = [option("reason", "a dispute")]
            for user in (bo, cy):
                with pytest.raises(CommandRefused, match="Discord does not show it"):
                    await discord.invoke(user, one, "mod", pause, subcommand="pause")
            with pytest.raises(CommandRefused):
                await discord.invoke(
                    bo,
                    general,
                    "config",
                    [option("role", str(referees), kind=8)],
                    subcommand="moderator-role",
                )
            named = await discord.invoke(
                ana,
                general,
                "config",
                [option("role", str(referees), kind=8)],
                subcommand="moderator-role",
            )
            text = await replied(discord, named)
            assert f"Moderators: Manage Server and <@&{referees}>." in text
            assert "Server Settings → Integrations" in text
            discord.allow_command(guild, "mod", referees)  # what the admin does in Discord
            paused = await discord.invoke(cy, one, "mod", pause, subcommand="pause")
            assert "Paused match 1 (a dispute)." in await replied(discord, paused)
            resumed = await discord.invoke(
                di, one, "mod", [option("reason", "settled")], subcommand="resume"
            )
            assert "Resumed match 1 (settled)." in await replied(discord, resumed)

    offline(scenario)


def test_mod_acts_on_the_channels_match_and_its_menus_offer_the_servers_matches_and_boards(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")  # the lobby's channel: match 1's too
        chat = discord.add_channel(guild, "chat")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=3)
            overview = discord.channel_named(guild, "overview")
            team = discord.channel_named(guild, "team-reds")
            outside = await discord.invoke(
                ana, chat, "mod", [option("reason", "a dispute")], subcommand="pause"
            )
            assert "name one with the match option" in await replied(discord, outside)
            paused = await discord.invoke(
                ana, overview, "mod", [option("reason", "a dispute")], subcommand="pause"
            )
            assert "Paused match 1 (a dispute)." in await replied(discord, paused)
            resumed = await discord.invoke(
                ana, team, "mod", [option("reason", "settled")], subcommand="resume"
            )
            assert "Resumed match 1 (settled)." in await replied(discord, resumed)
            named = await discord.invoke(
                ana, chat, "mod", [option("match", 1, kind=4)], subcommand="log"
            )
            assert "pause: a dispute" in await replied(discord, named)
            in_lobby = await discord.invoke(ana, general, "mod", [], subcommand="log")
            assert "Match 1:" in await replied(discord, in_lobby)

            def typing(*given: dict[str, Any]) -> list[dict[str, Any]]:
                return [{"type": 1, "name": "adjudicate", "options": list(given)}]

            matches = await discord.autocomplete(
                ana, general, "mod", typing(option("match", "", kind=4, focused=True))
            )
            assert matches == [{"name": "match 1: Reds against Blues, 3 boards, live", "value": 1}]
            none_typed = typing(option("match", "7", kind=4, focused=True))
            assert await discord.autocomplete(ana, general, "mod", none_typed) == []
            boards = await discord.autocomplete(
                ana,
                general,
                "mod",
                typing(option("match", 1, kind=4), option("board", "", kind=4, focused=True)),
            )
            assert [b["value"] for b in boards] == [1, 2, 3]
            here = discord.channel_named(guild, "board-2")
            boards = await discord.autocomplete(
                ana, here, "mod", typing(option("board", "3", kind=4, focused=True))
            )
            assert boards == [{"name": "board 3", "value": 3}]
            lost = await discord.autocomplete(
                ana, chat, "mod", typing(option("board", "", kind=4, focused=True))
            )
            assert lost == []

    offline(scenario)
