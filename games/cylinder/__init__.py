"""Cylindrical chess: FIDE chess on a board whose files a and h are neighbours."""

from games.cylinder.board import START_FEN, CylinderBoard
from games.cylinder.squares import CYLINDER

__all__ = ["CYLINDER", "START_FEN", "CylinderBoard"]
