"""Cylindrical chess as a game of its own: games.new_game("cylinder"), or from a FEN."""

from __future__ import annotations

from games.core.board import Board
from games.core.oneboard import OneBoardGame
from games.cylinder.board import CylinderBoard


class CylinderGame(OneBoardGame):
    """A game of Cylindrical chess on one board, from FIDE's start or a given FEN."""

    KIND = "cylinder"
    TITLE = "Cylindrical chess"
    RECORD_FORMAT = "cylinder-game"

    def _new_board(self, fen: str | None) -> Board:
        return CylinderBoard(1, (), fen)
