"""Team matches in a server: the lobby, its buttons, and the match's channels."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.matches._cog import Matches
from bot.exts.matches._lobby import LobbyButton


async def setup(bot: commands.Bot) -> None:
    """Load the extension and listen for lobby buttons, old ones included."""
    await bot.add_cog(Matches(bot.service))  # type: ignore[attr-defined]
    bot.add_dynamic_items(LobbyButton)
