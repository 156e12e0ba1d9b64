"""/move: play on the board of the channel (or the board named), with the legal moves offered."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from functools import partial
from itertools import zip_longest
from typing import Final, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.choices import MAX_VALUE
from bot.errors import ServiceError
from bot.exts.play._places import Aimed, Places, aimed, either
from bot.places import board_of
from bot.service import MatchService
from bot.shown import board_clocks
from bot.ui.alt import board_alt
from bot.ui.buttons import ask_to_resign, offered_words
from bot.ui.replay import send_replay
from bot.ui.turns import turn_reply
from bot.ui.words import against, held_words
from games import game_class
from games.core.events import BoardEnded, Event, Moved
from games.core.multiboard import Held, TurnMoved
from games.core.pieces import Side, kind_name
from renderer import board_view_png

logger = logging.getLogger(__name__)
T = TypeVar("T")

MAX_CHOICES: Final = 25
GAME_HELP: Final = "your game, when you are not in its channel (/games lists them)"
_RIDE: Final = re.compile(
    r"^(?P<piece>[PNBRQK])(?P<square>[a-h][1-8])(?P<arrow>[\^v])(?P<board>\d+)$"
)


def describe(move: str) -> str:
    """Write a move as the autocomplete list shows it; rides are spelt out."""
    ride = _RIDE.match(move)
    if ride is None:
        return move
    direction = "up" if ride["arrow"] == "^" else "down"
    piece = kind_name(ride["piece"])
    return f"{move} - {piece} rides {direction} to board {ride['board']}"


def roundrobin(lists: Sequence[Sequence[T]]) -> list[T]:
    """Take the lists' first items, then their second ones, and so on."""
    return [item for group in zip_longest(*lists) for item in group if item is not None]


class Play(commands.Cog):
    """Moves on a started match's boards."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.places = Places(service)

    @app_commands.command(name="move")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(
        move="a move (e4, Nf3, O-O), a ride (Nd4^2), Ender's actions (B@f2 Bf2-d4), Good's (E3c4U)",
        board="the board, when you are not in a board's channel",
        game=GAME_HELP,
        more="Ender's Chess: keep your turn open for more actions (finish with /move end)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, 200],
        board: app_commands.Range[int, 1, 1000] | None = None,
        game: int | None = None,
        more: bool = False,
    ) -> None:
        """Play a move or a ride on a board (a move may say its board: e4 on board 2)."""
        written = aimed(move)
        move = written.move
        board = either(board, written.board, "board")
        game = either(game, written.game, "game")
        await interaction.response.defer(ephemeral=True, thinking=True)  # a move may be tried
        match_id, board, game_known = await self.places.for_move(interaction, board, game, move)
        outcome = await self.service.play(
            match_id, str(interaction.user.id), board, move, more=more
        )
        played = outcome.events[0].to_dict()
        logger.info(
            "match %d board %d: %s by %s",
            match_id,
            board,
            played.get("san") or move,
            interaction.user.id,
        )
        first = outcome.events[0]
        if isinstance(first, Held):
            complete = any(isinstance(event, TurnMoved) for event in outcome.events)
            said = held_words(first, outcome.awaiting, complete=complete)
        elif game_class((await self.service.shape(match_id)).kind).MANY_ACTIONS:
            await self._turn_played(interaction, match_id, board, outcome.events)
            return
        else:
            said = f"Played {played.get('san') or played.get('notation') or move} on board {board}."
        if interaction.guild is None and not game_known:  # in DMs, a player's games side by side
            said = f"Game {match_id}: {said}"
        await interaction.followup.send(said, ephemeral=True)

    async def _turn_played(
        self,
        interaction: discord.Interaction,
        match_id: int,
        board: int,
        events: Sequence[Event],
    ) -> None:
        """Answer actions of a turn of many actions: while it goes on, with the board as it is.

        Nobody else is shown a turn under way: the board's channel or DMs show it whole when
        it passes, so the opponent is called once.
        """
        played = [e for e in events if isinstance(e, Moved) and e.board == board]
        ended = next((e for e in events if isinstance(e, BoardEnded)), None)
        shown = await self.service.shown_board(match_id, board)
        view, mover = shown.view, played[0].side
        goes_on = ended is None and not view.finished and view.turn == mover
        said = turn_reply(played, board, goes_on=goes_on, gates=view.gates, ended=ended)
        if not goes_on:
            await interaction.followup.send(said, ephemeral=True)
            return
        known = await self.service.names([shown.white, shown.black])
        names = (known.get(shown.white or "", ""), known.get(shown.black or "", ""))
        draw = partial(
            board_view_png,
            view,
            mover,
            names=names if all(names) else None,
            clocks=board_clocks(shown.clocks),
        )
        image = await asyncio.to_thread(draw)
        file = discord.File(
            io.BytesIO(image), filename=f"board-{board}.png", description=board_alt(view)
        )
        await interaction.followup.send(said, file=file, ephemeral=True)

    @app_commands.command(name="resign")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(board="the board, when you are not in a board's channel", game=GAME_HELP)
    async def resign(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000] | None = None,
        game: int | None = None,
    ) -> None:
        """Resign a board (its player, or the team's captain), after confirming."""
        match_id, board = await self.places.where(interaction, board, game)
        await ask_to_resign(interaction, self.service, match_id, board)

    @app_commands.command(name="draw")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(
        action="offer a draw, accept or decline your opponent's, or claim one by rule",
        board="the board, when you are not in a board's channel",
        game=GAME_HELP,
    )
    async def draw(
        self,
        interaction: discord.Interaction,
        action: Literal["offer", "accept", "decline", "claim"],
        board: app_commands.Range[int, 1, 1000] | None = None,
        game: int | None = None,
    ) -> None:
        """Offer, accept, decline or claim a draw on a board."""
        user = str(interaction.user.id)
        if action in ("accept", "decline") and board is None:
            match_id, board = await self.places.offered(interaction, game, action)
        else:
            match_id, board = await self.places.where(interaction, board, game)
        act = {
            "offer": self.service.offer_draw,
            "accept": self.service.accept_draw,
            "decline": self.service.decline_draw,
            "claim": self.service.claim_draw,
        }[action]
        outcome = await act(match_id, user, board)
        done = {
            "offer": offered_words(outcome, board),
            "accept": f"You accepted the draw on board {board}.",
            "decline": f"You declined the draw on board {board}.",
            "claim": f"You claimed a draw on board {board}.",
        }[action]
        await interaction.response.send_message(done, ephemeral=True)

    @app_commands.command(name="takeback")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(
        action="ask to take back your last move (and the reply), or answer your opponent's ask",
        board="the board, when you are not in a board's channel",
        game=GAME_HELP,
    )
    async def takeback(
        self,
        interaction: discord.Interaction,
        action: Literal["ask", "accept", "decline"] = "ask",
        board: app_commands.Range[int, 1, 1000] | None = None,
        game: int | None = None,
    ) -> None:
        """Ask to take back your last move by agreement, or answer a takeback asked of you."""
        user = str(interaction.user.id)
        match_id, board = await self.places.where(interaction, board, game)
        if action == "ask":
            await self.service.ask_takeback(match_id, user, board)
            done = (
                f"You asked to take back your last move on board {board}: your opponent answers it."
            )
        else:
            accept = action == "accept"
            await self.service.answer_takeback(match_id, user, accept=accept)
            done = "You accepted the takeback." if accept else "You declined the takeback."
        await interaction.response.send_message(done, ephemeral=True)

    board = app_commands.Group(
        name="board",
        description="Show a board as it stands, or replay its game",
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
    )

    @board.command(name="show")
    @app_commands.describe(
        board="the board, when you are not in a board's channel",
        mine="show it from your side, to you alone",
        game=GAME_HELP,
    )
    async def board_show(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000] | None = None,
        mine: bool = False,
        game: int | None = None,
    ) -> None:
        """Show a board as it stands."""
        match_id, board = await self.places.played(interaction, board, game)
        await interaction.response.defer(ephemeral=mine, thinking=True)
        shown = await self.service.shown_board(match_id, board)
        roster = await self.service.roster(match_id)
        seats = roster.boards_of(str(interaction.user.id))
        side: Side = next((s for b, s in seats if b == board), "white") if mine else "white"
        known = await self.service.names([shown.white, shown.black])
        names = (known.get(shown.white or "", ""), known.get(shown.black or "", ""))
        draw = partial(
            board_view_png,
            shown.view,
            side,
            names=names if all(names) else None,
            clocks=board_clocks(shown.clocks),
        )
        image = await asyncio.to_thread(draw)
        file = discord.File(
            io.BytesIO(image), filename=f"board-{board}.png", description=board_alt(shown.view)
        )
        await interaction.followup.send(file=file, ephemeral=mine)

    @board.command(name="replay")
    @app_commands.describe(
        board="the board, when you are not in a board's channel",
        game="a game you played, finished or not, when you are not in its channel",
    )
    async def board_replay(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000] | None = None,
        game: int | None = None,
    ) -> None:
        """Replay a board's game so far as an animated image, a frame per move."""
        user = str(interaction.user.id)
        match_id, board = await self.places.played(interaction, board, game)
        await interaction.response.defer(thinking=True)
        seats = dict((await self.service.roster(match_id)).boards_of(user))
        await send_replay(
            lambda replay: interaction.followup.send(replay.words, file=replay.file),
            self.service,
            match_id,
            board,
            limit=interaction.filesize_limit,
            perspective=seats.get(board, "white"),
        )

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the caller's legal moves on the board, filtered by what they typed.

        In Ender's Chess, after whole actions and a space, the next actions follow them.
        Outside a board's channel with no board named, every board where it is the caller's
        move offers its moves, each saying its board (and game), written to be played there.
        """
        user = str(interaction.user.id)
        written = aimed(current)
        try:
            namespace = interaction.namespace
            board = either(namespace.board, written.board, "board")
            game = either(namespace.game, written.game, "game")
            moving = await self.places.moving(interaction, board, game)
            offered = [
                [(g, b, m) for m in await self.service.move_options(g, user, b, written.move)]
                for g, b in moving.boards[:MAX_CHOICES]
            ]
        except ServiceError:
            return []
        if len(moving.boards) == 1 and written == Aimed(current):
            return [
                app_commands.Choice(name=describe(m)[:MAX_VALUE], value=m)
                for _, _, m in offered[0][:MAX_CHOICES]
            ]
        found = []
        for g, b, m in roundrobin(offered):  # every board gets its share of the 25
            value = moving.aim(m, g, b)
            where = f"board {b}" if moving.game_known else f"game {g}, board {b}"
            if len(value) <= MAX_VALUE:
                found.append(
                    app_commands.Choice(name=f"{where}: {describe(m)}"[:MAX_VALUE], value=value)
                )
        return found[:MAX_CHOICES]

    async def board_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Offer the caller's boards: those where it is their move first."""
        try:
            namespace = interaction.namespace
            game = namespace.game
            user = str(interaction.user.id)
            if game is None:
                bound = await self.service.bound_to(str(interaction.channel_id))
                here = [m for m, place in bound if board_of(place) is not None]
                game = here[0] if here else await self.places.only_game(user)
            mine, others = await self.places.turns(game, user)
        except ServiceError:
            return []
        choices = [(b, f"board {b} (your move)") for b in mine] + [
            (b, f"board {b}") for b in others
        ]
        return [
            app_commands.Choice(name=name, value=b)
            for b, name in choices
            if current.strip() in str(b)
        ][:MAX_CHOICES]

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Offer the caller's games under way."""
        user = str(interaction.user.id)
        found = []
        for match_id in await self.service.games_of(user):
            teams = (await self.service.shape(match_id)).teams
            label = f"game {match_id}: {against(list(teams.values()))}"
            if current.strip().lower() in label.lower():
                found.append(app_commands.Choice(name=label[:100], value=match_id))
        return found[:MAX_CHOICES]


for _command in (Play.move, Play.resign, Play.draw, Play.board_show, Play.board_replay):
    _command.autocomplete("board")(Play.board_choices)
    _command.autocomplete("game")(Play.game_choices)
