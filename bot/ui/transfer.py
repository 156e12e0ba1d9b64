"""The victory-transfer menu: the rides open to a board's winner, and a No transfer button."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.service import MatchService
from bot.ui.errors import reply_error


def _service(interaction: discord.Interaction) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined,no-any-return]


def _label(interaction: discord.Interaction, custom_id: str, value: str) -> str:
    """Return the words the menu chosen in showed for a value, or the value itself."""
    for row in interaction.message.components if interaction.message else []:
        for item in getattr(row, "children", []):
            if isinstance(item, discord.SelectMenu) and item.custom_id == custom_id:
                for option in item.options:
                    if option.value == value:
                        return option.label
    return value


class TransferMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"transfer:(?P<match>\d+):(?P<board>\d+)",
):
    """The rides a winner may send a piece on; its custom id outlives restarts."""

    def __init__(
        self,
        match_id: int,
        board: int,
        options: list[str] | None = None,
        labels: Sequence[str] = (),
    ) -> None:
        named = list(labels) if len(labels) == len(options or []) else list(options or [])
        choices = [
            discord.SelectOption(label=label[:100], value=option)
            for option, label in zip((options or [])[:25], named, strict=False)
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"transfer:{match_id}:{board}",
                placeholder="Send a piece onward",
                options=choices or [discord.SelectOption(label="-")],
            )
        )
        self.match_id, self.board = match_id, board

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TransferMenu:
        """Rebuild the menu from its custom id."""
        return cls(int(match["match"]), int(match["board"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Make the transfer chosen."""
        try:
            choice = self.item.values[0]
            await _service(interaction).transfer(
                self.match_id, str(interaction.user.id), self.board, choice
            )
            said = _label(interaction, self.item.custom_id, choice)
            await interaction.response.edit_message(
                content=f"Board {self.board}: sent onward: {said}.", view=None
            )
        except Exception as error:
            await reply_error(interaction, error)


class NoTransfer(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"no-transfer:(?P<match>\d+):(?P<board>\d+)",
):
    """Let a won board's transfer go."""

    def __init__(self, match_id: int, board: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="No transfer",
                style=discord.ButtonStyle.secondary,
                custom_id=f"no-transfer:{match_id}:{board}",
            )
        )
        self.match_id, self.board = match_id, board

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NoTransfer:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["board"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Skip the transfer."""
        try:
            await _service(interaction).skip_transfer(
                self.match_id, str(interaction.user.id), self.board
            )
            await interaction.response.edit_message(
                content=f"Board {self.board}: no piece was sent onward.", view=None
            )
        except Exception as error:
            await reply_error(interaction, error)


def transfer_view(
    match_id: int, board: int, options: list[str], labels: Sequence[str] = ()
) -> discord.ui.View:
    """Return the menu and the button for a won board's transfer; labels: options in words."""
    view = discord.ui.View(timeout=None)
    view.add_item(TransferMenu(match_id, board, options, labels))
    view.add_item(NoTransfer(match_id, board))
    return view
