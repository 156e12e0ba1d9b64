"""The outbox's sender for Discord: each notice posted where its place lives, boards as images.

`channels.py` posts a server match's notices, `dm.py` a casual game's in its players' DMs,
`words.py` says what happened in words; `places.py` holds what they share.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.delivery import Delivery, RetryLater, Undeliverable
from bot.notices import (
    KINDS,
    BoardImage,
    Reminder,
    UnknownNotice,
    notice_from_row,
    posted_in,
)
from bot.places import GAME_DMS, OVERVIEW, PersonDMs, Place, board_of
from bot.sender.channels import ChannelPoster
from bot.sender.dm import DmPoster, practising
from bot.sender.places import Poster, nonce
from bot.service import MatchService
from bot.turns import patiently
from bot.ui.words import score_words

__all__ = ["DiscordSender", "nonce", "score_words"]

logger = logging.getLogger(__name__)


class DiscordSender(Poster):
    """Posts outbox notices in the channels bound to their places."""

    def __init__(
        self, client: discord.Client, service: MatchService, *, answer_wait: float = 0.0
    ) -> None:
        """Post for service's matches through client.

        answer_wait: seconds a practice game's move waits for the bot's answer (DmPoster).
        """
        super().__init__(client, service)
        self._reported: set[tuple[int, str]] = set()  # lost channels already reported
        self._dm = DmPoster(client, service, answer_wait=answer_wait)
        self._channels = ChannelPoster(client, service)

    async def send(self, delivery: Delivery) -> None:
        """Post one notice; raise Undeliverable when its channel is gone for good.

        A rate limit longer than the client sleeps out is raised as RetryLater, for the
        outbox to wait out for this place alone, in channels and DMs alike.
        """
        try:
            await self._deliver(delivery)
        except discord.RateLimited as error:
            raise RetryLater(error.retry_after, "rate limited by Discord") from None

    async def _deliver(self, delivery: Delivery) -> None:
        if delivery.match_id is None:
            return
        wanted = _wanted(delivery)
        bound = await self._service.bindings(delivery.match_id, wanted)
        dms = str(GAME_DMS)
        if wanted is not None and dms in bound:  # a DM game: its few places, all
            bound = await self._service.bindings(delivery.match_id)
        if dms in bound and KINDS.get(delivery.kind) is Reminder:  # to the one to move
            await self._dm.remind(delivery, bound)
            return
        if dms in bound:  # a casual game, shown in both players' DMs
            # a practice game's player waits for the opponent's thinking anyway
            with patiently() if practising(bound) else contextlib.nullcontext():
                await self._dm.post_game(delivery, bound)
            return
        try:
            notice = notice_from_row(delivery.place, delivery.kind, delivery.payload)
        except UnknownNotice as error:
            raise Undeliverable(str(error)) from None
        place = notice.place
        # in a server, a player's notices go to their board's channel, or nowhere
        target = None if isinstance(place, PersonDMs) else bound.get(str(place))
        if posted_in(notice) != place:
            target = bound.get(str(posted_in(notice)))
        if target is None:
            return  # a place this match does not show (a DM game's team rooms, say)
        try:
            channel = await self._channel(int(target), delivery.posted_after)
            await self._channels.post(channel, delivery, notice, bound)
        except (Undeliverable, discord.NotFound, discord.Forbidden) as error:
            why = str(error) if isinstance(error, Undeliverable) else error.text or str(error)
            await self._report(delivery.match_id, place, target, bound)
            raise Undeliverable(why) from None

    async def _report(
        self, match_id: int, place: Place, target: str, bound: dict[str, str]
    ) -> None:
        """Tell the overview (or, if that is what failed, the host) once that a place is lost."""
        if (match_id, target) in self._reported:
            return
        self._reported.add((match_id, target))
        text = (
            f"I can no longer post in <#{target}> (deleted, or my permissions there changed), "
            f"so match {match_id}'s notices for {place} are lost from there. The game goes on: "
            "/board shows any board, and a moderator can restore the channel's permissions."
        )
        try:
            overview = bound.get(str(OVERVIEW))
            if overview is not None and overview != target:
                await (await self._channel(int(overview))).send(text)
                return
            host = int(await self._service.host(match_id))
            # not cached without the members intent: fetch the host, then open a DM
            user = self._client.get_user(host) or await self._client.fetch_user(host)
            await user.send(text)
        except (discord.HTTPException, discord.RateLimited, Undeliverable):
            logger.warning("match %d: nobody could be told that %s is lost", match_id, place)


def _wanted(delivery: Delivery) -> list[str] | None:
    """Return the places a notice needs to know of, or None for all of them.

    A board's image in a server match needs its board's place, the overview (to say there
    if the board's channel is lost) and the mark of a DM game, where a 1,000-board match
    binds some 2,000 places.
    """
    kind = KINDS.get(delivery.kind)
    if kind is not None and issubclass(kind, BoardImage) and board_of(delivery.place) is not None:
        return [str(GAME_DMS), str(OVERVIEW), delivery.place]
    return None
