"""Which game and board a command is about: the channel's, the one named, or the caller's.

A move may carry its board and game in its text ("e4 on board 2", "e4 on board 2 of game 5"),
as /move's autocomplete writes a move it offers from several boards; a move written without
them is played on the one board, of those where it is the caller's move, where it is legal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import discord

from bot.errors import NotFoundError, RulesError
from bot.places import OVERVIEW, BoardPlace, Place, TeamRoom, board_of, place_of
from bot.service import MatchService
from bot.ui.turns import listed

MAX_TRIED: Final = 10  # boards a move without one is tried on; beyond, the board must be named
_AIMED: Final = re.compile(
    r"^(?P<move>.*?\S)\s+on\s+board\s+(?P<board>\d{1,6})(?:\s+of\s+game\s+(?P<game>\d{1,18}))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Aimed:
    """A move as typed, split from the board and game written after it, if any."""

    move: str
    board: int | None = None
    game: int | None = None


def aimed(text: str) -> Aimed:
    """Split "e4 on board 2 of game 5" into the move and where it is aimed."""
    found = _AIMED.match(text)
    if found is None:
        return Aimed(text)
    game = found["game"]
    return Aimed(found["move"], int(found["board"]), None if game is None else int(game))


def aim(move: str, board: int, game: int | None) -> str:
    """Write a move with its board, and its game unless None: "e4 on board 2 of game 5"."""
    return f"{move} on board {board}" + ("" if game is None else f" of game {game}")


def either(option: int | None, written: int | None, what: str) -> int | None:
    """Return the board (or game) given as an option or in the move's text; refuse two."""
    if option is not None and written is not None and option != written:
        raise RulesError(f"the move says {what} {written}, and the {what} option {option}")
    return option if option is not None else written


@dataclass(frozen=True)
class Moving:
    """Where a move may be meant: (game, board) pairs, and whether its game goes unsaid.

    One pair when the channel, the options or the caller's turns leave no doubt; else every
    board of the caller's games (or of the game named) where it is their move.
    """

    boards: list[tuple[int, int]]
    game_known: bool  # the game was named, or is the caller's only one (or the channel's)

    def aim(self, move: str, match_id: int, board: int) -> str:
        """Write a move so that it names one of these boards without the options."""
        return aim(move, board, None if self.game_known else match_id)

    def named(self) -> str:
        """Name the boards: boards 1 and 2 of game 3, or board 1 of game 3 and board 2 of game 4."""
        games = list(dict.fromkeys(g for g, _ in self.boards))
        if len(games) == 1:
            boards = [str(b) for _, b in self.boards]
            return f"board{'s' * (len(boards) > 1)} {listed(boards)} of game {games[0]}"
        return listed([f"board {b} of game {g}" for g, b in self.boards])


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
            bound = await self._bound(interaction, board)
            if bound is not None:
                return bound
            game = await self.only_game(user)
        elif game not in await self.service.games_of(user):
            raise NotFoundError(f"you have no game {game} under way: /games lists yours")
        if board is None:
            board = await self.only_board(game, user)
        return game, await self.board_of(game, board)

    async def _bound(
        self, interaction: discord.Interaction, board: int | None
    ) -> tuple[int, int] | None:
        """Return the match and board of a board's channel, or of a match's channel with board."""
        for match_id, name in await self.service.bound_to(str(interaction.channel_id)):
            place = place_of(name)
            if isinstance(place, BoardPlace):
                here = place.board
                return match_id, await self.board_of(match_id, board if board is not None else here)
            if board is not None and _the_matchs_own(place):
                return match_id, await self.board_of(match_id, board)
        return None

    async def _match_here(self, interaction: discord.Interaction) -> int | None:
        """Return the match whose own channel (its overview, a team's room) a command is in.

        A player's DMs are no match's own: every DM game of theirs is shown there.
        """
        for match_id, name in await self.service.bound_to(str(interaction.channel_id)):
            if _the_matchs_own(place_of(name)):
                return match_id
        return None

    async def moving(
        self, interaction: discord.Interaction, board: int | None, game: int | None
    ) -> Moving:
        """Return the boards a move may be meant for.

        The one board where() finds; or where it would not know, every board of the caller's
        games (or of the game named, or of the match whose channel it is typed in) where it is
        their move, the board named only.
        """
        if game is None:
            bound = await self._bound(interaction, board)
            if bound is not None:
                return Moving([bound], game_known=True)
            game = await self._match_here(interaction)  # a match's own channel means it
        user = str(interaction.user.id)
        games = await self.service.games_of(user)
        if game is not None:
            games = [game] if game in games else []
        turns = [(g, b) for g in games for b in (await self.turns(g, user))[0]]
        found = [(g, b) for g, b in turns if board in (None, b)]
        if found:
            return Moving(found, game_known=len(games) == 1)
        return Moving([await self.where(interaction, board, game)], game_known=True)

    async def for_move(
        self, interaction: discord.Interaction, board: int | None, game: int | None, move: str
    ) -> tuple[int, int, bool]:
        """Return the match and board a move is for (where() finds one, or the move tells),
        and whether its game went without saying (named, or the caller's only one).

        Of several boards where it is the caller's move, the move is for the one where it is
        legal; legal on several, or on none, it is refused, naming the boards.
        """
        moving = await self.moving(interaction, board, game)
        if len(moving.boards) == 1:
            return (*moving.boards[0], moving.game_known)
        if len(moving.boards) > MAX_TRIED:
            raise RulesError(
                f"it is your move on {len(moving.boards):,} boards: add the board option"
                + ("" if moving.game_known else " and the game option")
            )
        user = str(interaction.user.id)
        legal = [(g, b) for g, b in moving.boards if await self.service.playable(g, user, b, move)]
        if len(legal) == 1:
            return (*legal[0], moving.game_known)
        if not legal:
            raise RulesError(
                f"{move} cannot be played on {moving.named()}, where it is your move: add the "
                "board option to hear why"
            )
        options = "board option" if moving.game_known else "game and board options"
        example = moving.aim(move, *legal[0])
        raise RulesError(
            f"{move} can be played on {Moving(legal, moving.game_known).named()}: add the "
            f"{options}, or write it as '{example}'"
        )

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
                here = board_of(place)
                if here is not None:
                    return match_id, here
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


def _the_matchs_own(place: Place) -> bool:
    """Tell whether a place is a channel of the whole match: its overview or a team's room."""
    return place == OVERVIEW or isinstance(place, TeamRoom)
