"""A casual game's posts in its players' DMs: each action once to each player, with menus."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable
from dataclasses import replace
from typing import Final

import discord

from bot.delivery import Delivery, Undeliverable
from bot.drawing import IMAGE_WAIT, drawn, game_image
from bot.errors import NotFoundError
from bot.lobby import Roster
from bot.notices import (
    BoardImage,
    BoardResult,
    BoardsResult,
    Decided,
    DrawDeclined,
    DrawOffered,
    FlagNews,
    Notice,
    Reminder,
    ReplayShown,
    Result,
    RideNews,
    TakebackAsked,
    TakebackDeclined,
    TransferGone,
    TransferPrompt,
    UnknownNotice,
    notice_from_row,
)
from bot.places import OVERVIEW, BoardPlace, PersonDMs, dms_of
from bot.sender.places import Poster, nonce
from bot.service import MatchService
from bot.shown import ShownGame
from bot.turns import PATIENT, after_people, for_people
from bot.ui.alt import game_alt
from bot.ui.buttons import game_view, piece_rows
from bot.ui.clocks import lapses
from bot.ui.picker import image_pieces
from bot.ui.rematch import rematch_view
from bot.ui.replay import ReplayPost, send_replay
from bot.ui.takeback import asked_words, declined_words, takeback_view
from bot.ui.transfer import transfer_view
from bot.ui.turns import listed
from bot.ui.words import board_words, overview_words, reminder_words
from games.core.pieces import SIDES, Side, side_name

logger = logging.getLogger(__name__)


class DmPoster(Poster):
    """Shows a DM game's actions to both players, and reminds the one to move."""

    def __init__(
        self, client: discord.Client, service: MatchService, *, answer_wait: float = 0.0
    ) -> None:
        """Post for service's DM games; answer_wait: see _answered_at_once."""
        super().__init__(client, service)
        self._answer_wait = answer_wait
        self._games_done: OrderedDict[str, None] = OrderedDict()  # DM game actions posted

    async def post_game(self, delivery: Delivery, bound: dict[str, str]) -> None:
        """Show one action of a DM game to both players: what happened, and every board.

        An action's notices share a key prefix and go out together; each player's message is
        claimed (before any await) by the first of them, so it is posted once. A player whose
        DMs refuse the bot does not hold up, or repeat, what the other one is shown.
        """
        assert delivery.match_id is not None
        action = delivery.idempotency_key.rsplit(":", 1)[0]
        sides = [
            side
            for side in SIDES
            if f"{action}:{side}" not in self._games_done
            and dms_of(bound, side) is not None  # the practice opponent reads no DMs
        ]
        for side in sides:
            self._games_done[f"{action}:{side}"] = None
        while len(self._games_done) > 10_000:
            self._games_done.popitem(last=False)
        if not sides:
            return
        notices, stored = await self._service.action_notices(action)
        joined = [action]
        if stored is not None:
            game = ShownGame.from_record(stored)
            answer = await self._answered_at_once(delivery, action, bound, notices, game)
            if answer is not None:  # one post for the player's move and the bot's answer
                later, later_notices, game = answer
                notices = notices + later_notices
                joined.append(later)
                for side in sides:
                    self._games_done[f"{later}:{side}"] = None
        else:  # queued before notices carried the game: show it as it is now
            game = await self._service.shown_game(delivery.match_id)
        transfers_gone = [
            n for n in notices if isinstance(n, TransferGone) and isinstance(n.place, PersonDMs)
        ]
        roster = await self._service.roster(delivery.match_id)
        game = await self._named(game, roster)
        lines, prompts = self._game_lines(notices, {v.number: v.gates for v in game.view.views})
        offers = {
            notice.board: notice.side
            for notice in notices
            if isinstance(notice, DrawOffered) and isinstance(notice.place, BoardPlace)
        }
        replays = [n for n in notices if isinstance(n, ReplayShown)]
        takebacks = [
            n for n in notices if isinstance(n, TakebackAsked) and isinstance(n.place, PersonDMs)
        ]

        async def show(side: Side) -> None:
            offered = [board for board, by in offers.items() if by != side]
            await self._show_game(delivery, side, game, roster, lines, bound, offered, action)
            for prompt in prompts:
                if prompt.place == PersonDMs(next(iter(roster.teams[side]), "")):
                    await self._prompt(delivery, side, prompt, bound, action)
            for asked in takebacks:
                if asked.answerer in roster.teams[side]:
                    channel = await self._channel(_dms(bound, side))
                    await channel.send(
                        asked_words(asked, to=False),
                        view=takeback_view(delivery.match_id or 0, asked.asked_at),
                        nonce=nonce(action, side, "takeback"),
                    )
            for gone in transfers_gone:
                words = overview_words(gone)
                if gone.side == side and words is not None:
                    channel = await self._channel(_dms(bound, side))
                    await self._close_prompt(channel, bound, gone.board, words)
            await self._post_replays(delivery, side, replays, bound, action)

        # both players at once: the one who moved and the one whose move it is both wait
        shows = [asyncio.ensure_future(show(side)) for side in sides]
        try:
            await asyncio.gather(*shows, return_exceptions=True)
        finally:  # a side not shown, or cancelled on the way, is shown by the retry
            for side, shown in zip(sides, shows, strict=True):
                if not shown.done():
                    shown.cancel()
                if not shown.done() or shown.cancelled() or _failed(shown.exception()):
                    for key in joined:
                        self._games_done.pop(f"{key}:{side}", None)
        refused: list[str] = []
        for side, shown in zip(sides, shows, strict=True):
            error = shown.exception()
            if error is not None and _failed(error):
                raise error
            if error is not None:
                refused.append(f"{side}: {error}")
        if refused:
            raise Undeliverable("a player's DMs refuse the bot: " + "; ".join(refused))

    async def _prompt(
        self,
        delivery: Delivery,
        side: Side,
        prompt: TransferPrompt,
        bound: dict[str, str],
        action: str,
    ) -> None:
        """Offer the winner of a board the piece to send onward, in their DMs."""
        assert delivery.match_id is not None
        channel = await self._channel(_dms(bound, side), delivery.posted_after)
        posted = await channel.send(
            f"Game {delivery.match_id}: you won board {prompt.board}: you may send one piece "
            f"onward; the chance lapses {lapses(prompt.deadline)}.",
            view=transfer_view(
                delivery.match_id, prompt.board, list(prompt.options), prompt.labels
            ),
            nonce=nonce(action, side, "prompt", str(prompt.board)),
        )
        await self._keep_prompt(channel, delivery.match_id, prompt.board, posted.id)

    async def _answered_at_once(
        self,
        delivery: Delivery,
        action: str,
        bound: dict[str, str],
        notices: list[Notice],
        game: ShownGame,
    ) -> tuple[str, list[Notice], ShownGame] | None:
        """Return the practice opponent's answer to a plain move, if it comes at once.

        A move that leaves the practice opponent to move waits for its answer up to
        answer_wait seconds (PRACTICE_ANSWER_WAIT): the player then gets one post for both,
        a turn's two images in one, as Discord lets a bot make only so many requests. None:
        post the action alone (a game between people, an action with more than moves to
        show, or no answer in time).
        """
        practising = [side for side in SIDES if dms_of(bound, side) is None]
        if not self._answer_wait or len(practising) != 1 or not _plain(notices):
            return None
        bot = practising[0]
        if not any(view.turn == bot and not view.finished for view in game.view.views):
            return None
        assert delivery.match_id is not None
        later = await self._service.next_action(
            delivery.match_id, delivery.place, delivery.id, action, self._answer_wait
        )
        if later is None:
            return None
        later_notices, later_stored = await self._service.action_notices(later)
        if later_stored is None or not _plain_or_ending(later_notices):
            return None
        return later, later_notices, ShownGame.from_record(later_stored)

    async def _post_replays(
        self,
        delivery: Delivery,
        side: Side,
        replays: list[ReplayShown],
        bound: dict[str, str],
        action: str,
    ) -> None:
        """Post the replay of each board the action ended to one player, from their side."""
        if not replays:
            return
        match_id = delivery.match_id
        assert match_id is not None
        channel = await self._channel(_dms(bound, side), delivery.posted_after)
        for notice in replays:

            def post(replay: ReplayPost, board: int = notice.board) -> Awaitable[discord.Message]:
                return channel.send(
                    f"Game {match_id}: {replay.words}",
                    file=replay.file,
                    nonce=nonce(action, side, "replay", str(board)),
                )

            try:
                await send_replay(
                    post,
                    self._service,
                    match_id,
                    notice.board,
                    limit=discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES,
                    upto=notice.upto,
                    perspective=side,
                )
            except NotFoundError as error:  # the ending was taken back: nothing to show
                logger.info(
                    "game %d: board %d's replay is not posted: %s", match_id, notice.board, error
                )

    async def remind(self, delivery: Delivery, bound: dict[str, str]) -> None:
        """Remind a DM game's player to move of the time left on a board."""
        try:
            reminder = notice_from_row(delivery.place, delivery.kind, delivery.payload)
        except UnknownNotice as error:
            raise Undeliverable(str(error)) from None
        assert isinstance(reminder, Reminder)
        if dms_of(bound, reminder.side) is None:  # the practice opponent's
            return
        try:
            channel = await self._channel(_dms(bound, reminder.side), delivery.posted_after)
            await channel.send(
                f"Game {delivery.match_id}: " + reminder_words(reminder, mention_player=False),
                nonce=nonce(delivery.idempotency_key),
            )
        except (discord.Forbidden, discord.NotFound) as error:
            raise Undeliverable(f"the player's DMs refuse the bot: {error}") from None

    def _game_lines(
        self, notices: list[Notice], gates: dict[int, tuple[str, ...]]
    ) -> tuple[list[str], list[TransferPrompt]]:
        """Say an action of a DM game in lines, and find the transfer prompts among it.

        gates: each board's gates (Ender's Chess), read from the game as the action left it.
        """
        lines: list[str] = []
        prompts: list[TransferPrompt] = []
        for notice in notices:
            where = notice.place
            on_board = isinstance(where, BoardPlace)
            match notice:
                case BoardImage(board=board) if on_board:
                    said = board_words(notice, gates.get(board, ()))
                    lines += [f"Board {board}: {line}" for line in said]
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
                case TakebackAsked() if on_board:
                    asked_line = asked_words(notice, to=False, answered=False)
                    lines.append(f"Board {notice.board}: {asked_line}")
                case TakebackDeclined() if on_board:
                    lines.append(f"Board {notice.board}: {declined_words(notice)}")
                case TransferPrompt() if isinstance(where, PersonDMs):
                    prompts.append(notice)
                case RideNews() | FlagNews():  # said with the boards they happened on
                    pass
                case _ if where == OVERVIEW:
                    words = overview_words(notice)
                    if words is not None:
                        lines.append(words)
        return lines, prompts

    async def _named(self, game: ShownGame, roster: Roster) -> ShownGame:
        """Name a DM game's players as they last acted, not as they were at the challenge."""
        players = [roster.teams[side][0] if roster.teams[side] else None for side in SIDES]
        known = await self._service.names(players)
        scores = game.view.scores
        if len(scores) != len(SIDES):
            return game
        renamed = {
            name: known[user]
            for (name, _), user in zip(scores, players, strict=True)
            if user is not None and user in known
        }
        if not renamed or len(set(renamed.values())) < len(renamed):
            return game  # two players under one name would make the score unreadable
        view = replace(
            game.view,
            scores=tuple((renamed.get(name, name), points) for name, points in scores),
            winners=None
            if game.view.winners is None
            else tuple(renamed.get(name, name) for name in game.view.winners),
        )
        return replace(game, view=view)

    async def _show_game(
        self,
        delivery: Delivery,
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
        match_id = delivery.match_id
        assert match_id is not None
        channel = await self._channel(_dms(bound, side), delivery.posted_after)
        views = game.view.views
        mine = [view.number for view in views if not view.finished and view.turn == side]
        image = await drawn_image(game, side, mine)
        status = "Your opponent's move."
        if mine:
            status = (
                f"Your move on board{'s' if len(mine) > 1 else ''} {listed(list(map(str, mine)))}."
            )
        if all(view.finished for view in views):
            status = "The game is over."
        text = "\n".join([f"Game {match_id}:", *lines, status])[:2000]
        file = discord.File(
            io.BytesIO(image),
            filename=f"game-{match_id}.png",
            description=game_alt(game.view, f"Game {match_id}, you play {side_name(side)}"),
        )
        player = roster.teams[side][0] if roster.teams[side] else None
        seats = roster.boards_of(player) if player is not None else []
        still_open = game.open_boards()
        offers = [b for b in offered if b in still_open]
        with_menus, in_menu = piece_rows(mine, offers)  # menus read only for the rows shown
        named = len(views) > 1
        menus = [
            await image_pieces(self._service, match_id, b, player, named=named) for b in with_menus
        ]
        view = game_view(
            match_id,
            [b for b, _ in seats if b in still_open],
            offers,
            [menu for menu in menus if menu is not None],
            in_menu,
        )
        key = nonce(action, side)
        if all(board.finished for board in views):
            view = rematch_view(match_id)
        if view is None:
            posted = await channel.send(text, file=file, nonce=key)
        else:
            posted = await channel.send(text, file=file, view=view, nonce=key)
        try:  # only the latest image keeps its menu
            await self._retire(channel, match_id, f"dm-message:{side}", posted.id)
        except Exception:
            logger.exception("game %d: the previous image kept its menu", match_id)


def _failed(error: BaseException | None) -> bool:
    """Say whether showing a side failed for a reason a retry may mend (not a refusal)."""
    refused = isinstance(error, discord.Forbidden | discord.NotFound | Undeliverable)
    return error is not None and not refused


def practising(bound: dict[str, str]) -> bool:
    """Say whether a DM game is played against the practice opponent, who reads no DMs."""
    return any(dms_of(bound, side) is None for side in SIDES)


# an action's notices that are its moves, and those a game's end adds to them
MOVES: Final = (BoardImage, RideNews, FlagNews)
ENDING: Final = (BoardResult, BoardsResult, Decided, Result, ReplayShown)


def _plain(notices: list[Notice]) -> bool:
    """Tell whether an action's notices are moves alone, said in lines over its image."""
    return all(isinstance(notice, MOVES) for notice in notices)


def _plain_or_ending(notices: list[Notice]) -> bool:
    """Tell whether an answer's notices are moves, and the results and replays they end with.

    A practice game's last answer then comes in one post with the move it answers: a game's
    end and the next one's start take few of the 5 posts in 5 s Discord lets a DM have.
    """
    return all(isinstance(notice, (*MOVES, *ENDING)) for notice in notices)


async def drawn_image(game: ShownGame, side: Side, mine: list[int]) -> bytes:
    """Draw a DM game's image: a practice game's where it gives way to people's, else at once."""
    if PATIENT.get():
        await after_people()
        return await drawn(IMAGE_WAIT, game_image, game, side, mine)
    with for_people():
        return await asyncio.to_thread(game_image, game, side, mine)


def _dms(bound: dict[str, str], side: Side) -> int:
    """Return the channel of a DM game's side's player's DMs; refuse the practice opponent's."""
    found = dms_of(bound, side)
    if found is None:
        raise Undeliverable(f"{side_name(side)} is the practice opponent, who reads no DMs")
    return int(found)
