"""A server match's posts: board images in board channels, news in the overview and rooms."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Sequence
from datetime import timedelta
from functools import partial

import discord

from bot import metrics
from bot.delivery import Delivery
from bot.errors import NotFoundError
from bot.notices import (
    ArrivalShown,
    BoardImage,
    DrawDeclined,
    DrawOffered,
    Notice,
    Reminder,
    Reopened,
    ReplayShown,
    Result,
    TakebackAsked,
    TakebackDeclined,
    TimeAdded,
    TransferGone,
    TransferPrompt,
)
from bot.places import OVERVIEW, BoardPlace, PersonDMs, board_of
from bot.sender.places import Poster, nonce
from bot.shown import ShownBoard, board_clocks
from bot.turns import for_people
from bot.ui.alt import board_alt
from bot.ui.buttons import board_view, offer_view
from bot.ui.clocks import lapses
from bot.ui.mentions import mention, only
from bot.ui.picker import image_pieces
from bot.ui.rematch import rematch_view
from bot.ui.replay import send_replay, upload_limit
from bot.ui.takeback import asked_words, declined_words, takeback_view
from bot.ui.transfer import transfer_view
from bot.ui.words import (
    board_words,
    overview_words,
    reminder_words,
    shape_words,
    substitute_words,
)
from games.core.events import BoardEnded, Event, Moved
from games.core.pieces import SIDES, Side, opponent, side_name
from renderer import board_view_png
from views.model import BoardView

logger = logging.getLogger(__name__)


class ChannelPoster(Poster):
    """Posts a server match's notices in the channels bound to their places."""

    async def post(
        self,
        channel: discord.abc.Messageable,
        delivery: Delivery,
        notice: Notice,
        bound: dict[str, str],
    ) -> None:
        """Post a notice in its channel, in the form its type takes."""
        match_id = delivery.match_id
        assert match_id is not None
        where = notice.place
        on_board = isinstance(where, BoardPlace)
        # a retry (after a lost answer or a crash) carries the same nonce, which Discord
        # enforces: the message is shown once
        send = partial(channel.send, nonce=nonce(delivery.idempotency_key))
        match notice:
            case ReplayShown(board=board, upto=upto) if on_board:
                try:
                    await send_replay(
                        lambda replay: send(replay.words, file=replay.file),
                        self._service,
                        match_id,
                        board,
                        limit=upload_limit(channel),
                        upto=upto,
                    )
                except NotFoundError as error:  # the ending was taken back: nothing to show
                    logger.info(
                        "match %d: board %d's replay is not posted: %s", match_id, board, error
                    )
            case BoardImage() if on_board:
                await self._post_board(channel, match_id, notice, delivery.idempotency_key)
            case _ if where == OVERVIEW:
                words = overview_words(notice)
                if isinstance(notice, Result) and words is not None:
                    await send(words, view=rematch_view(match_id))
                elif words is not None:
                    await send(words)
                if isinstance(notice, Result):
                    await self._let_players_play(match_id, bound, play=False)
                elif isinstance(notice, Reopened):
                    await self._let_players_play(match_id, bound, play=True)
            case TransferPrompt() if isinstance(where, PersonDMs):
                user = where.user
                prompt = await send(
                    f"{mention(user)}, you won board {notice.board}: you may send one piece "
                    f"standing on an elevator onward; the chance lapses "
                    f"{lapses(notice.deadline)}.",
                    view=transfer_view(match_id, notice.board, list(notice.options), notice.labels),
                    allowed_mentions=only([user]),
                )
                await self._keep_prompt(channel, match_id, notice.board, prompt.id)
            case TransferPrompt():  # the team's room: the options, to talk them over
                await send(
                    f"Board {notice.board} is won: the piece may go {', '.join(notice.options)}; "
                    f"the chance lapses {lapses(notice.deadline)}."
                )
            case DrawOffered(board=board, side=side) if on_board:
                roster = await self._service.roster(match_id)
                offered = roster.seated(board, opponent(side))
                to = f"{mention(offered)}, " if offered else ""
                await send(
                    f"{to}{side_name(side)} offers a draw on board {board}: "
                    "accept or decline it below, or with /draw (a move declines it too).",
                    view=offer_view(match_id, board),
                    allowed_mentions=only([offered]),
                )
            case TakebackAsked() if on_board:
                await send(
                    asked_words(notice),
                    view=takeback_view(match_id, notice.asked_at),
                    allowed_mentions=only([notice.answerer]),
                )
            case TakebackDeclined() if on_board:
                await send(declined_words(notice))
            case TransferGone():  # to the team room and the winner's board
                words = overview_words(notice)
                if words is not None:
                    await send(words)
                    if isinstance(where, PersonDMs):  # the prompt's menu goes with the transfer
                        await self._close_prompt(channel, bound, notice.board, words)
            case Reminder() if on_board:
                await send(
                    reminder_words(notice, mention_player=True),
                    allowed_mentions=only(list(notice.mention)),
                )
            case TimeAdded() if on_board:
                words = overview_words(notice)
                if words is not None:
                    await send(words)
            case DrawDeclined(board=board, side=side) if on_board:
                await send(f"Board {board}: {side_name(side)} declines the draw.")

    async def _let_players_play(self, match_id: int, bound: dict[str, str], *, play: bool) -> None:
        """Let the players write in the board channels, or make them read-only once it is over.

        Channel permissions follow the match: read-only at its end, open again when an undo
        brings it back. Never raises: the notice is already posted, and a retry would post
        it again.
        """
        roster = await self._service.roster(match_id)
        players = [int(user) for team in roster.teams.values() for user in team]
        for place, target in bound.items():
            channel = self._client.get_channel(int(target))
            # a board that is a thread follows its channel's permissions
            if board_of(place) is None or not isinstance(channel, discord.TextChannel):
                continue
            overwrites = dict(channel.overwrites)
            # the players the channel lets in: all of them, or in a match of threads, the
            # ones seated on its boards; an Object stands for a member the bot has not cached
            for key in [key for key in overwrites if key.id in players]:
                rights = discord.PermissionOverwrite(**dict(overwrites.pop(key)))
                rights.update(send_messages=play)
                if rights.send_messages_in_threads is not None:  # a channel with threads
                    rights.update(send_messages_in_threads=play)
                overwrites[discord.Object(key.id, type=discord.Member)] = rights
            why = "the match is on again" if play else "the match is over"
            try:
                await channel.edit(overwrites=overwrites, reason=why)
            except (discord.HTTPException, discord.RateLimited):
                logger.warning(
                    "match %d: %s's permissions could not follow it (%s)", match_id, place, why
                )

    async def _post_board(
        self, channel: discord.abc.Messageable, match_id: int, notice: BoardImage, key: str
    ) -> None:
        """Post a board's image and what happened, as the board stood right after the action."""
        board = notice.board
        shown = await self._shown_board(match_id, notice)
        view = shown.view
        known = await self._service.names([shown.white, shown.black])
        names = (known.get(shown.white or "", ""), known.get(shown.black or "", ""))
        events = () if notice.undone else notice.events
        facing = facing_side(view, events)
        with for_people():
            image = await asyncio.to_thread(_draw, view, facing, names, board_clocks(shown.clocks))
        lines = []
        mentioned = list(notice.mention) if isinstance(notice, ArrivalShown) else []
        pinged: list[str | None] = list(mentioned)
        if notice.substitute is not None:  # a moderator seated someone else here
            old, new = notice.substitute
            side = next((side for side in SIDES if shown.seated(side) == new), None)
            pinged.append(new)
            lines.append(substitute_words(new, old, side, notice.reason))
        elif not notice.undone and not events:  # the match has just started
            pinged += [shown.white, shown.black]
            lines.append(
                f"Board {board}: {mention(shown.white or '?')} (White) against "
                f"{mention(shown.black or '?')} (Black)."
            )
            near = [
                f"board {n.board} {n.direction}" for n in view.neighbours if n.board is not None
            ]
            if view.passes_to is not None:
                lines.append(
                    "A move that captures nothing passes through to the same square of board "
                    f"{view.passes_to}."
                )
            elif view.elevators:  # a game without elevators (Escher Staircase alone) says nothing
                lines.append("Elevators lead to " + (" and ".join(near) or "no other board") + ".")
            lines += shape_words(view.shape)
        lines += board_words(notice)
        if view.move_held:  # Automatic: nobody to call here until the other boards have moved
            lines.append(
                f"{side_name(view.turn)}'s move here is in; the turn waits for other boards."
            )
        elif not view.finished:
            seated = shown.seated(view.turn)
            pinged.append(seated)
            who = mention(seated) if seated else side_name(view.turn)
            lines.append(f"{side_name(view.turn)} to move: {who}.")
        else:
            ended = next((e for e in events if isinstance(e, BoardEnded)), None)
            how = f" ({ended.ending})" if ended is not None else ""
            lines.append(f"Board {board} is over: {view.result}{how}.")
        if mentioned:
            lines.append(" ".join(mention(user) for user in mentioned))
        if notice.offer_withdrawn is not None:
            lines.append(f"{side_name(notice.offer_withdrawn)}'s draw offer is withdrawn.")
        file = discord.File(
            io.BytesIO(image), filename=f"board-{board}.png", description=board_alt(view)
        )
        buttons = None if view.finished else board_view(match_id, board)
        if buttons is not None and not view.move_held:
            menu = await image_pieces(self._service, match_id, board, shown.seated(view.turn))
            if menu is not None:
                buttons.add_item(menu)
        text, allowed = "\n".join(lines), only(pinged)
        if buttons is None:
            posted = await channel.send(text, file=file, allowed_mentions=allowed, nonce=nonce(key))
        else:
            posted = await channel.send(
                text, file=file, view=buttons, allowed_mentions=allowed, nonce=nonce(key)
            )
        try:  # the image is up: a failure from here on must not post it again
            await self._retire_previous(channel, match_id, board, posted.id)
        except Exception:
            logger.exception("match %d: board %d's previous image was not retired", match_id, board)

    async def _shown_board(self, match_id: int, notice: BoardImage) -> ShownBoard:
        """Return the board as its notice stored it, or as it is now for an older notice."""
        if notice.shown is not None:
            return notice.shown
        return await self._service.shown_board(match_id, notice.board)

    async def _retire_previous(
        self, channel: discord.abc.Messageable, match_id: int, board: int, latest: int
    ) -> None:
        """Take the buttons off the board's previous image: only the latest one acts."""
        await self._retire(channel, match_id, f"board-message:{board}", latest)


def facing_side(view: BoardView, events: Sequence[Event]) -> Side:
    """Return whose side a board channel's image is drawn from: the side to move.

    A finished board is seen from the side that played its last move, so the final image
    does not turn round under the player who ended it; a board that ended without a move
    (a resignation, a flag, a draw, a ruling) from White's.
    """
    if not view.finished:
        return view.turn
    moves = [event for event in events if isinstance(event, Moved)]
    return moves[-1].side if moves else "white"


def _draw(
    view: BoardView,
    facing: Side,
    names: tuple[str, str],
    clocks: tuple[timedelta, timedelta] | None,
) -> bytes:
    began = time.thread_time()  # the drawing thread's own, whatever runs beside it
    image = board_view_png(
        view, facing, size=640, names=names if all(names) else None, clocks=clocks
    )
    metrics.drew(time.thread_time() - began)
    return image
