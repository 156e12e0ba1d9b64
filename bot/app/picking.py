"""Moves picked from menus: what the player to move may pick on a board, and the pick played.

A picker's menus were read at one moment; the board's stamp, read with them, says whether it
still stands as it did when the pick is played (an undo, a move typed meanwhile).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from bot.app import guards
from bot.app.outcomes import Outcome
from bot.app.play import Play
from bot.app.unit import Units
from bot.hosted import Hosted
from bot.loading import Loaded
from games.core.picks import Pick


def stamp(match: Hosted, board: int) -> str:
    """Return a short mark of a board's position: it changes with every action there."""
    return f"{zlib.crc32(match.fen(board).encode()):08x}"


@dataclass(frozen=True)
class Picked:
    """A picked move played: what it did, and whether its player may pick again now."""

    outcome: Outcome
    again: bool  # a turn of many actions still open (Ender's Chess): the next one to pick


class Picking:
    """The picker's reads and its moves."""

    def __init__(self, units: Units, play: Play) -> None:
        self._units = units
        self._play = play

    async def picks(self, match_id: int, user: str, board: int) -> tuple[str, list[Pick]]:
        """Return a board's stamp and the moves user may pick there now, or refuse saying why."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.check_board(loaded, board)
            guards.playing(loaded)
            guards.open_board(loaded, board)
            guards.mover(loaded, user, board)
            return stamp(loaded.match, board), loaded.match.picks(board)

    async def play_picked(
        self, match_id: int, user: str, board: int, picked_at: str, move: str
    ) -> Picked:
        """Play a picked move if the board still stands as it did (StaleError if not).

        In a game whose turns are many actions, a picked action keeps the turn open until
        the end is picked.
        """

        def current(loaded: Loaded) -> bool:
            return stamp(loaded.match, board) == picked_at

        outcome = await self._play.play(match_id, user, board, move, more=None, current=current)
        async with self._units.held(match_id) as held:
            match, roster = held.loaded.match, held.loaded.roster
            again = (
                match.MANY_ACTIONS
                and match.is_open(board)
                and roster.may_move(user, board, match.side_to_move(board))
            )
        return Picked(outcome, again)
