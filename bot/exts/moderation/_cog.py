"""/mod: adjudicate, resign, forfeit, add time, undo, substitute, pause, resume, abort, log."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.undo_preview import UndoPreview
from bot.errors import NotAllowedError
from bot.exts.moderation._matches import (
    BOARD_HELP,
    MATCH_HELP,
    REASON_HELP,
    board_choices,
    match_choices,
    match_here,
)
from bot.exts.moderators import moderator
from bot.places import BoardPlace, TeamRoom, place_of
from bot.service import MatchService, Moderator
from bot.ui.errors import reply_error
from bot.ui.mentions import plain

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
@app_commands.default_permissions(manage_guild=True)  # shown to others once allowed by an admin
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
    @app_commands.describe(
        board=BOARD_HELP,
        result="who wins the board, or a draw",
        reason=REASON_HELP,
        match=MATCH_HELP,
        transfer="offer the winner the victory transfer (default yes)",
    )
    @app_commands.guild_only()
    async def adjudicate(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000],
        result: Literal["white", "black", "draw"],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
        transfer: bool = True,
    ) -> None:
        """End a board with a result."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.adjudicate(
                found, m, board, RESULTS[result], reason, transfer=transfer
            ),
            f"Adjudicated board {board} of match {found}: {result} ({plain(reason)}).",
        )

    @app_commands.command(name="resign")
    @app_commands.describe(
        board=BOARD_HELP, side="the side that resigns", reason=REASON_HELP, match=MATCH_HELP
    )
    @app_commands.guild_only()
    async def resign(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000],
        side: Literal["white", "black"],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Resign a board for an absent player."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.force_resign(found, m, board, side, reason),
            f"Resigned board {board} of match {found} for {side} ({plain(reason)}).",
        )

    @app_commands.command(name="forfeit")
    @app_commands.describe(
        side="the side that did not show up and loses every unfinished board",
        reason=REASON_HELP,
        match=MATCH_HELP,
    )
    @app_commands.guild_only()
    async def forfeit(
        self,
        interaction: discord.Interaction,
        side: Literal["white", "black"],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """End every unfinished board against a side that did not show up."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.forfeit(found, m, side, reason),
            f"Forfeited match {found} against {side} ({plain(reason)}).",
        )

    @app_commands.command(name="add-time")
    @app_commands.describe(
        board=BOARD_HELP,
        side="whose clock gets the time",
        minutes="how many minutes to give back (fractions allowed)",
        reason=REASON_HELP,
        match=MATCH_HELP,
    )
    @app_commands.guild_only()
    async def add_time(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000],
        side: Literal["white", "black"],
        minutes: app_commands.Range[float, 0.1, 43200.0],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Give a side time back on a board's clock."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.add_time(found, m, board, side, minutes, reason),
            f"Gave {side} {minutes:g} minute{'s' if minutes != 1 else ''} on board {board} "
            f"of match {found} ({plain(reason)}).",
        )

    @app_commands.command(name="undo")
    @app_commands.describe(
        events="how many of the last actions to take back",
        reason=REASON_HELP,
        match=MATCH_HELP,
    )
    @app_commands.guild_only()
    async def undo(
        self,
        interaction: discord.Interaction,
        events: app_commands.Range[int, 1, 50],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Take back the last actions of a match, after seeing them and confirming."""
        found = await match_here(interaction, self.service, match)
        who = await moderator(interaction, self.service, found)
        if not who.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        preview = await self.service.undo_preview(found, events)
        listed = "\n".join(f"- {line}" for line in preview.undone)
        after = "".join(f"\nAfterwards {line}." for line in preview.after)
        view = ConfirmUndo(self.service, who, found, events, reason, preview)
        await interaction.response.send_message(
            f"Undo in match {found}:\n{listed}{after}\nConfirm?"[:2000], view=view, ephemeral=True
        )

    @app_commands.command(name="substitute")
    @app_commands.describe(
        player="the player who leaves",
        new_player="who takes their place, seats and captaincy",
        match=MATCH_HELP,
        reason=REASON_HELP,
    )
    @app_commands.guild_only()
    async def substitute(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        new_player: discord.User,
        match: int | None = None,
        reason: app_commands.Range[str, 1, 300] = "substitution",
    ) -> None:
        """Give a player's place, seats and captaincy to someone else."""
        found = await match_here(interaction, self.service, match)
        # the boards taken over show the new player's name on their next images
        await self.service.remember_name(str(new_player.id), new_player.display_name)
        await self._do(
            interaction,
            found,
            lambda m: self.service.substitute(found, m, str(player.id), str(new_player.id), reason),
            f"Substituted {new_player.mention} for {player.mention} in match {found} "
            f"({plain(reason)}).",
        )
        await self._hand_over(found, player.id, new_player.id, interaction.client)

    async def _hand_over(self, match: int, old: int, new: int, client: discord.Client) -> None:
        """Give the new player the old one's access to the match's board and team channels."""
        for place, target in (await self.service.bindings(match)).items():
            channel = client.get_channel(int(target))
            room = isinstance(place_of(place), BoardPlace | TeamRoom)
            if not room or not isinstance(channel, discord.TextChannel):
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
    @app_commands.describe(reason=REASON_HELP, match=MATCH_HELP)
    @app_commands.guild_only()
    async def pause(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Stop all play in a match."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.pause(found, m, reason),
            f"Paused match {found} ({plain(reason)}).",
        )

    @app_commands.command(name="resume")
    @app_commands.describe(reason=REASON_HELP, match=MATCH_HELP)
    @app_commands.guild_only()
    async def resume(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Let play go on in a paused match."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.resume(found, m, reason),
            f"Resumed match {found} ({plain(reason)}).",
        )

    @app_commands.command(name="abort")
    @app_commands.describe(reason=REASON_HELP, match=MATCH_HELP)
    @app_commands.guild_only()
    async def abort(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """End a match without a result."""
        found = await match_here(interaction, self.service, match)
        await self._do(
            interaction,
            found,
            lambda m: self.service.abort(found, m, reason),
            f"Aborted match {found} ({plain(reason)}).",
        )

    @app_commands.command(name="log")
    @app_commands.describe(match=MATCH_HELP)
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Show a match's moderator actions: who, when, what and why."""
        found = await match_here(interaction, self.service, match)
        who = await moderator(interaction, self.service, found)
        if not who.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        entries = await self.service.audit_log(found)
        lines = [
            f"<t:{int(float(str(e['at'])))}:f> <@{e['moderator']}> {e['action']}: "
            + plain(str(e["reason"]))
            for e in entries
        ]
        text = "\n".join(lines) or "No moderator has acted in this match."
        await interaction.response.send_message(f"Match {found}:\n{text}"[:2000], ephemeral=True)

    async def match_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Offer the server's live and recently finished matches."""
        return await match_choices(interaction, self.service, current)

    async def board_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Offer the boards of the match named, or of this channel's match."""
        return await board_choices(interaction, self.service, current)


class ConfirmUndo(discord.ui.View):
    """The confirmation of an undo: it happens only once the moderator presses it."""

    def __init__(
        self,
        service: MatchService,
        who: Moderator,
        match: int,
        count: int,
        reason: str,
        preview: UndoPreview,
    ) -> None:
        super().__init__(timeout=300)
        self._service, self._who, self._match, self._count = service, who, match, count
        self._reason, self._preview = reason, preview

    @discord.ui.button(label="Undo", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        """Undo now, exactly what was shown: a second click, or a move since, is refused."""
        try:
            await self._service.undo(
                self._match, self._who, self._count, self._reason, expect=self._preview.length
            )
            why = plain(self._reason)
            actions = "action" if self._count == 1 else f"{self._count} actions"
            text = f"Undid the last {actions} of match {self._match} ({why})."
            text += "".join(f" Now {line}." for line in self._preview.after)
            await interaction.response.edit_message(content=text, view=None)
            await announce(interaction, self._service, text[:1].lower() + text[1:])
        except Exception as error:
            await reply_error(interaction, error)
        self.stop()


for _command in Moderation.__cog_app_commands__:
    if isinstance(_command, app_commands.Command):
        _command.autocomplete("match")(Moderation.match_choices)
        if any(parameter.name == "board" for parameter in _command.parameters):
            _command.autocomplete("board")(Moderation.board_choices)
