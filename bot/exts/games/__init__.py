"""Casual games between two people, played in their DMs with the bot."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.games._cog import Games
from bot.ui.invitations import InvitationButton


async def setup(bot: commands.Bot) -> None:
    """Load the extension and listen for invitation buttons, old ones included."""
    await bot.add_cog(Games(bot.service))  # type: ignore[attr-defined]
    bot.add_dynamic_items(InvitationButton)
