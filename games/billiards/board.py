"""One board of Billiards chess: FIDE's pieces on a table whose side cushions bounce diagonals.

squares.py bounces the lines; games.core.reachboard moves the pieces along them, so checks,
pins and attacks follow the bounced lines too. A capture ends the move (a line stops at the
first piece it meets), and no move returns to its own square.
"""

from __future__ import annotations

from games.billiards.squares import TABLE, TABLE_SHAPE
from games.core.reachboard.board import START_FEN, ReachBoard

__all__ = ["START_FEN", "BilliardsBoard"]


class BilliardsBoard(ReachBoard):
    """One board of Billiards chess with its elevator squares."""

    SHAPE = TABLE_SHAPE
    REACH = TABLE
