"""/move: play on the board of the channel (or the board named), with the legal moves offered."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NotFoundError, ServiceError
from bot.service import MatchService
from elevator.pieces import PIECE_NAMES, Side
from renderer import board_png

logger = logging.getLogger(__name__)

MAX_CHOICES: Final = 25
_RIDE: Final = re.compile(
    r"^(?P<piece>[PNBRQK])(?P<square>[a-h][1-8])(?P<arrow>[\^v])(?P<board>\d+)$"
)


def describe(move: str) -> str:
    """Write a move as the autocomplete list shows it; rides are spelt out."""
    ride = _RIDE.match(move)
    if ride is None:
        return move
    direction = "up" if ride["arrow"] == "^" else "down"
    piece = PIECE_NAMES[ride["piece"]]
    return f"{move} - {piece} rides {direction} to board {ride['board']}"


class Play(commands.Cog):
    """Moves on a started match's boards."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    @app_commands.command(name="move")
    @app_commands.describe(
        move="a move (e4, Nf3, O-O) or a ride (Nd4^2: the knight on d4 rides up to board 2)",
        board="the board, when you are not in a board's channel",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, 40],
        board: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """Play a move or a ride on a board."""
        match_id, board = await self._where(interaction, board)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.service.play(match_id, str(interaction.user.id), board, move)
        played = outcome.events[0].to_dict()
        logger.info(
            "match %d board %d: %s by %s",
            match_id,
            board,
            played.get("san") or move,
            interaction.user.id,
        )
        await interaction.followup.send(
            f"Played {played.get('san') or played.get('notation') or move} on board {board}.",
            ephemeral=True,
        )

    @app_commands.command(name="resign")
    @app_commands.describe(board="the board, when you are not in a board's channel")
    async def resign(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """Resign a board (its player, or the team's captain)."""
        match_id, board = await self._where(interaction, board)
        await self.service.resign(match_id, str(interaction.user.id), board)
        await interaction.response.send_message(f"You resigned board {board}.", ephemeral=True)

    @app_commands.command(name="draw")
    @app_commands.describe(
        action="offer a draw, accept or decline your opponent's, or claim one by rule",
        board="the board, when you are not in a board's channel",
    )
    async def draw(
        self,
        interaction: discord.Interaction,
        action: Literal["offer", "accept", "decline", "claim"],
        board: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """Offer, accept, decline or claim a draw on a board."""
        match_id, board = await self._where(interaction, board)
        user = str(interaction.user.id)
        act = {
            "offer": self.service.offer_draw,
            "accept": self.service.accept_draw,
            "decline": self.service.decline_draw,
            "claim": self.service.claim_draw,
        }[action]
        await act(match_id, user, board)
        done = {
            "offer": "You offered a draw",
            "accept": "You accepted the draw",
            "decline": "You declined the draw",
            "claim": "You claimed a draw",
        }[action]
        await interaction.response.send_message(f"{done} on board {board}.", ephemeral=True)

    @app_commands.command(name="board")
    @app_commands.describe(
        board="the board, when you are not in a board's channel",
        mine="show it from your side, to you alone",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, 1000] | None = None,
        mine: bool = False,
    ) -> None:
        """Show a board as it stands."""
        match_id, board = await self._where(interaction, board)
        await interaction.response.defer(ephemeral=mine, thinking=True)
        game = await self.service.game(match_id)
        roster = await self.service.roster(match_id)
        seats = roster.boards_of(str(interaction.user.id))
        side: Side = next((s for b, s in seats if b == board), "white") if mine else "white"
        image = await asyncio.to_thread(board_png, game, board, side)
        file = discord.File(io.BytesIO(image), filename=f"board-{board}.png")
        await interaction.followup.send(file=file, ephemeral=mine)

    @move.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the caller's legal moves on the board, filtered by what they typed."""
        try:
            match_id, board = await self._where(interaction, interaction.namespace.board)
            game = await self.service.game(match_id)
            roster = await self.service.roster(match_id)
        except ServiceError:
            return []
        user = str(interaction.user.id)
        side = game.turn(board)
        if game.is_closed(board) or user not in (
            roster.seated(board, side),
            roster.captains.get(side),
        ):
            return []
        typed = current.strip().lower()
        moves = [m for m in game.legal_moves(board) if m.lower().startswith(typed)]
        moves += [m for m in game.legal_moves(board) if typed in m.lower() and m not in moves]
        return [app_commands.Choice(name=describe(m)[:100], value=m) for m in moves[:MAX_CHOICES]]

    async def _board_of(self, match_id: int, board: int) -> int:
        boards = await self.service.boards(match_id)
        if not 1 <= board <= boards:
            raise NotFoundError(f"there is no board {board}: this match has boards 1 to {boards}")
        return board

    async def _where(self, interaction: discord.Interaction, board: int | None) -> tuple[int, int]:
        """Return the match and board a command is about: the channel's, or the board named."""
        for match_id, place in await self.service.bound_to(str(interaction.channel_id)):
            if place.startswith("board:"):
                here = int(place.removeprefix("board:"))
                return match_id, await self._board_of(
                    match_id, board if board is not None else here
                )
            if board is not None and place in ("overview", "team:white", "team:black"):
                return match_id, await self._board_of(match_id, board)
        if board is None:
            raise NotFoundError("this is not a board's channel: add the board option")
        raise NotFoundError("this channel belongs to no match: play in a match's channels")
