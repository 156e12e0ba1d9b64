"""/leaderboard and /rating: a server's (or the DM games') ratings, and a player's."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.ratings._cog import Ratings


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Ratings(bot.service))  # type: ignore[attr-defined]
