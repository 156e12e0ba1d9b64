"""Ben Good's Elevator as a game of its own: games.new_game("good"), or from a text position."""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence

from games.core.beside import Lifted
from games.core.board import Board
from games.core.events import Event, Moved
from games.core.oneboard import OneBoardGame
from games.core.picks import Pick, other_picks
from games.core.pieces import Side
from games.core.results import Ending
from games.good.board import GoodBoard, WonkavatorBoard
from games.good.kinds import GOOD_VALUES
from games.good.picks import good_picks
from games.good.shown import ELEVATOR_SIDE, lifted, view_placement


class GoodGame(OneBoardGame):
    """A game of Ben Good's Elevator on one board, from the reconstructed start or a position.

    Endings beside resignation, agreement and time: checkmate; stalemate and bare kings
    draw; the player whose action makes a position stand for the third time loses; a draw
    may be claimed after fifty moves of each side with no capture, fall or pawn move, and
    comes by itself after seventy-five.
    """

    KIND = "good"
    TITLE = "Ben Good's Elevator"
    RECORD_FORMAT = "good-game"
    MOVE_EXAMPLES = "N2c3, O2a3/Pa4, E3c4U or 2b1-2c3"
    RESETS = "capture, fall or pawn move"
    PGN_VARIANT = "Ben Good's Elevator"
    PLATFORM = ELEVATOR_SIDE

    def _new_board(self, fen: str | None) -> Board:
        return GoodBoard(1, fen)

    def good_board(self, board: int = 1) -> GoodBoard:
        """Return the board as Good's rules know it: its position and legal actions."""
        found = self._board(board)
        assert isinstance(found, GoodBoard)
        return found

    def piece_values(self) -> Mapping[str, int]:
        """Return each piece's worth in centipawns, by Good's letter (camel C, prince I, ox O)."""
        return GOOD_VALUES

    def view_placement(self, board: int, fen: str) -> str:
        """Return the placement views read: shafts as empty cells, the registry's letters."""
        return view_placement(fen, sideways=self.good_board(board).SIDEWAYS)

    def lifted(self, board: int, uci: str) -> Lifted | None:
        """Return the four cells a lift's elevator fills and the four it left; None for a move."""
        return lifted(uci)

    def picks(self, board: int) -> list[Pick]:
        """Return the side to move's moves and lifts as a picker offers them."""
        found = good_picks(self.good_board(board), self.legal_moves(board), self.long_moves(board))
        return found + other_picks(self.legal_moves(board), found)

    def long_moves(self, board: int) -> list[str]:
        """Return the side to move's actions from cell to cell (2b1-2c3, E3c4U)."""
        if self.ending(board) is not None:
            return []
        return self.good_board(board).long_moves()

    def _automatic_ending(self, board: int) -> tuple[Side | None, Ending] | None:
        playing = self.good_board(board)
        if playing.repeated():
            return playing.turn, Ending.REPETITION_CAUSED  # the mover who made it loses
        return super()._automatic_ending(board)

    def _state_refusal(
        self, board: Board, last: Event, played: tuple[Side, int] | None
    ) -> str | None:
        if isinstance(last, Moved):
            return None  # a long form is no UCI to read squares from: _misfit compares moves
        return super()._state_refusal(board, last, played)

    def _misfit(
        self, starts: Mapping[int, str], events: Sequence[Event]
    ) -> Generator[None, None, str | None]:
        """Say how the board's state contradicts the log: other moves, or another start."""
        misfit = yield from super()._misfit(starts, events)
        if misfit is not None:
            return misfit
        state = self.good_board(1).state()
        logged = [event.uci for event in events if isinstance(event, Moved)]
        if state["root"] != starts.get(1, state["root"]) or state["moves"] != logged:
            return "the state of board 1 does not fit the log: its moves are not the log's"
        return None


class WonkavatorGame(GoodGame):
    """Ben Good's Wonkavator: his Elevator with its option of elevators moving sideways too.

    An elevator may also move to the pole beside it (north, east, south or west on the
    elevators' grid) when that pole's cells on the same level are a shaft: `E2b3E`.
    """

    KIND = "wonkavator"
    TITLE = "Ben Good's Wonkavator"
    RECORD_FORMAT = "wonkavator-game"
    MOVE_EXAMPLES = "N2c3, O2a3/Pa4, E3c4U, E2b1N or 2b1-2c3"
    PGN_VARIANT = "Ben Good's Wonkavator"

    def _new_board(self, fen: str | None) -> Board:
        return WonkavatorBoard(1, fen)
