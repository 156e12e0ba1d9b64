"""Ender's Chess as a game of its own: a turn of many actions, typed at once or one by one."""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping, Sequence
from typing import Final

from games.core.beside import Beside
from games.core.board import Board
from games.core.errors import IllegalMoveError, shown, typed
from games.core.events import BoardEnded, Event, Moved
from games.core.log import action_groups
from games.core.oneboard import OneBoardGame
from games.core.picks import Pick, other_picks
from games.core.pieces import Side, side_name
from games.enders import shown as viewed
from games.enders.board import EndersBoard
from games.enders.notation import END
from games.enders.picks import enders_picks
from games.enders.position import Outcome

# a side loses by its gate or with no piece left, so its king is worth a piece like any other
VALUES: Final = {"R": 500, "B": 300, "N": 300, "K": 350}
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
    PIECE_FIELDS = (0, 2)  # the placement and the reserves
    PGN_VARIANT = "Ender's Chess"

    def _new_board(self, fen: str | None) -> Board:
        return EndersBoard(1, fen)

    def enders_board(self, board: int) -> EndersBoard:
        """Return a board as Ender's Chess knows it: reserves, gates, pieces moved this turn."""
        found = self._board(board)
        assert isinstance(found, EndersBoard)
        return found

    def piece_values(self) -> Mapping[str, int]:
        """Return each piece's worth in centipawns: no piece is royal, the king a minor one."""
        return VALUES

    def view_placement(self, board: int, fen: str) -> str:
        """Return the placement of a FEN of a board as views read any board."""
        return viewed.view_placement(self.enders_board(board), fen)

    def beside(self, board: int, fen: str) -> Beside:
        """Return a FEN's reserves, the board's gates and the pieces moved this turn."""
        return viewed.beside(self.enders_board(board), fen)

    def picks(self, board: int) -> list[Pick]:
        """Return the turn's next actions as a picker offers them: drops, moves, the end."""
        found = enders_picks(self._board(board), self.legal_moves(board))
        return found + other_picks(self.legal_moves(board), found)

    def play(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play one action or several in order (`B@f10 Bf10-d8 end`); the turn ends at `end`.

        Move numbers (`1...`) may come before a turn's actions and must be that turn's, so a
        PGN's movetext plays too. If any action is refused, none of them is played. Raises
        IllegalMoveError saying why.
        """
        if not isinstance(text, str):
            return super().play(board, text, side=side)
        tokens = [t for t in re.split(r"[\s;]+", text) if t]
        actions = [t for t in tokens if not _NUMBER.fullmatch(t)]
        if not actions:
            self._numbered(board, *tokens)  # a number of the wrong turn says whose turn it is
            raise IllegalMoveError(f"write one action or more, such as {self.MOVE_EXAMPLES}")
        if len(tokens) == 1:
            return super().play(board, actions[0], side=side)
        start, count = len(self._events), 0
        try:
            for token in tokens:
                if _NUMBER.fullmatch(token):
                    self._numbered(board, token)
                    continue
                count += 1
                super().play(board, token, side=side)
        except IllegalMoveError as error:
            if not count:
                raise  # a move number before any action: nothing was played
            self._rebuild(action_groups(self._events[:start]))
            at = "after action" if _NUMBER.fullmatch(token) else "action"
            raise type(error)(
                f"{error} ({at} {count} of {len(actions)}, {typed(token)}: none was played)"
            ) from None
        return self._events[start:]

    def play_turn(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play one action or several, then `end` if the turn is still the mover's."""
        mover = self.side_to_move(board)
        events = self.play(board, text, side=side)
        if self.is_open(board) and self.side_to_move(board) == mover:
            events += self.play(board, END, side=side)
        return events

    def _numbered(self, board: int, *tokens: str) -> None:
        """Refuse a move number that is not the turn being played."""
        playing = self._open(board)
        for token in tokens:
            found = _NUMBER.fullmatch(token)
            assert found is not None
            number, white = int(found[1]), found[2] == "."
            if (number, white) != (playing.fullmove, playing.turn == "white"):
                dots = "." if playing.turn == "white" else "..."
                raise IllegalMoveError(
                    f"{shown(token)} is not the turn being played on board {board}: it is "
                    f"{side_name(playing.turn)}'s turn {playing.fullmove}{dots}"
                )

    def _automatic_ending(self, board: int) -> Outcome | None:
        playing = self.enders_board(board)
        over = playing.outcome()
        if over is not None:
            return over
        draw = playing.automatic_draw()
        return None if draw is None else (None, draw)

    def _turn_used(self, event: Event) -> tuple[Side, int] | None:
        return None  # a turn is many actions: _misfit compares every action instead

    def _state_refusal(
        self, board: Board, last: Event, played: tuple[Side, int] | None
    ) -> str | None:
        if isinstance(last, Moved):
            return None  # _misfit compares the board's actions with the log's
        return super()._state_refusal(board, last, played)

    def _misfit(
        self, starts: Mapping[int, str], events: Sequence[Event]
    ) -> Generator[None, None, str | None]:
        """Say how the board's state contradicts the log: other actions, or an ending missed.

        The state's record starts where the game does, so its actions must be the log's,
        mid-turn or not; comparing them is quick, and proves the position is the log's.
        """
        misfit = yield from super()._misfit(starts, events)
        if misfit is not None:
            return misfit
        playing = self.enders_board(1)
        state = playing.state()
        logged = [event.uci for event in events if isinstance(event, Moved)]
        if state["root"] != starts.get(1, state["root"]) or state["moves"] != logged:
            return "the state of board 1 does not fit the log: its actions are not the log's"
        if self._automatic_ending(1) is not None and not any(
            isinstance(event, BoardEnded) for event in events
        ):
            return "the state of board 1 does not fit the log: its game is over, the log's is not"
        return None


__all__ = ["BoardEnded", "EndersGame"]
