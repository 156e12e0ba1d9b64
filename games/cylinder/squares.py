"""Squares of a cylindrical board, and what each piece reaches from each one.

Files a and h are neighbours: every step and every ray wraps across that edge. Squares are
numbered 0 (a1) to 63 (h8), file first, as on an ordinary board (games.core.reach).
"""

from __future__ import annotations

from typing import Final

from games.core.geometry import Shape
from games.core.reach import Reach

CYLINDER: Final = Shape(wrap_files=True)
REACH: Final = Reach(CYLINDER)
KNIGHT: Final = REACH.knight
KING: Final = REACH.king
DIAGONAL: Final = REACH.diagonal
ORTHOGONAL: Final = REACH.orthogonal
PAWN_TAKES: Final = REACH.pawn_takes
PAWN_FROM: Final = REACH.pawn_from
LAST_RANK: Final = REACH.last_rank
LINES: Final = REACH.lines
