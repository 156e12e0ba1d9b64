"""The outbox's sender for Discord: each notice posted where its place lives, boards as images."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from datetime import timedelta
from functools import partial
from typing import Any

import discord

from bot.delivery import Delivery, RetryLater, Undeliverable
from bot.exts.clocks import all_clocks, board_clocks, lapses
from bot.exts.mentions import mention, only, plain
from bot.exts.play._buttons import board_view, game_view, offer_view
from bot.exts.play._transfer import transfer_view
from bot.lobby import Roster
from bot.notices import OVERVIEW
from bot.service import MatchService
from bot.shown import ShownBoard, ShownGame
from games.core.clocks import left_words
from games.core.pieces import SIDES, Side, kind_name, opponent, side_name
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


def arrival_words(payload: dict[str, Any]) -> str:
    """Say what arrived where, and what it threatens."""
    text = (
        f"{piece_words(payload['side'], payload['piece']).capitalize()} arrives on "
        f"{payload['square']} from board {payload['from_board']}"
    )
    if payload.get("king_capturable"):
        enemy = "black" if payload["side"] == "white" else "white"
        text += f": the {enemy} king can be captured"
    elif payload.get("check"):
        text += ": check"
    return text + "."


def overview_words(kind: str, payload: dict[str, Any]) -> str | None:
    """Say an overview notice in a line, or None for notices the overview does not show."""
    if kind == "started":
        return f"The match has started on {payload['boards']} boards."
    if kind == "ride":
        return (
            f"Board {payload['board']}: {piece_words(payload['side'], payload['piece'])} rides "
            f"{payload['direction']} from {payload['square']} to board {payload['to_board']}."
        )
    if kind == "flag":
        return f"Board {payload['board']}: {side_name(payload['side'])} ran out of time."
    if kind == "add-time":
        side = side_name(payload["side"])
        return (
            f"A moderator gave {side} {left_words(payload['seconds'])} on board "
            f"{payload['board']}: {plain(payload.get('reason') or '')}. "
            f"{side} has {left_words(payload['left'])} left there."
        )
    if kind == "board-result":
        standing = score_words(payload.get("scores") or {})
        score = f" Score: {standing}." if standing else ""
        return f"Board {payload['board']} ends {payload['result']} ({payload['ending']}).{score}"
    if kind == "decided":
        winners = ", ".join(plain(team) for team in payload["winners"])
        return f"The match is decided: {winners or 'a draw'}."
    if kind == "result":
        standing = score_words(payload.get("scores") or {})
        return f"Final result: {payload['result']}" + (f" ({standing})." if standing else ".")
    if kind in ("transfer-lapsed", "transfer-skipped", "transfer-void"):
        what = {"transfer-lapsed": "lapsed", "transfer-skipped": "was skipped"}.get(
            kind, "has nowhere left to go"
        )
        return f"Board {payload['board']}: {side_name(payload['side'])}'s victory transfer {what}."
    if kind in ("adjudicate", "resign", "forfeit"):
        what = {"adjudicate": "ruling", "resign": "resignation for an absent player"}.get(
            kind, "forfeit"
        )
        return f"A moderator's {what}: {plain(payload.get('reason') or '')}".rstrip(": ") + "."
    if kind == "reopened" and payload.get("status") == "paused":
        return "The match is back, but paused: a moderator resumes it with /mod resume."
    if kind == "reopened":
        return "The match is on again: the players may play in the board channels."
    if kind in ("pause", "resume", "abort", "undo", "substitute", "cancelled"):
        reason = plain(payload.get("reason") or "")
        return f"A moderator's {kind}" + (f": {reason}" if reason else ".")
    return None


def reminder_words(payload: dict[str, Any], *, mention_player: bool) -> str:
    """Remind a correspondence player that a board waits on their move, and until when."""
    text = (
        f"board {payload['board']} waits on your move as {side_name(payload['side'])}: "
        f"{left_words(payload['left'])} left; the board is lost on time "
        f"{lapses(payload['falls_at'])}."
    )
    who = " ".join(mention(user) for user in payload.get("mention", []))
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
        place, payload = delivery.place, delivery.payload
        bound = await self._service.bindings(delivery.match_id)
        if "dm:white" in bound and delivery.kind == "reminder":  # to the player to move alone
            await self._remind_in_dm(delivery, bound)
            return
        if "dm:white" in bound:  # a casual game, shown in both players' DMs
            await self._post_game(delivery, bound)
            return
        target = bound.get(place)
        if place.startswith("user:"):  # in a server, a player's notices go to their board
            board = payload.get("board")
            target = bound.get(f"board:{board}") if board is not None else None
        if target is None:
            return  # a place this match does not show (a DM game's team rooms, say)
        try:
            channel = await self._channel(int(target))
            await self._post(channel, delivery, bound)
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
        notices = await self._service.action_notices(action)
        lines, prompts = self._game_lines(notices)
        stored = next((payload["game"] for _, _, payload in notices if "game" in payload), None)
        if stored is not None:
            game = ShownGame.from_record(stored)
        else:  # queued before notices carried the game: show it as it is now
            game = await self._service.shown_game(delivery.match_id)
        roster = await self._service.roster(delivery.match_id)
        offers = {
            int(payload["board"]): payload["side"]
            for place, kind, payload in notices
            if kind == "draw-offer" and place.startswith("board:")
        }
        refused: list[str] = []
        for index, side in enumerate(sides):
            offered = [board for board, by in offers.items() if by != side]
            try:
                await self._show_game(
                    delivery.match_id, side, game, roster, lines, bound, offered, action
                )
                for user, payload in prompts:
                    if roster.teams[side][:1] == [user]:
                        channel = await self._channel(int(bound[f"dm:{side}"]))
                        await channel.send(
                            f"You won board {payload['board']}: you may send one piece onward; "
                            f"the chance lapses {lapses(payload['deadline'])}.",
                            view=transfer_view(
                                delivery.match_id, payload["board"], payload["options"]
                            ),
                            nonce=nonce(action, side, "prompt", str(payload["board"])),
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
        payload = delivery.payload
        try:
            channel = await self._channel(int(bound[f"dm:{payload['side']}"]))
            await channel.send(
                f"Game {delivery.match_id}: " + reminder_words(payload, mention_player=False),
                nonce=nonce(delivery.idempotency_key),
            )
        except (discord.Forbidden, discord.NotFound) as error:
            raise Undeliverable(f"the player's DMs refuse the bot: {error}") from None

    def _game_lines(
        self, notices: list[tuple[str, str, dict[str, Any]]]
    ) -> tuple[list[str], list[tuple[str, dict[str, Any]]]]:
        """Say an action of a DM game in lines, and find the transfer prompts among it."""
        lines: list[str] = []
        prompts: list[tuple[str, dict[str, Any]]] = []
        for place, kind, payload in notices:
            board = payload.get("board")
            if place.startswith("board:") and kind in ("board", "arrival"):
                lines += [
                    f"Board {board}: {side_name(e['side'])} played {e['san']}."
                    for e in payload.get("events", [])
                    if e.get("kind") == "move"
                ]
                if kind == "arrival":
                    lines.append(f"Board {board}: {arrival_words(payload)}")
                if payload.get("offer_withdrawn"):
                    offered = side_name(payload["offer_withdrawn"])
                    lines.append(f"Board {board}: {offered}'s draw offer is withdrawn.")
            elif place.startswith("board:") and kind == "draw-offer":
                lines.append(
                    f"Board {board}: {side_name(payload['side'])} offers a draw "
                    "(accept or decline it below, or with /draw)."
                )
            elif place.startswith("board:") and kind == "draw-declined":
                lines.append(f"Board {board}: {side_name(payload['side'])} declines the draw.")
            elif place == OVERVIEW:
                words = overview_words(kind, payload)
                if words is not None:
                    lines.append(words)
            elif place.startswith("user:") and kind == "transfer-prompt":
                prompts.append((place.removeprefix("user:"), payload))
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
        self, channel: discord.abc.Messageable, delivery: Delivery, bound: dict[str, str]
    ) -> None:
        """Post a notice in its channel, in the form its kind takes."""
        place, kind, payload = delivery.place, delivery.kind, delivery.payload
        assert delivery.match_id is not None
        # a retry (after a lost answer or a crash) carries the same nonce, which Discord
        # enforces: the message is shown once
        send = partial(channel.send, nonce=nonce(delivery.idempotency_key))
        if place.startswith("board:") and kind in ("board", "arrival"):
            await self._post_board(channel, delivery.match_id, payload, delivery.idempotency_key)
        elif place == "overview":
            words = overview_words(kind, payload)
            if words is not None:
                await send(words)
            if kind == "result":
                await self._let_players_play(delivery.match_id, bound, play=False)
            elif kind == "reopened":
                await self._let_players_play(delivery.match_id, bound, play=True)
        elif kind == "transfer-prompt" and place.startswith("user:"):
            user = place.removeprefix("user:")
            await send(
                f"{mention(user)}, you won board {payload['board']}: you may send one piece "
                f"standing on an elevator onward; the chance lapses {lapses(payload['deadline'])}.",
                view=transfer_view(delivery.match_id, payload["board"], payload["options"]),
                allowed_mentions=only([user]),
            )
        elif kind == "transfer-prompt":  # the team's room: the options, to talk them over
            options = ", ".join(payload["options"])
            await send(
                f"Board {payload['board']} is won: the piece may go {options}; "
                f"the chance lapses {lapses(payload['deadline'])}."
            )
        elif kind == "draw-offer" and place.startswith("board:"):
            roster = await self._service.roster(delivery.match_id)
            offered = roster.seated(payload["board"], opponent(payload["side"]))
            to = f"{mention(offered)}, " if offered else ""
            await send(
                f"{to}{side_name(payload['side'])} offers a draw on board {payload['board']}: "
                "accept or decline it below, or with /draw (a move declines it too).",
                view=offer_view(delivery.match_id, payload["board"]),
                allowed_mentions=only([offered]),
            )
        elif kind in ("transfer-lapsed", "transfer-skipped", "transfer-void"):
            words = overview_words(kind, payload)  # to the team room and the winner's board
            if words is not None:
                await send(words)
        elif kind == "reminder" and place.startswith("board:"):
            await send(
                reminder_words(payload, mention_player=True),
                allowed_mentions=only(payload.get("mention", [])),
            )
        elif kind == "add-time" and place.startswith("board:"):
            words = overview_words(kind, payload)
            if words is not None:
                await send(words)
        elif kind == "draw-declined" and place.startswith("board:"):
            await send(f"Board {payload['board']}: {side_name(payload['side'])} declines the draw.")

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
        self, channel: discord.abc.Messageable, match_id: int, payload: dict[str, Any], key: str
    ) -> None:
        """Post a board's image and what happened, as the board stood right after the action."""
        board = int(payload["board"])
        shown = await self._shown_board(match_id, payload)
        view = shown.view
        names = (self._name(shown.white), self._name(shown.black))
        image = await asyncio.to_thread(_draw, view, names, board_clocks(shown.clocks))
        lines = []
        pinged: list[str | None] = list(payload.get("mention") or [])
        if payload.get("events") == []:  # the match has just started
            pinged += [shown.white, shown.black]
            lines.append(
                f"Board {board}: {mention(shown.white or '?')} (White) against "
                f"{mention(shown.black or '?')} (Black)."
            )
            near = [
                f"board {n.board} {n.direction}" for n in view.neighbours if n.board is not None
            ]
            lines.append("Elevators lead to " + (" and ".join(near) or "no other board") + ".")
        if "piece" in payload and "from_board" in payload:
            lines.append(arrival_words(payload))
        moves = [e for e in payload.get("events", []) if e.get("kind") == "move"]
        if moves:
            last = moves[-1]
            lines.append(f"{side_name(last['side'])} played {last['san']}.")
        lines += [
            f"{side_name(e['side'])} ran out of time."
            for e in payload.get("events", [])
            if e.get("kind") == "flag"
        ]
        if not view.finished:
            seated = shown.seated(view.turn)
            pinged.append(seated)
            who = mention(seated) if seated else side_name(view.turn)
            lines.append(f"{side_name(view.turn)} to move: {who}.")
        else:
            lines.append(f"Board {board} is over: {view.result}.")
        if payload.get("mention"):
            lines.append(" ".join(mention(user) for user in payload["mention"]))
        if payload.get("offer_withdrawn"):
            lines.append(f"{side_name(payload['offer_withdrawn'])}'s draw offer is withdrawn.")
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

    async def _shown_board(self, match_id: int, payload: dict[str, Any]) -> ShownBoard:
        """Return the board as its notice stored it, or as it is now for an older notice."""
        if "shown" in payload:
            return ShownBoard.from_record(payload["shown"])
        return await self._service.shown_board(match_id, int(payload["board"]))

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
