"""/move: play on the board of the channel (or the board named), with the legal moves offered."""

from __future__ import annotations

import logging
import re
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NotFoundError, ServiceError
from bot.service import MatchService
from elevator.pieces import PIECE_NAMES

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

    async def _where(self, interaction: discord.Interaction, board: int | None) -> tuple[int, int]:
        """Return the match and board a command is about: the channel's, or the board named."""
        for match_id, place in await self.service.bound_to(str(interaction.channel_id)):
            if place.startswith("board:"):
                here = int(place.removeprefix("board:"))
                return match_id, board if board is not None else here
            if board is not None and place in ("overview", "team:white", "team:black"):
                return match_id, board
        if board is None:
            raise NotFoundError("this is not a board's channel: add the board option")
        raise NotFoundError("this channel belongs to no match: play in a match's channels")
