"""A takeback asked for by agreement: its words, and the Accept and Decline buttons."""

from __future__ import annotations

import re
from typing import Any, Final

import discord

from bot.notices import TakebackAsked, TakebackDeclined
from bot.service import MatchService
from bot.ui.errors import reply_error
from bot.ui.mentions import mention
from games.core.pieces import opponent, side_name

ANSWERS: Final = {
    "accept": ("Accept takeback", discord.ButtonStyle.success),
    "decline": ("Decline takeback", discord.ButtonStyle.secondary),
}


def asked_words(notice: TakebackAsked, *, to: bool = True) -> str:
    """Say what a takeback asked for would take back, to the one who answers it."""
    what = "their last move" if notice.count == 1 else "their last move and your reply"
    who = f"{mention(notice.answerer)}, " if to else ""
    return (
        f"{who}{side_name(notice.side)} asks to take back {what} on board {notice.board}: "
        "accept or decline it below, or with /takeback."
    )


def declined_words(notice: TakebackDeclined) -> str:
    """Say that a takeback was declined."""
    return f"{side_name(opponent(notice.side))} declines the takeback on board {notice.board}."


def takeback_view(match_id: int) -> discord.ui.View:
    """Return the Accept and Decline buttons under a takeback asked for."""
    view = discord.ui.View(timeout=None)
    for answer in ANSWERS:
        view.add_item(TakebackButton(match_id, answer))
    return view


class TakebackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"takeback:(?P<match>\d+):(?P<answer>accept|decline)",
):
    """Accept or decline the takeback asked in a match; its custom id outlives restarts."""

    def __init__(self, match_id: int, answer: str) -> None:
        label, style = ANSWERS[answer]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"takeback:{match_id}:{answer}")
        )
        self.match_id, self.answer = match_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakebackButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the takeback, and take the buttons away once it is answered."""
        service: MatchService = interaction.client.service  # type: ignore[attr-defined]
        try:
            accept = self.answer == "accept"
            await service.answer_takeback(self.match_id, str(interaction.user.id), accept=accept)
            done = "You accepted the takeback." if accept else "You declined the takeback."
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(done, ephemeral=True)
        except Exception as error:
            await reply_error(interaction, error)
