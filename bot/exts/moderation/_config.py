"""/config: a server's moderator role and the channel that hears of moderators' actions."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import MatchService


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Config(commands.GroupCog, group_name="config"):
    """A server's settings for the bot (Manage Server only)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Let only members with Manage Server change the settings."""
        member = interaction.user
        if not isinstance(member, discord.Member) or not member.guild_permissions.manage_guild:
            raise app_commands.CheckFailure("Only members with Manage Server can change this.")
        return True

    @app_commands.command(name="moderator-role")
    @app_commands.describe(role="members with this role may moderate matches; leave out to clear")
    @app_commands.guild_only()
    async def moderator_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        """Set the role whose members are moderators, besides those with Manage Server."""
        guild = str(interaction.guild_id)
        await self.service.set_server_setting(
            guild, "moderator_role", str(role.id) if role else None
        )
        text = (
            f"Moderators: Manage Server and {role.mention}. Discord shows /mod only to members "
            f"with Manage Server: also allow {role.mention} to use /mod in Server Settings → "
            "Integrations → this bot."
            if role
            else "Moderators: Manage Server."
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="log-channel")
    @app_commands.describe(channel="the channel that hears of every moderator action")
    @app_commands.guild_only()
    async def log_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        """Name the channel that hears of every moderator action."""
        guild = str(interaction.guild_id)
        value = str(channel.id) if channel else None
        await self.service.set_server_setting(guild, "log_channel", value)
        text = f"Moderator actions go to {channel.mention}." if channel else "No log channel."
        await interaction.response.send_message(text, ephemeral=True)
