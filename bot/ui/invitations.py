"""The buttons that answer a challenge: Accept and Decline, whose ids outlive restarts."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.ui.errors import reply_error


class Answering(Protocol):
    """The extension that answers challenges (bot/exts/games), as the buttons reach it."""

    async def answered(
        self, interaction: discord.Interaction, invitation: int, accept: bool
    ) -> None:
        """Answer a challenge for the player who pressed the button."""


class InvitationButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"invite:(?P<invitation>\d+):(?P<answer>accept|decline)",
):
    """Accept or Decline on a challenge; its custom id outlives restarts."""

    def __init__(self, invitation: int, answer: str) -> None:
        style = discord.ButtonStyle.success if answer == "accept" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=answer.capitalize(), style=style, custom_id=f"invite:{invitation}:{answer}"
            )
        )
        self.invitation, self.answer = invitation, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> InvitationButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["invitation"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the challenge; on Accept, open the game in both players' DMs."""
        cog: Answering = interaction.client.get_cog("Games")  # type: ignore[attr-defined]
        try:
            await cog.answered(interaction, self.invitation, self.answer == "accept")
        except Exception as error:
            await reply_error(interaction, error)
