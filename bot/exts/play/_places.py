"""Which game and board a command is about: the channel's, the one named, or the caller's."""

from __future__ import annotations

import discord

from bot.errors import NotFoundError
from bot.service import MatchService


class Places:
    """Find the match and board a play command means, from where and by whom it was typed."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def board_of(self, match_id: int, board: int) -> int:
        """Return board if the match has it; refuse a board it does not have."""
        boards = await self.service.boards(match_id)
        if not 1 <= board <= boards:
            raise NotFoundError(f"there is no board {board}: this match has boards 1 to {boards}")
        return board

    async def where(
        self, interaction: discord.Interaction, board: int | None, game: int | None = None
    ) -> tuple[int, int]:
        """Return the match and board a command is about.

        In a board's channel: that board, or the board named. Elsewhere (a DM, say): the game
        named, or the caller's only game, or the one where it is their move; and the board
        named, or the one board where it is their move.
        """
        user = str(interaction.user.id)
        if game is None:
            for match_id, place in await self.service.bound_to(str(interaction.channel_id)):
                if place.startswith("board:"):
                    here = int(place.removeprefix("board:"))
                    return match_id, await self.board_of(
                        match_id, board if board is not None else here
                    )
                if board is not None and (place == "overview" or place.startswith("team:")):
                    return match_id, await self.board_of(match_id, board)
            game = await self.only_game(user)
        elif game not in await self.service.games_of(user):
            raise NotFoundError(f"you have no game {game} under way: /games lists yours")
        if board is None:
            board = await self.only_board(game, user)
        return game, await self.board_of(game, board)

    async def played(
        self, interaction: discord.Interaction, board: int | None, game: int | None
    ) -> tuple[int, int]:
        """Return the match and board a look at a board is about, finished games included.

        A game named that is no longer under way may be looked at by those who played it:
        its board named, or its only board.
        """
        if game is None or game in await self.service.games_of(str(interaction.user.id)):
            return await self.where(interaction, board, game)
        if (await self.service.roster(game)).team_of(str(interaction.user.id)) is None:
            raise NotFoundError(f"you did not play in game {game}")
        if board is None and await self.service.boards(game) == 1:
            board = 1
        if board is None:
            raise NotFoundError(f"add the board option: game {game} has several boards")
        return game, await self.board_of(game, board)

    async def offered(
        self, interaction: discord.Interaction, game: int | None, action: str
    ) -> tuple[int, int]:
        """Return the board a draw answer names none for: the one with an offer to the caller.

        In a board's channel it is that board; elsewhere, the one board of the caller's games
        (or of the game named) where the opponent's offer stands.
        """
        user = str(interaction.user.id)
        if game is None:
            for match_id, place in await self.service.bound_to(str(interaction.channel_id)):
                if place.startswith("board:"):
                    return match_id, int(place.removeprefix("board:"))
        games = await self.service.games_of(user)
        if game is not None:
            if game not in games:
                raise NotFoundError(f"you have no game {game} under way: /games lists yours")
            games = [game]
        offers = [(g, b) for g in games for b in await self.service.draw_offers(g, user)]
        if len(offers) == 1:
            return offers[0]
        if not offers:
            raise NotFoundError(f"there is no draw offer for you to {action}")
        if len({g for g, _ in offers}) == 1:
            boards = ", ".join(str(b) for _, b in offers)
            raise NotFoundError(
                f"you have draw offers on boards {boards} of game {offers[0][0]}: "
                "add the board option"
            )
        where = ", ".join(f"game {g} board {b}" for g, b in offers)
        raise NotFoundError(f"you have draw offers in {where}: add the game and board options")

    async def turns(self, match_id: int, user: str) -> tuple[list[int], list[int]]:
        """Return the boards where it is user's move, and the other open boards they hold."""
        return await self.service.turns(match_id, user)

    async def only_game(self, user: str) -> int:
        """Return the one game user has under way, or the one where it is their move."""
        games = await self.service.games_of(user)
        if len(games) == 1:
            return games[0]
        if not games:
            raise NotFoundError("you have no game under way: /challenge starts one")
        to_move = [g for g in games if (await self.turns(g, user))[0]]
        if len(to_move) == 1:
            return to_move[0]
        raise NotFoundError("you have several games: add the game option (/games lists them)")

    async def only_board(self, match_id: int, user: str) -> int:
        """Return the one board of a match where it is user's move, or their only board."""
        mine, others = await self.turns(match_id, user)
        if len(mine) == 1:
            return mine[0]
        if not mine and len(others) == 1:
            return others[0]
        boards = ", ".join(map(str, mine or others))
        raise NotFoundError(f"add the board option: you have boards {boards} in game {match_id}")
