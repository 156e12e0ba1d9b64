"""/export: a game's moves as PGN or its whole record as JSON, in a server or in DMs."""

from __future__ import annotations

import io
import logging
from typing import Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.listing import Listed
from bot.errors import NotFoundError, RulesError
from bot.places import GAME_DMS, board_of
from bot.service import MatchService

logger = logging.getLogger(__name__)

CHOICE_NAME: Final = 100  # characters Discord allows an autocomplete choice's name
MEGABYTE: Final = 1024 * 1024


def game_label(game: Listed) -> str:
    """Name a game in a menu: Game 3: Escher Staircase, ana against bo (finished)."""
    status = {"active": "under way"}.get(game.status, game.status)
    what = f"{game.title}, {game.boards} boards" if game.boards > 1 else game.title
    text = f"Game {game.id}: {what}, {game.sides[0]} against {game.sides[1]} ({status})"
    return text if len(text) <= CHOICE_NAME else text[: CHOICE_NAME - 1] + "…"


class Export(commands.Cog):
    """Exports games and matches."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Offer the caller's recent games, finished ones too, that match what they typed."""
        typed = current.strip().lower()
        found = await self.service.recent_games(str(interaction.user.id))
        labels = [(game_label(game), game.id) for game in found]
        return [
            app_commands.Choice(name=label, value=game_id)
            for label, game_id in labels
            if typed in label.lower()
        ][:25]

    @app_commands.command(name="export")
    @app_commands.describe(
        game="the game to export (one of yours); by default this channel's match, or your latest",
        board="the board whose moves to export as PGN; by default this channel's board",
        form="pgn: the moves of a board (or of every board); json: the whole record",
    )
    @app_commands.rename(form="format")
    @app_commands.autocomplete(game=game_choices)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def export(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        board: app_commands.Range[int, 1, 1000] | None = None,
        form: Literal["pgn", "json"] | None = None,
    ) -> None:
        """Attach a game's moves as PGN, or its whole record as JSON (finished games too)."""
        user = str(interaction.user.id)
        match_id, here, ours = await self._which(interaction, game)
        boards = await self.service.boards(match_id)
        if board is None and form != "json":
            board = 1 if boards == 1 else here  # a one-board game's moves are the game
        if form is None:
            form = "json" if board is None else "pgn"
        if board is not None and board > boards:
            raise RulesError(f"game {match_id} has boards 1 to {boards}: there is no board {board}")
        places = await self.service.bindings(match_id)
        stem = f"game-{match_id}" if str(GAME_DMS) in places else f"match-{match_id}"
        if form == "json":
            data, name = await self.service.export(match_id), f"{stem}.json"
        elif board is not None or boards == 1:
            board = board or 1
            data, name = await self.service.export(match_id, board), f"{stem}-board-{board}.pgn"
        else:  # a PGN file may hold many games: every board's, in order
            parts = [await self.service.export(match_id, b) for b in range(1, boards + 1)]
            data, name = "\n".join(parts), f"{stem}.pgn"
        encoded = data.encode()
        limit = interaction.filesize_limit
        if len(encoded) > limit:
            raise RulesError(
                f"the export is {len(encoded) / MEGABYTE:.1f} MB, more than the "
                f"{limit / MEGABYTE:.0f} MB Discord takes here: export one board with board:"
            )
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(encoded), filename=name), ephemeral=not ours
        )
        logger.info("game %d exported as %s by %s", match_id, name, user)

    async def _which(
        self, interaction: discord.Interaction, game: int | None
    ) -> tuple[int, int | None, bool]:
        """Return the game to export, this channel's board of it, and whether this is its channel.

        A game named is exported for its players anywhere, and for anyone in its own
        channels; without one, this channel's match, else the caller's latest game.
        """
        user = str(interaction.user.id)
        bound = await self.service.bound_to(str(interaction.channel_id))
        if game is None:
            if bound:
                game = bound[0][0]
            else:
                latest = await self.service.recent_games(user, 1)
                if not latest:
                    raise NotFoundError("you have no game to export yet: /challenge starts one")
                game = latest[0].id
        elif all(found != game for found, _ in bound):
            await self.service.check_player(game, user, "export it outside its channels")
        here = next(
            (
                board
                for found, place in bound
                if found == game and (board := board_of(place)) is not None
            ),
            None,
        )
        return game, here, any(found == game for found, _ in bound)


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Export(bot.service))  # type: ignore[attr-defined]
