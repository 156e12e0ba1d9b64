"""A match's channels: a category with an overview, one channel per board, one per team."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Final

import discord

from bot.lobby import Roster

logger = logging.getLogger(__name__)

NEEDED: Final = {
    "manage_channels": "Manage Channels",
    "manage_roles": "Manage Roles",
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "embed_links": "Embed Links",
}


Overwrites = dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite]


class ChannelsError(Exception):
    """The channels could not be made; what was made is gone again, and the message says why."""


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    """Return the names of the permissions the bot needs here but does not have."""
    return [name for flag, name in NEEDED.items() if not getattr(permissions, flag)]


def _member(user: str) -> discord.Object:
    return discord.Object(int(user), type=discord.Member)


def _moderator_roles(guild: discord.Guild, extra: discord.Role | None) -> list[discord.Role]:
    """Return the roles whose members moderate: Manage Server, and the server's chosen role."""
    found = [role for role in guild.roles if role.permissions.manage_guild]
    return [*found, extra] if extra is not None and extra not in found else found


async def create_channels(
    guild: discord.Guild,
    match_id: int,
    boards: int,
    teams: Mapping[str, str],
    roster: Roster,
    moderators: discord.Role | None = None,
) -> dict[str, discord.abc.GuildChannel]:
    """Create a match's channels and return them by place; on failure remove them all."""
    me = guild.me
    everyone = guild.default_role
    players = [_member(user) for members in roster.teams.values() for user in members]
    bot_can = discord.PermissionOverwrite(
        view_channel=True,
        send_messages=True,
        attach_files=True,
        embed_links=True,
        manage_channels=True,
    )
    spectators = discord.PermissionOverwrite(view_channel=True, send_messages=False)
    playing = discord.PermissionOverwrite(view_channel=True, send_messages=True)
    created: dict[str, discord.abc.GuildChannel] = {}
    try:
        category = await guild.create_category(
            f"Elevator match {match_id}",
            overwrites={everyone: spectators, me: bot_can},
            reason=f"Elevator Chess match {match_id} starts",
        )
        created["category"] = category
        # the overview keeps the server's own Send Messages, not the category's deny: there
        # players and spectators use /match status and the like, and Discord hides the
        # message box, commands and all, where one may not send
        watching = discord.PermissionOverwrite(view_channel=True)
        created["overview"] = await category.create_text_channel(
            "overview", overwrites={everyone: watching, me: bot_can}
        )
        board_overwrites: Overwrites = {
            everyone: spectators,
            me: bot_can,
        }
        board_overwrites.update({player: playing for player in players})
        for board in range(1, boards + 1):
            created[f"board:{board}"] = await category.create_text_channel(
                f"board-{board}", overwrites=board_overwrites
            )
        for team, name in teams.items():  # a private room per team, its key in the place
            hidden: Overwrites = {
                everyone: discord.PermissionOverwrite(view_channel=False),
                me: bot_can,
            }
            hidden.update({role: playing for role in _moderator_roles(guild, moderators)})
            hidden.update({_member(user): playing for user in roster.teams[team]})
            created[f"team:{team}"] = await category.create_text_channel(
                f"team-{name}"[:90], overwrites=hidden
            )
    except BaseException as error:  # a refusal, a dropped connection, a cancellation
        await asyncio.shield(remove_channels(list(created.values())))
        if isinstance(error, discord.HTTPException):
            why = error.text or str(error.status)
            raise ChannelsError(
                f"Discord refused to create the match's channels ({why})."
            ) from error
        if isinstance(error, Exception):
            logger.exception("match %d: its channels could not be made", match_id)
            raise ChannelsError(f"The match's channels could not be made ({error!r}).") from error
        raise
    return created


async def remove_channels(channels: object) -> None:
    """Delete channels, the category last; ones already gone are skipped."""
    found = list(channels)  # type: ignore[call-overload]
    found.sort(key=lambda channel: isinstance(channel, discord.CategoryChannel))
    for channel in found:
        try:
            await channel.delete(reason="the match's channels are being removed")
        except discord.NotFound:
            continue
        except discord.HTTPException:
            logger.exception("could not delete channel %s", channel.id)
