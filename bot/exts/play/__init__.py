"""Playing a started match from its channels: moves, resignations, draws, transfers."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.play._buttons import BoardButton, GameActions
from bot.exts.play._cog import Play
from bot.exts.play._rematch import RematchButton
from bot.exts.play._transfer import NoTransfer, TransferMenu


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Play(bot.service))  # type: ignore[attr-defined]
    bot.add_dynamic_items(TransferMenu, NoTransfer, BoardButton, GameActions, RematchButton)
