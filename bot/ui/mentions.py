"""Text from players shown as typed, and pings only for the players the bot means."""

from __future__ import annotations

from collections.abc import Iterable

import discord

# The client's default: a message pings nobody unless it names whom (see only()).
NOBODY = discord.AllowedMentions.none()


def mention(user: str) -> str:
    """Write a user id as a mention."""
    return f"<@{user}>"


def plain(text: str) -> str:
    """Return text a player typed (a team's name, a reason) to show as typed.

    Markdown takes no effect, and mentions in it (@everyone, @here, roles, users) ping nobody
    and read as typed.
    """
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def only(users: Iterable[str | None]) -> discord.AllowedMentions:
    """Let a message ping these users and nobody else: no everyone, here or roles.

    Each user is listed once: Discord refuses a message whose list names someone twice.
    """
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(int(user)) for user in dict.fromkeys(users) if user],
    )
