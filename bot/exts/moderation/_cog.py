"""/mod: adjudicate, resign, forfeit, add time, undo, substitute, pause, resume, abort, log."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NotAllowedError
from bot.exts.errors import reply_error
from bot.exts.mentions import plain
from bot.exts.moderators import moderator
from bot.service import MatchService, Moderator

logger = logging.getLogger(__name__)

RESULTS = {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}


async def announce(interaction: discord.Interaction, service: MatchService, text: str) -> None:
    """Tell the server's log channel of a moderator's action, if it has one."""
    if interaction.guild is None:
        return
    channel_id = (await service.server_settings(str(interaction.guild.id)))["log_channel"]
    channel = interaction.client.get_channel(int(channel_id)) if channel_id else None
    if not isinstance(channel, discord.abc.Messageable):
        return
    try:
        await channel.send(f"{interaction.user.mention} {text}"[:2000])
    except discord.HTTPException:
        logger.warning("the moderator log channel %s refused a message", channel_id)


@app_commands.guild_only()
class Moderation(commands.GroupCog, group_name="mod"):
    """Moderators keep matches fair."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        super().__init__()

    async def _do(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: Callable[[Moderator], Awaitable[Any]],
        done: str,
    ) -> None:
        who = await moderator(interaction, self.service, match_id)
        await action(who)
        await interaction.response.send_message(done, ephemeral=True)
        await announce(interaction, self.service, done[:1].lower() + done[1:])

    @app_commands.command(name="adjudicate")
    @app_commands.describe(transfer="offer the winner the victory transfer (default yes)")
    @app_commands.guild_only()
    async def adjudicate(
        self,
        interaction: discord.Interaction,
        match: int,
        board: app_commands.Range[int, 1, 1000],
        result: Literal["white", "black", "draw"],
        reason: app_commands.Range[str, 1, 300],
        transfer: bool = True,
    ) -> None:
        """End a board with a result."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.adjudicate(
                match, m, board, RESULTS[result], reason, transfer=transfer
            ),
            f"Adjudicated board {board} of match {match}: {result} ({plain(reason)}).",
        )

    @app_commands.command(name="resign")
    @app_commands.guild_only()
    async def resign(
        self,
        interaction: discord.Interaction,
        match: int,
        board: app_commands.Range[int, 1, 1000],
        side: Literal["white", "black"],
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        """Resign a board for an absent player."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.force_resign(match, m, board, side, reason),
            f"Resigned board {board} of match {match} for {side} ({plain(reason)}).",
        )

    @app_commands.command(name="forfeit")
    @app_commands.guild_only()
    async def forfeit(
        self,
        interaction: discord.Interaction,
        match: int,
        side: Literal["white", "black"],
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        """End every unfinished board against a side that did not show up."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.forfeit(match, m, side, reason),
            f"Forfeited match {match} against {side} ({plain(reason)}).",
        )

    @app_commands.command(name="add-time")
    @app_commands.describe(
        side="whose clock gets the time",
        minutes="how many minutes to give back (fractions allowed)",
    )
    @app_commands.guild_only()
    async def add_time(
        self,
        interaction: discord.Interaction,
        match: int,
        board: app_commands.Range[int, 1, 1000],
        side: Literal["white", "black"],
        minutes: app_commands.Range[float, 0.1, 43200.0],
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        """Give a side time back on a board's clock."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.add_time(match, m, board, side, minutes, reason),
            f"Gave {side} {minutes:g} minutes on board {board} of match {match} ({plain(reason)}).",
        )

    @app_commands.command(name="undo")
    @app_commands.describe(events="how many of the last actions to take back")
    @app_commands.guild_only()
    async def undo(
        self,
        interaction: discord.Interaction,
        match: int,
        events: app_commands.Range[int, 1, 50],
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        """Take back the last actions of a match, after seeing them and confirming."""
        who = await moderator(interaction, self.service, match)
        if not who.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        length, preview = await self.service.undo_preview(match, events)
        listed = "\n".join(f"- {line}" for line in preview)
        view = ConfirmUndo(self.service, who, match, events, reason, length)
        await interaction.response.send_message(
            f"Undo in match {match}:\n{listed}\nConfirm?"[:2000], view=view, ephemeral=True
        )

    @app_commands.command(name="substitute")
    @app_commands.guild_only()
    async def substitute(
        self,
        interaction: discord.Interaction,
        match: int,
        player: discord.User,
        new_player: discord.User,
        reason: app_commands.Range[str, 1, 300] = "substitution",
    ) -> None:
        """Give a player's place, seats and captaincy to someone else."""
        # the boards taken over show the new player's name on their next images
        await self.service.remember_name(str(new_player.id), new_player.display_name)
        await self._do(
            interaction,
            match,
            lambda m: self.service.substitute(match, m, str(player.id), str(new_player.id), reason),
            f"Substituted {new_player.mention} for {player.mention} in match {match} "
            f"({plain(reason)}).",
        )
        await self._hand_over(match, player.id, new_player.id, interaction.client)

    async def _hand_over(self, match: int, old: int, new: int, client: discord.Client) -> None:
        """Give the new player the old one's access to the match's board and team channels."""
        for place, target in (await self.service.bindings(match)).items():
            channel = client.get_channel(int(target))
            if not place.startswith(("board:", "team:")) or not isinstance(
                channel, discord.TextChannel
            ):
                continue
            overwrites = dict(channel.overwrites)
            held = next((key for key in overwrites if key.id == old), None)
            if held is None:
                continue
            # the new player may not be cached (no members intent): an Object stands for them
            overwrites[discord.Object(new, type=discord.Member)] = overwrites.pop(held)
            try:
                await channel.edit(overwrites=overwrites, reason=f"substitute in match {match}")
            except discord.HTTPException:
                logger.warning("match %d: %s was not handed over to the substitute", match, place)

    @app_commands.command(name="pause")
    @app_commands.guild_only()
    async def pause(
        self, interaction: discord.Interaction, match: int, reason: app_commands.Range[str, 1, 300]
    ) -> None:
        """Stop all play in a match."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.pause(match, m, reason),
            f"Paused match {match} ({plain(reason)}).",
        )

    @app_commands.command(name="resume")
    @app_commands.guild_only()
    async def resume(
        self, interaction: discord.Interaction, match: int, reason: app_commands.Range[str, 1, 300]
    ) -> None:
        """Let play go on in a paused match."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.resume(match, m, reason),
            f"Resumed match {match} ({plain(reason)}).",
        )

    @app_commands.command(name="abort")
    @app_commands.guild_only()
    async def abort(
        self, interaction: discord.Interaction, match: int, reason: app_commands.Range[str, 1, 300]
    ) -> None:
        """End a match without a result."""
        await self._do(
            interaction,
            match,
            lambda m: self.service.abort(match, m, reason),
            f"Aborted match {match} ({plain(reason)}).",
        )

    @app_commands.command(name="log")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction, match: int) -> None:
        """Show a match's moderator actions: who, when, what and why."""
        who = await moderator(interaction, self.service, match)
        if not who.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        entries = await self.service.audit_log(match)
        lines = [
            f"<t:{int(float(str(e['at'])))}:f> <@{e['moderator']}> {e['action']}: "
            + plain(str(e["reason"]))
            for e in entries
        ]
        text = "\n".join(lines) or "No moderator has acted in this match."
        await interaction.response.send_message(f"Match {match}:\n{text}"[:2000], ephemeral=True)


class ConfirmUndo(discord.ui.View):
    """The confirmation of an undo: it happens only once the moderator presses it."""

    def __init__(
        self,
        service: MatchService,
        who: Moderator,
        match: int,
        count: int,
        reason: str,
        length: int,
    ) -> None:
        super().__init__(timeout=300)
        self._service, self._who, self._match, self._count = service, who, match, count
        self._reason, self._length = reason, length

    @discord.ui.button(label="Undo", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        """Undo now, exactly what was shown: a second click, or a move since, is refused."""
        try:
            await self._service.undo(
                self._match, self._who, self._count, self._reason, expect=self._length
            )
            why = plain(self._reason)
            text = f"Undid the last {self._count} actions of match {self._match} ({why})."
            await interaction.response.edit_message(content=text, view=None)
            await announce(interaction, self._service, text[:1].lower() + text[1:])
        except Exception as error:
            await reply_error(interaction, error)
        self.stop()


@app_commands.guild_only()
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
            f"Moderators: Manage Server and {role.mention}."
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
