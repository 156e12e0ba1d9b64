"""Who moderates a match: one rule for every command that asks."""

from __future__ import annotations

import discord

from bot.errors import NotAllowedError
from bot.places import GUILD
from bot.service import MatchService, Moderator


async def moderator(
    interaction: discord.Interaction, service: MatchService, match_id: int
) -> Moderator:
    """Return who is acting, found to be a moderator of the server the match is played in.

    A moderator has Manage Server or the server's moderator role, in that match's server:
    moderators of one server have no say over another's matches, nor over DM games.
    """
    member = interaction.user
    home = (await service.bindings(match_id)).get(str(GUILD))
    if home is None or home != str(interaction.guild_id):
        raise NotAllowedError(f"match {match_id} is not played in this server")
    allowed = False
    if isinstance(member, discord.Member):
        settings = await service.server_settings(str(member.guild.id))
        role = settings["moderator_role"]
        allowed = member.guild_permissions.manage_guild or (
            role is not None and any(str(r.id) == role for r in member.roles)
        )
    return Moderator(str(member.id), allowed)


async def moderator_role(service: MatchService, guild: discord.Guild) -> discord.Role | None:
    """Return the role a server has set for its moderators, if it still exists."""
    role = (await service.server_settings(str(guild.id)))["moderator_role"]
    return guild.get_role(int(role)) if role is not None else None
