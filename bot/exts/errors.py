"""The extension that answers every failed slash command, as bot/ui/errors.py says it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.errors import reply_error


class Errors(commands.Cog):
    """Answers every failed slash command."""

    def __init__(self, bot: commands.Bot) -> None:
        self._bot = bot
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Reply to a failed slash command."""
        await reply_error(interaction, error)


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Errors(bot))
