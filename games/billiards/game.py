"""Billiards chess as a game of its own: games.new_game("billiards"), or from a FEN."""

from __future__ import annotations

from games.billiards.board import BilliardsBoard
from games.core.board import Board
from games.core.oneboard import OneBoardGame


class BilliardsGame(OneBoardGame):
    """A game of Billiards chess on one board, from FIDE's start or a given FEN."""

    KIND = "billiards"
    TITLE = "Billiards chess"
    RECORD_FORMAT = "billiards-game"

    def _new_board(self, fen: str | None) -> Board:
        return BilliardsBoard(1, (), fen)
