"""/help: the commands by task, every one the bot registers, and the rules in brief."""

from __future__ import annotations

import asyncio
from pathlib import Path

from discord import app_commands

import games
from bot.bot import ElevatorBot
from bot.exts.help import SECTIONS, named_commands
from bot.settings import Settings
from tests.bot.exts.test_matches import club
from tests.bot.exts.test_rules import answer
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def registered_commands() -> list[str]:
    """Return every slash command of the bot's real command tree, as typed after the slash."""

    async def build() -> list[str]:
        # entered as `python -m bot sync` does: a sharded client closes only once entered
        async with ElevatorBot(Settings(discord_token="unused"), commands_only=True) as bot:
            await bot.setup_hook()  # loads every extension over an empty database in memory
            commands = bot.tree.walk_commands()
            return [c.qualified_name for c in commands if isinstance(c, app_commands.Command)]

    return asyncio.run(build())


def test_help_names_every_command_the_bot_registers_and_no_other() -> None:
    named, registered = named_commands(), registered_commands()
    assert len(named) == len(set(named))  # each once
    unnamed, stale = set(registered) - set(named), set(named) - set(registered)
    assert not unnamed, f"/help does not name {sorted(unnamed)}: add them to SECTIONS"
    assert not stale, f"/help names {sorted(stale)}, which the bot does not register"


def test_help_groups_the_commands_by_task() -> None:
    titles = [title.split(" (")[0] for title, _ in SECTIONS]
    assert titles == ["Play", "Team matches", "Casual games", "Ratings", "Moderators"]


def test_help_in_a_dm_says_what_the_bot_does_lists_commands_and_shows_the_rules(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, _ = club(discord)
        async with running_bot(tmp_path, discord):
            asked = await discord.invoke(ana, discord.dm_of(ana), "help")
            reply = await answer(discord, asked)
            about, rules = reply.embeds
            assert about["description"].startswith("This bot hosts Elevator Chess")
            for kind in games.KINDS:  # the registry's games, a new one without a word here
                assert games.game_class(kind).TITLE in about["description"]
            fields = {f["name"].split(" (")[0]: f["value"] for f in about["fields"]}
            assert fields["Play"].startswith("`/move`: play a move")
            assert "`/match join` `leave` `seat`: pick teams and seats" in fields["Team matches"]
            assert (
                "`/matches`" in fields["Team matches"] and "`/challenge`" in fields["Casual games"]
            )
            assert fields["Moderators"].startswith("`/mod adjudicate` `resign` `forfeit`")
            assert rules["title"] == "Elevator Chess" and "**Elevators.**" in rules["description"]
            assert rules["image"]["url"] == "attachment://elevator-example.png"
            assert reply.files[0][0] == "elevator-example.png"
            texts = [about["description"], rules["description"], *fields.values()]
            assert not any("http" in text or "](" in text for text in texts)  # link-free

    offline(scenario)
