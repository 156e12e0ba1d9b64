"""The confirmation a captain gives before resigning a whole match for their team."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.places import OVERVIEW
from bot.service import MatchService
from bot.ui.errors import reply_error

logger = logging.getLogger(__name__)


class ConfirmMatchResign(discord.ui.View):
    """The confirmation a captain gives before resigning the whole match."""

    def __init__(self, service: MatchService, match_id: int) -> None:
        super().__init__(timeout=120)
        self._service, self._match_id = service, match_id

    @discord.ui.button(label="Resign the match", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        """Resign now, and say so where everyone sees it."""
        try:
            await self._service.resign_match(self._match_id, str(interaction.user.id))
            await interaction.response.edit_message(
                content=f"You resigned match {self._match_id}.", view=None
            )
            await self._announce(interaction)
        except Exception as error:
            await reply_error(interaction, error)
        self.stop()

    async def _announce(self, interaction: discord.Interaction) -> None:
        overview = (await self._service.bindings(self._match_id)).get(str(OVERVIEW))
        channel = interaction.client.get_channel(int(overview)) if overview else None
        if isinstance(channel, discord.TextChannel):
            try:
                await channel.send(f"{interaction.user.mention} resigned the match for their team.")
            except discord.HTTPException:
                logger.warning("match %d: the resignation was not announced", self._match_id)
