"""Team matches in a server: the lobby, its buttons, the match's channels, and /matches."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.matches._cog import Matches
from bot.exts.matches._list import MatchList
from bot.exts.matches._lobby import LobbyButton


async def setup(bot: commands.Bot) -> None:
    """Load the extension and listen for lobby buttons, old ones included."""
    await bot.add_cog(Matches(bot.service))  # type: ignore[attr-defined]
    await bot.add_cog(MatchList(bot.service))  # type: ignore[attr-defined]
    bot.add_dynamic_items(LobbyButton)
