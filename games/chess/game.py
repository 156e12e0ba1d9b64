"""FIDE chess on one board: games.new_game("chess"), or from a position with fen=..."""

from __future__ import annotations

from games.chess.board import FideBoard
from games.core.board import Board
from games.core.oneboard import OneBoardGame


class ChessGame(OneBoardGame):
    """A game of FIDE chess, from the standard position or a given FEN."""

    KIND = "chess"
    TITLE = "Chess"
    RECORD_FORMAT = "chess-game"

    def _new_board(self, fen: str | None) -> Board:
        return FideBoard(1, (), fen)

    def plays_fide(self, board: int) -> bool:
        """Tell whether a board plays FIDE chess exactly: the only one does."""
        return True
