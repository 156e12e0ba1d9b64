"""Play: moves, resignations and draws, for the players seated and their captains."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from bot import metrics
from bot.app import guards
from bot.app.actions import Actions
from bot.app.outcomes import Outcome
from bot.app.scheduler import Scheduler
from bot.app.unit import Held, Units
from bot.errors import NotAllowedError, RulesError, StaleError
from bot.hosted import has_transfers, with_held_moves, with_teams
from bot.loading import Loaded
from bot.notices import DrawDeclined, DrawOffered, Notice, board_place, user_place
from games.core.multiboard import Held as HeldMove
from games.core.pieces import SIDES, Side, opponent


class Play:
    """What players do on the boards of an active match."""

    def __init__(self, units: Units, actions: Actions, scheduler: Scheduler) -> None:
        self._units = units
        self._actions = actions
        self._scheduler = scheduler

    async def play(
        self,
        match_id: int,
        user: str,
        board: int,
        text: str,
        *,
        more: bool | None = False,
        current: Callable[[Loaded], bool] | None = None,
    ) -> Outcome:
        """Play a move or a ride on a board for the seated player to move or their captain.

        In a game whose turns are many actions (Ender's Chess) text may hold several, and
        the turn ends after them unless more is set; other games refuse more. more=None:
        the game's own way, the turn kept open in a game of many actions, ended in others.
        current: for a move chosen earlier (the practice opponent's), whether the match
        still stands as it was chosen for; if not, StaleError and nothing is played.
        """
        started = time.monotonic()
        outcome = await self._play(match_id, user, board, text, more=more, current=current)
        metrics.moved(time.monotonic() - started)
        return outcome

    async def _play(
        self,
        match_id: int,
        user: str,
        board: int,
        text: str,
        *,
        more: bool | None,
        current: Callable[[Loaded], bool] | None,
    ) -> Outcome:
        async with self._units.held(match_id) as held:
            await self._scheduler.settle(held)
            loaded = held.loaded
            if current is not None and not current(loaded):
                raise StaleError(f"board {board} changed while its move was being chosen")
            many = loaded.match.MANY_ACTIONS
            more = many if more is None else more
            guards.check_move_text(text, many=many, examples=loaded.match.MOVE_EXAMPLES)
            if more and not many:
                raise RulesError(
                    f"more: keeps a turn of many actions open; in {loaded.match.TITLE} one "
                    "move is the whole turn"
                )
            guards.playing(loaded)
            guards.open_board(loaded, board)
            side = guards.mover(loaded, user, board)
            outcome = await self._actions.act(
                held,
                user,
                lambda match: (match.play if more else match.play_turn)(board, text, side=side),
            )
            if outcome.events and isinstance(outcome.events[0], HeldMove):
                match = with_held_moves(held.loaded.match)
                return replace(outcome, awaiting=tuple(match.awaiting()))
            return outcome

    async def resign(self, match_id: int, user: str, board: int) -> Outcome:
        """Resign a board, for the player seated there or their team's captain."""
        async with self._units.held(match_id) as held:
            side = await self._seat(held, user, board, captains=True)
            return await self._actions.act(held, user, lambda match: match.resign(board, side))

    async def check_resign(self, match_id: int, user: str, board: int) -> bool:
        """Refuse as resign would, changing nothing; tell whether the winner may send a piece on.

        The front asks before it asks the player to confirm, so that someone who may not
        resign is refused at once.
        """
        async with self._units.held(match_id) as held:
            await self._seat(held, user, board, captains=True)
            return has_transfers(held.loaded.match)

    async def draw_offers(self, match_id: int, user: str) -> list[int]:
        """Return the open boards where user sits and their opponent's draw offer stands."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            return [
                board
                for board, side in loaded.roster.boards_of(user)
                if loaded.match.is_open(board) and loaded.offers.get(board) == opponent(side)
            ]

    async def resign_match(self, match_id: int, user: str) -> Outcome:
        """Resign every unfinished board of the captain's team at once.

        With more than two teams a captain resigns their own team's boards only.
        """
        async with self._units.held(match_id) as held:
            await self._scheduler.settle(held)
            guards.playing(held.loaded)
            roster = held.loaded.roster
            team = next((t for t, captain in roster.captains.items() if captain == user), None)
            if team is None:
                raise NotAllowedError("only a team's captain can resign the match")
            if roster.lineup:
                return await self._actions.act(
                    held, user, lambda match: with_teams(match, "captains").resign_team(team)
                )
            side: Side = "black" if team == "black" else "white"
            return await self._actions.act(
                held, user, lambda match: with_teams(match, "captains").resign_match(side)
            )

    async def offer_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Offer a draw on a board; if the opponent has offered one, that agrees the draw."""
        async with self._units.held(match_id) as held:
            side = await self._seat(held, user, board, captains=False)
            standing = held.loaded.offers.get(board)
            if standing == side:
                raise RulesError(f"you have already offered a draw on board {board}")
            if standing is not None:
                return await self._actions.act(held, user, lambda match: match.draw(board))
            opponent_seat = held.loaded.roster.seated(board, opponent(side))
            notices: list[Notice] = [DrawOffered(board_place(board), board, side)]
            if opponent_seat is not None:
                notices.append(DrawOffered(user_place(opponent_seat), board, side))
            async with held.change() as change:
                change.offer(board, side)
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def accept_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Accept the draw the opponent offered on a board."""
        async with self._units.held(match_id) as held:
            side = await self._seat(held, user, board, captains=False)
            if held.loaded.offers.get(board) != opponent(side):
                raise RulesError(f"there is no draw offer from your opponent on board {board}")
            return await self._actions.act(held, user, lambda match: match.draw(board))

    async def decline_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Decline the draw the opponent offered on a board."""
        async with self._units.held(match_id) as held:
            side = await self._seat(held, user, board, captains=False)
            if held.loaded.offers.get(board) != opponent(side):
                raise RulesError(f"there is no draw offer from your opponent on board {board}")
            notices: list[Notice] = [DrawDeclined(board_place(board), board, side)]
            async with held.change() as change:
                change.withdraw([board])
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def claim_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Claim a threefold-repetition or fifty-move draw, for the player to move."""
        async with self._units.held(match_id) as held:
            side = await self._seat(held, user, board, captains=False)
            if side != held.loaded.match.side_to_move(board):
                raise NotAllowedError(f"only the player to move on board {board} can claim a draw")
            return await self._actions.act(
                held, user, lambda match: match.claim_draw(board, side=side)
            )

    async def _seat(self, held: Held, user: str, board: int, *, captains: bool) -> Side:
        """Settle what fell due, then return the side user acts for on an open board."""
        await self._scheduler.settle(held)
        loaded = held.loaded
        guards.playing(loaded)
        guards.open_board(loaded, board)
        for side in SIDES:
            if loaded.roster.seated(board, side) == user:
                return side
        if captains:
            for side in SIDES:
                if loaded.roster.captains.get(loaded.roster.team_at(board, side)) == user:
                    return side
        raise NotAllowedError(f"you are not seated on board {board}")
