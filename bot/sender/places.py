"""What every poster shares: the client, the service, channels found, latest messages kept."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from datetime import UTC, datetime
from typing import Any, cast

import discord

from bot.delivery import Undeliverable
from bot.pacing import cosmetically
from bot.service import MatchService

logger = logging.getLogger(__name__)

# replaced messages whose buttons may wait for room at once; beyond, they keep them (they
# still work), as posts that people wait for take all of Discord's room
MAX_TIDYING = 1_000


def nonce(*parts: str) -> str:
    """Return the nonce of one post of a notice: the same on every retry, 25 characters."""
    return hashlib.sha256(":".join(parts).encode()).hexdigest()[:25]


class Poster:
    """Posts in Discord for the outbox: finds channels, keeps each place's latest message."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self._client = client
        self._service = service
        # buttons being taken off replaced messages, after the posts people wait for
        self._tidying: set[asyncio.Task[None]] = set()

    async def _channel(
        self, channel_id: int, posted_after: float | None = None
    ) -> discord.abc.Messageable:
        """Return a channel to post in; posted_after: a notice that may be posted there already."""
        found = await self._found(channel_id)
        if posted_after is None or self._client.user is None:
            return found
        since = datetime.fromtimestamp(posted_after, UTC)
        # the proxy stands in for the channel it wraps, as far as a poster uses it
        return cast(discord.abc.Messageable, OncePosted(found, since, self._client.user.id))

    async def _found(self, channel_id: int) -> discord.abc.Messageable:
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
        """Record the latest message of a place and take the buttons off the one before.

        The buttons go when Discord has room to spare: the old buttons still work (each
        acts on the game as it is), so nobody's post waits behind tidying them away.
        """
        previous = (await self._service.bindings(match_id, [place])).get(place)
        if previous == str(latest):  # a retry that Discord answered with the same message
            return
        await self._service.bind(match_id, {place: str(latest)})
        if previous is None or not hasattr(channel, "get_partial_message"):
            return
        replaced = channel.get_partial_message(int(previous))
        if len(self._tidying) >= MAX_TIDYING:  # Discord has had no room to spare for a while
            logger.info(
                "match %d: the message before the latest in %s keeps its buttons, "
                "as Discord has no room to spare",
                match_id,
                place,
            )
            return
        tidying = cosmetically(_take_buttons_off(replaced, match_id, place))
        self._tidying.add(tidying)
        tidying.add_done_callback(self._tidying.discard)

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


class OncePosted:
    """A channel whose posts for one notice are made once, though Discord forgot their nonce.

    Discord keeps a message's nonce a few minutes only. A notice that may already have been
    posted (a retry, or one queued before the bot last started) is first looked for among
    the bot's messages in the channel since it could have been posted: a message of the same
    words and files is taken for the post.
    """

    def __init__(self, channel: discord.abc.Messageable, since: datetime, me: int) -> None:
        self._channel = channel
        self._since = since
        self._me = me
        self._mine: list[discord.Message] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._channel, name)

    async def send(self, content: str | None = None, **kwargs: Any) -> discord.Message:
        """Post, unless the same post of this notice already stands in the channel."""
        files = [kwargs["file"]] if kwargs.get("file") else list(kwargs.get("files") or [])
        names = [file.filename for file in files]
        mine = await self._posted()
        for message in mine:
            if (
                message.content == (content or "")
                and [a.filename for a in message.attachments] == names
            ):
                logger.info("a post was found already made: %s", (content or "")[:60])
                mine.remove(message)  # one notice's two posts are not one message
                return message
        return await self._channel.send(content, **kwargs)

    async def _posted(self) -> list[discord.Message]:
        """Return the bot's messages in the channel since the notice could have been posted."""
        if self._mine is None:
            self._mine = [
                message
                async for message in self._channel.history(
                    limit=200, after=self._since, oldest_first=True
                )
                if message.author.id == self._me
            ]
        return self._mine


async def _take_buttons_off(message: discord.PartialMessage, match_id: int, place: str) -> None:
    """Take the buttons off a message that a newer one of its place has replaced."""
    try:
        await message.edit(view=None)
    except discord.HTTPException:
        logger.info(
            "match %d: the message before the latest in %s keeps its buttons", match_id, place
        )


def prompt_place(board: int) -> str:
    """Return the place that remembers a board's transfer prompt: the message with its menu."""
    return f"transfer-message:{board}"
