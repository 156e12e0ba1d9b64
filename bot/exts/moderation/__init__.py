"""Moderators' tools: /mod for matches, /config for the server's moderator role and log."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.moderation._cog import Moderation
from bot.exts.moderation._config import Config


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Moderation(bot.service))  # type: ignore[attr-defined]
    await bot.add_cog(Config(bot.service))  # type: ignore[attr-defined]
