"""A takeback asked for by agreement: its words, and the Accept and Decline buttons."""

from __future__ import annotations

import re
from typing import Any, Final

import discord

from bot.errors import WrongStateError
from bot.notices import TakebackAsked, TakebackDeclined
from bot.service import MatchService
from bot.ui.errors import reply_error
from bot.ui.mentions import mention
from games.core.pieces import opponent, side_name

ANSWERS: Final = {
    "accept": ("Accept takeback", discord.ButtonStyle.success),
    "decline": ("Decline takeback", discord.ButtonStyle.secondary),
}


def asked_words(notice: TakebackAsked, *, to: bool = True, answered: bool = True) -> str:
    """Say what a takeback asked for would take back, to the one who answers it.

    answered: say how it is answered (not in words all players read, the asker too).
    """
    what = "their last move" if notice.count == 1 else "their last move and the reply"
    who = f"{mention(notice.answerer)}, " if to else ""
    said = f"{who}{side_name(notice.side)} asks to take back {what} on board {notice.board}"
    return f"{said}: accept or decline it below, or with /takeback." if answered else f"{said}."


def declined_words(notice: TakebackDeclined) -> str:
    """Say that a takeback was declined."""
    return f"{side_name(opponent(notice.side))} declines the takeback on board {notice.board}."


def takeback_view(match_id: int, asked_at: int) -> discord.ui.View:
    """Return the Accept and Decline buttons under a takeback asked for (at a log's length)."""
    view = discord.ui.View(timeout=None)
    for answer in ANSWERS:
        view.add_item(TakebackButton(match_id, asked_at, answer))
    return view


class TakebackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"takeback:(?P<match>\d+):(?P<at>\d+):(?P<answer>accept|decline)",
):
    """Accept or decline one takeback asked in a match; its custom id outlives restarts."""

    def __init__(self, match_id: int, asked_at: int, answer: str) -> None:
        label, style = ANSWERS[answer]
        custom_id = f"takeback:{match_id}:{asked_at}:{answer}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.match_id, self.asked_at, self.answer = match_id, asked_at, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakebackButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["at"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the takeback, and take the buttons away once it is answered."""
        service: MatchService = interaction.client.service  # type: ignore[attr-defined]
        accept = self.answer == "accept"
        try:
            await service.answer_takeback(
                self.match_id, str(interaction.user.id), accept=accept, asked_at=self.asked_at
            )
        except WrongStateError as error:  # answered or lapsed: its buttons go
            await interaction.response.edit_message(view=None)
            said = str(error)
            await interaction.followup.send(f"{said[:1].upper()}{said[1:]}.", ephemeral=True)
            return
        except Exception as error:
            await reply_error(interaction, error)
            return
        done = "You accepted the takeback." if accept else "You declined the takeback."
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(done, ephemeral=True)
