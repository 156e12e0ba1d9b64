"""Playing a started match from its channels: moves, with autocomplete."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.play._cog import Play


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Play(bot.service))  # type: ignore[attr-defined]
