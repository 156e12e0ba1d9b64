"""The outbox's sender for Discord: each notice posted where its place lives, boards as images."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from datetime import timedelta
from functools import partial

import discord

from bot.delivery import Delivery, RetryLater, Undeliverable
from bot.exts.clocks import all_clocks, board_clocks, lapses
from bot.exts.mentions import mention, only, plain
from bot.exts.play._buttons import board_view, game_view, offer_view
from bot.exts.play._transfer import transfer_view
from bot.lobby import Roster
from bot.notices import (
    KINDS,
    OVERVIEW,
    Aborted,
    Adjudication,
    ArrivalShown,
    BoardImage,
    BoardResult,
    Cancelled,
    Decided,
    DrawDeclined,
    DrawOffered,
    FlagNews,
    ForcedResignation,
    Forfeit,
    Notice,
    Paused,
    Reminder,
    Reopened,
    Result,
    Resumed,
    RideNews,
    Started,
    Substituted,
    TimeAdded,
    TransferGone,
    TransferLapsed,
    TransferPrompt,
    TransferSkipped,
    Undone,
    UnknownNotice,
    notice_from_row,
)
from bot.service import MatchService
from bot.shown import ShownBoard, ShownGame
from games.core.clocks import left_words
from games.core.events import Flagged, Moved
from games.core.pieces import SIDES, Side, kind_name, opponent, side_name
from games.elevator import Arrived
from renderer import board_view_png, overview_view_png
from views.model import BoardView

logger = logging.getLogger(__name__)


def nonce(*parts: str) -> str:
    """Return the nonce of one post of a notice: the same on every retry, 25 characters."""
    return hashlib.sha256(":".join(parts).encode()).hexdigest()[:25]


def score_words(scores: dict[str, float]) -> str:
    """Write the teams' scores: Reds 2, Blues 1 (names shown as typed)."""
    return ", ".join(f"{plain(team)} {score:g}" for team, score in scores.items())


def piece_words(side: str, kind: str) -> str:
    """Write a piece in words: a white knight."""
    return f"a {side} {kind_name(kind)}"


def arrival_words(arrived: Arrived) -> str:
    """Say what arrived where, and what it threatens."""
    text = (
        f"{piece_words(arrived.side, arrived.piece).capitalize()} arrives on "
        f"{arrived.square} from board {arrived.from_board}"
    )
    if arrived.king_capturable:
        text += f": the {opponent(arrived.side)} king can be captured"
    elif arrived.check:
        text += ": check"
    return text + "."


def overview_words(notice: Notice) -> str | None:
    """Say an overview notice in a line, or None for notices the overview does not show."""
    match notice:
        case Started(boards=boards):
            return f"The match has started on {boards} boards."
        case RideNews(event=ride):
            return (
                f"Board {ride.board}: {piece_words(ride.side, ride.piece)} rides "
                f"{ride.direction} from {ride.square} to board {ride.to_board}."
            )
        case FlagNews(event=flag):
            return f"Board {flag.board}: {side_name(flag.side)} ran out of time."
        case TimeAdded():
            side = side_name(notice.side)
            return (
                f"A moderator gave {side} {left_words(notice.seconds)} on board "
                f"{notice.board}: {plain(notice.reason or '')}. "
                f"{side} has {left_words(notice.left)} left there."
            )
        case BoardResult(event=ended, scores=scores):
            standing = score_words(dict(scores))
            score = f" Score: {standing}." if standing else ""
            return f"Board {ended.board} ends {ended.result} ({ended.ending}).{score}"
        case Decided(event=decided):
            winners = ", ".join(plain(team) for team in decided.winners)
            return f"The match is decided: {winners or 'a draw'}."
        case Result(result=result, scores=scores):
            standing = score_words(dict(scores))
            return f"Final result: {result}" + (f" ({standing})." if standing else ".")
        case TransferGone(board=board, side=side):
            gone = "has nowhere left to go"
            if isinstance(notice, (TransferLapsed, TransferSkipped)):
                gone = "lapsed" if isinstance(notice, TransferLapsed) else "was skipped"
            return f"Board {board}: {side_name(side)}'s victory transfer {gone}."
        case Adjudication() | Forfeit() | ForcedResignation():
            said = "forfeit"
            if isinstance(notice, (Adjudication, ForcedResignation)):
                said = (
                    "ruling"
                    if isinstance(notice, Adjudication)
                    else "resignation for an absent player"
                )
            return f"A moderator's {said}: {plain(notice.reason or '')}".rstrip(": ") + "."
        case Reopened(status="paused"):
            return "The match is back, but paused: a moderator resumes it with /mod resume."
        case Reopened():
            return "The match is on again: the players may play in the board channels."
        case Paused() | Resumed() | Aborted() | Undone() | Substituted() | Cancelled():
            reason = plain(notice.reason or "")
            return f"A moderator's {notice.kind}" + (f": {reason}" if reason else ".")
    return None


def reminder_words(reminder: Reminder, *, mention_player: bool) -> str:
    """Remind a correspondence player that a board waits on their move, and until when."""
    falls = lapses(reminder.falls_at) if reminder.falls_at is not None else "soon"
    text = (
        f"board {reminder.board} waits on your move as {side_name(reminder.side)}: "
        f"{left_words(reminder.left)} left; the board is lost on time {falls}."
    )
    who = " ".join(mention(user) for user in reminder.mention)
    return f"{who}, {text}" if mention_player and who else text[0].upper() + text[1:]


class DiscordSender:
    """Posts outbox notices in the channels bound to their places."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self._client = client
        self._service = service
        self._reported: set[tuple[int, str]] = set()  # lost channels already reported
        self._games_done: OrderedDict[str, None] = OrderedDict()  # DM game actions posted

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
        bound = await self._service.bindings(delivery.match_id)
        if "dm:white" in bound and KINDS.get(delivery.kind) is Reminder:  # to the one to move
            await self._remind_in_dm(delivery, bound)
            return
        if "dm:white" in bound:  # a casual game, shown in both players' DMs
            await self._post_game(delivery, bound)
            return
        try:
            notice = notice_from_row(delivery.place, delivery.kind, delivery.payload)
        except UnknownNotice as error:
            raise Undeliverable(str(error)) from None
        place = notice.place
        target = bound.get(place)
        if place.startswith("user:"):  # in a server, a player's notices go to their board
            board = getattr(notice, "board", None)
            target = bound.get(f"board:{board}") if board is not None else None
        if target is None:
            return  # a place this match does not show (a DM game's team rooms, say)
        try:
            channel = await self._channel(int(target))
            await self._post(channel, delivery, notice, bound)
        except (Undeliverable, discord.NotFound, discord.Forbidden) as error:
            why = str(error) if isinstance(error, Undeliverable) else error.text or str(error)
            await self._report(delivery.match_id, place, target, bound)
            raise Undeliverable(why) from None

    async def _post_game(self, delivery: Delivery, bound: dict[str, str]) -> None:
        """Show one action of a DM game to both players: what happened, and every board.

        An action's notices share a key prefix and go out together; each player's message is
        claimed (before any await) by the first of them, so it is posted once. A player whose
        DMs refuse the bot does not hold up, or repeat, what the other one is shown.
        """
        assert delivery.match_id is not None
        action = delivery.idempotency_key.rsplit(":", 1)[0]
        sides = [side for side in SIDES if f"{action}:{side}" not in self._games_done]
        for side in sides:
            self._games_done[f"{action}:{side}"] = None
        while len(self._games_done) > 10_000:
            self._games_done.popitem(last=False)
        if not sides:
            return
        notices, stored = await self._service.action_notices(action)
        lines, prompts = self._game_lines(notices)
        if stored is not None:
            game = ShownGame.from_record(stored)
        else:  # queued before notices carried the game: show it as it is now
            game = await self._service.shown_game(delivery.match_id)
        roster = await self._service.roster(delivery.match_id)
        offers = {
            notice.board: notice.side
            for notice in notices
            if isinstance(notice, DrawOffered) and notice.place.startswith("board:")
        }
        refused: list[str] = []
        for index, side in enumerate(sides):
            offered = [board for board, by in offers.items() if by != side]
            try:
                await self._show_game(
                    delivery.match_id, side, game, roster, lines, bound, offered, action
                )
                for prompt in prompts:
                    if roster.teams[side][:1] == [prompt.place.removeprefix("user:")]:
                        channel = await self._channel(int(bound[f"dm:{side}"]))
                        await channel.send(
                            f"You won board {prompt.board}: you may send one piece onward; "
                            f"the chance lapses {lapses(prompt.deadline)}.",
                            view=transfer_view(
                                delivery.match_id, prompt.board, list(prompt.options)
                            ),
                            nonce=nonce(action, side, "prompt", str(prompt.board)),
                        )
            except (discord.Forbidden, discord.NotFound, Undeliverable) as error:
                refused.append(f"{side}: {error}")
            except BaseException:
                for unshown in sides[index:]:  # not shown yet: the retry shows them
                    self._games_done.pop(f"{action}:{unshown}", None)
                raise
        if refused:
            raise Undeliverable("a player's DMs refuse the bot: " + "; ".join(refused))

    async def _remind_in_dm(self, delivery: Delivery, bound: dict[str, str]) -> None:
        """Remind a DM game's player to move of the time left on a board."""
        try:
            reminder = notice_from_row(delivery.place, delivery.kind, delivery.payload)
        except UnknownNotice as error:
            raise Undeliverable(str(error)) from None
        assert isinstance(reminder, Reminder)
        try:
            channel = await self._channel(int(bound[f"dm:{reminder.side}"]))
            await channel.send(
                f"Game {delivery.match_id}: " + reminder_words(reminder, mention_player=False),
                nonce=nonce(delivery.idempotency_key),
            )
        except (discord.Forbidden, discord.NotFound) as error:
            raise Undeliverable(f"the player's DMs refuse the bot: {error}") from None

    def _game_lines(self, notices: list[Notice]) -> tuple[list[str], list[TransferPrompt]]:
        """Say an action of a DM game in lines, and find the transfer prompts among it."""
        lines: list[str] = []
        prompts: list[TransferPrompt] = []
        for notice in notices:
            on_board = notice.place.startswith("board:")
            match notice:
                case BoardImage(board=board) if on_board:
                    lines += [
                        f"Board {board}: {side_name(e.side)} played {e.san}."
                        for e in notice.events
                        if isinstance(e, Moved) and not notice.undone
                    ]
                    if isinstance(notice, ArrivalShown) and notice.arrived is not None:
                        lines.append(f"Board {board}: {arrival_words(notice.arrived)}")
                    if notice.offer_withdrawn is not None:
                        offered = side_name(notice.offer_withdrawn)
                        lines.append(f"Board {board}: {offered}'s draw offer is withdrawn.")
                case DrawOffered(board=board, side=side) if on_board:
                    lines.append(
                        f"Board {board}: {side_name(side)} offers a draw "
                        "(accept or decline it below, or with /draw)."
                    )
                case DrawDeclined(board=board, side=side) if on_board:
                    lines.append(f"Board {board}: {side_name(side)} declines the draw.")
                case TransferPrompt() if notice.place.startswith("user:"):
                    prompts.append(notice)
                case _ if notice.place == OVERVIEW:
                    words = overview_words(notice)
                    if words is not None:
                        lines.append(words)
        return lines, prompts

    async def _show_game(
        self,
        match_id: int,
        side: Side,
        game: ShownGame,
        roster: Roster,
        lines: list[str],
        bound: dict[str, str],
        offered: list[int],
        action: str,
    ) -> None:
        """Post a DM game as the action left it to one player, with the menu for their boards.

        offered: boards where the opponent has just offered them a draw, to accept or decline.
        """
        channel = await self._channel(int(bound[f"dm:{side}"]))
        views = game.view.views
        mine = [view.number for view in views if not view.finished and view.turn == side]
        draw = partial(
            overview_view_png,
            game.view,
            perspective=side,
            marked=mine,
            clocks=all_clocks(game.clocks),
        )
        image = await asyncio.to_thread(draw)
        status = (
            f"Your move on board {', '.join(map(str, mine))}." if mine else "Your opponent's move."
        )
        if all(view.finished for view in views):
            status = "The game is over."
        text = "\n".join([f"Game {match_id}:", *lines, status])[:2000]
        file = discord.File(io.BytesIO(image), filename=f"game-{match_id}.png")
        seats = roster.boards_of(roster.teams[side][0]) if roster.teams[side] else []
        still_open = game.open_boards()
        view = game_view(
            match_id,
            [b for b, _ in seats if b in still_open],
            [b for b in offered if b in still_open],
        )
        key = nonce(action, side)
        if view is None:
            posted = await channel.send(text, file=file, nonce=key)
        else:
            posted = await channel.send(text, file=file, view=view, nonce=key)
        try:  # only the latest image keeps its menu
            await self._retire(channel, match_id, f"dm-message:{side}", posted.id)
        except Exception:
            logger.exception("game %d: the previous image kept its menu", match_id)

    async def _report(self, match_id: int, place: str, target: str, bound: dict[str, str]) -> None:
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
            overview = bound.get("overview")
            if overview is not None and overview != target:
                await (await self._channel(int(overview))).send(text)
                return
            host = int(await self._service.host(match_id))
            # not cached without the members intent: fetch the host, then open a DM
            user = self._client.get_user(host) or await self._client.fetch_user(host)
            await user.send(text)
        except (discord.HTTPException, discord.RateLimited, Undeliverable):
            logger.warning("match %d: nobody could be told that %s is lost", match_id, place)

    async def _post(
        self,
        channel: discord.abc.Messageable,
        delivery: Delivery,
        notice: Notice,
        bound: dict[str, str],
    ) -> None:
        """Post a notice in its channel, in the form its type takes."""
        match_id = delivery.match_id
        assert match_id is not None
        place = notice.place
        # a retry (after a lost answer or a crash) carries the same nonce, which Discord
        # enforces: the message is shown once
        send = partial(channel.send, nonce=nonce(delivery.idempotency_key))
        match notice:
            case BoardImage() if place.startswith("board:"):
                await self._post_board(channel, match_id, notice, delivery.idempotency_key)
            case _ if place == OVERVIEW:
                words = overview_words(notice)
                if words is not None:
                    await send(words)
                if isinstance(notice, Result):
                    await self._let_players_play(match_id, bound, play=False)
                elif isinstance(notice, Reopened):
                    await self._let_players_play(match_id, bound, play=True)
            case TransferPrompt() if place.startswith("user:"):
                user = place.removeprefix("user:")
                await send(
                    f"{mention(user)}, you won board {notice.board}: you may send one piece "
                    f"standing on an elevator onward; the chance lapses "
                    f"{lapses(notice.deadline)}.",
                    view=transfer_view(match_id, notice.board, list(notice.options)),
                    allowed_mentions=only([user]),
                )
            case TransferPrompt():  # the team's room: the options, to talk them over
                await send(
                    f"Board {notice.board} is won: the piece may go {', '.join(notice.options)}; "
                    f"the chance lapses {lapses(notice.deadline)}."
                )
            case DrawOffered(board=board, side=side) if place.startswith("board:"):
                roster = await self._service.roster(match_id)
                offered = roster.seated(board, opponent(side))
                to = f"{mention(offered)}, " if offered else ""
                await send(
                    f"{to}{side_name(side)} offers a draw on board {board}: "
                    "accept or decline it below, or with /draw (a move declines it too).",
                    view=offer_view(match_id, board),
                    allowed_mentions=only([offered]),
                )
            case TransferGone():  # to the team room and the winner's board
                words = overview_words(notice)
                if words is not None:
                    await send(words)
            case Reminder() if place.startswith("board:"):
                await send(
                    reminder_words(notice, mention_player=True),
                    allowed_mentions=only(list(notice.mention)),
                )
            case TimeAdded() if place.startswith("board:"):
                words = overview_words(notice)
                if words is not None:
                    await send(words)
            case DrawDeclined(board=board, side=side) if place.startswith("board:"):
                await send(f"Board {board}: {side_name(side)} declines the draw.")

    async def _let_players_play(self, match_id: int, bound: dict[str, str], *, play: bool) -> None:
        """Let the players write in the board channels, or make them read-only once it is over.

        Channel permissions follow the match: read-only at its end, open again when an undo
        brings it back. Never raises: the notice is already posted, and a retry would post
        it again.
        """
        roster = await self._service.roster(match_id)
        players = [int(user) for team in roster.teams.values() for user in team]
        rights = discord.PermissionOverwrite(view_channel=True, send_messages=play)
        for place, target in bound.items():
            channel = self._client.get_channel(int(target))
            if not place.startswith("board:") or not isinstance(channel, discord.TextChannel):
                continue
            overwrites = dict(channel.overwrites)
            for key in list(overwrites):
                if key.id in players:
                    del overwrites[key]
            # an Object stands for a member the bot has not cached (no members intent)
            overwrites.update(
                {discord.Object(user, type=discord.Member): rights for user in players}
            )
            why = "the match is on again" if play else "the match is over"
            try:
                await channel.edit(overwrites=overwrites, reason=why)
            except (discord.HTTPException, discord.RateLimited):
                logger.warning(
                    "match %d: %s's permissions could not follow it (%s)", match_id, place, why
                )

    def _name(self, user: str | None) -> str:
        """Return the name a player shows under, as far as the bot knows it."""
        found = self._client.get_user(int(user)) if user is not None else None
        return found.display_name if found is not None else ""

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

    async def _post_board(
        self, channel: discord.abc.Messageable, match_id: int, notice: BoardImage, key: str
    ) -> None:
        """Post a board's image and what happened, as the board stood right after the action."""
        board = notice.board
        shown = await self._shown_board(match_id, notice)
        view = shown.view
        names = (self._name(shown.white), self._name(shown.black))
        image = await asyncio.to_thread(_draw, view, names, board_clocks(shown.clocks))
        lines = []
        mentioned = list(notice.mention) if isinstance(notice, ArrivalShown) else []
        pinged: list[str | None] = list(mentioned)
        events = () if notice.undone else notice.events
        if not notice.undone and not events:  # the match has just started
            pinged += [shown.white, shown.black]
            lines.append(
                f"Board {board}: {mention(shown.white or '?')} (White) against "
                f"{mention(shown.black or '?')} (Black)."
            )
            near = [
                f"board {n.board} {n.direction}" for n in view.neighbours if n.board is not None
            ]
            if view.elevators:  # a game without elevators (Escher Staircase alone) says nothing
                lines.append("Elevators lead to " + (" and ".join(near) or "no other board") + ".")
        if isinstance(notice, ArrivalShown) and notice.arrived is not None:
            lines.append(arrival_words(notice.arrived))
        moves = [e for e in events if isinstance(e, Moved)]
        if moves:
            lines.append(f"{side_name(moves[-1].side)} played {moves[-1].san}.")
        lines += [f"{side_name(e.side)} ran out of time." for e in events if isinstance(e, Flagged)]
        if not view.finished:
            seated = shown.seated(view.turn)
            pinged.append(seated)
            who = mention(seated) if seated else side_name(view.turn)
            lines.append(f"{side_name(view.turn)} to move: {who}.")
        else:
            lines.append(f"Board {board} is over: {view.result}.")
        if mentioned:
            lines.append(" ".join(mention(user) for user in mentioned))
        if notice.offer_withdrawn is not None:
            lines.append(f"{side_name(notice.offer_withdrawn)}'s draw offer is withdrawn.")
        file = discord.File(io.BytesIO(image), filename=f"board-{board}.png")
        buttons = None if view.finished else board_view(match_id, board)
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


def _draw(
    view: BoardView, names: tuple[str, str], clocks: tuple[timedelta, timedelta] | None
) -> bytes:
    return board_view_png(view, size=640, names=names if all(names) else None, clocks=clocks)
