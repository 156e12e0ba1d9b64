"""Escher Staircase (Jim Aikin): chess on a board whose eight staircases carry pieces along."""

from games.escher.board import START_FEN, EscherBoard
from games.escher.staircases import STAIRCASES, StaircaseJamError, shift

__all__ = ["STAIRCASES", "START_FEN", "EscherBoard", "StaircaseJamError", "shift"]
