"""Escher Staircase as a game of its own: games.new_game("escher"), or from a FEN."""

from __future__ import annotations

from games.core.board import Board
from games.core.oneboard import OneBoardGame
from games.escher.board import EscherBoard


class EscherGame(OneBoardGame):
    """A game of Escher Staircase on one board, from Aikin's start or a given FEN."""

    KIND = "escher"
    TITLE = "Escher Staircase"
    RECORD_FORMAT = "escher-game"

    def _new_board(self, fen: str | None) -> Board:
        return EscherBoard(1, (), fen)
