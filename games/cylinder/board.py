"""One board of Cylindrical chess: FIDE's pieces on a board whose files a and h are neighbours.

squares.py joins files a and h; games.core.reachboard moves the pieces along those lines.
Where the rules are silent we chose: FIDE castling as on an ordinary board, and no move
that leaves the position unchanged (a rook or queen may not go round its rank back to its
own square).
"""

from __future__ import annotations

from games.core.reachboard.board import START_FEN, ReachBoard
from games.cylinder.squares import CYLINDER, REACH

__all__ = ["START_FEN", "CylinderBoard"]


class CylinderBoard(ReachBoard):
    """One board of Cylindrical chess with its elevator squares."""

    SHAPE = CYLINDER
    REACH = REACH
