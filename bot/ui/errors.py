"""One place that turns failures into short private replies, and logs what was unexpected."""

from __future__ import annotations

import logging
from typing import Final

import discord
from discord import app_commands

from bot.errors import ServiceError
from bot.ui.private import answer_privately

logger = logging.getLogger(__name__)

UNEXPECTED: Final = (
    "Something went wrong on our side. Your match is safe: nothing you did was half-done. "
    "Try again in a moment, or ask a moderator if it keeps happening."
)


def sentence(text: str) -> str:
    """Begin a refusal with a capital, unless it begins with what a player typed (e4, nf3).

    Only a first word of letters alone is a word of ours; a move or a square has a digit or
    a sign in it, and is quoted back exactly as it was typed.
    """
    first = text.split(" ", 1)[0]
    return text[:1].upper() + text[1:] if first.isalpha() else text


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the person privately why their action was refused, or that something broke."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, ServiceError):
        text = sentence(str(error)[:1900])
    elif isinstance(error, app_commands.CheckFailure):
        text = str(error) or "You cannot use that here."
    else:
        logger.error(
            "interaction %s by user %s in channel %s failed",
            interaction.data.get("name") if interaction.data else None,
            interaction.user.id,
            interaction.channel_id,
            exc_info=error,
        )
        text = UNEXPECTED
    try:
        await answer_privately(interaction, text)
    except discord.HTTPException:
        logger.exception("could not tell user %s why their action failed", interaction.user.id)
