"""Starting a lobby's match: its channels made, the match started, or nothing kept."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord

from bot.errors import ServiceError, WrongStateError
from bot.exts.matches._channels import (
    ChannelsError,
    create_channels,
    missing_permissions,
    remove_channels,
)
from bot.exts.matches._layout import Layout
from bot.exts.matches._lobby_message import LobbyMessages
from bot.exts.moderators import moderator_role
from bot.places import OVERVIEW
from bot.service import MatchService

logger = logging.getLogger(__name__)

PROGRESS_EVERY = 2.0  # seconds between two edits of the reply that counts the places made


class Starting:
    """Start matches in their own channels, one start at a time per match."""

    def __init__(
        self,
        service: MatchService,
        lobbies: LobbyMessages,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._service = service
        self._clock = clock
        self._lobbies = lobbies
        self._starting: set[int] = set()  # matches whose channels are being made

    def refuse_while_starting(self, match_id: int) -> None:
        """Refuse to change a match whose start is under way."""
        if match_id in self._starting:
            raise WrongStateError("the match is being started: wait a moment")

    async def start(self, interaction: discord.Interaction, match_id: int) -> None:
        """Check, make the match's channels, start it; on any failure remove the channels."""
        guild = interaction.guild
        if guild is None:
            raise WrongStateError("a team match starts in a server")
        actor = str(interaction.user.id)
        self.refuse_while_starting(match_id)
        await self._service.check_start(match_id, actor)
        shape = await self._service.shape(match_id)
        layout = Layout(shape.boards, len(shape.teams))
        missing = missing_permissions(interaction.app_permissions, threads=layout.threaded)
        if missing:
            await interaction.response.send_message(
                "I cannot start the match: I need these permissions here: "
                + ", ".join(missing)
                + ". Nothing was created.",
                ephemeral=True,
            )
            return
        self._starting.add(match_id)  # until it has started or failed: no joins, no 2nd start
        try:
            await interaction.response.defer(thinking=True)
            threads = len(await guild.active_threads()) if layout.threaded else 0
            layout.check_room(len(guild.channels), threads)
            await self._make_and_start(interaction, guild, match_id, actor)
        finally:
            self._starting.discard(match_id)

    async def _make_and_start(
        self, interaction: discord.Interaction, guild: discord.Guild, match_id: int, actor: str
    ) -> None:
        shape = await self._service.shape(match_id)
        roster = await self._service.roster(match_id)
        moderators = await moderator_role(self._service, guild)
        counter = _Counter(interaction, self._clock)
        try:
            channels = await create_channels(
                guild, match_id, shape.boards, shape.teams, roster, moderators, counter.made
            )
        except ChannelsError as error:
            await counter.finish("Stopped making the match's places; what was made is removed.")
            await interaction.followup.send(f"{error} Nothing was kept; try again.")
            return
        places = {place: str(channel.id) for place, channel in channels.items()}
        try:
            await self._service.bind(match_id, places)
            await self._service.start(match_id, actor)
            # it is under way: what is left (the replies, retiring the lobby) may wait on
            # Discord's rate limits, while players may already act on the match
            self._starting.discard(match_id)
        except BaseException:
            await remove_channels(channels.values())
            try:
                await self._service.unbind(match_id, list(places))
            except ServiceError:
                logger.exception("match %d: could not forget its removed channels", match_id)
            raise
        overview = channels[str(OVERVIEW)]
        await counter.finish(f"Made the match's {len(channels):,} places.")
        await interaction.followup.send(
            f"Match {match_id} has started: follow it in {overview.mention}."
        )
        await self._lobbies.refresh(interaction, match_id)
        logger.info("match %d: started by %s with %d channels", match_id, actor, len(channels))


class _Counter:
    """Counts a start's places in its deferred reply, every few seconds, so the host sees it."""

    def __init__(self, interaction: discord.Interaction, clock: Callable[[], float]) -> None:
        self._interaction = interaction
        self._clock = clock
        self._last = clock()
        self._shown = False

    async def made(self, made: int, total: int) -> None:
        """Show how many places are made, if a while has passed since the last count."""
        if made == total or self._clock() - self._last < PROGRESS_EVERY:
            return
        self._last = self._clock()
        self._shown = True
        await self._say(f"Making the match's places: {made:,} of {total:,}...")

    async def finish(self, words: str) -> None:
        """Replace a count shown by how the making ended; a start that was quick shows none."""
        if self._shown:
            await self._say(words)

    async def _say(self, words: str) -> None:
        try:
            await self._interaction.edit_original_response(content=words)
        except discord.HTTPException:  # the count is a courtesy: the start goes on
            logger.info("the count of a match's places could not be shown")
