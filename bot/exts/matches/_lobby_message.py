"""A lobby's message in its channel: posted, refreshed, and one open lobby a channel."""

from __future__ import annotations

import logging

import discord

from bot.errors import WrongStateError
from bot.exts.matches._lobby import lobby_embed, lobby_view
from bot.places import GUILD, LOBBY, LOBBY_MESSAGE, place_of
from bot.service import MatchService
from bot.ui.words import teams_named

logger = logging.getLogger(__name__)


class LobbyMessages:
    """Post a match's lobby message, keep it as the match stands, refuse a second lobby."""

    def __init__(self, service: MatchService) -> None:
        self._service = service

    async def show(self, interaction: discord.Interaction, match_id: int) -> None:
        """Post a new match's lobby in the channel; cancel the match if nobody could see it."""
        host = str(interaction.user.id)
        try:
            await self._service.bind(
                match_id,
                {str(LOBBY): str(interaction.channel_id), str(GUILD): str(interaction.guild_id)},
            )
            view = await self.view(match_id, "lobby")
            assert view is not None  # a new lobby is open
            embed = await self.embed(match_id)
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
            await self._service.bind(match_id, {str(LOBBY_MESSAGE): str(message.id)})
        except BaseException:
            await self._service.cancel(match_id, host)
            raise
        logger.info("match %d: lobby opened by %s in %s", match_id, host, interaction.channel_id)

    async def refuse_second(self, channel: str) -> None:
        """Refuse a second lobby in a channel whose lobby is still open, naming that match."""
        for match_id, place in await self._service.bound_to(channel):
            if place_of(place) == LOBBY and await self._service.status(match_id) == "lobby":
                teams = (await self._service.shape(match_id)).teams
                raise WrongStateError(
                    f"this channel already has an open lobby: match {match_id} "
                    f"({teams_named(teams)}). Its host can "
                    "cancel it with its Cancel button or /match cancel, or open your lobby in "
                    "another channel"
                )

    async def post(
        self, channel: discord.abc.Messageable, match_id: int, guild: int, text: str
    ) -> None:
        """Post a lobby opened elsewhere (a rematch) in a channel, and bind it there."""
        view = await self.view(match_id, "lobby")
        assert view is not None  # a new lobby is open
        message = await channel.send(text, embed=await self.embed(match_id), view=view)
        await self._service.bind(
            match_id,
            {
                str(LOBBY): str(message.channel.id),
                str(GUILD): str(guild),
                str(LOBBY_MESSAGE): str(message.id),
            },
        )

    async def view(self, match_id: int, status: str) -> discord.ui.View | None:
        """Return the lobby's buttons while it is open."""
        return lobby_view(match_id, status, (await self._service.shape(match_id)).teams)

    async def embed(self, match_id: int) -> discord.Embed:
        """Describe the lobby as the match now stands."""
        shape = await self._service.shape(match_id)
        roster = await self._service.roster(match_id)
        host = await self._service.host(match_id)
        status = await self._service.status(match_id)
        control = await self._service.time_control(match_id)
        practice = await self._service.practice_players(match_id)
        return lobby_embed(match_id, shape, roster, host, status, control, practice)

    async def refresh(self, interaction: discord.Interaction, match_id: int) -> None:
        """Show the lobby message as the match now stands (it may have been deleted)."""
        bound = await self._service.bindings(match_id)
        if str(LOBBY_MESSAGE) not in bound or interaction.channel is None:
            return
        status = await self._service.status(match_id)
        message = interaction.channel.get_partial_message(int(bound[str(LOBBY_MESSAGE)]))  # type: ignore[union-attr]
        try:
            await message.edit(
                embed=await self.embed(match_id),
                view=await self.view(match_id, status),
            )
        except discord.HTTPException:
            logger.warning("match %d: its lobby message could not be updated", match_id)
