"""Playing a started match from its channels: moves, resignations, draws, transfers."""

from __future__ import annotations

from discord.ext import commands

from bot.exts.play._cog import Play
from bot.ui.buttons import BoardButton, GameActions
from bot.ui.picker import BackButton, ChoiceMenu, PieceMenu, TargetMenu, TypeButton
from bot.ui.rematch import RematchButton
from bot.ui.takeback import TakebackButton
from bot.ui.transfer import NoTransfer, TransferMenu


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Play(bot.service))  # type: ignore[attr-defined]
    bot.add_dynamic_items(TransferMenu, NoTransfer, BoardButton, GameActions, RematchButton)
    bot.add_dynamic_items(PieceMenu, TargetMenu, ChoiceMenu, BackButton, TakebackButton)
    bot.add_dynamic_items(TypeButton)
