"""What every poster shares: the client, the service, channels found, latest messages kept."""

from __future__ import annotations

import hashlib
import logging

import discord

from bot.delivery import Undeliverable
from bot.service import MatchService

logger = logging.getLogger(__name__)


def nonce(*parts: str) -> str:
    """Return the nonce of one post of a notice: the same on every retry, 25 characters."""
    return hashlib.sha256(":".join(parts).encode()).hexdigest()[:25]


class Poster:
    """Posts in Discord for the outbox: finds channels, keeps each place's latest message."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self._client = client
        self._service = service

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        found = self._client.get_channel(channel_id)
        if found is None:
            try:
                found = await self._client.fetch_channel(channel_id)
            except discord.NotFound:
                raise Undeliverable(f"channel {channel_id} was deleted") from None
            except discord.Forbidden:
                raise Undeliverable(
                    f"channel {channel_id} is no longer visible to the bot"
                ) from None
        if not isinstance(found, discord.abc.Messageable):
            raise Undeliverable(f"channel {channel_id} takes no messages")
        return found

    async def _retire(
        self, channel: discord.abc.Messageable, match_id: int, place: str, latest: int
    ) -> None:
        """Record the latest message of a place and take the buttons off the one before."""
        previous = (await self._service.bindings(match_id)).get(place)
        if previous == str(latest):  # a retry that Discord answered with the same message
            return
        await self._service.bind(match_id, {place: str(latest)})
        if previous is None or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(int(previous)).edit(view=None)
        except discord.HTTPException:
            logger.info(
                "match %d: the message before the latest in %s keeps its buttons", match_id, place
            )

    async def _keep_prompt(
        self, channel: discord.abc.Messageable, match_id: int, board: int, posted: int
    ) -> None:
        """Remember a board's transfer prompt, whose menu goes once the transfer is gone.

        A prompt posted again (after a substitution, say) takes the menu off the one before.
        Never raises: the prompt is already posted, and a retry would post it again.
        """
        try:
            await self._retire(channel, match_id, prompt_place(board), posted)
        except Exception:
            logger.exception("match %d: board %d's transfer prompt was not kept", match_id, board)

    async def _close_prompt(
        self, channel: discord.abc.Messageable, bound: dict[str, str], board: int, words: str
    ) -> None:
        """Take the menu off a board's transfer prompt, saying why the transfer is gone."""
        prompt = bound.get(prompt_place(board))
        if prompt is None or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(int(prompt)).edit(content=words, view=None)
        except discord.HTTPException:
            logger.info("board %d's lapsed transfer prompt keeps its menu", board)


def prompt_place(board: int) -> str:
    """Return the place that remembers a board's transfer prompt: the message with its menu."""
    return f"transfer-message:{board}"
