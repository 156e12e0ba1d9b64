"""Takebacks by agreement: a side asks to take back its last move on a board, the other
side accepts or declines. Moderators keep /mod undo; this is the players' own.

What goes back is the asker's last action on the board and, if the opponent has replied
there, that reply; nothing else may have been played in the game since. In a team of more
than one player the captain asks and the other team's captain answers; a side of one
player asks and answers for itself. The practice opponent accepts at once.
"""

from __future__ import annotations

from bot.app import guards
from bot.app.moderation import Moderation
from bot.app.outcomes import Moderator, Outcome
from bot.app.unit import Held, Units
from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.loading import Loaded, Takeback
from bot.news import boards_of
from bot.notices import Notice, TakebackAsked, TakebackDeclined, board_place, user_place
from games.core.log import action_groups
from games.core.pieces import SIDES, Side, opponent, side_name


def speaker(loaded: Loaded, board: int, side: Side) -> str | None:
    """Return who speaks for a side on a board: its team's captain, or its one player."""
    roster = loaded.roster
    team = roster.team_at(board, side)
    if len(roster.teams.get(team, [])) > 1:
        return roster.captains.get(team)
    return roster.seated(board, side)


def _side_of(loaded: Loaded, user: str, board: int) -> Side:
    """Return the side user speaks for on a board, or refuse saying who may ask."""
    for side in SIDES:
        if speaker(loaded, board, side) == user:
            return side
    if loaded.roster.team_of(user) is None:
        raise NotAllowedError("you are not playing in this match")
    raise NotAllowedError(
        f"a takeback on board {board} is asked by the player there, or in a team by its captain"
    )


def _count(loaded: Loaded, board: int, side: Side) -> int:
    """Return how many of the log's last actions a side's takeback on a board takes back."""
    groups = action_groups(list(loaded.match.events))
    if not any(getattr(g[0], "side", None) == side and boards_of(g[0]) == [board] for g in groups):
        raise RulesError(f"you have made no move on board {board} to take back")
    last = [(getattr(group[0], "side", None), boards_of(group[0])) for group in groups[-2:]]
    if last and last[-1] == (side, [board]):
        return 1
    if len(last) == 2 and last[-1] == (opponent(side), [board]) and last[0] == (side, [board]):
        return 2
    raise RulesError(
        f"only your last move on board {board}, and the reply to it, can be taken back, and "
        "only while nothing else has been played since"
    )


class Takebacks:
    """Takebacks asked for and answered."""

    def __init__(self, units: Units, moderation: Moderation) -> None:
        self._units = units
        self._moderation = moderation

    async def ask_takeback(self, match_id: int, user: str, board: int) -> Outcome:
        """Ask to take back user's last move on a board; the other side answers it."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.check_board(loaded, board)
            guards.playing(loaded)
            side = _side_of(loaded, user, board)
            count = _count(loaded, board, side)
            if loaded.takeback is not None and loaded.takeback.log_length == len(
                loaded.match.events
            ):
                raise WrongStateError(
                    f"a takeback is already asked on board {loaded.takeback.board}: wait for "
                    "its answer"
                )
            answerer = speaker(loaded, board, opponent(side))
            if answerer is None:
                raise RulesError(f"nobody plays {side_name(opponent(side))} on board {board}")
            asked = Takeback(board, side, count, len(loaded.match.events))
            if answerer in loaded.practice:  # the practice opponent agrees at once
                return await self._take_back(held, asked, answerer)
            notices: list[Notice] = [
                TakebackAsked(place, board, side, count, answerer, asked.log_length)
                for place in (board_place(board), user_place(answerer))
            ]
            async with held.change() as change:
                change.ask_takeback(asked)
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def answer_takeback(
        self, match_id: int, user: str, *, accept: bool, asked_at: int | None = None
    ) -> Outcome:
        """Accept (taking the moves back) or decline the takeback asked of user.

        asked_at: the log's length the takeback answered was asked at (its buttons'); if
        that one is no longer asked, the answer is refused, whatever is asked now.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            asked = loaded.takeback
            if asked_at is not None and (asked is None or asked.log_length != asked_at):
                raise WrongStateError("this takeback was answered already, or has lapsed")
            if asked is None:
                raise WrongStateError("no takeback is asked in this match")
            if speaker(loaded, asked.board, opponent(asked.side)) != user:
                raise NotAllowedError(
                    f"the takeback on board {asked.board} is answered by "
                    f"{side_name(opponent(asked.side))}'s player, or captain"
                )
            if len(loaded.match.events) != asked.log_length or loaded.status != "active":
                async with held.change() as change:
                    change.clear_takeback()
                raise WrongStateError(
                    f"the game has moved on since the takeback on board {asked.board} was "
                    "asked: it lapsed"
                )
            if accept:
                return await self._take_back(held, asked, user)
            asker = speaker(loaded, asked.board, asked.side)
            notices: list[Notice] = [
                TakebackDeclined(board_place(asked.board), asked.board, asked.side)
            ]
            if asker is not None:
                notices.append(TakebackDeclined(user_place(asker), asked.board, asked.side))
            async with held.change() as change:
                change.clear_takeback()
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def _take_back(self, held: Held, asked: Takeback, agreed_by: str) -> Outcome:
        """Take the asked actions back, as a moderator's undo would, and forget the ask."""
        reason = (
            f"a takeback {side_name(asked.side)} asked for and "
            f"{side_name(opponent(asked.side))} agreed to"
        )
        outcome = await self._moderation.take_back(
            held, Moderator(agreed_by, is_moderator=False), asked.count, reason, agreed=True
        )
        if held.loaded.takeback is not None:
            async with held.change() as change:
                change.clear_takeback()
        return outcome
