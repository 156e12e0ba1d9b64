"""Ender's Chess as a game of its own: a turn of many actions, typed at once or one by one."""

from __future__ import annotations

import re
from typing import Final

from games.core.board import Board
from games.core.errors import IllegalMoveError, shown, typed
from games.core.events import BoardEnded, Event, Moved
from games.core.log import action_groups
from games.core.oneboard import OneBoardGame
from games.core.pieces import Side, side_name
from games.enders.board import EndersBoard
from games.enders.notation import END
from games.enders.position import Outcome

_NUMBER: Final = re.compile(r"([0-9]+)(\.|\.\.\.)")


class EndersGame(OneBoardGame):
    """A game of Ender's Chess on one board, from the start (all in reserve) or a given FEN.

    play() takes one action or several, and keeps the turn open until the action `end`.
    """

    KIND = "enders"
    TITLE = "Ender's Chess"
    RECORD_FORMAT = "enders-game"
    MOVE_EXAMPLES = "B@f10 Bf10-d8 end"
    RESETS = "capture or drop"
    MANY_ACTIONS = True

    def _new_board(self, fen: str | None) -> Board:
        return EndersBoard(1, fen)

    def enders_board(self, board: int) -> EndersBoard:
        """Return a board as Ender's Chess knows it: reserves, gates, pieces moved this turn."""
        found = self._board(board)
        assert isinstance(found, EndersBoard)
        return found

    def play(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play one action or several in order (`B@f10 Bf10-d8 end`); the turn ends at `end`.

        Move numbers (`1...`) may lead the actions and must be the turn's. If any action is
        refused, none of them is played. Raises IllegalMoveError saying why.
        """
        if not isinstance(text, str):
            return super().play(board, text, side=side)
        tokens = [t for t in re.split(r"[\s;]+", text) if t]
        actions = [t for t in tokens if not self._numbered(board, t)]
        if not actions:
            raise IllegalMoveError(f"write one action or more, such as {self.MOVE_EXAMPLES}")
        if len(actions) == 1:
            return super().play(board, actions[0], side=side)
        start = len(self._events)
        try:
            for count, action in enumerate(actions, start=1):  # noqa: B007 (read after a refusal)
                super().play(board, action, side=side)
        except IllegalMoveError as error:
            self._rebuild(action_groups(self._events[:start]))
            raise type(error)(
                f"{error} (action {count} of {len(actions)}, {typed(action)}: none was played)"
            ) from None
        return self._events[start:]

    def play_turn(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play one action or several, then `end` if the turn is still the mover's."""
        mover = self.side_to_move(board)
        events = self.play(board, text, side=side)
        if self.is_open(board) and self.side_to_move(board) == mover:
            events += self.play(board, END, side=side)
        return events

    def _numbered(self, board: int, token: str) -> bool:
        """Tell whether token is a move number; refuse one that is not the turn's."""
        found = _NUMBER.fullmatch(token)
        if found is None:
            return False
        playing = self._open(board)
        number, white = int(found[1]), found[2] == "."
        if (number, white) != (playing.fullmove, playing.turn == "white"):
            dots = "." if playing.turn == "white" else "..."
            raise IllegalMoveError(
                f"{shown(token)} is not the turn being played on board {board}: it is "
                f"{side_name(playing.turn)}'s turn {playing.fullmove}{dots}"
            )
        return True

    def _automatic_ending(self, board: int) -> Outcome | None:
        playing = self.enders_board(board)
        over = playing.outcome()
        if over is not None:
            return over
        draw = playing.automatic_draw()
        return None if draw is None else (None, draw)

    def _turn_used(self, event: Event) -> tuple[Side, int] | None:
        return None  # a turn is many actions: the board's own replay checks its turns

    def _state_refusal(
        self, board: Board, last: Event, played: tuple[Side, int] | None
    ) -> str | None:
        if not isinstance(last, Moved):
            return super()._state_refusal(board, last, played)
        if last.uci == "end" or board.turn != last.side:
            return None  # the turn ended: the last action's piece may be anywhere
        target = last.uci.partition("@")[2] or re.sub(r"^[a-z][0-9]+", "", last.uci)
        piece = board.piece_at(target)
        if piece is None or piece.side != last.side:
            return f"its position does not show the action {last.san}"
        return None


__all__ = ["BoardEnded", "EndersGame"]
